/**
 * The after-action report as one self-contained HTML file (issue #48): a map per turn in
 * inline SVG (each node shaded by its holder, the front drawn where holders meet), the
 * charts (vega-lite specs here, rendered to SVG by the caller: the CLI has vega), the key
 * battles with their luck, the places taken and lost, and the history beside them. No
 * script, no network. Pure.
 */
import {
  axialNeighbors,
  axialToOffset,
  axialToPixel,
  type BoardDrawing,
  hexAxial,
  hexIndexOf,
} from '@stavka/engine';
import type { GameReport, TurnRecord } from './build.ts';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const r1 = (x: number) => Math.round(x * 10) / 10;

/** The vega-lite specs of the two charts: victory points and losses (cumulative steps) by side over the turns. */
export function reportCharts(report: GameReport): { vp: object; losses: object } {
  const name = (id: string) => report.sides.find((s) => s.id === id)?.name ?? id;
  const colour = {
    domain: report.sides.map((s) => s.name),
    range: report.sides.map((s) => s.colour),
  };
  const vp = report.turns.flatMap((t) =>
    Object.entries(t.vp).map(([side, points]) => ({ turn: t.turn, side: name(side), points })),
  );
  const losses = report.turns.flatMap((t) =>
    Object.entries(t.totalLosses).map(([side, l]) => ({
      turn: t.turn,
      side: name(side),
      steps: l.steps,
      units: l.units,
    })),
  );
  const chart = (title: string, values: object[], field: string, axis: string) => ({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    background: 'white',
    width: 420,
    height: 220,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'turn', type: 'quantitative', title: 'turn', axis: { tickMinStep: 1 } },
      y: { field, type: 'quantitative', title: axis },
      color: { field: 'side', type: 'nominal', scale: colour, title: null },
    },
  });
  return {
    vp: chart('Victory points at the end of each turn', vp, 'points', 'victory points'),
    losses: chart('Losses since the start (steps)', losses, 'steps', 'steps lost'),
  };
}

const HEX = 10;
const HALF_HEIGHT = Math.round(HEX * Math.sqrt(3) * 50) / 100;
/** A flat-topped hex of circumradius HEX, from its east corner: the path's relative steps. */
const HEX_STEPS = `l-${HEX / 2} ${HALF_HEIGHT}h-${HEX}l-${HEX / 2}-${HALF_HEIGHT} ${HEX / 2}-${HALF_HEIGHT}h${HEX}z`;

/**
 * The names' type on a map, in map units: 9, or more on a map so wide that the report draws
 * it at under half its size (the whole front of Barbarossa), so a name stays ~7 px or more.
 */
const nameSize = (g: { readonly width: number }) => Math.max(9, Math.round(g.width / 55));

interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly cell: (at: number) => string;
  readonly front: (holders: readonly (string | null)[]) => string;
  readonly centre: (at: number) => { x: number; y: number };
}

/** Each node's shape and the edges where two holders meet, from the board's geometry. */
function geometry(board: BoardDrawing): Geometry {
  if (board.kind === 'points') {
    const pts = board.points;
    return {
      // Wide enough for the names written right of the points (15 px type, up to ~9.5 px a letter and a mark).
      width: Math.ceil(Math.max(board.width, ...pts.map((p) => p.x + 16 + p.name.length * 9.5))),
      height: board.height,
      centre: (at) => ({ x: pts[at]!.x, y: pts[at]!.y }),
      cell: (at) => `<circle cx="${r1(pts[at]!.x)}" cy="${r1(pts[at]!.y)}" r="9"/>`,
      front: (h) =>
        board.lines
          .filter((l) => h[l.from] && h[l.to] && h[l.from] !== h[l.to])
          .map((l) => {
            const a = pts[l.from]!;
            const b = pts[l.to]!;
            return `M${r1(a.x)} ${r1(a.y)}L${r1(b.x)} ${r1(b.y)}`;
          })
          .join(''),
    };
  }
  const map = board.map;
  const n = map.onMap.length;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let h = 0; h < n; h++) {
    const p = axialToPixel(hexAxial(map, h), HEX);
    xs.push(p.x);
    ys.push(p.y);
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let h = 0; h < n; h++) {
    if (map.onMap[h] !== 1) continue;
    minX = Math.min(minX, xs[h]!);
    minY = Math.min(minY, ys[h]!);
    maxX = Math.max(maxX, xs[h]!);
    maxY = Math.max(maxY, ys[h]!);
  }
  const ox = HEX - minX;
  const oy = HEX - minY;
  const corner = (h: number, i: number) => ({
    x: xs[h]! + ox + HEX * Math.cos((Math.PI / 3) * i),
    y: ys[h]! + oy + HEX * Math.sin((Math.PI / 3) * i),
  });
  const neighbours = (h: number) =>
    axialNeighbors(hexAxial(map, h)).map((a) => {
      const o = axialToOffset(a);
      return hexIndexOf(map, o.col, o.row);
    });
  return {
    width: r1(maxX - minX + 2 * HEX),
    height: r1(maxY - minY + 2 * HEX),
    centre: (at) => ({ x: xs[at]! + ox, y: ys[at]! + oy }),
    // From the east corner round the hex in relative steps (a whole turn's map stays small).
    cell: (h) => `M${r1(xs[h]! + ox + HEX)} ${r1(ys[h]! + oy)}${HEX_STEPS}`,
    front: (holders) => {
      let d = '';
      for (let h = 0; h < n; h++) {
        const mine = holders[h];
        if (!mine) continue;
        for (const m of neighbours(h)) {
          if (m < h || m < 0) continue;
          const theirs = holders[m];
          if (!theirs || theirs === mine) continue;
          // The shared side: the two corners of h nearest the midpoint of the two centres.
          const mx = (xs[h]! + xs[m]!) / 2 + ox;
          const my = (ys[h]! + ys[m]!) / 2 + oy;
          const cs = [0, 1, 2, 3, 4, 5]
            .map((i) => corner(h, i))
            .sort((a, b) => Math.hypot(a.x - mx, a.y - my) - Math.hypot(b.x - mx, b.y - my));
          d += `M${r1(cs[0]!.x)} ${r1(cs[0]!.y)}L${r1(cs[1]!.x)} ${r1(cs[1]!.y)}`;
        }
      }
      return d;
    },
  };
}

/** One turn's map: nodes shaded by holder, places marked, the front line over them. */
export function turnMap(report: GameReport, t: TurnRecord, g: Geometry = geometry(report.board)): string {
  const board = report.board;
  const colour = new Map(report.sides.map((s) => [s.id, s.colour]));
  const bySide = new Map<string, number[]>();
  t.holders.forEach((h, at) => {
    if (h === null) return;
    const list = bySide.get(h) ?? [];
    list.push(at);
    bySide.set(h, list);
  });
  const shaded = [...bySide]
    .map(([side, nodes]) =>
      board.kind === 'hex'
        ? `<path class="held" fill="${esc(colour.get(side) ?? '#ccc')}" fill-opacity="0.45" d="${nodes.map(g.cell).join('')}"/>`
        : `<g class="held" fill="${esc(colour.get(side) ?? '#ccc')}">${nodes.map(g.cell).join('')}</g>`,
    )
    .join('');
  const lines =
    board.kind === 'points'
      ? `<g stroke="#999" stroke-width="1">${board.lines
          .map((l) => {
            const a = board.points[l.from]!;
            const b = board.points[l.to]!;
            return `<line x1="${r1(a.x)}" y1="${r1(a.y)}" x2="${r1(b.x)}" y2="${r1(b.y)}"/>`;
          })
          .join('')}</g>`
      : '';
  const names =
    board.kind === 'hex'
      ? board.map.places
          .filter((p) => p.kind === 'city')
          .map((p) => {
            const c = g.centre(p.hex);
            return `<text x="${r1(c.x)}" y="${r1(c.y - 3)}">${esc(p.name)}</text>`;
          })
          .join('')
      : board.points
          .map((p) => `<text x="${r1(p.x + 10)}" y="${r1(p.y - 6)}" font-size="15">${esc(p.name)}</text>`)
          .join('');
  // The places that changed hands this turn, ringed in the colour of the side holding them at its end.
  const taken = [...new Set(report.captures.filter((c) => c.turn === t.turn).map((c) => c.at))]
    .filter((at) => t.holders[at])
    .map((at) => {
      const c = g.centre(at);
      return `<circle class="taken" cx="${r1(c.x)}" cy="${r1(c.y)}" r="${board.kind === 'hex' ? 8 : 14}" fill="none" stroke="${esc(colour.get(t.holders[at]!) ?? '#000')}" stroke-width="3"/>`;
    })
    .join('');
  return `<svg class="turn-map" role="img" aria-label="${esc(t.label)}" viewBox="0 0 ${g.width} ${g.height}" xmlns="http://www.w3.org/2000/svg">${lines}${shaded}<path class="front" d="${g.front(t.holders)}" fill="none" stroke="#c00" stroke-width="2.5"/>${taken}<g class="names" font-size="${nameSize(g)}" fill="#222">${names}</g></svg>`;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * A line chart of a value per side over the turns, drawn directly in SVG: the charts where
 * vega is not at hand (a browser page; the CLI renders the vega-lite specs instead).
 */
export function plainChart(
  report: GameReport,
  title: string,
  value: (t: TurnRecord, side: string) => number,
): string {
  const W = 540;
  const H = 240;
  const left = 40;
  const top = 28;
  const w = W - left - 170;
  const h = H - top - 30;
  const turns = report.turns;
  const max = Math.max(1, ...turns.flatMap((t) => report.sides.map((s) => value(t, s.id))));
  const first = turns[0]?.turn ?? 1;
  const span = Math.max(1, (turns.at(-1)?.turn ?? 1) - first);
  const x = (turn: number) => r1(left + ((turn - first) / span) * w);
  const y = (v: number) => r1(top + h - (v / max) * h);
  const ticks = [0, Math.round(max / 2), max].map(
    (v) =>
      `<text x="${left - 4}" y="${y(v) + 3}" text-anchor="end">${v}</text><line x1="${left}" x2="${left + w}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`,
  );
  const turnLabels = turns.map(
    (t) => `<text x="${x(t.turn)}" y="${top + h + 14}" text-anchor="middle">${t.turn}</text>`,
  );
  const lines = report.sides.map((s, i) => {
    const pts = turns.map((t) => `${x(t.turn)},${y(value(t, s.id))}`).join(' ');
    return `<polyline class="series" fill="none" stroke="${esc(s.colour)}" stroke-width="2" points="${pts}"/><text x="${left + w + 8}" y="${top + 12 + i * 16}" fill="${esc(s.colour)}">${esc(s.name)}</text>`;
  });
  return `<svg class="plain-chart" role="img" aria-label="${esc(title)}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" font-size="11" font-family="sans-serif"><text x="${left}" y="14" font-weight="bold">${esc(title)}</text>${ticks.join('')}${turnLabels.join('')}${lines.join('')}</svg>`;
}

/**
 * The whole report as one HTML file; `charts` are the two charts rendered to SVG (the
 * vega-lite specs of `reportCharts`), else drawn plainly (`plainChart`).
 */
export function reportHtml(
  report: GameReport,
  charts: { vp: string; losses: string } = {
    vp: plainChart(report, 'Victory points at the end of each turn', (t, s) => t.vp[s] ?? 0),
    losses: plainChart(report, 'Losses since the start (steps)', (t, s) => t.totalLosses[s]?.steps ?? 0),
  },
): string {
  const name = (id: string | null) =>
    id === null ? 'nobody' : (report.sides.find((s) => s.id === id)?.name ?? id);
  const g = geometry(report.board);
  const sideCells = (rec: Readonly<Record<string, number>>) =>
    report.sides.map((s) => `<td>${rec[s.id] ?? 0}</td>`).join('');
  const turns = report.turns
    .map(
      (t) => `<section class="turn" id="turn-${t.turn}"><h3>${esc(t.label)}</h3>${turnMap(report, t, g)}
<table><tr><th></th>${report.sides.map((s) => `<th>${esc(s.name)}</th>`).join('')}</tr>
<tr><th>held</th>${sideCells(t.held)}</tr><tr><th>places</th>${sideCells(t.places)}</tr>
<tr><th>victory points</th>${sideCells(t.vp)}</tr>
<tr><th>losses (units/steps)</th>${report.sides.map((s) => `<td>${t.losses[s.id]?.units ?? 0}/${t.losses[s.id]?.steps ?? 0}</td>`).join('')}</tr></table></section>`,
    )
    .join('\n');
  const key = [...report.battles]
    .map((b) => ({ b, lost: Object.values(b.losses).reduce((a, l) => a + l.steps, 0) }))
    .sort((x, y) => y.lost - x.lost || Math.abs(y.b.luck - 0.5) - Math.abs(x.b.luck - 0.5))
    .slice(0, 12);
  const battles = key
    .map(
      ({ b }) =>
        `<tr><td>${b.turn}</td><td>${esc(b.title)}</td><td>${esc(name(b.attacker))}</td><td>${b.rolls
          // A table's bare "-" (Barbarossa's CRT) is its "No effect".
          .map(
            (r) =>
              `${r.result === '-' ? 'no effect' : esc(r.result)}${r.column ? ` on ${esc(r.column)}` : ''} (${pct(r.chance)})`,
          )
          .join(
            ', ',
          )}</td><td>${report.sides.map((s) => `${esc(s.name)} ${b.losses[s.id]?.steps ?? 0}`).join(', ')}</td><td>${pct(b.luck)}${b.luck >= 0.8 ? ' lucky' : b.luck <= 0.2 ? ' unlucky' : ''}</td></tr>`,
    )
    .join('');
  const captures = report.captures
    .map(
      (c) =>
        `<li>Turn ${c.turn}: ${esc(name(c.by))} took ${esc(c.place)}${c.from ? ` from ${esc(name(c.from))}` : ''}${c.unit ? ` (${esc(c.unit)})` : ''}</li>`,
    )
    .join('');
  const history = report.history
    .map((h) => `<li><b>${esc(h.when)}</b>${h.turn ? ` (turn ${h.turn})` : ''}: ${esc(h.text)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(report.title)}: after-action report</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1400px}
.layout{display:flex;gap:2em;align-items:flex-start}.main{flex:3}.aside{flex:1;font-size:.9em}
.turns{display:grid;grid-template-columns:repeat(auto-fill,minmax(380px,1fr));gap:1em}
.turn h3{margin:.3em 0}.turn-map{width:100%;height:auto;border:1px solid #ccc;background:#fafaf5}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:0 2em}.charts h2{flex-basis:100%}.chart{flex:0 1 420px}.charts svg{max-width:100%;height:auto}
</style></head><body>
<h1>${esc(report.title)}: after-action report</h1>
<p>${report.result ? esc(report.result.replace(/([^.!?])$/, '$1.')) : 'Game not finished.'} ${report.actions} actions, ${report.turns.length} turns.</p>
<div class="layout"><div class="main">
<section class="charts"><h2>Over the turns</h2><div class="chart" id="chart-vp">${charts.vp}</div><div class="chart" id="chart-losses">${charts.losses}</div></section>
<section><h2>Key battles</h2>${key.length === 0 ? '<p>No battle was fought.</p>' : `<table class="battles"><tr><th>turn</th><th>battle</th><th>attacker</th><th>rolls (chance)</th><th>steps lost</th><th>attacker's luck</th></tr>${battles}</table>`}
<p>Luck: where the roll fell among the results, from the attacker's side: the chance of a worse result plus half the chance of the one rolled (50% is an average roll).</p></section>
<section><h2>Places taken and lost</h2>${captures ? `<ul class="captures">${captures}</ul>` : '<p>None changed hands.</p>'}</section>
<section><h2>The front, turn by turn</h2><div class="turns">${turns}</div></section>
</div>
<aside class="aside"><h2>History</h2>${history ? `<ul class="history">${history}</ul>` : '<p>The game cites no timeline.</p>'}</aside></div>
</body></html>
`;
}
