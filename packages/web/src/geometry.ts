/**
 * Map geometry for drawing: hex centres, corners and hexside segments in SVG units,
 * from the engine's layout (flat-topped hexes, even columns shifted down).
 */
import { type Axial, axialToPixel, type HexMap, hexAxial, pixelToAxial } from '@stavka/engine';

export const HEX_SIZE = 30;
const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

export function hexCenter(map: Pick<HexMap, 'rows'>, hex: number): Point {
  const p = axialToPixel(hexAxial(map, hex), HEX_SIZE);
  return { x: p.x + HEX_SIZE, y: p.y + (SQRT3 / 2) * HEX_SIZE };
}

/** The hex (axial, on the grid or not) whose centre as `hexCenter` draws it is nearest map point (x, y). */
export function axialAt(x: number, y: number): Axial {
  return pixelToAxial(x - HEX_SIZE, y - (SQRT3 / 2) * HEX_SIZE, HEX_SIZE);
}

/** The cosine and sine of each corner's angle (0, 60, ..., 300 degrees), worked out once. */
const CORNER_COS = Array.from({ length: 6 }, (_, i) => Math.cos((Math.PI / 180) * (60 * i)));
const CORNER_SIN = Array.from({ length: 6 }, (_, i) => Math.sin((Math.PI / 180) * (60 * i)));

/** Corner `i` (0 east, clockwise) of the hex centred on `c`. */
function corner(c: Point, i: number, size = HEX_SIZE): Point {
  return { x: c.x + size * CORNER_COS[i]!, y: c.y + size * CORNER_SIN[i]! };
}

/** The six corners, starting east and going clockwise (flat-topped). */
export function hexCorners(c: Point, size = HEX_SIZE): Point[] {
  return Array.from({ length: 6 }, (_, i) => corner(c, i, size));
}

export function polygonPoints(c: Point, size = HEX_SIZE): string {
  return hexCorners(c, size)
    .map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
}

/** Each hex's outline, by the grid's rows and then the size: see `hexOutline`. */
const outlines = new Map<number, Map<number, string[]>>();
/** Each hex's full-size outline as a path, by the grid's rows: see `hexOutlinePath`. */
const outlinePaths = new Map<number, string[]>();

/** The strings kept for each hex under `key` (made empty the first time). */
function keptFor<K>(kept: Map<K, string[]>, key: K): string[] {
  let byHex = kept.get(key);
  if (!byHex) {
    byHex = [];
    kept.set(key, byHex);
  }
  return byHex;
}

/**
 * Hex `hex`'s outline at `size`, as `polygonPoints(hexCenter(map, hex), size)` gives it:
 * worked out once per grid (it depends on the grid's rows, the hex and the size alone). The
 * board's layer and the shading of who holds the ground draw every hex of the whole front at
 * full size, and the shading is drawn again after each move (issue #49: ~12 formatted
 * numbers a hex, ~3,000 hexes); a click lights its ~66 hexes a little smaller.
 */
export function hexOutline(map: Pick<HexMap, 'rows'>, hex: number, size = HEX_SIZE): string {
  let bySize = outlines.get(map.rows);
  if (!bySize) {
    bySize = new Map();
    outlines.set(map.rows, bySize);
  }
  const byHex = keptFor(bySize, size);
  let s = byHex[hex];
  if (s === undefined) {
    s = polygonPoints(hexCenter(map, hex), size);
    byHex[hex] = s;
  }
  return s;
}

/**
 * Hex `hex`'s full-size outline as a closed SVG path (`hexPathAt` its centre), kept as
 * `hexOutline` is: a whole front's board and its held ground's shading draw ~3,000 each.
 */
export function hexOutlinePath(map: Pick<HexMap, 'rows'>, hex: number): string {
  const byHex = keptFor(outlinePaths, map.rows);
  let d = byHex[hex];
  if (d === undefined) {
    d = hexPathAt(hexCenter(map, hex));
    byHex[hex] = d;
  }
  return d;
}

/** A full-size hex's outline after its east corner, relative (the same for every hex): SE, SW, W, NW, NE, closed. */
const HEX_TRAIL = (() => {
  const c = { x: 0, y: 0 };
  let s = '';
  for (let i = 1; i <= 5; i++) {
    const a = corner(c, i - 1);
    const e = corner(c, i);
    s += `l${(e.x - a.x).toFixed(2)},${(e.y - a.y).toFixed(2)}`;
  }
  return `${s}z`;
})();

/**
 * A full-size hex's outline centred on `c` as a closed path: its east corner, then the same
 * relative steps for every hex (a whole front's ~3,000 hexes in one path each fill, issue
 * #49, with two numbers formatted a hex, not twelve).
 */
export function hexPathAt(c: Point): string {
  return `M${(c.x + HEX_SIZE).toFixed(1)},${c.y.toFixed(1)}${HEX_TRAIL}`;
}

/** A segment as a path's subpath (`M x,y L x,y`, a tenth of a unit). */
export function segmentPath(a: Point, e: Point): string {
  return `M${a.x.toFixed(1)},${a.y.toFixed(1)}L${e.x.toFixed(1)},${e.y.toFixed(1)}`;
}

/**
 * The segment of the hexside in engine direction d (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW).
 * Corners run E(0) SE(1) SW(2) W(3) NW(4) NE(5).
 */
const SIDE_CORNERS: readonly [number, number][] = [
  [4, 5], // N
  [5, 0], // NE
  [0, 1], // SE
  [1, 2], // S
  [2, 3], // SW
  [3, 4], // NW
];

export function hexsideSegment(c: Point, direction: number): [Point, Point] {
  const [a, b] = SIDE_CORNERS[direction]!;
  return [corner(c, a), corner(c, b)];
}

export function mapSize(map: Pick<HexMap, 'columns' | 'rows'>): { width: number; height: number } {
  return { width: (map.columns * 1.5 + 0.5) * HEX_SIZE, height: (map.rows + 0.5) * SQRT3 * HEX_SIZE };
}
