/**
 * The Axis's floor for an attack on an objective city itself (`PolicyParams.objectiveFloor`,
 * issue #44): level 1 attacks a Russian-held objective city from 2:1 (a column under its 3:1
 * minimum); with the floor at 1:1 it attacks at 1:1 too. Smolensk's attacks of game-turns
 * 3-4 are made in Limited supply, a column less ("Supply"), without air: docs/barbarossa-balance.md.
 * `objectiveFloorUntil` ends the floor after a game-turn (level 2's Axis: game-turn 4 in
 * every plan, `search.ts` `OPENING_FLOOR_UNTIL`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Action } from '@stavka/engine';
import { type G, game, toMovement } from '../test-games.ts';
import { COL, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import { axisAllocations, goodTurns } from './test-games.ts';

/** A German army next to Moscow (a victory city, the centre's objective) held by a Russian army: 6 against 3 doubled, 1:1. */
function moscowAt1to1(turn = 1): G {
  const s = game(
    {
      map: { places: [{ name: 'Moscow', kind: 'victory-city', hex: '0505' }] },
      victoryPoints: { Moscow: 3 },
      control: { Moscow: 'soviet' },
      pieces: {
        g1: { is: 'ger-army', at: '0504' },
        r: { is: 'sov-army', at: '0505' },
      },
      turns: goodTurns(6),
    },
    {
      seed: 5,
      tweak: (g) => {
        g.turn = turn;
      },
    },
  );
  return toMovement(s);
}

/** The attacks the Axis allocates in its movement step, played by level 1 with `params`. */
function allocated(params: PolicyParams, turn = 1): Action[] {
  return axisAllocations(
    moscowAt1to1(turn),
    params,
    'floor',
    (g) => g.step === 'movement' && g.player === 'axis',
    'end-movement',
  );
}

describe('the Axis floor for an attack on an objective city (issue #44)', () => {
  it('level 1 does not attack Moscow at 1:1', () => {
    assert.deepEqual(allocated(DEFAULT_PARAMS), []);
  });
  it('with the floor at 1:1 it does', () => {
    assert.deepEqual(allocated({ ...DEFAULT_PARAMS, objectiveFloor: COL['1:1']! }), [
      { type: 'allocate', piece: 'g1', target: moscowAt1to1().state.pieces.r!.at },
    ]);
  });
  it('with the floor until game-turn 4, it does on game-turn 4 and not on game-turn 5', () => {
    const params = { ...DEFAULT_PARAMS, objectiveFloor: COL['1:1']!, objectiveFloorUntil: 4 };
    assert.deepEqual(allocated(params, 4), [
      { type: 'allocate', piece: 'g1', target: moscowAt1to1(4).state.pieces.r!.at },
    ]);
    assert.deepEqual(allocated(params, 5), []);
    // Without the limit the floor holds on game-turn 5 too: the turn alone does not stop it.
    assert.deepEqual(allocated({ ...DEFAULT_PARAMS, objectiveFloor: COL['1:1']! }, 5), [
      { type: 'allocate', piece: 'g1', target: moscowAt1to1(5).state.pieces.r!.at },
    ]);
  });
});
