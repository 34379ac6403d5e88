/**
 * The exact chances of an odds table's column, from worst to best for the attacker (the
 * table's own `order`): what a battle's roll is measured against in the after-action
 * report (issue #48). Shared by the games' `afterAction` readings.
 */
import { columnDistribution, type OddsTable } from '@stavka/engine';

export function columnChances(
  table: OddsTable,
  column: string,
): { readonly result: string; readonly probability: number }[] {
  const col = table.columnLabels.indexOf(column);
  if (col < 0) return [];
  const d = columnDistribution(table, col);
  const rank = (r: string) => table.rank[table.resultCodes.indexOf(r)] ?? 0;
  return [...d.counts]
    .map(([result, count]) => ({ result, probability: count / d.den }))
    .sort((a, b) => rank(a.result) - rank(b.result));
}
