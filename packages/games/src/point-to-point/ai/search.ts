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
 * The Axis compares three plans a player-turn, those that fit the turn (`axisPlanKeys`):
 * Tula is fortified from turn 2 (rules version 6), so from then a plan contains it rather
 * than storms it; from the frost's Good turn (4) a plan holds the points taken through the
 * Soviet winter counter-offensive.
 *
 * The evaluation is the victory points the Axis can expect to lead by at the end
 * (`expectedLead`: C-13.2 with P-15, each point of value weighed by the chance it changes
 * hands in the turns left), the units worn down on each side, the Axis units out of supply
 * and the sudden death (C-13.1), as a chance of winning.
 */
import type { Action, GameRules, GameState, Macro, SearchDomain } from '@stavka/engine';
import { type CampaignState, campaignRules, inSupply, typhoon, victoryPoints } from '../campaign.ts';
import type { Side } from '../forces.ts';
import {
  AXIS_OBJECTIVES,
  campaignPolicy,
  DEFAULT_PARAMS,
  type PolicyParams,
  TULA_CONTAINED,
} from './policy.ts';

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
    // Tula contained, not stormed (rules version 6: fortified from turn 2, the 50th Army
    // there): Panzer Group 2 to Plavsk and Yefremov, the 2nd Army on Aleksin, the city
    // attacked only at twice the odds, its ways out closed (B.4a).
    {
      key: 'contain',
      params: { ...DEFAULT_PARAMS, axes: TULA_CONTAINED, fortifiedMargin: 2, pocket: 0.5 },
      prior: 2,
    },
    // Take what can be taken and hold it through the winter: a garrison on every point of
    // victory points against the Soviet strength near it (a point won back scores for the
    // Soviets, RULINGS P-15), attacks at long odds only, Tula contained.
    {
      key: 'hold',
      params: {
        ...DEFAULT_PARAMS,
        axes: TULA_CONTAINED,
        axisGuard: 0.6,
        axisMargin: 2,
        fortifiedMargin: 1.5,
      },
      prior: 2,
    },
    // Attack only where the odds are long (the winter's losses count for the Soviets, C-13.2).
    { key: 'careful', params: { ...DEFAULT_PARAMS, axisMargin: 2 }, prior: 1 },
  ],
  soviet: [
    { key: 'planned', params: DEFAULT_PARAMS, prior: 3 },
    // Counter-attack wherever the odds are fair.
    { key: 'counter', params: { ...DEFAULT_PARAMS, sovietMargin: 1 }, prior: 2 },
  ],
};

/**
 * The Axis plans the search compares on each turn (three: a budget of a few iterations
 * splits no further): the opening (turn 1: Tula is not fortified yet), the autumn drive
 * (turns 2-3, Mud: Tula fortified, C-8.1), the frost's last Good turn (4) and the winter
 * (turns 5-8, Snow: the Soviet counter-offensive).
 */
export function axisPlanKeys(turn: number): readonly string[] {
  if (turn <= 1) return ['planned', 'pincers', 'careful'];
  if (turn <= 3) return ['planned', 'pincers', 'contain'];
  if (turn === 4) return ['planned', 'contain', 'hold'];
  return ['planned', 'hold', 'careful'];
}

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

/** Undispersed ground strength of `side` at each point (not attacking), by point index. */
function strengthByPoint(g: CampaignState, side: Side, index: ReadonlyMap<string, number>): Float64Array {
  const s = new Float64Array(index.size);
  for (const u of g.units)
    if (u.place === 'map' && u.unitClass !== 'air' && u.side === side && !u.dispersed && u.from === null)
      s[index.get(u.at)!]! += u.value;
  return s;
}

/**
 * The chance that a point held by the defender (strength `held` there and `backing` next to
 * it) changes hands before the end against `pressure` (the attacker's strength next to it,
 * half two lines off): the pressure squared against the defence's, scaled by the turns left
 * (a point safe at the last turn's end counts as it stands, C-13.2).
 */
function lossChance(pressure: number, held: number, backing: number, turnsLeft: number): number {
  if (pressure <= 0 || turnsLeft <= 0) return 0;
  const defence = 1.5 * (held + backing / 2) + 2;
  return (Math.min(1, turnsLeft / 2) * pressure * pressure) / (pressure * pressure + defence * defence);
}

/**
 * The victory points the Axis can expect to lead by at the end (C-13.2, RULINGS P-15): the
 * count as it stands, and for each point of victory points the chance it changes hands in
 * the turns left (`lossChance`: who stands near it against who holds it). A point the Axis
 * took and the Soviets win back swings twice its value (it scores for the Soviets as it
 * scored for the Axis), and so does one they won back that the Axis retakes; a point the
 * Axis takes for the first time, or an Axis start point the Soviets take, once. The Axis's
 * chances of taking are counted at half (its attacks need the odds, C-4.4, and the winter
 * is the Soviets').
 */
export function expectedLead(g: CampaignState): number {
  const t = typhoon();
  const vp = victoryPoints(g);
  let lead = vp.axis - vp.soviet;
  const map = t.map;
  const index = new Map(map.pointIds.map((p, i) => [p, i]));
  const axis = strengthByPoint(g, 'axis', index);
  const soviet = strengthByPoint(g, 'soviet', index);
  const turnsLeft = t.scenario.turns.length - g.turn + (g.player === 'axis' ? 1 : 0.5);
  const axisStart = new Set(t.scenario.control.axis);
  const graph = map.graph;
  for (const [p, value] of Object.entries(t.scenario.victoryPoints)) {
    const i = index.get(p)!;
    // The strength of each side next to `p`, and half of it two lines off.
    let near = { axis: 0, soviet: 0 };
    const seen = new Set([i]);
    let ring = [i];
    for (let d = 1; d <= 2; d++) {
      const next: number[] = [];
      for (const q of ring)
        for (let e = graph.offsets[q]!; e < graph.offsets[q + 1]!; e++) {
          const r = graph.targets[e]!;
          if (seen.has(r)) continue;
          seen.add(r);
          next.push(r);
          const w = d === 1 ? 1 : 0.5;
          near = { axis: near.axis + w * axis[r]!, soviet: near.soviet + w * soviet[r]! };
        }
      ring = next;
    }
    const holder = g.control[p];
    const swing = axisStart.has(p) || (holder === 'soviet' && !g.taken.includes(p)) ? value : 2 * value;
    if (holder === 'axis') lead -= swing * lossChance(near.soviet, axis[i]!, near.axis, turnsLeft);
    else {
      const fortified = g.fortified.includes(p) ? 2 : 1;
      lead += 0.5 * swing * lossChance(near.axis, fortified * soviet[i]!, near.soviet, turnsLeft);
    }
  }
  return lead;
}

/**
 * A chance of winning for `side` (C-13): the victory points it can expect at the end
 * (`expectedLead`), a quarter point a loss step each side's ground units carry, half a
 * point each Axis ground unit out of supply (C-7.1: it does not recover, C-7.3, and the
 * winter wears it down, C-7.2), and the sudden death of Moscow (C-13.1).
 */
export function winChance(g: CampaignState, side: Side): number {
  if (g.result) return g.result.winner === side ? 1 : g.result.winner === null ? 0.5 : 0;
  let lead = expectedLead(g);
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
export function campaignSearchDomain(rules: Rules = campaignRules): SearchDomain<CampaignState> {
  const macros = {
    axis: new Map(CAMPAIGN_PLANS.axis.map((p) => [p.key, planMacro(rules, p)])),
    soviet: CAMPAIGN_PLANS.soviet.map((p) => planMacro(rules, p)),
  };
  const axisChoices = (turn: number) =>
    axisPlanKeys(turn).flatMap((k) => {
      const m = macros.axis.get(k);
      return m ? [m] : [];
    });
  const policy = campaignPolicy(DEFAULT_PARAMS);
  return {
    rules,
    determinize: (state, _viewer, rng) => ({ ...state, rng }),
    choices: (state, side) => {
      const g = state.state;
      if (!isSide(side) || !planStart(g, side)) return null;
      return side === 'axis' ? axisChoices(g.turn) : macros.soviet;
    },
    policy: () => (state: GameState<CampaignState>, side: string) => policy(rules, state, side),
    evaluate: (state, side) => winChance(state.state, side === 'axis' ? 'axis' : 'soviet'),
    // The plans are pure functions of the state: a fresh one plays on as the running one would.
    planAt: (state, side) => {
      const g = state.state;
      return g.phase === 'over' || g.player !== side ? 'done' : 'restart';
    },
  };
}

const isSide = (s: string): s is Side => s === 'axis' || s === 'soviet';

export { AXIS_OBJECTIVES };
