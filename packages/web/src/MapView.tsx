/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The map in SVG, drawn from the presentation's board drawing: the board itself
 * (map/board-layers.tsx), lit nodes (map/highlights.tsx), overlays, paths and trails, the
 * counters (map/units.tsx), hex numbers when zoomed in, arrows, the keyboard cursor; a
 * mini-map (map/minimap.tsx). Like chessground, it knows no rules: it is handed what to
 * highlight and reports clicks and hovers. Pan and zoom with mouse, keyboard and touch
 * (map/view-box.ts).
 */
import type { Arrow, BoardDrawing, Highlight, OverlayData, PieceDrawing } from '@stavka/engine';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Colours } from './counters.ts';
import { HEX_SIZE, type Point } from './geometry.ts';
import { Arrows, HexNumbers, OverlayLayer, PathLine, Trails } from './map/annotations.tsx';
import { HexLayer, LARGE_BOARD_HEXES, PointLayer } from './map/board-layers.tsx';
import { ControlLayer } from './map/control.tsx';
import { HighlightLayer, NodeShape } from './map/highlights.tsx';
import { MiniMap } from './map/minimap.tsx';
import { boardSize, nodeCenter, nodeCount, nodeLabel, POINT_R } from './map/nodes.ts';
import { stacksOf, UnitsLayer } from './map/units.tsx';
import { usePanZoom, type ViewBox } from './map/view-box.ts';
import { stackOrder } from './stacks.ts';

export { Counter } from './map/counter.tsx';
export { nodeCenter, pointStep } from './map/nodes.ts';
export type { Highlight };

export interface MapViewProps {
  board: BoardDrawing;
  pieces: readonly PieceDrawing[];
  /** Each side's counter colours (the game's meta). */
  colours: Colours;
  highlights: ReadonlyMap<number, Highlight>;
  path: readonly number[];
  /** What the previewed path costs, in words. */
  pathCost?: string;
  selectedPiece: string | null;
  /** The whole stack selected (every counter of it outlined), if one is. */
  selectedGroup?: readonly string[] | null;
  cursor: number;
  overlay: OverlayData | null;
  onHex: (node: number) => void;
  onHover: (node: number | null) => void;
  /** Arrows (attacks) and trails (moves, retreats) to draw over the board. */
  arrows?: readonly Arrow[];
  /** The analyst's suggestion, drawn as arrows of its own (issue #48). */
  suggested?: readonly Arrow[];
  trails?: readonly { readonly path: readonly number[]; readonly current: boolean }[];
  /** Every hex's number drawn, whatever the zoom. */
  hexNumbers?: boolean;
  /** A node the view is brought to when it changes (the combat being resolved, a recap step). */
  focus?: number | null;
  /** Why a lit node is lit (a hex owed an attack), shown on it as a tooltip. */
  reasons?: ReadonlyMap<number, string>;
  /** Each side's ground shaded and the front line drawn (a hex board; issue #45 item 7). */
  control?: boolean;
  /** Which strength each side's stacks show when the counters are too small to read: its attack or its defence. */
  strength?: (side: string) => 'attack' | 'defense';
}

export function MapView(p: MapViewProps) {
  const { board } = p;
  const size = boardSize(board);
  const svg = useRef<SVGSVGElement>(null);
  /** The board's own SVG, under the map's: a layer of its own the browser paints once (issue #49). */
  const boardSvg = useRef<SVGSVGElement>(null);
  /** Who holds the ground (a layer of its own, redrawn when the pieces move). */
  const controlSvg = useRef<SVGSVGElement>(null);
  const miniRect = useRef<SVGRectElement>(null);
  const {
    vb,
    now: vbNow,
    setVb,
    zoom,
    toMap,
    unitsPerPixel,
  } = usePanZoom(size, () => [boardSvg.current, controlSvg.current, svg.current], miniRect);
  const drag = useRef<{ x: number; y: number; vb: ViewBox; moved: boolean } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ d: number; vb: ViewBox } | null>(null);

  /**
   * Where the +/- buttons and keys zoom about (issue #45 item 7): the selected counter or
   * the keyboard cursor if there is one, else the pieces' middle (the front) when it is in
   * view, else the view's centre.
   */
  const zoomCentre = (): { x: number; y: number } => {
    const v = vbNow.current;
    const inView = (c: Point) => c.x >= v.x && c.x <= v.x + v.w && c.y >= v.y && c.y <= v.y + v.h;
    const sel = p.selectedPiece ? p.pieces.find((x) => x.id === p.selectedPiece) : undefined;
    if (sel && sel.at >= 0 && inView(nodeCenter(board, sel.at))) return nodeCenter(board, sel.at);
    if (p.cursor >= 0 && inView(nodeCenter(board, p.cursor))) return nodeCenter(board, p.cursor);
    const shown = p.pieces
      .filter((x) => x.at >= 0)
      .map((x) => nodeCenter(board, x.at))
      .filter(inView);
    if (shown.length > 0)
      return {
        x: shown.reduce((t, c) => t + c.x, 0) / shown.length,
        y: shown.reduce((t, c) => t + c.y, 0) / shown.length,
      };
    return { x: v.x + v.w / 2, y: v.y + v.h / 2 };
  };
  const zoomAbout = (factor: number) => {
    const c = zoomCentre();
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

  const stacks = useMemo(() => stacksOf(p.pieces), [p.pieces]);

  // Brought to the focus node when it changes, zoomed in enough to read the counters; back
  // to where it was when the focus goes (the combat is over, the recap closed).
  const focusAt = p.focus ?? null;
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
  const [hovered, setHovered] = useState<number | null>(null);

  const zoomedIn = board.kind === 'hex' && (vb.w < size.width / 2.2 || !!p.hexNumbers);
  // Counters too small to read (the whole front: about 12 px, 5 on a phone): each stack's
  // strength is written over it at a size that reads (issue #45 item 7), in map units.
  const perPixel = svg.current ? unitsPerPixel() : vb.w / 1000;
  const counterPx = (HEX_SIZE * 1.15) / perPixel;
  // The number sized to sit on the counter (never under 10 px on the screen): the side's colour stays seen.
  const far = counterPx < 24 ? Math.max(10, Math.min(14, counterPx * 0.85)) * perPixel : null;
  const control = useMemo(
    () =>
      p.control && board.kind === 'hex' ? (
        <ControlLayer board={board} pieces={p.pieces} colours={p.colours} />
      ) : null,
    [p.control, board, p.pieces, p.colours],
  );
  const count = nodeCount(board);
  const reach = board.kind === 'hex' ? HEX_SIZE : POINT_R * 1.6;
  const hexFromPoint = (x: number, y: number): number => {
    let best = -1;
    let bd = Number.POSITIVE_INFINITY;
    for (let h = 0; h < count; h++) {
      const c = nodeCenter(board, h);
      const d = (c.x - x) ** 2 + (c.y - y) ** 2;
      if (d < bd) {
        bd = d;
        best = h;
      }
    }
    return bd <= reach * reach ? best : -1;
  };

  return (
    <div class="map-wrap">
      {/*
       * Two SVGs over each other, moved together: the board (thousands of hexes, drawn
       * once per board) and, over it, what a click or a move changes (lit nodes, counters,
       * paths, arrows) with the pointer handlers. A click then repaints, lays out and
       * hit-tests the small one only: on the whole Barbarossa front, most of a click's
       * frame went on repainting and laying out the board's hexes and place names.
       */}
      <svg
        ref={boardSvg}
        class={`map-board${board.kind === 'hex' && board.map.graph.nodeCount >= LARGE_BOARD_HEXES ? ' large' : ''}`}
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        aria-hidden="true"
      >
        {board.kind === 'hex' ? <HexLayer b={board} /> : <PointLayer b={board} />}
      </svg>
      <svg
        ref={controlSvg}
        class="map-control"
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        aria-hidden="true"
      >
        {control}
      </svg>
      <svg
        ref={svg}
        class={board.kind === 'hex' && board.map.graph.nodeCount >= LARGE_BOARD_HEXES ? 'map large' : 'map'}
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        role="application"
        aria-label={`${board.name} map`}
        onWheel={(e) => {
          e.preventDefault();
          const m = toMap(e.clientX, e.clientY);
          zoom(e.deltaY > 0 ? 1.15 : 0.87, m.x, m.y);
        }}
        onPointerDown={(e) => {
          pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          if (pointers.current.size === 2) {
            const [a, b] = [...pointers.current.values()];
            pinch.current = { d: Math.hypot(a!.x - b!.x, a!.y - b!.y), vb: vbNow.current };
          } else drag.current = { x: e.clientX, y: e.clientY, vb: vbNow.current, moved: false };
        }}
        onPointerMove={(e) => {
          if (pointers.current.has(e.pointerId))
            pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          if (pinch.current && pointers.current.size === 2) {
            const [a, b] = [...pointers.current.values()];
            const d = Math.hypot(a!.x - b!.x, a!.y - b!.y);
            const base = pinch.current.vb;
            const w = Math.max(
              size.width / 8,
              Math.min(size.width * 1.5, (base.w * pinch.current.d) / Math.max(d, 1)),
            );
            setVb({
              x: base.x + (base.w - w) / 2,
              y: base.y + (base.h - (w / base.w) * base.h) / 2,
              w,
              h: (w / base.w) * base.h,
            });
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
            const h = hexFromPoint(m.x, m.y);
            p.onHover(h >= 0 ? h : null);
            setHovered(h >= 0 ? h : null);
          }
        }}
        onPointerUp={(e) => {
          pointers.current.delete(e.pointerId);
          if (pointers.current.size < 2) pinch.current = null;
          const dr = drag.current;
          drag.current = null;
          if (dr && !dr.moved) {
            const m = toMap(e.clientX, e.clientY);
            const h = hexFromPoint(m.x, m.y);
            if (h >= 0) p.onHex(h);
          }
        }}
        onPointerLeave={() => {
          p.onHover(null);
          setHovered(null);
        }}
      >
        <defs>
          {(['', 'suggested'] as const).map((kind) => (
            <marker
              key={kind}
              id={kind ? `arrowhead-${kind}` : 'arrowhead'}
              viewBox="0 0 10 10"
              refX="6"
              refY="5"
              markerWidth="5"
              markerHeight="5"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" class={kind ? `arrowhead ${kind}` : 'arrowhead'} />
            </marker>
          ))}
        </defs>
        <HighlightLayer board={board} highlights={p.highlights} reasons={p.reasons} />
        {p.overlay && <OverlayLayer board={board} overlay={p.overlay} />}
        <PathLine board={board} path={p.path} cost={p.pathCost} />
        <Trails board={board} trails={p.trails ?? []} />
        <UnitsLayer
          board={board}
          stacks={stacks}
          colours={p.colours}
          selectedPiece={p.selectedPiece}
          selectedGroup={p.selectedGroup ?? null}
          far={far}
          strength={p.strength}
        />
        {zoomedIn && board.kind === 'hex' && <HexNumbers b={board} />}
        <Arrows board={board} arrows={p.arrows ?? []} />
        <Arrows board={board} arrows={p.suggested ?? []} suggested />
        {p.cursor >= 0 && <NodeShape board={board} n={p.cursor} inset={0.5} cls="cursor" />}
        <g class="a11y-hexes">
          {[...p.highlights.keys()].map((h) => (
            <title key={`t${h}`}>{nodeLabel(board, h)}</title>
          ))}
        </g>
      </svg>
      <MiniMap
        board={board}
        colours={p.colours}
        vb={vb}
        rectRef={miniRect}
        size={size}
        onJump={(x, y) => setVb((v) => ({ ...v, x: x - v.w / 2, y: y - v.h / 2 }))}
        stacks={stacks}
      />
      {p.cursor >= 0 && (
        // The keyboard cursor's node named for screen readers and shown (issue #45 item 10):
        // what it is, its counters, why it is lit.
        <div class="cursor-line" role="status" aria-live="polite" aria-label="keyboard cursor">
          {nodeLabel(board, p.cursor)}
          {(() => {
            const here = stacks.get(p.cursor);
            return here
              ? `: ${stackOrder(here)
                  .reverse()
                  .map((x) => x.label)
                  .join('; ')}`
              : '';
          })()}
          {p.reasons?.has(p.cursor) ? ` — ${p.reasons.get(p.cursor)}` : ''}
        </div>
      )}
      {hovered !== null && (
        <div class="hover-hex" aria-hidden="true">
          {nodeLabel(board, hovered)}
          {p.reasons?.has(hovered) ? ` — ${p.reasons.get(hovered)}` : ''}
        </div>
      )}
      <div class="zoom-buttons">
        <button type="button" aria-label="zoom in" onClick={() => zoomAbout(0.8)}>
          +
        </button>
        <button type="button" aria-label="zoom out" onClick={() => zoomAbout(1.25)}>
          −
        </button>
        <button
          type="button"
          aria-label="whole map"
          onClick={() => setVb({ x: 0, y: 0, w: size.width, h: size.height })}
        >
          ⤢
        </button>
      </div>
    </div>
  );
}
