/**
 * Maps whose terrain changes with the weather (barbarossa-1941 "Weather": in Snow
 * "rivers, swamps and lakes are frozen"). A game names what a weather does to its map —
 * terrain read as other terrain, hexside features that no longer count — and gets the
 * map as it stands in that weather: a HexMap like any other, so the one search, supply
 * traces and their caches take it unchanged. Each (map, weather) is made once and kept:
 * a cache keyed by the map alone would serve a frozen river in the thaw.
 */
import type { HexMap } from './map.ts';

export interface WeatherEffect {
  /** Terrain read as another terrain in this weather ("swamp" -> "clear"). */
  readonly terrain?: Readonly<Record<string, string>>;
  /** Hexside features that do not count in this weather ("river" when frozen). */
  readonly ignoreSides?: readonly string[];
}

const made = new WeakMap<HexMap, Map<string, HexMap>>();

/**
 * `map` as it stands in `weather` under `effect`: the same map object when the weather
 * changes nothing, else a map with remapped terrain and masked hexside features (its
 * graph, places, zones and links shared). Made once per map and weather key.
 */
export function mapInWeather(map: HexMap, weather: string, effect: WeatherEffect | undefined): HexMap {
  if (
    !effect ||
    ((!effect.terrain || Object.keys(effect.terrain).length === 0) && !effect.ignoreSides?.length)
  )
    return map;
  let byWeather = made.get(map);
  const known = byWeather?.get(weather);
  if (known) return known;
  const terrainNames = [...map.terrainNames];
  const remap = new Uint8Array(terrainNames.length);
  for (let t = 0; t < remap.length; t++) {
    const to = effect.terrain?.[terrainNames[t]!];
    if (to === undefined) {
      remap[t] = t;
      continue;
    }
    let i = terrainNames.indexOf(to);
    if (i < 0) {
      i = terrainNames.length;
      terrainNames.push(to);
    }
    remap[t] = i;
  }
  const terrain = map.terrain.map((t) => remap[t]!);
  let mask = 0xffffffff;
  for (const f of effect.ignoreSides ?? []) {
    const bit = map.featureNames.indexOf(f);
    if (bit >= 0) mask &= ~(1 << bit);
  }
  const sideFeatures = mask === 0xffffffff ? map.sideFeatures : map.sideFeatures.map((f) => f & mask);
  const out: HexMap = { ...map, terrainNames, terrain, sideFeatures };
  if (!byWeather) {
    byWeather = new Map();
    made.set(map, byWeather);
  }
  byWeather.set(weather, out);
  return out;
}
