/**
 * One ground combat under way, from the defender's No Retreat! orders to the last advance
 * ("Ground Combat Resolution and Immediate Tactical Retreats and Advances after Combat",
 * A.5 / B.5): its actions and their effects (`COMBAT_EFFECTS`, one named effect an
 * action) are resolution.ts's, phase by phase; the side to act is the combat's
 * (`combatActor`).
 */
import { COMBAT_EFFECTS, type CombatAction, combatActions } from '../resolution.ts';
import type { StepRules } from './step.ts';

export const resolutionStep: StepRules<CombatAction['type']> = {
  legal: (g, _side, s) => combatActions(g, s),
  effects: COMBAT_EFFECTS,
};
