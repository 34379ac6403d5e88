/**
 * Supply pickets for von Kluge: units sent into the empty hexes where a Soviet zone of
 * control cuts a German supply line. A supply line may not pass through an enemy ZOC
 * "unless that is occupied by a friendly unit" (mars-1942 "Supply"), and German supply
 * is judged after the German movement and combat (GAMETURN SEQUENCE B.6): a unit that
 * stands in the gap in the movement step keeps the units behind it supplied, where an
 * isolated unit is Disrupted and, if Disrupted already, eliminated (M-9), and a zone
 * scores for von Kluge only while a unit in it is in supply (Victory Conditions 1).
 *
 * Played out, this is where the German army was lost: isolated units dying in their own
 * supply phase were the largest single cause of German eliminations between AIs
 * (docs/mars-balance.md, "Where the German army goes").
 */

import { hexDistances as hexDistancesFrom } from './map.ts';
import { Board, isInfantry, type moveOptions, type Side, sideUnits, unitAt } from './mars-games.ts';
import { unitWorth } from './odds.ts';

type MoveOptions = ReturnType<typeof moveOptions>;

/** At most this many pickets a player-turn: the rest of the army has its own work. */
const MAX_PICKETS = 4;
/** A picket must win back at least this much (victory points, as `supplyCost` counts them). */
const MIN_GAIN = 0.5;
/** A cut must be worth at least this much, after its risk. */
const MIN_CUT_GAIN = 2;

const cut = (d: number) => d < 0 || d > 8;

/**
 * What the supply picture costs `side`, roughly in victory points: its isolated units
 * (they may not attack, attacks on them gain 2 columns, and in their own supply phase
 * they are Disrupted, then eliminated: M-9), its rationed ones (a column against them
 * either way), and for von Kluge Rzhev and Gzhatsk isolated (5 points each) and zones
 * with no unit in supply (Victory Conditions 1 and 2).
 */
export function supplyCost(board: Board, side: Side): number {
  const { s } = board;
  const dist = board.supplyDistance(side);
  let cost = 0;
  const zoneSupplied = new Uint8Array(s.defenseZones.length);
  const zoneHeld = new Uint8Array(s.defenseZones.length);
  const states = board.states;
  for (const i of s.sideIndexes[side]) {
    const st = states[i]!;
    if (st.status !== 'map' || st.at < 0) continue;
    const d = dist[st.at]!;
    const z = side === 'german' ? s.zoneOf[st.at]! : -1;
    if (z >= 0) zoneHeld[z] = 1;
    if (cut(d)) cost += unitWorth(board, s.unitIds[i]!) * (st.disrupted ? 1 : 0.6) + 0.3;
    else {
      if (d > 4) cost += 0.2;
      if (z >= 0) zoneSupplied[z] = 1;
    }
  }
  if (side === 'german') {
    for (let z = 0; z < zoneHeld.length; z++) if (zoneHeld[z] && !zoneSupplied[z]) cost += 1;
    for (const city of [s.rzhev, s.gzhatsk]) if (board.owner[city] === 1 && cut(dist[city]!)) cost += 5;
  }
  return cost;
}

function withUnitAt(board: Board, id: string, at: number): Board {
  return Board.withUnits(board, [[id, unitAt(board.unitState(id), at)]]);
}

/**
 * The pickets to post, in order: [unit, hex]. `board` holds the planned attack moves;
 * `free` the units with nothing else to do, `options` their moves, `stackingOk` whether
 * a unit may end in a hex as the plan stands. Each pick is the move that wins back the
 * most supply (`supplyCost`), counting the hex its picket leaves.
 */
export function supplyPickets(
  start: Board,
  side: Side,
  free: readonly string[],
  options: ReadonlyMap<string, MoveOptions>,
  stackingOk: (id: string, hex: number) => boolean,
): [string, number][] {
  let board = start;
  let cost = supplyCost(board, side);
  const posted: [string, number][] = [];
  const left = new Set(free);
  while (cost > MIN_GAIN && posted.length < MAX_PICKETS) {
    const blocked = board.supplyBlocked(side);
    // Each gap once: the unit sent is the one that costs least to spare, infantry first
    // (panzers are the counter-attack), never one that already stands in a gap itself.
    const byHex = new Map<number, string>();
    const rank = (id: string) => unitWorth(board, id) - (isInfantry(board.unit(id)) ? 1 : 0);
    const zoc = board.enemyZoc(side).any;
    for (const id of left) {
      const st = board.unitState(id);
      if (zoc[st.at] === 1) continue;
      for (const m of options.get(id) ?? []) {
        if (blocked[m.to] !== 1 || board.owner[m.to] !== 0 || !stackingOk(id, m.to)) continue;
        const was = byHex.get(m.to);
        if (was === undefined || rank(id) < rank(was) || (rank(id) === rank(was) && id < was))
          byHex.set(m.to, id);
      }
    }
    let best: { id: string; hex: number; after: Board; cost: number } | null = null;
    for (const [hex, id] of [...byHex].sort((a, b) => a[0] - b[0])) {
      const after = withUnitAt(board, id, hex);
      const c = supplyCost(after, side);
      if (!best || c < best.cost) best = { id, hex, after, cost: c };
    }
    if (!best || cost - best.cost < MIN_GAIN) break;
    posted.push([best.id, best.hex]);
    left.delete(best.id);
    board = best.after;
    cost = best.cost;
  }
  return posted;
}

/** Hexes by supply distance (index: distance), per trace: boards with the same blocked hexes share it. */
const byDistance = new WeakMap<Int32Array, number[][]>();

function distanceBuckets(dist: Int32Array): number[][] {
  let buckets = byDistance.get(dist);
  if (!buckets) {
    buckets = [];
    for (let h = 0; h < dist.length; h++) {
      const d = dist[h]!;
      if (d < 0) continue;
      buckets[d] ??= [];
      buckets[d].push(h);
    }
    byDistance.set(dist, buckets);
  }
  return buckets;
}

/** lengthensLine's hexes cut off: those marked with the call's own mark (no array a call). */
let hitMarks = new Uint32Array(0);
let hitMark = 0;

/**
 * Whether a unit of the other side entering empty `hex` could lengthen or cut a supply
 * line of `side` that one of its units (so also a zone, or Rzhev or Gzhatsk held) traces:
 * without it no cut there is worth tracing. The unit closes its hex and, by its ZOC, the
 * neighbours no unit of `side` holds (mars-1942 "Supply"). Exact for the trace's second
 * stage (a hex a step from the road and rail net): a hex keeps its distance while one
 * neighbour a step nearer keeps its own; a closed hex on the net itself: always yes.
 */
export function lengthensLine(board: Board, side: Side, hex: number): boolean {
  const dist = board.supplyDistance(side);
  const { offsets, targets } = board.s.map.graph;
  if (hitMarks.length !== dist.length) hitMarks = new Uint32Array(dist.length);
  hitMark = (hitMark + 1) >>> 0;
  if (hitMark === 0) {
    hitMarks.fill(0);
    hitMark = 1;
  }
  const mark = hitMark;
  const hit = hitMarks;
  let first = Infinity;
  let last = -1;
  const close = (h: number) => {
    const d = dist[h]!;
    if (d < 0) return;
    hit[h] = mark;
    first = Math.min(first, d);
    last = Math.max(last, d);
  };
  close(hex);
  for (let slot = offsets[hex]!; slot < offsets[hex + 1]!; slot++) {
    const n = targets[slot]!;
    if (n >= 0 && !board.isFriendlyHex(side, n)) close(n);
  }
  if (last < 0) return false;
  if (first === 0) return true;
  const buckets = distanceBuckets(dist);
  const code = board.sideCode(side);
  for (let d = first; d < buckets.length; d++) {
    let any = false;
    for (const h of buckets[d] ?? []) {
      if (hit[h] !== mark) {
        // Cut off only when every neighbour a step nearer is.
        let nearer = 0;
        let open = false;
        for (let slot = offsets[h]!; slot < offsets[h + 1]! && !open; slot++) {
          const n = targets[slot]!;
          if (n < 0 || dist[n] !== d - 1) continue;
          nearer++;
          open = hit[n] !== mark;
        }
        if (nearer === 0 || open) continue;
        hit[h] = mark;
      }
      any = true;
      if (board.owner[h] === code) return true;
    }
    if (!any && d >= last) break;
  }
  return false;
}

/**
 * Moves that cut the supply lines of the Soviet units inside the salient: a German unit
 * whose zone of control closes the gap behind a penetration, the way von Kluge's
 * counterstroke of 7 December 1942 cut off the 41st Army's mechanized corps south of Bely.
 * `defense(id, hex)` is what the unit would defend with there and `pressure(hex)` what
 * Zhukov could bring against it next turn; a cut that would likely be crushed is not made.
 */
export function supplyCuts(
  start: Board,
  side: Side,
  free: readonly string[],
  options: ReadonlyMap<string, MoveOptions>,
  stackingOk: (id: string, hex: number) => boolean,
  pressure: (hex: number) => number,
): [string, number][] {
  const { s } = start;
  const enemy: Side = side === 'german' ? 'soviet' : 'german';
  // Von Kluge cuts off what came through the front; Zhukov the Germans anywhere.
  const inside: number[] = [];
  for (const id of sideUnits(s, enemy)) {
    const st = start.unitState(id);
    if (st.status === 'map' && st.at >= 0 && (side === 'soviet' || s.germanTerritory[st.at] === 1))
      inside.push(st.at);
  }
  if (inside.length === 0) return [];
  const near = hexDistancesFrom(s, inside);
  // Each hex once, held by the strongest unit that can get there.
  const byHex = new Map<number, string>();
  for (const id of free) {
    for (const m of options.get(id) ?? []) {
      const d = near[m.to]!;
      if (d < 1 || d > 3 || start.owner[m.to] !== 0 || !stackingOk(id, m.to)) continue;
      const was = byHex.get(m.to);
      if (
        was === undefined ||
        strength(s, id) > strength(s, was) ||
        (strength(s, id) === strength(s, was) && id < was)
      )
        byHex.set(m.to, id);
    }
  }
  const weigh: CutWeighing = {
    side,
    enemy,
    // A unit that stands in an enemy ZOC keeps that hex open for its own side's supply:
    // what its leaving costs its own side is counted against the cut.
    zoc: start.enemyZoc(side).any,
    pressure,
    ownCost: new Map(),
  };
  // Every cut is weighed once on the board as it is, the best first; each one taken is
  // weighed again after the cuts already made (two cuts may close the same gap).
  let board = start;
  let loss = supplyCost(board, enemy);
  const ranked: Cut[] = [];
  for (const [hex, id] of byHex) {
    const c = gainOfCut(weigh, board, loss, id, hex);
    if (c.gain >= MIN_CUT_GAIN) ranked.push(c);
  }
  ranked.sort((a, b) => b.gain - a.gain || a.hex - b.hex);
  const made: [string, number][] = [];
  let count = 0; // made's length (read as a number: the list's own kind changes as it fills)
  const used = new Set<string>();
  for (const c of ranked) {
    if (count >= MAX_PICKETS) break;
    let { after } = c;
    if (used.has(c.id)) continue;
    if (count > 0) {
      if (board.owner[c.hex] !== 0) continue;
      const again = gainOfCut(weigh, board, loss, c.id, c.hex);
      if (again.gain < MIN_CUT_GAIN) continue;
      after = again.after;
    }
    made.push([c.id, c.hex]);
    count++;
    used.add(c.id);
    board = after;
    loss = supplyCost(board, enemy);
  }
  return made;
}

/** What a unit would defend a cut with. */
const strength = (s: Board['s'], id: string) => s.units[id]!.factors.defense ?? 0;

/** What supplyCuts weighs its cuts by (module-level functions, not a closure a call: one to optimize). */
interface CutWeighing {
  readonly side: Side;
  readonly enemy: Side;
  /** The enemy ZOCs of `side` on the board the cuts start from. */
  readonly zoc: Uint8Array;
  readonly pressure: (hex: number) => number;
  /** Its own side's supply cost on a board, traced once per board, not once per candidate. */
  readonly ownCost: Map<Board, number>;
}

/** A cut weighed: unit `id` to `hex`, the board after it and what it gains. */
interface Cut {
  readonly hex: number;
  readonly id: string;
  readonly after: Board;
  readonly gain: number;
}

/** Unit `id`'s cut at `hex` on `board` (`loss`: the enemy's supply cost there), weighed. */
function gainOfCut(w: CutWeighing, board: Board, loss: number, id: string, hex: number): Cut {
  // Its move may only open lines where it leaves: no cut unless it lengthens one.
  if (!lengthensLine(board, w.enemy, hex)) return { hex, id, after: board, gain: -Infinity };
  const after = withUnitAt(board, id, hex);
  const odds = w.pressure(hex) / Math.max(1, strength(board.s, id));
  const risk = odds >= 3 ? unitWorth(board, id) * Math.min(1, (odds - 2) / 3) : 0;
  let own = 0;
  if (w.zoc[board.unitState(id).at] === 1) {
    let before = w.ownCost.get(board);
    const now = supplyCost(after, w.side);
    if (before === undefined) {
      before = supplyCost(board, w.side);
      w.ownCost.set(board, before);
    }
    own = now - before;
  }
  return { hex, id, after, gain: supplyCost(after, w.enemy) - loss - risk - Math.max(0, own) };
}
