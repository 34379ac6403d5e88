/**
 * `npm run bench:ab -- <revision>`: this tree's game service against another revision's,
 * in one process, on the same games and the same random picks, in alternating chunks:
 * CPU time a move, and the median ratio of the chunks. Whole load runs vary by ±25% on
 * a shared 2-core machine, too much to see a change of 10%; two services in one process,
 * taking turns, see the same machine.
 *
 * The revision is checked out in a temporary git worktree and removed after; with the
 * same package-lock.json as this tree it uses this tree's installed packages (linked),
 * otherwise its own (`npm ci`, a minute or two). It must have the same module layout (packages/<name>/src) and
 * service API (GameService, openStore, importFile, watch, act).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Action, type RngState, rngFromSeed, rollDie } from '@stavka/engine';

const ROOT = resolve(import.meta.dirname, '..');
const GAMES = 8;
const CHUNKS = Number(process.env.STAVKA_AB_CHUNKS ?? 30); // checked below
const ROUNDS = 12; // rounds of moves (one per seat that can move) per chunk

interface Seat {
  readonly p: unknown;
  legal: readonly Action[];
  stateId: number;
}

interface Side {
  readonly name: string;
  readonly act: (p: unknown, stateId: number, action: Action, index: number) => Promise<unknown>;
  readonly seats: Seat[];
  rng: RngState;
  cpu: number;
  moves: number;
}

/** A service of the tree at `root`, with GAMES games at every stage and a watcher per seat. */
async function serviceOf(name: string, root: string): Promise<Side> {
  // The other tree's modules, typed as this tree's (the same layout and API: see above).
  const load = <M>(path: string) => import(join(root, 'packages', path)) as Promise<M>;
  const { GameService } = await load<typeof import('../packages/server/src/games.ts')>('server/src/games.ts');
  const { openStore } = await load<typeof import('../packages/server/src/store.ts')>('server/src/store.ts');
  const { tempSqlitePath } = await load<typeof import('../packages/server/src/test-support.ts')>(
    'server/src/test-support.ts',
  );
  const { patchLegal } = await load<typeof import('../packages/server/src/live.ts')>('server/src/live.ts');
  const { useNodeSha256 } =
    await load<typeof import('../packages/server/src/node-sha256.ts')>('server/src/node-sha256.ts');
  const { playout, RandomPlayer } = await load<typeof import('@stavka/engine')>('engine/src/index.ts');
  const { marsRules } = await load<typeof import('@stavka/games')>('games/src/index.ts');
  useNodeSha256();
  const svc = new GameService(await openStore(tempSqlitePath()), {});
  await svc.start();
  const side: Side = {
    name,
    // With where the action stands in the seat's legal list, as the web client and the load
    // run's players send it (a revision from before it was taken ignores it).
    act: (p, stateId, action, index) =>
      (svc.act as (p: never, stateId: number, action: Action, index: number) => Promise<unknown>)(
        p as never,
        stateId,
        action,
        index,
      ),
    seats: [],
    rng: rngFromSeed('bench:ab'),
    cpu: 0,
    moves: 0,
  };
  for (let i = 0; i < GAMES; i++) {
    const whole = playout(marsRules, `bench:ab:${i}`, {
      soviet: new RandomPlayer(`s${i}`),
      german: new RandomPlayer(`g${i}`),
    }).replay;
    const cut = Math.floor((i / GAMES) * whole.actions.length);
    // A replay file without hashes, as the HTTP import takes it (the hashes are worked out).
    const file = { ...whole, actions: whole.actions.slice(0, cut) };
    const made = await svc.importFile(file as unknown as Parameters<typeof svc.importFile>[0]);
    for (const s of ['german', 'soviet']) {
      let p = await svc.authenticate(made.id, made.seats[s]!.token);
      // An imported game to play on waits for its seats to join (issue #46), each then
      // holding a token of its own; a revision before that started it at once.
      const joined = await svc.join(p, undefined).catch((e: { code?: string }) => {
        if (e.code === 'seat/already-joined') return null;
        throw e;
      });
      if (joined) p = await svc.authenticate(made.id, joined.token);
      const seat: Seat = { p, legal: [], stateId: 0 };
      side.seats.push(seat);
      await svc.watch(p, (m: string) => {
        const msg = JSON.parse(m);
        if (msg.type === 'view') seat.legal = msg.data.legal;
        else if (msg.type === 'update') seat.legal = patchLegal(seat.legal, msg.data.legal) ?? [];
        if (msg.type === 'view' || msg.type === 'update') seat.stateId = msg.data.stateId;
      });
    }
  }
  return side;
}

/** One move by every seat that has one, all at once, as live players would. */
async function round(s: Side): Promise<void> {
  const c = process.cpuUsage();
  const acts: Promise<unknown>[] = [];
  for (const seat of s.seats) {
    const moves = seat.legal.filter((a) => a.type !== 'undo');
    if (moves.length === 0) continue;
    const { value, next } = rollDie(s.rng, moves.length);
    s.rng = next;
    const action = moves[value - 1]!;
    acts.push(s.act(seat.p, seat.stateId, action, seat.legal.indexOf(action)).catch(() => {}));
  }
  await Promise.all(acts);
  const d = process.cpuUsage(c);
  s.cpu += d.user + d.system;
  s.moves += acts.length;
}

async function main(revision: string): Promise<void> {
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    throw new Error(`"${revision}" is not a revision of this repository`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'stavka-ab-'));
  try {
    execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
    if (sameLockfile(dir)) {
      console.log(
        `checked out ${commit.slice(0, 10)} in ${dir} (the same lockfile: this tree's packages, linked)`,
      );
      linkModules(dir);
    } else {
      console.log(`checking out ${commit.slice(0, 10)} in ${dir} (npm ci)...`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    }
    const old = await serviceOf(commit.slice(0, 10), dir);
    const now = await serviceOf('this tree', ROOT);
    // Warm-up (the JIT, the caches), not counted.
    for (const s of [old, now]) {
      for (let r = 0; r < 2 * ROUNDS; r++) await round(s);
      s.cpu = 0;
      s.moves = 0;
    }
    const ratios: number[] = [];
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      const before = [old.cpu, old.moves, now.cpu, now.moves] as const;
      for (const s of chunk % 2 ? [old, now] : [now, old]) for (let r = 0; r < ROUNDS; r++) await round(s);
      const perOld = (old.cpu - before[0]) / Math.max(1, old.moves - before[1]);
      const perNow = (now.cpu - before[2]) / Math.max(1, now.moves - before[3]);
      ratios.push(perNow / perOld);
    }
    ratios.sort((a, b) => a - b);
    const line = (s: Side) =>
      `  ${s.name.padEnd(10)} ${(s.cpu / s.moves).toFixed(0).padStart(5)} µs of CPU a move (${s.moves} moves)`;
    console.log(`\ngame service, in one process: ${GAMES} mars-1942 games, ${CHUNKS} chunks taking turns`);
    console.log(line(old));
    console.log(line(now));
    console.log(
      `  this tree / ${old.name}: median of the chunks ${ratios[ratios.length >> 1]!.toFixed(3)} (${ratios[0]!.toFixed(2)} to ${ratios[ratios.length - 1]!.toFixed(2)})`,
    );
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the checkout at `dir` locks the same packages as this tree. */
function sameLockfile(dir: string): boolean {
  const lock = (root: string) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  try {
    return lock(dir) === lock(ROOT);
  } catch {
    return false;
  }
}

/**
 * This tree's installed packages linked into the checkout at `dir` (its lockfile is the
 * same: see sameLockfile), but for the workspace's own, which are the checkout's: no
 * `npm ci` (a minute or two on a loaded machine).
 */
function linkModules(dir: string): void {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@stavka'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '@stavka') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  for (const name of readdirSync(join(ROOT, 'node_modules', '@stavka'))) {
    symlinkSync(join('..', '..', 'packages', name), join(modules, '@stavka', name));
  }
  for (const pkg of readdirSync(join(ROOT, 'packages'))) {
    const own = join(ROOT, 'packages', pkg, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, 'packages', pkg)))
      symlinkSync(own, join(dir, 'packages', pkg, 'node_modules'));
  }
}

const revision = process.argv[2];
if (!revision) {
  console.error('usage: npm run bench:ab -- <git revision to compare this tree with>');
  process.exit(2);
}
if (!Number.isInteger(CHUNKS) || CHUNKS < 1 || CHUNKS > 1000) {
  console.error(
    `bench:ab: STAVKA_AB_CHUNKS is a whole number from 1 to 1000, not "${process.env.STAVKA_AB_CHUNKS}"`,
  );
  process.exit(2);
}
// The services keep their databases open: the process ends here, either way.
main(revision).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`bench:ab: ${(e as Error)?.message ?? e}`);
    process.exit(1);
  },
);
