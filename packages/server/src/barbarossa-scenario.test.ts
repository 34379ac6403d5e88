/**
 * Barbarossa from a scenario file of the client's own (issue #42 "Also"): the file
 * `stavka scenario --game barbarossa-1941` writes, edited, is set up off the serving
 * thread and played like any other game, its state naming its own scenario; a broken copy
 * is refused before anything is stored, naming each field.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { findGame } from '@stavka/games';
import type { FastifyInstance } from 'fastify';
import { buildApp, DEFAULT_LIMITS } from './app.ts';
import { openStore, type Store } from './store.ts';
import { newJoinedGame, tempSqlitePath } from './test-support.ts';

const opened: { app: FastifyInstance; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.store.close();
  }
});

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const standardFile = () => findGame('barbarossa-1941')!.scenarios!.standardFile() as Record<string, unknown>;

test('Barbarossa: an edited scenario file of the client is set up, joined and viewed as a scenario of its own', async () => {
  const store = await openStore(tempSqlitePath());
  // The file is set up off the serving thread, by the import worker, under its time limit
  // (20 s by default): on a loaded machine its cold start alone took longer (a fresh-clone CI
  // beside two AI runs). This test is of the set-up, not of that limit (import.test.ts has it).
  const imports = { ...DEFAULT_LIMITS.imports, timeoutMs: 110_000, maxTimeoutMs: 110_000 };
  const { app } = await buildApp({ store, rateLimit: false, limits: { imports } });
  await app.ready();
  opened.push({ app, store });
  const scenario = { ...standardFile(), name: 'Barbarossa, our own copy' };
  // Made and joined: each seat holds the token joining issued it.
  const made = await newJoinedGame(app.inject.bind(app), { game: 'barbarossa-1941', scenario });
  assert.equal((await app.inject({ url: `/api/games/${made.id}` })).json().status, 'active');
  const view = await app.inject({
    url: `/api/games/${made.id}/view`,
    headers: bearer(made.seats.axis!.token!),
  });
  assert.equal(view.statusCode, 200, view.body);
  assert.match(JSON.stringify(view.json().view), /"scenario":"custom:[0-9a-f]{64}"/);

  const broken = standardFile() as { units: { factors: Record<string, number> }[]; turns: unknown };
  broken.units[0]!.factors.attack = -3;
  broken.turns = 'fifteen';
  const bad = await app.inject({
    method: 'POST',
    url: '/api/games',
    payload: { game: 'barbarossa-1941', scenario: broken },
  });
  assert.equal(bad.statusCode, 422, bad.body);
  assert.equal(bad.json().code, 'game/bad-setup');
  assert.match(bad.json().message, /units\[0\]\.factors\.attack/);
  assert.match(bad.json().message, /turns/);
});
