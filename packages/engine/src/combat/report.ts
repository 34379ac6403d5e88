/**
 * What a combat calculation reports, whatever the game: the raw and final columns,
 * every shift with its reason, whether the table is provisional, and the exact chance
 * of every outcome. The CLI prints it; the UI's combat preview shows it.
 */
import { type Distribution, formatChance } from './distribution.ts';
import type { Shift } from './odds.ts';

export interface OutcomeChance {
  readonly result: string;
  readonly probability: number;
  /** "2 in 6", "7 in 36". */
  readonly chance: string;
  /** The die rolls giving it, when one roll decides. */
  readonly rolls?: readonly number[];
}

export interface CombatReport {
  readonly game: string;
  readonly table: string;
  readonly provisional: boolean;
  readonly attack?: number;
  readonly defense?: number;
  /** The raw odds column ("3:1"), before shifts. */
  readonly ratio?: string;
  /** The column read after every shift. */
  readonly column?: string;
  readonly shifts: readonly Shift[];
  readonly outcomes: Readonly<Record<string, number>>;
  readonly chances: readonly OutcomeChance[];
  readonly notes: readonly string[];
  readonly gamble?: { readonly chanceInSix: number; readonly success: string; readonly failure: string };
  readonly press?: { readonly procedure: string; readonly high: string; readonly low: string };
  readonly groups?: readonly number[];
}

/** A combat the rules forbid: the rule's own words and where they are. */
export interface CombatRefusal {
  readonly code: string;
  readonly message: string;
  readonly rule: string;
  readonly cite: string;
}

export function chancesOf(d: Distribution, rollsByLabel?: ReadonlyMap<string, number[]>): OutcomeChance[] {
  return [...d.counts.keys()].map((result) => {
    const rolls = rollsByLabel?.get(result);
    return {
      result,
      probability: (d.counts.get(result) ?? 0) / d.den,
      chance: formatChance(d, result),
      ...(rolls ? { rolls } : {}),
    };
  });
}

/** Labels and probabilities as a plain object, in the distribution's order. */
export function outcomesOf(d: Distribution): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, c] of d.counts) out[k] = c / d.den;
  return out;
}
