/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Lit nodes: the legal destinations of the selected piece, targets, marks and names,
 * each kind its fill; and the keyboard cursor's outline. Drawn over the board, under
 * the counters; a click changes only these (issue #49).
 */
import type { BoardDrawing, Highlight } from '@stavka/engine';
import { HEX_SIZE, hexOutline } from '../geometry.ts';
import { nodeCenter, POINT_R } from './nodes.ts';

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

/** A node's outline for highlights: a hex, or a circle round a point. */
export function NodeShape(p: {
  board: BoardDrawing;
  n: number;
  inset: number;
  fill?: string;
  cls: string;
  hex?: string;
  title?: string;
}) {
  const title = p.title ? <title>{p.title}</title> : null;
  if (p.board.kind === 'hex')
    return (
      <polygon
        points={hexOutline(p.board.map, p.n, HEX_SIZE - p.inset)}
        fill={p.fill}
        class={p.cls}
        data-hex={p.hex}
      >
        {title}
      </polygon>
    );
  const c = nodeCenter(p.board, p.n);
  return (
    <circle cx={c.x} cy={c.y} r={POINT_R + 6 - p.inset} fill={p.fill} class={p.cls} data-hex={p.hex}>
      {title}
    </circle>
  );
}

/** Every lit node, its kind's fill and class, and why it is lit as its tooltip. */
export function HighlightLayer(p: {
  board: BoardDrawing;
  highlights: ReadonlyMap<number, Highlight>;
  reasons?: ReadonlyMap<number, string> | undefined;
}) {
  const { board } = p;
  return (
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
  );
}
