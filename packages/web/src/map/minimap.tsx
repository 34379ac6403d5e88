/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The mini-map: the whole board with each stack a dot, the view's rectangle, a click to jump there. */
import type { BoardDrawing, PieceDrawing } from '@stavka/engine';
import { useMemo, useRef } from 'preact/hooks';
import type { Colours } from '../counters.ts';
import { HEX_SIZE } from '../geometry.ts';
import { nodeCenter } from './nodes.ts';
import type { ViewBox } from './view-box.ts';

export function MiniMap(props: {
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
  // The dots change with the pieces only: a click or a pan leaves them as they are.
  const dots = useMemo(
    () =>
      [...props.stacks].map(([h, pieces]) => {
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
      }),
    [board, props.stacks, props.colours],
  );
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
      {dots}
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
