/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Who holds the ground (issue #45 item 7): on a hex board each land hex is shaded in the
 * colour of the side whose units are nearest to it (counted in hexes over land), and the
 * front line is drawn where one side's ground meets the other's. Read from where the
 * counters stand, nothing else: a picture of the front after each move, not a rule (the
 * games' victory places and their holders are the presentation's). Redrawn only when the
 * pieces move, on a layer of its own.
 */
import type { HexBoard, PieceDrawing } from '@stavka/engine';
import type { Colours } from '../counters.ts';
import { hexCenter, hexOutlinePath, hexsideSegment, segmentPath } from '../geometry.ts';

/** Terrain no side holds (the shading and the front stop at the water). */
const WATER = /^(sea|ocean|water|lake)$/;

/** Each hex's holder (a side's index in `sides`), -1 for none (water, off the map), -2 where two sides' units stand. */
export function holders(b: HexBoard, pieces: readonly PieceDrawing[]): { sides: string[]; owner: Int8Array } {
  const map = b.map;
  const n = map.graph.nodeCount;
  const land = new Uint8Array(n);
  for (let h = 0; h < n; h++)
    land[h] = map.onMap[h] === 1 && !WATER.test(map.terrainNames[map.terrain[h]!] ?? '') ? 1 : 0;
  const sides: string[] = [];
  const owner = new Int8Array(n).fill(-1);
  const dist = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (const p of pieces) {
    if (p.at < 0 || p.at >= n) continue;
    let k = sides.indexOf(p.side);
    if (k < 0) k = sides.push(p.side) - 1;
    if (dist[p.at] === -1) {
      dist[p.at] = 0;
      owner[p.at] = k;
      queue.push(p.at);
    } else if (owner[p.at] !== k) owner[p.at] = -2;
  }
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i]!;
    if (owner[h] === -2) continue;
    for (let d = 0; d < 6; d++) {
      const t = map.graph.targets[h * 6 + d]!;
      if (t < 0 || land[t] !== 1) continue;
      // A hex as near to two sides goes to the one that reached it first (the sources in the
      // pieces' order): one clean line between them, not a mesh of contested hexes.
      if (dist[t] === -1) {
        dist[t] = dist[h]! + 1;
        owner[t] = owner[h]!;
        queue.push(t);
      }
    }
  }
  return { sides, owner };
}

/** The shading of each side's ground and the front line between, as paths. */
export function controlPaths(
  b: HexBoard,
  pieces: readonly PieceDrawing[],
): { side: string; d: string; hexes: number }[] & { front?: string } {
  const { sides, owner } = holders(b, pieces);
  const map = b.map;
  const parts = sides.map(() => [] as string[]);
  const front: string[] = [];
  for (let h = 0; h < map.graph.nodeCount; h++) {
    const o = owner[h]!;
    if (o < 0) continue;
    parts[o]!.push(hexOutlinePath(map, h));
    // The front: a side of this hex facing ground another side holds (or that two sides are as near to).
    let c: ReturnType<typeof hexCenter> | null = null;
    for (let d = 0; d < 6; d++) {
      const t = map.graph.targets[h * 6 + d]!;
      if (t < 0) continue;
      const other = owner[t]!;
      if (other === -1 || other === o || (other >= 0 && t < h)) continue;
      c ??= hexCenter(map, h);
      const [a, e] = hexsideSegment(c, d);
      front.push(segmentPath(a, e));
    }
  }
  const out = sides.map((side, k) => ({ side, d: parts[k]!.join(''), hexes: parts[k]!.length })) as {
    side: string;
    d: string;
    hexes: number;
  }[] & { front?: string };
  out.front = front.join('');
  return out;
}

/** The shading and the front line, drawn from `controlPaths`. */
export function ControlLayer(p: { board: HexBoard; pieces: readonly PieceDrawing[]; colours: Colours }) {
  const paths = controlPaths(p.board, p.pieces);
  return (
    <g class="control">
      {paths.map((x) => (
        <path
          key={x.side}
          class={`held ${x.side}`}
          d={x.d}
          fill={p.colours[x.side]?.fill ?? '#999'}
          data-side={x.side}
          data-hexes={x.hexes}
        />
      ))}
      <path class="front-line" d={paths.front ?? ''} />
    </g>
  );
}
