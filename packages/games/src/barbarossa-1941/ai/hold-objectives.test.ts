/**
 * The Axis garrisons the objective cities without points it holds (`PolicyParams.holdObjectives`;
 * issue #44). In the mirror with short drives on game-turns 1-2 (`screen.ts`
 * `ai2-opening-walk-in-2-depth-8-8-12`) Minsk fell by game-turn 2 in 37 of 40 games, and was
 * Russian again at the start of game-turn 4 in 14 of them: the Axis had left it empty on
 * game-turn 3 (it is worth no points, so no garrison kept it), a Russian unit walked in
 * ("entering a city takes it"), and the railway to Smolensk (B-38) ran through it. In none of
 * the 14 was Smolensk attacked on game-turn 4 (docs/barbarossa-balance.md).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { G } from '../test-games.ts';
import type { PositionInput } from '../test-positions.ts';
import { DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import { axisIn, minskFront, axisTurn as playTurn } from './test-games.ts';

const minskHeld = (pieces: PositionInput['pieces']): G => minskFront(pieces, 'Minsk', 'axis');
const axisTurn = (s: G, params: PolicyParams) => playTurn(s, params, 'hold-objectives');

describe('the Axis keeps a garrison in the objective cities it took (PolicyParams.holdObjectives; "Victory Conditions": entering a city takes it)', () => {
  // Two German infantry korps in Minsk, a Russian army four hexes east (0905) that could
  // march in, Moscow far east.
  const held = () =>
    minskHeld({
      k1: { is: 'ger-inf-korps', at: '0505' },
      k2: { is: 'ger-inf-korps', at: '0505' },
      r: { is: 'sov-army', at: '0905' },
      m: { is: 'sov-army', at: '1905' },
    });

  it('level 1 marches both korps on toward Moscow and leaves Minsk empty', () => {
    const { end } = axisTurn(held(), DEFAULT_PARAMS);
    assert.deepEqual(axisIn(end, '0505'), []);
  });

  it('with holdObjectives a korps stays in Minsk', () => {
    const { end } = axisTurn(held(), { ...DEFAULT_PARAMS, holdObjectives: true });
    assert.ok(axisIn(end, '0505').length >= 1, 'Minsk keeps a garrison');
    assert.equal(end.state.control.Minsk, 'axis');
  });
});
