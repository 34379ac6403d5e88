/**
 * A standard scenario a user can take out, edit and load (issue #42 "Also"): the file
 * `stavka scenario --game barbarossa-1941` writes (`standardScenarioFile`) sets up a game;
 * the standard file is the standard game itself, an edited copy a game of its own
 * (`custom:` and the file's hash), a broken copy is refused naming each field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyUnchecked, legalActions, replay, setup, stateHash } from '@stavka/engine';
import { barbarossaRules } from './rules.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { type ScenarioFile, standardScenarioFile } from './scenario.ts';
import type { BarbarossaState } from './state.ts';

/** The file as a user has it: written out as JSON and read back. */
const asWritten = (): ScenarioFile => JSON.parse(JSON.stringify(standardScenarioFile())) as ScenarioFile;

describe('Barbarossa set up from a scenario file (stavka scenario)', () => {
  it('sets the standard file up as the standard game: the same state, the same hash', () => {
    const fromFile = setup(barbarossaRules, asWritten(), 7, {});
    const standard = setup(barbarossaRules, null, 7, {});
    assert.ok(fromFile.ok && standard.ok);
    assert.equal((fromFile.value.state as BarbarossaState).scenario, 'standard');
    assert.equal(stateHash(fromFile.value), stateHash(standard.value));
  });

  it('plays an edited copy as a scenario of its own: the counter moved stands where the file puts it', () => {
    const file = asWritten() as ScenarioFile & { setup: { standard: { axis: Record<string, string> } } };
    const axis = file.setup.standard.axis;
    const [unit, was] = Object.entries(axis).find(([id]) => id === 'ger-i-ak')!;
    // one hex west, still on Axis ground in the korps's set-up area (compileScenario checks it)
    const moved = `${String(Number(was.slice(0, 2)) - 1).padStart(2, '0')}${was.slice(2)}`;
    axis[unit] = moved;
    const made = setup(barbarossaRules, file, 3, {});
    assert.ok(made.ok, JSON.stringify(!made.ok && made.error.slice(0, 3)));
    const g = made.value.state as BarbarossaState;
    assert.match(g.scenario, /^custom:[0-9a-f]{64}$/);
    const s = rulesScenarioByKey(g.scenario);
    assert.equal(s.hexNumbers[g.pieces[unit]!.at], moved);
    // the game goes on: the Axis has moves, and a game of 60 actions replays to the same hash
    let st = made.value;
    const actions: { side: string; action: (typeof legal)[number] }[] = [];
    let legal = legalActions(barbarossaRules, st, 'axis');
    for (let i = 0; i < 60; i++) {
      const side = barbarossaRules.activeSides(st.state)[0];
      if (side === undefined) break;
      legal = legalActions(barbarossaRules, st, side).filter((a) => a.type !== 'undo');
      assert.ok(legal.length > 0, `action ${i}: ${side} has a legal action`);
      const action = legal[(i * 7) % legal.length]!;
      st = applyUnchecked(barbarossaRules, st, side, action);
      actions.push({ side, action });
    }
    const again = replay(barbarossaRules, {
      game: 'barbarossa-1941',
      rulesVersion: barbarossaRules.rulesVersion,
      scenario: file,
      seed: 3,
      actions,
    });
    assert.ok(again.ok, JSON.stringify(!again.ok && again.error.slice(0, 3)));
    assert.equal(stateHash(again.value), stateHash(st));
  });

  it('refuses a broken copy, naming each field', () => {
    const file = asWritten();
    file.units[0]!.factors.attack = -3;
    Object.assign(file, { turns: 'fifteen' });
    const made = setup(barbarossaRules, file, 1, {});
    assert.ok(!made.ok);
    const paths = made.error.map((e) => e.path);
    assert.ok(
      paths.some((p) => /units\[0\]\.factors\.attack/.test(p)),
      paths.join(', '),
    );
    assert.ok(
      paths.some((p) => /^turns/.test(p)),
      paths.join(', '),
    );
    const badHex = asWritten();
    badHex.map.places![0]!.hex = '9999';
    const h = setup(barbarossaRules, badHex, 1, {});
    assert.ok(!h.ok);
    assert.ok(
      h.error.some((e) => e.path === 'map.places[0].hex'),
      h.error.map((e) => e.path).join(', '),
    );
    const notAFile = setup(barbarossaRules, { game: 'barbarossa-1941' }, 1, {});
    assert.ok(!notAFile.ok, 'an empty file is refused, not thrown');
  });
});
