/**
 * A table worked out once per board and side, kept by the board (a Memo: it dies with the board):
 * what several legal lists of one position ask for in turn (supply distances, an
 * airfield's ground move). The table is shared: read it, never change it.
 */
import { Memo } from '@stavka/engine';
import type { Board } from './board.ts';
import type { Side } from './rules-scenario.ts';

export function perBoardAndSide<T>(
  compute: (board: Board, side: Side) => T,
): (board: Board, side: Side) => T {
  const memo = new Memo<Board, Partial<Record<Side, T>>>('per board and side');
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
