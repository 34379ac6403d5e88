/** The parts of the Mars rules and the engine the Mars AI reads, in one place. */
export { hexIndex, hexNumberOf } from '@stavka/engine';
export { canAttack, evaluateAttack, mustAttack } from '../attack.ts';
export { Board, fitsStack, isInfantry, isMobile, sideUnits, stackingOk, stackingOkWith } from '../board.ts';
export { MARS_CRT } from '../combat.ts';
export { type MoveOption, moveOptions } from '../movement.ts';
export { type MarsAction, marsBoard } from '../rules.ts';
export { type Scenario, type Side, scenarioByKey } from '../scenario.ts';
export type { Attack, MarsState } from '../state.ts';
