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
 *
 * `analyzeBattle` starts before the attack; `analyzeState` from any step of a battle being
 * fought with `battleRules` (the battle preview: the rest of the battle, or the outcome of
 * continuing and of retreating at a decision).
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
} from '@stavka/engine';
import { airToAirSurvivors, airToAirTable } from './air-to-air.ts';
import { maxVolley } from './battle.ts';
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
import { setupError } from './setup-errors.ts';

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
  /** The point has a field fortification (completion C-8.2). */
  readonly fortified?: boolean;
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
    ...(input.fortified ? { fortified: true } : {}),
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

/** [6 endings..., hits attacker, hits defender, destroyed attacker, destroyed defender, back home] / d */
interface Val {
  readonly n: bigint[];
  readonly d: bigint;
}
const E = ENDINGS.length;
/** The chance of coming back to the round-start state being solved (its self-loop). */
const SELF = E + 4;
const SLOTS = SELF + 1;

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

/**
 * One battle after air combat. a and d count the losses the attacker's and the
 * defender's units absorb from here on (the profiles start from the units as they are);
 * `offset` and `dead` carry what was absorbed and destroyed earlier in the battle.
 */
interface Battle {
  readonly simultaneous: boolean;
  /** A field fortification absorbs the first breakthrough of each attacker volley (C-8.2). */
  readonly fortified: boolean;
  readonly pa: SideProfile;
  readonly pd: SideProfile;
  /** Soviet air bonus per role (A.3), 0 for the Axis role. */
  readonly airA: number;
  readonly airD: number;
  readonly offset: { readonly attacker: number; readonly defender: number };
  readonly dead: { readonly attacker: number; readonly defender: number };
  readonly policies: BattleInput['policies'];
  readonly table: FireTable;
  readonly fires: Map<number, Fire>;
  readonly memo: Map<number, Val>;
}

const fireOf = (p: SideProfile, h: number, air: number) => (h >= p.capacity ? 0 : p.fire[h]! + air);
/** Breakthroughs left for the defenders once a fortification took the first of a volley (C-8.2). */
const absorbed = (b: Battle, m: number) => (b.fortified && m > 0 ? m - 1 : m);
const keyOf = (b: Battle, a: number, d: number) => a * (b.pd.capacity + 1) + d;
const capA = (b: Battle, a: number) => Math.min(a, b.pa.capacity);
const capD = (b: Battle, d: number) => Math.min(d, b.pd.capacity);
const retreatA = (b: Battle, a: number) =>
  wantsRetreat(b.policies.attacker, fireOf(b.pa, a, b.airA), b.offset.attacker + a);
const retreatD = (b: Battle, d: number) =>
  wantsRetreat(b.policies.defender, fireOf(b.pd, d, b.airD), b.offset.defender + d);

function terminal(b: Battle, ending: Ending, a: number, d: number): Val {
  const n = new Array<bigint>(SLOTS).fill(0n);
  n[ENDINGS.indexOf(ending)] = 1n;
  n[E] = BigInt(b.offset.attacker + a);
  n[E + 1] = BigInt(b.offset.defender + d);
  n[E + 2] = BigInt(b.dead.attacker + b.pa.destroyed[a]!);
  n[E + 3] = BigInt(b.dead.defender + b.pd.destroyed[d]!);
  return { n, d: 1n };
}

const BACK_HOME: Val = { n: Array.from({ length: SLOTS }, (_, i) => (i === SELF ? 1n : 0n)), d: 1n };

/** A new round starts at (a, d): the state being solved (`home`) marks its self-loop. */
function roundStart(b: Battle, a: number, d: number, home: number): Val {
  return keyOf(b, a, d) === home ? BACK_HOME : value(b, a, d);
}

/* Normal combat (B.2): the defenders fire, the attacker absorbs and decides, fires; the
   defender absorbs and decides. */

function normalAttackerDecides(b: Battle, a: number, d: number, home: number): Val {
  if (a === b.pa.capacity) return terminal(b, 'attacker-destroyed', a, d);
  if (retreatA(b, a)) return terminal(b, 'attacker-retreated', a, d);
  return normalAttackerFires(b, a, d, home);
}

function normalAttackerFires(b: Battle, a: number, d: number, home: number): Val {
  const f = fireCases(b.table, fireOf(b.pa, a, b.airA), b.fires);
  const sum = new Sum();
  for (const [m, c] of f.cases) sum.add(c, normalDefenderDecides(b, a, capD(b, d + absorbed(b, m)), home));
  return sum.divide(f.den);
}

function normalDefenderDecides(b: Battle, a: number, d: number, home: number): Val {
  if (d === b.pd.capacity) return terminal(b, 'defender-destroyed', a, d);
  if (retreatD(b, d)) return terminal(b, 'defender-retreated', a, d);
  return roundStart(b, a, d, home);
}

/* Simultaneous combat (B.3): both fire, both absorb, the endings of B.3c-d, then the
   attacker and the defender decide. */

function simultaneousRoundEnd(b: Battle, a: number, d: number, home: number): Val {
  const aDead = a === b.pa.capacity;
  const dDead = d === b.pd.capacity;
  if (aDead && dDead) return terminal(b, 'both-destroyed', a, d);
  if (aDead) return terminal(b, 'attacker-destroyed', a, d);
  if (dDead) return terminal(b, 'defender-destroyed', a, d);
  if (b.pa.allDispersed[a] && b.pd.allDispersed[d]) return terminal(b, 'both-dispersed', a, d);
  return simultaneousAttackerDecides(b, a, d, home);
}

function simultaneousAttackerDecides(b: Battle, a: number, d: number, home: number): Val {
  if (retreatA(b, a)) return terminal(b, 'attacker-retreated', a, d);
  return simultaneousDefenderDecides(b, a, d, home);
}

function simultaneousDefenderDecides(b: Battle, a: number, d: number, home: number): Val {
  if (retreatD(b, d)) return terminal(b, 'defender-retreated', a, d);
  return roundStart(b, a, d, home);
}

/** The value of a battle at the start of a round with a and d losses absorbed. */
function value(b: Battle, a: number, d: number): Val {
  const key = keyOf(b, a, d);
  const known = b.memo.get(key);
  if (known) return known;
  const sum = new Sum();
  let den: bigint;
  const fa = fireOf(b.pa, a, b.airA);
  const fd = fireOf(b.pd, d, b.airD);
  if (b.fortified && fa > 0 && fd === 0 && maxVolley(b.table, fa) <= 1) {
    // C-8.5: the fortification absorbs all the attacker can inflict, the defender cannot fire.
    const v = terminal(b, 'attacker-retreated', a, d);
    b.memo.set(key, v);
    return v;
  }
  if (!b.simultaneous) {
    if (fa === 0 && fd === 0) {
      // Normal combat, neither side can fire: the attacker retreats (battle.ts NO_FIRE_READING).
      const v = terminal(b, 'attacker-retreated', a, d);
      b.memo.set(key, v);
      return v;
    }
    const f = fireCases(b.table, fd, b.fires);
    for (const [l, c] of f.cases) sum.add(c, normalAttackerDecides(b, capA(b, a + l), d, key));
    den = f.den;
  } else {
    const fAtt = fireCases(b.table, fa, b.fires);
    const fDef = fireCases(b.table, fd, b.fires);
    for (const [m, cm] of fAtt.cases)
      for (const [l, cl] of fDef.cases)
        sum.add(cm * cl, simultaneousRoundEnd(b, capA(b, a + l), capD(b, d + absorbed(b, m)), key));
    den = fAtt.den * fDef.den;
  }
  // The self-loop: V = R + p V, so V = R / (1 - p).
  const v = sum.divide(den);
  const p = v.n[SELF]!;
  if (p === v.d) throw new BattleEndless();
  const solved = reduce({ n: v.n.map((x, i) => (i === SELF ? 0n : x)), d: v.d - p });
  b.memo.set(key, solved);
  return solved;
}

class BattleEndless extends Error {}

/**
 * Survivors of air combat (A.1) as counts over a power of the die: air-to-air on the
 * air-to-air column beside `table` (P-17), flak on `table` itself.
 */
export function airSurvivors(table: FireTable, soviet: number, german: number, axisGround: boolean): Fire {
  if (soviet === 0) return { den: 1n, cases: [[0, 1n]] };
  const air = airToAirTable(table);
  let dist = new Map<number, bigint>([[soviet, 1n]]);
  let den = 1n;
  const rolls = german > 0 ? german : axisGround ? 1 : 0;
  for (let k = 0; k < rolls; k++) {
    const next = new Map<number, bigint>();
    for (const [s, c] of dist) {
      for (let r = 1; r <= table.die; r++) {
        let to = s;
        if (s > 0)
          // air-to-air: survivors (P-17's column); flak: losses on the combat table (A.1)
          to =
            german > 0
              ? airToAirSurvivors(air, s, r)
              : s - Math.min(fireLosses(table, Math.min(s, table.maxFire), r), s);
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
  return analyzeState(made.value, input.policies, table);
}

/** A decision the preview may be asked about: the side to decide continues or retreats. */
export type Decision = 'continue' | 'retreat';

const ENDLESS = setupError(
  'setup/endless-battle',
  'policies',
  'with these policies and this table neither side ever inflicts a loss and neither breaks off: the battle never ends',
);

/**
 * The exact battle from any point of a battle being fought (battleRules' state): before
 * the attack (air combat included), while a side absorbs its losses (the rest put on by
 * its loss policy), or at a decision, with both sides playing `policies` from there on.
 * With `decision`, at a continue-or-retreat step: the outcome of that choice (the battle
 * preview's two buttons). Expected hits and destroyed units count the whole battle.
 */
export function analyzeState(
  g: BattleState,
  policies: BattleInput['policies'],
  table: FireTable = FIRE_TABLE,
  decision?: Decision,
): Result<BattleAnalysis, SetupError[]> {
  if (decision && g.stage !== 'decide-attacker' && g.stage !== 'decide-defender')
    return err([
      setupError('setup/no-decision', 'decision', `no continue-or-retreat decision at the ${g.stage} step`),
    ]);
  const live = (u: BattleState['units'][number]) => u.status === 'fighting';
  const soviet = g.units.filter((u) => live(u) && u.unitClass === 'air' && u.side === 'soviet').length;
  const german = g.units.filter((u) => live(u) && u.unitClass === 'air' && u.side === 'axis').length;
  const germanAttacking = g.units.some(
    (u) => live(u) && u.unitClass === 'air' && u.side === 'axis' && u.role === 'attacker',
  );
  const axisGround = g.units.some((u) => live(u) && u.side === 'axis' && u.unitClass !== 'air');
  const before = g.stage === 'declare';
  const air: Fire = before
    ? airSurvivors(table, soviet, german, axisGround)
    : { den: 1n, cases: [[soviet, 1n]] };
  const sovietRole: Role = g.attacker === 'soviet' ? 'attacker' : 'defender';
  const deadGround = (role: Role) =>
    g.units.filter((u) => u.role === role && u.unitClass !== 'air' && u.status === 'destroyed').length;
  const base = {
    pa: sideProfile(g, 'attacker', policies.attacker),
    pd: sideProfile(g, 'defender', policies.defender),
    offset: { attacker: g.hits.attacker, defender: g.hits.defender },
    dead: { attacker: deadGround('attacker'), defender: deadGround('defender') },
    policies,
    table,
    fires: new Map<number, Fire>(),
    fortified: g.fortified === true,
  };
  const total = new Sum();
  let simultaneous = 0n;
  let airLost = 0n;
  let states = 0;
  try {
    for (const [s, c] of air.cases) {
      // B.1 a/b: simultaneous when the Axis attack and no Soviet air is left.
      const simult = before
        ? g.attacker === 'axis' && s === 0 && (g.weather === 'good' || germanAttacking)
        : g.mode === 'simultaneous';
      if (simult) simultaneous += c;
      airLost += c * BigInt(soviet - s);
      const b: Battle = {
        ...base,
        simultaneous: simult,
        airA: sovietRole === 'attacker' ? s : 0,
        airD: sovietRole === 'defender' ? s : 0,
        memo: new Map(),
      };
      total.add(c, before ? value(b, 0, 0) : fromStep(b, g, decision));
      states += b.memo.size;
    }
  } catch (e) {
    if (!(e instanceof BattleEndless)) throw e;
    return err([ENDLESS]);
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
    expectedHits: { attacker: at(E), defender: at(E + 1) },
    expectedDestroyed: { attacker: at(E + 2), defender: at(E + 3) },
    expectedAirLost: exact(airLost, air.den),
    simultaneous: exact(simultaneous, air.den),
    states,
    provisional: table.provisional,
  });
}

/** The value from the step a battle stands at, after air combat (see analyzeState). */
function fromStep(b: Battle, g: BattleState, decision: Decision | undefined): Val {
  const NONE = -1;
  const pending = { attacker: capA(b, g.pending.attacker), defender: capD(b, g.pending.defender) };
  if (g.stage === 'route') return terminal(b, 'defender-retreated', 0, 0);
  if (g.stage === 'advance' || g.stage === 'over') return terminal(b, g.ending!, 0, 0);
  if (g.mode === 'normal') {
    switch (g.stage) {
      case 'absorb-attacker':
        return normalAttackerDecides(b, pending.attacker, 0, NONE);
      case 'decide-attacker':
        if (decision === 'retreat') return terminal(b, 'attacker-retreated', 0, 0);
        return decision === 'continue'
          ? normalAttackerFires(b, 0, 0, NONE)
          : normalAttackerDecides(b, 0, 0, NONE);
      case 'absorb-defender':
        return normalDefenderDecides(b, 0, pending.defender, NONE);
      case 'decide-defender':
        if (decision === 'retreat') return terminal(b, 'defender-retreated', 0, 0);
        return decision === 'continue' ? value(b, 0, 0) : normalDefenderDecides(b, 0, 0, NONE);
    }
  }
  switch (g.stage) {
    case 'absorb-attacker':
    case 'absorb-defender':
      return simultaneousRoundEnd(b, pending.attacker, pending.defender, NONE);
    case 'decide-attacker':
      if (decision === 'retreat') return terminal(b, 'attacker-retreated', 0, 0);
      return decision === 'continue'
        ? simultaneousDefenderDecides(b, 0, 0, NONE)
        : simultaneousAttackerDecides(b, 0, 0, NONE);
    case 'decide-defender':
      if (decision === 'retreat') return terminal(b, 'defender-retreated', 0, 0);
      return decision === 'continue' ? value(b, 0, 0) : simultaneousDefenderDecides(b, 0, 0, NONE);
  }
  throw new Error(`analyzeState: no battle step ${g.stage}`);
}
