/**
 * Whole-rules games on the small positions of `test-positions.ts` for the AI's tests: a
 * 20 x 10 map set up through `barbarossaRules.setup`, with hexes' control as a test wants it.
 */
import { type GameState, setup } from '@stavka/engine';
import { barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { type PositionInput, positionFile } from '../test-positions.ts';

/** The hex numbers of column `c`, rows 1 to `rows`. */
export const col = (c: number, rows = 10): string[] =>
  Array.from({ length: rows }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

/** A new game of the position on a 20 x 10 map, `control` giving hexes' owners. */
export function game(
  input: Omit<PositionInput, 'columns' | 'rows'>,
  control: Record<string, 'axis' | 'soviet'> = {},
): GameState<BarbarossaState> {
  const made = setup(barbarossaRules, positionFile({ columns: 20, rows: 10, ...input }), 1, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  Object.assign(made.value.state.control, control);
  return made.value;
}
