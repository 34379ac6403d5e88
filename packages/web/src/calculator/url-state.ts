/**
 * A calculation in the address: `calc.html?game=barbarossa-1941&attack=17&defense=5&roundUp=4:1`.
 * One query parameter per field the user set (a field's key, as the game module names
 * it; a flag as `1`), so a link reproduces the calculation. A loaded file with an id (a
 * combat table) goes in the address by its id (`crt=<table id>`), and a browser without
 * it is told which file the link was made with; a short file without one (a battle) is
 * carried whole, as JSON. `parseCalcUrl` / `makeCalcUrl` are a pair.
 */
import type { CalcField } from '@stavka/engine';
import { type CalcForm, emptyForm, formFields } from './form.ts';

/** The page's path, as the build names it (vite.config.ts). */
export const CALC_PAGE = '/calc.html';

export interface CalcUrlState {
  /** The game's id in the registry, or null for the list of games. */
  readonly game: string | null;
  readonly form: CalcForm;
  /** File ids named in the address, by table field key. */
  readonly tables: Readonly<Record<string, string>>;
  /** Files carried whole in the address, parsed, by table field key. */
  readonly files: Readonly<Record<string, unknown>>;
}

/** The longest file carried whole in an address, as JSON. */
export const CARRIED_FILE_LIMIT = 2000;

/** How a loaded file goes in the address: its id, else itself when short, else not at all. */
export function fileParam(file: unknown): string | null {
  if (typeof file === 'object' && file !== null && !Array.isArray(file)) {
    const id = (file as Record<string, unknown>).id;
    if (typeof id === 'string' && id !== '') return id;
  }
  const json = JSON.stringify(file);
  return json !== undefined && json.length <= CARRIED_FILE_LIMIT && /^[[{]/.test(json) ? json : null;
}

/** Reads a query string ("?game=...&attack=12") against a game's fields; unknown keys are ignored. */
export function parseCalcUrl(fields: readonly CalcField[], search: string): CalcUrlState {
  const q = new URLSearchParams(search);
  const form: Record<string, string> = { ...emptyForm(fields) };
  const tables: Record<string, string> = {};
  const files: Record<string, unknown> = {};
  for (const f of fields) {
    const v = q.get(f.key);
    if (v === null) continue;
    if (f.kind === 'table') {
      if (!/^[[{]/.test(v)) tables[f.key] = v.slice(0, 200);
      else {
        try {
          files[f.key] = JSON.parse(v) as unknown;
        } catch {
          // A link cut short: the file is not in it.
        }
      }
    } else if (f.kind === 'flag') form[f.key] = v === '' || v === '0' ? '' : '1';
    else form[f.key] = v.slice(0, 40);
  }
  return { game: q.get('game'), form, tables, files };
}

/** The game named by a query string, before its fields are known. */
export function gameOfUrl(search: string): string | null {
  return new URLSearchParams(search).get('game');
}

/**
 * The address of a calculation: the game, then each field that differs from a fresh
 * form, in the fields' order; files last (`fileParam`: an id, or a short file itself).
 */
export function makeCalcUrl(
  game: string,
  fields: readonly CalcField[],
  form: CalcForm,
  tables: Readonly<Record<string, string>> = {},
): string {
  const fresh = emptyForm(fields);
  const parts = [`game=${encodeURIComponent(game)}`];
  for (const f of formFields(fields)) {
    const v = (form[f.key] ?? '').trim();
    if (v === (fresh[f.key] ?? '')) continue;
    // An emptied field with a default is written empty so the link keeps it empty.
    parts.push(`${encodeURIComponent(f.key)}=${encodeURIComponent(f.kind === 'flag' ? (v ? '1' : '') : v)}`);
  }
  for (const f of fields) {
    const param = f.kind === 'table' ? tables[f.key] : undefined;
    if (param) parts.push(`${encodeURIComponent(f.key)}=${encodeURIComponent(param)}`);
  }
  // ":" is left readable in columns ("roundUp=4:1"): it is allowed in a query.
  return `${CALC_PAGE}?${parts.join('&').replace(/%3A/g, ':')}`;
}

/** The link to a game's calculator with nothing entered (home page, game page). */
export function calculatorHref(game: string): string {
  return `${CALC_PAGE}?game=${encodeURIComponent(game)}`;
}
