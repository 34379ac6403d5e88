/**
 * What the rules read off the board: who is where, stacking, zones of control and
 * supply. A Board is derived from the state (never stored) and built once per query.
 */
import type { Graph, UnitData } from '@stavka/engine';
import { copy8, filled32, zeros8 } from './arrays.ts';
import { type Scenario, SIDES, type Side } from './scenario.ts';
import {
  listUnits,
  type MarsState,
  other,
  type Supply,
  type UnitState,
  unitStates,
  withUnitsRecord,
} from './state.ts';

export const MOBILE_TYPES = new Set([
  'tank',
  'mechanized',
  'cavalry',
  'motorized',
  'panzer',
  'panzergrenadier',
]);

/** "tank, mechanized, cavalry, motorized rifle, panzer, and panzer grenadier - mobile - units" */
export function isMobile(u: UnitData): boolean {
  return MOBILE_TYPES.has(u.type);
}

/** Rifle/infantry units: they fortify and take the city and town bonus. */
export function isInfantry(u: UnitData): boolean {
  return u.type === 'infantry' || u.type === 'mountain';
}

/** "Tank and (pure) panzer units" advance 2 hexes. */
export function isPureArmour(u: UnitData): boolean {
  return u.type === 'tank' || u.type === 'panzer';
}

/** Tank brigades; mechanized brigades count as tank brigades (RULINGS M-18, tagged `tank-brigade`). */
export function isTankBrigade(u: UnitData): boolean {
  return u.size === 'brigade' && (u.tags.includes('tank-brigade') || u.type === 'tank');
}

export function isGuards(u: UnitData): boolean {
  return u.tags.includes('guards');
}

/** Active ZOCs stop movement: every German unit's, a Russian korps' and a fortified Russian division's. */
function activeZoc(u: UnitData, fortified: boolean): boolean {
  return u.side === 'german' || u.size === 'korps' || (u.size === 'division' && fortified);
}

/** No units (shared). Read-only by type, not frozen, as no array read in a hot loop is: see engine game.ts legalActions. */
const EMPTY: readonly string[] = [];

/** Each side's units, in the scenario's order. */
const sideUnitIds = new WeakMap<Scenario, Record<Side, readonly string[]>>();

export function sideUnits(s: Scenario, side: Side): readonly string[] {
  let known = sideUnitIds.get(s);
  if (!known) {
    known = {
      german: s.unitIds.filter((id) => s.units[id]!.side === 'german'),
      soviet: s.unitIds.filter((id) => s.units[id]!.side === 'soviet'),
    };
    sideUnitIds.set(s, known);
  }
  return known[side];
}

/**
 * The road and rail net of a scenario as a graph of its own (the slots along a road or
 * a railway, in the map's order), with the queue a supply trace works in: the first
 * stage of a trace runs on it.
 */
interface RoadNet {
  readonly roads: Graph;
  /** The breadth-first queue of a supply trace, written and read by one trace at a time. */
  readonly queue: Int32Array;
}

/** Each hex's neighbours per scenario: asked in every AI plan and many rules, made once. */
const neighbourListsOf = new WeakMap<Scenario, readonly (readonly number[])[]>();

function neighbourLists(s: Scenario): readonly (readonly number[])[] {
  let lists = neighbourListsOf.get(s);
  if (!lists) {
    const g = s.map.graph;
    const made: (readonly number[])[] = [];
    for (let hex = 0; hex < g.nodeCount; hex++) {
      const out: number[] = [];
      for (let slot = g.offsets[hex]!; slot < g.offsets[hex + 1]!; slot++) {
        const t = g.targets[slot]!;
        if (t >= 0) out.push(t);
      }
      made.push(out); // not frozen: see EMPTY
    }
    lists = made;
    neighbourListsOf.set(s, lists);
  }
  return lists;
}

/** How far a supply trace goes, in hexes (the rules read it up to 8: "isolated" beyond). */
const MAX_SUPPLY_TRACE = 64;

const roadNets = new WeakMap<Scenario, RoadNet>();

function roadNet(s: Scenario): RoadNet {
  let net = roadNets.get(s);
  if (net) return net;
  const { graph, links } = s.map;
  const bits = s.roadBit | s.railBit;
  const n = graph.nodeCount;
  const offsets = new Int32Array(n + 1);
  const targets: number[] = [];
  const edges: number[] = [];
  for (let h = 0; h < n; h++) {
    for (let slot = graph.offsets[h]!; slot < graph.offsets[h + 1]!; slot++) {
      if (graph.targets[slot]! < 0 || (links[slot]! & bits) === 0) continue;
      targets.push(graph.targets[slot]!);
      edges.push(graph.edges[slot]!);
    }
    offsets[h + 1] = targets.length;
  }
  const roads: Graph = {
    nodeCount: n,
    offsets,
    targets: Int32Array.from(targets),
    edges: Int32Array.from(edges),
  };
  net = { roads, queue: new Int32Array(n) };
  roadNets.set(s, net);
  return net;
}

/**
 * The last supply trace per scenario and side. A trace depends on nothing but the hexes
 * blocked for supply, and a position often blocks the same hexes as the one before it
 * (a unit moved behind its own lines, the supply phase after a quiet combat): then the
 * distances are the same and the search is not run again.
 */
const lastTraces = new WeakMap<Scenario, Partial<Record<Side, SupplyTrace>>>();

interface SupplyTrace {
  readonly blocked: Uint8Array;
  readonly dist: Int32Array;
}

/** Each side's supply edge hexes as a map of the scenario: 1 on an edge. */
const edgeMaps = new WeakMap<Scenario, Record<Side, Uint8Array>>();

function edgeMap(s: Scenario, side: Side): Uint8Array {
  let maps = edgeMaps.get(s);
  if (!maps) {
    const n = s.map.graph.nodeCount;
    maps = { german: new Uint8Array(n), soviet: new Uint8Array(n) };
    for (const x of SIDES) for (const h of s.edges[x]) maps[x][h] = 1;
    edgeMaps.set(s, maps);
  }
  return maps[side];
}

/**
 * Whether the trace `dist` of the hexes `was` blocked is also the trace of `now`: every
 * hex blocked since was out of reach, and every hex opened since is no edge hex and
 * touches no hex in reach. Then nothing in reach changed and nothing new comes in reach
 * (a hex first reached would have to be an opened one next to a hex in reach, or an
 * edge): the breadth-first search gives the same distances. A position often differs
 * from the one before only behind a side's own lines, where the other side's supply
 * never reaches (a move far from the front).
 */
function sameTrace(
  s: Scenario,
  side: Side,
  was: Uint8Array,
  dist: Int32Array,
  now: Uint8Array,
  graph: Graph,
): boolean {
  if (was.length !== now.length) return false;
  let edges: Uint8Array | null = null;
  for (let h = 0; h < was.length; h++) {
    if (was[h] === now[h]) continue;
    if (now[h] === 1) {
      if (dist[h] !== -1) return false; // blocked where a line ran
      continue;
    }
    edges ??= edgeMap(s, side);
    if (edges[h] === 1) return false; // a new source
    for (let slot = graph.offsets[h]!, end = graph.offsets[h + 1]!; slot < end; slot++) {
      const t = graph.targets[slot]!;
      if (t >= 0 && dist[t]! >= 0) return false; // opened next to a line
    }
  }
  return true;
}

export class Board {
  readonly s: Scenario;
  readonly state: MarsState;
  /** Units on each hex. */
  readonly at: string[][];
  /** 0 empty, 1 German, 2 Soviet. */
  readonly owner: Uint8Array;
  private zocCache: Partial<Record<Side, { active: Uint8Array; any: Uint8Array }>> = {};
  /** Garrison per defense zone, found on first use (undefined: not looked for yet). */
  private garrisons: (string | null | undefined)[] = [];
  private blockedCache: Partial<Record<Side, Uint8Array>> = {};
  private supplyCache: Partial<Record<Side, Int32Array>> = {};

  /** `hexes`: the units on each hex and their owner, already worked out (`Board.moved`). */
  constructor(s: Scenario, state: MarsState, hexes?: { at: string[][]; owner: Uint8Array }) {
    this.s = s;
    this.state = state;
    if (hexes) {
      this.at = hexes.at;
      this.owner = hexes.owner;
      return;
    }
    const n = s.map.graph.nodeCount;
    // Empty hexes share one frozen array: a board is built for every query.
    this.at = new Array<string[]>(n).fill(EMPTY as string[]);
    this.owner = zeros8(n);
    // Side by side: a hex holds one side's units, in the scenario's order either way.
    const states = this.states;
    for (const side of SIDES) {
      const code = this.sideCode(side);
      for (const i of s.sideIndexes[side]) {
        const u = states[i]!;
        if (u.status !== 'map' || u.at < 0) continue;
        const id = s.unitIds[i]!;
        const here = this.at[u.at]!;
        this.at[u.at] = here === EMPTY ? [id] : [...here, id];
        this.owner[u.at] = code;
      }
    }
  }

  /** Each unit's state in scenario order (`s.unitIds[i]`'s is `[i]`): the state's units, listed once. */
  get states(): readonly UnitState[] {
    this.listed ??= unitStates(this.s, this.state.units);
    return this.listed;
  }
  private listed: readonly UnitState[] | undefined;

  /** The state of unit `id`. */
  unitState(id: string): UnitState {
    return this.states[this.s.unitIndex.get(id)!]!;
  }

  /**
   * The board of `state`, whose units stand where they stand in `base`'s state but for a
   * few (the AI's planned moves, a draft's action): `base`'s hexes with those units moved
   * instead of every hex built again. The same board as `new Board(s, state)`: where a
   * unit would join the other side's units in a hex, it is built in full.
   */
  static moved(base: Board, state: MarsState, only?: readonly number[]): Board {
    const s = base.s;
    const before = base.states;
    const after = unitStates(s, state.units);
    const ids = s.unitIds;
    const order = s.unitIndex;
    // Copied once a unit is found on another hex: while none is, `base`'s hexes are shared
    // (a board never changes its own once built).
    let at = base.at;
    let owner = base.owner;
    // `only`: the units that may differ (ascending; withUnits knows them), else every unit.
    const count = only ? only.length : ids.length;
    for (let k = 0; k < count; k++) {
      const u = only ? only[k]! : k;
      const a = before[u]!;
      const b = after[u]!;
      if (a === b) continue;
      const was = a.status === 'map' && a.at >= 0 ? a.at : -1;
      const now = b.status === 'map' && b.at >= 0 ? b.at : -1;
      if (was === now) continue;
      if (at === base.at) {
        at = base.at.slice();
        owner = copy8(base.owner);
      }
      const id = ids[u]!;
      if (was >= 0) {
        const left = at[was]!.filter((x) => x !== id);
        at[was] = left.length === 0 ? (EMPTY as string[]) : left;
        if (left.length === 0) owner[was] = 0;
      }
      if (now >= 0) {
        const code = s.unitList[u]!.side === 'german' ? 1 : 2;
        if (owner[now] !== 0 && owner[now] !== code) return new Board(s, state);
        const here = at[now]!;
        const i = here.findIndex((x) => order.get(x)! > u);
        at[now] = i < 0 ? [...here, id] : [...here.slice(0, i), id, ...here.slice(i)];
        owner[now] = code;
      }
    }
    return new Board(s, state, { at, owner });
  }

  /**
   * The board of `base`'s state with some units' states changed (the AI's hypothetical
   * boards: planned moves, a unit gone), and what still holds of `base`'s zones of
   * control and supply traces (takeTraces).
   */
  static withUnits(base: Board, changes: Iterable<readonly [string, UnitState]>): Board {
    const { s, state } = base;
    const units = { ...state.units };
    const list = base.states.slice();
    const changed: number[] = [];
    for (const [id, st] of changes) {
      units[id] = st;
      const i = s.unitIndex.get(id)!;
      list[i] = st;
      if (!changed.includes(i)) changed.push(i);
    }
    listUnits(units, list);
    // Only the units changed are looked at, in the scenario's order as a full pass would.
    changed.sort((a, b) => a - b);
    const board = Board.moved(base, withUnitsRecord(state, units), changed);
    board.takeTraces(base, changed);
    return board;
  }

  unit(id: string): UnitData {
    return this.s.units[id]!;
  }

  /** Per hex, once counted: a Russian stack's units, korps and tank brigades (fitsStack), packed; -1 not yet. */
  private russianStacks: Int32Array | null = null;

  /** The units on `hex` (Russian), its korps and its tank brigades (M-18: mechanized ones too), packed by bytes. */
  russianStack(hex: number): number {
    this.russianStacks ??= filled32(this.owner.length, -1);
    let packed = this.russianStacks[hex]!;
    if (packed < 0) {
      let korps = 0;
      let brigades = 0;
      const here = this.at[hex]!;
      for (const id of here) {
        const u = this.s.units[id]!;
        if (u.size === 'korps') korps++;
        if (isTankBrigade(u)) brigades++;
      }
      packed = here.length | (korps << 8) | (brigades << 16);
      this.russianStacks[hex] = packed;
    }
    return packed;
  }

  sideCode(side: Side): number {
    return side === 'german' ? 1 : 2;
  }

  isEnemyHex(side: Side, hex: number): boolean {
    const o = this.owner[hex]!;
    return o !== 0 && o !== this.sideCode(side);
  }

  isFriendlyHex(side: Side, hex: number): boolean {
    return this.owner[hex] === this.sideCode(side);
  }

  /** The hexes next to `hex` (the map's, made once a scenario: read them, never change them). */
  neighbors(hex: number): readonly number[] {
    return neighbourLists(this.s)[hex]!;
  }

  /** The slot from a to adjacent b, or -1. */
  slot(a: number, b: number): number {
    const g = this.s.map.graph;
    for (let slot = g.offsets[a]!; slot < g.offsets[a + 1]!; slot++) if (g.targets[slot] === b) return slot;
    return -1;
  }

  crossesFrontline(a: number, b: number): boolean {
    const slot = this.slot(a, b);
    return slot >= 0 && (this.s.map.sideFeatures[slot]! & this.s.frontlineBit) !== 0;
  }

  crossesRiver(a: number, b: number): boolean {
    const slot = this.slot(a, b);
    return slot >= 0 && (this.s.map.sideFeatures[slot]! & this.s.riverBit) !== 0;
  }

  /** A defense zone still holds a German garrison: a German infantry unit in one of its hexes (M-11). */
  garrison(zone: number): string | null {
    let found = this.garrisons[zone];
    if (found === undefined) {
      found = this.findGarrison(zone);
      this.garrisons[zone] = found;
    }
    return found;
  }

  private findGarrison(zone: number): string | null {
    const z = this.s.defenseZones[zone];
    if (!z) return null;
    for (const h of z.hexes) {
      for (const id of this.at[h]!) {
        const u = this.unit(id);
        if (u.side === 'german' && isInfantry(u)) return id;
      }
    }
    return null;
  }

  /**
   * The frontline hexside between a Soviet-side hex and a defense-zone hex of a zone
   * that still holds a garrison: Russians cross it only by advance after combat (M-11).
   */
  garrisonedFrontline(from: number, to: number): boolean {
    const slot = this.slot(from, to);
    return slot >= 0 && this.garrisonedFrontlineSlot(slot, to);
  }

  /** `garrisonedFrontline` for the hexside `slot` leading into `to`. */
  private garrisonedFrontlineSlot(slot: number, to: number): boolean {
    const zone = this.s.zoneOf[to]!;
    return (
      zone >= 0 &&
      (this.s.map.sideFeatures[slot]! & this.s.frontlineBit) !== 0 &&
      this.garrison(zone) !== null
    );
  }

  /**
   * May a unit of `side` step through `slot` into `to` (movement, retreats)? Never into
   * an enemy unit, and Russians never across a garrisoned frontline (M-11).
   */
  mayEnter(side: Side, slot: number, to: number): boolean {
    const o = this.owner[to]!;
    if (o !== 0 && o !== this.sideCode(side)) return false;
    return side !== 'soviet' || !this.garrisonedFrontlineSlot(slot, to);
  }

  /**
   * Zones of control of the enemies of `side`: `active` stops movement, `any` (active
   * or not) blocks supply. Russian brigades and unfortified divisions have inactive
   * ZOCs; fortified Russian divisions and korps, and every German unit, active ones.
   * Russian ZOCs never extend across a defense zone's frontline into it (M-11).
   * Whose ZOCs they are: `zocOwners`, asked of the few hexes a move needs it for.
   */
  enemyZoc(side: Side): { active: Uint8Array; any: Uint8Array } {
    const cached = this.zocCache[side];
    if (cached) return cached;
    const n = this.s.map.graph.nodeCount;
    const active = zeros8(n);
    const any = zeros8(n);
    const { offsets, targets } = this.s.map.graph;
    const states = this.states;
    for (const i of this.s.sideIndexes[other(side)]) {
      const st = states[i]!;
      if (st.status !== 'map' || st.at < 0) continue;
      const u = this.s.unitList[i]!;
      const isActive = activeZoc(u, st.fortified);
      for (let slot = offsets[st.at]!, end = offsets[st.at + 1]!; slot < end; slot++) {
        const h = targets[slot]!;
        if (h < 0 || !this.zocCrosses(u, slot, h)) continue;
        any[h] = 1;
        if (isActive) active[h] = 1;
      }
    }
    const z = { active, any };
    this.zocCache[side] = z;
    return z;
  }

  /**
   * The enemy units of `side` whose active ZOC covers `hex` (a unit may not move from
   * one active EZOC into another of the same enemy unit): those next to it, found when
   * asked (a move asks it of its start and the hexes around).
   */
  zocOwners(side: Side, hex: number): string[] {
    const { offsets, targets } = this.s.map.graph;
    const owners: string[] = [];
    for (let slot = offsets[hex]!, end = offsets[hex + 1]!; slot < end; slot++) {
      const from = targets[slot]!;
      if (from < 0 || this.owner[from] === 0 || this.owner[from] === this.sideCode(side)) continue;
      for (const id of this.at[from]!) {
        const u = this.unit(id);
        if (activeZoc(u, this.unitState(id).fortified) && this.zocCrosses(u, this.slot(from, hex), hex))
          owners.push(id);
      }
    }
    return owners;
  }

  /** Whether unit `u`'s ZOC reaches across `slot` into `h`: a Russian's never into a defense zone across its frontline (M-11). */
  private zocCrosses(u: UnitData, slot: number, h: number): boolean {
    return !(
      u.side === 'soviet' &&
      this.s.zoneOf[h]! >= 0 &&
      (this.s.map.sideFeatures[slot]! & this.s.frontlineBit) !== 0
    );
  }

  /**
   * Hexes a supply line of `side` may not enter (mars-1942 "Supply"): enemy units, and
   * enemy ZOCs (active or not) unless a friendly unit is there. 1 where blocked.
   */
  supplyBlocked(side: Side): Uint8Array {
    const cached = this.blockedCache[side];
    if (cached) return cached;
    const zoc = this.enemyZoc(side).any;
    const mine = this.sideCode(side);
    const blocked = zeros8(this.owner.length);
    for (let h = 0; h < blocked.length; h++) {
      const o = this.owner[h]!;
      if (o !== mine && (o !== 0 || zoc[h] === 1)) blocked[h] = 1;
    }
    this.blockedCache[side] = blocked;
    return blocked;
  }

  /**
   * Supply distance per hex for `side` (mars-1942 "Supply"): sources are the road and
   * rail lines running unblocked back to an initially friendly map edge (and the edge
   * hexes themselves); a supply line runs from a source, never through an enemy unit
   * nor an enemy ZOC unless a friendly unit is there. -1 where no line reaches.
   * Boards share the array: read it, never change it.
   */
  supplyDistance(side: Side): Int32Array {
    const cached = this.supplyCache[side];
    if (cached) return cached;
    const blocked = this.supplyBlocked(side);
    let traces = lastTraces.get(this.s);
    if (!traces) {
      traces = {};
      lastTraces.set(this.s, traces);
    }
    const last = traces[side];
    const dist =
      last && sameTrace(this.s, side, last.blocked, last.dist, blocked, this.s.map.graph)
        ? last.dist
        : this.traceSupply(side, blocked);
    traces[side] = { blocked, dist };
    this.supplyCache[side] = dist;
    return dist;
  }

  /**
   * Takes over from `earlier` (the board before an action, or before the AI's planned
   * moves) the enemy ZOCs, blocked hexes and supply distances of each side, where they
   * still hold, and works out again only what the units that moved, came, went or changed
   * their fortification since can have changed: the ZOCs next to their hexes before and
   * after, whether those hexes and the ones next to them block a supply line, and the
   * trace when a hex it reached (or an edge, or a hex next to one it reached) changed
   * (sameTrace). Unlike the last-trace cache, this holds when other games' positions come
   * in between. The arrays are shared while nothing in them changed: read them, never
   * change them.
   */
  takeTraces(earlier: Board | undefined, only?: readonly number[]): void {
    if (!earlier) return;
    const before = earlier.states;
    const now = this.states;
    // Hexes a unit of each side stood on before or stands on now, where it changed (`only`:
    // the units that may have, as Board.moved takes them; else every unit).
    const touched: Record<Side, number[]> = { german: [], soviet: [] };
    const { unitList } = this.s;
    const count = only ? only.length : now.length;
    for (let k = 0; k < count; k++) {
      const i = only ? only[k]! : k;
      const a = before[i]!;
      const b = now[i]!;
      if (a === b || (a.status === b.status && a.at === b.at && a.fortified === b.fortified)) continue;
      const list = touched[unitList[i]!.side as Side];
      if (a.status === 'map' && a.at >= 0) list.push(a.at);
      if (b.status === 'map' && b.at >= 0 && b.at !== a.at) list.push(b.at);
    }
    for (const side of SIDES) {
      const enemy = touched[other(side)];
      const own = touched[side];
      if (!this.zocCache[side]) this.takeZoc(earlier, side, enemy);
      const was = earlier.blockedCache[side];
      if (!was || this.blockedCache[side] || !this.zocCache[side]) continue;
      // A hex blocks when the enemy holds it, or an enemy ZOC reaches it and no friendly
      // unit holds it: it changes only where a hex changed hands or a ZOC changed.
      const zoc = this.zocCache[side]!.any;
      const mine = this.sideCode(side);
      let blocked = was;
      const judge = (h: number) => {
        const o = this.owner[h]!;
        const b = o !== mine && (o !== 0 || zoc[h] === 1) ? 1 : 0;
        if (b === blocked[h]) return;
        if (blocked === was) blocked = copy8(was);
        blocked[h] = b;
      };
      const { offsets, targets } = this.s.map.graph;
      for (const h of own) judge(h);
      for (const h of enemy) {
        judge(h);
        for (let slot = offsets[h]!, end = offsets[h + 1]!; slot < end; slot++) {
          const n = targets[slot]!;
          if (n >= 0) judge(n);
        }
      }
      this.blockedCache[side] = blocked;
      const dist = earlier.supplyCache[side];
      if (
        dist &&
        !this.supplyCache[side] &&
        (blocked === was || sameTrace(this.s, side, was, dist, blocked, this.s.map.graph))
      )
        this.supplyCache[side] = dist;
    }
  }

  /**
   * The enemy ZOCs of `side` from `earlier`'s: the same arrays when no enemy unit moved,
   * came, went or changed its fortification since (nothing else they read changes), else
   * copies with the hexes next to `enemyHexes` (where those units stood and stand) worked
   * out again.
   */
  private takeZoc(earlier: Board, side: Side, enemyHexes: readonly number[]): void {
    const zoc = earlier.zocCache[side];
    if (!zoc) return;
    if (enemyHexes.length === 0) {
      this.zocCache[side] = zoc;
      return;
    }
    const active = copy8(zoc.active);
    const any = copy8(zoc.any);
    const { offsets, targets } = this.s.map.graph;
    for (const h of enemyHexes) {
      for (let slot = offsets[h]!, end = offsets[h + 1]!; slot < end; slot++) {
        const n = targets[slot]!;
        if (n < 0) continue;
        const z = this.zocAt(side, n);
        any[n] = z > 0 ? 1 : 0;
        active[n] = z > 1 ? 1 : 0;
      }
    }
    this.zocCache[side] = { active, any };
  }

  /** The enemy ZOC of `side` on `hex` as enemyZoc finds it: 0 none, 1 inactive only, 2 active. */
  private zocAt(side: Side, hex: number): number {
    const { offsets, targets } = this.s.map.graph;
    const mine = this.sideCode(side);
    let z = 0;
    for (let slot = offsets[hex]!, end = offsets[hex + 1]!; slot < end; slot++) {
      const from = targets[slot]!;
      if (from < 0 || this.owner[from] === 0 || this.owner[from] === mine) continue;
      const back = this.slot(from, hex);
      for (const id of this.at[from]!) {
        const u = this.unit(id);
        if (!this.zocCrosses(u, back, hex)) continue;
        if (activeZoc(u, this.unitState(id).fortified)) return 2;
        z = 1;
      }
    }
    return z;
  }

  /**
   * The two stages of a supply trace as breadth-first searches: every step costs 0 (along
   * the road and rail net) or 1 (a hex), so a queue gives the distances a Dijkstra would,
   * with no bucket queue, no policy and no per-step calls (a trace runs after every
   * action and for every position the AI weighs).
   */
  private traceSupply(side: Side, blocked: Uint8Array): Int32Array {
    const { offsets, targets } = this.s.map.graph;
    const net = roadNet(this.s);
    const roads = net.roads;
    const queue = net.queue;
    const dist = filled32(blocked.length, -1);
    let tail = 0;
    // Stage 1: the road/rail net from the edge, at no cost, into no blocked hex.
    for (const h of this.s.edges[side]) {
      if (blocked[h] !== 0 || dist[h] === 0) continue;
      dist[h] = 0;
      queue[tail++] = h;
    }
    for (let head = 0; head < tail; head++) {
      const h = queue[head]!;
      for (let slot = roads.offsets[h]!, end = roads.offsets[h + 1]!; slot < end; slot++) {
        const t = roads.targets[slot]!;
        if (t < 0 || blocked[t] !== 0 || dist[t]! >= 0) continue;
        dist[t] = 0;
        queue[tail++] = t;
      }
    }
    // Stage 2: hexes from the nearest source, a hex a step, into no blocked hex.
    for (let head = 0; head < tail; head++) {
      const h = queue[head]!;
      const d = dist[h]! + 1;
      if (d > MAX_SUPPLY_TRACE) continue;
      for (let slot = offsets[h]!, end = offsets[h + 1]!; slot < end; slot++) {
        const t = targets[slot]!;
        if (t < 0 || blocked[t] !== 0 || dist[t]! >= 0) continue;
        dist[t] = d;
        queue[tail++] = t;
      }
    }
    // A hex blocked for supply may still hold a friendly unit tracing out of it: its
    // own hex is friendly-occupied, so the trace starts there. Occupied enemy-ZOC hexes
    // are open above; an unoccupied blocked hex is simply unreachable.
    return dist;
  }

  /**
   * The supply distance of `side` at `hex` as if a unit of `side` stood in it (RULINGS
   * M-19: Rzhev or Gzhatsk "isolated", a taken city "in Russian supply"): the hex's own
   * occupant, or its absence, changes nothing. A friendly-held hex is read off the
   * trace; an empty one is opened (an enemy ZOC on it no longer blocks) and reached from
   * its neighbours or the road and rail net; an enemy-held one is traced again without
   * its occupants and their ZOCs. -1 where no line reaches.
   */
  supplyDistanceAsIfHeld(side: Side, hex: number): number {
    const o = this.owner[hex]!;
    if (o === this.sideCode(side)) return this.supplyDistance(side)[hex]!;
    if (o === 0) {
      const dist = this.supplyDistance(side);
      if (this.supplyBlocked(side)[hex] === 0) return dist[hex]!;
      // Nothing but the hex itself opens: its distance is that of its best neighbour plus
      // one, or 0 when an edge hex or joined by road or rail to a hex the net reached.
      if (this.s.edges[side].includes(hex)) return 0;
      const bits = this.s.roadBit | this.s.railBit;
      let best = -1;
      for (const n of this.neighbors(hex)) {
        const d = dist[n]!;
        if (d < 0) continue;
        if (d === 0 && (this.s.map.links[this.slot(n, hex)]! & bits) !== 0) return 0;
        if (best < 0 || d + 1 < best) best = d + 1;
      }
      return best;
    }
    // Held by the enemy: traced again as if they were not there and a friendly unit were.
    const n = this.owner.length;
    const zoc = zeros8(n);
    const { offsets, targets } = this.s.map.graph;
    const states = this.states;
    for (const i of this.s.sideIndexes[other(side)]) {
      const st = states[i]!;
      if (st.status !== 'map' || st.at < 0 || st.at === hex) continue;
      const u = this.s.unitList[i]!;
      for (let slot = offsets[st.at]!, end = offsets[st.at + 1]!; slot < end; slot++) {
        const h = targets[slot]!;
        if (h >= 0 && this.zocCrosses(u, slot, h)) zoc[h] = 1;
      }
    }
    const mine = this.sideCode(side);
    const blocked = zeros8(n);
    for (let h = 0; h < n; h++) {
      const occupant = h === hex ? mine : this.owner[h]!;
      if (occupant !== mine && (occupant !== 0 || zoc[h] === 1)) blocked[h] = 1;
    }
    return this.traceSupply(side, blocked)[hex]!;
  }

  /** Full within 4 hexes, rationed within 8, isolated beyond or cut off. */
  supplyAt(side: Side, hex: number): Supply {
    const d = this.supplyDistance(side)[hex]!;
    if (d >= 0 && d <= 4) return 'full';
    if (d >= 0 && d <= 8) return 'rationed';
    return 'isolated';
  }
}

/** Stacking (M-13): may unit `id` join the units on `hex` (none: always)? */
export function fitsStack(board: Board, hex: number, id: string): boolean {
  const here = board.at[hex]!;
  if (here.length === 0) return true;
  const s = board.s;
  const u = s.units[id]!;
  if (u.side !== 'soviet' || s.units[here[0]!]!.side !== 'soviet') return stacks(s, here, id);
  // A Russian stack's counts, worked out once a hex (a legal list asks every move onto
  // friends): stacks' M-13 / M-18 test with the unit added.
  const counted = board.russianStack(hex);
  const n = (counted & 0xff) + 1;
  const korps = ((counted >> 8) & 0xff) + (u.size === 'korps' ? 1 : 0);
  const brigades = (counted >> 16) + (isTankBrigade(u) ? 1 : 0);
  return korps <= 1 && (n <= 2 || (n === 3 && brigades >= 1));
}

/** Stacking (M-13): may these units of one side share a hex? */
export function stackingOk(s: Scenario, ids: readonly string[]): boolean {
  return stacks(s, ids, null);
}

/** Stacking (M-13): may unit `id` join these units of its side (`stackingOk` of them and it, without the list)? */
export function stackingOkWith(s: Scenario, ids: readonly string[], id: string): boolean {
  return stacks(s, ids, id);
}

/** The `i`th of `ids` then `extra`. */
function stackUnit(s: Scenario, ids: readonly string[], extra: string | null, i: number): UnitData {
  return s.units[i < ids.length ? ids[i]! : extra!]!;
}

/**
 * Stacking of `ids` and `extra` (null: none) together, without putting them in one
 * list: a legal list asks it of every move onto a friendly unit.
 */
function stacks(s: Scenario, ids: readonly string[], extra: string | null): boolean {
  const n = ids.length + (extra === null ? 0 : 1);
  if (n <= 1) return true; // one unit never overstacks
  if (stackUnit(s, ids, extra, 0).side === 'soviet') {
    let korps = 0;
    let brigades = 0;
    for (let i = 0; i < n; i++) {
      const u = stackUnit(s, ids, extra, i);
      if (u.size === 'korps') korps++;
      if (isTankBrigade(u)) brigades++;
    }
    // M-13; a mechanized brigade is a tank brigade here (M-18).
    return korps <= 1 && (n <= 2 || (n === 3 && brigades >= 1));
  }
  return germanStacks(s, ids, extra, n);
}

/**
 * German stacking (mars-1942 "Stacking limit", RULINGS M-17): two division places and
 * one extra kampfgruppe. A complete division, or the "a" and "b" kampfgruppen of one
 * division together, fill one place; a lone kampfgruppe fills one place or is the
 * extra one. Of the two places, panzer units fill at most one panzer division's worth
 * (a complete panzer division, or two panzer kampfgruppen of one division or of two);
 * the extra kampfgruppe may be of any kind. The stack is legal when some placing
 * makes it so: the rules find it, the player is never asked.
 */
function germanStacks(s: Scenario, ids: readonly string[], extra: string | null, n: number): boolean {
  if (n > 5) return false; // two places of two kampfgruppen each and the extra one at most
  let places = 0;
  let panzerHalves = 0; // a panzer division is two halves, a panzer kampfgruppe one
  let kampfgruppen = 0;
  for (let i = 0; i < n; i++) {
    const u = stackUnit(s, ids, extra, i);
    if (u.size === 'kampfgruppe') kampfgruppenOfStack[kampfgruppen++] = u;
    else {
      places++;
      if (u.type === 'panzer') panzerHalves += 2;
    }
  }
  if (places > 2 || panzerHalves > 2) return false;
  // No kampfgruppe to place: the divisions fit (most stacks; no search).
  if (kampfgruppen === 0) return true;
  return placeKampfgruppen(kampfgruppenOfStack, kampfgruppen, 0, places, panzerHalves, false, 0);
}

/**
 * germanStacks' kampfgruppen, one list written over by each call (at most five; the
 * search never calls it back): a legal list asks it of every German move onto a
 * friendly unit, and a new list each time was garbage for the young-generation collector.
 */
const kampfgruppenOfStack: UnitData[] = [];

/**
 * Tries every placing of the kampfgruppen from `i` on: each pairs with its sister in
 * one place, takes a place of its own, or is the extra one (M-17).
 */
function placeKampfgruppen(
  kgs: readonly UnitData[],
  count: number,
  i: number,
  places: number,
  panzerHalves: number,
  extraUsed: boolean,
  /** Bit j: kampfgruppe j already placed with its sister. */
  paired: number,
): boolean {
  if (places > 2 || panzerHalves > 2) return false;
  if (i === count) return true;
  if ((paired & (1 << i)) !== 0)
    return placeKampfgruppen(kgs, count, i + 1, places, panzerHalves, extraUsed, paired);
  const u = kgs[i]!;
  const halves = u.type === 'panzer' ? 1 : 0;
  // With its sister (the a and b of one division): one place, a whole division's worth.
  for (let j = i + 1; j < count; j++) {
    if ((paired & (1 << j)) !== 0 || kgs[j]!.parent === undefined || kgs[j]!.parent !== u.parent) continue;
    if (
      placeKampfgruppen(
        kgs,
        count,
        i + 1,
        places + 1,
        panzerHalves + 2 * halves,
        extraUsed,
        paired | (1 << j),
      )
    )
      return true;
  }
  // A place of its own.
  if (placeKampfgruppen(kgs, count, i + 1, places + 1, panzerHalves + halves, extraUsed, paired)) return true;
  // The extra kampfgruppe, of any kind.
  return !extraUsed && placeKampfgruppen(kgs, count, i + 1, places, panzerHalves, true, paired);
}
