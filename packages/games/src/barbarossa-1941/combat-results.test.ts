/**
 * barbarossa-1941 "Combat Results Definitions" (B-3..B-6), "Surrounded/Retreat
 * Impossible/No Retreat! Orders", "Armored Overrun", "Tactical Retreats" and "Tactical
 * Advances", each a small case.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from './board.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import {
  advanceAllowance,
  armoredOverrun,
  EXCHANGE_RATE,
  exchangeCost,
  exchangeOutcome,
  extraRetreat,
  FORCED_EXCHANGE,
  lossCandidates,
  NO_RETREAT,
  readFor,
  retreatPaths,
} from './combat-results.ts';
import { type PositionInput, position } from './test-positions.ts';

const board = (input: PositionInput) => {
  const p = position(input);
  return { p, b: new Board(p.g, p.s) };
};

describe('Disrupted Units: read 1 odds column higher (B-6)', () => {
  it('one roll: the Disrupted defenders read the next column, the others the base column', () => {
    // Provisional CRT, roll 1: 3:1 reads X, 4:1 reads D.
    assert.equal(readFor(BARBAROSSA_CRT, 7, 1, false), 'X');
    assert.equal(readFor(BARBAROSSA_CRT, 7, 1, true), 'D');
    assert.equal(readFor(BARBAROSSA_CRT, 13, 6, true), 'BK', '9:1 is the top: no higher column');
  });
});

describe('Dn: retreat 0-n as the attacker chooses, then the defender may add (B-3)', () => {
  it('D1 +1, D2 +1, D3 none', () => {
    assert.deepEqual([1, 2, 3].map(extraRetreat), [1, 1, 0]);
  });
});

describe('Surrounded/Retreat Impossible/"No Retreat!" Orders (B-4)', () => {
  it('D1->D and D2 ->DE, DE ->BK (and D3 -> DE)', () => {
    assert.deepEqual(NO_RETREAT, { D1: 'D', D2: 'DE', D3: 'DE', DE: 'BK' });
  });
  it('Forced EXchange: D3 = .34X, D2 = .5X, D1 = equal exchange, D = 1.5X, X = 2X, AD = AE', () => {
    assert.deepEqual(FORCED_EXCHANGE, { D3: '0.34X', D2: '0.5X', D1: 'X', D: '1.5X', X: '2X', AD: 'AE' });
    for (const r of Object.values(FORCED_EXCHANGE))
      if (r !== 'AE') assert.ok(EXCHANGE_RATE[r] !== undefined, r);
  });
});

describe('X/2, X, 2X = eXchanges (B-5)', () => {
  it('costs in attack factors, fractions rounded up, a cost under 1 factor ignored', () => {
    assert.equal(exchangeCost(1, 5), 5);
    assert.equal(exchangeCost(0.5, 3), 2);
    assert.equal(exchangeCost(0.5, 1), 0, '"Exchange cost total ignored if less than 1 factor"');
    assert.equal(exchangeCost(0.34, 2), 0);
    assert.equal(exchangeCost(0.34, 4), 2);
    assert.equal(exchangeCost(1.5, 3), 5);
    assert.equal(exchangeCost(2, 3), 6);
  });
  it('defenders covered are eliminated with the attackers covering them', () => {
    const o = exchangeOutcome(1, 8, [
      { id: 'a', modified: 4 },
      { id: 'b', modified: 3 },
    ]);
    assert.deepEqual(o, { eliminated: ['b', 'a'], cost: 7, allAttackersLost: false });
  });
  it('"If not all defense factors covered ... as many defenders units which can be are and rest of attacking units just Eliminated"', () => {
    const o = exchangeOutcome(1, 5, [
      { id: 'a', modified: 4 },
      { id: 'b', modified: 3 },
    ]);
    assert.deepEqual(o, { eliminated: ['b'], cost: 5, allAttackersLost: true });
  });
  it('"Attacking Russian armor/tank lost first when covering German panzer, motinf, or army factors"', () => {
    const { b } = board({
      player: 'soviet',
      pieces: {
        t: { is: 'sov-tank-korps', at: '0504' },
        r: { is: 'sov-army', at: '0604' },
        g: { is: 'ger-army', at: '0505' },
        k: { is: 'ger-inf-korps', at: '0507' },
      },
    });
    assert.deepEqual(lossCandidates(b, ['t', 'r'], ['g']), ['t']);
    assert.deepEqual(lossCandidates(b, ['t', 'r'], ['k']), ['t', 'r'], 'an infantry korps: any');
  });
  it('"Attacking German panzers lost first when covering Russian 4-3 or 3-2 tank korps"', () => {
    const { b } = board({
      pieces: {
        pz: { is: 'ger-pz-div', at: '0504' },
        a: { is: 'ger-army', at: '0604' },
        t: { is: 'sov-tank-korps', at: '0505' },
      },
    });
    assert.deepEqual(lossCandidates(b, ['pz', 'a'], ['t']), ['pz']);
  });
});

describe('Armored Overrun', () => {
  const input = (weather: PositionInput['weather'], terrain?: string): PositionInput => ({
    ...(weather ? { weather } : {}),
    ...(terrain ? { map: { terrain: { '0505': terrain } } } : {}),
    pieces: {
      pz: { is: 'ger-pz-div', at: '0504' },
      pz2: { is: 'ger-pz-div', at: '0604' },
      d: { is: 'sov-weak-div', at: '0505' },
      a: { is: 'sov-army', at: '0507' },
    },
  });
  it('on a D2, a pure infantry unit in clear terrain is eliminated by more pure panzer factors, in Good weather', () => {
    const { b } = board(input('good'));
    assert.equal(armoredOverrun(b, 'D2', 'd', 1, ['pz'], 'axis'), true);
  });
  it('not in a bonused hex, nor in Mud', () => {
    assert.equal(armoredOverrun(board(input('good', 'forest')).b, 'D2', 'd', 1, ['pz'], 'axis'), false);
    assert.equal(armoredOverrun(board(input('mud')).b, 'D2', 'd', 1, ['pz'], 'axis'), false);
    assert.equal(
      armoredOverrun(board(input('snow')).b, 'D2', 'd', 1, ['pz'], 'axis'),
      false,
      'Snow: Russians only',
    );
  });
  it('a D3 can eliminate any army in similar circumstances; a D2 cannot', () => {
    const { b } = board(input('hard-frost'));
    assert.equal(armoredOverrun(b, 'D3', 'a', 3, ['pz', 'pz2'], 'axis'), true);
    assert.equal(armoredOverrun(b, 'D2', 'a', 3, ['pz', 'pz2'], 'axis'), false);
    assert.equal(armoredOverrun(b, 'D3', 'a', 6, ['pz', 'pz2'], 'axis'), false, 'not more panzer factors');
  });
});

describe('Tactical Retreats', () => {
  it('away from the hex attacked, no closer to the attackers, not across a hexside adjacent to an attacking hex', () => {
    // Defender at 0505 attacked from 0504 (north).
    const { p, b } = board({
      pieces: { g: { is: 'ger-army', at: '0504' }, d: { is: 'sov-army', at: '0505' } },
    });
    const one = retreatPaths(b, 'd', [p.hx('0504')], 1);
    assert.deepEqual(
      [...one.keys()].map((h) => p.s.hexNumbers[h]),
      ['0405', '0506', '0605'],
    );
  });
  it('not into an enemy ZOC unoccupied by friendly units; a friendly unit opens it', () => {
    const { p, b } = board({
      pieces: {
        g: { is: 'ger-army', at: '0504' },
        k: { is: 'ger-inf-korps', at: '0606' },
        k2: { is: 'ger-inf-korps', at: '0406' },
        d: { is: 'sov-army', at: '0505' },
      },
    });
    const one = retreatPaths(b, 'd', [p.hx('0504')], 1);
    assert.deepEqual(
      [...one.keys()].map((h) => p.s.hexNumbers[h]),
      [],
      "0405, 0506, 0605 all in the korps' ZOCs",
    );
    const q = position({
      pieces: {
        g: { is: 'ger-army', at: '0504' },
        k: { is: 'ger-inf-korps', at: '0606' },
        k2: { is: 'ger-inf-korps', at: '0406' },
        d: { is: 'sov-army', at: '0505' },
        f: { is: 'sov-tank-korps', at: '0506' },
      },
    });
    const opened = retreatPaths(new Board(q.g, q.s), 'd', [q.hx('0504')], 1);
    assert.deepEqual(
      [...opened.keys()].map((h) => q.s.hexNumbers[h]),
      ['0506'],
    );
  });
  it('"Retreating units may not violate the stacking limit of hexes occupied by other friendly units"', () => {
    const { p, b } = board({
      pieces: {
        g: { is: 'ger-army', at: '0504' },
        d: { is: 'sov-army', at: '0505' },
        f1: { is: 'sov-army', at: '0506' },
        f2: { is: 'sov-army', at: '0506' },
      },
    });
    const one = retreatPaths(b, 'd', [p.hx('0504')], 1);
    assert.equal(one.has(p.hx('0506')), false);
  });
});

describe('Tactical Advances (for attackers only) After Combat', () => {
  it('BK, DE, D3: German panzer 3, German motorized 2, others 1; 1 hex on other results; Axis 1 hex in Mud', () => {
    const { b } = board({
      pieces: {
        pz: { is: 'ger-pz-div', at: '0504' },
        ss: { is: 'ger-ss-div', at: '0604' },
        k: { is: 'ger-inf-korps', at: '0404' },
        c: { is: 'sov-cav', at: '0909' },
      },
    });
    assert.deepEqual(
      ['pz', 'ss', 'k'].map((id) => advanceAllowance(b, id, 'DE')),
      [3, 2, 1],
    );
    assert.equal(advanceAllowance(b, 'pz', 'D1'), 1);
    assert.equal(advanceAllowance(b, 'c', 'BK'), 3, 'Russian cavalry 3');
    const mud = board({ weather: 'mud', pieces: { pz: { is: 'ger-pz-div', at: '0504' } } });
    assert.equal(advanceAllowance(mud.b, 'pz', 'DE'), 1);
  });
});
