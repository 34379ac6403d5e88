/**
 * Starts a worker thread running a TypeScript module of this package: the thread
 * registers tsx (as the process was started with it) and imports the module, which
 * tells by `workerData` that it is the worker.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function tsWorker(moduleUrl: string, options: WorkerOptions, how: { nice?: number } = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  // `nice`: the thread's CPU priority, set before anything is loaded, so that loading the
  // module (and the games, for an AI worker) already yields to the serving thread; on
  // Linux a thread has a nice value of its own (elsewhere it keeps the process's).
  const nice =
    how.nice === undefined
      ? ''
      : `try { const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, ${Math.trunc(how.nice)}); } catch {}\n`;
  const boot = `${nice}import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
