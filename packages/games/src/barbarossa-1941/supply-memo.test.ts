/**
 * The supply traces kept for the legal lists (supply.ts `boardSupplyDistances`: a trace
 * serves again while the hexes blocked, the Axis railheads and the ports' holders are the
 * same): a speed-up only. Random games of the standard front are played; at every state,
 * for both sides, the distances given equal barbarossa-1941 "Supply" traced afresh
 * (`supplyDistances`), and most states are served a kept trace.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, rngFromSeed, rollDie, setup } from '@stavka/engine';
import { Board } from './board.ts';
import { barbarossaRules } from './rules.ts';
import { SIDES } from './rules-scenario.ts';
import { boardSupplyDistances, supplyDistances } from './supply.ts';

describe('Supply: the traces kept for the legal lists (speed only)', () => {
  for (const seed of ['supply-memo-1', 'supply-memo-2']) {
    it(`${seed}: every side's distances at every state as traced afresh`, () => {
      const made = setup(barbarossaRules, null, seed, {});
      if (!made.ok) throw new Error(JSON.stringify(made.error));
      let s = made.value;
      let rng = rngFromSeed(seed);
      let kept = 0;
      let traced = 0;
      const last: Partial<Record<string, Int32Array>> = {};
      for (let i = 0; i < 400; i++) {
        const side = barbarossaRules.activeSides(s.state)[0];
        if (!side) break;
        for (const whose of SIDES) {
          const given = boardSupplyDistances(new Board(s.state), whose);
          assert.deepEqual(
            given,
            supplyDistances(new Board(s.state), whose),
            `action ${i}: ${whose}'s distances`,
          );
          if (given === last[whose]) kept++;
          else traced++;
          last[whose] = given;
        }
        const legal = barbarossaRules.legalActions(s.state, side);
        const d = rollDie(rng, legal.length);
        rng = d.next;
        const r = apply(barbarossaRules, s, side, legal[d.value - 1]!);
        if (!r.ok) throw new Error(r.error.message);
        s = r.value;
      }
      assert.ok(traced > 10, `${traced} traces made`);
      assert.ok(kept > traced, `most states served a kept trace: ${kept} kept, ${traced} traced`);
    });
  }
});
