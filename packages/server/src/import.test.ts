/**
 * Importing a game (docs/api.md `POST /api/games/import`; issue #46): a file to play on is
 * a new game whose seats join as a made game's do, whose rolls after the file's last
 * action come from a new server secret, and whose summary says it was imported, from
 * what and how far. A finished game is kept as it ended.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  type Action,
  apply,
  deriveSeed,
  legalActions,
  type ReplayFile,
  rngFromSeed,
  setup,
  sha256Hex,
  stateHash,
} from '@stavka/engine';
import { marsRules } from '@stavka/games';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ImportWorkers } from './import-worker.ts';
import { openStore, type Store } from './store.ts';
import { tempSqlitePath, until } from './test-support.ts';

const opened: { app: FastifyInstance; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.store.close();
  }
});

async function server(file = tempSqlitePath()) {
  const store = await openStore(file);
  const built = await buildApp({ store, rateLimit: false });
  await built.app.ready();
  opened.push({ app: built.app, store });
  return { app: built.app, store, file };
}

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

/** A Mars game of `n` actions (each side's first legal action), rolled from the importer's own seed. */
function fileOf(n: number): { file: ReplayFile; hashes: string[] } {
  const made = setup(marsRules, null, 'mine', {});
  assert.ok(made.ok);
  let s = made.value;
  const actions: { side: string; action: Action }[] = [];
  const hashes: string[] = [];
  while (actions.length < n) {
    const side = marsRules.activeSides(s.state)[0]!;
    const action = legalActions(marsRules, s, side)[0]!;
    const r = apply(marsRules, s, side, action);
    assert.ok(r.ok);
    s = r.value;
    actions.push({ side, action });
    hashes.push(stateHash(s));
  }
  return {
    file: {
      game: 'mars-1942',
      rulesVersion: marsRules.rulesVersion,
      scenario: null,
      seed: 'mine',
      options: {},
      actions,
    },
    hashes,
  };
}

interface Imported {
  id: string;
  status: string;
  commitment: string;
  seats: Record<string, { token: string }>;
  admin: { token: string };
}

async function importFile(app: FastifyInstance, file: object): Promise<Imported> {
  const r = await app.inject({ method: 'POST', url: '/api/games/import', payload: file });
  assert.equal(r.statusCode, 201, r.body);
  return r.json() as Imported;
}

async function joinAll(app: FastifyInstance, made: Imported): Promise<Record<string, string>> {
  const own: Record<string, string> = {};
  for (const [side, seat] of Object.entries(made.seats)) {
    const j = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: bearer(seat.token),
      payload: { contribution: `${side}-contribution` },
    });
    assert.equal(j.statusCode, 200, j.body);
    own[side] = (j.json() as { token: string }).token;
  }
  return own;
}

describe('an imported game to play on is a new game', () => {
  test("with a seed of the importer's own and no actions: its seats wait to join, and it rolls from a new server secret", async () => {
    const { app, store } = await server();
    const made = await importFile(app, fileOf(0).file);
    assert.equal(made.status, 'waiting', 'not started: no seat has joined');
    const summary = (await app.inject({ url: `/api/games/${made.id}` })).json();
    assert.deepEqual(
      Object.values(summary.seats).map((s) => (s as { joined: boolean }).joined),
      [false, false],
      'neither seat joined: the importer holds only the links he hands out',
    );
    assert.equal(summary.origin, 'imported');
    assert.deepEqual(summary.imported, { actions: 0, from: null, verifiedDice: false, playedOnHere: true });
    // The importer's copy of a seat's link stops once its player joins.
    const own = await joinAll(app, made);
    const creatorsCopy = await app.inject({
      url: `/api/games/${made.id}/view`,
      headers: bearer(made.seats.soviet!.token),
    });
    assert.equal(creatorsCopy.statusCode, 403);
    assert.equal(
      (await app.inject({ url: `/api/games/${made.id}/view`, headers: bearer(own.soviet!) })).statusCode,
      200,
    );
    // The game was set up from the server's secret (committed to at import) and the
    // seats' contributions, never from "mine".
    const record = (await store.game(made.id))!;
    assert.equal(record.status, 'active');
    assert.equal(sha256Hex(record.secret!), made.commitment);
    const seed = deriveSeed(record.secret!, { german: 'german-contribution', soviet: 'soviet-contribution' });
    assert.equal(record.seed, JSON.stringify(seed));
    assert.notEqual(record.seed, JSON.stringify('mine'));
  });

  test('with actions: they are kept as played (their own seed, for replay); the game rolls from its own seed after them, also after a restart', async () => {
    const n = 6;
    const { file, hashes } = fileOf(n);
    const first = await server();
    const made = await importFile(first.app, { ...file, hashes });
    assert.equal(made.status, 'waiting');
    const summary = (await first.app.inject({ url: `/api/games/${made.id}` })).json();
    assert.equal(summary.imported.actions, n);
    assert.equal(summary.stateId, n);
    const own = await joinAll(first.app, made);
    const record = (await first.store.game(made.id))!;
    const seed = deriveSeed(record.secret!, { german: 'german-contribution', soviet: 'soviet-contribution' });
    // What the game is now, as the seats' dice make it: the file's state, rolling from `seed`.
    let expected = setup(marsRules, null, 'mine', {});
    assert.ok(expected.ok);
    let s = expected.value;
    for (const a of file.actions) {
      const r = apply(marsRules, s, a.side, a.action);
      assert.ok(r.ok);
      s = r.value;
    }
    const asFiled = s;
    s = { ...s, rng: rngFromSeed(seed), undo: null };
    const side = marsRules.activeSides(s.state)[0]!;
    const token = own[side]!;
    const view = (
      await first.app.inject({ url: `/api/games/${made.id}/view`, headers: bearer(token) })
    ).json();
    assert.equal(view.stateId, n);
    const action = view.legal[0] as Action;
    const acted = await first.app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: bearer(token),
      payload: { stateId: n, action },
    });
    assert.equal(acted.statusCode, 200, acted.body);
    const mine = apply(marsRules, s, side, action);
    const filed = apply(marsRules, asFiled, side, action);
    assert.ok(mine.ok && filed.ok);
    assert.equal(acted.json().hash, stateHash(mine.value), "rolled from the game's own seed");
    assert.notEqual(acted.json().hash, stateHash(filed.value), "not from the file's");
    expected = { ok: true, value: mine.value };
    // A restart rebuilds it the same way: the file's actions, then its own seed.
    await first.app.close();
    const again = await server(first.file);
    const back = (
      await again.app.inject({ url: `/api/games/${made.id}/view`, headers: bearer(token) })
    ).json();
    assert.equal(back.stateId, n + 1);
    const next = marsRules.activeSides(expected.value.state)[0]!;
    const nextView = (
      await again.app.inject({ url: `/api/games/${made.id}/view`, headers: bearer(own[next]!) })
    ).json();
    const second = await again.app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: bearer(own[next]!),
      payload: { stateId: n + 1, action: nextView.legal[0] },
    });
    assert.equal(second.statusCode, 200, second.body);
    const mine2 = apply(marsRules, expected.value, next, nextView.legal[0] as Action);
    assert.ok(mine2.ok);
    assert.equal(second.json().hash, stateHash(mine2.value));
  });
});

describe('the time an import may take grows with its length', () => {
  test('an import worker with nothing to replay stops (its memory given back), and starts again for the next file', async () => {
    const { file, hashes } = fileOf(3);
    const workers = new ImportWorkers({ idleMs: 200 });
    try {
      workers.start();
      assert.equal(workers.running(), 1, 'started with the server');
      await until('stopped, idle', async () => workers.running() === 0, 20_000);
      const verified = await workers.verify({
        ...file,
        format: 'stavka-replay/1' as const,
        hashes,
        finalHash: hashes[hashes.length - 1] ?? null,
      });
      assert.deepEqual(verified.hashes, hashes, 'the next file replayed by a worker started again');
      await until('stopped again once idle', async () => workers.running() === 0, 20_000);
    } finally {
      await workers.close();
    }
  });

  test('an import worker holds the game of its files alone: three whole Mars games replayed grow the process by under 90 MB', async (t) => {
    // Issue #46: the import worker loaded every game's modules and data and let V8 size its
    // heap for the machine (the process grew 114 MB over these files); Mars alone, with a
    // heap sized to the work (worker-boot.ts workerHeap), 57 MB.
    const made = setup(marsRules, null, 'whole', {});
    assert.ok(made.ok);
    let s = made.value;
    const actions: { side: string; action: Action }[] = [];
    const hashes: string[] = [];
    for (let k = 1; actions.length < 3000; ) {
      const side = marsRules.activeSides(s.state)[0];
      if (!side) break;
      const legal = legalActions(marsRules, s, side).filter((a) => a.type !== 'undo');
      k = (k * 7919 + 13) % 100_003;
      const action = legal.find((a) => a.type === 'historical-setup') ?? legal[k % legal.length]!;
      const r = apply(marsRules, s, side, action);
      assert.ok(r.ok);
      s = r.value;
      actions.push({ side, action });
      hashes.push(stateHash(s));
    }
    const file = {
      format: 'stavka-replay/1' as const,
      game: 'mars-1942',
      rulesVersion: marsRules.rulesVersion,
      scenario: null,
      seed: 'whole',
      options: {},
      actions,
      hashes,
      finalHash: hashes[hashes.length - 1] ?? null,
    };
    const workers = new ImportWorkers();
    try {
      await new Promise((r) => setTimeout(r, 500));
      // This thread's own heap is not the worker's.
      const outside = () => (process.memoryUsage().rss - process.memoryUsage().heapTotal) / 2 ** 20;
      const base = outside();
      let grew = 0;
      const sample = setInterval(() => {
        grew = Math.max(grew, outside() - base);
      }, 50);
      try {
        for (let i = 0; i < 3; i++) assert.equal((await workers.verify(file)).finalHash, file.finalHash);
      } finally {
        clearInterval(sample);
      }
      t.diagnostic(`the process grew ${grew.toFixed(0)} MB replaying 3 files of ${actions.length} actions`);
      assert.ok(grew < 90, `the process grew ${grew.toFixed(0)} MB`);
    } finally {
      await workers.close();
    }
  });

  test('a long file is given time for each of its actions (a 4,193-action game is not refused at 20 s), never past 55 s', async () => {
    const { file } = fileOf(1);
    const of = (n: number) => ({
      ...file,
      actions: Array.from({ length: n }, () => file.actions[0]!),
      format: 'stavka-replay/1' as const,
      hashes: [],
      finalHash: null,
    });
    const workers = new ImportWorkers();
    try {
      assert.equal(workers.timeLimitMs(of(0)), 20_000, 'a short file: 20 s');
      // The CLI replays a 4,193-action Barbarossa export in ~13 s on an idle core; the
      // worker runs at the lowest priority beside the players: 20 s + 8 ms an action.
      assert.equal(workers.timeLimitMs(of(4193)), 20_000 + 4193 * 8);
      assert.equal(workers.timeLimitMs(of(20_000)), 55_000, 'under the idle-connection limit (60 s)');
    } finally {
      await workers.close();
    }
  });
});
