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
 * Level 1 plays the rules of thumb only (no search); the levels above search 10, 25 and
 * 50 iterations, every iteration to the same horizon (its plan, the reply, its next
 * plan), the plans compared by sequential halving on common dice. Search is what lifts
 * level 2 over level 1 (69% of its games as the Soviet, 84% as the German, 100 games a
 * side, rules `mars-1942/6`); past 10 iterations it still gains as the German (level 3
 * over 2: 71% of 100, level 4 over 3: 66% of 50) but not as the Soviet (49% of 100, 38% of
 * 50): from most positions Zhukov's plans are worth nearly the same (docs/mars-balance.md,
 * "A fitted evaluation, and sequential halving at the root"), and against its own level
 * each gains about 10 points from level 2 to 3 on either side, the Soviet none from 3 to 4
 * ("Why the Soviet levels stop at level 3"). The budgets are set by time: about 17-24
 * iterations a CPU-second on this 2-core machine, so the top level thinks about 2 s a
 * player-turn, inside the 1-5 s an AI seat may take (bench/ai.ts measures it; a served
 * game's seat is cut off at 5 s, `play.thinkMs`).
 */
export const AI_LEVELS: Readonly<Record<number, AiLevel>> = {
  1: { budget: { iterations: 0, horizon: 2 } },
  2: { budget: { iterations: 10, horizon: 2, root: 'halving' } },
  3: { budget: { iterations: 25, horizon: 2, root: 'halving' } },
  4: { budget: { iterations: 50, horizon: 2, root: 'halving' } },
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
        ...(opts.maxMs !== undefined ? { maxMs: opts.maxMs } : {}),
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
