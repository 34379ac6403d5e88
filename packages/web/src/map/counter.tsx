/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** One counter: its side's colour, its NATO symbol (or face down), designation, factors, marks. */
import type { PieceDrawing } from '@stavka/engine';
import { type Colours, useSymbolUrl } from '../counters.ts';
import { HEX_SIZE, type Point } from '../geometry.ts';

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
  const symbol = useSymbolUrl(piece.sidc || null, piece.disrupted ? '#bbbbbb' : c.fill);
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
      {symbol && <image href={symbol} x={x + 4} y={y + 6} width={w - 8} height={w * 0.5} />}
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
