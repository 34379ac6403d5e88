/**
 * Where a load run's server spends its main thread, from V8's CPU profile of it
 * (`node --cpu-prof`), in µs a move over the timed seconds only: the rules, the live
 * messages, the database, the sockets, garbage collection and the rest. The same for the
 * reference server (bench/reference-server.ts), which knows no rules and sends recorded
 * messages, so the two read side by side: what the server does beyond the least any
 * server must (issue #49: "profile a move through the server").
 *
 *   node --import tsx bench/server-ws.ts --profile [--rounds=N] sqlite|postgres
 *   node --import tsx bench/profile.ts FILE.cpuprofile [MOVES]
 *
 * A profile is V8's samples of the main thread's stack, each with its time; a sample is
 * put in the first of the CATEGORIES its stack matches (socket writes before the code
 * that asked for them, say). Idle samples are left out. The profile's clock is the one
 * `process.hrtime` reads, the same in every process of the machine, so the players'
 * timed window (LoadResult.window) picks out the server's samples in it. Only the main
 * thread is read: on a threaded server (STAVKA_THREADS) the rules run on the shards'
 * threads and show here as next to nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** V8's CPU profile (the `.cpuprofile` JSON `--cpu-prof` writes), the fields read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string };
    readonly children?: readonly number[];
  }[];
  /** µs, on process.hrtime's clock. */
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  /** µs from the sample before (the first: from startTime). */
  readonly timeDeltas: readonly number[];
}

/** A frame as matched: its function's name and where it is defined (a file URL, `node:…`, or empty for natives). */
interface Frame {
  readonly name: string;
  readonly url: string;
}

/**
 * The categories, in the order a sample's stack is matched against them (the first that
 * matches a frame of it takes the sample), each with what it matches. A `near` category
 * looks only at the frames nearest the sample, up to the first of a server's own code
 * (this repository's packages/ and bench/): the sockets' work, not everything a socket's
 * data led to. The database comes before the sockets: PostgreSQL's client writes to its
 * socket too, and that is the database's time.
 */
export const CATEGORIES = [
  {
    name: 'garbage collection',
    matches: (f: Frame) => f.name === '(garbage collector)',
  },
  {
    name: 'database',
    matches: (f: Frame) =>
      /\/node_modules\/(better-sqlite3|pg|pg-pool|pg-protocol|kysely)\//.test(f.url) ||
      /\/packages\/server\/src\/(store|sqlite-checkpoint)\.ts$/.test(f.url),
  },
  {
    // Node's write path and the system call under it (on loopback, the kernel also
    // runs the receiving end's TCP in it).
    name: 'socket writes',
    near: true,
    matches: (f: Frame) =>
      (f.url === 'node:internal/stream_base_commons' && f.name !== 'onStreamRead') ||
      (f.url === '' && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(f.name)),
  },
  {
    // The engine's entry points for a move: apply (its legality check), the state's
    // hash, each side's view, the legal lists (rulesWork in bench/server.ts).
    name: 'rules',
    matches: (f: Frame) =>
      /\/packages\/engine\/src\/game\.ts$/.test(f.url) &&
      /^(apply|stateHash|view|legalActions)$/.test(f.name),
  },
  {
    // The live channel's updates: the board's and the legal list's patches, the JSON.
    name: 'live messages',
    matches: (f: Frame) => /\/packages\/server\/src\/live\.ts$/.test(f.url),
  },
  {
    // Reading the sockets, WebSocket frames and HTTP requests.
    name: 'socket reads, frames',
    near: true,
    matches: (f: Frame) =>
      /node_modules\/(ws|fastify|@fastify|find-my-way|light-my-request)\//.test(f.url) ||
      f.url === 'node:net' ||
      f.url === 'node:_http_server' ||
      f.url === 'node:_http_common' ||
      f.name === 'onStreamRead',
  },
] as const satisfies readonly { name: string; near?: boolean; matches: (f: Frame) => boolean }[];

/** This repository's root, where the servers' own code is (packages/, bench/). */
const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** Whether a frame is a server's own code (where a `near` category stops looking). */
const ownCode = (url: string) =>
  (url.startsWith(`${ROOT}/packages/`) || url.startsWith(`${ROOT}/bench/`)) &&
  !url.includes('/node_modules/');

export type Category = (typeof CATEGORIES)[number]['name'] | 'the rest';

export interface ProfileSummary {
  /** Moves the figures are divided by. */
  readonly moves: number;
  /** The main thread busy in the window, µs a move. */
  readonly busy: number;
  /** Each category's µs a move. */
  readonly perMove: Readonly<Record<Category, number>>;
  /** Each category's functions with the most self time, µs a move. */
  readonly top: Readonly<Record<Category, readonly { readonly frame: string; readonly perMove: number }[]>>;
}

const ALL: readonly Category[] = [...CATEGORIES.map((c) => c.name), 'the rest'];

/**
 * The profile's busy samples in `window` (hrtime µs; all of it if none), by category, in µs
 * a move over `moves`.
 */
export function summarize(
  profile: CpuProfile,
  moves: number,
  window?: { readonly from: number; readonly to: number },
): ProfileSummary {
  if (!Number.isFinite(moves) || moves <= 0)
    throw new Error(`summarize: moves is a number above 0 (not ${moves})`);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Each node's category, worked out once (a node is a whole stack, root to it).
  const categoryOf = new Map<number, Category | null>();
  const category = (id: number): Category | null => {
    const known = categoryOf.get(id);
    if (known !== undefined) return known;
    const frames: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      frames.push({ name: f.functionName, url: f.url.replace(/^file:\/\//, '') });
    }
    const own = frames.findIndex((f) => ownCode(f.url));
    const near = own < 0 ? frames : frames.slice(0, own);
    const c: Category | null =
      frames[0]!.name === '(idle)'
        ? null
        : (CATEGORIES.find((k) => ('near' in k ? near : frames).some(k.matches))?.name ?? 'the rest');
    categoryOf.set(id, c);
    return c;
  };
  const time = new Map<Category, number>(ALL.map((c) => [c, 0]));
  const self = new Map<Category, Map<string, number>>(ALL.map((c) => [c, new Map()]));
  // Each sample stands for the time until the next one (the last: until the profile's
  // end), as DevTools counts it: a sampler late on a loaded machine leaves a long gap
  // after the stack it caught.
  const { samples, timeDeltas } = profile;
  let at = profile.startTime + (timeDeltas[0] ?? 0);
  let busy = 0;
  for (let i = 0; i < samples.length; i++) {
    const next = i + 1 < samples.length ? at + (timeDeltas[i + 1] ?? 0) : Math.max(at, profile.endTime);
    const dt = next - at;
    const when = at;
    at = next;
    if (window && (when < window.from || when > window.to)) continue;
    const id = samples[i]!;
    const c = category(id);
    if (c === null) continue;
    busy += dt;
    time.set(c, time.get(c)! + dt);
    const f = byId.get(id)!.callFrame;
    const frame = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}`.trim();
    const own = self.get(c)!;
    own.set(frame, (own.get(frame) ?? 0) + dt);
  }
  const perMove = Object.fromEntries(ALL.map((c) => [c, time.get(c)! / moves])) as Record<Category, number>;
  const top = Object.fromEntries(
    ALL.map((c) => [
      c,
      [...self.get(c)!]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([frame, t]) => ({ frame, perMove: t / moves })),
    ]),
  ) as Record<Category, { frame: string; perMove: number }[]>;
  return { moves, busy: busy / moves, perMove, top };
}

/** The main thread's profile `--cpu-prof` wrote in `dir` for process `pid` (its thread 0). */
export function mainThreadProfile(dir: string, pid: number): CpuProfile {
  const name = readdirSync(dir).find((f) =>
    new RegExp(`^CPU\\.\\d+\\.\\d+\\.${pid}\\.0\\.\\d+\\.cpuprofile$`).test(f),
  );
  if (!name) throw new Error(`no CPU profile of process ${pid}'s main thread in ${dir}`);
  return readProfile(join(dir, name));
}

/** A `.cpuprofile` file, its shape checked (a clear error for any other file, JSON or not). */
export function readProfile(file: string): CpuProfile {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Partial<CpuProfile> | null;
  const numbers = (xs: unknown) => Array.isArray(xs) && xs.every((x) => typeof x === 'number');
  if (
    !p ||
    typeof p !== 'object' ||
    !Array.isArray(p.nodes) ||
    !p.nodes.every(
      (n) => n && typeof n.id === 'number' && n.callFrame && typeof n.callFrame.url === 'string',
    ) ||
    !numbers(p.samples) ||
    !numbers(p.timeDeltas) ||
    p.samples!.length !== p.timeDeltas!.length ||
    typeof p.startTime !== 'number' ||
    typeof p.endTime !== 'number'
  ) {
    throw new Error(`${file} is not a V8 CPU profile (nodes, samples, timeDeltas, startTime, endTime)`);
  }
  const ids = new Set(p.nodes.map((n) => n.id));
  if (!p.samples!.every((id) => ids.has(id)))
    throw new Error(`${file}: a sample names no node of the profile`);
  return p as CpuProfile;
}

/** Summaries side by side, a row a category, µs a move; then each one's costliest functions by category. */
export function formatSummaries(columns: readonly { label: string; summary: ProfileSummary }[]): string {
  const width = Math.max(...ALL.map((c) => c.length), 'in all (busy)'.length);
  const row = (label: string, values: readonly number[]) =>
    `${label.padEnd(width)}${values.map((v) => v.toFixed(0).padStart(12)).join('')}`;
  const lines = [
    `${'µs a move'.padEnd(width)}${columns.map((c) => c.label.padStart(12)).join('')}`,
    ...ALL.map((c) =>
      row(
        c,
        columns.map((k) => k.summary.perMove[c]),
      ),
    ),
    row(
      'in all (busy)',
      columns.map((k) => k.summary.busy),
    ),
  ];
  for (const { label, summary } of columns) {
    lines.push(`${label}'s functions with the most self time, by category (µs a move):`);
    for (const c of ALL) {
      const top = summary.top[c].filter((t) => t.perMove >= 0.5);
      if (top.length > 0)
        lines.push(`  ${c}: ${top.map((t) => `${t.frame} ${t.perMove.toFixed(1)}`).join('; ')}`);
    }
  }
  return lines.join('\n');
}

// As a command: one profile file summarized, over MOVES moves (default 1: µs in all).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, moves = '1'] = process.argv.slice(2);
  const n = Number(moves);
  if (!file || !Number.isFinite(n) || n <= 0) {
    console.error(
      `usage: bench/profile.ts FILE.cpuprofile [MOVES: a number above 0] (not: ${[file ?? 'no file', moves].join(' ')})`,
    );
    process.exit(2);
  }
  let profile: CpuProfile;
  try {
    profile = readProfile(file);
  } catch (e) {
    console.error(`bench/profile.ts: cannot read ${file} as a CPU profile: ${(e as Error).message}`);
    process.exit(2);
  }
  console.log(formatSummaries([{ label: 'profile', summary: summarize(profile, n) }]));
}
