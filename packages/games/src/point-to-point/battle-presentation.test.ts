/**
 * The battle as a client draws it (battle-presentation.ts): forces, lines, and each
 * decision with its label and exact preview, the same as the analysis of the state the
 * decision leads to.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyWithRolls, type GameState, setup } from '@stavka/engine';
import { analyzeState } from './analysis.ts';
import { battleRules } from './battle.ts';
import { battleView } from './battle-presentation.ts';
import type { BattleScenario, BattleState } from './battle-scenario.ts';
import { STAND_FAST } from './policy.ts';

const stand = { attacker: STAND_FAST, defender: STAND_FAST };
const scenario: BattleScenario = {
  point: 'Mozhaisk',
  weather: 'snow',
  attacker: 'axis',
  units: [
    {
      id: 'XL',
      name: 'XL AK (mot.)',
      side: 'axis',
      role: 'attacker',
      class: 'major',
      value: 5,
      from: 'Gzhatsk',
    },
    {
      id: 'Reich',
      name: 'SS Reich',
      side: 'axis',
      role: 'attacker',
      class: 'major',
      value: 2,
      formation: 'ss-pz',
      from: 'Gzhatsk',
    },
    { id: '5A', name: '5th Army', side: 'soviet', role: 'defender', class: 'major', value: 2 },
    { id: '32RD', name: '32nd RD', side: 'soviet', role: 'defender', class: 'minor', value: 3 },
  ],
  points: [
    { id: 'Gzhatsk', control: 'axis', capacity: 4 },
    { id: 'Moscow', control: 'soviet', capacity: 1 },
  ],
};
const start = (() => {
  const made = setup(battleRules, scenario, 'view', {});
  assert.ok(made.ok);
  return made.value;
})();
const step = (s: GameState<BattleState>, side: string, action: object, rolls: number[] = []) => {
  const r = applyWithRolls(battleRules, s, side, action, rolls);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  return r.value;
};
const same = (a: unknown, b: unknown, message?: string) => assert.deepEqual(a, b, message);

describe('the battle view and its decisions (the battle preview)', () => {
  it('shows both forces with firing values and loss limits, and the lines out of the point', () => {
    const v = battleView(start.state);
    assert.equal(v.attacker.firingValue, 7);
    assert.equal(v.defender.firingValue, 5);
    same(
      v.defender.units.map((u) => [u.name, u.limit]),
      [
        ['5th Army', 2],
        ['32nd RD', 2],
      ],
    );
    same(
      v.lines.map((l) => [l.to, l.capacity, l.used]),
      [
        ['Gzhatsk', 4, 0],
        ['Moscow', 1, 0],
      ],
    );
  });
  it('before the battle: the attack, previewed as the whole battle', () => {
    const v = battleView(start.state, stand);
    same(
      v.decisions.map((d) => d.label),
      ['Attack Mozhaisk'],
    );
    const whole = analyzeState(start.state, stand);
    assert.ok(whole.ok);
    same(v.decisions[0]!.preview, whole.value);
  });
  it('while absorbing: each unit’s button previews the battle after that loss', () => {
    const s = step(start, 'axis', { type: 'attack' }, [6]); // 5 on a 6: 2 repulses
    const v = battleView(s.state, stand);
    same(
      v.decisions.map((d) => d.label),
      ['XL AK (mot.) absorbs a loss (dispersed)', 'SS Reich absorbs a loss (dispersed)'],
    );
    for (const d of v.decisions) {
      const after = step(s, 'axis', d.action);
      const r = analyzeState(after.state, stand);
      assert.ok(r.ok);
      same(d.preview, r.value);
    }
  });
  it('at a decision: continue and retreat, each with its exact outcome', () => {
    const s = step(start, 'axis', { type: 'attack' }, [1]); // no repulse
    const v = battleView(s.state, stand);
    same(
      v.decisions.map((d) => d.label),
      ['Continue the action', 'Retreat'],
    );
    assert.equal(v.decisions[1]!.preview!.endings['attacker-retreated'].value, 1);
    const onward = analyzeState(s.state, stand, undefined, 'continue');
    assert.ok(onward.ok);
    same(v.decisions[0]!.preview, onward.value);
  });
  it('on retreat: the routes with their priority; the capacity used shows on the line', () => {
    let s = step(start, 'axis', { type: 'attack' }, [1]);
    s = step(s, 'axis', { type: 'continue' }, [1]); // 7 on a 1: 1 breakthrough
    s = step(s, 'soviet', { type: 'absorb', unit: '5A' });
    s = step(s, 'soviet', { type: 'retreat' });
    const v = battleView(s.state, stand);
    same(
      v.decisions.map((d) => d.label),
      ['5th Army retreats to Moscow (priority a)', '32nd RD retreats to Moscow (priority a)'],
    );
    s = step(s, 'soviet', v.decisions[0]!.action);
    const w = battleView(s.state, stand);
    assert.equal(w.lines[1]!.used, 1);
    same(
      w.decisions.map((d) => d.label),
      ['32nd RD retreats to Gzhatsk (priority b)'],
      'Moscow is full: toward the attackers’ emptied point, on half its capacity',
    );
    s = step(s, 'soviet', w.decisions[0]!.action);
    const x = battleView(s.state, stand);
    assert.equal(x.toAct, null);
    assert.equal(x.holder, 'axis');
    same(x.decisions, []);
  });
});
