/**
 * An attack before its roll, section by section: terrain and city defense (B-26, B-27),
 * Cross-River, Weather, Supply shifts, the CRT note's limits, who may attack, and the
 * General Rule's must-attack (B-14). Column indexes on the provisional CRT (B-1):
 * 0 = 1:5, 4 = 1:1, 6 = 2:1, 7 = 3:1, 13 = 9:1.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type AttackEvaluation,
  type AttackRefusal,
  evaluateAttack,
  isRefusal,
  modifiedDefense,
  mustAttackUnmet,
} from './attack.ts';
import { Board } from './board.ts';
import type { Supply } from './state.ts';
import { type Placed, type PositionInput, position } from './test-positions.ts';

function evaluate(
  input: PositionInput,
  attackers: string[],
  target: string,
  supply: Record<string, Supply> = {},
) {
  const p = position(input);
  const b = new Board(p.g, p.s);
  return evaluateAttack(b, attackers, p.hx(target), { supply });
}

function ok(x: AttackEvaluation | AttackRefusal): AttackEvaluation {
  if (isRefusal(x)) throw new Error(x.message);
  return x;
}

function defenseIn(terrainOrPlace: { terrain?: string; place?: string }, defenders: Record<string, string>) {
  const pieces: Record<string, Placed> = {};
  for (const [id, is] of Object.entries(defenders)) pieces[id] = { is, at: '0505' };
  const p = position({
    map: {
      ...(terrainOrPlace.terrain ? { terrain: { '0505': terrainOrPlace.terrain } } : {}),
      ...(terrainOrPlace.place ? { places: [{ name: 'X', kind: terrainOrPlace.place, hex: '0505' }] } : {}),
    },
    pieces,
  });
  return modifiedDefense(new Board(p.g, p.s), p.hx('0505'), []).map((d) => d.modified);
}

describe('Fortresses, Entrenchment, Defense Lines, and Terrain Effects (B-26, B-27)', () => {
  it('Cities: add 1 defense factor to any 1 infantry-type unit', () => {
    assert.deepEqual(defenseIn({ place: 'city' }, { a: 'sov-army', b: 'sov-army' }), [4, 3]);
  });
  it('Major and Fortress Cities: double the defense factor of any 1 infantry-type unit', () => {
    assert.deepEqual(defenseIn({ place: 'major-city' }, { a: 'sov-army', g: 'sov-guards-army' }), [3, 8]);
    assert.deepEqual(defenseIn({ place: 'fortress-city' }, { a: 'sov-army' }), [6]);
  });
  it('Victory Cities: double the defense factor of all infantry-type units; not armour', () => {
    assert.deepEqual(defenseIn({ place: 'victory-city' }, { a: 'sov-army', t: 'sov-tank-korps' }), [6, 2]);
  });
  it('Forest and Swamp: any one infantry unit receives 1 additional factor', () => {
    assert.deepEqual(defenseIn({ terrain: 'forest' }, { a: 'sov-army', b: 'sov-army' }), [4, 3]);
    assert.deepEqual(defenseIn({ terrain: 'swamp' }, { a: 'sov-army' }), [4]);
  });
  it('Hills: infantry/rifle unit factors are doubled on defense', () => {
    assert.deepEqual(
      defenseIn({ terrain: 'hills' }, { a: 'sov-army', b: 'sov-army', t: 'sov-tank-korps' }),
      [6, 6, 2],
    );
  });
  it('a unit is doubled at most once: hills and a victory city double it once (B-27)', () => {
    const p = position({
      map: { terrain: { '0505': 'hills' }, places: [{ name: 'V', kind: 'victory-city', hex: '0505' }] },
      pieces: { a: { is: 'sov-army', at: '0505' } },
    });
    assert.deepEqual(
      modifiedDefense(new Board(p.g, p.s), p.hx('0505'), []).map((d) => d.modified),
      [6],
    );
  });
  it('Mountain: factors greater than any attacking mountain units are doubled (B-26)', () => {
    assert.deepEqual(defenseIn({ terrain: 'mountain' }, { a: 'sov-army' }), [6]);
  });
});

describe('Combat odds: the CRT note and rounding', () => {
  it('odd/extra factors rounded down: 17:5 is 3:1', () => {
    const e = ok(
      evaluate(
        {
          pieces: {
            a: { is: 'ger-army', at: '0504' },
            b: { is: 'ger-army', at: '0604' },
            c: { is: 'ger-mot-korps', at: '0404' },
            cav: { is: 'ger-cav-div', at: '0506' },
            d: { is: 'sov-tank-korps-43', at: '0505' },
            e: { is: 'sov-tank-korps', at: '0505' },
          },
        },
        ['a', 'b', 'c', 'cav'],
        '0505',
      ),
    );
    // "17:5 (usually rounding down to 3:1)": 6 + 6 + 4 + 1 against 3 + 2.
    assert.equal(e.attack, 17);
    assert.equal(e.defense, 5);
    assert.equal(e.label, '3:1');
  });

  it('"Attacks at less than 1:5 odds are not allowed"', () => {
    const r = evaluate(
      {
        pieces: {
          c: { is: 'ger-cav-div', at: '0504' },
          a: { is: 'sov-guards-army', at: '0505' },
          b: { is: 'sov-army', at: '0505' },
        },
      },
      ['c'],
      '0505',
    );
    assert.ok(isRefusal(r));
    assert.equal(r.code, 'attack/odds-too-low');
  });

  it('"Odds greater than 9:1 are rounded down to that"', () => {
    const e = ok(
      evaluate(
        {
          pieces: {
            a: { is: 'ger-army', at: '0504' },
            b: { is: 'ger-army', at: '0604' },
            d: { is: 'sov-weak-div', at: '0505' },
          },
        },
        ['a', 'b'],
        '0505',
      ),
    );
    assert.equal(e.label, '9:1');
  });
});

describe('Cross-River', () => {
  const river = { hexsides: [{ feature: 'river', between: [['0504', '0505']] as [string, string][] }] };
  it("reduced 1 column unless more than half of the attacking factors are on the defenders' side", () => {
    const mostly = ok(
      evaluate(
        {
          map: river,
          pieces: {
            a: { is: 'ger-army', at: '0504' },
            k: { is: 'ger-inf-korps', at: '0604' },
            d: { is: 'sov-army', at: '0505' },
          },
        },
        ['a', 'k'],
        '0505',
      ),
    );
    assert.deepEqual(
      mostly.shifts.map((s) => s.by),
      [-1],
      '6 of 9 across',
    );
    const half = ok(
      evaluate(
        {
          map: river,
          pieces: {
            k1: { is: 'ger-inf-korps', at: '0504' },
            k2: { is: 'ger-inf-korps', at: '0604' },
            d: { is: 'sov-army', at: '0505' },
          },
        },
        ['k1', 'k2'],
        '0505',
      ),
    );
    assert.deepEqual(
      half.shifts.map((s) => s.by),
      [-1],
      'exactly half is not more than half',
    );
    const few = ok(
      evaluate(
        {
          map: river,
          pieces: {
            k: { is: 'ger-inf-korps', at: '0504' },
            a: { is: 'ger-army', at: '0604' },
            d: { is: 'sov-army', at: '0505' },
          },
        },
        ['k', 'a'],
        '0505',
      ),
    );
    assert.deepEqual(few.shifts, []);
  });
  it('rivers are nullified in Snow', () => {
    const e = ok(
      evaluate(
        {
          weather: 'snow',
          map: river,
          pieces: { a: { is: 'ger-army', at: '0504' }, d: { is: 'sov-army', at: '0505' } },
        },
        ['a'],
        '0505',
      ),
    );
    assert.deepEqual(
      e.shifts.map((s) => s.reason),
      ['Snow: Axis attacks'],
    );
  });
});

describe('Weather: attack shifts', () => {
  it("In Mud, all units' attacks are reduced 1 column", () => {
    const e = ok(
      evaluate(
        {
          weather: 'mud',
          player: 'soviet',
          pieces: { a: { is: 'sov-army', at: '0504' }, d: { is: 'ger-inf-korps', at: '0505' } },
        },
        ['a'],
        '0505',
      ),
    );
    assert.deepEqual(
      e.shifts.map((s) => s.by),
      [-1],
    );
  });
  it('In Snow, Russian attacks are increased 1 column, unless the defenders are in any city or town', () => {
    const open = ok(
      evaluate(
        {
          weather: 'snow',
          player: 'soviet',
          pieces: { a: { is: 'sov-army', at: '0504' }, d: { is: 'ger-inf-korps', at: '0505' } },
        },
        ['a'],
        '0505',
      ),
    );
    assert.deepEqual(
      open.shifts.map((s) => s.by),
      [1],
    );
    const town = ok(
      evaluate(
        {
          weather: 'snow',
          player: 'soviet',
          map: { places: [{ name: 'T', kind: 'town', hex: '0505' }] },
          pieces: { a: { is: 'sov-army', at: '0504' }, d: { is: 'ger-inf-korps', at: '0505' } },
        },
        ['a'],
        '0505',
      ),
    );
    assert.deepEqual(town.shifts, []);
  });
});

describe('Supply: combat shifts', () => {
  it('attackers including any Limited Supplied units -1; attacks on Limited or Isolated units +1', () => {
    const input: PositionInput = {
      pieces: {
        a: { is: 'ger-army', at: '0504' },
        k: { is: 'ger-inf-korps', at: '0604' },
        d: { is: 'sov-army', at: '0505' },
      },
    };
    const limited = ok(evaluate(input, ['a', 'k'], '0505', { k: 'limited' }));
    assert.deepEqual(
      limited.shifts.map((s) => s.by),
      [-1],
    );
    const onIsolated = ok(evaluate(input, ['a', 'k'], '0505', { d: 'isolated' }));
    assert.deepEqual(
      onIsolated.shifts.map((s) => s.by),
      [1],
    );
  });
});

describe('Who may attack', () => {
  it('not Disrupted units, nor units that used the OMB ("does not get the OMB if ... going to attack")', () => {
    const r1 = evaluate(
      { pieces: { a: { is: 'ger-army', at: '0504', disrupted: true }, d: { is: 'sov-army', at: '0505' } } },
      ['a'],
      '0505',
    );
    assert.ok(isRefusal(r1));
    const r2 = evaluate(
      { pieces: { a: { is: 'ger-army', at: '0504', moved: 'bonus' }, d: { is: 'sov-army', at: '0505' } } },
      ['a'],
      '0505',
    );
    assert.ok(isRefusal(r2));
    const r3 = evaluate(
      { pieces: { a: { is: 'ger-army', at: '0503' }, d: { is: 'sov-army', at: '0505' } } },
      ['a'],
      '0505',
    );
    assert.ok(isRefusal(r3) && r3.code === 'attack/not-adjacent');
  });
});

describe('General Rule: must-attack (B-14)', () => {
  // A Russian army at 0505 attacks the German korps at 0504; the German army at 0604 is adjacent to both.
  const input = (disrupted = false): PositionInput => ({
    player: 'soviet',
    pieces: {
      r: { is: 'sov-army', at: '0505' },
      r2: { is: 'sov-army', at: '0705' },
      k: { is: 'ger-inf-korps', at: '0504' },
      g: { is: 'ger-army', at: '0604', disrupted },
    },
  });
  it('an UnDisrupted German army adjacent to the attacking unit and to the attacked unit must also be attacked', () => {
    const p = position(input());
    const b = new Board(p.g, p.s);
    const unmet = mustAttackUnmet(b, [{ target: p.hx('0504'), attackers: ['r'], column: 4 }]);
    assert.deepEqual(unmet, [{ hex: p.hx('0604'), atLeast: 4, because: p.hx('0504') }]);
  });
  it('at odds at least equal: final columns compared', () => {
    const p = position(input());
    const b = new Board(p.g, p.s);
    const lower = mustAttackUnmet(b, [
      { target: p.hx('0504'), attackers: ['r'], column: 4 },
      { target: p.hx('0604'), attackers: ['r2'], column: 3 },
    ]);
    assert.equal(lower.length, 1);
    const equal = mustAttackUnmet(b, [
      { target: p.hx('0504'), attackers: ['r'], column: 4 },
      { target: p.hx('0604'), attackers: ['r2'], column: 4 },
    ]);
    assert.deepEqual(equal, []);
  });
  it('a Disrupted German army is not owed an attack', () => {
    const p = position(input(true));
    const b = new Board(p.g, p.s);
    assert.deepEqual(mustAttackUnmet(b, [{ target: p.hx('0504'), attackers: ['r'], column: 4 }]), []);
  });
});
