/**
 * Barbarossa 1941: the rules as a GameRules (`barbarossaRules`), its view, the standard
 * game (`setup(barbarossaRules, null, seed, options)`), and what a client or the AI reads
 * (board, movement, attack evaluation, supply, victory).
 */
export { evaluateAttack, modifiedDefense, mustAttackUnmet } from './attack.ts';
export { Board, stackingOk } from './board.ts';
export * from './combat.ts';
export { type BarbarossaView, viewOf } from './hidden.ts';
export { moveOptions, omfOf } from './movement.ts';
export {
  type BarbarossaAction,
  type BarbarossaOptions,
  barbarossaRules,
  type PositionFile,
  RULES_VERSION,
} from './rules.ts';
export { type RulesScenario, rulesScenarioByKey } from './rules-scenario.ts';
export { standardRulesScenario } from './standard-setup.ts';
export type { BarbarossaState, PieceState } from './state.ts';
export { supplyStatuses } from './supply.ts';
export { victoryTally } from './victory.ts';
