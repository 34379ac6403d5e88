/**
 * The map brought to a focus node (the combat being resolved, a recap step) when it
 * changes, zoomed in enough to read the counters; back to where it was when the focus
 * goes (the combat is over, the recap closed).
 */
import type { BoardDrawing } from '@stavka/engine';
import { useEffect, useRef } from 'preact/hooks';
import { nodeCenter } from './nodes.ts';
import type { PanZoom, ViewBox } from './view-box.ts';

export function useFocus(
  board: BoardDrawing,
  size: { width: number; height: number },
  focus: number | null | undefined,
  pz: Pick<PanZoom, 'now' | 'setVb'>,
): void {
  const { now: vbNow, setVb } = pz;
  const focusAt = focus ?? null;
  const beforeFocus = useRef<ViewBox | null>(null);
  useEffect(() => {
    if (focusAt === null || focusAt < 0) {
      if (beforeFocus.current) setVb(beforeFocus.current);
      beforeFocus.current = null;
      return;
    }
    const c = nodeCenter(board, focusAt);
    const v = vbNow.current;
    const w = Math.min(v.w, size.width / 2.5);
    const h = (w / v.w) * v.h;
    const inside =
      c.x > v.x + v.w * 0.15 && c.x < v.x + v.w * 0.85 && c.y > v.y + v.h * 0.15 && c.y < v.y + v.h * 0.85;
    if (inside && w === v.w) return;
    if (!beforeFocus.current) beforeFocus.current = v;
    setVb({ x: c.x - w / 2, y: c.y - h / 2, w, h });
  }, [focusAt, board]);
}
