/**
 * The Operation Mars AI, for either side. At the start of each operational movement
 * step it puts together a few candidate plans (how boldly to attack, on how many
 * sectors), plays each through movement and attack allocation, and then rolls the
 * dice of its combat phase many times over — Monte Carlo rollouts with its own seeded
 * dice, both sides' combat choices made by the rule-based policy — scoring where each
 * ends with a static evaluation (victory points now, fighting power, ground and supply).
 * The best plan on average is then played one action at a time; every other step is
 * played by the rules of thumb of `MarsPolicy`.
 *
 * The search budget is counted in rollouts, not time: the same seed and budget give the
 * same game, move for move, on any machine. It sees only its side's view.
 */
import {
  type Action,
  applyUnchecked,
  type GameRules,
  type GameState,
  knownState,
  legalActions,
  type Player,
  rngFromSeed,
  type Seed,
  UNDO,
} from '@stavka/engine';
import { evaluatePosition } from './evaluate.ts';
import { Board, type MarsAction, type MarsState, type Side, scenarioByKey } from './mars-games.ts';
import { COLUMN, MarsPolicy, PLANNER_PARAMS, type PolicyParams } from './policy.ts';

export interface AiLevel {
  /** Rollouts per plan decision (the whole search budget of one player-turn). */
  readonly rollouts: number;
  /** Candidate plans compared. */
  readonly plans: readonly PolicyParams[];
}

const BOLD: PolicyParams = {
  ...PLANNER_PARAMS,
  minColumn: COLUMN['2:1']!,
  goalColumn: COLUMN['4:1']!,
  maxTargets: 10,
};
const CAREFUL: PolicyParams = {
  ...PLANNER_PARAMS,
  minColumn: COLUMN['4:1']!,
  goalColumn: COLUMN['7:1']!,
  maxTargets: 4,
};
const MASSED: PolicyParams = {
  ...PLANNER_PARAMS,
  minColumn: COLUMN['3:1']!,
  goalColumn: COLUMN['7:1']!,
  maxTargets: 3,
};

/** Level 1 plays the rules of thumb only; each level above searches longer. */
export const AI_LEVELS: Readonly<Record<number, AiLevel>> = {
  1: { rollouts: 0, plans: [PLANNER_PARAMS] },
  2: { rollouts: 6, plans: [PLANNER_PARAMS, BOLD, MASSED] },
  3: { rollouts: 48, plans: [PLANNER_PARAMS, BOLD, MASSED, CAREFUL] },
};
export const DEFAULT_AI_LEVEL = 2;

type MarsRules = GameRules<MarsState, MarsAction, unknown>;

export interface AiOptions {
  readonly level?: number;
  /** Overrides the level's rollout budget. */
  readonly rollouts?: number;
}

export class AiPlayer implements Player {
  readonly name: string;
  readonly level: AiLevel;
  /** Rollouts played so far (for the throughput benchmark). */
  rolloutsPlayed = 0;
  private policy: MarsPolicy;
  private decided = '';
  constructor(
    readonly seed: Seed,
    opts: AiOptions = {},
  ) {
    const level = AI_LEVELS[opts.level ?? DEFAULT_AI_LEVEL];
    if (!level) throw new Error(`no AI level ${opts.level} (levels ${Object.keys(AI_LEVELS).join(', ')})`);
    this.level = opts.rollouts !== undefined ? { ...level, rollouts: opts.rollouts } : level;
    this.name = `ai${opts.level ?? DEFAULT_AI_LEVEL}`;
    this.policy = new MarsPolicy(this.level.plans[0]!);
  }

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (rules.id !== 'mars-1942') throw new Error(`the AI plays mars-1942, not ${rules.id}`);
    const mars = rules as unknown as MarsRules;
    const known = knownState(
      rules,
      state,
      side,
      `${this.seed}:${state.stateId}`,
    ) as unknown as GameState<MarsState>;
    const g = known.state;
    const turnKey = `${g.turn}:${g.player}`;
    if (g.step === 'movement' && g.player === side && this.decided !== turnKey) {
      this.decided = turnKey;
      this.policy = new MarsPolicy(this.search(mars, known, side as Side));
    }
    const legal = legalActions(mars, known, side).filter((a): a is MarsAction => a.type !== UNDO.type);
    return this.policy.choose(known, side as Side, legal);
  }

  /** Compares the candidate plans by rollouts of this player-turn; the best plan's parameters. */
  private search(rules: MarsRules, known: GameState<MarsState>, side: Side): PolicyParams {
    const plans = this.level.plans;
    if (plans.length === 1 || this.level.rollouts <= 0) return plans[0]!;
    const per = Math.max(1, Math.floor(this.level.rollouts / plans.length));
    let best = plans[0]!;
    let bestScore = -Infinity;
    for (const params of plans) {
      // Movement and allocation have no dice: play them once, then roll the combats.
      const planned = playTurn(rules, known, side, params, true);
      let total = 0;
      for (let i = 0; i < per; i++) {
        const start = { ...planned, rng: rngFromSeed(`${this.seed}:${known.stateId}:rollout:${i}`) };
        const end = playTurn(rules, start, side, params, false);
        total += evaluatePosition(new Board(scenarioByKey(end.state.scenario), end.state), side);
        this.rolloutsPlayed++;
      }
      const score = total / per;
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best = params;
      }
    }
    return best;
  }
}

/**
 * Plays `side`'s player-turn from `start` with the rule-based policy (both sides' choices
 * during combat), up to its combat step (`untilCombat`) or to its end.
 */
function playTurn(
  rules: MarsRules,
  start: GameState<MarsState>,
  side: Side,
  params: PolicyParams,
  untilCombat: boolean,
): GameState<MarsState> {
  const mine = new MarsPolicy(params);
  const theirs = new MarsPolicy(PLANNER_PARAMS);
  let s = start;
  const turn = s.state.turn;
  for (let n = 0; n < 2000; n++) {
    const g = s.state;
    if (g.step === 'over' || g.player !== side || g.turn !== turn) break;
    if (untilCombat && g.step === 'combat') break;
    const who = rules.activeSides(g)[0];
    if (who === undefined) break;
    const state = s;
    const action = (who === side ? mine : theirs).choose(s, who as Side, () =>
      rules.legalActions(state.state, who),
    );
    s = applyUnchecked(rules, s, who, action);
  }
  return s;
}
