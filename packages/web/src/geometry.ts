/**
 * Map geometry for drawing: hex centres, corners and hexside segments in SVG units,
 * from the engine's layout (flat-topped hexes, even columns shifted down).
 */
import { axialToPixel, type HexMap, hexAxial } from '@stavka/engine';

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

/** Each hex's outline (`polygonPoints` of its centre), by the grid's rows and the size: see `hexOutline`. */
const outlines = new Map<string, string[]>();

/**
 * Hex `hex`'s outline at `size`, as `polygonPoints(hexCenter(map, hex), size)` gives it:
 * worked out once per grid (it depends on the grid's rows, the hex and the size alone). The
 * board's layer and the shading of who holds the ground draw every hex of the whole front at
 * full size, and the shading is drawn again after each move (issue #49: ~12 formatted
 * numbers a hex, ~3,000 hexes); a click lights its ~66 hexes a little smaller.
 */
export function hexOutline(map: Pick<HexMap, 'rows'>, hex: number, size = HEX_SIZE): string {
  const key = `${map.rows}:${size}`;
  let byHex = outlines.get(key);
  if (!byHex) {
    byHex = [];
    outlines.set(key, byHex);
  }
  let s = byHex[hex];
  if (s === undefined) {
    s = polygonPoints(hexCenter(map, hex), size);
    byHex[hex] = s;
  }
  return s;
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
