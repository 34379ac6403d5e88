import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rngFromSeed, rollDie } from './rng.ts';

/** The first `k` rolls of each of the seeds 0..n-1. */
function firstRolls(n: number, k: number): number[][] {
  return Array.from({ length: n }, (_, seed) => {
    let s = rngFromSeed(seed);
    return Array.from({ length: k }, () => {
      const r = rollDie(s);
      s = r.next;
      return r.value;
    });
  });
}

describe('seeded dice', () => {
  it('the same seed rolls the same dice; a number and its text are different seeds', () => {
    assert.deepEqual(firstRolls(3, 5), firstRolls(3, 5));
    assert.notDeepEqual(rngFromSeed(7), rngFromSeed('7'));
  });
  it('seeds next to each other give unrelated games (no cycle in first rolls, no alternation in second)', () => {
    const rolls = firstRolls(600, 2);
    // Each face about a sixth of the time, for the first and the second roll: a chi-square
    // with 5 degrees of freedom, under 20.5 (p ~ 0.001) for dice that are fair.
    for (const k of [0, 1]) {
      const counts = [0, 0, 0, 0, 0, 0];
      for (const r of rolls) counts[r[k]! - 1]!++;
      const chi = counts.reduce((a, c) => a + (c - 100) ** 2 / 100, 0);
      assert.ok(chi < 20.5, `roll ${k + 1}: ${counts.join(', ')} (chi-square ${chi.toFixed(1)})`);
    }
    // The old seeding made the first roll a function of the seed mod 6: 2,1,6,5,4,3,...
    const period6 = rolls.every((r, i) => i < 6 || r[0] === rolls[i - 6]![0]);
    assert.ok(!period6, 'first rolls repeat every 6 seeds');
    // And pairs of consecutive seeds agree on their first roll about a sixth of the time.
    let same = 0;
    for (let i = 1; i < rolls.length; i++) if (rolls[i]![0] === rolls[i - 1]![0]) same++;
    assert.ok(same > 60 && same < 140, `${same} of 599 neighbours share their first roll`);
  });
});
