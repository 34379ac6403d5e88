/**
 * Moscow 1941 point-to-point fire combat on the provisional fire table (RULINGS P-1):
 * one die per group gives the losses; large totals split per P-2.
 */
import {
  type CombatRefusal,
  type CombatReport,
  chancesOf,
  compileFireTable,
  type FireTable,
  fireDistribution,
  outcomesOf,
} from '@stavka/engine';
import fireFile from './data/fire-table.provisional.json' with { type: 'json' };

const compiled = compileFireTable(fireFile, 'point-to-point/data/fire-table.provisional.json');
if (!compiled.ok)
  throw new Error(`the point-to-point fire table is invalid: ${JSON.stringify(compiled.error)}`);
export const FIRE_TABLE: FireTable = compiled.value;

export const FIRE_RULE =
  'The firing player totals all undispersed unit values and selects the corresponding column of the combat table. One die is rolled and the number obtained is the number of losses inflicted on the other side.';

export function fireCalc(input: {
  readonly fire: number;
  readonly table?: FireTable;
}): { ok: true; report: CombatReport } | { ok: false; refusal: CombatRefusal } {
  const table = input.table ?? FIRE_TABLE;
  if (!Number.isInteger(input.fire) || input.fire < 1) {
    return {
      ok: false,
      refusal: {
        code: 'combat/no-fire',
        message: `a firing total is a whole number of at least 1, not ${input.fire}`,
        rule: FIRE_RULE,
        cite: 'point-to-point B.2 Firing Procedure',
      },
    };
  }
  const { split: groups, dist } = fireDistribution(table, input.fire);
  const notes: string[] = [];
  if (table.provisional) notes.push('PROVISIONAL TABLE: the printed combat table is lost (RULINGS P-1)');
  if (groups.length > 1) {
    notes.push(
      `${input.fire} exceeds the highest column ${table.maxFire}: split into ${groups.join(' + ')}, one roll each, losses summed (P-2)`,
    );
  }
  return {
    ok: true,
    report: {
      game: 'point-to-point',
      table: table.id,
      provisional: table.provisional,
      shifts: [],
      outcomes: outcomesOf(dist),
      chances: chancesOf(dist),
      notes,
      // P-2: the total and its groups, one die each.
      sections: [
        {
          title: 'Fire',
          rows: [
            { label: 'Firing value', value: String(input.fire) },
            ...(groups.length > 1 ? [{ label: 'In groups', value: groups.join(' + '), rule: 'P-2' }] : []),
          ],
          note: groups.length > 1 ? 'one die each, losses added' : 'one die',
          columns: groups.map(String),
        },
      ],
      resultUnit: { one: 'loss', many: 'losses', caption: 'Losses inflicted' },
    },
  };
}
