/**
 * Combat tables as data. An odds table (CRT) has ratio columns ("1:4" .. "7:1") and a
 * result per column and die roll; a fire table has firing-value columns (1 .. 20) and
 * a number of losses per column and roll. Both are JSON files checked by a schema, so
 * a user can load the printed table in place of a provisional one without touching
 * code (RULINGS "Data the texts do not give").
 */
import { z } from 'zod';
import { type EngineSetupCode, engineSetupError, err, ok, type Result, type SetupError } from '../result.ts';
import { parseWithSchema } from '../schema.ts';

/** An odds ratio "a:d" with small whole numbers. */
export interface Ratio {
  readonly attack: number;
  readonly defense: number;
}

export function parseRatio(text: string): Ratio | null {
  const m = /^(\d+):(\d+)$/.exec(text.trim());
  if (!m) return null;
  const attack = Number(m[1]);
  const defense = Number(m[2]);
  if (attack < 1 || defense < 1) return null;
  return { attack, defense };
}

const ratioText = z.string().refine((s) => parseRatio(s) !== null, 'an odds ratio like "3:2"');
const dieRolls = (sides: number) => Array.from({ length: sides }, (_, i) => String(i + 1));

export const oddsTableSchema = z.object({
  id: z.string().min(1),
  game: z.string().min(1),
  title: z.string().min(1),
  /** True for a table reconstructed by the project rather than printed in the rules. */
  provisional: z.boolean(),
  die: z.number().int().min(2).max(20),
  columns: z.array(ratioText).min(1),
  /** Every result the table uses, with its meaning. */
  results: z.record(z.string().min(1), z.object({ name: z.string().min(1), text: z.string().min(1) })),
  /** The results from worst to best for the attacker: a higher column is never worse on the same roll. */
  order: z.array(z.string().min(1)),
  /** Results by die roll (the roll as read: mars-1942 column A, RULINGS M-1), one per column. */
  rows: z.record(z.string(), z.array(z.string().min(1))),
  sources: z.string().min(1),
});

export interface OddsTable {
  readonly id: string;
  readonly game: string;
  readonly title: string;
  readonly provisional: boolean;
  readonly die: number;
  readonly columns: readonly Ratio[];
  readonly columnLabels: readonly string[];
  /** Result vocabulary; cells hold indexes into it. */
  readonly resultCodes: readonly string[];
  readonly resultInfo: Readonly<Record<string, { name: string; text: string }>>;
  /** Rank of each result code (index into resultCodes) from worst (0) to best for the attacker. */
  readonly rank: Int32Array;
  /** cells[(roll - 1) * columns + column] = result index. */
  readonly cells: Int32Array;
  readonly sources: string;
}

/** Validates a CRT file; every cell, column and result is checked, errors name the field. */
export function compileOddsTable(
  input: unknown,
  root = 'table',
): Result<OddsTable, SetupError<EngineSetupCode>[]> {
  const parsed = parseWithSchema(oddsTableSchema, input, root);
  if (!parsed.ok) return parsed;
  const t = parsed.value;
  const errors: SetupError<EngineSetupCode>[] = [];
  const columns = t.columns.map((c) => parseRatio(c)!);
  for (let i = 1; i < columns.length; i++) {
    const a = columns[i - 1]!;
    const b = columns[i]!;
    if (a.attack * b.defense >= b.attack * a.defense) {
      errors.push(
        engineSetupError(
          'setup/column-order',
          `${root}.columns[${i}]`,
          `${t.columns[i]} must be above ${t.columns[i - 1]}`,
        ),
      );
    }
  }
  const resultCodes = Object.keys(t.results);
  t.order.forEach((code, i) => {
    if (!t.results[code])
      errors.push(
        engineSetupError('setup/unknown-result', `${root}.order[${i}]`, `no result "${code}" in results`),
      );
  });
  for (const code of resultCodes) {
    if (!t.order.includes(code))
      errors.push(engineSetupError('setup/unranked', `${root}.order`, `result "${code}" is not ranked`));
  }
  const expected = dieRolls(t.die);
  for (const key of Object.keys(t.rows)) {
    if (!expected.includes(key))
      errors.push(engineSetupError('setup/bad-roll', `${root}.rows.${key}`, `a d${t.die} rolls 1..${t.die}`));
  }
  const cells = new Int32Array(t.die * columns.length);
  for (const roll of expected) {
    const row = t.rows[roll];
    if (!row) {
      errors.push(
        engineSetupError('setup/missing-roll', `${root}.rows.${roll}`, `no row for a roll of ${roll}`),
      );
      continue;
    }
    if (row.length !== columns.length) {
      errors.push(
        engineSetupError(
          'setup/row-length',
          `${root}.rows.${roll}`,
          `${row.length} results for ${columns.length} columns`,
        ),
      );
      continue;
    }
    row.forEach((code, c) => {
      const i = resultCodes.indexOf(code);
      if (i < 0)
        errors.push(
          engineSetupError(
            'setup/unknown-result',
            `${root}.rows.${roll}[${c}]`,
            `no result "${code}" in results`,
          ),
        );
      cells[(Number(roll) - 1) * columns.length + c] = i;
    });
  }
  if (errors.length > 0) return err(errors);
  const rank = new Int32Array(resultCodes.length);
  resultCodes.forEach((code, i) => {
    rank[i] = t.order.indexOf(code);
  });
  return ok({
    id: t.id,
    game: t.game,
    title: t.title,
    provisional: t.provisional,
    die: t.die,
    columns,
    columnLabels: t.columns,
    resultCodes,
    resultInfo: t.results,
    rank,
    cells,
    sources: t.sources,
  });
}

/** The result code on `column` (index) for a die roll. */
export function readTable(table: OddsTable, column: number, roll: number): string {
  return table.resultCodes[table.cells[(roll - 1) * table.columns.length + column]!]!;
}

export const fireTableSchema = z.object({
  id: z.string().min(1),
  game: z.string().min(1),
  title: z.string().min(1),
  provisional: z.boolean(),
  die: z.number().int().min(2).max(20),
  /** Total firing values, ascending, starting at 1 with no gaps. */
  columns: z.array(z.number().int().min(1)).min(1),
  /** Losses by die roll, one per column. */
  rows: z.record(z.string(), z.array(z.number().int().min(0))),
  sources: z.string().min(1),
});

export interface FireTable {
  readonly id: string;
  readonly game: string;
  readonly title: string;
  readonly provisional: boolean;
  readonly die: number;
  /** The highest firing value with a column of its own. */
  readonly maxFire: number;
  /** losses[(roll - 1) * maxFire + (fire - 1)] */
  readonly losses: Int32Array;
  readonly sources: string;
}

export function compileFireTable(
  input: unknown,
  root = 'table',
): Result<FireTable, SetupError<EngineSetupCode>[]> {
  const parsed = parseWithSchema(fireTableSchema, input, root);
  if (!parsed.ok) return parsed;
  const t = parsed.value;
  const errors: SetupError<EngineSetupCode>[] = [];
  t.columns.forEach((v, i) => {
    if (v !== i + 1)
      errors.push(
        engineSetupError('setup/column-order', `${root}.columns[${i}]`, `expected firing value ${i + 1}`),
      );
  });
  const maxFire = t.columns.length;
  const losses = new Int32Array(t.die * maxFire);
  for (const roll of dieRolls(t.die)) {
    const row = t.rows[roll];
    if (!row || row.length !== maxFire) {
      errors.push(
        engineSetupError(
          'setup/row-length',
          `${root}.rows.${roll}`,
          `need ${maxFire} loss numbers for a roll of ${roll}`,
        ),
      );
      continue;
    }
    row.forEach((x, c) => {
      losses[(Number(roll) - 1) * maxFire + c] = x;
    });
  }
  if (errors.length > 0) return err(errors);
  return ok({
    id: t.id,
    game: t.game,
    title: t.title,
    provisional: t.provisional,
    die: t.die,
    maxFire,
    losses,
    sources: t.sources,
  });
}
