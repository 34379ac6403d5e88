/**
 * The `greedy` baseline for Operation Mars: every attack it can make at 2:1 or better
 * (the best odds it can put together), and no points play. The other Soviet units head
 * for the nearest objective; the German keeps his line (garrisons stay in their zones, the
 * rest stand unless a zone is empty). It sees only its side's view and submits only
 * legal actions.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  knownState,
  legalActions,
  type Player,
  type Seed,
  UNDO,
} from '@stavka/engine';
import { isMarsGame, type MarsAction, marsRules, type Side } from './mars-games.ts';
import { GREEDY_PARAMS, MarsPolicy } from './policy.ts';

export class GreedyPlayer implements Player {
  readonly name = 'greedy';
  private readonly policy = new MarsPolicy(GREEDY_PARAMS);
  constructor(readonly seed: Seed = 0) {}
  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (!isMarsGame(rules, state)) throw new Error(`the greedy player plays mars-1942, not ${rules.id}`);
    const known = knownState(marsRules, state, side, this.seed);
    const legal = legalActions(marsRules, known, side).filter((a): a is MarsAction => a.type !== UNDO.type);
    return this.policy.choose(known, side as Side, legal);
  }
}
