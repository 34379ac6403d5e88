/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The board itself, drawn once per board from the presentation's drawing: a hex map's
 * terrain, hexside features (rivers, the frontline), roads and railways, outlines
 * (zones, borders), places and labels; a point map's lines and points.
 */
import type { HexBoard, PointBoard } from '@stavka/engine';
import { useMemo } from 'preact/hooks';
import { HEX_SIZE, hexCenter, hexsideSegment, polygonPoints } from '../geometry.ts';
import { POINT_R } from './nodes.ts';

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

export function HexLayer({ b }: { b: HexBoard }) {
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

export function PointLayer({ b }: { b: PointBoard }) {
  return useMemo(
    () => (
      <g class="static points">
        <rect width={b.width} height={b.height} fill="#eae6d2" />
        {b.lines.map((l, i) => {
          const a = b.points[l.from]!;
          const e = b.points[l.to]!;
          return (
            <g key={`l${i}`} class={`line ${l.kind}`}>
              <title>{`${a.name} – ${e.name}: ${l.kind.replace(/ full$/, ', full this player-turn')}, capacity ${l.capacity}`}</title>
              <line x1={a.x} y1={a.y} x2={e.x} y2={e.y} />
              <text x={(a.x + e.x) / 2} y={(a.y + e.y) / 2} class="capacity">
                {l.capacity}
              </text>
            </g>
          );
        })}
        {b.points.map((p) => (
          <g key={p.id} class={`place point ${p.kind}`} data-point={p.id}>
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
