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
 * else (the other side's choices inside a combat, and the set-up) is the policy's; the
 * balance lab may also make Zhukov's set-up a choice (`sovietSetups`, `withSetupSearch`
 * in balance.ts), which no AI level does.
 */
import type { Action, GameRules, GameState, Macro, SearchDomain } from '@stavka/engine';
import { winChance } from './evaluate.ts';
import { type MarsAction, type MarsState, marsBoard, type Side, scenarioByKey } from './mars-games.ts';
import { COLUMN, MarsPolicy, PLANNER_PARAMS, type PolicyParams, policyParams } from './policy.ts';
import { parseSetupPlan, type SetupPlan } from './setups.ts';

/** A plan the search may choose: its name, the policy's parameters, its move-ordering prior. */
export interface MarsPlan {
  readonly key: string;
  readonly params: PolicyParams;
  readonly prior: number;
}

/** The plans of each side. The planner's own defaults come first (the prior). */
const PLANS: Readonly<Record<Side, readonly MarsPlan[]>> = {
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

/** PLANS, each plan's parameters of the one shape every policy's are (policyParams). */
export const MARS_PLANS: Readonly<Record<Side, readonly MarsPlan[]>> = {
  soviet: PLANS.soviet.map((p) => ({ key: p.key, params: policyParams(p.params), prior: p.prior })),
  german: PLANS.german.map((p) => ({ key: p.key, params: policyParams(p.params), prior: p.prior })),
};

/** A set-up the search may choose for Zhukov: a plan of `setups.ts`, or (null) the historical one. */
export interface MarsSetupChoice {
  readonly key: string;
  readonly plan: SetupPlan | null;
  readonly prior: number;
}

/**
 * Zhukov's set-ups for the search (mars-1942 "Setup and 1st Turn": he deploys second, "as
 * Zhukov wishes", and sees von Kluge's set-up): the historical one, or the whole army
 * shifted toward one face of the salient, every unit within `radius` hexes of where it
 * stood on 25 Nov 1942. Not far: past two hexes the German AI has no answer (three hexes
 * north leave him 5 wins in 50 at level 1; docs/mars-balance.md, session 20).
 */
export function sovietSetups(radius: number): readonly MarsSetupChoice[] {
  return [
    { key: 'historical', plan: null, prior: 9 },
    ...['north', 'ne', 'east', 'nw', 'west'].map((face, i) => ({
      key: `${face}/all/r${radius}`,
      plan: parseSetupPlan('soviet', `${face}/all/r${radius}`)!,
      prior: 5 - i,
    })),
  ];
}

type MarsRules = GameRules<MarsState, MarsAction, unknown>;

/** A set-up decision point: `side` about to deploy, none of its units placed yet (mars-1942 "Setup and 1st Turn"). */
export function isSetupPoint(g: MarsState, side: string): boolean {
  if (g.step !== 'setup' || g.deploying !== side) return false;
  const s = scenarioByKey(g.scenario);
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    if (s.units[id]!.side === side && st.status === 'map' && st.at >= 0) return false;
  }
  return true;
}

/** The policy deploying with a set-up plan, until `side`'s set-up is done (null). */
function setupMacro(rules: MarsRules, choice: MarsSetupChoice): Macro<MarsState> {
  return {
    key: `setup:${choice.key}`,
    prior: choice.prior,
    start() {
      const policy = new MarsPolicy({
        ...PLANNER_PARAMS.soviet,
        ...(choice.plan ? { setup: choice.plan } : {}),
      });
      return (state: GameState<MarsState>, side: string): Action | null => {
        const g = state.state;
        if (g.step !== 'setup' || g.deploying !== side) return null;
        return policy.choose(state, side as Side, rules.legalActions(g, side)) ?? null;
      };
    },
  };
}

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

/**
 * Operation Mars as a search domain (plans as the search's choices; with `setups`, also
 * Zhukov's set-up, chosen when he is about to deploy).
 */
export function marsSearchDomain(
  rules: MarsRules,
  plans = MARS_PLANS,
  setups: readonly MarsSetupChoice[] = [],
): SearchDomain<MarsState> {
  const macros = {
    soviet: plans.soviet.map((p) => planMacro(rules, p)),
    german: plans.german.map((p) => planMacro(rules, p)),
  };
  const setupMacros = setups.map((c) => setupMacro(rules, c));
  return {
    rules,
    // Mars hides nothing but the dice to come (the module's determinize): the known
    // state already carries the searcher's own dice, drawn afresh per iteration.
    // Built as the engine builds a state (its fields in its order) rather than spread: one
    // shape of state for the engine's search and the policy that read it.
    determinize: (state, _viewer, rng) => ({
      game: state.game,
      rulesVersion: state.rulesVersion,
      stateId: state.stateId,
      rng,
      log: state.log,
      logDigest: state.logDigest,
      actionCount: state.actionCount,
      undo: state.undo,
      state: state.state,
    }),
    choices: (state, side) =>
      isPlanPoint(state.state, side)
        ? macros[side as Side]
        : side === 'soviet' && setupMacros.length > 0 && isSetupPoint(state.state, side)
          ? setupMacros
          : null,
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
    // A plan (`planMacro`, `setupMacro`) carries from one action to the next only its
    // policy's movement and allocation plans (MarsPolicy.plan) and the player-turn it
    // plays (set on its first call): started afresh in its own player-turn, with its side
    // to act and outside those two steps, it plays as it would have; once its side's
    // player-turn is over (after the set-up), it plays nothing more. With the dice the
    // only hidden thing, a root plan's fortification, movement and allocation are then
    // played once per search (up to its first combat, or the end of its player-turn).
    planAt(state, side) {
      const g = state.state;
      if (g.step === 'setup') return null;
      if (g.player !== side) return 'done';
      return rules.activeSides(g)[0] === side && g.step !== 'movement' && g.step !== 'allocation'
        ? 'restart'
        : null;
    },
    // The fitted model's chance of winning (evaluate.ts): a rollout cut short is scored
    // on the same scale as one played to the end.
    evaluate(state, side) {
      const g = state.state;
      return winChance(marsBoard(g), side as Side);
    },
  };
}
