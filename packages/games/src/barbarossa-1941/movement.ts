/**
 * Operational movement (barbarossa-1941 "Operational Movement", "Zones of Control",
 * "Fortresses, Entrenchment, Defense Lines, and Terrain Effects", "Weather", "Supply"
 * for Ploesti/Grozny): the engine search with a step cost and a zone-of-control policy.
 * Costs are in half movement factors, so that a mobile unit's road hex ("movement is
 * doubled on roads") costs 1.
 *
 * A move is either within the unit's OMF (it may still attack) or uses the Operational
 * Movement Bonus (it may not attack, nor enter or leave the ZOC of an Undisrupted Russian
 * army / German korps or army not already occupied by a friendly unit); and the units
 * that are not mobile go 1 hex further when the whole move runs along roads (RULINGS
 * B-22). Those four reaches come from two searches, every step and along roads only
 * (moveOffers): the OMB's restriction bars only hexes where a move stops anyway.
 *
 *   one piece:   moveOptions -> moveOffers (searchFrom x2, specialStep, sortOffers)
 *   every piece: movementActions -> piecesMoves -> carriedMoves (changesSince) or workOutMoves
 */
import {
  CarriedCache,
  type Graph,
  Memo,
  type SearchPolicy,
  SearchSpace,
  type TablePolicy,
  type UnitData,
} from '@stavka/engine';
import { type Board, exertsZoc } from './board.ts';
import { russianRailSlot } from './railway-guns.ts';
import {
  impassable,
  otherSide,
  type RulesScenario,
  riverAt,
  roadAlong,
  type Side,
  terrainIn,
  type Weather,
} from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import {
  baseOmf,
  isArmour,
  isArmy,
  isAxisAllied,
  isGerman,
  isGroundUnit,
  isKorps,
  isMobile,
  isMotorized,
  isSmall,
  omb,
} from './unit-kinds.ts';

export interface MoveOption {
  readonly to: number;
  /** Cost in half movement factors. */
  readonly cost: number;
  /** Used the Operational Movement Bonus: may not attack ("A unit does not get the OMB if: 1. It is going to attack"). */
  readonly bonus: boolean;
  readonly path: readonly number[];
}

/**
 * The unit's OMF now: B-2's factor; "A side's mobile - panzer/tank, motorized, katyusha
 * - units are reduced to a maximum OMF of 4, if the other side takes Ploesti or Grozny";
 * "In Mud and Snow, the OMF is halved - fractions rounded down for all Axis and up for
 * Russians"; "B/P units' basic OMF is reduced by 2" (RULINGS B-23: in this order).
 */
export function omfOf(board: Board, id: string): number {
  const u = board.unit(id);
  let omf = baseOmf(u);
  const lost = u.side === 'axis' ? board.g.control.Ploesti === 'soviet' : board.g.control.Grozny === 'axis';
  if (lost && isMobile(u)) omf = Math.min(omf, 4);
  const w = board.weather;
  if (w === 'mud' || w === 'snow') omf = u.side === 'axis' ? Math.floor(omf / 2) : Math.ceil(omf / 2);
  if (board.g.breakthrough) omf = Math.max(0, omf - 2);
  return omf;
}

/** May this piece move operationally now? ("Disrupted Units ... may not move or attack in the owning player's turn.") */
export function canMove(board: Board, id: string): boolean {
  const p = board.piece(id);
  if (p.status !== 'map' || p.disrupted || p.moved !== 'no' || p.attacked) return false;
  if (p.side !== board.g.player) return false;
  const u = board.unit(id);
  // Rail conversion units move at A.1 only (rail.ts); railway guns move along their line (B-54).
  return u.type !== 'rail-conversion' && isGroundUnit(u);
}

/** Does an Undisrupted enemy army (for Axis movers) or German korps/army (for Russian movers) cover `hex`? (OMB rule 2.) */
export function bonusForbiddenZoc(board: Board, side: Side, hex: number): boolean {
  return board.bonusZocAt(side, hex, (h) => bonusZocAt(board, side, h));
}

/**
 * `bonusForbiddenZoc` of every hex, worked out once a board and side (the searches ask it
 * of every step they try while the OMB is in play): 1 where forbidden. Read it, never change it.
 */
const forbiddenMaps = new Memo<Board, Partial<Record<Side, Uint8Array>>>('forbiddenMaps');

function forbiddenZocs(board: Board, side: Side): Uint8Array {
  let bySide = forbiddenMaps.get(board);
  if (!bySide) {
    bySide = {};
    forbiddenMaps.set(board, bySide);
  }
  let map = bySide[side];
  if (!map) {
    map = forbiddenZocMap(board, side);
    bySide[side] = map;
  }
  return map;
}

/**
 * forbiddenZocs' map, worked out from the pieces rather than hex by hex: the hexes holding
 * an UnDisrupted enemy piece of bonusZocAt's kinds (`owner`), then each hex in an enemy ZOC
 * next to one of them (zocOwners' reading: the owners on the hexes next to it).
 */
function forbiddenZocMap(board: Board, side: Side): Uint8Array {
  const zoc = board.zocCountOf(otherSide(side));
  const n = zoc.length;
  const map = new Uint8Array(n);
  const owner = new Uint8Array(n);
  let any = false;
  const { g } = board;
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side === side || p.status !== 'map' || p.at < 0 || p.disrupted) continue;
    if (!bonusZocKind(board.unit(id), side)) continue;
    owner[p.at] = 1;
    any = true;
  }
  if (!any) return map;
  const { offsets, targets } = board.s.map.graph;
  for (let h = 0; h < n; h++) {
    if (zoc[h] === 0) continue;
    for (let k = offsets[h]!, end = offsets[h + 1]!; k < end; k++) {
      const t = targets[k]!;
      if (t >= 0 && owner[t] === 1) {
        map[h] = 1;
        break;
      }
    }
  }
  return map;
}

/** An enemy unit whose ZOC OMB rule 2 forbids, UnDisrupted: a Russian army (Axis movers), a German korps or army (Russian movers). */
function bonusZocKind(u: UnitData, side: Side): boolean {
  return side === 'axis' ? isArmy(u) : isGerman(u) && (isArmy(u) || isKorps(u));
}

function bonusZocAt(board: Board, side: Side, hex: number): boolean {
  for (const o of board.zocOwners(side, hex)) {
    const p = board.piece(o);
    if (p.disrupted) continue;
    if (bonusZocKind(board.unit(o), side)) return true;
  }
  return false;
}

interface Mover {
  readonly board: Board;
  readonly id: string;
  readonly side: Side;
  readonly start: number;
  readonly mobile: boolean;
  readonly motorizedKorps: boolean;
  readonly allied: boolean;
  /** B-54: a railway gun moves only along Russian rail track, 1 MF a hex whatever the terrain. */
  readonly railOnly: boolean;
  /** The enemy pieces whose ZOC covers the start hex (few: a list). */
  readonly startOwners: readonly string[];
  /** B-66: a Russian unit before the Axis has attacked out of Rumania may not enter it. */
  readonly rumaniaClosed: boolean;
  readonly unit: UnitData;
  /** The class of mover the tables are made for (moverClass): alike in mayEnter and the terrain costs. */
  readonly kind: number;
}

/** entryTable's and searchTable's class of mover, a small number: the four flags that change a table. */
function moverClass(
  allied: boolean,
  rumaniaClosed: boolean,
  motorizedKorps: boolean,
  mobile: boolean,
): number {
  return (allied ? 8 : 0) | (rumaniaClosed ? 4 : 0) | (motorizedKorps ? 2 : 0) | (mobile ? 1 : 0);
}

function mover(board: Board, id: string): Mover {
  const u = board.unit(id);
  const p = board.piece(id);
  const side = p.side;
  const mobile = isMobile(u);
  const motorizedKorps = isMotorized(u) && !isSmall(u);
  const allied = isAxisAllied(u);
  const rumaniaClosed = side === 'soviet' && board.g.rumaniaOpen !== true;
  return {
    board,
    id,
    side,
    start: p.at,
    mobile,
    motorizedKorps,
    allied,
    railOnly: u.type === 'railway-gun',
    startOwners: board.zocOwners(side, p.at),
    rumaniaClosed,
    unit: u,
    kind: moverClass(allied, rumaniaClosed, motorizedKorps, mobile),
  };
}

/** Whether the piece may enter `to` at all (terrain, enemies, B-17); the cost aside. */
function mayEnter(m: Mover, to: number): boolean {
  const { board } = m;
  const s = board.s;
  const w = board.weather;
  if (impassable(s, to, w)) return false;
  if (board.at[to]!.length > 0 && board.enemyGroundOf(m.side)[to] === 1) return false;
  // B-17: "Axis allied units must remain in the south."
  if (m.allied && s.south[to] !== 1) return false;
  // B-66: "The Russians may not attack Rumania unless the Axis do attack out of it": nor enter it.
  if (m.rumaniaClosed && s.rumania[to] === 1) return false;
  // "Mountain: Panzer/tank and motorized units must be at division/brigade level to transit, even via roads"
  if (m.motorizedKorps && terrainIn(s, to, w) === 'mountain') return false;
  return true;
}

/** Does one of `owners` cover `hex` with its ZOC (one of `board.zocOwners(side, hex)`, none listed)? */
function sharesZocOwner(board: Board, side: Side, hex: number, owners: readonly string[]): boolean {
  if (!board.inEnemyZoc(side, hex)) return false;
  const { offsets, targets } = board.s.map.graph;
  for (let k = offsets[hex]!, end = offsets[hex + 1]!; k < end; k++) {
    const t = targets[k]!;
    if (t < 0) continue;
    const here = board.at[t]!;
    for (let i = 0; i < here.length; i++) {
      const id = here[i]!;
      if (!owners.includes(id)) continue;
      const p = board.piece(id);
      if (p.side !== side && exertsZoc(board.unit(id), p.disrupted)) return true;
    }
  }
  return false;
}

/**
 * What a step into a swamp costs a motorized korps off-road, from its start (stepCost):
 * the whole move, whatever is left of it (B-21).
 */
const WHOLE_MOVE = -2;

/**
 * The cost of one step in half MFs; -1 where the piece may not take it, WHOLE_MOVE where
 * it is a motorized korps' whole move (B-21); `roadOnly` for a step that must follow a
 * road (the other units' "+1 extra hex" search, RULINGS B-22).
 */
function stepCost(m: Mover, from: number, slot: number, to: number, roadOnly: boolean): number {
  if (!mayEnter(m, to)) return -1;
  const { board } = m;
  const s = board.s;
  const w = board.weather;
  // "A unit may not move (1 hex, directly) from one Enemy ZOC to another EZOC of the same enemy unit."
  if (from === m.start && m.startOwners.length > 0 && sharesZocOwner(board, m.side, to, m.startOwners))
    return -1;
  if (m.railOnly) return russianRailSlot(board, from, slot, to) ? 2 : -1;
  const road = roadAlong(s, slot, w);
  if (roadOnly && !road) return -1;
  // RULINGS B-69: "Moving across a river without attacking costs nothing extra" (the +1 MF is paid on attacking, riverMfOwed).
  if (road) return m.mobile ? 1 : 2;
  const t = terrainIn(s, to, w);
  let cost = 2;
  if (t === 'forest' || t === 'hills') {
    // "Panzer/tank and motorized korps must expend 2 OMFs per hex, unless moving along a road - divisions and brigades only 1."
    if (m.motorizedKorps) cost = 4;
  } else if (t === 'swamp' || t === 'swamp-forest') {
    // "Panzer/tank and motorized units must be at division/brigade level to transit at more than 1 hex per turn ...
    //  Even those divisions and brigades expend 2 MFs per swamp hex" (RULINGS B-21: a korps enters a swamp as its whole move).
    if (m.motorizedKorps) return from === m.start ? WHOLE_MOVE : -1;
    if (m.mobile) cost = 4;
  }
  // B-21: a korps starting in a swamp leaves it off-road only as its whole move.
  if (m.motorizedKorps && from === m.start) {
    const here = terrainIn(s, from, w);
    if (here === 'swamp' || here === 'swamp-forest') return WHOLE_MOVE;
  }
  return cost;
}

/**
 * entryTable's cost for a motorized korps' swamp hex: entered off-road only as its whole
 * move, from its start (B-21); more than any move has, so a search never enters one
 * off-road (a road's rate replaces it: searchFrom's `slotCost`).
 */
const KORPS_SWAMP = 100;
/** searchTable's cost of every hex off-road for the search along roads only: more than any move has. */
const OFF_ROAD = 127;

/**
 * Per scenario, weather and class of mover (movers alike in all `mayEnter` and the
 * terrain costs read of a hex): what entering each hex off-road costs in half MFs, -1
 * where the unit may not enter it whatever its units (mayEnter's terrain, B-17, B-66 and
 * the Mountain rule), KORPS_SWAMP for a motorized korps' swamp. Made once: every step a
 * search tries reads it (stepCost's sum for every start but the mover's own hex). From index 16 on, the
 * same for the search along roads only (roadOnlyEntry).
 */
const entryTables = new WeakMap<RulesScenario, Map<Weather, (Int8Array | undefined)[]>>();

function entryTablesOf(s: RulesScenario, weather: Weather): (Int8Array | undefined)[] {
  let byWeather = entryTables.get(s);
  if (!byWeather) {
    byWeather = new Map();
    entryTables.set(s, byWeather);
  }
  let tables = byWeather.get(weather);
  if (!tables) {
    tables = [];
    byWeather.set(weather, tables);
  }
  return tables;
}

function entryTable(board: Board, m: Mover): Int8Array {
  const s = board.s;
  const w = board.weather;
  const tables = entryTablesOf(s, w);
  let table = tables[m.kind];
  if (table) return table;
  const n = s.map.graph.nodeCount;
  table = new Int8Array(n);
  for (let to = 0; to < n; to++) {
    const t = terrainIn(s, to, w);
    if (
      impassable(s, to, w) ||
      (m.allied && s.south[to] !== 1) ||
      (m.rumaniaClosed && s.rumania[to] === 1) ||
      (m.motorizedKorps && t === 'mountain')
    )
      table[to] = -1;
    else if (t === 'forest' || t === 'hills') table[to] = m.motorizedKorps ? 4 : 2;
    else if (t === 'swamp' || t === 'swamp-forest')
      table[to] = m.motorizedKorps ? KORPS_SWAMP : m.mobile ? 4 : 2;
    else table[to] = 2;
  }
  tables[m.kind] = table;
  return table;
}

/**
 * What a search of `m` pays to enter each hex off-road now (engine TablePolicy
 * `enterCost`): entryTable's, -1 where an enemy unit defends (mayEnter), OFF_ROAD
 * everywhere for the search along roads only. Per board and class of mover.
 */
const searchTables = new Memo<Board, (Int8Array | undefined)[]>('searchTables');

function searchTable(board: Board, m: Mover, roadOnly: boolean): Int8Array {
  let tables = searchTables.get(board);
  if (!tables) {
    tables = [];
    searchTables.set(board, tables);
  }
  // The class of mover, the side and the search: 64 tables at most a board.
  const key = m.kind | (roadOnly ? 16 : 0) | (m.side === 'axis' ? 32 : 0);
  let table = tables[key];
  if (table) return table;
  // The scenario's table for the class, with -1 where an enemy unit defends.
  table = (roadOnly ? roadOnlyEntry(board, m) : entryTable(board, m)).slice();
  for (const h of enemyGroundHexes(board, m.side)) table[h] = -1;
  tables[key] = table;
  return table;
}

/** entryTable's for the search along roads only: OFF_ROAD wherever the unit may enter. Per scenario, weather and class of mover. */
function roadOnlyEntry(board: Board, m: Mover): Int8Array {
  const tables = entryTablesOf(board.s, board.weather);
  // Past the 16 classes of entryTable's.
  let table = tables[16 + m.kind];
  if (table) return table;
  const entry = entryTable(board, m);
  table = new Int8Array(entry.length);
  for (let h = 0; h < entry.length; h++) table[h] = entry[h]! < 0 ? -1 : OFF_ROAD;
  tables[16 + m.kind] = table;
  return table;
}

/** The hexes where an enemy unit defends against `side`'s movers (Board.enemyGroundOf), listed once a board. */
const enemyHexLists = new Memo<Board, Partial<Record<Side, number[]>>>('enemyHexLists');

function enemyGroundHexes(board: Board, side: Side): readonly number[] {
  let bySide = enemyHexLists.get(board);
  if (!bySide) {
    bySide = {};
    enemyHexLists.set(board, bySide);
  }
  let hexes = bySide[side];
  if (!hexes) {
    const enemyGround = board.enemyGroundOf(side);
    const { g } = board;
    hexes = [];
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.side !== side && p.status === 'map' && p.at >= 0 && enemyGround[p.at] === 1) hexes.push(p.at);
    }
    bySide[side] = hexes;
  }
  return hexes;
}

/**
 * What a step along a road costs across each hexside in this weather (engine TablePolicy
 * `slotCost`), -1 where there is none: "movement is doubled on roads" for mobile units
 * (1 half MF), the others 1 MF (2). Per scenario, weather and mobility.
 */
const roadTables = new WeakMap<RulesScenario, Map<Weather, [Int8Array | undefined, Int8Array | undefined]>>();

function roadRates(s: RulesScenario, weather: Weather, mobile: boolean): Int8Array {
  let byWeather = roadTables.get(s);
  if (!byWeather) {
    byWeather = new Map();
    roadTables.set(s, byWeather);
  }
  let tables = byWeather.get(weather);
  if (!tables) {
    tables = [undefined, undefined];
    byWeather.set(weather, tables);
  }
  const key = mobile ? 1 : 0;
  let rates = tables[key];
  if (rates) return rates;
  rates = new Int8Array(s.map.links.length).fill(-1);
  for (let slot = 0; slot < rates.length; slot++)
    if (roadAlong(s, slot, weather)) rates[slot] = mobile ? 1 : 2;
  tables[key] = rates;
  return rates;
}

/** The units RULINGS B-69's river MF is asked of: panzer/tank units and German armies. */
export function owesRiverMf(u: UnitData): boolean {
  return isArmour(u) || (isGerman(u) && isArmy(u));
}

/**
 * The river MF of RULINGS B-69 for a move not made yet: could `id`, having moved by `opt`,
 * be allocated to an attack on `target` from there? (`riverMfOwed` asks it of the piece
 * once moved: the same MFs left, `afterMove`'s, and the same river test.)
 */
export function mayPayRiverAfter(board: Board, id: string, opt: MoveOption, target: number): boolean {
  if (!owesRiverMf(board.unit(id))) return true;
  const { mfLeft, riverCrossed } = afterMove(board, id, opt);
  return riverVerdict(board, opt.to, target, mfLeft, riverCrossed) !== 'short';
}

/** B-69 for a unit in `from` with `mfLeft` half MFs left, having crossed a river in its move or not. */
function riverVerdict(
  board: Board,
  from: number,
  target: number,
  mfLeft: number,
  crossed: boolean,
): 'none' | 'paid' | 'short' {
  const slot = slotIndex(board, from, target);
  const across = slot >= 0 && riverAt(board.s, slot, board.weather);
  if (!across && !crossed) return 'none';
  return mfLeft >= 2 ? 'paid' : 'short';
}

/**
 * "Panzer/tank units and German armies attacking across a river or crossing a river to
 * attack or tactically advancing after combat across one must pay 1 additional movement
 * factor to do so" (RULINGS B-69): does allocating `id` to an attack on `target` owe it
 * (across a river hexside, or after crossing one in its move), and may it pay it from the
 * MFs left within its OMF? Returns 'none' (nothing owed), 'paid' or 'short'.
 */
export function riverMfOwed(board: Board, id: string, target: number): 'none' | 'paid' | 'short' {
  const u = board.unit(id);
  if (!owesRiverMf(u)) return 'none';
  const p = board.piece(id);
  return riverVerdict(board, p.at, target, p.mfLeft ?? 2 * omfOf(board, id), p.riverCrossed === true);
}

function slotIndex(board: Board, from: number, to: number): number {
  const { graph } = board.s.map;
  for (let k = graph.offsets[from]!; k < graph.offsets[from + 1]!; k++) if (graph.targets[k] === to) return k;
  return -1;
}

/**
 * What a move leaves the piece (state.ts `mfLeft`, `riverCrossed`): the half MFs left
 * within its OMF (B-22's extra road hex for the others counted in: a move past the OMF
 * was along roads), none after the OMB; and whether its path crossed an unfrozen river.
 */
export function afterMove(
  board: Board,
  id: string,
  opt: MoveOption,
): { mfLeft: number; riverCrossed: boolean } {
  const omf = omfOf(board, id);
  const mfLeft = opt.bonus ? 0 : Math.max(0, (opt.cost > 2 * omf ? 2 * (omf + 1) : 2 * omf) - opt.cost);
  let riverCrossed = false;
  for (let i = 1; i < opt.path.length; i++) {
    const k = slotIndex(board, opt.path[i - 1]!, opt.path[i]!);
    if (k >= 0 && riverAt(board.s, k, board.weather)) riverCrossed = true;
  }
  return { mfLeft, riverCrossed };
}

/* ------------------------------------------------------------------------------------ */
/* One piece's moves: two searches                                                       */

/**
 * The four bounds of a piece's move, in half MFs, as the rules give them (-1: none):
 * within its OMF (it may still attack); the other units' "+1 extra hex" when the whole
 * move runs along roads (RULINGS B-22); with the OMB (OMB rule 2: not when it vacates a
 * forbidden ZOC); and the OMB along roads.
 */
interface MoveBounds {
  readonly omf: number;
  readonly roadOmf: number;
  readonly bonus: number;
  readonly roadBonus: number;
}

function boundsOf(board: Board, m: Mover): MoveBounds {
  const omf = omfOf(board, m.id);
  const roads = !m.mobile && !m.railOnly;
  // OMB rule 2: "It enters or vacates a ZOC of an UnDisrupted Russian army or German korps or army not already occupied by a friendly unit."
  const vacates = forbiddenZocs(board, m.side)[m.start] === 1 && !board.hasFriend(m.side, m.start, m.id);
  const bonusMf = omb(m.side, board.g.breakthrough);
  const total = omf + bonusMf;
  const bonus = !vacates && bonusMf > 0;
  return {
    omf: 2 * omf,
    roadOmf: roads ? 2 * (omf + 1) : -1,
    bonus: bonus ? 2 * total : -1,
    roadBonus: bonus && roads ? 2 * (total + 2) : -1,
  };
}

/** What a piece's searches read, for its carried list (piecesMoves): each hex once. */
class HexSet {
  private readonly stamp: Uint32Array;
  private generation = 0;
  private readonly items: Int32Array;
  private count = 0;

  constructor(n: number) {
    this.stamp = new Uint32Array(n);
    this.items = new Int32Array(n);
  }

  clear(): this {
    this.generation++;
    this.count = 0;
    return this;
  }

  add(h: number): void {
    if (this.stamp[h] === this.generation) return;
    this.stamp[h] = this.generation;
    this.items[this.count++] = h;
  }

  /** The hexes added since `clear`, in order, copied out (a plain array: quicker to make than a typed one). */
  take(): readonly number[] {
    if (this.count === 0) return NO_HEXES;
    const out = new Array<number>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.items[i]!;
    return out;
  }
}

/** No hexes: shared by the pieces' lists that read none of a kind (read-only; not frozen, as board.ts EMPTY). */
const NO_HEXES: readonly number[] = [];

/**
 * What a piece's searches read: the hexes they settled but did not offer (its start, the
 * forbidden ZOCs the OMB's rule 2 barred: the others settled are its destinations), and
 * where the OMB's rule 2 asked for a friendly unit.
 */
interface Reads {
  readonly unoffered: HexSet;
  readonly friendReads: HexSet;
}

/**
 * The two searches of a piece (run below), each in a work space of its own so both stay
 * readable while their answers are merged: every step, then the steps along roads.
 */
const workSpaces = new WeakMap<Graph, readonly [SearchSpace, SearchSpace]>();

function spacesFor(graph: Graph): readonly [SearchSpace, SearchSpace] {
  let spaces = workSpaces.get(graph);
  if (!spaces) {
    spaces = [new SearchSpace(graph), new SearchSpace(graph)];
    workSpaces.set(graph, spaces);
  }
  return spaces;
}

/**
 * One search from the piece's hex up to `maxCost`, along roads only if `roadOnly`. It
 * stands for two of the rules' searches at once, without and with the OMB: OMB rule 2's
 * ZOCs are a part of the hexes where a move must stop (each is next to an enemy army or
 * korps), so no path goes on through one either way, and a hex costs the same with the
 * OMB as without until its bound (moveOffers reads both off it). It neither forbids them
 * nor makes the special 1-hex moves; a motorized korps' whole-move steps (B-21) are left
 * out, listed in `wholeMoves`.
 */
function searchFrom(
  m: Mover,
  space: SearchSpace,
  maxCost: number,
  roadOnly: boolean,
  wholeMoves: number[],
): SearchSpace {
  const { board, side, start } = m;
  if (maxCost >= KORPS_SWAMP) throw new Error(`a move of ${maxCost} half MFs: past the tables' bounds`);
  const enemyZoc = board.zocCountOf(otherSide(side));
  if (m.railOnly) {
    // A railway gun's every step is its own (B-54).
    const policy: SearchPolicy = {
      stepCost: (from, slot, to) => firstStep(m, from, slot, to, roadOnly, wholeMoves),
      stopsAt: (node) => enemyZoc[node]! > 0,
    };
    return space.run(policy, { sources: [start], maxCost });
  }
  // The others' steps but the first are stepCost's sum read off tables: entering a hex
  // off-road, or a road's rate (one policy object, its fields set for each search).
  const policy = tablePolicy;
  policy.mover = m;
  policy.roadOnly = roadOnly;
  policy.wholeMoves = wholeMoves;
  policy.stopTable = enemyZoc;
  policy.enterCost = searchTable(board, m, roadOnly);
  policy.slotCost = roadRates(board.s, board.weather, m.mobile);
  fromStart.sources[0] = start;
  fromStart.maxCost = maxCost;
  space.run(policy, fromStart);
  policy.release();
  return space;
}

/** searchFrom's search options (the engine reads them as it starts), set for each search. */
const fromStart = { sources: [0], maxCost: 0 };

/** stepCost of a step out of the start, a motorized korps' whole move (B-21) listed in `wholeMoves` and left out of the search. */
function firstStep(
  m: Mover,
  from: number,
  slot: number,
  to: number,
  roadOnly: boolean,
  wholeMoves: number[],
): number {
  const cost = stepCost(m, from, slot, to, roadOnly);
  if (cost !== WHOLE_MOVE) return cost;
  wholeMoves.push(to);
  return -1;
}

/**
 * searchFrom's policy on tables (engine TablePolicy): its methods read the mover and the
 * search it is set for. One, reused: a search runs to its end before the next is set.
 */
class MoverTablePolicy implements TablePolicy {
  mover: Mover | null = null;
  roadOnly = false;
  wholeMoves: number[] = [];
  /** "An operationally moving unit is required to stop when it enters a hex adjacent to an enemy army or korps": the enemy side's ZOC count per hex. */
  stopTable: Uint16Array = new Uint16Array(0);
  enterCost: Int8Array = new Int8Array(0);
  slotCost: Int8Array = new Int8Array(0);

  sourceStepCost(from: number, slot: number, to: number): number {
    return firstStep(this.mover!, from, slot, to, this.roadOnly, this.wholeMoves);
  }

  /** Lets go of the search's board once it has run. */
  release(): void {
    this.mover = null;
    this.wholeMoves = [];
  }
}

const tablePolicy = new MoverTablePolicy();

/**
 * The special 1-hex moves out of the start hex, whatever they cost: "a unit may make a
 * special 1-hex move regardless of enemy ZOCs, if moving onto a hex already occupied by
 * a friendly unit"; "if not violating that rule a unit may always make a special 1-hex
 * move out of one enemy unit's ZOC into a different enemy unit's ZOC".
 */
function specialStep(m: Mover, slot: number, to: number): boolean {
  const { board } = m;
  if (!mayEnter(m, to)) return false;
  if (m.railOnly && !russianRailSlot(board, m.start, slot, to)) return false;
  if (friendOthers(m, to)) return true;
  if (m.startOwners.length === 0) return false;
  const owners = board.zocOwners(m.side, to);
  return owners.length > 0 && owners.every((o) => !m.startOwners.includes(o));
}

/** A friendly unit other than the mover in `hex`. */
function friendOthers(m: Mover, hex: number): boolean {
  return m.board.at[hex]!.length > 0 && m.board.hasFriend(m.side, hex, m.id);
}

/** Which search a destination's offer came from, for its path. */
const VIA_ALL = 0;
const VIA_ROADS = 1;
/** A single step from the start (a whole move, a special 1-hex move): the path is the two hexes. */
const VIA_STEP = 2;

/** moveOffers' best offer per hex (stamped, as a search's) and the destinations: one per map size, reused. */
interface Offers {
  generation: number;
  readonly stamp: Uint32Array;
  readonly cost: Int32Array;
  readonly bonus: Uint8Array;
  readonly via: Uint8Array;
  /** The destinations, `count` of them: first in the order offered, then cheapest first (then by hex). */
  readonly dests: Int32Array;
  count: number;
  /** sortOffers' work space: a key a destination, its cost above its hex's `hexBits` bits. */
  readonly keys: Int32Array;
  readonly hexBits: number;
}
const offerSpaces = new Map<number, Offers>();

function offersFor(n: number): Offers {
  let o = offerSpaces.get(n);
  if (!o || o.generation >= 0xfffffff0) {
    o = {
      generation: 0,
      stamp: new Uint32Array(n),
      cost: new Int32Array(n),
      bonus: new Uint8Array(n),
      via: new Uint8Array(n),
      dests: new Int32Array(n),
      count: 0,
      keys: new Int32Array(n),
      hexBits: 32 - Math.clz32(n),
    };
    // A cost is below KORPS_SWAMP (searchFrom): 7 bits above the hex's.
    if (o.hexBits + 7 > 31) throw new Error(`a map of ${n} hexes: too many for sortOffers' keys`);
    offerSpaces.set(n, o);
  }
  return o;
}

/**
 * Every destination of one piece with its cost and whether it uses the OMB, cheapest
 * first then by hex, before stacking: the first of the rules' four moves that reaches a
 * hex offers it (within the OMF, along roads within it, with the OMB, with the OMB along
 * roads). The searches' answers stay readable in `spaces` (the paths) until the next call.
 */
function moveOffers(
  m: Mover,
  reads: Reads | null,
): { offers: Offers; spaces: readonly [SearchSpace, SearchSpace] } {
  const { board, start } = m;
  const { graph } = board.s.map;
  const bounds = boundsOf(board, m);
  const o = offersFor(graph.nodeCount);
  const gen = ++o.generation;
  o.count = 0;
  const spaces = spacesFor(graph);
  reads?.unoffered.clear();
  reads?.friendReads.clear();
  const wholeMoves: number[] = [];
  const all = searchFrom(m, spaces[0], Math.max(bounds.omf, bounds.bonus), false, wholeMoves);
  // The search along roads only when a road leaves the start (else it reaches nothing).
  const roads =
    bounds.roadOmf >= 0 && roadFrom(board, start)
      ? searchFrom(m, spaces[1], Math.max(bounds.roadOmf, bounds.roadBonus), true, [])
      : null;
  // Within the OMF: the unit may still attack. A korps' whole move (B-21) costs all of it,
  // unless the hex is reached for less another way.
  for (let i = 0; i < all.reachedCount; i++) {
    const to = all.reached[i]!;
    const cost = all.cost[to]!;
    if (to === start || cost > bounds.omf) continue;
    if (cost === bounds.omf && wholeMoves.includes(to)) continue;
    offer(o, to, cost, false, VIA_ALL);
  }
  for (const to of wholeMoves) offer(o, to, bounds.omf, false, VIA_STEP);
  const { offsets, targets } = graph;
  for (let k = offsets[start]!; k < offsets[start + 1]!; k++) {
    const to = targets[k]!;
    if (to < 0 || o.stamp[to] === gen) continue;
    if (specialStep(m, k, to)) {
      offer(o, to, bounds.omf, false, VIA_STEP);
    }
  }
  // RULINGS B-22: "All other units' movement is increased 1 extra hex" when the whole move runs along roads.
  if (roads !== null)
    for (let i = 0; i < roads.reachedCount; i++) {
      const to = roads.reached[i]!;
      const cost = roads.cost[to]!;
      if (to !== start && cost <= bounds.roadOmf) offer(o, to, cost, false, VIA_ROADS);
    }
  // With the OMB: no attack; OMB rule 2: not into a forbidden ZOC "not already occupied by a
  // friendly unit" (where it asked that, the list reads the friendly units: `friendReads`).
  const forbidden = forbiddenZocs(board, m.side);
  if (bounds.bonus >= 0)
    for (let i = 0; i < all.reachedCount; i++) {
      const to = all.reached[i]!;
      if (to !== start && o.stamp[to] !== gen && !barred(m, forbidden, reads, to))
        offer(o, to, all.cost[to]!, true, VIA_ALL);
    }
  if (roads !== null && bounds.roadBonus >= 0)
    for (let i = 0; i < roads.reachedCount; i++) {
      const to = roads.reached[i]!;
      if (to !== start && o.stamp[to] !== gen && !barred(m, forbidden, reads, to))
        offer(o, to, roads.cost[to]!, true, VIA_ROADS);
    }
  // Every hex settled is a destination (whole moves and special 1-hex moves are) but these.
  if (reads !== null) {
    for (let i = 0; i < all.reachedCount; i++) {
      const to = all.reached[i]!;
      if (o.stamp[to] !== gen) reads.unoffered.add(to);
    }
    if (roads !== null)
      for (let i = 0; i < roads.reachedCount; i++) {
        const to = roads.reached[i]!;
        if (o.stamp[to] !== gen) reads.unoffered.add(to);
      }
  }
  sortOffers(o);
  return { offers: o, spaces };
}

/** Does a road (in this weather) leave `hex`? */
function roadFrom(board: Board, hex: number): boolean {
  const { offsets, targets } = board.s.map.graph;
  for (let k = offsets[hex]!, end = offsets[hex + 1]!; k < end; k++)
    if (targets[k]! >= 0 && roadAlong(board.s, k, board.weather)) return true;
  return false;
}

/** moveOffers' offer of `to`, unless an earlier one of the rules' moves has offered it. */
function offer(o: Offers, to: number, cost: number, bonus: boolean, via: number): void {
  if (o.stamp[to] === o.generation) return;
  o.stamp[to] = o.generation;
  o.cost[to] = cost;
  o.bonus[to] = bonus ? 1 : 0;
  o.via[to] = via;
  o.dests[o.count++] = to;
}

/**
 * OMB rule 2: is `h` a forbidden ZOC "not already occupied by a friendly unit"? Where it
 * asks, the list reads the friendly units (`friendReads`).
 */
function barred(m: Mover, forbidden: Uint8Array, reads: Reads | null, h: number): boolean {
  if (forbidden[h] !== 1) return false;
  reads?.friendReads.add(h);
  return !friendOthers(m, h);
}

/**
 * The destinations cheapest first, then by hex: each a key, its cost above its hex, put in
 * order by the typed array's own numeric sort, then read back.
 */
function sortOffers(o: Offers): void {
  const { dests, cost, keys, hexBits } = o;
  const count = o.count;
  const mask = (1 << hexBits) - 1;
  for (let i = 0; i < count; i++) {
    const to = dests[i]!;
    keys[i] = (cost[to]! << hexBits) | to;
  }
  keys.subarray(0, count).sort();
  for (let i = 0; i < count; i++) dests[i] = keys[i]! & mask;
}

/** The path of an offer (moveOffers'), start first. */
function pathOf(m: Mover, o: Offers, spaces: readonly [SearchSpace, SearchSpace], to: number): number[] {
  const via = o.via[to]!;
  return via === VIA_STEP ? [m.start, to] : spaces[via === VIA_ALL ? 0 : 1].pathTo(to);
}

/** Would the mover stack legally in `to` (Board.fitsOne), asked of many destinations: alone in a hex, the Mountain rule only. */
function fitsAt(m: Mover, to: number): boolean {
  const { board } = m;
  // A destination is never the mover's own hex: fitsOne's answer for a piece not in `to`.
  return board.at[to]!.length === 0
    ? !m.motorizedKorps || terrainIn(board.s, to, board.weather) !== 'mountain'
    : board.fitsUnit(to, m.unit);
}

/**
 * Every legal destination of one piece, cheapest first (a destination reachable within
 * the OMF is offered as such, else with the bonus), stacking checked at the end of the
 * move ("Stacking" Limits).
 */
export function moveOptions(
  board: Board,
  id: string,
  opts: {
    paths?: boolean;
    /** Only the move to this hex (none if it is not legal), its path the only one worked out. */
    to?: number;
  } = {},
): MoveOption[] {
  if (!canMove(board, id)) return [];
  const m = mover(board, id);
  const { offers: o, spaces } = moveOffers(m, null);
  const withPaths = opts.paths ?? true;
  const option = (to: number): MoveOption => ({
    to,
    cost: o.cost[to]!,
    bonus: o.bonus[to] === 1,
    path: withPaths ? pathOf(m, o, spaces, to) : [],
  });
  const only = opts.to;
  if (only !== undefined)
    return o.stamp[only] === o.generation && board.fitsOne(only, id) ? [option(only)] : [];
  const out: MoveOption[] = [];
  for (let i = 0; i < o.count; i++) {
    const to = o.dests[i]!;
    if (fitsAt(m, to)) out.push(option(to));
  }
  return out;
}

/* ------------------------------------------------------------------------------------ */
/* The movement lists carried from state to state                                        */

/**
 * What one piece's moves were worked out from: the list and every hex its searches
 * settled (its destinations `all` and the hexes `unoffered`). Its moves read only the enemy units on those hexes, on the hexes next to them
 * (the steps tried, their ZOCs) and on the hexes next to those (whose ZOCs cover the
 * steps tried); so a change of enemy units farther than 2 hexes from all of them cannot
 * change the list. Friendly units are read only next to its start (the special 1-hex
 * moves, leaving the start hex), where the OMB's rule 2 asked (`friendReads`) and at the
 * destinations (stacking).
 */
interface PieceMoves {
  /** What the piece was when its moves were worked out (ownKey). */
  readonly own: string;
  readonly start: number;
  /** The hexes its searches settled that are not destinations (its start among them): with `all`, every hex settled. */
  readonly unoffered: readonly number[];
  /** The hexes where a search asked whether a friendly unit was there (OMB rule 2). */
  readonly friendReads: readonly number[];
  /** Every destination before the stacking check, cheapest first (moveOffers' order). */
  readonly all: readonly number[];
  /** The destinations of `all` that pass the stacking check, in the same order: the list. */
  readonly list: readonly number[];
  /** The move actions of `list` (movementActions'), made once when first asked, then never changed. */
  actions: readonly MoveAction[] | null;
}

/** A move action of a legal list (steps/actions.ts 'move'). */
export interface MoveAction {
  readonly type: 'move';
  readonly piece: string;
  readonly to: number;
}

/** Per piece: where it is and what others read of it (placeKey), and its hex (-1 off the map). */
interface Places {
  readonly place: ReadonlyMap<string, string>;
  readonly at: ReadonlyMap<string, number>;
}

interface MoveMemo extends Places {
  /** What every piece's moves read beside the units: side, phase, weather, Ploesti/Grozny, converted track. */
  readonly global: string;
  readonly pieces: ReadonlyMap<string, PieceMoves>;
}

/** The last lists worked out for each `global` (a side's movement, its breakthrough...), at most MEMO_KEYS. */
type MoveMemos = Readonly<Record<string, MoveMemo>>;
const MEMO_KEYS = 4;

/**
 * The movement lists of a state, carried to the states made from it (engine frozen.ts
 * `CarriedCache`, as Mars carries its moves): `barbarossaRules.clone` passes them on
 * (`carryMovementLists`), through the steps with no moves, and a later state's lists keep
 * every piece's moves that no change of units came near. Any earlier state's lists serve:
 * what changed is found by comparing the pieces with what the lists were made from.
 */
export const movementMemo = new CarriedCache<BarbarossaState, MoveMemos>();

/** For `GameRules.clone`: the lists of `g` (its own, or those it was given) passed on to `draft`. */
export function carryMovementLists(g: BarbarossaState, draft: BarbarossaState): void {
  if (movementMemo.get(g) === undefined) {
    const given = movementMemo.inherited(g);
    if (given === undefined) return;
    movementMemo.set(g, given);
  }
  movementMemo.inherit(g, draft);
}

function globalKey(board: Board): string {
  const g = board.g;
  return `${g.player}|${g.breakthrough}|${board.weather}|${g.control.Ploesti ?? ''}|${g.control.Grozny ?? ''}|${g.converted.length}|${g.rumaniaOpen === true}`;
}

function placeKey(g: BarbarossaState, id: string): string {
  const p = g.pieces[id]!;
  return `${p.at}|${p.status}|${p.disrupted ? 1 : 0}|${p.unit ?? p.face}|${p.side}|${p.weak ? 1 : 0}`;
}

function ownKey(g: BarbarossaState, id: string, place: string): string {
  const p = g.pieces[id]!;
  return `${place}|${p.moved}|${p.attacked ? 1 : 0}`;
}

function placesOf(g: BarbarossaState): Places {
  const place = new Map<string, string>();
  const at = new Map<string, number>();
  for (const id of g.order) {
    const p = g.pieces[id]!;
    place.set(id, placeKey(g, id));
    at.set(id, p.status === 'map' ? p.at : -1);
  }
  return { place, at };
}

/**
 * The move actions of `moveOptions(board, id, { paths: false })`'s destinations for each of
 * `ids` (in their order), the same lists, reusing the parent state's where nothing they read
 * has changed (movementMemo). Made once a list: a list carried from the state before keeps
 * its actions (legal lists share them, never changed, as no legal action is).
 */
export function movementActions(board: Board, ids: readonly string[]): readonly (readonly MoveAction[])[] {
  const moves = piecesMoves(board, ids);
  const out = new Array<readonly MoveAction[]>(moves.length);
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    let actions = m.actions;
    if (actions === null) {
      const piece = ids[i]!;
      const { list } = m;
      const made = new Array<MoveAction>(list.length);
      for (let k = 0; k < list.length; k++) made[k] = { type: 'move', piece, to: list[k]! };
      actions = made;
      m.actions = actions;
    }
    out[i] = actions;
  }
  return out;
}

/** movementActions' work: each piece's moves, carried or worked out, remembered for the states made from this one. */
function piecesMoves(board: Board, ids: readonly string[]): PieceMoves[] {
  const g = board.g;
  const global = globalKey(board);
  // The lists given by the parent state first: a second call on the same state does the same
  // work as the first (a benchmark timing it is not timing a lookup).
  const memos = movementMemo.inherited(g) ?? movementMemo.get(g);
  const parent = memos?.[global];
  const places = placesOf(g);
  // What changed, found when a first piece's moves may be carried (none may, at a player-turn's first movement).
  let changes: Changes | null = null;
  const pieces = new Map<string, PieceMoves>();
  const reads = readsFor(board.s.map.graph.nodeCount);
  const lists = ids.map((id) => {
    const own = ownKey(g, id, places.place.get(id)!);
    const was = parent?.pieces.get(id);
    let kept: PieceMoves | null = null;
    if (parent !== undefined && was !== undefined && was.own === own) {
      changes ??= changesSince(board, parent, places);
      kept = carriedMoves(board, id, was, changes);
    }
    const moves = kept ?? workOutMoves(board, id, own, reads);
    pieces.set(id, moves);
    return moves;
  });
  rememberLists(g, memos, { global, ...places, pieces });
  return lists;
}

/**
 * What changed near the searches since the parent's lists. An enemy change within 2 hexes
 * of a hex they settled (its ZOC covers the hexes next to it) means working them out
 * again. A change of the movers' own side is read only where a friendly unit matters: the
 * special 1-hex moves and leaving the start hex (next to the start), the OMB's "not
 * already occupied by a friendly unit" (the hexes where the searches asked it), and the
 * stacking at a destination (checked again, the searches kept).
 */
interface Changes {
  /** 1 within 2 hexes of a changed enemy unit (or null: none changed). */
  readonly enemyNear: Uint8Array | null;
  /** 1 within 1 hex of a changed friendly unit. */
  readonly friendNear: Uint8Array | null;
  /** 1 at the hexes friendly units came to or left. */
  readonly friendAt: Uint8Array | null;
  /** Of those, the hexes that held a friendly unit and hold none now, or the other way round. */
  readonly friendFlip: Uint8Array | null;
}

function changesSince(board: Board, parent: MoveMemo, places: Places): Changes {
  const g = board.g;
  const { graph } = board.s.map;
  const n = graph.nodeCount;
  const side = g.player;
  let enemyNear: Uint8Array | null = null;
  let friendNear: Uint8Array | null = null;
  const friends = new Set<number>();
  const mark = (into: Uint8Array, h: number, radius: number) => {
    into[h] = 1;
    if (radius === 0) return;
    for (let k = graph.offsets[h]!; k < graph.offsets[h + 1]!; k++) {
      const x = graph.targets[k]!;
      if (x < 0) continue;
      into[x] = 1;
      if (radius < 2) continue;
      for (let j = graph.offsets[x]!; j < graph.offsets[x + 1]!; j++) {
        const y = graph.targets[j]!;
        if (y >= 0) into[y] = 1;
      }
    }
  };
  const changed = (h: number, own: boolean) => {
    if (h < 0) return;
    if (!own) {
      enemyNear ??= new Uint8Array(n);
      mark(enemyNear, h, 2);
      return;
    }
    friends.add(h);
    friendNear ??= new Uint8Array(n);
    mark(friendNear, h, 1);
  };
  for (const id of g.order) {
    if (parent.place.get(id) === places.place.get(id)) continue;
    const own = g.pieces[id]!.side === side;
    changed(parent.at.get(id) ?? -1, own);
    changed(places.at.get(id)!, own);
  }
  if (friends.size === 0) return { enemyNear, friendNear, friendAt: null, friendFlip: null };
  const friendAt = new Uint8Array(n);
  for (const h of friends) friendAt[h] = 1;
  const held = new Set<number>();
  for (const id of g.order) {
    const h = parent.at.get(id) ?? -1;
    if (h >= 0 && friendAt[h] === 1 && g.pieces[id]!.side === side) held.add(h);
  }
  let friendFlip: Uint8Array | null = null;
  for (const h of friends) {
    if (held.has(h) === board.hasFriend(side, h)) continue;
    friendFlip ??= new Uint8Array(n);
    friendFlip[h] = 1;
  }
  return { enemyNear, friendNear, friendAt, friendFlip };
}

/** Whether `map` has a 1 at one of `hexes`. */
function touches(map: Uint8Array | null, hexes: readonly number[]): boolean {
  if (map === null) return false;
  for (let i = 0; i < hexes.length; i++) if (map[hexes[i]!] === 1) return true;
  return false;
}

/** A piece's moves carried from the parent's lists (`was`), the stacking checked again where it may differ; null when they must be worked out again. */
function carriedMoves(board: Board, id: string, was: PieceMoves, ch: Changes): PieceMoves | null {
  if (ch.friendNear !== null && ch.friendNear[was.start] === 1) return null;
  if (touches(ch.enemyNear, was.all) || touches(ch.enemyNear, was.unoffered)) return null;
  if (touches(ch.friendFlip, was.friendReads)) return null;
  // Only the stacking at a destination may differ: checked again there.
  if (ch.friendAt === null || !touches(ch.friendAt, was.all)) return was;
  const list = restacked(board, id, was, ch.friendAt);
  return list === was.list ? was : { ...was, list, actions: null };
}

/**
 * The list of `was` with the stacking checked again at the hexes friendly units came to
 * or left (`friendAt`): the destinations of `all` that fit, in order; the same array
 * when they are the same (most often: the same actions are made of it).
 */
function restacked(board: Board, id: string, was: PieceMoves, friendAt: Uint8Array): readonly number[] {
  const out: number[] = [];
  let j = 0;
  let same = true;
  for (let i = 0; i < was.all.length; i++) {
    const to = was.all[i]!;
    const listed = was.list[j] === to;
    if (listed) j++;
    const fits = friendAt[to] === 1 ? board.fitsOne(to, id) : listed;
    if (fits !== listed) same = false;
    if (fits) out.push(to);
  }
  return same ? was.list : out;
}

/** The hex sets a piece's searches fill (what it read), one pair per map size, reused. */
const readSets = new Map<number, Reads>();

function readsFor(n: number): Reads {
  let r = readSets.get(n);
  if (!r) {
    r = { unoffered: new HexSet(n), friendReads: new HexSet(n) };
    readSets.set(n, r);
  }
  return r;
}

/** A piece's moves worked out afresh (moveOffers), with what its searches read. */
function workOutMoves(board: Board, id: string, own: string, reads: Reads): PieceMoves {
  const start = board.piece(id).at;
  if (!canMove(board, id)) {
    return {
      own,
      start,
      unoffered: [start],
      friendReads: NO_HEXES,
      all: NO_HEXES,
      list: NO_HEXES,
      actions: null,
    };
  }
  const m = mover(board, id);
  const { offers: o } = moveOffers(m, reads);
  const count = o.count;
  const all = new Array<number>(count);
  // The stacking checked at each destination: the list is `all` itself until one does not fit.
  let list: number[] | null = null;
  let listed = 0;
  for (let i = 0; i < count; i++) {
    const to = o.dests[i]!;
    all[i] = to;
    if (fitsAt(m, to)) {
      if (list !== null) list[listed++] = to;
    } else if (list === null) {
      list = new Array<number>(count - 1);
      for (let j = 0; j < i; j++) list[j] = all[j]!;
      listed = i;
    }
  }
  if (list !== null) list.length = listed;
  return {
    own,
    start,
    unoffered: reads.unoffered.take(),
    friendReads: reads.friendReads.take(),
    all,
    list: list ?? all,
    actions: null,
  };
}

/** The state's own lists: `memo` for its `global`, beside the latest others it was given (MEMO_KEYS in all). */
function rememberLists(g: BarbarossaState, memos: MoveMemos | undefined, memo: MoveMemo): void {
  const keep = Object.keys(memos ?? {})
    .filter((k) => k !== memo.global)
    .slice(-(MEMO_KEYS - 1));
  const next: Record<string, MoveMemo> = {};
  for (const k of keep) next[k] = memos![k]!;
  next[memo.global] = memo;
  movementMemo.set(g, next);
}
