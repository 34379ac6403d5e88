/**
 * The after-action report of a replay file as one HTML document (issue #48), built by the
 * same game-agnostic builder and the same vega-lite charts as `stavka report`, so the page's
 * report and the command's are the same bytes. Runs in the report worker (build-worker.ts), off the page's thread.
 */
import type { ReplayFile } from '@stavka/engine';
import { cardOf } from '@stavka/games/catalog';
import { PROGRESS_STEPS, type ReportReply } from './protocol.ts';

/**
 * Builds the report of `file`, a replay of the game `game`, telling `reply` its progress
 * (at most PROGRESS_STEPS times) and then the HTML, or why there is none: a game this
 * version does not play, or a file that does not replay (each error with its field).
 */
export async function makeReport(
  game: string,
  file: ReplayFile,
  reply: (r: ReportReply) => void,
): Promise<void> {
  try {
    const card = cardOf(game);
    if (!card) throw new Error(`game: "${String(game).slice(0, 40)}" is no game this version plays`);
    const [module, { buildReport, renderedCharts, reportHtml }] = await Promise.all([
      card.module(),
      import('@stavka/games/report'),
    ]);
    let step = -1;
    const built = await buildReport(module, file, (done, of) => {
      const now = Math.floor((done * PROGRESS_STEPS) / Math.max(1, of));
      if (now === step) return;
      step = now;
      reply({ kind: 'progress', done, of });
    });
    if (!built.ok) throw new Error(built.error.map((e) => `${e.path}: ${e.message}`).join('; '));
    reply({ kind: 'made', html: reportHtml(built.value, await renderedCharts(built.value)) });
  } catch (e) {
    reply({ kind: 'refused', why: e instanceof Error ? e.message : String(e) });
  }
}
