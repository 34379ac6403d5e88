/**
 * The map's zoom centre and keyboard: +/- zoom, WASD pan (issue #45 item 7). The view box
 * is set through the pan-zoom hook (view-box.ts), which moves the drawn SVGs without a
 * re-render per step.
 */
import type { BoardDrawing, PieceDrawing } from '@stavka/engine';
import { useEffect } from 'preact/hooks';
import type { Point } from '../geometry.ts';
import { nodeCenter } from './nodes.ts';
import type { PanZoom, ViewBox } from './view-box.ts';

/** What the zoom centre is chosen from: the pieces, the selected one, the keyboard cursor. */
export interface ZoomFocus {
  board: BoardDrawing;
  pieces: readonly PieceDrawing[];
  selectedPiece: string | null;
  cursor: number;
}

/**
 * Where the +/- buttons and keys zoom about (issue #45 item 7): the selected counter or
 * the keyboard cursor if there is one, else the pieces' middle (the front) when it is in
 * view, else the view's centre.
 */
export function zoomCentre(f: ZoomFocus, v: ViewBox): Point {
  const { board } = f;
  const inView = (c: Point) => c.x >= v.x && c.x <= v.x + v.w && c.y >= v.y && c.y <= v.y + v.h;
  const sel = f.selectedPiece ? f.pieces.find((x) => x.id === f.selectedPiece) : undefined;
  if (sel && sel.at >= 0 && inView(nodeCenter(board, sel.at))) return nodeCenter(board, sel.at);
  if (f.cursor >= 0 && inView(nodeCenter(board, f.cursor))) return nodeCenter(board, f.cursor);
  const shown = f.pieces
    .filter((x) => x.at >= 0)
    .map((x) => nodeCenter(board, x.at))
    .filter(inView);
  if (shown.length > 0)
    return {
      x: shown.reduce((t, c) => t + c.x, 0) / shown.length,
      y: shown.reduce((t, c) => t + c.y, 0) / shown.length,
    };
  return { x: v.x + v.w / 2, y: v.y + v.h / 2 };
}

/**
 * The keys that move the map (+ = - zoom, W A S D pan a tenth of the view), not while
 * typing in an input; returns the zoom the +/- buttons use.
 */
export function useZoomKeys(
  f: ZoomFocus,
  pz: Pick<PanZoom, 'now' | 'setVb' | 'zoom'>,
): (factor: number) => void {
  const { now: vbNow, setVb, zoom } = pz;
  const zoomAbout = (factor: number) => {
    const c = zoomCentre(f, vbNow.current);
    zoom(factor, c.x, c.y, true);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT') return;
      const step = vbNow.current.w / 10;
      if (e.key === '+' || e.key === '=') zoomAbout(0.8);
      else if (e.key === '-') zoomAbout(1.25);
      else if (e.key === 'w' || e.key === 'W') setVb((v) => ({ ...v, y: v.y - step }));
      else if (e.key === 's' || e.key === 'S') setVb((v) => ({ ...v, y: v.y + step }));
      else if (e.key === 'a' || e.key === 'A') setVb((v) => ({ ...v, x: v.x - step }));
      else if (e.key === 'd' || e.key === 'D') setVb((v) => ({ ...v, x: v.x + step }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return zoomAbout;
}
