/**
 * Reference sheets every hex game draws alike (engine `ReferenceSheet`): the terrain
 * effects sheet, each terrain with its map colour and what it does, then the map's other
 * features in the game's own words.
 */
import type { ReferenceSheet } from './presentation.ts';

/** One line of a reference sheet: a term, its meaning, and the swatch drawn beside it. */
export type ReferenceItem = NonNullable<ReferenceSheet['items']>[number];

/**
 * The terrain effects sheet: a line for each terrain of `fills` (its colour the swatch, its
 * effect from `effects`, empty when the game says none), in `fills`' order, then `features`.
 */
export function terrainSheet(
  fills: Readonly<Record<string, string>>,
  effects: Readonly<Record<string, string>>,
  features: readonly ReferenceItem[],
  cite: string,
): ReferenceSheet {
  return {
    id: 'terrain',
    title: 'Terrain effects',
    items: [
      ...Object.entries(fills).map(([t, fill]) => ({ term: t, text: effects[t] ?? '', swatch: fill })),
      ...features,
    ],
    cite,
  };
}
