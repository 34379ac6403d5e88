/**
 * One ground combat under way, from the defender's No Retreat! orders to the last advance
 * ("Ground Combat Resolution and Immediate Tactical Retreats and Advances after Combat",
 * A.5 / B.5): its actions and their effects are resolution.ts's, phase by phase; the side
 * to act is the combat's (`combatActor`).
 */
import { applyCombatAction, type CombatAction, combatActions } from '../resolution.ts';
import type { Effect, StepRules } from './step.ts';

/** Every combat action is carried out by resolution.ts's one function, which knows the combat's phase. */
const combat: Effect<CombatAction['type']> = (g, s, _side, a, ctx) => applyCombatAction(g, s, a, ctx);

export const resolutionStep: StepRules<CombatAction['type']> = {
  legal: (g, _side, s) => combatActions(g, s),

  effects: {
    'no-retreat': combat,
    'orders-done': combat,
    'forced-exchange': combat,
    'avoid-exchange': combat,
    'exchange-choice': combat,
    lose: combat,
    flip: combat,
    'retreat-length': combat,
    retreat: combat,
    advance: combat,
    'end-advance': combat,
    survivor: combat,
  },
};
