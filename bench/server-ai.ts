/**
 * Request latency while AI seats play (issue: the AI thinks in a worker thread, so no
 * request waits for it): an AI-vs-AI game runs on the server while a client measures
 * GET /api/health and seat views; compared with the same requests on an idle server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@stavka/server';

async function latencies(url: string, n: number, ms = 0): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  for (let i = 0; i < n || performance.now() < end; i++) {
    const t = performance.now();
    await (await fetch(`${url}/api/health`)).json();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function aiLatency(): Promise<void> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    db: join(mkdtempSync(join(tmpdir(), 'stavka-aibench-')), 'a.sqlite'),
    rateLimit: false,
    log: () => {},
  });
  try {
    const idle = await latencies(server.url, 300);
    const made = (await (
      await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          game: 'mars-1942',
          seats: { soviet: { player: 'ai' }, german: { player: 'ai' } },
        }),
      })
    ).json()) as { id: string; spectator: { token: string } };
    const busy = await latencies(server.url, 300, 8000);
    const summary = (await (await fetch(`${server.url}/api/games/${made.id}`)).json()) as { stateId: number };
    console.log('\nrequests while AI seats play (AI in a worker thread):');
    console.log(
      `  idle server:     p50 ${pct(idle, 0.5).toFixed(2)} ms, p99 ${pct(idle, 0.99).toFixed(2)} ms`,
    );
    console.log(
      `  AI game running: p50 ${pct(busy, 0.5).toFixed(2)} ms, p99 ${pct(busy, 0.99).toFixed(2)} ms (the AIs made ${summary.stateId} moves meanwhile; ratio p99 ${(pct(busy, 0.99) / pct(idle, 0.99)).toFixed(2)}x)`,
    );
  } finally {
    await server.close();
  }
}

if (process.argv[1]?.endsWith('server-ai.ts')) await aiLatency();
