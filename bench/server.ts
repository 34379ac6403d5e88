/**
 * The server under load on loopback: N live games at every stage of a game (imported
 * replays cut at i/N of a random game), each seat a random player that waits for its
 * view on the WebSocket and answers with an action (over HTTP, then on the channel).
 * A game that ends is replaced by a spare (a new game, connected from the start), so N
 * games are played throughout.
 * The server runs as a child process (one core), the players here (the other).
 * Bounded: each run lasts a fixed time. Reports moves/s and the action round trip's
 * p50/p99, on SQLite and on PostgreSQL (skipped with a note when there is none).
 *
 * Each SQLite run is followed by its reference: reference-server.ts replaying what the
 * players got, byte for byte, to the same players, doing only what any server must
 * (check, store, push). Its figures are the ceiling on this machine; the real server's
 * are reported as a ratio to them. Last, the ceiling with the rules: the rules' own work
 * a move (rulesWork) added to what the reference and its players spent a move; and the
 * machine's own effect on that work (MachineEffect: beside a second copy, after idling).
 */

import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  type Action,
  apply,
  legalActions,
  playout,
  RandomPlayer,
  type ReplayFile,
  type RngState,
  rngFromSeed,
  rollDie,
  setup,
  stateHash,
  view,
} from '@stavka/engine';
import { marsRules } from '@stavka/games';
import WebSocket from 'ws';
import { type LiveMessage, type LiveSeatView, patchLegal } from '../packages/server/src/live.ts';
import { useNodeSha256 } from '../packages/server/src/node-sha256.ts';
import {
  call,
  freshPostgresDatabase,
  startChildServer,
  stopTestPostgres,
  tempSqlitePath,
} from '../packages/server/src/test-support.ts';
import type { RecordedGame, RecordedStep, Recording } from './reference-server.ts';

const execFileAsync = promisify(execFile);

/** How big and how long a load run is. */
export interface LoadShape {
  /** Games played at once. */
  readonly games: number;
  /** Seconds timed. */
  readonly seconds: number;
  /**
   * Seconds played before the timed ones, not counted: each server is a fresh process,
   * and its first moves run on code not yet optimized (measured: at 400 moves/s offered,
   * 25 of the 32 slowest moves of a run came in its first 0.11 s).
   */
  readonly warmup: number;
}

/**
 * The bench's shape: 8 games, 8 s after 6 s of warm-up (STAVKA_BENCH_GAMES, _SECONDS,
 * _WARMUP). Six, not two as it was: V8 goes on optimizing a fresh server's code for
 * ~5 s of play, on its helper threads, which the server's cost counts (every thread).
 * Sampled each 2 s of a closed-loop run (2026-12-07): the helper threads took 57% of a
 * core in the first timed seconds after 2 s of warm-up, then 13-17%, and 4-13% from the
 * 8th second of play on (a `perf` profile of those seconds: mostly TurboFan's compiler
 * before, the young-generation collector's parallel copying after). The rules' floor is
 * measured warm (rulesWork: after a pass to warm up), so the server is too. Three pairs
 * of runs, 2 s against 6 s of warm-up: the server 428 / 303 / 452 µs a move against
 * 280 / 291 / 392.
 */
export const BENCH_SHAPE: LoadShape = {
  games: Number(process.env.STAVKA_BENCH_GAMES ?? 8),
  seconds: Number(process.env.STAVKA_BENCH_SECONDS ?? 8),
  warmup: Number(process.env.STAVKA_BENCH_WARMUP ?? 6),
};
const { games: GAMES, seconds: SECONDS, warmup: WARMUP } = BENCH_SHAPE;
const TRANSPORTS: readonly Transport[] = ['HTTP', 'WebSocket'];
/**
 * Spare games, new ones at their set-up, to replace those that end: enough for every
 * slot to finish a game each FASTEST seconds for the whole run. A random game is 840 to
 * 1,420 actions (measured on six), so a slot ends one every 1.7 s at the most at 4,000
 * moves/s in all (twice the goal) with 8 games; with 2 x GAMES spares, runs of 1,500
 * moves/s and more ran out of them and offered less than they were asked to.
 */
const FASTEST = 1.5;
const sparesOf = (shape: LoadShape) => shape.games * Math.ceil((shape.warmup + shape.seconds) / FASTEST);

interface SeatView {
  readonly stateId: number;
  readonly legal: readonly Action[];
}

/** How the players send their actions: HTTP requests, or `act` messages on the live channel. */
export type Transport = 'HTTP' | 'WebSocket';

export interface LoadResult {
  backend: string;
  transport: Transport;
  moves: number;
  seconds: number;
  p50: number;
  p99: number;
  refused: number;
  /** The spare games ran out: fewer games were played towards the end (and fewer moves offered). */
  ranOut: boolean;
  /** Share of one core each side used during the run: is the server the bottleneck? */
  serverCpu: number;
  /**
   * Of serverCpu, the server's main thread (its JavaScript, sockets and storage; with
   * STAVKA_THREADS, the shards' rules are not in it). The rest: V8's helper threads
   * (garbage collection, the optimizing compiler), libuv's, and the shards if any.
   */
  serverMainCpu: number;
  clientCpu: number;
  /**
   * The machine's load average over the last minute (os.loadavg) at the end of the timed
   * seconds: on a shared machine a figure is only worth something with it.
   */
  load: number;
  /** Moves a second the players offered (paced, open loop); undefined: as fast as answered. */
  offered?: number;
  /** The server's garbage collection during the run, when it ran with --trace-gc-nvp (gcOf). */
  gc?: GcFigures;
  /** The timed seconds, µs on process.hrtime's clock (a CPU profile's: bench/profile.ts). */
  window: { from: number; to: number };
  /** The server's process id (its CPU profile is named by it). */
  pid: number;
}

/**
 * V8's collections in a window of a process's --trace-gc-nvp output: the scavenges (young
 * generation) with their pauses and the bytes they promoted to the old generation, and the
 * mark-compacts (whole heap): what a move leaves alive long enough to be copied, and what
 * that costs the server's main thread; and the bytes allocated between them (each
 * collection's `allocated`: since the one before), what a move makes at all.
 */
export interface GcFigures {
  readonly scavenges: number;
  /** Their pauses of the main thread, ms in all. */
  readonly scavengeMs: number;
  readonly promotedBytes: number;
  /** Bytes allocated in the heap up to these collections, each since the collection before. */
  readonly allocatedBytes: number;
  readonly markCompacts: number;
  readonly markCompactMs: number;
}

/** Now, µs on process.hrtime's clock: the one V8's CPU profiles use, the same in every process. */
const hrtimeMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A `--trace-gc-nvp` byte count this large is a negative difference wrapped (gcOf). */
const WRAPPED = 2 ** 63;

/** GcFigures from --trace-gc-nvp lines (`pause=… gc=s … allocated=… promoted=…`); null when there are none. */
export function gcOf(text: string): GcFigures | null {
  let scavenges = 0;
  let scavengeMs = 0;
  let promotedBytes = 0;
  let allocatedBytes = 0;
  let markCompacts = 0;
  let markCompactMs = 0;
  for (const line of text.split('\n')) {
    const kind = / gc=(\w+) /.exec(line)?.[1];
    if (kind === undefined) continue;
    const pause = Number(/ pause=([\d.]+)/.exec(line)?.[1] ?? 0);
    // V8 prints `allocated` as an unsigned difference of two heap sizes: when the second
    // is the smaller (seen once in six reference runs), it wraps to near 2^64. Not counted.
    const allocated = Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
    if (allocated < WRAPPED) allocatedBytes += allocated;
    if (kind === 's') {
      scavenges++;
      scavengeMs += pause;
      promotedBytes += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    } else if (kind === 'mc' || kind === 'mmc') {
      markCompacts++;
      markCompactMs += pause;
    }
  }
  return scavenges + markCompacts === 0
    ? null
    : { scavenges, scavengeMs, promotedBytes, allocatedBytes, markCompacts, markCompactMs };
}

/** CPU seconds (user + system) a process (or one of its threads) has used, from /proc (Linux). */
function cpuSeconds(pid: number, thread?: number): number {
  try {
    const stat = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

/** A game the players play: its id, each side's seat token, and whether it waits in reserve. */
interface BenchGame {
  readonly id: string;
  readonly tokens: Record<string, string>;
  /** Played only once a game ends (keeping the number of games being played the same). */
  readonly spare: boolean;
}

/**
 * Plays the games at once against the server at `url`: each seat waits for a view on
 * the live channel, picks a random legal action and sends it (over HTTP or on the
 * channel), for WARMUP seconds not counted, then SECONDS seconds. A game that ends is
 * replaced by the next spare (all connected from the start), so the number being played
 * stays the same. With `record`, keeps every message and answer.
 *
 * With `pace` (moves a second in all), the players offer moves at that rate instead of
 * as fast as they are answered: each game being played has its moves due at steady
 * intervals (pace / games a second), and a move is sent when due and its view is there.
 * A game that falls behind sends at once until it is back on time, so the rate offered
 * stays the same whatever the server does (an open loop); the latency is still from
 * send to answer. A server that cannot keep up answers fewer moves than were offered.
 */
async function play(
  url: string,
  pid: number,
  games: readonly BenchGame[],
  transport: Transport,
  seed: string,
  record?: Recorder,
  pace?: number,
  shape: LoadShape = BENCH_SHAPE,
  /** The server's stdout so far: its GC figures are read from it (gcOf). */
  output?: () => string,
): Promise<Omit<LoadResult, 'backend' | 'transport'>> {
  const latencies: number[] = [];
  // The players' HTTP connections, kept open (a browser keeps its own too).
  const http = new Agent({ keepAlive: true, maxSockets: 256 });
  const posting = new Set<Promise<unknown>>(); // requests in flight, answered before the agent closes
  let refused = 0;
  let stop = false;
  const sockets: WebSocket[] = [];
  let rng: RngState = rngFromSeed(seed);
  const pick = <T>(xs: readonly T[]): T => {
    const { value, next } = rollDie(rng, xs.length);
    rng = next;
    return xs[value - 1]!;
  };
  // Per game: whether it is being played, and its seats' drivers.
  // With `pace`: when the game's next move is due (performance.now() ms).
  const playing = new Map<
    string,
    { on: boolean; over: boolean; drivers: (() => Promise<void>)[]; due: number }
  >();
  for (const g of games) playing.set(g.id, { on: !g.spare, over: false, drivers: [], due: 0 });
  const interval = pace ? (1000 * games.filter((g) => !g.spare).length) / pace : 0;
  const spares = games.filter((g) => g.spare).map((g) => playing.get(g.id)!);
  let sparesOut = false;
  /** A game ended: the next spare is played instead. */
  const ended = (id: string) => {
    const game = playing.get(id)!;
    if (game.over) return;
    game.over = true;
    game.on = false;
    const next = spares.shift();
    if (!next) sparesOut = true;
    else {
      next.on = true;
      next.due = performance.now();
      for (const drive of next.drivers) void drive();
    }
  };
  try {
    const ready: Promise<void>[] = [];
    let started = false;
    const seats = games.flatMap((g) =>
      Object.entries(g.tokens).map(([side, token]) => ({ id: g.id, side, token })),
    );
    for (const { id, side, token } of seats) {
      const game = playing.get(id)!;
      const ws = new WebSocket(`${url.replace('http', 'ws')}/api/games/${id}/live`);
      sockets.push(ws);
      // The newest view not yet acted on; a view can arrive while an action is in flight.
      let latest: SeatView | null = null;
      let busy = false;
      // Actions on the live channel are answered by `acted` or `error` messages.
      let answered: ((ok: boolean) => void) | null = null;
      // A player sends where its action stands in the legal list it chose from, as the web
      // client does (the server looks there first); the reference reads no more than it needs.
      const send = async (stateId: number, action: Action, index: number): Promise<boolean> => {
        if (transport === 'HTTP') {
          const sent = postJson(http, `${url}/api/games/${id}/actions`, token, { stateId, action, index });
          posting.add(sent);
          const res = await sent.finally(() => posting.delete(sent));
          if (record && res.status === 200) record.answer(id, JSON.parse(res.text).seq, 'http', res.text);
          return res.status === 200;
        }
        const done = new Promise<boolean>((r) => (answered = r));
        ws.send(JSON.stringify({ type: 'act', stateId, action, index }));
        return done;
      };
      const drive = async (): Promise<void> => {
        if (!started || !game.on || busy || stop || !latest) return;
        const v = latest;
        latest = null;
        const moves = v.legal.filter((a) => a.type !== 'undo');
        if (moves.length === 0) return;
        busy = true;
        const action = pick(moves);
        if (pace) {
          const wait = game.due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          game.due += interval;
          if (stop || !game.on) {
            busy = false;
            return;
          }
        }
        const t0 = performance.now();
        if (await send(v.stateId, action, v.legal.indexOf(action))) latencies.push(performance.now() - t0);
        else refused++;
        busy = false;
        await drive();
      };
      game.drivers.push(drive);
      // A player keeps what it chooses from: the stateId and the legal list (a browser
      // also patches its board from each update; that is the client's work, left out).
      let live: SeatView | null = null;
      let viewed: () => void = () => {};
      ready.push(new Promise((r) => (viewed = r)));
      ws.on('message', (m) => {
        const text = String(m);
        const msg = JSON.parse(text) as LiveMessage<LiveSeatView> | { type: 'acted'; seq: number };
        if (msg.type === 'acted' || msg.type === 'error') {
          if (record && msg.type === 'acted') record.answer(id, msg.seq, 'acted', text);
          answered?.(msg.type === 'acted');
          answered = null;
          return;
        }
        if (msg.type !== 'view' && msg.type !== 'update') return;
        if ((msg.data as { status?: string }).status === 'over') ended(id);
        if (msg.type === 'view') live = { stateId: msg.data.stateId, legal: msg.data.legal };
        else {
          const legal = live && patchLegal(live.legal, msg.data.legal);
          if (!legal) throw new Error(`${id} ${side}: an update for another legal list`);
          live = { stateId: msg.data.stateId, legal };
        }
        record?.view(id, side, token, msg.type, live.stateId, text);
        latest = live;
        viewed();
        void drive();
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
    }
    await Promise.all(ready); // every seat has its first view
    started = true;
    const first = performance.now();
    // Paced games start spread over one interval, not all at once.
    [...playing.values()]
      .filter((g) => g.on)
      .forEach((g, i, on) => {
        g.due = first + (i * interval) / on.length;
      });
    for (const game of playing.values()) for (const drive of game.drivers) void drive();
    // The warm-up: played, then forgotten.
    await new Promise((r) => setTimeout(r, shape.warmup * 1000));
    latencies.length = 0;
    refused = 0;
    const t0 = performance.now();
    const from = hrtimeMicros();
    const server0 = cpuSeconds(pid);
    const main0 = cpuSeconds(pid, pid); // the main thread's id is the process's
    const client0 = process.cpuUsage();
    const out0 = output?.().length ?? 0;
    await new Promise((r) => setTimeout(r, shape.seconds * 1000));
    stop = true;
    const to = hrtimeMicros();
    const gc = output ? gcOf(output().slice(out0)) : null;
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = (cpuSeconds(pid) - server0) / seconds;
    const serverMainCpu = (cpuSeconds(pid, pid) - main0) / seconds;
    const used = process.cpuUsage(client0);
    const clientCpu = (used.user + used.system) / 1e6 / seconds;
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
    return {
      moves: latencies.length,
      seconds,
      p50: q(0.5),
      p99: q(0.99),
      refused,
      ranOut: sparesOut,
      serverCpu,
      serverMainCpu,
      clientCpu,
      load: loadavg()[0]!,
      ...(pace ? { offered: pace } : {}),
      ...(gc ? { gc } : {}),
      window: { from, to },
      pid,
    };
  } finally {
    for (const ws of sockets) ws.close();
    await Promise.allSettled(posting);
    http.destroy();
  }
}

/**
 * POSTs JSON with a seat token over `agent`'s kept-alive connections: node:http, not
 * fetch. With fetch the players spent ~2.5x the CPU a move (~1.35 against ~0.55 ms),
 * CPU the server on the same cores then lacked (the reference gets the same players).
 */
function postJson(
  agent: Agent,
  target: string,
  token: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A run's CPU a move in µs, from a share of one core over the run (serverCpu, clientCpu, ...). */
/** The moves a second a run answered. */
const rateOf = (r: LoadResult): number => r.moves / r.seconds;

function perMove(r: LoadResult, cpu: number): number {
  return (1e6 * cpu * r.seconds) / Math.max(1, r.moves);
}

/**
 * What the players got from the real server, to replay to the same players from the
 * reference server: per game, each side's first view and, per action, each side's
 * update and the actor's answer (see reference-server.ts).
 */
export class Recorder {
  private readonly games = new Map<
    string,
    {
      tokens: Record<string, string>;
      first: Record<string, { stateId: number; text: string }>;
      updates: Map<number, Record<string, string>>;
      answers: Map<number, { acted?: string; http?: string }>;
    }
  >();

  private game(id: string) {
    let g = this.games.get(id);
    if (!g) {
      g = { tokens: {}, first: {}, updates: new Map(), answers: new Map() };
      this.games.set(id, g);
    }
    return g;
  }

  view(
    id: string,
    side: string,
    token: string,
    type: 'view' | 'update',
    stateId: number,
    text: string,
  ): void {
    const g = this.game(id);
    g.tokens[side] = token;
    if (type === 'view') g.first[side] = { stateId, text };
    else {
      const u = g.updates.get(stateId) ?? {};
      u[side] = text;
      g.updates.set(stateId, u);
    }
  }

  answer(id: string, seq: number, kind: 'acted' | 'http', text: string): void {
    const g = this.game(id);
    const a = g.answers.get(seq) ?? {};
    a[kind] = text;
    g.answers.set(seq, a);
  }

  /** The games the recording is of (by default all). */
  private kept: readonly string[] | null = null;

  keep(ids: readonly string[]): void {
    this.kept = ids;
  }

  /**
   * The recording: each kept game's actions from its first view on, as long as every
   * side's update and an answer are there (the action in flight when the run stopped is
   * not), less the last if it ended the game (the reference then goes back to the first
   * view: its games never end). A WebSocket answer stands in for a missing HTTP one and
   * the other way round: they carry the same figures.
   */
  recording(): Recording {
    const games: RecordedGame[] = [];
    for (const id of this.kept ?? [...this.games.keys()]) {
      const g = this.games.get(id);
      if (!g) continue;
      const sides = Object.keys(g.tokens);
      const firstStateId = g.first[sides[0]!]?.stateId;
      if (firstStateId === undefined || sides.some((s) => g.first[s]?.stateId !== firstStateId)) continue;
      const steps: RecordedStep[] = [];
      for (let k = firstStateId + 1; ; k++) {
        const u = g.updates.get(k);
        const a = g.answers.get(k);
        if (!u || !a || sides.some((s) => u[s] === undefined)) break;
        const acted = a.acted ?? JSON.stringify({ type: 'acted', ...JSON.parse(a.http!), ref: null });
        const parsed = JSON.parse(acted) as { hash: string; ref?: unknown; type?: string };
        const { type: _t, ref: _r, ...body } = parsed;
        steps.push({
          stateId: k,
          hash: parsed.hash,
          updates: u,
          acted,
          http: a.http ?? JSON.stringify(body),
        });
      }
      const last = steps[steps.length - 1];
      if (last && JSON.parse(Object.values(last.updates)[0]!).data.status === 'over') steps.pop();
      if (steps.length === 0) continue;
      games.push({
        id,
        tokens: g.tokens,
        first: Object.fromEntries(sides.map((s) => [s, g.first[s]!.text])),
        firstStateId,
        steps,
      });
    }
    return { games };
  }
}

/**
 * shape.games games at every stage of a game, imported into the server at `url`, then
 * sparesOf(shape) spares, new games started at their set-up, to replace those that end.
 */
async function makeGames(url: string, backend: string, shape: LoadShape): Promise<BenchGame[]> {
  // Games at every stage at once, as on a real server: game i starts i/N of the way
  // through a random game (imported as a replay), from the set-up to turn 11. All made
  // before any player moves: nothing else runs here while they are timed.
  const games: BenchGame[] = [];
  const tokensOf = (made: { body: { seats: Record<string, { token: string }> } }) =>
    Object.fromEntries(['german', 'soviet'].map((side) => [side, made.body.seats[side]!.token]));
  for (let i = 0; i < shape.games; i++) {
    const seed = `bench:${backend}:${i}`;
    // The first game starts at the set-up: no game to play out for it.
    const whole: ReplayFile =
      i === 0
        ? { game: marsRules.id, rulesVersion: marsRules.rulesVersion, scenario: null, seed, actions: [] }
        : playout(marsRules, seed, { soviet: new RandomPlayer(`s${i}`), german: new RandomPlayer(`g${i}`) })
            .replay;
    const cut = Math.floor((i / shape.games) * whole.actions.length);
    const made = await call(url, 'POST', '/api/games/import', undefined, {
      ...whole,
      actions: whole.actions.slice(0, cut),
    });
    if (made.status !== 201) throw new Error(`import: ${JSON.stringify(made.body)}`);
    // An imported game to play on waits for its seats to join, as a new one (issue #46).
    games.push({ id: made.body.id, tokens: await joinAll(url, made.body.id, tokensOf(made)), spare: false });
  }
  for (let i = 0; i < sparesOf(shape); i++) {
    const made = await call(url, 'POST', '/api/games', undefined, { game: 'mars-1942' });
    if (made.status !== 201) throw new Error(`create: ${JSON.stringify(made.body)}`);
    games.push({ id: made.body.id, tokens: await joinAll(url, made.body.id, tokensOf(made)), spare: true });
  }
  return games;
}

/** Every seat of game `id` joins; the tokens joining issued them (issue #22), by side. */
async function joinAll(
  url: string,
  id: string,
  tokens: Record<string, string>,
): Promise<Record<string, string>> {
  const own: Record<string, string> = {};
  for (const [side, token] of Object.entries(tokens)) {
    const j = await call(url, 'POST', `/api/games/${id}/join`, token, {});
    if (j.status !== 200) throw new Error(`join ${id} ${side}: ${JSON.stringify(j.body)}`);
    own[side] = j.body.token;
  }
  return own;
}

/** The real server (a child process) under the players; with `record`, keeps what they got. */
export async function load(
  backend: string,
  env: Record<string, string>,
  transport: Transport = 'HTTP',
  record?: Recorder,
  label = backend,
  pace?: number,
  shape: LoadShape = BENCH_SHAPE,
): Promise<LoadResult> {
  // In one thread unless env says otherwise (STAVKA_THREADS: shards.ts).
  const server = await startChildServer({ STAVKA_THREADS: '0', ...env });
  try {
    const games = await makeGames(server.url, backend, shape);
    const r = await play(
      server.url,
      server.child.pid!,
      games,
      transport,
      `bench:${backend}`,
      record,
      pace,
      shape,
      server.output,
    );
    // The reference replays the games being played at the start (its games never end).
    record?.keep(games.filter((g) => !g.spare).map((g) => g.id));
    return { backend: label, transport, ...r };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

/** The reference server (reference-server.ts) replaying a recording to the same players (with `pace`: offered at that rate, see play). */
export async function reference(
  recording: Recording,
  transport: Transport,
  {
    pace,
    shape = BENCH_SHAPE,
    store = tempSqlitePath(),
    label = 'reference',
  }: {
    pace?: number;
    shape?: LoadShape;
    /** A SQLite file (by default a new one) or a PostgreSQL URL. */
    store?: string;
    label?: string;
  } = {},
): Promise<LoadResult> {
  const file = join(mkdtempSync(join(tmpdir(), 'stavka-bench-ref-')), 'recording.json');
  writeFileSync(file, JSON.stringify(recording));
  const server = await startChildServer(
    {},
    fileURLToPath(new URL('./reference-server.ts', import.meta.url)),
    [file, store],
  );
  try {
    const games = recording.games.map((g) => ({ id: g.id, tokens: g.tokens, spare: false }));
    const r = await play(
      server.url,
      server.child.pid!,
      games,
      transport,
      'bench:reference',
      undefined,
      pace,
      shape,
      server.output,
    );
    return { backend: label, transport, ...r };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

/**
 * The rules' own work for one move on the server, in µs: apply the action (its legality
 * checked against the legal list), hash the new state, each side's view of it and the
 * legal list of the side to act next. Any server running these rules does this much
 * per move, whatever else it does. Measured here, in-process, on random games played
 * from the set-up to the end (the same kind of games as the load run), after a first
 * pass to warm up: `sequential`, one game after the other, and `interleaved`, the games'
 * moves in turn, one of each, as a server plays its live games (what the rules keep
 * from one move to the next for one game is then another game's by the time it is read).
 * `cpu`: the sequential passes' CPU a move, all of this process's threads (V8's garbage
 * collection and compiler threads with the main one), as the server's cost and the
 * reference's are counted (their processes' CPU, every thread): the floor the server's
 * cost is set against. Steadier than the wall-clock figures on a loaded machine too: a
 * pass that is descheduled is not charged for the time it waits.
 */
export function rulesWork(games = 3): { sequential: number; interleaved: number; cpu: number } {
  const moves = rulesWorkMoves(games);
  /** One pass over the games: µs a move, wall-clock and CPU (every thread). */
  const pass = (interleaved: boolean): { wall: number; cpu: number } => {
    const play = moves();
    let n = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    if (interleaved) {
      for (let any = true; any; ) {
        any = false;
        for (let i = 0; i < games; i++) {
          if (!play.left(i)) continue;
          play.step(i);
          n++;
          any = true;
        }
      }
    } else {
      for (let i = 0; i < games; i++) {
        for (; play.left(i); n++) play.step(i);
      }
    }
    const wall = ((performance.now() - t0) * 1000) / n;
    const cpu = process.cpuUsage(cpu0);
    return { wall, cpu: (cpu.user + cpu.system) / n };
  };
  pass(true); // the warm-up
  // Each twice, in turn, the lower of each kept: the machine's noise hits both alike.
  const runs = [pass(false), pass(true), pass(false), pass(true)];
  return {
    sequential: Math.min(runs[0]!.wall, runs[2]!.wall),
    interleaved: Math.min(runs[1]!.wall, runs[3]!.wall),
    cpu: Math.min(runs[0]!.cpu, runs[2]!.cpu),
  };
}

/**
 * rulesWork's games: random games played from the set-up to the end (seeded, the same
 * each time), and a function that sets them up afresh, each with `step(i)` doing the rules'
 * own work of game i's next move and `left(i)` whether it has one.
 */
function rulesWorkMoves(games: number): () => { step: (i: number) => void; left: (i: number) => boolean } {
  useNodeSha256(); // as the server hashes
  const replays = Array.from(
    { length: games },
    (_, i) =>
      playout(marsRules, `bench:rules:${i}`, {
        soviet: new RandomPlayer(`rs${i}`),
        german: new RandomPlayer(`rg${i}`),
      }).replay,
  );
  return () => {
    const states = replays.map((r) => {
      const made = setup(marsRules, r.scenario, r.seed, r.options ?? {});
      if (!made.ok) throw new Error(`set-up: ${JSON.stringify(made.error)}`);
      for (const side of marsRules.activeSides(made.value.state)) legalActions(marsRules, made.value, side);
      return made.value;
    });
    const at = replays.map(() => 0);
    const step = (i: number) => {
      const { side, action } = replays[i]!.actions[at[i]!++]!;
      const next = apply(marsRules, states[i]!, side, action, states[i]!.stateId);
      if (!next.ok) throw new Error(`replay: ${JSON.stringify(next.error)}`);
      const s = next.value;
      states[i] = s;
      stateHash(s);
      for (const seat of marsRules.sides) view(marsRules, s, seat);
      for (const active of marsRules.activeSides(s.state)) legalActions(marsRules, s, active);
    };
    return { step, left: (i: number) => at[i]! < replays[i]!.actions.length };
  };
}

/**
 * The rules' own work a move (rulesWork's, the games' moves in turn) when the process
 * idles `idleMs` before each move, as a server between paced moves does, against the same
 * moves back to back, in µs of wall-clock time of the work alone: `moves` moves each way,
 * after a warm-up pass over them.
 */
export async function rulesWorkAfterIdle(
  games: number,
  idleMs: number,
  moves = 1500,
): Promise<{ backToBack: number; afterIdle: number }> {
  const setUp = rulesWorkMoves(games);
  const pass = async (idle: number): Promise<number> => {
    const play = setUp();
    let work = 0;
    let n = 0;
    // `over`: the games in a row found with no move left (all of them: none has one).
    for (let i = 0, over = 0; n < moves && over < games; i = (i + 1) % games) {
      if (!play.left(i)) {
        over++;
        continue;
      }
      over = 0;
      if (idle > 0) await new Promise((r) => setTimeout(r, idle));
      const t0 = performance.now();
      play.step(i);
      work += performance.now() - t0;
      n++;
    }
    return (work * 1000) / n;
  };
  await pass(0); // the warm-up
  const backToBack = await pass(0);
  const afterIdle = await pass(idleMs);
  return { backToBack, afterIdle };
}

/**
 * The rules' own work around a load run: the mean of the measures `before` it and
 * `after` its reference (the machine's pace drifts: seven measures of one build within
 * 20 minutes gave 114-187 µs of CPU a move), with the two CPU figures it is the mean of.
 */
export function floorAround(
  before: ReturnType<typeof rulesWork>,
  after: ReturnType<typeof rulesWork>,
): ReturnType<typeof rulesWork> & { cpu0: number; cpu1: number } {
  return {
    sequential: (before.sequential + after.sequential) / 2,
    interleaved: (before.interleaved + after.interleaved) / 2,
    cpu: (before.cpu + after.cpu) / 2,
    cpu0: before.cpu,
    cpu1: after.cpu,
  };
}

/**
 * rulesWork in a fresh process of its own (rules-work.ts), as the load runs' servers play
 * the rules: what the floor is set against. In this process, by the time the server part
 * runs, the bench's other parts have played every game through the same engine code.
 */
export function rulesWorkApart(games: number): ReturnType<typeof rulesWork> {
  return lastJsonLine(
    execFileSync(process.execPath, [...RULES_WORK, String(games)], { encoding: 'utf8' }),
  ) as ReturnType<typeof rulesWork>;
}

/** rules-work.ts in a process of its own, with `args`, not waited for here; its JSON line. */
async function rulesWorkChild(args: readonly string[]): Promise<unknown> {
  return lastJsonLine((await execFileAsync(process.execPath, [...RULES_WORK, ...args])).stdout);
}

/** Node's arguments that run rules-work.ts. */
const RULES_WORK = ['--import', 'tsx', fileURLToPath(new URL('./rules-work.ts', import.meta.url))];

/** What rules-work.ts printed last: its figures as JSON. */
const lastJsonLine = (out: string): unknown => JSON.parse(out.trim().split('\n').pop()!);

/**
 * What this machine does to the rules' own work in the conditions a server under load
 * works in, each against the same work on a quiet machine (rulesWork, in processes of
 * their own): `beside`, the CPU a move with a second copy running at once on the other
 * core (the load runs' servers share the machine with their players), against `alone`,
 * one copy; `afterIdle`, the wall-clock time a move's work takes when the process idled
 * IDLE_MS before it (a server between paced moves), against `backToBack`. The floor is
 * measured alone and back to back: these say how far the machine alone moves the same
 * work under a server's conditions, not anything the server does. Seen here (2026-12-08,
 * seven of each): 0.95-1.30x beside a second copy, most near 1.0x, so sharing the machine
 * with the players explains little of why the rules take ~1.4x their time here in the
 * server's profile (nor, in-process, does 100 KB of garbage made between moves; reading
 * 1-4 MB between them does, by 7-25%: the server's other work leaves the caches colder);
 * 1.63-2.56x after 1 ms of idling (a paced move costs the server more than one in a
 * closed loop: 2,000 moves/s over 8 games leaves the main thread idle between most).
 */
export interface MachineEffect {
  readonly alone: number;
  readonly beside: number;
  readonly backToBack: number;
  readonly afterIdle: number;
}

/** The idle time before each move in MachineEffect's `afterIdle`, ms: of the order of a paced server's gaps between moves. */
export const IDLE_MS = 1;

export async function machineEffect(games: number): Promise<MachineEffect> {
  // Alone just before the pair and just after it, the lower kept: one measure alone, taken
  // as the database server of the last load run still wrote, came out 1.5x its usual.
  const before = rulesWorkApart(games).cpu;
  const pair = (await Promise.all([
    rulesWorkChild([String(games)]),
    rulesWorkChild([String(games)]),
  ])) as ReturnType<typeof rulesWork>[];
  const alone = Math.min(before, rulesWorkApart(games).cpu);
  const idle = (await rulesWorkChild([String(games), `--idle-ms=${IDLE_MS}`])) as Awaited<
    ReturnType<typeof rulesWorkAfterIdle>
  >;
  return { alone, beside: (pair[0]!.cpu + pair[1]!.cpu) / 2, ...idle };
}

/** MachineEffect as the bench prints it. */
export function machineEffectLine(m: MachineEffect): string {
  return `the machine's own effect on the same rules' work (rules-work.ts; none of it the server's): ${m.beside.toFixed(0)} µs of CPU a move with a second copy at once on the other core, ${(m.beside / m.alone).toFixed(2)}x its ${m.alone.toFixed(0)} alone (a server under load works beside its players); ${m.afterIdle.toFixed(0)} µs a move when the process idled ${IDLE_MS} ms before each, ${(m.afterIdle / m.backToBack).toFixed(2)}x its ${m.backToBack.toFixed(0)} back to back (a server between paced moves idles)`;
}

export async function serverLoad(): Promise<void> {
  const results: LoadResult[] = [];
  const references = new Map<Transport, LoadResult>();
  const recordings = new Map<Transport, Recording>();
  // The rules' own work (the floor of the server's cost over WebSocket) measured just
  // before that run and just after its reference, the mean of the two taken (floorAround).
  const floors = new Map<string, ReturnType<typeof floorAround>>();
  for (const transport of TRANSPORTS) {
    const recorder = new Recorder();
    const before = transport === 'WebSocket' ? rulesWorkApart(GAMES) : null;
    results.push(await load('SQLite', { STAVKA_DB: tempSqlitePath() }, transport, recorder));
    recordings.set(transport, recorder.recording());
    references.set(transport, await reference(recordings.get(transport)!, transport));
    if (before) floors.set('SQLite', floorAround(before, rulesWorkApart(GAMES)));
  }
  // The same games on a threaded server (shards.ts): the rules on two worker threads.
  results.push(
    await load(
      'SQLite',
      { STAVKA_DB: tempSqlitePath(), STAVKA_THREADS: '2' },
      'WebSocket',
      undefined,
      'SQLite 2thr',
    ),
  );
  const paced = await pacedLoad(results.find((r) => r.backend === 'SQLite' && r.transport === 'WebSocket')!);
  // The control: the same players offering the goal's rate to the reference (no rules).
  const pacedReference = await reference(recordings.get('WebSocket')!, 'WebSocket', { pace: GOAL });
  // PostgreSQL: each run followed by its reference on PostgreSQL (a fresh database each).
  const pgReferences = new Map<Transport, LoadResult>();
  let pgNote = '';
  try {
    for (const transport of TRANSPORTS) {
      const recorder = new Recorder();
      const url = await freshPostgresDatabase();
      const before = transport === 'WebSocket' ? rulesWorkApart(GAMES) : null;
      results.push(await load('PostgreSQL', { DATABASE_URL: url, STAVKA_DB: '' }, transport, recorder));
      pgReferences.set(
        transport,
        await reference(recorder.recording(), transport, {
          store: await freshPostgresDatabase(),
          label: 'reference',
        }),
      );
      if (before) floors.set('PostgreSQL', floorAround(before, rulesWorkApart(GAMES)));
    }
  } catch (e) {
    pgNote = `PostgreSQL skipped: ${(e as Error).message}`;
  } finally {
    stopTestPostgres();
  }
  const machine = await machineEffect(GAMES);
  console.log(
    `\nserver load on loopback: ${GAMES} live mars-1942 games at once, at every stage (set-up to turn 11; one that ends is replaced by a new one), random players (views on the live channel; actions over HTTP, then as live-channel messages), ${SECONDS} s each after ${WARMUP} s of warm-up not counted`,
  );
  const line = (r: LoadResult, ratio: string) =>
    console.log(
      `  ${r.backend.padEnd(11)} ${r.transport.padEnd(9)}  ${rateOf(r).toFixed(0).padStart(5)} moves/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.moves} moves, ${r.refused} refused; CPU: server ${(100 * r.serverCpu).toFixed(0)}% (main thread ${(100 * r.serverMainCpu).toFixed(0)}%), players ${(100 * r.clientCpu).toFixed(0)}% of a core; the server ${(perMove(r, r.serverCpu) / 1000).toFixed(2)} ms a move; load ${r.load.toFixed(2)}${r.ranOut ? '; the spare games ran out' : ''})${ratio}`,
    );
  for (const r of results) {
    // The threaded run plays the same games as the one-thread run: the same reference.
    const ref = (r.backend.startsWith('SQLite') ? references : pgReferences).get(r.transport);
    line(r, ref ? `  ${(rateOf(r) / rateOf(ref)).toFixed(2)}x the reference's moves/s` : '');
    if (ref && (r.backend === 'SQLite' || r.backend === 'PostgreSQL')) line(ref, ` (on ${r.backend})`);
  }
  if (pgNote) console.log(`  ${pgNote}`);
  console.log(
    '  SQLite 2thr: STAVKA_THREADS=2, the rules of the games on two worker threads (shards.ts); the other rows run in one thread (the default)',
  );
  console.log(
    "  main thread: the server's main thread's share of its CPU; the rest is V8's helper threads (garbage collection, the optimizing compiler) and, in SQLite 2thr, the shards",
  );
  console.log(
    "  reference: the same players, sent the same messages byte for byte by a rule-less server that only checks, stores (in the same database as the row above it: SQLite, or PostgreSQL one statement an action) and pushes (reference-server.ts): this machine's ceiling for the load",
  );
  // What these rules leave of the machine: the rules' own work, plus the least a server
  // and the players need a move (the reference's run), against the goal.
  const cores = availableParallelism();
  const work = floors.get('SQLite');
  const ref = references.get('WebSocket');
  if (ref && work) {
    // CPU a move, every thread (as the servers' costs are counted): see rulesWork.
    const rules = work.cpu;
    const io = perMove(ref, ref.serverCpu);
    const players = perMove(ref, ref.clientCpu);
    const oneThread = 1e6 / (rules + io);
    const allCores = (cores * 1e6) / (rules + io + players);
    console.log(
      `  ceiling with these rules: the rules' own work a move (apply with its legality check, hash, both sides' views, the next legal list; in-process, random games, one after the other; measured before the SQLite WebSocket run and after its reference, the mean of the two: ${work.cpu0.toFixed(0)} and ${work.cpu1.toFixed(0)} µs) is ${rules.toFixed(0)} µs of CPU, every thread (${work.sequential.toFixed(0)} µs of wall-clock time; ${work.interleaved.toFixed(0)} µs with the ${GAMES} games' moves in turn, as the server plays them); with the reference's ${io.toFixed(0)} µs a move (check, store, push) and its players' ${players.toFixed(0)} µs, a server doing nothing else could reach ${fmt(oneThread)} moves/s on one thread, ${fmt(allCores)} moves/s on the ${cores} cores of this machine (players included)`,
    );
    // Those ceilings as the closed loop's ratio (issue #49's goal: 0.5x): a server with
    // no work but the rules' and the reference's reaches no more than this.
    console.log(
      `  those ceilings against the reference's ${fmt(rateOf(ref))} moves/s: ${(oneThread / rateOf(ref)).toFixed(2)}x on one thread, ${(allCores / rateOf(ref)).toFixed(2)}x on ${cores} threads or more with no cost between them (the closed loop's goal: 0.5x)`,
    );
  }
  // The server's cost a move against that floor (issue #49: within 2x), over WebSocket on
  // each store, each against the reference on the same store.
  const overFloor = (backend: string, refs: Map<Transport, LoadResult>): string | null => {
    const r = results.find((x) => x.backend === backend && x.transport === 'WebSocket');
    const own = refs.get('WebSocket');
    const rules = floors.get(backend)?.cpu;
    if (!r || !own || rules === undefined) return null;
    const floor = rules + perMove(own, own.serverCpu);
    const cost = perMove(r, r.serverCpu);
    return `${backend} ${cost.toFixed(0)} µs (main thread ${perMove(r, r.serverMainCpu).toFixed(0)}) = ${(cost / floor).toFixed(2)}x its floor of ${floor.toFixed(0)} µs (the rules' ${rules.toFixed(0)}, the reference's ${perMove(own, own.serverCpu).toFixed(0)})`;
  };
  const costs = [overFloor('SQLite', references), overFloor('PostgreSQL', pgReferences)].filter(
    (c) => c !== null,
  );
  if (costs.length > 0)
    console.log(
      `  the server's cost a move over WebSocket against the rules' own work plus its reference's (the goal: within 2x): ${costs.join('; ')}`,
    );
  console.log(`  ${machineEffectLine(machine)}`);
  // The goal as CPU a move: what the machine's cores allow at the goal's rate, against
  // what the server (and its main thread) and the players used in the SQLite WebSocket run.
  const run = results.find((r) => r.backend === 'SQLite' && r.transport === 'WebSocket');
  if (run) {
    const players = perMove(run, run.clientCpu);
    console.log(
      `  the goal's budget: at ${fmt(GOAL)} moves/s the ${cores} cores give ${((cores * 1e6) / GOAL).toFixed(0)} µs of CPU a move, of which these players used ${players.toFixed(0)}: ${((cores * 1e6) / GOAL - players).toFixed(0)} µs a move for the server at full load, ${(1e6 / GOAL).toFixed(0)} µs for any one thread of it; the SQLite WebSocket run used ${perMove(run, run.serverCpu).toFixed(0)} µs a move, ${perMove(run, run.serverMainCpu).toFixed(0)} µs of it on the main thread`,
    );
  }
  console.log(
    `\nthe goal (p99 < ${P99_GOAL} ms at ${fmt(GOAL)} moves/s on SQLite) at set rates: SQLite over WebSocket, the same ${GAMES} games, the players offering moves at a steady rate whatever the answers (an open loop), the goal's rate first, then lower ones until one is held`,
  );
  for (const r of [...paced, pacedReference]) {
    const rate = rateOf(r);
    const verdict = held(r)
      ? `held within ${P99_GOAL} ms`
      : r.ranOut
        ? 'not held: the spare games ran out, and fewer moves were offered than asked'
        : rate < HELD * r.offered!
          ? `not held: ${((100 * rate) / r.offered!).toFixed(0)}% of the moves offered were answered`
          : `not held: p99 over ${P99_GOAL} ms`;
    console.log(
      `  ${r.backend === 'reference' ? 'reference' : 'SQLite   '} offered ${fmt(r.offered!).padStart(5)} moves/s: answered ${fmt(rate).padStart(5)} moves/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (CPU: server ${(100 * r.serverCpu).toFixed(0)}% (main thread ${(100 * r.serverMainCpu).toFixed(0)}%), players ${(100 * r.clientCpu).toFixed(0)}%; the machine's load ${r.load.toFixed(2)}): ${verdict}`,
    );
  }
  console.log(
    "  reference: the rule-less server of the table above, offered the goal's rate by the same players: the control, what these players and this machine allow a server that only checks, stores and pushes",
  );
  const best = paced.find(held);
  console.log(
    best
      ? `  goal ${best.offered! >= GOAL ? 'met' : `not met: the highest rate held with p99 < ${P99_GOAL} ms is ${fmt(best.offered!)} moves/s`}`
      : `  goal not met: none of these rates was held with p99 < ${P99_GOAL} ms`,
  );
}

/** The goal of the load run (issue #4): p99 under P99_GOAL ms at GOAL moves a second, on SQLite. */
const GOAL = 2000;
const P99_GOAL = 20;
/** A rate is held when at least this share of the moves offered is answered, p99 within the goal. */
const HELD = 0.97;
const held = (r: LoadResult): boolean =>
  r.offered !== undefined && !r.ranOut && rateOf(r) >= HELD * r.offered && r.p99 < P99_GOAL;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The goal, as stated: SQLite over WebSocket with the moves offered at the goal's rate
 * (play's `pace`), then at 90%, 70%, 50%, 35% and 25% of what `closed` (the
 * as-fast-as-answered run) reached, down to the first rate held. Each on a fresh server
 * and database.
 */
async function pacedLoad(closed: LoadResult): Promise<LoadResult[]> {
  const reached = rateOf(closed);
  const rates = [GOAL, ...[0.9, 0.7, 0.5, 0.35, 0.25].map((f) => Math.floor((f * reached) / 50) * 50)].filter(
    (rate, i, all) => rate > 0 && (i === 0 || rate < GOAL) && all.indexOf(rate) === i,
  );
  const runs: LoadResult[] = [];
  for (const rate of rates) {
    const r = await load('SQLite', { STAVKA_DB: tempSqlitePath() }, 'WebSocket', undefined, 'SQLite', rate);
    runs.push(r);
    if (held(r)) break;
  }
  return runs;
}
