/**
 * Operation Mars for the engine's search (`ismcts`): the action abstraction, the policy
 * and the evaluation the search needs.
 *
 * A player-turn is dozens of clicks (every unit's move, every attack's units, every
 * retreat), so the search does not choose clicks: at the start of a side's player-turn
 * (mars-1942 GAMETURN SEQUENCE A.1 / B.1) it chooses one of a few *plans* — how boldly
 * to attack and on how many sectors, and for von Kluge whether to commit the reserve
 * panzer divisions or take their withdrawal points — and the rule-based policy
 * (`MarsPolicy` with that plan's parameters) plays the whole player-turn from there:
 * fortification, reinforcements, moves, attack allocation, combat choices. Everything
 * else (set-up, the other side's choices inside a combat) is the policy's.
 */
import type { Action, GameRules, GameState, Macro, SearchDomain } from '@stavka/engine';
import { winChance } from './evaluate.ts';
import { Board, type MarsAction, type MarsState, type Side, scenarioByKey } from './mars-games.ts';
import { COLUMN, MarsPolicy, PLANNER_PARAMS, type PolicyParams } from './policy.ts';

/** A plan the search may choose: its name, the policy's parameters, its move-ordering prior. */
export interface MarsPlan {
  readonly key: string;
  readonly params: PolicyParams;
  readonly prior: number;
}

/** The plans of each side. The planner's own defaults come first (the prior). */
export const MARS_PLANS: Readonly<Record<Side, readonly MarsPlan[]>> = {
  soviet: [
    { key: 'planned', params: PLANNER_PARAMS.soviet, prior: 3 },
    {
      key: 'broad',
      prior: 2,
      params: {
        ...PLANNER_PARAMS.soviet,
        minColumn: COLUMN['3:2']!,
        goalColumn: COLUMN['4:1']!,
        maxTargets: 10,
      },
    },
    {
      key: 'massed',
      prior: 1,
      params: {
        ...PLANNER_PARAMS.soviet,
        minColumn: COLUMN['2:1']!,
        goalColumn: COLUMN['7:1']!,
        maxTargets: 4,
      },
    },
    {
      key: 'careful',
      prior: 0,
      params: {
        ...PLANNER_PARAMS.soviet,
        minColumn: COLUMN['3:1']!,
        goalColumn: COLUMN['5:1']!,
        maxTargets: 4,
      },
    },
  ],
  german: [
    { key: 'planned', params: PLANNER_PARAMS.german, prior: 4 },
    {
      key: 'counter',
      prior: 3,
      params: {
        ...PLANNER_PARAMS.german,
        minColumn: COLUMN['2:1']!,
        goalColumn: COLUMN['4:1']!,
        maxTargets: 8,
      },
    },
    // Von Kluge's historical defence: hold the zones, counter-attack only where it is sure.
    {
      key: 'hold',
      prior: 2,
      params: {
        ...PLANNER_PARAMS.german,
        minColumn: COLUMN['5:1']!,
        goalColumn: COLUMN['7:1']!,
        maxTargets: 2,
      },
    },
    {
      key: 'massed',
      prior: 1,
      params: {
        ...PLANNER_PARAMS.german,
        goalColumn: COLUMN['7:1']!,
        maxTargets: 4,
      },
    },
    // Bring the army group's reserve panzer divisions in (as in 1942) instead of taking
    // the withdrawal points (M-14, Victory Conditions 4). As a standing plan it lost 97
    // games in 100 against the level-1 Soviet (-10 points a division): the search may
    // still find the turn where it pays.
    { key: 'planned+commit', params: { ...PLANNER_PARAMS.german, reserves: 'commit' }, prior: 0 },
  ],
};

type MarsRules = GameRules<MarsState, MarsAction, unknown>;

/**
 * A decision point: `side`'s player-turn before any of its units has moved — its
 * fortification, reinforcement or operational movement step (GAMETURN SEQUENCE A.1-A.2,
 * B.1-B.3). A plan chosen here plays the whole player-turn.
 */
export function isPlanPoint(g: MarsState, side: string): boolean {
  if (g.player !== side || !(g.step === 'fortify' || g.step === 'reinforce' || g.step === 'movement'))
    return false;
  const s = scenarioByKey(g.scenario);
  for (const id of s.unitIds) if (s.units[id]!.side === side && g.units[id]!.moved !== 'no') return false;
  return true;
}

/** The policy with a plan's parameters, playing `side`'s player-turn, then done (null). */
function planMacro(rules: MarsRules, plan: MarsPlan): Macro<MarsState> {
  return {
    key: plan.key,
    prior: plan.prior,
    start() {
      const policy = new MarsPolicy(plan.params);
      let turn = -1;
      return (state: GameState<MarsState>, side: string): Action | null => {
        const g = state.state;
        if (turn < 0) turn = g.turn;
        if (g.turn !== turn || g.player !== side || g.step === 'over') return null;
        return policy.choose(state, side as Side, () => rules.legalActions(g, side));
      };
    },
  };
}

/** Operation Mars as a search domain (plans as the search's choices). */
export function marsSearchDomain(rules: MarsRules, plans = MARS_PLANS): SearchDomain<MarsState> {
  const macros = {
    soviet: plans.soviet.map((p) => planMacro(rules, p)),
    german: plans.german.map((p) => planMacro(rules, p)),
  };
  return {
    rules: rules as unknown as GameRules<MarsState, Action, unknown>,
    // Mars hides nothing but the dice to come (the module's determinize): the known
    // state already carries the searcher's own dice, drawn afresh per iteration.
    determinize: (state, _viewer, rng) => ({ ...state, rng }),
    choices: (state, side) => (isPlanPoint(state.state, side) ? macros[side as Side] : null),
    policy() {
      const bySide = new Map<string, MarsPolicy>();
      return (state, side) => {
        let p = bySide.get(side);
        if (!p) {
          p = new MarsPolicy(PLANNER_PARAMS[side as Side]);
          bySide.set(side, p);
        }
        return p.choose(state, side as Side, () => rules.legalActions(state.state, side));
      };
    },
    // The fitted model's chance of winning (evaluate.ts): a rollout cut short is scored
    // on the same scale as one played to the end.
    evaluate(state, side) {
      const g = state.state;
      return winChance(new Board(scenarioByKey(g.scenario), g), side as Side);
    },
  };
}
