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
      marsRules,
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
    // mars-1942/4 (issue #21): the state carries `taken` (M-19) and `spared` (M-20), odds
    // run on below 1:4 (M-2a), stacking follows M-17 and X/2 on mixed stacks M-24.
    // mars-1942/5 (issue #29): German infantry defend 2 factors stronger (units.json,
    // docs/mars-balance.md): the same picks make another game from the first combat on.
    // mars-1942/6 (issue #29): the map gains the Sychevka - Kholm-Zhirkovsky - Dukhovshchina
    // road (MAP-SOURCES.md): supply, and with it the legal moves, change.
    assert.equal(s.actionCount, 835);
    assert.deepEqual(hashes, [
      '40e0425345c325337fef699c0e6ea29436f0656886f68b35ac5099095beed847',
      '65f05db365bb82a1c7217fb88f3ba71de72143ce6709b8c17c48973ad7a136c9',
      'c390cf7497f13e632bee9caedde05e32896690817e6ca1ddf30d46fad6bcc814',
      '4a6ead7a7c739ff8653ce479db88f3d6ea8796aa460382d1fdee44e62d6a2764',
    ]);
    assert.equal(stateHash(s), '3e38337adb471320c7ad95dd4af466a69d17e38b2230ea98c1b2ea353ba9d830');
    assert.equal(marsRules.rulesVersion, 'mars-1942/6', 'pinned under these rules');
  });
});
