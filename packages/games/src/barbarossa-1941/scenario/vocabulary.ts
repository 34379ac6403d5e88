/**
 * Barbarossa 1941's vocabularies, defined once: the names a scenario file may use for sides,
 * nationalities, terrain, places, seas, weather, army groups, and the zones and edges its map
 * must define. The scenario schema, the data files, the map generator and the rules
 * (rules-scenario.ts re-exports them) all read these. Each is a constant tuple with its type
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
 * The terrain names of a map (its default and its hexes by number) that are not in TERRAINS:
 * one error for each unknown name, at its first hex, naming the allowed words. A misspelt
 * terrain is refused, never read as clear.
 */
export function unknownTerrains(
  map: { readonly defaultTerrain: string; readonly terrain?: Readonly<Record<string, string>> },
  root: string,
): BarbarossaSetupError[] {
  const allowed = `a terrain is one of ${TERRAINS.join(', ')}`;
  const errors: BarbarossaSetupError[] = [];
  if (!isTerrain(map.defaultTerrain))
    errors.push(
      setupError(
        'setup/terrain',
        `${root}.defaultTerrain`,
        `unknown terrain "${map.defaultTerrain}": ${allowed}`,
      ),
    );
  const seen = new Set<string>([map.defaultTerrain]);
  for (const [hex, t] of Object.entries(map.terrain ?? {})) {
    if (isTerrain(t) || seen.has(t)) continue;
    seen.add(t);
    errors.push(setupError('setup/terrain', `${root}.terrain.${hex}`, `unknown terrain "${t}": ${allowed}`));
  }
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
