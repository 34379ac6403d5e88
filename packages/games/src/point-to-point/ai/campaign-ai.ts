/**
 * The Typhoon campaign's AI players, for either side: level 1 the rules of thumb alone
 * (policy.ts); level 2 the engine's information-set Monte-Carlo tree search (`ismcts`)
 * over the plans of search.ts: at the start of each of its player-turns it tries each
 * plan with dice of its own — its player-turn, the enemy's reply, its next player-turn
 * and the enemy's after it, played by the rules of thumb — and plays the plan that scores
 * best (victory points, losses, Moscow) if it beats the rules of thumb's own by a margin;
 * the chosen plan plays the player-turn through. It sees only its side's view.
 *
 * The budget is counted in iterations, not time: the same seed and level give the same
 * game on any machine (`maxMs`, a served seat's clock cap, breaks that).
 */
import {
  type Action,
  type GameRules,
  type GameState,
  ismcts,
  knownState,
  legalActions,
  type Player,
  type SearchBudget,
  type SearchDomain,
  type Seed,
  sameJson,
} from '@stavka/engine';
import type { CampaignState } from '../campaign.ts';
import { campaignPolicy, DEFAULT_PARAMS } from './policy.ts';
import { campaignSearchDomain } from './search.ts';

export { AXIS_OBJECTIVES, campaignPolicy, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';

export interface AiLevel {
  /** The search's budget (iterations per decision; 0: the rules of thumb alone). */
  readonly budget: SearchBudget;
  /**
   * How much better in chance of winning (0-1) another plan must score than the rules of
   * thumb's own ('planned') for the search to play it: a few noisy iterations do not
   * overturn the default for nothing.
   */
  readonly margin: number;
}

/**
 * Level 1 the rules of thumb; level 2 a search of 6 iterations a player-turn, the plans
 * compared by sequential halving on common dice, each iteration to a horizon of one
 * decision past its plan, another plan than the rules of thumb's own played only when it
 * scores 5 points of chance of winning better. (9 iterations were measured no better as
 * the Axis, 26 wins of 40 against 27, and slower: docs/typhoon-balance.md, issue #44.)
 */
export const AI_LEVELS: Readonly<Record<number, AiLevel>> = {
  1: { budget: { iterations: 0, horizon: 1 }, margin: 0 },
  2: { budget: { iterations: 6, horizon: 1, root: 'halving' }, margin: 0.05 },
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

type Plan = (state: GameState<CampaignState>, side: string) => Action | null;

/** Whether a game's state is the Typhoon campaign's (a player is handed it as the game's own `G`). */
function isCampaignState(s: unknown): s is CampaignState {
  return (
    typeof s === 'object' &&
    s !== null &&
    'scenario' in s &&
    s.scenario === 'typhoon' &&
    'units' in s &&
    Array.isArray(s.units)
  );
}

/**
 * A game state handed to a player, read as the campaign's (a broken invariant if it is
 * not: the module gives its players its own games only); without its undo record, which
 * the AI never plays.
 */
export function campaignGame<G>(s: GameState<G>): GameState<CampaignState> {
  const g = s.state;
  if (!isCampaignState(g)) throw new Error('the campaign AI plays the Typhoon campaign only');
  return { ...s, state: g, undo: null };
}

export class CampaignAiPlayer implements Player {
  readonly name: string;
  readonly level: AiLevel;
  /** Searches made and iterations played so far. */
  searches = 0;
  iterations = 0;
  /** The plan played this player-turn, and the plan each search chose (its key). */
  private plan: Plan | null = null;
  readonly chosen: string[] = [];
  private readonly policy = campaignPolicy(DEFAULT_PARAMS);
  constructor(
    readonly seed: Seed = 0,
    opts: AiOptions = {},
  ) {
    const level = AI_LEVELS[opts.level ?? DEFAULT_AI_LEVEL];
    if (!level) throw new Error(`no AI level ${opts.level} (levels ${Object.keys(AI_LEVELS).join(', ')})`);
    this.level = {
      ...level,
      budget: {
        ...level.budget,
        ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}),
        // The clock is the player's to read, not the engine's (issue #47).
        ...(opts.maxMs !== undefined ? { maxMs: opts.maxMs, clock: () => performance.now() } : {}),
      },
    };
    this.name = `ai${opts.level ?? DEFAULT_AI_LEVEL}`;
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (rules.id !== 'point-to-point')
      throw new Error(`the campaign AI plays point-to-point, not ${rules.id}`);
    if (this.level.budget.iterations === 0) return this.policy(rules, state, side);
    const view = knownState(rules, state, side, `${this.seed}:${state.stateId}`);
    const known = campaignGame(view);
    const legal = legalActions(rules, view, side).filter((a) => a.type !== 'undo');
    // Only what is offered is played (a plan made in a search is checked against the list).
    const ok = (a: Action | null): a is Action =>
      a !== null && legal.some((l) => l.type === a.type && sameJson(l, a));
    if (this.plan) {
      const a = this.plan(known, side);
      if (ok(a)) return a;
      this.plan = null;
    }
    const domain = campaignDomain();
    const choices = domain.choices?.(known, side) ?? null;
    if (choices && choices.length > 0) {
      const r = ismcts(domain, known, side, this.level.budget, `${this.seed}:${state.stateId}`);
      this.searches++;
      this.iterations += r.iterations;
      // Another plan than the rules of thumb's own only on a clear lead (`margin`).
      const mean = (key: string) => r.stats.find((x) => x.key === key);
      const planned = mean('planned');
      const best = mean(r.macro.key);
      const own = choices.find((m) => m.key === 'planned');
      const pick =
        own && planned?.visits && best && best.mean < planned.mean + this.level.margin ? own : r.macro;
      this.chosen.push(pick.key);
      const next = pick.start();
      const a = next(known, side);
      if (ok(a)) {
        this.plan = next;
        return a;
      }
    }
    const a = this.policy(rules, state, side);
    return ok(a) ? a : legal[0]!;
  }
}
