/**
 * Where a board's nodes are (hex or point), their count, names, and the keyboard
 * cursor's step on a point board: the map's parts share these.
 */
import type { BoardDrawing, PointBoard } from '@stavka/engine';
import { HEX_SIZE, hexCenter, mapSize, type Point } from '../geometry.ts';

/** Point maps are drawn at this scale: their coordinates run 0..width. */
export const POINT_R = HEX_SIZE * 0.55;

/** Where a node (hex or point) is drawn. */
export function nodeCenter(board: BoardDrawing, n: number): Point {
  if (board.kind === 'hex') return hexCenter(board.map, n);
  const p = board.points[n]!;
  return { x: p.x, y: p.y };
}

export function boardSize(board: BoardDrawing): { width: number; height: number } {
  return board.kind === 'hex' ? mapSize(board.map) : { width: board.width, height: board.height };
}

export function nodeCount(board: BoardDrawing): number {
  return board.kind === 'hex' ? board.map.graph.nodeCount : board.points.length;
}

export function nodeLabel(board: BoardDrawing, n: number): string {
  return board.kind === 'hex' ? board.hexLabel[n]! : `${board.points[n]!.name} (${board.points[n]!.kind})`;
}

/**
 * The node an arrow key moves the keyboard cursor to on a point board (issue #45 item 10):
 * the nearest point within 60 degrees either side of the arrow's direction; `from` if none.
 */
export function pointStep(
  b: PointBoard,
  from: number,
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight',
): number {
  const at = b.points[from];
  if (!at) return b.home;
  const dir = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key];
  let best = from;
  let bd = Number.POSITIVE_INFINITY;
  b.points.forEach((q, i) => {
    const dx = q.x - at.x;
    const dy = q.y - at.y;
    const d = Math.hypot(dx, dy);
    if (i === from || d === 0) return;
    // Within 60 degrees of the direction; nearer along it first.
    if ((dx * dir[0]! + dy * dir[1]!) / d < 0.5) return;
    if (d < bd) {
      bd = d;
      best = i;
    }
  });
  return best;
}
