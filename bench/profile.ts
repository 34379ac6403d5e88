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
 * timed window (LoadResult.window) picks out the server's samples in it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
 * (the packages, bench/): the sockets' work, not everything a socket's data led to.
 */
export const CATEGORIES = [
  {
    name: 'garbage collection',
    matches: (f: Frame) => f.name === '(garbage collector)',
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
    name: 'database',
    matches: (f: Frame) =>
      /node_modules\/(better-sqlite3|pg|pg-pool|pg-protocol|kysely)\//.test(f.url) ||
      /\/packages\/server\/src\/(store|sqlite-checkpoint)\.ts$/.test(f.url),
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

/** A server's own code: where a `near` category stops looking. */
const OWN_CODE = /\/(packages\/[^/]+\/src|bench)\//;

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
  if (!(moves > 0)) throw new Error(`summarize: moves is a number above 0 (not ${moves})`);
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
    const own = frames.findIndex((f) => OWN_CODE.test(f.url));
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
  let at = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (window && (at < window.from || at > window.to)) continue;
    const id = profile.samples[i]!;
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
  return JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
}

/** Summaries side by side, a row a category, µs a move; then each category's top functions in the first. */
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
  const first = columns[0];
  if (first) {
    lines.push(`${first.label}'s functions with the most self time, by category (µs a move):`);
    for (const c of ALL) {
      const top = first.summary.top[c].filter((t) => t.perMove >= 0.5);
      if (top.length > 0)
        lines.push(`  ${c}: ${top.map((t) => `${t.frame} ${t.perMove.toFixed(1)}`).join('; ')}`);
    }
  }
  return lines.join('\n');
}

// As a command: one profile file summarized, over MOVES moves (default 1: µs in all).
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, moves = '1'] = process.argv.slice(2);
  const n = Number(moves);
  if (!file || !(n > 0)) {
    console.error(
      `usage: bench/profile.ts FILE.cpuprofile [MOVES: a number above 0] (not: ${[file ?? 'no file', moves].join(' ')})`,
    );
    process.exit(2);
  }
  let profile: CpuProfile;
  try {
    profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  } catch (e) {
    console.error(`bench/profile.ts: cannot read ${file} as a CPU profile: ${(e as Error).message}`);
    process.exit(2);
  }
  console.log(formatSummaries([{ label: 'profile', summary: summarize(profile, n) }]));
}
