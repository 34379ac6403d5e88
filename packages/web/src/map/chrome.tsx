/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * What the map shows round the board: the arrowhead markers its arrows use, the keyboard
 * cursor's line, the hovered node's line, the zoom buttons.
 */
import type { BoardDrawing, PieceDrawing } from '@stavka/engine';
import { stackOrder } from '../stacks.ts';
import { nodeLabel } from './nodes.ts';

/** The arrowheads of the arrows (`arrowhead`) and of the analyst's suggestion (`arrowhead-suggested`). */
export function ArrowMarkers() {
  return (
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
  );
}

/**
 * The keyboard cursor's node named for screen readers and shown (issue #45 item 10):
 * what it is, its counters, why it is lit.
 */
export function CursorLine(p: {
  board: BoardDrawing;
  cursor: number;
  stacks: ReadonlyMap<number, PieceDrawing[]>;
  reasons: ReadonlyMap<number, string> | undefined;
}) {
  const here = p.stacks.get(p.cursor);
  return (
    <div class="cursor-line" role="status" aria-live="polite" aria-label="keyboard cursor">
      {nodeLabel(p.board, p.cursor)}
      {here
        ? `: ${stackOrder(here)
            .reverse()
            .map((x) => x.label)
            .join('; ')}`
        : ''}
      {p.reasons?.has(p.cursor) ? ` — ${p.reasons.get(p.cursor)}` : ''}
    </div>
  );
}

/** The node under the pointer, named (and why it is lit). */
export function HoverLine(p: {
  board: BoardDrawing;
  node: number;
  reasons: ReadonlyMap<number, string> | undefined;
}) {
  return (
    <div class="hover-hex" aria-hidden="true">
      {nodeLabel(p.board, p.node)}
      {p.reasons?.has(p.node) ? ` — ${p.reasons.get(p.node)}` : ''}
    </div>
  );
}

/** Zoom in, zoom out (about the zoom centre), the whole map. */
export function ZoomButtons(p: { zoomAbout: (factor: number) => void; whole: () => void }) {
  return (
    <div class="zoom-buttons">
      <button type="button" aria-label="zoom in" onClick={() => p.zoomAbout(0.8)}>
        +
      </button>
      <button type="button" aria-label="zoom out" onClick={() => p.zoomAbout(1.25)}>
        −
      </button>
      <button type="button" aria-label="whole map" onClick={p.whole}>
        ⤢
      </button>
    </div>
  );
}
