/**
 * Moscow 1941 point-to-point as a game module: its fire calculator so far, on the
 * provisional fire table of RULINGS P-1, large combats split per P-2, and the exact
 * battle (a battle file: both forces and each side's policy; battle-calc.ts).
 */
import { compileFireTable, formatSetupErrors, type GameCalculator, type GameModule } from '@stavka/engine';
import { battleCalc } from './battle-calc.ts';
import { fireCalc } from './combat.ts';

const calculator: GameCalculator = {
  fields: [
    { kind: 'count', key: 'fire', label: 'Firing value', help: 'total firing value (one volley)', min: 1 },
    {
      kind: 'table',
      key: 'battle',
      label: 'Battle',
      help: 'a whole battle (JSON: weather, attacker, attackers, defenders, policies): the exact chance of each ending',
    },
    { kind: 'table', key: 'crt', label: 'Fire table', help: 'load a replacement fire table (JSON)' },
  ],
  run(input) {
    let table: ReturnType<typeof compileFireTable> | undefined;
    if (input.crt !== undefined) {
      table = compileFireTable(input.crt, 'crt');
      if (!table.ok) return { ok: false, input: { field: 'crt', message: formatSetupErrors(table.error) } };
    }
    if (input.battle !== undefined) {
      if (input.fire !== undefined)
        return {
          ok: false,
          input: { field: 'fire', message: 'is one volley: give a firing value or a battle, not both' },
        };
      const answer = battleCalc(input.battle, ...(table?.ok ? [table.value] : []));
      return answer.ok ? { ok: true, report: answer.report } : answer;
    }
    if (typeof input.fire !== 'number')
      return { ok: false, input: { field: 'fire', message: 'is required (or a battle file)' } };
    return fireCalc({ fire: input.fire, ...(table?.ok ? { table: table.value } : {}) });
  },
};

export const pointToPointModule: GameModule = {
  id: 'point-to-point',
  meta: {
    title: 'Moscow 1941 (point-to-point)',
    blurb: 'Fire combat on a point-to-point map. Fire calculator only so far (provisional table).',
    sides: [
      { id: 'axis', name: 'Axis', commander: 'von Bock', colour: '#56B4E9', ink: '#0b3c5d' },
      { id: 'soviet', name: 'Soviet', commander: 'Zhukov', colour: '#E69F00', ink: '#6b3a00' },
    ],
    playable: false,
    hiddenInformation: false,
    rulesText: 'point-to-point',
  },
  calculator,
};
