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
  /**
   * The game's own parts of this combat, as labelled rows the clients print without
   * knowing the game (a gamble's chance and its two columns, a fire split in parts).
   */
  readonly sections?: readonly CombatSection[];
  /** When each result is a count of something ("2" losses): its words, for "1 loss", "2 losses". */
  readonly resultUnit?: ResultUnit;
}

/** One labelled value of a section, with the rule that gives it. */
export interface CombatRow {
  readonly label: string;
  readonly value: string;
  /** A rule id or citation ("B-7"). */
  readonly rule?: string;
}

/** A game-specific part of a combat report: a title, labelled rows, a note. */
export interface CombatSection {
  readonly title: string;
  readonly rows: readonly CombatRow[];
  readonly note?: string;
  /** The table's columns this part reads, to be lit on the table. */
  readonly columns?: readonly string[];
}

/** A result that counts something: the singular, the plural, the results' caption. */
export interface ResultUnit {
  readonly one: string;
  readonly many: string;
  readonly caption: string;
}

/** A section on one line: "Title: label value (rule), label value (note)". */
export function sectionLine(s: CombatSection, withRules = true): string {
  const rows = s.rows.map(
    (r) => `${r.label.toLowerCase()} ${r.value}${withRules && r.rule ? ` (${r.rule})` : ''}`,
  );
  return `${s.title}: ${rows.join(', ')}${s.note ? ` (${s.note})` : ''}`;
}

/** A result said with its unit when it has one ("1 loss", "2 losses"). */
export function resultWords(result: string, unit: ResultUnit | undefined): string {
  if (!unit) return result;
  return `${result} ${result === '1' ? unit.one : unit.many}`;
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
