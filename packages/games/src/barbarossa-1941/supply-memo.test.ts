/**
 * The supply traces kept for the legal lists (supply.ts `boardSupplyDistances`: a trace
 * serves again while the hexes blocked, the Axis railheads and the ports' holders are the
 * same): a speed-up only. Random games of the standard front are played; at every state,
 * for both sides, the distances given equal barbarossa-1941 "Supply" traced afresh
 * (`supplyDistances`), and most states are served a kept trace.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from './board.ts';
import { SIDES } from './rules-scenario.ts';
import { boardSupplyDistances, supplyDistances } from './supply.ts';
import { randomGame } from './test-games.ts';

describe('Supply: the traces kept for the legal lists (speed only)', () => {
  for (const seed of ['supply-memo-1', 'supply-memo-2']) {
    it(`${seed}: every side's distances at every state as traced afresh`, () => {
      let kept = 0;
      let traced = 0;
      const last: Partial<Record<string, Int32Array>> = {};
      randomGame(seed, 400, (s, _side, i) => {
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
        return undefined;
      });
      assert.ok(traced > 10, `${traced} traces made`);
      assert.ok(kept > traced, `most states served a kept trace: ${kept} kept, ${traced} traced`);
    });
  }
});
