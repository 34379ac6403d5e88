/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The map in SVG, drawn from the presentation's board drawing: the board itself
 * (map/board-layers.tsx), lit nodes (map/highlights.tsx), overlays, paths and trails, the
 * counters (map/units.tsx), hex numbers when zoomed in, arrows, the keyboard cursor; a
 * mini-map (map/minimap.tsx). Like chessground, it knows no rules: it is handed what to
 * highlight and reports clicks and hovers. Pan and zoom with mouse, keyboard and touch
 * (map/view-box.ts; the pointer in map/pointer.ts, the keys in map/zoom-keys.ts, the focus
 * node in map/focus.ts); the cursor and hover lines and the zoom buttons in map/chrome.tsx.
 */
import type { Arrow, BoardDrawing, Highlight, OverlayData, PieceDrawing } from '@stavka/engine';
import { useMemo, useRef } from 'preact/hooks';
import type { Colours } from './counters.ts';
import { HEX_SIZE } from './geometry.ts';
import { Arrows, HexNumbers, OverlayLayer, PathLine, Trails } from './map/annotations.tsx';
import { HexLayer, LARGE_BOARD_HEXES, PointLayer } from './map/board-layers.tsx';
import { ArrowMarkers, CursorLine, HoverLine, ZoomButtons } from './map/chrome.tsx';
import { ControlLayer } from './map/control.tsx';
import { useFocus } from './map/focus.ts';
import { HighlightLayer, NodeShape } from './map/highlights.tsx';
import { MiniMap } from './map/minimap.tsx';
import { boardSize, nodeLabel } from './map/nodes.ts';
import { useMapPointer } from './map/pointer.ts';
import { stacksOf, UnitsLayer } from './map/units.tsx';
import { usePanZoom } from './map/view-box.ts';
import { useZoomKeys } from './map/zoom-keys.ts';

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
  const pz = usePanZoom(size, () => [boardSvg.current, controlSvg.current, svg.current], miniRect);
  const { vb, setVb } = pz;
  const zoomAbout = useZoomKeys(p, pz);
  const stacks = useMemo(() => stacksOf(p.pieces), [p.pieces]);
  useFocus(board, size, p.focus, pz);
  const { handlers, hovered } = useMapPointer(board, size, pz, p);
  const control = useMemo(
    () =>
      p.control && board.kind === 'hex' ? (
        <ControlLayer board={board} pieces={p.pieces} colours={p.colours} />
      ) : null,
    [p.control, board, p.pieces, p.colours],
  );
  const large = board.kind === 'hex' && board.map.graph.nodeCount >= LARGE_BOARD_HEXES;
  const viewBox = `${vb.x} ${vb.y} ${vb.w} ${vb.h}`;

  return (
    <div class="map-wrap">
      {/*
       * Two SVGs over each other, moved together: the board (thousands of hexes, drawn
       * once per board) and, over it, what a click or a move changes (lit nodes, counters,
       * paths, arrows) with the pointer handlers. A click then repaints, lays out and
       * hit-tests the small one only: on the whole Barbarossa front, most of a click's
       * frame went on repainting and laying out the board's hexes and place names.
       */}
      <svg ref={boardSvg} class={`map-board${large ? ' large' : ''}`} viewBox={viewBox} aria-hidden="true">
        {board.kind === 'hex' ? <HexLayer b={board} /> : <PointLayer b={board} />}
      </svg>
      <svg ref={controlSvg} class="map-control" viewBox={viewBox} aria-hidden="true">
        {control}
      </svg>
      <svg
        ref={svg}
        class={large ? 'map large' : 'map'}
        viewBox={viewBox}
        role="application"
        aria-label={`${board.name} map`}
        {...handlers}
      >
        <MapMarks
          {...p}
          stacks={stacks}
          far={farStrengthSize(svg.current ? pz.unitsPerPixel() : vb.w / 1000)}
        />
        {board.kind === 'hex' && (vb.w < size.width / 2.2 || !!p.hexNumbers) && <HexNumbers b={board} />}
        <Arrows board={board} arrows={p.arrows ?? []} />
        <Arrows board={board} arrows={p.suggested ?? []} suggested />
        {p.cursor >= 0 && <NodeShape board={board} n={p.cursor} inset={0.5} cls="cursor" />}
        {/*
         * The lit nodes named for assistive technology, in one title: only an element's first
         * title names it, and a title for each lit node made ~60 elements and as many text
         * nodes a click, all removed again at the next (issue #49).
         */}
        <g class="a11y-hexes">
          {p.highlights.size > 0 && (
            <title>{`Lit: ${[...p.highlights.keys()].map((h) => nodeLabel(board, h)).join('; ')}`}</title>
          )}
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
      {p.cursor >= 0 && <CursorLine board={board} cursor={p.cursor} stacks={stacks} reasons={p.reasons} />}
      {hovered !== null && <HoverLine board={board} node={hovered} reasons={p.reasons} />}
      <ZoomButtons zoomAbout={zoomAbout} whole={() => setVb({ x: 0, y: 0, w: size.width, h: size.height })} />
    </div>
  );
}

/**
 * The size strength numbers are written at over counters too small to read (the whole
 * front: about 12 px, 5 on a phone; issue #45 item 7), in map units, given the map units
 * per screen pixel: sized to sit on the counter, never under 10 px on the screen, so the
 * side's colour stays seen. Null when the counters read as they are.
 */
function farStrengthSize(perPixel: number): number | null {
  const counterPx = (HEX_SIZE * 1.15) / perPixel;
  return counterPx < 24 ? Math.max(10, Math.min(14, counterPx * 0.85)) * perPixel : null;
}

/** The interactive SVG's marks under the hex numbers: arrowheads, lit nodes, overlay, path, trails, counters. */
function MapMarks(p: MapViewProps & { stacks: ReturnType<typeof stacksOf>; far: number | null }) {
  const { board } = p;
  return (
    <>
      <ArrowMarkers />
      <HighlightLayer board={board} highlights={p.highlights} reasons={p.reasons} />
      {p.overlay && <OverlayLayer board={board} overlay={p.overlay} />}
      <PathLine board={board} path={p.path} cost={p.pathCost} />
      <Trails board={board} trails={p.trails ?? []} />
      <UnitsLayer
        board={board}
        stacks={p.stacks}
        colours={p.colours}
        selectedPiece={p.selectedPiece}
        selectedGroup={p.selectedGroup ?? null}
        far={p.far}
        strength={p.strength}
      />
    </>
  );
}
