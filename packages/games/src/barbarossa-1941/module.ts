/**
 * Barbarossa 1941 as a game module: its calculator so far (the rules are issue #24's),
 * on the provisional table of RULINGS B-1.
 */
import { compileOddsTable, formatSetupErrors, type GameCalculator, type GameModule } from '@stavka/engine';
import { BARBAROSSA_CRT, type BarbarossaSide, barbarossaCalc } from './combat.ts';

const columns = BARBAROSSA_CRT.columnLabels;

const calculator: GameCalculator = {
  fields: [
    { kind: 'count', key: 'attack', label: 'Attack', help: 'total attack factors', min: 0, required: true },
    {
      kind: 'count',
      key: 'defense',
      label: 'Defense',
      help: 'total modified defense factors',
      min: 1,
      required: true,
    },
    {
      kind: 'count',
      key: 'shift',
      label: 'Column shifts',
      help: 'extra column shift (negative helps the defender)',
      min: -20,
      max: 20,
      default: 0,
    },
    {
      kind: 'flag',
      key: 'disrupted',
      label: 'Disrupted defenders',
      help: 'every defender is Disrupted (B-6)',
      cite: 'B-6',
    },
    {
      kind: 'column',
      key: 'roundUp',
      label: 'Round up to',
      help: 'German round-up roll aiming at this column (B-7)',
      columns,
    },
    {
      kind: 'column',
      key: 'fallBack',
      label: 'Fall back to',
      help: 'column accepted on failure (default: the computed one)',
      columns,
    },
    { kind: 'count', key: 'press', label: 'Press', help: 'press the attack k columns (B-8)', min: 1, max: 9 },
    {
      kind: 'choice',
      key: 'procedure',
      label: 'Procedure',
      help: 'how a pressed attack is rolled',
      choices: ['roll', 'split'],
    },
    { kind: 'choice', key: 'side', label: 'Who presses', help: 'who presses', choices: ['axis', 'soviet'] },
    { kind: 'table', key: 'crt', label: 'Combat table', help: 'load a replacement combat table (JSON)' },
  ],
  run(input) {
    const { attack, defense } = input;
    if (typeof attack !== 'number') return { ok: false, input: { field: 'attack', message: 'is required' } };
    if (typeof defense !== 'number')
      return { ok: false, input: { field: 'defense', message: 'is required' } };
    const roundUp = typeof input.roundUp === 'string' ? input.roundUp : undefined;
    const fallBack = typeof input.fallBack === 'string' ? input.fallBack : undefined;
    const press = typeof input.press === 'number' ? input.press : undefined;
    const procedure = input.procedure === 'roll' || input.procedure === 'split' ? input.procedure : undefined;
    const side =
      input.side === 'axis' || input.side === 'soviet' ? (input.side as BarbarossaSide) : undefined;
    if (fallBack !== undefined && roundUp === undefined)
      return { ok: false, input: { field: 'fallBack', message: 'goes with a round-up (roundUp)' } };
    if (press !== undefined) {
      if (procedure === undefined)
        return { ok: false, input: { field: 'procedure', message: 'is required with press' } };
      if (side === undefined)
        return { ok: false, input: { field: 'side', message: 'is required with press' } };
    } else if (procedure !== undefined || side !== undefined)
      return {
        ok: false,
        input: { field: procedure !== undefined ? 'procedure' : 'side', message: 'goes with press' },
      };
    if (input.disrupted === true && (roundUp !== undefined || press !== undefined))
      return {
        ok: false,
        input: {
          field: 'disrupted',
          message: 'cannot be combined with a round-up or press in the calculator',
        },
      };
    let table: ReturnType<typeof compileOddsTable> | undefined;
    if (input.crt !== undefined) {
      table = compileOddsTable(input.crt, 'crt');
      if (!table.ok) return { ok: false, input: { field: 'crt', message: formatSetupErrors(table.error) } };
    }
    const shift = typeof input.shift === 'number' ? input.shift : 0;
    return barbarossaCalc({
      attack,
      defense,
      shifts: shift ? [{ by: shift, reason: 'column shift given with --shift' }] : [],
      disrupted: input.disrupted === true,
      ...(roundUp !== undefined
        ? { roundUp: { target: roundUp, ...(fallBack !== undefined ? { fallBack } : {}) } }
        : {}),
      ...(press !== undefined ? { press: { columns: press, procedure: procedure!, side: side! } } : {}),
      ...(table?.ok ? { table: table.value } : {}),
    });
  },
};

export const barbarossaModule: GameModule = {
  id: 'barbarossa-1941',
  meta: {
    title: 'Barbarossa 1941',
    blurb: 'The whole front, June 1941 - January 1942. Combat calculator only so far (provisional table).',
    sides: [
      { id: 'axis', name: 'Axis', commander: 'OKH', colour: '#56B4E9', ink: '#0b3c5d' },
      { id: 'soviet', name: 'Soviet', commander: 'Stavka', colour: '#E69F00', ink: '#6b3a00' },
    ],
    playable: false,
    hiddenInformation: true,
    rulesText: 'barbarossa-1941',
  },
  calculator,
};
