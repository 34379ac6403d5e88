/**
 * Crash test (issue #22 keeps it): server processes on one SQLite file, under a burst of
 * moves, are killed with SIGKILL, then started again on it, three times over: one
 * process with two threads (shards.ts: storage through the main thread), one process in
 * one thread, and two processes sharing the file. After each kill every acknowledged
 * action is stored with the hash it was acknowledged with, with no gap, and the games
 * play on; at the end every game replays to its stored hashes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Action, replay, type Seed, stateHash } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import { openStore } from './store.ts';
import { type ChildServer, call, startChildServer, tempSqlitePath } from './test-support.ts';

interface Game {
  readonly id: string;
  readonly tokens: Record<string, string>;
}

interface Acked {
  readonly id: string;
  readonly stateId: number;
  readonly hash: string;
}

/** Moves on every game through `servers` (game i through server i mod n) until `stop`; what was acknowledged. */
/** Moves acknowledged before a kill for the burst to count as one. */
const MIN_BURST = 10;

async function burst(servers: readonly ChildServer[], games: readonly Game[], ms: number, kill: () => void) {
  const acked: Acked[] = [];
  let killed = false;
  const player = async (g: Game, n: number) => {
    const url = servers[n % servers.length]!.url;
    let k = n * 7;
    while (!killed) {
      try {
        for (const token of Object.values(g.tokens)) {
          const v = await call(url, 'GET', `/api/games/${g.id}/view`, token);
          const moves = (v.body.legal as Action[]).filter((a) => a.type !== 'undo');
          if (moves.length === 0) continue;
          const r = await call(url, 'POST', `/api/games/${g.id}/actions`, token, {
            stateId: v.body.stateId,
            action: moves[k++ % moves.length],
          });
          if (r.status === 200) acked.push({ id: g.id, stateId: r.body.stateId, hash: r.body.hash });
          else assert.ok(r.status < 500, JSON.stringify(r.body));
        }
      } catch (e) {
        if (!killed) throw e; // a connection cut by the kill is expected
      }
    }
  };
  const players = games.map((g, i) => player(g, i));
  // The kill lands mid-burst: after `ms`, and once MIN_BURST moves are acknowledged (on a
  // busy machine a burst's first moves take longer), within a minute.
  const started = Date.now();
  while (Date.now() - started < ms || (acked.length < MIN_BURST && Date.now() - started < 60_000))
    await new Promise((r) => setTimeout(r, 50));
  kill();
  killed = true;
  await Promise.all(players);
  return acked;
}

/** Every acknowledged action stored with its hash, no gap, and games.seq at the last. */
async function checkStored(db: string, games: readonly Game[], acked: readonly Acked[]) {
  const store = await openStore(db);
  try {
    for (const g of games) {
      const rows = await store.actions(g.id);
      const bySeq = new Map(rows.map((r) => [r.seq, r.hash]));
      for (const a of acked.filter((x) => x.id === g.id)) {
        assert.equal(bySeq.get(a.stateId), a.hash, `acknowledged action ${a.stateId} of ${g.id} is stored`);
      }
      assert.deepEqual(
        rows.map((r) => r.seq),
        rows.map((_, i) => i + 1),
        'no gap',
      );
      assert.equal((await store.game(g.id))!.seq, rows.length);
    }
  } finally {
    await store.close();
  }
}

test('SIGKILL under a burst of moves, three times (2 threads, 1 thread, 2 processes on one file), loses no acknowledged action; every game replays to its hashes', async () => {
  const db = tempSqlitePath();
  let servers = [await startChildServer({ STAVKA_DB: db, STAVKA_THREADS: '2' })];
  const games: Game[] = [];
  for (let i = 0; i < 4; i++) {
    const made = await call(servers[0]!.url, 'POST', '/api/games', undefined, { game: 'mars-1942' });
    assert.equal(made.status, 201);
    const tokens: Record<string, string> = {};
    // Joining issues each seat its own token (issue #22): the player plays with that one.
    for (const side of ['german', 'soviet']) {
      const j = await call(
        servers[0]!.url,
        'POST',
        `/api/games/${made.body.id}/join`,
        made.body.seats[side].token,
        {},
      );
      assert.equal(j.status, 200);
      tokens[side] = j.body.token;
    }
    games.push({ id: made.body.id, tokens });
  }
  const killAll = () => {
    for (const s of servers) s.child.kill('SIGKILL');
  };
  let total = 0;
  for (const next of [[{ STAVKA_THREADS: '0' }], [{ STAVKA_THREADS: '0' }, { STAVKA_THREADS: '2' }], []]) {
    const acked = await burst(servers, games, 2000, killAll);
    assert.ok(acked.length >= MIN_BURST, `a real burst (${acked.length} moves acknowledged)`);
    total += acked.length;
    await checkStored(db, games, acked);
    // Started again on the same file: the games play on where they stood.
    servers = [];
    for (const env of next) servers.push(await startChildServer({ STAVKA_DB: db, ...env }));
    const store = await openStore(db);
    for (const s of servers) {
      for (const g of games) {
        const summary = await call(s.url, 'GET', `/api/games/${g.id}`);
        assert.equal(summary.body.stateId, (await store.game(g.id))!.seq, 'served where it stood');
      }
    }
    await store.close();
  }
  assert.ok(total >= 30, `${total} moves acknowledged over the three bursts`);

  const store = await openStore(db);
  try {
    for (const g of games) {
      const rows = await store.actions(g.id);
      const rec = (await store.game(g.id))!;
      const hashes: string[] = [];
      const r = replay(
        marsRules,
        {
          game: rec.game,
          rulesVersion: rec.rules_version,
          scenario: JSON.parse(rec.scenario),
          seed: JSON.parse(rec.seed!) as Seed,
          options: JSON.parse(rec.options),
          actions: rows.map((x) => ({ side: x.side, action: JSON.parse(x.action) })),
        },
        (s) => hashes.push(stateHash(s)),
      );
      assert.ok(r.ok);
      assert.deepEqual(
        hashes,
        rows.map((x) => x.hash),
      );
    }
  } finally {
    await store.close();
  }
});
