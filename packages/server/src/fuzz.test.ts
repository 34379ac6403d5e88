/**
 * Fuzz: thousands of random and malformed requests against live games. No request
 * gets a 5xx; every refusal is a 4xx {code, message}; a refused request changes
 * nothing stored; every view a seat gets is the one its side may see.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type RngState, rngFromSeed, rollDie } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import type { InjectOptions } from 'fastify';
import { buildApp } from './app.ts';
import { openStore } from './store.ts';
import { tempSqlitePath } from './test-support.ts';

const REQUESTS = 3000;

const store = await openStore(tempSqlitePath());
const { app } = await buildApp({ store, rateLimit: false });
after(async () => {
  await app.close();
  await store.close();
});

test(`${REQUESTS} random and malformed requests: never a 5xx, refusals change nothing`, async () => {
  let rng: RngState = rngFromSeed('fuzz');
  const pick = <T>(xs: readonly T[]): T => {
    const { value, next } = rollDie(rng, xs.length);
    rng = next;
    return xs[value - 1]!;
  };
  const n = (k: number) => {
    const { value, next } = rollDie(rng, k);
    rng = next;
    return value - 1;
  };
  const games: { id: string; tokens: string[]; spectator: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const made = (
      await app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } })
    ).json();
    const tokens = [made.seats.german.token, made.seats.soviet.token];
    if (i < 2) {
      for (const t of tokens) {
        await app.inject({
          method: 'POST',
          url: `/api/games/${made.id}/join`,
          headers: { authorization: `Bearer ${t}` },
          payload: {},
        });
      }
    }
    games.push({ id: made.id, tokens, spectator: made.spectator.token });
  }
  const allTokens = games.flatMap((g) => [...g.tokens, g.spectator]);
  const junk: unknown[] = [
    null,
    0,
    -1,
    1e308,
    'x',
    '',
    [],
    {},
    { type: 1 },
    { type: '' },
    { type: 'x'.repeat(65) },
    { __proto__: { type: 'undo' } },
    { constructor: { prototype: { polluted: true } } },
    [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]],
    { type: 'move', unit: null, to: { q: 'NaN' } },
    { type: 'undo' },
    { type: 'historical-setup', extra: ['a'] },
  ];
  const seqs = async () => Promise.all(games.map(async (g) => (await store.gameSeq(g.id))!.seq));
  let accepted = 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < REQUESTS; i++) {
    const g = pick(games);
    const token = pick([...allTokens, ...g.tokens, ...g.tokens, undefined, 'st_forged', 'Bearer', '']);
    const headers: Record<string, string> = {};
    if (token !== undefined)
      headers.authorization = pick([`Bearer ${token}`, token, `Basic ${token}`, `Bearer  ${token} x`]);
    const id = pick([g.id, g.id, g.id, 'nope', '../../etc', 'a'.repeat(80), '%00', games[0]!.id]);
    const what = n(10);
    let req: InjectOptions;
    if (what <= 3) {
      // an action: half of them well formed from the seat to move, the rest anything
      let v = { stateId: 0, legal: [] as { type: string }[] };
      let mover = pick(g.tokens);
      for (const t of g.tokens) {
        const view = await app.inject({
          url: `/api/games/${g.id}/view`,
          headers: { authorization: `Bearer ${t}` },
        });
        if (view.statusCode === 200 && view.json().legal.length > 0) {
          v = view.json();
          mover = t;
        }
      }
      const moves = v.legal.filter((a) => a.type !== 'undo');
      const legal = moves.length > 0 ? pick(moves) : { type: 'pass' };
      if (n(2) === 0) {
        req = {
          method: 'POST',
          url: `/api/games/${g.id}/actions`,
          headers: { authorization: `Bearer ${mover}` },
          payload: { stateId: v.stateId, action: legal },
        };
      } else {
        const action = pick([legal, legal, pick(v.legal.length > 0 ? v.legal : [legal]), pick(junk)]);
        const stateId = pick([
          v.stateId,
          v.stateId + 1,
          Math.max(0, v.stateId - 1),
          -3,
          'zero',
          null,
          2 ** 53,
        ]);
        const body = pick([{ stateId, action }, { stateId, action, more: 1 }, { action }, pick(junk)]);
        const raw = n(8);
        req = {
          method: 'POST',
          url: `/api/games/${id}/actions`,
          headers: {
            ...headers,
            'content-type': pick([
              'application/json',
              'application/json',
              'text/plain',
              'application/x-www-form-urlencoded',
            ]),
          },
          payload:
            raw === 0
              ? '{"stateId":1,"action":{"type":'
              : raw === 1
                ? 'x'.repeat(70_000)
                : JSON.stringify(body),
        };
      }
    } else if (what === 4) {
      req = {
        method: 'POST',
        url: `/api/games/${id}/join`,
        headers,
        payload: pick([
          {},
          { contribution: 'c' },
          { contribution: '' },
          { contribution: 5 },
          pick(junk),
        ]) as object,
      };
    } else if (what === 5) {
      req = {
        method: pick(['GET', 'DELETE', 'PATCH', 'HEAD']),
        url: pick([
          `/api/games/${id}/view`,
          `/api/games/${id}/log`,
          `/api/games/${id}/replay`,
          `/api/games/${id}/export`,
          `/api/games/${id}`,
        ]),
        headers,
      };
    } else if (what === 6) {
      req = {
        method: 'POST',
        url: '/api/games',
        payload: pick([
          { game: 'mars-1942', seats: { soviet: { player: pick(['ai', 'human', 'god']) } } },
          { game: pick(['mars-1942', 'x', 7]) },
          pick(junk),
        ]) as object,
      };
    } else if (what === 7) {
      req = {
        method: 'POST',
        url: '/api/games/import',
        payload: pick([
          { game: 'mars-1942', rulesVersion: 'x', seed: 1, actions: [] },
          {
            game: 'mars-1942',
            rulesVersion: marsRules.rulesVersion,
            seed: pick([1, 'x', -1]),
            actions: [{ side: 'german', action: pick(junk) }],
          },
          pick(junk),
        ]) as object,
      };
    } else if (what === 8) {
      req = {
        method: 'PUT',
        url: `/api/games/${id}/webhook`,
        headers,
        payload: pick([
          { url: null },
          { url: 'http://127.0.0.1:1/x' },
          { url: 'javascript:alert(1)' },
          { url: 5 },
          pick(junk),
        ]) as object,
      };
    } else {
      req = {
        method: pick(['GET', 'POST']),
        url: pick([
          '/',
          '/api',
          '/api/games',
          '/api/games/',
          `/api/games/${id}/live`,
          '/api/health?x=1',
          `/play/${id}`,
          '/%',
          '/api/games/import/view',
        ]),
        headers,
      };
    }
    const before = await seqs();
    const r = await app.inject(req);
    counts.set(r.statusCode, (counts.get(r.statusCode) ?? 0) + 1);
    assert.ok(
      r.statusCode < 500,
      `request ${i} ${JSON.stringify(req).slice(0, 300)} -> ${r.statusCode} ${r.body.slice(0, 300)}`,
    );
    const after = await seqs();
    if (r.statusCode >= 400) {
      if (req.method !== 'HEAD') {
        let e: { code?: unknown; message?: unknown } = {};
        try {
          e = r.json();
        } catch {
          assert.fail(
            `not JSON: ${r.statusCode} ${JSON.stringify(req).slice(0, 300)} ${r.body.slice(0, 100)}`,
          );
        }
        assert.equal(typeof e.code, 'string', r.body);
        assert.equal(typeof e.message, 'string', r.body);
      }
      assert.deepEqual(
        after,
        before,
        `a refused request changed nothing: ${JSON.stringify(req).slice(0, 300)}`,
      );
    } else if (req.method === 'POST' && String(req.url).endsWith('/actions')) {
      accepted++;
      assert.equal(
        after.reduce((a, b) => a + b, 0),
        before.reduce((a, b) => a + b, 0) + 1,
      );
    } else {
      assert.deepEqual(after, before);
    }
  }
  assert.ok(accepted > 50, `real moves were made too (${accepted})`);
  assert.ok((counts.get(200) ?? 0) > 100);
});
