/**
 * Operation Mars combat arithmetic: odds, every column shift the text gives, and the
 * exact chance of each result, per unit for Disrupted defenders. The designer's odds
 * calculator (calc.jar) made exact; the game's combat resolution reads the same code.
 */
import {
  type CombatRefusal,
  type CombatReport,
  chancesOf,
  columnDistribution,
  columnLabel,
  compileOddsTable,
  type Distribution,
  type OddsTable,
  oddsColumn,
  outcomesOf,
  perUnitDistribution,
  type Shift,
  shiftColumn,
} from '@stavka/engine';
import crtFile from './data/crt.json' with { type: 'json' };

const compiled = compileOddsTable(crtFile, 'mars-1942/data/crt.json');
if (!compiled.ok) throw new Error(`the Mars CRT data file is invalid: ${JSON.stringify(compiled.error)}`);
/** The printed CRT (mars-1942.txt COMBAT RESULTS TABLE). */
export const MARS_CRT: OddsTable = compiled.value;

export const MARS_MIN_ODDS_RULE = 'Final attacking odds less than 1:4 are not allowed.';
export const PROBE_RULE = 'The German player may choose to lower his odds to a 2:1 probe.';

/** What the text makes shift the odds of one attack. */
export interface MarsCombatConditions {
  /** More than half the attack factors attack across a river hexside (M-10). */
  readonly acrossRiver?: boolean;
  /** Some attacking unit is rationed (M-9). */
  readonly attackerRationed?: boolean;
  /** The defenders are rationed (M-9). */
  readonly defenderRationed?: boolean;
  /** The defenders are isolated (M-9). */
  readonly defenderIsolated?: boolean;
  /** Other shifts, each with its reason. */
  readonly extra?: readonly Shift[];
}

/** The column shifts of an attack, itemized, each citing its rule. */
export function marsShifts(c: MarsCombatConditions): Shift[] {
  const shifts: Shift[] = [];
  if (c.acrossRiver) {
    shifts.push({ by: -1, reason: 'more than half the attack factors attack across a river', cite: 'M-10' });
  }
  if (c.attackerRationed) shifts.push({ by: -1, reason: 'attack by rationed units', cite: 'M-9' });
  if (c.defenderIsolated) shifts.push({ by: 2, reason: 'attack on isolated units', cite: 'M-9' });
  else if (c.defenderRationed) shifts.push({ by: 1, reason: 'attack on rationed units', cite: 'M-9' });
  if (c.extra) shifts.push(...c.extra);
  return shifts;
}

/** What one defender suffers and what the attackers suffer, read from a CRT result. */
const DEFENDER_PART: Record<string, string> = {
  DE: 'DE',
  'X/2': 'DE',
  DR: 'DR',
  DW: 'DW',
  D: 'D',
  DAE: 'D',
  'DA/2': 'D',
  AE: '-',
  '-': '-',
};
const ATTACKER_PART: Record<string, string> = {
  DE: '-',
  'X/2': 'X/2',
  DR: '-',
  DW: '-',
  D: '-',
  DAE: 'AE',
  'DA/2': 'A/2',
  AE: 'AE',
  '-': '-',
};
const COMBINED: Record<string, string> = {
  'DE|-': 'DE',
  'DE|X/2': 'X/2',
  'DR|-': 'DR',
  'DW|-': 'DW',
  'D|-': 'D',
  'D|AE': 'DAE',
  'D|A/2': 'DA/2',
  '-|AE': 'AE',
  '-|-': '-',
};

/**
 * M-6 with every defender Disrupted: the defenders read the next column, the
 * attackers the base column; X/2 against an already Disrupted defender is DE (M-4),
 * so the attackers pay no exchange. A pair that is no printed result is spelled out.
 */
export function disruptedReading(base: string, higher: string): string {
  const defender = DEFENDER_PART[higher] ?? higher;
  let attacker = ATTACKER_PART[base] ?? '-';
  if (attacker === 'X/2') attacker = '-'; // M-4: X/2 becomes DE against a Disrupted unit
  return COMBINED[`${defender}|${attacker}`] ?? `${defender}, attackers ${attacker}`;
}

export interface MarsCalcInput {
  readonly attack: number;
  readonly defense: number;
  readonly conditions?: MarsCombatConditions;
  /** Every defender is Disrupted (M-6). */
  readonly disrupted?: boolean;
  /** German 2:1 probe (M-7). */
  readonly probe?: boolean;
  /** First turn: Russian attack factors doubled (M-16). */
  readonly firstTurn?: boolean;
  /** A replacement table (--crt FILE). */
  readonly table?: OddsTable;
}

/** A column's label, on the list extended below 1:4 (1:5, 1:6, ...: RULINGS M-2a). */
function label(table: OddsTable, column: number): string {
  return columnLabel(table, column);
}

/** The odds, shifts and chance of every result of one Mars attack, or why it may not be made. */
export function marsCalc(
  input: MarsCalcInput,
): { ok: true; report: CombatReport } | { ok: false; refusal: CombatRefusal } {
  const table = input.table ?? MARS_CRT;
  const notes: string[] = [];
  const attack = input.firstTurn ? input.attack * 2 : input.attack;
  if (input.firstTurn)
    notes.push(`first turn: Russian attack factors doubled, ${input.attack} -> ${attack} (M-16)`);
  const raw = oddsColumn(table, attack, input.defense);
  const shifts = marsShifts(input.conditions ?? {});
  let { unclamped, column, total } = shiftColumn(table, raw, shifts);
  // RULINGS M-2a: below 1:4 the columns run on 1:5, 1:6, ...; shifts move along that
  // list, and only a final column of 1:4 or better may be declared.
  if (unclamped < 0) {
    const shifted = total;
    return {
      ok: false,
      refusal: {
        code: 'combat/odds-too-low',
        message: `${attack}:${input.defense} is ${label(table, raw)}${shifts.length ? `; shifted ${shifted >= 0 ? '+' : ''}${shifted} it is ${label(table, unclamped)}` : ''}, below 1:4`,
        rule: MARS_MIN_ODDS_RULE,
        cite: 'mars-1942 COMBAT RESULTS TABLE; M-2, M-2a',
      },
    };
  }
  if (unclamped > column)
    notes.push(`shifts above ${table.columnLabels[column]} are lost: odds can be no greater than 7:1 (M-2)`);
  if (input.probe) {
    const probeColumn = table.columnLabels.indexOf('2:1');
    if (probeColumn < 0 || column < probeColumn) {
      return {
        ok: false,
        refusal: {
          code: 'combat/probe-raises-odds',
          message: `the computed column ${label(table, column)} is below 2:1: a probe only lowers the odds`,
          rule: PROBE_RULE,
          cite: 'mars-1942 COMBAT RESULTS TABLE; M-7',
        },
      };
    }
    if (column > probeColumn) {
      shifts.push({ by: probeColumn - column, reason: '2:1 probe declared before the roll', cite: 'M-7' });
      column = probeColumn;
      unclamped = probeColumn;
    }
  }
  let dist: Distribution;
  if (input.disrupted) {
    dist = perUnitDistribution(table, column, disruptedReading);
    notes.push(
      `every defender Disrupted: they read ${label(table, Math.min(column + 1, table.columns.length - 1))}, the attackers ${label(table, column)} (M-6)`,
    );
  } else {
    dist = columnDistribution(table, column);
  }
  const rolls = new Map<string, number[]>();
  for (let roll = 1; roll <= table.die; roll++) {
    const higher = Math.min(column + 1, table.columns.length - 1);
    const base = table.resultCodes[table.cells[(roll - 1) * table.columns.length + column]!]!;
    const hi = table.resultCodes[table.cells[(roll - 1) * table.columns.length + higher]!]!;
    const l = input.disrupted ? disruptedReading(base, hi) : base;
    rolls.set(l, [...(rolls.get(l) ?? []), roll]);
  }
  return {
    ok: true,
    report: {
      game: 'mars-1942',
      table: table.id,
      provisional: table.provisional,
      attack,
      defense: input.defense,
      ratio: label(table, raw),
      column: label(table, column),
      shifts,
      outcomes: outcomesOf(dist),
      chances: chancesOf(dist, rolls),
      notes,
    },
  };
}
