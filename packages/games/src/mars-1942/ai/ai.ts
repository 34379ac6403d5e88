/**
 * The Operation Mars AI, for either side: the engine's information-set Monte-Carlo tree
 * search (`ismcts`) over Mars's plans (`search.ts`). At the start of each of its
 * operational movement steps it searches which plan to play — each iteration plays its
 * plan and the other side's replies with fresh dice of its own, the rule-based policy
 * (`MarsPolicy`) making every click, to a horizon of a few player-turns, scored by a
 * static evaluation (victory points now, fighting power, ground and supply) — and then
 * plays the chosen plan one action at a time. Every other step is the policy's.
 *
 * The budget is counted in iterations, not time: the same seed and level give the same
 * game, move for move, on any machine. It sees only its side's view.
 */
import {
  type Action,
  type GameRules,
  type GameState,
  IsmctsPlayer,
  type Player,
  type SearchBudget,
  type SearchDomain,
  type Seed,
} from '@stavka/engine';
import { marsRules } from '../rules.ts';
import type { MarsAction, MarsState } from './mars-games.ts';
import { marsSearchDomain } from './search.ts';

export interface AiLevel {
  /** The search's budget (iterations per decision, horizon in decision points). */
  readonly budget: SearchBudget;
}

/**
 * Two levels, each stronger than the one below on either side (issue #29, "levels that
 * mean something"): level 1 plays the rules of thumb only (no search); level 2 searches
 * 50 iterations a decision, every iteration to the same horizon (its plan, the reply, its
 * next plan), the plans compared by sequential halving on common dice. The budget is set
 * by time: about 17-24 iterations a CPU-second on this 2-core machine, so level 2 thinks
 * about 2 s a player-turn, inside the 1-5 s an AI seat may take (bench/ai.ts measures it;
 * a served game's seat is cut off at 5 s, `play.thinkMs`).
 *
 * There were levels of 10 and 25 iterations between them. Search past 10 iterations
 * still made a stronger German (71% of 100 games at 25 against 10, 66% of 50 at 50
 * against 25) but never a stronger Zhukov (49% of 100, 38% of 50; 50 iterations against
 * the 10-iteration German won 19 of 50, 10 against 10 won 21): a level that is stronger
 * only as one side is no level, so they went (docs/mars-balance.md, sessions 18-21).
 */
export const AI_LEVELS: Readonly<Record<number, AiLevel>> = {
  1: { budget: { iterations: 0, horizon: 2 } },
  2: { budget: { iterations: 50, horizon: 2, root: 'halving' } },
};
export const DEFAULT_AI_LEVEL = 2;

type MarsRules = GameRules<MarsState, MarsAction, unknown>;

let domain: SearchDomain<MarsState> | null = null;
/** The Mars search domain, made once. */
export function marsDomain(): SearchDomain<MarsState> {
  domain ??= marsSearchDomain(marsRules as unknown as MarsRules);
  return domain;
}

export interface AiOptions {
  readonly level?: number;
  /** Overrides the level's iterations. */
  readonly iterations?: number;
  /** The clock's cap on each search, ms (a served game's seat); none: deterministic. */
  readonly maxMs?: number;
}

export class AiPlayer implements Player {
  readonly name: string;
  readonly level: AiLevel;
  private readonly search: IsmctsPlayer;
  constructor(
    readonly seed: Seed,
    opts: AiOptions = {},
  ) {
    const level = AI_LEVELS[opts.level ?? DEFAULT_AI_LEVEL];
    if (!level) throw new Error(`no AI level ${opts.level} (levels ${Object.keys(AI_LEVELS).join(', ')})`);
    this.level = {
      budget: {
        ...level.budget,
        ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}),
        // The clock is the player's to read, not the engine's (issue #47).
        ...(opts.maxMs !== undefined ? { maxMs: opts.maxMs, clock: () => performance.now() } : {}),
      },
    };
    this.name = `ai${opts.level ?? DEFAULT_AI_LEVEL}`;
    this.search = new IsmctsPlayer(
      this.name,
      marsDomain() as unknown as SearchDomain<unknown>,
      this.level.budget,
      seed,
    );
  }

  /** Searches made and iterations played so far (the benchmark's counters). */
  get searches(): number {
    return this.search.searches;
  }
  get iterations(): number {
    return this.search.iterations;
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (rules.id !== 'mars-1942') throw new Error(`the AI plays mars-1942, not ${rules.id}`);
    return this.search.choose(rules, state, side);
  }
}
