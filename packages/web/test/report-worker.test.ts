/**
 * The after-action report's worker job (src/report/make.ts, issue #48): what the report
 * worker answers the page. Its HTML is the builder's called directly with the vega-lite charts
 * `stavka report` draws, byte for byte; its
 * progress goes up through the file's actions to all of them, at most one reply a per cent;
 * a file that does not replay, or a game this version does not play, is refused with the
 * reason (the field named), never a thrown error.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReplayFile } from '@stavka/engine';
import { GAMES } from '@stavka/games';
import { buildReport, renderedCharts, reportHtml } from '@stavka/games/report';
import { playTurns } from '../../games/src/report/test-games.ts';
import { makeReport } from '../src/report/make.ts';
import { PROGRESS_STEPS, type ReportReply } from '../src/report/protocol.ts';

const replies = async (game: string, file: ReplayFile): Promise<ReportReply[]> => {
  const got: ReportReply[] = [];
  await makeReport(game, file, (r) => got.push(r));
  return got;
};

describe('the report worker: the same report as the builder, with its progress', () => {
  const mars = GAMES['mars-1942']!;
  // Two turns of Mars between random players: a few hundred actions.
  const file = playTurns(mars, 7, 2);

  it('answers the HTML the builder makes directly, byte for byte, after its progress', async () => {
    const got = await replies('mars-1942', file);
    const built = await buildReport(mars, file);
    assert.ok(built.ok);
    const last = got.at(-1);
    assert.deepEqual(last, {
      kind: 'made',
      html: reportHtml(built.value, await renderedCharts(built.value)),
    });
    // The charts are vega-lite's (rendered to SVG), not the plain fall-back.
    assert.ok(
      last?.kind === 'made' && last.html.includes('class="marks"') && !last.html.includes('plain-chart'),
    );
    const progress = got.slice(0, -1);
    assert.ok(progress.every((r) => r.kind === 'progress'));
    const done = progress.map((r) => (r.kind === 'progress' ? r.done : -1));
    assert.ok(done.length >= 2 && done.length <= PROGRESS_STEPS + 1, `${done.length} progress replies`);
    assert.deepEqual(
      done,
      [...done].sort((a, b) => a - b),
    );
    assert.deepEqual(progress.at(-1), {
      kind: 'progress',
      done: file.actions.length,
      of: file.actions.length,
    });
  });

  it('refuses a file whose action is not legal, naming it', async () => {
    const bad = {
      ...file,
      actions: [...file.actions.slice(0, 5), { side: 'german', action: { type: 'no-such' } }],
    };
    const got = await replies('mars-1942', bad);
    const last = got.at(-1);
    assert.equal(last?.kind, 'refused');
    assert.match(last?.kind === 'refused' ? last.why : '', /actions\[5\]/);
  });

  it('refuses a game this version does not play', async () => {
    assert.deepEqual(await replies('chess', file), [
      { kind: 'refused', why: 'game: "chess" is no game this version plays' },
    ]);
  });
});
