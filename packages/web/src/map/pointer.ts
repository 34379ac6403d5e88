/**
 * The map's pointer: wheel zoom, drag to pan, two-finger pinch, click on a node, hover.
 * Pan and zoom set the view box through the pan-zoom hook (view-box.ts): the SVGs are
 * moved as pictures, not redrawn, each frame.
 */
import { axialNeighbors, axialToOffset, type BoardDrawing, hexIndexOf } from '@stavka/engine';
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { axialAt, HEX_SIZE } from '../geometry.ts';
import { nodeCenter, nodeCount, POINT_R } from './nodes.ts';
import type { PanZoom, ViewBox } from './view-box.ts';

/**
 * The node nearest map point (x, y) within reach of its centre, or -1 (of two as near, the
 * lower index). On a hex board, the hex the point rounds to and its six neighbours: the
 * nearest centre within reach is always among them. Not every hex of the grid measured:
 * this runs on each pointer move over the map, and the whole front has ~3,000 hexes.
 */
export function nodeAtPoint(board: BoardDrawing, x: number, y: number): number {
  const reach = board.kind === 'hex' ? HEX_SIZE : POINT_R * 1.6;
  let best = -1;
  let bd = Number.POSITIVE_INFINITY;
  const consider = (h: number) => {
    const c = nodeCenter(board, h);
    const d = (c.x - x) ** 2 + (c.y - y) ** 2;
    if (d < bd || (d === bd && h < best)) {
      bd = d;
      best = h;
    }
  };
  if (board.kind === 'hex') {
    const { map } = board;
    const at = axialAt(x, y);
    for (const a of [at, ...axialNeighbors(at)]) {
      const o = axialToOffset(a);
      const h = hexIndexOf(map, o.col, o.row);
      if (h >= 0) consider(h);
    }
  } else for (let h = 0; h < nodeCount(board); h++) consider(h);
  return bd <= reach * reach ? best : -1;
}

type Handlers = Pick<
  JSX.SVGAttributes<SVGSVGElement>,
  'onWheel' | 'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerLeave'
>;

/** The view box a pinch shows: `base` scaled about its middle by the fingers' spread. */
function pinched(base: ViewBox, from: number, to: number, size: { width: number }): ViewBox {
  const w = Math.max(size.width / 8, Math.min(size.width * 1.5, (base.w * from) / Math.max(to, 1)));
  return {
    x: base.x + (base.w - w) / 2,
    y: base.y + (base.h - (w / base.w) * base.h) / 2,
    w,
    h: (w / base.w) * base.h,
  };
}

/**
 * The interactive SVG's pointer handlers and the node hovered now. A press that moves
 * more than 4 px is a drag (pans); one that does not is a click on the node under it.
 */
export function useMapPointer(
  board: BoardDrawing,
  size: { width: number; height: number },
  pz: Pick<PanZoom, 'now' | 'setVb' | 'zoom' | 'toMap' | 'unitsPerPixel'>,
  on: { onHex: (node: number) => void; onHover: (node: number | null) => void },
): { handlers: Handlers; hovered: number | null } {
  const { now: vbNow, setVb, zoom, toMap, unitsPerPixel } = pz;
  const drag = useRef<{ x: number; y: number; vb: ViewBox; moved: boolean } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ d: number; vb: ViewBox } | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a!.x - b!.x, a!.y - b!.y);
  };
  const handlers: Handlers = {
    onWheel: (e) => {
      e.preventDefault();
      const m = toMap(e.clientX, e.clientY);
      zoom(e.deltaY > 0 ? 1.15 : 0.87, m.x, m.y);
    },
    onPointerDown: (e) => {
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.current.size === 2) pinch.current = { d: spread(), vb: vbNow.current };
      else drag.current = { x: e.clientX, y: e.clientY, vb: vbNow.current, moved: false };
    },
    onPointerMove: (e) => {
      if (pointers.current.has(e.pointerId))
        pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch.current && pointers.current.size === 2) {
        setVb(pinched(pinch.current.vb, pinch.current.d, spread(), size));
        return;
      }
      const dr = drag.current;
      if (dr) {
        const k = unitsPerPixel();
        const dx = (e.clientX - dr.x) * k;
        const dy = (e.clientY - dr.y) * k;
        if (Math.abs(e.clientX - dr.x) + Math.abs(e.clientY - dr.y) > 4) dr.moved = true;
        if (dr.moved) setVb({ ...dr.vb, x: dr.vb.x - dx, y: dr.vb.y - dy });
      } else {
        const m = toMap(e.clientX, e.clientY);
        const h = nodeAtPoint(board, m.x, m.y);
        on.onHover(h >= 0 ? h : null);
        setHovered(h >= 0 ? h : null);
      }
    },
    onPointerUp: (e) => {
      pointers.current.delete(e.pointerId);
      if (pointers.current.size < 2) pinch.current = null;
      const dr = drag.current;
      drag.current = null;
      if (dr && !dr.moved) {
        const m = toMap(e.clientX, e.clientY);
        const h = nodeAtPoint(board, m.x, m.y);
        if (h >= 0) on.onHex(h);
      }
    },
    onPointerLeave: () => {
      on.onHover(null);
      setHovered(null);
    },
  };
  return { handlers, hovered };
}
