/**
 * A scenario file validated once into the indexed `BarbarossaScenario` the rules read; every
 * error names its field. `compileScenario` reads as the file's sections in order: the map's
 * terrain, the counters, the places, the zones and edges, the set-up rules, the standard
 * set-up, the turn track with its reinforcements, the tables. Each part adds its errors to
 * the shared list, in that order, and hands on what the later parts look up.
 */
import {
  compileOddsTable,
  compileParsedHexMap,
  err,
  type HexMap,
  hexesWithin,
  hexIndex,
  hexNumberOf,
  ok,
  parseWithSchema,
  type Result,
} from '@stavka/engine';
import type { z } from 'zod';
import type { AirTable, BarbarossaScenario, PlaceInfo, Reinforcement } from './compiled.ts';
import { type airTableSchema, type BarbarossaUnit, scenarioSchema } from './schema.ts';
import { type BarbarossaSetupError, setupError } from './setup-errors.ts';
import {
  ARMY_GROUPS,
  type ArmyGroup,
  type ConnectionKind,
  type HexsideFeature,
  isTerrain,
  PLACE_KINDS,
  type PlaceKind,
  REQUIRED_EDGES,
  REQUIRED_ZONES,
  SEAS,
  type Sea,
  type Side,
  type Terrain,
  unknownMapWords,
} from './vocabulary.ts';

/** A scenario file as `scenarioSchema` parses it (its defaults filled in). */
export type ScenarioInput = z.output<typeof scenarioSchema>;
type SetupInput = ScenarioInput['setup'];

/** What every part of a compile shares: the map, its size and the errors found so far. */
interface Compiling {
  readonly map: HexMap;
  /** Hexes on the grid (map.graph.nodeCount). */
  readonly n: number;
  readonly errors: BarbarossaSetupError[];
}

/** Validates a scenario file into the indexed scenario; every error names its field. */
export function compileScenario(input: unknown): Result<BarbarossaScenario, BarbarossaSetupError[]> {
  const parsed = parseWithSchema(scenarioSchema, input);
  return parsed.ok ? compileParsedScenario(parsed.value) : parsed;
}

/**
 * `compileScenario` of a file `scenarioSchema` has parsed (the standard file is parsed
 * once, when it is put together: `standardScenarioParsed`); its map, parsed with it, is
 * not parsed again (`compileParsedHexMap`). Every check beyond the schema is made here.
 */
export function compileParsedScenario(s: ScenarioInput): Result<BarbarossaScenario, BarbarossaSetupError[]> {
  const compiled = compileParsedHexMap(s.map, 'map');
  if (!compiled.ok) return compiled;
  const map = compiled.value;
  const c: Compiling = { map, n: map.graph.nodeCount, errors: [] };

  c.errors.push(...unknownMapWords(s.map, 'map'));
  const { terrainOf, land } = terrainAndLand(c);
  const units = compileUnits(c, s.units);
  const needUnit = unitLookup(c, units);
  const places = compilePlaces(c, s.places, land);
  const regions = compileRegions(c, land);
  const setup = compileSetupRules(c, s.setup, { land, needUnit, places, regions });
  const standard = compileStandardSetup(c, s.setup, { land, needUnit, regions, setup });
  const calendar = compileCalendar(c, s, { land, needUnit, places, regions });
  const crt = compileOddsTable(s.crt, 'crt');
  if (!crt.ok) c.errors.push(...crt.error);
  const airTable = compileAirTable(s.airTable, 'airTable', c.errors);
  const ploesti = requiredPlaceHex(c, places.list, 'Ploesti');
  const grozny = requiredPlaceHex(c, places.list, 'Grozny');
  if (c.errors.length > 0 || !crt.ok) return err(c.errors);

  const edge = (id: string) => regions.edges[id] ?? [];
  const sv = s.setup.soviet;
  return ok({
    name: s.name,
    map,
    units,
    unitIds: s.units.map((u) => u.id),
    hexNumbers: Array.from({ length: c.n }, (_, h) => hexNumberOf(map, h)),
    terrainOf,
    land,
    places: places.list,
    placeAtHex: places.atHex,
    victoryCities: places.list.filter((p) => p.victoryPoints > 0),
    seaControl: places.seaControl,
    ports: places.ports,
    ploesti,
    grozny,
    sovietTerritory: regions.sovietTerritory,
    axisCountry: regions.membership('axis-countries'),
    rumania: regions.rumania,
    hungary: regions.membership('hungary'),
    germany: regions.germany,
    armyGroupOf: regions.armyGroupOf,
    theSouth: regions.membership('the-south'),
    sovietBorderHexes: regions.sovietBorderHexes,
    riverBit: bitOf(map.featureNames, 'river'),
    borderBit: bitOf(map.featureNames, 'border-1941'),
    railBit: bitOf(map.connectionNames, 'rail'),
    germanRailBit: bitOf(map.connectionNames, 'rail-german'),
    roadBit: bitOf(map.connectionNames, 'road'),
    brownRoadBit: bitOf(map.connectionNames, 'brown-road'),
    edges: regions.edges,
    sovietSupplyEdge: [
      ...new Set([...edge('soviet-northeast'), ...edge('soviet-east'), ...edge('soviet-southeast')]),
    ],
    positions: setup.positions,
    axisSetupHexes: setup.axisSetupHexes,
    soviet: {
      rifleArmyPool: sv.rifleArmyPool,
      draw: sv.draw,
      onBoard: sv.onBoard,
      borderArmies: sv.borderArmies,
      borderTankKorps: sv.borderTankKorps,
      reinforcementsPerTurn: sv.reinforcementsPerTurn,
      tankKorps: sv.tankKorps,
      hiddenTankGroups: sv.hiddenTankGroups,
      fixed: setup.fixed,
      extraArmyHexes: setup.extraArmyHexes,
    },
    railheads: setup.railheads,
    standard,
    turns: calendar.turns,
    reinforcements: calendar.reinforcements,
    siberianReserve: s.siberianReserve,
    panzerReplacements: s.panzerReplacements,
    hiddenArmyAssumedFactors: s.hiddenArmyAssumedFactors,
    crt: crt.value,
    airTable,
    sources: s.sources ?? '',
  });
}

/** The acceptance check (`stavka validate`): the errors of a scenario file, each naming its field; [] when valid. */
export function checkScenario(input: unknown): BarbarossaSetupError[] {
  const r = compileScenario(input);
  return r.ok ? [] : r.error;
}

/* The map's terrain ("Fortresses, Entrenchment, Defense Lines, and Terrain Effects") */

/** Each hex's terrain (an unknown name is refused by unknownMapWords), and whether it is land (not sea or lake). */
function terrainAndLand(c: Compiling): { terrainOf: Terrain[]; land: Uint8Array } {
  const { map, n } = c;
  const terrainOf: Terrain[] = [];
  const land = new Uint8Array(n);
  for (let h = 0; h < n; h++) {
    const name = map.terrainNames[map.terrain[h]!]!;
    const t = isTerrain(name) ? name : 'clear'; // an unknown name is refused (unknownMapWords)
    terrainOf.push(t);
    land[h] = map.onMap[h] === 1 && t !== 'sea' && t !== 'lake' ? 1 : 0;
  }
  return { terrainOf, land };
}

/* The counters */

/** Units by id: each once, with its three factors, of a nationality of its side. */
function compileUnits(c: Compiling, list: readonly BarbarossaUnit[]): Record<string, BarbarossaUnit> {
  const { errors } = c;
  const units: Record<string, BarbarossaUnit> = {};
  list.forEach((u, i) => {
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
  return units;
}

/** A unit a field names: an error at `path` when there is none, or it is not of `side`. */
type NeedUnit = (id: string, path: string, side?: Side) => BarbarossaUnit | undefined;

function unitLookup(c: Compiling, units: Readonly<Record<string, BarbarossaUnit>>): NeedUnit {
  return (id, path, side) => {
    const u = units[id];
    if (!u) c.errors.push(setupError('setup/unknown-unit', path, `no unit ${id}`));
    else if (side && u.side !== side) c.errors.push(setupError('setup/side', path, `${id} is not ${side}`));
    return u;
  };
}

/* The places ("Victory Cities", "By Sea", "Reinforcements and Replacements") */

interface Places {
  readonly list: PlaceInfo[];
  readonly atHex: (PlaceInfo | null)[];
  readonly byName: ReadonlyMap<string, number>;
  /** The hex of a place a field names: an error at `path`, and -1, when there is none. */
  readonly hexOf: (name: string, path: string) => number;
  readonly seaControl: Record<Sea, number[]>;
  readonly ports: Record<Sea, number[]>;
}

/** The map's places with the rules the file attaches to them by name; the ports and who controls each sea. */
function compilePlaces(c: Compiling, rules: ScenarioInput['places'], land: Uint8Array): Places {
  const { map, n, errors } = c;
  const byName = new Map(map.places.map((p, i) => [p.name, i] as const));
  const list: PlaceInfo[] = map.places.map((p, i) => {
    const rule = rules[p.name] ?? {};
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
  for (const name of Object.keys(rules)) {
    if (!byName.has(name))
      errors.push(setupError('setup/unknown-place', `places.${name}`, `no place named ${name} on the map`));
  }
  const atHex: (PlaceInfo | null)[] = Array.from({ length: n }, (_, h) => {
    const p = map.placeAt[h]!;
    return p >= 0 ? list[p]! : null;
  });
  const hexOf = (name: string, path: string): number => {
    const i = byName.get(name);
    if (i === undefined) {
      errors.push(setupError('setup/unknown-place', path, `no place named ${name}`));
      return -1;
    }
    return list[i]!.hex;
  };
  const seaControl: Record<Sea, number[]> = { baltic: [], black: [], azov: [] };
  const ports: Record<Sea, number[]> = { baltic: [], black: [], azov: [] };
  for (const p of list) {
    if (p.controls) seaControl[p.controls].push(p.hex);
    if (p.port) ports[p.port].push(p.hex);
  }
  for (const sea of SEAS) {
    if (seaControl[sea].length === 0)
      errors.push(setupError('setup/sea-control', 'places', `no place controls the ${sea} sea`));
  }
  return { list, atHex, byName, hexOf, seaControl, ports };
}

/** Ploesti's or Grozny's hex ("Supply": mobile OMF 4 for the side that loses one); an error when absent. */
function requiredPlaceHex(c: Compiling, places: readonly PlaceInfo[], name: string): number {
  const hex = places.find((p) => p.name === name)?.hex ?? -1;
  if (hex < 0) c.errors.push(setupError('setup/missing-place', 'map.places', `no place named ${name}`));
  return hex;
}

/* Zones and edges ("Supply", set-up boundaries, B-17) */

interface Regions {
  readonly zone: (id: string) => HexMap['zones'][number] | undefined;
  /** A zone's membership, all zeros when the map lacks it (already an error). */
  readonly membership: (id: string) => Uint8Array;
  readonly edges: Record<string, number[]>;
  readonly sovietTerritory: Uint8Array;
  readonly germany: Uint8Array;
  readonly rumania: Uint8Array;
  readonly armyGroupOf: Int8Array;
  readonly sovietBorderHexes: number[];
}

/** The zones and edges the rules need, the army group areas and the Soviet border hexes. */
function compileRegions(c: Compiling, land: Uint8Array): Regions {
  const { map, n, errors } = c;
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
  return {
    zone,
    membership,
    edges,
    sovietTerritory,
    germany,
    rumania,
    armyGroupOf,
    sovietBorderHexes: sovietBorderHexes(c, land, sovietTerritory, germany, rumania),
  };
}

/** Soviet land hexes next to German or Rumanian land ("Sorting Russian Arrays": the border to cover). */
function sovietBorderHexes(
  c: Compiling,
  land: Uint8Array,
  sovietTerritory: Uint8Array,
  germany: Uint8Array,
  rumania: Uint8Array,
): number[] {
  const out: number[] = [];
  for (let h = 0; h < c.n; h++) {
    if (sovietTerritory[h] !== 1 || land[h] !== 1) continue;
    for (let d = 0; d < 6; d++) {
      const j = c.map.graph.targets[h * 6 + d]!;
      if (j >= 0 && land[j] === 1 && (germany[j] === 1 || rumania[j] === 1)) {
        out.push(h);
        break;
      }
    }
  }
  return out;
}

/* The set-up rules ("Setup": Germans; "Sorting Russian Arrays") */

interface SetupRules {
  readonly positions: Record<string, { name: string; hex: number; armyGroup: ArmyGroup; kind: string }>;
  readonly axisSetupHexes: Record<string, number[]>;
  readonly fixed: Record<string, number>;
  readonly extraArmyHexes: number[];
  readonly railheads: number[];
}

interface Lookups {
  readonly land: Uint8Array;
  readonly needUnit: NeedUnit;
  readonly places: Places;
  readonly regions: Regions;
}

function compileSetupRules(c: Compiling, setup: SetupInput, at: Lookups): SetupRules {
  const positions = compilePositions(c, setup.positions);
  const axisSetupHexes = compileAxisPlacements(c, setup.axis, positions, at);
  const fixed = compileSovietPools(c, setup.soviet, at);
  const railheads = setup.railheads.map((hx, i) => {
    const h = hexIndex(c.map, hx);
    if (h < 0 || at.land[h] !== 1)
      c.errors.push(setupError('setup/unknown-hex', `setup.railheads[${i}]`, `hex ${hx} is not a land hex`));
    return h;
  });
  return {
    positions,
    axisSetupHexes,
    fixed,
    extraArmyHexes: extraArmyHexes(c, setup.soviet.extraArmyPlaceKinds, at),
    railheads,
  };
}

/** The printed Axis set-up positions ("Armies' locations are on the maps"), by id. */
function compilePositions(c: Compiling, list: SetupInput['positions']): SetupRules['positions'] {
  const positions: SetupRules['positions'] = {};
  list.forEach((p, i) => {
    const h = hexIndex(c.map, p.hex);
    if (h < 0 || c.map.onMap[h] !== 1)
      c.errors.push(
        setupError('setup/unknown-hex', `setup.positions[${i}].hex`, `hex ${p.hex} is not on the map`),
      );
    if (positions[p.id])
      c.errors.push(setupError('setup/duplicate', `setup.positions[${i}].id`, `position ${p.id} twice`));
    positions[p.id] = { name: p.name, hex: h, armyGroup: p.armyGroup, kind: p.kind };
  });
  return positions;
}

/** Every hex where each Axis unit may start: non-Soviet land in its zone, or near its printed positions. */
function compileAxisPlacements(
  c: Compiling,
  axis: SetupInput['axis'],
  positions: SetupRules['positions'],
  at: Lookups,
): Record<string, number[]> {
  const { map, errors } = c;
  const axisGround = (h: number) => at.land[h] === 1 && at.regions.sovietTerritory[h] !== 1;
  const axisSetupHexes: Record<string, number[]> = {};
  // The hexes near a set of positions, once per set and distance: ~150 units share a few
  // dozen of them, and each is the discs around its positions, not the grid measured (a
  // browser compiles this as a game opens: issue #49).
  const nearHexes = new Map<string, number[]>();
  const near = (centres: readonly number[], within: number): number[] => {
    const key = `${centres.join(',')}/${within}`;
    let hexes = nearHexes.get(key);
    if (!hexes) {
      const seen = new Set<number>();
      for (const ce of centres) for (const h of hexesWithin(map, ce, within)) if (axisGround(h)) seen.add(h);
      hexes = [...seen].sort((x, y) => x - y);
      nearHexes.set(key, hexes);
    }
    return hexes;
  };
  for (const [id, place] of Object.entries(axis)) {
    const path = `setup.axis.${id}`;
    at.needUnit(id, path, 'axis');
    const allowed: number[] = [];
    if ('zone' in place) {
      const z = at.regions.zone(place.zone);
      if (!z) errors.push(setupError('setup/missing-zone', `${path}.zone`, `no zone ${place.zone}`));
      else for (const h of z.hexes) if (axisGround(h)) allowed.push(h);
    } else {
      const centres = place.near.map((pid, i) => {
        const p = positions[pid];
        if (!p) errors.push(setupError('setup/unknown-position', `${path}.near[${i}]`, `no position ${pid}`));
        return p?.hex ?? -1;
      });
      allowed.push(
        ...near(
          centres.filter((ce) => ce >= 0),
          place.within,
        ),
      );
    }
    if (allowed.length === 0) errors.push(setupError('setup/no-room', path, `${id} has no legal set-up hex`));
    axisSetupHexes[id] = allowed.sort((x, y) => x - y);
  }
  return axisSetupHexes;
}

/** The Soviet pools and counts checked; the fixed starts as hexes (-1: off the map, in Siberia). */
function compileSovietPools(c: Compiling, sv: SetupInput['soviet'], at: Lookups): Record<string, number> {
  const { errors } = c;
  sv.rifleArmyPool.forEach((id, i) => {
    const u = at.needUnit(id, `setup.soviet.rifleArmyPool[${i}]`, 'soviet');
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
    at.needUnit(id, `setup.soviet.tankKorps[${i}]`, 'soviet');
  });
  sv.hiddenTankGroups.a.forEach((id, i) => {
    at.needUnit(id, `setup.soviet.hiddenTankGroups.a[${i}]`, 'soviet');
  });
  sv.hiddenTankGroups.b.forEach((id, i) => {
    at.needUnit(id, `setup.soviet.hiddenTankGroups.b[${i}]`, 'soviet');
  });
  const fixed: Record<string, number> = {};
  for (const [id, where] of Object.entries(sv.fixed)) {
    at.needUnit(id, `setup.soviet.fixed.${id}`, 'soviet');
    fixed[id] = where === 'siberia' ? -1 : at.places.hexOf(where, `setup.soviet.fixed.${id}`);
  }
  return fixed;
}

/** The Soviet cities and fortresses "back from the border" (not on a border hex nor next to one) that get an extra army. */
function extraArmyHexes(c: Compiling, kinds: readonly PlaceKind[], at: Lookups): number[] {
  const borderSet = new Set(at.regions.sovietBorderHexes);
  const touchesBorder = (h: number) =>
    borderSet.has(h) || [0, 1, 2, 3, 4, 5].some((d) => borderSet.has(c.map.graph.targets[h * 6 + d]!));
  return at.places.list
    .filter((p) => kinds.includes(p.kind) && at.regions.sovietTerritory[p.hex] === 1 && !touchesBorder(p.hex))
    .map((p) => p.hex);
}

/* The standard historical set-up: every position legal */

function compileStandardSetup(
  c: Compiling,
  setup: SetupInput,
  at: Omit<Lookups, 'places'> & { readonly setup: SetupRules },
): BarbarossaScenario['standard'] {
  const { map, errors } = c;
  const st = setup.standard;
  const sv = setup.soviet;
  const axis: Record<string, number> = {};
  for (const [id, hx] of Object.entries(st.axis)) {
    const path = `setup.standard.axis.${id}`;
    const h = hexIndex(map, hx);
    const allowed = at.setup.axisSetupHexes[id];
    if (!allowed) errors.push(setupError('setup/no-placement', path, `${id} has no entry in setup.axis`));
    else if (!allowed.includes(h))
      errors.push(
        setupError('setup/illegal-position', path, `${id} may not start in ${hx} (see setup.axis.${id})`),
      );
    axis[id] = h;
  }
  for (const id of Object.keys(setup.axis)) {
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
  const soviet: Record<string, number> = {};
  for (const [id, hx] of Object.entries(st.soviet)) {
    const path = `setup.standard.soviet.${id}`;
    const u = at.needUnit(id, path, 'soviet');
    const h = hexIndex(map, hx);
    if (h < 0 || at.land[h] !== 1 || at.regions.sovietTerritory[h] !== 1)
      errors.push(setupError('setup/illegal-position', path, `${hx} is not a Soviet land hex`));
    if (u?.tags.includes('hidden') && oldDraw && !oldDraw.includes(id))
      errors.push(setupError('setup/not-drawn', path, `${id} is not among the drawn armies`));
    soviet[id] = h;
  }
  return {
    axis,
    ...(oldDraw ? { sovietDraw: oldDraw } : {}),
    hiddenTankGroup: st.hiddenTankGroup,
    soviet,
  };
}

/* The turn record track and the reinforcement schedule ("Reinforcements and Replacements") */

function compileCalendar(
  c: Compiling,
  s: ScenarioInput,
  at: Lookups,
): Pick<BarbarossaScenario, 'turns' | 'reinforcements'> {
  const { errors } = c;
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
      at.needUnit(id, `${path}.units[${ui}]`, r.side);
    });
    return {
      turn: r.turn,
      side: r.side,
      units: r.units,
      at: r.at,
      hexes: entryHexes(c, r.at, path, at),
      note: r.note ?? '',
    };
  });
  reinforcements.sort((a, b) => a.turn - b.turn);
  s.siberianReserve.units.forEach((id, i) => {
    at.needUnit(id, `siberianReserve.units[${i}]`, 'soviet');
  });
  return {
    turns: turns.map((t) => ({
      turn: t.turn,
      label: t.label,
      dates: t.dates,
      monthStart: t.monthStart,
      weather: t.weather,
      weatherRoll: t.weatherRoll,
    })),
    reinforcements,
  };
}

/** Where a reinforcement enters: an edge's hexes, a zone's land, a place's hex; none for "any-railhead". */
function entryHexes(c: Compiling, where: string, path: string, at: Lookups): number[] {
  const edge = at.regions.edges[where];
  if (edge) return edge;
  const zone = at.regions.zone(where);
  if (zone) return zone.hexes.filter((h) => at.land[h] === 1);
  if (at.places.byName.has(where)) return [at.places.hexOf(where, `${path}.at`)];
  if (where !== 'any-railhead')
    c.errors.push(setupError('setup/unknown-entry', `${path}.at`, `"${where}" is no edge or place`));
  return [];
}

/* The tables */

function bitOf(names: readonly string[], name: HexsideFeature | ConnectionKind): number {
  const i = names.indexOf(name);
  return i < 0 ? 0 : 1 << i;
}

/** The ground-and-air combat table: a result for every roll and column, every result defined. */
function compileAirTable(
  t: z.output<typeof airTableSchema>,
  root: string,
  errors: BarbarossaSetupError[],
): AirTable {
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
    row.forEach((r, col) => {
      if (!t.results[r])
        errors.push(
          setupError('setup/unknown-result', `${root}.rows.${roll}[${col}]`, `result ${r} is not in results`),
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
