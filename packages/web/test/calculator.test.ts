/**
 * The calculator page without a browser: its form read from the game modules' field
 * descriptions, its address, the page rendered to HTML, and the property the issue asks
 * (#28): for random inputs the page shows exactly the numbers `stavka calc --json` prints.
 * Numbers are read back from what the page renders (data attributes beside the text).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { CalcField, CalcInput } from '@stavka/engine';
import { GAMES } from '@stavka/games';
import { CARDS } from '@stavka/games/catalog';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { calcJson } from '../../cli/src/calc.ts';
import {
  type CalcGame,
  CalculatorPage,
  GameList,
  hasCalculator,
  summaryOf,
} from '../src/calculator/calculator.tsx';
import { CalculatorApp } from '../src/calculator/calculator-app.tsx';
import {
  type CalcForm,
  calculate,
  emptyForm,
  fieldText,
  readForm,
  stepCount,
} from '../src/calculator/form.ts';
import { catalogueOf, meaningOf, readTableData, type StoredTable } from '../src/calculator/tables.ts';
import {
  CARRIED_FILE_LIMIT,
  calculatorHref,
  fileParam,
  makeCalcUrl,
  parseCalcUrl,
} from '../src/calculator/url-state.ts';

const here = dirname(fileURLToPath(import.meta.url));
const STAVKA = join(here, '../../cli/bin/stavka.js');

const calcGames: CalcGame[] = Object.values(GAMES).filter(hasCalculator);
const game = (id: string): CalcGame => {
  const g = calcGames.find((x) => x.id === id);
  assert.ok(g, `a game ${id} with a calculator`);
  return g;
};
const MARS = game('mars-1942');
const BARBAROSSA = game('barbarossa-1941');
const FIRE = game('point-to-point');

// The standard tables as the page's entry finds them (main.tsx: each game's card names its own).
const standardTables = (await Promise.all(CARDS.map((c) => c.calculatorTables?.() ?? []))).flat();
const catalogue = catalogueOf(standardTables);
const tableFile = (id: string): unknown => standardTables.find((t) => t.id === id)?.data;

function formOf(g: CalcGame, values: Readonly<Record<string, unknown>>): CalcForm {
  const form: Record<string, string> = { ...emptyForm(g.calculator.fields) };
  for (const f of g.calculator.fields)
    if (Object.hasOwn(values, f.key)) form[f.key] = fieldText(f, values[f.key]);
  return form;
}

function page(
  g: CalcGame,
  values: Readonly<Record<string, unknown>>,
  loaded: Record<string, StoredTable> = {},
) {
  return renderToString(
    h(CalculatorPage, {
      game: g,
      form: formOf(g, values),
      onForm: () => {},
      loaded,
      onLoad: () => {},
      catalogue,
    }),
  );
}

/* ------------------------------------------------------------------------------------ */
/* Reading the rendered page back. */

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Tag {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  /** The text right after the tag, up to the next tag. */
  readonly text: string;
}

function tags(html: string): Tag[] {
  const out: Tag[] = [];
  for (const m of html.matchAll(/<([a-z][a-z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>([^<]*)/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) attrs[a[1]!] = unescapeHtml(a[2] ?? '');
    out.push({ name: m[1]!, attrs, text: unescapeHtml(m[3]!) });
  }
  return out;
}

const withAttr = (ts: Tag[], attr: string) => ts.filter((t) => Object.hasOwn(t.attrs, attr));
const one = (ts: Tag[], attr: string): Tag | undefined => withAttr(ts, attr)[0];

/** What the page shows, as `stavka calc --json` would print it. */
function shownJson(html: string): unknown {
  const ts = tags(html);
  const refusal = one(ts, 'data-refusal');
  if (refusal) return { error: refusal.attrs['data-refusal'] };
  const bad = one(ts, 'data-input-error');
  if (bad) return { input: bad.attrs['data-input-error'] };
  // A required field left empty: the page asks for it (issue #45 item 15) where the CLI names it.
  const waiting = one(ts, 'data-waiting');
  if (waiting) return { input: waiting.attrs['data-waiting'] };
  const report = one(ts, 'data-provisional');
  assert.ok(report, 'a report on the page');
  const r = report.attrs;
  // The game's sections (issue #47): each section's tag, then its rows up to the next section.
  const sectionTags = ts.filter((t) => t.name === 'section' && t.attrs['data-title'] !== undefined);
  const sections = sectionTags.map((t, k) => {
    const from = ts.indexOf(t);
    const next = sectionTags[k + 1];
    const to = next ? ts.indexOf(next) : ts.length;
    return {
      title: t.attrs['data-title']!,
      rows: withAttr(ts.slice(from, to), 'data-label').map((row) => ({
        label: row.attrs['data-label']!,
        value: row.attrs['data-value']!,
        ...(row.attrs['data-rule'] !== undefined ? { rule: row.attrs['data-rule'] } : {}),
      })),
      ...(t.attrs['data-section-note'] !== undefined ? { note: t.attrs['data-section-note'] } : {}),
      ...(t.attrs['data-columns'] !== undefined ? { columns: t.attrs['data-columns'].split(',') } : {}),
    };
  });
  const ratio = one(ts, 'data-ratio');
  const column = ts.find((t) => t.name === 'strong' && t.attrs['data-column'] !== undefined);
  const chances = withAttr(ts, 'data-result').map((t) => {
    // The chance as the page prints it, "2 in 6", in the row's own cell.
    const i = ts.indexOf(t);
    const shown = ts.slice(i).find((x) => x.attrs.class === 'n-in')?.text;
    assert.equal(shown, t.attrs['data-chance'], 'the chance printed is the one carried');
    return {
      result: t.attrs['data-result']!,
      probability: Number(t.attrs['data-probability']),
      chance: t.attrs['data-chance']!,
      ...(t.attrs['data-rolls'] ? { rolls: t.attrs['data-rolls'].split(',').map(Number) } : {}),
    };
  });
  if (column) assert.equal(column.text, column.attrs['data-column'], 'the column printed is the one carried');
  return {
    game: r['data-game'],
    ...(ratio ? { ratio: ratio.attrs['data-ratio'] } : {}),
    ...(column ? { column: column.attrs['data-column'] } : {}),
    shifts: withAttr(ts, 'data-by').map((t) => ({
      by: Number(t.attrs['data-by']),
      reason: t.attrs['data-reason'],
      ...(t.attrs['data-cite'] ? { cite: t.attrs['data-cite'] } : {}),
    })),
    provisional: r['data-provisional'] === 'true',
    outcomes: Object.fromEntries(chances.map((c) => [c.result, c.probability])),
    ...(sections.length > 0 ? { sections } : {}),
    table: r['data-table'],
    ...(r['data-attack'] !== undefined
      ? { attack: Number(r['data-attack']), defense: Number(r['data-defense']) }
      : {}),
    chances,
    notes: withAttr(ts, 'data-note').map((t) => t.attrs['data-note']),
  };
}

/** What `stavka calc --json` prints for an input, by the module's own calculator. */
function cliJson(g: CalcGame, input: CalcInput): unknown {
  const a = g.calculator.run(input);
  if (a.ok) return calcJson(a.report);
  return 'refusal' in a ? { error: a.refusal.code } : { input: a.input.field };
}

/* ------------------------------------------------------------------------------------ */
/* Random inputs from the fields alone (seeded: the same 200 every run). */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInput(fields: readonly CalcField[], rnd: () => number): Record<string, unknown> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    switch (f.kind) {
      case 'count': {
        if (!f.required && rnd() < 0.6) break;
        const max = f.max ?? f.min + 45;
        // Optional counts near zero mostly (shifts of -3..+3), sometimes anywhere.
        const lo = f.required ? f.min : Math.max(f.min, -3);
        const hi = f.required ? max : Math.min(max, 3);
        input[f.key] = lo + Math.floor(rnd() * (hi - lo + 1));
        break;
      }
      case 'flag':
        if (rnd() < 0.25) input[f.key] = true;
        break;
      case 'choice':
        if (rnd() < 0.4) input[f.key] = pick(f.choices);
        break;
      case 'column':
        if (rnd() < 0.35) input[f.key] = pick(f.columns);
        break;
      case 'table':
        break;
    }
  }
  return input;
}

/**
 * A random input, mostly mended into one the calculator accepts, by its own input errors
 * alone (a field it requires is given, one it will not take with the rest is dropped):
 * refusals and input errors are compared too, but reports are what matter.
 */
function coherentInput(g: CalcGame, rnd: () => number): Record<string, unknown> {
  const input = randomInput(g.calculator.fields, rnd);
  if (rnd() < 0.15) return input;
  for (let i = 0; i < 8; i++) {
    const a = g.calculator.run(input);
    if (a.ok || !('input' in a)) break;
    const f = g.calculator.fields.find((x) => x.key === a.input.field);
    if (!f) break;
    if (/required/.test(a.input.message) && !Object.hasOwn(input, f.key)) {
      const again = randomInput(
        [{ ...f, ...(f.kind === 'count' ? { required: true } : {}) }],
        () => rnd() * 0.3,
      );
      input[f.key] = again[f.key] ?? (f.kind === 'choice' ? f.choices[0] : undefined);
    } else delete input[f.key];
  }
  return input;
}

/* ------------------------------------------------------------------------------------ */

describe('the form, read from the game module fields', () => {
  it('a fresh form holds each count default and nothing else', () => {
    const f = emptyForm(MARS.calculator.fields);
    assert.equal(f.attack, '');
    assert.equal(f.shift, '0');
    assert.equal(f.river, '');
    assert.equal(Object.hasOwn(f, 'crt'), false, 'a table field is no text');
  });
  it('a required count left empty is the calculator own "is required"', () => {
    const a = calculate(MARS.calculator, { ...emptyForm(MARS.calculator.fields), defense: '4' });
    assert.deepEqual(a, { ok: false, input: { field: 'attack', message: 'is required' } });
  });
  it('a count outside its bounds, or not a whole number, names the field and the bounds', () => {
    const fields = BARBAROSSA.calculator.fields;
    const base = { ...emptyForm(fields), attack: '10', defense: '5' };
    assert.deepEqual(readForm(fields, { ...base, defense: '0' }), {
      ok: false,
      input: { field: 'defense', message: 'must be at least 1, not 0' },
    });
    assert.deepEqual(readForm(fields, { ...base, shift: '21' }), {
      ok: false,
      input: { field: 'shift', message: 'must be -20 to 20, not 21' },
    });
    assert.deepEqual(readForm(fields, { ...base, attack: '1.5' }), {
      ok: false,
      input: { field: 'attack', message: 'takes a whole number, not "1.5"' },
    });
    assert.deepEqual(readForm(fields, { ...base, side: 'finnish' }), {
      ok: false,
      input: { field: 'side', message: 'is one of axis, soviet, not "finnish"' },
    });
  });
  it('the steppers move one at a time within the bounds', () => {
    const shift = MARS.calculator.fields.find((f) => f.key === 'shift');
    assert.ok(shift?.kind === 'count');
    assert.equal(stepCount(shift, '0', -1), '-1');
    assert.equal(stepCount(shift, '20', 1), '20');
    assert.equal(stepCount(shift, '-20', -1), '-20');
    const defense = MARS.calculator.fields.find((f) => f.key === 'defense');
    assert.ok(defense?.kind === 'count');
    assert.equal(stepCount(defense, '', 1), '1');
    assert.equal(stepCount(defense, '1', -1), '1');
  });
});

describe('the address: a link reproduces the calculation', () => {
  it('writes the fields set, columns readable, and reads them back', () => {
    const fields = BARBAROSSA.calculator.fields;
    const form = formOf(BARBAROSSA, { attack: 17, defense: 5, roundUp: '4:1' });
    const url = makeCalcUrl(BARBAROSSA.id, fields, form);
    assert.equal(url, '/calc.html?game=barbarossa-1941&attack=17&defense=5&roundUp=4:1');
    const back = parseCalcUrl(fields, url.slice(url.indexOf('?')));
    assert.equal(back.game, 'barbarossa-1941');
    assert.deepEqual(back.form, form);
  });
  it('keeps an emptied default, a flag, and a loaded table by its id', () => {
    const fields = MARS.calculator.fields;
    const form = { ...formOf(MARS, { attack: 12, defense: 4, river: true }), shift: '' };
    const url = makeCalcUrl(MARS.id, fields, form, { crt: 'my-printed-crt' });
    assert.equal(url, '/calc.html?game=mars-1942&attack=12&defense=4&shift=&river=1&crt=my-printed-crt');
    const back = parseCalcUrl(fields, url.slice(url.indexOf('?')));
    assert.deepEqual(back.form, form);
    assert.deepEqual(back.tables, { crt: 'my-printed-crt' });
  });
  it('carries a short file without an id (a battle) whole, and opens it from the link', () => {
    const battle = {
      weather: 'snow',
      attacker: 'axis',
      attackers: [{ class: 'major', value: 3 }],
      defenders: [{ class: 'major', value: 3 }],
    };
    const url = makeCalcUrl(FIRE.id, FIRE.calculator.fields, emptyForm(FIRE.calculator.fields), {
      battle: fileParam(battle)!,
    });
    const back = parseCalcUrl(FIRE.calculator.fields, url.slice(url.indexOf('?')));
    assert.deepEqual(back.files, { battle });
    assert.equal(fileParam({ id: 'printed-crt', rows: {} }), 'printed-crt');
    assert.equal(fileParam({ big: 'x'.repeat(CARRIED_FILE_LIMIT) }), null);
    const app = renderToString(
      h(CalculatorApp, { games: calcGames, catalogue, search: url.slice(url.indexOf('?')) }),
    );
    assert.match(app, /data-result="attackers destroyed" data-chance="6\/7"/);
    assert.match(app, /In use: <strong>from the link<\/strong>/);
  });
  it('round-trips 200 random forms of every game', () => {
    const rnd = mulberry32(7);
    for (const g of calcGames) {
      for (let i = 0; i < 200; i++) {
        const form = formOf(g, randomInput(g.calculator.fields, rnd));
        const url = makeCalcUrl(g.id, g.calculator.fields, form);
        assert.deepEqual(parseCalcUrl(g.calculator.fields, url.slice(url.indexOf('?'))).form, form, url);
      }
    }
  });
  it('ignores what no field names, and the home page links each game', () => {
    const back = parseCalcUrl(MARS.calculator.fields, '?game=mars-1942&attack=3&evil=<script>');
    assert.equal(back.form.attack, '3');
    assert.equal(Object.hasOwn(back.form, 'evil'), false);
    assert.equal(calculatorHref('point-to-point'), '/calc.html?game=point-to-point');
  });
});

describe('the page: what a player at the table reads', () => {
  it('Barbarossa 17 against 5 rounding up to 4:1: a 2 in 6 roll, else 3:1 (B-7)', () => {
    const html = page(BARBAROSSA, { attack: 17, defense: 5, roundUp: '4:1' });
    // The game's section, printed without the page knowing the game (issue #47).
    assert.match(html, /<h3>Round-up roll<\/h3>/);
    assert.match(html, /data-label="Chance" data-value="2 in 6 \(a roll of 1-2\)" data-rule="B-7"/);
    assert.match(html, /<strong class="value">2 in 6 \(a roll of 1-2\)<\/strong> <details class="cite">/);
    assert.match(html, /data-label="Success reads" data-value="4:1"/);
    assert.match(html, /data-label="Failure reads" data-value="3:1"/);
    assert.match(html, /class="lit"[^>]*data-column="3:1"/);
    assert.match(html, /aria-live="polite"/);
    const summary = summaryOf(
      calculate(BARBAROSSA.calculator, formOf(BARBAROSSA, { attack: 17, defense: 5, roundUp: '4:1' })),
      BARBAROSSA.calculator.fields,
    );
    assert.match(
      summary,
      /^17:5 reads 3:1, shifted to 4:1; Round-up roll: chance 2 in 6 \(a roll of 1-2\), success reads 4:1, failure reads 3:1\. /,
    );
  });
  it('Barbarossa 15 against 4 aiming at 5:1, falling back to 2:1: 3 in 6', () => {
    // Two columns up and one down: the expanded odds, agreed (B-64).
    const html = page(BARBAROSSA, {
      attack: 15,
      defense: 4,
      roundUp: '5:1',
      fallBack: '2:1',
      expandedOdds: true,
    });
    assert.match(html, /data-label="Chance" data-value="3 in 6 \(a roll of 1-3\)"/);
    assert.match(html, /data-title="Round-up roll" data-columns="5:1,2:1"/);
  });
  it('Mars 12 against 4 with a -1 shift reads the 2:1 column, lit on the table', () => {
    const html = page(MARS, { attack: 12, defense: 4, shift: -1 });
    assert.match(html, /<strong class="column" data-column="2:1">2:1<\/strong>/);
    assert.match(html, /<th scope="col" class="lit" aria-current="true" data-column="2:1">2:1<\/th>/);
    assert.match(html, /12:4 reads <strong data-ratio="3:1">3:1<\/strong>/);
    // Each result with its chance, its rolls and its meaning (the table's own words).
    assert.match(html, /data-result="DR" data-chance="2 in 6"[^>]*data-rolls="5,6"/);
    assert.match(html, /Defenders routed/);
    assert.match(html, /Defenders withdrawn 2 in 6, Defenders routed 2 in 6\.<\/p>/);
    assert.doesNotMatch(html, /Provisional table/);
  });
  it('a named shift carries its rule: the rule text opens from its citation', () => {
    const html = page(MARS, { attack: 12, defense: 4, river: true });
    assert.match(
      html,
      /data-by="-1" data-reason="more than half the attack factors attack across a river" data-cite="M-10"/,
    );
    assert.match(html, /<summary>M-10<\/summary>/);
  });
  it('an attack the rules forbid says so, quoting the rule', () => {
    const html = page(MARS, { attack: 2, defense: 10 });
    assert.match(html, /data-refusal="combat\/odds-too-low"/);
    assert.match(html, /Final attacking odds less than 1:4 are not allowed\./);
  });
  it('a wrong field is marked invalid and named in the live summary', () => {
    const html = page(BARBAROSSA, { attack: 17, defense: 5, fallBack: '2:1' });
    assert.match(html, /<select id="calc-fallBack" name="fallBack" aria-invalid="true"/);
    assert.match(html, /Fall back to: goes with a round-up \(roundUp\)\./);
  });
  it('every control has a label', () => {
    for (const g of calcGames) {
      const html = page(g, {});
      for (const t of tags(html).filter(
        (x) => (x.name === 'input' || x.name === 'select') && x.attrs.type !== 'radio',
      )) {
        assert.ok(
          html.includes(`for="${t.attrs.id}"`) || t.attrs.type === 'checkbox',
          `${g.id}: ${t.attrs.id} has a label`,
        );
      }
      for (const b of tags(html).filter((x) => x.name === 'button' && x.text.trim().length <= 1)) {
        assert.ok(b.attrs['aria-label'], `${g.id}: a stepper button is named`);
      }
    }
  });
  it('Barbarossa pressing the attack: both columns lit, the provisional table flagged', () => {
    const html = page(BARBAROSSA, { attack: 12, defense: 4, press: 1, procedure: 'split', side: 'axis' });
    assert.match(html, /data-title="Pressing the attack" data-columns="4:1,2:1"/);
    assert.match(html, /data-label="Procedure" data-value="split \(4-6 high, 1-3 low\)" data-rule="B-8"/);
    assert.match(html, /class="lit"[^>]*data-column="4:1"/);
    assert.match(html, /class="lit"[^>]*data-column="2:1"/);
    assert.match(html, /<strong>Provisional table<\/strong>/);
  });
  it('a volley: firing value, groups, and the losses each with its chance', () => {
    const html = page(FIRE, { fire: 25 });
    assert.match(
      summaryOf(calculate(FIRE.calculator, formOf(FIRE, { fire: 25 })), FIRE.calculator.fields),
      /^Fire: firing value 25, in groups 13 \+ 12 \(one die each, losses added\)\. 2 losses 4 in 36, /,
    );
    // P-2: above the highest column the value is split, one die per group.
    assert.match(html, /data-columns="13,12" data-section-note="one die each, losses added"/);
    assert.match(html, /data-label="In groups" data-value="13 \+ 12" data-rule="P-2"/);
    assert.match(html, /<caption>Losses inflicted<\/caption>/);
    assert.match(html, /data-result="4" data-chance="9 in 36"/);
    assert.match(html, /<th scope="row" class="result">4 losses<\/th>/);
    assert.match(html, /class="lit" aria-current="true" data-column="13"/);
    const six = page(FIRE, { fire: 6 });
    assert.match(six, /data-result="1" data-chance="4 in 6"/);
    assert.match(six, />1 loss<\/th>/);
  });
  it('a table loaded from a file replaces the standard one, by its own id and title', () => {
    const printed = {
      ...(tableFile('barbarossa-1941-crt-provisional') as Record<string, unknown>),
      id: 'barbarossa-1941-crt-printed',
      title: 'Barbarossa 1941: the printed CRT',
      provisional: false,
    };
    const html = page(
      BARBAROSSA,
      { attack: 17, defense: 5 },
      { crt: { name: 'printed.json', file: printed } },
    );
    assert.match(html, /data-table="barbarossa-1941-crt-printed" data-provisional="false"/);
    assert.match(
      html,
      /In use: <strong>Barbarossa 1941: the printed CRT<\/strong> \(printed.json\), kept in this browser/,
    );
    assert.match(html, /<caption>Barbarossa 1941: the printed CRT<\/caption>/);
    assert.doesNotMatch(html, /<strong>Provisional table<\/strong>/);
    const broken = page(
      BARBAROSSA,
      { attack: 17, defense: 5 },
      { crt: { name: 'x.json', file: { id: 'x' } } },
    );
    assert.match(broken, /data-input-error="crt"/);
  });
  it('what a result means comes from the table, a combined reading code by code', () => {
    const t = catalogue['mars-1942-crt'];
    assert.deepEqual(
      meaningOf(t, 'DE, attackers -').map((m) => m.code),
      ['DE', '-'],
    );
    assert.equal(readTableData({ id: 'x', die: 6 }), null);
  });
  it('the page with no game lists every game with a calculator; an address opens its game', () => {
    const list = renderToString(h(GameList, { games: calcGames }));
    for (const g of calcGames) assert.ok(list.includes(`href="/calc.html?game=${g.id}"`), g.id);
    const app = renderToString(
      h(CalculatorApp, {
        games: calcGames,
        catalogue,
        search: '?game=mars-1942&attack=12&defense=4&shift=-1',
      }),
    );
    assert.match(app, /<strong class="column" data-column="2:1">/);
  });
});

describe('the page numbers equal stavka calc --json (issue #28)', () => {
  for (const g of calcGames) {
    it(`${g.id}: 200 random inputs`, () => {
      const rnd = mulberry32(28 + g.id.length);
      let reports = 0;
      let sectioned = 0;
      for (let i = 0; i < 200; i++) {
        const input = coherentInput(g, rnd);
        const shown = shownJson(page(g, input));
        assert.deepEqual(shown, cliJson(g, input), JSON.stringify(input));
        if (typeof shown === 'object' && shown && 'chances' in shown) reports++;
        if (typeof shown === 'object' && shown && 'sections' in shown) sectioned++;
      }
      // Not a vacuous comparison: most inputs give a report.
      assert.ok(reports >= 80, `${reports} reports of 200`);
      if (g.calculator.fields.some((f) => f.kind === 'column'))
        assert.ok(sectioned >= 5, `${sectioned} with a section`);
    });
  }

  it('point-to-point: a whole battle loaded from a file, every ending with its exact chance', () => {
    const battles = [
      {
        weather: 'snow',
        attacker: 'axis',
        attackers: [{ class: 'major', value: 3 }],
        defenders: [{ class: 'major', value: 3 }],
      },
      {
        weather: 'good',
        attacker: 'soviet',
        attackers: [{ class: 'minor', value: 1 }],
        defenders: [{ class: 'minor', value: 1 }],
      },
      {
        weather: 'good',
        attacker: 'axis',
        attackers: [
          { class: 'major', value: 4 },
          { class: 'minor', value: 2 },
        ],
        defenders: [{ class: 'major', value: 3 }],
      },
    ];
    for (const battle of battles) {
      const html = page(FIRE, {}, { battle: { name: 'battle.json', file: battle } });
      const shown = shownJson(html);
      assert.deepEqual(shown, cliJson(FIRE, { battle }), JSON.stringify(battle));
      assert.ok(typeof shown === 'object' && shown !== null && 'chances' in shown);
    }
    const first = page(FIRE, {}, { battle: { name: 'battle.json', file: battles[0] } });
    assert.match(first, /data-result="attackers destroyed" data-chance="6\/7"/);
    // A volley and a battle at once: the calculator says which field to empty.
    const both = page(FIRE, { fire: 5 }, { battle: { name: 'battle.json', file: battles[0] } });
    assert.match(both, /data-input-error="fire"/);
  });

  it('and the stavka command itself agrees, on a few of them', () => {
    const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const rnd = mulberry32(1941);
    for (const g of calcGames) {
      let done = 0;
      while (done < 4) {
        const input = coherentInput(g, rnd);
        const expected = cliJson(g, input);
        // The command's exit codes: refusals exit 2; input errors are the flag parser's.
        if (typeof expected !== 'object' || expected === null || !('chances' in expected)) continue;
        const args = ['calc', `--game=${g.id}`, '--json'];
        for (const [k, v] of Object.entries(input))
          args.push(v === true ? `--${kebab(k)}` : `--${kebab(k)}=${v}`);
        const out = execFileSync(process.execPath, [STAVKA, ...args], { encoding: 'utf8' });
        assert.deepEqual(shownJson(page(g, input)), JSON.parse(out), args.join(' '));
        done++;
      }
    }
  });
});
