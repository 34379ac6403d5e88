/**
 * The map model. A scenario's map is plain JSON (HexMapSetup, or a point map as
 * pointMapSchema reads it); it is validated once and compiled into typed arrays
 * (HexMap / PointMap) that the searches and the rules read. Feature and terrain names
 * are the game's vocabulary: the engine only gives each a small number.
 */
import { z } from 'zod';
import type { Graph } from './graph.ts';
import { graphFromEdges } from './graph.ts';
import {
  type Axial,
  axialNeighbor,
  axialToOffset,
  DIRECTIONS,
  hexNumberValue,
  hexsideEndDirections,
  makeHexNumber,
  offsetToAxial,
  opposite,
} from './hex.ts';
import { type EngineSetupCode, engineSetupError, err, ok, type Result, type SetupError } from './result.ts';
import { parseWithSchema } from './schema.ts';

const hexNumber = z.string().regex(/^\d{4}$/, 'a hex number is four digits, column then row (e.g. "1207")');
const name = z.string().min(1);

export const placeSchema = z.object({
  name,
  hex: hexNumber,
  /** Game vocabulary, e.g. "city", "town". */
  kind: name,
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
});

export const hexMapSchema = z.object({
  kind: z.literal('hex'),
  name: name.optional(),
  /** Columns and rows of the printed grid (hex 0101 top-left, even columns shifted down). */
  columns: z.number().int().min(1).max(99),
  rows: z.number().int().min(1).max(99),
  /** Grid cells that are not part of the playing area. */
  offMap: z.array(hexNumber).default([]),
  defaultTerrain: name,
  /** Terrain by hex number; hexes not listed have the default terrain. */
  terrain: z.record(hexNumber, name).default({}),
  /** Hexside features (river, frontline, ...), each hexside given by its two hexes. */
  hexsides: z
    .array(
      z.object({
        feature: name,
        name: name.optional(),
        between: z.array(z.tuple([hexNumber, hexNumber])).min(1),
        /**
         * The feature parts the two hexes: they are not neighbours in the map's graph, so
         * no search (movement, supply, retreat, zones of control) steps across it. For
         * water narrower than a hex (a strait, a bay between an island and the shore).
         */
        separates: z.boolean().optional(),
      }),
    )
    .default([]),
  /** Roads, railways and other links running hex to hex along a path. */
  connections: z
    .array(z.object({ kind: name, name: name.optional(), path: z.array(hexNumber).min(2) }))
    .default([]),
  places: z.array(placeSchema).default([]),
  /** Named areas: defense zones, deployment zones, national territory... */
  zones: z
    .array(
      z.object({
        id: name,
        kind: name,
        name: name.optional(),
        side: name.optional(),
        hexes: z.array(hexNumber),
      }),
    )
    .default([]),
  /** Map edges: which hexes form them and whose supply or entry they are. */
  edges: z
    .array(
      z.object({ id: name, name: name.optional(), side: name.optional(), hexes: z.array(hexNumber).min(1) }),
    )
    .default([]),
  /** Where the map came from: free text kept with the data. */
  sources: z.string().optional(),
  /** How geography was projected onto the grid, for generators and the UI. */
  geo: z.record(z.string(), z.unknown()).optional(),
});
export type HexMapSetup = z.input<typeof hexMapSchema>;

export interface Zone {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly side: string | null;
  readonly hexes: readonly number[];
  /** membership[hex] === 1 when the hex belongs to the zone. */
  readonly membership: Uint8Array;
}

export interface Place {
  readonly name: string;
  readonly kind: string;
  readonly hex: number;
}

export interface HexMap {
  readonly kind: 'hex';
  readonly name: string;
  readonly columns: number;
  readonly rows: number;
  /** Every grid cell is a node: index = (col-1) * rows + (row-1). */
  readonly graph: Graph;
  /** 1 where the cell is part of the playing area. */
  readonly onMap: Uint8Array;
  readonly terrainNames: readonly string[];
  readonly terrain: Uint8Array;
  readonly featureNames: readonly string[];
  /** Feature bit mask per (hex * 6 + direction); both sides of a hexside carry it. */
  readonly sideFeatures: Uint32Array;
  readonly connectionNames: readonly string[];
  /** Connection bit mask per (hex * 6 + direction): bit k = connectionNames[k] runs that way. */
  readonly links: Uint32Array;
  readonly places: readonly Place[];
  /** The place in each hex (index into places) or -1. */
  readonly placeAt: Int32Array;
  readonly zones: readonly Zone[];
  readonly edges: readonly Zone[];
}

export function hexIndexOf(map: Pick<HexMap, 'columns' | 'rows'>, col: number, row: number): number {
  if (col < 1 || row < 1 || col > map.columns || row > map.rows) return -1;
  return (col - 1) * map.rows + (row - 1);
}

/** Hex index of a printed hex number on this map, or -1 (not a hex number, or off the grid). */
export function hexIndex(map: Pick<HexMap, 'columns' | 'rows'>, hexNum: string): number {
  const v = hexNumberValue(hexNum);
  return v < 0 ? -1 : hexIndexOf(map, Math.floor(v / 100), v % 100);
}

export function hexNumberOf(map: Pick<HexMap, 'rows'>, index: number): string {
  return makeHexNumber({ col: Math.floor(index / map.rows) + 1, row: (index % map.rows) + 1 });
}

export function hexAxial(map: Pick<HexMap, 'rows'>, index: number): Axial {
  return offsetToAxial({ col: Math.floor(index / map.rows) + 1, row: (index % map.rows) + 1 });
}

/** The axial steps of the six directions (hex.ts `axialNeighbor`), as plain numbers. */
const AXIAL_DQ = DIRECTIONS.map((_, d) => axialNeighbor({ q: 0, r: 0 }, d).q);
const AXIAL_DR = DIRECTIONS.map((_, d) => axialNeighbor({ q: 0, r: 0 }, d).r);

/** The direction from grid hex `a` to an adjacent `b` (hex.ts `directionTo`), or -1; no objects made. */
function gridDirection(rows: number, a: number, b: number): number {
  const ac = Math.floor(a / rows);
  const bc = Math.floor(b / rows);
  const dq = bc - ac;
  const dr = (b % rows) - (bc - (bc & 1)) / 2 - ((a % rows) - (ac - (ac & 1)) / 2);
  for (let d = 0; d < 6; d++) if (AXIAL_DQ[d] === dq && AXIAL_DR[d] === dr) return d;
  return -1;
}

/**
 * The hexes of the grid within `radius` hexes of `centre` (itself included), by index, in
 * no set order: the disc walked in axial coordinates, not the whole grid measured.
 */
export function hexesWithin(map: Pick<HexMap, 'columns' | 'rows'>, centre: number, radius: number): number[] {
  const a = hexAxial(map, centre);
  const out: number[] = [];
  for (let dq = -radius; dq <= radius; dq++) {
    const hi = Math.min(radius, radius - dq);
    for (let dr = Math.max(-radius, -radius - dq); dr <= hi; dr++) {
      const o = axialToOffset({ q: a.q + dq, r: a.r + dr });
      const h = hexIndexOf(map, o.col, o.row);
      if (h >= 0) out.push(h);
    }
  }
  return out;
}

/** The hexside id of (hex, direction): the same number seen from either side. */
export function hexsideId(map: HexMap, hex: number, direction: number): number {
  return map.graph.edges[hex * 6 + direction]!;
}

/**
 * The hexes at the two ends of the hexside of (hex, direction), -1 where off the grid: the
 * hexes touching both hexes it parts (hex.ts `hexsideEndDirections`). By the grid's
 * geometry, so also across a hexside that `separates` its hexes.
 */
export function hexsideEnds(
  map: Pick<HexMap, 'columns' | 'rows'>,
  hex: number,
  direction: number,
): [number, number] {
  const a = hexAxial(map, hex);
  const at = (d: number): number => {
    const o = axialToOffset(axialNeighbor(a, d));
    return hexIndexOf(map, o.col, o.row);
  };
  const [d1, d2] = hexsideEndDirections(direction);
  return [at(d1), at(d2)];
}

/** Printed name of a hexside: "1207/NE". */
export function hexsideName(map: HexMap, hexside: number): string {
  const hex = Math.floor(hexside / 6);
  return `${hexNumberOf(map, hex)}/${DIRECTIONS[hexside % 6]}`;
}

export function featureBit(map: HexMap, feature: string): number {
  const i = map.featureNames.indexOf(feature);
  return i < 0 ? 0 : 1 << i;
}

export function connectionBit(map: HexMap, kind: string): number {
  const i = map.connectionNames.indexOf(kind);
  return i < 0 ? 0 : 1 << i;
}

export function terrainOf(map: HexMap, hex: number): string {
  return map.terrainNames[map.terrain[hex]!]!;
}

/**
 * The graph of a columns x rows grid of flat-topped hexes (even columns shifted down):
 * six slots a hex in direction order, -1 where the neighbour is off the grid or off the
 * map. The hexside between a hex and its N/NE/SE neighbour is numbered from the hex,
 * the other three from the neighbour, so both hexes share one id.
 */
export function hexGridGraph(columns: number, rows: number, onMap?: Uint8Array): Graph {
  const dims = { columns, rows };
  const n = columns * rows;
  const targets = new Int32Array(n * 6).fill(-1);
  const edgeIds = new Int32Array(n * 6);
  const offsets = new Int32Array(n + 1);
  // Each neighbour's column and row from the hex's own, in plain integers (axialNeighbor's
  // objects, six a hex, were most of the time a browser took to open the whole front).
  for (let i = 0; i < n; i++) {
    offsets[i + 1] = (i + 1) * 6;
    const col = Math.floor(i / rows);
    const row = i % rows;
    const r = row - (col - (col & 1)) / 2;
    for (let d = 0; d < 6; d++) {
      const nc = col + AXIAL_DQ[d]!;
      const nr = r + AXIAL_DR[d]! + (nc - (nc & 1)) / 2;
      const j = hexIndexOf(dims, nc + 1, nr + 1);
      const slot = i * 6 + d;
      if (j >= 0 && (!onMap || (onMap[i] === 1 && onMap[j] === 1))) targets[slot] = j;
      edgeIds[slot] = d < 3 || j < 0 ? slot : j * 6 + opposite(d);
    }
  }
  return { nodeCount: n, offsets, targets, edges: edgeIds };
}

/** Validates and compiles a hex map; errors name the field (`map.hexsides[2].between[0][1]`). */
export function compileHexMap(input: unknown, root = 'map'): Result<HexMap, SetupError<EngineSetupCode>[]> {
  const parsed = parseWithSchema(hexMapSchema, input, root);
  return parsed.ok ? compileParsedHexMap(parsed.value, root) : parsed;
}

/**
 * Compiles a hex map `hexMapSchema` has already parsed (a scenario schema holding it
 * parses it with the rest of the file: a second parse of the whole map is only time, ~a
 * quarter of a whole-front scenario's compile in a browser); the checks beyond the
 * schema (hexes on the grid, places, zones) are made here all the same.
 */
export function compileParsedHexMap(
  m: HexMapInput,
  root = 'map',
): Result<HexMap, SetupError<EngineSetupCode>[]> {
  const c = hexCompiling(m, root);
  const graph = hexGridGraph(m.columns, m.rows, c.onMap);
  const { terrainNames, terrain } = compileTerrain(c, m);
  const { featureNames, sideFeatures } = compileHexsides(c, m.hexsides, graph);
  const { connectionNames, links } = compileConnections(c, m.connections);
  const { places, placeAt } = compilePlaces(c, m.places);
  const zones = compileZones(c, m.zones, 'zones');
  const edges = compileZones(c, m.edges, 'edges');
  if (c.errors.length > 0) return err(c.errors);
  return ok({
    kind: 'hex',
    name: m.name ?? 'map',
    columns: m.columns,
    rows: m.rows,
    graph,
    onMap: c.onMap,
    terrainNames,
    terrain,
    featureNames,
    sideFeatures,
    connectionNames,
    links,
    places,
    placeAt,
    zones,
    edges,
  });
}

/** A hex map as `hexMapSchema` parses it (its defaults filled in). */
export type HexMapInput = z.output<typeof hexMapSchema>;

/** What the parts of a hex map's compile share: the grid, the errors so far, the hexes on the map. */
interface HexCompiling {
  readonly dims: { readonly columns: number; readonly rows: number };
  /** Hexes on the grid. */
  readonly n: number;
  readonly root: string;
  readonly errors: SetupError<EngineSetupCode>[];
  /** 1 where the hex is on the map (the grid less `offMap`). */
  readonly onMap: Uint8Array;
  /**
   * The index of a hex a field names; an error at `path()`, and -1 for a hex off the map.
   * The path is a function, written only for an error: a map names thousands of hexes.
   */
  readonly at: (hexNum: string, path: () => string) => number;
}

/** The grid with its `offMap` hexes taken out (an unknown one is an error). */
function hexCompiling(m: HexMapInput, root: string): HexCompiling {
  const errors: SetupError<EngineSetupCode>[] = [];
  const dims = { columns: m.columns, rows: m.rows };
  const n = m.columns * m.rows;
  const onMap = new Uint8Array(n).fill(1);
  const at = (hexNum: string, path: () => string): number => {
    const i = hexIndex(dims, hexNum);
    if (i < 0) {
      errors.push(
        engineSetupError('setup/unknown-hex', path(), `hex ${hexNum} is not on a ${m.columns}x${m.rows} map`),
      );
    } else if (onMap[i] === 0) {
      errors.push(engineSetupError('setup/off-map-hex', path(), `hex ${hexNum} is listed as off the map`));
      return -1;
    }
    return i;
  };
  m.offMap.forEach((h, i) => {
    const x = hexIndex(dims, h);
    if (x < 0)
      errors.push(
        engineSetupError('setup/unknown-hex', `${root}.offMap[${i}]`, `hex ${h} is not on the grid`),
      );
    else onMap[x] = 0;
  });
  return { dims, n, root, errors, onMap, at };
}

/** Each hex's terrain, an index into the names (the default first). */
function compileTerrain(c: HexCompiling, m: HexMapInput): Pick<HexMap, 'terrainNames' | 'terrain'> {
  const terrainNames = [m.defaultTerrain];
  const terrain = new Uint8Array(c.n);
  for (const [h, t] of Object.entries(m.terrain)) {
    const i = c.at(h, () => `${c.root}.terrain.${h}`);
    if (i < 0) continue;
    let k = terrainNames.indexOf(t);
    if (k < 0) k = terrainNames.push(t) - 1;
    terrain[i] = k;
  }
  return { terrainNames, terrain };
}

/** Hexside features as bits on both sides of each hexside (at most 32 kinds); a `separates` feature cuts the graph. */
function compileHexsides(
  c: HexCompiling,
  hexsides: HexMapInput['hexsides'],
  graph: Graph,
): Pick<HexMap, 'featureNames' | 'sideFeatures'> {
  const { dims, root, errors } = c;
  const featureNames: string[] = [];
  const sideFeatures = new Uint32Array(c.n * 6);
  hexsides.forEach((group, gi) => {
    let k = featureNames.indexOf(group.feature);
    if (k < 0) k = featureNames.push(group.feature) - 1;
    if (k >= 32) {
      errors.push(
        engineSetupError('setup/too-many-features', `${root}.hexsides[${gi}].feature`, 'at most 32 kinds'),
      );
      return;
    }
    group.between.forEach(([h1, h2], si) => {
      const path = () => `${root}.hexsides[${gi}].between[${si}]`;
      const a = c.at(h1, () => `${path()}[0]`);
      const b = c.at(h2, () => `${path()}[1]`);
      if (a < 0 || b < 0) return;
      const d = gridDirection(dims.rows, a, b);
      if (d < 0) {
        errors.push(engineSetupError('setup/not-adjacent', path(), `hexes ${h1} and ${h2} share no hexside`));
        return;
      }
      sideFeatures[a * 6 + d]! |= 1 << k;
      sideFeatures[b * 6 + opposite(d)]! |= 1 << k;
      if (group.separates === true) {
        graph.targets[a * 6 + d] = -1;
        graph.targets[b * 6 + opposite(d)] = -1;
      }
    });
  });
  return { featureNames, sideFeatures };
}

/** Connections (roads, railways) as bits on the hexsides along each path; a jump is an error. */
function compileConnections(
  c: HexCompiling,
  connections: HexMapInput['connections'],
): Pick<HexMap, 'connectionNames' | 'links'> {
  const { dims, root, errors } = c;
  const connectionNames: string[] = [];
  const links = new Uint32Array(c.n * 6);
  connections.forEach((conn, ci) => {
    let k = connectionNames.indexOf(conn.kind);
    if (k < 0) k = connectionNames.push(conn.kind) - 1;
    let prev = -1;
    conn.path.forEach((h, pi) => {
      const path = () => `${root}.connections[${ci}].path[${pi}]`;
      const i = c.at(h, path);
      if (i >= 0 && prev >= 0) {
        const d = gridDirection(dims.rows, prev, i);
        if (d < 0) {
          errors.push(
            engineSetupError(
              'setup/not-adjacent',
              path(),
              `${conn.kind} jumps from ${hexNumberOf(dims, prev)} to ${h}`,
            ),
          );
        } else {
          links[prev * 6 + d]! |= 1 << k;
          links[i * 6 + opposite(d)]! |= 1 << k;
        }
      }
      prev = i;
    });
  });
  return { connectionNames, links };
}

/** Named places, one a hex. */
function compilePlaces(c: HexCompiling, list: HexMapInput['places']): Pick<HexMap, 'places' | 'placeAt'> {
  const places: Place[] = [];
  const placeAt = new Int32Array(c.n).fill(-1);
  list.forEach((p, pi) => {
    const i = c.at(p.hex, () => `${c.root}.places[${pi}].hex`);
    if (i < 0) return;
    if (placeAt[i]! >= 0) {
      c.errors.push(
        engineSetupError(
          'setup/duplicate',
          `${c.root}.places[${pi}].hex`,
          `hex ${p.hex} already holds ${places[placeAt[i]!]!.name}`,
        ),
      );
      return;
    }
    placeAt[i] = places.length;
    places.push({ name: p.name, kind: p.kind, hex: i });
  });
  return { places, placeAt };
}

/** Zones (or edges) with their hexes, each id once, and each zone's membership by hex. */
function compileZones(
  c: HexCompiling,
  list: readonly {
    id: string;
    kind?: string;
    name?: string | undefined;
    side?: string | undefined;
    hexes: string[];
  }[],
  field: string,
): Zone[] {
  const seen = new Set<string>();
  return list.map((zn, zi) => {
    if (seen.has(zn.id))
      c.errors.push(
        engineSetupError('setup/duplicate', `${c.root}.${field}[${zi}].id`, `id ${zn.id} used twice`),
      );
    seen.add(zn.id);
    const membership = new Uint8Array(c.n);
    const hexes: number[] = [];
    zn.hexes.forEach((h, hi) => {
      const i = c.at(h, () => `${c.root}.${field}[${zi}].hexes[${hi}]`);
      if (i >= 0 && membership[i] === 0) {
        membership[i] = 1;
        hexes.push(i);
      }
    });
    return {
      id: zn.id,
      kind: zn.kind ?? field,
      name: zn.name ?? zn.id,
      side: zn.side ?? null,
      hexes,
      membership,
    };
  });
}

/* ------------------------------------------------------------------------------------ */
/* Point-to-point maps: points joined by lines with capacities (point-to-point.txt).    */

export const pointMapSchema = z.object({
  kind: z.literal('points'),
  name: name.optional(),
  points: z
    .array(
      z.object({
        id: name,
        name: name.optional(),
        kind: name.optional(),
        lat: z.number().min(-90).max(90).optional(),
        lon: z.number().min(-180).max(180).optional(),
      }),
    )
    .min(1),
  lines: z.array(
    z.object({
      from: name,
      to: name,
      /** How many units may use the line in one move or retreat. */
      capacity: z.number().int().min(0),
      kind: name.optional(),
    }),
  ),
  sources: z.string().optional(),
});

export interface PointMap {
  readonly kind: 'points';
  readonly name: string;
  readonly graph: Graph;
  readonly pointIds: readonly string[];
  readonly pointNames: readonly string[];
  readonly pointKinds: readonly string[];
  /** Where each point is on the earth (null where the file gives none): the board is drawn from them. */
  readonly coords: readonly ({ readonly lat: number; readonly lon: number } | null)[];
  /** Capacity per line (graph edge id). */
  readonly capacity: Int32Array;
  readonly lineKinds: readonly string[];
}

/**
 * What a unit takes of a line's capacity (point-to-point.txt B.4 Retreat: some units
 * count double, some half): 2, 1 or 1/2.
 */
export type LineWeight = 2 | 1 | 0.5;

/** How much of a line's capacity units take, in whole units (halves summed exactly). */
export function lineLoad(weights: readonly LineWeight[]): number {
  let halves = 0;
  for (const w of weights) halves += w * 2;
  return halves / 2;
}

/** Whether units of these weights fit a line of `capacity` (B.4). */
export function fitsLine(capacity: number, weights: readonly LineWeight[]): boolean {
  return lineLoad(weights) <= capacity;
}

export function compilePointMap(
  input: unknown,
  root = 'map',
): Result<PointMap, SetupError<EngineSetupCode>[]> {
  const parsed = parseWithSchema(pointMapSchema, input, root);
  if (!parsed.ok) return parsed;
  const m = parsed.value;
  const errors: SetupError<EngineSetupCode>[] = [];
  const byId = new Map<string, number>();
  m.points.forEach((p, i) => {
    if (byId.has(p.id))
      errors.push(engineSetupError('setup/duplicate', `${root}.points[${i}].id`, `point ${p.id} twice`));
    byId.set(p.id, i);
  });
  const pairs: [number, number][] = [];
  const capacity: number[] = [];
  const lineKinds: string[] = [];
  m.lines.forEach((l, i) => {
    const a = byId.get(l.from);
    const b = byId.get(l.to);
    if (a === undefined)
      errors.push(engineSetupError('setup/unknown-point', `${root}.lines[${i}].from`, `no point ${l.from}`));
    if (b === undefined)
      errors.push(engineSetupError('setup/unknown-point', `${root}.lines[${i}].to`, `no point ${l.to}`));
    if (a === undefined || b === undefined) return;
    if (a === b)
      errors.push(engineSetupError('setup/loop', `${root}.lines[${i}]`, `line from ${l.from} to itself`));
    pairs.push([a, b]);
    capacity.push(l.capacity);
    lineKinds.push(l.kind ?? 'line');
  });
  if (errors.length > 0) return err(errors);
  return ok({
    kind: 'points',
    name: m.name ?? 'map',
    graph: graphFromEdges(m.points.length, pairs),
    pointIds: m.points.map((p) => p.id),
    pointNames: m.points.map((p) => p.name ?? p.id),
    pointKinds: m.points.map((p) => p.kind ?? 'point'),
    coords: m.points.map((p) =>
      p.lat !== undefined && p.lon !== undefined ? { lat: p.lat, lon: p.lon } : null,
    ),
    capacity: Int32Array.from(capacity),
    lineKinds,
  });
}
