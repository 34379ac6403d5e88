/**
 * The analyst for Couriers, the toy game (issue #48): no plans, a random policy and whole
 * playouts to the end (a game is a dozen actions: a rollout costs well under a
 * millisecond), the sealed dispatches the viewer may not see drawn afresh for each one
 * (`determinizeCouriers`). It reads only what the game's results say, so its chances are
 * exact for random play; it gives the clients a hidden-information game to try the
 * analyst on cheaply.
 */
import {
  type Action,
  type GameAnalyst,
  type GameRules,
  type GameState,
  legalActions,
  rollDie,
  type SearchDomain,
} from '@stavka/engine';
import { couriersRules } from './rules.ts';
import { determinizeCouriers } from './secrets.ts';
import type { CouriersState } from './state.ts';

const rules = couriersRules as GameRules<CouriersState, Action, unknown>;

const domain: SearchDomain<CouriersState> = {
  rules,
  determinize: determinizeCouriers,
  choices: () => null,
  policy(rng) {
    let r = rng;
    return (state: GameState<CouriersState>, side: string): Action => {
      const legal = legalActions(rules, state, side).filter((a) => a.type !== 'undo');
      const d = rollDie(r, legal.length);
      r = d.next;
      return legal[d.value - 1]!;
    };
  },
  // Never read: every playout is played to the end (horizon 0).
  evaluate: () => 0.5,
};

export const couriersAnalyst: GameAnalyst<CouriersState> = { domain: () => domain, horizon: 0 };
