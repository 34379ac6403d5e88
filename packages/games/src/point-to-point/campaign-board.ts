/**
 * The campaign on points and lines as the searches read it (docs/rules/point-to-point-
 * completion.md; every rule here is the project's, not the source's): what a side may
 * reach along the lines in a move (C-4.1, C-4.3, C-4.4, C-11.2; partisans' lines, C-10.2),
 * by rail (C-4.2), and which points it can trace supply to (C-7.1). All are the engine's
 * one search (search.ts) with a policy, over the scenario's compiled point map (engine
 * map.ts: a line is a graph edge with a capacity).
 */
import { type PointMap, SearchSpace } from '@stavka/engine';
import type { Side } from './forces.ts';

export const CAMPAIGN_WEATHERS = ['good', 'mud', 'snow'] as const;
export type CampaignWeather = (typeof CAMPAIGN_WEATHERS)[number];

/** What stands where, as far as movement and supply care. Arrays by point index. */
export interface CampaignBoard {
  readonly map: PointMap;
  /** The side controlling each point (C-2). */
  readonly control: readonly Side[];
  /** The side whose ground combat units stand at each point, or null. */
  readonly occupant: readonly (Side | null)[];
  /** Soviet partisans at each point (C-10). */
  readonly partisans: readonly boolean[];
  /** Line capacity already used this player-turn, in half units, by line index (C-1.2). */
  readonly usedHalves: readonly number[];
}

/** A line's capacity in half units in this weather: Mud halves it, rounded down, at least 1 (C-11.2). */
export function capacityHalves(map: PointMap, line: number, weather: CampaignWeather): number {
  const c = map.capacity[line]!;
  return 2 * (weather === 'mud' && c > 0 ? Math.max(1, Math.floor(c / 2)) : c);
}

export interface MovingUnit {
  readonly at: number;
  readonly side: Side;
  /** Motorized, panzer, tank units (C-4.1). */
  readonly mobile: boolean;
  readonly dispersed: boolean;
  /** Its weight on a line in half units (B.4a extended by C-1.2): 4, 2 or 1. */
  readonly halves: number;
  /** Its march this player-turn in km, where not `allowance(u, weather)` (the turn's own, C-4.1; breakthrough, C-6.1). */
  readonly march?: number;
}

export interface MoveOption {
  readonly to: number;
  /** Points passed through, start first, destination last. */
  readonly path: readonly number[];
  /** Lines crossed, in order (each spends the unit's weight of its capacity). */
  readonly lines: readonly number[];
  /** The destination holds enemy ground units: the move is an attack there (C-4.4). */
  readonly attack: boolean;
}

/**
 * How far a unit marches in a player-turn, in km (completion C-4.1 with C-4.6, the
 * project's): infantry, cavalry and militia 100; motorized, panzer and tank units (the
 * scenario's `mobile`) 200 in Good weather, 100 in Mud and Snow, or the turn's own march
 * where the scenario gives one (`mobileMarch`: Typhoon's turn 1, 300 km).
 */
export const MARCH_KM = { foot: 100, mobile: 200, mobileBadWeather: 100 } as const;

export function allowance(
  u: Pick<MovingUnit, 'mobile'>,
  weather: CampaignWeather,
  mobileMarch?: number,
): number {
  if (!u.mobile) return MARCH_KM.foot;
  if (mobileMarch !== undefined) return mobileMarch;
  return weather === 'good' ? MARCH_KM.mobile : MARCH_KM.mobileBadWeather;
}

const EARTH_KM = 6371;
const lengths = new WeakMap<PointMap, Int32Array>();

/**
 * The length of each line in whole km (C-4.6): the great-circle distance between its two
 * points, from their latitudes and longitudes (the map gives no road lengths; roads wind, so
 * this is the least the march covers). A point without coordinates makes its lines 0 km.
 */
export function lineLengths(map: PointMap): Int32Array {
  let out = lengths.get(map);
  if (out) return out;
  out = new Int32Array(map.capacity.length);
  const g = map.graph;
  for (let p = 0; p < g.nodeCount; p++)
    for (let s = g.offsets[p]!; s < g.offsets[p + 1]!; s++) {
      const a = map.coords[p];
      const b = map.coords[g.targets[s]!];
      if (!a || !b) continue;
      const rad = Math.PI / 180;
      const cos =
        Math.sin(a.lat * rad) * Math.sin(b.lat * rad) +
        Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos((b.lon - a.lon) * rad);
      out[g.edges[s]!] = Math.round(EARTH_KM * Math.acos(Math.min(1, Math.max(-1, cos))));
    }
  lengths.set(map, out);
  return out;
}

const spaces = new WeakMap<PointMap, SearchSpace>();
const spaceOf = (map: PointMap): SearchSpace => {
  let s = spaces.get(map);
  if (!s) {
    s = new SearchSpace(map.graph);
    spaces.set(map, s);
  }
  return s;
};

/**
 * Where a unit may move this player-turn along lines with room for its weight (C-1.2): as
 * far as its march in km (C-4.1, C-4.6; `u.march` where given, as for breakthrough
 * movement, C-6.1), the first line always, however long (it ends the move there); or,
 * given `segments`, that many lines whatever their length. Entering a point held by enemy
 * ground units ends the move as an attack there (C-4.4); dispersed units do not move (B.2,
 * C-4.3). Canonical order: by point index.
 */
export function moveOptions(
  board: CampaignBoard,
  u: MovingUnit,
  weather: CampaignWeather,
  segments?: number,
): MoveOption[] {
  if (u.dispersed) return [];
  const { map } = board;
  const enemy = (p: number) => board.occupant[p] !== null && board.occupant[p] !== u.side;
  const km = lineLengths(map);
  const room = (from: number, slot: number, to: number) =>
    halvesLeft(board, map.graph.edges[slot]!, weather, u.side, from, to) >= u.halves;
  const space = spaceOf(map).run(
    {
      stepCost: (from, slot, to) =>
        room(from, slot, to) ? (segments === undefined ? km[map.graph.edges[slot]!]! : 1) : -1,
      stopsAt: enemy,
      alwaysAllowed: room,
    },
    { sources: [u.at], maxCost: segments ?? u.march ?? allowance(u, weather) },
  );
  const out: MoveOption[] = [];
  for (let p = 0; p < map.graph.nodeCount; p++) {
    if (p === u.at || !space.has(p)) continue;
    const path = space.pathTo(p);
    const lines: number[] = [];
    for (let i = 1; i < path.length; i++) lines.push(lineBetween(map, path[i - 1]!, path[i]!));
    out.push({ to: p, path, lines, attack: enemy(p) });
  }
  return out;
}

/**
 * Capacity left on a line this player-turn for a unit of `side` going from `from` to `to`,
 * in half units: the weather's capacity (C-11.2) less what was used (C-1.2), less one unit
 * for the Axis on a line from or to a partisans' point (C-10.2).
 */
export function halvesLeft(
  board: CampaignBoard,
  line: number,
  weather: CampaignWeather,
  side: Side,
  from: number,
  to: number,
  capacity: number = capacityHalves(board.map, line, weather),
): number {
  const partisans = side === 'axis' && (board.partisans[from] || board.partisans[to]) ? 2 : 0;
  return capacity - partisans - (board.usedHalves[line] ?? 0);
}

export const isRailway = (map: PointMap, line: number): boolean => map.lineKinds[line]!.includes('rr');

export interface RailingUnit extends MovingUnit {
  /** Lines on which this side's rail movement has half capacity (the Axis east of the 30 September front, C-4.2). */
  readonly halfCapacity?: (line: number) => boolean;
}

/**
 * Rail movement (C-4.2, completion rules): any number of railway segments through points
 * the unit's side controls, none holding an enemy unit (partisans included, for the Axis)
 * and none adjacent by railway to an enemy-held point except the last; each railway line
 * crossed spends the unit's weight of its capacity (half capacity where `halfCapacity`
 * says). A rail move never attacks. The caller checks that the unit starts undispersed,
 * unmoved and in supply. Canonical order: by point index.
 */
export function railOptions(board: CampaignBoard, u: RailingUnit, weather: CampaignWeather): MoveOption[] {
  if (u.dispersed) return [];
  const { map } = board;
  const g = map.graph;
  const enemyHeld = (p: number) =>
    (board.occupant[p] !== null && board.occupant[p] !== u.side) || (u.side === 'axis' && board.partisans[p]);
  const nearEnemy = (p: number) => {
    for (let s = g.offsets[p]!; s < g.offsets[p + 1]!; s++)
      if (isRailway(map, g.edges[s]!) && enemyHeld(g.targets[s]!)) return true;
    return false;
  };
  const space = spaceOf(map).run(
    {
      stepCost: (from, slot, to) => {
        const line = g.edges[slot]!;
        if (!isRailway(map, line) || board.control[to] !== u.side || enemyHeld(to)) return -1;
        const full = capacityHalves(map, line, weather);
        const cap = u.halfCapacity?.(line) ? 2 * Math.floor(full / 4) : full;
        return halvesLeft(board, line, weather, u.side, from, to, cap) >= u.halves ? 1 : -1;
      },
      stopsAt: nearEnemy,
    },
    { sources: [u.at], maxCost: g.nodeCount },
  );
  const out: MoveOption[] = [];
  for (let p = 0; p < g.nodeCount; p++) {
    if (p === u.at || !space.has(p)) continue;
    const path = space.pathTo(p);
    const lines: number[] = [];
    for (let i = 1; i < path.length; i++) lines.push(lineBetween(map, path[i - 1]!, path[i]!));
    out.push({ to: p, path, lines, attack: false });
  }
  return out;
}

/** The line joining two adjacent points (the first, if several). */
export function lineBetween(map: PointMap, a: number, b: number): number {
  const g = map.graph;
  for (let s = g.offsets[a]!; s < g.offsets[a + 1]!; s++) if (g.targets[s] === b) return g.edges[s]!;
  throw new Error(`no line between points ${a} and ${b}`);
}

/**
 * The points where `side`'s units are in supply (C-7.1): a path of lines from one of its
 * supply sources through points it controls, none holding enemy ground units nor, for the
 * Axis, partisans; at most `maxSegments` long (the Axis 4 from a source or railhead).
 */
export function supplyStatus(
  board: CampaignBoard,
  side: Side,
  sources: readonly number[],
  maxSegments: number = side === 'axis' ? 4 : 1000,
): Uint8Array {
  const { map } = board;
  const open = (p: number) =>
    board.control[p] === side &&
    (board.occupant[p] === null || board.occupant[p] === side) &&
    !(side === 'axis' && board.partisans[p]);
  const enterCost = Array.from({ length: map.graph.nodeCount }, (_, p) => (open(p) ? 1 : -1));
  const space = spaceOf(map).run({ enterCost }, { sources: sources.filter(open), maxCost: maxSegments });
  const out = new Uint8Array(map.graph.nodeCount);
  for (let p = 0; p < out.length; p++) if (space.has(p)) out[p] = 1;
  return out;
}
