/**
 * Hex geometry. Inside the engine a hex is a cube/axial coordinate; the four-digit
 * "hex numbers" printed on a wargame map (column then row, e.g. "1207") exist only at
 * the edges: scenario files, the log and the UI. (Red Blob Games' hex guide.)
 *
 * Maps are flat-topped hexes in vertical columns, hex 0101 in the top-left corner and
 * every even-numbered column shifted half a hex down: the convention of nearly every
 * printed hex-and-counter wargame.
 */

/** Axial coordinate: q is the column, r the diagonal row; the cube's s is -q-r. */
export interface Axial {
  readonly q: number;
  readonly r: number;
}

/** A printed map position: 1-based column and row, as in hex number CCRR. */
export interface Offset {
  readonly col: number;
  readonly row: number;
}

/**
 * The six directions of a flat-topped hex, clockwise from north. Index order is
 * part of the contract: hexside and connection bit masks are built on it.
 */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

const AXIAL_DIRECTIONS: readonly Axial[] = [
  { q: 0, r: -1 }, // N
  { q: 1, r: -1 }, // NE
  { q: 1, r: 0 }, // SE
  { q: 0, r: 1 }, // S
  { q: -1, r: 1 }, // SW
  { q: -1, r: 0 }, // NW
];

/** The direction pointing back: N <-> S, NE <-> SW, SE <-> NW. */
export function opposite(direction: number): number {
  return (direction + 3) % 6;
}

export function axialNeighbor(hex: Axial, direction: number): Axial {
  const d = AXIAL_DIRECTIONS[direction];
  if (d === undefined) throw new RangeError(`hex direction ${direction} is not 0..5`);
  return { q: hex.q + d.q, r: hex.r + d.r };
}

export function axialNeighbors(hex: Axial): Axial[] {
  return AXIAL_DIRECTIONS.map((d) => ({ q: hex.q + d.q, r: hex.r + d.r }));
}

/**
 * The directions, from a hex, of the two hexes at the ends of its hexside `direction`:
 * each corner of a hexside is shared by three hexes, the two it parts and one that
 * touches both (N's ends are NW and NE). Water running along hexsides joins at corners.
 */
export function hexsideEndDirections(direction: number): [number, number] {
  if (!Number.isInteger(direction) || direction < 0 || direction > 5)
    throw new RangeError(`hex direction ${direction} is not 0..5`);
  return [(direction + 5) % 6, (direction + 1) % 6];
}

/** Hex distance: the number of hex steps between two hexes. */
export function axialDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The direction from a to an adjacent b, or -1 when they are not adjacent. */
export function directionTo(a: Axial, b: Axial): number {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  return AXIAL_DIRECTIONS.findIndex((d) => d.q === dq && d.r === dr);
}

function cubeRound(q: number, r: number): Axial {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

/**
 * The hexes on the straight line from a to b, both included (cube linear
 * interpolation, nudged so a line along a hexside picks the same side every time).
 */
export function axialLine(a: Axial, b: Axial): Axial[] {
  const n = axialDistance(a, b);
  if (n === 0) return [{ q: a.q, r: a.r }];
  const out: Axial[] = [];
  const eps = 1e-6;
  const aq = a.q + eps;
  const ar = a.r + eps;
  const bq = b.q + eps;
  const br = b.r + eps;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(cubeRound(aq + (bq - aq) * t, ar + (br - ar) * t));
  }
  return out;
}

/** Printed (1-based, even columns shifted down) to axial. */
export function offsetToAxial(o: Offset): Axial {
  const col = o.col - 1;
  const row = o.row - 1;
  // 1-based even columns are 0-based odd columns: "odd-q" in Red Blob terms.
  return { q: col, r: row - (col - (col & 1)) / 2 };
}

export function axialToOffset(a: Axial): Offset {
  const col = a.q;
  const row = a.r + (col - (col & 1)) / 2;
  return { col: col + 1, row: row + 1 };
}

/** The digit at `i` of `text` (0-9), or -1. */
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

/**
 * A printed hex number "CCRR" read as the number CCRR (column * 100 + row), or -1 when it
 * is not one. Digit by digit, not by a regular expression, and no object: a map file names
 * every hex of its zones, terrain and lines, and a browser opening a game compiles the
 * whole front's (issue #49).
 */
export function hexNumberValue(text: string): number {
  if (text.length !== 4) return -1;
  const c1 = digitAt(text, 0);
  const c2 = digitAt(text, 1);
  const r1 = digitAt(text, 2);
  const r2 = digitAt(text, 3);
  if (c1 < 0 || c2 < 0 || r1 < 0 || r2 < 0) return -1;
  const col = c1 * 10 + c2;
  const row = r1 * 10 + r2;
  return col < 1 || row < 1 ? -1 : col * 100 + row;
}

/** Parses a printed hex number "CCRR" (e.g. "1207"); null when it is not one. */
export function parseHexNumber(text: string): Offset | null {
  const v = hexNumberValue(text);
  return v < 0 ? null : { col: Math.floor(v / 100), row: v % 100 };
}

export function makeHexNumber(o: Offset): string {
  if (o.col < 1 || o.col > 99 || o.row < 1 || o.row > 99) {
    throw new RangeError(`hex ${o.col},${o.row} has no four-digit hex number`);
  }
  return String(o.col).padStart(2, '0') + String(o.row).padStart(2, '0');
}

/** Layout: hex centre in map units for a flat-topped hex of circumradius `size`. */
export function axialToPixel(a: Axial, size: number): { x: number; y: number } {
  return { x: size * 1.5 * a.q, y: size * Math.sqrt(3) * (a.r + a.q / 2) };
}

export function pixelToAxial(x: number, y: number, size: number): Axial {
  const q = ((2 / 3) * x) / size;
  const r = ((-1 / 3) * x + (Math.sqrt(3) / 3) * y) / size;
  return cubeRound(q, r);
}
