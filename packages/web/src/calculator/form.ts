/**
 * The calculator form as plain data: what the user has typed, field by field, as text
 * (a count being typed may be "-" or empty for a moment), and its reading into the
 * game calculator's input. Every check here is read from the field descriptions the
 * game module gives (kind, min, max, choices): the web knows no game's rules, and the
 * numbers always come from the module's own `run` (engine `GameCalculator`).
 */
import type { CalcAnswer, CalcField, CalcInput, CalcInputError, GameCalculator } from '@stavka/engine';

/** The text of each field but tables, by field key: "" is "not given"; a flag is "1" or "". */
export type CalcForm = Readonly<Record<string, string>>;

/** Tables loaded for `table` fields, by field key, as parsed JSON (kept in the browser). */
export type LoadedTables = Readonly<Record<string, unknown>>;

/** The fields a form holds as text (a table field holds a loaded file, not text). */
export function formFields(fields: readonly CalcField[]): CalcField[] {
  return fields.filter((f) => f.kind !== 'table');
}

/** A fresh form: the fields' defaults, everything else not given. */
export function emptyForm(fields: readonly CalcField[]): CalcForm {
  const form: Record<string, string> = {};
  for (const f of formFields(fields)) {
    form[f.key] = f.kind === 'count' && f.default !== undefined ? String(f.default) : '';
  }
  return form;
}

/** The text a field shows for a value (the inverse of reading it). */
export function fieldText(f: CalcField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (f.kind === 'flag') return value === true ? '1' : '';
  return String(value);
}

/** The bounds of a count, as its description gives them. */
export function countBounds(f: CalcField & { kind: 'count' }): string {
  return f.max === undefined ? `at least ${f.min}` : `${f.min} to ${f.max}`;
}

/**
 * Reads the form into the calculator's input, checking each field against its own
 * description (a whole number within its bounds, one of its choices, an odds column
 * "a:d"), as the CLI's flag parser does. A field left empty is not given; a required
 * one left empty is the calculator's own "is required".
 */
export function readForm(
  fields: readonly CalcField[],
  form: CalcForm,
  tables: LoadedTables = {},
): { ok: true; input: CalcInput } | { ok: false; input: CalcInputError } {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'table') {
      if (Object.hasOwn(tables, f.key) && tables[f.key] !== undefined) input[f.key] = tables[f.key];
      continue;
    }
    const text = (form[f.key] ?? '').trim();
    if (f.kind === 'flag') {
      if (text !== '' && text !== '0') input[f.key] = true;
      continue;
    }
    if (text === '') continue;
    switch (f.kind) {
      case 'count': {
        if (!/^[-+]?\d+$/.test(text))
          return { ok: false, input: { field: f.key, message: `takes a whole number, not "${text}"` } };
        const n = Number(text);
        if (n < f.min || (f.max !== undefined && n > f.max))
          return { ok: false, input: { field: f.key, message: `must be ${countBounds(f)}, not ${n}` } };
        input[f.key] = n;
        break;
      }
      case 'choice':
        if (!f.choices.includes(text))
          return {
            ok: false,
            input: { field: f.key, message: `is one of ${f.choices.join(', ')}, not "${text}"` },
          };
        input[f.key] = text;
        break;
      case 'column':
        // A loaded table may have other columns than the standard one: any "a:d" is
        // read, and the calculator says if its table has no such column.
        if (!/^\d+:\d+$/.test(text))
          return {
            ok: false,
            input: { field: f.key, message: `is an odds column like "3:1", not "${text}"` },
          };
        input[f.key] = text;
        break;
    }
  }
  return { ok: true, input };
}

/** The page's one computation: the form read, then the game's own calculator. */
export function calculate(calculator: GameCalculator, form: CalcForm, tables: LoadedTables = {}): CalcAnswer {
  const read = readForm(calculator.fields, form, tables);
  return read.ok ? calculator.run(read.input) : read;
}

/** A count stepped by one (the steppers), kept within its bounds; "" steps from the lowest. */
export function stepCount(f: CalcField & { kind: 'count' }, text: string, by: 1 | -1): string {
  const t = text.trim();
  const n = /^[-+]?\d+$/.test(t) ? Number(t) + by : by > 0 ? Math.max(f.min, f.default ?? f.min) : f.min;
  const low = Math.max(f.min, n);
  return String(f.max === undefined ? low : Math.min(f.max, low));
}
