/**
 * The worker pool of `stavka simulate`: games shared out over worker threads and
 * gathered back in job order, so a run prints the same games whatever `--workers`.
 * A worker is this very module, loaded through tsx, playing its share of the jobs.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { useNodeSha256 } from '@stavka/server/node-sha256';
import { type GameSummary, playGame, type RunSettings } from './simulate-play.ts';

/** One game to play: the players, one per side in the rules' order, and the seed. */
export interface GameJob {
  readonly kinds: readonly string[];
  readonly seed: number;
}

/** What a worker is started with: its share of the jobs, in order. */
interface WorkerJob {
  readonly stavkaSimulate: true;
  readonly jobs: GameJob[];
  readonly game: string;
  readonly settings: RunSettings;
}

if (!isMainThread && (workerData as WorkerJob | null)?.stavkaSimulate) {
  const w = workerData as WorkerJob;
  useNodeSha256();
  for (const [i, job] of w.jobs.entries())
    parentPort!.postMessage({ i, g: playGame(job.kinds, job.seed, w.game, w.settings) });
}

/** The worker runs this very module through tsx, whichever way the main thread loaded it. */
function startWorker(job: WorkerJob): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const self = import.meta.url;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(self)}); });`;
  return new Worker(boot, { eval: true, workerData: job });
}

/** Which jobs worker `w` of `n` plays: every n-th, from the w-th (by index in `jobs`). */
export function shareOf(jobs: number, n: number, w: number): number[] {
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(w) || w < 0 || w >= n)
    throw new Error(`shareOf: worker ${w} of ${n} is no worker`);
  const out: number[] = [];
  for (let i = w; i < jobs; i += n) out.push(i);
  return out;
}

/**
 * Plays `jobs` in worker threads (or here, with one worker), each game's summary at its
 * job's index: the same list whatever the number of workers.
 */
export function playJobs(
  jobs: readonly GameJob[],
  game: string,
  workers: number,
  settings: RunSettings,
  onGame?: (done: number, total: number) => void,
): Promise<GameSummary[]> {
  const out: GameSummary[] = new Array(jobs.length);
  const n = Math.min(workers, jobs.length);
  if (n <= 1) {
    jobs.forEach((j, i) => {
      out[i] = playGame(j.kinds, j.seed, game, settings);
      onGame?.(i + 1, jobs.length);
    });
    return Promise.resolve(out);
  }
  let done = 0;
  return new Promise((resolve, reject) => {
    let running = n;
    for (let w = 0; w < n; w++) {
      const mine = shareOf(jobs.length, n, w);
      const worker = startWorker({
        stavkaSimulate: true,
        jobs: mine.map((i) => jobs[i]!),
        game,
        settings,
      });
      worker.on('message', (m: { i: number; g: GameSummary }) => {
        out[mine[m.i]!] = m.g;
        onGame?.(++done, jobs.length);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`a simulation worker stopped with code ${code}`));
        else if (--running === 0) resolve(out);
      });
    }
  });
}
