/**
 * barbarossa-1941 "Supply" and the supply part of "Weather": full, limited and isolated,
 * traced on the engine search.
 *
 * "For the Axis, a Full Supply line is 4 hexes - 3 in Mud or Snow - back to an Axis
 * country or one of 5 rail heads ... For the Russians, it is 6 hexes back to a friendly
 * railroad and then to a northeastern, eastern, or southeastern mapboard edge hex.  A
 * supply line cannot be traced through (or from) an enemy-occupied hex or a hex adjacent
 * to and accessible by an enemy unit with a Zone of Control.  It can be traced through
 * any friendly unit.  The range from supply sources for Limited Suppy units is up to 12
 * hexes.  Beyond that, units are Isolated".
 * "In Snow weather turns, Axis units farther than 3 hexes away from an Axis army unit in
 * supply are considered to be out of supply, unless air-supplied" (RULINGS B-24).
 * Water narrower than a hex (the Neva Bay, B-82) is no hex to count: a supply line steps
 * across it from a friendly port to a port of the same sea facing it, Leningrad to
 * Kronstadt (RULINGS B-84 proposed, issue #42).
 */
import { axialNeighbor, axialToOffset, hexAxial, hexIndexOf, searchSpaceFor } from '@stavka/engine';
import type { Board } from './board.ts';
import { perBoardAndSide } from './board-memo.ts';
import { impassable, otherSide, type RulesScenario, type Side, type Weather } from './rules-scenario.ts';
import type { Supply } from './state.ts';
import { isArmy } from './unit-kinds.ts';
import { holder } from './victory.ts';

export const LIMITED_RANGE = 12;

/** Full supply range in hexes for a side in this weather. */
export function fullRange(board: Board, side: Side): number {
  if (side === 'soviet') return 6;
  const w = board.weather;
  return w === 'mud' || w === 'snow' ? 3 : 4;
}

/**
 * Hexes a supply line may not enter for `side`: enemy-occupied, or in an enemy ZOC
 * (B-15 applies: a Disrupted Russian korps has none) unless a friendly unit is there;
 * and the sea and unfrozen lakes. `standing`: a hex traced "as if a unit stood there"
 * (RULINGS B-33, a victory city's supply): a friendly unit is counted in it.
 */
export function supplyBlocked(board: Board, side: Side, standing = -1): Uint8Array {
  // The map and the terrain first (the same all turn), then the units and the enemy's ZOC.
  const out = closedHexes(board.s, board.weather).slice();
  const n = out.length;
  const zoc = board.zocCountOf(otherSide(side));
  const { at } = board;
  for (let h = 0; h < n; h++) {
    if (out[h] === 1) continue;
    // Most hexes hold no unit: only the enemy's ZOC is asked there.
    const empty = at[h]!.length === 0;
    if (!empty && board.hasEnemyGround(side, h)) out[h] = 1;
    else if (zoc[h]! > 0 && h !== standing && (empty || !board.hasFriend(side, h))) out[h] = 1;
  }
  return out;
}

/** Per scenario and weather: 1 where no supply line goes whatever the units (off the map, the sea and unfrozen lakes). */
const closedTables = new WeakMap<RulesScenario, Map<Weather, Uint8Array>>();

function closedHexes(s: RulesScenario, weather: Weather): Uint8Array {
  let byWeather = closedTables.get(s);
  if (!byWeather) {
    byWeather = new Map();
    closedTables.set(s, byWeather);
  }
  let closed = byWeather.get(weather);
  if (!closed) {
    const { onMap } = s.map;
    closed = new Uint8Array(s.map.graph.nodeCount);
    for (let h = 0; h < closed.length; h++) if (onMap[h] !== 1 || impassable(s, h, weather)) closed[h] = 1;
    byWeather.set(weather, closed);
  }
  return closed;
}

/** What a supply line pays to enter each hex (engine TablePolicy `enterCost`): 1, -1 where blocked. */
function entryCosts(blocked: Uint8Array): Int8Array {
  const enter = new Int8Array(blocked.length);
  for (let h = 0; h < blocked.length; h++) enter[h] = blocked[h] === 1 ? -1 : 1;
  return enter;
}

/** Per scenario: 0 across a railroad hexside, -1 elsewhere (engine TablePolicy `slotCost`). */
const railSlotTables = new WeakMap<RulesScenario, Int8Array>();

function railSlotCosts(s: RulesScenario): Int8Array {
  let costs = railSlotTables.get(s);
  if (!costs) {
    costs = new Int8Array(s.map.links.length).fill(-1);
    for (let slot = 0; slot < costs.length; slot++)
      if ((s.map.links[slot]! & s.railBit) !== 0) costs[slot] = 0;
    railSlotTables.set(s, costs);
  }
  return costs;
}

/** Where a side's supply lines start (before the hex count). */
export function supplySources(
  board: Board,
  side: Side,
  blocked: Uint8Array,
  /** entryCosts(blocked), if made already (the Russian search reads it). */
  enter?: Int8Array,
): number[] {
  const { s } = board;
  const n = s.map.graph.nodeCount;
  const out: number[] = [];
  if (side === 'axis') {
    for (let h = 0; h < n; h++) if (s.axisCountry[h] === 1 && blocked[h] === 0) out.push(h);
    for (const h of board.g.railheads) if (blocked[h] === 0 && !out.includes(h)) out.push(h);
    return out;
  }
  // Russian: the railroad net reachable from a supply edge along rail lines through unblocked hexes.
  const edges: number[] = [];
  for (let h = 0; h < n; h++) if (s.sovietSupplyEdge[h] === 1 && blocked[h] === 0) edges.push(h);
  if (edges.length === 0) return out;
  // Along rail hexsides only (0), into unblocked hexes: any other step costs 1, past the 0 allowed.
  const rail = searchSpaceFor(s.map.graph).run(
    { enterCost: enter ?? entryCosts(blocked), slotCost: railSlotCosts(s) },
    { sources: edges, maxCost: 0 },
  );
  for (let i = 0; i < rail.reachedCount; i++) {
    const h = rail.reached[i]!;
    // A source is a rail hex (an edge hex counts only where the railroad reaches it).
    if (hasRail(board, h)) out.push(h);
  }
  return out;
}

function hasRail(board: Board, h: number): boolean {
  const { s } = board;
  for (let d = 0; d < 6; d++) if ((s.map.links[h * 6 + d]! & s.railBit) !== 0) return true;
  return false;
}

/**
 * Hex count from the nearest supply source through unblocked hexes, up to 12; -1 beyond.
 * `standing`: a hex traced as if a friendly unit stood there (B-33; see supplyBlocked).
 */
export function supplyDistances(board: Board, side: Side, standing = -1): Int32Array {
  const blocked = supplyBlocked(board, side, standing);
  const enter = entryCosts(blocked);
  const sources = supplySources(board, side, blocked, enter);
  return traceSupply(board, side, blocked, sources, LIMITED_RANGE, enter);
}

/**
 * Pairs of ports of one sea parted by a water hexside (B-82): [from, to] both ways. On the
 * standard map Leningrad and Kronstadt, the one pair.
 */
function waterCrossings(s: RulesScenario): readonly (readonly [number, number])[] {
  const known = crossings.get(s);
  if (known) return known;
  const out: [number, number][] = [];
  if (s.seaSideBit !== 0)
    for (const a of s.ports)
      for (let d = 0; d < 6; d++) {
        if ((s.map.sideFeatures[a.hex * 6 + d]! & s.seaSideBit) === 0) continue;
        const o = axialToOffset(axialNeighbor(hexAxial(s.map, a.hex), d));
        const b = hexIndexOf(s.map, o.col, o.row);
        if (s.ports.some((x) => x.hex === b && x.sea === a.sea)) out.push([a.hex, b]);
      }
  crossings.set(s, out);
  return out;
}

const crossings = new WeakMap<RulesScenario, readonly (readonly [number, number])[]>();

/**
 * Hex count from the nearest of `sources` through unblocked hexes, up to `maxCost`; -1
 * beyond. RULINGS B-84 (proposed): "6 hexes back to a friendly railroad" counts hexes, and
 * water narrower than a hex (B-82) is none: a line reaching a port its side holds steps
 * across a water hexside to a port of the same sea facing it (Leningrad to Kronstadt) as to
 * a next hex, if that hex is not blocked. Not across sea hexes: the sea carries only the
 * one unit a turn of "Strategic Movment - By Sea".
 */
function traceSupply(
  board: Board,
  side: Side,
  blocked: Uint8Array,
  sources: number[],
  maxCost: number,
  enter: Int8Array = entryCosts(blocked),
): Int32Array {
  const { s, g } = board;
  const { graph } = s.map;
  const n = graph.nodeCount;
  const dist = new Int32Array(n).fill(-1);
  if (sources.length === 0) return dist;
  const water = waterCrossings(s);
  let from = sources;
  let costs: number[] | null = null; // all 0 until a line crosses the water onto land
  for (;;) {
    // The shared search space read at once (no copy of the result into maps).
    const reach = searchSpaceFor(graph).run(
      { enterCost: enter },
      costs ? { sources: from, sourceCosts: costs, maxCost } : { sources: from, maxCost },
    );
    for (let i = 0; i < reach.reachedCount; i++) {
      const h = reach.reached[i]!;
      dist[h] = reach.cost[h]!;
    }
    // Across the water; a hex so reached with a way on by land is searched again from.
    const crossed: number[] = [];
    let again = false;
    for (const [port, to] of water) {
      const d = dist[port]! + 1;
      if (dist[port]! < 0 || d > maxCost || blocked[to] === 1 || (dist[to]! >= 0 && dist[to]! <= d)) continue;
      if (holder(g, s, port) !== side) continue;
      dist[to] = d;
      crossed.push(to);
      for (let k = graph.offsets[to]!; k < graph.offsets[to + 1]!; k++) {
        const y = graph.targets[k]!;
        if (y >= 0 && blocked[y] === 0 && (dist[y]! < 0 || dist[y]! > d + 1)) again = true;
      }
    }
    if (!again) return dist;
    if (!costs) {
      from = [...sources];
      costs = from.map(() => 0);
    }
    for (const h of crossed) {
      from.push(h);
      costs.push(dist[h]!);
    }
  }
}

/**
 * `supplyDistances(board, side)` traced once a board, for the legal lists that each ask it
 * (the Siberians' entry hexes, the air supply targets): read it, never change it. A trace
 * is kept with all it was traced from (tracedDistances), and serves again while none of it
 * changes: a side's moves far from the enemy leave its supply lines as they were.
 */
export const boardSupplyDistances = perBoardAndSide((board, side) => tracedDistances(board, side));

/** A trace of supplyDistances and what it read: the hexes blocked, the railheads, who holds the ports a line crosses water from. */
interface Trace {
  readonly blocked: Uint8Array;
  readonly railheads: string;
  readonly holders: string;
  readonly dist: Int32Array;
}

/** The latest traces per scenario and side, TRACES_KEPT at most (never changed). */
const traces = new WeakMap<RulesScenario, Partial<Record<Side, Trace[]>>>();
const TRACES_KEPT = 4;

/**
 * `supplyDistances(board, side)`, the same distances: a kept trace when everything it is
 * traced from is the same (supplySources reads the blocked hexes and the Axis railheads,
 * traceSupply the blocked hexes, those sources and the ports' holders), else traced now.
 */
function tracedDistances(board: Board, side: Side): Int32Array {
  const { s, g } = board;
  const blocked = supplyBlocked(board, side);
  const railheads = side === 'axis' ? g.railheads.join(',') : '';
  const holders = waterCrossings(s)
    .map(([port]) => holder(g, s, port))
    .join(',');
  let bySide = traces.get(s);
  if (!bySide) {
    bySide = {};
    traces.set(s, bySide);
  }
  let kept = bySide[side];
  if (!kept) {
    kept = [];
    bySide[side] = kept;
  }
  for (const t of kept)
    if (t.railheads === railheads && t.holders === holders && sameBytes(t.blocked, blocked)) return t.dist;
  const enter = entryCosts(blocked);
  const dist = traceSupply(
    board,
    side,
    blocked,
    supplySources(board, side, blocked, enter),
    LIMITED_RANGE,
    enter,
  );
  kept.push({ blocked, railheads, holders, dist });
  if (kept.length > TRACES_KEPT) kept.shift();
  return dist;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Supply status of a hex at a given distance ("Full", "Limited" up to 12, "Isolated" beyond). */
export function supplyAtDistance(board: Board, side: Side, distance: number): Supply {
  if (distance < 0 || distance > LIMITED_RANGE) return 'isolated';
  return distance <= fullRange(board, side) ? 'full' : 'limited';
}

/**
 * Supply status of every piece of `side` on the map, judged now (the Supply Status
 * Determination Phase, or "The supply status for combat is determined at the moment of
 * attack/defense").
 */
export function supplyStatuses(
  board: Board,
  side: Side,
  dist: Int32Array = supplyDistances(board, side),
): Record<string, Supply> {
  const out: Record<string, Supply> = {};
  const ids = board.g.order.filter((id) => {
    const p = board.g.pieces[id]!;
    return p.side === side && p.status === 'map';
  });
  for (const id of ids) out[id] = supplyAtDistance(board, side, dist[board.g.pieces[id]!.at]!);
  if (side === 'axis' && board.weather === 'snow') {
    // B-24: in Snow, full supply only within 3 hexes (by unblocked hexes) of an Axis army itself in full supply.
    const armies = ids
      .filter((id) => out[id] === 'full' && isArmy(board.unit(id)))
      .map((id) => board.g.pieces[id]!.at);
    // The 3 hexes counted as a supply line is (over the Neva Bay too, B-84).
    const near = traceSupply(board, side, supplyBlocked(board, side), armies, 3);
    for (const id of ids) if (out[id] === 'full' && near[board.g.pieces[id]!.at]! < 0) out[id] = 'limited';
  }
  return out;
}
