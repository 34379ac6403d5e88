/**
 * The battle at one point, sentence by sentence (point-to-point.txt A and B, RULINGS
 * P-1..P-5): each case a small battle and the result the rules demand, played only
 * through `legalActions` and `apply`; the dice a case needs are handed to the engine with
 * the action that rolls them (`applyWithRolls`). Cells of the provisional table used
 * (P-1; losses = floor((value x roll + 15) / 21)): column 1 gives 1 only on a 6; column
 * 3 gives 0 on a 1 and 1 on 2-6; column 6 gives 1 on 1-4; column 19 gives the roll. The
 * air-to-air column (P-17; survivors = floor((units x roll + 3) / 6)): 1 unit survives on
 * 3-6; 2 units: 0 on a 1, 1 on 2-4, 2 on 5-6; 3 units: 1 on 1-2, 2 on 3-4, 3 on 5-6.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  applyWithRolls,
  compileFireTable,
  type FireTable,
  type GameRules,
  type GameState,
  type LogEntry,
  legalActions,
  replay,
  rngFromSeed,
  rollDie,
  setup,
  stateHash,
} from '@stavka/engine';
import { ruleExcerpt } from '../rules-text/index.ts';
import { type BattleAction, battleRules, battleRulesWith, firingValue, retreatOptions } from './battle.ts';
import type { BattleScenario, BattleState } from './battle-scenario.ts';
import { CITE } from './forces.ts';

type G = GameState<BattleState>;
type UnitIn = BattleScenario['units'][number];

/** A fire table of six rows and three columns giving `cell` everywhere (P-1: the printed one is lost). */
function uniformTable(id: string, title: string, provisional: boolean, cell: number): FireTable {
  const table = compileFireTable({
    id,
    game: 'point-to-point',
    title,
    provisional,
    die: 6,
    columns: [1, 2, 3],
    rows: Object.fromEntries([1, 2, 3, 4, 5, 6].map((r) => [String(r), [cell, cell, cell]])),
    sources: 'test',
  });
  assert.ok(table.ok);
  return table.value;
}

const ax = (id: string, value: number, more: Partial<UnitIn> = {}): UnitIn => ({
  id,
  side: 'axis',
  role: 'attacker',
  class: 'major',
  value,
  from: 'West',
  ...more,
});
const sv = (id: string, value: number, more: Partial<UnitIn> = {}): UnitIn => ({
  id,
  side: 'soviet',
  role: 'defender',
  class: 'major',
  value,
  ...more,
});
const gAir = (id: string, more: Partial<UnitIn> = {}): UnitIn => ({
  id,
  side: 'axis',
  role: 'attacker',
  class: 'air',
  from: 'West',
  ...more,
});
const sAir = (id: string, more: Partial<UnitIn> = {}): UnitIn => ({
  id,
  side: 'soviet',
  role: 'defender',
  class: 'air',
  from: 'East',
  ...more,
});

/** A battle at Mozhaisk: the Axis from West, the Soviet rear East; both lines of capacity 4. */
function battle(units: UnitIn[], more: Partial<BattleScenario> = {}): G {
  const scenario: BattleScenario = {
    point: 'Mozhaisk',
    weather: 'good',
    attacker: 'axis',
    units,
    points: [
      { id: 'West', control: 'axis', capacity: 4 },
      { id: 'East', control: 'soviet', capacity: 4 },
    ],
    ...more,
  };
  const made = setup(battleRules, scenario, 'test', {});
  assert.ok(made.ok, JSON.stringify(!made.ok && made.error));
  return made.value;
}

/** One German air unit and infantry against two Soviet air units and a rifle unit at P, in the snow, on `rules`. */
function oneAgainstTwoInTheAir(rules: GameRules<BattleState, BattleAction>): G {
  const made = setup(
    rules,
    {
      point: 'P',
      weather: 'snow',
      attacker: 'axis',
      units: [ax('Inf', 1), gAir('G1'), sv('Rifle', 1), sAir('A1'), sAir('A2')],
      points: [
        { id: 'West', control: 'axis', capacity: 1 },
        { id: 'East', control: 'soviet', capacity: 1 },
      ],
    },
    1,
    {},
  );
  assert.ok(made.ok, JSON.stringify(!made.ok && made.error));
  return made.value;
}

function act(s: G, side: string, action: Action, rolls: number[] = []): G {
  const r = applyWithRolls(battleRules, s, side, action, rolls);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  return r.value;
}

const unit = (s: G, id: string) => s.state.units.find((u) => u.id === id)!;
const newLog = (before: G, after: G): LogEntry[] => after.log.slice(before.log.length);
const texts = (before: G, after: G) => newLog(before, after).map((e) => e.text);
const legal = (s: G, side: string) => legalActions(battleRules, s, side).filter((a) => a.type !== 'undo');
const absorbOffers = (s: G, side: string) =>
  legal(s, side)
    .filter((a) => a.type === 'absorb')
    .map((a) => (a as { unit: string }).unit);

describe('A.1a Air-to-air: one roll per German air unit on the column of the Soviet air present', () => {
  it('the roll on the column of 3 Soviet air gives the survivors (column 3, roll 1: one of three, the air-to-air column P-17)', () => {
    const s0 = battle([ax('Inf', 4), gAir('VIII'), sv('Rifle', 3), sAir('A1'), sAir('A2'), sAir('A3')], {
      weather: 'snow',
    });
    // air-to-air roll 1 on the column of 3 -> 1 survives (floor((3 x 1 + 3) / 6)); Soviet air
    // left: normal combat, the defender fires first (roll 1)
    const s1 = act(s0, 'axis', { type: 'attack' }, [1, 1]);
    assert.deepEqual(
      ['A1', 'A2', 'A3'].map((id) => unit(s1, id).status),
      ['fighting', 'destroyed', 'destroyed'],
      'the last listed are lost (P-10)',
    );
    const air = newLog(s0, s1).find((e) => e.kind === 'air')!;
    assert.deepEqual(air.data, { column: 3, roll: 1, survivors: 1 });
    assert.ok(air.cite?.includes(CITE.airToAir) && air.cite.includes('P-17'), JSON.stringify(air));
    assert.equal(s1.state.mode, 'normal');
  });
  it('a lone Soviet air unit survives one German air unit on a 3 or more (P-17), not on a 6 only (P-1 read as survivors)', () => {
    const s0 = battle([ax('Inf', 4), gAir('VIII'), sv('Rifle', 3), sAir('A1')], { weather: 'snow' });
    for (const [roll, survives] of [
      [1, false],
      [2, false],
      [3, true],
      [5, true],
    ] as const) {
      // Soviet air left: normal combat, the defender fires first; none: simultaneous, two fires (B.1b)
      const s1 = act(s0, 'axis', { type: 'attack' }, survives ? [roll, 1] : [roll, 1, 1]);
      assert.equal(unit(s1, 'A1').status === 'fighting', survives, `roll ${roll}`);
      assert.equal(s1.state.mode, survives ? 'normal' : 'simultaneous');
    }
  });
  it('a printed combat table loaded in place of the provisional one serves air-to-air itself (A.1, P-17)', () => {
    const printed = uniformTable('printed', 'a printed table (none survive)', false, 0);
    const rules = battleRulesWith(printed);
    const s0 = oneAgainstTwoInTheAir(rules);
    const r = applyWithRolls(rules, s0, 'axis', { type: 'attack' }, [6, 1, 1]);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    assert.equal(
      r.value.state.units.filter(
        (u) => u.unitClass === 'air' && u.side === 'soviet' && u.status === 'fighting',
      ).length,
      0,
    );
    const air = r.value.log.find((e) => e.kind === 'air' && e.data)!;
    assert.ok(air.cite?.includes('P-1') && !air.cite.includes('P-17'), JSON.stringify(air));
  });
  it('a second German air unit rolls on the column of the survivors of the first (survivors of survivors)', () => {
    const s0 = battle(
      [ax('Inf', 4), gAir('G1'), gAir('G2'), sv('Rifle', 3), sAir('A1'), sAir('A2'), sAir('A3'), sAir('A4')],
      { weather: 'snow' },
    );
    // column 4, roll 1 -> 1 survivor; column 1, roll 6 -> 1 survivor; normal combat: defender fires
    const s1 = act(s0, 'axis', { type: 'attack' }, [1, 6, 1]);
    const air = newLog(s0, s1).filter((e) => e.kind === 'air' && e.data);
    assert.deepEqual(
      air.map((e) => e.data),
      [
        { column: 4, roll: 1, survivors: 1 },
        { column: 1, roll: 6, survivors: 1 },
      ],
    );
    assert.equal(s1.state.units.filter((u) => u.unitClass === 'air' && u.status === 'fighting').length, 3);
  });
  it('no further roll once no Soviet air unit survives', () => {
    const s0 = battle([ax('Inf', 4), gAir('G1'), gAir('G2'), sv('Rifle', 3), sAir('A1')], {
      weather: 'snow',
    });
    // column 1, roll 2 -> 0 survivors: G2 rolls nothing; then simultaneous (2 fires)
    const s1 = act(s0, 'axis', { type: 'attack' }, [2, 1, 1]);
    assert.equal(s1.state.mode, 'simultaneous');
    assert.equal(newLog(s0, s1).filter((e) => e.kind === 'roll').length, 3);
  });
  it('survivors never exceed the Soviet air present (P-1: capped)', () => {
    const sixes = uniformTable('sixes', 'all sixes', true, 6);
    const rules = battleRulesWith(sixes, sixes);
    const s0 = oneAgainstTwoInTheAir(rules);
    const r = applyWithRolls(rules, s0, 'axis', { type: 'attack' }, [2, 1]);
    assert.ok(r.ok);
    assert.equal(
      r.value.state.units.filter((u) => u.unitClass === 'air' && u.status === 'fighting').length,
      3,
    );
  });
});

describe('A.1b Air-to-ground: flak when no German air unit is present', () => {
  it('one roll on the column of the Soviet air present gives the units lost (column 3, roll 6: 1 lost)', () => {
    const s0 = battle([ax('Inf', 4), sv('Rifle', 3), sAir('A1'), sAir('A2'), sAir('A3')]);
    const s1 = act(s0, 'axis', { type: 'attack' }, [6, 1]);
    assert.equal(s1.state.units.filter((u) => u.unitClass === 'air' && u.status === 'destroyed').length, 1);
    const flak = newLog(s0, s1).find((e) => e.kind === 'air')!;
    assert.deepEqual(flak.data, { column: 3, roll: 6, lost: 1 });
  });
  it('is rolled once, however many Soviet air and Axis ground units are present', () => {
    const s0 = battle([
      ax('Inf', 4),
      ax('Inf2', 4),
      sv('Rifle', 3),
      sAir('A1'),
      sAir('A2'),
      sAir('A3'),
      sAir('A4'),
    ]);
    const s1 = act(s0, 'axis', { type: 'attack' }, [1, 1]); // flak, then the defender's fire
    assert.equal(newLog(s0, s1).filter((e) => e.kind === 'air').length, 1);
  });
  it('no air combat without Soviet air units: the first roll is the fire', () => {
    const s0 = battle([ax('Inf', 4), sv('Rifle', 3)], { weather: 'snow' });
    const s1 = act(s0, 'axis', { type: 'attack' }, [1]);
    assert.equal(newLog(s0, s1).filter((e) => e.kind === 'air').length, 0);
  });
});

describe('A.2 German air units are never affected', () => {
  it('German air comes out of air-to-air combat untouched, whatever the rolls', () => {
    const s0 = battle([ax('Inf', 4), gAir('G1'), gAir('G2'), sv('Rifle', 3), sAir('A1'), sAir('A2')], {
      weather: 'snow',
    });
    const s1 = act(s0, 'axis', { type: 'attack' }, [6, 6, 1]);
    assert.equal(unit(s1, 'G1').status, 'fighting');
    assert.equal(unit(s1, 'G2').status, 'fighting');
    assert.ok(texts(s0, s1).some((t) => t.includes('never affected')));
  });
});

describe('A.3 Surviving Soviet air units', () => {
  it('attack: each adds one to the attacking Soviet ground forces', () => {
    const s0 = battle(
      [
        ax('Inf', 2, { role: 'defender' }),
        sv('Rifle', 3, { role: 'attacker', from: 'East' }),
        sAir('A1', { role: 'attacker' }),
        sAir('A2', { role: 'attacker' }),
      ],
      { attacker: 'soviet' },
    );
    assert.equal(firingValue(s0.state, 'attacker'), 5);
  });
  it('defense: each adds one to the defensive fire', () => {
    const s0 = battle([ax('Inf', 4), sv('Rifle', 3), sAir('A1'), sAir('A2')]);
    assert.equal(firingValue(s0.state, 'defender'), 5);
    // flak roll 1 (none lost), then the defender fires 5 (3 + 2 air): logged total 5
    const s1 = act(s0, 'axis', { type: 'attack' }, [1, 1]);
    assert.ok(newLog(s0, s1).some((e) => e.kind === 'combat' && (e.data as { total?: number })?.total === 5));
  });
  it('adds even when every Soviet ground unit is dispersed (P-4)', () => {
    const s0 = battle([ax('Inf', 4), sv('Rifle', 3, { losses: 1 }), sAir('A1')]);
    assert.equal(firingValue(s0.state, 'defender'), 1);
  });
  it('may not attack or defend alone', () => {
    const made = setup(
      battleRules,
      {
        point: 'P',
        weather: 'good',
        attacker: 'axis',
        units: [ax('Inf', 4), sAir('A1')],
        points: [
          { id: 'West', control: 'axis', capacity: 1 },
          { id: 'East', control: 'soviet', capacity: 1 },
        ],
      },
      1,
      {},
    );
    assert.ok(!made.ok);
    assert.equal(made.error[0]!.code, 'setup/air-alone');
  });
  it('may not absorb breakthroughs: only ground units are offered the losses', () => {
    const s0 = battle([ax('Inf', 19), ax('Inf2', 2), sv('Rifle', 3), sv('Guards', 2), sAir('A1')]);
    let s = act(s0, 'axis', { type: 'attack' }, [1, 1]); // flak none, defender fires 6 (r1: 1)
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf2' });
    s = act(s, 'axis', { type: 'continue' }, [4]); // 19 fires: 4 breakthroughs
    assert.deepEqual(absorbOffers(s, 'soviet'), ['Rifle', 'Guards']);
  });
  it('advance or retreat with the Soviet ground units', () => {
    const s0 = battle(
      [
        ax('Inf', 1, { role: 'defender', class: 'minor' }),
        sv('Rifle', 19, { role: 'attacker', from: 'East' }),
        sAir('A1', { role: 'attacker' }),
      ],
      { attacker: 'soviet' },
    );
    // flak column 1 roll 1: none lost; the Axis fires 1 (roll 1: none); Soviet continue: 20 -> roll 1: 1
    let s = act(s0, 'soviet', { type: 'attack' }, [1, 1]);
    s = act(s, 'soviet', { type: 'continue' }, [1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    assert.equal(s.state.ending, 'defender-destroyed');
    assert.equal(unit(s, 'A1').status, 'advanced');
    const r0 = battle(
      [
        ax('Inf', 4, { role: 'defender' }),
        sv('Rifle', 3, { role: 'attacker', from: 'East' }),
        sAir('A1', { role: 'attacker' }),
      ],
      { attacker: 'soviet' },
    );
    let r = act(r0, 'soviet', { type: 'attack' }, [1, 1]);
    r = act(r, 'soviet', { type: 'retreat' });
    assert.equal(unit(r, 'A1').status, 'retreated');
    assert.equal(unit(r, 'A1').at, 'East');
  });
});

describe('A.4 German air units in combat (P-4)', () => {
  it('attack: one air unit doubles, two triple, three quadruple, four quintuple German units in supply', () => {
    for (const n of [1, 2, 3, 4]) {
      const air = Array.from({ length: n }, (_, i) => gAir(`G${i}`));
      const s = battle([ax('Pz', 3), ...air, sv('Rifle', 3)]);
      assert.equal(firingValue(s.state, 'attacker'), 3 * (n + 1));
    }
  });
  it('attack: the same in breakthrough attacks', () => {
    const s = battle([ax('Pz', 3), gAir('G1'), gAir('G2'), sv('Rifle', 3)], { combat: 'breakthrough' });
    assert.equal(firingValue(s.state, 'attacker'), 9);
  });
  it('attack: Axis Allied armies and units out of supply are not multiplied', () => {
    const s = battle([
      ax('Pz', 3),
      ax('Allies', 2, { formation: 'allied-army' }),
      ax('Cut off', 2, { inSupply: false }),
      gAir('G1'),
      sv('Rifle', 3),
    ]);
    assert.equal(firingValue(s.state, 'attacker'), 6 + 2 + 2);
  });
  it('defense: all Axis units in supply are multiplied, Allied armies too', () => {
    const s = battle(
      [
        sv('Rifle', 3, { role: 'attacker', from: 'East' }),
        ax('Pz', 3, { role: 'defender' }),
        ax('Allies', 2, { role: 'defender', formation: 'allied-army' }),
        gAir('G1', { role: 'defender' }),
      ],
      { attacker: 'soviet' },
    );
    assert.equal(firingValue(s.state, 'defender'), 10);
  });
  it('German air may advance with the attacking Axis units, or go back: the attacker chooses', () => {
    const s0 = battle([ax('Pz', 19), gAir('G1'), sv('Rifle', 1, { class: 'minor' })], { weather: 'snow' });
    // snow + German air, no Soviet air: simultaneous; Axis fires 38 (19 + 19): rolls 1, 1; Soviet fires 1
    let s = act(s0, 'axis', { type: 'attack' }, [1, 1, 1]);
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.equal(s.state.stage, 'advance');
    assert.deepEqual(
      legal(s, 'axis').map((a) => (a as { air: string[] }).air),
      [[], ['G1']],
    );
    const stay = act(s, 'axis', { type: 'advance', air: [] });
    assert.equal(unit(stay, 'G1').status, 'returned');
    const go = act(s, 'axis', { type: 'advance', air: ['G1'] });
    assert.equal(unit(go, 'G1').status, 'advanced');
  });
  it('German air retreats with retreating Axis units', () => {
    const s0 = battle([ax('Pz', 3), gAir('G1'), sv('Rifle', 3), sAir('A1')]);
    let s = act(s0, 'axis', { type: 'attack' }, [6, 1]); // air-to-air: 1 survives; normal; defender fires 4: r1 0
    s = act(s, 'axis', { type: 'retreat' });
    assert.equal(unit(s, 'G1').status, 'retreated');
    assert.equal(unit(s, 'G1').at, 'West');
  });
});

describe('A.5 German air units alone', () => {
  it('may not attack alone', () => {
    const made = setup(
      battleRules,
      {
        point: 'P',
        weather: 'good',
        attacker: 'axis',
        units: [gAir('G1'), sv('Rifle', 3)],
        points: [{ id: 'West', control: 'axis', capacity: 1 }],
      },
      1,
      {},
    );
    assert.ok(!made.ok && made.error.some((e) => e.code === 'setup/air-alone'));
  });
  it('may not absorb repulses', () => {
    const s0 = battle([ax('Pz', 3), gAir('G1'), sv('Rifle', 6)], { weather: 'snow' });
    const s1 = act(s0, 'axis', { type: 'attack' }, [1, 1]); // snow + air: simultaneous; both fire
    assert.deepEqual(absorbOffers(s1, 'axis'), ['Pz']);
  });
  it('may not stay at a point without an Axis ground unit: back to base when the ground units are destroyed', () => {
    const s0 = battle(
      [
        sv('Rifle', 19, { role: 'attacker', from: 'East' }),
        ax('Inf', 1, { role: 'defender', class: 'minor' }),
        gAir('G1', { role: 'defender' }),
      ],
      {
        attacker: 'soviet',
      },
    );
    let s = act(s0, 'soviet', { type: 'attack' }, [1]); // Axis fires 2 (1 x 2): r1 0
    s = act(s, 'soviet', { type: 'continue' }, [1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    assert.equal(unit(s, 'G1').status, 'returned');
    assert.equal(unit(s, 'G1').at, 'West');
  });
});

describe('B.1 Normal or simultaneous combat', () => {
  const mode = (units: UnitIn[], more: Partial<BattleScenario>, rolls: number[], by = 'axis') =>
    act(battle(units, more), by, { type: 'attack' }, rolls).state.mode;
  it('a) Axis attack in Good weather, no Soviet air present after air combat: simultaneous', () => {
    assert.equal(mode([ax('Inf', 4), sv('Rifle', 3)], {}, [1, 1]), 'simultaneous');
    // flak kills the only Soviet air unit (column 1, roll 6): simultaneous
    assert.equal(mode([ax('Inf', 4), sv('Rifle', 3), sAir('A1')], {}, [6, 1, 1]), 'simultaneous');
  });
  it('a) Good weather with Soviet air surviving: normal', () => {
    assert.equal(mode([ax('Inf', 4), sv('Rifle', 3), sAir('A1')], {}, [1, 1]), 'normal');
  });
  it('b) Axis attack in Snow with an air unit and no Soviet air surviving: simultaneous', () => {
    assert.equal(
      mode([ax('Inf', 4), gAir('G1'), sv('Rifle', 3), sAir('A1')], { weather: 'snow' }, [1, 1, 1]),
      'simultaneous',
    );
  });
  it('b) Snow without German air: normal, even with no Soviet air at all', () => {
    assert.equal(mode([ax('Inf', 4), sv('Rifle', 3)], { weather: 'snow' }, [1]), 'normal');
  });
  it('all other situations are normal: a Soviet attack in Good weather', () => {
    const units = [sv('Rifle', 3, { role: 'attacker', from: 'East' }), ax('Inf', 4, { role: 'defender' })];
    assert.equal(mode(units, { attacker: 'soviet' }, [1], 'soviet'), 'normal');
  });
});

describe('B.2 Normal combat', () => {
  const normal = () =>
    battle([ax('Pz', 6), ax('Inf', 3), sv('Rifle', 6), sv('Militia', 2, { class: 'minor' })], {
      weather: 'snow',
    });
  it('the defenders fire first; the attacker takes the losses, then decides to continue or retreat', () => {
    const s0 = normal();
    const s1 = act(s0, 'axis', { type: 'attack' }, [1]); // Soviet fire 8, roll 1: 1 repulse
    assert.equal(s1.state.stage, 'absorb-attacker');
    assert.deepEqual(legal(s1, 'soviet'), []);
    const s2 = act(s1, 'axis', { type: 'absorb', unit: 'Inf' });
    assert.deepEqual(legal(s2, 'axis'), [{ type: 'continue' }, { type: 'retreat' }]);
  });
  it('losses the attacker inflicts are breakthroughs, those the defender inflicts repulses', () => {
    const s0 = normal();
    const s1 = act(s0, 'axis', { type: 'attack' }, [1]);
    assert.ok(texts(s0, s1).some((t) => t.startsWith('the defender fires 8: 1 repulses')));
    let s = act(s1, 'axis', { type: 'absorb', unit: 'Inf' });
    const before = s;
    s = act(s, 'axis', { type: 'continue' }, [1]);
    assert.ok(texts(before, s).some((t) => t.startsWith('the attacker fires 6: 1 breakthroughs')));
  });
  it('a unit that absorbed a loss cannot fire in its part of the round', () => {
    let s = act(normal(), 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    const before = s;
    s = act(s, 'axis', { type: 'continue' }, [1]);
    assert.ok(newLog(before, s).some((e) => (e.data as { total?: number })?.total === 6)); // Pz alone
  });
  it('the defender apportions the breakthroughs to the units of his choice, then decides', () => {
    let s = act(normal(), 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    s = act(s, 'axis', { type: 'continue' }, [6]); // 6 on column 6: 2 breakthroughs
    assert.deepEqual(absorbOffers(s, 'soviet'), ['Rifle', 'Militia']);
    s = act(s, 'soviet', { type: 'absorb', unit: 'Militia' });
    assert.equal(s.state.stage, 'absorb-defender', 'every breakthrough must be absorbed');
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.deepEqual(legal(s, 'soviet'), [{ type: 'continue' }, { type: 'retreat' }]);
  });
  it('combat continues round after round until one side is destroyed or retreats', () => {
    let s = act(normal(), 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    s = act(s, 'axis', { type: 'continue' }, [1]);
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    s = act(s, 'soviet', { type: 'continue' }, [1]); // round 2: the defenders fire again (Militia 2: r1 0)
    assert.equal(s.state.round, 2);
    assert.deepEqual(legal(s, 'axis'), [{ type: 'continue' }, { type: 'retreat' }]);
  });
  it('a side that can no longer fire still fights on (no firing value is no ending)', () => {
    const s0 = battle([ax('Pz', 6), sv('Rifle', 2, { losses: 1 })], { weather: 'snow' });
    const s1 = act(s0, 'axis', { type: 'attack' }); // the Soviets cannot fire: no roll
    assert.deepEqual(legal(s1, 'axis'), [{ type: 'continue' }, { type: 'retreat' }]);
  });
  it('project reading: when neither side can fire, the attacker retreats and the defender holds', () => {
    const s0 = battle([ax('Pz', 6, { losses: 1 }), sv('Rifle', 2, { losses: 1 })], { weather: 'snow' });
    const s1 = act(s0, 'axis', { type: 'attack' });
    assert.equal(s1.state.ending, 'attacker-retreated');
    assert.equal(s1.state.holder, 'soviet');
  });
});

describe('B.2 Firing procedure: losses, dispersal, limits, destruction', () => {
  it('the firing player totals all undispersed unit values', () => {
    const s = battle([ax('Pz', 6), ax('Inf', 3, { losses: 1 }), sv('Rifle', 6)]);
    assert.equal(firingValue(s.state, 'attacker'), 6);
  });
  it('any unit suffering any loss is dispersed', () => {
    let s = act(battle([ax('Pz', 6), sv('Rifle', 6)], { weather: 'snow' }), 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Pz' });
    assert.equal(unit(s, 'Pz').dispersed, true);
    assert.equal(unit(s, 'Pz').status, 'fighting');
  });
  it('a major unit may suffer losses up to its strength and not be destroyed; a minor unit one less', () => {
    // Soviet 19 fires, roll 4: 4 breakthroughs on an Axis defence of a major 2 and a minor 2
    const s0 = battle(
      [
        sv('Army', 19, { role: 'attacker', from: 'East' }),
        ax('Major', 2, { role: 'defender' }),
        ax('Minor', 2, { role: 'defender', class: 'minor' }),
      ],
      { attacker: 'soviet' },
    );
    let s = act(s0, 'soviet', { type: 'attack' }, [1]);
    s = act(s, 'soviet', { type: 'continue' }, [4]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Major' });
    s = act(s, 'axis', { type: 'absorb', unit: 'Major' });
    assert.equal(unit(s, 'Major').status, 'fighting', 'two losses on a major 2');
    s = act(s, 'axis', { type: 'absorb', unit: 'Minor' });
    assert.equal(unit(s, 'Minor').status, 'fighting', 'one loss on a minor 2');
    s = act(s, 'axis', { type: 'absorb', unit: 'Minor' });
    assert.equal(unit(s, 'Minor').status, 'destroyed', 'a second loss on a minor 2');
  });
  it('a minor unit of value 1 is destroyed by its first loss', () => {
    let s = act(
      battle([ax('Pz', 6), sv('Militia', 1, { class: 'minor' }), sv('Rifle', 2)], { weather: 'snow' }),
      'axis',
      { type: 'attack' },
      [1],
    );
    s = act(s, 'axis', { type: 'continue' }, [1]);
    s = act(s, 'soviet', { type: 'absorb', unit: 'Militia' });
    assert.equal(unit(s, 'Militia').status, 'destroyed');
  });
  it('the Gross Deutschland example, verbatim', () => {
    // "In the first round of combat, the German Gross Deutschland Pz Corps (value = 3) absorbs a
    // breakthrough in defensive combat. The unit is dispersed, but remains in the battle. On the
    // second round, although it cannot fire, Gross Deutschland absorbs another breakthrough from
    // the attacking force. On the third round, a third breakthrough is absorbed. On the fourth
    // round of combat, a fourth breakthrough is absorbed and the unit is eliminated for taking one
    // more loss than its value."
    const s0 = battle(
      [
        sv('Army', 6, { role: 'attacker', from: 'East' }),
        ax('GD', 3, { role: 'defender', name: 'Gross Deutschland' }),
        ax('Inf', 2, { role: 'defender' }),
      ],
      { attacker: 'soviet', weather: 'snow' },
    );
    let s = act(s0, 'soviet', { type: 'attack' }, [1]); // Axis fire 5: roll 1, none
    for (let round = 1; round <= 4; round++) {
      s = act(s, 'soviet', { type: 'continue' }, [1]); // 6 on roll 1: one breakthrough
      s = act(s, 'axis', { type: 'absorb', unit: 'GD' });
      assert.equal(unit(s, 'GD').losses, round);
      if (round < 4) {
        assert.equal(unit(s, 'GD').status, 'fighting', `round ${round}: dispersed but in the battle`);
        assert.equal(firingValue(s.state, 'defender'), 2, 'Gross Deutschland cannot fire');
        const before = s;
        s = act(s, 'axis', { type: 'continue' }, [1]); // the Axis fires 2: none
        assert.ok(newLog(before, s).some((e) => (e.data as { total?: number })?.total === 2));
      }
    }
    assert.equal(unit(s, 'GD').status, 'destroyed', 'eliminated for taking one more loss than its value');
    // "Had the Axis player needed to absorb four breakthroughs in the first round of combat, all
    // four could have been taken by Gross Deutschland and the unit would have been eliminated
    // immediately."
    const f0 = battle(
      [
        sv('Army', 19, { role: 'attacker', from: 'East' }),
        ax('GD', 3, { role: 'defender' }),
        ax('Inf', 2, { role: 'defender' }),
      ],
      { attacker: 'soviet', weather: 'snow' },
    );
    let f = act(f0, 'soviet', { type: 'attack' }, [1]);
    f = act(f, 'soviet', { type: 'continue' }, [4]); // column 19, roll 4: four breakthroughs
    for (let k = 0; k < 4; k++) {
      assert.ok(absorbOffers(f, 'axis').includes('GD'));
      f = act(f, 'axis', { type: 'absorb', unit: 'GD' });
    }
    assert.equal(unit(f, 'GD').status, 'destroyed');
    assert.equal(f.state.round, 1);
  });
  it('losses accumulate from earlier battles until recovery (P-5)', () => {
    let s = act(
      battle([ax('Pz', 6), sv('Rifle', 2, { losses: 2 }), sv('Guards', 4)], { weather: 'snow' }),
      'axis',
      { type: 'attack' },
      [1],
    );
    s = act(s, 'axis', { type: 'continue' }, [1]);
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.equal(unit(s, 'Rifle').status, 'destroyed');
  });
});

describe('B.3 Simultaneous combat', () => {
  const simultaneous = () =>
    battle([ax('Pz', 6), ax('Inf', 3), sv('Rifle', 6), sv('Militia', 2, { class: 'minor' })]);
  it('a) both fire, then the losses are taken, the attacker choosing his first', () => {
    const s0 = simultaneous();
    const s1 = act(s0, 'axis', { type: 'attack' }, [1, 1]); // Axis 9: 1; Soviet 8: 1
    const rolls = newLog(s0, s1).filter((e) => e.kind === 'roll');
    assert.equal(rolls.length, 2, 'both sides fired before any loss');
    assert.equal(s1.state.stage, 'absorb-attacker');
    const s2 = act(s1, 'axis', { type: 'absorb', unit: 'Inf' });
    assert.equal(s2.state.stage, 'absorb-defender');
    const s3 = act(s2, 'soviet', { type: 'absorb', unit: 'Militia' });
    assert.deepEqual(legal(s3, 'axis'), [{ type: 'continue' }, { type: 'retreat' }]);
  });
  it('b) the attacker and then the defender declare whether to fight another round', () => {
    let s = act(simultaneous(), 'axis', { type: 'attack' }, [1, 1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    s = act(s, 'soviet', { type: 'absorb', unit: 'Militia' });
    s = act(s, 'axis', { type: 'continue' });
    assert.deepEqual(legal(s, 'soviet'), [{ type: 'continue' }, { type: 'retreat' }]);
    const before = s;
    const on = act(s, 'soviet', { type: 'continue' }, [1, 1]);
    assert.equal(on.state.round, 2);
    assert.equal(newLog(before, on).filter((e) => e.kind === 'roll').length, 2);
  });
  it('b) either side may break off without further fire or loss', () => {
    let s = act(simultaneous(), 'axis', { type: 'attack' }, [1, 1]);
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' });
    s = act(s, 'soviet', { type: 'absorb', unit: 'Militia' });
    const before = s;
    const off = act(s, 'axis', { type: 'retreat' });
    assert.equal(newLog(before, off).filter((e) => e.kind === 'roll').length, 0);
    assert.equal(off.state.ending, 'attacker-retreated');
  });
  it('c) both sides with only dispersed units left: the attacker retreats, the defender holds', () => {
    let s = act(battle([ax('Pz', 3), sv('Rifle', 3)]), 'axis', { type: 'attack' }, [2, 2]); // 1 each
    s = act(s, 'axis', { type: 'absorb', unit: 'Pz' });
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.equal(s.state.ending, 'both-dispersed');
    assert.equal(s.state.holder, 'soviet');
    assert.equal(unit(s, 'Pz').status, 'retreated');
  });
  it('d) both sides eliminated: the defender still controls the point', () => {
    // column 1, roll 6: one loss each on two minor units of value 1
    let s = act(
      battle([ax('Pz', 1, { class: 'minor' }), sv('Rifle', 1, { class: 'minor' })]),
      'axis',
      { type: 'attack' },
      [6, 6],
    );
    s = act(s, 'axis', { type: 'absorb', unit: 'Pz' });
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.equal(s.state.ending, 'both-destroyed');
    assert.equal(s.state.holder, 'soviet');
    assert.deepEqual(legal(s, 'axis'), []);
  });
});

/* ----------------------------------------------------------------------------- */
/* Retreat and advance                                                             */

/** Applies an action with as many rolls of 1 as it takes (the helper below does not care which). */
function actOnes(s: G, side: string, action: Action): G {
  for (let k = 0; k <= 4; k++) {
    try {
      return act(s, side, action, Array(k).fill(1));
    } catch (e) {
      if (!/applyWithRolls/.test(String(e))) throw e;
    }
  }
  throw new Error('actOnes: more than 4 rolls');
}

/**
 * A Soviet position at Mozhaisk about to retreat: an Axis Pz 1 attacks, every roll a 1
 * (column 1 and the Soviet columns up to 5 inflict nothing; column 6 one loss, on the Pz),
 * both continue once, and the
 * Soviet player retreats.
 */
function sovietRetreat(
  defenders: UnitIn[],
  points: BattleScenario['points'],
  more: Partial<BattleScenario> = {},
): G {
  let s = battle([ax('Pz', 1), ...defenders], { points, ...more });
  s = actOnes(s, 'axis', { type: 'attack' });
  if (s.state.stage === 'absorb-attacker') s = act(s, 'axis', { type: 'absorb', unit: 'Pz' });
  s = actOnes(s, 'axis', { type: 'continue' });
  assert.equal(s.state.stage, 'decide-defender');
  return act(s, 'soviet', { type: 'retreat' });
}
const routes = (s: G) =>
  legal(s, 'soviet').map((a) => `${(a as { unit: string }).unit}>${(a as { to: string }).to}`);
const P = (id: string, control: 'axis' | 'soviet', capacity: number, more: object = {}) => ({
  id,
  control,
  capacity,
  ...more,
});

describe('B.4 Retreat from combat', () => {
  it('is all or nothing: every defending unit must be routed away, none may stay', () => {
    const s = sovietRetreat([sv('R1', 2), sv('R2', 2)], [P('West', 'axis', 4), P('East', 'soviet', 4)]);
    assert.equal(s.state.stage, 'route');
    assert.deepEqual(routes(s), ['R1>East', 'R2>East']);
    const r = act(act(s, 'soviet', { type: 'retreat-to', unit: 'R1', to: 'East' }), 'soviet', {
      type: 'retreat-to',
      unit: 'R2',
      to: 'East',
    });
    assert.equal(r.state.ending, 'defender-retreated');
    assert.deepEqual(
      ['R1', 'R2'].map((id) => unit(r, id).status),
      ['retreated', 'retreated'],
    );
  });
  it('attacking units retreat down their own lines to their points of origin, dispersed there', () => {
    const s0 = battle([ax('Pz', 3), ax('Inf', 2, { from: 'North' }), sv('Rifle', 2)], {
      weather: 'snow',
      points: [P('West', 'axis', 4), P('North', 'axis', 1), P('East', 'soviet', 4)],
    });
    let s = act(s0, 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'retreat' });
    assert.deepEqual(
      ['Pz', 'Inf'].map((id) => [unit(s, id).at, unit(s, id).dispersed]),
      [
        ['West', true],
        ['North', true],
      ],
    );
    assert.equal(s.state.holder, 'soviet');
  });
  it('a) to adjacent friendly points until the line capacity is used up', () => {
    let s = sovietRetreat(
      [sv('R1', 2), sv('R2', 2), sv('R3', 2)],
      [P('West', 'axis', 4), P('East', 'soviet', 1), P('South', 'soviet', 1)],
    );
    assert.deepEqual(routes(s), ['R1>East', 'R1>South', 'R2>East', 'R2>South', 'R3>East', 'R3>South']);
    s = act(s, 'soviet', { type: 'retreat-to', unit: 'R1', to: 'East' });
    assert.deepEqual(routes(s), ['R2>South', 'R3>South'], 'East is full');
  });
  it('a) counts an Axis Allied army as two units, SS Pz divisions as half a unit', () => {
    const s0 = battle(
      [
        sv('Army', 1, { role: 'attacker', from: 'East' }),
        ax('Romanians', 2, { role: 'defender', formation: 'allied-army' }),
        ax('SS1', 2, { role: 'defender', formation: 'ss-pz' }),
        ax('SS2', 2, { role: 'defender', formation: 'ss-pz' }),
      ],
      {
        attacker: 'soviet',
        weather: 'snow',
        points: [P('East', 'soviet', 4), P('West', 'axis', 1), P('North', 'axis', 2)],
      },
    );
    let s = act(s0, 'soviet', { type: 'attack' }, [1]); // Axis 6: roll 1 -> 1 repulse
    s = act(s, 'soviet', { type: 'absorb', unit: 'Army' });
    s = act(s, 'soviet', { type: 'continue' }); // Army dispersed: no fire
    s = act(s, 'axis', { type: 'retreat' });
    assert.deepEqual(
      legal(s, 'axis').map((a) => `${(a as { unit: string }).unit}>${(a as { to: string }).to}`),
      ['Romanians>North', 'SS1>West', 'SS1>North', 'SS2>West', 'SS2>North'],
    );
    s = act(s, 'axis', { type: 'retreat-to', unit: 'SS1', to: 'West' });
    assert.ok(
      retreatOptions(s.state, unit(s, 'SS2')).some((o) => o.to === 'West'),
      'two SS Pz on a line of 1',
    );
  });
  it('a) counts the 1st Moscow Motorized as half a unit and Soviet air as a one-value unit', () => {
    let s = sovietRetreat(
      [sv('Moscow', 2, { formation: 'moscow-motorized' }), sv('Rifle', 2), sAir('A1')],
      [P('West', 'axis', 4, { occupants: ['combat'] }), P('East', 'soviet', 1), P('South', 'soviet', 1)],
    );
    s = act(s, 'soviet', { type: 'retreat-to', unit: 'Rifle', to: 'East' });
    s = act(s, 'soviet', { type: 'retreat-to', unit: 'Moscow', to: 'South' });
    assert.deepEqual(routes(s), [], 'half of South is left: no room for Soviet air, counted as 1');
    assert.equal(unit(s, 'A1').status, 'destroyed');
  });
  it('b) only when priority a has no room: toward enemy points empty of combat units, on half the capacity rounded down', () => {
    let s = sovietRetreat(
      [sv('R1', 2), sv('R2', 2), sv('R3', 2)],
      [
        P('West', 'axis', 3),
        P('North', 'axis', 4, { occupants: ['combat'] }),
        P('NE', 'axis', 4, { occupants: ['support'] }),
        P('SE', 'axis', 4, { occupants: ['emplaced-factory'] }),
        P('East', 'soviet', 1),
      ],
    );
    assert.ok(!routes(s).some((r) => r.endsWith('>West')), 'not while East has room');
    s = act(s, 'soviet', { type: 'retreat-to', unit: 'R1', to: 'East' });
    assert.deepEqual(routes(s), ['R2>West', 'R3>West']);
    s = act(s, 'soviet', { type: 'retreat-to', unit: 'R2', to: 'West' });
    assert.equal(s.state.stage, 'over', 'West takes 3 / 2 rounded down = 1 unit');
    assert.equal(unit(s, 'R3').status, 'destroyed', 'P-5: a defender that cannot retreat is destroyed');
  });
  it('b) an enemy point with only an entrained factory or partisans may be entered', () => {
    const s = sovietRetreat(
      [sv('R1', 2)],
      [
        P('West', 'axis', 2, { occupants: ['entrained-factory'] }),
        P('North', 'axis', 2, { occupants: ['partisan'] }),
      ],
    );
    assert.deepEqual(routes(s), ['R1>West', 'R1>North']);
  });
  it('c) to a friendly point under attack, surviving only if it holds, in regular combat only', () => {
    const points = [
      P('West', 'axis', 4, { occupants: ['combat'] }),
      P('Tula', 'soviet', 2, { underAttack: true }),
    ];
    let s = sovietRetreat([sv('R1', 2)], points);
    assert.deepEqual(routes(s), ['R1>Tula']);
    s = act(s, 'soviet', { type: 'retreat-to', unit: 'R1', to: 'Tula' });
    assert.equal(unit(s, 'R1').conditional, true);
    const breakthrough = sovietRetreat([sv('R1', 2)], points, { combat: 'breakthrough' });
    assert.deepEqual(routes(breakthrough), []);
    assert.equal(unit(breakthrough, 'R1').status, 'destroyed');
  });
  it('c) units that retreated into this point from another battle take no part and share its fate', () => {
    const s0 = battle(
      [ax('Pz', 19), sv('Rifle', 1, { class: 'minor' }), sv('Refugees', 4, { sheltering: true })],
      { weather: 'snow' },
    );
    assert.equal(firingValue(s0.state, 'defender'), 1, 'they do not fire');
    let s = act(s0, 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'continue' }, [1]);
    assert.deepEqual(absorbOffers(s, 'soviet'), ['Rifle'], 'they absorb no breakthroughs');
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.equal(s.state.ending, 'defender-destroyed');
    assert.equal(unit(s, 'Refugees').status, 'destroyed', 'the point is lost: so are they');
    let h = act(s0, 'axis', { type: 'attack' }, [1]);
    h = act(h, 'axis', { type: 'retreat' });
    assert.equal(unit(h, 'Refugees').status, 'held', 'the point holds: they survive');
  });
  it('d) attackers all dispersed meeting defenders displaced to their starting point are destroyed', () => {
    const s0 = battle([ax('Pz', 3, { losses: 1 }), ax('Inf', 2), gAir('G1'), sv('Rifle', 6)], {
      weather: 'snow',
      points: [P('West', 'axis', 4, { displaced: [{ id: 'Cav', dispersed: true }] }), P('East', 'soviet', 4)],
    });
    let s = act(s0, 'axis', { type: 'attack' }, [1, 1]); // simultaneous (snow, German air): both fire
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' }); // Axis 4 on a 1: none; Soviet 6 on a 1: one
    s = act(s, 'axis', { type: 'retreat' });
    assert.deepEqual(
      ['Pz', 'Inf', 'G1'].map((id) => unit(s, id).status),
      ['destroyed', 'destroyed', 'retreated'],
    );
  });
  it('d) any undispersed attacker retreating down the line destroys the displaced defenders', () => {
    const s0 = battle([ax('Pz', 3), sv('Rifle', 3)], {
      weather: 'snow',
      points: [P('West', 'axis', 4, { displaced: [{ id: 'Cav', dispersed: true }] }), P('East', 'soviet', 4)],
    });
    let s = act(s0, 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'retreat' });
    assert.equal(unit(s, 'Pz').status, 'retreated');
    assert.equal(s.state.neighbours[0]!.displaced[0]!.destroyed, true);
  });
});

describe('B.5 Advance after combat', () => {
  it('attackers that clear the point must occupy it, dispersed ones included', () => {
    let s = act(
      battle([ax('Pz', 19), ax('Inf', 2), sv('Rifle', 1, { class: 'minor' })], { weather: 'snow' }),
      'axis',
      { type: 'attack' },
      [6],
    );
    s = act(s, 'axis', { type: 'absorb', unit: 'Inf' }); // column 1, roll 6: one repulse
    s = act(s, 'axis', { type: 'continue' }, [1]);
    s = act(s, 'soviet', { type: 'absorb', unit: 'Rifle' });
    assert.equal(s.state.ending, 'defender-destroyed');
    assert.deepEqual(
      ['Pz', 'Inf'].map((id) => [unit(s, id).status, unit(s, id).at]),
      [
        ['advanced', 'Mozhaisk'],
        ['advanced', 'Mozhaisk'],
      ],
    );
    assert.equal(s.state.holder, 'axis');
  });
  it('defenders that cause the retreat of the attackers may not advance', () => {
    let s = act(battle([ax('Pz', 3), sv('Rifle', 3)], { weather: 'snow' }), 'axis', { type: 'attack' }, [1]);
    s = act(s, 'axis', { type: 'retreat' });
    assert.deepEqual(legal(s, 'soviet'), []);
    assert.equal(unit(s, 'Rifle').status, 'held');
    assert.equal(unit(s, 'Rifle').at, null);
  });
});

describe('B.6 Large combats (P-2)', () => {
  it('a firing total above the highest column is split into the fewest, most equal groups, one roll each, summed', () => {
    const s0 = battle([ax('A', 19), ax('B', 18), sv('Rifle', 3)], { weather: 'snow' });
    let s = act(s0, 'axis', { type: 'attack' }, [1]);
    const before = s;
    s = act(s, 'axis', { type: 'continue' }, [6, 6]); // 19 -> 6, 18 -> 5
    const fired = newLog(before, s).find((e) => e.kind === 'combat' && e.data)!;
    assert.deepEqual((fired.data as { groups: number[] }).groups, [19, 18]);
    assert.equal((fired.data as { losses: number }).losses, 11);
    assert.ok(fired.cite?.includes('P-2'));
  });
});

describe('log citations', () => {
  it('every citation the battle logs finds its paragraph of the rules text or its ruling', () => {
    for (const cite of Object.values(CITE)) assert.ok(ruleExcerpt(cite), cite);
    for (const ruling of ['P-1', 'P-2', 'P-4', 'P-5']) assert.ok(ruleExcerpt(ruling), ruling);
  });
});

describe('the battle behind the GameRules contract', () => {
  it('only the side a decision belongs to is offered actions; anything else is refused, the state untouched', () => {
    const s0 = battle([ax('Pz', 3), sv('Rifle', 3)], { weather: 'snow' });
    assert.deepEqual(legal(s0, 'soviet'), []);
    const wrong = apply(battleRules, s0, 'soviet', { type: 'attack' });
    assert.ok(!wrong.ok && wrong.error.code === 'action/not-your-turn');
    const s1 = act(s0, 'axis', { type: 'attack' }, [1]);
    const bad = apply(battleRules, s1, 'axis', { type: 'absorb', unit: 'Rifle' });
    assert.ok(!bad.ok && bad.error.code === 'action/not-legal');
  });
  it('a battle is its replay: the same seed and actions give the same state hash', () => {
    const scenario: BattleScenario = {
      point: 'Tula',
      weather: 'good',
      attacker: 'axis',
      units: [
        ax('XXIV', 5),
        ax('GD', 3),
        gAir('G1'),
        sv('50A', 4),
        sv('Militia', 2, { class: 'minor' }),
        sAir('A1'),
      ],
      points: [P('West', 'axis', 4), P('East', 'soviet', 4)],
    };
    const play = () => {
      const made = setup(battleRules, scenario, 'replay', {});
      assert.ok(made.ok);
      let s = made.value;
      const actions: { side: string; action: Action }[] = [];
      while (battleRules.activeSides(s.state).length > 0) {
        const side = battleRules.activeSides(s.state)[0]!;
        const action = legal(s, side)[0]!;
        actions.push({ side, action });
        const next = apply(battleRules, s, side, action);
        assert.ok(next.ok);
        s = next.value;
      }
      return { s, actions };
    };
    const a = play();
    const again = replay(battleRules, {
      game: battleRules.id,
      rulesVersion: battleRules.rulesVersion,
      scenario,
      seed: 'replay',
      actions: a.actions,
    });
    assert.ok(again.ok);
    assert.equal(stateHash(again.value), stateHash(a.s));
    assert.equal(stateHash(play().s), stateHash(a.s));
  });
  it('random play: every battle ends, losses never pass a unit limit + 1, the point has a holder', () => {
    let rng = rngFromSeed('battle-fuzz');
    const pick = (n: number) => {
      const r = rollDie(rng, n);
      rng = r.next;
      return r.value - 1;
    };
    for (let game = 0; game < 150; game++) {
      const units: UnitIn[] = [];
      const attacker = pick(2) === 0 ? 'axis' : 'soviet';
      const sideOf = (role: 'attacker' | 'defender') =>
        role === 'attacker' ? attacker : attacker === 'axis' ? 'soviet' : 'axis';
      for (const role of ['attacker', 'defender'] as const) {
        const n = 1 + pick(3);
        for (let i = 0; i < n; i++)
          units.push({
            id: `${role}${i}`,
            side: sideOf(role),
            role,
            class: pick(2) ? 'major' : 'minor',
            value: 1 + pick(8),
            from: role === 'attacker' ? 'West' : undefined,
          });
        for (let i = pick(3); i > 0; i--)
          units.push({ id: `${role}-air${i}`, side: sideOf(role), role, class: 'air', from: 'West' });
      }
      const made = setup(
        battleRules,
        {
          point: 'X',
          weather: pick(2) ? 'good' : 'snow',
          attacker,
          units,
          points: [
            P('West', attacker, 1 + pick(3)),
            P('East', attacker === 'axis' ? 'soviet' : 'axis', pick(3)),
          ],
        },
        game,
        {},
      );
      assert.ok(made.ok, JSON.stringify(!made.ok && made.error));
      let s = made.value;
      let steps = 0;
      while (battleRules.activeSides(s.state).length > 0) {
        const side = battleRules.activeSides(s.state)[0]!;
        const options = legal(s, side);
        assert.ok(options.length > 0, 'an active side always has a legal action');
        const next = apply(battleRules, s, side, options[pick(options.length)]!);
        assert.ok(next.ok);
        s = next.value;
        assert.ok(++steps < 2000, 'the battle ends');
        for (const u of s.state.units)
          if (u.unitClass !== 'air')
            assert.ok(u.losses <= (u.unitClass === 'major' ? u.value : u.value - 1) + 1);
      }
      assert.ok(s.state.holder);
      assert.ok(s.state.units.every((u) => u.status !== 'fighting'));
    }
  });
});
