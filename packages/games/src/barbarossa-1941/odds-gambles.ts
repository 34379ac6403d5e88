/**
 * barbarossa-1941 "Asymmetric Combat Odds Calculations" in play: the German round-up roll
 * to the next column and pressing the attack are standard rules (RULINGS B-63: on unless
 * the players choose "classic odds"); the expanded odds ("everything following requires
 * both players' agreement") aim up to 3 columns up and fall back up to 2 down (B-64) and
 * make "any exchanges mandatory". Offered as variants of resolving an attack, with the
 * column each ends on. The arithmetic and the limits are `gamble-chances.ts`'s, the
 * same the calculator applies.
 */
import type { Shift } from '@stavka/engine';
import type { AttackEvaluation } from './attack.ts';
import type { Board } from './board.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import { ROUND_UP_LIMITS, roundUpChance, roundUpWithinLimits } from './gamble-chances.ts';
import { isGerman } from './unit-kinds.ts';

export const CITE_ASYMMETRIC = 'barbarossa-1941 "Asymmetric Combat Odds Calculations"';

export type Gamble =
  | { readonly kind: 'round-up'; readonly target: number; readonly fallBack: number }
  | { readonly kind: 'press'; readonly columns: number; readonly procedure: 'roll' | 'split' };

function shiftTotal(shifts: readonly Shift[]): number {
  return shifts.reduce((t, s) => t + s.by, 0);
}

/**
 * The gambles the attacker may declare on this attack: "Russian attacks and any Axis
 * attacks involving Axis allied units: The usual"; German attacks: the round-up roll
 * (aiming at the next column above the raw odds, falling back to them; with the expanded
 * odds 1-3 columns up, falling back 0-2 below, B-64; a 0 in 6 chance may not be declared,
 * B-7) and pressing 1-3 columns; Russians press 1 column at the risk of 2. A risk column
 * below 1:5 may not be declared; pressing past 9:1 gains nothing. None with "classic odds".
 */
export function gamblesFor(board: Board, attackers: readonly string[], ev: AttackEvaluation): Gamble[] {
  if (board.g.options.classicOdds === true) return [];
  const expanded = board.g.options.asymmetricOdds;
  const limits = expanded ? ROUND_UP_LIMITS.expanded : ROUND_UP_LIMITS.standard;
  const table = BARBAROSSA_CRT;
  const top = table.columns.length - 1;
  const side = board.g.player;
  const out: Gamble[] = [];
  const german = side === 'axis' && attackers.every((a) => isGerman(board.unit(a)));
  if (side === 'axis' && !german) return [];
  const total = shiftTotal(ev.shifts);
  if (german && ev.raw >= 0) {
    for (let target = ev.raw + 1; target <= Math.min(top, ev.raw + limits.up); target++) {
      for (let fallBack = Math.max(0, ev.raw - limits.down); fallBack <= ev.raw; fallBack++) {
        if (fallBack + total < 0 || roundUpWithinLimits(ev.raw, target, fallBack, expanded)) continue;
        const g = roundUpChance(table, ev.attack, ev.defense, target, fallBack);
        if ('code' in g) continue;
        out.push({ kind: 'round-up', target, fallBack });
      }
    }
  }
  const maxK = german ? 3 : 1;
  for (let k = 1; k <= maxK; k++) {
    const down = german ? k : 2;
    if (ev.column + k > top || ev.column - down < 0) continue;
    out.push({ kind: 'press', columns: k, procedure: 'roll' });
    out.push({ kind: 'press', columns: k, procedure: 'split' });
  }
  return out;
}

/** For a declared round-up: its chance in six (B-7). */
export function roundUpInSix(ev: AttackEvaluation, target: number, fallBack: number): number {
  const g = roundUpChance(BARBAROSSA_CRT, ev.attack, ev.defense, target, fallBack);
  return 'code' in g ? 0 : g.chanceInSix;
}

/** The high and low columns of a press (B-8: the Russian risks 2 columns for 1). */
export function pressColumns(
  column: number,
  columns: number,
  side: 'axis' | 'soviet',
): { high: number; low: number } {
  return { high: column + columns, low: column - (side === 'axis' ? columns : 2) };
}

export function shiftOf(ev: AttackEvaluation): number {
  return shiftTotal(ev.shifts);
}
