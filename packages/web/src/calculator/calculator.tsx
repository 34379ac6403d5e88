/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The calculator page, phone first: a game's calculator fields as a form (steppers for
 * counts, switches for flags, segmented choices, column pickers, a table file), and its
 * report as the result, updated as the user types. Everything game-specific comes from
 * the game module (engine `GameModule.calculator`: its fields, and the report `run`
 * gives) and from the tables' data: this file names no game and no rule. The report's
 * numbers are shown as they are; nothing here computes a chance.
 */
import type {
  AnyGameModule,
  CalcAnswer,
  CalcField,
  CombatReport,
  CombatSection,
  GameCalculator,
  GameMeta,
} from '@stavka/engine';
// The report's words from the engine's combat report alone: the engine's index (and zod)
// would otherwise be in the calculator page's first load (issue #49).
import { resultWords, sectionLine } from '@stavka/engine/combat-report';
import { ruleExcerpt } from '@stavka/games/rules-text';
import { Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type CalcForm, calculate, countBounds, type LoadedTables, stepCount } from './form.ts';
import { meaningOf, readTableData, type StoredTable, type TableCatalogue, type TableData } from './tables.ts';
import { CALC_PAGE, calculatorHref, fileParam, makeCalcUrl } from './url-state.ts';

/** A game that has a calculator. */
export type CalcGame = AnyGameModule & { readonly calculator: GameCalculator };

export function hasCalculator(m: AnyGameModule): m is CalcGame {
  return m.calculator !== undefined;
}

const fieldId = (key: string) => `calc-${key}`;

/* ------------------------------------------------------------------------------------ */
/* What the result says in one line (the live region a screen reader announces). */

const plusMinus = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The result in one sentence: the column, the game's sections (each on a line, as the
 * game words it), every result's chance, each result by its name in the table when it
 * has one ("Defenders routed 2 in 6"), or with its unit ("2 losses").
 */
export function summaryOf(answer: CalcAnswer, fields: readonly CalcField[], table?: TableData): string {
  if (!answer.ok) {
    if ('refusal' in answer) return `Not allowed: ${answer.refusal.message}.`;
    const f = fields.find((x) => x.key === answer.input.field);
    return `${f?.label ?? answer.input.field}: ${answer.input.message}.`;
  }
  const r = answer.report;
  const parts: string[] = [];
  if (r.attack !== undefined) {
    parts.push(
      `${r.attack}:${r.defense} reads ${r.ratio}${r.column !== r.ratio ? `, shifted to ${r.column}` : ''}`,
    );
  }
  for (const s of r.sections ?? []) parts.push(sectionLine(s, false));
  const named = (result: string) => {
    const m = meaningOf(table, result);
    return m.length === 1 && m[0]!.code === result ? m[0]!.name : result;
  };
  const perCent = inPerCent(r);
  const chances = r.chances
    .map(
      (c) =>
        `${r.resultUnit ? resultWords(c.result, r.resultUnit) : named(c.result)} ${perCent ? pct(c.probability) : c.chance}`,
    )
    .join(', ');
  const head = parts.length > 0 ? `${capital(parts.join('; '))}. ` : '';
  return `${head}${capital(chances)}.${r.provisional ? ' Provisional table.' : ''}`;
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An exact chance too long to read at a glance ("11442745/17006112", a whole battle's
 * ending): said as a per cent, the exact fraction beside it on request.
 */
const longChance = (chance: string) => chance.length > 9 && /^\d+\/\d+$/.test(chance);

/** Whether a report's chances are said as per cents (any of them a long fraction: all, alike). */
const inPerCent = (r: CombatReport) => r.chances.some((c) => longChance(c.chance));

/* ------------------------------------------------------------------------------------ */
/* Rule text behind a citation. */

/** The rule excerpts of a citation: the whole, else each id in a list ("B-7, B-8"). */
function excerptsOf(cite: string) {
  const whole = ruleExcerpt(cite);
  if (whole) return [whole];
  return cite
    .split(/[;,]\s*/)
    .map((c) => ruleExcerpt(c))
    .filter((x) => x !== null);
}

/** A citation that opens on the rule's own words. */
export function Cite(p: { cite: string }) {
  const ex = excerptsOf(p.cite);
  if (ex.length === 0) return <span class="cite">({p.cite})</span>;
  return (
    <details class="cite">
      <summary>{p.cite}</summary>
      {ex.map((e) => (
        <blockquote key={e.cite}>
          <p class="source">
            {e.cite}, {e.source}
          </p>
          <p class="rule-text">{e.text}</p>
        </blockquote>
      ))}
    </details>
  );
}

/* ------------------------------------------------------------------------------------ */
/* The form. */

interface FieldProps {
  readonly field: CalcField;
  readonly value: string;
  readonly error: string | null;
  readonly onChange: (value: string) => void;
  /** Columns of the table in use, for column pickers (a loaded table may differ). */
  readonly columns: readonly string[] | null;
}

function Help(p: { field: CalcField; error: string | null }) {
  return (
    <>
      <span class="help" id={`${fieldId(p.field.key)}-help`}>
        {p.field.help}
      </span>
      {p.error && (
        <span class="field-error" id={`${fieldId(p.field.key)}-error`}>
          {p.field.label} {p.error}
        </span>
      )}
    </>
  );
}

const describedBy = (f: CalcField, error: string | null) =>
  `${fieldId(f.key)}-help${error ? ` ${fieldId(f.key)}-error` : ''}`;

/**
 * A flag that qualifies the count before it (its key the count's key and more, as
 * "attack1Minor" after "attack1"): drawn in the count's own box, so a form of many such
 * pairs (a battle's units) takes one box each.
 */
function qualifies(fields: readonly CalcField[], i: number): boolean {
  const f = fields[i];
  const before = fields[i - 1];
  return (
    f !== undefined &&
    before !== undefined &&
    f.kind === 'flag' &&
    before.kind === 'count' &&
    f.key.length > before.key.length &&
    f.key.startsWith(before.key)
  );
}

/** A qualifying flag as its count's box draws it. */
interface Qualifier {
  readonly field: CalcField & { kind: 'flag' };
  readonly value: string;
  readonly error: string | null;
  readonly onChange: (value: string) => void;
}

function CountField(p: FieldProps & { field: CalcField & { kind: 'count' }; qualifier?: Qualifier }) {
  const f = p.field;
  const q = p.qualifier;
  return (
    <div class={`field count${p.error || q?.error ? ' invalid' : ''}`} data-field={f.key}>
      <label for={fieldId(f.key)}>
        {f.label}
        {f.required ? '' : <span class="optional"> (optional)</span>}
      </label>
      <div class="stepper">
        <button
          type="button"
          aria-label={`${f.label}: one less`}
          onClick={() => p.onChange(stepCount(f, p.value, -1))}
        >
          −
        </button>
        <input
          id={fieldId(f.key)}
          name={f.key}
          type="text"
          inputMode={f.min < 0 ? 'text' : 'numeric'}
          autoComplete="off"
          value={p.value}
          placeholder={f.required ? '' : '—'}
          aria-invalid={p.error ? 'true' : undefined}
          aria-describedby={describedBy(f, p.error)}
          onInput={(e) => p.onChange((e.target as HTMLInputElement).value)}
        />
        <button
          type="button"
          aria-label={`${f.label}: one more`}
          onClick={() => p.onChange(stepCount(f, p.value, 1))}
        >
          +
        </button>
      </div>
      <span class="bounds">{countBounds(f)}</span>
      {q && (
        <div class="qualifier" data-field={q.field.key}>
          <label class="switch" title={q.field.help}>
            <input
              id={fieldId(q.field.key)}
              name={q.field.key}
              type="checkbox"
              checked={q.value === '1'}
              aria-label={`${f.label}: ${q.field.label}`}
              aria-invalid={q.error ? 'true' : undefined}
              aria-describedby={describedBy(q.field, q.error)}
              onChange={(e) => q.onChange((e.target as HTMLInputElement).checked ? '1' : '')}
            />
            <span>{q.field.label}</span>
          </label>
          {q.field.cite && <Cite cite={q.field.cite} />}
          <Help field={q.field} error={q.error} />
        </div>
      )}
      <Help field={f} error={p.error} />
    </div>
  );
}

function FlagField(p: FieldProps & { field: CalcField & { kind: 'flag' } }) {
  const f = p.field;
  return (
    <div class={`field flag${p.error ? ' invalid' : ''}`} data-field={f.key}>
      <label class="switch">
        <input
          id={fieldId(f.key)}
          name={f.key}
          type="checkbox"
          checked={p.value === '1'}
          aria-invalid={p.error ? 'true' : undefined}
          aria-describedby={describedBy(f, p.error)}
          onChange={(e) => p.onChange((e.target as HTMLInputElement).checked ? '1' : '')}
        />
        <span>{f.label}</span>
      </label>
      {f.cite && <Cite cite={f.cite} />}
      <Help field={f} error={p.error} />
    </div>
  );
}

function ChoiceField(p: FieldProps & { field: CalcField & { kind: 'choice' } }) {
  const f = p.field;
  const options = f.required ? f.choices : ['', ...f.choices];
  return (
    <fieldset
      class={`field choice${p.error ? ' invalid' : ''}`}
      data-field={f.key}
      aria-describedby={describedBy(f, p.error)}
    >
      <legend>{f.label}</legend>
      <div class="segments">
        {options.map((c) => (
          <label key={c} class={p.value === c ? 'on' : ''}>
            <input
              type="radio"
              name={f.key}
              value={c}
              checked={p.value === c}
              onChange={() => p.onChange(c)}
            />
            <span>{c === '' ? 'none' : c}</span>
          </label>
        ))}
      </div>
      <Help field={f} error={p.error} />
    </fieldset>
  );
}

function ColumnField(p: FieldProps & { field: CalcField & { kind: 'column' } }) {
  const f = p.field;
  const columns = p.columns ?? f.columns;
  const known = p.value === '' || columns.includes(p.value);
  return (
    <div class={`field column${p.error ? ' invalid' : ''}`} data-field={f.key}>
      <label for={fieldId(f.key)}>
        {f.label} <span class="optional">(optional)</span>
      </label>
      <select
        id={fieldId(f.key)}
        name={f.key}
        value={p.value}
        aria-invalid={p.error ? 'true' : undefined}
        aria-describedby={describedBy(f, p.error)}
        onChange={(e) => p.onChange((e.target as HTMLSelectElement).value)}
      >
        <option value="">none</option>
        {!known && <option value={p.value}>{p.value}</option>}
        {columns.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <Help field={f} error={p.error} />
    </div>
  );
}

function TableField(p: {
  field: CalcField & { kind: 'table' };
  stored: StoredTable | null;
  linked: string | undefined;
  error: string | null;
  onLoad: (t: StoredTable | null, problem?: string) => void;
}) {
  const f = p.field;
  const data = p.stored ? readTableData(p.stored.file) : null;
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? p.error;
  return (
    <div class={`field table${error ? ' invalid' : ''}`} data-field={f.key}>
      <label for={fieldId(f.key)}>{f.label}: load a file (JSON)</label>
      {p.stored ? (
        <p class="loaded" data-loaded-table={data?.id ?? ''}>
          In use: <strong>{data?.title ?? p.stored.name}</strong>
          {data ? ` (${p.stored.name})` : ''}, kept in this browser.{' '}
          <button
            type="button"
            onClick={() => {
              setProblem(null);
              p.onLoad(null);
            }}
          >
            Forget this {f.label.toLowerCase()}
          </button>
        </p>
      ) : (
        p.linked && (
          <p class="field-error" role="note">
            This link was made with the file "{p.linked}" ({f.label.toLowerCase()}), which this browser does
            not have: load it to reproduce the link.
          </p>
        )
      )}
      <input
        id={fieldId(f.key)}
        type="file"
        accept=".json,application/json"
        aria-describedby={describedBy(f, error)}
        onChange={async (e) => {
          const input = e.target as HTMLInputElement;
          const file = input.files?.[0];
          if (!file) return;
          try {
            const parsed = JSON.parse(await file.text()) as unknown;
            setProblem(null);
            p.onLoad({ name: file.name, file: parsed });
          } catch (err) {
            setProblem(`"${file.name}" is not JSON: ${(err as Error).message}`);
          }
          input.value = '';
        }}
      />
      <span class="help" id={`${fieldId(f.key)}-help`}>
        {capital(f.help)}. A file loaded here stays in this browser, for this game, until you forget it.
      </span>
      {error && (
        <pre class="field-error" id={`${fieldId(f.key)}-error`} role="alert">
          {error}
        </pre>
      )}
    </div>
  );
}

/* ------------------------------------------------------------------------------------ */
/* The result. */

/** The table a report was read on, drawn: its columns and rows, the columns in play lit. */
export function TableGrid(p: { table: TableData; lit: readonly string[]; main: string | undefined }) {
  const { table } = p;
  const box = useRef<HTMLElement>(null);
  const litSet = new Set(p.lit);
  // The lit column scrolled into view on a narrow screen.
  useEffect(() => {
    const el = box.current;
    const th = el?.querySelector<HTMLElement>('th.lit');
    if (el && th) el.scrollLeft = Math.max(0, th.offsetLeft - (el.clientWidth - th.offsetWidth) / 2);
  }, [p.main, table.id]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes the focus so a keyboard can scroll it (WCAG 2.1.1)
    <section class="crt-box" ref={box} tabIndex={0} aria-label={`${table.title}, scrolls sideways`}>
      <table class="crt" data-crt={table.id}>
        <caption>{table.title}</caption>
        <thead>
          <tr>
            <th scope="col">Roll</th>
            {table.columns.map((c) => (
              <th
                scope="col"
                key={c}
                class={litSet.has(c) ? 'lit' : undefined}
                aria-current={c === p.main ? 'true' : undefined}
                data-column={c}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{i + 1}</th>
              {row.map((cell, c) => (
                <td key={c} class={litSet.has(table.columns[c]!) ? 'lit' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The columns in play: the one read, and those the game's sections read. */
function litColumns(r: CombatReport): string[] {
  const out: string[] = [];
  if (r.column) out.push(r.column);
  for (const s of r.sections ?? []) out.push(...(s.columns ?? []));
  return out;
}

/** A game's part of the report: its title, its labelled rows with their rules, its note. */
function SectionView(p: { section: CombatSection }) {
  const s = p.section;
  return (
    <section
      class="report-section"
      data-title={s.title}
      {...(s.columns ? { 'data-columns': s.columns.join(',') } : {})}
      {...(s.note ? { 'data-section-note': s.note } : {})}
    >
      <h3>{s.title}</h3>
      <table class="section-rows">
        <tbody>
          {s.rows.map((row) => (
            <tr
              key={row.label}
              data-label={row.label}
              data-value={row.value}
              {...(row.rule ? { 'data-rule': row.rule } : {})}
            >
              <th scope="row">{row.label}</th>
              <td>
                <strong class="value">{row.value}</strong> {row.rule && <Cite cite={row.rule} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.note && <p class="section-note">{s.note}</p>}
    </section>
  );
}

export function ReportView(p: { report: CombatReport; table: TableData | undefined }) {
  const r = p.report;
  const unit = r.resultUnit;
  const withRolls = r.chances.some((c) => c.rolls);
  const perCent = inPerCent(r);
  return (
    <div
      class="report"
      data-game={r.game}
      data-table={r.table}
      data-provisional={String(r.provisional)}
      {...(r.attack !== undefined ? { 'data-attack': r.attack, 'data-defense': r.defense } : {})}
    >
      {r.provisional && (
        <p class="provisional" role="note">
          <strong>Provisional table</strong>: {p.table?.title ?? r.table}. The printed table is lost; these
          are the project's reconstruction. Load the printed table below when you have it.
        </p>
      )}
      {r.attack !== undefined && (
        <table class="odds">
          <tbody>
            <tr>
              <th scope="row">Odds</th>
              <td>
                {r.attack}:{r.defense} reads <strong data-ratio={r.ratio}>{r.ratio}</strong>
              </td>
            </tr>
            {r.shifts.map((s, i) => (
              <tr
                key={i}
                class="shift"
                data-by={s.by}
                data-reason={s.reason}
                {...(s.cite ? { 'data-cite': s.cite } : {})}
              >
                <th scope="row">{plusMinus(s.by)}</th>
                <td>
                  {s.reason} {s.cite && <Cite cite={s.cite} />}
                </td>
              </tr>
            ))}
            <tr class="final">
              <th scope="row">Column</th>
              <td>
                <strong class="column" data-column={r.column}>
                  {r.column}
                </strong>
              </td>
            </tr>
          </tbody>
        </table>
      )}
      {(r.sections ?? []).map((s) => (
        <SectionView key={s.title} section={s} />
      ))}
      <table class="chances">
        <caption>{unit ? unit.caption : 'Results'}</caption>
        <thead>
          <tr>
            <th scope="col">{unit ? capital(unit.many) : 'Result'}</th>
            <th scope="col">Chance</th>
            {withRolls && <th scope="col">Rolls</th>}
          </tr>
        </thead>
        <tbody>
          {r.chances.map((c) => {
            // Results that count something ("2 losses") say it in the result itself.
            const meaning = unit ? [] : meaningOf(p.table, c.result);
            return (
              <Fragment key={c.result}>
                <tr
                  class={meaning.length > 0 ? 'has-meaning' : undefined}
                  data-result={c.result}
                  data-chance={c.chance}
                  data-probability={c.probability}
                  {...(c.rolls ? { 'data-rolls': c.rolls.join(',') } : {})}
                >
                  <th scope="row" class="result">
                    {resultWords(c.result, unit)}
                  </th>
                  <td class="chance">
                    {perCent ? (
                      <>
                        <span class="pct-main" title={c.chance}>
                          {pct(c.probability)}
                        </span>{' '}
                        <details class="exact">
                          <summary>exact</summary>
                          <span class="n-in">{c.chance}</span>
                        </details>
                      </>
                    ) : (
                      <>
                        <span class="n-in">{c.chance}</span> <span class="pct">{pct(c.probability)}</span>
                      </>
                    )}
                    <span
                      class="bar"
                      aria-hidden="true"
                      style={{ width: `${(c.probability * 100).toFixed(2)}%` }}
                    />
                  </td>
                  {withRolls && <td class="rolls">{c.rolls ? c.rolls.join(', ') : ''}</td>}
                </tr>
                {meaning.length > 0 && (
                  <tr class="meaning">
                    <td colSpan={withRolls ? 3 : 2}>
                      {meaning.map((m) => (
                        <span key={m.code}>
                          <strong>{m.name}</strong>: {m.text}{' '}
                        </span>
                      ))}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {r.notes.length > 0 && (
        <ul class="notes">
          {r.notes.map((n, i) => (
            <li key={i} data-note={n}>
              {n}
            </li>
          ))}
        </ul>
      )}
      {p.table && (
        <TableGrid
          table={p.table}
          lit={litColumns(r)}
          main={r.column ?? r.sections?.find((s) => s.columns)?.columns?.[0]}
        />
      )}
    </div>
  );
}

export function AnswerView(p: { answer: CalcAnswer; tables: TableCatalogue }) {
  const a = p.answer;
  if (a.ok) return <ReportView report={a.report} table={p.tables[a.report.table]} />;
  if ('refusal' in a) {
    return (
      <div class="refusal" data-refusal={a.refusal.code}>
        <p>
          <strong>Not allowed</strong>: {a.refusal.message}.
        </p>
        <blockquote class="rule-text">"{a.refusal.rule}"</blockquote>
        <Cite cite={a.refusal.cite} />
      </div>
    );
  }
  return (
    <p class="input-error" data-input-error={a.input.field}>
      Check the form: see the field marked.
    </p>
  );
}

/* ------------------------------------------------------------------------------------ */
/* The page. */

export interface CalculatorPageProps {
  readonly game: CalcGame;
  readonly form: CalcForm;
  readonly onForm: (form: CalcForm) => void;
  /** Tables loaded by the user, by table field key. */
  readonly loaded: Readonly<Record<string, StoredTable>>;
  readonly onLoad: (field: string, table: StoredTable | null) => void;
  /** Table ids a link was made with, by table field key. */
  readonly linked?: Readonly<Record<string, string>>;
  /** The standard tables by id (the drawing of the report's table). */
  readonly catalogue: TableCatalogue;
}

/** The tables the page hands the calculator, and the ones it draws (loaded ones win). */
function tablesInUse(loaded: Readonly<Record<string, StoredTable>>, catalogue: TableCatalogue) {
  const input: Record<string, unknown> = {};
  const drawn: Record<string, TableData> = { ...catalogue };
  for (const [k, t] of Object.entries(loaded)) {
    input[k] = t.file;
    const d = readTableData(t.file);
    if (d) drawn[d.id] = d;
  }
  return { input: input as LoadedTables, drawn: drawn as TableCatalogue };
}

export function CalculatorPage(p: CalculatorPageProps) {
  const { game, form } = p;
  const fields = game.calculator.fields;
  const { input, drawn } = useMemo(() => tablesInUse(p.loaded, p.catalogue), [p.loaded, p.catalogue]);
  const answer = useMemo(() => calculate(game.calculator, form, input), [game, form, input]);
  const error = !answer.ok && 'input' in answer ? answer.input : null;
  // A required field not yet filled in is no error (a page just opened is not wrong): the
  // result says what to enter, without red (issue #45 item 15).
  const waiting =
    error && (form[error.field] ?? '').trim() === '' && /required/.test(error.message)
      ? fields.find((f) => f.key === error.field)
      : undefined;
  const loadedColumns = Object.values(p.loaded)
    .map((t) => readTableData(t.file))
    .find((d) => d && !d.losses)?.columns;
  const set = (key: string) => (value: string) => p.onForm({ ...form, [key]: value });
  const summary = summaryOf(answer, fields, answer.ok ? drawn[answer.report.table] : undefined);
  // A page just opened asks for its first value, in the result's own colours: no red.
  const said = waiting ? `Enter the ${waiting.label.toLowerCase()} to see the result.` : summary;
  const state = waiting ? 'waiting' : String(answer.ok);
  const fieldOf = (f: CalcField, i: number) => {
    // A flag qualifying the count before it is drawn in the count's box.
    if (qualifies(fields, i)) return null;
    const props = {
      value: form[f.key] ?? '',
      error: error?.field === f.key && !waiting ? error.message : null,
      onChange: set(f.key),
      columns: loadedColumns ?? null,
    };
    switch (f.kind) {
      case 'count': {
        const q = qualifies(fields, i + 1) ? (fields[i + 1] as CalcField & { kind: 'flag' }) : undefined;
        const qualifier = q && {
          field: q,
          value: form[q.key] ?? '',
          error: error?.field === q.key && !waiting ? error.message : null,
          onChange: set(q.key),
        };
        return <CountField key={f.key} field={f} {...props} {...(qualifier ? { qualifier } : {})} />;
      }
      case 'flag':
        return <FlagField key={f.key} field={f} {...props} />;
      case 'choice':
        return <ChoiceField key={f.key} field={f} {...props} />;
      case 'column':
        return <ColumnField key={f.key} field={f} {...props} />;
      case 'table':
        return (
          <TableField
            key={f.key}
            field={f}
            stored={p.loaded[f.key] ?? null}
            linked={p.linked?.[f.key]}
            error={props.error}
            onLoad={(t) => p.onLoad(f.key, t)}
          />
        );
      default:
        return null;
    }
  };
  return (
    <main class="calculator" data-game={game.id}>
      <header>
        <nav>
          <a href={CALC_PAGE}>All calculators</a> · <a href="/">Stavka</a>
        </nav>
        <h1>
          {game.meta.title}: <span class="nowrap">combat calculator</span>
        </h1>
      </header>
      <form class="fields" onSubmit={(e) => e.preventDefault()} aria-label="combat">
        {fields.map((f, i) => {
          const field = fieldOf(f, i);
          // A long form's parts under their headings (the game's sections: attackers, defenders...).
          return f.section ? (
            <Fragment key={f.key}>
              <h2 class="form-section" id={`${fieldId(f.key)}-section`}>
                {f.section}
              </h2>
              {field}
            </Fragment>
          ) : (
            field
          );
        })}
      </form>
      {/*
       * On a phone the result is one line kept at the foot of the screen beside the inputs
       * (the whole result is far below a long form: Barbarossa's began 2,330 px down, issue
       * #45 item 15); the live region a screen reader hears is the result's own line.
       */}
      <p class="summary-bar" aria-hidden="true" data-ok={state}>
        <span>{said}</span>{' '}
        <a href="#calc-result-heading" tabIndex={-1}>
          Full result ↓
        </a>
      </p>
      <section class="result" aria-labelledby="calc-result-heading">
        <h2 id="calc-result-heading">Result</h2>
        <p class="summary" aria-live="polite" aria-atomic="true" data-ok={state}>
          {said}
        </p>
        {waiting ? (
          <p class="input-waiting" data-waiting={waiting.key}>
            Enter the {waiting.label.toLowerCase()} to see the result.
          </p>
        ) : (
          <AnswerView answer={answer} tables={drawn} />
        )}
      </section>
    </main>
  );
}

/** The list of games with a calculator (the page with no game chosen). */
export function GameList(p: { games: readonly { readonly id: string; readonly meta: GameMeta }[] }) {
  return (
    <main class="calculator">
      <header>
        <nav>
          <a href="/">Stavka</a>
        </nav>
        <h1>Combat calculators</h1>
      </header>
      <p>Exact odds and the chance of every result, for the table beside your map. Works offline.</p>
      <ul class="game-list">
        {p.games.map((g) => (
          <li key={g.id}>
            <a href={calculatorHref(g.id)}>{g.meta.title}</a>
            <p>{g.meta.blurb}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** The address bar for a form: the page's own link, for sharing. */
export function addressOf(game: CalcGame, form: CalcForm, loaded: Readonly<Record<string, StoredTable>>) {
  const params: Record<string, string> = {};
  for (const [k, t] of Object.entries(loaded)) {
    const param = fileParam(t.file);
    if (param) params[k] = param;
  }
  return makeCalcUrl(game.id, game.calculator.fields, form, params);
}
