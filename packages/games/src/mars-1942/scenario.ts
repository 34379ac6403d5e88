/**
 * The Operation Mars scenario as data: map, both orders of battle, the panzer
 * reinforcement and withdrawal orders (M-14), the turn record track and the standard
 * historical set-up. A scenario file is plain JSON with this shape; `compileScenario`
 * validates it once (every error naming its field) into the indexed form the rules read.
 */
import {
  compileHexMap,
  err,
  type HexMap,
  hexIndex,
  hexMapSchema,
  hexNumberOf,
  ok,
  type Result,
  type SetupError,
  type UnitData,
  unitSchema,
  type Zone,
} from '@stavka/engine';
import { z } from 'zod';
import historicalFile from './data/historical-setup.json' with { type: 'json' };
import mapFile from './data/map.json' with { type: 'json' };
import turnsFile from './data/turns.json' with { type: 'json' };
import unitsFile from './data/units.json' with { type: 'json' };
import { setupError } from './setup-errors.ts';

export const SIDES = ['soviet', 'german'] as const;
export type Side = (typeof SIDES)[number];

export const scenarioSchema = z.object({
  game: z.literal('mars-1942'),
  name: z.string().min(1),
  map: hexMapSchema,
  units: z.array(unitSchema).min(1),
  /** Reinforcement panzer divisions, in arrival order (M-14: highest number first). */
  reinforcementOrder: z.array(z.string()),
  /** The same divisions in withdrawal order (M-14: lowest number first). */
  withdrawalOrder: z.array(z.string()),
  turns: z
    .array(
      z.object({
        turn: z.number().int().min(1),
        dates: z.string(),
        withdrawalPoints: z.number().int().min(0),
      }),
    )
    .min(1),
  /** The standard historical set-up: unit id -> hex number, per side. */
  historicalSetup: z.object({
    german: z.record(z.string(), z.string()),
    soviet: z.record(z.string(), z.string()),
  }),
  sources: z.string().optional(),
});
export type ScenarioFile = z.input<typeof scenarioSchema>;

export interface Scenario {
  readonly name: string;
  readonly map: HexMap;
  readonly units: Readonly<Record<string, UnitData>>;
  /** Unit ids in scenario order: the canonical order of actions. */
  readonly unitIds: readonly string[];
  /** Each unit's data in scenario order (`unitIds[i]`'s is `unitList[i]`). */
  readonly unitList: readonly UnitData[];
  /** Each unit's place in scenario order. */
  readonly unitIndex: ReadonlyMap<string, number>;
  /** Each side's units' places in scenario order. */
  readonly sideIndexes: Readonly<Record<Side, readonly number[]>>;
  readonly reinforcementOrder: readonly string[];
  readonly withdrawalOrder: readonly string[];
  readonly turns: number;
  readonly withdrawalPoints: readonly number[];
  readonly turnDates: readonly string[];
  readonly historical: Readonly<Record<Side, Readonly<Record<string, number>>>>;
  /** 1 where the hex was German-held on 25 Nov 1942 (else originally Russian). */
  readonly germanTerritory: Uint8Array;
  readonly defenseZones: readonly Zone[];
  /** Defense zone index per hex, or -1. */
  readonly zoneOf: Int8Array;
  readonly kalinin: Zone;
  readonly western: Zone;
  /** Bit of the "river" and "frontline" hexside features. */
  readonly riverBit: number;
  readonly frontlineBit: number;
  readonly roadBit: number;
  readonly railBit: number;
  /** Friendly supply edges per side: hex indexes. */
  readonly edges: Readonly<Record<Side, readonly number[]>>;
  readonly southEdge: readonly number[];
  readonly rzhev: number;
  readonly gzhatsk: number;
  /** Printed hex number of every hex index, made once. */
  readonly hexNumbers: readonly string[];
}

function bitOf(names: readonly string[], name: string): number {
  const i = names.indexOf(name);
  return i < 0 ? 0 : 1 << i;
}

/** Validates a scenario file into the indexed scenario; errors name the field. */
export function compileScenario(input: unknown): Result<Scenario, SetupError[]> {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    return err(
      parsed.error.issues.map((i) => ({
        code: 'setup/schema' as const,
        path: i.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
          .join('')
          .replace(/^\./, ''),
        message: i.message,
      })),
    );
  }
  const s = parsed.data;
  const compiled = compileHexMap(s.map, 'map');
  if (!compiled.ok) return compiled;
  const map = compiled.value;
  const errors: SetupError[] = [];
  const units: Record<string, UnitData> = {};
  s.units.forEach((u, i) => {
    if (units[u.id]) errors.push(setupError('setup/duplicate', `units[${i}].id`, `unit ${u.id} twice`));
    if (u.side !== 'german' && u.side !== 'soviet') {
      errors.push(
        setupError('setup/side', `units[${i}].side`, `side must be "german" or "soviet", not "${u.side}"`),
      );
    }
    if (u.factors.attack === undefined || u.factors.defense === undefined) {
      errors.push(
        setupError('setup/factors', `units[${i}].factors`, 'every unit needs attack and defense factors'),
      );
    }
    units[u.id] = u;
  });
  const checkOrder = (list: readonly string[], field: string) =>
    list.forEach((id, i) => {
      const u = units[id];
      if (!u) errors.push(setupError('setup/unknown-unit', `${field}[${i}]`, `no unit ${id}`));
      else if (u.side !== 'german' || u.type !== 'panzer' || u.size !== 'division') {
        errors.push(
          setupError('setup/not-panzer', `${field}[${i}]`, `${id} is not a German panzer division`),
        );
      }
    });
  checkOrder(s.reinforcementOrder, 'reinforcementOrder');
  checkOrder(s.withdrawalOrder, 'withdrawalOrder');
  if ([...s.reinforcementOrder].sort().join() !== [...s.withdrawalOrder].sort().join()) {
    errors.push(
      setupError('setup/orders', 'withdrawalOrder', 'must list the same divisions as reinforcementOrder'),
    );
  }
  const zone = (id: string): Zone | undefined => map.zones.find((z) => z.id === id);
  const german = zone('german-territory');
  const kalinin = zone('kalinin-front');
  const western = zone('western-front');
  if (!german) errors.push(setupError('setup/missing-zone', 'map.zones', 'no "german-territory" zone'));
  if (!kalinin) errors.push(setupError('setup/missing-zone', 'map.zones', 'no "kalinin-front" zone'));
  if (!western) errors.push(setupError('setup/missing-zone', 'map.zones', 'no "western-front" zone'));
  const defenseZones = map.zones.filter((z) => z.kind === 'defense-zone');
  const zoneOf = new Int8Array(map.graph.nodeCount).fill(-1);
  defenseZones.forEach((z, zi) => {
    for (const h of z.hexes) zoneOf[h] = zi;
  });
  const riverBit = bitOf(map.featureNames, 'river');
  const frontlineBit = bitOf(map.featureNames, 'frontline');
  const placeHex = (name: string) => map.places.find((p) => p.name === name)?.hex ?? -1;
  const rzhev = placeHex('Rzhev');
  const gzhatsk = placeHex('Gzhatsk');
  if (rzhev < 0) errors.push(setupError('setup/missing-place', 'map.places', 'no place named Rzhev'));
  if (gzhatsk < 0) errors.push(setupError('setup/missing-place', 'map.places', 'no place named Gzhatsk'));
  const edges: Record<Side, number[]> = { german: [], soviet: [] };
  for (const e of map.edges) {
    if (e.side === 'german' || e.side === 'soviet') edges[e.side].push(...e.hexes);
  }
  const south = map.edges.find((e) => e.id === 'south');
  if (!south)
    errors.push(
      setupError('setup/missing-edge', 'map.edges', 'no "south" edge for panzer reinforcements (M-14)'),
    );
  const historical: Record<Side, Record<string, number>> = { german: {}, soviet: {} };
  for (const side of SIDES) {
    for (const [id, hex] of Object.entries(s.historicalSetup[side])) {
      const path = `historicalSetup.${side}.${id}`;
      const u = units[id];
      const h = hexIndex(map, hex);
      if (!u) errors.push(setupError('setup/unknown-unit', path, `no unit ${id}`));
      else if (u.side !== side) errors.push(setupError('setup/side', path, `${id} is not ${side}`));
      if (h < 0) errors.push(setupError('setup/unknown-hex', path, `hex ${hex} is not on the map`));
      historical[side][id] = h;
    }
  }
  if (errors.length > 0 || !german || !kalinin || !western) return err(errors);
  const turnList = [...s.turns].sort((a, b) => a.turn - b.turn);
  return ok({
    name: s.name,
    map,
    units,
    unitIds: s.units.map((u) => u.id),
    unitList: s.units.map((u) => units[u.id]!),
    unitIndex: new Map(s.units.map((u, i) => [u.id, i])),
    sideIndexes: {
      german: s.units.flatMap((u, i) => (u.side === 'german' ? [i] : [])),
      soviet: s.units.flatMap((u, i) => (u.side === 'soviet' ? [i] : [])),
    },
    reinforcementOrder: s.reinforcementOrder,
    withdrawalOrder: s.withdrawalOrder,
    turns: turnList.length,
    withdrawalPoints: turnList.map((t) => t.withdrawalPoints),
    turnDates: turnList.map((t) => t.dates),
    historical,
    germanTerritory: german.membership,
    defenseZones,
    zoneOf,
    kalinin,
    western,
    riverBit,
    frontlineBit,
    roadBit: bitOf(map.connectionNames, 'road'),
    railBit: bitOf(map.connectionNames, 'rail'),
    edges,
    southEdge: south?.hexes ?? [],
    rzhev,
    gzhatsk,
    hexNumbers: Array.from({ length: map.graph.nodeCount }, (_, h) => hexNumberOf(map, h)),
  });
}

/** The standard scenario shipped with the game: Operation Mars, 25 Nov - 16 Dec 1942 (a fresh copy). */
export function standardScenarioFile(): ScenarioFile {
  return structuredClone({
    game: 'mars-1942',
    name: 'Operation Mars, 25 November - 16 December 1942',
    map: shippedMapFile(),
    units: unitsFile.units as ScenarioFile['units'],
    reinforcementOrder: unitsFile.reinforcementOrder,
    withdrawalOrder: unitsFile.withdrawalOrder,
    turns: turnsFile.turns.map((t) => ({
      turn: t.turn,
      dates: t.dates,
      withdrawalPoints: t.withdrawalPoints,
    })),
    historicalSetup: { german: historicalFile.german, soviet: historicalFile.soviet },
    sources: [unitsFile.sources, turnsFile.sources, historicalFile.sources].join('\n'),
  } satisfies ScenarioFile);
}

let shippedMap: ScenarioFile['map'] | undefined;

/**
 * The generated map.json, checked once against the map's schema: TypeScript types a JSON
 * import by its contents, so only the check can say it is a map file. A generated file that
 * fails it is a broken build, not bad input.
 */
function shippedMapFile(): ScenarioFile['map'] {
  if (shippedMap) return shippedMap;
  if (!isMapFile(mapFile)) throw new Error('the generated data/map.json does not have the map schema');
  shippedMap = mapFile;
  return mapFile;
}

function isMapFile(file: unknown): file is ScenarioFile['map'] {
  return hexMapSchema.safeParse(file).success;
}

/** Compiled scenarios by key, so states can name theirs without carrying it. */
const registry = new Map<string, Scenario>();

export const STANDARD = 'standard';

export function registerScenario(key: string, scenario: Scenario): void {
  registry.set(key, scenario);
}

export function scenarioByKey(key: string): Scenario {
  let s = registry.get(key);
  if (!s && key === STANDARD) {
    const c = compileScenario(standardScenarioFile());
    if (!c.ok)
      throw new Error(`the standard Mars scenario is invalid: ${JSON.stringify(c.error.slice(0, 3))}`);
    s = c.value;
    registry.set(key, s);
  }
  if (!s) throw new Error(`scenario ${key} is not loaded: set the game up from its scenario file first`);
  return s;
}

export function hexName(s: Scenario, hex: number): string {
  const place = s.map.placeAt[hex]!;
  const num = s.hexNumbers[hex]!;
  return place >= 0 ? `${num} (${s.map.places[place]!.name})` : num;
}
