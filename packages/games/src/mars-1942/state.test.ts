import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyUnchecked,
  canonicalJson,
  legalActions,
  playout,
  RandomPlayer,
  type RngState,
  rngFromSeed,
  rollDie,
  setup,
  stateHash,
} from '@stavka/engine';
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
      // Keys in order all through: the canonical JSON is what JSON.stringify writes.
      assert.equal(JSON.stringify(c), canonicalJson(c));
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

describe('state hashes', () => {
  it('are those stored games were recorded with: a whole game of random choices, pinned', () => {
    // A change here breaks every stored game's replay check: a rules change that does it
    // bumps RULES_VERSION (and then pins the new hashes); a faster way of hashing must not.
    const made = setup(marsRules, null, 'golden', {});
    assert.ok(made.ok);
    let s = made.value;
    let rng: RngState = rngFromSeed('golden-picks');
    const hashes: string[] = [];
    for (let i = 0; ; i++) {
      const side = marsRules.activeSides(s.state)[0];
      if (!side) break;
      const legal = legalActions(marsRules, s, side).filter((a) => a.type !== 'undo');
      const r = rollDie(rng, legal.length);
      rng = r.next;
      s = applyUnchecked(marsRules, s, side, legal[r.value - 1]!);
      if (i % 250 === 0) hashes.push(stateHash(s));
    }
    assert.equal(s.actionCount, 841);
    assert.deepEqual(hashes, [
      'ade197311c4f8aad5033ed426eaf71642f778dc3b5e15e8ca03dd9fecfc54f84',
      '00dcbc875b2c7a25f5a670e581b6e29b2d37d3454e4e57907d775eac34b56bb2',
      'd3a10f316752d1bd510e1838f28ca185efc3a4c468a2ebc39fa2abc46895370b',
      '6081f91eba317929f5b0f6ecc2412173c8b25679725d31d6068d162d7d536340',
    ]);
    assert.equal(stateHash(s), '25b1ed738deeb8d7cd972b13f0d6aee54a0a602fdea6914b148dee7d79dd7f38');
    assert.equal(marsRules.rulesVersion, 'mars-1942/3', 'pinned under these rules');
  });
});
