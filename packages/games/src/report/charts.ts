/**
 * The report's two charts drawn by vega-lite (issue #48: "charts with the project's
 * vega-lite"), rendered to SVG with no DOM, no network and no `eval`: vega's expressions
 * are read by vega-interpreter (`ast: true`), so the same code runs in the CLI, in a
 * browser worker under the server's Content-Security-Policy (no 'unsafe-eval'), and gives
 * the same bytes in both. vega and vega-lite are loaded only when a report is drawn (a
 * chunk of their own in the web).
 */
import type { TopLevelSpec } from 'vega-lite';
import type { GameReport } from './build.ts';
import { reportCharts } from './html.ts';

/** One vega-lite spec rendered to an SVG string. */
export async function chartSvg(spec: object): Promise<string> {
  const [vl, vega, { expressionInterpreter }] = await Promise.all([
    import('vega-lite'),
    import('vega'),
    import('vega-interpreter'),
  ]);
  const runtime = vega.parse(vl.compile(spec as TopLevelSpec).spec, undefined, { ast: true });
  const view = new vega.View(runtime, { renderer: 'none', expr: expressionInterpreter });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The report's victory-point and loss charts, rendered (the `charts` `reportHtml` takes). */
export async function renderedCharts(report: GameReport): Promise<{ vp: string; losses: string }> {
  const specs = reportCharts(report);
  return { vp: await chartSvg(specs.vp), losses: await chartSvg(specs.losses) };
}
