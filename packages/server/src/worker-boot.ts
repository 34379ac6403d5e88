/**
 * Starts a worker thread running a TypeScript module of this package: the thread
 * registers tsx (as the process was started with it) and imports the module, which
 * tells by `workerData` that it is the worker. A worker loads only the games it is
 * given work for (`gameModule`), and its heap is kept small (`workerHeap`): the server's
 * memory is bounded (400 MB in the attack suite, issue #46), and every game's modules
 * and data in every thread, with a heap sized for a machine's gigabytes, were most of it.
 */
import { type ResourceLimits, Worker, type WorkerOptions } from 'node:worker_threads';
import { type AnyGameModule, playableGame } from '@stavka/engine';
import { cardOf } from '@stavka/games/catalog';

export function tsWorker(moduleUrl: string, options: WorkerOptions, how: { nice?: number } = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  // `nice`: the thread's CPU priority, set before anything is loaded, so that loading the
  // module (and the games, for an AI worker) already yields to the serving thread; on
  // Linux a thread has a nice value of its own (elsewhere it keeps the process's), and
  // the threads it starts (tsx's loader) inherit it.
  const nice =
    how.nice === undefined
      ? ''
      : `try { const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, ${Math.trunc(how.nice)}); } catch {}\n`;
  const boot = `${nice}import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * A worker's heap: at most `oldMb` of long-lived objects, and a young generation of
 * YOUNG_MB. Left to V8's defaults, a worker's heap grows with the machine's memory, not
 * with its work: the Mars AI, whose objects alive after a collection stay near 20 MB
 * (Barbarossa's near 23), grew its thread to ~170 MB of the process's memory over 300
 * actions with the defaults (a 32 MB young generation, an old one allowed gigabytes),
 * ~70 MB with these limits, thinking as fast (issue #46).
 */
export function workerHeap(oldMb: number): ResourceLimits {
  return { maxOldGenerationSizeMb: oldMb, maxYoungGenerationSizeMb: YOUNG_MB };
}
const YOUNG_MB = 6;

type Playable = ReturnType<typeof playableGame>;
const loaded = new Map<string, Promise<Playable>>();

/**
 * Game `id`'s module, if it can be played, loaded on its own (its card's `module()`):
 * a worker holds the games it is asked about, not every game of the registry (Barbarossa's
 * map and orders of battle in a worker that only plays Mars). Loaded once a thread.
 */
export function gameModule(id: unknown): Promise<Playable> {
  const card = cardOf(id);
  if (!card) return Promise.resolve(undefined);
  let m = loaded.get(card.id);
  if (!m) {
    m = card.module().then((module: AnyGameModule) => playableGame({ [card.id]: module }, card.id));
    // A load that failed is tried again at the next position.
    m.catch(() => loaded.delete(card.id));
    loaded.set(card.id, m);
  }
  return m;
}
