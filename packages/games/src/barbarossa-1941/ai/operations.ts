/**
 * The Axis's operational art for the rule-based policy (issue #44): breakthroughs,
 * pincers and supply discipline, planned in the Operational Movement step (A.3) and the
 * breakthrough (A.6, B-9) before the attacks are.
 *
 *   - **Exploitation**: a mobile unit (panzer, motorized: "Operational Movement") that can
 *     drive EXPLOIT_GAIN hexes or more nearer its army group's objective (`plan.ts`) through
 *     a gap in the Russian zones of control does so instead of joining a frontal attack: the
 *     infantry attacks the line, the panzers go deep ("An operationally moving unit is
 *     required to stop when it enters a hex adjacent to an enemy army or korps": a gap is a
 *     path of hexes no Russian army or korps stands next to). The spearheads with the most
 *     to gain go first; each stops in supply with room to spare (EXPLOIT_SUPPLY; "Supply": a
 *     line of at most 12 hexes to an Axis country or a railhead, not through a Russian unit
 *     nor a Russian ZOC no Axis unit stands in).
 *   - **Pincers**: among the hexes nearly as deep, a spearhead that exerts a ZOC (a korps,
 *     an army: "Divisions have no ZOCs") takes the one that strains the Russians' supply
 *     most (`RussianSupply`: a Russian supply line cannot be traced through an Axis ZOC hex
 *     no Russian unit stands in), worked out with the moves planned so far, again once the
 *     others' are known, and for two arms near each other together: two arms meeting behind
 *     a Russian group close the pocket, which the infantry then attacks (policy.ts: the
 *     pockets first; an attack on Isolated units is read a column higher, "Supply").
 *   - **Supply discipline**: `corridorKeepers` (the units that alone hold the supply net
 *     open stay), `bridgeHexes` (the hexes where one more unit reconnects Isolated units),
 *     `supplyIfThere` (a hex in a Russian ZOC is in supply when a neighbour is).
 *
 * Only the side's own view is read (the Board's `publicUnit`).
 */
import { searchSpaceFor } from '@stavka/engine';
import { type Board, exertsZoc } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { railBound } from '../railway-guns.ts';
import { impassable, type RulesScenario, type Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { supplySources } from '../supply.ts';
import { isGroundUnit, isMobile } from '../unit-kinds.ts';
import { holder } from '../victory.ts';
import { type AxisStrategy, PLAN_1941 } from './plan.ts';

/** A spearhead drives deep when that takes it at least this many hexes nearer its objective than staying. */
export const EXPLOIT_GAIN = 3;
/**
 * A spearhead stops at most this many hexes from its supply source (Limited Supply reaches 12,
 * "Supply"): the two left keep it in supply through its next attack and advance while the
 * railheads follow (B-38: 2 rail hexes a turn).
 */
export const EXPLOIT_SUPPLY = 10;
/** A hex this many hexes less deep than a spearhead's deepest is still weighed for the Russian units it cuts off. */
const PINCER_SLACK = 2;
/**
 * Hexes of depth a hex of the Russians' supply lines is worth to a spearhead
 * (`RussianSupply`): a Russian unit cut off is worth CUT_OFF times this, 3 hexes.
 */
const STRAIN_WORTH = 0.125;
/** Two pincers whose hexes are this near are weighed together (`planExploitation`). */
const PAIR_REACH = 8;
/** How many of each pincer's deepest hexes are weighed together (their product: supply traces). */
const PAIR_CHOICES = 8;
/** How many of a spearhead's deepest hexes are weighed for a pincer (each a supply trace). */
const PINCER_CHOICES = 12;

/** The planner's working copy of the moves (policy.ts `Layout`). */
export interface PlannedLayout {
  readonly board: Board;
  readonly added: ReadonlyMap<number, readonly string[]>;
  readonly used: ReadonlySet<string>;
  fits(hex: number, id: string): boolean;
  move(id: string, from: number, to: number): void;
  unmove(id: string, from: number, to: number): void;
}

export interface ExploitInput {
  readonly g: BarbarossaState;
  readonly layout: PlannedLayout;
  /** Each unit's legal destinations this step. */
  readonly dests: ReadonlyMap<string, ReadonlySet<number>>;
  /** Each unit's army group field (lower is nearer its objectives). */
  readonly fieldOf: (id: string) => Float64Array;
  /** The Axis supply distances now (-1 beyond 12 hexes or cut off). */
  readonly supply: Int32Array;
  /** The most hexes from supply each spearhead stops at (absent: EXPLOIT_SUPPLY; `PolicyParams.exploitSupply`). */
  readonly maxSupply?: (id: string) => number;
}

/**
 * How far the Russian ground units are from their supply with Axis pieces moved (`strain`):
 * each unit's supply distance (up to 12 hexes), a unit cut off counting CUT_OFF. The longer
 * the Russians' lines, the nearer a pocket: the pincer's measure. The supply is traced as the
 * rules trace it ("Supply": not through an Axis unit's hex, nor a hex in an Axis ZOC without
 * a Russian unit; from a railroad reaching the eastern edge: `supplySources`), with the Axis
 * ZOCs and hexes counted once and changed by each trial's moves only.
 */
export class RussianSupply {
  private readonly zoc: Int16Array;
  private readonly axisIn: Int16Array;
  private readonly russianIn: Uint8Array;
  private readonly land: Uint8Array;
  private readonly russians: number[] = [];
  constructor(private readonly board: Board) {
    const { g, s } = board;
    const n = s.map.graph.nodeCount;
    this.zoc = new Int16Array(n);
    this.axisIn = new Int16Array(n);
    this.russianIn = new Uint8Array(n);
    this.land = new Uint8Array(n);
    for (let h = 0; h < n; h++)
      this.land[h] = s.map.onMap[h] === 1 && !impassable(s, h, board.weather) ? 1 : 0;
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.status !== 'map' || p.at < 0) continue;
      const u = board.unit(id);
      if (!isGroundUnit(u)) continue;
      if (p.side === 'soviet') {
        this.russianIn[p.at] = 1;
        this.russians.push(p.at);
      } else this.add(id, p.at, 1);
    }
  }

  private add(id: string, at: number, by: number): void {
    const u = this.board.unit(id);
    if (!isGroundUnit(u)) return;
    if (!railBound(u.type)) this.axisIn[at]! += by;
    if (!exertsZoc(u, this.board.piece(id).disrupted)) return;
    const { offsets, targets } = this.board.s.map.graph;
    for (let k = offsets[at]!; k < offsets[at + 1]!; k++) if (targets[k]! >= 0) this.zoc[targets[k]!]! += by;
  }

  /** Whether hex `h` blocks a Russian supply line now: off the land, an Axis unit's, or in an Axis ZOC without a Russian unit. */
  private blocks(h: number): number {
    return this.land[h] === 0 || this.axisIn[h]! > 0 || (this.zoc[h]! > 0 && this.russianIn[h] === 0) ? 1 : 0;
  }

  private blockedNow(): Uint8Array {
    const n = this.land.length;
    const blocked = new Uint8Array(n);
    for (let h = 0; h < n; h++) blocked[h] = this.blocks(h);
    return blocked;
  }

  /**
   * The hexes blocked with no Axis piece moved, and the supply search's entry costs for them
   * (-1 blocked, 1 open): made once; each trial works them out again at the hexes its moves
   * touch (a moved unit's hexes and their neighbours, where its ZOC lies), and again after,
   * instead of working out every hex of the map again (three passes over the map a trial,
   * ~14,000 trials in Barbarossa's first two game-turns).
   */
  private base:
    | { blocked: Uint8Array; enter: Int8Array; near: Int32Array; railNet: readonly number[] }
    | undefined;

  /** The supply search's cost to enter hex `h` as the tables stand: -1 blocked or out of reach, else 1. */
  private entry(h: number): number {
    return this.base!.blocked[h] === 1 || this.base!.near[h]! < 0 ? -1 : 1;
  }

  /** The tables at `hexes` worked out again from the pieces as they now stand. */
  private retable(hexes: readonly number[]): void {
    const { blocked, enter } = this.base!;
    for (const h of hexes) {
      blocked[h] = this.blocks(h);
      enter[h] = this.entry(h);
    }
  }

  /** The Russians' supply strain with the Axis pieces in `moved` at their new hexes. */
  strain(moved: ReadonlyMap<string, number>): number {
    const g = this.board.g;
    const { offsets, targets } = this.board.s.map.graph;
    if (this.base === undefined) {
      const blocked = this.blockedNow();
      // Only the hexes within LIMITED of a Russian unit: every supply line a unit's count
      // reads (LIMITED hexes at most) lies in them, so the search goes no further.
      const near = steps(this.board, this.russians, () => true, LIMITED);
      // The railroad net as it was (a trial's few hexes seldom cut it), within reach.
      const railNet = supplySources(this.board, 'soviet', blocked).filter((h) => near[h]! >= 0);
      this.base = { blocked, enter: new Int8Array(blocked.length), near, railNet };
      for (let h = 0; h < blocked.length; h++) this.base.enter[h] = this.entry(h);
    }
    const { blocked, railNet } = this.base;
    /** The hexes a moved unit's hex `at` can change: it and its neighbours. */
    const touched: number[] = [];
    const touch = (at: number) => {
      touched.push(at);
      for (let k = offsets[at]!; k < offsets[at + 1]!; k++) if (targets[k]! >= 0) touched.push(targets[k]!);
    };
    for (const [id, to] of moved) {
      const from = g.pieces[id]!.at;
      this.add(id, from, -1);
      this.add(id, to, 1);
      touch(from);
      touch(to);
    }
    this.retable(touched);
    // The net less its hexes the trial blocks.
    const sources = railNet.filter((h) => blocked[h] === 0);
    let total = 0;
    if (sources.length > 0) {
      const reach = searchSpaceFor(this.board.s.map.graph).run(
        { enterCost: this.base.enter },
        { sources, maxCost: LIMITED },
      );
      for (const h of this.russians) {
        const d = reach.costTo(h);
        total += d < 0 ? CUT_OFF : d;
      }
    } else total = CUT_OFF * this.russians.length;
    // The pieces back where they stand, and the touched hexes' tables with them.
    for (const [id, to] of moved) {
      this.add(id, to, -1);
      this.add(id, g.pieces[id]!.at, 1);
    }
    this.retable(touched);
    return total;
  }
}

/** A Russian unit cut off from its supply counts as this many hexes of supply line (`RussianSupply`). */
export const CUT_OFF = 24;

/**
 * The spearheads' moves (see the file's comment): each exploiting unit's move, in the order
 * chosen, recorded in the layout. Units not listed are left to the attacks and the rest of
 * the movement plan.
 */
export function planExploitation(input: ExploitInput): { id: string; to: number }[] {
  const { g, layout, dests, fieldOf, supply } = input;
  const board = layout.board;
  const out: { id: string; to: number }[] = [];
  const moved = new Map<string, number>();
  const pool = [...dests.keys()].filter((id) => {
    if (layout.used.has(id)) return false;
    const u = board.unit(id);
    return isMobile(u) && isGroundUnit(u) && (u.factors.attack ?? 0) > 0;
  });
  /** The deepest hexes a unit can stop in, in supply, deepest first. */
  const deepest = (id: string): number[] => {
    const f = fieldOf(id);
    const maxSupply = input.maxSupply?.(id) ?? EXPLOIT_SUPPLY;
    return [...dests.get(id)!]
      .filter(
        (h) => supply[h]! >= 0 && supply[h]! <= maxSupply && Number.isFinite(f[h]!) && layout.fits(h, id),
      )
      .sort((a, b) => f[a]! - f[b]! || a - b);
  };
  const gainOf = (id: string): { to: number; gain: number } => {
    const from = g.pieces[id]!.at;
    const f = fieldOf(id);
    const d = deepest(id);
    if (d.length === 0) return { to: -1, gain: 0 };
    return { to: d[0]!, gain: f[from]! - f[d[0]!]! };
  };
  const left = new Set(pool);
  const russian = new RussianSupply(board);
  for (;;) {
    // The unit with the most to gain goes next (the hexes taken since are seen).
    let pick: { id: string; to: number; gain: number } | null = null;
    for (const id of left) {
      const gn = gainOf(id);
      if (gn.gain < EXPLOIT_GAIN) continue;
      if (pick === null || gn.gain > pick.gain || (gn.gain === pick.gain && id < pick.id))
        pick = { id, ...gn };
    }
    if (pick === null) break;
    left.delete(pick.id);
    const to = pincer(pick.id, pick.to);
    layout.move(pick.id, g.pieces[pick.id]!.at, to);
    moved.set(pick.id, to);
    out.push({ id: pick.id, to });
  }
  // The pincers again, each with the others' hexes known: two arms close a pocket neither closes alone.
  for (const e of out) {
    if (!exertsZoc(board.unit(e.id), false)) continue;
    const from = g.pieces[e.id]!.at;
    layout.unmove(e.id, from, e.to);
    moved.delete(e.id);
    const d = deepest(e.id);
    const to = d.length > 0 ? pincer(e.id, d[0]!) : e.to;
    layout.move(e.id, from, to);
    moved.set(e.id, to);
    e.to = to;
  }
  // Two arms at once: each pair of pincers near each other, every pair of their nearly deepest
  // hexes (a pocket two arms close that neither narrows alone).
  const arms = out.filter((e) => exertsZoc(board.unit(e.id), false));
  for (let i = 0; i < arms.length; i++)
    for (let j = i + 1; j < arms.length; j++) {
      const a = arms[i]!;
      const b = arms[j]!;
      if (hexDistance(board, a.to, b.to) > PAIR_REACH) continue;
      const fa = fieldOf(a.id);
      const fb = fieldOf(b.id);
      const [aFrom, bFrom] = [g.pieces[a.id]!.at, g.pieces[b.id]!.at];
      layout.unmove(a.id, aFrom, a.to);
      layout.unmove(b.id, bFrom, b.to);
      moved.delete(a.id);
      moved.delete(b.id);
      const near = (id: string, f: Float64Array) => {
        const d = deepest(id);
        return d.length === 0
          ? []
          : d.filter((h) => f[h]! <= f[d[0]!]! + PINCER_SLACK).slice(0, PAIR_CHOICES);
      };
      let best = { ha: a.to, hb: b.to, v: Number.NEGATIVE_INFINITY };
      const value = (ha: number, hb: number) => {
        const trial = new Map(moved);
        trial.set(a.id, ha);
        trial.set(b.id, hb);
        return -fa[ha]! - fb[hb]! + STRAIN_WORTH * russian.strain(trial);
      };
      best.v = value(a.to, b.to);
      for (const ha of near(a.id, fa))
        for (const hb of near(b.id, fb)) {
          if (ha === hb || (ha === a.to && hb === b.to)) continue;
          const v = value(ha, hb);
          if (v > best.v) best = { ha, hb, v };
        }
      layout.move(a.id, aFrom, best.ha);
      layout.move(b.id, bFrom, best.hb);
      moved.set(a.id, best.ha);
      moved.set(b.id, best.hb);
      a.to = best.ha;
      b.to = best.hb;
    }
  return out;

  /**
   * A pincer (a unit with a ZOC): among the hexes nearly as deep as `deep`, the one that cuts
   * off the most Russian units with the spearheads' moves planned so far; `deep` where none cuts.
   */
  function pincer(id: string, deep: number): number {
    if (!exertsZoc(board.unit(id), false)) return deep;
    const f = fieldOf(id);
    const choices = deepest(id)
      .filter((h) => f[h]! <= f[deep]! + PINCER_SLACK)
      .slice(0, PINCER_CHOICES);
    if (choices.length <= 1) return deep;
    let to = deep;
    let bestV = Number.NEGATIVE_INFINITY;
    for (const h of choices) {
      const trial = new Map(moved);
      trial.set(id, h);
      const v = -f[h]! + STRAIN_WORTH * russian.strain(trial);
      if (v > bestV) {
        bestV = v;
        to = h;
      }
    }
    return to;
  }
}

/** A breadth-first count of hexes from `sources` through hexes `open` says may be entered, up to `max`; -1 beyond. */
function steps(
  board: Board,
  sources: readonly number[],
  open: (h: number) => boolean,
  max: number,
): Int32Array {
  const { offsets, targets } = board.s.map.graph;
  const dist = new Int32Array(board.at.length).fill(-1);
  let frontier = [...sources];
  for (const h of frontier) dist[h] = 0;
  for (let d = 1; d <= max && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const h of frontier)
      for (let k = offsets[h]!; k < offsets[h + 1]!; k++) {
        const t = targets[k]!;
        if (t < 0 || dist[t]! >= 0 || !open(t)) continue;
        dist[t] = d;
        next.push(t);
      }
    frontier = next;
  }
  return dist;
}

/**
 * The hexes where one more Axis unit would reconnect Isolated Axis units ("Supply": a line
 * "can be traced through any friendly unit", though not through a hex in a Russian ZOC
 * without one): each a hex in a Russian ZOC, with no Russian unit in it, next both to the
 * hexes the supply reaches now and to the hexes the cut-off units' own side reaches, the
 * whole line within 12 hexes. The value of a hex is how many Isolated units it reconnects
 * (each unit counted at the bridge nearest it).
 */
export function bridgeHexes(board: Board, blocked: Uint8Array, supply: Int32Array): Map<number, number> {
  const g = board.g;
  const cut = new Map<number, number>();
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== 'axis' || p.status !== 'map' || p.at < 0 || supply[p.at]! >= 0) continue;
    if (!isGroundUnit(board.unit(id))) continue;
    cut.set(p.at, (cut.get(p.at) ?? 0) + 1);
  }
  const out = new Map<number, number>();
  if (cut.size === 0) return out;
  const { offsets, targets } = board.s.map.graph;
  const neighbours = (h: number) => {
    const r: number[] = [];
    for (let k = offsets[h]!; k < offsets[h + 1]!; k++) if (targets[k]! >= 0) r.push(targets[k]!);
    return r;
  };
  // A bridge: blocked by a ZOC only (no Russian unit in it, passable).
  const bridgeable = (h: number) =>
    blocked[h] === 1 &&
    board.s.map.onMap[h] === 1 &&
    !board.hasEnemyGround('axis', h) &&
    board.inEnemyZoc('axis', h);
  for (const [iso, n] of cut) {
    // The cut-off side: from the unit's hex through hexes not blocked (and not yet supplied).
    const side = steps(board, [iso], (h) => blocked[h] === 0, LIMITED);
    let best = -1;
    let bestLen = Number.POSITIVE_INFINITY;
    for (let h = 0; h < side.length; h++) {
      const d = side[h]!;
      if (d < 0) continue;
      for (const b of neighbours(h)) {
        if (!bridgeable(b)) continue;
        for (const m of neighbours(b)) {
          const sd = supply[m]!;
          if (sd < 0 || blocked[m] === 1) continue;
          const len = sd + 1 + d + 1;
          if (len <= LIMITED && len < bestLen) {
            bestLen = len;
            best = b;
          }
        }
      }
    }
    if (best >= 0) out.set(best, (out.get(best) ?? 0) + n);
  }
  return out;
}

/** The limited supply range in hexes ("Supply": "up to 12 hexes"). */
const LIMITED = 12;

/**
 * The hexes of the Axis supply net held open only by the Axis units standing in them: a hex
 * in a Russian ZOC (a supply line passes it only "through any friendly unit") whose units,
 * if they all left, would cut off Axis units elsewhere from their supply. The value is how
 * many Axis ground units elsewhere would be cut off. `supply` is the net as it stands.
 */
export function corridorKeepers(board: Board, blocked: Uint8Array, supply: Int32Array): Map<number, number> {
  const g = board.g;
  const out = new Map<number, number>();
  const units: number[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side === 'axis' && p.status === 'map' && p.at >= 0 && isGroundUnit(board.unit(id)))
      units.push(p.at);
  }
  const held = new Set<number>();
  for (const h of units) if (supply[h]! >= 0 && board.inEnemyZoc('axis', h)) held.add(h);
  if (held.size === 0) return out;
  const sources = supplySources(board, 'axis', blocked);
  for (const h of held) {
    if (sources.includes(h)) continue;
    const without = steps(board, sources, (t) => t !== h && blocked[t] === 0, LIMITED);
    let lost = 0;
    for (const u of units) if (u !== h && supply[u]! >= 0 && without[u]! < 0) lost++;
    if (lost > 0) out.set(h, lost);
  }
  return out;
}

/**
 * The cities the Axis makes for and does not hold (barbarossa-1941 "Victory Conditions"):
 * every army group's objectives (`plan.ts` `ARMY_GROUPS`: Minsk, Pskov and Kharkov count
 * too) and every victory city.
 */
export function objectiveCities(
  s: RulesScenario,
  g: BarbarossaState,
  strategy: AxisStrategy = PLAN_1941,
): number[] {
  const out = new Set<number>();
  for (const group of strategy.groups)
    for (const name of group.objectives) {
      const h = s.placeHex[name];
      if (h !== undefined && h >= 0 && holder(g, s, h) !== 'axis') out.add(h);
    }
  for (let h = 0; h < s.victoryPoints.length; h++)
    if (s.victoryPoints[h]! > 0 && s.axisCountry[h] !== 1 && holder(g, s, h) !== 'axis') out.add(h);
  return [...out].sort((a, b) => a - b);
}

/** An objective city taken with Russian ground units this near is entered by `walkIns` units (`PolicyParams.walkIns`). */
const WALK_IN_THREAT = 2;

/**
 * Walks into each of `targets` no Russian ground unit holds (entering a city takes it:
 * `victory.ts` `enter`): the unit that can get there, infantry before the mobile units (the
 * spearheads drive on), then the strongest on defense; only where the city is in supply,
 * but for a victory city (its points count whatever its supply). `walkIns` (absent: 1):
 * where Russian ground units stand within WALK_IN_THREAT hexes, up to this many units
 * enter, picked alike, so that no lone weak unit is left to the Russians' answer (as one
 * advancing into Minsk was in the level-2 mirror).
 */
export function takeEmptyCities(input: {
  readonly g: BarbarossaState;
  readonly layout: PlannedLayout;
  readonly dests: ReadonlyMap<string, ReadonlySet<number>>;
  readonly supply: Int32Array;
  readonly targets: readonly number[];
  readonly walkIns?: number;
}): { id: string; to: number }[] {
  const { g, layout, dests, supply, targets } = input;
  const board = layout.board;
  const s = board.s;
  const out: { id: string; to: number }[] = [];
  const rank = (id: string) => (isMobile(board.unit(id)) ? 100 : 0) - (board.unit(id).factors.defense ?? 0);
  for (const h of targets) {
    if (board.hasEnemyGround('axis', h) || (layout.added.get(h)?.length ?? 0) > 0) continue;
    if (supply[h]! < 0 && !(s.victoryPoints[h]! > 0)) continue;
    const walkIns = (input.walkIns ?? 1) > 1 && russiansNear(board, g, h) ? input.walkIns! : 1;
    for (let k = 0; k < walkIns; k++) {
      let pick: string | null = null;
      for (const [id, d] of dests) {
        if (layout.used.has(id) || !d.has(h) || !layout.fits(h, id)) continue;
        const u = board.unit(id);
        if (!isGroundUnit(u) || (u.factors.defense ?? 0) <= 0) continue;
        if (pick === null || rank(id) < rank(pick) || (rank(id) === rank(pick) && id < pick)) pick = id;
      }
      if (pick === null) break;
      layout.move(pick, g.pieces[pick]!.at, h);
      out.push({ id: pick, to: h });
    }
  }
  return out;
}

/** Whether a Russian ground unit stands within WALK_IN_THREAT hexes of `h`. */
export function russiansNear(board: Board, g: BarbarossaState, h: number): boolean {
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== 'soviet' || p.status !== 'map' || p.at < 0) continue;
    if (isGroundUnit(board.unit(id)) && hexDistance(board, p.at, h) <= WALK_IN_THREAT) return true;
  }
  return false;
}

/**
 * The supply distance of a unit standing in each hex (-1 out of supply): the supply net's
 * own distance (`supplyDistances`), or, for a hex in a Russian ZOC the net does not enter
 * (no Axis unit there yet), one more than its nearest neighbour the net reaches: "It can be
 * traced through any friendly unit", the unit itself included.
 */
export function supplyIfThere(board: Board, supply: Int32Array, side: Side = 'axis'): Int32Array {
  const out = Int32Array.from(supply);
  const limited = LIMITED;
  const { offsets, targets } = board.s.map.graph;
  for (let h = 0; h < out.length; h++) {
    if (out[h]! >= 0 || board.s.map.onMap[h] !== 1 || !board.inEnemyZoc(side, h)) continue;
    if (board.hasEnemyGround(side, h)) continue;
    let best = -1;
    for (let k = offsets[h]!; k < offsets[h + 1]!; k++) {
      const t = targets[k]!;
      if (t < 0) continue;
      const d = supply[t]!;
      if (d >= 0 && d < limited && (best < 0 || d + 1 < best)) best = d + 1;
    }
    out[h] = best;
  }
  return out;
}
