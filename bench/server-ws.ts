/**
 * Issue #49's two server figures without the whole server part of the bench (a dozen
 * load runs): for each store named, one closed-loop run over WebSocket (bench/server.ts's
 * `load`) and its reference replaying what the players got (`reference`), then the
 * moves/s ratio and the server's CPU a move against the rules' own work plus the
 * reference's, as `npm run bench -- --only=server` reports them. The rules' own work is
 * measured in a fresh process before each round and after it, and a round's floor is the
 * mean of the two (rulesNow). About 45 s a round.
 *
 *   node --import tsx bench/server-ws.ts [--rounds=N] [--gc] sqlite [postgres]
 *
 * --rounds=N (default 3): N runs of the server, each followed by its reference, and the
 * median of each figure over them with its range. One pair was not enough to judge a
 * change by: four pairs of one build on this machine gave the server 458-672 µs a move
 * and its cost against its floor 2.17-2.80x.
 *
 * --gc: the servers run with V8's --trace-gc-nvp, and each run's collections are given a
 * move: the scavenges' pauses and the bytes they promote to the old generation, the
 * mark-compacts' pauses, the bytes allocated (bench/server.ts gcOf). Under this bench a
 * Mars move allocates ~140 KB (the reference ~6; 2026-12-07) and leaves ~3
 * KB alive past two scavenges and the scavenges stop the server ~30 µs a move (9-18 KB
 * and ~45-55 µs while the states' caches were kept in WeakMaps: engine memo.ts).
 *
 * --profile: both servers of each round run under V8's CPU profiler (--cpu-prof, into a
 * new directory under the system's temporary one, printed), and where each one's main
 * thread went in the timed seconds is printed side by side, in µs a move (bench/profile.ts):
 * the rules, the live messages, the database, the sockets, garbage collection, the rest.
 * The profiler slows both down; read the ratios from a run without it. The files open in
 * Chrome's DevTools (Performance) as flame graphs.
 *
 * Last, the machine's own effect on the same rules' work (bench/server.ts MachineEffect):
 * with a second copy at once on the other core, and after 1 ms of idling before each move.
 *
 * STAVKA_THREADS=2 in the environment plays on a threaded server (shards.ts). The
 * machine's load (its load averages, as `uptime` prints them) is printed with each figure: on a shared machine a ratio
 * is only worth something against a reference measured in the same run.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freshPostgresDatabase,
  stopTestPostgres,
  tempSqlitePath,
} from '../packages/server/src/test-support.ts';
import { formatSummaries, mainThreadProfile, summarize } from './profile.ts';
import {
  BENCH_SHAPE,
  floorAround,
  type LoadResult,
  load,
  machineEffect,
  machineEffectLine,
  Recorder,
  reference,
  rulesWorkApart,
} from './server.ts';

const STORES = ['sqlite', 'postgres'] as const;
type StoreName = (typeof STORES)[number];

const args = process.argv.slice(2);
const roundsArg = args.find((a) => a.startsWith('--rounds='));
const rounds = roundsArg === undefined ? 3 : Number(roundsArg.slice('--rounds='.length));
const gc = args.includes('--gc');
const profile = args.includes('--profile');
const stores = args.filter((a) => a !== roundsArg && a !== '--gc' && a !== '--profile');
const unknown = stores.filter((s) => !(STORES as readonly string[]).includes(s));
if (stores.length === 0 || unknown.length > 0 || !Number.isInteger(rounds) || rounds < 1) {
  console.error(
    `usage: bench/server-ws.ts [--rounds=N, a whole number >= 1] [--gc] [--profile] ${STORES.join('|')} [...] (not: ${[...unknown, ...(Number.isInteger(rounds) && rounds >= 1 ? [] : [roundsArg])].join(', ') || 'none given'})`,
  );
  process.exit(2);
}
const threads = process.env.STAVKA_THREADS ?? '0';
// The servers' node flags (startChildServer reads them): V8's line on each collection.
if (gc) process.env.STAVKA_CHILD_NODE_ARGS = `${process.env.STAVKA_CHILD_NODE_ARGS ?? ''} --trace-gc-nvp`;
const childArgs = process.env.STAVKA_CHILD_NODE_ARGS ?? '';
/** With --profile: where the CPU profiles go, a directory for each server run (outside the repository). */
const profiles = profile ? mkdtempSync(join(tmpdir(), 'stavka-bench-profiles-')) : null;
if (profiles) console.log(`  CPU profiles in ${profiles}`);
/**
 * Runs `start` (a server and its players) with the server under the profiler when
 * --profile is given, into `profiles/<name>`; the directory, or null.
 */
async function profiled<T>(name: string, start: () => Promise<T>): Promise<[T, string | null]> {
  if (!profiles) return [await start(), null];
  const dir = join(profiles, name);
  mkdirSync(dir);
  process.env.STAVKA_CHILD_NODE_ARGS = `${childArgs} --cpu-prof --cpu-prof-interval=250 --cpu-prof-dir=${dir}`;
  try {
    return [await start(), dir];
  } finally {
    process.env.STAVKA_CHILD_NODE_ARGS = childArgs;
  }
}
/** The machine's load averages (1, 5 and 15 minutes), as `uptime` prints them: os.loadavg, as LoadResult.load. */
const load1 = () =>
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
/** CPU µs a move, from a run's share of one core. */
const perMove = (r: LoadResult, cpu: number) => (1e6 * cpu * r.seconds) / Math.max(1, r.moves);
const rate = (r: LoadResult) => r.moves / r.seconds;
/** A run's collections a move (--gc), or nothing. */
const gcLine = ({ gc: g, moves }: LoadResult) => {
  if (g === undefined) return '';
  const each = (total: number) => total / Math.max(1, moves);
  return `\n               GC: ${g.scavenges} scavenges, ${each(1000 * g.scavengeMs).toFixed(0)} µs of pause a move, ${each(g.promotedBytes / 1024).toFixed(1)} KB promoted a move, ${each(g.allocatedBytes / 1024).toFixed(0)} KB allocated; ${g.markCompacts} mark-compacts, ${each(1000 * g.markCompactMs).toFixed(0)} µs a move`;
};
const line = (r: LoadResult) =>
  `${r.backend.padEnd(10)} ${rate(r).toFixed(0).padStart(5)} moves/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server ${perMove(r, r.serverCpu).toFixed(0)} µs a move (main thread ${perMove(r, r.serverMainCpu).toFixed(0)}), players ${perMove(r, r.clientCpu).toFixed(0)} µs${gcLine(r)}`;

/**
 * The rules' own work a move (CPU, every thread, as the servers' costs are counted: see
 * rulesWork), measured in a fresh process (rulesWorkApart) just before each round and
 * again after it: a round's floor is the mean of the two around it. Measured once for
 * all rounds, the floor drifted with the machine's pace: seven measures of one build
 * within 20 minutes on this machine gave 114-187 µs, and a ratio set against a floor of
 * another minute said more about the machine than about the server.
 */
const rulesNow = (when: string): ReturnType<typeof rulesWorkApart> => {
  const work = rulesWorkApart(BENCH_SHAPE.games);
  console.log(
    `  the rules' own work a move, ${when}: ${work.cpu.toFixed(0)} µs of CPU (${work.sequential.toFixed(0)} µs of wall-clock time; ${work.interleaved.toFixed(0)} µs with the games' moves in turn) (${load1()})`,
  );
  return work;
};
/** The median of `xs` and its range, as `median (min-max)`. */
const spread = (xs: readonly number[], digits: number) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return s.length === 1
    ? mid.toFixed(digits)
    : `${mid.toFixed(digits)} (${s[0]!.toFixed(digits)}-${s[s.length - 1]!.toFixed(digits)})`;
};
try {
  for (const store of stores as StoreName[]) {
    const name = store === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const ratios: number[] = [];
    const costs: number[] = [];
    const overFloor: number[] = [];
    const ceilings: number[] = [];
    let before = rulesNow('before round 1');
    for (let round = 1; round <= rounds; round++) {
      const recorder = new Recorder();
      const env: Record<string, string> =
        store === 'sqlite'
          ? { STAVKA_DB: tempSqlitePath(), STAVKA_THREADS: threads }
          : { DATABASE_URL: await freshPostgresDatabase(), STAVKA_DB: '', STAVKA_THREADS: threads };
      const [run, runDir] = await profiled(`${store}-${round}-server`, () =>
        load(name, env, 'WebSocket', recorder),
      );
      const refStore = store === 'sqlite' ? {} : { store: await freshPostgresDatabase() };
      const [ref, refDir] = await profiled(`${store}-${round}-reference`, () =>
        reference(recorder.recording(), 'WebSocket', refStore),
      );
      const after = rulesNow(`after round ${round}`);
      const rules = floorAround(before, after).cpu;
      before = after;
      const floor = rules + perMove(ref, ref.serverCpu);
      ratios.push(rate(run) / rate(ref));
      costs.push(perMove(run, run.serverCpu));
      overFloor.push(perMove(run, run.serverCpu) / floor);
      ceilings.push(1e6 / floor / rate(ref));
      console.log(`  round ${round} of ${rounds}:`);
      console.log(`    ${line(run)}`);
      console.log(`    ${line(ref)}`);
      console.log(
        `    ${run.backend}${threads !== '0' ? ` (${threads} threads)` : ''}: ${ratios.at(-1)!.toFixed(2)}x the reference's moves/s; the server's cost a move ${overFloor.at(-1)!.toFixed(2)}x its floor of ${floor.toFixed(0)} µs (the rules' ${rules.toFixed(0)}, the reference's ${perMove(ref, ref.serverCpu).toFixed(0)}); a server with no work but that floor's would reach ${ceilings.at(-1)!.toFixed(2)}x on one thread (${load1()})`,
      );
      if (runDir && refDir) {
        const of = (r: typeof run, dir: string) =>
          summarize(mainThreadProfile(dir, r.pid), Math.max(1, r.moves), r.window);
        console.log(
          `    where each main thread went in the timed seconds (CPU profiles in ${runDir} and ${refDir}):`,
        );
        const table = formatSummaries([
          { label: run.backend, summary: of(run, runDir) },
          { label: 'reference', summary: of(ref, refDir) },
        ]);
        console.log(table.replace(/^/gm, '      '));
      }
    }
    console.log(
      `  ${name}${threads !== '0' ? ` (${threads} threads)` : ''}, median (range) of ${rounds} round${rounds === 1 ? '' : 's'}: ${spread(ratios, 2)}x the reference's moves/s (goal >= 0.5x); the server ${spread(costs, 0)} µs a move, ${spread(overFloor, 2)}x its floor (goal within 2x); a server with no work but the floor's: ${spread(ceilings, 2)}x`,
    );
  }
  // Last, the machine's own effect on the rules' work (server.ts MachineEffect): how far
  // the same work moves beside a busy core and after idling, none of it the server's.
  console.log(`  ${machineEffectLine(await machineEffect(BENCH_SHAPE.games))} (${load1()})`);
} finally {
  stopTestPostgres();
}
