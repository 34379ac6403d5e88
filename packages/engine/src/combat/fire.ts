/**
 * Fire combat (point-to-point.txt "Firing Procedure"): the firing side totals its
 * values, reads that column of the fire table, and one die gives the losses. A total
 * above the highest column is split into the fewest, most equal groups not above it,
 * one roll each, summed (RULINGS P-2: 37 -> 19 + 18; 72 -> 18 x 4).
 */
import { convolve, type Distribution, fromCases } from './distribution.ts';
import type { FireTable } from './table.ts';

/** The fewest most-equal groups, none above `max`, largest first. */
export function splitFire(total: number, max: number): number[] {
  if (!Number.isInteger(total) || total < 1) return [];
  const parts = Math.ceil(total / max);
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

export function fireLosses(table: FireTable, fire: number, roll: number): number {
  return table.losses[(roll - 1) * table.maxFire + (fire - 1)]!;
}

/** Losses of one group's roll: a distribution over "0", "1", ... */
export function groupDistribution(table: FireTable, fire: number): Distribution {
  const cases: string[] = [];
  for (let roll = 1; roll <= table.die; roll++) cases.push(String(fireLosses(table, fire, roll)));
  return fromCases(cases);
}

/** Total losses of a fire of `total` points, split per P-2, as an exact distribution (sorted). */
export function fireDistribution(table: FireTable, total: number): { split: number[]; dist: Distribution } {
  const split = splitFire(total, table.maxFire);
  let dist: Distribution = fromCases(['0']);
  for (const g of split) dist = convolve(dist, groupDistribution(table, g));
  const sorted = new Map([...dist.counts].sort((a, b) => Number(a[0]) - Number(b[0])));
  return { split, dist: { den: dist.den, counts: sorted } };
}
