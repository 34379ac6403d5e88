/**
 * `stavka calc`: the designer's odds calculator (calc.jar) made exact, for all three
 * games. Prints a readable table, or one JSON object with --json. An attack the rules
 * forbid exits 2 with the rule quoted; bad input exits 1 and says which flag is wrong.
 */
import {
  type CombatRefusal,
  type CombatReport,
  compileFireTable,
  compileOddsTable,
  formatSetupErrors,
  type Shift,
} from '@stavka/engine';
import { barbarossaCalc, fireCalc, marsCalc } from '@stavka/games';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { readJson } from './files.ts';
import { UsageError } from './usage.ts';

export const GAMES = ['mars-1942', 'barbarossa-1941', 'point-to-point'] as const;

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

export interface CalcOptions {
  game: string;
  attack?: number;
  defense?: number;
  shift?: number;
  disrupted?: boolean;
  probe?: boolean;
  firstTurn?: boolean;
  river?: boolean;
  attackerRationed?: boolean;
  defenderRationed?: boolean;
  defenderIsolated?: boolean;
  roundUp?: string;
  fallBack?: string;
  press?: number;
  procedure?: 'roll' | 'split';
  side?: 'axis' | 'soviet';
  fire?: number;
  crt?: string;
  json?: boolean;
}

type Calc = { ok: true; report: CombatReport } | { ok: false; refusal: CombatRefusal };

function need(o: CalcOptions, ...flags: (keyof CalcOptions)[]): void {
  for (const f of flags) {
    if (o[f] === undefined) throw new UsageError(`--game ${o.game} needs --${kebab(f)}`);
  }
}

function forbid(o: CalcOptions, ...flags: (keyof CalcOptions)[]): void {
  for (const f of flags) {
    if (o[f] !== undefined && o[f] !== false)
      throw new UsageError(`--${kebab(f)} does not apply to --game ${o.game}`);
  }
}

function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function userShift(o: CalcOptions): Shift[] {
  return o.shift ? [{ by: o.shift, reason: 'column shift given with --shift' }] : [];
}

/** Runs one calculation from parsed options; throws UsageError for bad input. */
export function runCalc(o: CalcOptions): Calc {
  switch (o.game) {
    case 'mars-1942': {
      need(o, 'attack', 'defense');
      forbid(o, 'roundUp', 'fallBack', 'press', 'procedure', 'side', 'fire');
      let table: ReturnType<typeof compileOddsTable> | undefined;
      if (o.crt) {
        table = compileOddsTable(readJson(o.crt, '--crt'), 'crt');
        if (!table.ok)
          throw new UsageError(`--crt ${o.crt} is not a valid table:\n${formatSetupErrors(table.error)}`);
      }
      return marsCalc({
        attack: o.attack!,
        defense: o.defense!,
        disrupted: !!o.disrupted,
        probe: !!o.probe,
        firstTurn: !!o.firstTurn,
        conditions: {
          acrossRiver: !!o.river,
          attackerRationed: !!o.attackerRationed,
          defenderRationed: !!o.defenderRationed,
          defenderIsolated: !!o.defenderIsolated,
          extra: userShift(o),
        },
        ...(table?.ok ? { table: table.value } : {}),
      });
    }
    case 'barbarossa-1941': {
      need(o, 'attack', 'defense');
      forbid(
        o,
        'probe',
        'firstTurn',
        'river',
        'attackerRationed',
        'defenderRationed',
        'defenderIsolated',
        'fire',
      );
      if (o.fallBack !== undefined && o.roundUp === undefined)
        throw new UsageError('--fall-back needs --round-up');
      if (o.press !== undefined) need(o, 'procedure', 'side');
      else if (o.procedure !== undefined || o.side !== undefined)
        throw new UsageError('--procedure and --side go with --press');
      if (o.disrupted && (o.roundUp !== undefined || o.press !== undefined)) {
        throw new UsageError('--disrupted cannot be combined with --round-up or --press in the calculator');
      }
      let table: ReturnType<typeof compileOddsTable> | undefined;
      if (o.crt) {
        table = compileOddsTable(readJson(o.crt, '--crt'), 'crt');
        if (!table.ok)
          throw new UsageError(`--crt ${o.crt} is not a valid table:\n${formatSetupErrors(table.error)}`);
      }
      return barbarossaCalc({
        attack: o.attack!,
        defense: o.defense!,
        shifts: userShift(o),
        disrupted: !!o.disrupted,
        ...(o.roundUp !== undefined
          ? { roundUp: { target: o.roundUp, ...(o.fallBack !== undefined ? { fallBack: o.fallBack } : {}) } }
          : {}),
        ...(o.press !== undefined
          ? { press: { columns: o.press, procedure: o.procedure!, side: o.side! } }
          : {}),
        ...(table?.ok ? { table: table.value } : {}),
      });
    }
    case 'point-to-point': {
      need(o, 'fire');
      forbid(
        o,
        'attack',
        'defense',
        'shift',
        'disrupted',
        'probe',
        'firstTurn',
        'river',
        'roundUp',
        'fallBack',
        'press',
      );
      forbid(o, 'procedure', 'side', 'attackerRationed', 'defenderRationed', 'defenderIsolated');
      let table: ReturnType<typeof compileFireTable> | undefined;
      if (o.crt) {
        table = compileFireTable(readJson(o.crt, '--crt'), 'crt');
        if (!table.ok)
          throw new UsageError(`--crt ${o.crt} is not a valid table:\n${formatSetupErrors(table.error)}`);
      }
      return fireCalc({ fire: o.fire!, ...(table?.ok ? { table: table.value } : {}) });
    }
    default:
      throw new UsageError(`unknown --game "${o.game}" (one of ${GAMES.join(', ')})`);
  }
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
    ...(report.gamble ? { gamble: report.gamble } : {}),
    ...(report.press ? { press: report.press } : {}),
    ...(report.groups ? { groups: report.groups } : {}),
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
  } else {
    lines.push(
      `${report.game}: fire ${report.groups?.reduce((a, b) => a + b, 0)} in groups ${report.groups?.join(' + ')}`,
    );
  }
  if (report.gamble) {
    lines.push(
      `round-up roll: ${report.gamble.chanceInSix} in 6 for ${report.gamble.success}, else ${report.gamble.failure}`,
    );
  }
  if (report.press)
    lines.push(`pressed (${report.press.procedure}): ${report.press.high} or ${report.press.low}`);
  for (const n of report.notes) lines.push(`note: ${n}`);
  lines.push('');
  const width = Math.max(6, ...report.chances.map((c) => c.result.length));
  lines.push(`${'result'.padEnd(width)}  ${'chance'.padEnd(9)}  ${'%'.padStart(6)}  rolls`);
  for (const c of report.chances) {
    lines.push(
      `${c.result.padEnd(width)}  ${c.chance.padEnd(9)}  ${pct(c.probability).padStart(6)}  ${c.rolls ? c.rolls.join(',') : ''}`,
    );
  }
  return lines.join('\n');
}

export function addCalcCommand(
  program: Command,
  io: { out: (s: string) => void; exit: (code: number) => void },
): void {
  program
    .command('calc')
    .description('exact combat odds: every column shift and the chance of every result')
    .addOption(new Option('--game <game>', 'which game').choices(GAMES).makeOptionMandatory())
    .option('--attack <n>', 'total attack factors', wholeNumber('--attack'))
    .option('--defense <n>', 'total modified defense factors', wholeNumber('--defense', 1))
    .option('--shift <n>', 'extra column shift (negative helps the defender)', wholeNumber('--shift', -20))
    .option('--disrupted', 'every defender is Disrupted (M-6, B-6)')
    .option('--probe', 'mars-1942: German 2:1 probe (M-7)')
    .option('--first-turn', 'mars-1942: first turn, Russian attack doubled (M-16)')
    .option('--river', 'mars-1942: more than half the attack crosses a river (M-10)')
    .option('--attacker-rationed', 'mars-1942: an attacking unit is rationed (M-9)')
    .option('--defender-rationed', 'mars-1942: the defenders are rationed (M-9)')
    .option('--defender-isolated', 'mars-1942: the defenders are isolated (M-9)')
    .option('--round-up <column>', 'barbarossa-1941: German round-up roll aiming at this column (B-7)')
    .option('--fall-back <column>', 'barbarossa-1941: column accepted on failure (default: the computed one)')
    .option('--press <k>', 'barbarossa-1941: press the attack k columns (B-8)', wholeNumber('--press', 1))
    .addOption(
      new Option('--procedure <p>', 'barbarossa-1941: how a pressed attack is rolled').choices([
        'roll',
        'split',
      ]),
    )
    .addOption(new Option('--side <side>', 'barbarossa-1941: who presses').choices(['axis', 'soviet']))
    .option('--fire <n>', 'point-to-point: total firing value', wholeNumber('--fire', 1))
    .option('--crt <file>', 'load a replacement combat table (JSON)')
    .option('--json', 'print one JSON object')
    .action((opts: CalcOptions) => {
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
