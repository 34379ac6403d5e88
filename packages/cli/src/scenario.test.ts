/**
 * `stavka scenario --game ID [--out FILE]`: any game's standard scenario as one file that
 * `stavka validate` accepts and a game can be set up from; a broken copy is refused naming
 * each field (issue #42).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { legalActions, setup } from '@stavka/engine';
import { findGame, playableGame } from '@stavka/games';
import { stavka } from './run-cli.ts';
import { SCENARIO_GAMES } from './scenario.ts';

const dir = mkdtempSync(join(tmpdir(), 'stavka-scenario-'));

describe('stavka scenario', () => {
  it('lists Barbarossa among the games with scenarios', () => {
    assert.ok(SCENARIO_GAMES.includes('barbarossa-1941'));
  });

  for (const game of SCENARIO_GAMES)
    it(`writes ${game}'s standard scenario as one file that validate accepts`, async () => {
      const file = join(dir, `${game}.json`);
      const w = await stavka('scenario', '--game', game, '--out', file);
      assert.equal(w.code, 0, w.err);
      assert.match(w.out, /wrote/);
      const v = await stavka('validate', file);
      assert.equal(v.code, 0, v.err);
      assert.match(v.out, /valid/);
      const scenario = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      assert.deepEqual(scenario, findGame(game)!.scenarios!.standardFile());
    });

  it('writes a file a game sets up from and plays (mars-1942: the server takes it as a scenario of its own)', async () => {
    const file = join(dir, 'mars-play.json');
    await stavka('scenario', '--game', 'mars-1942', '--out', file);
    const rules = playableGame('mars-1942')!.rules;
    const started = setup(rules, JSON.parse(readFileSync(file, 'utf8')) as unknown, 1, {});
    assert.ok(started.ok, JSON.stringify(!started.ok && started.error.slice(0, 3)));
    assert.ok(rules.sides.some((side) => legalActions(rules, started.value, side).length > 0));
  });

  it('prints the file when no --out is given', async () => {
    const r = await stavka('scenario', '--game', 'barbarossa-1941');
    assert.equal(r.code, 0, r.err);
    assert.equal((JSON.parse(r.out) as { game: string }).game, 'barbarossa-1941');
  });

  it('refuses a broken copy of the Barbarossa file, naming each field', async () => {
    const file = join(dir, 'broken.json');
    await stavka('scenario', '--game', 'barbarossa-1941', '--out', file);
    const bad = JSON.parse(readFileSync(file, 'utf8')) as {
      units: { factors: Record<string, number> }[];
      turns: unknown;
      map: { places: { hex: string }[] };
    };
    bad.units[0]!.factors.attack = -3;
    bad.turns = 'fifteen';
    bad.map.places[0]!.hex = '9999';
    writeFileSync(file, JSON.stringify(bad));
    const r = await stavka('validate', file);
    assert.equal(r.code, 1);
    assert.match(r.err, /units\[0\]\.factors\.attack/);
    assert.match(r.err, /turns/);
  });

  it('says which games there are when --game names none', async () => {
    const r = await stavka('scenario', '--game', 'chess');
    assert.equal(r.code, 1);
    assert.match(r.err, /"chess" is no game with scenarios \(one of .*barbarossa-1941/);
  });
});
