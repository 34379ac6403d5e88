/**
 * Imports are replayed in a worker thread (issue #22): a file is untrusted work, its
 * length in moves, and replaying it on the thread that serves the games held every
 * player's request behind it (a 125 KB export: ~250 ms). The worker runs at the lowest
 * CPU priority, so a replay takes what the players leave. One worker, one file at a time;
 * a few more wait their turn, and past that an import is refused at once (503
 * `server/busy`) rather than queued without end. A file that takes longer than the time
 * limit, or more memory than the worker may have, is refused (422) and its worker
 * replaced.
 */
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import type { ExportedGame } from './games.ts';
import { useNodeSha256 } from './node-sha256.ts';
import { type VerifiedImport, verifyImportOf } from './verify-import.ts';
import { gameModule, tsWorker, workerHeap } from './worker-boot.ts';

interface Job {
  readonly id: number;
  readonly file: ExportedGame;
}

type Answer =
  | { id: number; verified: VerifiedImport }
  | { id: number; error: { status: number; code: string; message: string } };

if (!isMainThread && (workerData as { stavkaImport?: boolean } | null)?.stavkaImport) {
  useNodeSha256();
  // One file at a time: the main thread sends the next once this one is answered.
  parentPort!.on('message', async (job: Job) => {
    let answer: Answer;
    try {
      // Only the file's game is loaded (at its first file here), not every game.
      answer = { id: job.id, verified: verifyImportOf(await gameModule(job.file.game), job.file) };
    } catch (e) {
      // Whatever a file makes the rules throw is the file's fault: it does not replay.
      answer =
        e instanceof ApiError
          ? { id: job.id, error: { status: e.status, code: e.code, message: e.message } }
          : {
              id: job.id,
              error: {
                status: 422,
                code: 'replay/invalid',
                message: `the file does not replay: ${String((e as Error)?.message ?? e).slice(0, 200)}`,
              },
            };
    }
    parentPort!.postMessage(answer);
  });
}

export interface ImportLimits {
  /** Files replayed at once (worker threads); default 1. */
  readonly concurrent?: number;
  /** Files waiting their turn; more are refused with 503 server/busy. Default 4. */
  readonly queued?: number;
  /**
   * A file not replayed this long after it came is refused: 503 server/busy if it is still
   * waiting its turn, 422 replay/too-long if it is being replayed. Default 20 s, and
   * `msPerAction` more for each of its actions, up to `maxTimeoutMs`: a long game is
   * given the time its length needs (a 4,193-action Barbarossa game replays in ~13 s on
   * an idle core, far longer at the lowest priority beside busy players: issue #46).
   */
  readonly timeoutMs?: number;
  /** Default 8 ms. */
  readonly msPerAction?: number;
  /** Default 55 s: under the idle-connection limit (60 s), so the answer still reaches the client. */
  readonly maxTimeoutMs?: number;
  /** The worker's heap (MB); a file needing more is refused. Default 256. */
  readonly heapMb?: number;
  /**
   * A worker with nothing to replay for this long stops, giving its memory back (~90 MB:
   * the server's 400 MB, issue #46); the next file starts it again. Default 15 s.
   */
  readonly idleMs?: number;
}

interface Pending {
  readonly file: ExportedGame;
  readonly resolve: (v: VerifiedImport) => void;
  readonly reject: (e: Error) => void;
  /** When it is refused if not answered (ms, performance.now()). */
  readonly deadline: number;
}

interface Slot {
  worker: Worker | null;
  job: { id: number; pending: Pending; timer: NodeJS.Timeout } | null;
  /** Its worker's stop once idle (ImportLimits.idleMs). */
  idle?: NodeJS.Timeout;
}

/** The main thread's side: a few workers, and the files waiting for one. */
export class ImportWorkers {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private readonly queued: number;
  private readonly timeoutMs: number;
  private readonly msPerAction: number;
  private readonly maxTimeoutMs: number;
  private readonly heapMb: number;
  private readonly idleMs: number;
  private next = 1;
  private closed = false;

  constructor(limits: ImportLimits = {}) {
    this.slots = Array.from({ length: Math.max(1, limits.concurrent ?? 1) }, () => ({
      worker: null,
      job: null,
    }));
    this.queued = limits.queued ?? 4;
    this.timeoutMs = limits.timeoutMs ?? 20_000;
    this.msPerAction = limits.msPerAction ?? 8;
    this.maxTimeoutMs = Math.max(this.timeoutMs, limits.maxTimeoutMs ?? 55_000);
    this.heapMb = limits.heapMb ?? 256;
    this.idleMs = limits.idleMs ?? 15_000;
  }

  /** The file checked by replaying it in a worker; refused with an ApiError. */
  verify(file: ExportedGame): Promise<VerifiedImport> {
    if (this.closed) return Promise.reject(new ApiError(503, 'server/busy', 'the server is stopping'));
    const free = this.slots.find((s) => s.job === null);
    if (!free && this.queue.length >= this.queued) {
      return Promise.reject(
        new ApiError(503, 'server/busy', 'the server is replaying other imports: try again in a moment'),
      );
    }
    return new Promise((resolve, reject) => {
      const pending = { file, resolve, reject, deadline: performance.now() + this.timeLimitMs(file) };
      if (free) this.run(free, pending);
      else this.queue.push(pending);
    });
  }

  /** How long a file may take, waiting and replayed: more for more actions (ImportLimits.timeoutMs). */
  timeLimitMs(file: ExportedGame): number {
    const actions = Array.isArray(file.actions) ? file.actions.length : 0;
    return Math.min(this.maxTimeoutMs, this.timeoutMs + actions * this.msPerAction);
  }

  /** Starts the workers now (at the server's start), so the first import does not wait for one. */
  start(): void {
    if (this.closed) return;
    for (const s of this.slots) {
      this.workerOf(s);
      this.stopWhenIdle(s);
    }
  }

  /** Whether a slot's worker is running (tests). */
  running(): number {
    return this.slots.filter((s) => s.worker !== null).length;
  }

  /** The slot's worker stops if it is given nothing to replay within idleMs. */
  private stopWhenIdle(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    if (this.closed || slot.job || !slot.worker) return;
    slot.idle = setTimeout(() => {
      const w = slot.worker;
      if (slot.job || !w) return;
      slot.worker = null;
      void w.terminate();
    }, this.idleMs);
    slot.idle.unref();
  }

  private workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const w = tsWorker(
      import.meta.url,
      {
        workerData: { stavkaImport: true },
        name: 'stavka import',
        resourceLimits: { ...workerHeap(this.heapMb), stackSizeMb: 4 },
      },
      // A lower CPU priority than the serving thread's from its first instruction: its start
      // (tsx, the engine) already yields to it, and so does every replay. Not the lowest:
      // at 19, two CPU hogs beside the server left it ~1.5% of a core and valid files were
      // refused for time (the file's 20 s limit).
      { nice: 5 },
    );
    w.unref();
    w.on('message', (a: Answer) => {
      const job = slot.job;
      if (!job || job.id !== a.id) return;
      this.finish(slot);
      if ('verified' in a) job.pending.resolve(a.verified);
      else job.pending.reject(new ApiError(a.error.status, a.error.code, a.error.message));
    });
    const lost = (why: string) => {
      if (slot.worker !== w) return;
      slot.worker = null;
      const job = slot.job;
      if (!job) return;
      this.finish(slot);
      job.pending.reject(new ApiError(422, 'replay/too-large', why));
    };
    w.on('error', (e) => lost(`the file could not be replayed within the server's limits (${e.message})`));
    w.on('exit', () => lost("the file could not be replayed within the server's limits"));
    slot.worker = w;
    return w;
  }

  private run(slot: Slot, pending: Pending): void {
    if (slot.idle) clearTimeout(slot.idle);
    const id = this.next++;
    const timer = setTimeout(
      () => {
        const job = slot.job;
        const w = slot.worker;
        if (!job || job.id !== id) return;
        slot.worker = null;
        this.finish(slot);
        job.pending.reject(
          new ApiError(
            422,
            'replay/too-long',
            `the file took more than ${Math.round(this.timeLimitMs(job.pending.file) / 100) / 10} s to replay`,
          ),
        );
        void w?.terminate();
      },
      Math.max(0, pending.deadline - performance.now()),
    );
    slot.job = { id, pending, timer };
    try {
      this.workerOf(slot).postMessage({ id, file: pending.file } satisfies Job);
    } catch (e) {
      this.finish(slot);
      pending.reject(new ApiError(422, 'replay/invalid', `the file cannot be read: ${(e as Error).message}`));
    }
  }

  /** The slot's job is done: the next waiting file takes it. */
  private finish(slot: Slot): void {
    if (slot.job) clearTimeout(slot.job.timer);
    slot.job = null;
    for (;;) {
      const next = this.queue.shift();
      if (!next || this.closed) {
        this.stopWhenIdle(slot);
        return;
      }
      if (next.deadline > performance.now()) {
        this.run(slot, next);
        return;
      }
      next.reject(
        new ApiError(503, 'server/busy', 'the server was replaying other imports: try again later'),
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0))
      p.reject(new ApiError(503, 'server/busy', 'the server is stopping'));
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.idle) clearTimeout(s.idle);
        const w = s.worker;
        s.worker = null;
        if (s.job) {
          const job = s.job;
          this.finish(s);
          job.pending.reject(new ApiError(503, 'server/busy', 'the server is stopping'));
        }
        if (w) await w.terminate();
      }),
    );
  }
}
