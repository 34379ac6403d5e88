/**
 * Checks the standard historical set-up of Operation Mars 1942
 * (packages/games/src/mars-1942/data/historical-setup.json) against the map, the orders
 * of battle and the game's set-up rules ("Setup and 1st Turn", "Stacking limit",
 * RULINGS M-11, M-13), and checks that it is placed where history had the formations
 * on 25 Nov 1942 (see the "Historical set-up" section of OOB-SOURCES.md).
 *
 *   npx tsx packages/games/scripts/check-historical-setup.ts
 *
 * Prints a per-zone summary (which division garrisons which defense zone), the Kalinin
 * Front deployment counts and the Soviet armies' hexes; exits 1 on any violation.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axialDistance, compileHexMap, type HexMap, hexAxial, hexIndex, hexNumberOf } from '@stavka/engine';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = join(here, '../src/mars-1942/data');
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(DATA, name), 'utf8'));

interface Unit {
  id: string;
  side: 'german' | 'soviet';
  type: string;
  size: string;
  name: string;
  parent?: string;
  tags: string[];
}
interface SetupFile {
  sources: string;
  german: Record<string, string>;
  soviet: Record<string, string>;
}

const errors: string[] = [];
const fail = (msg: string): void => {
  errors.push(msg);
};

/* ------------------------------------------------------------------------------------ */
/* Inputs                                                                               */

const compiled = compileHexMap(readJson('map.json'));
if (!compiled.ok) {
  console.error(
    'map.json does not compile:\n' + compiled.error.map((e) => `  ${e.path}: ${e.message}`).join('\n'),
  );
  process.exit(1);
}
const map: HexMap = compiled.value;
const units = (readJson('units.json') as { units: Unit[] }).units;
const unitById = new Map(units.map((u) => [u.id, u]));
const setup = readJson('historical-setup.json') as SetupFile;

const zone = (id: string): Set<number> => {
  const z = map.zones.find((zz) => zz.id === id);
  if (!z) {
    fail(`map.json has no zone "${id}"`);
    return new Set();
  }
  return new Set(z.hexes);
};
const germanTerritory = zone('german-territory');
const sovietTerritory = zone('soviet-territory');
const kalininZone = zone('kalinin-front');
const westernZone = zone('western-front');
const DZ_IDS = Array.from({ length: 21 }, (_, i) => `dz-${String(i + 1).padStart(2, '0')}`);
const dzHexes = new Map(DZ_IDS.map((id) => [id, zone(id)]));
const dzOf = new Map<number, string>();
for (const [id, hexes] of dzHexes) for (const h of hexes) dzOf.set(h, id);
const zoneName = (id: string): string => map.zones.find((z) => z.id === id)?.name ?? id;

const hexNum = (h: number): string => hexNumberOf(map, h);
const dist = (a: number, b: number): number => axialDistance(hexAxial(map, a), hexAxial(map, b));
const neighbours = (h: number): number[] => {
  const out: number[] = [];
  for (let d = 0; d < 6; d++) {
    const t = map.graph.targets[h * 6 + d]!;
    if (t >= 0) out.push(t);
  }
  return out;
};
const adjacentToGerman = (h: number): boolean => neighbours(h).some((n) => germanTerritory.has(n));
const placeHex = (name: string): number => {
  const p = map.places.find((pl) => pl.name === name);
  if (!p) fail(`map.json has no place "${name}"`);
  return p ? p.hex : -1;
};
const hexesOf = (...nums: string[]): number[] => nums.map((n) => hexIndex(map, n));

/* ------------------------------------------------------------------------------------ */
/* 0. Every on-map unit exactly once, on its own side, on a real hex                     */

const isOnMapUnit = (u: Unit): boolean => !(u.side === 'german' && u.tags.includes('reinforcement'));
const where = new Map<string, number>(); // unit id -> hex index
for (const side of ['german', 'soviet'] as const) {
  const section = setup[side];
  if (!section || typeof section !== 'object') {
    fail(`historical-setup.json has no "${side}" section`);
    continue;
  }
  for (const [id, num] of Object.entries(section)) {
    const u = unitById.get(id);
    if (!u) fail(`${side}.${id}: no such unit in units.json`);
    else if (u.side !== side) fail(`${side}.${id}: the unit is ${u.side}`);
    else if (!isOnMapUnit(u))
      fail(`${side}.${id}: off-board reinforcement panzer divisions start off the map`);
    const h = typeof num === 'string' ? hexIndex(map, num) : -1;
    if (h < 0 || map.onMap[h] !== 1) {
      fail(`${side}.${id}: "${num}" is not a hex of the map`);
      continue;
    }
    if (where.has(id)) fail(`${id} placed twice`);
    where.set(id, h);
  }
}
for (const u of units) if (isOnMapUnit(u) && !where.has(u.id)) fail(`${u.id} (${u.name}) is not set up`);
if (typeof setup.sources !== 'string' || setup.sources.length < 20)
  fail('historical-setup.json needs a "sources" note');

const stacks = new Map<number, Unit[]>();
for (const [id, h] of where) {
  const u = unitById.get(id);
  if (!u) continue;
  const s = stacks.get(h) ?? [];
  s.push(u);
  stacks.set(h, s);
}
const placed = (pred: (u: Unit) => boolean): Array<[Unit, number]> =>
  [...where].flatMap(([id, h]) => {
    const u = unitById.get(id);
    return u && pred(u) ? [[u, h] as [Unit, number]] : [];
  });

/* ------------------------------------------------------------------------------------ */
/* 1. German: one garrison in each defense zone; everything in German territory          */

const isGarrison = (u: Unit): boolean =>
  u.side === 'german' && u.tags.includes('garrison') && u.type === 'infantry' && u.size === 'division';
const garrisonOf = new Map<string, Array<[Unit, number]>>(DZ_IDS.map((id) => [id, []]));
for (const [u, h] of placed((u) => u.side === 'german')) {
  if (!germanTerritory.has(h)) fail(`${u.id} at ${hexNum(h)}: German units set up in German territory only`);
  if (isGarrison(u)) {
    const dz = dzOf.get(h);
    if (!dz) fail(`${u.id} at ${hexNum(h)}: a garrison division must stand in a defense zone`);
    else garrisonOf.get(dz)!.push([u, h]);
  }
}
for (const dz of DZ_IDS) {
  const g = garrisonOf.get(dz)!;
  if (g.length !== 1)
    fail(
      `${dz}: ${g.length} garrison divisions (${g.map(([u]) => u.id).join(', ') || 'none'}), must be exactly 1`,
    );
}

/* ------------------------------------------------------------------------------------ */
/* 2./4. Stacking                                                                       */

/**
 * German: 2 divisions, only one a panzer division; the "a" and "b" kampfgruppen of one
 * division count as one division; plus one further kampfgruppe. A lone kampfgruppe
 * beyond that one takes a division slot (and counts as panzer there if it is one).
 */
function germanStackProblem(us: Unit[]): string | null {
  let divisions = 0;
  let panzer = 0;
  const halves = new Map<string, Unit[]>();
  for (const u of us) {
    if (u.size === 'kampfgruppe') {
      const p = u.parent ?? u.id;
      halves.set(p, [...(halves.get(p) ?? []), u]);
    } else {
      divisions++;
      if (u.type === 'panzer') panzer++;
    }
  }
  const lone: Unit[] = [];
  for (const group of halves.values()) {
    if (group.length > 2) return `${group.length} kampfgruppen of one division`;
    if (group.length === 2) {
      divisions++;
      if (group[0]!.type === 'panzer') panzer++;
    } else lone.push(group[0]!);
  }
  // The "plus a kampfgruppe" slot takes a panzer one if there is any (the kindest choice).
  lone.sort((a, b) => Number(b.type === 'panzer') - Number(a.type === 'panzer'));
  for (const u of lone.slice(1)) {
    divisions++;
    if (u.type === 'panzer') panzer++;
  }
  if (divisions > 2) return `${divisions} divisions (at most 2, plus one kampfgruppe)`;
  if (panzer > 1) return `${panzer} panzer divisions (at most 1)`;
  return null;
}

/** Soviet (M-13): 2 units, or 3 when one is a tank brigade; at most one korps. */
function sovietStackProblem(us: Unit[]): string | null {
  const korps = us.filter((u) => u.size === 'korps').length;
  const brigades = us.filter((u) => u.tags.includes('tank-brigade')).length;
  if (korps > 1) return `${korps} korps (at most 1)`;
  if (us.length > 3 || (us.length === 3 && brigades === 0))
    return `${us.length} units (2, or 3 when one is a tank brigade)`;
  return null;
}

for (const [h, us] of stacks) {
  const sides = new Set(us.map((u) => u.side));
  if (sides.size > 1) fail(`${hexNum(h)}: units of both sides (${us.map((u) => u.id).join(', ')})`);
  for (const side of sides) {
    const mine = us.filter((u) => u.side === side);
    const problem = side === 'german' ? germanStackProblem(mine) : sovietStackProblem(mine);
    if (problem) fail(`${hexNum(h)}: overstacked, ${problem}: ${mine.map((u) => u.id).join(', ')}`);
  }
}

/* ------------------------------------------------------------------------------------ */
/* 3. Soviet: Soviet territory, historical front zones, Kalinin Front limits             */

for (const [u, h] of placed((u) => u.side === 'soviet')) {
  if (!sovietTerritory.has(h)) fail(`${u.id} at ${hexNum(h)}: Soviet units set up in Soviet territory only`);
  if (u.tags.includes('front:kalinin') && !kalininZone.has(h))
    fail(`${u.id} at ${hexNum(h)}: a Kalinin Front unit must be in the kalinin-front zone`);
  if (u.tags.includes('front:western') && !westernZone.has(h))
    fail(`${u.id} at ${hexNum(h)}: a Western Front unit must be in the western-front zone`);
}
const inKalinin = placed((u) => u.side === 'soviet').filter(([, h]) => kalininZone.has(h));
const kalininCounts = {
  korps: inKalinin.filter(([u]) => u.size === 'korps').length,
  tankBrigades: inKalinin.filter(([u]) => u.tags.includes('tank-brigade')).length,
  rifleDivisions: inKalinin.filter(([u]) => u.type === 'infantry' && u.size === 'division').length,
};
const KALININ_LIMITS = { korps: 3, tankBrigades: 6, rifleDivisions: 9 };
for (const k of Object.keys(KALININ_LIMITS) as Array<keyof typeof KALININ_LIMITS>) {
  if (kalininCounts[k] > KALININ_LIMITS[k])
    fail(`Kalinin Front zone holds ${kalininCounts[k]} ${k}, limit ${KALININ_LIMITS[k]}`);
}

/* ------------------------------------------------------------------------------------ */
/* 6. Historical placement, 25 Nov 1942                                                 */

/**
 * German mobile divisions: where each kampfgruppe may stand. `near` hexes and `within`
 * hexes of them; `reserve` = not in a defense zone hex (held back behind the line).
 */
const KAMPFGRUPPEN: Record<string, { where: string; near: number[]; within: number; reserve: boolean }> = {
  'ger-5pz': {
    where: 'in the line on the Vazuza at Grediakino (dz-03)',
    near: [...dzHexes.get('dz-03')!],
    within: 0,
    reserve: false,
  },
  'ger-9pz': {
    where: 'XXXIX Pz Corps reserve between Rzhev and Sychevka',
    near: hexesOf('1508', '1509', '1510', '1511'),
    within: 1,
    reserve: true,
  },
  'ger-1pz': { where: '9th Army reserve behind Bely', near: [placeHex('Bely')], within: 2, reserve: true },
  'ger-gd': {
    where: 'XXIII Corps reserve behind the Luchesa (dz-17) and Molodoi Tud (dz-20)',
    near: [...dzHexes.get('dz-17')!, ...dzHexes.get('dz-20')!],
    within: 1,
    reserve: true,
  },
  'ger-14pgd': {
    where: 'XXVII Corps reserve behind the north face west of Rzhev (dz-20, dz-21)',
    near: [...dzHexes.get('dz-20')!, ...dzHexes.get('dz-21')!],
    within: 1,
    reserve: true,
  },
  'ger-2pz': {
    where: 'reserve behind Gzhatsk (low confidence)',
    near: [placeHex('Gzhatsk')],
    within: 1,
    reserve: true,
  },
};
for (const [u, h] of placed((u) => u.side === 'german' && u.size === 'kampfgruppe')) {
  const spec = KAMPFGRUPPEN[u.parent ?? ''];
  if (!spec) {
    fail(`${u.id}: no historical position known for parent ${u.parent}`);
    continue;
  }
  const d = Math.min(...spec.near.map((n) => dist(h, n)));
  if (d > spec.within) fail(`${u.id} at ${hexNum(h)}: should be ${spec.where} (${d} hexes away)`);
  if (spec.reserve && dzOf.has(h))
    fail(`${u.id} at ${hexNum(h)}: should be in reserve, not in ${dzOf.get(h)}`);
}

/**
 * Soviet armies: their units, the German defense zones they attacked, and the units
 * that stood in second echelon (one hex behind the first) or in reserve (two behind).
 * First-echelon units stand in a front-line hex facing a hex of the sector.
 */
interface Army {
  name: string;
  front: 'kalinin' | 'western';
  sector: string[];
  first: string[];
  second: string[];
  reserve: string[];
}
const ARMIES: Army[] = [
  {
    name: '41st Army (south and south-east of Bely)',
    front: 'kalinin',
    sector: ['dz-13', 'dz-14', 'dz-15', 'dz-16'],
    first: ['sov-6rc', 'sov-47mb', 'sov-262rd', 'sov-17grd'],
    second: ['sov-1mc', 'sov-48mb'],
    reserve: [],
  },
  {
    name: '22nd Army (Luchesa valley)',
    front: 'kalinin',
    sector: ['dz-16', 'dz-17', 'dz-18'],
    first: ['sov-238rd', 'sov-185rd', 'sov-155rd'],
    second: ['sov-3mc'],
    reserve: [],
  },
  {
    name: '39th Army (Molodoi Tud, tip of the salient)',
    front: 'kalinin',
    sector: ['dz-19', 'dz-20', 'dz-21'],
    first: ['sov-158rd', 'sov-135rd', 'sov-373rd', 'sov-178rd', 'sov-28tb', 'sov-81tb', 'sov-46mb'],
    second: [],
    reserve: [],
  },
  {
    name: '30th Army (north-east of Rzhev)',
    front: 'western',
    sector: ['dz-01'],
    first: ['sov-375rd'],
    second: [],
    reserve: [],
  },
  {
    name: '31st Army (Zubtsov, toward the Osuga)',
    front: 'western',
    sector: ['dz-01', 'dz-02'],
    first: ['sov-88rd', 'sov-239rd', 'sov-336rd', 'sov-32tb'],
    second: [],
    reserve: [],
  },
  {
    name: '20th Army (Vazuza, Vasilki - Grediakino, east of Sychevka)',
    front: 'western',
    sector: ['dz-02', 'dz-03'],
    first: [
      'sov-42grd',
      'sov-247rd',
      'sov-331rd',
      'sov-326rd',
      'sov-251rd',
      'sov-25tb',
      'sov-93tb',
      'sov-80tb',
    ],
    second: ['sov-6tk', 'sov-2gcc', 'sov-8grc', 'sov-1gmrd'],
    reserve: ['sov-5tk'],
  },
];
const armyOf = new Map<string, Army>();
for (const a of ARMIES)
  for (const id of [...a.first, ...a.second, ...a.reserve]) {
    if (armyOf.has(id)) fail(`checker: ${id} listed in two armies`);
    armyOf.set(id, a);
    const u = unitById.get(id);
    if (!u) fail(`checker: ${a.name} lists unknown unit ${id}`);
    else if (!u.tags.includes(`front:${a.front}`)) fail(`checker: ${id} is not tagged front:${a.front}`);
  }
for (const u of units)
  if (u.side === 'soviet' && !armyOf.has(u.id)) fail(`checker: ${u.id} belongs to no army`);

for (const a of ARMIES) {
  const sectorHexes = a.sector.flatMap((dz) => [...dzHexes.get(dz)!]);
  const firstHexes = new Set<number>();
  for (const id of a.first) {
    const h = where.get(id);
    if (h === undefined) continue;
    if (!neighbours(h).some((n) => sectorHexes.includes(n)))
      fail(`${id} at ${hexNum(h)}: ${a.name} first echelon must face its sector (${a.sector.join(', ')})`);
    firstHexes.add(h);
  }
  for (const [ids, depth, what] of [
    [a.second, 1, 'second echelon'],
    [a.reserve, 2, 'reserve'],
  ] as const) {
    for (const id of ids) {
      const h = where.get(id);
      if (h === undefined) continue;
      const d = Math.min(...[...firstHexes].map((f) => dist(h, f)));
      if (d < 1 || d > depth)
        fail(
          `${id} at ${hexNum(h)}: ${a.name} ${what} stands ${depth === 1 ? 'one hex' : '1-2 hexes'} behind its first echelon`,
        );
      if (depth === 2 && adjacentToGerman(h))
        fail(`${id} at ${hexNum(h)}: ${what} must not be in a front-line hex`);
    }
  }
}

/* ------------------------------------------------------------------------------------ */
/* Report                                                                               */

const label = (u: Unit): string => u.id.replace(/^(ger|sov)-/, '');
console.log('Operation Mars 1942 - standard historical set-up, 25 Nov 1942\n');
console.log('Defense zones (garrison division, hex; other German units in the zone):');
for (const dz of DZ_IDS) {
  const g = garrisonOf.get(dz)!;
  const garrison = g.map(([u, h]) => `${u.name} (${hexNum(h)})`).join(' + ') || 'NONE';
  const others = [...dzHexes.get(dz)!]
    .flatMap((h) =>
      (stacks.get(h) ?? []).filter((u) => !isGarrison(u)).map((u) => `${label(u)} ${hexNum(h)}`),
    )
    .join(', ');
  console.log(
    `  ${dz}  ${zoneName(dz)
      .replace(/^Defense zone \d+ /, '')
      .padEnd(26)} ${garrison}${others ? `; with ${others}` : ''}`,
  );
}
console.log('\nGerman kampfgruppen:');
for (const [parent, spec] of Object.entries(KAMPFGRUPPEN)) {
  const kg = placed((u) => u.parent === parent).map(([u, h]) => `${label(u)} ${hexNum(h)}`);
  console.log(`  ${parent.padEnd(10)} ${kg.join(', ').padEnd(28)} ${spec.where}`);
}
console.log('\nSoviet armies (hex: units):');
for (const a of ARMIES) {
  const byHex = new Map<number, string[]>();
  for (const id of [...a.first, ...a.second, ...a.reserve]) {
    const h = where.get(id);
    if (h !== undefined) byHex.set(h, [...(byHex.get(h) ?? []), id.replace(/^sov-/, '')]);
  }
  const cells = [...byHex]
    .sort((x, y) => x[0] - y[0])
    .map(([h, ids]) => `${hexNum(h)}${adjacentToGerman(h) ? '' : '*'}: ${ids.join('+')}`);
  console.log(`  ${a.name}\n    ${cells.join('; ')}`);
}
console.log('    (* = not a front-line hex)');
console.log(
  `\nKalinin Front zone: ${kalininCounts.korps} korps (limit 3), ${kalininCounts.tankBrigades} tank brigades (limit 6), ` +
    `${kalininCounts.rifleDivisions} rifle divisions (limit 9)`,
);
const nG = placed((u) => u.side === 'german').length;
const nS = placed((u) => u.side === 'soviet').length;
console.log(`Units set up: ${nG} German, ${nS} Soviet; hexes occupied: ${stacks.size}`);

if (errors.length > 0) {
  console.error(`\n${errors.length} violation(s):`);
  for (const e of errors) console.error(`  - ${e}`);
  process.exit(1);
}
console.log('\nOK: the historical set-up satisfies every set-up rule and historical placement check.');
