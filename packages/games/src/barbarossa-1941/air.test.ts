/**
 * barbarossa-1941 "Bombing and Close Air Support" and "Range" in ground combat (B-13, B-46),
 * through the contract. Columns: 6 = 2:1, 7 = 3:1, 8 = 4:1.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, hexIndex, legalActions, setup } from '@stavka/engine';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

type G = GameState<BarbarossaState>;
const col = (c: number) =>
  Array.from({ length: 10 }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);
const act = (s: G, side: string, a: BarbarossaAction): G => {
  const r = apply(barbarossaRules, s, side, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const hexOf = (s: G, n: string) => hexIndex(rulesScenarioByKey(s.state.scenario).map, n);
const has = (s: G, side: string, a: BarbarossaAction) =>
  legalActions(barbarossaRules, s, side).some((x) => JSON.stringify(x) === JSON.stringify(a));

/** A German army attacks the Russian army at 0505 from 0504: 6 against 3, 2:1. */
function germanAttack(extra: PositionInput['pieces']): G {
  const file = positionFile({
    map: {
      zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
      edges: [{ id: 'soviet-supply', hexes: col(10) }],
      connections: [{ kind: 'rail', path: col(10) }],
    },
    pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' }, ...extra },
  });
  const made = setup(barbarossaRules, file, 1, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let s = act(act(made.value, 'axis', { type: 'end-step' }), 'axis', { type: 'end-step' });
  s = act(s, 'axis', { type: 'allocate', piece: 'a', target: hexOf(s, '0505') });
  return act(s, 'axis', { type: 'end-movement' });
}

describe('Bombing and Close Air Support (B-13, B-46)', () => {
  it('a Fliegerkorps within range adds 2 columns; "not more than doubling the odds"', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0403' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(s.state.combat!.column, 8, '2:1 doubled is 4:1: +2 allowed');
  });
  it('the 8th Fliegerkorps 3 — held to doubling the odds (B-13)', () => {
    let s = germanAttack({ fk8: { is: 'ger-fk-8', at: '0403' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk8', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(s.state.combat!.column, 8, 'held to +2: 4:1 is twice 2:1');
  });
  it('beyond half its range a unit supports 1 column less (B-46); beyond its range, not at all', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0101' } });
    // 0101 to 0505: 5 hexes, more than half of 6.
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(s.state.combat!.column, 7);
    const far = germanAttack({ fk: { is: 'ger-fk', at: '0110' } });
    assert.equal(has(far, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(far, '0505') }), false);
  });
  it('"used only once offensively" a game-turn', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0403' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    assert.deepEqual(s.state.airUsed, ['fk']);
    assert.equal(has(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') }), false);
  });
});
