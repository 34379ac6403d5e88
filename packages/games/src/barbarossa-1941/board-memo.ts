/**
 * A table worked out once per board and side, kept as long as the board is (a WeakMap):
 * what several legal lists of one position ask for in turn (supply distances, an
 * airfield's ground move). The table is shared: read it, never change it.
 */
import type { Board } from './board.ts';
import type { Side } from './rules-scenario.ts';

export function perBoardAndSide<T>(
  compute: (board: Board, side: Side) => T,
): (board: Board, side: Side) => T {
  const memo = new WeakMap<Board, Partial<Record<Side, T>>>();
  return (board, side) => {
    let bySide = memo.get(board);
    if (!bySide) {
      bySide = {};
      memo.set(board, bySide);
    }
    let value = bySide[side];
    if (value === undefined) {
      value = compute(board, side);
      bySide[side] = value;
    }
    return value;
  };
}
