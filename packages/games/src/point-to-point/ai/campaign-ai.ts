/**
 * The Typhoon campaign's AI players, for either side: level 1 the rules of thumb alone
 * (policy.ts); level 2 the engine's information-set Monte-Carlo tree search (`ismcts`)
 * over the plans of search.ts: at the start of each of its player-turns it tries each
 * plan with dice of its own — its player-turn, the enemy's reply and its next player-turn
 * played by the rules of thumb — and plays the plan that scores best (victory points,
 * losses, Moscow), then the rules of thumb play the rest. It sees only its side's view.
 *
 * The budget is counted in iterations, not time: the same seed and level give the same
 * game on any machine (`maxMs`, a served seat's clock cap, breaks that).
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
import type { CampaignState } from '../campaign.ts';
import { campaignPolicy, DEFAULT_PARAMS } from './policy.ts';
import { campaignSearchDomain } from './search.ts';

export { AXIS_OBJECTIVES, campaignPolicy, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';

export interface AiLevel {
  /** The search's budget (iterations per decision; 0: the rules of thumb alone). */
  readonly budget: SearchBudget;
}

/**
 * Level 1 the rules of thumb; level 2 a search of 8 iterations a player-turn, the plans
 * compared by sequential halving on common dice, each iteration to a horizon of one
 * decision past its plan.
 */
export const AI_LEVELS: Readonly<Record<number, AiLevel>> = {
  1: { budget: { iterations: 0, horizon: 1 } },
  2: { budget: { iterations: 8, horizon: 1, root: 'halving' } },
};
export const DEFAULT_AI_LEVEL = 2;

let domain: SearchDomain<CampaignState> | null = null;
/** The campaign's search domain, made once. */
export function campaignDomain(): SearchDomain<CampaignState> {
  domain ??= campaignSearchDomain();
  return domain;
}

export interface AiOptions {
  readonly level?: number;
  /** Overrides the level's iterations. */
  readonly iterations?: number;
  /** The clock's cap on each search, ms (a served game's seat); none: deterministic. */
  readonly maxMs?: number;
}

export class CampaignAiPlayer implements Player {
  readonly name: string;
  readonly level: AiLevel;
  private readonly search: IsmctsPlayer | null;
  private readonly policy = campaignPolicy(DEFAULT_PARAMS);
  constructor(
    readonly seed: Seed = 0,
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
    this.search =
      this.level.budget.iterations > 0
        ? new IsmctsPlayer(
            this.name,
            campaignDomain() as unknown as SearchDomain<unknown>,
            this.level.budget,
            seed,
          )
        : null;
  }

  /** Searches made and iterations played so far. */
  get searches(): number {
    return this.search?.searches ?? 0;
  }
  get iterations(): number {
    return this.search?.iterations ?? 0;
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (rules.id !== 'point-to-point')
      throw new Error(`the campaign AI plays point-to-point, not ${rules.id}`);
    return this.search ? this.search.choose(rules, state, side) : this.policy(rules, state, side);
  }
}
