/**
 * The exact chances of an odds table's results, from worst to best for the attacker (the
 * table's own `order`): what a battle's roll is measured against in the after-action
 * report (issue #48). Shared by the games' `afterAction` readings.
 */
import { columnDistribution, type Distribution, type OddsTable } from '@stavka/engine';

/** A distribution of the table's results, ordered from worst to best for the attacker. */
export function rankedChances(
  table: OddsTable,
  d: Distribution,
): { readonly result: string; readonly probability: number }[] {
  const rank = (r: string) => table.rank[table.resultCodes.indexOf(r)] ?? 0;
  return [...d.counts]
    .map(([result, count]) => ({ result, probability: count / d.den }))
    .sort((a, b) => rank(a.result) - rank(b.result));
}

/** The chances of one column of the table (its label, "3:2"); none for a column it has not. */
export function columnChances(
  table: OddsTable,
  column: string,
): { readonly result: string; readonly probability: number }[] {
  const col = table.columnLabels.indexOf(column);
  return col < 0 ? [] : rankedChances(table, columnDistribution(table, col));
}
