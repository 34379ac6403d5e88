/**
 * Moscow 1941 on points and lines: the campaign, the completion rules
 * (docs/rules/point-to-point-completion.md; every rule the project's) behind the engine's
 * GameRules contract, on the Operation Typhoon scenario (typhoon.ts). Battles are the
 * battle rules (battle.ts) played inside the campaign: while one is fought, the campaign
 * offers and applies the battle's own actions (one battle engine).
 *
 *   each player-turn (Axis, then Soviet; C-3):
 *     a. recovery of dispersed units in supply (C-7.3); the Axis winter attrition in Snow
 *        (C-7.2); the Soviet factories produce (C-9.1)
 *     b. withdrawals and reinforcements (C-12); Soviet partisans placed (C-10.1)
 *     c. movement along lines with capacities, a march in km (C-4.1, C-4.6; into an enemy-held point: an attack,
 *        C-4.4), rail movement (C-4.2), air bases (C-5.3), Soviet factories entrained and moved (C-9.2),
 *        replacement points spent (C-9.1)
 *     d. air allocation: the phasing player, then the other, commits air units to the
 *        battles declared within 3 segments of their bases (C-5.1, C-5.2)
 *     e. the battles in the order the phasing player picks (the text's A and B), control
 *        following the battles (C-2)
 *     f. breakthrough movement and breakthrough combat (C-6; one German air unit with one
 *        group up one line segment, A.4)
 *     g. field fortifications (C-8)
 *   after each turn: sudden death (C-13.1), the weather of the next (C-11), victory (C-13).
 *
 * Between battles the campaign carries B.4c (units that retreated into a point under
 * attack take no part in its battle) and B.4d (defenders displaced into the attackers'
 * point of origin meet them there).
 *
 * Not played (the game log never cites them): withdrawal substitutes (C-12.2).
 */
import {
  err,
  type GameOutcome,
  type GameRules,
  ok,
  type PointMap,
  type RulesContext,
  SearchSpace,
  setupError,
  stepDistances,
} from '@stavka/engine';
import { type BattleAction, battleRules } from './battle.ts';
import { type BattleScenario, type BattleState, battleFromSetup, type Occupant } from './battle-scenario.ts';
import {
  type CampaignBoard,
  type CampaignWeather,
  halvesLeft,
  isRailway,
  lineBetween,
  type MoveOption,
  moveOptions,
  railOptions,
  supplyStatus,
} from './campaign-board.ts';
import { FIRE_TABLE } from './combat.ts';
import { CITE, type Formation, lossLimit, other, retreatHalves, type Side } from './forces.ts';
import { compileTyphoon, type Typhoon } from './typhoon.ts';

/**
 * Version 3 (issue #43): A.5 German air where Axis ground units stand (C-5.5), P-13, P-14,
 * P-15, movement by distance (C-4.6) and the 1941 map and orders of battle; a replay of
 * version 2 does not replay here.
 */
export const CAMPAIGN_RULES_VERSION = 'point-to-point-campaign/3';

/** Citations of the completion rules (docs/rules/point-to-point-completion.md). */
export const CAMPAIGN_CITE = {
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
const C = CAMPAIGN_CITE;

export interface CampaignUnit {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  readonly unitClass: 'major' | 'minor' | 'air';
  readonly value: number;
  readonly formation: Formation;
  readonly mobile: boolean;
  readonly arrives: number;
  readonly withdraws: number | null;
  /** Where it stands (an attacker: the point it attacks; an air unit: its base). */
  at: string;
  losses: number;
  dispersed: boolean;
  place: 'waiting' | 'map' | 'destroyed' | 'withdrawn';
  /** Moved this player-turn (by line or rail; C-8.1 fortifies only with units that did not). */
  moved: boolean;
  /** An attacker's point of origin this player-turn (B.4: it retreats there). */
  from: string | null;
  /** Advanced after a regular combat this player-turn: may make breakthrough movement (C-6.1). */
  advanced: boolean;
  /** Retreated into a friendly point under attack (B.4c): no part in its battle, survives if it holds. */
  sheltering: boolean;
}

/** A Soviet factory marker (C-9): one replacement point a turn while emplaced. */
export interface CampaignFactory {
  readonly id: string;
  at: string;
  status: 'emplaced' | 'entrained' | 'evacuated' | 'captured';
  /** Moved by rail this player-turn (C-9.2). */
  moved: boolean;
}

export type CampaignPhase =
  | 'partisans'
  | 'movement'
  | 'air'
  | 'combat'
  | 'breakthrough'
  | 'breakthrough-combat'
  | 'fortify'
  | 'over';

export type CampaignAction =
  | { type: 'place-partisan'; at: string }
  | { type: 'move'; unit: string; to: string }
  | { type: 'rail'; unit: string; to: string }
  | { type: 'rebase'; unit: string; to: string }
  | { type: 'entrain'; factory: string }
  | { type: 'factory-move'; factory: string; to: string }
  | { type: 'rebuild'; unit: string }
  | { type: 'repair'; unit: string }
  | { type: 'end-movement' }
  | { type: 'commit-air'; unit: string; at: string }
  | { type: 'end-air' }
  | { type: 'fight'; at: string }
  | { type: 'breakthrough'; unit: string; to: string }
  | { type: 'breakthrough-air'; unit: string; to: string }
  | { type: 'end-breakthrough' }
  | { type: 'fortify'; at: string }
  | { type: 'end-turn' }
  | BattleAction;

export interface CampaignState {
  readonly scenario: 'typhoon';
  /** 1 = 1-15 Oct 1941 ... 8 = 16-31 Jan 1942. */
  turn: number;
  /** The phasing side. */
  player: Side;
  phase: CampaignPhase;
  weather: CampaignWeather;
  units: CampaignUnit[];
  /** Who controls each point, by point id (C-2). */
  control: Record<string, Side>;
  /** Line capacity used this player-turn in half units, by line index (C-1.2). */
  used: number[];
  /** Points attacked this player-turn (or this breakthrough step) and not yet fought. */
  attacks: string[];
  /** Air units that joined a battle this player-turn. */
  airUsed: string[];
  /** Whose air allocation it is (the phasing side, then the other; C-5.1), or null. */
  airSide: Side | null;
  /** Air units committed to the battles of this player-turn, each to one point (C-5.1). */
  airCommitted: { unit: string; at: string }[];
  /** Axis railheads: where the converted railway reaches (C-7.1). */
  railheads: string[];
  /** Points with a field fortification (C-8). */
  fortified: string[];
  /** The Soviet factories (C-9). */
  factories: CampaignFactory[];
  /** Soviet replacement points not yet spent (C-9.1). */
  replacements: number;
  /** Points holding Soviet partisans (C-10). */
  partisans: string[];
  /** Points the Soviets held at the start that the Axis has taken at some time (RULINGS P-15). */
  taken: string[];
  /** Partisans still to place this Soviet player-turn (C-10.1). */
  partisansToPlace: number;
  /** Breakthrough moves this player-turn: each group (from, to) and the German air unit with it (C-6.2). */
  groups: { from: string; to: string; air: string | null }[];
  /** The battle being fought, and where. */
  battle: BattleState | null;
  result: { winner: Side | null; axis: number; soviet: number; reason: string } | null;
}

let typhoonCache: Typhoon | null = null;
export function typhoon(): Typhoon {
  if (!typhoonCache) {
    const r = compileTyphoon();
    if (!r.ok) throw new Error(`the Typhoon data is invalid: ${JSON.stringify(r.error.slice(0, 3))}`);
    typhoonCache = r.value;
  }
  return typhoonCache;
}
const mapOf = (): PointMap => typhoon().map;
let indexCache: Map<string, number> | null = null;
const idx = (id: string): number => {
  if (!indexCache) indexCache = new Map(mapOf().pointIds.map((p, i) => [p, i]));
  return indexCache.get(id) ?? -1;
};
const pid = (i: number): string => mapOf().pointIds[i]!;

/* ----------------------------------------------------------------------------- */
/* The board as the searches read it                                                */

const onMap = (u: CampaignUnit) => u.place === 'map';
const isGround = (u: CampaignUnit) => u.unitClass !== 'air';

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

/** Railway segments the Axis converts to its gauge in a turn (project, C-7.1). */
export const GAUGE_PER_TURN = 2;

/**
 * C-7.1 railheads: at the start of each Axis player-turn the converted railway runs on up
 * to GAUGE_PER_TURN more railway segments from the railheads, through points the Axis
 * controls and no Soviet ground unit holds; a railhead the Axis no longer controls is lost.
 */
function advanceRailheads(g: CampaignState): void {
  const map = mapOf();
  const board = boardOf(g);
  const open = (p: number) => board.control[p] === 'axis' && board.occupant[p] !== 'soviet';
  const start = [...new Set([...typhoon().scenario.supplySources.axis, ...g.railheads])]
    .map(idx)
    .filter(open);
  const space = new SearchSpace(map.graph).run(
    { stepCost: (_from, slot, to) => (isRailway(map, map.graph.edges[slot]!) && open(to) ? 1 : -1) },
    { sources: start, maxCost: GAUGE_PER_TURN },
  );
  g.railheads = map.pointIds.filter((_, p) => space.has(p));
}

/**
 * A point passes to `side` (C-2.2): a field fortification there is removed (C-8.2), a
 * factory there is captured when the Axis takes it (C-9.3), partisans there are removed
 * when Axis ground units enter (C-10.3).
 */
function takePoint(g: CampaignState, p: string, side: Side, ctx: RulesContext, how: string): void {
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

const pointName = (p: string) => mapOf().pointNames[idx(p)] ?? p;

/* ----------------------------------------------------------------------------- */
/* Player-turns                                                                     */

function startTurn(g: CampaignState, ctx: RulesContext): void {
  // C-8.1: the scenario's fortifications of this turn, at points the Soviets still hold.
  for (const f of typhoon().scenario.fortifications) {
    if (f.turn !== g.turn || g.control[f.at] !== 'soviet' || g.fortified.includes(f.at)) continue;
    g.fortified.push(f.at);
    ctx.log({ kind: 'phase', text: `field fortification at ${pointName(f.at)}`, cite: [C.fortify] });
  }
}

function startPlayerTurn(g: CampaignState, ctx: RulesContext): void {
  g.phase = 'movement';
  if (g.player === 'axis') advanceRailheads(g);
  g.used = g.used.map(() => 0);
  g.airUsed = [];
  g.airSide = null;
  g.airCommitted = [];
  g.groups = [];
  g.attacks = [];
  ctx.log({
    kind: 'phase',
    text: `turn ${g.turn} (${g.weather}): ${g.player} player-turn`,
    cite: [C.sequence],
  });
  const supplied = inSupply(g, g.player);
  for (const u of g.units) {
    u.moved = false;
    u.from = null;
    u.advanced = false;
    u.sheltering = false;
  }
  for (const f of g.factories) f.moved = false;
  // C-7.2 winter attrition: an Axis ground unit out of supply in Snow takes one loss.
  if (g.player === 'axis' && g.weather === 'snow')
    for (const u of g.units) {
      if (u.side !== 'axis' || !onMap(u) || !isGround(u) || supplied[idx(u.at)]) continue;
      u.losses += 1;
      u.dispersed = true;
      const limit = lossLimit(u);
      if (u.losses > limit) u.place = 'destroyed';
      ctx.log({
        kind: 'loss',
        text: `${u.name}, out of supply in Snow, takes a loss: ${u.place === 'destroyed' ? `past its limit of ${limit}, destroyed` : 'dispersed'}`,
        cite: [C.attrition, 'P-5'],
      });
    }
  // C-7.3 Recovery of Dispersed Units: friendly dispersed units in supply recover.
  for (const u of g.units) {
    if (u.side !== g.player || !onMap(u) || !u.dispersed || !supplied[idx(u.at)]) continue;
    u.losses = 0;
    u.dispersed = false;
    ctx.log({ kind: 'phase', text: `${u.name} recovers`, cite: [C.recovery, 'P-5'] });
  }
  // C-5.1: air units stand at points of their own side; a Soviet one left on an enemy point
  // flies back to the first of its supply sources (project: air bases are not fought over);
  // a German one goes where Axis ground units stand (A.5, C-5.5).
  for (const u of g.units) {
    if (isGround(u) || !onMap(u) || u.side === 'axis' || g.control[u.at] === u.side) continue;
    u.at = typhoon().scenario.supplySources[u.side].find((p) => g.control[p] === u.side) ?? u.at;
    ctx.log({ kind: 'move', text: `${u.name} flies back to ${pointName(u.at)}`, cite: [C.air] });
  }
  groundGermanAir(g, ctx);
  // C-9.1: each emplaced factory at a Soviet point in supply produces a replacement point.
  if (g.player === 'soviet') {
    const made = g.factories.filter(
      (f) => f.status === 'emplaced' && g.control[f.at] === 'soviet' && supplied[idx(f.at)],
    ).length;
    if (made > 0) {
      g.replacements += made;
      ctx.log({
        kind: 'phase',
        text: `the factories produce ${made} replacement point${made > 1 ? 's' : ''} (${g.replacements} to spend)`,
        cite: [C.factories],
      });
    }
    // C-9.2: an entrained factory at an evacuation point is removed: evacuated.
    for (const f of g.factories) {
      if (f.status !== 'entrained' || !evacuationPoints().includes(f.at)) continue;
      f.status = 'evacuated';
      ctx.log({ kind: 'phase', text: `a factory is evacuated from ${pointName(f.at)}`, cite: [C.factories] });
    }
  }
  // C-12 withdrawals, then reinforcements at their point if friendly, else a supply source.
  for (const u of g.units) {
    if (u.side !== g.player) continue;
    if (u.withdraws === g.turn && onMap(u)) {
      u.place = 'withdrawn';
      ctx.log({ kind: 'phase', text: `${u.name} is withdrawn`, cite: [C.reinforce] });
    }
    if (u.arrives === g.turn && u.place === 'waiting') {
      const sources = typhoon().scenario.supplySources[g.player];
      const friendly = (p: string) =>
        g.control[p] === g.player && !enemyGroundAt(g, p, g.player) && supplied[idx(p)] === 1;
      u.at = friendly(u.at) ? u.at : (sources.find(friendly) ?? sources[0]!);
      u.place = 'map';
      ctx.log({ kind: 'phase', text: `${u.name} arrives at ${pointName(u.at)}`, cite: [C.reinforce] });
    }
  }
  // C-10.1: the scenario's partisans of this turn, placed by the Soviet player.
  if (g.player === 'soviet') {
    const count = typhoon()
      .scenario.partisans.filter((p) => p.turn === g.turn)
      .reduce((a, p) => a + p.count, 0);
    g.partisansToPlace = count;
    if (count > 0) {
      g.phase = 'partisans';
      settlePartisans(g, ctx);
    }
  }
}

/** Points where an Axis ground unit stands, not attacking (A.5: where German air may be). */
function axisGroundPoints(g: CampaignState): Set<string> {
  return new Set(
    g.units.filter((u) => onMap(u) && isGround(u) && u.side === 'axis' && u.from === null).map((u) => u.at),
  );
}

/**
 * point-to-point A.5 "nor may they occupy a point without an Axis ground unit present": a
 * German air unit whose point holds no Axis ground unit (they moved on, retreated or were
 * destroyed, or the Soviets took it) moves its base at once to the nearest point that holds
 * one, by segments, the first in point order on a tie (completion C-5.5, reading). Checked
 * at the start of each player-turn, when movement ends and after each battle.
 */
function groundGermanAir(g: CampaignState, ctx: RulesContext): void {
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

const enemyGroundAt = (g: CampaignState, p: string, side: Side) =>
  g.units.some((u) => onMap(u) && u.side !== side && isGround(u) && u.at === p && u.from === null);

/** The east of the map where an entrained factory is evacuated (C-9.2): Soviet supply sources east of Moscow. */
export function evacuationPoints(): string[] {
  const t = typhoon();
  const moscow = t.map.coords[idx(t.scenario.suddenDeath)]!;
  return t.scenario.supplySources.soviet.filter((p) => (t.map.coords[idx(p)]?.lon ?? 0) > moscow.lon);
}

/** Points where a partisan may be placed (C-10.1): Axis, no Axis ground unit, 2+ segments from any Soviet point. */
export function partisanPoints(g: CampaignState): string[] {
  const map = mapOf();
  const soviet = map.pointIds.map(idx).filter((p) => g.control[pid(p)] === 'soviet');
  const near = stepDistances(map.graph, soviet, 1);
  const axisAt = new Set(
    g.units.filter((u) => onMap(u) && isGround(u) && u.side === 'axis').map((u) => u.at),
  );
  return map.pointIds.filter(
    (p) => g.control[p] === 'axis' && !axisAt.has(p) && !g.partisans.includes(p) && near[idx(p)]! < 0,
  );
}

/** The partisans step ends when all are placed or no point is left for them (C-10.1). */
function settlePartisans(g: CampaignState, ctx: RulesContext): void {
  if (g.partisansToPlace > 0 && partisanPoints(g).length > 0) return;
  if (g.partisansToPlace > 0)
    ctx.log({
      kind: 'phase',
      text: `${g.partisansToPlace} partisan unit(s) find no point 2 segments behind the Axis front`,
      cite: [C.partisans],
    });
  g.partisansToPlace = 0;
  g.phase = 'movement';
}

function endPlayerTurn(g: CampaignState, ctx: RulesContext): void {
  if (g.player === 'axis') {
    g.player = 'soviet';
    startPlayerTurn(g, ctx);
    return;
  }
  // End of the turn: sudden death (C-13.1), then the next turn or the final count.
  const moscow = typhoon().scenario.suddenDeath;
  if (g.control[moscow] === 'axis' && inSupply(g, 'axis')[idx(moscow)]) {
    finishGame(g, 'axis', 'the Axis holds Moscow in supply (C-13.1)', ctx);
    return;
  }
  if (g.turn === typhoon().scenario.turns.length) {
    const vp = victoryPoints(g);
    const winner = vp.axis > vp.soviet ? 'axis' : vp.soviet > vp.axis ? 'soviet' : null;
    finishGame(
      g,
      winner,
      `victory points after the last turn: axis ${vp.axis}, soviet ${vp.soviet} (C-13.2)`,
      ctx,
    );
    return;
  }
  g.turn += 1;
  g.weather = typhoon().scenario.turns[g.turn - 1]!.weather;
  ctx.log({ kind: 'phase', text: `weather for turn ${g.turn}: ${g.weather}`, cite: [C.weather] });
  g.player = 'axis';
  startTurn(g, ctx);
  startPlayerTurn(g, ctx);
}

/**
 * C-13.2: points taken and held, factories captured and evacuated, units destroyed; the
 * points the Axis took and the Soviets won back score for the Soviets as they scored for
 * the Axis (RULINGS P-15, revising C-13.2).
 */
export function victoryPoints(g: CampaignState): { axis: number; soviet: number } {
  const s = typhoon().scenario;
  const axisStart = new Set(s.control.axis);
  let axis = 0;
  let soviet = 0;
  for (const [p, vp] of Object.entries(s.victoryPoints)) {
    if (!axisStart.has(p) && g.control[p] === 'axis') axis += vp;
    if (axisStart.has(p) && g.control[p] === 'soviet') soviet += vp;
    if (!axisStart.has(p) && g.taken.includes(p) && g.control[p] === 'soviet') soviet += vp;
  }
  axis += g.factories.filter((f) => f.status === 'captured').length;
  soviet += g.factories.filter((f) => f.status === 'evacuated').length;
  const destroyed = (side: Side) =>
    g.units.filter((u) => u.side === side && u.place === 'destroyed' && isGround(u)).length;
  axis += Math.floor(destroyed('soviet') / 3);
  soviet += Math.floor(destroyed('axis') / 2);
  return { axis, soviet };
}

function finishGame(g: CampaignState, winner: Side | null, reason: string, ctx: RulesContext): void {
  const vp = victoryPoints(g);
  g.phase = 'over';
  g.battle = null;
  g.result = { winner, ...vp, reason };
  ctx.log({ kind: 'phase', text: `game over: ${winner ?? 'draw'}; ${reason}`, cite: [C.victory] });
}

/* ----------------------------------------------------------------------------- */
/* Movement (C-4), rail (C-4.2), factories (C-9)                                    */

const moving = (u: CampaignUnit) => ({
  at: idx(u.at),
  side: u.side,
  mobile: u.mobile,
  dispersed: u.dispersed,
  halves: retreatHalves(u),
});

function canMove(g: CampaignState, u: CampaignUnit): boolean {
  return onMap(u) && u.side === g.player && !u.moved && isGround(u) && u.from === null && !u.dispersed;
}

export function movesOf(g: CampaignState, u: CampaignUnit, board = boardOf(g)): MoveOption[] {
  if (!canMove(g, u)) return [];
  return moveOptions(board, moving(u), g.weather);
}

/** C-4.2: the Axis rails at half capacity east of its 30 September front (a line with an end it did not hold). */
function axisHalfCapacity(line: number): boolean {
  const map = mapOf();
  const start = new Set(typhoon().scenario.control.axis);
  const g = map.graph;
  for (let p = 0; p < g.nodeCount; p++)
    for (let s = g.offsets[p]!; s < g.offsets[p + 1]!; s++)
      if (g.edges[s] === line && (!start.has(pid(p)) || !start.has(pid(g.targets[s]!)))) return true;
  return false;
}
const halfCapacityLines = (() => {
  let cache: boolean[] | null = null;
  return (line: number) => {
    if (!cache) cache = Array.from({ length: mapOf().capacity.length }, (_, l) => axisHalfCapacity(l));
    return cache[line]!;
  };
})();

export function railsOf(
  g: CampaignState,
  u: CampaignUnit,
  board = boardOf(g),
  supplied = inSupply(g, u.side),
): MoveOption[] {
  if (!canMove(g, u) || !supplied[idx(u.at)]) return [];
  return railOptions(
    board,
    { ...moving(u), ...(u.side === 'axis' ? { halfCapacity: halfCapacityLines } : {}) },
    g.weather,
  );
}

function spend(g: CampaignState, lines: readonly number[], halves: number): void {
  for (const line of lines) g.used[line] = (g.used[line] ?? 0) + halves;
}

function move(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = movesOf(g, u).find((o) => pid(o.to) === to)!;
  spend(g, option.lines, retreatHalves(u));
  u.moved = true;
  const path = option.path.map(pid);
  // Points passed through and reached change control (C-2.2); an enemy-held one is attacked.
  for (const p of path.slice(1, option.attack ? -1 : undefined)) takePoint(g, p, u.side, ctx, 'move');
  if (option.attack) {
    u.from = path[path.length - 2]!;
    if (!g.attacks.includes(to)) g.attacks.push(to);
    ctx.log({
      kind: 'move',
      text: `${u.name} attacks ${pointName(to)} from ${pointName(u.from)}`,
      cite: [C.move],
    });
  } else {
    ctx.log({ kind: 'move', text: `${u.name} moves to ${pointName(to)}`, cite: [C.move] });
  }
  u.at = to;
}

/**
 * C-5.3: an air unit moves its base up to AIR_RANGE segments in its side's movement step,
 * flying over any point, to a point of its side; German air only where an Axis ground unit
 * stands (A.5). Air units take no line capacity (P-9). Canonical order: by point index.
 */
export function rebaseOptions(g: CampaignState, u: CampaignUnit): string[] {
  if (isGround(u) || !onMap(u) || u.side !== g.player || u.moved || g.control[u.at] !== u.side) return [];
  const map = mapOf();
  const range = stepDistances(map.graph, [idx(u.at)], AIR_RANGE);
  const ground = new Set(
    g.units.filter((x) => onMap(x) && isGround(x) && x.side === u.side && x.from === null).map((x) => x.at),
  );
  return map.pointIds.filter(
    (p, i) =>
      i !== idx(u.at) &&
      range[i]! >= 0 &&
      g.control[p] === u.side &&
      !enemyGroundAt(g, p, u.side) &&
      (u.side !== 'axis' || ground.has(p)),
  );
}

function rail(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = railsOf(g, u).find((o) => pid(o.to) === to)!;
  spend(g, option.lines, retreatHalves(u));
  u.moved = true;
  u.at = to;
  ctx.log({
    kind: 'move',
    text: `${u.name} moves by rail to ${pointName(to)} (${option.lines.length} segment${option.lines.length > 1 ? 's' : ''})`,
    cite: [C.rail],
  });
}

/** Railway segments an entrained factory moves a turn (C-9.2). */
export const FACTORY_RAIL = 2;

/** Where an entrained factory may go by rail this turn (C-9.2): 2 railway segments through Soviet points free of Axis units, one unit of capacity. */
export function factoryMoves(g: CampaignState, f: CampaignFactory, board = boardOf(g)): MoveOption[] {
  if (f.status !== 'entrained' || f.moved || g.control[f.at] !== 'soviet') return [];
  return railOptions(
    board,
    { at: idx(f.at), side: 'soviet', mobile: false, dispersed: false, halves: 2 },
    g.weather,
  ).filter((o) => o.lines.length <= FACTORY_RAIL);
}

/** Replacement points a destroyed Soviet unit costs to rebuild at Moscow (C-9.1): its value. */
function canRebuild(g: CampaignState, u: CampaignUnit): boolean {
  const moscow = typhoon().scenario.suddenDeath;
  return (
    u.side === 'soviet' &&
    isGround(u) &&
    u.place === 'destroyed' &&
    u.value <= g.replacements &&
    g.control[moscow] === 'soviet' &&
    !enemyGroundAt(g, moscow, 'soviet')
  );
}

/** A dispersed Soviet unit in supply, its losses removed for 1 point a loss (C-9.1, C-7.2). */
function canRepair(g: CampaignState, u: CampaignUnit, supplied: Uint8Array): boolean {
  return (
    u.side === 'soviet' &&
    onMap(u) &&
    isGround(u) &&
    u.dispersed &&
    u.from === null &&
    u.losses > 0 &&
    u.losses <= g.replacements &&
    supplied[idx(u.at)] === 1
  );
}

/* ----------------------------------------------------------------------------- */
/* Battles                                                                          */

/** Segments an air unit reaches from its base to a battle (C-5.1). */
export const AIR_RANGE = 3;

/**
 * C-5.1 air allocation: each of `side`'s air units based at a point of its side (a German
 * one: where an Axis ground unit stands, A.5), not yet committed this player-turn, may be
 * committed to one battle declared within AIR_RANGE segments of its base. Canonical order:
 * by unit, then by the order of the attacks.
 */
export function airOptions(g: CampaignState, side: Side): { unit: string; at: string }[] {
  if (g.attacks.length === 0) return [];
  const map = mapOf();
  const out: { unit: string; at: string }[] = [];
  const done = new Set(g.airCommitted.map((c) => c.unit));
  const axisGround = axisGroundPoints(g);
  for (const u of g.units) {
    if (u.side !== side || isGround(u) || !onMap(u) || g.control[u.at] !== side || done.has(u.id)) continue;
    // A.5: a German air unit flies only from a point where an Axis ground unit stands.
    if (side === 'axis' && !axisGround.has(u.at)) continue;
    const range = stepDistances(map.graph, [idx(u.at)], AIR_RANGE);
    for (const at of g.attacks) if (range[idx(at)]! >= 0) out.push({ unit: u.id, at });
  }
  return out;
}

/** The air allocation passes to the other side, then to combat, skipping a side with no air to commit. */
function settleAir(g: CampaignState, ctx: RulesContext): void {
  while (g.airSide !== null && airOptions(g, g.airSide).length === 0) nextAirSide(g, ctx);
}

function nextAirSide(g: CampaignState, ctx: RulesContext): void {
  if (g.airSide === g.player) g.airSide = other(g.player);
  else {
    g.airSide = null;
    g.phase = 'combat';
    ctx.log({ kind: 'phase', text: 'air allocation ends: the battles', cite: [C.air] });
  }
}

/** What stands at a point as far as B.4b cares, for units retreating into it. */
function occupantsAt(g: CampaignState, p: string, side: Side): Occupant[] {
  const out: Occupant[] = [];
  if (g.units.some((u) => onMap(u) && u.side === side && isGround(u) && u.at === p && u.from === null))
    out.push('combat');
  if (side === 'soviet') {
    for (const f of g.factories)
      if (f.at === p && f.status === 'emplaced') out.push('emplaced-factory');
      else if (f.at === p && f.status === 'entrained') out.push('entrained-factory');
    if (g.partisans.includes(p)) out.push('partisan');
  }
  return out;
}

function startBattle(g: CampaignState, at: string, ctx: RulesContext): void {
  const map = mapOf();
  const breakthrough = g.phase === 'breakthrough-combat';
  const attacker = g.player;
  const defender = other(attacker);
  const supplied = { axis: inSupply(g, 'axis'), soviet: inSupply(g, 'soviet') };
  const attackers = g.units.filter((u) => onMap(u) && u.side === attacker && u.at === at && u.from !== null);
  const defenders = g.units.filter(
    (u) => onMap(u) && u.side === defender && u.at === at && u.from === null && isGround(u),
  );
  // B.4c: units that retreated here from another battle take no part, unless none else is left.
  const shelter = defenders.some((u) => !u.sheltering);
  const point = idx(at);
  const gr = map.graph;
  // An air unit based at the point itself flies from the first friendly point next to it.
  const friendlyNext = (side: Side) => {
    for (let sl = gr.offsets[point]!; sl < gr.offsets[point + 1]!; sl++) {
      const p = pid(gr.targets[sl]!);
      if (g.control[p] === side) return p;
    }
    return null;
  };
  const baseOf = new Map<string, string>();
  let air: CampaignUnit[];
  if (breakthrough) {
    // C-6.2: no new air units committed; the German air unit that moved with the group, from the point it left.
    air = [];
    for (const grp of g.groups) {
      if (grp.to !== at || grp.air === null) continue;
      const a = g.units.find((u) => u.id === grp.air)!;
      baseOf.set(a.id, grp.from);
      air.push(a);
    }
    // RULINGS P-13, A.4 "Units defending against ... breakthrough attacks gain this defensive
    // benefit if a German air unit is present": German air based at the point attacked and not
    // yet in a battle this player-turn defends it (flying from the first Axis point next to it).
    if (defender === 'axis')
      for (const a of g.units) {
        if (isGround(a) || !onMap(a) || a.side !== 'axis' || a.at !== at || g.airUsed.includes(a.id))
          continue;
        const base = friendlyNext('axis');
        if (base === null) continue;
        baseOf.set(a.id, base);
        air.push(a);
      }
  } else {
    const committed = g.airCommitted.filter((c) => c.at === at).map((c) => c.unit);
    const mine = (side: Side) => g.units.filter((u) => u.side === side && committed.includes(u.id));
    air = [...mine(attacker), ...mine(defender)].filter((a) => {
      const base = a.at === at ? friendlyNext(a.side) : a.at;
      if (base) baseOf.set(a.id, base);
      return base !== null;
    });
  }
  for (const a of air) g.airUsed.push(a.id);
  const neighbours: BattleScenario['points'] = [];
  const board = boardOf(g);
  const seen = new Set<string>();
  for (let s = gr.offsets[point]!; s < gr.offsets[point + 1]!; s++) {
    const p = pid(gr.targets[s]!);
    if (seen.has(p)) continue;
    seen.add(p);
    const line = gr.edges[s]!;
    // RULINGS P-14 (B.4a "until the capacity of the connecting lines is used up"): the line's
    // capacity in this turn's weather (Mud halves it, C-11.2; partisans take one from the
    // Axis, C-10.2) less what was used this player-turn, in half units.
    const left = Math.max(0, halvesLeft(board, line, g.weather, defender, point, gr.targets[s]!));
    neighbours.push({
      id: p,
      name: pointName(p),
      control: g.control[p]!,
      capacity: left / 2,
      occupants: occupantsAt(g, p, attacker),
      underAttack: g.attacks.includes(p) && p !== at && g.control[p] === defender,
      // B.4d: defenders displaced under priority b into the attackers' point of origin.
      displaced: attackers.some((u) => u.from === p)
        ? g.units
            .filter((u) => onMap(u) && isGround(u) && u.side === defender && u.at === p && u.from === null)
            .map((u) => ({ id: u.id, dispersed: u.dispersed }))
        : [],
    });
  }
  for (const a of air) {
    const base = baseOf.get(a.id)!;
    if (seen.has(base)) continue;
    seen.add(base);
    neighbours.push({ id: base, name: pointName(base), control: a.side, capacity: 0 });
  }
  const unit = (u: CampaignUnit, role: 'attacker' | 'defender') => ({
    id: u.id,
    name: u.name,
    side: u.side,
    role,
    class: u.unitClass,
    ...(isGround(u) ? { value: u.value } : { from: baseOf.get(u.id)! }),
    formation: u.formation,
    inSupply: supplied[u.side][idx(!isGround(u) ? at : role === 'attacker' ? u.from! : at)] === 1,
    ...(role === 'attacker' && isGround(u) ? { from: u.from! } : {}),
    losses: u.losses,
    dispersed: u.dispersed,
    ...(role === 'defender' && shelter && u.sheltering ? { sheltering: true } : {}),
  });
  const fortified = g.fortified.includes(at) && g.control[at] === defender;
  const scenario: BattleScenario = {
    point: at,
    weather: g.weather === 'snow' ? 'snow' : 'good', // C-11.2: Mud fights as Good
    combat: breakthrough ? 'breakthrough' : 'regular',
    attacker,
    ...(fortified ? { fortified: true } : {}),
    units: [
      ...attackers.map((u) => unit(u, 'attacker')),
      ...air.filter((u) => u.side === attacker).map((u) => unit(u, 'attacker')),
      ...defenders.map((u) => unit(u, 'defender')),
      ...air.filter((u) => u.side === defender).map((u) => unit(u, 'defender')),
    ],
    points: neighbours,
  };
  const made = battleFromSetup(scenario, FIRE_TABLE.id);
  if (!made.ok)
    throw new Error(
      `campaign: battle at ${at} could not be set up: ${JSON.stringify(made.error)} ${JSON.stringify(scenario)}`,
    );
  g.battle = made.value;
  g.attacks = g.attacks.filter((p) => p !== at);
  ctx.log({
    kind: 'combat',
    text: `${breakthrough ? 'breakthrough combat' : 'battle'} at ${pointName(at)}: ${attackers.length} attacking and ${defenders.length} defending units, ${air.length} air unit${air.length === 1 ? '' : 's'}${fortified ? ', a field fortification' : ''}`,
    cite: breakthrough ? [C.breakthrough] : [C.air, ...(fortified ? [C.fortify] : [])],
  });
}

/** The battle is over: its units, the point and the lines it used back into the campaign. */
function endBattle(g: CampaignState, ctx: RulesContext): void {
  const b = g.battle!;
  const map = mapOf();
  for (const bu of b.units) {
    const u = g.units.find((x) => x.id === bu.id)!;
    u.losses = bu.losses;
    u.dispersed = bu.dispersed;
    u.from = null;
    if (bu.status === 'destroyed') u.place = 'destroyed';
    else if (bu.at !== null) u.at = bu.at;
    // C-6.1: attackers that advanced after a regular combat may make breakthrough movement.
    u.advanced = bu.status === 'advanced' && b.combat === 'regular';
    // B.4c: retreated into a friendly point under attack: no part in its battle.
    u.sheltering = bu.status === 'retreated' && bu.conditional;
    // Units retreated under priority b into an enemy point take it (C-2.2); Axis units
    // retreating onto partisans or a factory remove or capture them (C-10.3, C-9.3).
    if (bu.status === 'retreated' && bu.unitClass !== 'air' && bu.at)
      takePoint(g, bu.at, u.side, ctx, 'retreat');
  }
  // B.4d: displaced defenders the retreating attackers destroyed (the battle logged it).
  for (const n of b.neighbours)
    for (const d of n.displaced) if (d.destroyed) g.units.find((u) => u.id === d.id)!.place = 'destroyed';
  for (const [p, halves] of Object.entries(b.used)) {
    const line = lineBetween(map, idx(b.point), idx(p));
    g.used[line] = (g.used[line] ?? 0) + halves;
  }
  if (b.holder) takePoint(g, b.point, b.holder, ctx, 'combat');
  g.battle = null;
  groundGermanAir(g, ctx);
  if (g.attacks.length === 0) afterBattles(g, ctx);
}

/** All battles of a step fought: breakthrough movement after the regular ones (C-6), else fortifications (C-8). */
function afterBattles(g: CampaignState, ctx: RulesContext): void {
  if (g.phase === 'combat' && breakthroughUnits(g).some((u) => breakthroughsOf(g, u).length > 0)) {
    g.phase = 'breakthrough';
    ctx.log({ kind: 'phase', text: `${g.player} breakthrough movement`, cite: [C.breakthrough] });
    return;
  }
  startFortify(g, ctx);
}

/* ----------------------------------------------------------------------------- */
/* Breakthrough (C-6)                                                               */

/** C-6.1: undispersed mobile units that advanced after a regular combat; the Axis only in Good weather (C-11.3). */
function breakthroughUnits(g: CampaignState): CampaignUnit[] {
  if (g.player === 'axis' && g.weather !== 'good') return [];
  return g.units.filter(
    (u) => onMap(u) && isGround(u) && u.side === g.player && u.advanced && u.mobile && !u.dispersed,
  );
}

export function breakthroughsOf(g: CampaignState, u: CampaignUnit, board = boardOf(g)): MoveOption[] {
  if (!u.advanced || !u.mobile || u.dispersed || !isGround(u) || u.side !== g.player) return [];
  if (g.player === 'axis' && g.weather !== 'good') return [];
  return moveOptions(board, moving(u), g.weather, 1);
}

/** German air units that advanced with the attackers of a battle at `from` (C-6.2, A.4). */
function breakthroughAir(g: CampaignState): { unit: string; to: string }[] {
  if (g.player !== 'axis') return [];
  const out: { unit: string; to: string }[] = [];
  const flown = new Set(g.groups.map((x) => x.air));
  for (const a of g.units) {
    if (isGround(a) || a.side !== 'axis' || !a.advanced || !onMap(a) || flown.has(a.id)) continue;
    for (const grp of g.groups)
      if (grp.from === a.at && grp.air === null) out.push({ unit: a.id, to: grp.to });
  }
  return out;
}

function breakthroughMove(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = breakthroughsOf(g, u).find((o) => pid(o.to) === to)!;
  spend(g, option.lines, retreatHalves(u));
  u.advanced = false;
  u.moved = true;
  const from = u.at;
  if (!g.groups.some((x) => x.from === from && x.to === to)) g.groups.push({ from, to, air: null });
  if (option.attack) {
    u.from = from;
    if (!g.attacks.includes(to)) g.attacks.push(to);
    ctx.log({
      kind: 'move',
      text: `${u.name} breaks through to ${pointName(to)} from ${pointName(from)}: a breakthrough combat there`,
      cite: [C.breakthrough],
    });
  } else {
    takePoint(g, to, u.side, ctx, 'move');
    ctx.log({ kind: 'move', text: `${u.name} breaks through to ${pointName(to)}`, cite: [C.breakthrough] });
  }
  u.at = to;
}

/* ----------------------------------------------------------------------------- */
/* Field fortifications (C-8)                                                        */

/** C-8.1: points where the phasing side has an undispersed infantry unit that did not move, unfortified. */
export function fortifiablePoints(g: CampaignState): string[] {
  const out = new Set<string>();
  for (const u of g.units)
    if (
      onMap(u) &&
      isGround(u) &&
      u.side === g.player &&
      !u.mobile &&
      !u.moved &&
      !u.dispersed &&
      u.from === null &&
      g.control[u.at] === u.side &&
      !g.fortified.includes(u.at)
    )
      out.add(u.at);
  return [...out].sort((a, b) => idx(a) - idx(b));
}

function startFortify(g: CampaignState, ctx: RulesContext): void {
  g.attacks = [];
  if (fortifiablePoints(g).length === 0) {
    endPlayerTurn(g, ctx);
    return;
  }
  g.phase = 'fortify';
}

/* ----------------------------------------------------------------------------- */
/* The contract                                                                     */

function legal(g: CampaignState, side: Side): CampaignAction[] {
  if (g.phase === 'over') return [];
  if (g.battle) return battleRules.legalActions(g.battle, side);
  if (g.phase === 'air')
    return side === g.airSide
      ? [...airOptions(g, side).map((o) => ({ type: 'commit-air' as const, ...o })), { type: 'end-air' }]
      : [];
  if (side !== g.player) return [];
  const out: CampaignAction[] = [];
  switch (g.phase) {
    case 'partisans':
      return partisanPoints(g).map((at) => ({ type: 'place-partisan', at }));
    case 'movement': {
      const board = boardOf(g);
      const supplied = inSupply(g, side);
      for (const u of g.units) {
        for (const o of movesOf(g, u, board)) out.push({ type: 'move', unit: u.id, to: pid(o.to) });
        for (const o of railsOf(g, u, board, supplied)) out.push({ type: 'rail', unit: u.id, to: pid(o.to) });
        for (const to of rebaseOptions(g, u)) out.push({ type: 'rebase', unit: u.id, to });
      }
      if (side === 'soviet') {
        for (const f of g.factories) {
          if (f.status === 'emplaced' && g.control[f.at] === 'soviet')
            out.push({ type: 'entrain', factory: f.id });
          for (const o of factoryMoves(g, f, board))
            out.push({ type: 'factory-move', factory: f.id, to: pid(o.to) });
        }
        for (const u of g.units) {
          if (canRebuild(g, u)) out.push({ type: 'rebuild', unit: u.id });
          if (canRepair(g, u, supplied)) out.push({ type: 'repair', unit: u.id });
        }
      }
      out.push({ type: 'end-movement' });
      return out;
    }
    case 'combat':
    case 'breakthrough-combat':
      return g.attacks.map((at) => ({ type: 'fight', at }));
    case 'breakthrough': {
      const board = boardOf(g);
      for (const u of breakthroughUnits(g))
        for (const o of breakthroughsOf(g, u, board))
          out.push({ type: 'breakthrough', unit: u.id, to: pid(o.to) });
      for (const a of breakthroughAir(g)) out.push({ type: 'breakthrough-air', ...a });
      out.push({ type: 'end-breakthrough' });
      return out;
    }
    case 'fortify':
      for (const at of fortifiablePoints(g)) out.push({ type: 'fortify', at });
      out.push({ type: 'end-turn' });
      return out;
  }
}

function apply(g: CampaignState, side: Side, a: CampaignAction, ctx: RulesContext): void {
  if (g.battle) {
    battleRules.applyAction(g.battle, side, a as BattleAction, ctx);
    if (g.battle.stage === 'over') endBattle(g, ctx);
    return;
  }
  const unit = (id: string) => g.units.find((u) => u.id === id)!;
  const factory = (id: string) => g.factories.find((f) => f.id === id)!;
  switch (a.type) {
    case 'place-partisan':
      g.partisans.push(a.at);
      g.partisansToPlace -= 1;
      ctx.log({ kind: 'move', text: `partisans appear at ${pointName(a.at)}`, cite: [C.partisans] });
      settlePartisans(g, ctx);
      return;
    case 'move':
      move(g, unit(a.unit), a.to, ctx);
      return;
    case 'rebase': {
      const u = unit(a.unit);
      u.at = a.to;
      u.moved = true;
      ctx.log({ kind: 'move', text: `${u.name} moves its base to ${pointName(a.to)}`, cite: [C.air] });
      return;
    }
    case 'rail':
      rail(g, unit(a.unit), a.to, ctx);
      return;
    case 'entrain': {
      const f = factory(a.factory);
      f.status = 'entrained';
      ctx.log({
        kind: 'move',
        text: `a factory at ${pointName(f.at)} is entrained: it produces no more`,
        cite: [C.factories],
      });
      return;
    }
    case 'factory-move': {
      const f = factory(a.factory);
      const option = factoryMoves(g, f).find((o) => pid(o.to) === a.to)!;
      spend(g, option.lines, 2);
      f.at = a.to;
      f.moved = true;
      ctx.log({
        kind: 'move',
        text: `an entrained factory goes by rail to ${pointName(a.to)}`,
        cite: [C.factories],
      });
      return;
    }
    case 'rebuild': {
      const u = unit(a.unit);
      g.replacements -= u.value;
      u.place = 'map';
      u.at = typhoon().scenario.suddenDeath;
      u.losses = 0;
      u.dispersed = false;
      u.moved = true;
      ctx.log({
        kind: 'phase',
        text: `${u.name} is rebuilt at ${pointName(u.at)} for ${u.value} replacement points`,
        cite: [C.factories, 'completion C-12.3'],
      });
      return;
    }
    case 'repair': {
      const u = unit(a.unit);
      g.replacements -= u.losses;
      ctx.log({
        kind: 'phase',
        text: `${u.name}'s ${u.losses} loss${u.losses > 1 ? 'es are' : ' is'} made good with replacement points`,
        cite: [C.factories],
      });
      u.losses = 0;
      u.dispersed = false;
      return;
    }
    case 'end-movement':
      ctx.log({ kind: 'phase', text: `${side} movement ends`, cite: [C.sequence] });
      groundGermanAir(g, ctx);
      g.phase = 'combat';
      if (g.attacks.length === 0) {
        afterBattles(g, ctx);
        return;
      }
      // C-3 d, C-5.1: air allocation, the phasing player first.
      g.phase = 'air';
      g.airSide = g.player;
      settleAir(g, ctx);
      return;
    case 'commit-air': {
      g.airCommitted.push({ unit: a.unit, at: a.at });
      ctx.log({
        kind: 'air',
        text: `${unit(a.unit).name} is committed to the battle at ${pointName(a.at)}`,
        cite: [C.air],
      });
      settleAir(g, ctx);
      return;
    }
    case 'end-air':
      nextAirSide(g, ctx);
      settleAir(g, ctx);
      return;
    case 'fight':
      startBattle(g, a.at, ctx);
      return;
    case 'breakthrough':
      breakthroughMove(g, unit(a.unit), a.to, ctx);
      if (!legal(g, side).some((x) => x.type !== 'end-breakthrough')) endBreakthrough(g, ctx);
      return;
    case 'breakthrough-air': {
      const u = unit(a.unit);
      const grp = g.groups.find((x) => x.from === u.at && x.to === a.to && x.air === null)!;
      grp.air = u.id;
      u.advanced = false;
      if (!g.attacks.includes(a.to)) u.at = a.to;
      ctx.log({
        kind: 'move',
        text: `${u.name} goes with the group from ${pointName(grp.from)} up the line to ${pointName(a.to)}`,
        cite: [C.breakthroughAir, 'point-to-point German Air Units In Combat A.4'],
      });
      if (!legal(g, side).some((x) => x.type !== 'end-breakthrough')) endBreakthrough(g, ctx);
      return;
    }
    case 'end-breakthrough':
      endBreakthrough(g, ctx);
      return;
    case 'fortify':
      g.fortified.push(a.at);
      ctx.log({
        kind: 'move',
        text: `a field fortification is built at ${pointName(a.at)}`,
        cite: [C.fortify],
      });
      if (fortifiablePoints(g).length === 0) endPlayerTurn(g, ctx);
      return;
    case 'end-turn':
      endPlayerTurn(g, ctx);
      return;
    default:
      throw new Error(`campaign: ${a.type} outside a battle`);
  }
}

function endBreakthrough(g: CampaignState, ctx: RulesContext): void {
  for (const u of g.units) u.advanced = false;
  if (g.attacks.length > 0) {
    g.phase = 'breakthrough-combat';
    return;
  }
  startFortify(g, ctx);
}

/** The opening state of the Typhoon scenario (C-2.1, C-8.1, C-9.1). */
export function newCampaignState(): CampaignState {
  const t = typhoon();
  const axis = new Set(t.scenario.control.axis);
  return {
    scenario: 'typhoon',
    turn: 1,
    player: 'axis',
    phase: 'movement',
    weather: t.scenario.turns[0]!.weather,
    units: t.units.map((u) => ({
      id: u.id,
      name: u.name,
      side: u.side,
      unitClass: u.class,
      value: u.value ?? 0,
      formation: u.formation ?? 'line',
      mobile: u.mobile ?? false,
      arrives: u.arrives,
      withdraws: u.withdraws ?? null,
      at: u.at,
      losses: 0,
      dispersed: false,
      place: u.arrives === 1 ? 'map' : 'waiting',
      moved: false,
      from: null,
      advanced: false,
      sheltering: false,
    })),
    control: Object.fromEntries(t.map.pointIds.map((p) => [p, axis.has(p) ? 'axis' : 'soviet'])),
    used: Array.from({ length: t.map.capacity.length }, () => 0),
    attacks: [],
    airUsed: [],
    airSide: null,
    airCommitted: [],
    railheads: [...t.scenario.supplySources.axis],
    fortified: [],
    factories: t.scenario.factories.flatMap((f) =>
      Array.from({ length: f.count }, (_, i) => ({
        id: `factory-${f.at}-${i + 1}`,
        at: f.at,
        status: 'emplaced' as const,
        moved: false,
      })),
    ),
    replacements: 0,
    partisans: [],
    taken: [],
    partisansToPlace: 0,
    groups: [],
    battle: null,
    result: null,
  };
}

function setupCampaign(ctx: RulesContext): CampaignState {
  const g = newCampaignState();
  ctx.log({
    kind: 'phase',
    text: 'Operation Typhoon, 1 October 1941 (PROVISIONAL scenario data)',
    cite: [C.sequence],
  });
  startTurn(g, ctx);
  startPlayerTurn(g, ctx);
  return g;
}

function outcome(g: CampaignState): GameOutcome | null {
  if (!g.result) return null;
  return {
    winner: g.result.winner,
    score: { axis: g.result.axis, soviet: g.result.soviet },
    summary: g.result.reason,
  };
}

function cloneCampaign(g: CampaignState): CampaignState {
  return {
    ...g,
    units: g.units.map((u) => ({ ...u })),
    control: { ...g.control },
    used: [...g.used],
    attacks: [...g.attacks],
    airUsed: [...g.airUsed],
    airCommitted: g.airCommitted.map((c) => ({ ...c })),
    railheads: [...g.railheads],
    fortified: [...g.fortified],
    factories: g.factories.map((f) => ({ ...f })),
    partisans: [...g.partisans],
    taken: [...g.taken],
    groups: g.groups.map((x) => ({ ...x })),
    battle: g.battle ? (battleRules.clone?.(g.battle) ?? structuredClone(g.battle)) : null,
    result: g.result ? { ...g.result } : null,
  };
}

export const campaignRules: GameRules<CampaignState, CampaignAction> = {
  id: 'point-to-point',
  rulesVersion: CAMPAIGN_RULES_VERSION,
  sides: ['axis', 'soviet'],
  setup(scenario, _options, ctx) {
    // Only the standard Typhoon scenario is played so far (its files: typhoon.ts).
    if (scenario !== null && scenario !== undefined && scenario !== 'typhoon')
      return err([
        setupError(
          'setup/scenario',
          'scenario',
          'only the standard Typhoon scenario (null) can be played so far',
        ),
      ]);
    return ok(setupCampaign(ctx));
  },
  activeSides(g) {
    if (g.phase === 'over') return [];
    if (g.battle) return battleRules.activeSides(g.battle);
    if (g.phase === 'air' && g.airSide) return [g.airSide];
    return [g.player];
  },
  legalActions(g, side) {
    return side === 'axis' || side === 'soviet' ? legal(g, side) : [];
  },
  applyAction(draft, side, action, ctx) {
    apply(draft, side as Side, action, ctx);
  },
  view: (g) => g,
  outcome,
  clone: cloneCampaign,
};

/** Loss limit of a campaign unit (B.2), for views. */
export const campaignLossLimit = (u: CampaignUnit) => lossLimit({ unitClass: u.unitClass, value: u.value });
