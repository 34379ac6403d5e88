/**
 * `npm run bench` figures for the exact battle (issue #27 part 2): the exact analysis
 * (analysis.ts: BigInt fractions, self-loops solved exactly) timed beside a hand-tuned
 * reference, the same dynamic programme in float64 over typed arrays, on the five
 * battles the Monte Carlo test checks. The lead wires `battleBenchmarks(compare)` into
 * bench/run.ts with the harness's `compare`.
 */
import { type FireTable, fireDistribution, fireLosses } from '@stavka/engine';
import { airToAirSurvivors, airToAirTable } from './air-to-air.ts';
import {
  analyzeBattle,
  type BattleInput,
  battleScenarioOf,
  type SideProfile,
  sideProfile,
} from './analysis.ts';
import { battleFromSetup, ENDINGS, type Ending } from './battle-scenario.ts';
import { FIRE_TABLE } from './combat.ts';
import { type SidePolicy, STAND_FAST, wantsRetreat } from './policy.ts';

/** A side's policy: how it takes losses, retreating below this fire or after these losses (null: never). */
export const policy = (losses: SidePolicy['losses'], below = 0, after: number | null = null): SidePolicy => ({
  losses,
  retreatBelowFire: below,
  retreatAfterLosses: after,
});
/** Both sides stand fast. */
export const stand = { attacker: STAND_FAST, defender: STAND_FAST };

/** Five battles covering air combat, both kinds of combat, large combats, P-5 losses and every policy. */
export const BATTLES: readonly { name: string; input: BattleInput }[] = [
  {
    name: 'Axis attack in Good weather, German air against Soviet air (normal or simultaneous)',
    input: {
      weather: 'good',
      attacker: 'axis',
      attackers: [{ class: 'major', value: 3 }, { class: 'minor', value: 2 }, { class: 'air' }],
      defenders: [{ class: 'major', value: 2 }, { class: 'minor', value: 2 }, { class: 'air' }],
      policies: { attacker: policy('spread', 2), defender: policy('concentrate', 0, 3) },
    },
  },
  {
    name: 'Soviet attack in Snow with air (air-to-air), Axis defence with German air and an Allied army',
    input: {
      weather: 'snow',
      attacker: 'soviet',
      attackers: [
        { class: 'major', value: 6 },
        { class: 'major', value: 4 },
        { class: 'air' },
        { class: 'air' },
      ],
      defenders: [
        { class: 'major', value: 2 },
        { class: 'minor', value: 2, formation: 'allied-army' },
        { class: 'air' },
      ],
      policies: { attacker: policy('concentrate', 0, 2), defender: policy('spread', 3) },
    },
  },
  {
    name: 'large combats (P-2) in simultaneous combat, both standing fast',
    input: {
      weather: 'good',
      attacker: 'axis',
      attackers: [
        { class: 'major', value: 12 },
        { class: 'major', value: 9 },
        { class: 'major', value: 6 },
      ],
      defenders: [
        { class: 'major', value: 10 },
        { class: 'major', value: 8 },
        { class: 'minor', value: 6 },
      ],
      policies: stand,
    },
  },
  {
    name: 'Snow without air (normal), units carrying losses (P-5), the defender breaking off',
    input: {
      weather: 'snow',
      attacker: 'axis',
      attackers: [
        { class: 'major', value: 4, losses: 1 },
        { class: 'major', value: 5 },
        { class: 'minor', value: 2 },
      ],
      defenders: [
        { class: 'major', value: 3 },
        { class: 'minor', value: 3, losses: 1 },
        { class: 'minor', value: 2 },
      ],
      policies: { attacker: policy('concentrate', 3, 1), defender: policy('spread', 2) },
    },
  },
  {
    name: 'Soviet attack in Good weather with flak: 1st Moscow Motorized and Siberians against Gross Deutschland',
    input: {
      weather: 'good',
      attacker: 'soviet',
      attackers: [
        { class: 'major', value: 4, formation: 'moscow-motorized' },
        { class: 'major', value: 5 },
        { class: 'air' },
        { class: 'air' },
        { class: 'air' },
      ],
      defenders: [
        { class: 'major', value: 3 },
        { class: 'major', value: 2, inSupply: false },
      ],
      policies: { attacker: policy('spread', 4, 5), defender: policy('concentrate', 0, 4) },
    },
  },
];

/* ----------------------------------------------------------------------------- */
/* The hand-tuned reference: the same programme in float64                          */

const E = ENDINGS.length;
const SLOTS = E + 4;

/** Loss chances of a firing value as a flat float row (row[losses]), made once per value. */
function fireRow(table: FireTable, rows: Float64Array[], v: number): Float64Array {
  const known = rows[v];
  if (known) return known;
  let row: Float64Array;
  if (v === 0) row = Float64Array.of(1);
  else {
    const { dist } = fireDistribution(table, v);
    row = new Float64Array(Math.max(...[...dist.counts.keys()].map(Number)) + 1);
    for (const [k, c] of dist.counts) row[Number(k)] = c / dist.den;
  }
  rows[v] = row;
  return row;
}

/** The exact analysis's endings and expectations, in float64 (the bench reference). */
export function analyzeBattleFloat(input: BattleInput, table: FireTable = FIRE_TABLE): Float64Array {
  const made = battleFromSetup(battleScenarioOf(input), table.id);
  if (!made.ok) throw new Error('analyzeBattleFloat: invalid battle');
  const g = made.value;
  const pa = sideProfile(g, 'attacker', input.policies.attacker);
  const pd = sideProfile(g, 'defender', input.policies.defender);
  const soviet = g.units.filter((u) => u.unitClass === 'air' && u.side === 'soviet').length;
  const german = g.units.filter((u) => u.unitClass === 'air' && u.side === 'axis').length;
  const germanAttacking = g.units.some(
    (u) => u.unitClass === 'air' && u.side === 'axis' && u.role === 'attacker',
  );
  // Air combat (A.1) as float chances of each number of survivors.
  const airTable = airToAirTable(table);
  let air = new Float64Array(soviet + 1);
  air[soviet] = 1;
  const rolls = soviet === 0 ? 0 : german > 0 ? german : 1;
  for (let k = 0; k < rolls; k++) {
    const next = new Float64Array(soviet + 1);
    for (let s = 0; s <= soviet; s++) {
      if (air[s] === 0) continue;
      for (let r = 1; r <= table.die; r++) {
        // air-to-air: survivors on the air-to-air column (P-17); flak: losses on the table (A.1)
        const to =
          s === 0
            ? 0
            : german > 0
              ? airToAirSurvivors(airTable, s, r)
              : s - Math.min(fireLosses(table, Math.min(s, table.maxFire), r), s);
        next[to]! += air[s]! / table.die;
      }
    }
    air = next;
  }
  const rows: Float64Array[] = [];
  const out = new Float64Array(SLOTS);
  const nD = pd.capacity + 1;
  const memo = new Float64Array((pa.capacity + 1) * nD * SLOTS);
  const known = new Uint8Array((pa.capacity + 1) * nD);
  const sovietAttacks = input.attacker === 'soviet';
  for (let s = 0; s <= soviet; s++) {
    const w = air[s]!;
    if (w === 0) continue;
    const simultaneous =
      input.attacker === 'axis' && s === 0 && (input.weather === 'good' || germanAttacking);
    known.fill(0);
    const v = solve(
      pa,
      pd,
      sovietAttacks ? s : 0,
      sovietAttacks ? 0 : s,
      simultaneous,
      input.policies,
      (f) => fireRow(table, rows, f),
      memo,
      known,
      0,
      0,
    );
    for (let i = 0; i < SLOTS; i++) out[i]! += w * memo[v + i]!;
  }
  return out;
}

function solve(
  pa: SideProfile,
  pd: SideProfile,
  airA: number,
  airD: number,
  simultaneous: boolean,
  policies: BattleInput['policies'],
  rows: (fire: number) => Float64Array,
  memo: Float64Array,
  known: Uint8Array,
  a: number,
  d: number,
): number {
  const nD = pd.capacity + 1;
  const at = a * nD + d;
  const base = at * SLOTS;
  if (known[at]) return base;
  known[at] = 1;
  const acc = new Float64Array(SLOTS);
  let self = 0;
  const fire = (p: SideProfile, h: number, bonus: number) => (h >= p.capacity ? 0 : p.fire[h]! + bonus);
  const end = (e: Ending, a2: number, d2: number, p: number) => {
    acc[ENDINGS.indexOf(e)]! += p;
    acc[E]! += p * a2;
    acc[E + 1]! += p * d2;
    acc[E + 2]! += p * pa.destroyed[a2]!;
    acc[E + 3]! += p * pd.destroyed[d2]!;
  };
  const go = (a2: number, d2: number, p: number) => {
    if (a2 === a && d2 === d) {
      self += p;
      return;
    }
    const v = solve(pa, pd, airA, airD, simultaneous, policies, rows, memo, known, a2, d2);
    for (let i = 0; i < SLOTS; i++) acc[i]! += p * memo[v + i]!;
  };
  const fa = fire(pa, a, airA);
  const fd = fire(pd, d, airD);
  if (!simultaneous) {
    if (fa === 0 && fd === 0) {
      end('attacker-retreated', a, d, 1);
      memo.set(acc, base);
      return base;
    }
    const rd = rows(fd);
    for (let l = 0; l < rd.length; l++) {
      const pl = rd[l]!;
      if (pl === 0) continue;
      const a2 = Math.min(a + l, pa.capacity);
      if (a2 === pa.capacity) {
        end('attacker-destroyed', a2, d, pl);
        continue;
      }
      const fa2 = fire(pa, a2, airA);
      if (wantsRetreat(policies.attacker, fa2, a2)) {
        end('attacker-retreated', a2, d, pl);
        continue;
      }
      const ra = rows(fa2);
      for (let m = 0; m < ra.length; m++) {
        const p = pl * ra[m]!;
        if (p === 0) continue;
        const d2 = Math.min(d + m, pd.capacity);
        if (d2 === pd.capacity) end('defender-destroyed', a2, d2, p);
        else if (wantsRetreat(policies.defender, fire(pd, d2, airD), d2))
          end('defender-retreated', a2, d2, p);
        else go(a2, d2, p);
      }
    }
  } else {
    const ra = rows(fa);
    const rd = rows(fd);
    for (let m = 0; m < ra.length; m++) {
      for (let l = 0; l < rd.length; l++) {
        const p = ra[m]! * rd[l]!;
        if (p === 0) continue;
        const a2 = Math.min(a + l, pa.capacity);
        const d2 = Math.min(d + m, pd.capacity);
        const aDead = a2 === pa.capacity;
        const dDead = d2 === pd.capacity;
        if (aDead && dDead) end('both-destroyed', a2, d2, p);
        else if (aDead) end('attacker-destroyed', a2, d2, p);
        else if (dDead) end('defender-destroyed', a2, d2, p);
        else if (pa.allDispersed[a2] && pd.allDispersed[d2]) end('both-dispersed', a2, d2, p);
        else if (wantsRetreat(policies.attacker, fire(pa, a2, airA), a2))
          end('attacker-retreated', a2, d2, p);
        else if (wantsRetreat(policies.defender, fire(pd, d2, airD), d2))
          end('defender-retreated', a2, d2, p);
        else go(a2, d2, p);
      }
    }
  }
  const k = 1 / (1 - self);
  for (let i = 0; i < SLOTS; i++) memo[base + i] = acc[i]! * k;
  return base;
}

/** The harness's `compare` (bench/harness.ts), as this module needs it. */
export type Compare<F> = (
  name: string,
  ours: () => void,
  reference: () => void,
  goal?: string,
  unit?: 'µs' | 'ms',
) => F;

/** A big battle, eight armies a side, for how the analysis scales (about 1,650 states). */
export const BIG_BATTLE: BattleInput = {
  weather: 'snow',
  attacker: 'soviet',
  attackers: Array.from({ length: 8 }, (_, i) => ({ class: 'major' as const, value: 4 + (i % 5) })),
  defenders: Array.from({ length: 8 }, (_, i) => ({ class: 'major' as const, value: 3 + (i % 4) })),
  policies: { attacker: policy('spread', 0, 20), defender: policy('concentrate', 6) },
};

/** One figure per battle: the exact analysis against the float64 reference, then the big battle. */
export function battleBenchmarks<F>(compare: Compare<F>): F[] {
  const goal = 'exact within 20x of float64; < 50 ms a battle (a web preview as you type)';
  return [
    ...BATTLES.map((b, i) =>
      compare(
        `point-to-point exact battle ${i + 1} (${b.name.split(' ').slice(0, 3).join(' ')}...)`,
        () => {
          analyzeBattle(b.input);
        },
        () => {
          analyzeBattleFloat(b.input);
        },
        goal,
        'µs',
      ),
    ),
    compare(
      'point-to-point exact battle, 8 armies a side',
      () => {
        analyzeBattle(BIG_BATTLE);
      },
      () => {
        analyzeBattleFloat(BIG_BATTLE);
      },
      'exact within 20x of float64; < 250 ms',
      'ms',
    ),
  ];
}
