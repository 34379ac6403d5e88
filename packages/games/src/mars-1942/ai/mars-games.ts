/** The parts of the Mars rules and the engine the Mars AI reads, in one place. */
import type { Action, GameRules, GameState } from '@stavka/engine';
import { marsRules } from '../rules.ts';
import type { MarsState } from '../state.ts';

export { hexIndex, hexNumberOf } from '@stavka/engine';
export { canAttack, evaluateAttack, mustAttack } from '../attack.ts';
export { Board, fitsStack, isInfantry, isMobile, sideUnits, stackingOk, stackingOkWith } from '../board.ts';
export { MARS_CRT } from '../combat.ts';
export { type MoveOption, moveOptions } from '../movement.ts';
export { type MarsAction, marsBoard, marsRules } from '../rules.ts';
export { type Scenario, type Side, scenarioByKey } from '../scenario.ts';
export { type Attack, type MarsState, unitAt } from '../state.ts';
export { mayMoveTo, type UnitMoves, unitMoves } from '../steps/movement.ts';

/**
 * Whether `state` is a game of Operation Mars (its rules are Mars's): then it is a Mars
 * state, for a player handed any game's (the engine's `Player`).
 */
export function isMarsGame<G>(
  rules: GameRules<G, Action, unknown>,
  state: GameState<G>,
): state is GameState<G> & GameState<MarsState> {
  return rules.id === marsRules.id;
}
