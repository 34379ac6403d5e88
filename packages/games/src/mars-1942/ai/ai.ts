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
import { isMarsGame, type MarsState } from './mars-games.ts';
import { MarsPolicy, PLANNER_PARAMS } from './policy.ts';
import { marsSearchDomain } from './search.ts';
import { parseSetupPlan, type SetupPlan } from './setups.ts';

export interface AiLevel {
  /** The search's budget (iterations per decision, horizon in decision points). */
  readonly budget: SearchBudget;
  /**
   * Von Kluge's set-up (`ai/setups.ts`) instead of the historical one: the kampfgruppen
   * spread in the front line round the salient (`ring/1`), so that an army Zhukov masses
   * on any face meets some of them in its line (docs/mars-balance.md, 29 Nov 2026).
   */
  readonly germanSetup?: SetupPlan;
}

/**
 * Two levels, each stronger than the one below on either side (issue #29, "levels that
 * mean something"): level 1 plays the rules of thumb only (no search); level 2 searches
 * 50 iterations a decision, the plans compared by sequential halving on common dice.
 * Each iteration plays its plan, the reply (played inside the plan), its next plan and
 * the reply's movement (horizon 1), then is scored. The tree holds the root's plans only
 * (`treeDepth` 1): before, a plan visited again had its next plan chosen in the tree and
 * the rollout played one more plan past it, so later iterations played two to six
 * player-turns more; an iteration now costs about 0.55 of one then, and level 2 won 36
 * of 40 seeded games against level 1 (20 a side) where it won 37 (docs/mars-balance.md,
 * 29 Nov 2026, "Search speed, again"). Until 29 Nov 2026 it was horizon 2. The budget is set by time: level 2 thinks
 * under a second a player-turn on this 2-core machine, inside the 1-5 s an AI seat may take
 * (bench/ai.ts measures it; a served game's seat is cut off at 5 s, `play.thinkMs`).
 *
 * Level 2 also sets von Kluge up with his kampfgruppen spread in the line round the
 * salient (`ring/1`) instead of where they stood in 1942: Zhukov deploys second and sees
 * the German set-up, and against an army massed on one face the historical set-up won
 * 0 games of 12 (docs/mars-balance.md, 29 Nov 2026).
 *
 * There were levels of 10 and 25 iterations between them. Search past 10 iterations
 * still made a stronger German (71% of 100 games at 25 against 10, 66% of 50 at 50
 * against 25) but never a stronger Zhukov (49% of 100, 38% of 50; 50 iterations against
 * the 10-iteration German won 19 of 50, 10 against 10 won 21): a level that is stronger
 * only as one side is no level, so they went (docs/mars-balance.md, sessions 18-21).
 */
export const AI_LEVELS: Readonly<Record<number, AiLevel>> = {
  1: { budget: { iterations: 0, horizon: 2 } },
  2: {
    budget: { iterations: 50, horizon: 1, root: 'halving', treeDepth: 1 },
    germanSetup: parseSetupPlan('german', 'ring/1')!,
  },
};
export const DEFAULT_AI_LEVEL = 2;

let domain: SearchDomain<MarsState> | null = null;
/** The Mars search domain, made once. */
export function marsDomain(): SearchDomain<MarsState> {
  domain ??= marsSearchDomain(marsRules);
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
  private readonly search: IsmctsPlayer<MarsState>;
  private setupPolicy: MarsPolicy | null = null;
  constructor(
    readonly seed: Seed,
    opts: AiOptions = {},
  ) {
    const level = AI_LEVELS[opts.level ?? DEFAULT_AI_LEVEL];
    if (!level) throw new Error(`no AI level ${opts.level} (levels ${Object.keys(AI_LEVELS).join(', ')})`);
    this.level = {
      ...(level.germanSetup ? { germanSetup: level.germanSetup } : {}),
      budget: {
        ...level.budget,
        ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}),
        // The clock is the player's to read, not the engine's (issue #47).
        ...(opts.maxMs !== undefined ? { maxMs: opts.maxMs, clock: () => performance.now() } : {}),
      },
    };
    this.name = `ai${opts.level ?? DEFAULT_AI_LEVEL}`;
    this.search = new IsmctsPlayer(this.name, marsDomain(), this.level.budget, seed);
  }

  /** Searches made and iterations played so far (the benchmark's counters). */
  get searches(): number {
    return this.search.searches;
  }
  get iterations(): number {
    return this.search.iterations;
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (!isMarsGame(rules, state)) throw new Error(`the AI plays mars-1942, not ${rules.id}`);
    if (state.state.step === 'setup' && side === 'german' && this.level.germanSetup) {
      this.setupPolicy ??= new MarsPolicy({ ...PLANNER_PARAMS.german, setup: this.level.germanSetup });
      return this.setupPolicy.choose(state, side, marsRules.legalActions(state.state, side));
    }
    return this.search.choose(rules, state, side);
  }
}
