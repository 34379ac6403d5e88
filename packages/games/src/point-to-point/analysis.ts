/**
 * The exact battle: given both forces and a policy per side, the probability of each
 * ending and the expected losses, by dynamic programming over battle states (no
 * sampling). Beyond the printed tables (issue #27 part 2).
 *
 * A side's units change only by absorbing losses, one at a time, on the unit its loss
 * policy picks (policy.ts) from the side's own units. So a side's whole state is the
 * number of losses it has absorbed in the battle, and a battle state is (losses absorbed
 * by the attacker, by the defender) at the start of a round, for each number of Soviet air
 * units surviving air combat. A round either changes that pair or, when neither side
 * inflicts a loss, leaves it as it was; such a self-loop of weight c out of D is solved
 * exactly: V = sum over the other outcomes c_b V_b / (D - c). Chances are whole counts
 * over powers of the die (the engine's Distribution) until that division; values are
 * exact fractions of BigInts.
 */
import {
  type Distribution,
  err,
  type FireTable,
  fireDistribution,
  fireLosses,
  ok,
  type Result,
  type SetupError,
  setupError,
} from '@stavka/engine';
import {
  type BattleScenario,
  type BattleState,
  battleFromSetup,
  ENDINGS,
  type Ending,
} from './battle-scenario.ts';
import { FIRE_TABLE } from './combat.ts';
import { type Formation, lossLimit, other, type Role, type Side, type Weather } from './forces.ts';
import { type AbsorbingUnit, lossTarget, type SidePolicy, wantsRetreat } from './policy.ts';

/** One unit of a force, as a CLI flag or a web form gives it. */
export interface ForceUnit {
  readonly id?: string;
  readonly class: 'major' | 'minor' | 'air';
  readonly value?: number;
  readonly formation?: Formation;
  readonly inSupply?: boolean;
  /** Losses carried into the battle (P-5). */
  readonly losses?: number;
  readonly dispersed?: boolean;
}

export interface BattleInput {
  readonly weather: Weather;
  readonly attacker: Side;
  readonly attackers: readonly ForceUnit[];
  readonly defenders: readonly ForceUnit[];
  readonly policies: { readonly attacker: SidePolicy; readonly defender: SidePolicy };
}

/** An exact chance or expectation: num/den, and its value as a number. */
export interface Exact {
  readonly num: string;
  readonly den: string;
  readonly value: number;
}

export interface BattleAnalysis {
  readonly endings: Readonly<Record<Ending, Exact>>;
  /** The four headings: point cleared (destroyed or retreated defenders), ... */
  readonly summary: {
    readonly pointCleared: number;
    readonly attackerRetreats: number;
    readonly defenderRetreats: number;
    readonly bothDestroyed: number;
  };
  /** Expected losses absorbed by each role's ground units. */
  readonly expectedHits: Readonly<Record<Role, Exact>>;
  /** Expected ground units destroyed in the fighting, by role. */
  readonly expectedDestroyed: Readonly<Record<Role, Exact>>;
  /** Expected Soviet air units lost in air combat (A.1). */
  readonly expectedAirLost: Exact;
  /** Chance of simultaneous combat (B.1). */
  readonly simultaneous: Exact;
  /** Battle states evaluated. */
  readonly states: number;
  readonly provisional: boolean;
}

/** The battle scenario a BattleInput stands for: one origin and one friendly rear point with room for all. */
export function battleScenarioOf(input: BattleInput): BattleScenario {
  const defender = other(input.attacker);
  const unit = (u: ForceUnit, role: Role, i: number) => ({
    id: u.id ?? `${role === 'attacker' ? 'A' : 'D'}${i + 1}`,
    side: role === 'attacker' ? input.attacker : defender,
    role,
    class: u.class,
    ...(u.value !== undefined ? { value: u.value } : {}),
    formation: u.formation ?? 'line',
    inSupply: u.inSupply ?? true,
    losses: u.losses ?? 0,
    dispersed: u.dispersed ?? false,
    ...(role === 'attacker' || u.class === 'air' ? { from: role === 'attacker' ? 'origin' : 'rear' } : {}),
  });
  return {
    point: 'battle',
    weather: input.weather,
    combat: 'regular',
    attacker: input.attacker,
    units: [
      ...input.attackers.map((u, i) => unit(u, 'attacker', i)),
      ...input.defenders.map((u, i) => unit(u, 'defender', i)),
    ],
    points: [
      { id: 'origin', control: input.attacker, capacity: 99 },
      { id: 'rear', control: defender, capacity: 99 },
    ],
  };
}

/**
 * A side as the sequence its loss policy makes of it: after h losses absorbed in the
 * battle, its firing value without air (fire[h]), whether all its ground units are gone,
 * whether all left are dispersed, and how many are destroyed.
 */
export interface SideProfile {
  /** Losses the side can absorb before its last ground unit is destroyed. */
  readonly capacity: number;
  readonly fire: Int32Array;
  readonly allDispersed: Uint8Array;
  readonly destroyed: Int32Array;
}

export function sideProfile(g: BattleState, role: Role, policy: SidePolicy): SideProfile {
  const units = g.units
    .filter((u) => u.role === role && u.unitClass !== 'air' && u.status === 'fighting')
    .map((u) => ({
      losses: u.losses,
      limit: lossLimit(u),
      dispersed: u.dispersed,
      fire: u.fire,
      alive: true,
    }));
  const capacity = units.reduce((a, u) => a + u.limit + 1 - u.losses, 0);
  const fire = new Int32Array(capacity + 1);
  const allDispersed = new Uint8Array(capacity + 1);
  const destroyed = new Int32Array(capacity + 1);
  for (let h = 0; ; h++) {
    const alive = units.filter((u) => u.alive);
    fire[h] = alive.reduce((a, u) => a + (u.dispersed ? 0 : u.fire), 0);
    allDispersed[h] = alive.every((u) => u.dispersed) ? 1 : 0;
    destroyed[h] = units.length - alive.length;
    if (h === capacity) break;
    const pick = alive[lossTarget(policy.losses, alive as AbsorbingUnit[])]!;
    pick.losses += 1;
    pick.dispersed = true;
    if (pick.losses > pick.limit) pick.alive = false;
  }
  return { capacity, fire, allDispersed, destroyed };
}

/* ----------------------------------------------------------------------------- */
/* Exact values: vectors of fractions over one denominator                          */

/** [6 endings..., hits attacker, hits defender, destroyed attacker, destroyed defender] / d */
interface Val {
  readonly n: bigint[];
  readonly d: bigint;
}
const SLOTS = ENDINGS.length + 4;

function bgcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

function reduce(v: Val): Val {
  let g = v.d;
  for (const x of v.n) {
    if (g === 1n) break;
    g = bgcd(g, x);
  }
  return g === 1n ? v : { n: v.n.map((x) => x / g), d: v.d / g };
}

/** Accumulates sum of c_b * V_b over a common denominator. */
class Sum {
  n = new Array<bigint>(SLOTS).fill(0n);
  d = 1n;
  add(c: bigint, v: Val): void {
    if (c === 0n) return;
    if (v.d === this.d) {
      for (let i = 0; i < SLOTS; i++) this.n[i]! += c * v.n[i]!;
      return;
    }
    const g = bgcd(this.d, v.d);
    const mine = v.d / g;
    const theirs = this.d / g;
    for (let i = 0; i < SLOTS; i++) this.n[i] = this.n[i]! * mine + c * v.n[i]! * theirs;
    this.d *= mine;
  }
  divide(by: bigint): Val {
    return reduce({ n: this.n, d: this.d * by });
  }
}

function terminal(ending: Ending, a: number, d: number, pa: SideProfile, pd: SideProfile): Val {
  const n = new Array<bigint>(SLOTS).fill(0n);
  n[ENDINGS.indexOf(ending)] = 1n;
  n[ENDINGS.length] = BigInt(a);
  n[ENDINGS.length + 1] = BigInt(d);
  n[ENDINGS.length + 2] = BigInt(pa.destroyed[a]!);
  n[ENDINGS.length + 3] = BigInt(pd.destroyed[d]!);
  return { n, d: 1n };
}

/** Loss counts of a fire as [losses, count] pairs over `den` (fire 0: no loss for sure). */
interface Fire {
  readonly den: bigint;
  readonly cases: readonly (readonly [number, bigint])[];
}

function fireCases(table: FireTable, total: number, memo: Map<number, Fire>): Fire {
  let f = memo.get(total);
  if (f) return f;
  if (total <= 0) f = { den: 1n, cases: [[0, 1n]] };
  else {
    const dist: Distribution = fireDistribution(table, total).dist;
    f = { den: BigInt(dist.den), cases: [...dist.counts].map(([k, c]) => [Number(k), BigInt(c)] as const) };
  }
  memo.set(total, f);
  return f;
}

interface Battle {
  readonly simultaneous: boolean;
  readonly pa: SideProfile;
  readonly pd: SideProfile;
  /** Soviet air bonus per role (A.3), 0 for the Axis role. */
  readonly airA: number;
  readonly airD: number;
  readonly policies: BattleInput['policies'];
  readonly table: FireTable;
  readonly fires: Map<number, Fire>;
  readonly memo: Map<number, Val>;
}

const fireOf = (p: SideProfile, h: number, air: number) => (h >= p.capacity ? 0 : p.fire[h]! + air);

/** The value of a battle at the start of a round with a and d losses absorbed. */
function value(b: Battle, a: number, d: number): Val {
  const key = a * (b.pd.capacity + 1) + d;
  const known = b.memo.get(key);
  if (known) return known;
  const { pa, pd, policies } = b;
  const fa = fireOf(pa, a, b.airA);
  const fd = fireOf(pd, d, b.airD);
  const sum = new Sum();
  let self = 0n;
  let total: bigint;
  if (!b.simultaneous) {
    if (fa === 0 && fd === 0) {
      // Normal combat, neither side can fire: the attacker retreats (battle.ts NO_FIRE_READING).
      const v = terminal('attacker-retreated', a, d, pa, pd);
      b.memo.set(key, v);
      return v;
    }
    const defFire = fireCases(b.table, fd, b.fires);
    // Every attacker fire's denominator divides die^k for the largest k: one scale for all.
    const scale =
      BigInt(b.table.die) ** BigInt(Math.ceil(Math.max(1, pa.fire[0]! + b.airA) / b.table.maxFire));
    total = defFire.den * scale;
    for (const [l, cl] of defFire.cases) {
      const a2 = Math.min(a + l, pa.capacity);
      const w = cl * scale;
      if (a2 === pa.capacity) {
        sum.add(w, terminal('attacker-destroyed', a2, d, pa, pd));
        continue;
      }
      const fa2 = fireOf(pa, a2, b.airA);
      if (wantsRetreat(policies.attacker, fa2, a2)) {
        sum.add(w, terminal('attacker-retreated', a2, d, pa, pd));
        continue;
      }
      const attFire = fireCases(b.table, fa2, b.fires);
      const per = cl * (scale / attFire.den);
      for (const [m, cm] of attFire.cases) {
        const d2 = Math.min(d + m, pd.capacity);
        const c = per * cm;
        if (d2 === pd.capacity) sum.add(c, terminal('defender-destroyed', a2, d2, pa, pd));
        else if (wantsRetreat(policies.defender, fireOf(pd, d2, b.airD), d2))
          sum.add(c, terminal('defender-retreated', a2, d2, pa, pd));
        else if (a2 === a && d2 === d) self += c;
        else sum.add(c, value(b, a2, d2));
      }
    }
  } else {
    const attFire = fireCases(b.table, fa, b.fires);
    const defFire = fireCases(b.table, fd, b.fires);
    total = attFire.den * defFire.den;
    for (const [m, cm] of attFire.cases) {
      for (const [l, cl] of defFire.cases) {
        const a2 = Math.min(a + l, pa.capacity);
        const d2 = Math.min(d + m, pd.capacity);
        const c = cm * cl;
        const aDead = a2 === pa.capacity;
        const dDead = d2 === pd.capacity;
        let end: Ending | null = null;
        if (aDead && dDead) end = 'both-destroyed';
        else if (aDead) end = 'attacker-destroyed';
        else if (dDead) end = 'defender-destroyed';
        else if (pa.allDispersed[a2] && pd.allDispersed[d2]) end = 'both-dispersed';
        else if (wantsRetreat(policies.attacker, fireOf(pa, a2, b.airA), a2)) end = 'attacker-retreated';
        else if (wantsRetreat(policies.defender, fireOf(pd, d2, b.airD), d2)) end = 'defender-retreated';
        if (end) sum.add(c, terminal(end, a2, d2, pa, pd));
        else if (a2 === a && d2 === d) self += c;
        else sum.add(c, value(b, a2, d2));
      }
    }
  }
  if (self === total) throw new BattleEndless();
  const v = sum.divide(total - self);
  b.memo.set(key, v);
  return v;
}

class BattleEndless extends Error {}

/** Survivors of air combat (A.1) as counts over a power of the die. */
export function airSurvivors(table: FireTable, soviet: number, german: number, axisGround: boolean): Fire {
  if (soviet === 0) return { den: 1n, cases: [[0, 1n]] };
  let dist = new Map<number, bigint>([[soviet, 1n]]);
  let den = 1n;
  const rolls = german > 0 ? german : axisGround ? 1 : 0;
  for (let k = 0; k < rolls; k++) {
    const next = new Map<number, bigint>();
    for (const [s, c] of dist) {
      for (let r = 1; r <= table.die; r++) {
        let to = s;
        if (s > 0) {
          const t = Math.min(fireLosses(table, Math.min(s, table.maxFire), r), s);
          to = german > 0 ? t : s - t; // air-to-air: survivors; flak: losses (A.1)
        }
        next.set(to, (next.get(to) ?? 0n) + c);
      }
    }
    dist = next;
    den *= BigInt(table.die);
  }
  return { den, cases: [...dist].sort((x, y) => x[0] - y[0]) };
}

function exact(num: bigint, den: bigint): Exact {
  const g = bgcd(num, den) || 1n;
  const n = num / g;
  const d = den / g;
  return { num: n.toString(), den: d.toString(), value: Number(n) / Number(d) };
}

/** The exact battle (see the module comment). Errors: an invalid force, or a battle that cannot end. */
export function analyzeBattle(
  input: BattleInput,
  table: FireTable = FIRE_TABLE,
): Result<BattleAnalysis, SetupError[]> {
  const made = battleFromSetup(battleScenarioOf(input), table.id);
  if (!made.ok) return made;
  const g = made.value;
  const soviet = g.units.filter((u) => u.unitClass === 'air' && u.side === 'soviet').length;
  const german = g.units.filter((u) => u.unitClass === 'air' && u.side === 'axis').length;
  const germanAttacking = g.units.some(
    (u) => u.unitClass === 'air' && u.side === 'axis' && u.role === 'attacker',
  );
  const air = airSurvivors(
    table,
    soviet,
    german,
    g.units.some((u) => u.side === 'axis' && u.unitClass !== 'air'),
  );
  const pa = sideProfile(g, 'attacker', input.policies.attacker);
  const pd = sideProfile(g, 'defender', input.policies.defender);
  const sovietRole: Role = input.attacker === 'soviet' ? 'attacker' : 'defender';
  const total = new Sum();
  let simultaneous = 0n;
  let airLost = 0n;
  let states = 0;
  const fires = new Map<number, Fire>();
  try {
    for (const [s, c] of air.cases) {
      // B.1 a/b: simultaneous when the Axis attack and no Soviet air is left.
      const simult = input.attacker === 'axis' && s === 0 && (input.weather === 'good' || germanAttacking);
      if (simult) simultaneous += c;
      airLost += c * BigInt(soviet - s);
      const b: Battle = {
        simultaneous: simult,
        pa,
        pd,
        airA: sovietRole === 'attacker' ? s : 0,
        airD: sovietRole === 'defender' ? s : 0,
        policies: input.policies,
        table,
        fires,
        memo: new Map(),
      };
      total.add(c, value(b, 0, 0));
      states += b.memo.size;
    }
  } catch (e) {
    if (!(e instanceof BattleEndless)) throw e;
    return err([
      setupError(
        'setup/endless-battle',
        'policies',
        'with these policies and this table neither side ever inflicts a loss and neither breaks off: the battle never ends',
      ),
    ]);
  }
  const v = total.divide(air.den);
  const at = (i: number) => exact(v.n[i]!, v.d);
  const endings = Object.fromEntries(ENDINGS.map((e, i) => [e, at(i)])) as Record<Ending, Exact>;
  return ok({
    endings,
    summary: {
      pointCleared: endings['defender-destroyed'].value + endings['defender-retreated'].value,
      attackerRetreats: endings['attacker-retreated'].value + endings['both-dispersed'].value,
      defenderRetreats: endings['defender-retreated'].value,
      bothDestroyed: endings['both-destroyed'].value,
    },
    expectedHits: { attacker: at(ENDINGS.length), defender: at(ENDINGS.length + 1) },
    expectedDestroyed: { attacker: at(ENDINGS.length + 2), defender: at(ENDINGS.length + 3) },
    expectedAirLost: exact(airLost, air.den),
    simultaneous: exact(simultaneous, air.den),
    states,
    provisional: table.provisional,
  });
}
