/**
 * What every step of the Typhoon campaign is made of (the engine's step shape, steps.ts):
 * the actions it offers and what each of them does, kept together so a rules section maps
 * to one file; and what the steps share: the rule citations, the points by name and by
 * index, the board the searches read, control passing (C-2.2), German air kept with Axis
 * ground units (A.5, C-5.5) and line capacity spent (C-1.2).
 */
import {
  type ActionOfType,
  type StepRules as EngineStepRules,
  type PointMap,
  type RulesContext,
  type StepEffect,
  stepDistances,
} from '@stavka/engine';
import { allowance, type CampaignBoard, supplyStatus } from '../campaign-board.ts';
import { type CampaignAction, type CampaignState, type CampaignUnit, typhoon } from '../campaign-state.ts';
import { CITE, retreatHalves, type Side } from '../forces.ts';

/** What one action does to the engine's private copy of the state, logging why. */
export type Effect<T extends CampaignAction['type']> = StepEffect<
  CampaignState,
  ActionOfType<CampaignAction, T>,
  Side
>;

/** One step of the sequence of play: its legal actions and the effect of each of them. */
export type StepRules<K extends CampaignAction['type']> = EngineStepRules<
  CampaignState,
  CampaignAction,
  K,
  Side
>;

/** Citations of the completion rules (docs/rules/point-to-point-completion.md). */
const CAMPAIGN_CITE = {
  sequence: 'completion C-3 Sequence of play',
  move: 'completion C-4 Movement along lines',
  rail: 'completion C-4.2 Rail movement',
  air: 'completion C-5 Air units',
  airAlone: 'completion C-5.5 German air where Axis ground units stand',
  breakthrough: 'completion C-6 Breakthrough movement and breakthrough combat',
  breakthroughAir: 'completion C-6.2 German air with one group',
  control: 'completion C-2 Control',
  recovery: 'completion C-7.3 Recovery of Dispersed Units',
  attrition: 'completion C-7.2 Winter attrition',
  fortify: 'completion C-8 Field fortifications',
  factories: 'completion C-9 Factories',
  partisans: 'completion C-10 Partisans',
  reinforce: 'completion C-12 Reinforcements and withdrawals',
  weather: 'completion C-11 Weather',
  victory: 'completion C-13 Victory',
} as const;
export const C = CAMPAIGN_CITE;

/* ----------------------------------------------------------------------------- */
/* Points by name and by index                                                      */

export const mapOf = (): PointMap => typhoon().map;
let indexCache: Map<string, number> | null = null;
/** A point's index on the map (-1 for no such point). */
export const idx = (id: string): number => {
  if (!indexCache) indexCache = new Map(mapOf().pointIds.map((p, i) => [p, i]));
  return indexCache.get(id) ?? -1;
};
/** The point at an index. */
export const pid = (i: number): string => mapOf().pointIds[i]!;
/** A point's name as the log spells it. */
export const pointName = (p: string) => mapOf().pointNames[idx(p)] ?? p;

/* ----------------------------------------------------------------------------- */
/* The board as the searches read it                                                */

export const onMap = (u: CampaignUnit) => u.place === 'map';
export const isGround = (u: CampaignUnit) => u.unitClass !== 'air';

export function boardOf(g: CampaignState): CampaignBoard {
  const map = mapOf();
  const occupant: (Side | null)[] = map.pointIds.map(() => null);
  for (const u of g.units) if (onMap(u) && isGround(u) && u.from === null) occupant[idx(u.at)] = u.side;
  const partisans = map.pointIds.map(() => false);
  for (const p of g.partisans) partisans[idx(p)] = true;
  return {
    map,
    control: map.pointIds.map((id) => g.control[id]!),
    occupant,
    partisans,
    usedHalves: g.used,
  };
}

/** Where `side`'s units are in supply now (C-7.1): the Axis from its railheads, 4 segments. */
export function inSupply(g: CampaignState, side: Side): Uint8Array {
  const sources = side === 'axis' ? g.railheads : typhoon().scenario.supplySources[side];
  return supplyStatus(boardOf(g), side, sources.map(idx));
}

/** An enemy ground unit of `side`'s stands at `p` (not one attacking it). */
export const enemyGroundAt = (g: CampaignState, p: string, side: Side) =>
  g.units.some((u) => onMap(u) && u.side !== side && isGround(u) && u.at === p && u.from === null);

/** Points where an Axis ground unit stands, not attacking (A.5: where German air may be). */
export function axisGroundPoints(g: CampaignState): Set<string> {
  return new Set(
    g.units.filter((u) => onMap(u) && isGround(u) && u.side === 'axis' && u.from === null).map((u) => u.at),
  );
}

/** The unit of the campaign named `id` (one the step offered). */
export const unitOf = (g: CampaignState, id: string): CampaignUnit => g.units.find((u) => u.id === id)!;

/** A unit as the movement searches read it (campaign-board.ts), with its march this turn (C-4.1). */
export const moving = (u: CampaignUnit, g?: CampaignState) => ({
  at: idx(u.at),
  side: u.side,
  mobile: u.mobile,
  dispersed: u.dispersed,
  halves: retreatHalves(u),
  ...(g ? { march: marchOf(g, u) } : {}),
});

/**
 * A unit's march this player-turn in km (C-4.1, C-4.6): its weather's, or the turn's own
 * for mobile units where the scenario gives one (Typhoon turn 1: 300 km).
 */
export function marchOf(g: CampaignState, u: CampaignUnit): number {
  return allowance(u, g.weather, typhoon().scenario.turns[g.turn - 1]?.mobileMarch);
}

/** Line capacity used this player-turn (C-1.2), in half units. */
export function spend(g: CampaignState, lines: readonly number[], halves: number): void {
  for (const line of lines) g.used[line] = (g.used[line] ?? 0) + halves;
}

/* ----------------------------------------------------------------------------- */
/* Control (C-2.2) and German air (A.5)                                            */

/**
 * A point passes to `side` (C-2.2): a field fortification there is removed (C-8.2), a
 * factory there is captured when the Axis takes it (C-9.3), partisans there are removed
 * when Axis ground units enter (C-10.3).
 */
export function takePoint(g: CampaignState, p: string, side: Side, ctx: RulesContext, how: string): void {
  if (side === 'axis') axisEnters(g, p, ctx);
  if (g.control[p] === side) return;
  g.control[p] = side;
  // RULINGS P-15: remember the Soviet start points the Axis takes; won back, they score for the Soviets.
  if (side === 'axis' && !typhoon().scenario.control.axis.includes(p) && !g.taken.includes(p))
    g.taken.push(p);
  ctx.log({ kind: how, text: `${pointName(p)} passes to the ${side}`, cite: [C.control] });
  if (g.fortified.includes(p)) {
    g.fortified = g.fortified.filter((x) => x !== p);
    ctx.log({
      kind: how,
      text: `the field fortification at ${pointName(p)} is removed`,
      cite: ['completion C-8.2 Field fortifications'],
    });
  }
}

/** Axis ground units at a point: partisans there are removed (C-10.3), factories captured (C-9.3, C-4.5). */
function axisEnters(g: CampaignState, p: string, ctx: RulesContext): void {
  if (g.partisans.includes(p)) {
    g.partisans = g.partisans.filter((x) => x !== p);
    ctx.log({ kind: 'move', text: `the partisans at ${pointName(p)} are removed`, cite: [C.partisans] });
  }
  for (const f of g.factories) {
    if (f.at !== p || (f.status !== 'emplaced' && f.status !== 'entrained')) continue;
    f.status = 'captured';
    ctx.log({ kind: 'move', text: `the Axis captures a factory at ${pointName(p)}`, cite: [C.factories] });
  }
}

/**
 * point-to-point A.5 "nor may they occupy a point without an Axis ground unit present": a
 * German air unit whose point holds no Axis ground unit (they moved on, retreated or were
 * destroyed, or the Soviets took it) moves its base at once to the nearest point that holds
 * one, by segments, the first in point order on a tie (completion C-5.5, reading). Checked
 * at the start of each player-turn, when movement ends and after each battle.
 */
export function groundGermanAir(g: CampaignState, ctx: RulesContext): void {
  const ground = axisGroundPoints(g);
  for (const u of g.units) {
    if (isGround(u) || !onMap(u) || u.side !== 'axis' || ground.has(u.at)) continue;
    const dist = stepDistances(mapOf().graph, [idx(u.at)], mapOf().graph.nodeCount);
    let best: string | null = null;
    for (const p of ground) {
      const d = dist[idx(p)]!;
      if (d < 0) continue;
      const b = best === null ? -1 : dist[idx(best)]!;
      if (best === null || d < b || (d === b && idx(p) < idx(best))) best = p;
    }
    if (best === null) continue; // no Axis ground unit left anywhere: nothing it could fly from
    ctx.log({
      kind: 'move',
      text: `${u.name} has no Axis ground unit at ${pointName(u.at)}: its base moves to ${pointName(best)}`,
      cite: [CITE.airAlone, C.airAlone],
    });
    u.at = best;
  }
}
