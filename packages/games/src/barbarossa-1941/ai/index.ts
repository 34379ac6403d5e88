/** The Barbarossa 1941 AI: its players and the module's `determinize`. */
export { BarbarossaAiPlayer, barbarossaAiPlayers } from './ai.ts';
export { determinizeBarbarossa } from './determinize.ts';
export { BarbarossaPolicy, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
