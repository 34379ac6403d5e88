/**
 * Generates the Operation Mars 1942 map (packages/games/src/mars-1942/data/map.json) from
 * real geography: place coordinates, river polylines (geo/*.geojson), railway and road
 * courses and the front line of 25 Nov 1942 given as latitude/longitude below. Every
 * judgement call is documented in src/mars-1942/data/MAP-SOURCES.md.
 *
 *   npx tsx packages/games/scripts/gen-mars-map.ts            # writes map.json
 *   npx tsx packages/games/scripts/gen-mars-map.ts --check    # exits 1 if map.json would change
 *   npx tsx packages/games/scripts/gen-mars-map.ts --svg F    # also writes a preview SVG
 *
 * The script checks its own output (territory partition, front line = territory boundary,
 * 21 contiguous defense zones on the front, continuous rivers, adjacent paths, ...) and
 * exits non-zero without writing anything when a check fails.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  axialLine,
  axialToOffset,
  axialToPixel,
  compileHexMap,
  type HexMapSetup,
  offsetToAxial,
} from '@stavka/engine';
import { generatorMode, leaveGenerated } from './generated-file.ts';
import { type Hex, hexGrid, hexsideGraph, inPolygon, type LonLat, onMapRuns, type Pt } from './hex-grid.ts';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '../src/mars-1942/data/map.json');

/* ------------------------------------------------------------------------------------ */
/* Grid and projection                                                                   */

const COLUMNS = 24;
const ROWS = 20;
/** Centre-to-centre distance of adjacent hexes: 7 miles / 11 km (mars-1942.txt). */
const HEX_KM = 11;
/** Circumradius of a flat-topped hex whose centres are HEX_KM apart. */
const SIZE = HEX_KM / Math.sqrt(3);
const EARTH_RADIUS_KM = 6371.0088;
/** Equirectangular projection with true scale along the centre parallel. */
const LON0 = 33.98;
const LAT0 = 55.84;
const KX = ((EARTH_RADIUS_KM * Math.PI) / 180) * Math.cos((LAT0 * Math.PI) / 180);
const KY = (EARTH_RADIUS_KM * Math.PI) / 180;

// Grid extent in km relative to hex 0101's centre, used to centre the grid on (LON0, LAT0).
const last = axialToPixel(offsetToAxial({ col: COLUMNS, row: ROWS }), SIZE);
const GRID_CX = last.x / 2;
const GRID_CY = (last.y + (SIZE * Math.sqrt(3)) / 2) / 2;

/** Projected km, x east, y south, origin at hex 0101's centre. */
function project([lon, lat]: LonLat): Pt {
  return { x: (lon - LON0) * KX + GRID_CX, y: (LAT0 - lat) * KY + GRID_CY };
}
function unproject(p: Pt): LonLat {
  return [LON0 + (p.x - GRID_CX) / KX, LAT0 - (p.y - GRID_CY) / KY];
}

const grid = hexGrid(COLUMNS, ROWS, SIZE);
const { key, onGrid, centre, hexAtPt, parse, neighbours, adjacent, isRim, insideMap } = grid;
const ALL = grid.all;
const hexAt = (ll: LonLat): Hex => hexAtPt(project(ll));

/* ------------------------------------------------------------------------------------ */
/* Places (lat/lon of the town centre; the hex is the one containing it)                 */

interface PlaceDef {
  name: string;
  kind: 'city' | 'town';
  lat: number;
  lon: number;
}
const PLACES: PlaceDef[] = [
  { name: 'Rzhev', kind: 'city', lat: 56.262, lon: 34.329 },
  { name: 'Vyazma', kind: 'city', lat: 55.21, lon: 34.3 },
  { name: 'Gzhatsk', kind: 'town', lat: 55.55, lon: 35.0 },
  { name: 'Zubtsov', kind: 'town', lat: 56.176, lon: 34.585 },
  { name: 'Sychevka', kind: 'town', lat: 55.83, lon: 34.278 },
  { name: 'Bely', kind: 'town', lat: 55.834, lon: 32.939 },
  { name: 'Olenino', kind: 'town', lat: 56.209, lon: 33.488 },
  { name: 'Nelidovo', kind: 'town', lat: 56.223, lon: 32.776 },
  { name: 'Karmanovo', kind: 'town', lat: 55.72, lon: 34.79 },
  { name: 'Pogoreloye Gorodishche', kind: 'town', lat: 56.05, lon: 35.08 },
  { name: 'Novo-Dugino', kind: 'town', lat: 55.64, lon: 34.285 },
  { name: 'Kholm-Zhirkovsky', kind: 'town', lat: 55.5, lon: 33.48 },
  { name: 'Durovo', kind: 'town', lat: 55.16, lon: 33.63 },
  { name: 'Staritsa', kind: 'town', lat: 56.514, lon: 34.934 },
  { name: 'Dukhovshchina', kind: 'town', lat: 55.195, lon: 32.405 },
  { name: 'Yartsevo', kind: 'town', lat: 55.066, lon: 32.693 },
];
/** Villages used only to name defense zones and to route lines; not map places. */
const LANDMARKS: Record<string, LonLat> = {
  'Molodoi Tud': [33.82, 56.47],
  Chertolino: [34.02, 56.25],
  'Luchesa valley': [33.1, 56.04],
  Vladimirskoe: [33.3, 55.84],
  'Nacha river': [33.12, 55.72],
  Osuga: [34.3, 56.02],
  Vasilki: [34.5, 56.05],
  Grediakino: [34.47, 55.92],
  'Vazuza bridgehead': [34.52, 56.0],
  Temkino: [35.01, 55.1],
  Uvarovka: [35.62, 55.53],
  Shakhovskaya: [35.5, 56.03],
  Semlevo: [33.52, 55.14],
  'Demidov road': [32.2, 55.42],
  'upper Vop': [32.82, 55.52],
  Safonovo: [33.24, 55.11],
};
const P = (name: string): LonLat => {
  const p = PLACES.find((q) => q.name === name);
  if (p) return [p.lon, p.lat];
  const l = LANDMARKS[name];
  if (!l) throw new Error(`no place ${name}`);
  return l;
};

/* ------------------------------------------------------------------------------------ */
/* The front line of 25 Nov 1942 as a polygon of German-held ground                      */

/**
 * The German side of the front, west-edge end first, running clockwise round the salient
 * (Bely, Luchesa valley, north face, Rzhev, Vazuza, Gzhatsk) to the southern map edge,
 * then closed along and beyond the south and west edges. Hexes whose centre lies inside
 * are German-held. Reconstructed from Glantz's situation maps of 24/25 Nov 1942 (see
 * MAP-SOURCES.md); accurate to a few km at best, which is below the hex scale.
 */
const FRONT: LonLat[] = [
  [31.8, 55.5], // beyond the west edge: Kalinin Front's Velizh-Demidov sector to the west
  [32.4, 55.52],
  [32.75, 55.56],
  [33.0, 55.64], // 41st Army's jump-off area south-east of Bely, on the Nacha/Vishenka
  [33.2, 55.72],
  [33.12, 55.78],
  [32.98, 55.78],
  [32.86, 55.8], // south and west of Bely, which stays German
  [32.84, 55.88],
  [32.96, 55.92], // north of Bely
  [33.02, 56.0],
  [33.04, 56.08], // across the Luchesa valley (22nd Army to the west)
  [33.1, 56.2], // west of Olenino
  [33.22, 56.3],
  [33.45, 56.4],
  [33.65, 56.44],
  [33.82, 56.5], // Molodoi Tud: 39th Army
  [33.98, 56.42],
  [34.12, 56.36], // along the Volga north-west of Rzhev
  [34.26, 56.31],
  [34.4, 56.29], // Soviet 30th Army on Rzhev's northern and eastern outskirts
  [34.44, 56.215], // west of Zubtsov (Soviet since Aug 1942)
  [34.6, 56.13], // the Vazuza line (German west bank; the 20th Army's small bridgehead
  [34.6, 55.95], // at Vasilki is below the hex scale)
  [34.56, 55.84],
  [34.66, 55.76], // west of Karmanovo (Soviet since Aug 1942)
  [34.8, 55.66],
  [34.94, 55.62],
  [35.12, 55.58], // north-east and east of Gzhatsk (5th Army)
  [35.18, 55.45],
  [35.24, 55.25],
  [35.26, 55.0],
  [35.28, 54.5], // beyond the south edge, toward Yukhnov (Soviet) and the Ugra
  [31.8, 54.5],
];

/** Kalinin Front / Western Front boundary: the meridian meeting the Volga NW of Rzhev. */
const FRONT_BOUNDARY_LON = 34.1;

/* ------------------------------------------------------------------------------------ */
/* Railways and roads, as waypoint courses (ends beyond the map edge are clipped)        */

interface LineDef {
  kind: 'rail' | 'road';
  name: string;
  via: LonLat[];
}
const LINES: LineDef[] = [
  {
    kind: 'rail',
    name: 'Rzhev - Sychevka - Vyazma railway',
    via: [
      P('Rzhev'),
      [34.31, 56.12],
      P('Osuga'),
      P('Sychevka'),
      P('Novo-Dugino'),
      [34.3, 55.42],
      P('Vyazma'),
    ],
  },
  {
    kind: 'rail',
    name: 'Rzhev - Olenino - Nelidovo - Velikiye Luki railway',
    via: [
      P('Rzhev'),
      P('Chertolino'),
      [33.75, 56.22],
      P('Olenino'),
      [33.1, 56.22],
      P('Nelidovo'),
      [31.9, 56.2],
    ],
  },
  {
    kind: 'rail',
    name: 'Moscow - Gzhatsk - Vyazma - Smolensk railway',
    via: [
      [36.1, 55.52],
      P('Uvarovka'),
      [35.3, 55.55],
      P('Gzhatsk'),
      [34.75, 55.4],
      [34.5, 55.27],
      P('Vyazma'),
      [34.0, 55.18],
      P('Durovo'),
      P('Safonovo'),
      [32.95, 55.08],
      P('Yartsevo'),
      [32.3, 54.93],
      [31.9, 54.82],
    ],
  },
  {
    kind: 'rail',
    name: 'Rzhev - Staritsa - Torzhok railway',
    via: [P('Rzhev'), [34.55, 56.35], [34.75, 56.44], P('Staritsa'), [34.97, 56.7], [34.97, 57.1]],
  },
  {
    kind: 'rail',
    name: 'Rzhev - Zubtsov - Shakhovskaya - Moscow railway',
    via: [
      P('Rzhev'),
      P('Zubtsov'),
      [34.85, 56.12],
      P('Pogoreloye Gorodishche'),
      P('Shakhovskaya'),
      [36.1, 56.0],
    ],
  },
  {
    kind: 'rail',
    name: 'Vyazma - Bryansk railway',
    via: [P('Vyazma'), [34.32, 55.0], [34.33, 54.7]],
  },
  {
    kind: 'rail',
    name: 'Vyazma - Kaluga railway',
    via: [P('Vyazma'), [34.65, 55.15], P('Temkino'), [35.3, 54.95], [35.5, 54.8]],
  },
  {
    kind: 'road',
    name: 'Rzhev - Zubtsov - Pogoreloye Gorodishche - Volokolamsk road',
    via: [P('Rzhev'), P('Zubtsov'), [34.85, 56.1], P('Pogoreloye Gorodishche'), [35.5, 55.98], [36.1, 55.95]],
  },
  {
    kind: 'road',
    name: 'Rzhev - Sychevka - Vyazma road',
    via: [P('Rzhev'), [34.36, 56.1], P('Sychevka'), P('Novo-Dugino'), [34.27, 55.4], P('Vyazma')],
  },
  {
    kind: 'road',
    name: 'Rzhev - Olenino road',
    via: [P('Rzhev'), [34.0, 56.28], [33.75, 56.25], P('Olenino')],
  },
  {
    kind: 'road',
    name: 'Olenino - Bely road',
    via: [P('Olenino'), [33.35, 56.1], [33.25, 56.0], P('Vladimirskoe'), P('Bely')],
  },
  {
    kind: 'road',
    name: 'Bely - Nelidovo road',
    via: [P('Bely'), [32.85, 55.98], [32.8, 56.1], P('Nelidovo')],
  },
  {
    kind: 'road',
    name: 'Bely - Kholm-Zhirkovsky - Vyazma road',
    via: [P('Bely'), P('Vladimirskoe'), [33.4, 55.7], P('Kholm-Zhirkovsky'), [33.85, 55.35], P('Vyazma')],
  },
  {
    kind: 'road',
    name: 'Moscow - Minsk highway (Gzhatsk - Vyazma - Smolensk)',
    via: [
      [36.1, 55.5],
      [35.4, 55.52],
      P('Gzhatsk'),
      [34.7, 55.37],
      P('Vyazma'),
      [33.9, 55.16],
      P('Semlevo'),
      P('Safonovo'),
      P('Yartsevo'),
      [32.2, 54.9],
      [31.9, 54.82],
    ],
  },
  {
    kind: 'road',
    name: 'Sychevka - Karmanovo - Gzhatsk road',
    via: [P('Sychevka'), [34.5, 55.78], P('Karmanovo'), [34.92, 55.64], P('Gzhatsk')],
  },
  {
    kind: 'road',
    name: 'Rzhev - Staritsa road',
    via: [P('Rzhev'), [34.6, 56.38], P('Staritsa'), [35.1, 56.6], [35.3, 56.9]],
  },
  {
    kind: 'road',
    name: 'Vyazma - Yukhnov road',
    via: [P('Vyazma'), [34.6, 55.05], [34.85, 54.85], [35.0, 54.7]],
  },
  {
    kind: 'road',
    name: 'Dukhovshchina - Yartsevo road',
    via: [P('Dukhovshchina'), [32.55, 55.13], P('Yartsevo')],
  },
  // The salient's road out to the south-west that does not run through Vyazma
  // (research/typhoon-1941.md line L47: Panzer Group 3's axis in October 1941,
  // Dukhovshchina - Kholm-Zhirkovsky - Sychevka). Without it every German supply line of
  // the salient ran through the one hub at Vyazma (MAP-SOURCES.md, "Railways and roads").
  // The Bely - Dukhovshchina road (L45) ran through the 41st Army's bulge south of Bely in
  // November 1942 (Soviet hexes 0512, 0513, 0413) and is left out.
  {
    kind: 'road',
    name: 'Sychevka - Kholm-Zhirkovsky - Dukhovshchina road',
    via: [P('Sychevka'), [33.9, 55.65], P('Kholm-Zhirkovsky'), [32.95, 55.35], P('Dukhovshchina')],
  },
];

/* ------------------------------------------------------------------------------------ */
/* Terrain: wooded and marshy areas (lat/lon polygons), plausible rather than exhaustive */

const FOREST: LonLat[][] = [
  // Nelidovo - Luchesa - Bely - Olenino forests, the "forest and swamp" of the west face
  [
    [32.1, 56.55],
    [32.7, 56.6],
    [33.2, 56.45],
    [33.45, 56.32],
    [33.42, 56.12],
    [33.35, 55.95],
    [33.3, 55.7],
    [33.0, 55.62],
    [32.7, 55.68],
    [32.5, 55.85],
    [32.1, 55.95],
  ],
  // North of Olenino to Molodoi Tud and the Volga
  [
    [33.55, 56.55],
    [33.95, 56.55],
    [34.05, 56.4],
    [33.8, 56.32],
    [33.55, 56.35],
  ],
  // Upper Dnieper and Vop watershed between Bely and Sychevka
  [
    [33.4, 55.95],
    [33.85, 55.95],
    [33.95, 55.7],
    [33.7, 55.55],
    [33.4, 55.6],
  ],
  // Dukhovshchina forests north of the Smolensk highway
  [
    [32.1, 55.45],
    [32.7, 55.45],
    [32.85, 55.25],
    [32.5, 55.18],
    [32.1, 55.25],
  ],
  // Forests south-east of Vyazma toward the Ugra
  [
    [34.55, 55.12],
    [35.1, 55.12],
    [35.15, 54.8],
    [34.5, 54.8],
  ],
  // Forests east of Gzhatsk (upper Moskva)
  [
    [35.35, 55.75],
    [36.0, 55.75],
    [36.0, 55.35],
    [35.35, 55.35],
  ],
];
/** Individual marshy hexes: bogs of the upper Luchesa and Obsha, the Dnieper source... */
const SWAMP: LonLat[] = [
  [33.32, 56.08], // upper Luchesa bogs
  [33.2, 55.97],
  [32.5, 55.75], // Obsha - Mezha marshes west of Bely
  [33.05, 55.55], // Vop headwaters
  [33.74, 55.87], // Dnieper source bog
  [32.45, 56.38], // marshes west of Nelidovo
  [33.9, 55.78], // upper Osuga
];

/* ------------------------------------------------------------------------------------ */
/* Helpers                                                                               */

const errors: string[] = [];
function check(ok: boolean, msg: string): void {
  if (!ok) errors.push(msg);
}

function components(hexes: Iterable<string>): string[][] {
  const set = new Set(hexes);
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const s of set) {
    if (seen.has(s)) continue;
    const comp: string[] = [];
    const stack = [s];
    seen.add(s);
    while (stack.length > 0) {
      const h = stack.pop()!;
      comp.push(h);
      for (const n of neighbours(parse(h))) {
        const k = key(n);
        if (set.has(k) && !seen.has(k)) {
          seen.add(k);
          stack.push(k);
        }
      }
    }
    out.push(comp);
  }
  return out;
}

/** Densify a lat/lon course into projected points about `step` km apart. */
function densify(via: readonly LonLat[], step = 0.5): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < via.length; i++) {
    const a = project(via[i]!);
    const b = project(via[i + 1]!);
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k < n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  if (via.length > 0) out.push(project(via[via.length - 1]!));
  return out;
}

/** A course as a chain of adjacent on-map hexes (the longest on-map stretch). */
function hexPath(via: readonly LonLat[]): string[] {
  const runs: Hex[][] = [[]];
  for (const p of densify(via)) {
    const h = hexAtPt(p);
    const run = runs[runs.length - 1]!;
    if (!onGrid(h)) {
      if (run.length > 0) runs.push([]);
      continue;
    }
    const prev = run[run.length - 1];
    if (prev && prev.col === h.col && prev.row === h.row) continue;
    if (prev && !adjacent(prev, h)) {
      // the course crossed a hex corner: step through the hex on the straight line
      for (const a of axialLine(offsetToAxial(prev), offsetToAxial(h)).slice(1, -1))
        run.push(axialToOffset(a));
    }
    run.push(h);
  }
  const best = runs.reduce((a, b) => (b.length > a.length ? b : a));
  // remove any loop (a course that wanders out of a hex and back in)
  const path: string[] = [];
  for (const h of best) {
    const k = key(h);
    const i = path.indexOf(k);
    if (i >= 0) path.length = i + 1;
    else path.push(k);
  }
  // straighten zig-zags (a course running along a hexside row), keeping towns on the line
  const keep = new Set(PLACES.map((p) => key(hexAt([p.lon, p.lat]))));
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i + 1 < path.length; i++) {
      if (!keep.has(path[i]!) && adjacent(parse(path[i - 1]!), parse(path[i + 1]!))) {
        path.splice(i, 1);
        changed = true;
      }
    }
  }
  return path;
}

/* ------------------------------------------------------------------------------------ */
/* Hexside (corner) graph for rivers                                                     */

// Corners keyed to 1/100 km.
const { sides: SIDES, vertexPos, vertexSides, nearestVertex, sideChain } = hexsideGraph(grid, 100);

interface RiverFeature {
  properties: { name: string; tributaryOf?: string | null };
  geometry: { coordinates: [number, number][] };
}
function loadRivers(file: string): RiverFeature[] {
  return (JSON.parse(readFileSync(join(here, 'geo', file), 'utf8')) as { features: RiverFeature[] }).features;
}
const RIVER_ORDER = [
  'Volga',
  'Dnieper',
  'Vazuza',
  'Osuga',
  'Gzhat',
  'Obsha',
  'Luchesa',
  'Vop',
  'Bolshaya Kosha',
];
const riverFeatures = [...loadRivers('rivers-gshhg.geojson'), ...loadRivers('rivers-hand.geojson')].filter(
  (f) => RIVER_ORDER.includes(f.properties.name),
);
const riverVertices = new Map<string, Set<string>>();
const rivers: { name: string; sides: number[]; lines: Pt[][] }[] = [];
for (const name of RIVER_ORDER) {
  const feats = riverFeatures.filter((f) => f.properties.name === name);
  const sides: number[] = [];
  const verts = new Set<string>();
  const lines: Pt[][] = [];
  for (const f of feats) {
    const pts = f.geometry.coordinates.map((c) => project(c));
    const parent = f.properties.tributaryOf ? riverVertices.get(f.properties.tributaryOf) : undefined;
    // the on-map stretches of the course
    for (const { run, mouth: isLastRun } of onMapRuns(pts, insideMap)) {
      lines.push(run);
      const from = nearestVertex(run[0]!);
      const mouth = run[run.length - 1]!;
      // a tributary ends on its parent river's hexsides (only when the confluence itself is on the map)
      const to = parent && isLastRun ? nearestVertex(mouth, parent) : nearestVertex(mouth);
      for (const si of sideChain(run, from, to)) {
        if (!sides.includes(si)) sides.push(si);
        verts.add(SIDES[si]!.v1);
        verts.add(SIDES[si]!.v2);
      }
    }
  }
  riverVertices.set(name, verts);
  if (sides.length > 0) rivers.push({ name, sides, lines });
}

/* ------------------------------------------------------------------------------------ */
/* Territory, front line, deployment zones, edges                                        */

const german = new Set<string>();
for (const h of ALL) if (inPolygon(unproject(centre(h)), FRONT)) german.add(key(h));
const soviet = new Set(ALL.map(key).filter((k) => !german.has(k)));

const frontSides = SIDES.map((_, i) => i).filter((i) => german.has(SIDES[i]!.a) !== german.has(SIDES[i]!.b));
const germanSideOf = (si: number): string => (german.has(SIDES[si]!.a) ? SIDES[si]!.a : SIDES[si]!.b);

// Walk the front from its end on the map rim (west edge) to the other end.
const frontAt = new Map<string, number[]>();
for (const si of frontSides) {
  for (const v of [SIDES[si]!.v1, SIDES[si]!.v2]) frontAt.set(v, [...(frontAt.get(v) ?? []), si]);
}
const frontEnds = [...frontAt.entries()].filter(([, l]) => l.length === 1).map(([v]) => v);
const startEnd = frontEnds.reduce(
  (a, b) => (vertexPos.get(a)!.x < vertexPos.get(b)!.x ? a : b),
  frontEnds[0] ?? '',
);
const frontOrder: number[] = [];
{
  let v = startEnd;
  let prev = -1;
  for (;;) {
    const next = (frontAt.get(v) ?? []).find((si) => si !== prev && !frontOrder.includes(si));
    if (next === undefined) break;
    frontOrder.push(next);
    const s = SIDES[next]!;
    v = s.v1 === v ? s.v2 : s.v1;
    prev = next;
  }
}

const kalinin = new Set<string>();
const western = new Set<string>();
for (const k of soviet) (unproject(centre(parse(k)))[0] < FRONT_BOUNDARY_LON ? kalinin : western).add(k);

/* ------------------------------------------------------------------------------------ */
/* Defense zones: the German front-line hexes, clockwise from Rzhev, in 21 groups        */

const ZONES = 21;
const frontHexes: string[] = [];
for (const si of frontOrder) {
  const g = germanSideOf(si);
  if (!frontHexes.includes(g)) frontHexes.push(g);
}
const rzhevHex = key(hexAt(P('Rzhev')));
const r0 = frontHexes.indexOf(rzhevHex);
check(r0 >= 0, `Rzhev (${rzhevHex}) is not on the front line`);
// Clockwise from Rzhev: down the east face to the southern edge, then from the west edge
// round Bely and along the north face back to Rzhev.
const cw = [...frontHexes.slice(Math.max(r0, 0)), ...frontHexes.slice(0, Math.max(r0, 0))];

/** Split `cw` into exactly ZONES contiguous groups of 1-4 hexes, as even as possible. */
function splitZones(list: readonly string[]): string[][] | null {
  const n = list.length;
  const target = n / ZONES;
  // best[i][z]: min squared deviation placing the first i hexes in z groups
  const INF = Number.POSITIVE_INFINITY;
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(ZONES + 1).fill(INF));
  const from: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(ZONES + 1).fill(-1));
  best[0]![0] = 0;
  const contiguous = (i: number, j: number): boolean => components(list.slice(i, j)).length === 1;
  for (let i = 1; i <= n; i++) {
    for (let z = 1; z <= ZONES; z++) {
      for (let s = 1; s <= 4 && s <= i; s++) {
        const prev = best[i - s]![z - 1]!;
        if (prev === INF || !contiguous(i - s, i)) continue;
        const c = prev + (s - target) ** 2;
        if (c < best[i]![z]!) {
          best[i]![z] = c;
          from[i]![z] = i - s;
        }
      }
    }
  }
  if (best[n]![ZONES] === INF) return null;
  const groups: string[][] = [];
  let i = n;
  for (let z = ZONES; z > 0; z--) {
    const j = from[i]![z]!;
    groups.unshift(list.slice(j, i));
    i = j;
  }
  return groups;
}
const zoneGroups = splitZones(cw) ?? [];
check(zoneGroups.length === ZONES, `cannot split ${cw.length} front-line hexes into ${ZONES} zones of 1-4`);

const LABELS: Record<string, LonLat> = { ...LANDMARKS };
for (const p of PLACES) LABELS[p.name] = [p.lon, p.lat];
function zoneLabel(hexes: readonly string[]): string {
  for (const p of PLACES) if (hexes.includes(key(hexAt([p.lon, p.lat])))) return p.name;
  const c = hexes.map((h) => centre(parse(h)));
  const m = { x: c.reduce((s, p) => s + p.x, 0) / c.length, y: c.reduce((s, p) => s + p.y, 0) / c.length };
  let best = '';
  let bd = Number.POSITIVE_INFINITY;
  for (const [n, ll] of Object.entries(LABELS)) {
    const q = project(ll);
    const d = Math.hypot(q.x - m.x, q.y - m.y);
    if (d < bd) {
      bd = d;
      best = n;
    }
  }
  if (bd < 1.2 * HEX_KM) return `near ${best}`;
  const q = project(LABELS[best]!);
  const deg = (Math.atan2(q.y - m.y, m.x - q.x) * 180) / Math.PI; // bearing-like, 0 = east, 90 = north
  const dirs = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'];
  return `${dirs[(Math.round(deg / 45) + 8) % 8]} of ${best}`;
}

/* ------------------------------------------------------------------------------------ */
/* Assemble                                                                              */

const sortHexes = (s: Iterable<string>): string[] => [...s].sort();
const rim = ALL.filter(isRim).map(key);
const edgeHexes = {
  north: ALL.filter((h) => h.row === 1).map(key),
  south: ALL.filter((h) => h.row === ROWS).map(key),
  west: ALL.filter((h) => h.col === 1 && h.row > 1 && h.row < ROWS).map(key),
  east: ALL.filter((h) => h.col === COLUMNS && h.row > 1 && h.row < ROWS).map(key),
};
const edges: NonNullable<HexMapSetup['edges']> = [
  {
    id: 'south',
    name: 'Southern edge (toward Smolensk, Roslavl and Bryansk)',
    side: 'german',
    hexes: edgeHexes.south.filter((h) => german.has(h)),
  },
  {
    id: 'southwest',
    name: 'South-western edge (toward Smolensk and Velizh)',
    side: 'german',
    hexes: edgeHexes.west.filter((h) => german.has(h)),
  },
  {
    id: 'north',
    name: 'Northern edge (toward Selizharovo and Torzhok)',
    side: 'soviet',
    hexes: edgeHexes.north.filter((h) => soviet.has(h)),
  },
  {
    id: 'east',
    name: 'Eastern and south-eastern edge (toward Volokolamsk, Mozhaysk, Moscow and Yukhnov)',
    side: 'soviet',
    hexes: [...edgeHexes.east, ...edgeHexes.south].filter((h) => soviet.has(h)),
  },
  {
    id: 'west',
    name: 'Western edge (toward Velikiye Luki and Toropets)',
    side: 'soviet',
    hexes: edgeHexes.west.filter((h) => soviet.has(h)),
  },
].filter((e) => e.hexes.length > 0);

const terrain: Record<string, string> = {};
for (const h of ALL) {
  const ll = unproject(centre(h));
  if (FOREST.some((poly) => inPolygon(ll, poly))) terrain[key(h)] = 'forest';
}
for (const s of SWAMP) {
  const h = hexAt(s);
  if (onGrid(h)) terrain[key(h)] = 'swamp';
}

const connections = LINES.map((l) => ({ kind: l.kind, name: l.name, path: hexPath(l.via) }));

const places = PLACES.map((p) => ({
  name: p.name,
  hex: key(hexAt([p.lon, p.lat])),
  kind: p.kind,
  lat: p.lat,
  lon: p.lon,
}));

const side = (si: number): [string, string] => [SIDES[si]!.a, SIDES[si]!.b];
/** Front-line hexsides are written German hex first, Soviet hex second. */
const frontSide = (si: number): [string, string] => {
  const [a, b] = side(si);
  return german.has(a) ? [a, b] : [b, a];
};
const zones: NonNullable<HexMapSetup['zones']> = [
  {
    id: 'german-territory',
    kind: 'territory',
    name: 'German-held on 25 Nov 1942',
    side: 'german',
    hexes: sortHexes(german),
  },
  {
    id: 'soviet-territory',
    kind: 'territory',
    name: 'Soviet-held on 25 Nov 1942',
    side: 'soviet',
    hexes: sortHexes(soviet),
  },
  ...zoneGroups.map((g, i) => ({
    id: `dz-${String(i + 1).padStart(2, '0')}`,
    kind: 'defense-zone',
    name: `Defense zone ${i + 1} (${zoneLabel(g)})`,
    side: 'german',
    hexes: g,
  })),
  {
    id: 'kalinin-front',
    kind: 'deployment',
    name: 'Kalinin Front (22nd, 39th, 41st Armies)',
    side: 'soviet',
    hexes: sortHexes(kalinin),
  },
  {
    id: 'western-front',
    kind: 'deployment',
    name: 'Western Front (30th, 29th, 31st, 20th, 5th Armies)',
    side: 'soviet',
    hexes: sortHexes(western),
  },
];

const geo = {
  projection: 'equirectangular',
  lon0: LON0,
  lat0: LAT0,
  earthRadiusKm: EARTH_RADIUS_KM,
  hexKm: HEX_KM,
  hexSizeKm: Number(SIZE.toFixed(6)),
  orientation: 'flat-topped, vertical columns, even columns shifted half a hex down',
  origin: 'hex 0101 centre',
  originLon: Number(unproject({ x: 0, y: 0 })[0].toFixed(5)),
  originLat: Number(unproject({ x: 0, y: 0 })[1].toFixed(5)),
  formula:
    'x_km = (lon - lon0) * (pi/180) * R * cos(lat0) + x_c; y_km = (lat0 - lat) * (pi/180) * R + y_c; ' +
    'hex centre = axialToPixel(offsetToAxial(col,row), hexSizeKm) in the same frame',
  centreOffsetKm: { x: Number(GRID_CX.toFixed(4)), y: Number(GRID_CY.toFixed(4)) },
  bounds: {
    west: Number(unproject({ x: -SIZE, y: 0 })[0].toFixed(3)),
    east: Number(unproject({ x: last.x + SIZE, y: 0 })[0].toFixed(3)),
    north: Number(unproject({ x: 0, y: -(SIZE * Math.sqrt(3)) / 2 })[1].toFixed(3)),
    south: Number(unproject({ x: 0, y: last.y + SIZE * Math.sqrt(3) })[1].toFixed(3)),
  },
  date: '1942-11-25',
};

const map: HexMapSetup = {
  kind: 'hex',
  name: 'Rzhev salient, 25 November 1942',
  columns: COLUMNS,
  rows: ROWS,
  offMap: [],
  defaultTerrain: 'clear',
  terrain: Object.fromEntries(Object.entries(terrain).sort(([a], [b]) => a.localeCompare(b))),
  hexsides: [
    { feature: 'frontline', name: 'German front line, 25 Nov 1942', between: frontOrder.map(frontSide) },
    ...rivers.map((r) => ({ feature: 'river', name: r.name, between: r.sides.map(side) })),
  ],
  connections,
  places,
  zones,
  edges,
  sources:
    'Generated by packages/games/scripts/gen-mars-map.ts; see MAP-SOURCES.md. Volga and Dnieper: GSHHG 2.3 ' +
    'WDBII rivers (Wessel & Smith) via GMT; other rivers, railways, roads and terrain hand-authored from ' +
    'general geographic knowledge of the region; front line of 25 Nov 1942 after D. M. Glantz, Zhukov\u2019s ' +
    'Greatest Defeat (1999). Approximate at the 11 km hex scale.',
  geo,
};

/* ------------------------------------------------------------------------------------ */
/* Self-check                                                                            */

const compiled = compileHexMap(map);
if (!compiled.ok) errors.push(...compiled.error.map((e) => JSON.stringify(e)));

// Territory partition and front line = territory boundary
for (const h of ALL)
  check(german.has(key(h)) !== soviet.has(key(h)), `hex ${key(h)} not in exactly one territory`);
check(components(german).length === 1, `German territory in ${components(german).length} pieces`);
check(components(kalinin).length === 1, `Kalinin Front zone in ${components(kalinin).length} pieces`);
check(components(western).length === 1, `Western Front zone in ${components(western).length} pieces`);
check(kalinin.size + western.size === soviet.size, 'deployment zones do not cover Soviet territory');
for (const si of frontSides) {
  const s = SIDES[si]!;
  check(german.has(s.a) !== german.has(s.b), 'front side not between territories');
}
check(
  frontOrder.length === frontSides.length,
  `front line is not one chain (${frontOrder.length}/${frontSides.length})`,
);
check(frontEnds.length === 2, `front line has ${frontEnds.length} ends (want 2 on the rim)`);
for (const v of frontEnds) {
  const onRim = (vertexSides.get(v) ?? []).length < 3;
  check(onRim, `front line ends inside the map at ${v}`);
}
check(
  components(rim.filter((h) => german.has(h))).length === 1,
  'German territory meets the map edge in more than one stretch',
);

// Defense zones
const allDz = new Set<string>();
zoneGroups.forEach((g, i) => {
  const id = `dz-${i + 1}`;
  check(g.length >= 1 && g.length <= 4, `${id} has ${g.length} hexes`);
  check(components(g).length === 1, `${id} is not contiguous`);
  for (const h of g) {
    check(german.has(h), `${id} hex ${h} not German`);
    check(
      neighbours(parse(h)).some((n) => soviet.has(key(n))),
      `${id} hex ${h} has no frontline hexside`,
    );
    check(!allDz.has(h), `hex ${h} in two defense zones`);
    allDz.add(h);
  }
});
const uncovered = frontHexes.filter((h) => !allDz.has(h));
check(uncovered.length === 0, `German front-line hexes outside any defense zone: ${uncovered.join(' ')}`);
check(allDz.has(rzhevHex), 'Rzhev not in a defense zone');

// Places
const must = (name: string, set: Set<string>, what: string): void =>
  check(set.has(key(hexAt(P(name)))), `${name} should be ${what}`);
for (const n of [
  'Rzhev',
  'Vyazma',
  'Gzhatsk',
  'Sychevka',
  'Bely',
  'Olenino',
  'Novo-Dugino',
  'Kholm-Zhirkovsky',
])
  must(n, german, 'German-held');
for (const n of ['Zubtsov', 'Nelidovo', 'Karmanovo', 'Pogoreloye Gorodishche', 'Staritsa'])
  must(n, soviet, 'Soviet-held');
for (const p of places) check(onGrid(parse(p.hex)), `${p.name} off the map`);

// Rivers continuous
for (const r of rivers) {
  const adj = new Map<string, string[]>();
  for (const si of r.sides) {
    const s = SIDES[si]!;
    adj.set(s.v1, [...(adj.get(s.v1) ?? []), s.v2]);
    adj.set(s.v2, [...(adj.get(s.v2) ?? []), s.v1]);
  }
  const seen = new Set<string>();
  const stack = [SIDES[r.sides[0]!]!.v1];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    stack.push(...(adj.get(v) ?? []));
  }
  // a river may leave and re-enter the map; each on-map stretch must be one chain
  check(seen.size === adj.size || r.lines.length > 1, `river ${r.name} is broken`);
  if (r.name !== 'Volga' && r.name !== 'Dnieper' && r.name !== 'Obsha') {
    const feat = riverFeatures.find((f) => f.properties.name === r.name);
    const parentName = feat?.properties.tributaryOf;
    const mouth = feat?.geometry.coordinates.at(-1);
    if (parentName && mouth && insideMap(project(mouth))) {
      const pv = riverVertices.get(parentName)!;
      check(
        [...adj.keys()].some((v) => pv.has(v)),
        `river ${r.name} does not reach the ${parentName}`,
      );
    }
  }
}

// Paths adjacent and edges in their side's territory; the south edge reachable by rail/road
for (const c of connections) {
  for (let i = 0; i + 1 < c.path.length; i++)
    check(adjacent(parse(c.path[i]!), parse(c.path[i + 1]!)), `${c.name} jumps at ${c.path[i]}`);
  check(c.path.length >= 2, `${c.name} too short`);
}
for (const e of edges) {
  const terr = e.side === 'german' ? german : soviet;
  for (const h of e.hexes) check(terr.has(h) && rim.includes(h), `edge ${e.id} hex ${h} wrong`);
}
check(
  edges.some((e) => e.id === 'south' && e.side === 'german'),
  'no German south edge',
);
{
  const link = new Map<string, Set<string>>();
  for (const c of connections) {
    for (let i = 0; i + 1 < c.path.length; i++) {
      const a = c.path[i]!;
      const b = c.path[i + 1]!;
      if (!german.has(a) || !german.has(b)) continue;
      link.set(a, (link.get(a) ?? new Set()).add(b));
      link.set(b, (link.get(b) ?? new Set()).add(a));
    }
  }
  const south = new Set(edges.find((e) => e.id === 'south')?.hexes ?? []);
  const seen = new Set<string>([rzhevHex]);
  const stack = [rzhevHex];
  let reached = false;
  while (stack.length > 0) {
    const h = stack.pop()!;
    if (south.has(h)) reached = true;
    for (const n of link.get(h) ?? []) {
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(n);
    }
  }
  check(reached, 'no German road/rail from Rzhev to the southern edge');
}

if (errors.length > 0) {
  console.error(`gen-mars-map: ${errors.length} check(s) failed:\n  ${errors.join('\n  ')}`);
  process.exit(1);
}

// The committed file is in the repository's formatting (biome), so regenerating is a no-op.
const text = execFileSync(
  join(here, '../../../node_modules/.bin/biome'),
  ['format', `--stdin-file-path=${OUT}`],
  {
    input: `${JSON.stringify(map, null, 2)}\n`,
    encoding: 'utf8',
  },
);
if (!leaveGenerated('gen-mars-map', OUT, text, generatorMode())) process.exit(1);
console.log(
  `  ${COLUMNS}x${ROWS}, German ${german.size}, Soviet ${soviet.size} ` +
    `(Kalinin ${kalinin.size}, Western ${western.size}), front ${frontOrder.length} hexsides, ` +
    `${frontHexes.length} German front-line hexes in ${zoneGroups.length} zones`,
);
for (const z of zones)
  if (z.kind === 'defense-zone') console.log(`  ${z.id} ${z.hexes.join(' ')}  ${z.name}`);
for (const p of places)
  console.log(`  ${p.hex} ${p.kind} ${p.name} (${german.has(p.hex) ? 'German' : 'Soviet'})`);
for (const r of rivers) console.log(`  river ${r.name}: ${r.sides.length} hexsides`);
for (const c of connections) console.log(`  ${c.kind} ${c.name}: ${c.path.join(' ')}`);

/* ------------------------------------------------------------------------------------ */
/* Optional preview                                                                      */

const svgAt = process.argv.indexOf('--svg');
if (svgAt >= 0) {
  const file = process.argv[svgAt + 1] ?? 'mars-map.svg';
  const S = 6; // px per km
  const pad = 20;
  const X = (p: Pt): number => pad + (p.x + SIZE) * S;
  const Y = (p: Pt): number => pad + (p.y + SIZE) * S;
  const W = Math.ceil(X({ x: last.x + SIZE, y: 0 }) + pad);
  const H = Math.ceil(Y({ x: 0, y: last.y + SIZE * 2 }) + pad);
  const o: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
  ];
  const dzOf = new Map<string, number>();
  zoneGroups.forEach((g, i) => {
    for (const h of g) dzOf.set(h, i + 1);
  });
  for (const h of ALL) {
    const c = centre(h);
    const pts = [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const a = (Math.PI / 3) * i;
        return `${X({ x: c.x + SIZE * Math.cos(a), y: 0 }).toFixed(1)},${Y({ x: 0, y: c.y + SIZE * Math.sin(a) }).toFixed(1)}`;
      })
      .join(' ');
    const k = key(h);
    const t = terrain[k];
    let fill = german.has(k) ? '#e8e0d0' : kalinin.has(k) ? '#f3d9d9' : '#f0c8c8';
    if (t === 'forest') fill = german.has(k) ? '#b9c9a0' : '#cdbb9a';
    if (t === 'swamp') fill = '#9fc4c0';
    o.push(`<polygon points="${pts}" fill="${fill}" stroke="#999" stroke-width="0.5"/>`);
    o.push(
      `<text x="${X(c).toFixed(1)}" y="${(Y(c) - SIZE * S * 0.6).toFixed(1)}" font-size="8" text-anchor="middle" fill="#666">${k}</text>`,
    );
    const dz = dzOf.get(k);
    if (dz)
      o.push(
        `<text x="${X(c).toFixed(1)}" y="${(Y(c) + SIZE * S * 0.7).toFixed(1)}" font-size="10" text-anchor="middle" fill="#000" font-weight="bold">dz${dz}</text>`,
      );
  }
  const drawSide = (si: number, colour: string, width: number): void => {
    const s = SIDES[si]!;
    const a = vertexPos.get(s.v1)!;
    const b = vertexPos.get(s.v2)!;
    o.push(
      `<line x1="${X(a)}" y1="${Y(a)}" x2="${X(b)}" y2="${Y(b)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`,
    );
  };
  for (const r of rivers) {
    for (const line of r.lines)
      o.push(
        `<polyline points="${line.map((p) => `${X(p).toFixed(1)},${Y(p).toFixed(1)}`).join(' ')}" fill="none" stroke="#8cf" stroke-width="1"/>`,
      );
    for (const si of r.sides) drawSide(si, '#1060e0', 3);
  }
  for (const si of frontOrder) drawSide(si, '#d00000', 4);
  const frontPoly = FRONT.map((ll) => project(ll));
  o.push(
    `<polyline points="${frontPoly.map((p) => `${X(p).toFixed(1)},${Y(p).toFixed(1)}`).join(' ')}" fill="none" stroke="#f80" stroke-width="1" stroke-dasharray="4 3"/>`,
  );
  for (const c of connections) {
    const pts = c.path.map((h) => centre(parse(h)));
    o.push(
      `<polyline points="${pts.map((p) => `${X(p).toFixed(1)},${Y(p).toFixed(1)}`).join(' ')}" fill="none" stroke="${c.kind === 'rail' ? '#000' : '#a05000'}" stroke-width="${c.kind === 'rail' ? 2 : 1.5}" stroke-dasharray="${c.kind === 'rail' ? '6 3' : ''}"/>`,
    );
  }
  for (const p of places) {
    const q = project([p.lon, p.lat]);
    o.push(`<circle cx="${X(q)}" cy="${Y(q)}" r="${p.kind === 'city' ? 5 : 3}" fill="#000"/>`);
    o.push(`<text x="${X(q) + 5}" y="${Y(q) - 3}" font-size="12" font-weight="bold">${p.name}</text>`);
  }
  o.push('</svg>');
  writeFileSync(file, o.join('\n'));
  console.log(`preview: ${file}`);
}
