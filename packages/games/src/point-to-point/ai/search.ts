/**
 * The Typhoon campaign for the engine's search (`ismcts`): the plans a side chooses
 * between, the policy that plays them and the evaluation of where they lead.
 *
 * A player-turn is dozens of clicks (every unit's march, every battle's losses), so the
 * search does not choose clicks: at the start of its player-turn (completion C-3: the
 * partisans or the movement step, nothing done yet) a side chooses one of a few *plans*
 * — parameters of the rules of thumb (policy.ts): for the Axis the weight of its axes of
 * advance, how boldly it attacks, how hard it closes pockets; for the Soviets how boldly
 * they counter-attack and how far forward they stand — and the plan's policy plays the
 * whole player-turn: movement, air, battles, breakthrough, fortifications. Everything else
 * (the other side's choices inside a battle or its air allocation) is the default plan's.
 *
 * The evaluation is the victory points as they stand (C-13.2, with P-15), the units worn
 * down on each side, the Axis units out of supply and the sudden death (C-13.1) as a
 * chance of winning.
 */
import type { Action, GameRules, GameState, Macro, SearchDomain } from '@stavka/engine';
import { type CampaignState, campaignRules, inSupply, typhoon, victoryPoints } from '../campaign.ts';
import type { Side } from '../forces.ts';
import { AXIS_OBJECTIVES, campaignPolicy, DEFAULT_PARAMS, type PolicyParams } from './policy.ts';

/** A plan the search may choose: its name, the policy's parameters, its move-ordering prior. */
export interface CampaignPlan {
  readonly key: string;
  readonly params: PolicyParams;
  readonly prior: number;
}

/** The plans of each side, the rules of thumb's own first (the prior). */
export const CAMPAIGN_PLANS: Readonly<Record<Side, readonly CampaignPlan[]>> = {
  axis: [
    { key: 'planned', params: DEFAULT_PARAMS, prior: 4 },
    // The pincers: the rules of thumb closing pockets (B.4a: the ways out of a Soviet point
    // counted, the ring held) before the attack. Level 1 plays without: with them the Axis
    // won 16-18 of 24 campaigns against the Soviet rules of thumb, without 6 of 24.
    { key: 'pincers', params: { ...DEFAULT_PARAMS, pocket: 0.5 }, prior: 3 },
    // Attack only where the odds are long (the winter's losses count for the Soviets, C-13.2).
    { key: 'careful', params: { ...DEFAULT_PARAMS, axisMargin: 2 }, prior: 2 },
  ],
  soviet: [
    { key: 'planned', params: DEFAULT_PARAMS, prior: 3 },
    // Counter-attack wherever the odds are fair.
    { key: 'counter', params: { ...DEFAULT_PARAMS, sovietMargin: 1 }, prior: 2 },
  ],
};

type Rules = GameRules<CampaignState, Action, unknown>;

/** Whether `side` is at the start of its player-turn, nothing done yet: a decision point. */
export function planStart(g: CampaignState, side: Side): boolean {
  if (g.phase === 'over' || g.battle || g.player !== side) return false;
  if (g.phase === 'partisans') return true;
  return (
    g.phase === 'movement' &&
    g.partisansToPlace === 0 &&
    g.attacks.length === 0 &&
    !g.units.some((u) => u.side === side && (u.moved || u.from !== null)) &&
    !g.factories.some((f) => f.moved)
  );
}

/** A plan played: the policy with its parameters, for the player-turn it starts in. */
function planMacro(rules: Rules, plan: CampaignPlan): Macro<CampaignState> {
  const policy = campaignPolicy(plan.params);
  return {
    key: plan.key,
    prior: plan.prior,
    start: () => {
      let turn: { turn: number; player: Side } | null = null;
      return (state, side) => {
        const g = state.state;
        turn ??= { turn: g.turn, player: g.player };
        if (g.phase === 'over' || g.turn !== turn.turn || g.player !== turn.player || g.player !== side)
          return null;
        return policy(rules, state, side);
      };
    },
  };
}

/** The evaluation's scale: a lead of this many victory points is about a 73% chance. */
const VP_SCALE = 3;

/**
 * A chance of winning for `side` (C-13): the victory points as they stand, a quarter point
 * a loss step each side's ground units carry, half a point each Axis ground unit out of
 * supply (C-7.1: it does not recover, C-7.3, and the winter wears it down, C-7.2), and the
 * sudden death of Moscow (C-13.1).
 */
export function winChance(g: CampaignState, side: Side): number {
  if (g.result) return g.result.winner === side ? 1 : g.result.winner === null ? 0.5 : 0;
  const vp = victoryPoints(g);
  let lead = vp.axis - vp.soviet;
  const supplied = inSupply(g, 'axis');
  const index = typhoon().map.pointIds;
  for (const u of g.units) {
    if (u.place !== 'map' || u.unitClass === 'air') continue;
    lead += (u.side === 'axis' ? -0.25 : 0.25) * u.losses;
    if (u.side === 'axis' && !supplied[index.indexOf(u.at)]) lead -= 0.5;
  }
  if (g.control.moscow === 'axis') lead += 10;
  const axis = 1 / (1 + Math.exp(-lead / VP_SCALE));
  return side === 'axis' ? axis : 1 - axis;
}

/** The Typhoon campaign's search domain (nothing hidden: a determinized state is the state with dice of its own). */
export function campaignSearchDomain(
  rules: Rules = campaignRules as unknown as Rules,
): SearchDomain<CampaignState> {
  const macros = {
    axis: CAMPAIGN_PLANS.axis.map((p) => planMacro(rules, p)),
    soviet: CAMPAIGN_PLANS.soviet.map((p) => planMacro(rules, p)),
  };
  const policy = campaignPolicy(DEFAULT_PARAMS);
  return {
    rules,
    determinize: (state, _viewer, rng) => ({ ...state, rng }),
    choices: (state, side) => (planStart(state.state, side as Side) ? macros[side as Side] : null),
    policy: () => (state: GameState<CampaignState>, side: string) => policy(rules, state, side),
    evaluate: (state, side) => winChance(state.state, side as Side),
    // The plans are pure functions of the state: a fresh one plays on as the running one would.
    planAt: (state, side) => {
      const g = state.state;
      return g.phase === 'over' || g.player !== side ? 'done' : 'restart';
    },
  };
}

export { AXIS_OBJECTIVES };
