/**
 * A game set up from a scenario file of its own (not the module's standard one): its
 * states name the scenario by key, so every thread and process that reads them must
 * have set the game up from that file first. The AI worker thread plays its AI seats,
 * and a server started again (its cache empty, the state read from a snapshot) serves it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { standardScenarioFile } from '@stavka/games';
import { call, startChildServer, tempSqlitePath, until } from './test-support.ts';

test('a scenario of its own: the AI seats play it, and after a restart past a snapshot it is served and played on', async () => {
  const env = { DATABASE_URL: '', STAVKA_DB: tempSqlitePath() };
  const file = { ...(standardScenarioFile() as Record<string, unknown>), name: 'Mars, a file of our own' };
  let server = await startChildServer(env);
  try {
    const made = await call(server.url, 'POST', '/api/games', undefined, {
      game: 'mars-1942',
      scenario: file,
      seats: { soviet: { player: 'ai', level: 'ai1' }, german: { player: 'ai', level: 'ai1' } },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const id: string = made.body.id;
    // Past the first snapshot (every 100 actions): the AI worker knows the scenario.
    const at = await until(
      'the AI seats past action 100',
      async () => {
        const s = await call(server.url, 'GET', `/api/games/${id}`);
        return s.body.stateId > 100 ? (s.body.stateId as number) : undefined;
      },
      90_000,
    );
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    server = await startChildServer(env);
    const again = await call(server.url, 'GET', `/api/games/${id}`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.ok(again.body.stateId >= at, 'nothing lost');
    const view = await call(server.url, 'GET', `/api/games/${id}/view`, made.body.spectator.token);
    assert.equal(view.status, 200, JSON.stringify(view.body));
    assert.match(JSON.stringify(view.body.view), /"scenario":"custom:/, 'the state names its own scenario');
    await until(
      'the AI seats playing on after the restart',
      async () => (await call(server.url, 'GET', `/api/games/${id}`)).body.stateId > again.body.stateId,
      60_000,
    );
    assert.doesNotMatch(server.errors(), /is not loaded/);
  } finally {
    server.child.kill('SIGTERM');
  }
});
