/**
 * Starts a worker thread running a TypeScript module of this package: the thread
 * registers tsx (as the process was started with it) and imports the module, which
 * tells by `workerData` that it is the worker.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function tsWorker(moduleUrl: string, options: WorkerOptions): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
