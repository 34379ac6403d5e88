/**
 * The Barbarossa 1941 AI players, for either side: the rule-based policy (`policy.ts`)
 * playing from its side's view only (engine `knownState`: the view made a state, the
 * game's dice replaced by the player's own), every action one of the legal actions of
 * that view. Deterministic for a seed: nothing but the view and the seed decides.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  knownState,
  type Player,
  type PlayerKind,
  rngFromSeed,
  type Seed,
} from '@stavka/engine';
import { carryMovementLists } from '../movement.ts';
import type { BarbarossaAction } from '../rules.ts';
import type { Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { BarbarossaPolicy, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';

export class BarbarossaAiPlayer implements Player {
  readonly name: string;
  private readonly policy: BarbarossaPolicy;
  /**
   * The last view this player chose from. Each choice makes a fresh state of the view
   * (`knownState`), which would carry none of the movement lists already worked out; the
   * lists of the last view are handed on to it (movement.ts `movementMemo` compares the
   * pieces with what each list was made from, so lists of any earlier state of the same
   * scenario serve, and nothing beyond this side's own view is ever read).
   */
  private lastView: BarbarossaState | null = null;
  constructor(
    readonly seed: Seed,
    params: PolicyParams = DEFAULT_PARAMS,
    name = 'ai',
  ) {
    this.name = name;
    this.policy = new BarbarossaPolicy(rngFromSeed(`${String(seed)}:policy`), params);
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    // Only what this side may see: its view as a state, with dice of the player's own.
    const known = knownState(rules, state, side, `${String(this.seed)}:${state.stateId}`);
    const g = known.state;
    if (!isBarbarossaState(rules, g)) throw new Error(`this AI plays barbarossa-1941, not ${rules.id}`);
    if (this.lastView !== null && this.lastView.scenario === g.scenario) carryMovementLists(this.lastView, g);
    this.lastView = g;
    const legal = rules
      .legalActions(known.state, side)
      .filter((a) => a.type !== 'undo') as BarbarossaAction[];
    return this.policy.choose(g, side as Side, legal);
  }
}

/** A state of a game played by Barbarossa's rules: the rules' id says what the state is. */
function isBarbarossaState<G>(rules: GameRules<G, Action, unknown>, _g: G): _g is G & BarbarossaState {
  return rules.id === 'barbarossa-1941';
}

/** The players this folder adds to the module's `players` (the engine's `random` stays the baseline). */
export const barbarossaAiPlayers: Readonly<Record<string, PlayerKind>> = {
  ai1: {
    label: 'AI, level 1 (rules of thumb)',
    rank: 1,
    make: (seed) => new BarbarossaAiPlayer(seed, DEFAULT_PARAMS, 'ai1'),
  },
  ai: {
    label: 'AI (default: level 1)',
    rank: 1,
    make: (seed) => new BarbarossaAiPlayer(seed, DEFAULT_PARAMS, 'ai'),
  },
};
