/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * What is drawn over the board besides lit nodes and counters: an overlay (supply,
 * zones of control...), the hovered move's path and its cost, trails of moves and
 * retreats, attack arrows, and every hex's number when zoomed in.
 */
import type { Arrow, BoardDrawing, HexBoard, OverlayData } from '@stavka/engine';
import { useMemo } from 'preact/hooks';
import { HEX_SIZE, hexCenter, polygonPoints } from '../geometry.ts';
import { nodeCenter } from './nodes.ts';

const pointsOf = (board: BoardDrawing, path: readonly number[]) =>
  path.map((h) => `${nodeCenter(board, h).x},${nodeCenter(board, h).y}`).join(' ');

export function OverlayLayer(p: { board: BoardDrawing; overlay: OverlayData }) {
  const { board } = p;
  return (
    <g class={`overlay ${p.overlay.kind}`}>
      {p.overlay.nodes.map(({ at, className }) => {
        const c = nodeCenter(board, at);
        return p.overlay.kind === 'circles' ? (
          <circle key={`o${at}`} cx={c.x} cy={c.y} r={HEX_SIZE * 0.75} class={className} />
        ) : (
          <polygon key={`o${at}`} points={polygonPoints(c, HEX_SIZE * 0.4)} class={className} />
        );
      })}
    </g>
  );
}

/** The hovered move's path, and what it costs under its end. */
export function PathLine(p: { board: BoardDrawing; path: readonly number[]; cost: string | undefined }) {
  const { board, path } = p;
  if (path.length < 2) return null;
  const end = nodeCenter(board, path[path.length - 1]!);
  return (
    <>
      {p.cost !== undefined && (
        <text class="path-cost" x={end.x} y={end.y + HEX_SIZE * 0.95}>
          {p.cost}
        </text>
      )}
      <polyline class="path" points={pointsOf(board, path)} />
    </>
  );
}

export function Trails(p: {
  board: BoardDrawing;
  trails: readonly { readonly path: readonly number[]; readonly current: boolean }[];
}) {
  if (p.trails.length === 0) return null;
  return (
    <g class="trails">
      {p.trails.map((t, i) => (
        <polyline
          key={`t${i}`}
          class={`trail${t.current ? ' current' : ''}`}
          points={pointsOf(p.board, t.path)}
        />
      ))}
    </g>
  );
}

/** Every hex's number (drawn once per board). */
export function HexNumbers({ b }: { b: HexBoard }) {
  return useMemo(
    () => (
      <g class="hexnums">
        {Array.from({ length: b.map.graph.nodeCount }, (_, h) => {
          const c = hexCenter(b.map, h);
          return (
            <text key={`n${h}`} x={c.x} y={c.y - HEX_SIZE * 0.74}>
              {b.hexNumbers[h]}
            </text>
          );
        })}
      </g>
    ),
    [b],
  );
}

/** Arrows over the board; `suggested`: the analyst's (issue #48), drawn apart from the game's own. */
export function Arrows(p: { board: BoardDrawing; arrows: readonly Arrow[]; suggested?: boolean }) {
  const { board } = p;
  if (p.arrows.length === 0) return null;
  return (
    <g class={p.suggested ? 'arrows suggested' : 'arrows'}>
      {p.arrows.map((a, i) => {
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
            marker-end={p.suggested ? 'url(#arrowhead-suggested)' : 'url(#arrowhead)'}
          >
            {a.label && <title>{a.label}</title>}
          </line>
        );
      })}
    </g>
  );
}
