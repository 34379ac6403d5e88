/**
 * ARCHITECTURE "Adding a game" holds (issue #47): the toy fourth game, Couriers, was added
 * by its folder (`couriers/`) and one line in `catalog.ts` (the registry loads each card's
 * module), and nothing else. The registry and the catalog list it, the conformance suite passes on it,
 * `stavka simulate` and `stavka replay` play and replay it, the server creates and plays
 * a game of it, and its id is named in no source file outside its folder but those two
 * lines (and this test).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main } from '@stavka/cli';
import { checkConformance } from '@stavka/engine';
import { buildApp, openStore } from '@stavka/server';
import { CARDS, cardOf } from './catalog.ts';
import { findGame, GAME_IDS } from './registry.ts';

const ID = 'couriers';
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const tmp = mkdtempSync(join(tmpdir(), 'stavka-adding-a-game-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

async function stavka(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s), exit: () => {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('adding a game: its folder and one line in catalog.ts', () => {
  it('the registry and the catalog list it, with its rules, the card agreeing with the module', () => {
    assert.ok(GAME_IDS.includes(ID));
    const m = findGame(ID);
    assert.ok(m, 'registered');
    assert.equal(m.rules.id, ID, 'a registered game is played by its rules');
    const card = cardOf(ID);
    assert.ok(card && CARDS.includes(card));
    assert.deepEqual(card.meta, m.meta);
    assert.deepEqual(Object.keys(card.players), Object.keys(m.players ?? {}));
  });

  it('the conformance suite passes on it, secrets included', () => {
    const m = findGame(ID)!;
    const found = checkConformance(m, {
      playouts: 4,
      seed: 'adding-a-game',
      sampleEvery: 1,
      ...(m.conformance?.secrets ? { secrets: m.conformance.secrets } : {}),
    });
    assert.deepEqual(found, []);
  });

  it('stavka simulate plays it and stavka replay replays what it saved', async () => {
    const dir = join(tmp, 'cli');
    const sim = await stavka(
      'simulate',
      '--game',
      ID,
      '--players',
      'random,ai',
      '--games',
      '2',
      '--seed',
      '7',
      '--json',
      '--save',
      dir,
    );
    assert.equal(sim.code, 0, sim.err);
    const games = (JSON.parse(sim.out) as { games: { winner: string; actions: number }[] }).games;
    assert.equal(games.length, 2);
    for (const g of games) assert.ok(g.actions >= 8, JSON.stringify(g));
    const files = readdirSync(dir).sort();
    assert.deepEqual(files, [`${ID}-7.json`, `${ID}-8.json`]);
    for (const f of files) {
      const r = await stavka('replay', join(dir, f));
      assert.equal(r.code, 0, r.err);
    }
  });

  it('the server creates a game of it and plays it to the end', async () => {
    const store = await openStore(join(tmp, 'server.sqlite'));
    const { app } = await buildApp({ store, rateLimit: false });
    try {
      await app.ready();
      const made = await app.inject({ method: 'POST', url: '/api/games', payload: { game: ID, seats: {} } });
      assert.equal(made.statusCode, 201, made.body);
      const game = made.json() as { id: string; seats: Record<string, { token?: string }> };
      const tokens: Record<string, string> = {};
      for (const [side, seat] of Object.entries(game.seats)) {
        const j = await app.inject({
          method: 'POST',
          url: `/api/games/${game.id}/join`,
          headers: { authorization: `Bearer ${seat.token}` },
          payload: { contribution: `${side}-dice` },
        });
        assert.equal(j.statusCode, 200, j.body);
        tokens[side] = (j.json() as { token: string }).token;
      }
      assert.deepEqual(Object.keys(tokens).sort(), ['blue', 'red']);
      let status = 'active';
      for (let n = 0; n < 100 && status !== 'over'; n++) {
        let moved = false;
        for (const token of Object.values(tokens)) {
          const v = await app.inject({
            url: `/api/games/${game.id}/view`,
            headers: { authorization: `Bearer ${token}` },
          });
          assert.equal(v.statusCode, 200, v.body);
          const seen = v.json() as { status: string; stateId: number; legal: { type: string }[] };
          status = seen.status;
          const action = seen.legal.find((a) => a.type !== 'undo');
          if (!action) continue;
          const r = await app.inject({
            method: 'POST',
            url: `/api/games/${game.id}/actions`,
            headers: { authorization: `Bearer ${token}` },
            payload: { stateId: seen.stateId, action },
          });
          assert.equal(r.statusCode, 200, r.body);
          status = (r.json() as { status: string }).status;
          moved = true;
          break;
        }
        assert.ok(moved || status === 'over', 'some seat had an action');
      }
      assert.equal(status, 'over');
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("its id is named in no source file outside its folder but catalog.ts's line", () => {
    const self = relative(root, fileURLToPath(import.meta.url));
    const games = relative(root, here);
    const hits = execFileSync(
      'git',
      [
        'grep',
        '--untracked',
        '-I',
        '-l',
        '-w',
        ID,
        '--',
        'packages',
        ':(exclude)*.md',
        `:(exclude)${games}/${ID}/**`,
      ],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter((f) => f !== '')
      .sort();
    assert.deepEqual(hits, [`${games}/catalog.ts`, self].sort());
    for (const f of ['catalog.ts']) {
      const lines = execFileSync('git', ['grep', '--untracked', '-h', '-w', ID, '--', `${games}/${f}`], {
        cwd: root,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((l) => l !== '');
      // The import and the entry in the list: one line, and its import.
      assert.ok(lines.length <= 2, `${f}: ${lines.join(' | ')}`);
    }
  });
});
