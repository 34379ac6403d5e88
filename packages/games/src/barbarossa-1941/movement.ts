/**
 * Operational movement (barbarossa-1941 "Operational Movement", "Zones of Control",
 * "Fortresses, Entrenchment, Defense Lines, and Terrain Effects", "Weather", "Supply"
 * for Ploesti/Grozny): the engine search with a step cost and a zone-of-control policy.
 * Costs are in half movement factors, so that a mobile unit's road hex ("movement is
 * doubled on roads") costs 1.
 *
 * A move is either within the unit's OMF (it may still attack) or uses the Operational
 * Movement Bonus (it may not attack, nor enter or leave the ZOC of an Undisrupted Russian
 * army / German korps or army not already occupied by a friendly unit): two searches,
 * the second with the bonus and the OMB's own restriction.
 */
import { CarriedCache, type SearchPolicy, type SearchSpace, searchSpaceFor } from '@stavka/engine';
import type { Board } from './board.ts';
import { russianRailSlot } from './railway-guns.ts';
import {
  impassable,
  otherSide,
  type RulesScenario,
  riverAt,
  roadAlong,
  type Side,
  terrainIn,
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

function bonusZocAt(board: Board, side: Side, hex: number): boolean {
  for (const o of board.zocOwners(side, hex)) {
    const p = board.piece(o);
    if (p.disrupted) continue;
    const u = board.unit(o);
    if (side === 'axis' ? isArmy(u) : isGerman(u) && (isArmy(u) || isKorps(u))) return true;
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
  readonly startOwners: ReadonlySet<string>;
  /** B-66: a Russian unit before the Axis has attacked out of Rumania may not enter it. */
  readonly rumaniaClosed: boolean;
}

function mover(board: Board, id: string): Mover {
  const u = board.unit(id);
  const p = board.piece(id);
  const side = p.side;
  return {
    board,
    id,
    side,
    start: p.at,
    mobile: isMobile(u),
    motorizedKorps: isMotorized(u) && !isSmall(u),
    allied: isAxisAllied(u),
    railOnly: u.type === 'railway-gun',
    startOwners: new Set(board.zocOwners(side, p.at)),
    rumaniaClosed: side === 'soviet' && board.g.rumaniaOpen !== true,
  };
}

/** Whether the piece may enter `to` at all (terrain, enemies, B-17); the cost aside. */
function mayEnter(m: Mover, to: number): boolean {
  const { board } = m;
  const s = board.s;
  const w = board.weather;
  if (impassable(s, to, w)) return false;
  if (board.at[to]!.length > 0 && board.hasEnemyGround(m.side, to)) return false;
  // B-17: "Axis allied units must remain in the south."
  if (m.allied && s.south[to] !== 1) return false;
  // B-66: "The Russians may not attack Rumania unless the Axis do attack out of it": nor enter it.
  if (m.rumaniaClosed && s.rumania[to] === 1) return false;
  // "Mountain: Panzer/tank and motorized units must be at division/brigade level to transit, even via roads"
  if (m.motorizedKorps && terrainIn(s, to, w) === 'mountain') return false;
  return true;
}

/**
 * The cost of one step in half MFs, or -1; `road` true for a step that must follow a
 * road (the other units' "+1 extra hex" search, RULINGS B-22).
 */
function stepCost(
  m: Mover,
  from: number,
  slot: number,
  to: number,
  maxCost: number,
  roadOnly: boolean,
): number {
  if (!mayEnter(m, to)) return -1;
  const { board } = m;
  const s = board.s;
  const w = board.weather;
  // "A unit may not move (1 hex, directly) from one Enemy ZOC to another EZOC of the same enemy unit."
  if (from === m.start && m.startOwners.size > 0) {
    for (const o of board.zocOwners(m.side, to)) if (m.startOwners.has(o)) return -1;
  }
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
    if (m.motorizedKorps) return from === m.start ? maxCost : -1;
    if (m.mobile) cost = 4;
  }
  // B-21: a korps starting in a swamp leaves it off-road only as its whole move.
  if (m.motorizedKorps && from === m.start) {
    const here = terrainIn(s, from, w);
    if (here === 'swamp' || here === 'swamp-forest') return maxCost;
  }
  return cost;
}

/** stepCost's `t` for a motorized korps' swamp hex: entered off-road only as its whole move, from its start (B-21). */
const KORPS_SWAMP = 100;

/**
 * Per scenario, weather and class of mover (movers alike in all `mayEnter` and the
 * terrain costs read of a hex): what entering each hex off-road costs in half MFs, -1
 * where the unit may not enter it whatever its units (mayEnter's terrain, B-17, B-66 and
 * the Mountain rule), KORPS_SWAMP for a motorized korps' swamp. Made once: every step a
 * search tries reads it (stepCost's sum for every start but the mover's own hex).
 */
const entryTables = new WeakMap<RulesScenario, Map<string, Int8Array>>();

function entryTable(board: Board, m: Mover): Int8Array {
  const s = board.s;
  const w = board.weather;
  let tables = entryTables.get(s);
  if (!tables) {
    tables = new Map();
    entryTables.set(s, tables);
  }
  const key = `${w}|${m.allied ? 1 : 0}${m.rumaniaClosed ? 1 : 0}${m.motorizedKorps ? 1 : 0}${m.mobile ? 1 : 0}`;
  let table = tables.get(key);
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
  tables.set(key, table);
  return table;
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
  if (!(isArmour(u) || (isGerman(u) && isArmy(u)))) return 'none';
  const p = board.piece(id);
  const slot = slotIndex(board, p.at, target);
  const across = slot >= 0 && riverAt(board.s, slot, board.weather);
  if (!across && p.riverCrossed !== true) return 'none';
  return (p.mfLeft ?? 2 * omfOf(board, id)) >= 2 ? 'paid' : 'short';
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

/**
 * One search. `friendReads` is given every hex where the OMB's rule 2 asked whether a
 * friendly unit was there (a step into a forbidden ZOC): the only hexes where friendly
 * units change what the search does, but for its start (movementLists).
 */
function run(
  m: Mover,
  maxCost: number,
  opts: { roadOnly: boolean; bonus: boolean },
  friendReads?: number[],
): SearchSpace {
  const { board } = m;
  const friendOthers = (h: number) => board.at[h]!.length > 0 && board.hasFriend(m.side, h, m.id);
  // OMB rule 2's ZOCs (bonusForbiddenZoc), judged once a hex and board.
  const bonus = opts.bonus;
  const side = m.side;
  const judge = (h: number) => bonusZocAt(board, side, h);
  // stepCost from any hex but the start, read off tables (the same sum: see entryTable).
  const { start, mobile, railOnly } = m;
  const roadOnly = opts.roadOnly;
  const table = entryTable(board, m);
  const enemyGround = board.enemyGroundOf(m.side);
  const { s, weather } = board;
  const enemyZoc = board.zocCountOf(otherSide(m.side));
  const policy: SearchPolicy = {
    stepCost(from, slot, to) {
      // OMB rule 2: the bonus is lost by entering such a ZOC not already occupied by a friendly unit.
      if (bonus && board.bonusZocAt(side, to, judge)) {
        friendReads?.push(to);
        if (!friendOthers(to)) return -1;
      }
      if (from === start || railOnly) return stepCost(m, from, slot, to, maxCost, roadOnly);
      const t = table[to]!;
      if (t < 0 || enemyGround[to] === 1) return -1;
      const road = roadAlong(s, slot, weather);
      if (road) return mobile ? 1 : 2;
      if (roadOnly) return -1;
      return t === KORPS_SWAMP ? -1 : t;
    },
    // "An operationally moving unit is required to stop when it enters a hex adjacent to an enemy army or korps"
    stopsAt: (node) => enemyZoc[node]! > 0,
    alwaysAllowed(from, slot, to) {
      if (opts.bonus || opts.roadOnly) return false;
      if (!mayEnter(m, to)) return false;
      if (m.railOnly && !russianRailSlot(board, from, slot, to)) return false;
      // "a unit may make a special 1-hex move regardless of enemy ZOCs, if moving onto a hex already occupied by a friendly unit"
      if (friendOthers(to)) return true;
      // "if not violating that rule a unit may always make a special 1-hex move out of one enemy unit's ZOC into a different enemy unit's ZOC"
      if (m.startOwners.size === 0) return false;
      const owners = board.zocOwners(m.side, to);
      return owners.length > 0 && owners.every((o) => !m.startOwners.has(o));
    },
  };
  // The shared work space: read before the next run (moveOptions does).
  return searchSpaceFor(board.s.map.graph).run(policy, { sources: [m.start], maxCost });
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
    reached?: number[];
    all?: MoveOption[];
    friendReads?: number[];
  } = {},
): MoveOption[] {
  if (!canMove(board, id)) return [];
  const withPaths = opts.paths ?? true;
  const only = opts.to;
  const friendReads = opts.friendReads;
  const m = mover(board, id);
  const omf = omfOf(board, id);
  const bonusMf = omb(m.side, board.g.breakthrough);
  // The best offer per destination so far, by hex (stamped), and the destinations in the
  // order first offered.
  const b = bestSpace(board.s.map.graph.nodeCount);
  const gen = ++b.generation;
  const dests: number[] = [];
  const paths = withPaths ? new Map<number, number[]>() : null;
  const reached = opts.reached;
  const offer = (space: SearchSpace, bonus: boolean, limit: number) => {
    for (let i = 0; i < space.reachedCount; i++) {
      const to = space.reached[i]!;
      reached?.push(to);
      if (to === m.start) continue;
      const cost = space.cost[to]!;
      if (cost > limit) continue;
      if (b.stamp[to] === gen) {
        if (b.bonus[to] === 0 || bonus) continue;
      } else {
        b.stamp[to] = gen;
        dests.push(to);
      }
      b.cost[to] = cost;
      b.bonus[to] = bonus ? 1 : 0;
      if (paths !== null && (only === undefined || only === to)) paths.set(to, space.pathTo(to));
    }
  };
  const option = (to: number): MoveOption => ({
    to,
    cost: b.cost[to]!,
    bonus: b.bonus[to] === 1,
    path: paths?.get(to) ?? [],
  });
  // Within the OMF: the unit may still attack.
  offer(run(m, 2 * omf, { roadOnly: false, bonus: false }, friendReads), false, 2 * omf);
  if (!m.mobile && !m.railOnly) {
    // RULINGS B-22: "All other units' movement is increased 1 extra hex" when the whole move runs along roads.
    offer(run(m, 2 * (omf + 1), { roadOnly: true, bonus: false }, friendReads), false, 2 * (omf + 1));
  }
  // OMB rule 2: "It enters or vacates a ZOC of an UnDisrupted Russian army or German korps or army not already occupied by a friendly unit."
  const vacates = bonusForbiddenZoc(board, m.side, m.start) && !board.hasFriend(m.side, m.start, id);
  if (!vacates && bonusMf > 0) {
    const total = omf + bonusMf;
    offer(run(m, 2 * total, { roadOnly: false, bonus: true }, friendReads), true, 2 * total);
    if (!m.mobile && !m.railOnly)
      offer(run(m, 2 * (total + 2), { roadOnly: true, bonus: true }, friendReads), true, 2 * (total + 2));
  }
  if (only !== undefined) return b.stamp[only] === gen && board.fitsOne(only, id) ? [option(only)] : [];
  // Cheapest first, then by hex: sorted as one number each (cost, then hex).
  const n = board.s.map.graph.nodeCount;
  const order = new Float64Array(dests.length);
  for (let i = 0; i < dests.length; i++) order[i] = b.cost[dests[i]!]! * n + dests[i]!;
  order.sort();
  const all: MoveOption[] = [];
  for (let i = 0; i < order.length; i++) all.push(option(order[i]! % n));
  opts.all?.push(...all);
  // Alone in a hex, the unit stacks but for the Mountain rule (Board.fits): asked here of
  // the unit once, not of every destination.
  const u = board.unit(id);
  const mountainBound = isMotorized(u) && !isSmall(u);
  const { s, weather } = board;
  return all.filter((o) =>
    board.at[o.to]!.length === 0
      ? !mountainBound || terrainIn(s, o.to, weather) !== 'mountain'
      : board.fitsOne(o.to, id),
  );
}

/** moveOptions' best offers per hex, stamped (a search's, the same way): one per map size, reused. */
interface BestSpace {
  generation: number;
  readonly stamp: Uint32Array;
  readonly cost: Int32Array;
  readonly bonus: Uint8Array;
}
const bestSpaces = new Map<number, BestSpace>();

function bestSpace(n: number): BestSpace {
  let b = bestSpaces.get(n);
  if (!b || b.generation >= 0xfffffff0) {
    b = { generation: 0, stamp: new Uint32Array(n), cost: new Int32Array(n), bonus: new Uint8Array(n) };
    bestSpaces.set(n, b);
  }
  return b;
}

/* ------------------------------------------------------------------------------------ */
/* The movement lists carried from state to state                                        */

/**
 * What one piece's moves were worked out from: the list (without paths) and every hex its
 * searches settled. Its moves read only the enemy units on those hexes, on the hexes next
 * to them (the steps tried, their ZOCs) and on the hexes next to those (whose ZOCs cover
 * the steps tried); so a change of enemy units farther than 2 hexes from all of them
 * cannot change the list. Friendly units are read only next to its start (the special
 * 1-hex moves, leaving the start hex), where the OMB's rule 2 asked (`friendReads`) and
 * at the destinations (stacking).
 */
interface PieceMoves {
  readonly own: string;
  readonly start: number;
  readonly reached: Int32Array;
  /** The hexes where a search asked whether a friendly unit was there (OMB rule 2). */
  readonly friendReads: Int32Array;
  /** Every destination before the stacking check, and those that pass it. */
  readonly all: readonly MoveOption[];
  /** The hexes of `all`, in order (a binary search finds a hex among them). */
  readonly tos: Int32Array;
  readonly list: readonly MoveOption[];
}

interface MoveMemo {
  /** What every piece's moves read beside the units: side, phase, weather, Ploesti/Grozny, converted track. */
  readonly global: string;
  /** Per piece: where it is and what others read of it (hex, status, Disrupted, unit or face, side, weak). */
  readonly place: ReadonlyMap<string, string>;
  readonly at: ReadonlyMap<string, number>;
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

/** Whether the sorted `hexes` hold `h`. */
function hasHex(hexes: Int32Array, h: number): boolean {
  let lo = 0;
  let hi = hexes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = hexes[mid]!;
    if (x === h) return true;
    if (x < h) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * `moveOptions(board, id, { paths: false })` for each of `ids` (in their order), the same
 * lists, reusing the parent state's where nothing it read has changed (movementMemo).
 */
export function movementLists(board: Board, ids: readonly string[]): MoveOption[][] {
  const g = board.g;
  const { graph } = board.s.map;
  const global = globalKey(board);
  // The lists given by the parent state first: a second call on the same state does the same
  // work as the first (a benchmark timing it is not timing a lookup).
  const memos = movementMemo.inherited(g) ?? movementMemo.get(g);
  const parent = memos?.[global];
  const usable = parent !== undefined;
  const place = new Map<string, string>();
  const at = new Map<string, number>();
  // What changed near a piece's searches. An enemy change within 2 hexes of a hex they
  // settled (its ZOC covers the hexes next to it) means working them out again. A change
  // of the movers' own side is read only where a friendly unit matters: the special 1-hex
  // moves and leaving the start hex (next to the start), the OMB's "not already occupied by
  // a friendly unit" (the hexes where the searches asked it), and the stacking at a
  // destination (checked again, the searches kept).
  const n = graph.nodeCount;
  let enemyNear: Uint8Array | null = null;
  let friendNear: Uint8Array | null = null;
  const friends = new Set<number>();
  const side = g.player;
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
    const key = placeKey(g, id);
    const p = g.pieces[id]!;
    const hex = p.status === 'map' ? p.at : -1;
    place.set(id, key);
    at.set(id, hex);
    if (usable && parent.place.get(id) !== key) {
      changed(parent.at.get(id) ?? -1, p.side === side);
      changed(hex, p.side === side);
    }
  }
  const pieces = new Map<string, PieceMoves>();
  // The hexes friendly units came to or left, as a map; and a stamp per piece for the
  // hexes its searches settled (each listed once).
  // Of those, the hexes that held a friendly unit and hold none now, or the other way
  // round: the OMB's rule 2 asks only whether one is there.
  let friendAt: Uint8Array | null = null;
  let friendFlip: Uint8Array | null = null;
  const friendList = [...friends];
  if (friends.size > 0) {
    friendAt = new Uint8Array(n);
    for (const h of friends) friendAt[h] = 1;
    const held = new Set<number>();
    for (const id of g.order) {
      const h = parent!.at.get(id) ?? -1;
      if (h >= 0 && friendAt[h] === 1 && g.pieces[id]!.side === side) held.add(h);
    }
    for (const h of friends) {
      if (held.has(h) === board.hasFriend(side, h)) continue;
      friendFlip ??= new Uint8Array(n);
      friendFlip[h] = 1;
    }
  }
  const seen = new Int32Array(n);
  let stamp = 0;
  /** The hexes of `hexes`, each once. */
  const distinct = (hexes: readonly number[]): Int32Array => {
    stamp++;
    const out: number[] = [];
    for (const h of hexes) {
      if (seen[h] === stamp) continue;
      seen[h] = stamp;
      out.push(h);
    }
    return Int32Array.from(out);
  };
  const out = ids.map((id) => {
    const own = ownKey(g, id, place.get(id)!);
    const was = usable ? parent.pieces.get(id) : undefined;
    if (was && was.own === own) {
      const e = enemyNear as Uint8Array | null;
      const fn = friendNear as Uint8Array | null;
      const fa = friendAt as Uint8Array | null;
      const ff = friendFlip as Uint8Array | null;
      let touched = fn !== null && fn[was.start] === 1;
      if (!touched && e !== null)
        for (const h of was.reached)
          if (e[h] === 1) {
            touched = true;
            break;
          }
      if (!touched && ff !== null)
        for (const h of was.friendReads)
          if (ff[h] === 1) {
            touched = true;
            break;
          }
      if (!touched) {
        if (fa !== null && friendList.some((h) => hasHex(was.tos, h))) {
          // Only the stacking at a destination may differ: checked again there. The list
          // is the destinations (`all`, the same objects in the same order) that fit.
          const list: MoveOption[] = [];
          let j = 0;
          for (const o of was.all) {
            const listed = was.list[j] === o;
            if (listed) j++;
            if (fa[o.to] === 1 ? board.fitsOne(o.to, id) : listed) list.push(o);
          }
          // The same list (most often): the same array, for what is made of it (the actions).
          if (list.length !== was.list.length || list.some((o, i) => o !== was.list[i])) {
            pieces.set(id, { ...was, list });
            return list;
          }
        }
        pieces.set(id, was);
        return was.list as MoveOption[];
      }
    }
    const start = g.pieces[id]!.at;
    const reached: number[] = [start];
    const reads: number[] = [];
    const all: MoveOption[] = [];
    const list = moveOptions(board, id, { paths: false, reached, all, friendReads: reads });
    const tos = new Int32Array(all.length);
    for (let i = 0; i < all.length; i++) tos[i] = all[i]!.to;
    tos.sort();
    pieces.set(id, { own, start, reached: distinct(reached), friendReads: distinct(reads), all, tos, list });
    return list;
  });
  const keep = Object.keys(memos ?? {})
    .filter((k) => k !== global)
    .slice(-(MEMO_KEYS - 1));
  const next: Record<string, MoveMemo> = {};
  for (const k of keep) next[k] = memos![k]!;
  next[global] = { global, place, at, pieces };
  movementMemo.set(g, next);
  return out;
}
