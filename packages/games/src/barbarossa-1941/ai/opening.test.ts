/**
 * The Axis's opening attacks of 22 June (`PolicyParams.openingColumn`, issue #44): level 2's
 * `reduce` plan attacks from 4:1 only, and on game-turn 1 that opened no gap before
 * operational movement (A.2), so 3. Panzergruppe ended the turn 7-8 hexes short of Minsk.
 * With `openingColumn` at 3:1 the attacks before operational movement of game-turn 1 are made
 * from 3:1; those of later turns, and those of the movement step, keep the plan's minimum.
 * Screened alone and with two units going in (docs/barbarossa-balance.md, "Minsk and
 * Smolensk sooner" and "The opening and two units"), and level 2's since 1 Dec 2026 with the
 * short drives of game-turns 1-2 ("How deep the spearheads drive"): level 2's `reduce` sets
 * it (`search.ts` `LEVEL_2_AXIS_PLANS`); level 1 does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply } from '@stavka/engine';
import { type G, started } from '../test-games.ts';
import { BarbarossaAiPlayer, LEVEL_2 } from './ai.ts';
import { COL, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import { axisAllocations, aiRules as rules } from './test-games.ts';

/** The standard game at the Axis's attacks before operational movement (A.2) of 22 June, its game-turn read as `turn`. */
function opening(turn: number): G {
  let s = started(null, { seed: 1, tweak: (g) => Object.assign(g, { turn }) });
  // The set-up's choices and the reinforcements (A.1), by level 1.
  const p = new BarbarossaAiPlayer('opening:setup', DEFAULT_PARAMS);
  for (let n = 0; n < 200 && s.state.step !== 'attacks-first'; n++) {
    const side = rules.activeSides(s.state)[0]!;
    const r = apply(rules, s, side, p.choose(rules, s, side));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value as G;
  }
  return s;
}

/** `reduce`'s minimum (4:1), with `extra` on top. */
const reduce = (extra: Partial<PolicyParams> = {}): PolicyParams => ({
  ...DEFAULT_PARAMS,
  minColumn: { ...DEFAULT_PARAMS.minColumn, axis: COL['4:1']! },
  ...extra,
});

/** The attacks the Axis allocates in its attacks before operational movement (A.2), played with `params`. */
function openingAttacks(params: PolicyParams, turn: number): Action[] {
  const s = opening(turn);
  assert.equal(s.state.step, 'attacks-first');
  return axisAllocations(
    s,
    params,
    'opening',
    (g) => g.step === 'attacks-first' && rules.activeSides(g).includes('axis'),
    'end-step',
  );
}

describe("the Axis's opening attacks on game-turn 1 (issue #44)", () => {
  const planned = openingAttacks(DEFAULT_PARAMS, 1).length;
  const sure = openingAttacks(reduce(), 1);
  const opened = openingAttacks(reduce({ openingColumn: COL['3:1']! }), 1);
  it('from 4:1 only, fewer units attack on 22 June than from 3:1 (the rules of thumb)', () => {
    assert.ok(sure.length < planned, `from 4:1 ${sure.length} allocations, from 3:1 ${planned}`);
  });
  it('with the opening column at 3:1, the attacks before operational movement are those from 3:1', () => {
    assert.equal(opened.length, planned);
    assert.ok(opened.length > sure.length);
  });
  it('on game-turn 2 the opening column is not used', () => {
    assert.deepEqual(openingAttacks(reduce({ openingColumn: COL['3:1']! }), 2), openingAttacks(reduce(), 2));
  });
  it("level 2's reduce plan opens from 3:1, its other plans and level 1 not at all", () => {
    assert.equal(DEFAULT_PARAMS.openingColumn, undefined);
    for (const plan of LEVEL_2.plans?.axis ?? [])
      assert.equal(plan.params.openingColumn, plan.key === 'reduce' ? COL['3:1'] : undefined, plan.key);
    for (const plan of LEVEL_2.plans?.axis ?? [])
      assert.deepEqual(plan.params.exploitSupply, [8, 8, 10], plan.key);
  });
});
