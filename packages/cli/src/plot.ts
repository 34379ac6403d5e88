/**
 * The plot of `stavka simulate --plot`: a vega-lite chart of the victory-point
 * distribution per side and each side's win rate with its 95% interval, rendered
 * offline to SVG or PNG.
 */
import { writeFileSync } from 'node:fs';
import type { TopLevelSpec } from 'vega-lite';
import type { GameSummary } from './simulate-play.ts';
import type { SimulateSummary } from './statistics.ts';

/** The vega-lite chart: VP distribution per side, and each side's win rate with its 95% interval. */
export function plotSpec(games: readonly GameSummary[], summary: SimulateSummary): TopLevelSpec {
  const vp = games.flatMap((g) =>
    Object.entries(g.vp).map(([side, points]) => ({ side: `${side} (${summary.players[side]})`, points })),
  );
  const rates = Object.entries(summary.perSide).map(([side, r]) => ({
    side: `${side} (${r.player})`,
    rate: r.winRate,
    lo: r.winRateCi95[0],
    hi: r.winRateCi95[1],
  }));
  const players = Object.entries(summary.players)
    .map(([s, p]) => `${s} ${p}`)
    .join(' vs ');
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${summary.game}: ${players}, ${summary.games} games`,
    background: 'white',
    hconcat: [
      {
        title: 'Victory points at the end',
        data: { values: vp },
        mark: { type: 'bar', opacity: 0.7 },
        encoding: {
          x: { field: 'points', type: 'quantitative', bin: { maxbins: 30 }, title: 'victory points' },
          y: { aggregate: 'count', type: 'quantitative', title: 'games', stack: null },
          color: { field: 'side', type: 'nominal' },
        },
        width: 360,
        height: 240,
      },
      {
        title: 'Win rate (95% interval)',
        data: { values: rates },
        layer: [
          {
            mark: 'bar',
            encoding: {
              x: { field: 'side', type: 'nominal', title: null },
              y: { field: 'rate', type: 'quantitative', scale: { domain: [0, 1] }, title: 'wins / games' },
              color: { field: 'side', type: 'nominal', legend: null },
            },
          },
          {
            mark: { type: 'rule', strokeWidth: 2 },
            encoding: {
              x: { field: 'side', type: 'nominal' },
              y: { field: 'lo', type: 'quantitative' },
              y2: { field: 'hi' },
            },
          },
        ],
        width: 160,
        height: 240,
      },
    ],
  };
}

/** Renders the chart to SVG or PNG (by the file's extension), with no network. */
export async function renderPlot(spec: TopLevelSpec, file: string): Promise<void> {
  const vl = await import('vega-lite');
  const vega = await import('vega');
  const compiled = vl.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  if (file.toLowerCase().endsWith('.svg')) writeFileSync(file, svg);
  else {
    const { Resvg } = await import('@resvg/resvg-js');
    writeFileSync(
      file,
      new Resvg(svg, { background: 'white', fitTo: { mode: 'zoom', value: 2 } }).render().asPng(),
    );
  }
}
