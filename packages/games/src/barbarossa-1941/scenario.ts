/**
 * The Barbarossa 1941 scenario as data (issue #23): the whole-front map, both orders of
 * battle, the set-up rules and the standard historical set-up, the turn record track with
 * its weather, the reinforcement schedules and the two combat tables. A scenario file is
 * plain JSON of `scenarioSchema`'s shape; `compileScenario` validates it once (every error
 * naming its field) into the indexed `BarbarossaScenario` the rules read. Nothing here
 * applies a rule: it says where things are and what they are worth.
 *
 * Rules text: shared/rules/barbarossa-1941.txt ("Setup", "Reinforcements and
 * Replacements", "Weather", "Supply", "Victory Conditions"); rulings B-1, B-11, B-16, B-17.
 */
import {
  axialDistance,
  axialToOffset,
  axialToPixel,
  compileHexMap,
  compileOddsTable,
  err,
  type HexMap,
  hexAxial,
  hexIndex,
  hexMapSchema,
  hexNumberOf,
  type OddsTable,
  oddsTableSchema,
  offsetToAxial,
  ok,
  parseWithSchema,
  pixelToAxial,
  type Result,
  type RngState,
  rollDie,
  type SetupError,
  setupError,
  unitSchema,
} from '@stavka/engine';
import { z } from 'zod';
import crtFile from './data/crt.provisional.json' with { type: 'json' };
import airTableFile from './data/generated/air-table.provisional.json' with { type: 'json' };
import mapFile from './data/generated/map.json' with { type: 'json' };
import setupFile from './data/generated/setup.json' with { type: 'json' };
import turnsFile from './data/generated/turns.json' with { type: 'json' };
import unitsFile from './data/generated/units.json' with { type: 'json' };

/* ------------------------------------------------------------------------------------ */
/* Vocabularies                                                                          */

/** The two players; combat.ts names them the same way. */
export const SIDES = ['axis', 'soviet'] as const;
export type Side = (typeof SIDES)[number];

/** Nationalities on the counters ("Rumanian and Hungarian units may not be stacked together"). */
export const NATIONALITIES = ['german', 'rumanian', 'hungarian', 'italian', 'slovak', 'soviet'] as const;
export type Nationality = (typeof NATIONALITIES)[number];

/** Terrain names used in map.terrain (rules "Fortresses, Entrenchment, Defense Lines, and Terrain Effects"). */
export const TERRAINS = [
  'clear',
  'forest',
  'swamp',
  'swamp-forest',
  'hills',
  'mountains',
  'lake', // frozen and nullified in Snow ("Weather")
  'sea', // Baltic, Black Sea, Sea of Azov: impassable; sea movement is port to port
] as const;
export type Terrain = (typeof TERRAINS)[number];

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

/* ------------------------------------------------------------------------------------ */
/* The file                                                                              */

const unitId = z.string().min(1);
const hexNumber = z.string().regex(/^\d{4}$/, 'a hex number is four digits, column then row (e.g. "1207")');

/** A counter: the engine's unit record with the game's sides and nationalities. */
export const barbarossaUnitSchema = unitSchema.extend({
  /** Which player commands it. */
  side: z.enum(SIDES),
  /** The counter's army: German, Rumanian, Hungarian, Italian, Slovak or Soviet. */
  nationality: z.enum(NATIONALITIES),
  /** German and allied units: the army group they belong to at the start (or on entry). */
  armyGroup: z.enum(ARMY_GROUPS).optional(),
  /**
   * factors: `attack`, `defense` and `movement` (the OMF) on every unit; German armies also
   * `weakAttack` / `weakDefense` (the weak side; the printed attack/defense are the strong
   * side); air units `range`; factories `production`. Tags: "hidden" (Russian straight
   * rifle army, face down until its first combat), "guards" (red label), "rm" (the three
   * German units that may start anywhere in Rumania), "siberian", "elite", "provisional"
   * (values reconstructed, OOB-SOURCES.md), "irreplaceable" (Katyusha, parachute, railway guns).
   */
  factors: z.record(z.string(), z.number().int().min(0)),
});
export type BarbarossaUnitFile = z.input<typeof barbarossaUnitSchema>;
export type BarbarossaUnit = z.output<typeof barbarossaUnitSchema>;

/** Rules attached to a map place by name (victory points, ports, factories...). */
export const placeRuleSchema = z.object({
  /** Victory points while held (Moscow 3, Leningrad 2, others 1; B-12). */
  victoryPoints: z.number().int().min(1).optional(),
  /** A port on this sea ("By Sea"). */
  port: z.enum(SEAS).optional(),
  /** Holding it controls this sea: Koenigsberg the Baltic, Sevastopol the Black Sea; both Kerch sides the Azov. */
  controls: z.enum(SEAS).optional(),
  /** Russian rifle replacement factors a turn (1 per major city, 2 from Moscow). */
  replacementFactors: z.number().int().min(1).optional(),
  /** A Soviet tank factory stands here at the start (its counter is in units). */
  tankFactory: z.boolean().optional(),
});

/** Where an Axis unit may be set up ("Setup", Germans): near printed positions, or anywhere in a zone. */
export const axisPlacementSchema = z.union([
  z.object({
    /** Printed positions (setup.positions ids) the unit must start near. */
    near: z.array(z.string().min(1)).min(1),
    /** Within this many hexes of one of them (0 = on it). */
    within: z.number().int().min(0).max(6),
  }),
  z.object({
    /** Anywhere in this map zone (e.g. "rumania" for the Rm units and the Rumanian army). */
    zone: z.string().min(1),
  }),
]);

export const setupSchema = z.object({
  /** Printed set-up positions of the Axis armies and panzer groups ("Armies' locations are on the maps"). */
  positions: z
    .array(
      z.object({
        /** Id used by placements, e.g. "pzgr-4". */
        id: z.string().min(1),
        /** What the map prints there: "4. Panzergruppe". */
        name: z.string().min(1),
        hex: hexNumber,
        armyGroup: z.enum(ARMY_GROUPS),
        /** "army" or "panzer-group". */
        kind: z.enum(['army', 'panzer-group']),
      }),
    )
    .min(1),
  /** Every Axis unit on the map at the start, with where it may be placed. */
  axis: z.record(unitId, axisPlacementSchema),
  /** Soviet set-up ("Sorting Russian Arrays"). */
  soviet: z.object({
    /** The 62 straight rifle armies, face down. */
    rifleArmyPool: z.array(unitId).min(1),
    /** How many are drawn (42); the others leave the game. */
    draw: z.number().int().min(1),
    /** How many of the drawn go on the board (21); the rest are reinforcements. */
    onBoard: z.number().int().min(0),
    /** Armies (10) that with the border tank korps cover every border hex with Rumania or Germany. */
    borderArmies: z.number().int().min(0),
    /** Tank korps (10) that cover the border with them. */
    borderTankKorps: z.number().int().min(0),
    /** Leftover armies entering from the eastern edge each turn, the first turn included (3). */
    reinforcementsPerTurn: z.number().int().min(0),
    /** The starting mech/tank korps array: six 3-2 and eight 2-1. */
    tankKorps: z.array(unitId),
    /** The face-down group the German player chooses blindly: ten 2-1s, or eight 4-3s and two 3-2s. */
    hiddenTankGroups: z.object({ a: z.array(unitId).min(1), b: z.array(unitId).min(1) }),
    /** Units with a fixed start: unit id -> place name (parachute korps, Katyusha, 1st Moscow MRD, factories). */
    fixed: z.record(unitId, z.string().min(1)),
    /** Kinds of places that get one extra army each ("one on each city (not O town) and fortress"). */
    extraArmyPlaceKinds: z.array(z.enum(PLACE_KINDS)),
  }),
  /** The five Axis railheads at the start (hex numbers), supply sources that advance 2 rail hexes a turn. */
  railheads: z.array(hexNumber).min(1),
  /** The standard historical set-up a player may accept in one action. */
  standard: z.object({
    /** Axis unit id -> hex number. */
    axis: z.record(unitId, hexNumber),
    /**
     * Accepted for old files, never played: the game draws its 42 armies from its own
     * secret dice at set-up (issue #41, "42 ... randomly selected"; standard-setup.ts).
     * When given it is checked as before (armies of the pool, the set-up's count, the
     * standard set-up's armies on the board among them).
     */
    sovietDraw: z.array(unitId).optional(),
    /** Which hidden tank group ("a" or "b") the standard game uses. */
    hiddenTankGroup: z.enum(['a', 'b']),
    /** Soviet unit id -> hex number (armies on the board, tank korps, extras on cities). */
    soviet: z.record(unitId, hexNumber),
  }),
});

/** The ground-and-air combat table for airstrikes ("Air Attack and Combat Results"): d6 by column. */
export const airTableSchema = z.object({
  id: z.string().min(1),
  game: z.string().min(1),
  title: z.string().min(1),
  /** True: the printed table is lost; this one is the project's reconstruction. */
  provisional: z.boolean(),
  die: z.number().int().min(2).max(20),
  /** Column labels, e.g. "fliegerkorps", "fliegerkorps beyond half range", "Soviet front air". */
  columns: z.array(z.string().min(1)).min(1),
  /** Results used, with the text's definition (D, D*, AA, SD, I, -). */
  results: z.record(z.string().min(1), z.object({ name: z.string().min(1), text: z.string().min(1) })),
  /** Results from worst to best for the attacking air unit. */
  order: z.array(z.string().min(1)),
  /** Results by die roll ("1".."6"), one per column. */
  rows: z.record(z.string(), z.array(z.string().min(1))),
  /** Die-roll modifiers the text gives (e.g. +1 against a Disrupted unit). */
  modifiers: z.array(z.object({ when: z.string().min(1), shift: z.number().int() })),
  sources: z.string().min(1),
});
export type AirTableFile = z.input<typeof airTableSchema>;

export const turnSchema = z.object({
  /** 1..15. */
  turn: z.number().int().min(1),
  /** As the track prints it: "June II 1941". */
  label: z.string().min(1),
  /** Calendar dates: "22-30 Jun 1941". */
  dates: z.string().min(1),
  /** First month of the half-month pair? German panzer replacements come "at the start of each month". */
  monthStart: z.boolean(),
  /** The historical weather of the standard schedule (B-11). */
  weather: z.enum(WEATHERS),
  /** The optional weather roll (B-11): weather for a d6 roll of 1..6. */
  weatherRoll: z.array(z.enum(WEATHERS)).length(6),
});

export const reinforcementSchema = z.object({
  turn: z.number().int().min(1),
  side: z.enum(SIDES),
  units: z.array(unitId).min(1),
  /** Where they enter: an edge id ("axis-west", "siberia"), a zone id ("hungary"), a place name, or "any-railhead". */
  at: z.string().min(1),
  /** Historical note (which formation, which month). */
  note: z.string().optional(),
});

export const scenarioSchema = z.object({
  game: z.literal('barbarossa-1941'),
  name: z.string().min(1),
  map: hexMapSchema,
  /** Rules attached to places by place name. */
  places: z.record(z.string().min(1), placeRuleSchema),
  units: z.array(barbarossaUnitSchema).min(1),
  setup: setupSchema,
  turns: z.array(turnSchema).min(1),
  reinforcements: z.array(reinforcementSchema),
  /** The Siberian Reserve: four shock armies, one a turn, safe from `safeFromTurn` (Dec 41). */
  siberianReserve: z.object({ units: z.array(unitId).min(1), safeFromTurn: z.number().int().min(1) }),
  /** German panzer replacement factors at the start of each month from `fromTurn` (August). */
  panzerReplacements: z.object({
    factorsPerMonth: z.number().int().min(0),
    fromTurn: z.number().int().min(1),
  }),
  /** What an unrevealed Russian rifle army is assumed worth ("assumed all are worth 2 factors"). */
  hiddenArmyAssumedFactors: z.number().int().min(1),
  /** The CRT (B-1); the shipped one is provisional and replaceable by a file. */
  crt: oddsTableSchema,
  /** The ground-and-air combat table for airstrikes; provisional, replaceable. */
  airTable: airTableSchema,
  sources: z.string().optional(),
});
export type ScenarioFile = z.input<typeof scenarioSchema>;

/* ------------------------------------------------------------------------------------ */
/* The compiled scenario                                                                 */

export interface AirTable {
  readonly id: string;
  readonly title: string;
  readonly provisional: boolean;
  readonly die: number;
  readonly columns: readonly string[];
  readonly results: Readonly<Record<string, { readonly name: string; readonly text: string }>>;
  /** cells[(roll - 1) * columns.length + column]: a result code. */
  readonly cells: readonly string[];
  readonly modifiers: readonly { readonly when: string; readonly shift: number }[];
  readonly sources: string;
}

export interface PlaceInfo {
  readonly name: string;
  /** Hex index. */
  readonly hex: number;
  readonly kind: PlaceKind;
  readonly victoryPoints: number;
  readonly port: Sea | null;
  readonly controls: Sea | null;
  readonly replacementFactors: number;
  readonly tankFactory: boolean;
}

export interface TurnInfo {
  readonly turn: number;
  readonly label: string;
  readonly dates: string;
  readonly monthStart: boolean;
  readonly weather: Weather;
  readonly weatherRoll: readonly Weather[];
}

export interface Reinforcement {
  readonly turn: number;
  readonly side: Side;
  readonly units: readonly string[];
  /** Edge id, zone id, place name or "any-railhead". */
  readonly at: string;
  /** Hexes where they may enter (edge or zone hexes, the place's hex), empty for "any-railhead". */
  readonly hexes: readonly number[];
  readonly note: string;
}

export interface BarbarossaScenario {
  /** Title of the scenario. */
  readonly name: string;
  /** The compiled hex map (engine HexMap: graph, terrain, hexsides, connections, places, zones, edges). */
  readonly map: HexMap;
  /** Every counter by id. */
  readonly units: Readonly<Record<string, BarbarossaUnit>>;
  /** Unit ids in file order: the canonical order of actions. */
  readonly unitIds: readonly string[];
  /** Printed hex number of every hex index. */
  readonly hexNumbers: readonly string[];
  /** Terrain per hex index (the map's terrain by name, once). */
  readonly terrainOf: readonly Terrain[];
  /** 1 where the hex is land (not sea or lake). */
  readonly land: Uint8Array;
  /** Places with their rules, index = map.places index. */
  readonly places: readonly PlaceInfo[];
  /** Place info by hex index, or null. */
  readonly placeAtHex: readonly (PlaceInfo | null)[];
  /** The victory cities (B-12) with their points. */
  readonly victoryCities: readonly PlaceInfo[];
  /** Hex of the place whose holder controls each sea (Azov: both Kerch sides, so two). */
  readonly seaControl: Readonly<Record<Sea, readonly number[]>>;
  /** Ports by sea. */
  readonly ports: Readonly<Record<Sea, readonly number[]>>;
  /** Ploesti and Grozny hexes ("Supply": mobile OMF 4 for the side that loses one). */
  readonly ploesti: number;
  readonly grozny: number;
  /** 1 where the hex was Soviet on 22 June 1941. */
  readonly sovietTerritory: Uint8Array;
  /** 1 where the hex is an Axis country (German supply source: "back to an Axis country"). */
  readonly axisCountry: Uint8Array;
  /** 1 where the hex is Rumanian, Hungarian, German (Reich + Generalgouvernement). */
  readonly rumania: Uint8Array;
  readonly hungary: Uint8Array;
  readonly germany: Uint8Array;
  /** Army group of each hex (index into ARMY_GROUPS) or -1: boundaries for set-up and the allies. */
  readonly armyGroupOf: Int8Array;
  /** 1 in "the south" where Axis allied units must remain (B-17). */
  readonly theSouth: Uint8Array;
  /** Soviet hexes along the border with Germany or Rumania (set-up cover: "Sorting Russian Arrays"). */
  readonly sovietBorderHexes: readonly number[];
  /** Feature bits in map.sideFeatures. */
  readonly riverBit: number;
  readonly borderBit: number;
  /** Connection bits in map.links. */
  readonly railBit: number;
  readonly germanRailBit: number;
  readonly roadBit: number;
  /** Brown roads: no road bonus in Mud and Light Mud. */
  readonly brownRoadBit: number;
  /** Supply and entry edges (hex indexes) by edge id (REQUIRED_EDGES). */
  readonly edges: Readonly<Record<string, readonly number[]>>;
  /** Russian supply edges: northeastern, eastern and southeastern together. */
  readonly sovietSupplyEdge: readonly number[];
  /** The Axis printed set-up positions (hex indexes) by id. */
  readonly positions: Readonly<
    Record<
      string,
      { readonly name: string; readonly hex: number; readonly armyGroup: ArmyGroup; readonly kind: string }
    >
  >;
  /** Axis unit id -> every hex where it may be set up (sorted). */
  readonly axisSetupHexes: Readonly<Record<string, readonly number[]>>;
  /** Soviet set-up: pools, counts and fixed starts (hex indexes). */
  readonly soviet: {
    readonly rifleArmyPool: readonly string[];
    readonly draw: number;
    readonly onBoard: number;
    readonly borderArmies: number;
    readonly borderTankKorps: number;
    readonly reinforcementsPerTurn: number;
    readonly tankKorps: readonly string[];
    readonly hiddenTankGroups: { readonly a: readonly string[]; readonly b: readonly string[] };
    /** Unit id -> hex index; -1 for off-map (Tankograd in Siberia). */
    readonly fixed: Readonly<Record<string, number>>;
    /** Hexes of the cities and fortresses that get one extra army each. */
    readonly extraArmyHexes: readonly number[];
  };
  /** The five Axis railheads at the start (hex indexes). */
  readonly railheads: readonly number[];
  /** The standard historical set-up (hex indexes). */
  readonly standard: {
    readonly axis: Readonly<Record<string, number>>;
    /** An old file's historical draw (checked, never played: the game draws its own); absent: none. */
    readonly sovietDraw?: readonly string[];
    readonly hiddenTankGroup: 'a' | 'b';
    readonly soviet: Readonly<Record<string, number>>;
  };
  /** The turn record track, index = turn - 1. */
  readonly turns: readonly TurnInfo[];
  /** Scheduled reinforcements, by turn then file order. */
  readonly reinforcements: readonly Reinforcement[];
  readonly siberianReserve: { readonly units: readonly string[]; readonly safeFromTurn: number };
  readonly panzerReplacements: { readonly factorsPerMonth: number; readonly fromTurn: number };
  readonly hiddenArmyAssumedFactors: number;
  /** The CRT (B-1). */
  readonly crt: OddsTable;
  /** The ground-and-air combat table. */
  readonly airTable: AirTable;
  readonly sources: string;
}

/* ------------------------------------------------------------------------------------ */
/* Compile                                                                               */

function bitOf(names: readonly string[], name: string): number {
  const i = names.indexOf(name);
  return i < 0 ? 0 : 1 << i;
}

function compileAirTable(t: z.output<typeof airTableSchema>, root: string, errors: SetupError[]): AirTable {
  const cells: string[] = [];
  for (let roll = 1; roll <= t.die; roll++) {
    const row = t.rows[String(roll)];
    if (!row || row.length !== t.columns.length) {
      errors.push(
        setupError(
          'setup/row-length',
          `${root}.rows.${roll}`,
          `need ${t.columns.length} results for a roll of ${roll}`,
        ),
      );
      continue;
    }
    row.forEach((r, c) => {
      if (!t.results[r])
        errors.push(
          setupError('setup/unknown-result', `${root}.rows.${roll}[${c}]`, `result ${r} is not in results`),
        );
      cells.push(r);
    });
  }
  t.order.forEach((r, i) => {
    if (!t.results[r])
      errors.push(setupError('setup/unknown-result', `${root}.order[${i}]`, `result ${r} is not in results`));
  });
  return {
    id: t.id,
    title: t.title,
    provisional: t.provisional,
    die: t.die,
    columns: t.columns,
    results: t.results,
    cells,
    modifiers: t.modifiers,
    sources: t.sources,
  };
}

/** Validates a scenario file into the indexed scenario; every error names its field. */
export function compileScenario(input: unknown): Result<BarbarossaScenario, SetupError[]> {
  const parsed = parseWithSchema(scenarioSchema, input);
  if (!parsed.ok) return parsed;
  const s = parsed.value;
  const compiled = compileHexMap(s.map, 'map');
  if (!compiled.ok) return compiled;
  const map = compiled.value;
  const n = map.graph.nodeCount;
  const errors: SetupError[] = [];

  // Terrain and land.
  const terrainOf: Terrain[] = [];
  const land = new Uint8Array(n);
  map.terrainNames.forEach((t, i) => {
    if (!(TERRAINS as readonly string[]).includes(t))
      errors.push(
        setupError('setup/terrain', i === 0 ? 'map.defaultTerrain' : 'map.terrain', `unknown terrain "${t}"`),
      );
  });
  for (let h = 0; h < n; h++) {
    const t = map.terrainNames[map.terrain[h]!]! as Terrain;
    terrainOf.push(t);
    land[h] = map.onMap[h] === 1 && t !== 'sea' && t !== 'lake' ? 1 : 0;
  }

  // Units.
  const units: Record<string, BarbarossaUnit> = {};
  s.units.forEach((u, i) => {
    if (units[u.id]) errors.push(setupError('setup/duplicate', `units[${i}].id`, `unit ${u.id} twice`));
    for (const f of ['attack', 'defense', 'movement']) {
      if (u.factors[f] === undefined)
        errors.push(
          setupError('setup/factors', `units[${i}].factors.${f}`, `every unit needs a ${f} factor`),
        );
    }
    if (u.side === 'axis' && u.nationality === 'soviet')
      errors.push(
        setupError('setup/nationality', `units[${i}].nationality`, 'an Axis unit cannot be Soviet'),
      );
    if (u.side === 'soviet' && u.nationality !== 'soviet')
      errors.push(setupError('setup/nationality', `units[${i}].nationality`, 'a Soviet unit must be Soviet'));
    units[u.id] = u;
  });
  const needUnit = (id: string, path: string, side?: Side): BarbarossaUnit | undefined => {
    const u = units[id];
    if (!u) errors.push(setupError('setup/unknown-unit', path, `no unit ${id}`));
    else if (side && u.side !== side) errors.push(setupError('setup/side', path, `${id} is not ${side}`));
    return u;
  };

  // Places.
  const placeByName = new Map(map.places.map((p, i) => [p.name, i] as const));
  const places: PlaceInfo[] = map.places.map((p, i) => {
    const rule = s.places[p.name] ?? {};
    if (!(PLACE_KINDS as readonly string[]).includes(p.kind))
      errors.push(setupError('setup/place-kind', `map.places[${i}].kind`, `unknown place kind "${p.kind}"`));
    if (land[p.hex] !== 1)
      errors.push(setupError('setup/place-at-sea', `map.places[${i}].hex`, `${p.name} is not on a land hex`));
    return {
      name: p.name,
      hex: p.hex,
      kind: p.kind as PlaceKind,
      victoryPoints: rule.victoryPoints ?? 0,
      port: rule.port ?? null,
      controls: rule.controls ?? null,
      replacementFactors: rule.replacementFactors ?? 0,
      tankFactory: rule.tankFactory ?? false,
    };
  });
  for (const name of Object.keys(s.places)) {
    if (!placeByName.has(name))
      errors.push(setupError('setup/unknown-place', `places.${name}`, `no place named ${name} on the map`));
  }
  const placeAtHex: (PlaceInfo | null)[] = Array.from({ length: n }, (_, h) => {
    const p = map.placeAt[h]!;
    return p >= 0 ? places[p]! : null;
  });
  const placeHex = (name: string, path: string): number => {
    const i = placeByName.get(name);
    if (i === undefined) {
      errors.push(setupError('setup/unknown-place', path, `no place named ${name}`));
      return -1;
    }
    return places[i]!.hex;
  };
  const seaControl: Record<Sea, number[]> = { baltic: [], black: [], azov: [] };
  const ports: Record<Sea, number[]> = { baltic: [], black: [], azov: [] };
  for (const p of places) {
    if (p.controls) seaControl[p.controls].push(p.hex);
    if (p.port) ports[p.port].push(p.hex);
  }
  for (const sea of SEAS) {
    if (seaControl[sea].length === 0)
      errors.push(setupError('setup/sea-control', 'places', `no place controls the ${sea} sea`));
  }

  // Zones and edges.
  const zone = (id: string) => map.zones.find((z) => z.id === id);
  for (const id of REQUIRED_ZONES) {
    if (!zone(id)) errors.push(setupError('setup/missing-zone', 'map.zones', `no "${id}" zone`));
  }
  const edges: Record<string, number[]> = {};
  for (const e of map.edges) edges[e.id] = [...e.hexes];
  for (const id of REQUIRED_EDGES) {
    if (!edges[id]) errors.push(setupError('setup/missing-edge', 'map.edges', `no "${id}" edge`));
  }
  const membership = (id: string): Uint8Array => zone(id)?.membership ?? new Uint8Array(n);
  const sovietTerritory = membership('ussr-1941');
  const germany = membership('germany');
  const rumania = membership('rumania');
  const armyGroupOf = new Int8Array(n).fill(-1);
  ARMY_GROUPS.forEach((g, gi) => {
    for (const h of zone(`army-group-${g}`)?.hexes ?? []) armyGroupOf[h] = gi;
  });
  const sovietBorderHexes: number[] = [];
  for (let h = 0; h < n; h++) {
    if (sovietTerritory[h] !== 1 || land[h] !== 1) continue;
    for (let d = 0; d < 6; d++) {
      const j = map.graph.targets[h * 6 + d]!;
      if (j >= 0 && land[j] === 1 && (germany[j] === 1 || rumania[j] === 1)) {
        sovietBorderHexes.push(h);
        break;
      }
    }
  }

  // Set-up.
  const positions: Record<string, { name: string; hex: number; armyGroup: ArmyGroup; kind: string }> = {};
  s.setup.positions.forEach((p, i) => {
    const h = hexIndex(map, p.hex);
    if (h < 0 || map.onMap[h] !== 1)
      errors.push(
        setupError('setup/unknown-hex', `setup.positions[${i}].hex`, `hex ${p.hex} is not on the map`),
      );
    if (positions[p.id])
      errors.push(setupError('setup/duplicate', `setup.positions[${i}].id`, `position ${p.id} twice`));
    positions[p.id] = { name: p.name, hex: h, armyGroup: p.armyGroup, kind: p.kind };
  });
  const axisGround = (h: number) => land[h] === 1 && sovietTerritory[h] !== 1;
  const axisSetupHexes: Record<string, number[]> = {};
  for (const [id, place] of Object.entries(s.setup.axis)) {
    const path = `setup.axis.${id}`;
    needUnit(id, path, 'axis');
    const allowed: number[] = [];
    if ('zone' in place) {
      const z = zone(place.zone);
      if (!z) errors.push(setupError('setup/missing-zone', `${path}.zone`, `no zone ${place.zone}`));
      else for (const h of z.hexes) if (axisGround(h)) allowed.push(h);
    } else {
      const centres = place.near.map((pid, i) => {
        const p = positions[pid];
        if (!p) errors.push(setupError('setup/unknown-position', `${path}.near[${i}]`, `no position ${pid}`));
        return p?.hex ?? -1;
      });
      for (let h = 0; h < n; h++) {
        if (!axisGround(h)) continue;
        const a = hexAxial(map, h);
        if (centres.some((c) => c >= 0 && axialDistance(a, hexAxial(map, c)) <= place.within))
          allowed.push(h);
      }
    }
    if (allowed.length === 0) errors.push(setupError('setup/no-room', path, `${id} has no legal set-up hex`));
    axisSetupHexes[id] = allowed.sort((x, y) => x - y);
  }
  const sv = s.setup.soviet;
  sv.rifleArmyPool.forEach((id, i) => {
    const u = needUnit(id, `setup.soviet.rifleArmyPool[${i}]`, 'soviet');
    if (u && (u.size !== 'army' || !u.tags.includes('hidden')))
      errors.push(
        setupError(
          'setup/not-rifle-army',
          `setup.soviet.rifleArmyPool[${i}]`,
          `${id} is not a hidden rifle army`,
        ),
      );
  });
  if (sv.draw > sv.rifleArmyPool.length)
    errors.push(
      setupError('setup/draw', 'setup.soviet.draw', `cannot draw ${sv.draw} of ${sv.rifleArmyPool.length}`),
    );
  if (sv.onBoard > sv.draw)
    errors.push(setupError('setup/draw', 'setup.soviet.onBoard', 'more on the board than drawn'));
  sv.tankKorps.forEach((id, i) => {
    needUnit(id, `setup.soviet.tankKorps[${i}]`, 'soviet');
  });
  sv.hiddenTankGroups.a.forEach((id, i) => {
    needUnit(id, `setup.soviet.hiddenTankGroups.a[${i}]`, 'soviet');
  });
  sv.hiddenTankGroups.b.forEach((id, i) => {
    needUnit(id, `setup.soviet.hiddenTankGroups.b[${i}]`, 'soviet');
  });
  const fixed: Record<string, number> = {};
  for (const [id, where] of Object.entries(sv.fixed)) {
    needUnit(id, `setup.soviet.fixed.${id}`, 'soviet');
    fixed[id] = where === 'siberia' ? -1 : placeHex(where, `setup.soviet.fixed.${id}`);
  }
  // "back from the border": not on a border hex nor next to one (where a unit would cover it)
  const borderSet = new Set(sovietBorderHexes);
  const touchesBorder = (h: number) =>
    borderSet.has(h) || [0, 1, 2, 3, 4, 5].some((d) => borderSet.has(map.graph.targets[h * 6 + d]!));
  const extraArmyHexes = places
    .filter(
      (p) => sv.extraArmyPlaceKinds.includes(p.kind) && sovietTerritory[p.hex] === 1 && !touchesBorder(p.hex),
    )
    .map((p) => p.hex);
  const railheads = s.setup.railheads.map((hx, i) => {
    const h = hexIndex(map, hx);
    if (h < 0 || land[h] !== 1)
      errors.push(setupError('setup/unknown-hex', `setup.railheads[${i}]`, `hex ${hx} is not a land hex`));
    return h;
  });

  // The standard set-up: every position legal.
  const st = s.setup.standard;
  const stdAxis: Record<string, number> = {};
  for (const [id, hx] of Object.entries(st.axis)) {
    const path = `setup.standard.axis.${id}`;
    const h = hexIndex(map, hx);
    const allowed = axisSetupHexes[id];
    if (!allowed) errors.push(setupError('setup/no-placement', path, `${id} has no entry in setup.axis`));
    else if (!allowed.includes(h))
      errors.push(
        setupError('setup/illegal-position', path, `${id} may not start in ${hx} (see setup.axis.${id})`),
      );
    stdAxis[id] = h;
  }
  for (const id of Object.keys(s.setup.axis)) {
    if (st.axis[id] === undefined)
      errors.push(
        setupError('setup/missing-position', `setup.standard.axis.${id}`, `${id} has no standard position`),
      );
  }
  const oldDraw = st.sovietDraw;
  oldDraw?.forEach((id, i) => {
    if (!sv.rifleArmyPool.includes(id))
      errors.push(
        setupError(
          'setup/not-in-pool',
          `setup.standard.sovietDraw[${i}]`,
          `${id} is not in the rifle army pool`,
        ),
      );
  });
  if (oldDraw && new Set(oldDraw).size !== sv.draw)
    errors.push(
      setupError(
        'setup/draw',
        'setup.standard.sovietDraw',
        `the standard draw must name ${sv.draw} different armies`,
      ),
    );
  const stdSoviet: Record<string, number> = {};
  for (const [id, hx] of Object.entries(st.soviet)) {
    const path = `setup.standard.soviet.${id}`;
    const u = needUnit(id, path, 'soviet');
    const h = hexIndex(map, hx);
    if (h < 0 || land[h] !== 1 || sovietTerritory[h] !== 1)
      errors.push(setupError('setup/illegal-position', path, `${hx} is not a Soviet land hex`));
    if (u?.tags.includes('hidden') && oldDraw && !oldDraw.includes(id))
      errors.push(setupError('setup/not-drawn', path, `${id} is not among the drawn armies`));
    stdSoviet[id] = h;
  }

  // Turns.
  const turns = [...s.turns].sort((a, b) => a.turn - b.turn);
  turns.forEach((t, i) => {
    if (t.turn !== i + 1)
      errors.push(setupError('setup/turns', `turns[${i}].turn`, `expected turn ${i + 1}`));
  });
  const reinforcements: Reinforcement[] = s.reinforcements.map((r, i) => {
    const path = `reinforcements[${i}]`;
    if (r.turn > turns.length)
      errors.push(setupError('setup/turns', `${path}.turn`, `turn ${r.turn} is past the last turn`));
    r.units.forEach((id, ui) => {
      needUnit(id, `${path}.units[${ui}]`, r.side);
    });
    let hexes: number[] = [];
    if (edges[r.at]) hexes = edges[r.at]!;
    else if (zone(r.at)) hexes = zone(r.at)!.hexes.filter((h) => land[h] === 1);
    else if (placeByName.has(r.at)) hexes = [placeHex(r.at, `${path}.at`)];
    else if (r.at !== 'any-railhead')
      errors.push(setupError('setup/unknown-entry', `${path}.at`, `"${r.at}" is no edge or place`));
    return { turn: r.turn, side: r.side, units: r.units, at: r.at, hexes, note: r.note ?? '' };
  });
  reinforcements.sort((a, b) => a.turn - b.turn);
  s.siberianReserve.units.forEach((id, i) => {
    needUnit(id, `siberianReserve.units[${i}]`, 'soviet');
  });

  // Tables.
  const crt = compileOddsTable(s.crt, 'crt');
  if (!crt.ok) errors.push(...crt.error);
  const airTable = compileAirTable(s.airTable, 'airTable', errors);

  const ploesti = places.find((p) => p.name === 'Ploesti')?.hex ?? -1;
  const grozny = places.find((p) => p.name === 'Grozny')?.hex ?? -1;
  if (ploesti < 0) errors.push(setupError('setup/missing-place', 'map.places', 'no place named Ploesti'));
  if (grozny < 0) errors.push(setupError('setup/missing-place', 'map.places', 'no place named Grozny'));

  if (errors.length > 0 || !crt.ok) return err(errors);
  const e = (id: string) => edges[id] ?? [];
  return ok({
    name: s.name,
    map,
    units,
    unitIds: s.units.map((u) => u.id),
    hexNumbers: Array.from({ length: n }, (_, h) => hexNumberOf(map, h)),
    terrainOf,
    land,
    places,
    placeAtHex,
    victoryCities: places.filter((p) => p.victoryPoints > 0),
    seaControl,
    ports,
    ploesti,
    grozny,
    sovietTerritory,
    axisCountry: membership('axis-countries'),
    rumania,
    hungary: membership('hungary'),
    germany,
    armyGroupOf,
    theSouth: membership('the-south'),
    sovietBorderHexes,
    riverBit: bitOf(map.featureNames, 'river'),
    borderBit: bitOf(map.featureNames, 'border-1941'),
    railBit: bitOf(map.connectionNames, 'rail'),
    germanRailBit: bitOf(map.connectionNames, 'rail-german'),
    roadBit: bitOf(map.connectionNames, 'road'),
    brownRoadBit: bitOf(map.connectionNames, 'brown-road'),
    edges,
    sovietSupplyEdge: [...new Set([...e('soviet-northeast'), ...e('soviet-east'), ...e('soviet-southeast')])],
    positions,
    axisSetupHexes,
    soviet: {
      rifleArmyPool: sv.rifleArmyPool,
      draw: sv.draw,
      onBoard: sv.onBoard,
      borderArmies: sv.borderArmies,
      borderTankKorps: sv.borderTankKorps,
      reinforcementsPerTurn: sv.reinforcementsPerTurn,
      tankKorps: sv.tankKorps,
      hiddenTankGroups: sv.hiddenTankGroups,
      fixed,
      extraArmyHexes,
    },
    railheads,
    standard: {
      axis: stdAxis,
      ...(oldDraw ? { sovietDraw: oldDraw } : {}),
      hiddenTankGroup: st.hiddenTankGroup,
      soviet: stdSoviet,
    },
    turns: turns.map((t) => ({
      turn: t.turn,
      label: t.label,
      dates: t.dates,
      monthStart: t.monthStart,
      weather: t.weather,
      weatherRoll: t.weatherRoll,
    })),
    reinforcements,
    siberianReserve: s.siberianReserve,
    panzerReplacements: s.panzerReplacements,
    hiddenArmyAssumedFactors: s.hiddenArmyAssumedFactors,
    crt: crt.value,
    airTable,
    sources: s.sources ?? '',
  });
}

/** The acceptance check (`stavka validate`): the errors of a scenario file, each naming its field; [] when valid. */
export function checkScenario(input: unknown): SetupError[] {
  const r = compileScenario(input);
  return r.ok ? [] : r.error;
}

/* ------------------------------------------------------------------------------------ */
/* Checking a set-up ("Setup", "Stacking Limits")                                        */

/** A complete set-up: where every unit starts (hex indexes), which armies were drawn, which hidden group. */
export interface SetupPlacement {
  readonly axis: Readonly<Record<string, number>>;
  readonly soviet: Readonly<Record<string, number>>;
  /**
   * The drawn rifle armies (all 42, on the board or waiting as reinforcements), when the
   * set-up names them (an old file's historical draw); absent: the game draws its own at
   * set-up, and the armies on the board need only be of the pool.
   */
  readonly sovietDraw?: readonly string[] | undefined;
  readonly hiddenTankGroup: 'a' | 'b';
}

/** Units that do not count against stacking ("Airfields, Katyusha regiments, rail conversion units, and cavalry units do not count"). */
function stacksFree(u: BarbarossaUnit): boolean {
  return ['air', 'factory', 'katyusha', 'rail-conversion', 'cavalry'].includes(u.type);
}

/**
 * Checks a set-up against the text's Setup and Stacking Limits sections; every error names
 * the unit or hex ("setup.axis.<id>", "setup.soviet.<id>", "hex 0827"). The standard
 * historical set-up passes; a player's own set-up can be checked before it is accepted.
 */
export function checkSetup(s: BarbarossaScenario, p: SetupPlacement): SetupError[] {
  const errors: SetupError[] = [];
  const hexName = (h: number) => s.hexNumbers[h] ?? String(h);
  // Axis: every unit placed, on a hex its placement rule allows ("Germans").
  for (const [id, allowed] of Object.entries(s.axisSetupHexes)) {
    const h = p.axis[id];
    if (h === undefined)
      errors.push(setupError('setup/missing-position', `setup.axis.${id}`, `${id} is not set up`));
    else if (!allowed.includes(h))
      errors.push(
        setupError('setup/illegal-position', `setup.axis.${id}`, `${id} may not start in ${hexName(h)}`),
      );
  }
  for (const id of Object.keys(p.axis)) {
    if (!s.axisSetupHexes[id])
      errors.push(setupError('setup/not-at-start', `setup.axis.${id}`, `${id} does not start on the map`));
  }
  // Axis stacking: 1 army and 1 motorized korps at most, 3 units plus a panzer/SS division attached
  // to a motorized korps or army; Rumanian and Hungarian units never together.
  const axisAt = new Map<number, BarbarossaUnit[]>();
  for (const [id, h] of Object.entries(p.axis)) {
    const u = s.units[id];
    if (u && !stacksFree(u)) axisAt.set(h, [...(axisAt.get(h) ?? []), u]);
  }
  for (const [h, us] of axisAt) {
    const armies = us.filter((u) => u.size === 'army').length;
    const motKorps = us.filter((u) => u.type === 'motorized' && u.size === 'korps').length;
    const attachable =
      armies + motKorps > 0 &&
      us.some((u) => u.size === 'division' && ['panzer', 'motorized'].includes(u.type));
    if (armies > 1 || motKorps > 1 || us.length > 3 + (attachable ? 1 : 0))
      errors.push(
        setupError(
          'setup/stacking',
          `hex ${hexName(h)}`,
          `too many Axis units: ${us.map((u) => u.id).join(', ')}`,
        ),
      );
    if (us.some((u) => u.nationality === 'rumanian') && us.some((u) => u.nationality === 'hungarian'))
      errors.push(
        setupError(
          'setup/stacking',
          `hex ${hexName(h)}`,
          'Rumanian and Hungarian units may not be stacked together',
        ),
      );
  }
  // Soviet: the draw, the armies on the board, the tank korps, the fixed units ("Sorting Russian Arrays").
  const sv = s.soviet;
  const drawn = new Set(p.sovietDraw ?? sv.rifleArmyPool);
  if (p.sovietDraw && (drawn.size !== sv.draw || p.sovietDraw.some((id) => !sv.rifleArmyPool.includes(id))))
    errors.push(setupError('setup/draw', 'setup.sovietDraw', `draw ${sv.draw} different armies of the pool`));
  const tanks = [...sv.tankKorps, ...sv.hiddenTankGroups[p.hiddenTankGroup]];
  for (const id of tanks)
    if (p.soviet[id] === undefined)
      errors.push(setupError('setup/missing-position', `setup.soviet.${id}`, `${id} is not set up`));
  for (const [id, h] of Object.entries(sv.fixed)) {
    if (h >= 0 && p.soviet[id] !== h)
      errors.push(setupError('setup/fixed', `setup.soviet.${id}`, `${id} starts in ${hexName(h)}`));
  }
  const armiesOnBoard = Object.keys(p.soviet).filter((id) => sv.rifleArmyPool.includes(id));
  for (const id of armiesOnBoard)
    if (!drawn.has(id))
      errors.push(setupError('setup/not-drawn', `setup.soviet.${id}`, `${id} was not drawn`));
  if (armiesOnBoard.length !== sv.onBoard)
    errors.push(
      setupError(
        'setup/on-board',
        'setup.soviet',
        `${sv.onBoard} drawn armies go on the board, not ${armiesOnBoard.length}`,
      ),
    );
  for (const [id, h] of Object.entries(p.soviet)) {
    const u = s.units[id];
    if (u?.side !== 'soviet')
      errors.push(setupError('setup/unknown-unit', `setup.soviet.${id}`, `no Soviet unit ${id}`));
    else if (s.land[h] !== 1 || s.sovietTerritory[h] !== 1)
      errors.push(
        setupError('setup/illegal-position', `setup.soviet.${id}`, `${hexName(h)} is not Soviet land`),
      );
    else if (u.tags.includes('hidden') || u.type === 'tank') continue;
    else if (!(id in sv.fixed) && u.type !== 'air')
      errors.push(setupError('setup/not-at-start', `setup.soviet.${id}`, `${id} does not start on the map`));
  }
  // Soviet stacking: 2 armies and/or korps a hex, plus the 1st Moscow Motorized Rifle Division.
  const sovAt = new Map<number, BarbarossaUnit[]>();
  for (const [id, h] of Object.entries(p.soviet)) {
    const u = s.units[id];
    if (u && !stacksFree(u) && !u.tags.includes('moscow-motor-rifle'))
      sovAt.set(h, [...(sovAt.get(h) ?? []), u]);
  }
  for (const [h, us] of sovAt)
    if (us.length > 2)
      errors.push(
        setupError(
          'setup/stacking',
          `hex ${hexName(h)}`,
          `more than 2 Soviet armies or korps: ${us.map((u) => u.id).join(', ')}`,
        ),
      );
  // Border cover: the armies and tank korps on or next to the border (10 and 10) cover every
  // border hex with Rumania or Germany by themselves or their zones of control; the others
  // stand one on each city or fortress back from the border.
  const border = new Set(s.sovietBorderHexes);
  const nearBorder = (h: number) => border.has(h) || neighboursOf(s, h).some((n) => border.has(n));
  const coverers = [...armiesOnBoard, ...tanks].filter(
    (id) => p.soviet[id] !== undefined && nearBorder(p.soviet[id]!),
  );
  const coverArmies = coverers.filter((id) => sv.rifleArmyPool.includes(id)).length;
  const coverTanks = coverers.length - coverArmies;
  if (coverArmies > sv.borderArmies || coverTanks > sv.borderTankKorps)
    errors.push(
      setupError(
        'setup/border',
        'setup.soviet',
        `${sv.borderArmies} armies and ${sv.borderTankKorps} tank korps cover the border, not ${coverArmies} and ${coverTanks}`,
      ),
    );
  const covered = new Set<number>();
  for (const id of coverers)
    for (const h of [p.soviet[id]!, ...neighboursOf(s, p.soviet[id]!)]) covered.add(h);
  for (const b of s.sovietBorderHexes)
    if (!covered.has(b))
      errors.push(
        setupError(
          'setup/border-uncovered',
          `hex ${hexName(b)}`,
          'a border hex with Germany or Rumania is not covered',
        ),
      );
  const cities = new Set(sv.extraArmyHexes);
  const usedCity = new Map<number, string>();
  for (const id of [...armiesOnBoard, ...tanks]) {
    const h = p.soviet[id];
    if (h === undefined || coverers.includes(id)) continue;
    if (!cities.has(h))
      errors.push(
        setupError(
          'setup/extra',
          `setup.soviet.${id}`,
          `${id} must stand on a city or fortress back from the border`,
        ),
      );
    else if (usedCity.has(h))
      errors.push(
        setupError(
          'setup/extra',
          `setup.soviet.${id}`,
          `${hexName(h)} already holds the extra unit ${usedCity.get(h)}`,
        ),
      );
    else usedCity.set(h, id);
  }
  return errors;
}

function neighboursOf(s: BarbarossaScenario, h: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < 6; d++) {
    const j = s.map.graph.targets[h * 6 + d]!;
    if (j >= 0) out.push(j);
  }
  return out;
}

/* ------------------------------------------------------------------------------------ */
/* The standard scenario                                                                 */

/** The standard scenario shipped with the game: Barbarossa, 22 June 1941 - 31 January 1942 (a fresh copy). */
export function standardScenarioFile(): ScenarioFile {
  const { sources: setupSources, ...setup } = setupFile;
  return structuredClone({
    game: 'barbarossa-1941',
    name: 'Barbarossa 1941: 22 June 1941 - 31 January 1942',
    map: mapFile as unknown as ScenarioFile['map'],
    places: STANDARD_PLACE_RULES,
    units: unitsFile.units as unknown as ScenarioFile['units'],
    setup: setup as unknown as ScenarioFile['setup'],
    turns: turnsFile.turns as unknown as ScenarioFile['turns'],
    reinforcements: turnsFile.reinforcements as unknown as ScenarioFile['reinforcements'],
    siberianReserve: turnsFile.siberianReserve as ScenarioFile['siberianReserve'],
    panzerReplacements: turnsFile.panzerReplacements,
    hiddenArmyAssumedFactors: turnsFile.hiddenArmyAssumedFactors,
    crt: crtFile as unknown as ScenarioFile['crt'],
    airTable: airTableFile as unknown as ScenarioFile['airTable'],
    sources: [mapFile.sources, unitsFile.sources, setupSources, turnsFile.sources].join('\n'),
  } satisfies ScenarioFile);
}

/**
 * Rules attached to the standard map's places (rules "Victory Conditions", "By Sea",
 * "Reinforcements and Replacements"; B-12). Victory points: Moscow 3, Leningrad 2, the
 * other victory cities 1. Replacement factors: 1 from each Soviet major or victory city,
 * 2 from Moscow (MAP-SOURCES.md: which cities are major). Ports on each sea; Koenigsberg
 * controls the Baltic, Sevastopol the Black Sea, both Kerch Strait sides the Sea of Azov.
 */
export const STANDARD_PLACE_RULES: Record<string, z.input<typeof placeRuleSchema>> = {
  Moscow: { victoryPoints: 3, replacementFactors: 2, tankFactory: true },
  Leningrad: { victoryPoints: 2, replacementFactors: 1, tankFactory: true, port: 'baltic' },
  Warsaw: { victoryPoints: 1 },
  Bucharest: { victoryPoints: 1 },
  Smolensk: { victoryPoints: 1, replacementFactors: 1 },
  Kiev: { victoryPoints: 1, replacementFactors: 1 },
  Voronezh: { victoryPoints: 1, replacementFactors: 1 },
  Odessa: { victoryPoints: 1, replacementFactors: 1, port: 'black' },
  Rostov: { victoryPoints: 1, replacementFactors: 1, port: 'azov' },
  Stalingrad: { victoryPoints: 1, replacementFactors: 1, tankFactory: true },
  Sevastopol: { victoryPoints: 1, replacementFactors: 1, port: 'black', controls: 'black' },
  Koenigsberg: { port: 'baltic', controls: 'baltic' },
  Kerch: { port: 'azov', controls: 'azov' },
  Taman: { port: 'azov', controls: 'azov' },
  Kharkov: { replacementFactors: 1, tankFactory: true },
  Gorky: { replacementFactors: 1, tankFactory: true },
  Riga: { replacementFactors: 1, port: 'baltic' },
  Tallinn: { replacementFactors: 1, port: 'baltic' },
  Minsk: { replacementFactors: 1 },
  Lvov: { replacementFactors: 1 },
  Dnepropetrovsk: { replacementFactors: 1 },
  Zaporozhye: { replacementFactors: 1 },
  Stalino: { replacementFactors: 1 },
  Tula: { replacementFactors: 1 },
  Yaroslavl: { replacementFactors: 1 },
  Kronstadt: { port: 'baltic' },
  Memel: { port: 'baltic' },
  Libau: { port: 'baltic' },
  Windau: { port: 'baltic' },
  Pernau: { port: 'baltic' },
  Nikolayev: { port: 'black' },
  Kherson: { port: 'black' },
  Yevpatoriya: { port: 'black' },
  Yalta: { port: 'black' },
  Feodosiya: { port: 'black' },
  Novorossiysk: { port: 'black' },
  Tuapse: { port: 'black' },
  Constanta: { port: 'black' },
  Izmail: { port: 'black' },
  Berdyansk: { port: 'azov' },
  Mariupol: { port: 'azov' },
  Taganrog: { port: 'azov' },
};

/* ------------------------------------------------------------------------------------ */
/* The seeded draw ("Sorting Russian Arrays")                                            */

/**
 * Draws `count` of `pool` at random (a seeded Fisher-Yates on the game's dice): the drawn
 * armies in the order drawn, the ones removed from the game in pool order, and the dice's
 * next state. "42 of the 62 Russian straight rifle/infantry armies are faced down and
 * randomly selected and the unselected/unknown armies removed from the game."
 */
export function drawArmies(
  pool: readonly string[],
  count: number,
  rng: RngState,
): { drawn: string[]; removed: string[]; rng: RngState } {
  let state = rng;
  const made = drawArmiesWith(pool, count, (sides) => {
    const r = rollDie(state, sides);
    state = r.next;
    return r.value;
  });
  return { ...made, rng: state };
}

/**
 * The same draw on any dice: `roll(n)` is a roll of 1..n (a game's own dice at set-up,
 * rolled for the server alone: standard-setup.ts).
 */
export function drawArmiesWith(
  pool: readonly string[],
  count: number,
  roll: (sides: number) => number,
): { drawn: string[]; removed: string[] } {
  const deck = [...pool];
  const drawn: string[] = [];
  for (let i = 0; i < Math.min(count, deck.length); i++) {
    const j = i + roll(deck.length - i) - 1;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    drawn.push(deck[i]!);
  }
  const taken = new Set(drawn);
  return { drawn, removed: pool.filter((id) => !taken.has(id)) };
}

/* ------------------------------------------------------------------------------------ */
/* The map's projection (map.geo), for generators, self-checks and the UI               */

/** How gen-barbarossa-map.ts put geography on the grid (map.geo). */
export const mapGeoSchema = z.object({
  projection: z.literal('lambert-conformal-conic'),
  lat1: z.number(),
  lat2: z.number(),
  lat0: z.number(),
  lon0: z.number(),
  earthRadiusKm: z.number().positive(),
  hexKm: z.number().positive(),
  hexSizeKm: z.number().positive(),
  originX: z.number(),
  originY: z.number(),
});
export type MapGeo = z.output<typeof mapGeoSchema>;

export interface GridProjection {
  /** Grid km (x east, y south, hex 0101's centre at 0,0) of a longitude/latitude. */
  project(lonLat: readonly [number, number]): { x: number; y: number };
  /** Longitude/latitude of a point in grid km. */
  unproject(p: { x: number; y: number }): [number, number];
  /** Printed hex number of the hex holding a longitude/latitude (may be off the grid). */
  hexAt(lonLat: readonly [number, number]): { col: number; row: number };
  /** Longitude/latitude of a hex centre. */
  centreOf(hex: { col: number; row: number }): [number, number];
  /** Distance in km from a hex centre to a longitude/latitude, measured on the grid. */
  kmFromCentre(hex: { col: number; row: number }, lonLat: readonly [number, number]): number;
}

/** The Lambert conformal conic projection of map.geo and the flat-topped hex layout. */
export function gridProjection(geo: MapGeo): GridProjection {
  const rad = (d: number) => (d * Math.PI) / 180;
  const deg = (r: number) => (r * 180) / Math.PI;
  const t = (lat: number) => Math.tan(Math.PI / 4 + rad(lat) / 2);
  const n = Math.log(Math.cos(rad(geo.lat1)) / Math.cos(rad(geo.lat2))) / Math.log(t(geo.lat2) / t(geo.lat1));
  const f = (Math.cos(rad(geo.lat1)) * t(geo.lat1) ** n) / n;
  const rho = (lat: number) => (geo.earthRadiusKm * f) / t(lat) ** n;
  const rho0 = rho(geo.lat0);
  const size = geo.hexSizeKm;
  const project = ([lon, lat]: readonly [number, number]) => {
    const r = rho(lat);
    const a = n * rad(lon - geo.lon0);
    return { x: r * Math.sin(a) - geo.originX, y: geo.originY - (rho0 - r * Math.cos(a)) };
  };
  const unproject = (p: { x: number; y: number }): [number, number] => {
    const x = p.x + geo.originX;
    const y = geo.originY - p.y;
    const r = Math.sign(n) * Math.hypot(x, rho0 - y);
    const a = Math.atan2(x, rho0 - y);
    return [
      geo.lon0 + deg(a / n),
      deg(2 * Math.atan(((geo.earthRadiusKm * f) / r) ** (1 / n)) - Math.PI / 2),
    ];
  };
  const centre = (h: { col: number; row: number }) => {
    const a = offsetToAxial(h);
    return axialToPixel(a, size);
  };
  return {
    project,
    unproject,
    hexAt: (ll) => {
      const p = project(ll);
      return axialToOffset(pixelToAxial(p.x, p.y, size));
    },
    centreOf: (h) => unproject(centre(h)),
    kmFromCentre: (h, ll) => {
      const c = centre(h);
      const p = project(ll);
      return Math.hypot(c.x - p.x, c.y - p.y);
    },
  };
}
