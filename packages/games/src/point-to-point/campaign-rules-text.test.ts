/**
 * Sentences of the surviving text (shared/rules/point-to-point.txt) and rulings P-13 .. P-15
 * as the campaign plays them (issue #43): A.5 (German air only where Axis ground units
 * stand), A.4 with P-13 (German air at the point defends against breakthrough attacks), B.4a
 * with P-14 (retreat capacity is the line's capacity now) and P-15 (points the Soviets win
 * back score for them). Each case is a small position reached through the contract and the
 * result the rule demands.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retreatOptions } from './battle.ts';
import { battleFromSetup } from './battle-scenario.ts';
import { victoryPoints } from './campaign.ts';
import { FIRE_TABLE } from './combat.ts';
import { act, campaignStart, type G, legal, position as positionFrom, unit } from './test-campaign.ts';

const start = campaignStart('rules-text');

/** A position from this file's opening (test-campaign.ts `position`). */
const position = (units: Record<string, string>, more: Parameters<typeof positionFrom>[2] = {}): G =>
  positionFrom(start, units, more);

describe('A.5 German Air Units Alone: "nor may they occupy a point without an Axis ground unit present"', () => {
  it('a German air unit whose ground units left its point flies from the nearest point that holds one', () => {
    // VIII Fliegerkorps at Yartsevo, where no Axis ground unit stands; IX Corps attacks
    // Dorogobuzh from Smolensk, XII Corps stays at Smolensk.
    let s = position({ 'viii-fk-1': 'yartsevo', ix: 'smolensk', xii: 'smolensk', '20a': 'dorogobuzh' });
    s = act(s, 'axis', { type: 'move', unit: 'ix', to: 'dorogobuzh' });
    s = act(s, 'axis', { type: 'end-movement' });
    assert.equal(unit(s, 'viii-fk-1').at, 'smolensk', 'its base moves to the XII Corps at Smolensk');
    assert.deepEqual(
      legal(s, 'axis').filter((a) => a.type === 'commit-air'),
      [{ type: 'commit-air', unit: 'viii-fk-1', at: 'dorogobuzh' }],
      'and it flies from there',
    );
  });
  it('a German air unit at a point the Soviets hold does not stay there', () => {
    // Gzhatsk is Soviet; the XII Corps stands at Vyazma (Axis).
    let s = position({ 'viii-fk-1': 'gzhatsk', xii: 'vyazma' }, { axis: ['vyazma'] });
    s = act(s, 'axis', { type: 'end-movement' });
    assert.equal(unit(s, 'viii-fk-1').at, 'vyazma');
  });
  it('a German air unit with no Axis ground unit at its base is not offered for a battle', () => {
    // Both corps attack out of Smolensk: nobody is left there, and nowhere else either, so
    // the air unit has no point it could fly from.
    let s = position({ 'viii-fk-1': 'smolensk', ix: 'smolensk', '20a': 'dorogobuzh' });
    s = act(s, 'axis', { type: 'move', unit: 'ix', to: 'dorogobuzh' });
    s = act(s, 'axis', { type: 'end-movement' });
    assert.ok(!legal(s, 'axis').some((a) => a.type === 'commit-air'));
  });
});

describe('A.4 German Air Units In Combat and RULINGS P-13: breakthrough attacks', () => {
  it('German air based at a point attacked by a Soviet breakthrough multiplies its Axis defenders', () => {
    // Boldin's group advanced into Gzhatsk after a regular combat; XII Corps (value 2) holds
    // Vyazma with VIII Fliegerkorps based there.
    let s = position(
      { boldin: 'gzhatsk', xii: 'vyazma', 'viii-fk-1': 'vyazma' },
      {
        axis: ['vyazma'],
        change: (g) => {
          g.player = 'soviet';
          g.phase = 'breakthrough';
          g.units.find((u) => u.id === 'boldin')!.advanced = true;
        },
      },
    );
    s = act(s, 'soviet', { type: 'breakthrough', unit: 'boldin', to: 'vyazma' });
    if (s.state.phase === 'breakthrough') s = act(s, 'soviet', { type: 'end-breakthrough' });
    s = act(s, 'soviet', { type: 'fight', at: 'vyazma' });
    const b = s.state.battle!;
    assert.equal(b.combat, 'breakthrough');
    assert.deepEqual(
      b.units.filter((u) => u.unitClass === 'air').map((u) => [u.id, u.role]),
      [['viii-fk-1', 'defender']],
      '"Units defending against ... breakthrough attacks gain this defensive benefit"',
    );
    assert.equal(b.units.find((u) => u.id === 'xii')!.fire, 4, 'XII Corps doubled: 2 x 2');
  });
});

describe('B.4a Retreat from combat and RULINGS P-14: the capacity of the connecting lines now', () => {
  it('in Mud a retreat uses the halved capacity of each line, less what movement used', () => {
    // The 16th Army holds Vyazma in Mud; the XX Corps and SS Reich attack from Yartsevo.
    let s = position(
      { xx: 'yartsevo', 'ss-reich': 'yartsevo', '16a': 'vyazma' },
      {
        change: (g) => {
          g.weather = 'mud';
        },
      },
    );
    s = act(s, 'axis', { type: 'move', unit: 'xx', to: 'vyazma' });
    s = act(s, 'axis', { type: 'move', unit: 'ss-reich', to: 'vyazma' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'fight', at: 'vyazma' });
    const cap = (id: string) => s.state.battle!.neighbours.find((n) => n.id === id)!.capacity;
    assert.equal(cap('gzhatsk'), 2, 'highway and railway: 4, halved in Mud (C-11.2)');
    assert.equal(cap('sychevka'), 2, 'railway and road: 4 (C-1.3, rules /4), halved');
    assert.equal(cap('kaluga'), 1, 'railway: 2, halved');
    assert.equal(
      cap('yartsevo'),
      0.5,
      'the Minsk highway: 2 in Mud, less the XX Corps (1) and SS Reich (1/2) that came along it; the half kept',
    );
  });
  it('partisans at the point retreated to take one unit of capacity from the Axis (C-10.2)', () => {
    // The Axis holds Vyazma and Gzhatsk; partisans at Gzhatsk; the 16th Army attacks Vyazma.
    let s = position(
      { xx: 'vyazma', '16a': 'sychevka' },
      {
        axis: ['vyazma', 'gzhatsk'],
        change: (g) => {
          g.player = 'soviet';
          g.partisans = ['gzhatsk'];
        },
      },
    );
    s = act(s, 'soviet', { type: 'move', unit: '16a', to: 'vyazma' });
    s = act(s, 'soviet', { type: 'end-movement' });
    s = act(s, 'soviet', { type: 'fight', at: 'vyazma' });
    const cap = (id: string) => s.state.battle!.neighbours.find((n) => n.id === id)!.capacity;
    assert.equal(cap('gzhatsk'), 3, 'capacity 4 less the partisans’ unit');
    assert.equal(cap('yartsevo'), 4);
  });
  it('a half unit left on a line still carries an SS Pz division (weight 1/2)', () => {
    const made = battleFromSetup(
      {
        point: 'vyazma',
        weather: 'good',
        attacker: 'soviet',
        units: [
          {
            id: '16a',
            name: '16th Army',
            side: 'soviet',
            role: 'attacker',
            class: 'major',
            value: 3,
            from: 'east',
          },
          {
            id: 'reich',
            name: 'SS Reich',
            side: 'axis',
            role: 'defender',
            class: 'major',
            value: 2,
            formation: 'ss-pz',
          },
        ],
        points: [
          { id: 'east', control: 'soviet', capacity: 4 },
          { id: 'west', control: 'axis', capacity: 0.5 },
        ],
      },
      FIRE_TABLE.id,
    );
    assert.ok(made.ok, JSON.stringify(!made.ok && made.error));
    const b = made.value;
    const reich = b.units.find((u) => u.id === 'reich')!;
    assert.deepEqual(retreatOptions(b, reich), [{ to: 'west', priority: 'a' }]);
  });
});

describe('RULINGS P-15: points the Soviets win back score for them', () => {
  it('a point of value the Axis took and the Soviets retook counts for the Soviets, no longer for the Axis', () => {
    // The LVI Panzer Corps drives through Vyazma (1 point) to Gzhatsk; the 16th Army at
    // Kaluga comes back into Vyazma in the Soviet player-turn.
    let s = position({ 'lvi-pz': 'yartsevo', '16a': 'kaluga', xii: 'smolensk' });
    const before = victoryPoints(s.state);
    s = act(s, 'axis', { type: 'move', unit: 'lvi-pz', to: 'gzhatsk' });
    assert.equal(s.state.control.vyazma, 'axis');
    assert.equal(victoryPoints(s.state).axis, before.axis + 1, 'Vyazma: 1 for the Axis');
    while (s.state.player === 'axis') {
      const l = legal(s, 'axis');
      s = act(s, 'axis', l.find((a) => a.type === 'end-movement' || a.type === 'end-turn') ?? l[0]!);
    }
    s = act(s, 'soviet', { type: 'move', unit: '16a', to: 'vyazma' });
    assert.equal(s.state.control.vyazma, 'soviet');
    const after = victoryPoints(s.state);
    assert.equal(after.soviet, before.soviet + 1, 'Vyazma won back: 1 for the Soviets');
    assert.equal(after.axis, before.axis, 'and none for the Axis, who no longer holds it');
  });
});
