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
  searchFrom,
} from '@stavka/engine';
import { carryMovementLists } from '../movement.ts';
import type { BarbarossaAction } from '../rules.ts';
import type { Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { BarbarossaPolicy, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import {
  BARBAROSSA_PLANS,
  type BarbarossaPlan,
  barbarossaPlanDomain,
  isPlanPoint,
  LEVEL_2_AXIS_PLANS,
  PLAN_HORIZON,
  playerTurnIndex,
} from './search.ts';

export class BarbarossaAiPlayer implements Player {
  readonly name: string;
  private readonly policy: BarbarossaPolicy;
  private readonly view: SideView;
  constructor(
    readonly seed: Seed,
    params: PolicyParams = DEFAULT_PARAMS,
    name = 'ai',
  ) {
    this.name = name;
    this.policy = new BarbarossaPolicy(rngFromSeed(`${String(seed)}:policy`), params);
    this.view = new SideView(seed);
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const { known, legal } = this.view.see(rules, state, side);
    return this.policy.choose(known.state, side as Side, legal);
  }
}

/**
 * What a Barbarossa AI player sees at a choice: its side's view as a state, with dice of
 * the player's own (engine `knownState`), and that view's legal actions (undo left out).
 * Each choice makes a fresh state of the view, which would carry none of the movement
 * lists already worked out; the lists of the last view are handed on to it (movement.ts
 * `movementMemo` compares the pieces with what each list was made from, so lists of any
 * earlier state of the same scenario serve, and nothing beyond this side's own view is
 * ever read).
 */
class SideView {
  private lastView: BarbarossaState | null = null;
  constructor(private readonly seed: Seed) {}

  see<G>(
    rules: GameRules<G, Action, unknown>,
    state: GameState<G>,
    side: string,
  ): { known: GameState<BarbarossaState>; legal: BarbarossaAction[] } {
    const known = knownState(rules, state, side, `${String(this.seed)}:${state.stateId}`);
    if (!isBarbarossaGame(rules, known)) throw new Error(`this AI plays barbarossa-1941, not ${rules.id}`);
    const g = known.state;
    if (this.lastView !== null && this.lastView.scenario === g.scenario) carryMovementLists(this.lastView, g);
    this.lastView = g;
    const legal = rules
      .legalActions(known.state, side)
      .filter((a) => a.type !== 'undo') as BarbarossaAction[];
    return { known, legal };
  }
}

/** The log-odds of a chance (clamped off 0 and 1): a lead in victory points over the evaluation's scale. */
function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

/** A game played by Barbarossa's rules: the rules' id says what the state is. */
function isBarbarossaGame<G>(
  rules: GameRules<G, Action, unknown>,
  _s: GameState<G>,
): _s is GameState<G> & GameState<BarbarossaState> {
  return rules.id === 'barbarossa-1941';
}

/**
 * Level 2's search (issue #44): at each plan point (`search.ts` `isPlanPoint`: the start of
 * its attacks before movement, A.2 / B.2) each plan of its side is played on the same
 * `samples` drawn worlds and dice (common random numbers: the k-th sample of every plan
 * draws the same hidden units and the same dice to come), to `horizon` player-turns, and
 * scored by level 2's evaluation (`evaluation.ts`: victory points and each side's ground
 * strength, fitted to played games); another plan than the rules of thumb's own
 * ('planned') is played only when its mean scores `margin` better in log-odds. Every plan
 * gets the same samples (not the engine's sequential halving, which drops a plan after
 * its first sample, 'planned' too, and would then compare the others with one sample of
 * it). Counted in samples: the same seed, the same game.
 */
export interface SearchLevel {
  /** Samples per plan for each side (an iteration of the engine's search each). */
  readonly samples: Readonly<Record<Side, number>>;
  readonly margin: number;
  readonly horizon: Readonly<Record<Side, number>>;
  /** The plans of each side, a side's own among them (absent: `search.ts` `BARBAROSSA_PLANS`). */
  readonly plans?: Readonly<Record<Side, readonly BarbarossaPlan[]>>;
  /**
   * The plans a side's search plays for the other side, where not `plans`' (its model of
   * the enemy: the Axis's answer in the Russians' iterations).
   */
  readonly model?: Partial<Readonly<Record<Side, readonly BarbarossaPlan[]>>>;
}

export const LEVEL_2: SearchLevel = {
  // The Russians' iterations play two player-turns (theirs and the Axis's answer): twice the Axis's.
  samples: { axis: 3, soviet: 2 },
  margin: 0.1,
  horizon: PLAN_HORIZON,
  // The Axis plays its own plans (Minsk by game-turn 2); the Russians' search answers for it
  // with the rules of thumb's plans, as measured (72% against level 1, docs/barbarossa-balance.md).
  plans: { ...BARBAROSSA_PLANS, axis: LEVEL_2_AXIS_PLANS },
  model: { axis: BARBAROSSA_PLANS.axis },
};

/**
 * The Barbarossa AI's level 2, for either side: the rules of thumb (`BarbarossaPolicy`)
 * with the operational plan of each player-turn chosen by the engine's ISMCTS over the
 * plans of `search.ts`. Like level 1 it plays from its side's view only (`knownState`; the
 * search's worlds drawn from that view by `determinizeBarbarossa`), every action one of
 * the legal actions of that view, and nothing but the view and the seed decides.
 */
export class BarbarossaSearchPlayer implements Player {
  readonly name: string;
  /** Searches made, iterations played, and the plan each search chose (its key). */
  searches = 0;
  iterations = 0;
  readonly chosen: string[] = [];
  /** The last search's root: each plan's iterations and mean evaluation. */
  lastStats: readonly { key: string; visits: number; mean: number }[] = [];
  /**
   * The policy of every step outside a plan (the reinforcements and strategic moves, A.1 /
   * B.1), a side's: the rules of thumb with the parameters of that side's first plan,
   * 'planned' (the Axis's are level 1's; the Russians' add Leningrad and Moscow held below
   * 3:2 and in depth). Made at the side's first choice.
   */
  private readonly policies: Partial<Record<Side, BarbarossaPolicy>> = {};
  /** The plan of the player-turn under way: its player-turn, its key and its policy. */
  private plan: { turn: number; key: string; policy: BarbarossaPolicy } | null = null;
  private readonly view: SideView;
  constructor(
    readonly seed: Seed,
    readonly level: SearchLevel = LEVEL_2,
    name = 'ai2',
    /** The clock's cap on each search, ms (a served game's seat); none: deterministic. */
    private readonly maxMs?: number,
  ) {
    this.name = name;
    this.view = new SideView(seed);
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const { known, legal } = this.view.see(rules, state, side);
    const g = known.state;
    const turn = playerTurnIndex(g);
    if (this.plan !== null && (this.plan.turn !== turn || g.player !== side)) this.plan = null;
    if (this.plan === null && legal.length > 1 && isPlanPoint(g, side)) {
      const key = this.search(rules, known, side as Side);
      const params = this.ownPlans(side as Side).find((p) => p.key === key)?.params ?? DEFAULT_PARAMS;
      this.plan = {
        turn,
        key,
        policy: new BarbarossaPolicy(rngFromSeed(`${String(this.seed)}:${key}`), params),
      };
    }
    let policy = this.policies[side as Side];
    if (policy === undefined) {
      policy = new BarbarossaPolicy(
        rngFromSeed(`${String(this.seed)}:policy`),
        this.ownPlans(side as Side)[0]?.params ?? DEFAULT_PARAMS,
      );
      this.policies[side as Side] = policy;
    }
    return (this.plan?.policy ?? policy).choose(g, side as Side, legal);
  }

  /** The plans `side` chooses among (its level's `plans`). */
  private ownPlans(side: Side): readonly BarbarossaPlan[] {
    return (this.level.plans ?? BARBAROSSA_PLANS)[side];
  }

  /**
   * The plan for `side`'s player-turn from `known` (its own view made a state): the k-th
   * sample of every plan before any plan's next (engine `firstIteration`: the k-th sample
   * of each draws the same world and dice), so that with a clock cap (`maxMs`, a served
   * seat) the search stops between rounds and compares the plans on the rounds completed
   * by all (at least the first). Without one, every sample is played: the same seed, the
   * same game.
   */
  private search<G>(
    rules: GameRules<G, Action, unknown>,
    known: GameState<BarbarossaState>,
    side: Side,
  ): string {
    const all = { ...(this.level.plans ?? BARBAROSSA_PLANS), ...this.level.model };
    const started = this.maxMs === undefined ? 0 : performance.now();
    const timeUp = () => this.maxMs !== undefined && performance.now() - started > this.maxMs;
    const plans = this.ownPlans(side).map((plan) => ({
      key: plan.key,
      // One plan alone: its samples are named as every other plan's.
      domain: barbarossaPlanDomain(
        rules as GameRules<unknown, Action, unknown> as GameRules<BarbarossaState, Action, unknown>,
        playerTurnIndex(known.state),
        this.level.horizon[side],
        { ...all, [side]: [plan] },
      ),
      rewards: [] as number[],
    }));
    /** Rounds every plan finished (the first always). */
    let rounds = 0;
    round: for (let k = 0; k < this.level.samples[side]; k++) {
      for (const plan of plans) {
        if (k > 0 && timeUp()) break round;
        const r = searchFrom(
          plan.domain,
          known,
          side,
          { iterations: 1, horizon: 0, firstIteration: k },
          `${String(this.seed)}:${known.stateId}`,
          { viewer: side, searchSingle: true },
        );
        this.iterations += r.iterations;
        plan.rewards.push(r.stats[0]!.mean);
      }
      rounds = k + 1;
    }
    const stats = plans.map((p) => {
      const kept = p.rewards.slice(0, rounds);
      return { key: p.key, visits: kept.length, mean: kept.reduce((a, b) => a + b, 0) / kept.length };
    });
    this.searches++;
    this.lastStats = stats;
    const planned = stats.find((x) => x.key === 'planned');
    let best = stats[0]!;
    for (const x of stats) if (x.mean > best.mean + 1e-12) best = x;
    const key =
      planned !== undefined && logit(best.mean) < logit(planned.mean) + this.level.margin
        ? 'planned'
        : best.key;
    this.chosen.push(key);
    return key;
  }
}

/**
 * The players this folder adds to the module's `players` (the engine's `random` stays the
 * baseline). `ai` is level 2, the strongest: against level 1 (docs/barbarossa-balance.md)
 * it wins 65 of 100 as the Axis on seeds 621-720 (its plans attacking the objective cities
 * from 1:1 on game-turns 1-4; 63 without; level 1 against itself: 30% on seeds 1-60), and 85%
 * as the Russians over seeds 1-100 with Leningrad and Moscow held below 3:2 and in depth, a
 * weak garrison swapped by rail and the reserves kept on the railway.
 */
export const barbarossaAiPlayers: Readonly<Record<string, PlayerKind>> = {
  ai1: {
    label: 'AI, level 1 (rules of thumb)',
    rank: 1,
    make: (seed) => new BarbarossaAiPlayer(seed, DEFAULT_PARAMS, 'ai1'),
  },
  ai2: {
    label: 'AI, level 2 (search over operational plans)',
    rank: 2,
    make: (seed, play) => new BarbarossaSearchPlayer(seed, LEVEL_2, 'ai2', play?.thinkMs),
  },
  ai: {
    label: 'AI (default: level 2)',
    rank: 2,
    make: (seed, play) => new BarbarossaSearchPlayer(seed, LEVEL_2, 'ai', play?.thinkMs),
  },
};
