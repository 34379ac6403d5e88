import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playout, RandomPlayer } from '@stavka/ai';
import { canonicalJson } from '@stavka/engine';
import { marsRules } from './rules.ts';
import { cloneMarsState, type MarsState } from './state.ts';

describe('the game state is plain data', () => {
  it('clones field by field to exactly what structuredClone gives, sharing nothing', () => {
    const seen: MarsState[] = [];
    playout(
      marsRules as never,
      11,
      { soviet: new RandomPlayer('c1'), german: new RandomPlayer('c2') },
      {
        onAction: (s) => {
          if (seen.length < 400 && (s.state as MarsState).combat) seen.push(s.state as MarsState);
        },
      },
    );
    assert.ok(seen.length > 0, 'positions with a combat in progress');
    for (const g of seen) {
      const c = cloneMarsState(g);
      assert.equal(canonicalJson(c), canonicalJson(structuredClone(g)));
      // Change everything in the copy: the original stays as it was.
      const before = canonicalJson(g);
      for (const u of Object.values(c.units)) u.at = -7;
      for (const a of c.attacks) a.units.push('x');
      for (const d of c.combat?.defenders ?? []) d.path.push(-1);
      c.combat?.attackers.push('x');
      c.deployed.push('x');
      assert.equal(canonicalJson(g), before);
    }
    assert.deepEqual(
      Object.keys(cloneMarsState(seen[0]!)).sort(),
      Object.keys(seen[0]!).sort(),
      'every field copied',
    );
  });
});
