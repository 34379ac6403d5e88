/**
 * What a player knows: the game as its side's `view` shows it, rebuilt into a game
 * state the AI can search from. The dice in it are the AI's own (seeded), never the
 * game's: the game's dice state is hidden information (it foretells every roll).
 */
import { type Action, type GameRules, type GameState, view } from '../game.ts';
import { rngFromSeed, type Seed } from '../rng.ts';

/** The view of `side`, as a searchable state with the AI's own dice seeded by `seed`. */
export function knownState<G>(
  rules: GameRules<G, Action, unknown>,
  state: GameState<G>,
  side: string,
  seed: Seed,
): GameState<G> {
  const v = view(rules, state, side);
  return {
    game: v.game,
    rulesVersion: v.rulesVersion,
    stateId: v.stateId,
    rng: rngFromSeed(seed),
    log: [],
    logDigest: '',
    actionCount: 0,
    undo: null,
    state: v.state as G,
  };
}
