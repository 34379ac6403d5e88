/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The hex map in SVG, drawn from the scenario data: terrain, rivers on hexsides,
 * roads and railways, towns and cities, the frontline, defense zones, deployment zones,
 * map edges; hex numbers when zoomed in; counters and stacks; highlights of legal
 * destinations and the hovered path. Like chessground, it knows no rules: it is handed
 * what to highlight and reports clicks and hovers. Pan and zoom with mouse, keyboard
 * and touch; a mini-map shows where the view is.
 */
import type {
  Arrow,
  BoardDrawing,
  HexBoard,
  Highlight,
  OverlayData,
  PieceDrawing,
  PointBoard,
} from '@stavka/engine';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type Colours, symbolUrl } from './counters.ts';
import { HEX_SIZE, hexCenter, hexsideSegment, mapSize, type Point, polygonPoints } from './geometry.ts';
import { stackBadge, stackOrder, stackTotal } from './stacks.ts';

/** How far each counter of a stack is drawn up and right of the one under it (map units). */
const STACK_OFFSET = 3;
/** The most counters of a stack drawn (the rest are under them, and listed by the stack picker). */
const MAX_STACK_DRAWN = 5;

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
  cursor: number;
  overlay: OverlayData | null;
  onHex: (node: number) => void;
  onHover: (node: number | null) => void;
  /** Arrows (attacks) and trails (moves, retreats) to draw over the board. */
  arrows?: readonly Arrow[];
  trails?: readonly { readonly path: readonly number[]; readonly current: boolean }[];
  /** Every hex's number drawn, whatever the zoom. */
  hexNumbers?: boolean;
  /** A node the view is brought to when it changes (the combat being resolved, a recap step). */
  focus?: number | null;
  /** Why a lit node is lit (a hex owed an attack), shown on it as a tooltip. */
  reasons?: ReadonlyMap<number, string>;
}

const HIGHLIGHT_FILL: Record<Highlight, string> = {
  move: 'rgba(0,114,178,0.35)',
  'move-bonus': 'rgba(0,114,178,0.18)',
  target: 'rgba(213,94,0,0.45)',
  retreat: 'rgba(204,121,167,0.45)',
  advance: 'rgba(0,158,115,0.45)',
  deploy: 'rgba(0,158,115,0.3)',
  attack: 'rgba(213,94,0,0.25)',
  owed: 'rgba(200,0,0,0.45)',
  selected: 'rgba(240,228,66,0.6)',
  named: 'rgba(240,228,66,0.75)',
};

/** Point maps are drawn at this scale: their coordinates run 0..width. */
const POINT_R = HEX_SIZE * 0.55;

/** Where a node (hex or point) is drawn. */
export function nodeCenter(board: BoardDrawing, n: number): Point {
  if (board.kind === 'hex') return hexCenter(board.map, n);
  const p = board.points[n]!;
  return { x: p.x, y: p.y };
}

function boardSize(board: BoardDrawing): { width: number; height: number } {
  return board.kind === 'hex' ? mapSize(board.map) : { width: board.width, height: board.height };
}

function nodeCount(board: BoardDrawing): number {
  return board.kind === 'hex' ? board.map.graph.nodeCount : board.points.length;
}

function nodeLabel(board: BoardDrawing, n: number): string {
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

/** A node's outline for highlights: a hex, or a circle round a point. */
function NodeShape(p: {
  board: BoardDrawing;
  n: number;
  inset: number;
  fill?: string;
  cls: string;
  hex?: string;
  title?: string;
}) {
  const c = nodeCenter(p.board, p.n);
  const title = p.title ? <title>{p.title}</title> : null;
  return p.board.kind === 'hex' ? (
    <polygon points={polygonPoints(c, HEX_SIZE - p.inset)} fill={p.fill} class={p.cls} data-hex={p.hex}>
      {title}
    </polygon>
  ) : (
    <circle cx={c.x} cy={c.y} r={POINT_R + 6 - p.inset} fill={p.fill} class={p.cls} data-hex={p.hex}>
      {title}
    </circle>
  );
}

function outlinePath(
  b: HexBoard,
  hexes: readonly number[],
  member: Uint8Array | undefined,
  offMapOnly: boolean,
) {
  const map = b.map;
  const segs: string[] = [];
  for (const h of hexes) {
    const c = hexCenter(map, h);
    for (let d = 0; d < 6; d++) {
      const t = map.graph.targets[h * 6 + d]!;
      if (offMapOnly ? t >= 0 : t >= 0 && member?.[t] === 1) continue;
      const [a, e] = hexsideSegment(c, d);
      segs.push(`M${a.x.toFixed(1)},${a.y.toFixed(1)}L${e.x.toFixed(1)},${e.y.toFixed(1)}`);
    }
  }
  return segs.join('');
}

/**
 * A board of at least this many hexes (a whole front) is drawn lighter: no title element
 * per hex (the hover line names the hex, a lit hex keeps its title).
 */
export const LARGE_BOARD_HEXES = 1500;

function HexLayer({ b }: { b: HexBoard }) {
  return useMemo(() => {
    const map = b.map;
    const large = map.graph.nodeCount >= LARGE_BOARD_HEXES;
    const hexes = [];
    const sides = [];
    const links = [];
    for (let h = 0; h < map.graph.nodeCount; h++) {
      if (map.onMap[h] !== 1) continue;
      const c = hexCenter(map, h);
      hexes.push(
        <polygon key={`h${h}`} points={polygonPoints(c)} fill={b.fill[h]} stroke="#9a9480" stroke-width="0.6">
          {large ? null : <title>{b.hexLabel[h]}</title>}
        </polygon>,
      );
      for (let d = 0; d < 6; d++) {
        const slot = h * 6 + d;
        const t = map.graph.targets[slot]!;
        const f = map.sideFeatures[slot]!;
        if (f && (t < 0 || d < 3)) {
          const [a, e] = hexsideSegment(c, d);
          for (const s of b.sides)
            if (f & s.bit)
              sides.push(
                <line
                  key={`${s.className}${slot}`}
                  x1={a.x}
                  y1={a.y}
                  x2={e.x}
                  y2={e.y}
                  class={s.className}
                />,
              );
        }
        const l = map.links[slot]!;
        if (l && t > h) {
          const e = hexCenter(map, t);
          for (const k of b.links)
            if (l & k.bit)
              links.push(
                <line
                  key={`${k.className}${slot}`}
                  x1={c.x}
                  y1={c.y}
                  x2={e.x}
                  y2={e.y}
                  class={k.className}
                />,
              );
        }
      }
    }
    const outlines = b.outlines.map((o) => {
      const c = hexCenter(map, o.labelAt ?? o.hexes[0]!);
      return (
        <g key={o.id} class={o.className}>
          <path
            d={outlinePath(b, o.hexes, o.member, !!o.offMapOnly)}
            {...(o.colour ? { stroke: o.colour } : {})}
          >
            {o.title && <title>{o.title}</title>}
          </path>
          {o.label && (
            <text
              x={c.x}
              y={o.className === 'zone' ? c.y + HEX_SIZE * 0.72 : c.y}
              class={o.className === 'zone' ? 'zone-label' : undefined}
            >
              {o.label}
            </text>
          )}
        </g>
      );
    });
    const places = map.places.map((p) => {
      const c = hexCenter(map, p.hex);
      return (
        <g key={p.name} class={`place ${p.kind}`}>
          <circle cx={c.x} cy={c.y - HEX_SIZE * 0.55} r={p.kind === 'city' ? 4 : 2.5} />
          <text x={c.x} y={c.y - HEX_SIZE * 0.62} dy="-3">
            {p.name}
          </text>
        </g>
      );
    });
    const labels = (b.labels ?? []).map((l, i) => {
      const a = hexCenter(map, l.between[0]);
      const e = hexCenter(map, l.between[1]);
      return (
        <text key={`lb${i}`} x={(a.x + e.x) / 2} y={(a.y + e.y) / 2} class={l.className}>
          {l.text}
        </text>
      );
    });
    return (
      <g class="static">
        {hexes}
        {links}
        {sides}
        {outlines}
        {places}
        {labels}
      </g>
    );
  }, [b]);
}

/** A point's own fill (its controller's colour), if the presentation gives one. */
function pointFill(p: PointBoard['points'][number]): { fill: string } | undefined {
  return p.fill !== undefined ? { fill: p.fill } : undefined;
}

function PointLayer({ b }: { b: PointBoard }) {
  return useMemo(
    () => (
      <g class="static points">
        <rect width={b.width} height={b.height} fill="#eae6d2" />
        {b.lines.map((l, i) => {
          const a = b.points[l.from]!;
          const e = b.points[l.to]!;
          return (
            <g key={`l${i}`} class={`line ${l.kind}`}>
              <line x1={a.x} y1={a.y} x2={e.x} y2={e.y} />
              <text x={(a.x + e.x) / 2} y={(a.y + e.y) / 2} class="capacity">
                {l.capacity}
              </text>
            </g>
          );
        })}
        {b.points.map((p) => (
          <g key={p.id} class={`place point ${p.kind}`}>
            <circle cx={p.x} cy={p.y} r={POINT_R} style={pointFill(p)}>
              <title>{`${p.name} (${p.kind})`}</title>
            </circle>
            <text x={p.x} y={p.y - POINT_R - 4}>
              {p.name}
            </text>
          </g>
        ))}
      </g>
    ),
    [b],
  );
}

export function Counter({
  piece,
  colours,
  at,
  count,
  selected = false,
}: {
  piece: PieceDrawing;
  colours: Colours;
  at: Point;
  count: number;
  /** The selected counter: outlined. */
  selected?: boolean;
}) {
  const w = HEX_SIZE * 1.15;
  const x = at.x - w / 2;
  const y = at.y - w / 2;
  const c = colours[piece.side] ?? { fill: '#ccc', ink: '#222' };
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group, not interactive: role img names the counter for screen readers
    <g
      class={`counter ${piece.side}${piece.disrupted ? ' disrupted' : ''}${piece.sidc ? '' : ' face-down'}${selected ? ' selected' : ''}`}
      aria-label={piece.label}
      role="img"
      data-piece={piece.id}
    >
      {count > 1 && (
        <rect
          x={x + 3}
          y={y - 3}
          width={w}
          height={w}
          rx="3"
          fill={c.fill}
          stroke="#222"
          stroke-width="0.8"
        />
      )}
      <rect
        x={x}
        y={y}
        width={w}
        height={w}
        rx="3"
        fill={piece.disrupted ? '#d9d9d9' : c.fill}
        stroke={piece.fortified ? '#000' : '#333'}
        stroke-width={piece.fortified ? 2.4 : 0.8}
      />
      {!piece.sidc && (
        // Face down: the side's colour and a question mark, read as that side's unit at any
        // zoom, its identity unknown (issue #45 item 7).
        <text x={at.x} y={y + w * 0.62} class="unknown" fill={c.ink}>
          ?
        </text>
      )}
      {piece.sidc && (
        <image
          href={symbolUrl(piece.sidc, piece.disrupted ? '#bbbbbb' : c.fill)}
          x={x + 4}
          y={y + 6}
          width={w - 8}
          height={w * 0.5}
        />
      )}
      <text x={at.x} y={y + 6} class="designation" fill={c.ink}>
        {piece.designation}
      </text>
      <text x={at.x} y={y + w - 3} class="factors">
        {piece.factors}
      </text>
      {(piece.marks ?? []).map((m, i) => (
        <text key={m} x={x + w - 3} y={y + 8 + i * 9} class="mark">
          {m}
        </text>
      ))}
      {count > 1 && (
        <text x={x + w + 1} y={y + w + 2} class="stack-count">
          {count}
        </text>
      )}
    </g>
  );
}

interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function MapView(p: MapViewProps) {
  const { board } = p;
  const size = boardSize(board);
  // The view box changes every frame while panning or zooming. The drawing is not redrawn
  // then: the SVG already drawn is moved and scaled as a picture (a CSS transform, which
  // the browser composites without drawing the thousands of hexes again), and the view
  // box is committed (drawn afresh, sharp) once the gesture pauses. Measured on the whole
  // Barbarossa front (bench/barbarossa-web.ts): see the CHANGELOG.
  const [vb, setVbState] = useState<ViewBox>({ x: 0, y: 0, w: size.width, h: size.height });
  const vbNow = useRef<ViewBox>(vb);
  /** The view box the SVG is drawn at (its attribute), which the transform starts from. */
  const drawn = useRef<ViewBox>(vb);
  const commit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const miniRect = useRef<SVGRectElement>(null);
  /** How the view box `v` maps onto the SVG's box (preserveAspectRatio xMidYMid meet). */
  const fit = (v: ViewBox) => {
    const el = svg.current;
    const W = el?.clientWidth || v.w;
    const H = el?.clientHeight || v.h;
    const s = Math.min(W / v.w, H / v.h);
    return { s, ox: (W - v.w * s) / 2, oy: (H - v.h * s) / 2 };
  };
  const draw = (v: ViewBox) => {
    const el = svg.current;
    if (!el) return;
    el.style.transform = '';
    el.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    drawn.current = v;
  };
  const setVb = (next: ViewBox | ((v: ViewBox) => ViewBox)) => {
    const v = typeof next === 'function' ? next(vbNow.current) : next;
    vbNow.current = v;
    const el = svg.current;
    if (el) {
      const c = drawn.current;
      if (Math.abs(c.w / c.h - v.w / v.h) > 1e-9) draw(v);
      else {
        // The picture drawn at `c` moved and scaled to show `v`: scale k about the box's
        // corner, the letterbox offset o the same for both (same aspect ratio).
        const { s, ox, oy } = fit(c);
        const k = c.w / v.w;
        const tx = ox * (1 - k) + (c.x - v.x) * s * k;
        const ty = oy * (1 - k) + (c.y - v.y) * s * k;
        el.style.transform = `translate(${tx}px, ${ty}px) scale(${k})`;
      }
    }
    const r = miniRect.current;
    if (r) {
      r.setAttribute('x', String(v.x));
      r.setAttribute('y', String(v.y));
      r.setAttribute('width', String(v.w));
      r.setAttribute('height', String(v.h));
    }
    if (commit.current) clearTimeout(commit.current);
    commit.current = setTimeout(() => {
      draw(vbNow.current);
      setVbState(vbNow.current);
    }, 150);
  };
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
  const zoom = (
    factor: number,
    cx = vbNow.current.x + vbNow.current.w / 2,
    cy = vbNow.current.y + vbNow.current.h / 2,
    /** The point brought to the middle of the view (the buttons), not kept under the mouse (the wheel). */
    centre = false,
  ) => {
    if (centre) {
      setVb((v) => {
        const w = Math.max(size.width / 8, Math.min(size.width * 1.5, v.w * factor));
        const h = (w / v.w) * v.h;
        return { x: cx - w / 2, y: cy - h / 2, w, h };
      });
      return;
    }
    setVb((v) => {
      const w = Math.max(size.width / 8, Math.min(size.width * 1.5, v.w * factor));
      const h = (w / v.w) * v.h;
      return { x: cx - ((cx - v.x) * w) / v.w, y: cy - ((cy - v.y) * h) / v.h, w, h };
    });
  };
  /**
   * Client (screen) coordinates to map coordinates, letterboxing included: from the view
   * box shown now and the SVG's box (its parent's, which no gesture transforms), so a
   * point is right in the middle of a gesture too.
   */
  const toMap = (clientX: number, clientY: number) => {
    const el = svg.current!;
    const box = (el.parentElement ?? el).getBoundingClientRect();
    const v = vbNow.current;
    const { s, ox, oy } = fit(v);
    return { x: (clientX - box.left - ox) / s + v.x, y: (clientY - box.top - oy) / s + v.y };
  };
  /** Map units per screen pixel (the same on both axes with the default aspect ratio). */
  const unitsPerPixel = () => 1 / fit(vbNow.current).s;

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

  const stacks = useMemo(() => {
    const at = new Map<number, PieceDrawing[]>();
    for (const piece of p.pieces) at.set(piece.at, [...(at.get(piece.at) ?? []), piece]);
    return at;
  }, [p.pieces]);

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
          <marker
            id="arrowhead"
            viewBox="0 0 10 10"
            refX="6"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" class="arrowhead" />
          </marker>
        </defs>
        {board.kind === 'hex' ? <HexLayer b={board} /> : <PointLayer b={board} />}
        <g class="highlights">
          {[...p.highlights].map(([h, kind]) => (
            <NodeShape
              key={`hl${h}`}
              board={board}
              n={h}
              inset={1.5}
              fill={HIGHLIGHT_FILL[kind]}
              cls={`hl ${kind}`}
              hex={board.kind === 'hex' ? board.hexNumbers[h] : board.points[h]?.id}
              {...(p.reasons?.has(h) ? { title: p.reasons.get(h)! } : {})}
            />
          ))}
        </g>
        {p.overlay && (
          <g class={`overlay ${p.overlay.kind}`}>
            {p.overlay.nodes.map(({ at, className }) => {
              const c = nodeCenter(board, at);
              return p.overlay!.kind === 'circles' ? (
                <circle key={`o${at}`} cx={c.x} cy={c.y} r={HEX_SIZE * 0.75} class={className} />
              ) : (
                <polygon key={`o${at}`} points={polygonPoints(c, HEX_SIZE * 0.4)} class={className} />
              );
            })}
          </g>
        )}
        {p.path.length > 1 && p.pathCost !== undefined && (
          <text
            class="path-cost"
            x={nodeCenter(board, p.path[p.path.length - 1]!).x}
            y={nodeCenter(board, p.path[p.path.length - 1]!).y + HEX_SIZE * 0.95}
          >
            {p.pathCost}
          </text>
        )}
        {p.path.length > 1 && (
          <polyline
            class="path"
            points={p.path.map((h) => `${nodeCenter(board, h).x},${nodeCenter(board, h).y}`).join(' ')}
          />
        )}
        {(p.trails?.length ?? 0) > 0 && (
          <g class="trails">
            {p.trails!.map((t, i) => (
              <polyline
                key={`t${i}`}
                class={`trail${t.current ? ' current' : ''}`}
                points={t.path.map((h) => `${nodeCenter(board, h).x},${nodeCenter(board, h).y}`).join(' ')}
              />
            ))}
          </g>
        )}
        <g class="units">
          {[...stacks].map(([node, pieces]) => {
            // Every counter of a stack drawn, each a little up and right of the one under it
            // (VASSAL), the fighting units on top and the stack's total on it (issue #45 item 3).
            const c = nodeCenter(board, node);
            const order = stackOrder(pieces);
            const shown = order.slice(-MAX_STACK_DRAWN);
            const k = shown.length - 1;
            const w = HEX_SIZE * 1.15;
            const top = {
              x: c.x - (k * STACK_OFFSET) / 2 + k * STACK_OFFSET,
              y: c.y + (k * STACK_OFFSET) / 2 - k * STACK_OFFSET,
            };
            return (
              <g key={`u${node}`} class="stack" data-node={node}>
                {shown.map((piece, i) => (
                  <Counter
                    key={piece.id}
                    piece={piece}
                    colours={p.colours}
                    at={{
                      x: c.x - (k * STACK_OFFSET) / 2 + i * STACK_OFFSET,
                      y: c.y + (k * STACK_OFFSET) / 2 - i * STACK_OFFSET,
                    }}
                    count={1}
                    selected={piece.id === p.selectedPiece}
                  />
                ))}
                {pieces.length > 1 && (
                  <g class="stack-badge">
                    <title>{stackTotal(order)}</title>
                    <rect x={top.x - w / 2} y={top.y + w / 2 - 1} width={w} height={9} rx="2" />
                    <text x={top.x} y={top.y + w / 2 + 6}>
                      {stackBadge(order)}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </g>
        {zoomedIn && board.kind === 'hex' && (
          <g class="hexnums">
            {Array.from({ length: count }, (_, h) => {
              const c = hexCenter(board.map, h);
              return (
                <text key={`n${h}`} x={c.x} y={c.y - HEX_SIZE * 0.74}>
                  {board.hexNumbers[h]}
                </text>
              );
            })}
          </g>
        )}
        {(p.arrows?.length ?? 0) > 0 && (
          <g class="arrows">
            {p.arrows!.map((a, i) => {
              const f = nodeCenter(board, a.from);
              const t = nodeCenter(board, a.to);
              const d = Math.hypot(t.x - f.x, t.y - f.y) || 1;
              const k = HEX_SIZE * 0.45;
              const x1 = f.x + ((t.x - f.x) * k) / d;
              const y1 = f.y + ((t.y - f.y) * k) / d;
              const x2 = t.x - ((t.x - f.x) * k) / d;
              const y2 = t.y - ((t.y - f.y) * k) / d;
              return (
                <line
                  key={`a${i}`}
                  class={`arrow ${a.kind}`}
                  x1={x1}
                  y1={y1}
                  x2={x2}
                  y2={y2}
                  marker-end="url(#arrowhead)"
                >
                  {a.label && <title>{a.label}</title>}
                </line>
              );
            })}
          </g>
        )}
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

function MiniMap(props: {
  board: BoardDrawing;
  colours: Colours;
  vb: ViewBox;
  rectRef: { current: SVGRectElement | null };
  size: { width: number; height: number };
  stacks: Map<number, PieceDrawing[]>;
  onJump: (x: number, y: number) => void;
}) {
  const { board, vb, size } = props;
  const ref = useRef<SVGSVGElement>(null);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; the keyboard pans with W/A/S/D and zooms with +/-
    <svg
      ref={ref}
      class="minimap"
      viewBox={`0 0 ${size.width} ${size.height}`}
      aria-label="mini-map"
      onClick={(e) => {
        const r = ref.current!.getBoundingClientRect();
        props.onJump(
          ((e.clientX - r.left) / r.width) * size.width,
          ((e.clientY - r.top) / r.height) * size.height,
        );
      }}
    >
      <rect width={size.width} height={size.height} fill="#e5e1cc" />
      {[...props.stacks].map(([h, pieces]) => {
        const c = nodeCenter(board, h);
        return (
          <circle
            key={h}
            cx={c.x}
            cy={c.y}
            r={HEX_SIZE * 0.6}
            fill={props.colours[pieces[0]!.side]?.fill ?? '#888'}
          />
        );
      })}
      <rect
        ref={props.rectRef}
        x={vb.x}
        y={vb.y}
        width={vb.w}
        height={vb.h}
        fill="none"
        stroke="#d00"
        stroke-width={size.width / 80}
      />
    </svg>
  );
}
