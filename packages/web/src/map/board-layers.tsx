/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The board itself, drawn once per board from the presentation's drawing: a hex map's
 * terrain, hexside features (rivers, the frontline), roads and railways, outlines
 * (zones, borders), places and labels; a point map's lines and points.
 */
import type { HexBoard, PointBoard } from '@stavka/engine';
import { useMemo } from 'preact/hooks';
import { hexBoardMarkup } from './board-markup.ts';
import { POINT_R } from './nodes.ts';

export { LARGE_BOARD_HEXES } from './board-markup.ts';

/**
 * A hex board: its markup made once per board (`board-markup.ts`) and handed to the
 * browser's parser in one piece; a new board (another scenario, the weather) replaces it.
 */
export function HexLayer({ b }: { b: HexBoard }) {
  const html = useMemo(() => hexBoardMarkup(b), [b]);
  // Every text and attribute value in it is escaped (board-markup.ts).
  return <g class="static" dangerouslySetInnerHTML={{ __html: html }} />;
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
