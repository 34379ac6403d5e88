/**
 * barbarossa-1941 "Asymmetric Combat Odds Calculations" in play, the optional rule both
 * players agree to at game creation (RULINGS B-7, B-8; it "makes any exchanges
 * mandatory"): the German round-up roll and pressing the attack, offered as variants of
 * resolving an attack, and the column each ends on. The arithmetic is the kernel's
 * (`combat/gamble.ts`), the same the calculator shows.
 */
import { roundUpChance, type Shift } from '@stavka/engine';
import type { AttackEvaluation } from './attack.ts';
import type { Board } from './board.ts';
import { BARBAROSSA_CRT } from './combat.ts';
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
 * (aiming 1 or 2 columns above the raw odds, falling back to them or 1 below; a 0 in 6
 * chance may not be declared, B-7) and pressing 1-3 columns; Russians press 1 column at
 * the risk of 2. A risk column below 1:5 may not be declared; pressing past 9:1 gains
 * nothing.
 */
export function gamblesFor(board: Board, attackers: readonly string[], ev: AttackEvaluation): Gamble[] {
  if (!board.g.options.asymmetricOdds) return [];
  const table = BARBAROSSA_CRT;
  const top = table.columns.length - 1;
  const side = board.g.player;
  const out: Gamble[] = [];
  const german = side === 'axis' && attackers.every((a) => isGerman(board.unit(a)));
  if (side === 'axis' && !german) return [];
  const total = shiftTotal(ev.shifts);
  if (german && ev.raw >= 0) {
    for (let target = ev.raw + 1; target <= Math.min(top, ev.raw + 2); target++) {
      for (let fallBack = Math.max(0, ev.raw - 1); fallBack <= ev.raw; fallBack++) {
        if (fallBack + total < 0) continue;
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
