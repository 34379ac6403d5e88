/**
 * The page's side of the analyst (issue #48 item 2): one worker asked for one position at
 * a time. A new position while a batch is still running ends that worker (a batch cannot
 * be stopped inside) and starts a fresh one, so an answer never lags behind the board;
 * replies to an older request are dropped.
 */
import type { AnalyseRequest, AnalystReply } from './protocol.ts';

export type AnalysisAsk = Omit<AnalyseRequest, 'type' | 'id'>;

/** The parts of a Worker the client uses (tests hand it a fake). */
export interface WorkerLike {
  postMessage(msg: unknown): void;
  terminate(): void;
  onmessage: ((e: MessageEvent) => void) | null;
  /** The worker failed (its script not loaded, an uncaught error). */
  onerror: ((e: ErrorEvent) => void) | null;
}

export class AnalystClient {
  private worker: WorkerLike | null = null;
  /** The request running now (its final reply not come yet), or null. */
  private running: number | null = null;
  private ids = 0;
  private listener: ((reply: AnalystReply) => void) | null = null;

  constructor(private readonly spawn: () => WorkerLike) {}

  /** Asks for a position's analysis; `on` hears each of its replies, and no other request's. */
  ask(ask: AnalysisAsk, on: (reply: AnalystReply) => void): void {
    if (this.running !== null) this.stop();
    const id = ++this.ids;
    this.listener = on;
    this.running = id;
    this.workerNow().postMessage({ type: 'analyse', id, ...ask } satisfies AnalyseRequest);
  }

  /** Stops the request running, if any (the position changed, or the analyst was switched off). */
  cancel(): void {
    this.listener = null;
    if (this.running !== null) this.stop();
  }

  /** Ends the worker (the page leaves the game). */
  dispose(): void {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.running = null;
  }

  private workerNow(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.spawn();
    w.onmessage = (e: MessageEvent) => {
      const reply = e.data as AnalystReply;
      if (w !== this.worker || reply.id !== this.running) return;
      if (reply.type === 'error' || reply.final) this.running = null;
      this.listener?.(reply);
    };
    w.onerror = (e: ErrorEvent) => {
      const id = this.running;
      if (w !== this.worker || id === null) return;
      // A worker that failed is not used again: the next request starts a fresh one.
      this.stop();
      this.listener?.({
        type: 'error',
        id,
        message: `analyst: the worker failed (${e.message || 'no reason given'})`,
      });
    };
    this.worker = w;
    return w;
  }
}

/** The analyst's worker, built by Vite as a module worker of its own. */
export function analystWorker(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'analyst' });
}
