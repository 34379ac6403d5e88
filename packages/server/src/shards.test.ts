/**
 * The threaded server (shards.ts): games shared out over worker threads, storage through
 * the main thread. The same API as in one thread, over real sockets: refusals keep their
 * status and code across threads, live updates reach the clients, a shard that crashes
 * starts again with its games intact, a restart keeps every game.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import WebSocket from 'ws';
import { buildApp, type StavkaApp } from './app.ts';
import { ShardedService, shardOf } from './shards.ts';
import { openStore, type Store } from './store.ts';
import { call, tempSqlitePath, until } from './test-support.ts';

const opened: { built: StavkaApp; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.built.app.close();
    await o.store.close();
  }
});

async function threaded(
  file: string,
  threads = 2,
  webhooks?: Parameters<typeof buildApp>[0]['webhooks'],
  limits?: Parameters<typeof buildApp>[0]['limits'],
) {
  const store = await openStore(file);
  const built = await buildApp({
    store,
    rateLimit: false,
    threads,
    ...(webhooks ? { webhooks } : {}),
    ...(limits ? { limits } : {}),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  opened.push({ built, store });
  const port = (built.app.server.address() as { port: number }).port;
  return { ...built, built, store, base: `http://127.0.0.1:${port}`, port };
}

interface Made {
  id: string;
  seats: Record<string, { token: string }>;
  spectator: { token: string };
}

async function newGame(base: string): Promise<Made> {
  const r = await call(base, 'POST', '/api/games', undefined, { game: 'mars-1942' });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const made = r.body as Made;
  for (const side of ['german', 'soviet']) {
    const j = await call(base, 'POST', `/api/games/${made.id}/join`, made.seats[side]!.token, {});
    assert.equal(j.status, 200, JSON.stringify(j.body));
    // Joining issues the seat its own token (issue #22).
    made.seats[side] = { ...made.seats[side]!, token: j.body.token };
  }
  return made;
}

/** The side to move, its token and its view. */
async function mover(base: string, made: Made) {
  for (const side of ['german', 'soviet']) {
    const token = made.seats[side]!.token;
    const v = await call(base, 'GET', `/api/games/${made.id}/view`, token);
    assert.equal(v.status, 200);
    if (v.body.legal.length > 0) return { side, token, view: v.body };
  }
  throw new Error('nobody to move');
}

describe('which shard owns a game', () => {
  test('always the same one, within range, and ids spread evenly', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 64 }), (id, n) => {
        const s = shardOf(id, n);
        assert.ok(Number.isInteger(s) && s >= 0 && s < n);
        assert.equal(shardOf(id, n), s);
      }),
    );
    const counts = [0, 0, 0, 0];
    fc.assert(
      fc.property(fc.base64String({ minLength: 16, maxLength: 16 }), (id) => {
        counts[shardOf(id, 4)]!++;
      }),
      { numRuns: 4000 },
    );
    for (const c of counts) assert.ok(c > 800 && c < 1200, `shares ${counts}`);
  });
});

describe('a threaded server', () => {
  test('games on every shard: views, actions and refusals as in one thread; live updates on the channel', async () => {
    const { base, port, service, store } = await threaded(tempSqlitePath());
    assert.ok(service instanceof ShardedService && service.threads === 2);
    // New games are shared out in turn while none has a live client: 2 and 2.
    const games: Made[] = [];
    for (let i = 0; i < 4; i++) games.push(await newGame(base));
    assert.deepEqual(games.map((g) => shardOf(g.id, 2)).sort(), [0, 0, 1, 1]);

    for (const made of games) {
      const m = await mover(base, made);
      const other = m.side === 'german' ? 'soviet' : 'german';
      const action = m.view.legal.find((a: { type: string }) => a.type !== 'undo');
      const refusals: [string | undefined, object, number, string][] = [
        ['st_nobody', { stateId: m.view.stateId, action }, 403, 'seat/bad-token'],
        [undefined, { stateId: m.view.stateId, action }, 401, 'seat/no-token'],
        [made.seats[other]!.token, { stateId: m.view.stateId, action }, 409, 'action/not-your-turn'],
        [m.token, { stateId: m.view.stateId + 3, action }, 409, 'action/stale'],
        [
          m.token,
          { stateId: m.view.stateId, action: { type: 'move', unit: 'x', to: 'y' } },
          422,
          'action/not-legal',
        ],
      ];
      for (const [token, body, status, code] of refusals) {
        const r = await call(base, 'POST', `/api/games/${made.id}/actions`, token, body);
        assert.equal(r.status, status, JSON.stringify(r.body));
        assert.equal(r.body.code, code);
      }
      assert.equal((await store.actions(made.id)).length, 0, 'no refused action was stored');

      // The live channel: the first view, then the update for an action sent over HTTP.
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${made.id}/live`);
      const seen: { type: string; data?: { stateId: number } }[] = [];
      ws.on('message', (x) => seen.push(JSON.parse(String(x))));
      await new Promise((r) => ws.on('open', r));
      ws.send(JSON.stringify({ type: 'hello', token: made.spectator.token }));
      await until('the first view', async () => seen[0]?.type === 'view');
      const ok = await call(base, 'POST', `/api/games/${made.id}/actions`, m.token, {
        stateId: m.view.stateId,
        action,
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.seq, 1);
      const rows = await store.actions(made.id);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.hash, ok.body.hash, 'acknowledged once stored, with its hash');
      await until('the update', async () =>
        seen.some((x) => x.type === 'update' && x.data?.stateId === ok.body.stateId),
      );
      ws.close();
    }
    // Live clients on two games of shard 0: the next two new games go to shard 1.
    const busy = games.filter((g) => shardOf(g.id, 2) === 0);
    const sockets = busy.map((g) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${g.id}/live`);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: g.spectator.token })));
      return new Promise<WebSocket>((r) => ws.once('message', () => r(ws)));
    });
    const open = await Promise.all(sockets);
    const next = [await newGame(base), await newGame(base)];
    assert.deepEqual(
      next.map((g) => shardOf(g.id, 2)),
      [1, 1],
      'to the shard with fewer live games',
    );
    for (const ws of open) ws.close();
  });

  test('an act sent right after the hello, without waiting for the view, is taken as from that seat', async () => {
    const { base, port } = await threaded(tempSqlitePath());
    const made = await newGame(base);
    const m = await mover(base, made);
    const action = m.view.legal.find((a: { type: string }) => a.type !== 'undo');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${made.id}/live`);
    const seen: { type: string; ref?: string; code?: string; stateId?: number }[] = [];
    ws.on('message', (x) => seen.push(JSON.parse(String(x))));
    await new Promise((r) => ws.on('open', r));
    // Both in one go: the token is checked in the shard while the act has already come.
    ws.send(JSON.stringify({ type: 'hello', token: m.token }));
    ws.send(JSON.stringify({ type: 'act', ref: 'a1', stateId: m.view.stateId, action }));
    const answer = await until('the answer', async () => seen.find((x) => x.ref === 'a1'));
    assert.equal(answer.type, 'acted', JSON.stringify(answer));
    assert.equal(answer.stateId, m.view.stateId + 1);
    assert.equal(seen[0]!.type, 'view', 'the view first, then the update and the answer');
    ws.close();
  });

  test('a shard that crashes starts again: its live clients are told to reconnect, its games are intact', async () => {
    const { base, port, service } = await threaded(tempSqlitePath());
    const made = await newGame(base);
    const m = await mover(base, made);
    const action = m.view.legal.find((a: { type: string }) => a.type !== 'undo');
    assert.equal(
      (
        await call(base, 'POST', `/api/games/${made.id}/actions`, m.token, {
          stateId: m.view.stateId,
          action,
        })
      ).status,
      200,
    );
    const before = await call(base, 'GET', `/api/games/${made.id}`);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${made.id}/live`);
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    let views = 0;
    ws.on('message', (x) => {
      if (JSON.parse(String(x)).type === 'view') views++;
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'hello', token: made.spectator.token }));
    await until('the first view', async () => views > 0);

    await (service as ShardedService).crashShard(shardOf(made.id, 2));
    assert.equal(await closed, 1012, 'the live client is told the server is restarting');
    const again = await call(base, 'GET', `/api/games/${made.id}`);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, before.body, 'the game as it was');
    const next = await mover(base, made);
    assert.equal(next.view.stateId, before.body.stateId);
    const move = next.view.legal.find((a: { type: string }) => a.type !== 'undo');
    const r = await call(base, 'POST', `/api/games/${made.id}/actions`, next.token, {
      stateId: next.view.stateId,
      action: move,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.seq, 2);
  });

  test('a restart keeps every game, whichever shard owns it; AI seats play in their shard', async () => {
    const file = tempSqlitePath();
    const first = await threaded(file);
    const games = [await newGame(first.base), await newGame(first.base), await newGame(first.base)];
    for (const made of games) {
      const m = await mover(first.base, made);
      const action = m.view.legal.find((a: { type: string }) => a.type !== 'undo');
      const r = await call(first.base, 'POST', `/api/games/${made.id}/actions`, m.token, {
        stateId: m.view.stateId,
        action,
      });
      assert.equal(r.status, 200);
    }
    const ai = await call(first.base, 'POST', '/api/games', undefined, {
      game: 'mars-1942',
      seats: { german: { player: 'ai' }, soviet: { player: 'ai' } },
    });
    assert.equal(ai.status, 201);
    await until('the AI seats to move', async () => {
      const s = await call(first.base, 'GET', `/api/games/${ai.body.id}`);
      return s.body.stateId >= 3;
    });
    await first.built.app.close();
    await first.store.close();
    opened.splice(opened.indexOf(opened.find((o) => o.built === first.built)!), 1);

    // Three threads now: the games fall to other shards, and are all there.
    const second = await threaded(file, 3);
    for (const made of games) {
      const s = await call(second.base, 'GET', `/api/games/${made.id}`);
      assert.equal(s.status, 200);
      assert.equal(s.body.stateId, 1);
      const m = await mover(second.base, made);
      assert.equal(m.view.stateId, 1);
    }
    const stored = (await second.store.actions(ai.body.id)).length;
    await until('the AI seats to play on after the restart', async () => {
      const s = await call(second.base, 'GET', `/api/games/${ai.body.id}`);
      return s.body.stateId > stored;
    });
  });

  test('webhooks: URLs checked in the shard, notices queued with the change and delivered by the main thread', async () => {
    const strict = await threaded(tempSqlitePath());
    const refused = await call(strict.base, 'POST', '/api/games', undefined, {
      game: 'mars-1942',
      seats: { german: { webhook: 'http://127.0.0.1:9/hook' } },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'webhook/bad-url');

    const got: { event: string; side: string; gameId: string }[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      const port = (hook.address() as { port: number }).port;
      const { base, webhooks } = await threaded(tempSqlitePath(), 2, { allowPrivate: true, backoffMs: 20 });
      const made = await call(base, 'POST', '/api/games', undefined, {
        game: 'mars-1942',
        seats: { german: { webhook: `http://127.0.0.1:${port}/hook` } },
      });
      assert.equal(made.status, 201);
      assert.match(made.body.seats.german.webhookSecret, /^whsec_/);
      for (const side of ['german', 'soviet']) {
        const j = await call(
          base,
          'POST',
          `/api/games/${made.body.id}/join`,
          made.body.seats[side].token,
          {},
        );
        assert.equal(j.status, 200);
      }
      await until('the your-turn notice', async () => got.length > 0);
      assert.deepEqual(
        { event: got[0]!.event, side: got[0]!.side, gameId: got[0]!.gameId },
        { event: 'your-turn', side: 'german', gameId: made.body.id },
      );
      await until('the delivery to be counted', async () => webhooks.delivered === 1);
    } finally {
      hook.close();
    }
  });
});

describe('games nobody joined (issue #22)', () => {
  for (const threads of [0, 2]) {
    test(`${threads ? 'on 2 threads' : 'in one thread'}: deleted after their time, their live clients closed with 4404`, async () => {
      const { base } = await threaded(tempSqlitePath(), threads, undefined, {
        unjoinedTtlMs: 400,
        expirySweepMs: 100,
      });
      const r = await call(base, 'POST', '/api/games', undefined, { game: 'mars-1942' });
      assert.equal(r.status, 201);
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${r.body.id}/live`);
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: r.body.spectator.token })));
      assert.equal(await closed, 4404);
      assert.equal((await call(base, 'GET', `/api/games/${r.body.id}`)).status, 404);
    });
  }
});
