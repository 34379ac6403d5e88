/**
 * Barbarossa 1941's vocabularies, defined once: the names a scenario file may use for sides,
 * nationalities, terrain, hexside features, connections, places, seas, weather, army groups,
 * and the zones and edges its map must define. The scenario schema and compiler, the data
 * files, the map generator and the rules (rules-scenario.ts re-exports the rules' types) all
 * read these. Each is a constant tuple with its type
 * (chessops' `ROLES` style).
 */
import { type BarbarossaSetupError, setupError } from './setup-errors.ts';

/** The two players; combat.ts names them the same way. */
export const SIDES = ['axis', 'soviet'] as const;
export type Side = (typeof SIDES)[number];

/** Nationalities on the counters ("Rumanian and Hungarian units may not be stacked together"). */
export const NATIONALITIES = ['german', 'rumanian', 'hungarian', 'italian', 'slovak', 'soviet'] as const;

/**
 * Terrain names used in map.terrain, as the rules' terrain effects name them ("Fortresses,
 * Entrenchment, Defense Lines, and Terrain Effects": Forest, Swamp and Swamp&Forest, Hills,
 * Mountain).
 */
export const TERRAINS = [
  'clear',
  'forest',
  'swamp',
  'swamp-forest',
  'hills',
  'mountain',
  'lake', // frozen and nullified in Snow ("Weather")
  'sea', // Baltic, Black Sea, Sea of Azov: impassable; sea movement is port to port
] as const;
export type Terrain = (typeof TERRAINS)[number];

export function isTerrain(name: string): name is Terrain {
  return (TERRAINS as readonly string[]).includes(name);
}

/**
 * Hexside features in map.hexsides: rivers ("Cross-River"), the USSR border of 22 June 1941,
 * and water narrower than a hex (the Neva Bay: sea for "By Sea").
 */
export const HEXSIDE_FEATURES = ['river', 'border-1941', 'sea'] as const;
export type HexsideFeature = (typeof HEXSIDE_FEATURES)[number];

/**
 * Connection kinds in map.connections: railways (Soviet gauge, and the Axis's standard gauge
 * from the start), roads, and brown roads (no road bonus in Mud and Light Mud, "Weather").
 */
export const CONNECTION_KINDS = ['rail', 'rail-german', 'road', 'brown-road'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** The words of a map that its vocabulary checks: terrain, hexside features, connection kinds. */
interface MapWords {
  readonly defaultTerrain: string;
  readonly terrain?: Readonly<Record<string, string>>;
  readonly hexsides?: readonly { readonly feature: string }[];
  readonly connections?: readonly { readonly kind: string }[];
}

/**
 * The words of a map that are not in TERRAINS, HEXSIDE_FEATURES or CONNECTION_KINDS: one
 * error for each unknown word, at its first place, naming the allowed words. A misspelt
 * terrain is refused, never read as clear; a misspelt railway never silently dropped.
 */
export function unknownMapWords(map: MapWords, root: string): BarbarossaSetupError[] {
  const errors: BarbarossaSetupError[] = [];
  const check = (
    code: 'setup/terrain' | 'setup/hexside-feature' | 'setup/connection',
    what: string,
    words: readonly string[],
    places: readonly (readonly [path: string, word: string])[],
  ) => {
    const seen = new Set<string>();
    for (const [path, word] of places) {
      if (words.includes(word) || seen.has(word)) continue;
      seen.add(word);
      errors.push(
        setupError(code, path, `unknown ${what} "${word}": a ${what} is one of ${words.join(', ')}`),
      );
    }
  };
  check('setup/terrain', 'terrain', TERRAINS, [
    [`${root}.defaultTerrain`, map.defaultTerrain],
    ...Object.entries(map.terrain ?? {}).map(([hex, t]) => [`${root}.terrain.${hex}`, t] as const),
  ]);
  check(
    'setup/hexside-feature',
    'hexside feature',
    HEXSIDE_FEATURES,
    (map.hexsides ?? []).map((g, i) => [`${root}.hexsides[${i}].feature`, g.feature] as const),
  );
  check(
    'setup/connection',
    'connection',
    CONNECTION_KINDS,
    (map.connections ?? []).map((c, i) => [`${root}.connections[${i}].kind`, c.kind] as const),
  );
  return errors;
}

/** Place kinds used in map.places ("(Solid Dot) Cities", "Major and Fortress Cities", "Victory Cities"). */
export const PLACE_KINDS = [
  'victory-city', // red-lettered: doubles all infantry-type defenders
  'major-city', // doubles one infantry-type defender; 1 Russian replacement factor a turn
  'fortress-city', // as a major city for defense
  'city', // solid dot: +1 defense to one infantry-type unit
  'town', // O town: no defense bonus; Siberians may enter on one in supply
  'oil', // Ploesti, Grozny: taking it cuts the enemy's mobile OMF to 4 ("Supply")
] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The place kinds with a defense bonus, weakest first: every kind but oil (the rules' `placeKind`). */
const CITY_KINDS = [
  'town',
  'city',
  'major-city',
  'fortress-city',
  'victory-city',
] as const satisfies readonly PlaceKind[];
export type CityKind = (typeof CITY_KINDS)[number];

export function isCityKind(kind: string): kind is CityKind {
  return (CITY_KINDS as readonly string[]).includes(kind);
}

/** The seas of "By Sea": a move stays within one; the Sea of Azov counts with the Black Sea. */
export const SEAS = ['baltic', 'black', 'azov'] as const;
export type Sea = (typeof SEAS)[number];

/** The five weather states of the turn record track ("Weather"; RULINGS B-11). */
export const WEATHERS = ['good', 'light-mud', 'mud', 'hard-frost', 'snow'] as const;
export type Weather = (typeof WEATHERS)[number];

/** Army groups, for set-up ("Germans") and the Axis allies' southern limit (B-17). */
export const ARMY_GROUPS = ['north', 'center', 'south'] as const;
export type ArmyGroup = (typeof ARMY_GROUPS)[number];

/** Zone ids map.json must define. */
export const REQUIRED_ZONES = [
  'ussr-1941', // Soviet territory on 22 June 1941
  'axis-countries', // Germany, occupied Poland, Rumania, Hungary, Slovakia, Finland on the map ("Supply")
  'germany', // the Reich with occupied Poland (the Generalgouvernement)
  'rumania',
  'hungary',
  'army-group-north', // army group areas, west of the border and projected east (set-up, boundaries)
  'army-group-center',
  'army-group-south',
  'the-south', // south of the Pripyat marshes' northern edge: where Axis allies must stay (B-17)
] as const;
/** Edge ids map.json must define ("Supply": Russian supply from the northeastern, eastern, southeastern edges). */
export const REQUIRED_EDGES = [
  'soviet-northeast',
  'soviet-east',
  'soviet-southeast',
  'siberia',
  'axis-west',
] as const;
