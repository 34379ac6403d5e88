/**
 * The server under load on loopback: N live games at every stage of a game (imported
 * replays cut at i/N of a random game), each seat a random player that
 * waits for its view on the WebSocket and answers with an HTTP action. The server
 * runs as a child process (one core), the players here (the other). Bounded: each
 * backend runs a fixed time. Reports moves/s and the action round trip's p50/p99,
 * on SQLite and on PostgreSQL (skipped with a note when there is none).
 */

import { readFileSync } from 'node:fs';
import { playout, RandomPlayer } from '@stavka/ai';
import { type Action, type RngState, rngFromSeed, rollDie } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import WebSocket from 'ws';
import { type LiveMessage, type LiveSeatView, receive } from '../packages/server/src/live.ts';
import {
  call,
  freshPostgresDatabase,
  startChildServer,
  stopTestPostgres,
  tempSqlitePath,
} from '../packages/server/src/test-support.ts';

const GAMES = Number(process.env.STAVKA_BENCH_GAMES ?? 8);
const SECONDS = Number(process.env.STAVKA_BENCH_SECONDS ?? 8);
const TRANSPORTS: readonly Transport[] = ['HTTP', 'WebSocket'];

interface SeatView extends LiveSeatView {
  readonly legal: Action[];
}

/** How the players send their actions: HTTP requests, or `act` messages on the live channel. */
type Transport = 'HTTP' | 'WebSocket';

interface LoadResult {
  backend: string;
  transport: Transport;
  moves: number;
  seconds: number;
  p50: number;
  p99: number;
  refused: number;
  /** Share of one core each side used during the run: is the server the bottleneck? */
  serverCpu: number;
  clientCpu: number;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

export async function load(
  backend: string,
  env: Record<string, string>,
  transport: Transport = 'HTTP',
): Promise<LoadResult> {
  const server = await startChildServer(env);
  const latencies: number[] = [];
  let refused = 0;
  let stop = false;
  const sockets: WebSocket[] = [];
  try {
    let rng: RngState = rngFromSeed(`bench:${backend}`);
    const pick = <T>(xs: readonly T[]): T => {
      const { value, next } = rollDie(rng, xs.length);
      rng = next;
      return xs[value - 1]!;
    };
    // Games at every stage at once, as on a real server: game i starts i/N of the way
    // through a random game (imported as a replay), from the set-up to turn 11. All made
    // before any player moves: nothing else runs here while they are timed.
    const games = Array.from({ length: GAMES }, (_, i) =>
      playout(marsRules, `bench:${backend}:${i}`, {
        soviet: new RandomPlayer(`s${i}`),
        german: new RandomPlayer(`g${i}`),
      }),
    );
    const ready: Promise<void>[] = [];
    const drivers: (() => Promise<void>)[] = [];
    let started = false;
    for (const [i, game] of games.entries()) {
      const whole = game.replay;
      const cut = Math.floor((i / GAMES) * whole.actions.length);
      const made = await call(server.url, 'POST', '/api/games/import', undefined, {
        ...whole,
        actions: whole.actions.slice(0, cut),
      });
      if (made.status !== 201) throw new Error(`import: ${JSON.stringify(made.body)}`);
      const id = made.body.id as string;
      for (const side of ['german', 'soviet']) {
        const token = made.body.seats[side].token as string;
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${id}/live`);
        sockets.push(ws);
        // The newest view not yet acted on; a view can arrive while an action is in flight.
        let latest: SeatView | null = null;
        let busy = false;
        // Actions on the live channel are answered by `acted` or `error` messages.
        let answered: ((ok: boolean) => void) | null = null;
        const send = async (stateId: number, action: Action): Promise<boolean> => {
          if (transport === 'HTTP') {
            const r = await call(server.url, 'POST', `/api/games/${id}/actions`, token, { stateId, action });
            return r.status === 200;
          }
          const done = new Promise<boolean>((r) => (answered = r));
          ws.send(JSON.stringify({ type: 'act', stateId, action }));
          return done;
        };
        const drive = async (): Promise<void> => {
          if (!started || busy || stop || !latest) return;
          const v = latest;
          latest = null;
          const moves = v.legal.filter((a) => a.type !== 'undo');
          if (moves.length === 0) return;
          busy = true;
          const t0 = performance.now();
          if (await send(v.stateId, pick(moves))) latencies.push(performance.now() - t0);
          else refused++;
          busy = false;
          await drive();
        };
        drivers.push(drive);
        let live: SeatView | null = null;
        let viewed: () => void = () => {};
        ready.push(new Promise((r) => (viewed = r)));
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m)) as LiveMessage<SeatView> | { type: 'acted' };
          if (msg.type === 'acted' || msg.type === 'error') {
            answered?.(msg.type === 'acted');
            answered = null;
            return;
          }
          if (msg.type !== 'view' && msg.type !== 'update') return;
          live = receive(live, msg);
          latest = live;
          viewed();
          void drive();
        });
        ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
      }
    }
    await Promise.all(ready); // every seat has its first view
    started = true;
    const t0 = performance.now();
    for (const drive of drivers) void drive();
    const server0 = cpuSeconds(server.child.pid!);
    const client0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    stop = true;
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = (cpuSeconds(server.child.pid!) - server0) / seconds;
    const used = process.cpuUsage(client0);
    const clientCpu = (used.user + used.system) / 1e6 / seconds;
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
    return {
      backend,
      transport,
      moves: latencies.length,
      seconds,
      p50: q(0.5),
      p99: q(0.99),
      refused,
      serverCpu,
      clientCpu,
    };
  } finally {
    for (const ws of sockets) ws.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

export async function serverLoad(): Promise<void> {
  const results: LoadResult[] = [];
  for (const transport of TRANSPORTS)
    results.push(await load('SQLite', { STAVKA_DB: tempSqlitePath() }, transport));
  let pgNote = '';
  try {
    const url = await freshPostgresDatabase();
    for (const transport of TRANSPORTS) {
      const fresh = transport === TRANSPORTS[0] ? url : await freshPostgresDatabase();
      results.push(await load('PostgreSQL', { DATABASE_URL: fresh, STAVKA_DB: '' }, transport));
    }
  } catch (e) {
    pgNote = `PostgreSQL skipped: ${(e as Error).message}`;
  } finally {
    stopTestPostgres();
  }
  console.log(
    `\nserver load on loopback: ${GAMES} live mars-1942 games at every stage (set-up to turn 11), random players (views on the live channel; actions over HTTP, then as live-channel messages), ${SECONDS} s each`,
  );
  for (const r of results) {
    console.log(
      `  ${r.backend.padEnd(10)} ${r.transport.padEnd(9)}  ${(r.moves / r.seconds).toFixed(0).padStart(5)} moves/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.moves} moves, ${r.refused} refused; CPU: server ${(100 * r.serverCpu).toFixed(0)}%, players ${(100 * r.clientCpu).toFixed(0)}% of a core)`,
    );
  }
  if (pgNote) console.log(`  ${pgNote}`);
  console.log('  goal: p99 < 20 ms at 2,000 moves/s on SQLite');
}
