/**
 * The `random` baseline player: a uniformly random legal action, drawn from its own
 * seeded dice (never the game's), so a playout is reproducible from its seeds.
 */
import { type Action, type GameRules, type GameState, legalActions } from '../game.ts';
import type { Player } from '../module.ts';
import { type RngState, rngFromSeed, rollDie, type Seed } from '../rng.ts';

export class RandomPlayer implements Player {
  readonly name = 'random';
  private rng: RngState;
  constructor(seed: Seed) {
    this.rng = rngFromSeed(seed);
  }
  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const actions = legalActions(rules, state, side).filter((a) => a.type !== 'undo');
    if (actions.length === 0)
      throw new Error(`no legal action for ${side}: a non-terminal state must offer one`);
    const { value, next } = rollDie(this.rng, actions.length);
    this.rng = next;
    return actions[value - 1]!;
  }
}
