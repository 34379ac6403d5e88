/**
 * The movement lists carried from state to state (movement.ts `movementActions`, engine
 * frozen.ts `CarriedCache`): a speed-up only. Random games of the standard front are
 * played with the carried lists; at every state every legal-action list equals the one
 * worked out afresh (on a copy that carries nothing), and a replay of the game by rules
 * that never carry anything reaches the same state hash. On the way, the stacking test
 * summed up once a hex (Board.fitsOne, used by the move and rail lists) gives what the
 * stack itself does (Board.fits) for every piece and every occupied hex.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type GameRules, type GameState, replay, stateHash } from '@stavka/engine';
import { Board } from './board.ts';
import { movementMemo } from './movement.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import type { BarbarossaState } from './state.ts';
import { randomGame } from './test-games.ts';

type G = GameState<BarbarossaState>;

/** The same rules with the engine's plain structuredClone: nothing carried, every list afresh. */
const fresh: GameRules<BarbarossaState, BarbarossaAction> = { ...barbarossaRules, clone: undefined };

/** Board.fitsOne against Board.fits: every piece (not in the hex) and every occupied hex. Returns the pairs checked. */
function checkStacking(g: BarbarossaState): number {
  const board = new Board(g);
  let n = 0;
  for (const id of g.order) {
    if (g.pieces[id]!.status !== 'map') continue;
    for (let h = 0; h < board.at.length; h++) {
      const here = board.at[h]!;
      if (here.length === 0 || here.includes(id)) continue;
      assert.equal(board.fitsOne(h, id), board.fits(h, [id]), `${id} into hex ${h} (${here.join(', ')})`);
      n++;
    }
  }
  return n;
}

function play(
  seed: string,
  actions: number,
): {
  s: G;
  checked: number;
  reused: number;
  worked: number;
  stacks: number;
  file: Parameters<typeof replay>[1];
} {
  let checked = 0;
  let reused = 0;
  let worked = 0;
  let stacks = 0;
  const { s, played } = randomGame(
    seed,
    actions,
    (s, side, i) => {
      const carried = barbarossaRules.legalActions(s.state, side);
      const afresh = barbarossaRules.legalActions(structuredClone(s.state), side);
      assert.deepEqual(carried, afresh, `action ${i}: the carried list is the fresh one`);
      if (i % 15 === 0) stacks += checkStacking(s.state);
      if (s.state.step === 'movement' && !s.state.combat) {
        checked++;
        // How many pieces' searches came from an earlier state (the same object) and how many were run again.
        const given = movementMemo.inherited(s.state);
        const own = movementMemo.get(s.state)!;
        const key = Object.keys(own).at(-1)!;
        for (const [id, moves] of own[key]!.pieces)
          if (given?.[key]?.pieces.get(id)?.unoffered === moves.unoffered) reused++;
          else worked++;
      }
      return carried;
    },
    // Moves first half the time, so that pieces move across the whole front.
    { movesFirst: true },
  );
  return {
    s,
    checked,
    reused,
    worked,
    stacks,
    file: {
      game: barbarossaRules.id,
      rulesVersion: barbarossaRules.rulesVersion,
      scenario: null,
      seed,
      actions: played,
    },
  };
}

describe('Operational movement: the carried movement lists (speed only)', () => {
  for (const seed of ['memo-2']) {
    it(`${seed}: every list as if worked out afresh, and the same game hash replayed without them`, () => {
      const { s, checked, reused, worked, stacks, file } = play(seed, 450);
      assert.ok(checked > 100, `${checked} movement states compared`);
      assert.ok(stacks > 10000, `${stacks} stacking tests compared`);
      assert.ok(reused > 4 * worked, `most lists carried: ${reused} carried, ${worked} worked out`);
      const again = replay(fresh, file);
      assert.ok(again.ok, 'the replay is accepted');
      assert.equal(stateHash(again.value), stateHash(s), 'the same hash');
    });
  }
});
