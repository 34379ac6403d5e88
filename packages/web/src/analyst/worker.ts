/**
 * The analyst's Web Worker (issue #48 item 2): the engine's `analyse` run off the page's
 * thread, so the board never waits for it. It loads a game's module as the page does (the
 * game's card, `module()`: a chunk of its own) and answers the page's requests as
 * `protocol.ts` says.
 */
import { analystHandler, loadAnalystGame } from './protocol.ts';

const handle = analystHandler({
  load: loadAnalystGame,
  post: (reply) => postMessage(reply),
  // After the messages already waiting: a cancel sent meanwhile is read before the next batch.
  later: (run) => setTimeout(run, 0),
});

addEventListener('message', (e: MessageEvent) => handle(e.data));
