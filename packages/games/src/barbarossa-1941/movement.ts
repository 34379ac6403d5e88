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
import { impassable, riverAt, roadAlong, type Side, terrainIn } from './rules-scenario.ts';
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
  return board.bonusZocOf(side, (h) => bonusZocAt(board, side, h))[hex] === 1;
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

function run(m: Mover, maxCost: number, opts: { roadOnly: boolean; bonus: boolean }): SearchSpace {
  const { board } = m;
  const friendOthers = (h: number) => board.at[h]!.length > 0 && board.hasFriend(m.side, h, m.id);
  // OMB rule 2's ZOCs, read once a search (bonusForbiddenZoc's map).
  const forbidden = opts.bonus ? board.bonusZocOf(m.side, (h) => bonusZocAt(board, m.side, h)) : null;
  const policy: SearchPolicy = {
    stepCost(from, slot, to) {
      // OMB rule 2: the bonus is lost by entering such a ZOC not already occupied by a friendly unit.
      if (forbidden !== null && forbidden[to] === 1 && !friendOthers(to)) return -1;
      return stepCost(m, from, slot, to, maxCost, opts.roadOnly);
    },
    // "An operationally moving unit is required to stop when it enters a hex adjacent to an enemy army or korps"
    stopsAt: (node) => board.inEnemyZoc(m.side, node),
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
  opts: { paths?: boolean; reached?: number[]; all?: MoveOption[] } = {},
): MoveOption[] {
  if (!canMove(board, id)) return [];
  const withPaths = opts.paths ?? true;
  const m = mover(board, id);
  const omf = omfOf(board, id);
  const bonusMf = omb(m.side, board.g.breakthrough);
  const best = new Map<number, MoveOption>();
  const reached = opts.reached;
  const offer = (space: SearchSpace, bonus: boolean, limit: number) => {
    for (let i = 0; i < space.reachedCount; i++) {
      const to = space.reached[i]!;
      reached?.push(to);
      if (to === m.start) continue;
      const cost = space.cost[to]!;
      if (cost > limit) continue;
      const known = best.get(to);
      if (known && (!known.bonus || bonus)) continue;
      best.set(to, { to, cost, bonus, path: withPaths ? space.pathTo(to) : [] });
    }
  };
  // Within the OMF: the unit may still attack.
  offer(run(m, 2 * omf, { roadOnly: false, bonus: false }), false, 2 * omf);
  if (!m.mobile && !m.railOnly) {
    // RULINGS B-22: "All other units' movement is increased 1 extra hex" when the whole move runs along roads.
    offer(run(m, 2 * (omf + 1), { roadOnly: true, bonus: false }), false, 2 * (omf + 1));
  }
  // OMB rule 2: "It enters or vacates a ZOC of an UnDisrupted Russian army or German korps or army not already occupied by a friendly unit."
  const vacates = bonusForbiddenZoc(board, m.side, m.start) && !board.hasFriend(m.side, m.start, id);
  if (!vacates && bonusMf > 0) {
    const total = omf + bonusMf;
    offer(run(m, 2 * total, { roadOnly: false, bonus: true }), true, 2 * total);
    if (!m.mobile && !m.railOnly)
      offer(run(m, 2 * (total + 2), { roadOnly: true, bonus: true }), true, 2 * (total + 2));
  }
  const all = [...best.values()].sort((a, b) => a.cost - b.cost || a.to - b.to);
  opts.all?.push(...all);
  return all.filter((o) => board.fits(o.to, [id]));
}

/* ------------------------------------------------------------------------------------ */
/* The movement lists carried from state to state                                        */

/**
 * What one piece's moves were worked out from: the list (without paths) and every hex its
 * searches settled. Its moves read only the units on those hexes, on the hexes next to
 * them (the steps tried, their ZOCs) and on the hexes next to those (whose ZOCs cover the
 * steps tried); so a change of units farther than 2 hexes from all of them cannot change
 * the list.
 */
interface PieceMoves {
  readonly own: string;
  readonly start: number;
  readonly reached: Int32Array;
  /** Every destination before the stacking check, and those that pass it. */
  readonly all: readonly MoveOption[];
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
  // a friendly unit" (the hexes of the OMB's ZOCs tried), and the stacking at a destination
  // (checked again, the searches kept).
  const n = graph.nodeCount;
  let enemyNear: Uint8Array | null = null;
  let friendNear: Uint8Array | null = null;
  let friendBonus: Uint8Array | null = null;
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
    if (bonusForbiddenZoc(board, side, h)) {
      friendBonus ??= new Uint8Array(n);
      mark(friendBonus, h, 1);
    }
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
  let friendAt: Uint8Array | null = null;
  if (friends.size > 0) {
    friendAt = new Uint8Array(n);
    for (const h of friends) friendAt[h] = 1;
  }
  const seen = new Int32Array(n);
  let stamp = 0;
  const out = ids.map((id) => {
    const own = ownKey(g, id, place.get(id)!);
    const was = usable ? parent.pieces.get(id) : undefined;
    if (was && was.own === own) {
      const e = enemyNear as Uint8Array | null;
      const fb = friendBonus as Uint8Array | null;
      const fn = friendNear as Uint8Array | null;
      let touched = fn !== null && fn[was.start] === 1;
      if (!touched && (e || fb))
        for (const h of was.reached)
          if (e?.[h] === 1 || fb?.[h] === 1) {
            touched = true;
            break;
          }
      if (!touched) {
        const fa = friendAt as Uint8Array | null;
        if (fa !== null && was.all.some((o) => fa[o.to] === 1)) {
          // Only the stacking at a destination may differ: checked again there. The list
          // is the destinations (`all`, the same objects in the same order) that fit.
          const list: MoveOption[] = [];
          let j = 0;
          for (const o of was.all) {
            const listed = was.list[j] === o;
            if (listed) j++;
            if (fa[o.to] === 1 ? board.fits(o.to, [id]) : listed) list.push(o);
          }
          pieces.set(id, { ...was, list });
          return list;
        }
        pieces.set(id, was);
        return was.list as MoveOption[];
      }
    }
    const start = g.pieces[id]!.at;
    const reached: number[] = [start];
    const all: MoveOption[] = [];
    const list = moveOptions(board, id, { paths: false, reached, all });
    stamp++;
    const settled: number[] = [];
    for (const h of reached) {
      if (seen[h] === stamp) continue;
      seen[h] = stamp;
      settled.push(h);
    }
    pieces.set(id, { own, start, reached: Int32Array.from(settled), all, list });
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
