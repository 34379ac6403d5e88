/**
 * What the Barbarossa rules read from a compiled scenario: one contract, `RulesScenario`,
 * whatever file it came from (the standard scenario of `scenario.ts`, or a small test
 * position built in code). Its vocabulary is the scenario file's (scenario/vocabulary.ts):
 * terrain, hexside features, connections, places, zones and edges by name. A registry by key keeps
 * states small (a state names its scenario, as Mars's does).
 */
import {
  compileHexMap,
  connectionBit,
  err,
  featureBit,
  type HexMap,
  type HexMapSetup,
  hexIndex,
  hexNumberOf,
  ok,
  type Result,
  type SetupError,
  type UnitData,
  type UnitSetup,
  unitSchema,
} from '@stavka/engine';
import { setupError } from './scenario/setup-errors.ts';
import {
  type CityKind,
  type ConnectionKind,
  type HexsideFeature,
  isCityKind,
  isTerrain,
  SEAS,
  type Sea,
  SIDES,
  type Side,
  type Terrain,
  unknownMapWords,
  type Weather,
} from './scenario/vocabulary.ts';
import type { BarbarossaScenario } from './scenario.ts';

export type { Sea, Side, Terrain, Weather } from './scenario/vocabulary.ts';
export { SIDES } from './scenario/vocabulary.ts';

export function otherSide(side: Side): Side {
  return side === 'axis' ? 'soviet' : 'axis';
}

export interface TurnInfo {
  readonly label: string;
  readonly weather: Weather;
  /** The optional weather roll (B-11): the weather for a d6 roll of 1..6. */
  readonly weatherRoll?: readonly Weather[];
  /** The first turn of a month ("at the start of each month"). */
  readonly monthStart?: boolean;
}

export interface RulesScenario {
  readonly key: string;
  readonly map: HexMap;
  readonly units: Readonly<Record<string, UnitData>>;
  /** Unit ids in scenario order: the canonical order of actions. */
  readonly unitIds: readonly string[];
  /** Terrain kind per hex. */
  readonly terrain: readonly Terrain[];
  /** Town or city kind per hex, or null (none, or an oil place: no defense bonus). */
  readonly placeKind: readonly (CityKind | null)[];
  /** Place name per hex, or null. */
  readonly placeName: readonly (string | null)[];
  /** Victory points per hex (B-12: Moscow 3, Leningrad 2, other victory cities 1), 0 elsewhere. */
  readonly victoryPoints: readonly number[];
  readonly riverBit: number;
  /** Water narrower than a hex on a hexside (the Neva Bay): sea for "By Sea", and it parts its hexes (map.ts `separates`). */
  readonly seaSideBit: number;
  readonly roadBit: number;
  readonly brownRoadBit: number;
  readonly railBit: number;
  /** German (standard gauge) railways: Axis rail lines from the start. */
  readonly axisRailBit: number;
  /** 1 in an Axis country (Axis full supply source, "Supply"). */
  readonly axisCountry: Uint8Array;
  /** 1 where Axis allied units may be (B-17 "must remain in the south"). */
  readonly south: Uint8Array;
  /** 1 in Rumania ("Special First Turn Rules"). */
  readonly rumania: Uint8Array;
  /** 1 on the northeastern, eastern and southeastern edges that supply the Russians. */
  readonly sovietSupplyEdge: Uint8Array;
  /** The Axis railheads at the start ("one of 5 rail heads"). */
  readonly railheads: readonly number[];
  readonly turns: readonly TurnInfo[];
  readonly hexNumbers: readonly string[];
  /** Hex of a named place, or -1. */
  readonly placeHex: Readonly<Record<string, number>>;
  /** Scheduled reinforcements: who enters on which turn, and where (no hexes: any railhead). */
  readonly reinforcements: readonly ScheduledArrival[];
  /** Russian armies entering from the eastern edge each turn ("3 per turn, including on the first turn"). */
  readonly sovietArmiesPerTurn: number;
  /** The eastern edge (Siberia): where those armies enter. */
  readonly siberia: readonly number[];
  /** German panzer replacement factors at each month's start from a turn (August). */
  readonly panzerReplacements: { readonly factorsPerMonth: number; readonly fromTurn: number };
  /** Russian rifle replacement factors a turn per hex (major cities 1, Moscow 2), 0 elsewhere. */
  readonly replacementFactors: readonly number[];
  /** Ports by sea ("By Sea"): hex and sea. */
  readonly ports: readonly { readonly hex: number; readonly sea: Sea }[];
  /** The hexes whose holder controls each sea (Koenigsberg, Sevastopol, both Kerch sides). */
  readonly seaControl: Readonly<Record<Sea, readonly number[]>>;
  /** The Siberian Reserve: shock armies, one a turn, safe from this turn on (Dec 41). */
  readonly siberianReserve: { readonly units: readonly string[]; readonly safeFromTurn: number };
}

export interface ScheduledArrival {
  readonly turn: number;
  readonly side: Side;
  readonly units: readonly string[];
  /** Entry hexes; empty for "any railhead". */
  readonly hexes: readonly number[];
}

/** Everything a small position or an adapter gives to build a RulesScenario. */
export interface RulesScenarioInput {
  readonly key: string;
  readonly map: HexMapSetup;
  readonly units: readonly UnitSetup[];
  /** Victory points by place name (B-12). */
  readonly victoryPoints?: Readonly<Record<string, number>>;
  readonly railheads?: readonly string[];
  readonly turns: readonly TurnInfo[];
  readonly siberianReserve?: { readonly units: readonly string[]; readonly safeFromTurn: number };
  readonly panzerReplacements?: { readonly factorsPerMonth: number; readonly fromTurn: number };
  /** Russian replacement factors a turn by place name. */
  readonly replacementFactors?: Readonly<Record<string, number>>;
  readonly ports?: readonly { readonly hex: string; readonly sea: Sea }[];
  readonly seaControl?: Partial<Record<Sea, readonly string[]>>;
  /** Scheduled reinforcements, entry hexes by number. */
  readonly reinforcements?: readonly {
    turn: number;
    side: Side;
    units: readonly string[];
    hexes: readonly string[];
  }[];
}

/** The bit of a hexside feature or a connection kind of the vocabulary (0 when the map has none). */
const feature = (map: HexMap, name: HexsideFeature) => featureBit(map, name);
const connection = (map: HexMap, name: ConnectionKind) => connectionBit(map, name);

function membership(map: HexMap, kindOrId: (z: { id: string; kind: string }) => boolean, edges = false) {
  const out = new Uint8Array(map.graph.nodeCount);
  for (const z of edges ? map.edges : map.zones) {
    if (kindOrId(z)) for (const h of z.hexes) out[h] = 1;
  }
  return out;
}

/** Validates and compiles a rules scenario; every error names its field. */
export function compileRulesScenario(input: RulesScenarioInput): Result<RulesScenario, SetupError[]> {
  const compiled = compileHexMap(input.map, 'map');
  if (!compiled.ok) return compiled;
  const map = compiled.value;
  const errors: SetupError[] = unknownMapWords(input.map, 'map');
  const units: Record<string, UnitData> = {};
  const unitIds: string[] = [];
  input.units.forEach((u, i) => {
    const parsed = unitSchema.safeParse(u);
    if (!parsed.success) {
      errors.push(setupError('setup/unit', `units[${i}]`, parsed.error.issues[0]?.message ?? 'bad unit'));
      return;
    }
    if (units[parsed.data.id]) {
      errors.push(setupError('setup/duplicate', `units[${i}].id`, `unit ${parsed.data.id} twice`));
      return;
    }
    if (!SIDES.some((side) => side === parsed.data.side)) {
      errors.push(setupError('setup/side', `units[${i}].side`, `side is "axis" or "soviet"`));
      return;
    }
    units[parsed.data.id] = parsed.data;
    unitIds.push(parsed.data.id);
  });
  const n = map.graph.nodeCount;
  const terrain: Terrain[] = [];
  const placeKind: (CityKind | null)[] = [];
  const placeName: (string | null)[] = [];
  const victoryPoints: number[] = [];
  const placeHex: Record<string, number> = {};
  for (let h = 0; h < n; h++) {
    const t = map.terrainNames[map.terrain[h]!]!;
    terrain.push(isTerrain(t) ? t : 'clear'); // an unknown name is refused (unknownMapWords)
    const p = map.placeAt[h]! >= 0 ? map.places[map.placeAt[h]!]! : null;
    placeKind.push(p && isCityKind(p.kind) ? p.kind : null);
    placeName.push(p ? p.name : null);
    victoryPoints.push(p ? (input.victoryPoints?.[p.name] ?? 0) : 0);
    if (p) placeHex[p.name] = h;
  }
  const railheads: number[] = [];
  (input.railheads ?? []).forEach((r, i) => {
    const h = hexIndex(map, r);
    if (h < 0) errors.push(setupError('setup/unknown-hex', `railheads[${i}]`, `no hex ${r}`));
    else railheads.push(h);
  });
  if (input.turns.length === 0) errors.push(setupError('setup/turns', 'turns', 'at least one turn'));
  const siberia = map.edges.find((e) => e.id === 'siberia')?.hexes ?? [];
  if (errors.length > 0) return err(errors);
  return ok({
    key: input.key,
    map,
    units,
    unitIds,
    terrain,
    placeKind,
    placeName,
    victoryPoints,
    riverBit: feature(map, 'river'),
    seaSideBit: feature(map, 'sea'),
    roadBit: connection(map, 'road'),
    brownRoadBit: connection(map, 'brown-road'),
    railBit: connection(map, 'rail'),
    axisRailBit: connection(map, 'rail-german'),
    axisCountry: membership(map, (z) => z.kind === 'axis-country'),
    south: membership(map, (z) => z.id === 'south' || z.kind === 'south'),
    rumania: membership(map, (z) => z.id === 'rumania'),
    sovietSupplyEdge: membership(map, (z) => z.id === 'soviet-supply' || z.kind === 'soviet-supply', true),
    railheads,
    turns: input.turns,
    hexNumbers: Array.from({ length: n }, (_, h) => hexNumberOf(map, h)),
    placeHex,
    reinforcements: (input.reinforcements ?? []).map((r) => ({
      turn: r.turn,
      side: r.side,
      units: r.units,
      hexes: r.hexes.map((h) => hexIndex(map, h)).filter((h) => h >= 0),
    })),
    sovietArmiesPerTurn: siberia.length > 0 ? 3 : 0,
    siberia,
    siberianReserve: input.siberianReserve ?? { units: [], safeFromTurn: 1 },
    panzerReplacements: input.panzerReplacements ?? { factorsPerMonth: 0, fromTurn: 1 },
    replacementFactors: Array.from({ length: n }, (_, h) => {
      const name = map.placeAt[h]! >= 0 ? map.places[map.placeAt[h]!]!.name : null;
      return name ? (input.replacementFactors?.[name] ?? 0) : 0;
    }),
    ports: (input.ports ?? [])
      .map((p) => ({ hex: hexIndex(map, p.hex), sea: p.sea }))
      .filter((p) => p.hex >= 0),
    seaControl: {
      baltic: (input.seaControl?.baltic ?? []).map((h) => hexIndex(map, h)).filter((h) => h >= 0),
      black: (input.seaControl?.black ?? []).map((h) => hexIndex(map, h)).filter((h) => h >= 0),
      azov: (input.seaControl?.azov ?? []).map((h) => hexIndex(map, h)).filter((h) => h >= 0),
    },
  });
}

const registry = new Map<string, RulesScenario>();

export function registerRulesScenario(s: RulesScenario): void {
  registry.set(s.key, s);
}

/** Compiles and registers the standard scenario (standard-setup.ts sets it: no import cycle). */
let loadStandard: ((key: string) => void) | null = null;
export function onStandardScenarioMissing(load: (key: string) => void): void {
  loadStandard = load;
}

/**
 * A registered scenario by key; the standard one is compiled on first use (a browser or
 * AI worker reads views of games set up elsewhere, so nothing here registered it).
 */
export function rulesScenarioByKey(key: string): RulesScenario {
  let s = registry.get(key);
  if (!s && loadStandard) {
    loadStandard(key);
    s = registry.get(key);
  }
  if (!s) throw new Error(`no Barbarossa scenario registered as "${key}"`);
  return s;
}

/**
 * Terrain as the weather leaves it ("Weather": "Rivers, Swamps, and Lakes freeze over
 * and are nullified in Snow"): in Snow a swamp is clear, a swamp & forest a forest, a
 * lake clear (frozen).
 */
export function terrainIn(s: RulesScenario, hex: number, weather: Weather): Terrain {
  const t = s.terrain[hex]!;
  if (weather !== 'snow') return t;
  if (t === 'swamp' || t === 'lake') return 'clear';
  if (t === 'swamp-forest') return 'forest';
  return t;
}

/** A river on the hexside crossed by `slot`, unless frozen in Snow ("Weather"). */
export function riverAt(s: RulesScenario, slot: number, weather: Weather): boolean {
  return weather !== 'snow' && (s.map.sideFeatures[slot]! & s.riverBit) !== 0;
}

/** The hexside's road bonus in this weather: brown roads give none in Mud and Light Mud ("Weather"). */
export function roadAlong(s: RulesScenario, slot: number, weather: Weather): boolean {
  const links = s.map.links[slot]!;
  if ((links & s.roadBit) !== 0) return true;
  return (links & s.brownRoadBit) !== 0 && weather !== 'mud' && weather !== 'light-mud';
}

/** Impassable: sea, and lakes unless frozen ("Edge of the World"). */
export function impassable(s: RulesScenario, hex: number, weather: Weather): boolean {
  const t = terrainIn(s, hex, weather);
  return t === 'sea' || t === 'lake';
}

/**
 * The rules' contract from the compiled standard scenario (scenario.ts, issue #23): the
 * same facts in the same vocabulary ("oil" places bear no defense bonus; "the-south" is
 * B-17's zone).
 */
export function rulesScenarioFromCompiled(key: string, bs: BarbarossaScenario): RulesScenario {
  const n = bs.map.graph.nodeCount;
  const placeKind: (CityKind | null)[] = [];
  const placeName: (string | null)[] = [];
  const victoryPoints: number[] = [];
  const placeHex: Record<string, number> = {};
  for (let h = 0; h < n; h++) {
    const p = bs.placeAtHex[h] ?? null;
    placeKind.push(p && isCityKind(p.kind) ? p.kind : null);
    placeName.push(p ? p.name : null);
    victoryPoints.push(p ? p.victoryPoints : 0);
    if (p) placeHex[p.name] = h;
  }
  const sovietSupplyEdge = new Uint8Array(n);
  for (const h of bs.sovietSupplyEdge) sovietSupplyEdge[h] = 1;
  return {
    key,
    map: bs.map,
    units: withRulesTags(bs.units),
    unitIds: bs.unitIds,
    terrain: bs.terrainOf,
    placeKind,
    placeName,
    victoryPoints,
    riverBit: bs.riverBit,
    seaSideBit: feature(bs.map, 'sea'),
    roadBit: bs.roadBit,
    brownRoadBit: bs.brownRoadBit,
    railBit: bs.railBit,
    axisRailBit: bs.germanRailBit,
    axisCountry: bs.axisCountry,
    south: bs.theSouth,
    rumania: bs.rumania,
    sovietSupplyEdge,
    railheads: bs.railheads,
    turns: bs.turns.map((t) => ({
      label: t.label,
      weather: t.weather,
      weatherRoll: t.weatherRoll,
      monthStart: t.monthStart,
    })),
    hexNumbers: bs.hexNumbers,
    placeHex,
    reinforcements: bs.reinforcements.map((r) => ({
      turn: r.turn,
      side: r.side,
      units: r.units,
      hexes: r.hexes,
    })),
    sovietArmiesPerTurn: bs.soviet.reinforcementsPerTurn,
    siberia: bs.edges.siberia ?? [],
    siberianReserve: bs.siberianReserve,
    replacementFactors: Array.from({ length: n }, (_, h) => bs.placeAtHex[h]?.replacementFactors ?? 0),
    panzerReplacements: bs.panzerReplacements,
    ports: SEAS.flatMap((sea) => bs.ports[sea].map((hex) => ({ hex, sea }))),
    seaControl: bs.seaControl,
  };
}

/** Tags the rules read that a scenario file written before the data carried them may lack: the 1.MoscMotRflDiv's stacking exception. */
function withRulesTags<U extends UnitData>(units: Readonly<Record<string, U>>): Readonly<Record<string, U>> {
  const mmrd = units['sov-1mmrd'];
  if (!mmrd || mmrd.tags.includes('moscow-motor-rifle')) return units;
  return { ...units, 'sov-1mmrd': { ...mmrd, tags: [...mmrd.tags, 'moscow-motor-rifle'] } };
}
