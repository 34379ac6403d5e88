/**
 * barbarossa-1941 "Russian Reinforcements and Replacements" (B-48): the factors of a turn,
 * rifle armies at 2 factors with the die roll for an odd one, tank units rebuilt weakest
 * first from factors cumulated between turns.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { advanceEvacuations, siberianFactories } from './factories.ts';
import { germanReplacements, sovietReplacements, tankPile } from './replacements.ts';
import { testContext } from './test-context.ts';
import { col } from './test-games.ts';
import { position } from './test-positions.ts';

function moscowPosition() {
  return position({
    player: 'soviet',
    map: {
      places: [{ name: 'Moscow', kind: 'victory-city', hex: '0905' }],
      edges: [
        { id: 'siberia', hexes: col(10) },
        { id: 'soviet-supply', hexes: col(10) },
      ],
      connections: [{ kind: 'rail', path: col(10) }],
    },
    pieces: {
      r: { is: 'sov-army', at: '0905' },
      t1: { is: 'sov-tank-korps-43', at: '0808' },
      t2: { is: 'sov-tank-korps', at: '0809' },
    },
    extraUnits: { x1: 'sov-rifle-54', x2: 'sov-rifle-22', x3: 'sov-rifle-22' },
    riflePile: ['x1', 'x2', 'x3'],
    replacementFactors: { Moscow: 2 },
  });
}

describe('Russian Reinforcements and Replacements (B-48)', () => {
  it('1 factor from each major city, 2 from Moscow, 1 from Siberia: 3 factors buy an army, the odd one on a 4-6', () => {
    const { g, s } = moscowPosition();
    const ctx = testContext([5]);
    sovietReplacements(g, s, ctx);
    assert.equal(g.arrivals.length, 2, 'one for 2 factors, one for the odd factor rolled up');
    assert.equal(g.rifleFactors, 0);
    for (const id of g.arrivals)
      assert.equal(g.secret.identities[id]!.unit, null, 'face down, undecided (B-18)');
  });
  it('an odd factor kept on a 1-3', () => {
    const { g, s } = moscowPosition();
    sovietReplacements(g, s, testContext([2]));
    assert.equal(g.arrivals.length, 1);
    assert.equal(g.rifleFactors, 1);
  });
  it('"Lost Russian tank units go into a replacement pile to be brought back in as such, weakest units first"', () => {
    const { g, s } = moscowPosition();
    for (const id of ['t1', 't2']) {
      g.pieces[id]!.status = 'eliminated';
      g.pieces[id]!.at = -1;
    }
    assert.deepEqual(tankPile(g, s), ['t2', 't1']);
    g.tankFactors = 2; // Tankograd's 1 this turn makes 3: the 3-2 comes back, the 4-3 waits
    sovietReplacements(g, s, testContext([5]));
    assert.ok(g.arrivals.includes('t2'));
    assert.ok(!g.arrivals.includes('t1'));
    assert.equal(g.tankFactors, 0);
  });
});

describe('Axis Reinforcements and Replacements Panzers (B-49)', () => {
  it('"2 panzer replacement factors at the start of each month beginning with August", kept until a lost panzer division is covered', () => {
    const p = position({
      turns: [{ label: 'Aug I 41', weather: 'good', monthStart: true }],
      pieces: { pz: { is: 'ger-pz-div', at: '0303' }, k: { is: 'ger-inf-korps', at: '0304' } },
      railheads: ['0101'],
      panzerReplacements: { factorsPerMonth: 2, fromTurn: 1 },
    });
    p.g.pieces.pz!.status = 'eliminated';
    p.g.pieces.pz!.at = -1;
    germanReplacements(p.g, p.s, testContext());
    assert.equal(p.g.panzerFactors, 2, 'a 3-factor division waits');
    assert.deepEqual(p.g.arrivals, []);
    germanReplacements(p.g, p.s, testContext());
    assert.deepEqual(p.g.arrivals, ['pz']);
    assert.equal(p.g.panzerFactors, 1);
  });
});

describe('Factory Evacuation (B-51)', () => {
  it('loading one turn, on the track the next, back in production in Siberia 3 turns later', () => {
    const { g } = moscowPosition();
    g.evacuation.t1 = { phase: 'loading', since: 1 };
    g.turn = 2;
    advanceEvacuations(g, testContext());
    assert.deepEqual(g.evacuation.t1, { phase: 'track', since: 2 });
    assert.equal(g.pieces.t1!.status, 'pool');
    g.turn = 4;
    advanceEvacuations(g, testContext());
    assert.equal(g.evacuation.t1!.phase, 'track');
    g.turn = 5;
    advanceEvacuations(g, testContext());
    assert.equal(siberianFactories(g), 1);
  });
});
