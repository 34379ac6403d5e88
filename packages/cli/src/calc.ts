/**
 * `stavka calc`: the designer's odds calculator (calc.jar) made exact, for all three
 * games. Prints a readable table, or one JSON object with --json. An attack the rules
 * forbid exits 2 with the rule quoted; bad input exits 1 and says which flag is wrong.
 */
import { type CalcField, type CombatRefusal, type CombatReport, sectionLine } from '@stavka/engine';
import { findGame, GAMES } from '@stavka/games';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { readJson } from './files.ts';
import { UsageError } from './usage.ts';

/** The games with a calculator, in the registry's order. */
export const CALC_GAMES: readonly string[] = Object.keys(GAMES).filter((id) => GAMES[id]!.calculator);

export { UsageError };

export function wholeNumber(flag: string, min = 0) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim()))
      throw new InvalidArgumentError(`${flag} takes a whole number, not "${value}"`);
    const n = Number(value);
    if (n < min) throw new InvalidArgumentError(`${flag} must be at least ${min}, not ${n}`);
    return n;
  };
}

/** Parsed flags: `--game` and the calculator fields by key (a table field holds its file name). */
export interface CalcOptions {
  readonly game: string;
  readonly json?: boolean;
  readonly [field: string]: unknown;
}

type Calc = { ok: true; report: CombatReport } | { ok: false; refusal: CombatRefusal };

function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Every calculator field of every game, by key (the first game's wording wins for help). */
function allFields(): Map<string, CalcField> {
  const out = new Map<string, CalcField>();
  for (const id of CALC_GAMES) {
    for (const f of GAMES[id]!.calculator!.fields) if (!out.has(f.key)) out.set(f.key, f);
  }
  return out;
}

/**
 * Runs one calculation from parsed options through the game's module calculator (the
 * same code the web's calculator page runs); throws UsageError for bad input.
 */
export function runCalc(o: CalcOptions): Calc {
  const game = findGame(o.game);
  const calc = game?.calculator;
  if (!game || !calc) throw new UsageError(`unknown --game "${o.game}" (one of ${CALC_GAMES.join(', ')})`);
  const mine = new Map(calc.fields.map((f) => [f.key, f]));
  const input: Record<string, unknown> = {};
  for (const key of allFields().keys()) {
    const value = o[key];
    if (value === undefined || value === false) continue;
    const f = mine.get(key);
    if (!f) throw new UsageError(`--${kebab(key)} does not apply to --game ${o.game}`);
    if (f.kind === 'count') {
      const n = value as number;
      if (n < f.min) throw new UsageError(`--${kebab(key)} must be at least ${f.min}, not ${n}`);
      if (f.max !== undefined && n > f.max)
        throw new UsageError(`--${kebab(key)} must be at most ${f.max}, not ${n}`);
    }
    if (f.kind === 'choice' && !f.choices.includes(value as string))
      throw new UsageError(`--${kebab(key)} is one of ${f.choices.join(', ')}, not "${String(value)}"`);
    input[key] = f.kind === 'table' ? readJson(value as string, `--${kebab(key)}`) : value;
  }
  for (const f of calc.fields) {
    if ((f.kind === 'count' || f.kind === 'choice') && f.required && input[f.key] === undefined)
      throw new UsageError(`--game ${o.game} needs --${kebab(f.key)}`);
  }
  const answer = calc.run(input);
  if (answer.ok) return answer;
  if ('refusal' in answer) return answer;
  const f = mine.get(answer.input.field);
  const flag = `--${kebab(answer.input.field)}`;
  if (f?.kind === 'table')
    throw new UsageError(`${flag} ${String(o[f.key])} is not a valid table:\n${answer.input.message}`);
  throw new UsageError(`${flag} ${answer.input.message}`);
}

/** The one JSON object of --json. */
export function calcJson(report: CombatReport): Record<string, unknown> {
  return {
    game: report.game,
    ...(report.ratio !== undefined ? { ratio: report.ratio } : {}),
    ...(report.column !== undefined ? { column: report.column } : {}),
    shifts: report.shifts.map((s) => ({ by: s.by, reason: s.reason, ...(s.cite ? { cite: s.cite } : {}) })),
    provisional: report.provisional,
    outcomes: report.outcomes,
    ...(report.sections ? { sections: report.sections } : {}),
    table: report.table,
    ...(report.attack !== undefined ? { attack: report.attack, defense: report.defense } : {}),
    chances: report.chances,
    notes: report.notes,
  };
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/** The readable table: columns, each shift and why, each result with its chance. */
export function calcText(report: CombatReport): string {
  const lines: string[] = [];
  if (report.provisional) lines.push(`PROVISIONAL TABLE (${report.table}): not the printed table`);
  if (report.attack !== undefined) {
    lines.push(`${report.game}: attack ${report.attack} against defense ${report.defense}`);
    lines.push(`odds column   ${report.ratio}`);
    for (const s of report.shifts) {
      lines.push(
        `  shift ${s.by > 0 ? `+${s.by}` : String(s.by)}  ${s.reason}${s.cite ? ` (${s.cite})` : ''}`,
      );
    }
    lines.push(`final column  ${report.column}`);
  } else if (report.sections && report.sections.length > 0) {
    lines.push(`${report.game}:`);
  } else {
    // point-to-point --battle: the endings of a whole battle (games/point-to-point/battle-calc.ts)
    lines.push(`${report.game}: the whole battle, the exact chance of each ending`);
  }
  // The game's own parts (a gamble, a split fire), each on one line as the game words it.
  for (const s of report.sections ?? []) lines.push(sectionLine(s));
  for (const n of report.notes) lines.push(`note: ${n}`);
  lines.push('');
  const width = Math.max(6, ...report.chances.map((c) => c.result.length));
  const cw = Math.max(9, ...report.chances.map((c) => c.chance.length));
  lines.push(`${'result'.padEnd(width)}  ${'chance'.padEnd(cw)}  ${'%'.padStart(6)}  rolls`);
  for (const c of report.chances) {
    lines.push(
      `${c.result.padEnd(width)}  ${c.chance.padEnd(cw)}  ${pct(c.probability).padStart(6)}  ${c.rolls ? c.rolls.join(',') : ''}`,
    );
  }
  return lines.join('\n');
}

export function addCalcCommand(
  program: Command,
  io: { out: (s: string) => void; exit: (code: number) => void },
): void {
  const command = program
    .command('calc')
    .description('exact combat odds: every column shift and the chance of every result')
    .addOption(new Option('--game <game>', 'which game').choices(CALC_GAMES).makeOptionMandatory());
  // One flag per calculator field of any game; runCalc refuses a flag of another game.
  for (const [key, f] of allFields()) {
    const games = CALC_GAMES.filter((id) => GAMES[id]!.calculator!.fields.some((x) => x.key === key));
    const whose = games.length === CALC_GAMES.length ? '' : `${games.join(', ')}: `;
    const flag = `--${kebab(key)}`;
    if (f.kind === 'flag') command.option(flag, `${whose}${f.help}`);
    else if (f.kind === 'count') command.option(`${flag} <n>`, `${whose}${f.help}`, wholeNumber(flag, -1e9));
    else if (f.kind === 'choice')
      command.addOption(new Option(`${flag} <${kebab(key)}>`, `${whose}${f.help}`).choices(f.choices));
    else if (f.kind === 'column') command.option(`${flag} <column>`, `${whose}${f.help}`);
    else command.option(`${flag} <file>`, `${whose}${f.help}`);
  }
  command.option('--json', 'print one JSON object').action((opts: CalcOptions) => {
    const result = runCalc(opts);
    if (!result.ok) {
      const r = result.refusal;
      if (opts.json) io.out(JSON.stringify({ error: r }));
      else io.out(`not allowed: ${r.message}\nrule (${r.cite}): "${r.rule}"`);
      io.exit(2);
      return;
    }
    io.out(opts.json ? JSON.stringify(calcJson(result.report)) : calcText(result.report));
  });
}
