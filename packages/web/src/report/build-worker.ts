/**
 * The report worker (issue #48): a module worker that builds a replay's after-action report
 * (make.ts) off the page's thread, so the page shows its progress and stays responsive
 * while a long game (a Barbarossa campaign: thousands of actions) is replayed. One request
 * per worker: the page starts one for each report and ends it once answered.
 */
import { makeReport } from './make.ts';
import type { ReportReply, ReportRequest } from './protocol.ts';

// `self` is the worker's scope here (the web's tsconfig types it as a window, whose
// `postMessage(message)` and `addEventListener('message')` read the same).
self.addEventListener('message', (e: MessageEvent<ReportRequest>) => {
  void makeReport(e.data.game, e.data.file, (reply: ReportReply) => self.postMessage(reply));
});
