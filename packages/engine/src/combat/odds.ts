/**
 * Odds-based combat: attack against defense to a column, column shifts itemized with
 * their reasons, and the chance of every result. The same machinery serves every
 * odds CRT; a game gives its table, its limits and its shifts.
 */
import { type Distribution, fromCases } from './distribution.ts';
import { type OddsTable, readTable } from './table.ts';

/** One column shift and why: positive helps the attacker. */
export interface Shift {
  readonly by: number;
  readonly reason: string;
  /** Rule section or ruling id. */
  readonly cite?: string;
}

/**
 * The column for attack:defense, rounded down in the defender's favour (mars-1942
 * and barbarossa-1941 both: "odd/extra factors rounded off/down"): the highest
 * column whose ratio the attack reaches. Above the top column reads the top column.
 *
 * Below the lowest column (RULINGS M-2a): when that column is 1:n, the list runs on
 * 1:(n+1), 1:(n+2), ... at indexes -1, -2, ..., the ratio rounded in the defender's
 * favour (2 against 9 with 1:4 lowest is 1:5, index -1). Shifts move along this
 * extended list (shiftColumn); whether a final column below the table may be
 * declared is the game's to say. A table whose lowest column is not 1:n has no
 * such columns: -1. No attack at all (attack 0) is -Infinity, below every column.
 * Exact integer arithmetic.
 */
export function oddsColumn(table: Pick<OddsTable, 'columns'>, attack: number, defense: number): number {
  const cols = table.columns;
  if (defense <= 0) return cols.length - 1;
  for (let i = cols.length - 1; i >= 0; i--) {
    const c = cols[i]!;
    if (attack * c.defense >= defense * c.attack) return i;
  }
  const lowest = cols[0];
  if (lowest?.attack !== 1) return -1;
  if (attack <= 0) return Number.NEGATIVE_INFINITY;
  // 1:k with k = ceil(defense / attack), k > lowest.defense here.
  const k = Math.ceil(defense / attack);
  return lowest.defense - k;
}

/**
 * The label of a column index, extended below the lowest column as oddsColumn reads
 * it (RULINGS M-2a: -1 is 1:5 under a lowest 1:4); above the top reads the top.
 */
export function columnLabel(table: Pick<OddsTable, 'columns' | 'columnLabels'>, column: number): string {
  const top = table.columnLabels.length - 1;
  if (column >= 0) return table.columnLabels[Math.min(column, top)]!;
  const lowest = table.columns[0];
  if (column === Number.NEGATIVE_INFINITY) return 'no attack factors';
  if (lowest?.attack !== 1) return `below ${table.columnLabels[0]}`;
  return `1:${lowest.defense - column}`;
}

/** The attack total a column needs: its ratio times the defense (may be fractional, e.g. 3:2). */
export function attackNeeded(table: Pick<OddsTable, 'columns'>, column: number, defense: number): number {
  const c = table.columns[column]!;
  return (c.attack * defense) / c.defense;
}

export interface ShiftedColumn {
  /**
   * Column index after every shift, before clamping to the table: below 0 on the
   * extended list under the lowest column (RULINGS M-2a, see oddsColumn).
   */
  readonly unclamped: number;
  /** Column index read, clamped to the top column. */
  readonly column: number;
  readonly total: number;
}

/**
 * Adds the shifts to a column; shifts up stop at the top column (mars-1942: "no
 * greater than 7:1"). A column below the table (negative, M-2a) moves along the
 * extended list like any other: 1:7 shifted up 2 is 1:5, not the lowest column.
 */
export function shiftColumn(
  table: Pick<OddsTable, 'columns'>,
  column: number,
  shifts: readonly Shift[],
): ShiftedColumn {
  let total = 0;
  for (const s of shifts) total += s.by;
  const unclamped = column + total;
  return { unclamped, column: Math.min(unclamped, table.columns.length - 1), total };
}

/** The result of each die roll on one column: the CRT's chances. */
export function columnDistribution(table: OddsTable, column: number): Distribution {
  const cases: string[] = [];
  for (let roll = 1; roll <= table.die; roll++) cases.push(readTable(table, column, roll));
  return fromCases(cases);
}

/**
 * Counts per result index on one column, into `out` (length >= resultCodes): the
 * allocation-free form of columnDistribution for hot paths (AI, benchmarks).
 */
export function columnCounts(table: OddsTable, column: number, out: Int32Array): Int32Array {
  out.fill(0);
  const width = table.columns.length;
  for (let roll = 0; roll < table.die; roll++) out[table.cells[roll * width + column]!]!++;
  return out;
}

/**
 * Per-unit reading (RULINGS M-6, B-6): one die roll; Disrupted defenders read the
 * column `by` higher (capped at the top), everyone else the base column. The label
 * of each case is given by `combine(baseResult, disruptedResult)`.
 */
export function perUnitDistribution(
  table: OddsTable,
  column: number,
  combine: (base: string, disrupted: string) => string,
  by = 1,
): Distribution {
  const higher = Math.min(column + by, table.columns.length - 1);
  const cases: string[] = [];
  for (let roll = 1; roll <= table.die; roll++) {
    cases.push(combine(readTable(table, column, roll), readTable(table, higher, roll)));
  }
  return fromCases(cases);
}
