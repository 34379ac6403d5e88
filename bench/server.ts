/**
 * The server under load on loopback: N live games, each seat a random player that
 * waits for its view on the WebSocket and answers with an HTTP action. The server
 * runs as a child process (one core), the players here (the other). Bounded: each
 * backend runs a fixed time. Reports moves/s and the action round trip's p50/p99,
 * on SQLite and on PostgreSQL (skipped with a note when there is none).
 */
import { type Action, type RngState, rngFromSeed, rollDie } from '@stavka/engine';
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

interface SeatView extends LiveSeatView {
  readonly legal: Action[];
}

interface LoadResult {
  backend: string;
  moves: number;
  seconds: number;
  p50: number;
  p99: number;
  refused: number;
}

export async function load(backend: string, env: Record<string, string>): Promise<LoadResult> {
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
    const ready: Promise<void>[] = [];
    for (let i = 0; i < GAMES; i++) {
      const made = await call(server.url, 'POST', '/api/games', undefined, { game: 'mars-1942' });
      const id = made.body.id as string;
      for (const side of ['german', 'soviet']) {
        const token = made.body.seats[side].token as string;
        await call(server.url, 'POST', `/api/games/${id}/join`, token, {});
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${id}/live`);
        sockets.push(ws);
        // The newest view not yet acted on; a view can arrive while an action is in flight.
        let latest: SeatView | null = null;
        let busy = false;
        const drive = async (): Promise<void> => {
          if (busy || stop || !latest) return;
          const v = latest;
          latest = null;
          const moves = v.legal.filter((a) => a.type !== 'undo');
          if (moves.length === 0) return;
          busy = true;
          const t0 = performance.now();
          const r = await call(server.url, 'POST', `/api/games/${id}/actions`, token, {
            stateId: v.stateId,
            action: pick(moves),
          });
          if (r.status === 200) latencies.push(performance.now() - t0);
          else refused++;
          busy = false;
          await drive();
        };
        let live: SeatView | null = null;
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m)) as LiveMessage<SeatView>;
          if (msg.type !== 'view' && msg.type !== 'update') return;
          live = receive(live, msg);
          latest = live;
          void drive();
        });
        ready.push(new Promise((r) => ws.on('open', () => r())));
        ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
      }
    }
    await Promise.all(ready);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    stop = true;
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
    return { backend, moves: latencies.length, seconds, p50: q(0.5), p99: q(0.99), refused };
  } finally {
    for (const ws of sockets) ws.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

export async function serverLoad(): Promise<void> {
  const results: LoadResult[] = [];
  results.push(await load('SQLite', { STAVKA_DB: tempSqlitePath() }));
  let pgNote = '';
  try {
    const url = await freshPostgresDatabase();
    results.push(await load('PostgreSQL', { DATABASE_URL: url, STAVKA_DB: '' }));
  } catch (e) {
    pgNote = `PostgreSQL skipped: ${(e as Error).message}`;
  } finally {
    stopTestPostgres();
  }
  console.log(
    `\nserver load on loopback: ${GAMES} live mars-1942 games, random players over HTTP + WebSocket, ${SECONDS} s each`,
  );
  for (const r of results) {
    console.log(
      `  ${r.backend.padEnd(10)}  ${(r.moves / r.seconds).toFixed(0).padStart(5)} moves/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${r.moves} moves, ${r.refused} refused)`,
    );
  }
  if (pgNote) console.log(`  ${pgNote}`);
  console.log('  goal: p99 < 20 ms at 2,000 moves/s on SQLite');
}
