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
import { hexNumberOf, type UnitData } from '@stavka/engine';
import type { MarsState, Scenario } from '@stavka/games';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { factorsText, SIDE_COLOR, SIDE_INK, symbolUrl } from './counters.ts';
import { HEX_SIZE, hexCenter, hexsideSegment, mapSize, type Point, polygonPoints } from './geometry.ts';

export type Highlight =
  | 'move'
  | 'move-bonus'
  | 'target'
  | 'retreat'
  | 'advance'
  | 'deploy'
  | 'attack'
  | 'selected';

export interface Overlay {
  supply?: boolean;
  zoc?: Uint8Array | null;
  supplyOf?: Int32Array | null;
}

export interface MapViewProps {
  scenario: Scenario;
  state: MarsState;
  highlights: ReadonlyMap<number, Highlight>;
  path: readonly number[];
  /** What the previewed path costs, in hexes (road hexes count half for mobile units). */
  pathCost?: number;
  selectedUnit: string | null;
  cursor: number;
  overlay: Overlay;
  onHex: (hex: number) => void;
  onHover: (hex: number | null) => void;
}

const TERRAIN_FILL: Record<string, string> = { clear: '#eae6d2', forest: '#b9cf9f', swamp: '#b8cfc8' };
const HIGHLIGHT_FILL: Record<Highlight, string> = {
  move: 'rgba(0,114,178,0.35)',
  'move-bonus': 'rgba(0,114,178,0.18)',
  target: 'rgba(213,94,0,0.45)',
  retreat: 'rgba(204,121,167,0.45)',
  advance: 'rgba(0,158,115,0.45)',
  deploy: 'rgba(0,158,115,0.3)',
  attack: 'rgba(213,94,0,0.25)',
  selected: 'rgba(240,228,66,0.6)',
};

export function unitLabel(
  u: UnitData,
  st: { disrupted: boolean; fortified: boolean; supply: string },
): string {
  const side = u.side === 'german' ? 'German' : 'Soviet';
  const flags = [
    st.disrupted ? 'Disrupted' : '',
    st.fortified ? 'fortified' : '',
    st.supply !== 'full' ? st.supply : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${side} ${u.name}, ${factorsText(u)}${flags ? `, ${flags}` : ''}`;
}

export function hexLabel(s: Scenario, hex: number): string {
  const p = s.map.placeAt[hex]!;
  const place = p >= 0 ? `, ${s.map.places[p]!.name}, ${s.map.places[p]!.kind}` : '';
  const terrain = s.map.terrainNames[s.map.terrain[hex]!]!;
  return `hex ${hexNumberOf(s.map, hex)}${place}${place ? '' : `, ${terrain}`}`;
}

function StaticLayer({ s }: { s: Scenario }) {
  return useMemo(() => {
    const map = s.map;
    const hexes = [];
    const sides = [];
    const links = [];
    for (let h = 0; h < map.graph.nodeCount; h++) {
      if (map.onMap[h] !== 1) continue;
      const c = hexCenter(map, h);
      const terrain = map.terrainNames[map.terrain[h]!]!;
      const fill =
        s.germanTerritory[h] === 1 ? TERRAIN_FILL[terrain] : shade(TERRAIN_FILL[terrain] ?? '#eee');
      hexes.push(
        <polygon key={`h${h}`} points={polygonPoints(c)} fill={fill} stroke="#9a9480" stroke-width="0.6">
          <title>{hexLabel(s, h)}</title>
        </polygon>,
      );
      for (let d = 0; d < 6; d++) {
        const slot = h * 6 + d;
        const t = map.graph.targets[slot]!;
        const f = map.sideFeatures[slot]!;
        if (f && (t < 0 || d < 3)) {
          const [a, b] = hexsideSegment(c, d);
          if (f & s.riverBit)
            sides.push(<line key={`r${slot}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} class="river" />);
          if (f & s.frontlineBit)
            sides.push(<line key={`f${slot}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} class="frontline" />);
        }
        const l = map.links[slot]!;
        if (l && t > h) {
          const b = hexCenter(map, t);
          if (l & s.railBit)
            links.push(<line key={`t${slot}`} x1={c.x} y1={c.y} x2={b.x} y2={b.y} class="rail" />);
          if (l & s.roadBit)
            links.push(<line key={`d${slot}`} x1={c.x} y1={c.y} x2={b.x} y2={b.y} class="road" />);
        }
      }
    }
    const zones = s.defenseZones.map((z) => {
      const segs = [];
      for (const h of z.hexes) {
        const c = hexCenter(map, h);
        for (let d = 0; d < 6; d++) {
          const t = map.graph.targets[h * 6 + d]!;
          if (t >= 0 && z.membership[t] === 1) continue;
          const [a, b] = hexsideSegment(c, d);
          segs.push(`M${a.x.toFixed(1)},${a.y.toFixed(1)}L${b.x.toFixed(1)},${b.y.toFixed(1)}`);
        }
      }
      const c = hexCenter(map, z.hexes[0]!);
      return (
        <g key={z.id}>
          <path d={segs.join('')} class="zone" />
          <text x={c.x} y={c.y + HEX_SIZE * 0.72} class="zone-label">
            {z.id.replace('dz-', 'DZ ')}
          </text>
        </g>
      );
    });
    // Deployment zones (Kalinin and Western Fronts) and the map edges with their side.
    const outline = (hexes: readonly number[], member: Uint8Array) => {
      const segs: string[] = [];
      for (const h of hexes) {
        const c = hexCenter(map, h);
        for (let d = 0; d < 6; d++) {
          const t = map.graph.targets[h * 6 + d]!;
          if (t >= 0 && member[t] === 1) continue;
          const [a, b] = hexsideSegment(c, d);
          segs.push(`M${a.x.toFixed(1)},${a.y.toFixed(1)}L${b.x.toFixed(1)},${b.y.toFixed(1)}`);
        }
      }
      return segs.join('');
    };
    const deployment = [s.kalinin, s.western].map((z) => {
      const c = hexCenter(map, z.hexes[Math.floor(z.hexes.length / 2)]!);
      return (
        <g key={z.id} class={`deployment ${z.id}`}>
          <path d={outline(z.hexes, z.membership)} />
          <text x={c.x} y={c.y}>
            {z.id === 'kalinin-front' ? 'Kalinin Front' : 'Western Front'}
          </text>
        </g>
      );
    });
    // A map edge: its hexes' sides facing off the map, in the colour of the side it supplies.
    const edges = map.edges.map((e) => {
      const segs: string[] = [];
      for (const h of e.hexes) {
        const c = hexCenter(map, h);
        for (let d = 0; d < 6; d++) {
          if (map.graph.targets[h * 6 + d]! >= 0) continue;
          const [a, b] = hexsideSegment(c, d);
          segs.push(`M${a.x.toFixed(1)},${a.y.toFixed(1)}L${b.x.toFixed(1)},${b.y.toFixed(1)}`);
        }
      }
      return (
        <path key={`e${e.id}`} class="edge" d={segs.join('')} stroke={SIDE_COLOR[e.side ?? ''] ?? '#888'}>
          <title>{`${e.name} map edge${e.side ? `, ${e.side} supply` : ''}`}</title>
        </path>
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
    return (
      <g class="static">
        {hexes}
        {links}
        {sides}
        {deployment}
        {zones}
        {edges}
        {places}
      </g>
    );
  }, [s]);
}

function shade(hex: string): string {
  // Originally Russian territory: a slightly warmer tint of the same terrain.
  const n = Number.parseInt(hex.slice(1), 16);
  const r = Math.min(255, ((n >> 16) & 255) + 6);
  const g = Math.max(0, ((n >> 8) & 255) - 6);
  const b = Math.max(0, (n & 255) - 14);
  return `rgb(${r},${g},${b})`;
}

function Counter({
  u,
  st,
  at,
  count,
}: {
  u: UnitData;
  st: MarsState['units'][string];
  at: Point;
  count: number;
}) {
  const w = HEX_SIZE * 1.15;
  const x = at.x - w / 2;
  const y = at.y - w / 2;
  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG group, not interactive: role img names the counter for screen readers
    <g
      class={`counter ${u.side}${st.disrupted ? ' disrupted' : ''}`}
      aria-label={unitLabel(u, st)}
      role="img"
    >
      {count > 1 && (
        <rect
          x={x + 3}
          y={y - 3}
          width={w}
          height={w}
          rx="3"
          fill={SIDE_COLOR[u.side]}
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
        fill={st.disrupted ? '#d9d9d9' : SIDE_COLOR[u.side]}
        stroke={st.fortified ? '#000' : '#333'}
        stroke-width={st.fortified ? 2.4 : 0.8}
      />
      <image
        href={symbolUrl(u, { disrupted: st.disrupted })}
        x={x + 4}
        y={y + 6}
        width={w - 8}
        height={w * 0.5}
      />
      <text x={at.x} y={y + 6} class="designation" fill={SIDE_INK[u.side]}>
        {u.designation}
      </text>
      <text x={at.x} y={y + w - 3} class="factors">
        {factorsText(u).replace(/\(.*\)/, '')}
      </text>
      {st.disrupted && (
        <text x={x + w - 3} y={y + 8} class="mark">
          D
        </text>
      )}
      {count > 1 && (
        <text x={x + w + 1} y={y - 4} class="stack-count">
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
  const { scenario: s, state } = p;
  const size = mapSize(s.map);
  // The view box changes every frame while panning or zooming: it is written to the
  // SVG (and the mini-map) directly, and committed to component state only once the
  // gesture pauses, so a frame costs the browser's redraw and no re-render.
  const [vb, setVbState] = useState<ViewBox>({ x: 0, y: 0, w: size.width, h: size.height });
  const vbNow = useRef<ViewBox>(vb);
  const commit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const miniRect = useRef<SVGRectElement>(null);
  const setVb = (next: ViewBox | ((v: ViewBox) => ViewBox)) => {
    const v = typeof next === 'function' ? next(vbNow.current) : next;
    vbNow.current = v;
    svg.current?.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    svg.current?.classList.add('moving');
    const r = miniRect.current;
    if (r) {
      r.setAttribute('x', String(v.x));
      r.setAttribute('y', String(v.y));
      r.setAttribute('width', String(v.w));
      r.setAttribute('height', String(v.h));
    }
    if (commit.current) clearTimeout(commit.current);
    commit.current = setTimeout(() => {
      svg.current?.classList.remove('moving');
      setVbState(vbNow.current);
    }, 150);
  };
  const drag = useRef<{ x: number; y: number; vb: ViewBox; moved: boolean } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ d: number; vb: ViewBox } | null>(null);

  const zoom = (
    factor: number,
    cx = vbNow.current.x + vbNow.current.w / 2,
    cy = vbNow.current.y + vbNow.current.h / 2,
  ) => {
    setVb((v) => {
      const w = Math.max(size.width / 8, Math.min(size.width * 1.5, v.w * factor));
      const h = (w / v.w) * v.h;
      return { x: cx - ((cx - v.x) * w) / v.w, y: cy - ((cy - v.y) * h) / v.h, w, h };
    });
  };
  /** Client (screen) coordinates to map coordinates, letterboxing included. */
  const toMap = (clientX: number, clientY: number) => {
    const el = svg.current!;
    const ctm = el.getScreenCTM();
    if (!ctm) return { x: vbNow.current.x, y: vbNow.current.y };
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: pt.x, y: pt.y };
  };
  /** Map units per screen pixel (the same on both axes with the default aspect ratio). */
  const unitsPerPixel = () => {
    const ctm = svg.current?.getScreenCTM();
    return ctm ? 1 / ctm.a : 1;
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT') return;
      const step = vbNow.current.w / 10;
      if (e.key === '+' || e.key === '=') zoom(0.8);
      else if (e.key === '-') zoom(1.25);
      else if (e.key === 'w' || e.key === 'W') setVb((v) => ({ ...v, y: v.y - step }));
      else if (e.key === 's' || e.key === 'S') setVb((v) => ({ ...v, y: v.y + step }));
      else if (e.key === 'a' || e.key === 'A') setVb((v) => ({ ...v, x: v.x - step }));
      else if (e.key === 'd' || e.key === 'D') setVb((v) => ({ ...v, x: v.x + step }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stacks = useMemo(() => {
    const at = new Map<number, string[]>();
    for (const id of s.unitIds) {
      const st = state.units[id]!;
      if (st.status !== 'map' || st.at < 0) continue;
      at.set(st.at, [...(at.get(st.at) ?? []), id]);
    }
    return at;
  }, [s, state]);

  const zoomedIn = vb.w < size.width / 2.2;
  const hexFromPoint = (x: number, y: number): number => {
    let best = -1;
    let bd = Number.POSITIVE_INFINITY;
    for (let h = 0; h < s.map.graph.nodeCount; h++) {
      const c = hexCenter(s.map, h);
      const d = (c.x - x) ** 2 + (c.y - y) ** 2;
      if (d < bd) {
        bd = d;
        best = h;
      }
    }
    return bd <= HEX_SIZE * HEX_SIZE ? best : -1;
  };

  return (
    <div class="map-wrap">
      <svg
        ref={svg}
        class="map"
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        role="application"
        aria-label={`${s.name} map`}
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
        onPointerLeave={() => p.onHover(null)}
      >
        <StaticLayer s={s} />
        <g class="highlights">
          {[...p.highlights].map(([h, kind]) => (
            <polygon
              key={`hl${h}`}
              points={polygonPoints(hexCenter(s.map, h), HEX_SIZE - 1.5)}
              fill={HIGHLIGHT_FILL[kind]}
              class={`hl ${kind}`}
              data-hex={hexNumberOf(s.map, h)}
            />
          ))}
        </g>
        {p.overlay.zoc && (
          <g class="overlay zoc">
            {[...p.overlay.zoc].map((v, h) =>
              v ? (
                <circle
                  key={`z${h}`}
                  cx={hexCenter(s.map, h).x}
                  cy={hexCenter(s.map, h).y}
                  r={HEX_SIZE * 0.75}
                />
              ) : null,
            )}
          </g>
        )}
        {p.overlay.supplyOf && (
          <g class="overlay supply">
            {[...p.overlay.supplyOf].map((d, h) =>
              s.map.onMap[h] ? (
                <polygon
                  key={`s${h}`}
                  points={polygonPoints(hexCenter(s.map, h), HEX_SIZE * 0.4)}
                  class={d >= 0 && d <= 4 ? 'full' : d >= 0 && d <= 8 ? 'rationed' : 'isolated'}
                />
              ) : null,
            )}
          </g>
        )}
        {p.path.length > 1 && p.pathCost !== undefined && (
          <text
            class="path-cost"
            x={hexCenter(s.map, p.path[p.path.length - 1]!).x}
            y={hexCenter(s.map, p.path[p.path.length - 1]!).y + HEX_SIZE * 0.95}
          >
            {`${p.pathCost} hex${p.pathCost === 1 ? '' : 'es'}`}
          </text>
        )}
        {p.path.length > 1 && (
          <polyline
            class="path"
            points={p.path.map((h) => `${hexCenter(s.map, h).x},${hexCenter(s.map, h).y}`).join(' ')}
          />
        )}
        <g class="units">
          {[...stacks].map(([hex, ids]) => {
            const top = ids.includes(p.selectedUnit ?? '') ? p.selectedUnit! : ids[ids.length - 1]!;
            return (
              <Counter
                key={`u${hex}`}
                u={s.units[top]!}
                st={state.units[top]!}
                at={hexCenter(s.map, hex)}
                count={ids.length}
              />
            );
          })}
        </g>
        {zoomedIn && (
          <g class="hexnums">
            {Array.from({ length: s.map.graph.nodeCount }, (_, h) => {
              const c = hexCenter(s.map, h);
              return (
                <text key={`n${h}`} x={c.x} y={c.y - HEX_SIZE * 0.74}>
                  {hexNumberOf(s.map, h)}
                </text>
              );
            })}
          </g>
        )}
        {p.cursor >= 0 && (
          <polygon class="cursor" points={polygonPoints(hexCenter(s.map, p.cursor), HEX_SIZE - 0.5)} />
        )}
        <g class="a11y-hexes">
          {[...p.highlights.keys()].map((h) => (
            <title key={`t${h}`}>{hexLabel(s, h)}</title>
          ))}
        </g>
      </svg>
      <MiniMap
        s={s}
        vb={vb}
        rectRef={miniRect}
        size={size}
        onJump={(x, y) => setVb((v) => ({ ...v, x: x - v.w / 2, y: y - v.h / 2 }))}
        stacks={stacks}
      />
      <div class="zoom-buttons">
        <button type="button" aria-label="zoom in" onClick={() => zoom(0.8)}>
          +
        </button>
        <button type="button" aria-label="zoom out" onClick={() => zoom(1.25)}>
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
  s: Scenario;
  vb: ViewBox;
  rectRef: { current: SVGRectElement | null };
  size: { width: number; height: number };
  stacks: Map<number, string[]>;
  onJump: (x: number, y: number) => void;
}) {
  const { s, vb, size } = props;
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
      {[...props.stacks].map(([h, ids]) => {
        const c = hexCenter(s.map, h);
        return (
          <circle key={h} cx={c.x} cy={c.y} r={HEX_SIZE * 0.6} fill={SIDE_COLOR[s.units[ids[0]!]!.side]} />
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
