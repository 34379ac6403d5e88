/**
 * Barbarossa 1941 combat arithmetic on the provisional CRT (RULINGS B-1): odds with
 * the text's limits, per-unit reading for Disrupted defenders (B-6), the German
 * round-up roll (B-7) and pressing the attack (B-8).
 */
import {
  type CombatRefusal,
  type CombatReport,
  type CombatSection,
  chancesOf,
  columnDistribution,
  compileOddsTable,
  type Distribution,
  type OddsTable,
  oddsColumn,
  outcomesOf,
  parseRatio,
  perUnitDistribution,
  type Shift,
  shiftColumn,
} from '@stavka/engine';
import crtFile from './data/crt.provisional.json' with { type: 'json' };
import {
  type PressProcedure,
  pressDistribution,
  roundUpChance,
  roundUpDistribution,
  roundUpWithinLimits,
} from './gamble-chances.ts';

const compiled = compileOddsTable(crtFile, 'barbarossa-1941/data/crt.provisional.json');
if (!compiled.ok)
  throw new Error(`the Barbarossa CRT data file is invalid: ${JSON.stringify(compiled.error)}`);
/** The provisional CRT (B-1); replaceable with --crt FILE. */
export const BARBAROSSA_CRT: OddsTable = compiled.value;

export const BARBAROSSA_MIN_ODDS_RULE =
  'Note: Attacks at less than 1:5 odds are not allowed.  Odds greater than 9:1 are rounded down to that.';
export const PRESS_RULE =
  'Even more:  The Germans can press an attack and take a 50% chance of increasing the attack a full combat odds (or two or three) but at the 50% risk of dropping them that many.)  ... The Russians can do the same, but not raising the odds more than 1 column and having to accept the bad odds column *2* columns below.';
export const ROUND_UP_RULE =
  'German attacks: In the case of extra factors the Germans can roll to see if they round up.  (For example, 17:5 (usually rounding down to 3:1) would give the Germans a 2/5s - 40%, albeit rounded down to a 33% chance on a d6 die - chance of increasing the odds to 4:1.';

export type BarbarossaSide = 'axis' | 'soviet';

export interface BarbarossaCalcInput {
  readonly attack: number;
  readonly defense: number;
  readonly shifts?: readonly Shift[];
  readonly disrupted?: boolean;
  /** B-7: the column aimed at, and the one accepted as fall-back (default: the computed one). */
  readonly roundUp?: { readonly target: string; readonly fallBack?: string };
  /** B-8: columns pressed up, the procedure and who presses. */
  readonly press?: {
    readonly columns: number;
    readonly procedure: PressProcedure;
    readonly side: BarbarossaSide;
  };
  readonly table?: OddsTable;
  /** B-63: "classic odds" agreed: no round-up roll, no pressing. */
  readonly classicOdds?: boolean;
  /** B-63, B-64: the expanded odds agreed (aim up to 3 columns up, fall back up to 2 down; exchanges mandatory). */
  readonly expandedOdds?: boolean;
  /** Who attacks: "Russian attacks ...: The usual" (no round-up roll). */
  readonly attacker?: BarbarossaSide;
}

/**
 * The calculator's report, with the gamble taken as typed data for this game's own code
 * (the combat preview, the tests); the clients read the same facts in `sections`.
 */
export interface BarbarossaReport extends CombatReport {
  /** B-7: the round-up roll's chance in six, the column on success and on failure. */
  readonly gamble?: { readonly chanceInSix: number; readonly success: string; readonly failure: string };
  /** B-8: pressing the attack, its procedure and its two columns. */
  readonly press?: { readonly procedure: PressProcedure; readonly high: string; readonly low: string };
}

type Calc = { ok: true; report: BarbarossaReport } | { ok: false; refusal: CombatRefusal };

/** The gamble taken, as rows a wargamer reads, each with its rule. */
function gambleSections(
  gamble: BarbarossaReport['gamble'],
  press: BarbarossaReport['press'],
): CombatSection[] {
  const out: CombatSection[] = [];
  if (gamble) {
    const rolls = gamble.chanceInSix > 1 ? `1-${gamble.chanceInSix}` : '1';
    out.push({
      title: 'Round-up roll',
      rows: [
        { label: 'Chance', value: `${gamble.chanceInSix} in 6 (a roll of ${rolls})`, rule: 'B-7' },
        { label: 'Success reads', value: gamble.success },
        { label: 'Failure reads', value: gamble.failure },
      ],
      columns: [gamble.success, gamble.failure],
    });
  }
  if (press) {
    out.push({
      title: 'Pressing the attack',
      rows: [
        {
          label: 'Procedure',
          value:
            press.procedure === 'roll' ? 'roll (a first die picks the column)' : 'split (4-6 high, 1-3 low)',
          rule: 'B-8',
        },
        { label: 'Higher column', value: press.high },
        { label: 'Lower column', value: press.low },
      ],
      columns: [press.high, press.low],
    });
  }
  return out;
}

function refuse(
  code: string,
  message: string,
  rule: string,
  cite: string,
): { ok: false; refusal: CombatRefusal } {
  return { ok: false, refusal: { code, message, rule, cite } };
}

function columnIndex(table: OddsTable, text: string): number {
  const r = parseRatio(text);
  if (!r) return -1;
  return table.columns.findIndex((c) => c.attack * r.defense === r.attack * c.defense);
}

/** B-6: Disrupted defenders read the next column; the label says who reads what when it differs. */
export function barbarossaDisruptedReading(base: string, higher: string): string {
  return base === higher ? base : `${higher} (Disrupted defenders), ${base} (others and attackers)`;
}

export function barbarossaCalc(input: BarbarossaCalcInput): Calc {
  const table = input.table ?? BARBAROSSA_CRT;
  const top = table.columns.length - 1;
  const notes: string[] = [];
  const label = labelOf(table);
  const raw = oddsColumn(table, input.attack, input.defense);
  const shifts = [...(input.shifts ?? [])];
  const base = shiftColumn(table, raw, shifts);
  if (base.unclamped < 0 && !input.roundUp) {
    return refuse(
      'combat/odds-too-low',
      `${input.attack}:${input.defense} reads ${label(base.unclamped)}`,
      BARBAROSSA_MIN_ODDS_RULE,
      'barbarossa-1941 CRT note',
    );
  }
  if (base.unclamped > top) notes.push(`odds above ${table.columnLabels[top]} are rounded down to it`);
  const refused = gambleRefused(input);
  if (refused) return refused;
  const read: Read = input.roundUp
    ? roundUpReading(input, input.roundUp, table, raw, shifts, notes)
    : input.press
      ? pressReading(input.press, table, base.column, notes)
      : plainReading(input, table, base.column, notes);
  if (!read.ok) return read;
  const { dist, column, gamble, press, readOn } = read.reading;
  const sections = gambleSections(gamble, press);
  if (table.provisional) notes.unshift('PROVISIONAL TABLE: the printed CRT is lost (RULINGS B-1)');
  return {
    ok: true,
    report: {
      game: 'barbarossa-1941',
      table: table.id,
      provisional: table.provisional,
      attack: input.attack,
      defense: input.defense,
      ratio: label(raw),
      column: label(column),
      shifts,
      outcomes: outcomesOf(dist),
      chances: chancesOf(dist, readOn ? rollsOf(table, readOn) : undefined),
      notes,
      ...(gamble ? { gamble } : {}),
      ...(press ? { press } : {}),
      ...(sections.length > 0 ? { sections } : {}),
    },
  };
}

/** How the die is read in one combat: its results' distribution, the column shown, the gamble taken. */
interface Reading {
  readonly dist: Distribution;
  readonly column: number;
  readonly gamble?: BarbarossaReport['gamble'];
  readonly press?: BarbarossaReport['press'];
  /**
   * The result of each roll where one roll decides it; null where a first die picks the
   * column (the round-up roll, pressing by roll).
   */
  readonly readOn: ((roll: number) => string) | null;
}

type Read = { ok: true; reading: Reading } | { ok: false; refusal: CombatRefusal };

/** A column's label; below the first: "below 1:5"; above the last: the last. */
function labelOf(table: OddsTable): (c: number) => string {
  const top = table.columns.length - 1;
  return (c) => (c < 0 ? `below ${table.columnLabels[0]}` : table.columnLabels[Math.min(c, top)]!);
}

/** The result code of a roll on a column (above the last: the last). */
function cellOf(table: OddsTable, roll: number, col: number): string {
  const top = table.columns.length - 1;
  return table.resultCodes[table.cells[(roll - 1) * table.columns.length + Math.min(col, top)]!]!;
}

/** The die rolls giving each result. */
function rollsOf(table: OddsTable, readOn: (roll: number) => string): Map<string, number[]> {
  const rolls = new Map<string, number[]>();
  for (let r = 1; r <= table.die; r++) {
    const l = readOn(r);
    rolls.set(l, [...(rolls.get(l) ?? []), r]);
  }
  return rolls;
}

/** The gambles refused before any is read: both at once (B-7, B-8), with classic odds (B-63), a Russian round-up (B-7). */
function gambleRefused(input: BarbarossaCalcInput): Calc | null {
  if (input.roundUp && input.press) {
    return refuse('combat/one-gamble', 'round up or press the attack, not both', PRESS_RULE, 'B-7, B-8');
  }
  if ((input.roundUp || input.press) && input.classicOdds) {
    return refuse(
      'combat/classic-odds',
      'with "classic odds" agreed there is no round-up roll and no pressing (B-63)',
      ROUND_UP_RULE,
      'B-63',
    );
  }
  if (input.roundUp && input.attacker === 'soviet') {
    return refuse(
      'combat/round-up-german',
      'Russian attacks: "The usual" (only the Germans roll to round up)',
      ROUND_UP_RULE,
      'B-7',
    );
  }
  return null;
}

/** B-7: the German round-up roll: success reads the target column, failure the fall-back, both shifted. */
function roundUpReading(
  input: BarbarossaCalcInput,
  roundUp: NonNullable<BarbarossaCalcInput['roundUp']>,
  table: OddsTable,
  raw: number,
  shifts: readonly Shift[],
  notes: string[],
): Read {
  const top = table.columns.length - 1;
  const label = labelOf(table);
  const target = columnIndex(table, roundUp.target);
  const fallBack = roundUp.fallBack === undefined ? raw : columnIndex(table, roundUp.fallBack);
  if (target < 0)
    return refuse('combat/no-column', `no column ${roundUp.target} on ${table.id}`, ROUND_UP_RULE, 'B-7');
  if (fallBack < 0)
    return refuse('combat/no-column', `no fall-back column ${roundUp.fallBack}`, ROUND_UP_RULE, 'B-7');
  const limit = roundUpWithinLimits(raw, target, fallBack, input.expandedOdds === true);
  if (limit)
    return refuse(
      `combat/${limit.code.replace('gamble/', 'round-up-')}`,
      limit.message,
      ROUND_UP_RULE,
      'B-63, B-64',
    );
  const g = roundUpChance(table, input.attack, input.defense, target, fallBack);
  if ('code' in g)
    return refuse(`combat/${g.code.replace('gamble/', 'round-up-')}`, g.message, ROUND_UP_RULE, 'B-7');
  const total = shifts.reduce((a, s) => a + s.by, 0);
  if (fallBack + total < 0) {
    return refuse(
      'combat/odds-too-low',
      `falling back to ${label(fallBack)} shifts below 1:5`,
      BARBAROSSA_MIN_ODDS_RULE,
      'B-7',
    );
  }
  const factorsAt = (col: number) =>
    (table.columns[col]!.attack * input.defense) / table.columns[col]!.defense;
  notes.push(
    `round-up roll: ${input.attack - factorsAt(fallBack)} spare of ${factorsAt(target) - factorsAt(fallBack)} needed = ${g.exact.num}/${g.exact.den}, success on 1-${g.chanceInSix} (B-7)${input.expandedOdds ? '; the expanded odds make any exchange mandatory (B-63)' : ''}`,
  );
  return {
    ok: true,
    reading: {
      dist: roundUpDistribution(table, g, total),
      column: Math.min(top, target + total),
      gamble: {
        chanceInSix: g.chanceInSix,
        success: label(target + total),
        failure: label(fallBack + total),
      },
      readOn: null,
    },
  };
}

/** B-8: pressing the attack, by a first die or on the split die (4-6 the high column, 1-3 the low). */
function pressReading(
  pressing: NonNullable<BarbarossaCalcInput['press']>,
  table: OddsTable,
  baseColumn: number,
  notes: string[],
): Read {
  const top = table.columns.length - 1;
  const label = labelOf(table);
  const { columns: k, procedure, side } = pressing;
  if (side === 'soviet' && k !== 1) {
    return refuse('combat/press-limit', `the Russians press 1 column only, not ${k}`, PRESS_RULE, 'B-8');
  }
  if (side === 'axis' && (k < 1 || k > 3)) {
    return refuse('combat/press-limit', `the Germans press 1, 2 or 3 columns, not ${k}`, PRESS_RULE, 'B-8');
  }
  const down = side === 'soviet' ? 2 : k;
  const high = baseColumn + k;
  const low = baseColumn - down;
  if (low < 0) {
    return refuse(
      'combat/odds-too-low',
      `the risk column ${label(low)} is below 1:5`,
      BARBAROSSA_MIN_ODDS_RULE,
      'B-8',
    );
  }
  if (high > top) {
    return refuse(
      'combat/press-pointless',
      `pressing past ${table.columnLabels[top]} gains nothing`,
      BARBAROSSA_MIN_ODDS_RULE,
      'B-8',
    );
  }
  notes.push(
    procedure === 'roll'
      ? `pressing: one die picks ${label(high)} or ${label(low)} (even chances), a second is read there (B-8)`
      : `pressing, split die: 4-6 read on ${label(high)}, 1-3 on ${label(low)} (B-8)`,
  );
  return {
    ok: true,
    reading: {
      dist: pressDistribution(table, high, low, procedure),
      column: high,
      press: { procedure, high: label(high), low: label(low) },
      readOn: procedure === 'split' ? (r) => cellOf(table, r, r >= 4 ? high : low) : null,
    },
  };
}

/** No gamble: the column read, by Disrupted defenders the next one (B-6). */
function plainReading(input: BarbarossaCalcInput, table: OddsTable, column: number, notes: string[]): Read {
  if (input.disrupted) {
    notes.push(`every defender Disrupted: they read ${labelOf(table)(column + 1)} (B-6)`);
    return {
      ok: true,
      reading: {
        dist: perUnitDistribution(table, column, barbarossaDisruptedReading),
        column,
        readOn: (r) => barbarossaDisruptedReading(cellOf(table, r, column), cellOf(table, r, column + 1)),
      },
    };
  }
  return {
    ok: true,
    reading: { dist: columnDistribution(table, column), column, readOn: (r) => cellOf(table, r, column) },
  };
}
