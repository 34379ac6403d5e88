/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The counters on the board, stack by stack: every counter of a stack drawn, each a
 * little up and right of the one under it (VASSAL), the fighting units on top and the
 * stack's total on it (issue #45 item 3). A stack is drawn again only when its pieces or
 * its selection change: a click redraws the stacks it selects and unselects, not the
 * whole front (issue #49).
 */
import type { BoardDrawing, PieceDrawing } from '@stavka/engine';
import { useMemo } from 'preact/hooks';
import type { Colours } from '../counters.ts';
import { HEX_SIZE } from '../geometry.ts';
import { stackBadge, stackOrder, stackStrength, stackTotal } from '../stacks.ts';
import { Counter } from './counter.tsx';
import { nodeCenter } from './nodes.ts';

/** How far each counter of a stack is drawn up and right of the one under it (map units). */
const STACK_OFFSET = 3;
/** The most counters of a stack drawn (the rest are under them, and listed by the stack picker). */
const MAX_STACK_DRAWN = 5;

/** The pieces by the node they stand on, in the presentation's order. */
export function stacksOf(pieces: readonly PieceDrawing[]): Map<number, PieceDrawing[]> {
  const at = new Map<number, PieceDrawing[]>();
  for (const piece of pieces) {
    const here = at.get(piece.at);
    if (here) here.push(piece);
    else at.set(piece.at, [piece]);
  }
  return at;
}

function Stack(p: {
  board: BoardDrawing;
  node: number;
  pieces: readonly PieceDrawing[];
  colours: Colours;
  /** The counters drawn selected. */
  selected: readonly string[];
  strength: ((side: string) => 'attack' | 'defense') | undefined;
}) {
  const c = nodeCenter(p.board, p.node);
  const order = stackOrder(p.pieces);
  const shown = order.slice(-MAX_STACK_DRAWN);
  const k = shown.length - 1;
  const w = HEX_SIZE * 1.15;
  const top = {
    x: c.x - (k * STACK_OFFSET) / 2 + k * STACK_OFFSET,
    y: c.y + (k * STACK_OFFSET) / 2 - k * STACK_OFFSET,
  };
  // The strength written over the stack when the counters are too small to read (the
  // units layer's class `far` shows it, at its size: style.css), in place of their print (a
  // stack with no strength to write keeps its print).
  const strength = stackStrength(order, p.strength?.(shown[k]!.side) ?? 'attack');
  return (
    <g class={strength === '' ? 'stack' : 'stack strong'} data-node={p.node}>
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
          selected={p.selected.includes(piece.id)}
        />
      ))}
      {strength !== '' && (
        // The stack's strength, big enough to read at the whole-front zoom (issue #45 item 7).
        <text
          class={`strength ${shown[k]!.side}`}
          x={top.x}
          y={top.y}
          dy="0.36em"
          fill={p.colours[shown[k]!.side]?.ink ?? '#111'}
        >
          {strength}
        </text>
      )}
      {p.pieces.length > 1 && (
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
}

export function UnitsLayer(p: {
  board: BoardDrawing;
  stacks: ReadonlyMap<number, readonly PieceDrawing[]>;
  colours: Colours;
  selectedPiece: string | null;
  /** The whole stack selected, if one is (its counters all outlined). */
  selectedGroup?: readonly string[] | null;
  /** Counters too small to read: each stack's strength written at this size (map units); null: they read. */
  far?: number | null;
  strength?: ((side: string) => 'attack' | 'defense') | undefined;
}) {
  const { board, stacks, colours } = p;
  // Each stack's drawing with nothing selected, made once per set of pieces; the stack
  // holding the selected piece is drawn apart. The same element again is one preact
  // does not compare again. The zoom is not among what a stack is drawn from: whether its
  // strength is written over it, and at what size, is the layer's class and its --far
  // (issue #49: the page's first render guesses the map's size, the next knows it, and
  // every stack of the whole front was drawn again between the two).
  const plain = useMemo(() => {
    const out = new Map<number, preact.JSX.Element>();
    for (const [node, pieces] of stacks)
      out.set(
        node,
        <Stack
          key={`u${node}`}
          board={board}
          node={node}
          pieces={pieces}
          colours={colours}
          selected={[]}
          strength={p.strength}
        />,
      );
    return out;
  }, [board, stacks, colours, p.strength]);
  const at = useMemo(() => {
    if (p.selectedPiece === null) return -1;
    for (const [node, pieces] of stacks) if (pieces.some((x) => x.id === p.selectedPiece)) return node;
    return -1;
  }, [stacks, p.selectedPiece]);
  const far = p.far ?? null;
  return (
    <g
      class={far === null ? 'units' : 'units far'}
      style={far === null ? undefined : { '--far': `${far}px` }}
    >
      {[...stacks.keys()].map((node) =>
        node === at ? (
          <Stack
            key={`u${node}`}
            board={board}
            node={node}
            pieces={stacks.get(node)!}
            colours={colours}
            selected={p.selectedGroup ?? (p.selectedPiece ? [p.selectedPiece] : [])}
            strength={p.strength}
          />
        ) : (
          plain.get(node)
        ),
      )}
    </g>
  );
}
