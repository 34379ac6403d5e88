/**
 * Combat tables as the calculator page draws them: columns, one row of results per die
 * roll, and each result's meaning when the table gives one. Read from a table file's
 * JSON (engine combat/table.ts: an odds CRT or a fire table), whichever game it is, so
 * the page draws the standard tables and a table the user loads alike. The numbers are
 * never read here: they come from the game's calculator.
 *
 * A table the user loads (the printed one, when it turns up) is kept in this browser
 * (localStorage), per game and table field, until they go back to the standard one.
 */

export interface TableData {
  readonly id: string;
  readonly title: string;
  readonly provisional: boolean;
  readonly die: number;
  /** Column headings as printed: "3:1", or a firing value "12". */
  readonly columns: readonly string[];
  /** rows[roll - 1][column]: the result code or number of losses. */
  readonly rows: readonly (readonly string[])[];
  /** Result code -> name and the rules' words, for an odds table. */
  readonly results: Readonly<Record<string, { readonly name: string; readonly text: string }>>;
  /** True for a fire table: a cell is a number of losses. */
  readonly losses: boolean;
  readonly sources: string;
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A table file's drawing, or null when it is no table (the game's calculator checks a
 * loaded file in full and says what is wrong with it; this only reads what it draws).
 */
export function readTableData(file: unknown): TableData | null {
  if (!isRecord(file)) return null;
  const { id, title, die, columns, rows } = file;
  if (typeof id !== 'string' || typeof die !== 'number' || !Number.isInteger(die) || die < 2 || die > 20)
    return null;
  if (!Array.isArray(columns) || !isRecord(rows)) return null;
  const heads = columns.map((c) => String(c));
  const out: string[][] = [];
  for (let roll = 1; roll <= die; roll++) {
    const row = rows[String(roll)];
    if (!Array.isArray(row) || row.length !== heads.length) return null;
    out.push(row.map((c) => String(c)));
  }
  const results: Record<string, { name: string; text: string }> = {};
  if (isRecord(file.results)) {
    for (const [code, r] of Object.entries(file.results)) {
      if (isRecord(r) && typeof r.name === 'string' && typeof r.text === 'string')
        results[code] = { name: r.name, text: r.text };
    }
  }
  return {
    id,
    title: typeof title === 'string' ? title : id,
    provisional: file.provisional === true,
    die,
    columns: heads,
    rows: out,
    results,
    losses: columns.every((c) => typeof c === 'number'),
    sources: typeof file.sources === 'string' ? file.sources : '',
  };
}

/** Tables by id: a game's standard tables, as its card hands them to the page. */
export type TableCatalogue = Readonly<Record<string, TableData>>;

/** A standard table as a game's card gives it (games game-card.ts `CalculatorTable`). */
export interface StandardTable {
  /** The id a combat report names. */
  readonly id: string;
  readonly title: string;
  /** The table file as parsed JSON. */
  readonly data: unknown;
}

/**
 * The drawings of a game's standard tables, by the id its card gives each (the id a
 * report names); a table whose data is no table is left out, as the page cannot draw it.
 */
export function catalogueOf(tables: readonly StandardTable[]): TableCatalogue {
  const out: Record<string, TableData> = {};
  for (const t of tables) {
    const d = readTableData(t.data);
    if (d) out[t.id] = { ...d, id: t.id, title: t.title };
  }
  return out;
}

/** What a result means, in words: the table's own text for each code in it. */
export function meaningOf(
  table: TableData | undefined,
  result: string,
): { readonly code: string; readonly name: string; readonly text: string }[] {
  if (!table) return [];
  if (table.losses) {
    const n = Number(result);
    if (!Number.isInteger(n)) return [];
    return [
      { code: result, name: n === 1 ? '1 loss' : `${n} losses`, text: `${n} inflicted on the other side` },
    ];
  }
  const whole = table.results[result];
  if (whole) return [{ code: result, ...whole }];
  // A combined reading ("DR (Disrupted defenders), D (others and attackers)"): each code in it.
  const seen = new Set<string>();
  const out: { code: string; name: string; text: string }[] = [];
  for (const token of result.split(/[\s,()]+/)) {
    const r = table.results[token];
    if (r && !seen.has(token)) {
      seen.add(token);
      out.push({ code: token, ...r });
    }
  }
  return out;
}

/* ------------------------------------------------------------------------------------ */
/* Loaded tables, kept in the browser. */

/** Where a loaded table is kept: one per game and table field. */
export function tableStorageKey(game: string, field: string): string {
  return `stavka.calculator.table.${game}.${field}`;
}

export interface StoredTable {
  /** The file's name, as it was loaded. */
  readonly name: string;
  /** The parsed file. */
  readonly file: unknown;
}

export function loadStoredTable(
  storage: Storage | undefined,
  game: string,
  field: string,
): StoredTable | null {
  try {
    const text = storage?.getItem(tableStorageKey(game, field));
    if (!text) return null;
    const v = JSON.parse(text) as unknown;
    if (!isRecord(v) || typeof v.name !== 'string' || !('file' in v)) return null;
    return { name: v.name, file: v.file };
  } catch {
    return null;
  }
}

export function saveStoredTable(
  storage: Storage | undefined,
  game: string,
  field: string,
  table: StoredTable | null,
): void {
  try {
    if (table === null) storage?.removeItem(tableStorageKey(game, field));
    else storage?.setItem(tableStorageKey(game, field), JSON.stringify(table));
  } catch {
    // A full or blocked storage keeps the table for this visit only.
  }
}
