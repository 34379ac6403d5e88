/**
 * What the rules read off the board: who is where, stacking ("Stacking" Limits) and
 * zones of control ("Zones of Control (ZOCs)", B-15). A Board is derived from the state
 * (never stored) and reads only what both players see of a piece (`publicUnit`).
 */
import type { UnitData } from '@stavka/engine';
import { railBound } from './railway-guns.ts';
import {
  otherSide,
  type RulesScenario,
  rulesScenarioByKey,
  type Side,
  terrainIn,
  type Weather,
} from './rules-scenario.ts';
import { type BarbarossaState, type PieceState, publicUnit, turnInfo } from './state.ts';
import { countsForStacking, isArmy, isGerman, isKorps, isMotorized, isSmall } from './unit-kinds.ts';

/**
 * Whether a unit has a movement-stopping ZOC. "Zones of Control": "a hex adjacent to an
 * enemy army or korps - Disrupted or not"; "Divisions have no ZOCs other than their own
 * hex"; "Disrupted Units": "Only all armies and German korps still have movement stopping
 * Zones of Control (ZOCs) if Disrupted" — so a Disrupted Russian korps (B-15) and a
 * Disrupted Axis allied korps (Rumanian, Hungarian, ...) have none.
 */
export function exertsZoc(u: UnitData, disrupted: boolean): boolean {
  if (isArmy(u)) return true;
  if (!isKorps(u)) return false;
  return !disrupted || isGerman(u);
}

export interface StackEntry {
  readonly unit: UnitData;
  readonly piece: PieceState;
}

/**
 * The list of an empty hex, shared by every Board (a Board's lists are never changed once
 * built; the constructor gives a hex a list of its own before its first unit). Not
 * frozen, as no array read in a hot loop is: see engine game.ts legalActions.
 */
const EMPTY: string[] = [];

export class Board {
  readonly s: RulesScenario;
  readonly g: BarbarossaState;
  /** Piece ids per hex. */
  readonly at: string[][];
  /** Per side: the number of that side's ZOC-exerting pieces adjacent to each hex. */
  private readonly zocCount: Record<Side, Uint16Array>;

  constructor(g: BarbarossaState, s: RulesScenario = rulesScenarioByKey(g.scenario)) {
    this.s = s;
    this.g = g;
    const n = s.map.graph.nodeCount;
    // Most hexes are empty: they share one list (a Board is built several times an action).
    this.at = new Array<string[]>(n).fill(EMPTY);
    this.zocCount = { axis: new Uint16Array(n), soviet: new Uint16Array(n) };
    this.weather = turnInfo(s, g).weather;
    const { offsets, targets } = s.map.graph;
    for (const id of g.order) {
      const p = g.pieces[id]!;
      if (p.status !== 'map' || p.at < 0) continue;
      let here = this.at[p.at]!;
      if (here === EMPTY) {
        here = [];
        this.at[p.at] = here;
      }
      here.push(id);
      if (!exertsZoc(publicUnit(s, p), p.disrupted)) continue;
      const count = this.zocCount[p.side];
      for (let k = offsets[p.at]!; k < offsets[p.at + 1]!; k++) {
        const t = targets[k]!;
        if (t >= 0) count[t]!++;
      }
    }
  }

  unit(id: string): UnitData {
    return publicUnit(this.s, this.g.pieces[id]!);
  }

  piece(id: string): PieceState {
    return this.g.pieces[id]!;
  }

  /** This turn's weather (read once: every step cost asks). */
  readonly weather: Weather;
  /**
   * Per side, lazily, hex by hex: 1 where an UnDisrupted enemy army (Axis movers) or German
   * korps/army (Russian movers) has its ZOC (the OMB rule), 2 where none has; 0 not yet asked.
   */
  private readonly bonusZoc: Partial<Record<Side, Uint8Array>> = {};

  /** OMB rule 2's ZOC at `hex` for a mover of `side` (see movement.ts bonusForbiddenZoc), `compute`d once a hex. */
  bonusZocAt(side: Side, hex: number, compute: (hex: number) => boolean): boolean {
    let z = this.bonusZoc[side];
    if (!z) {
      z = new Uint8Array(this.at.length);
      this.bonusZoc[side] = z;
    }
    let known = z[hex]!;
    if (known === 0) {
      known = this.inEnemyZoc(side, hex) && compute(hex) ? 1 : 2;
      z[hex] = known;
    }
    return known === 1;
  }

  /** Pieces of `side` in `hex`. */
  sideAt(side: Side, hex: number): string[] {
    return this.at[hex]!.filter((id) => this.g.pieces[id]!.side === side);
  }

  hasEnemy(side: Side, hex: number): boolean {
    return this.at[hex]!.some((id) => this.g.pieces[id]!.side !== side);
  }

  /**
   * An enemy unit defending `hex`: what blocks movement, retreats and supply and may be
   * attacked. An air unit alone on its airfield does not (a ground unit entering its hex
   * overruns it on the ground, B-56), nor an undefended railway gun or rail conversion unit
   * (destroyed by the enemy entering its hex, B-61).
   */
  hasEnemyGround(side: Side, hex: number): boolean {
    return this.at[hex]!.some((id) => this.g.pieces[id]!.side !== side && this.defends(id, hex));
  }

  /**
   * Whether piece `id` defends its hex (B-56, B-61): an air unit never does; a railway gun
   * or a rail conversion unit only with a friendly unit that does stacked with it
   * ("can be destroyed if it is undefended"); every other unit does.
   */
  defends(id: string, hex: number = this.g.pieces[id]!.at): boolean {
    const type = this.unit(id).type;
    if (type === 'air') return false;
    if (!railBound(type)) return true;
    // The hex as this board holds it (a board made before a combat's eliminations still
    // lists the units eliminated since, whose own hex is now -1).
    const side = this.g.pieces[id]!.side;
    return (this.at[hex] ?? EMPTY).some((o) => {
      if (o === id || this.g.pieces[o]!.side !== side) return false;
      const t = this.unit(o).type;
      return t !== 'air' && !railBound(t);
    });
  }

  /** Per side, lazily: 1 where hasEnemyGround (a movement search asks it of every step it tries). */
  private readonly enemyGround: Partial<Record<Side, Uint8Array>> = {};

  /** `hasEnemyGround(side, hex)` for every hex, worked out once a board: read it, never change it. */
  enemyGroundOf(side: Side): Uint8Array {
    let z = this.enemyGround[side];
    if (!z) {
      z = new Uint8Array(this.at.length);
      for (let h = 0; h < z.length; h++) if (this.at[h]!.length > 0 && this.hasEnemyGround(side, h)) z[h] = 1;
      this.enemyGround[side] = z;
    }
    return z;
  }

  /** The number of `side`'s ZOC-exerting pieces next to each hex (inEnemyZoc's): read it, never change it. */
  zocCountOf(side: Side): Uint16Array {
    return this.zocCount[side];
  }

  hasFriend(side: Side, hex: number, except?: string): boolean {
    return this.at[hex]!.some((id) => id !== except && this.g.pieces[id]!.side === side);
  }

  /** "An operationally moving unit is required to stop when it enters a hex adjacent to an enemy army or korps". */
  inEnemyZoc(side: Side, hex: number): boolean {
    return this.zocCount[otherSide(side)][hex]! > 0;
  }

  /**
   * RULINGS B-66: "The Russians may not attack Rumania unless the Axis do attack out of
   * it": until an Axis unit has attacked from a hex in Rumania, no Russian unit attacks or
   * enters one (by move, retreat or advance). Bessarabia and northern Bukovina are not Rumania.
   */
  closedRumania(side: Side, hex: number): boolean {
    return side === 'soviet' && this.g.rumaniaOpen !== true && this.s.rumania[hex] === 1;
  }

  /** The enemy pieces whose ZOC covers `hex` (B-15: Disrupted Russian korps have none). */
  zocOwners(side: Side, hex: number): string[] {
    if (!this.inEnemyZoc(side, hex)) return [];
    const out: string[] = [];
    const { offsets, targets } = this.s.map.graph;
    for (let k = offsets[hex]!; k < offsets[hex + 1]!; k++) {
      const t = targets[k]!;
      if (t < 0) continue;
      for (const id of this.at[t]!) {
        const p = this.g.pieces[id]!;
        if (p.side !== side && exertsZoc(publicUnit(this.s, p), p.disrupted)) out.push(id);
      }
    }
    return out;
  }

  /** The stack in `hex` with `add` in it and `remove` out of it. */
  stackWith(hex: number, add: readonly string[], remove: readonly string[] = []): StackEntry[] {
    const ids = this.at[hex]!.filter((id) => !remove.includes(id) && !add.includes(id));
    return [...ids, ...add].map((id) => ({ unit: this.unit(id), piece: this.g.pieces[id]! }));
  }

  /** Would `hex` be legally stacked with `add` moved in (and `remove` out)? */
  fits(hex: number, add: readonly string[], remove: readonly string[] = []): boolean {
    const here = this.at[hex]!;
    // One unit alone (an empty hex, or one holding only itself: rail, sea and move lists
    // ask this of thousands of hexes): stackingOk passes it but for the Mountain rule.
    if (add.length === 1 && (here.length === 0 || (here.length === 1 && here[0] === add[0]))) {
      const u = this.unit(add[0]!);
      return !(isMotorized(u) && !isSmall(u) && terrainIn(this.s, hex, this.weather) === 'mountain');
    }
    return stackingOk(this.stackWith(hex, add, remove), terrainIn(this.s, hex, this.weather)).ok;
  }

  /** Per hex, lazily: what stackingOk reads of the units in it (fitsOne). */
  private readonly stacks = new Map<number, StackSummary>();

  /**
   * `fits(hex, [id])` for a piece not in `hex` (a move, rail or sea destination), from the
   * hex's stack summed up once a board: legal lists ask it of every piece and every hex
   * holding friendly units. Only while the state is not changed under the board.
   */
  fitsOne(hex: number, id: string): boolean {
    const here = this.at[hex]!;
    if (here.length === 0 || here.includes(id)) return this.fits(hex, [id]);
    return this.fitsUnit(hex, this.unit(id));
  }

  /**
   * `fitsOne` for a piece of unit `u` not in `hex`: the same for every unit of its
   * stacking class (`stackClass`).
   */
  fitsUnit(hex: number, u: UnitData): boolean {
    const here = this.at[hex]!;
    const terrain = terrainIn(this.s, hex, this.weather);
    if (here.length === 0) return !(unitSummary(u).motorizedLarge && terrain === 'mountain');
    let sum = this.stacks.get(hex);
    if (!sum) {
      sum = summarize(here.map((x) => this.unit(x)));
      this.stacks.set(hex, sum);
    }
    return fitsWith(sum, u, terrain);
  }
}

/** A key shared by the units that stack alike: `fitsUnit` reads nothing else of a unit. */
export function stackClass(u: UnitData): string {
  const x = unitSummary(u);
  return `${x.motorized}${x.motorizedLarge ? 1 : 0}${x.rumanian ? 1 : 0}${x.hungarian ? 1 : 0}${x.counting}${x.armies}${x.motKorps}${x.attachable ? 1 : 0}${x.big}`;
}

/** What stackingOk reads of a stack: its first unit's side, counts and flags (see fitsWith). */
interface StackSummary {
  readonly side: string;
  readonly motorized: number;
  readonly motorizedLarge: boolean;
  readonly rumanian: boolean;
  readonly hungarian: boolean;
  readonly counting: number;
  readonly armies: number;
  readonly motKorps: number;
  readonly attachable: boolean;
  readonly big: number;
}

function summarize(units: readonly UnitData[]): StackSummary {
  let motorized = 0;
  let motorizedLarge = false;
  let rumanian = false;
  let hungarian = false;
  let counting = 0;
  let armies = 0;
  let motKorps = 0;
  let attachable = false;
  let big = 0;
  for (const u of units) {
    const one = unitSummary(u);
    motorized += one.motorized;
    motorizedLarge ||= one.motorizedLarge;
    rumanian ||= one.rumanian;
    hungarian ||= one.hungarian;
    counting += one.counting;
    armies += one.armies;
    motKorps += one.motKorps;
    attachable ||= one.attachable;
    big += one.big;
  }
  const side = units[0]!.side;
  return {
    side,
    motorized,
    motorizedLarge,
    rumanian,
    hungarian,
    counting,
    armies,
    motKorps,
    attachable,
    big,
  };
}

/** Each unit's share of a summary (units are the scenario's, never changed). */
const unitSummaries = new WeakMap<UnitData, StackSummary>();

/** One unit's share of a summary. */
function unitSummary(u: UnitData): StackSummary {
  let known = unitSummaries.get(u);
  if (!known) {
    known = summaryOf(u);
    unitSummaries.set(u, known);
  }
  return known;
}

function summaryOf(u: UnitData): StackSummary {
  const motorized = isMotorized(u);
  const counts = countsForStacking(u);
  return {
    side: u.side,
    motorized: motorized ? 1 : 0,
    motorizedLarge: motorized && !isSmall(u),
    rumanian: u.nationality === 'rumanian',
    hungarian: u.nationality === 'hungarian',
    counting: counts ? 1 : 0,
    armies: counts && isArmy(u) ? 1 : 0,
    motKorps: counts && isKorps(u) && motorized ? 1 : 0,
    attachable: counts && u.size === 'division' && (u.type === 'panzer' || u.tags.includes('ss')),
    big: counts && !u.tags.includes('moscow-motor-rifle') ? 1 : 0,
  };
}

/** `stackingOk` of the stack summed up in `sum` with `u` added after it: the same verdict. */
function fitsWith(sum: StackSummary, u: UnitData, terrain: string): boolean {
  const one = unitSummary(u);
  if (terrain === 'mountain') {
    if (sum.motorizedLarge || one.motorizedLarge) return false;
    if (sum.motorized + one.motorized > 1) return false;
  }
  const counting = sum.counting + one.counting;
  if (sum.side === 'axis') {
    if ((sum.rumanian || one.rumanian) && (sum.hungarian || one.hungarian)) return false;
    const armies = sum.armies + one.armies;
    const motKorps = sum.motKorps + one.motKorps;
    if (armies > 1 || motKorps > 1) return false;
    const extra = (sum.attachable || one.attachable) && armies + motKorps > 0 ? 1 : 0;
    return counting <= 3 + extra;
  }
  return sum.big + one.big <= 2;
}

export interface StackingVerdict {
  readonly ok: boolean;
  /** Why not, quoting the rule. */
  readonly reason?: string;
}

const AXIS_LIMIT =
  '"Axis: There may be no more than 1 Axis army or motorized korps in a hex, although there may be 1 of each.  There may be no more than 3 units in a hex overall, but plus a panzer or SS division if attached to a motorized korps or army."';
const SOVIET_LIMIT =
  '"Russian: there may be no more than 2 armies and/or corps in a hex, plus the 1.MoscMotRflDiv."';

/**
 * "Stacking" Limits, for one side's stack in one hex (a hex never holds both sides).
 * Also "Mountain: Panzer/tank and motorized units must be at division/brigade level to
 * transit, even via roads, and there may not be more than 1 per mountain hex."
 */
export function stackingOk(stack: readonly StackEntry[], terrain: string): StackingVerdict {
  if (stack.length === 0) return { ok: true };
  if (terrain === 'mountain') {
    const mobile = stack.filter((e) => isMotorized(e.unit));
    if (mobile.some((e) => !isSmall(e.unit)))
      return {
        ok: false,
        reason: 'a panzer/tank or motorized korps may not enter a mountain hex ("Mountain")',
      };
    if (mobile.length > 1)
      return {
        ok: false,
        reason: 'no more than 1 panzer/tank or motorized unit per mountain hex ("Mountain")',
      };
  }
  const side = stack[0]!.unit.side;
  const counting = stack.filter((e) => countsForStacking(e.unit));
  if (side === 'axis') {
    const nat = new Set(stack.map((e) => e.unit.nationality));
    if (nat.has('rumanian') && nat.has('hungarian'))
      return { ok: false, reason: '"Rumanian and Hungarian units may not be stacked together."' };
    const armies = counting.filter((e) => isArmy(e.unit)).length;
    const motKorps = counting.filter((e) => isKorps(e.unit) && isMotorized(e.unit)).length;
    if (armies > 1 || motKorps > 1) return { ok: false, reason: AXIS_LIMIT };
    // "plus a panzer or SS division if attached to a motorized korps or army" (one extra).
    const attachable = counting.some(
      (e) => e.unit.size === 'division' && (e.unit.type === 'panzer' || e.unit.tags.includes('ss')),
    );
    const extra = attachable && armies + motKorps > 0 ? 1 : 0;
    if (counting.length > 3 + extra) return { ok: false, reason: AXIS_LIMIT };
    return { ok: true };
  }
  // RULINGS B-20: every counting Russian unit but the 1.MoscMotRflDiv is one of the 2.
  const big = counting.filter((e) => !e.unit.tags.includes('moscow-motor-rifle')).length;
  if (big > 2) return { ok: false, reason: SOVIET_LIMIT };
  return { ok: true };
}
