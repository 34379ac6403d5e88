/**
 * Crash test: a server child process under a burst of moves is killed with SIGKILL,
 * then restarted on the same database. Every acknowledged action is there, with the
 * hash it was acknowledged with, and every game replays to its stored hashes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Action, replay, type Seed, stateHash } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import { openStore } from './store.ts';
import { call, startChildServer, tempSqlitePath } from './test-support.ts';

test('SIGKILL under a burst of moves loses no acknowledged action; every game replays to its hashes', async () => {
  const db = tempSqlitePath();
  // Killed threaded (shards.ts: storage through the main thread), restarted in one thread.
  let server = await startChildServer({ STAVKA_DB: db, STAVKA_THREADS: '2' });
  const games: { id: string; tokens: Record<string, string> }[] = [];
  for (let i = 0; i < 4; i++) {
    const made = await call(server.url, 'POST', '/api/games', undefined, { game: 'mars-1942' });
    assert.equal(made.status, 201);
    const tokens: Record<string, string> = {};
    // Joining issues each seat its own token (issue #22): the player plays with that one.
    for (const side of ['german', 'soviet']) {
      const j = await call(
        server.url,
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
  const acked: { id: string; stateId: number; hash: string }[] = [];
  let killed = false;
  const player = async (g: (typeof games)[number], n: number) => {
    let k = n;
    while (!killed) {
      try {
        for (const token of Object.values(g.tokens)) {
          const v = await call(server.url, 'GET', `/api/games/${g.id}/view`, token);
          const moves = (v.body.legal as Action[]).filter((a) => a.type !== 'undo');
          if (moves.length === 0) continue;
          const r = await call(server.url, 'POST', `/api/games/${g.id}/actions`, token, {
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
  const players = games.map((g, i) => player(g, i * 7));
  await new Promise((r) => setTimeout(r, 2500));
  server.child.kill('SIGKILL');
  killed = true;
  await Promise.all(players);
  assert.ok(acked.length >= 20, `a real burst (${acked.length} moves acknowledged)`);

  server = await startChildServer({ STAVKA_DB: db, STAVKA_THREADS: '0' });
  try {
    const store = await openStore(db);
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
      const rec = (await store.game(g.id))!;
      assert.equal(rec.seq, rows.length);
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
      // The restarted server serves the game where it stood, and it plays on.
      const summary = await call(server.url, 'GET', `/api/games/${g.id}`);
      assert.equal(summary.body.stateId, rows.length);
    }
    await store.close();
  } finally {
    server.child.kill('SIGTERM');
  }
});
