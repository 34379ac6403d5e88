/**
 * Generates the Barbarossa 1941 map (packages/games/src/barbarossa-1941/data/generated/map.json)
 * from real geography: land, sea and lakes from GSHHG (geo/barbarossa-landmask.json), rivers
 * from GSHHG WDBII (geo/barbarossa-rivers.geojson; both made once by gen-barbarossa-geo.ts),
 * and, given below as latitude/longitude with their sources in MAP-SOURCES.md: places,
 * the 22 June 1941 border and the countries, the 1941 railways and main roads, wooded,
 * marshy, hilly and mountain areas, the army group boundaries and the supply edges.
 *
 *   npx tsx packages/games/scripts/gen-barbarossa-map.ts            # writes map.json
 *   npx tsx packages/games/scripts/gen-barbarossa-map.ts --check    # exits 1 if map.json would change
 *   npx tsx packages/games/scripts/gen-barbarossa-map.ts --svg F    # also writes a picture (SVG)
 *
 * The script checks its own output (places on land and in their hex, rivers continuous on
 * hexsides, rail paths adjacent and on land, each side's rail net reaching its edges) and
 * exits non-zero without writing anything when a check fails.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  axialDistance,
  axialLine,
  axialToOffset,
  compileHexMap,
  type HexMapSetup,
  offsetToAxial,
} from '@stavka/engine';
import type {
  ConnectionKind,
  HexsideFeature,
  PlaceKind,
  Terrain,
} from '../src/barbarossa-1941/scenario/vocabulary.ts';
import { STANDARD_PLACE_RULES } from '../src/barbarossa-1941/scenario.ts';
import { generatorMode, leaveGenerated } from './generated-file.ts';
import {
  type Hex,
  hexGrid,
  hexsideGraph,
  inPolygon,
  type LonLat,
  onMapRuns,
  type Pt,
  positionOn,
} from './hex-grid.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const MAP_OUT = join(here, '../src/barbarossa-1941/data/generated/map.json');

/* ------------------------------------------------------------------------------------ */
/* Projection and grid                                                                   */

/** Centre-to-centre distance of adjacent hexes (issue #23: about 40 km a hex). */
export const HEX_KM = 40;
const SIZE = HEX_KM / Math.sqrt(3);
const EARTH_RADIUS_KM = 6371.0088;
/** Lambert conformal conic, standard parallels 47 and 57 N, central meridian 33 E. */
const LCC = { lat1: 47, lat2: 57, lat0: 52, lon0: 33 };
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
const lccN =
  Math.log(Math.cos(rad(LCC.lat1)) / Math.cos(rad(LCC.lat2))) /
  Math.log(Math.tan(Math.PI / 4 + rad(LCC.lat2) / 2) / Math.tan(Math.PI / 4 + rad(LCC.lat1) / 2));
const lccF = (Math.cos(rad(LCC.lat1)) * Math.tan(Math.PI / 4 + rad(LCC.lat1) / 2) ** lccN) / lccN;
const rho = (lat: number) => (EARTH_RADIUS_KM * lccF) / Math.tan(Math.PI / 4 + rad(lat) / 2) ** lccN;
const rho0 = rho(LCC.lat0);
function lcc([lon, lat]: LonLat): Pt {
  const r = rho(lat);
  const t = lccN * rad(lon - LCC.lon0);
  return { x: r * Math.sin(t), y: rho0 - r * Math.cos(t) };
}
function lccInverse(x: number, y: number): LonLat {
  const r = Math.sign(lccN) * Math.hypot(x, rho0 - y);
  const t = Math.atan2(x, rho0 - y);
  const lat = deg(2 * Math.atan(((EARTH_RADIUS_KM * lccF) / r) ** (1 / lccN)) - Math.PI / 2);
  return [LCC.lon0 + deg(t / lccN), lat];
}

/** Corners the grid must hold: Pillau/Koenigsberg and Warsaw in the west, Bucharest, Grozny, Gorky, Lake Onega. */
const EXTENT: LonLat[] = [
  [19.6, 54.75],
  [20.2, 52.0],
  [23.8, 44.0],
  [46.2, 43.0],
  [46.6, 49.0],
  [45.6, 56.6],
  [36.0, 61.7],
  [23.0, 59.9],
];
const ext = EXTENT.map(lcc);
const X0 = Math.min(...ext.map((p) => p.x));
const Y1 = Math.max(...ext.map((p) => p.y));
const WIDTH = Math.max(...ext.map((p) => p.x)) - X0;
const HEIGHT = Y1 - Math.min(...ext.map((p) => p.y));
export const COLUMNS = Math.ceil(WIDTH / (1.5 * SIZE)) + 1;
export const ROWS = Math.ceil(HEIGHT / HEX_KM) + 1;

/** Grid km: x east, y south, origin at hex 0101's centre. */
function project(ll: LonLat): Pt {
  const p = lcc(ll);
  return { x: p.x - X0, y: Y1 - p.y };
}
function unproject(p: Pt): LonLat {
  return lccInverse(p.x + X0, Y1 - p.y);
}
const grid = hexGrid(COLUMNS, ROWS, SIZE);
const { key, parse, onGrid, centre, hexAtPt, neighbours, adjacent, isRim, insideMap } = grid;
const hexAt = (ll: LonLat): Hex => hexAtPt(project(ll));
const ALL = grid.all;

/* ------------------------------------------------------------------------------------ */
/* Land mask                                                                             */

const mask = JSON.parse(readFileSync(join(here, 'geo/barbarossa-landmask.json'), 'utf8')) as {
  west: number;
  north: number;
  step: number;
  columns: number;
  rows: string[];
};
const maskRows: Uint8Array[] = mask.rows.map((row) => {
  const out = new Uint8Array(mask.columns);
  let i = 0;
  for (const run of row.split(',')) {
    const [v, c] = run.split(':').map(Number) as [number, number];
    out.fill(v, i, i + c);
    i += c;
  }
  return out;
});
/** 0 sea, 1 land, 2 lake at a point (nearest raster cell; outside the raster: land). */
function surface([lon, lat]: LonLat): number {
  const c = Math.round((lon - mask.west) / mask.step);
  const r = Math.round((mask.north - lat) / mask.step);
  const row = maskRows[r];
  if (!row || c < 0 || c >= mask.columns) return 1;
  return row[c]!;
}

/* ------------------------------------------------------------------------------------ */
/* Places (GeoNames centroids, research/barbarossa-1941.md 4.1-4.2; others GeoNames)     */

interface PlaceDef {
  name: string;
  kind: PlaceKind;
  lon: number;
  lat: number;
}
const pl = (name: string, kind: PlaceKind, lat: number, lon: number): PlaceDef => ({ name, kind, lat, lon });
/** In priority order: when two fall in one hex, the first keeps it and the other is left off (logged). */
export const PLACES: PlaceDef[] = [
  pl('Moscow', 'victory-city', 55.752, 37.618),
  pl('Leningrad', 'victory-city', 59.939, 30.314),
  pl('Warsaw', 'victory-city', 52.23, 21.012),
  pl('Bucharest', 'victory-city', 44.432, 26.106),
  pl('Smolensk', 'victory-city', 54.778, 32.051),
  pl('Kiev', 'victory-city', 50.455, 30.524),
  pl('Voronezh', 'victory-city', 51.668, 39.192),
  pl('Odessa', 'victory-city', 46.486, 30.744),
  pl('Rostov', 'victory-city', 47.22, 39.708),
  pl('Stalingrad', 'victory-city', 48.714, 44.498),
  pl('Sevastopol', 'victory-city', 44.608, 33.521),
  pl('Ploesti', 'oil', 44.95, 26.017),
  pl('Grozny', 'oil', 43.312, 45.689),
  pl('Koenigsberg', 'fortress-city', 54.706, 20.511),
  pl('Brest-Litovsk', 'fortress-city', 52.109, 23.717),
  pl('Kronstadt', 'fortress-city', 59.992, 29.776),
  pl('Kerch', 'city', 45.357, 36.475),
  pl('Taman', 'town', 45.215, 36.715),
  pl('Riga', 'major-city', 56.946, 24.106),
  pl('Tallinn', 'major-city', 59.437, 24.754),
  pl('Minsk', 'major-city', 53.9, 27.567),
  pl('Lvov', 'major-city', 49.838, 24.023),
  pl('Kharkov', 'major-city', 49.982, 36.255),
  pl('Dnepropetrovsk', 'major-city', 48.467, 35.041),
  pl('Zaporozhye', 'major-city', 47.852, 35.117),
  pl('Stalino', 'major-city', 48.023, 37.802),
  pl('Tula', 'major-city', 54.196, 37.618),
  pl('Gorky', 'major-city', 56.329, 44.002),
  pl('Yaroslavl', 'major-city', 57.63, 39.874),
  pl('Memel', 'city', 55.707, 21.139),
  pl('Libau', 'city', 56.505, 21.011),
  pl('Windau', 'town', 57.395, 21.561),
  pl('Pernau', 'town', 58.386, 24.497),
  pl('Nikolayev', 'city', 46.976, 31.993),
  pl('Kherson', 'city', 46.637, 32.615),
  pl('Novorossiysk', 'city', 44.732, 37.762),
  pl('Tuapse', 'town', 44.101, 39.083),
  pl('Constanta', 'city', 44.173, 28.638),
  pl('Izmail', 'town', 45.351, 28.838),
  pl('Galati', 'city', 45.437, 28.05),
  pl('Berdyansk', 'town', 46.756, 36.788),
  pl('Mariupol', 'city', 47.095, 37.541),
  pl('Taganrog', 'city', 47.236, 38.905),
  pl('Feodosiya', 'town', 45.032, 35.382),
  pl('Yevpatoriya', 'town', 45.201, 33.367),
  pl('Yalta', 'town', 44.502, 34.166),
  pl('Simferopol', 'city', 44.957, 34.111),
  pl('Kaunas', 'city', 54.902, 23.909),
  pl('Vilnius', 'city', 54.689, 25.28),
  pl('Grodno', 'city', 53.677, 23.829),
  pl('Bialystok', 'city', 53.133, 23.164),
  pl('Daugavpils', 'city', 55.883, 26.533),
  pl('Pskov', 'city', 57.819, 28.332),
  pl('Novgorod', 'city', 58.521, 31.271),
  pl('Vitebsk', 'city', 55.19, 30.205),
  pl('Orsha', 'town', 54.514, 30.404),
  pl('Mogilev', 'city', 53.909, 30.34),
  pl('Gomel', 'city', 52.434, 30.975),
  pl('Bobruisk', 'city', 53.147, 29.205),
  pl('Bryansk', 'city', 53.271, 34.321),
  pl('Orel', 'city', 52.969, 36.079),
  pl('Kursk', 'city', 51.727, 36.185),
  pl('Vyazma', 'city', 55.21, 34.297),
  pl('Kalinin', 'city', 56.858, 35.901),
  pl('Kaluga', 'city', 54.531, 36.27),
  pl('Ryazan', 'city', 54.63, 39.73),
  pl('Belgorod', 'city', 50.603, 36.581),
  pl('Poltava', 'city', 49.589, 34.554),
  pl('Zhitomir', 'city', 50.262, 28.679),
  pl('Vinnitsa', 'city', 49.232, 28.469),
  pl('Kirovograd', 'city', 48.508, 32.266),
  pl('Kishinev', 'city', 47.009, 28.859),
  pl('Chernigov', 'city', 51.505, 31.287),
  pl('Voroshilovgrad', 'city', 48.568, 39.306),
  pl('Krasnodar', 'city', 45.035, 38.975),
  pl('Velikiye Luki', 'city', 56.341, 30.544),
  pl('Rzhev', 'town', 56.263, 34.329),
  pl('Tikhvin', 'town', 59.639, 33.526),
  pl('Yelets', 'town', 52.614, 38.509),
  pl('Lutsk', 'city', 50.758, 25.35),
  pl('Rovno', 'city', 50.62, 26.237),
  pl('Tarnopol', 'city', 49.554, 25.591),
  pl('Chernovtsy', 'city', 48.29, 25.932),
  pl('Proskurov', 'city', 49.418, 26.979),
  pl('Uman', 'town', 48.75, 30.219),
  pl('Cherkassy', 'town', 49.445, 32.057),
  pl('Kremenchug', 'town', 49.063, 33.405),
  pl('Konotop', 'town', 51.233, 33.2),
  pl('Sumy', 'city', 50.917, 34.799),
  pl('Millerovo', 'town', 48.925, 40.4),
  pl('Armavir', 'town', 44.998, 41.12),
  pl('Ordzhonikidze', 'city', 43.02, 44.68),
  pl('Mineralnye Vody', 'town', 44.21, 43.135),
  pl('Tikhoretsk', 'town', 45.855, 40.126),
  pl('Salsk', 'town', 46.475, 41.54),
  pl('Kotelnikovo', 'town', 47.631, 43.142),
  pl('Kalach', 'town', 48.69, 43.53),
  pl('Borisoglebsk', 'town', 51.367, 42.081),
  pl('Michurinsk', 'town', 52.893, 40.49),
  pl('Liski', 'town', 50.98, 39.5),
  pl('Valuyki', 'town', 50.21, 38.1),
  pl('Izyum', 'town', 49.207, 37.277),
  pl('Lozovaya', 'town', 48.891, 36.314),
  pl('Krivoy Rog', 'town', 47.906, 33.394),
  pl('Nikopol', 'town', 47.568, 34.391),
  pl('Melitopol', 'town', 46.847, 35.382),
  pl('Perekop', 'town', 46.109, 33.692),
  pl('Dzhankoy', 'town', 45.713, 34.393),
  pl('Shakhty', 'town', 47.719, 40.216),
  pl('Kamensk', 'town', 48.318, 40.259),
  pl('Polotsk', 'town', 55.488, 28.786),
  pl('Slutsk', 'town', 53.015, 27.542),
  pl('Baranovichi', 'city', 53.133, 26.008),
  pl('Lida', 'town', 53.883, 25.3),
  pl('Pinsk', 'city', 52.122, 26.067),
  pl('Mozyr', 'town', 52.042, 29.216),
  pl('Zhlobin', 'town', 52.893, 30.024),
  pl('Kobrin', 'town', 52.212, 24.356),
  pl('Kovel', 'town', 51.217, 24.708),
  pl('Korosten', 'town', 50.951, 28.639),
  pl('Berdichev', 'town', 49.894, 28.582),
  pl('Pervomaisk', 'town', 48.044, 30.85),
  pl('Siauliai', 'town', 55.933, 23.317),
  pl('Ostrov', 'town', 57.344, 28.354),
  pl('Luga', 'town', 58.739, 29.848),
  pl('Narva', 'town', 59.377, 28.19),
  pl('Tartu', 'town', 58.381, 26.725),
  pl('Volkhov', 'town', 59.923, 32.34),
  pl('Staraya Russa', 'town', 57.996, 31.36),
  pl('Kholm', 'town', 57.149, 31.182),
  pl('Demyansk', 'town', 57.645, 32.466),
  pl('Toropets', 'town', 56.5, 31.639),
  pl('Ostashkov', 'town', 57.147, 33.107),
  pl('Bologoye', 'town', 57.88, 34.05),
  pl('Yelnya', 'town', 54.577, 33.185),
  pl('Roslavl', 'town', 53.954, 32.864),
  pl('Belyy', 'town', 55.841, 32.941),
  pl('Klin', 'town', 56.332, 36.729),
  pl('Mozhaisk', 'town', 55.502, 36.027),
  pl('Serpukhov', 'town', 54.92, 37.416),
  pl('Mtsensk', 'town', 53.279, 36.58),
  pl('Livny', 'town', 52.424, 37.6),
  pl('Sukhinichi', 'town', 54.107, 35.344),
  pl('Vologda', 'town', 59.22, 39.89),
  pl('Kostroma', 'town', 57.77, 40.93),
  pl('Vladimir', 'town', 56.13, 40.41),
  pl('Tambov', 'town', 52.72, 41.45),
  pl('Saratov', 'city', 51.53, 46.03),
  pl('Kamyshin', 'town', 50.08, 45.4),
  pl('Astrakhan', 'city', 46.35, 48.04),
  pl('Elista', 'town', 46.31, 44.26),
  pl('Tilsit', 'town', 55.084, 21.879),
  pl('Insterburg', 'town', 54.634, 21.805),
  pl('Suwalki', 'town', 54.112, 22.931),
  pl('Lomza', 'town', 53.178, 22.059),
  pl('Lublin', 'city', 51.246, 22.568),
  pl('Krakow', 'city', 50.06, 19.94),
  pl('Przemysl', 'town', 49.785, 22.767),
  pl('Iasi', 'city', 47.167, 27.6),
  pl('Brasov', 'city', 45.65, 25.6),
  pl('Craiova', 'city', 44.32, 23.8),
  pl('Focsani', 'town', 45.7, 27.18),
  pl('Botosani', 'town', 47.75, 26.66),
  pl('Cluj', 'city', 46.77, 23.6),
  pl('Helsinki', 'city', 60.17, 24.94),
  pl('Vyborg', 'town', 60.709, 28.755), // its hex is land (the vote gave the Vyborg bay)
];

/* ------------------------------------------------------------------------------------ */
/* Borders and countries (traced from named points; MAP-SOURCES.md)                     */

/**
 * The western border of the USSR on 22 June 1941, north to south, is the source line in
 * data/border-1941.json (each point named, with its source: the Memel border, the
 * German-Soviet line of 28 September 1939 by the Pisa, Narew, Bug and San, the Carpathian
 * crest against Hungary, northern Bukovina, the Prut and the Kilia arm of the Danube),
 * with its witness towns (the side each town was on). North of it the 1940 Finnish border
 * and the Baltic, south of it the Black Sea close the Soviet polygon.
 */
export const BORDER_1941 = JSON.parse(
  readFileSync(join(here, '../src/barbarossa-1941/data/border-1941.json'), 'utf8'),
) as {
  line: { at: string; lat: number; lon: number; against: 'germany' | 'hungary' | 'rumania' }[];
  towns: { name: string; lat: number; lon: number; side: 'ussr' | 'germany' | 'rumania' }[];
};
const borderAgainst = (c: 'germany' | 'hungary' | 'rumania'): LonLat[] => {
  // a stretch runs from the last point of the stretch before it (the tripoint) to its own last point
  const i0 = BORDER_1941.line.findIndex((p) => p.against === c);
  const i1 = BORDER_1941.line.findLastIndex((p) => p.against === c);
  return BORDER_1941.line.slice(Math.max(0, i0 - 1), i1 + 1).map((p) => [p.lon, p.lat] as const);
};
const AGAINST_GERMANY = borderAgainst('germany'); // Nimmersatt to the San
const AGAINST_HUNGARY = borderAgainst('hungary'); // the San's last point to the Rumanian tripoint
const AGAINST_RUMANIA = borderAgainst('rumania'); // the Hungarian tripoint to the Kilia mouth
const SOVIET_BORDER: LonLat[] = [
  [33.0, 63.5],
  [31.6, 62.9],
  [30.0, 61.8],
  [29.2, 61.35],
  [28.5, 60.95],
  [27.75, 60.5], // Gulf of Finland west of Vyborg (Moscow peace treaty line, 1940)
  [26.5, 60.2],
  [23.0, 59.95], // across the Gulf of Finland (the Estonian coast is Soviet)
  [20.5, 58.0],
  [20.8, 56.3],
  ...AGAINST_GERMANY,
  ...AGAINST_HUNGARY.slice(1),
  ...AGAINST_RUMANIA.slice(1),
  [31.0, 44.0],
  [40.0, 42.0],
  [60.0, 42.0],
  [60.0, 63.5],
];
/** Finland on the map (north of the 1940 border): Axis co-belligerent, its forces not in the game (B-17). */
const FINLAND: LonLat[] = [
  [20.0, 63.5],
  [33.0, 63.5],
  [31.6, 62.9],
  [30.0, 61.8],
  [29.2, 61.35],
  [28.5, 60.95],
  [27.75, 60.5],
  [26.5, 60.2],
  [22.8, 59.7],
  [20.0, 59.9],
];
/** The Reich with East Prussia, Memel and the Generalgouvernement (occupied Poland), west of the border. */
const GERMANY: LonLat[] = [
  [10.0, 58.0],
  [20.5, 58.0],
  [20.8, 56.3],
  ...AGAINST_GERMANY,
  AGAINST_HUNGARY[1]!, // the San's source
  [22.1, 49.2], // the Slovak border along the Beskids
  [21.0, 49.42],
  [20.0, 49.2],
  [19.4, 49.55],
  [10.0, 49.5],
];
/** Slovakia (1939-45 borders, without the south ceded to Hungary in 1938). */
const SLOVAKIA: LonLat[] = [
  [10.0, 49.5],
  [19.4, 49.55],
  [20.0, 49.2],
  [21.0, 49.42],
  [22.1, 49.2],
  [22.35, 48.95],
  [21.7, 48.6],
  [20.5, 48.5],
  [19.2, 48.15],
  [10.0, 48.0],
];
/** Hungary with Carpatho-Ukraine (1939) and northern Transylvania (1940). */
const HUNGARY: LonLat[] = [
  [10.0, 48.0],
  [19.2, 48.15],
  [20.5, 48.5],
  [21.7, 48.6],
  [22.35, 48.95],
  ...AGAINST_HUNGARY.slice(1), // the San's source along the Carpathian crest
  AGAINST_RUMANIA[1]!, // the Soviet-Hungarian-Rumanian tripoint
  [25.3, 47.55],
  [25.75, 47.1],
  [25.95, 46.65],
  [25.8, 46.2],
  [25.3, 46.3],
  [24.6, 46.55],
  [23.8, 46.55],
  [23.3, 46.65],
  [22.7, 46.85],
  [21.95, 47.05],
  [21.3, 46.45],
  [20.3, 46.15],
  [10.0, 46.0],
];
/** Rumania in 1941: without Bessarabia and northern Bukovina (Soviet), northern Transylvania and southern Dobruja. */
const RUMANIA: LonLat[] = [
  [20.3, 46.15],
  [21.3, 46.45],
  [21.95, 47.05],
  [22.7, 46.85],
  [23.3, 46.65],
  [23.8, 46.55],
  [24.6, 46.55],
  [25.3, 46.3],
  [25.8, 46.2],
  [25.95, 46.65],
  [25.75, 47.1],
  [25.3, 47.55],
  ...AGAINST_RUMANIA.slice(1), // the Soviet border from the Hungarian tripoint to the Kilia mouth
  [29.9, 44.3],
  [28.58, 43.74], // southern Dobruja (Bulgarian since 1940)
  [27.3, 44.1],
  [26.1, 43.98], // the Danube, upstream
  [25.0, 43.65],
  [23.9, 43.8],
  [22.6, 44.2],
  [22.45, 44.7],
  [21.4, 44.8],
  [20.3, 45.5],
];

type Country = 'ussr' | 'germany' | 'rumania' | 'hungary' | 'slovakia' | 'finland' | 'neutral';
function countryAt(ll: LonLat): Country {
  if (inPolygon(ll, SOVIET_BORDER) && !inPolygon(ll, FINLAND)) return 'ussr';
  if (inPolygon(ll, FINLAND)) return 'finland';
  if (inPolygon(ll, GERMANY)) return 'germany';
  if (inPolygon(ll, SLOVAKIA)) return 'slovakia';
  if (inPolygon(ll, HUNGARY)) return 'hungary';
  if (inPolygon(ll, RUMANIA)) return 'rumania';
  return 'neutral'; // Sweden, Bulgaria, occupied Yugoslavia, Turkey
}

/* ------------------------------------------------------------------------------------ */
/* Army group boundaries (June 1941, projected east; MAP-SOURCES.md)                     */

/** North / Centre boundary, west to east: north of it is Army Group North. */
const AG_NORTH_CENTRE: LonLat[] = [
  [10.0, 54.35],
  [22.9, 54.35],
  [24.5, 55.0],
  [26.6, 55.7],
  [28.5, 56.0],
  [30.5, 56.6],
  [31.8, 57.3],
  [33.5, 57.6],
  [60.0, 57.6],
];
/** Centre / South boundary along the Pripyat marshes, west to east: south of it is Army Group South. */
const AG_CENTRE_SOUTH: LonLat[] = [
  [10.0, 51.55],
  [23.6, 51.55],
  [25.0, 51.7],
  [27.5, 51.9],
  [30.1, 51.6],
  [31.5, 51.55],
  [33.5, 51.7],
  [36.0, 52.0],
  [60.0, 52.0],
];
/** The northern edge of the Pripyat marshes: Axis allied units must remain south of it (B-17). */
const SOUTH_LIMIT: LonLat[] = [
  [10.0, 52.3],
  [23.5, 52.1],
  [26.0, 52.35],
  [28.5, 52.45],
  [30.5, 52.3],
  [60.0, 52.3],
];
function latOn(line: readonly LonLat[], lon: number): number {
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1]!;
    const [x1, y1] = line[i]!;
    if (lon >= x0 && lon <= x1) return y0 + ((y1 - y0) * (lon - x0)) / (x1 - x0);
  }
  return line.at(-1)![1];
}

/* ------------------------------------------------------------------------------------ */
/* Terrain areas (lat/lon polygons traced from relief and vegetation maps; MAP-SOURCES.md) */

const MOUNTAINS: LonLat[][] = [
  // Eastern and Southern Carpathians
  [
    [22.3, 49.25],
    [23.5, 48.95],
    [24.4, 48.45],
    [25.2, 47.8],
    [25.9, 47.1],
    [26.2, 46.4],
    [26.4, 45.75],
    [25.8, 45.35],
    [24.6, 45.2],
    [23.3, 45.15],
    [22.6, 45.2],
    [22.5, 45.6],
    [23.6, 45.65],
    [24.9, 45.65],
    [25.7, 45.85],
    [25.55, 46.6],
    [25.0, 47.3],
    [24.0, 47.9],
    [23.2, 48.4],
    [22.2, 48.9],
  ],
  // Crimean mountains
  [
    [33.6, 44.55],
    [34.3, 44.45],
    [35.2, 44.85],
    [35.1, 45.0],
    [34.3, 44.85],
    [33.75, 44.75],
  ],
  // Greater Caucasus
  [
    [38.3, 44.5],
    [40.0, 44.1],
    [42.0, 43.7],
    [44.0, 43.1],
    [45.5, 42.8],
    [47.0, 42.6],
    [48.0, 41.5],
    [38.0, 41.5],
    [37.5, 44.6],
  ],
];
const HILLS: LonLat[][] = [
  // Carpathian foothills and the Transylvanian plateau
  [
    [21.5, 49.6],
    [23.2, 49.5],
    [24.6, 48.9],
    [25.6, 48.2],
    [26.3, 47.4],
    [26.7, 46.4],
    [26.8, 45.6],
    [25.5, 45.1],
    [23.0, 44.9],
    [22.2, 45.2],
    [22.0, 46.3],
    [22.3, 47.2],
    [21.8, 48.2],
    [20.5, 49.0],
  ],
  // Valdai hills
  [
    [32.4, 58.2],
    [33.8, 58.2],
    [34.0, 57.3],
    [33.0, 56.9],
    [32.3, 57.3],
  ],
  // Donets ridge
  [
    [37.8, 48.45],
    [39.9, 48.45],
    [40.2, 48.0],
    [38.2, 47.85],
  ],
  // Caucasus foothills and the Stavropol heights
  [
    [39.0, 44.9],
    [41.0, 45.3],
    [42.5, 45.0],
    [43.6, 44.3],
    [45.0, 43.6],
    [44.0, 43.2],
    [42.0, 43.8],
    [40.0, 44.2],
  ],
  // Crimean foothills
  [
    [33.5, 44.75],
    [34.4, 45.0],
    [35.4, 45.1],
    [35.2, 44.85],
    [34.3, 44.7],
    [33.6, 44.6],
  ],
];
const SWAMP: LonLat[][] = [
  // Pripyat (Polesie) marshes, core along the river
  [
    [24.3, 51.95],
    [25.5, 52.25],
    [27.0, 52.3],
    [28.5, 52.25],
    [29.8, 51.95],
    [30.0, 51.6],
    [28.5, 51.75],
    [27.0, 51.8],
    [25.5, 51.75],
    [24.4, 51.65],
  ],
  // Volkhov swamps between Lake Ilmen and Lake Ladoga
  [
    [31.2, 59.55],
    [32.0, 59.6],
    [32.4, 59.2],
    [31.9, 58.75],
    [31.3, 58.85],
  ],
  // Lovat / Pola swamps south of Lake Ilmen (Staraya Russa - Demyansk - Kholm)
  [
    [30.6, 57.95],
    [32.0, 57.9],
    [32.3, 57.3],
    [31.0, 57.2],
  ],
];
const SWAMP_FOREST: LonLat[][] = [
  // Polesie forest-marsh around the core
  [
    [23.8, 52.25],
    [25.0, 52.55],
    [26.8, 52.65],
    [28.5, 52.7],
    [29.8, 52.45],
    [30.6, 51.9],
    [30.3, 51.2],
    [29.0, 51.1],
    [27.5, 51.2],
    [26.0, 51.0],
    [24.6, 51.2],
    [23.9, 51.55],
  ],
  // Volkhov - Tikhvin forest-marsh
  [
    [30.7, 59.55],
    [33.2, 59.7],
    [33.6, 59.2],
    [33.0, 58.7],
    [31.6, 58.6],
    [30.8, 59.0],
  ],
  // Meshchera lowlands east of Moscow
  [
    [38.9, 55.85],
    [41.0, 55.7],
    [41.0, 55.0],
    [39.8, 54.85],
    [38.9, 55.2],
  ],
];
const FOREST: LonLat[][] = [
  // The northern forest belt: Leningrad oblast, Karelia, Kalinin, Yaroslavl
  [
    [28.5, 61.8],
    [46.0, 61.8],
    [46.0, 57.0],
    [42.0, 57.2],
    [39.5, 57.0],
    [37.0, 56.5],
    [34.5, 56.6],
    [33.0, 56.3],
    [31.0, 56.5],
    [29.5, 57.3],
    [28.8, 58.2],
    [28.0, 59.0],
    [28.5, 60.2],
  ],
  // Estonia and northern Latvia
  [
    [23.5, 59.3],
    [27.5, 59.3],
    [27.6, 57.6],
    [25.5, 57.0],
    [23.5, 57.4],
  ],
  // Belorussian forests (Naliboki, Berezina, upper Dnieper)
  [
    [26.0, 54.3],
    [28.0, 54.9],
    [29.5, 54.7],
    [29.5, 53.6],
    [28.0, 53.3],
    [26.2, 53.5],
  ],
  // Bialowieza
  [
    [23.5, 52.85],
    [24.3, 52.85],
    [24.3, 52.5],
    [23.5, 52.5],
  ],
  // Smolensk - Vyazma - Bryansk forests
  [
    [32.2, 55.6],
    [34.8, 55.8],
    [35.8, 55.2],
    [35.8, 53.6],
    [35.0, 52.6],
    [33.4, 52.6],
    [32.6, 53.6],
    [32.6, 54.5],
  ],
  // Forests west and north of Moscow (Volokolamsk, Mozhaisk, Klin)
  [
    [35.6, 56.4],
    [37.5, 56.5],
    [37.9, 55.9],
    [36.8, 55.3],
    [35.8, 55.4],
  ],
  // Lithuanian and East Prussian forests
  [
    [21.7, 54.5],
    [22.7, 54.45],
    [22.5, 53.6],
    [21.3, 53.5],
    [21.0, 54.0],
  ],
  // Carpathian forest belt north of the mountains (Galicia)
  [
    [22.0, 50.3],
    [24.0, 50.0],
    [24.6, 49.4],
    [23.5, 49.5],
    [22.2, 49.7],
  ],
];
function terrainAt(ll: LonLat): Terrain {
  const inAny = (polys: LonLat[][]) => polys.some((p) => inPolygon(ll, p));
  if (inAny(MOUNTAINS)) return 'mountain';
  if (inAny(HILLS)) return 'hills';
  if (inAny(SWAMP)) return 'swamp';
  if (inAny(SWAMP_FOREST)) return 'swamp-forest';
  if (inAny(FOREST)) return 'forest';
  return 'clear';
}

/* ------------------------------------------------------------------------------------ */
/* Railways and roads of 1941 (station sequences; MAP-SOURCES.md)                         */

const WAY: Record<string, LonLat> = {
  Stolbtsy: [26.72, 53.48],
  Molodechno: [26.85, 54.31],
  Borisov: [28.505, 54.228],
  Jelgava: [23.72, 56.65],
  Radviliskis: [23.53, 55.81],
  Virbalis: [22.82, 54.63],
  Rezekne: [27.33, 56.51],
  Valga: [26.05, 57.78],
  Dno: [29.97, 57.83],
  Novosokolniki: [30.15, 56.34],
  Nevel: [29.93, 56.02],
  Chudovo: [31.68, 59.12],
  Mga: [31.067, 59.75],
  VyshnyVolochek: [34.56, 57.59],
  Volokolamsk: [35.97, 56.03],
  Unecha: [32.68, 52.85],
  Kalinkovichi: [29.33, 52.13],
  Luninets: [26.8, 52.25],
  Sarny: [26.6, 51.34],
  Kazatin: [28.83, 49.72],
  Fastov: [29.92, 50.08],
  Zhmerinka: [28.11, 49.04],
  Shepetovka: [27.06, 50.18],
  Zdolbunov: [26.25, 50.51],
  Brody: [25.15, 50.08],
  Razdelnaya: [30.08, 46.84],
  Bender: [29.48, 46.83],
  Ungheni: [27.8, 47.21],
  Znamenka: [32.66, 48.72],
  Yasinovataya: [37.86, 48.13],
  Debaltsevo: [38.4, 48.34],
  Likhaya: [40.2, 48.2],
  Morozovsk: [41.83, 48.35],
  Chir: [42.95, 48.55],
  Povorino: [42.25, 51.2],
  Gryazi: [39.95, 52.5],
  Ryazhsk: [39.92, 53.7],
  Uzlovaya: [38.17, 53.98],
  Kastornoye: [38.14, 51.82],
  Kupyansk: [37.61, 49.71],
  Krasnoarmeysk: [37.18, 48.28],
  Prokhladny: [44.05, 43.76],
  Kropotkin: [40.57, 45.43],
  Siedlce: [22.27, 52.17],
  Malkinia: [22.03, 52.7],
  Allenstein: [20.48, 53.78],
  Gumbinnen: [22.19, 54.59],
  Tarnow: [20.99, 50.01],
  Rzeszow: [22.0, 50.04],
  Chelm: [23.47, 51.14],
  Pascani: [26.72, 47.25],
  Suceava: [26.25, 47.65],
  Buzau: [26.82, 45.15],
  Pitesti: [24.87, 44.86],
  TurnuSeverin: [22.66, 44.63],
  Tecuci: [27.43, 45.85],
  Baranovichi: [26.008, 53.133],
  Pechory: [27.61, 57.81],
  Voru: [27.02, 57.83],
  Volkovysk: [24.45, 53.15],
  Slonim: [25.32, 53.09],
  KhutorMikhailovsky: [33.97, 52.07],
  Navlya: [34.5, 52.83],
  TikhonovaPustyn: [36.19, 54.67],
  NowySacz: [20.69, 49.62],
  Muszyna: [20.9, 49.35],
  Presov: [21.24, 49.0],
  Kosice: [21.26, 48.72],
  Chop: [22.2, 48.43],
  SatuMare: [22.88, 47.79],
  Carei: [22.47, 47.68],
  Oradea: [21.92, 47.05],
  Jaroslaw: [22.68, 50.02],
  Przeworsk: [22.49, 50.06],
  Rozwadow: [22.05, 50.59],
};
function at(name: string): LonLat {
  const p = PLACES.find((q) => q.name === name);
  if (p) return [p.lon, p.lat];
  const w = WAY[name];
  if (!w) throw new Error(`no place or waypoint ${name}`);
  return w;
}
interface LineDef {
  /** A railway's gauge is found from the hexes it runs through: 'rail' or 'rail-german'. */
  kind: Exclude<ConnectionKind, 'rail-german'>;
  name: string;
  via: (string | LonLat)[];
}
const rail = (name: string, ...via: (string | LonLat)[]): LineDef => ({ kind: 'rail', name, via });
const road = (name: string, ...via: (string | LonLat)[]): LineDef => ({ kind: 'road', name, via });
const brown = (name: string, ...via: (string | LonLat)[]): LineDef => ({ kind: 'brown-road', name, via });
/** Railways: a line's hexes in the USSR are Russian gauge ("rail"), the rest standard gauge ("rail-german"). */
const LINES: LineDef[] = [
  rail(
    'Moscow - Minsk - Brest',
    'Moscow',
    'Mozhaisk',
    'Vyazma',
    'Smolensk',
    'Orsha',
    'Borisov',
    'Minsk',
    'Stolbtsy',
    'Baranovichi',
    'Brest-Litovsk',
    'Siedlce',
    'Warsaw',
  ),
  rail('October railway', 'Leningrad', 'Chudovo', 'Bologoye', 'VyshnyVolochek', 'Kalinin', 'Klin', 'Moscow'),
  rail(
    'Leningrad - Warsaw',
    'Leningrad',
    'Luga',
    'Pskov',
    'Ostrov',
    'Rezekne',
    'Daugavpils',
    'Vilnius',
    'Grodno',
    'Bialystok',
    'Malkinia',
    'Warsaw',
  ),
  rail('Riga - Orel', 'Riga', 'Daugavpils', 'Polotsk', 'Vitebsk', 'Smolensk', 'Roslavl', 'Bryansk', 'Orel'),
  rail(
    'Moscow - Kursk - Kharkov - Sevastopol',
    'Moscow',
    'Serpukhov',
    'Tula',
    'Orel',
    'Kursk',
    'Belgorod',
    'Kharkov',
    'Lozovaya',
    'Zaporozhye',
    'Melitopol',
    'Dzhankoy',
    'Simferopol',
    'Sevastopol',
  ),
  rail(
    'Moscow - Voronezh - Rostov',
    'Moscow',
    'Ryazan',
    'Ryazhsk',
    'Michurinsk',
    'Gryazi',
    'Voronezh',
    'Liski',
    'Millerovo',
    'Likhaya',
    'Shakhty',
    'Rostov',
  ),
  rail(
    'Rostov - Grozny',
    'Rostov',
    'Tikhoretsk',
    'Kropotkin',
    'Armavir',
    'Mineralnye Vody',
    'Prokhladny',
    'Grozny',
  ),
  rail('Tikhoretsk - Novorossiysk', 'Tikhoretsk', 'Krasnodar', 'Novorossiysk'),
  rail('Prokhladny - Ordzhonikidze', 'Prokhladny', 'Ordzhonikidze'),
  rail('Gryazi - Stalingrad', 'Gryazi', 'Borisoglebsk', 'Povorino', 'Stalingrad'),
  rail('Stalingrad - Likhaya', 'Stalingrad', 'Chir', 'Morozovsk', 'Likhaya'),
  rail('Stalingrad - Tikhoretsk', 'Stalingrad', 'Kotelnikovo', 'Salsk', 'Tikhoretsk'),
  rail('Povorino - Saratov', 'Povorino', 'Saratov'),
  rail('Moscow - Gorky', 'Moscow', 'Vladimir', 'Gorky'),
  rail('Moscow - Yaroslavl - Vologda', 'Moscow', 'Yaroslavl', 'Vologda'),
  rail('Leningrad - Tikhvin - Vologda', 'Leningrad', 'Mga', 'Volkhov', 'Tikhvin', 'Vologda'),
  // the Baltic railway by Gatchina and Kingisepp (Yamburg), south of the Gulf's shore (it ran through
  // Kronstadt's hex, an island since issue #42 item 5)
  rail('Leningrad - Tallinn', 'Leningrad', [30.128, 59.565], [28.613, 59.373], 'Narva', 'Tallinn'),
  rail('Tallinn - Tartu - Riga', 'Tallinn', 'Tartu', 'Valga', 'Riga'),
  rail('Pernau - Valga', 'Pernau', 'Valga'),
  rail(
    'Riga - Siauliai - Kaunas - Vilnius',
    'Riga',
    'Jelgava',
    'Siauliai',
    'Radviliskis',
    'Kaunas',
    'Vilnius',
  ),
  rail('Libau - Siauliai', 'Libau', 'Siauliai'),
  rail('Windau - Riga', 'Windau', 'Jelgava'),
  rail('Kaunas - Koenigsberg', 'Kaunas', 'Virbalis', 'Gumbinnen', 'Insterburg', 'Koenigsberg'),
  rail('Memel - Tilsit - Insterburg', 'Memel', 'Tilsit', 'Insterburg'),
  rail('Koenigsberg - Warsaw', 'Koenigsberg', 'Allenstein', 'Warsaw'),
  rail('Leningrad - Vitebsk', 'Leningrad', 'Dno', 'Novosokolniki', 'Nevel', 'Vitebsk'),
  rail('Moscow - Riga', 'Moscow', 'Volokolamsk', 'Rzhev', 'Velikiye Luki', 'Novosokolniki', 'Rezekne'),
  rail('Dno - Staraya Russa - Bologoye', 'Dno', 'Staraya Russa', 'Bologoye'),
  rail('Novgorod - Chudovo', 'Novgorod', 'Chudovo'),
  rail('Rzhev - Vyazma - Bryansk', 'Kalinin', 'Rzhev', 'Vyazma', 'Sukhinichi', 'Bryansk'),
  rail('Moscow - Kaluga - Bryansk', 'Moscow', 'Kaluga', 'Sukhinichi'),
  rail('Tula - Kaluga - Vyazma', 'Tula', 'Kaluga', 'TikhonovaPustyn', 'Vyazma'),
  rail('Pskov - Valga (the Pskov - Riga line)', 'Pskov', 'Pechory', 'Voru', 'Valga'),
  rail('Bialystok - Volkovysk - Baranovichi', 'Bialystok', 'Volkovysk', 'Slonim', 'Baranovichi'),
  rail('Minsk - Vilnius', 'Minsk', 'Molodechno', 'Vilnius'),
  rail('Polotsk - Molodechno', 'Polotsk', 'Molodechno'),
  rail(
    'Vitebsk - Orsha - Mogilev - Zhlobin - Korosten',
    'Vitebsk',
    'Orsha',
    'Mogilev',
    'Zhlobin',
    'Kalinkovichi',
    'Korosten',
  ),
  rail('Minsk - Bobruisk - Gomel', 'Minsk', 'Bobruisk', 'Zhlobin', 'Gomel'),
  rail('Gomel - Bryansk', 'Gomel', 'Unecha', 'Bryansk'),
  rail('Brest - Pinsk - Gomel', 'Brest-Litovsk', 'Kobrin', 'Pinsk', 'Luninets', 'Kalinkovichi', 'Gomel'),
  rail('Baranovichi - Luninets - Sarny', 'Baranovichi', 'Luninets', 'Sarny'),
  rail('Kiev - Korosten - Kovel - Brest', 'Kiev', 'Korosten', 'Sarny', 'Kovel', 'Brest-Litovsk'),
  rail('Kovel - Chelm - Lublin', 'Kovel', 'Chelm', 'Lublin', 'Warsaw'),
  rail(
    'Kiev - Kazatin - Lvov',
    'Kiev',
    'Fastov',
    'Kazatin',
    'Berdichev',
    'Shepetovka',
    'Zdolbunov',
    'Brody',
    'Lvov',
  ),
  rail('Zdolbunov - Rovno - Kovel', 'Zdolbunov', 'Rovno', 'Kovel'),
  rail('Kazatin - Zhmerinka - Odessa', 'Kazatin', 'Vinnitsa', 'Zhmerinka', 'Razdelnaya', 'Odessa'),
  rail('Zhmerinka - Proskurov - Lvov', 'Zhmerinka', 'Proskurov', 'Tarnopol', 'Lvov'),
  rail(
    'Lvov - Przemysl - Krakow',
    'Lvov',
    'Przemysl',
    'Jaroslaw',
    'Przeworsk',
    'Rzeszow',
    'Tarnow',
    'Krakow',
  ),
  rail('Lublin - Rozwadow - Przeworsk', 'Lublin', 'Rozwadow', 'Przeworsk'),
  rail('Lvov - Chernovtsy - Iasi', 'Lvov', 'Chernovtsy', 'Suceava', 'Pascani', 'Iasi'),
  rail('Kiev - Poltava - Kharkov', 'Kiev', 'Poltava', 'Kharkov'),
  rail('Kiev - Konotop - Kursk', 'Kiev', 'Konotop', 'Kursk'),
  rail('Konotop - Bryansk (the Moscow - Kiev line)', 'Konotop', 'KhutorMikhailovsky', 'Navlya', 'Bryansk'),
  rail('Kharkov - Kupyansk - Liski', 'Kharkov', 'Kupyansk', 'Valuyki', 'Liski'),
  rail('Kursk - Voronezh', 'Kursk', 'Kastornoye', 'Voronezh'),
  rail('Orel - Yelets - Gryazi', 'Orel', 'Yelets', 'Gryazi'),
  rail('Tula - Uzlovaya - Ryazhsk', 'Tula', 'Uzlovaya', 'Ryazhsk'),
  rail('Kastornoye - Yelets', 'Kastornoye', 'Yelets'),
  rail('Lozovaya - Dnepropetrovsk - Krivoy Rog', 'Lozovaya', 'Dnepropetrovsk', 'Krivoy Rog', 'Znamenka'),
  rail('Znamenka - Kirovograd - Pervomaisk - Odessa', 'Znamenka', 'Kirovograd', 'Pervomaisk', 'Razdelnaya'),
  rail('Kiev - Cherkassy - Znamenka', 'Fastov', 'Cherkassy', 'Znamenka'),
  rail('Poltava - Kremenchug - Znamenka', 'Poltava', 'Kremenchug', 'Znamenka'),
  rail('Nikolayev - Kherson - Znamenka', 'Znamenka', 'Nikolayev', 'Kherson'),
  rail('Odessa - Nikolayev', 'Odessa', 'Nikolayev'),
  rail(
    'Lozovaya - Stalino - Debaltsevo - Likhaya',
    'Lozovaya',
    'Krasnoarmeysk',
    'Yasinovataya',
    'Stalino',
    'Mariupol',
  ),
  rail('Yasinovataya - Likhaya', 'Yasinovataya', 'Debaltsevo', 'Voroshilovgrad', 'Millerovo'),
  rail('Debaltsevo - Likhaya', 'Debaltsevo', 'Kamensk', 'Likhaya'),
  rail('Rostov - Taganrog - Stalino', 'Rostov', 'Taganrog', 'Stalino'),
  rail('Kupyansk - Izyum - Krasnoarmeysk', 'Kupyansk', 'Izyum', 'Krasnoarmeysk'),
  rail('Dzhankoy - Kerch', 'Dzhankoy', 'Feodosiya', 'Kerch'),
  rail('Zaporozhye - Dnepropetrovsk', 'Zaporozhye', 'Dnepropetrovsk'),
  rail('Kishinev - Ungheni - Iasi', 'Razdelnaya', 'Bender', 'Kishinev', 'Ungheni', 'Iasi'),
  rail(
    'Iasi - Bucharest',
    'Iasi',
    [27.73, 46.64],
    [27.67, 46.23],
    'Tecuci',
    'Focsani',
    'Buzau',
    'Ploesti',
    'Bucharest',
  ),
  rail('Galati - Tecuci', 'Galati', 'Tecuci'),
  rail('Bucharest - Constanta', 'Bucharest', 'Constanta'),
  rail('Ploesti - Brasov - Cluj - Oradea', 'Ploesti', 'Brasov', 'Cluj', 'Oradea', [19.5, 47.3]),
  // The standard gauge from the Generalgouvernement to Rumania in 1941 by Slovakia and
  // Hungary (the Tarnów - Leluchów line of 1876 to Prešov and Košice, Košice - Čop -
  // Satu Mare - Carei - Oradea), joining the Oradea - Cluj - Brasov - Ploesti line (issue #42).
  rail(
    'Tarnow - Kosice - Satu Mare - Oradea (the German route to Rumania)',
    'Tarnow',
    'NowySacz',
    'Muszyna',
    'Presov',
    'Kosice',
    'Chop',
    'SatuMare',
    'Carei',
    'Oradea',
  ),
  rail(
    'Bucharest - Craiova - Turnu Severin',
    'Bucharest',
    'Pitesti',
    'Craiova',
    'TurnuSeverin',
    [21.5, 44.75],
  ),
  rail('Warsaw - Krakow (Radom line)', 'Warsaw', [21.15, 51.4], 'Krakow'),
  rail('Warsaw - Lodz (to the west edge)', 'Warsaw', [19.45, 51.76]),
  rail('Koenigsberg - Elbing (to the west edge)', 'Koenigsberg', [19.4, 54.16]),
  rail('Krakow - Silesia (to the west edge)', 'Krakow', [19.0, 50.26]),
  rail('Suwalki - Insterburg', 'Suwalki', 'Gumbinnen'),
  rail('Lomza - Malkinia', 'Lomza', 'Malkinia'),
  road(
    'Moscow - Minsk highway',
    'Moscow',
    'Mozhaisk',
    'Vyazma',
    'Smolensk',
    'Orsha',
    'Borisov',
    'Minsk',
    'Baranovichi',
    'Kobrin',
    'Brest-Litovsk',
    'Siedlce',
    'Warsaw',
  ),
  road(
    'Moscow - Leningrad highway',
    'Moscow',
    'Klin',
    'Kalinin',
    'VyshnyVolochek',
    'Novgorod',
    'Chudovo',
    'Leningrad',
  ),
  road(
    'Moscow - Tula - Orel - Kharkov highway',
    'Moscow',
    'Serpukhov',
    'Tula',
    'Mtsensk',
    'Orel',
    'Kursk',
    'Belgorod',
    'Kharkov',
  ),
  road('Kiev - Zhitomir - Rovno - Lvov road', 'Kiev', 'Zhitomir', 'Rovno', 'Brody', 'Lvov', 'Przemysl'),
  road(
    'Leningrad - Pskov - Riga road',
    'Leningrad',
    'Luga',
    'Pskov',
    'Valga',
    'Riga',
    'Siauliai',
    'Tilsit',
    'Koenigsberg',
  ),
  brown('Riga - Daugavpils - Vitebsk road', 'Riga', 'Daugavpils', 'Polotsk', 'Vitebsk', 'Smolensk'),
  brown('Kaunas - Vilnius - Minsk road', 'Kaunas', 'Vilnius', 'Molodechno', 'Minsk'),
  brown('Minsk - Bobruisk - Gomel road', 'Minsk', 'Bobruisk', 'Gomel', 'Chernigov', 'Kiev'),
  brown('Smolensk - Roslavl - Bryansk road', 'Smolensk', 'Roslavl', 'Bryansk', 'Orel'),
  brown(
    'Moscow - Kaluga - Roslavl road',
    'Moscow',
    'Kaluga',
    'Sukhinichi',
    'Roslavl',
    'Mogilev',
    'Bobruisk',
    'Slutsk',
    'Baranovichi',
  ),
  brown(
    'Kiev - Poltava - Kharkov road',
    'Kiev',
    'Poltava',
    'Kharkov',
    'Izyum',
    'Stalino',
    'Taganrog',
    'Rostov',
  ),
  brown('Kiev - Uman - Odessa road', 'Kiev', 'Uman', 'Pervomaisk', 'Odessa'),
  brown(
    'Lvov - Tarnopol - Vinnitsa - Uman road',
    'Lvov',
    'Tarnopol',
    'Proskurov',
    'Vinnitsa',
    'Uman',
    'Kirovograd',
    'Dnepropetrovsk',
    'Stalino',
  ),
  brown(
    'Kharkov - Zaporozhye - Perekop - Simferopol road',
    'Kharkov',
    'Dnepropetrovsk',
    'Zaporozhye',
    'Melitopol',
    'Perekop',
    'Simferopol',
    'Sevastopol',
  ),
  brown('Voronezh - Rostov road', 'Voronezh', 'Millerovo', 'Kamensk', 'Shakhty', 'Rostov'),
  brown('Rostov - Stalingrad road', 'Rostov', 'Kotelnikovo', 'Stalingrad'),
  brown('Moscow - Ryazan - Voronezh road', 'Moscow', 'Ryazan', 'Michurinsk', 'Voronezh'),
  brown('Kalinin - Rzhev - Vyazma road', 'Kalinin', 'Rzhev', 'Vyazma'),
  brown('Pskov - Novgorod road', 'Pskov', 'Novgorod', 'Tikhvin'),
  brown('Kishinev - Odessa road', 'Iasi', 'Kishinev', 'Bender', 'Odessa'),
  brown('Orel - Kursk - Voronezh road', 'Kursk', 'Voronezh', 'Stalingrad'),
];

/* ------------------------------------------------------------------------------------ */
/* Supply edges and set-up areas                                                        */

/** Russian supply edges ("Supply"): north-east of this meridian the top row, the east column, the Caucasus bottom row. */
const NORTHEAST_EDGE_FROM_LON = 34.5;
const SOUTHEAST_EDGE_FROM_LON = 38.0;
const EAST_EDGE_NORTH_LAT = 55.5;
const EAST_EDGE_SOUTH_LAT = 48.5;

/* ------------------------------------------------------------------------------------ */
/* Build                                                                                 */

const errors: string[] = [];
function check(ok: boolean, msg: string): void {
  if (!ok) errors.push(msg);
}

// Surface: the majority of 7 samples (centre and 6 points halfway to the corners).
const surfaceOf = new Map<string, number>();
for (const h of ALL) {
  const c = centre(h);
  const votes = [0, 0, 0];
  const samples: Pt[] = [c];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    samples.push({ x: c.x + 0.5 * SIZE * Math.cos(a), y: c.y + 0.5 * SIZE * Math.sin(a) });
  }
  for (const p of samples) votes[surface(unproject(p))]!++;
  const land = votes[1]!;
  const water = votes[0]! >= votes[2]! ? 0 : 2;
  surfaceOf.set(key(h), land >= 4 ? 1 : water);
}

/** The Caspian (a lake in GSHHG) counts as sea. */
const CASPIAN = { fromLon: 46.5, belowLat: 48 };
/**
 * Reservoirs GSHHG shows that did not exist in 1941 (or were only beginning to fill): they
 * are land. Boxes (west, south, east, north): Rybinsk (filled 1941-47), Gorky (1955-57),
 * Kuibyshev (1955-57), Volgograd (1958-61), Tsimlyansk (1952), the Dnieper cascade
 * (Kiev 1964-66, Kremenchug 1959-61, Kakhovka 1955-58).
 */
const RESERVOIRS: [number, number, number, number][] = [
  [37.5, 58.0, 39.2, 59.2],
  [42.0, 56.4, 44.5, 57.6],
  [46.0, 53.0, 52.0, 56.5],
  [44.5, 48.8, 47.5, 51.0],
  [41.5, 47.4, 43.5, 48.5],
  [30.2, 50.6, 30.8, 51.4],
  [32.0, 48.9, 34.2, 49.8],
  [33.2, 46.8, 35.0, 47.9],
];
for (const h of ALL) {
  if (surfaceOf.get(key(h)) !== 2) continue;
  const [lon, lat] = unproject(centre(h));
  if (lon >= CASPIAN.fromLon && lat < CASPIAN.belowLat) surfaceOf.set(key(h), 0);
  else if (RESERVOIRS.some(([w, so, e, n]) => lon >= w && lon <= e && lat >= so && lat <= n))
    surfaceOf.set(key(h), 1);
}

/**
 * Waters narrower than a hex that the 7-sample vote gives as land, made water where the
 * campaign turned on them (issue #42; MAP-SOURCES.md "Land, sea, lakes"): the Sivash
 * (the "Rotten Sea" between the Perekop isthmus and the Arabat spit, 2-35 km wide, a
 * lagoon of the Sea of Azov), so that the Crimea joins the mainland by the Perekop
 * isthmus alone, 7 km wide, as in 1941 (Manstein's 11. Armee broke in at Perekop and
 * Ishun, 24-28 September and 18-28 October 1941); and the Kerch Strait (4-15 km wide,
 * with Taman Bay), which joins the Sea of Azov to the Black Sea (RULINGS B-47: a crossing
 * there is a sea move). Each is the hex holding the named point.
 */
const NARROW_WATERS: { name: string; at: LonLat }[] = [
  { name: 'the western Sivash, south of Chaplynka', at: [34.3, 46.15] },
  { name: 'the Sivash at the Chonhar strait', at: [34.75, 46.05] },
  { name: 'the Kerch Strait and Taman Bay', at: [36.8, 45.2] },
  // Ports on rivers and limans whose water is narrower than a hex (issue #42: "ports with no
  // sea next to them"): the water that joins each to its sea.
  {
    name: "the head of Taganrog Bay and the Don delta (Rostov's way to the Sea of Azov)",
    at: [39.37, 46.97],
  },
  { name: 'Taganrog Bay south of Taganrog (25-30 km wide, one hex row)', at: [38.89, 46.9] },
  {
    name: "the Bug and Dnieper-Bug limans (Nikolayev's and Kherson's way to the Black Sea)",
    at: [31.98, 46.8],
  },
  { name: "the Danube delta below Izmail (the Kilia arm, Izmail's way to the Black Sea)", at: [29.44, 45.3] },
];
const narrowWater = new Set(NARROW_WATERS.map((w) => key(hexAt(w.at))));
for (const k of narrowWater) surfaceOf.set(k, 0);

// Places: one per hex, by priority; a place's hex is land.
interface PlacedPlace extends PlaceDef {
  hex: string;
}
const placed: PlacedPlace[] = [];
const leftOff: string[] = [];
const displaced: string[] = [];
function distKmLL(a: LonLat, b: LonLat): number {
  const k = Math.cos(rad((a[1] + b[1]) / 2));
  return Math.hypot((a[0] - b[0]) * k, a[1] - b[1]) * 111.2;
}
const placeHexes = new Set<string>();
// Lake Ilmen (issue #42 item 7) is smaller than a hex; the hex of its centre is the lake's. The
// town there (Staraya Russa, on the south shore) takes the nearest free land hex to its own
// coordinates instead.
const LAKE_ILMEN_CENTRE: LonLat = [31.28, 58.27];
const ilmenHex = key(hexAt(LAKE_ILMEN_CENTRE));
for (const p of PLACES) {
  const h = hexAt([p.lon, p.lat]);
  if (!onGrid(h)) {
    leftOff.push(`${p.name} (off the map)`);
    continue;
  }
  const k = key(h);
  if (k === ilmenHex) {
    const alt = neighbours(h)
      .filter((n) => onGrid(n) && surfaceOf.get(key(n)) === 1 && !placeHexes.has(key(n)))
      .sort(
        (a, b) =>
          distKmLL(unproject(centre(a)), [p.lon, p.lat]) - distKmLL(unproject(centre(b)), [p.lon, p.lat]),
      )[0];
    if (alt) {
      placeHexes.add(key(alt));
      placed.push({ ...p, hex: key(alt) });
      displaced.push(`${p.name} -> ${key(alt)} (Lake Ilmen's hex)`);
      continue;
    }
  }
  if (placeHexes.has(k) && p.name === 'Taman') {
    // The Kerch Strait is narrower than a hex: its eastern (Taman) side takes the nearest free
    // land hex east of Kerch beyond the strait's water hex, so crossing it is a sea move (B-47).
    const alt = ALL.filter(
      (n) =>
        axialDistance(offsetToAxial(n), offsetToAxial(h)) <= 2 &&
        surfaceOf.get(key(n)) === 1 &&
        !narrowWater.has(key(n)) &&
        !placeHexes.has(key(n)) &&
        unproject(centre(n))[0] > p.lon - 0.1,
    ).sort(
      (a, b) =>
        distKmLL(unproject(centre(a)), [p.lon, p.lat]) - distKmLL(unproject(centre(b)), [p.lon, p.lat]),
    )[0];
    if (alt) {
      placeHexes.add(key(alt));
      placed.push({ ...p, hex: key(alt) });
      surfaceOf.set(key(alt), 1);
      displaced.push(`${p.name} -> ${key(alt)}`);
      continue;
    }
  }
  if (placeHexes.has(k)) {
    leftOff.push(`${p.name} (hex ${k} holds ${placed.find((q) => q.hex === k)!.name})`);
    continue;
  }
  placeHexes.add(k);
  placed.push({ ...p, hex: k });
  surfaceOf.set(k, 1);
}
const placeHex = (name: string): string | undefined => placed.find((p) => p.name === name)?.hex;

export const BANKS = JSON.parse(
  readFileSync(join(here, '../src/barbarossa-1941/data/river-banks.json'), 'utf8'),
) as {
  places: { place: string; river: string; bank: 'left' | 'right'; riverLies: string }[];
};
const COMPASS: Record<string, Pt> = {
  N: { x: 0, y: -1 },
  S: { x: 0, y: 1 },
  E: { x: 1, y: 0 },
  W: { x: -1, y: 0 },
  NE: { x: Math.SQRT1_2, y: -Math.SQRT1_2 },
  NW: { x: -Math.SQRT1_2, y: -Math.SQRT1_2 },
  SE: { x: Math.SQRT1_2, y: Math.SQRT1_2 },
  SW: { x: -Math.SQRT1_2, y: Math.SQRT1_2 },
};
/** The river courses (geo/barbarossa-rivers.geojson, each part from source to mouth) in grid km. */
const riverFile = JSON.parse(readFileSync(join(here, 'geo/barbarossa-rivers.geojson'), 'utf8')) as {
  features: RiverFeature[];
};
interface RiverFeature {
  properties: { name: string; tributaryOf: string | null; source: string };
  geometry: { coordinates: [number, number][][] };
}

/**
 * Stretches of river where the extract (geo/barbarossa-rivers.geojson) runs more than half a
 * hex from the real course (issue #42 item 7), each a line through towns on the river,
 * source to mouth: data/river-course-fixes.json, the table gen-barbarossa-geo.ts traces too
 * (data/river-checkpoints.json holds the same towns; map-history.test.ts checks them).
 */
const COURSE_FIXES = (
  JSON.parse(readFileSync(join(here, '../src/barbarossa-1941/data/river-course-fixes.json'), 'utf8')) as {
    fixes: Record<string, { via: LonLat[]; towns: string; why: string }>;
  }
).fixes;
/** A river's course with its fixed stretch (COURSE_FIXES) in place of the extract's: from its point nearest `via[0]` to its point nearest the last. */
function fixedCourse(name: string, course: readonly LonLat[]): LonLat[] {
  const fix = COURSE_FIXES[name];
  if (!fix) return [...course];
  const nearest = (ll: LonLat, from: number): number => {
    let best = from;
    for (let i = from; i < course.length; i++)
      if (distKmLL(course[i]!, ll) < distKmLL(course[best]!, ll)) best = i;
    return best;
  };
  const i0 = nearest(fix.via[0]!, 0);
  const i1 = nearest(fix.via.at(-1)!, i0);
  return [...course.slice(0, i0), ...fix.via, ...course.slice(i1 + 1)];
}

/** The named lakes keep at least their central hex even where the 7-sample vote gives land (Lake Ilmen is smaller than a hex). */
const NAMED_LAKES: Record<string, LonLat> = {
  'Lake Ladoga': [31.5, 60.85],
  'Lake Onega': [35.4, 61.45],
  'Lake Peipus': [27.5, 58.75],
  'Lake Ilmen': LAKE_ILMEN_CENTRE,
};
for (const ll of Object.values(NAMED_LAKES)) {
  // the hex of the lake's centre, or the nearest neighbour holding no place (Ilmen lies between Novgorod and Staraya Russa)
  const h = hexAt(ll);
  const free = [h, ...neighbours(h)]
    .filter((x) => onGrid(x) && !placeHexes.has(key(x)))
    .sort((x, y) => distKmLL(unproject(centre(x)), ll) - distKmLL(unproject(centre(y)), ll))[0];
  if (free) surfaceOf.set(key(free), 2);
}

// Countries and territory.
const countryOf = new Map<string, Country>();
for (const h of ALL) countryOf.set(key(h), countryAt(unproject(centre(h))));
// A border town of data/border-1941.json decides its hex for the side the source puts it on
// (of two towns of different sides in one hex, a split hex, the nearer the centre keeps
// it); then a place's own country decides its hex (Brest, Przemysl and other border towns).
const townAt = new Map<string, { side: string; km: number; name: string }>();
const splitHexes: string[] = [];
for (const t of BORDER_1941.towns) {
  const h = hexAt([t.lon, t.lat]);
  if (!onGrid(h)) continue;
  const k = key(h);
  check(
    countryAt([t.lon, t.lat]) === t.side,
    `border town ${t.name} is on the ${countryAt([t.lon, t.lat])} side of the source line, the source says ${t.side}`,
  );
  const c = centre(h);
  const p = project([t.lon, t.lat]);
  const km = Math.hypot(c.x - p.x, c.y - p.y);
  const held = townAt.get(k);
  if (held && held.side !== t.side)
    splitHexes.push(`${k}: ${held.name} (${held.side}) and ${t.name} (${t.side})`);
  if (held && held.km <= km) continue;
  townAt.set(k, { side: t.side, km, name: t.name });
}
for (const [k, t] of townAt) countryOf.set(k, t.side as Country);
for (const p of placed) countryOf.set(p.hex, countryAt([p.lon, p.lat]));
const isLand = (k: string) => surfaceOf.get(k) === 1;

// Terrain.
const terrain: Record<string, Terrain> = {};
for (const h of ALL) {
  const k = key(h);
  const s = surfaceOf.get(k)!;
  const t = s === 0 ? 'sea' : s === 2 ? 'lake' : terrainAt(unproject(centre(h)));
  if (t !== 'clear') terrain[k] = t;
}

// Hexsides and their corners (keyed to 1/10 km).
const { sides: SIDES, vertexPos, vertexSides, sideIndex, nearestVertex, sideChain } = hexsideGraph(grid, 10);

// River banks (data/river-banks.json): a place on a named river touches that river's hexside
// on the side its river lies and has none on its far side. The river's chain keeps off the
// far corners of the place's hex (corners more than 0.6 of the way round from the river's
// direction) and prefers the hexsides facing the river.
/** A place's hexsides toward its river (within 60 degrees) and away from it (the far half). */
function bankSides(hex: string, riverLies: string): { toward: number[]; away: number[] } {
  const u = COMPASS[riverLies]!;
  const c = centre(parse(hex));
  const toward: number[] = [];
  const away: number[] = [];
  for (const n of neighbours(parse(hex))) {
    const q = centre(n);
    const dot = ((q.x - c.x) * u.x + (q.y - c.y) * u.y) / Math.hypot(q.x - c.x, q.y - c.y);
    const si = sideIndex.get(`${hex}|${key(n)}`)!;
    if (dot >= 0.45) toward.push(si);
    else if (dot <= -0.45) away.push(si);
  }
  return { toward, away };
}
/** Per river: corners its chain keeps off, hexsides it prefers, and the corner it passes at each place (the place's corner nearest the river). */
const bankRules = new Map<
  string,
  {
    avoid: Set<string>;
    prefer: Set<number>;
    through: { vertex: string; at: Pt; place: string }[];
    /** For an avoided corner: the place hex's other corners, where a river ending there ends instead. */
    instead: Map<string, string[]>;
  }
>();
for (const b of BANKS.places) {
  const hex = placeHex(b.place);
  check(hex !== undefined, `river bank: no place ${b.place}`);
  check(COMPASS[b.riverLies] !== undefined, `river bank: ${b.place}: bad direction ${b.riverLies}`);
  if (hex === undefined || !COMPASS[b.riverLies]) continue;
  const rule = bankRules.get(b.river) ?? {
    avoid: new Set<string>(),
    prefer: new Set<number>(),
    through: [],
    instead: new Map<string, string[]>(),
  };
  const corners: { v: string; dot: number }[] = [];
  const u = COMPASS[b.riverLies]!;
  const c = centre(parse(hex));
  let bestDot = Number.NEGATIVE_INFINITY;
  let nearest = '';
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    const dot = Math.cos(a) * u.x + Math.sin(a) * u.y;
    const v = nearestVertex({ x: c.x + SIZE * Math.cos(a), y: c.y + SIZE * Math.sin(a) });
    corners.push({ v, dot });
    if (dot < -0.6) rule.avoid.add(v);
    if (dot > bestDot + 1e-9) {
      bestDot = dot;
      nearest = v;
    }
  }
  for (const c of corners)
    if (c.dot < -0.6)
      rule.instead.set(
        c.v,
        corners.filter((o) => o.dot >= -0.6).map((o) => o.v),
      );
  const pl = PLACES.find((q) => q.name === b.place)!;
  rule.through.push({ vertex: nearest, at: project([pl.lon, pl.lat]), place: b.place });
  for (const si of bankSides(hex, b.riverLies).toward) rule.prefer.add(si);
  bankRules.set(b.river, rule);
}

/** Whether a hexside corner touches a sea hex. */
const touchesSea = (v: string): boolean =>
  (vertexSides.get(v) ?? []).some(
    (si) => surfaceOf.get(SIDES[si]!.a) === 0 || surfaceOf.get(SIDES[si]!.b) === 0,
  );

// Rivers.
const riverVertices = new Map<string, Set<string>>();
interface RiverRun {
  name: string;
  sides: number[];
  line: Pt[];
}
const riverRuns: RiverRun[] = [];
for (const f of riverFile.features) {
  const pts = fixedCourse(f.properties.name, f.geometry.coordinates.flat()).map((c) => project(c));
  const parent = f.properties.tributaryOf ? riverVertices.get(f.properties.tributaryOf) : undefined;
  const verts = riverVertices.get(f.properties.name) ?? new Set<string>();
  for (const { run, mouth: mouthIsReal } of onMapRuns(pts, insideMap)) {
    const from = nearestVertex(run[0]!);
    const onParent = parent && mouthIsReal ? nearestVertex(run.at(-1)!, parent) : '';
    const joinsParent =
      onParent !== '' &&
      Math.hypot(vertexPos.get(onParent)!.x - run.at(-1)!.x, vertexPos.get(onParent)!.y - run.at(-1)!.y) <
        2 * HEX_KM;
    const to = joinsParent ? onParent : nearestVertex(run.at(-1)!);
    if (joinsParent) run.push(vertexPos.get(onParent)!);
    if (from === to) continue;
    // The chain passes each river place's corner toward the river, in order downstream.
    const rule = bankRules.get(f.properties.name);
    const stops = (rule?.through ?? [])
      .map((t) => ({ ...t, ...positionOn(run, t.at) }))
      .filter((t) => t.km <= 30)
      .sort((x, y) => x.along - y.along)
      .map((t) => t.vertex);
    // A river rising or ending on a place's far corner starts or ends at the nearest other corner of that hex.
    const insteadOf = (v: string, p: Pt): string =>
      rule?.instead.has(v)
        ? ([...rule.instead.get(v)!]
            .filter((w) => !rule.avoid.has(w))
            .sort(
              (a, b) =>
                Math.hypot(vertexPos.get(a)!.x - p.x, vertexPos.get(a)!.y - p.y) -
                Math.hypot(vertexPos.get(b)!.x - p.x, vertexPos.get(b)!.y - p.y),
            )[0] ?? v)
        : v;
    const end = joinsParent ? to : insteadOf(to, run.at(-1)!);
    const start = insteadOf(from, run[0]!);
    const legs = [start, ...stops, end].filter((v, i, all) => i === 0 || v !== all[i - 1]);
    const sides: number[] = [];
    for (let i = 1; i < legs.length; i++)
      sides.push(
        ...sideChain(run, legs[i - 1]!, legs[i]!, { margin: 3 * HEX_KM, bank: rule, banned: sides.at(-1) }),
      );
    // A river that ends in the sea reaches it: a course ending a hexside or two short of a sea
    // hex goes on along the shortest walk of hexsides to a corner touching one (the Mius,
    // issue #42).
    if (!f.properties.tributaryOf && mouthIsReal && !touchesSea(end)) {
      const back = new Map<string, number>([[end, -1]]);
      let frontier = [end];
      let reached = '';
      for (let step = 0; step < 2 && !reached; step++) {
        const next: string[] = [];
        for (const u of frontier)
          for (const si of vertexSides.get(u) ?? []) {
            const sd = SIDES[si]!;
            const w = sd.v1 === u ? sd.v2 : sd.v1;
            if (back.has(w) || sides.includes(si) || rule?.avoid.has(w)) continue;
            back.set(w, si);
            next.push(w);
            if (!reached && touchesSea(w)) reached = w;
          }
        frontier = next;
      }
      const more: number[] = [];
      for (let v = reached; v && v !== end; ) {
        const si = back.get(v)!;
        more.unshift(si);
        v = SIDES[si]!.v1 === v ? SIDES[si]!.v2 : SIDES[si]!.v1;
      }
      sides.push(...more);
    }
    for (const si of sides) {
      verts.add(SIDES[si]!.v1);
      verts.add(SIDES[si]!.v2);
    }
    riverRuns.push({ name: f.properties.name, sides, line: run });
  }
  riverVertices.set(f.properties.name, verts);
}

// The 1941 border as hexsides between Soviet and non-Soviet land.
const ussr = (k: string) => countryOf.get(k) === 'ussr';
const borderSides = SIDES.map((_, i) => i).filter((i) => {
  const s = SIDES[i]!;
  return isLand(s.a) && isLand(s.b) && ussr(s.a) !== ussr(s.b);
});

// Connections: a course as a chain of adjacent land hexes, split by gauge at the border.
function hexPath(via: readonly LonLat[]): string[] {
  const out: Hex[] = [];
  const pushHex = (h: Hex) => {
    if (!onGrid(h)) return;
    const prev = out.at(-1);
    if (prev && key(prev) === key(h)) return;
    if (prev && !adjacent(prev, h)) {
      const line = axialLine(offsetToAxial(prev), offsetToAxial(h)).map(axialToOffset);
      for (const m of line.slice(1, -1)) out.push(m);
    }
    out.push(h);
  };
  for (let i = 1; i < via.length; i++) {
    const a = project(via[i - 1]!);
    const b = project(via[i]!);
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 4));
    for (let s = 0; s <= n; s++)
      pushHex(hexAtPt({ x: a.x + ((b.x - a.x) * s) / n, y: a.y + ((b.y - a.y) * s) / n }));
  }
  // Re-route a run of water hexes by the shortest detour over land (breadth-first, at most 8 hexes).
  let keys = out.map(key);
  for (let i = 1; i < keys.length - 1; i++) {
    if (isLand(keys[i]!)) continue;
    let j = i;
    while (j < keys.length - 1 && !isLand(keys[j]!)) j++;
    const from = keys[i - 1]!;
    const to = keys[j]!;
    const back = new Map<string, string>([[from, '']]);
    let frontier = [from];
    for (let depth = 0; depth < 8 && !back.has(to); depth++) {
      const next: string[] = [];
      for (const u of frontier)
        for (const n of neighbours(parse(u)).map(key))
          if (!back.has(n) && isLand(n)) {
            back.set(n, u);
            next.push(n);
          }
      frontier = next;
    }
    if (!back.has(to)) continue;
    const detour: string[] = [];
    for (let v = back.get(to)!; v !== from; v = back.get(v)!) detour.unshift(v);
    keys = [...keys.slice(0, i), ...detour, ...keys.slice(j)];
    i += detour.length;
  }
  const path = keys.filter((k, i) => i === 0 || k !== keys[i - 1]);
  const stops = new Set(
    via
      .map((ll) => hexAt(ll))
      .filter(onGrid)
      .map(key),
  );
  // Pull the string: drop a hex whose two path neighbours touch (no zigzag along a hex row).
  for (let i = 1; i < path.length - 1; ) {
    if (!stops.has(path[i]!) && adjacent(parse(path[i - 1]!), parse(path[i + 1]!))) path.splice(i, 1);
    else i++;
  }
  return path;
}
const connections: (NonNullable<HexMapSetup['connections']>[number] & { kind: ConnectionKind })[] = [];
for (const l of LINES) {
  const path = hexPath(l.via.map((v) => (typeof v === 'string' ? at(v) : v)));
  if (l.kind !== 'rail') {
    if (path.length >= 2) connections.push({ kind: l.kind, name: l.name, path });
    continue;
  }
  // Russian gauge in the USSR; the link across the border belongs to the Russian line.
  let run: string[] = [];
  let runKind: ConnectionKind = 'rail';
  const flush = () => {
    if (run.length >= 2) connections.push({ kind: runKind, name: l.name, path: run });
  };
  path.forEach((k, i) => {
    const kind: ConnectionKind = ussr(k) ? 'rail' : 'rail-german';
    if (i === 0) {
      run = [k];
      runKind = kind;
      return;
    }
    if (kind === runKind) run.push(k);
    else if (kind === 'rail') {
      flush();
      run = [path[i - 1]!, k];
      runKind = kind;
    } else {
      run.push(k);
      flush();
      run = [k];
      runKind = kind;
    }
  });
  flush();
}

// Edges.
const rim = ALL.filter(isRim);
const llOf = (h: Hex) => unproject(centre(h));
const sortHexes = (s: Iterable<string>): string[] => [...new Set(s)].sort();
const topRow = (h: Hex) => h.row === 1 || (h.row === 2 && h.col % 2 === 1);
const eastCol = (h: Hex) => h.col >= COLUMNS - 1;
const bottomRow = (h: Hex) => h.row === ROWS || (h.row === ROWS - 1 && h.col % 2 === 0);
const westCol = (h: Hex) => h.col <= 2;
const sovietLandRim = rim.filter((h) => isLand(key(h)) && ussr(key(h)));
const edgeHexes = {
  northeast: sovietLandRim.filter(
    (h) =>
      (topRow(h) && llOf(h)[0] >= NORTHEAST_EDGE_FROM_LON) ||
      (eastCol(h) && llOf(h)[1] >= EAST_EDGE_NORTH_LAT),
  ),
  east: sovietLandRim.filter(
    (h) => eastCol(h) && llOf(h)[1] < EAST_EDGE_NORTH_LAT && llOf(h)[1] >= EAST_EDGE_SOUTH_LAT,
  ),
  southeast: sovietLandRim.filter(
    (h) =>
      (eastCol(h) && llOf(h)[1] < EAST_EDGE_SOUTH_LAT) ||
      (bottomRow(h) && llOf(h)[0] >= SOUTHEAST_EDGE_FROM_LON),
  ),
  siberia: sovietLandRim.filter((h) => eastCol(h)),
  axisWest: rim.filter(
    (h) =>
      isLand(key(h)) &&
      (westCol(h) || bottomRow(h)) &&
      ['germany', 'slovakia', 'hungary', 'rumania'].includes(countryOf.get(key(h))!),
  ),
};
const edges: NonNullable<HexMapSetup['edges']> = [
  {
    id: 'soviet-northeast',
    name: 'North-eastern edge (Russian supply)',
    side: 'soviet',
    hexes: sortHexes(edgeHexes.northeast.map(key)),
  },
  {
    id: 'soviet-east',
    name: 'Eastern edge (Russian supply)',
    side: 'soviet',
    hexes: sortHexes(edgeHexes.east.map(key)),
  },
  {
    id: 'soviet-southeast',
    name: 'South-eastern edge (Russian supply)',
    side: 'soviet',
    hexes: sortHexes(edgeHexes.southeast.map(key)),
  },
  {
    id: 'siberia',
    name: 'Siberia: the eastern edge (reinforcements)',
    side: 'soviet',
    hexes: sortHexes(edgeHexes.siberia.map(key)),
  },
  {
    id: 'axis-west',
    name: 'Western edge (Axis reinforcements)',
    side: 'axis',
    hexes: sortHexes(edgeHexes.axisWest.map(key)),
  },
];

// Zones.
const landHexes = ALL.map(key).filter(isLand);
const inCountry = (...cs: Country[]) => landHexes.filter((k) => cs.includes(countryOf.get(k)!));
const agOf = (k: string): 'north' | 'center' | 'south' => {
  const [lon, lat] = unproject(centre(parse(k)));
  if (lat >= latOn(AG_NORTH_CENTRE, lon)) return 'north';
  if (lat < latOn(AG_CENTRE_SOUTH, lon)) return 'south';
  return 'center';
};
const zones: NonNullable<HexMapSetup['zones']> = [
  {
    id: 'ussr-1941',
    kind: 'territory',
    name: 'USSR, 22 June 1941',
    side: 'soviet',
    hexes: sortHexes(inCountry('ussr')),
  },
  {
    id: 'axis-countries',
    kind: 'territory',
    name: 'Axis countries (German supply sources)',
    side: 'axis',
    hexes: sortHexes(inCountry('germany', 'rumania', 'hungary', 'slovakia', 'finland')),
  },
  {
    id: 'germany',
    kind: 'country',
    name: 'Germany with East Prussia and the Generalgouvernement',
    side: 'axis',
    hexes: sortHexes(inCountry('germany')),
  },
  { id: 'rumania', kind: 'country', name: 'Rumania', side: 'axis', hexes: sortHexes(inCountry('rumania')) },
  { id: 'hungary', kind: 'country', name: 'Hungary', side: 'axis', hexes: sortHexes(inCountry('hungary')) },
  {
    id: 'slovakia',
    kind: 'country',
    name: 'Slovakia',
    side: 'axis',
    hexes: sortHexes(inCountry('slovakia')),
  },
  {
    id: 'finland',
    kind: 'country',
    name: 'Finland (co-belligerent; its forces are not in the game, B-17)',
    side: 'axis',
    hexes: sortHexes(inCountry('finland')),
  },
  {
    id: 'neutral',
    kind: 'country',
    name: 'Neutral or out of the war with the USSR: Sweden, Bulgaria, Yugoslavia, Turkey',
    hexes: sortHexes(inCountry('neutral')),
  },
  {
    id: 'army-group-north',
    kind: 'army-group',
    name: 'Army Group North',
    side: 'axis',
    hexes: sortHexes(landHexes.filter((k) => agOf(k) === 'north')),
  },
  {
    id: 'army-group-center',
    kind: 'army-group',
    name: 'Army Group Centre',
    side: 'axis',
    hexes: sortHexes(landHexes.filter((k) => agOf(k) === 'center')),
  },
  {
    id: 'army-group-south',
    kind: 'army-group',
    name: 'Army Group South',
    side: 'axis',
    hexes: sortHexes(landHexes.filter((k) => agOf(k) === 'south')),
  },
  {
    id: 'the-south',
    kind: 'allied-limit',
    name: 'South of the Pripyat marshes: Axis allied units stay here (B-17)',
    side: 'axis',
    hexes: sortHexes(
      landHexes.filter((k) => {
        const [lon, lat] = unproject(centre(parse(k)));
        return lat < latOn(SOUTH_LIMIT, lon);
      }),
    ),
  },
];

const places = placed.map((p) => ({ name: p.name, hex: p.hex, kind: p.kind, lat: p.lat, lon: p.lon }));
const side = (si: number): [string, string] => [SIDES[si]!.a, SIDES[si]!.b];
const hexsideGroup = (feature: HexsideFeature, name: string, between: [string, string][]) => ({
  feature,
  name,
  between,
});
const riverGroups = riverRuns.map((r) => hexsideGroup('river', r.name, r.sides.map(side)));

/**
 * Water narrower than a hex, on hexsides (issue #42 item 5; the engine's `separates`): an
 * island's hex parted from every land hex around it by sea hexsides. Kotlin island, with
 * the naval base and fortress of Kronstadt, lies 5-8 km off both shores of the Gulf of
 * Finland's head; east of it the Neva Bay (Nevskaya guba, 15-20 km wide, 21 km long) runs
 * to Leningrad's port at the Neva's mouth (MAP-SOURCES.md "Ports' water"). At 40 km a hex
 * neither can be a sea hex: the island keeps its hex, and the water round it is its five
 * land hexsides, Leningrad's among them. No land move, supply line or zone of control
 * crosses them; a sea move reaches Kronstadt and Leningrad ("By Sea", RULINGS B-47).
 */
const ISLANDS: { name: string; at: LonLat; water: string }[] = [
  { name: 'Kotlin island (Kronstadt)', at: [29.776, 59.992], water: 'the Neva Bay and the Kronstadt roads' },
];
const seaSideGroups = ISLANDS.map((isl) => {
  const h = hexAt(isl.at);
  const between = neighbours(h)
    .filter((n) => surfaceOf.get(key(n)) !== 0)
    .map((n) => sideIndex.get(`${key(h)}|${key(n)}`)!)
    .sort((a, b) => a - b)
    .map(side);
  return { ...hexsideGroup('sea', isl.water, between), separates: true };
});
/** Hexside indices of the water hexsides. */
const seaSides = new Set(
  seaSideGroups.flatMap((g) => g.between.map(([a, b]) => sideIndex.get(`${a}|${b}`)!)),
);

export const map: HexMapSetup = {
  kind: 'hex',
  name: 'Barbarossa 1941: the Eastern Front, Baltic to Black Sea and Caucasus',
  columns: COLUMNS,
  rows: ROWS,
  offMap: [],
  defaultTerrain: 'clear',
  terrain: Object.fromEntries(Object.entries(terrain).sort(([a], [b]) => a.localeCompare(b))),
  hexsides: [
    ...riverGroups,
    hexsideGroup('border-1941', 'USSR border, 22 June 1941', borderSides.map(side)),
    ...seaSideGroups,
  ],
  connections,
  places,
  zones,
  edges,
  sources:
    'Generated by packages/games/scripts/gen-barbarossa-map.ts; see MAP-SOURCES.md. Land, sea and lakes: GSHHG 2.3 ' +
    '(Wessel & Smith) via GMT grdlandmask; rivers: GSHHG 2.3 WDBII via GMT (Narva, Luga, Psel, Vorskla, Mius, Terek traced); ' +
    'places: GeoNames; border, countries, railways, roads, terrain areas and boundaries traced from named points.',
  geo: {
    projection: 'lambert-conformal-conic',
    ...LCC,
    earthRadiusKm: EARTH_RADIUS_KM,
    hexKm: HEX_KM,
    hexSizeKm: SIZE,
    originX: X0,
    originY: Y1,
    layout: 'flat-topped hexes, even columns shifted down; grid km x east, y south from hex 0101',
  },
};

/* ------------------------------------------------------------------------------------ */
/* Checks                                                                                */

const compiled = compileHexMap(map);
check(compiled.ok, `compileHexMap: ${compiled.ok ? '' : JSON.stringify(compiled.error.slice(0, 5))}`);

const mustPlace = [
  'Warsaw',
  'Bucharest',
  'Leningrad',
  'Moscow',
  'Smolensk',
  'Kiev',
  'Voronezh',
  'Odessa',
  'Rostov',
  'Stalingrad',
  'Sevastopol',
  'Koenigsberg',
  'Kerch',
  'Taman',
  'Ploesti',
  'Grozny',
  'Kharkov',
  'Gorky',
  'Brest-Litovsk',
  'Minsk',
];
for (const name of mustPlace) check(placeHex(name) !== undefined, `place ${name} is not on the map`);
for (const p of placed) {
  const c = project([p.lon, p.lat]);
  const d = Math.hypot(centre(parse(p.hex)).x - c.x, centre(parse(p.hex)).y - c.y);
  if (displaced.some((x) => x.startsWith(`${p.name} `))) continue;
  check(d <= SIZE + 1e-6, `${p.name} is ${d.toFixed(1)} km from its hex centre`);
  check(isLand(p.hex), `${p.name} is not on land`);
}
check(countryOf.get(placeHex('Warsaw') ?? '') === 'germany', 'Warsaw must be in the Generalgouvernement');
check(countryOf.get(placeHex('Bucharest') ?? '') === 'rumania', 'Bucharest must be in Rumania');
check(countryOf.get(placeHex('Koenigsberg') ?? '') === 'germany', 'Koenigsberg must be German');
check(ussr(placeHex('Brest-Litovsk') ?? ''), 'Brest must be Soviet');
check(
  ussr(placeHex('Kerch') ?? '') && ussr(placeHex('Taman') ?? ''),
  'both Kerch Strait sides must be Soviet',
);

// Rivers: continuous chains (each run's hexsides join corner to corner into one path).
for (const r of riverRuns) {
  const count = new Map<string, number>();
  for (const si of r.sides)
    for (const v of [SIDES[si]!.v1, SIDES[si]!.v2]) count.set(v, (count.get(v) ?? 0) + 1);
  const ends = [...count.values()].filter((c) => c % 2 === 1).length;
  check(ends <= 2, `river ${r.name}: its hexsides do not form one chain (${ends} loose ends)`);
}

// Every port next to a sea hex of its sea (the rules' "By Sea": a coastal hex is a land hex
// next to a sea hex; "the same sea" is one body of sea hexes, B-47), but those listed.
const seaBasin = new Map<string, number>();
for (const k of ALL.map(key)) {
  if (surfaceOf.get(k) !== 0 || seaBasin.has(k)) continue;
  const id = seaBasin.size;
  const stack = [k];
  seaBasin.set(k, id);
  while (stack.length > 0)
    for (const n of neighbours(parse(stack.pop()!)).map(key))
      if (surfaceOf.get(n) === 0 && !seaBasin.has(n)) {
        seaBasin.set(n, id);
        stack.push(n);
      }
}
// A water hexside is of the seas of the sea hexes at its corners, and of the water hexsides
// it shares a corner with (the Neva Bay joins the Gulf at Kronstadt's corners).
const sideBasins = new Map<number, Set<number>>();
for (const si of seaSides) {
  if (sideBasins.has(si)) continue;
  const chain = new Set([si]);
  const stack = [si];
  const basins = new Set<number>();
  while (stack.length > 0) {
    const cur = SIDES[stack.pop()!]!;
    for (const v of [cur.v1, cur.v2])
      for (const other of vertexSides.get(v) ?? []) {
        for (const hk of [SIDES[other]!.a, SIDES[other]!.b])
          if (seaBasin.has(hk)) basins.add(seaBasin.get(hk)!);
        if (seaSides.has(other) && !chain.has(other)) {
          chain.add(other);
          stack.push(other);
        }
      }
  }
  for (const c of chain) sideBasins.set(c, basins);
}
const basinsNext = (k: string) =>
  new Set([
    ...neighbours(parse(k)).flatMap((n) => (seaBasin.has(key(n)) ? [seaBasin.get(key(n))!] : [])),
    ...neighbours(parse(k)).flatMap((n) => [...(sideBasins.get(sideIndex.get(`${k}|${key(n)}`)!) ?? [])]),
  ]);
const portSea: Record<string, string> = Object.fromEntries(
  Object.entries(STANDARD_PLACE_RULES).flatMap(([name, r]) => (r.port ? [[name, r.port]] : [])),
);
const seaOf: Record<string, string> = { baltic: 'Koenigsberg', black: 'Sevastopol', azov: 'Sevastopol' };
for (const [name, sea] of Object.entries(portSea)) {
  const hex = placeHex(name);
  const ref = placeHex(seaOf[sea]!);
  if (hex === undefined || ref === undefined) continue;
  const mine = basinsNext(hex);
  check(
    [...basinsNext(ref)].some((b) => mine.has(b)),
    `port ${name} (${hex}) is not next to a sea hex or sea hexside of the ${sea === 'azov' ? 'Black Sea / Sea of Azov' : sea}`,
  );
}
// An island: its place on it, land, parted by water from every land hex around it.
for (const isl of ISLANDS) {
  const h = hexAt(isl.at);
  check(isLand(key(h)), `${isl.name}: ${key(h)} is not land`);
  for (const n of neighbours(h))
    check(
      surfaceOf.get(key(n)) === 0 || seaSides.has(sideIndex.get(`${key(h)}|${key(n)}`)!),
      `${isl.name}: ${key(h)} is joined by land to ${key(n)}`,
    );
}
check(placeHex('Kronstadt') === key(hexAt(ISLANDS[0]!.at)), 'Kronstadt is not on its island');

// Every place on a named river on its written bank (data/river-banks.json).
for (const b of BANKS.places) {
  const hex = placeHex(b.place);
  if (hex === undefined || !COMPASS[b.riverLies]) continue;
  const river = new Set(riverRuns.filter((r) => r.name === b.river).flatMap((r) => r.sides));
  const { toward, away } = bankSides(hex, b.riverLies);
  check(
    toward.some((si) => river.has(si)) && !away.some((si) => river.has(si)),
    `river bank: ${b.place} must be on the ${b.bank} bank of the ${b.river} (the river ${b.riverLies} of it): ` +
      `toward ${toward.filter((si) => river.has(si)).length}, far side ${away.filter((si) => river.has(si)).length}`,
  );
}

// Connections adjacent, on land, never across water.
for (const c of connections) {
  c.path.forEach((k, i) => {
    check(isLand(k), `${c.kind} ${c.name}: ${k} is not land`);
    if (i > 0) {
      check(
        adjacent(parse(c.path[i - 1]!), parse(k)),
        `${c.kind} ${c.name}: ${c.path[i - 1]} and ${k} not adjacent`,
      );
      check(
        !seaSides.has(sideIndex.get(`${c.path[i - 1]}|${k}`) ?? -1),
        `${c.kind} ${c.name}: ${c.path[i - 1]}-${k} crosses water`,
      );
    }
  });
}

// Rail nets reach their side's edges: every Soviet rail hex joins a Russian supply edge,
// every standard-gauge hex the Axis western edge.
function railComponentsReach(kinds: string[], targets: Set<string>, label: string): void {
  const adj = new Map<string, Set<string>>();
  for (const c of connections) {
    if (!kinds.includes(c.kind)) continue;
    for (let i = 1; i < c.path.length; i++) {
      const a = c.path[i - 1]!;
      const b = c.path[i]!;
      adj.set(a, (adj.get(a) ?? new Set()).add(b));
      adj.set(b, (adj.get(b) ?? new Set()).add(a));
    }
  }
  const seen = new Set<string>();
  for (const start of adj.keys()) {
    if (seen.has(start)) continue;
    const comp: string[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const u = stack.pop()!;
      comp.push(u);
      for (const w of adj.get(u) ?? []) {
        if (seen.has(w)) continue;
        seen.add(w);
        stack.push(w);
      }
    }
    check(
      comp.some((h) => targets.has(h)),
      `${label}: rail hexes ${comp.sort().join(' ')} reach no edge`,
    );
  }
}
const sovietEdgeSet = new Set([...edgeHexes.northeast, ...edgeHexes.east, ...edgeHexes.southeast].map(key));
railComponentsReach(['rail'], sovietEdgeSet, 'Soviet rail net');
railComponentsReach(['rail-german'], new Set(edgeHexes.axisWest.map(key)), 'Axis rail net');
check(
  edgeHexes.northeast.length > 0 && edgeHexes.east.length > 0 && edgeHexes.southeast.length > 0,
  'a Russian supply edge is empty',
);

if (errors.length > 0) {
  console.error(`gen-barbarossa-map: ${errors.length} check(s) failed:\n  ${errors.join('\n  ')}`);
  process.exit(1);
}

/* ------------------------------------------------------------------------------------ */
/* Output: compact JSON (arrays of numbers/strings on one line), byte-stable             */

export function compactJson(value: unknown, indent = ''): string {
  const next = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return JSON.stringify(value);
    if (value.every((v) => Array.isArray(v) && v.every((x) => typeof x !== 'object'))) {
      return `[${value.map((v) => JSON.stringify(v)).join(',')}]`;
    }
    return `[\n${value.map((v) => next + compactJson(v, next)).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    if (entries.every(([, v]) => typeof v !== 'object' || v === null) && entries.length > 12) {
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
    }
    return `{\n${entries.map(([k, v]) => `${next}${JSON.stringify(k)}: ${compactJson(v, next)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

if (!leaveGenerated('gen-barbarossa-map', MAP_OUT, `${compactJson(map)}\n`, generatorMode())) process.exit(1);
console.log(`  ${COLUMNS}x${ROWS} hexes`);
console.log(
  `  land ${landHexes.length}, USSR ${inCountry('ussr').length}, places ${placed.length}, rivers ${riverRuns.length} runs ` +
    `(${riverRuns.reduce((s, r) => s + r.sides.length, 0)} hexsides), border ${borderSides.length} hexsides, ` +
    `connections ${connections.length}`,
);
console.log(`  left off (one place a hex): ${leftOff.join('; ')}`);
console.log(`  displaced: ${displaced.join('; ')}`);
console.log(`  split border hexes (the town nearer the centre keeps it): ${splitHexes.join('; ') || 'none'}`);
for (const e of edges) console.log(`  edge ${e.id}: ${e.hexes.length} hexes`);
for (const z of zones) console.log(`  zone ${z.id}: ${z.hexes.length} hexes`);
