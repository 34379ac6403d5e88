/**
 * The operational plan the rule-based policy (`policy.ts`) walks its units along (issue #44):
 *   - the Axis in army groups, each with its own objectives in order (barbarossa-1941
 *     "Victory Conditions"; the 1941 plan, research notes): North on Leningrad; Centre on
 *     Minsk, Smolensk, Moscow; South on Kiev, Kharkov, Rostov; the Rumanian front on Odessa
 *     and Sevastopol. A unit belongs to the group whose route it stands nearest, so each
 *     army group keeps its own front instead of every unit making for Leningrad and Moscow;
 *   - the Russians toward their front: the hexes next to the enemy (the line), those nearer
 *     their own victory cities first, never marching on a city the Axis holds (`sovietLine`).
 * Each is a field of hex distances over passable hexes (lower is better).
 */
import type { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { impassable, type RulesScenario } from '../rules-scenario.ts';
import { type BarbarossaState, turnInfo } from '../state.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import { holder } from '../victory.ts';

/**
 * A multi-source shortest path (hexes, 1 per hex) over passable hexes, with a start value per
 * source. Kept per scenario for the weather and sources it was made for: a player-turn's
 * policy asks for the same plan's fields again and again (each AxisPlan, each combat choice,
 * each search playout), and a field is a pass over the whole map. The array is shared: read
 * it, never change it.
 */
export function field(
  s: RulesScenario,
  g: BarbarossaState,
  sources: ReadonlyMap<number, number>,
): Float64Array {
  const weather = turnInfo(s, g).weather;
  let kept = fields.get(s);
  if (!kept) {
    kept = new Map();
    fields.set(s, kept);
  }
  let key: string = weather;
  for (const [h, v] of sources) key += `,${h}:${v}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const n = s.map.graph.nodeCount;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  let frontier: number[] = [];
  for (const [h, v] of sources) {
    dist[h] = Math.min(dist[h]!, v);
    frontier.push(h);
  }
  const { offsets, targets } = s.map.graph;
  // Bellman-Ford by rounds (start values differ): converges in a few dozen rounds on this map.
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const h of frontier) {
      const d = dist[h]! + 1;
      for (let k = offsets[h]!; k < offsets[h + 1]!; k++) {
        const t = targets[k]!;
        if (t < 0 || s.map.onMap[t] !== 1 || impassable(s, t, weather)) continue;
        if (d < dist[t]!) {
          dist[t] = d;
          next.push(t);
        }
      }
    }
    frontier = next;
  }
  if (kept.size >= FIELDS_KEPT) kept.clear();
  kept.set(key, dist);
  return dist;
}

/** field's results by scenario, by weather and sources (see field). */
const fields = new WeakMap<RulesScenario, Map<string, Float64Array>>();
/** The most fields kept for a scenario (cleared when full): 23 KB each on the whole front (2,958 hexes). */
const FIELDS_KEPT = 64;

export interface ArmyGroup {
  readonly name: string;
  /** Places along its axis of advance, from its start line: a unit belongs to the group whose route it is nearest. */
  readonly route: readonly string[];
  /** Its objectives, in the order it takes them. */
  readonly objectives: readonly string[];
  /**
   * Other objectives from a game-turn on (`fromTurn`), while the Axis holds every city of
   * `when` (none given: always) and none of `unless`.
   */
  readonly later?: {
    readonly fromTurn: number;
    readonly when?: readonly string[];
    readonly unless: readonly string[];
    readonly objectives: readonly string[];
  };
}

/** Whether the Axis holds the place named (a name not on this map: no). */
function axisHolds(g: BarbarossaState, s: RulesScenario, name: string): boolean {
  const h = s.placeHex[name];
  return h !== undefined && holder(g, s, h) === 'axis';
}

/**
 * Whether a later part of a strategy is in force in `g`: from its game-turn on, while the Axis
 * holds every city of `when` (none given: always) and none of `unless`.
 */
function laterInForce(
  later: { readonly fromTurn: number; readonly when?: readonly string[]; readonly unless: readonly string[] },
  g: BarbarossaState,
  s: RulesScenario,
): boolean {
  return (
    g.turn >= later.fromTurn &&
    (later.when ?? []).every((name) => axisHolds(g, s, name)) &&
    !later.unless.some((name) => axisHolds(g, s, name))
  );
}

/** A group's objectives in `g`: its `later` ones while they are in force (`laterInForce`). */
function objectivesNow(group: ArmyGroup, g: BarbarossaState, s: RulesScenario): readonly string[] {
  return group.later !== undefined && laterInForce(group.later, g, s)
    ? group.later.objectives
    : group.objectives;
}

/** The Axis army groups of 22 June 1941 and their objectives (the places of the standard map). */
export const ARMY_GROUPS: readonly ArmyGroup[] = [
  {
    name: 'north',
    route: ['Koenigsberg', 'Kaunas', 'Riga', 'Pskov', 'Novgorod', 'Leningrad'],
    objectives: ['Pskov', 'Leningrad'],
  },
  {
    name: 'centre',
    route: ['Warsaw', 'Brest-Litovsk', 'Minsk', 'Vitebsk', 'Orsha', 'Smolensk', 'Vyazma', 'Moscow'],
    objectives: ['Minsk', 'Smolensk', 'Moscow'],
  },
  {
    name: 'south',
    route: ['Lvov', 'Kiev', 'Kharkov', 'Stalino', 'Rostov'],
    objectives: ['Kiev', 'Kharkov', 'Rostov'],
  },
  {
    name: 'rumania',
    route: ['Bucharest', 'Odessa', 'Sevastopol'],
    objectives: ['Odessa', 'Sevastopol', 'Rostov'],
  },
];

/** The fronts (`ARMY_GROUPS`) of each army group a counter names (`scenario.ts` `armyGroup`). */
const OWN_FRONTS: Readonly<Record<string, readonly string[]>> = {
  north: ['north'],
  center: ['centre'],
  south: ['south', 'rumania'],
};

/**
 * Where the Axis drives (an operational plan's *where*): its army groups with their routes
 * and objectives, the fronts each counter's army group keeps to, and (optionally) other
 * fronts for its mobile units — a panzer group handed to another army group.
 */
export interface AxisStrategy {
  readonly groups: readonly ArmyGroup[];
  readonly fronts: Readonly<Record<string, readonly string[]>>;
  /** The fronts of a counter's army group's mobile units where they differ from `fronts`. */
  readonly mobileFronts?: Readonly<Record<string, readonly string[]>>;
  /**
   * An army group that holds all its objectives keeps its last one among its field's sources
   * (at 0, beside every victory city it does not hold at minus its points): its units stay to
   * hold what it took rather than march on the nearest city of another group (absent: they
   * march on, level 1).
   */
  readonly holdTaken?: boolean;
  /**
   * Other fronts for the mobile units of the army groups named (`fronts`, as `mobileFronts`)
   * from a game-turn on, while the Axis holds none of `unless`.
   */
  readonly laterMobileFronts?: {
    readonly fromTurn: number;
    readonly unless: readonly string[];
    readonly fronts: Readonly<Record<string, readonly string[]>>;
  };
}

/** The 1941 plan (level 1's): `ARMY_GROUPS`, each counter on its own army group's fronts. */
export const PLAN_1941: AxisStrategy = { groups: ARMY_GROUPS, fronts: OWN_FRONTS };

/** An army group's part of the plan: its route's hexes, its objectives' hexes in order, and its field toward those it does not hold. */
interface GroupPlan {
  readonly name: string;
  readonly routes: readonly number[];
  readonly objectives: readonly number[];
  readonly field: Float64Array;
}

/** `holdTaken`'s sources: the cities not held (`rest`) and a group's last objective `last` at 0 (none: `rest`). */
function withLast(rest: ReadonlyMap<number, number>, last: number): ReadonlyMap<number, number> {
  return last >= 0 ? new Map([...rest, [last, 0]]) : rest;
}

/** Hexes a later objective of a group counts as farther than the one before it. */
const NEXT_OBJECTIVE = 3;

/**
 * The Axis's operational plan in `g`: per army group, the field toward its next objectives
 * (those it does not hold, in order; once all are held, every victory city it does not
 * hold), and which group a unit belongs to. A map without the groups' places (a test
 * position) has one group: the victory cities not held.
 */
export class AxisPlan {
  private readonly groups: GroupPlan[] = [];
  private readonly railWays = new Map<string, Float64Array | null>();
  /** The field toward every group's objectives: arrivals, railheads, gauge conversion. */
  readonly overall: Float64Array;
  /** The fronts of the mobile units of the army groups named, as the strategy gives them now. */
  private readonly mobileFronts: Readonly<Record<string, readonly string[]>> | undefined;

  constructor(
    readonly board: Board,
    g: BarbarossaState,
    readonly strategy: AxisStrategy = PLAN_1941,
  ) {
    const s = board.s;
    const hexOf = (name: string) => s.placeHex[name] ?? -1;
    const laterMobile = strategy.laterMobileFronts;
    this.mobileFronts =
      laterMobile !== undefined && laterInForce(laterMobile, g, s)
        ? { ...strategy.mobileFronts, ...laterMobile.fronts }
        : strategy.mobileFronts;
    const rest = new Map<number, number>();
    for (let h = 0; h < s.victoryPoints.length; h++)
      if (s.victoryPoints[h]! > 0 && holder(g, s, h) !== 'axis') rest.set(h, -s.victoryPoints[h]!);
    const all = new Map<number, number>();
    for (const group of strategy.groups) {
      const routes = group.route.map(hexOf).filter((h) => h >= 0);
      if (routes.length < 2) continue;
      const src = new Map<number, number>();
      let k = 0;
      const names = objectivesNow(group, g, s);
      for (const name of names) {
        const h = hexOf(name);
        if (h < 0 || holder(g, s, h) === 'axis') continue;
        src.set(h, NEXT_OBJECTIVE * k++);
      }
      const allHeld = strategy.holdTaken ? withLast(rest, hexOf(names.at(-1) ?? '')) : rest;
      const from = src.size > 0 ? src : allHeld;
      for (const [h, v] of from) all.set(h, Math.min(all.get(h) ?? v, v));
      const objectives = names.map(hexOf).filter((h) => h >= 0);
      this.groups.push({ name: group.name, routes, objectives, field: field(s, g, from) });
    }
    this.overall = field(s, g, all.size > 0 ? all : rest);
    // A map without the groups' places: one group, on the victory cities not held, the most points first.
    if (this.groups.length === 0) {
      const objectives = [...rest].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([h]) => h);
      this.groups.push({ name: '', routes: [], objectives, field: this.overall });
    }
  }

  /**
   * The field of the army group of a unit at `hex`: the group whose route passes nearest;
   * with `armyGroup` (the counter's own, `scenario.ts` `armyGroup`), among that army group's
   * fronts only (the south's are Army Group South's and the Rumanian front), so that the
   * panzer groups keep to their own army group's axis wherever they drive (3. Panzergruppe,
   * of the centre, starts nearer the northern route than the Minsk one).
   */
  fieldAt(hex: number, armyGroup?: string, mobile = false): Float64Array {
    return this.groupAt(hex, armyGroup, mobile).field;
  }

  /** The fronts a counter of `armyGroup` keeps to (its mobile units' own, where the strategy names them). */
  private frontsOf(armyGroup: string, mobile: boolean): readonly string[] | undefined {
    return (mobile ? this.mobileFronts?.[armyGroup] : undefined) ?? this.strategy.fronts[armyGroup];
  }

  private groupAt(hex: number, armyGroup?: string, mobile = false): GroupPlan {
    if (this.groups.length === 1 || hex < 0) return this.groups[0]!;
    const fronts = armyGroup === undefined ? undefined : this.frontsOf(armyGroup, mobile);
    const own = fronts === undefined ? [] : this.groups.filter((gr) => fronts.includes(gr.name));
    let best = this.groups[0]!;
    let bestD = Number.POSITIVE_INFINITY;
    for (const gr of own.length > 0 ? own : this.groups) {
      const d = Math.min(...gr.routes.map((r) => hexDistance(this.board, r, hex)));
      if (d < bestD) {
        bestD = d;
        best = gr;
      }
    }
    return best;
  }

  /**
   * The railway of the army group of a piece at `hex` (`fieldAt`'s group; a counter's own
   * `armyGroup` first: its first front, so the Eisenbahntruppe of the south works for Army
   * Group South): rail hexes along the railways (`railField`) to the first of its
   * objectives the converted track does not reach yet (B-38), Brest-Minsk-Orsha-Smolensk for
   * the centre as in 1941; the gauge conversion units and the railheads follow it. Null
   * where no railway leads there (a test map, every objective converted).
   */
  railWayAt(hex: number, armyGroup?: string): Float64Array | null {
    const first = armyGroup === undefined ? undefined : this.strategy.fronts[armyGroup]?.[0];
    const group = this.groups.find((gr) => gr.name === first) ?? this.groupAt(hex, armyGroup);
    if (this.railWays.has(group.name)) return this.railWays.get(group.name)!;
    const converted = new Set(this.board.g.converted);
    const next = group.objectives.find((h) => !converted.has(h));
    const way = next === undefined ? null : railField(this.board.s, next);
    const found = way?.some((d, h) => h !== next && Number.isFinite(d)) ? way : null;
    this.railWays.set(group.name, found);
    return found;
  }
}

/**
 * Rail hexes from `to` along the railways (Russian track and German-gauge lines alike:
 * "German railway gauge conversion units move 3 hexes per turn" along the one to make it
 * the other), 1 a hex; Infinity off them or where no railway joins.
 */
export function railField(s: RulesScenario, to: number): Float64Array {
  const n = s.map.graph.nodeCount;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const { offsets, targets } = s.map.graph;
  const rail = s.railBit | s.axisRailBit;
  dist[to] = 0;
  let frontier = [to];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[] = [];
    for (const h of frontier)
      for (let k = offsets[h]!; k < offsets[h + 1]!; k++) {
        const t = targets[k]!;
        if (t < 0 || (s.map.links[k]! & rail) === 0 || dist[t]! <= d) continue;
        dist[t] = d;
        next.push(t);
      }
    frontier = next;
  }
  return dist;
}

/**
 * The Russian line: distance from the hexes next to an enemy ground unit (those the
 * Russians may enter: not Rumania while it is closed, B-66), each starting at a tenth of its
 * distance to the nearest Russian-held victory city, so the line forms first where it
 * covers the cities. Its reserves march here, not on a city the Axis holds (issue #44 item 3).
 */
export function sovietLine(board: Board, g: BarbarossaState): { line: Float64Array; enemy: Float64Array } {
  const s = board.s;
  const enemyAt = new Map<number, number>();
  for (let h = 0; h < board.at.length; h++)
    if (board.at[h]!.some((id) => board.piece(id).side === 'axis' && isGroundUnit(board.unit(id))))
      enemyAt.set(h, 0);
  const enemy = field(s, g, enemyAt);
  const cities = new Map<number, number>();
  for (let h = 0; h < s.victoryPoints.length; h++)
    if (s.victoryPoints[h]! > 0 && holder(g, s, h) === 'soviet') cities.set(h, -s.victoryPoints[h]!);
  const toCity = field(s, g, cities);
  const contact = new Map<number, number>();
  for (let h = 0; h < board.at.length; h++) {
    if (enemy[h] !== 1 || board.closedRumania('soviet', h)) continue;
    contact.set(h, Number.isFinite(toCity[h]!) ? 0.1 * toCity[h]! : 5);
  }
  if (contact.size === 0) return { line: toCity, enemy };
  return { line: field(s, g, contact), enemy };
}
