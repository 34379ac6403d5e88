/**
 * barbarossa-1941 "Combat Results Definitions" as data and small pure functions: the
 * per-unit reading for Disrupted defenders (B-6), No Retreat! and the Forced Exchange
 * (B-4), exchanges and their cost (B-5), the Dn retreat lengths (B-3), Armored Overrun,
 * and Tactical Retreats / Advances. `rules.ts` strings them into a combat's steps.
 */
import { axialDistance, hexAxial, type OddsTable, readTable, slotBetween } from '@stavka/engine';
import type { Board } from './board.ts';
import { railBound } from './railway-guns.ts';
import { impassable, riverAt, roadAlong, type Side, terrainIn, type Weather } from './rules-scenario.ts';
import { isArmour, isArmy, isGerman, isKorps, isMobile, isMotorized, isPureInfantry } from './unit-kinds.ts';

export const CITE_RESULTS = 'barbarossa-1941 "Combat Results Definitions"';
export const CITE_NO_RETREAT = 'barbarossa-1941 "Surrounded/Retreat Impossible/No Retreat! Orders"';
export const CITE_RETREATS = 'barbarossa-1941 "Tactical Retreats"';
export const CITE_ADVANCES = 'barbarossa-1941 "Tactical Advances (for attackers only) After Combat"';

/** B-6: "attacking results are read 1 odds column higher against any Disrupted units in a stack". */
export function readFor(table: OddsTable, column: number, roll: number, disrupted: boolean): string {
  const top = table.columns.length - 1;
  return readTable(table, disrupted ? Math.min(top, column + 1) : column, roll);
}

/** B-4: "D1->D and D2 ->DE, DE ->BK" (and D3 -> DE), for units under No Retreat! or unable to retreat. */
export const NO_RETREAT: Readonly<Record<string, string>> = { D1: 'D', D2: 'DE', D3: 'DE', DE: 'BK' };

/** B-4: the Forced Exchange: "D3 = .34X, D2 = .5X, D1 = equal exchange as normal, D = 1.5X, X = 2X, AD = AE". */
export const FORCED_EXCHANGE: Readonly<Record<string, string>> = {
  D3: '0.34X',
  D2: '0.5X',
  D1: 'X',
  D: '1.5X',
  X: '2X',
  AD: 'AE',
};

/** Exchange results and the share of the eliminated defense the attacker pays (B-5). */
export const EXCHANGE_RATE: Readonly<Record<string, number>> = {
  '0.34X': 0.34,
  'X/2': 0.5,
  '0.5X': 0.5,
  X: 1,
  '1.5X': 1.5,
  '2X': 2,
};

export function isExchange(result: string): boolean {
  return EXCHANGE_RATE[result] !== undefined;
}

/** Results that eliminate the defenders outright. */
export function eliminates(result: string): boolean {
  return result === 'DE' || result === 'BK';
}

/** Dn's n, or 0. */
export function retreatOf(result: string): number {
  const m = /^D([123])$/.exec(result);
  return m ? Number(m[1]) : 0;
}

/** B-3: "the defender may then add min(1, 3 - n) more (D1 +1, D2 +1, D3 none)". */
export function extraRetreat(n: number): number {
  return Math.max(0, Math.min(1, 3 - n));
}

/**
 * B-5: "Exchanges are paid in printed attack factors ...; fractions round up; a cost
 * under 1 factor is ignored." (Whole numbers: 0.34 is 34/100.)
 */
export function exchangeCost(rate: number, defense: number): number {
  const hundredths = Math.round(rate * 100) * defense;
  if (hundredths < 100) return 0;
  return Math.ceil(hundredths / 100);
}

export interface ExchangeOutcome {
  /** Defenders eliminated, weakest first. */
  readonly eliminated: readonly string[];
  /** Attack factors the attacker must lose (all of them when not every defender is covered). */
  readonly cost: number;
  /** Not every defender could be covered: "rest of attacking units just Eliminated". */
  readonly allAttackersLost: boolean;
}

/**
 * "Defending units whose factor-modified defense factors are at least equaled by some of
 * the attacking units' factors are Eliminated along with attacking units covering the
 * exchange.  (If not all defense factors covered by the attackers, as many defenders
 * units which can be are and rest of attacking units just Eliminated with no further
 * defender loss.)"
 */
export function exchangeOutcome(
  rate: number,
  attack: number,
  defenders: readonly { readonly id: string; readonly modified: number }[],
): ExchangeOutcome {
  const sorted = [...defenders].sort((a, b) => a.modified - b.modified || a.id.localeCompare(b.id));
  const total = sorted.reduce((t, d) => t + d.modified, 0);
  const full = exchangeCost(rate, total);
  if (full <= attack) return { eliminated: sorted.map((d) => d.id), cost: full, allAttackersLost: false };
  const eliminated: string[] = [];
  let covered = 0;
  for (const d of sorted) {
    if (exchangeCost(rate, covered + d.modified) > attack) break;
    covered += d.modified;
    eliminated.push(d.id);
  }
  return { eliminated, cost: attack, allAttackersLost: true };
}

/**
 * Which attackers must be lost first ("Attacking Russian armor/tank lost first when
 * covering German panzer, motinf, or army factors.  Attacking German panzers lost first
 * when covering Russian 4-3 or 3-2 tank korps."): the ids among `attackers` the
 * attacker must choose from now.
 */
export function lossCandidates(
  board: Board,
  attackers: readonly string[],
  defenders: readonly string[],
): string[] {
  const alive = attackers.filter((a) => board.piece(a).status === 'map');
  const side = alive[0] ? board.piece(alive[0]).side : 'axis';
  const defUnits = defenders.map((d) => board.unit(d));
  let first: string[] = [];
  if (
    side === 'soviet' &&
    defUnits.some((u) => isGerman(u) && (u.type === 'panzer' || isMotorized(u) || isArmy(u)))
  ) {
    first = alive.filter((a) => isArmour(board.unit(a)));
  }
  if (
    side === 'axis' &&
    defUnits.some((u) => u.type === 'tank' && isKorps(u) && (u.factors.attack ?? 0) >= 3)
  ) {
    first = alive.filter((a) => board.unit(a).type === 'panzer');
  }
  return first.length > 0 ? first : alive;
}

/**
 * Armored Overrun: "In Good or Hard Frost (or Snow for the Russians) weather, on a D2
 * combat result, any "pure" infantry/rifle unit defending in an un-bonused clear terrain
 * hex is eliminated if there are more "pure" panzer or tank factors attacking it.  A D3
 * result can eliminate a German korps or any army in similar circumstances."
 */
export function armoredOverrun(
  board: Board,
  result: string,
  defender: string,
  modifiedDefense: number,
  attackers: readonly string[],
  attackerSide: Side,
): boolean {
  const w: Weather = board.weather;
  if (!(w === 'good' || w === 'hard-frost' || (w === 'snow' && attackerSide === 'soviet'))) return false;
  const p = board.piece(defender);
  const u = board.unit(defender);
  if (terrainIn(board.s, p.at, w) !== 'clear' || board.s.placeKind[p.at] !== null) return false;
  const armour = attackers.reduce(
    (t, a) => t + (isArmour(board.unit(a)) ? (board.unit(a).factors.attack ?? 0) : 0),
    0,
  );
  if (armour <= modifiedDefense) return false;
  if (result === 'D2') return isPureInfantry(u) && !isArmy(u) && !(isGerman(u) && isKorps(u));
  if (result === 'D3') return isPureInfantry(u) || isArmy(u) || (isGerman(u) && isKorps(u));
  return false;
}

/**
 * Tactical Retreats: every path of exactly `length` hexes a defender may take from its
 * hex, each step farther from the defended hex ("away from the hex(es) attacked") and
 * no closer to any attacking unit; not through enemy units, the sea or unfrozen lakes,
 * nor into an enemy ZOC not occupied by a friendly unit or a fortress; the first step not
 * across a hexside adjacent to a hex it was attacked from, unless into a hex held by a
 * friendly unit not under an unresolved attack (a declared attack still to be resolved).
 * The last hex must take the unit under the stacking limit. Returns the final hexes with
 * one path each, canonical (lowest hexes first).
 */
export function retreatPaths(
  board: Board,
  defender: string,
  attackerHexes: readonly number[],
  length: number,
): Map<number, number[]> {
  const { graph } = board.s.map;
  const p = board.piece(defender);
  const side = p.side;
  const start = p.at;
  const w = board.weather;
  const dist = (a: number, b: number) => hexDistance(board, a, b);
  // "cannot retreat back up a rail line": railway guns and rail conversion units retreat along rail only (B-54).
  const railOnly = railBound(board.unit(defender).type);
  const out = new Map<number, number[]>();
  const walk = (path: number[]) => {
    const at = path[path.length - 1]!;
    if (path.length - 1 === length) {
      if (length === 0 || board.fits(at, [defender], [defender])) if (!out.has(at)) out.set(at, [...path]);
      return;
    }
    for (let k = graph.offsets[at]!; k < graph.offsets[at + 1]!; k++) {
      const h = graph.targets[k]!;
      if (h < 0 || path.includes(h)) continue;
      if (impassable(board.s, h, w) || board.hasEnemyGround(side, h)) continue;
      if (board.closedRumania(side, h)) continue; // B-66
      if (railOnly && (board.s.map.links[k]! & board.s.railBit) === 0) continue;
      if (dist(start, h) !== path.length) continue;
      if (attackerHexes.some((a) => dist(a, h) < dist(a, at))) continue;
      const friend = board.hasFriend(side, h, defender);
      // "not through movement-blocking enemy ZOCs unoccupied by friendly units or fortresses"
      if (board.inEnemyZoc(side, h) && !friend && board.s.placeKind[h] !== 'fortress-city') continue;
      // "... unless the hex which would be moved into is occupied by a friendly unit which is not under an unresolved attack"
      const shelter = friend && !board.g.attacks.some((x) => x.target === h);
      if (path.length === 1 && !shelter && attackerHexes.some((a) => adjacentToHexside(board, a, at, h)))
        continue;
      walk([...path, h]);
    }
  };
  walk([start]);
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** Is hex `x` adjacent to the hexside between `a` and `b` (one of the two hexes at its ends)? */
function adjacentToHexside(board: Board, x: number, a: number, b: number): boolean {
  const { graph } = board.s.map;
  return x !== a && x !== b && slotBetween(graph, x, a) >= 0 && slotBetween(graph, x, b) >= 0;
}

export function hexDistance(board: Board, a: number, b: number): number {
  const map = board.s.map;
  return axialDistance(hexAxial(map, a), hexAxial(map, b));
}

/**
 * How far an attacking unit may advance after a result ("Tactical Advances"), in hexes
 * of movement factors: 3 for German panzer and Russian cavalry, 2 for Russian tank,
 * parachute and shock, German motorized and Axis cavalry, 1 for the others; on BK, DE and
 * D3 only; "all Axis units may advance only 1 hex in Mud"; on other results 1 hex.
 */
export function advanceAllowance(board: Board, attacker: string, result: string): number {
  const u = board.unit(attacker);
  const side = board.piece(attacker).side;
  if (side === 'axis' && board.weather === 'mud') return 1;
  if (!(result === 'BK' || result === 'DE' || result === 'D3')) return 1;
  const german = isGerman(u);
  if ((german && u.type === 'panzer') || (side === 'soviet' && u.type === 'cavalry')) return 3;
  if (
    (side === 'soviet' && (u.type === 'tank' || u.type === 'parachute' || u.type === 'shock')) ||
    (german && isMotorized(u)) ||
    (side === 'axis' && u.type === 'cavalry')
  )
    return 2;
  return 1;
}

/**
 * Hexes an attacker may advance to through the vacated hex: the vacated hex itself ("all
 * units may advance a minimum 1 hex regardless of terrain"), and beyond it up to
 * `allowance` movement factors, a hex a movement factor (RULINGS B-29). "Advancing units
 * may use road movement after the first/vacated hex": past it a road hex costs a mobile
 * unit half a factor ("movement is doubled on roads"), and the others' "1 extra hex"
 * when every step past the vacated hex follows a road (B-22's reading). Panzer/tank units
 * and German armies pay 1 more factor for each step across a river (B-69), the step into
 * the vacated hex included. Advancing stops on entering an enemy ZOC except tanks/panzers,
 * SS, parachute and shock units on a DE or BK result ("All Zone of Control movement
 * restrictions are still in effect, but not for ..."). Costs are in half factors.
 */
export function advanceHexes(
  board: Board,
  attacker: string,
  vacated: number,
  result: string,
  allowance = advanceAllowance(board, attacker, result),
): number[] {
  if (allowance <= 1) return [vacated];
  const { graph } = board.s.map;
  const s = board.s;
  const side = board.piece(attacker).side;
  const from = board.piece(attacker).at;
  const u = board.unit(attacker);
  const w = board.weather;
  const mobile = isMobile(u);
  const payRiver = isArmour(u) || (isGerman(u) && isArmy(u));
  const ignoresZoc =
    (result === 'DE' || result === 'BK') &&
    (isArmour(u) || u.tags.includes('ss') || u.type === 'parachute' || u.type === 'shock');
  const riverCost = (slot: number) => (payRiver && slot >= 0 && riverAt(s, slot, w) ? 2 : 0);
  const limit = 2 * allowance;
  const out = new Set<number>([vacated]);
  if (!ignoresZoc && board.inEnemyZoc(side, vacated)) return [vacated];
  // Best cost reached per hex, apart for paths that ran along roads only past the vacated hex.
  const best = new Map<string, number>();
  const queue: { at: number; cost: number; road: boolean }[] = [
    { at: vacated, cost: 2 + riverCost(slotBetween(graph, from, vacated)), road: true },
  ];
  while (queue.length > 0) {
    const { at, cost, road } = queue.shift()!;
    for (let k = graph.offsets[at]!; k < graph.offsets[at + 1]!; k++) {
      const h = graph.targets[k]!;
      if (h < 0 || h === vacated || h === from) continue;
      if (impassable(s, h, w) || board.hasEnemyGround(side, h)) continue;
      if (board.closedRumania(side, h)) continue; // B-66
      const onRoad = roadAlong(s, k, w);
      const allRoad = road && onRoad;
      const next = cost + (mobile && onRoad ? 1 : 2) + riverCost(k);
      if (next > limit + (!mobile && allRoad ? 2 : 0)) continue;
      const key = `${h}:${allRoad}`;
      const known = best.get(key);
      if (known !== undefined && known <= next) continue;
      best.set(key, next);
      out.add(h);
      if (ignoresZoc || !board.inEnemyZoc(side, h)) queue.push({ at: h, cost: next, road: allRoad });
    }
  }
  return [...out].sort((a, b) => a - b);
}
