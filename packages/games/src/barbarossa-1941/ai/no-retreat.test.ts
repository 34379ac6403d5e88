/**
 * The Russian defence (issue #44): No Retreat! orders (barbarossa-1941 "Surrounded/Retreat
 * Impossible/"No Retreat!" Orders": "D1->D and D2 ->DE, DE ->BK"; RULINGS B-4) for the
 * defenders of Leningrad and Moscow, where a retreat would give the city up, at odds up to
 * 5:1, and not elsewhere; the line formed in contact with the enemy.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { attack, type G, game, pass, toMovement } from '../test-games.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { moscowFront, playUntil, aiRules as rules } from './test-games.ts';

/** Three German armies attack the Russian army in 0505 (a victory city when `city`), up to the defender's orders. */
function attacked(city: boolean): G {
  const s = game(
    {
      map: city ? { places: [{ name: 'Leningrad', kind: 'victory-city', hex: '0505' }] } : {},
      ...(city ? { victoryPoints: { Leningrad: 2 }, control: { Leningrad: 'soviet' } } : {}),
      pieces: {
        g1: { is: 'ger-army', at: '0404' },
        g2: { is: 'ger-army', at: '0504' },
        g3: { is: 'ger-army', at: '0604' },
        r: { is: 'sov-army', at: '0505' },
      },
    },
    { seed: 3 },
  );
  return attack(toMovement(s), 'axis', ['g1', 'g2', 'g3'], '0505');
}

describe('No Retreat! for Leningrad (issue #44)', () => {
  it('the Russian army holding Leningrad at 3:1 (a victory city doubling it) is ordered not to retreat', () => {
    const s = attacked(true);
    assert.equal(s.state.combat?.phase, 'orders');
    assert.ok(s.state.combat!.column <= 9, `odds up to 5:1 (column ${s.state.combat!.column})`);
    const a = new BarbarossaAiPlayer('nr').choose(rules, s, 'soviet');
    assert.deepEqual(a, { type: 'no-retreat', piece: 'r' });
  });
  it('in open country it keeps its retreat', () => {
    const s = attacked(false);
    assert.equal(s.state.combat?.phase, 'orders');
    const a = new BarbarossaAiPlayer('nr').choose(rules, s, 'soviet');
    assert.deepEqual(a, { type: 'orders-done' });
  });
});

describe('the Russian line forms in contact with the enemy (issue #44: "a continuous line")', () => {
  it('an army marching to the front stops next to the German army: in supply there (traced through itself), not a hex short', () => {
    // A German army at 0805; a Russian army at 1105 in Full Supply from the railroad along the
    // eastern edge (column 20); Moscow at 1905, garrisoned.
    const s = moscowFront({
      g: { is: 'ger-army', at: '0805' },
      r: { is: 'sov-army', at: '1105' },
      m1: { is: 'sov-army', at: '1905' },
      m2: { is: 'sov-army', at: '1904' },
    });
    const { end } = playUntil(pass(s, 'axis'), (g) => g.player !== 'soviet' || g.step === 'combat', 'line');
    const b = new Board(end.state);
    assert.equal(
      hexDistance(b, end.state.pieces.r!.at, end.state.pieces.g!.at),
      1,
      'next to the German army',
    );
  });
});
