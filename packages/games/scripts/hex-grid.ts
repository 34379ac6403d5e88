/**
 * What the map generators (gen-mars-map.ts, gen-barbarossa-map.ts) share: a rectangular
 * grid of flat-topped hexes numbered CCRR, in km with hex 0101's centre at the origin; the
 * graph of its hexsides and their corners; and the walk along hexsides that puts a river's
 * course on the map. Each generator keeps its own projection and its own rules for where a
 * river may run (banks, tributaries, the sea); the mechanisms are these.
 */
import {
  axialNeighbor,
  axialToOffset,
  axialToPixel,
  directionTo,
  makeHexNumber,
  offsetToAxial,
  pixelToAxial,
} from '@stavka/engine';

/** Longitude and latitude, degrees. */
export type LonLat = readonly [number, number];
/** A projected point, km: x east, y south. */
export interface Pt {
  x: number;
  y: number;
}
/** A hex by its printed column and row. */
export interface Hex {
  col: number;
  row: number;
}

/** A grid of `columns` x `rows` hexes whose adjacent centres are `size` x sqrt(3) km apart. */
export interface HexGrid {
  readonly columns: number;
  readonly rows: number;
  /** Circumradius of a hex, km. */
  readonly size: number;
  /** Every hex, column by column. */
  readonly all: readonly Hex[];
  /** The hex number, CCRR. */
  key(h: Hex): string;
  parse(k: string): Hex;
  onGrid(h: Hex): boolean;
  centre(h: Hex): Pt;
  /** The hex a projected point lies in (maybe off the grid). */
  hexAtPt(p: Pt): Hex;
  /** The on-grid neighbours. */
  neighbours(h: Hex): Hex[];
  adjacent(a: Hex, b: Hex): boolean;
  /** A hex on the edge of the grid (fewer than six neighbours). */
  isRim(h: Hex): boolean;
  /** Inside the grid and not in the outermost half hex. */
  insideMap(p: Pt): boolean;
}

export function hexGrid(columns: number, rows: number, size: number): HexGrid {
  if (
    !Number.isInteger(columns) ||
    !Number.isInteger(rows) ||
    columns < 1 ||
    rows < 1 ||
    columns > 99 ||
    rows > 99
  )
    throw new Error(`hexGrid: ${columns}x${rows} is no grid of CCRR hexes`);
  if (!(size > 0)) throw new Error(`hexGrid: a hex of size ${size}`);
  const onGrid = (h: Hex): boolean => h.col >= 1 && h.col <= columns && h.row >= 1 && h.row <= rows;
  const hexAtPt = (p: Pt): Hex => axialToOffset(pixelToAxial(p.x, p.y, size));
  const neighbours = (h: Hex): Hex[] => {
    const a = offsetToAxial(h);
    const out: Hex[] = [];
    for (let d = 0; d < 6; d++) {
      const n = axialToOffset(axialNeighbor(a, d));
      if (onGrid(n)) out.push(n);
    }
    return out;
  };
  const isRim = (h: Hex): boolean => neighbours(h).length < 6;
  const all: Hex[] = [];
  for (let col = 1; col <= columns; col++) for (let row = 1; row <= rows; row++) all.push({ col, row });
  return {
    columns,
    rows,
    size,
    all,
    key: (h) => makeHexNumber(h),
    parse: (k) => ({ col: Number(k.slice(0, 2)), row: Number(k.slice(2)) }),
    onGrid,
    centre: (h) => axialToPixel(offsetToAxial(h), size),
    hexAtPt,
    neighbours,
    adjacent: (a, b) => directionTo(offsetToAxial(a), offsetToAxial(b)) >= 0,
    isRim,
    insideMap: (p) => onGrid(hexAtPt(p)) && !isRim(hexAtPt(p)),
  };
}

/* ------------------------------------------------------------------------------------ */
/* Polylines                                                                             */

/** Where a point lies along a polyline: the distance to it and how far along (segment index plus fraction). */
export function positionOn(line: readonly Pt[], p: Pt): { km: number; along: number } {
  let km = Number.POSITIVE_INFINITY;
  let along = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const l2 = dx * dx + dy * dy;
    const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
    const d = Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
    if (d < km) {
      km = d;
      along = i - 1 + t;
    }
  }
  return { km, along };
}

/** Whether a point lies inside a polygon of longitudes and latitudes (even-odd rule). */
export function inPolygon([lon, lat]: LonLat, poly: readonly LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The distance from a point to a polyline (infinite for a line of fewer than two points). */
export const distToPolyline = (p: Pt, line: readonly Pt[]): number => positionOn(line, p).km;

/**
 * A course's stretches inside the map (of two points or more), each with whether it ends
 * where the course itself ends (its mouth is on the map, not where it leaves the map).
 */
export function onMapRuns(
  course: readonly Pt[],
  inside: (p: Pt) => boolean,
): { run: Pt[]; mouth: boolean }[] {
  const runs: Pt[][] = [[]];
  for (const p of course) {
    if (inside(p)) runs[runs.length - 1]!.push(p);
    else if (runs[runs.length - 1]!.length > 0) runs.push([]);
  }
  const real = runs.filter((r) => r.length >= 2);
  return real.map((run) => ({ run, mouth: run === real.at(-1) && run.at(-1) === course.at(-1) }));
}

/* ------------------------------------------------------------------------------------ */
/* Hexsides and their corners                                                            */

/** A hexside: the two hexes it lies between, its two corners (vertex keys) and its midpoint. */
export interface Hexside {
  a: string;
  b: string;
  v1: string;
  v2: string;
  mid: Pt;
}

/** What a river's walk along hexsides keeps off and prefers (a place's river bank). */
export interface BankRule {
  /** Corners the walk may not pass (but may end on). */
  readonly avoid: ReadonlySet<string>;
  /** Hexsides that cost a tenth of the others. */
  readonly prefer: ReadonlySet<number>;
}

export interface SideChainOptions {
  /** Hexsides farther than this (km) outside the polyline's bounding box are not walked. */
  readonly margin?: number;
  readonly bank?: BankRule;
  /** A hexside the walk may not take (the one the previous leg ended on). */
  readonly banned?: number | undefined;
}

export interface HexsideGraph {
  /** Every hexside once, hex by hex (each hex's sides in directions 0..2). */
  readonly sides: readonly Hexside[];
  /** Each corner's position. */
  readonly vertexPos: ReadonlyMap<string, Pt>;
  /** The hexsides meeting at each corner (two on the grid's edge, three inside). */
  readonly vertexSides: ReadonlyMap<string, readonly number[]>;
  /** The hexside between two hexes, by `a|b` either way round. */
  readonly sideIndex: ReadonlyMap<string, number>;
  /** The corner nearest a point, of all corners or of those given (the first of equals). */
  nearestVertex(p: Pt, among?: Iterable<string>): string;
  /**
   * The cheapest corner-to-corner walk along hexsides hugging a polyline (Dijkstra): a
   * hexside costs its length times 1 + 8 d^2, d its midpoint's distance from the line in
   * hex sizes. Throws when no walk joins the two corners.
   */
  sideChain(line: readonly Pt[], from: string, to: string, options?: SideChainOptions): number[];
}

/**
 * The hexside graph of a grid; corners are keyed by their position rounded to
 * 1/`cornerScale` km (fine enough that distinct corners never share a key).
 */
export function hexsideGraph(grid: HexGrid, cornerScale: number): HexsideGraph {
  const { size } = grid;
  const vkey = (p: Pt): string => `${Math.round(p.x * cornerScale)},${Math.round(p.y * cornerScale)}`;
  const sides: Hexside[] = [];
  const vertexPos = new Map<string, Pt>();
  const vertexSides = new Map<string, number[]>();
  for (const h of grid.all) {
    const a = offsetToAxial(h);
    for (let d = 0; d < 3; d++) {
      const n = axialToOffset(axialNeighbor(a, d));
      if (!grid.onGrid(n)) continue;
      const ca = grid.centre(h);
      const cb = grid.centre(n);
      const mid = { x: (ca.x + cb.x) / 2, y: (ca.y + cb.y) / 2 };
      const dist = Math.hypot(cb.x - ca.x, cb.y - ca.y);
      const px = -(cb.y - ca.y) / dist;
      const py = (cb.x - ca.x) / dist;
      const p1 = { x: mid.x + (px * size) / 2, y: mid.y + (py * size) / 2 };
      const p2 = { x: mid.x - (px * size) / 2, y: mid.y - (py * size) / 2 };
      const v1 = vkey(p1);
      const v2 = vkey(p2);
      vertexPos.set(v1, p1);
      vertexPos.set(v2, p2);
      const i = sides.push({ a: grid.key(h), b: grid.key(n), v1, v2, mid }) - 1;
      for (const v of [v1, v2]) {
        const list = vertexSides.get(v) ?? [];
        list.push(i);
        vertexSides.set(v, list);
      }
    }
  }
  if ([...vertexSides.values()].some((l) => l.length > 3))
    throw new Error(`hexsideGraph: corners share keys at 1/${cornerScale} km; give a finer cornerScale`);
  const sideIndex = new Map<string, number>();
  sides.forEach((s, i) => {
    sideIndex.set(`${s.a}|${s.b}`, i);
    sideIndex.set(`${s.b}|${s.a}`, i);
  });

  const graph = { sides, vertexPos, vertexSides, sideIndex };
  return {
    ...graph,
    nearestVertex: (p, among) => nearestVertex(vertexPos, p, among),
    sideChain: (line, from, to, options) => sideChain(graph, size, line, from, to, options),
  };
}

/** The corner nearest a point, of all corners or of those given (the first of equals). */
function nearestVertex(vertexPos: ReadonlyMap<string, Pt>, p: Pt, among?: Iterable<string>): string {
  let best = '';
  let bd = Number.POSITIVE_INFINITY;
  for (const v of among ?? vertexPos.keys()) {
    const q = vertexPos.get(v)!;
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d < bd) {
      bd = d;
      best = v;
    }
  }
  return best;
}

/** The cheapest walk along hexsides hugging a polyline (`HexsideGraph.sideChain`), by Dijkstra on a binary heap. */
function sideChain(
  graph: Pick<HexsideGraph, 'sides' | 'vertexSides'>,
  size: number,
  line: readonly Pt[],
  from: string,
  to: string,
  options: SideChainOptions = {},
): number[] {
  const { sides, vertexSides } = graph;
  const { margin = Number.POSITIVE_INFINITY, bank, banned } = options;
  const xs = line.map((p) => p.x);
  const ys = line.map((p) => p.y);
  const box = {
    x0: Math.min(...xs) - margin,
    x1: Math.max(...xs) + margin,
    y0: Math.min(...ys) - margin,
    y1: Math.max(...ys) + margin,
  };
  const cost = new Map<number, number>();
  const costOf = (si: number): number => {
    let c = cost.get(si);
    if (c === undefined) {
      const m = sides[si]!.mid;
      if (m.x < box.x0 || m.x > box.x1 || m.y < box.y0 || m.y > box.y1) c = Number.POSITIVE_INFINITY;
      else {
        const d = distToPolyline(m, line) / size;
        c = size * (1 + 8 * d * d) * (bank?.prefer.has(si) ? 0.1 : 1);
      }
      cost.set(si, c);
    }
    return c;
  };
  const dist = new Map<string, number>([[from, 0]]);
  const via = new Map<string, number>();
  const heap = new MinHeap();
  heap.push(0, from);
  const done = new Set<string>();
  while (heap.size > 0) {
    const [du, u] = heap.pop();
    if (done.has(u)) continue;
    done.add(u);
    if (u === to) break;
    for (const si of vertexSides.get(u) ?? []) {
      const c = costOf(si);
      if (!Number.isFinite(c) || si === banned) continue;
      const s = sides[si]!;
      const w = s.v1 === u ? s.v2 : s.v1;
      if (bank?.avoid.has(w) && w !== to) continue;
      const nd = du + c;
      if (nd < (dist.get(w) ?? Number.POSITIVE_INFINITY)) {
        dist.set(w, nd);
        via.set(w, si);
        heap.push(nd, w);
      }
    }
  }
  if (!done.has(to)) throw new Error('river chain: no route');
  const out: number[] = [];
  let v = to;
  while (v !== from) {
    const si = via.get(v)!;
    out.push(si);
    const s = sides[si]!;
    v = s.v1 === v ? s.v2 : s.v1;
  }
  return out.reverse();
}

/** A binary min-heap of (cost, corner) pairs, for the walk's Dijkstra. */
class MinHeap {
  private readonly items: [number, string][] = [];
  get size(): number {
    return this.items.length;
  }
  push(cost: number, v: string): void {
    const heap = this.items;
    heap.push([cost, v]);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]![0] <= heap[i]![0]) break;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  }
  pop(): [number, string] {
    const heap = this.items;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l]![0] < heap[m]![0]) m = l;
        if (r < heap.length && heap[r]![0] < heap[m]![0]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  }
}
