/**
 * Where the Axis drives (issue #44, `strategies.ts`): a strategy hands a panzer group to
 * another army group's objectives, or passes a city that scores nothing, while level 1's
 * plan (`PLAN_1941`) is unchanged.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setup } from '@stavka/engine';
import { Board } from '../board.ts';
import { barbarossaRules } from '../rules.ts';
import { AxisPlan, type AxisStrategy, PLAN_1941 } from './plan.ts';
import { DEFAULT_PARAMS } from './policy.ts';
import { BARBAROSSA_PLANS, LEVEL_2_AXIS_STRATEGY } from './search.ts';
import {
  HOTH_NORTH,
  LENINGRAD_CUT,
  LENINGRAD_CUT_LATE,
  odessaOnceLeningradFrom,
  PAST_MINSK,
  SOUTH_ON_CITIES,
  SOUTHERN_CITIES,
} from './strategies.ts';

const made = setup(barbarossaRules, null, 1, {});
assert.ok(made.ok);
const start = made.value.state;
const at = (name: string) => new Board(start).s.placeHex[name]!;
/** The Axis's plan with the cities named taken (entered: "Victory Conditions"). */
const planWith = (taken: readonly string[], strategy = PLAN_1941, turn = start.turn) => {
  const g = {
    ...start,
    turn,
    control: { ...start.control, ...Object.fromEntries(taken.map((n) => [n, 'axis' as const])) },
  };
  return new AxisPlan(new Board(g), g, strategy);
};

describe('Axis strategies: which army group the panzers serve, which cities each makes for', () => {
  it("level 1's plan: the centre's panzers and infantry alike make for Minsk, then Smolensk, then Moscow", () => {
    const plan = planWith([]);
    assert.equal(plan.fieldAt(at('Warsaw'), 'center', true)[at('Minsk')], 0);
    assert.equal(plan.fieldAt(at('Warsaw'), 'center', false)[at('Minsk')], 0);
    const later = planWith(['Minsk', 'Smolensk']);
    assert.equal(later.fieldAt(at('Minsk'), 'center', true)[at('Moscow')], 0);
  });

  it('past Minsk: the centre panzers make for Smolensk from the start, its infantry for Minsk', () => {
    const plan = planWith([], PAST_MINSK);
    assert.equal(plan.fieldAt(at('Warsaw'), 'center', true)[at('Smolensk')], 0);
    assert.equal(plan.fieldAt(at('Warsaw'), 'center', false)[at('Minsk')], 0);
  });

  it('Minsk and Smolensk taken, the centre panzers turn south on Kiev (southern cities) or north on Leningrad, the infantry on to Moscow', () => {
    const south = planWith(['Minsk', 'Smolensk'], SOUTHERN_CITIES);
    assert.equal(south.fieldAt(at('Smolensk'), 'center', true)[at('Kiev')], 0);
    assert.equal(south.fieldAt(at('Smolensk'), 'center', false)[at('Moscow')], 0);
    const north = planWith(['Minsk', 'Smolensk'], HOTH_NORTH);
    assert.equal(north.fieldAt(at('Smolensk'), 'center', true)[at('Leningrad')], 0);
    assert.equal(north.fieldAt(at('Smolensk'), 'center', false)[at('Moscow')], 0);
  });

  it('Army Group South on the victory cities: Kiev taken, it makes for Rostov, not Kharkov (no victory city)', () => {
    const plan = planWith(['Kiev'], SOUTH_ON_CITIES);
    const f = plan.fieldAt(at('Kiev'), 'south', false);
    assert.equal(f[at('Rostov')], 0);
    assert.ok(f[at('Kharkov')]! > 0);
    assert.equal(planWith(['Kiev']).fieldAt(at('Kiev'), 'south', false)[at('Kharkov')], 0);
  });

  it('Leningrad cut off first: Pskov and Novgorod taken, Army Group North makes for Volkhov on the Tikhvin railway, then Leningrad', () => {
    const cut = planWith(['Pskov', 'Novgorod'], LENINGRAD_CUT);
    const f = cut.fieldAt(at('Novgorod'), 'north', false);
    assert.equal(f[at('Volkhov')], 0);
    assert.ok(f[at('Leningrad')]! > 0, 'Leningrad after Volkhov');
    assert.equal(planWith(['Pskov', 'Novgorod']).fieldAt(at('Novgorod'), 'north', false)[at('Leningrad')], 0);
    const after = planWith(['Pskov', 'Novgorod', 'Volkhov'], LENINGRAD_CUT);
    assert.equal(after.fieldAt(at('Volkhov'), 'north', false)[at('Leningrad')], 0);
  });

  it('Leningrad cut off if the race is lost: from game-turn 8, Leningrad still Russian, Army Group North makes for Volkhov first', () => {
    const f = (taken: readonly string[], turn: number) =>
      planWith(taken, LENINGRAD_CUT_LATE, turn).fieldAt(at('Pskov'), 'north', false);
    assert.equal(f(['Pskov'], 7)[at('Leningrad')], 0, 'before turn 8: Leningrad');
    assert.equal(f(['Pskov'], 8)[at('Volkhov')], 0, 'from turn 8: Volkhov');
    assert.ok(f(['Pskov'], 8)[at('Leningrad')]! > 0, 'then Leningrad');
    assert.equal(f(['Pskov', 'Volkhov'], 9)[at('Leningrad')], 0, 'Volkhov held: Leningrad');
    // Leningrad held: the later objectives are not taken up (the victory cities not held, as in 1941's plan).
    const held = planWith(['Pskov', 'Leningrad'], LENINGRAD_CUT_LATE, 9).fieldAt(at('Pskov'), 'north', false);
    assert.deepEqual(
      held,
      planWith(['Pskov', 'Leningrad'], PLAN_1941, 9).fieldAt(at('Pskov'), 'north', false),
    );
  });

  it('Odessa once Leningrad is held: from its game-turn, Kiev held, Army Group South makes for Odessa, then Kharkov; as 1941 otherwise', () => {
    const strategy = odessaOnceLeningradFrom(6);
    const south = (taken: readonly string[], turn: number, s = strategy) =>
      planWith(taken, s, turn).fieldAt(at('Kiev'), 'south', false);
    assert.equal(south(['Kiev', 'Leningrad'], 6)[at('Odessa')], 0, 'Leningrad held: Odessa next');
    assert.ok(south(['Kiev', 'Leningrad'], 6)[at('Kharkov')]! > 0, 'Kharkov after Odessa');
    assert.equal(south(['Leningrad'], 6)[at('Kiev')], 0, 'Kiev first while the Russians hold it');
    // Before its game-turn, without Leningrad, or with Odessa held: 1941's objectives.
    for (const [taken, turn] of [
      [['Kiev', 'Leningrad'], 5],
      [['Kiev'], 9],
      [['Kiev', 'Leningrad', 'Odessa'], 9],
    ] as const) {
      assert.deepEqual(
        south(taken, turn),
        south(taken, turn, PLAN_1941),
        `${taken.join(', ')} on turn ${turn}`,
      );
      assert.equal(south(taken, turn)[at('Kharkov')], 0);
    }
  });

  it('an army group that holds its objectives keeps its last (holdTaken): Pskov and Leningrad taken, Army Group North stays by Leningrad; 1941 marches on', () => {
    const north = (strategy: AxisStrategy) =>
      planWith(['Pskov', 'Leningrad'], strategy).fieldAt(at('Pskov'), 'north', false);
    const held = north({ ...PLAN_1941, holdTaken: true });
    const marches = north(PLAN_1941);
    assert.equal(held[at('Leningrad')], 0, 'Leningrad a source of the field');
    assert.ok(marches[at('Leningrad')]! > 0, "1941's plan: every city not held, Leningrad none of them");
    // From Novgorod, on the way to Leningrad, the field leads back to it, not on to Moscow's -3.
    const novgorod = at('Novgorod');
    assert.ok(held[novgorod]! < marches[novgorod]!, "Novgorod nearer the field's sources");
    assert.equal(held[at('Moscow')], -3, "Moscow's points still a source");
    // A group with an objective still to take is the same either way.
    assert.deepEqual(
      planWith(['Pskov'], { ...PLAN_1941, holdTaken: true }).fieldAt(at('Pskov'), 'north', false),
      planWith(['Pskov'], PLAN_1941).fieldAt(at('Pskov'), 'north', false),
    );
  });

  it("4. Panzergruppe to the centre once the race for Leningrad is lost (laterMobileFronts): from game-turn 7, Leningrad Russian, the north's mobile units make for Moscow, its infantry for Leningrad", () => {
    const strategy: AxisStrategy = {
      ...PLAN_1941,
      laterMobileFronts: { fromTurn: 7, unless: ['Leningrad'], fronts: { north: ['centre'] } },
    };
    const north = (taken: readonly string[], turn: number, mobile: boolean, s: AxisStrategy = strategy) =>
      planWith(taken, s, turn).fieldAt(at('Pskov'), 'north', mobile);
    const taken = ['Pskov', 'Minsk', 'Smolensk'];
    assert.equal(north(taken, 7, true)[at('Moscow')], 0, 'the panzers on Moscow');
    assert.equal(north(taken, 7, false)[at('Leningrad')], 0, 'the infantry on Leningrad');
    assert.deepEqual(north(taken, 6, true), north(taken, 6, true, PLAN_1941), 'before game-turn 7: 1941');
    assert.equal(north(taken, 6, true)[at('Leningrad')], 0);
    const held = [...taken, 'Leningrad'];
    assert.deepEqual(north(held, 9, true), north(held, 9, true, PLAN_1941), 'Leningrad held: 1941');
  });

  it("level 2's Axis plays every plan on Odessa once Leningrad is held from game-turn 6; level 1 on 1941's plan", () => {
    for (const plan of BARBAROSSA_PLANS.axis)
      assert.equal(plan.params.strategy, LEVEL_2_AXIS_STRATEGY, plan.key);
    assert.equal(DEFAULT_PARAMS.strategy, undefined, "level 1's rules of thumb: PLAN_1941");
    const f = (strategy: typeof PLAN_1941, turn: number) =>
      planWith(['Kiev', 'Leningrad'], strategy, turn).fieldAt(at('Kiev'), 'south', false);
    assert.equal(f(LEVEL_2_AXIS_STRATEGY, 6)[at('Odessa')], 0);
    assert.deepEqual(f(LEVEL_2_AXIS_STRATEGY, 5), f(PLAN_1941, 5));
  });
});
