/**
 * The barbarossa-1941 odds gambles' arithmetic: the German round-up roll (RULINGS B-7)
 * and pressing the attack (B-8), standard rules (B-63: on unless the players choose
 * "classic odds"), and the expanded odds both players must agree to (B-63, B-64). Read
 * by the calculator (combat.ts) and by play (odds-gambles.ts) alike; it lived in the
 * engine (combat/gamble.ts) until issue #47.
 */
import {
  attackNeeded,
  columnDistribution,
  type Distribution,
  fromCases,
  mix,
  type OddsTable,
  readTable,
} from '@stavka/engine';

export interface RoundUp {
  /** Success on a roll of 1..chanceInSix (B-7: the chance rounded down to sixths). */
  readonly chanceInSix: number;
  /** The exact chance before rounding to sixths: (A - L) / (T - L). */
  readonly exact: { readonly num: number; readonly den: number };
  readonly success: number;
  readonly failure: number;
}

export type GambleRefusal = { readonly code: string; readonly message: string };

/**
 * B-7: with attack A against modified defense D, aiming at column `target` and
 * accepting to fall back to column `fallBack` (L = its ratio x D, T = the target's):
 * p = (A - L) / (T - L), success on 1..floor(6p). Computed in whole numbers.
 */
export function roundUpChance(
  table: OddsTable,
  attack: number,
  defense: number,
  target: number,
  fallBack: number,
): RoundUp | GambleRefusal {
  const t = table.columns[target];
  const l = table.columns[fallBack];
  if (!t || !l) return { code: 'gamble/no-column', message: 'no such column on the table' };
  const needT = attackNeeded(table, target, defense);
  const needL = attackNeeded(table, fallBack, defense);
  if (attack >= needT) {
    return {
      code: 'gamble/already-there',
      message: `${attack}:${defense} already reaches the target column: no roll needed`,
    };
  }
  if (attack < needL) {
    return {
      code: 'gamble/cannot-fall-back',
      message: `${attack}:${defense} does not reach the fall-back column`,
    };
  }
  // (A - L) / (T - L) with L = la/ld * D and T = ta/td * D, scaled by ld * td.
  const num = (attack * l.defense - l.attack * defense) * t.defense;
  const den = t.attack * defense * l.defense - l.attack * defense * t.defense;
  const chanceInSix = Math.floor((6 * num) / den);
  const g = gcdInt(num, den);
  const exact = { num: num / g, den: den / g };
  if (chanceInSix < 1) {
    return {
      code: 'gamble/zero-chance',
      message: `the chance is ${exact.num}/${exact.den}, less than 1 in 6: a roll with 0 in 6 may not be declared (B-7)`,
    };
  }
  return { chanceInSix, exact, success: target, failure: fallBack };
}

/**
 * How far a round-up may aim above the raw odds column and fall back below it: to the
 * next column, falling back to the raw one (the 17:5 example, B-63); with the expanded
 * odds, up to 3 columns up and 2 down (B-64: "15:4 ... 6:1, risking the 2:1 ... or 3:2").
 */
export const ROUND_UP_LIMITS = {
  standard: { up: 1, down: 0 },
  expanded: { up: 3, down: 2 },
} as const;

/**
 * Whether aiming at `target` with `fallBack` is within the limits from raw column `raw`
 * (B-63, B-64); a refusal names the limit. The chance is `roundUpChance`'s business.
 */
export function roundUpWithinLimits(
  raw: number,
  target: number,
  fallBack: number,
  expanded: boolean,
): GambleRefusal | null {
  const limits = expanded ? ROUND_UP_LIMITS.expanded : ROUND_UP_LIMITS.standard;
  if (target <= raw || target > raw + limits.up)
    return {
      code: 'gamble/target-out-of-reach',
      message: expanded
        ? 'the expanded odds aim 1 to 3 columns above the odds (B-64)'
        : 'the round-up roll aims at the next column (B-63; the expanded odds, agreed, aim higher)',
    };
  if (fallBack > raw || fallBack < raw - limits.down)
    return {
      code: 'gamble/fall-back-out-of-reach',
      message: expanded
        ? 'the expanded odds fall back at most 2 columns below the odds (B-64)'
        : 'the round-up roll falls back to the odds (B-63; the expanded odds, agreed, risk lower)',
    };
  return null;
}

/** The outcome distribution of a declared round-up: the gamble roll, then the combat roll. */
export function roundUpDistribution(table: OddsTable, gamble: RoundUp, shift = 0): Distribution {
  const top = table.columns.length - 1;
  return mix([
    { weight: gamble.chanceInSix, dist: columnDistribution(table, Math.min(top, gamble.success + shift)) },
    {
      weight: 6 - gamble.chanceInSix,
      dist: columnDistribution(table, Math.min(top, gamble.failure + shift)),
    },
  ]);
}

export type PressProcedure = 'roll' | 'split';

/**
 * B-8 pressing the attack: up `up` columns at the risk of `down` columns.
 * "roll": one die picks the higher or the lower column (even chances), a second die
 * is read there. "split": one die; the better half of the faces (4-6 on a d6, the
 * rows best for the attacker, mars-1942 column A) is read on the higher column, the
 * rest (1-3) on the lower.
 */
export function pressDistribution(
  table: OddsTable,
  high: number,
  low: number,
  procedure: PressProcedure,
): Distribution {
  if (procedure === 'roll') {
    return mix([
      { weight: 1, dist: columnDistribution(table, high) },
      { weight: 1, dist: columnDistribution(table, low) },
    ]);
  }
  const cases: string[] = [];
  const half = table.die / 2;
  for (let roll = 1; roll <= table.die; roll++) cases.push(readTable(table, roll > half ? high : low, roll));
  return fromCases(cases);
}

function gcdInt(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1;
}
