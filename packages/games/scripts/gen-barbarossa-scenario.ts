/**
 * Generates the Barbarossa 1941 scenario data beside the generated map:
 *   src/barbarossa-1941/data/generated/units.json   both orders of battle (OOB-SOURCES.md)
 *   src/barbarossa-1941/data/generated/setup.json   set-up positions and constraints, the
 *                                                   standard historical set-up, railheads
 *   src/barbarossa-1941/data/generated/turns.json   turn record track, weather, weather roll,
 *                                                   reinforcement schedules, Siberians, replacements
 *   src/barbarossa-1941/data/generated/air-table.provisional.json  the provisional ground-and-air table
 * Hex numbers come from the map (map.json: places and its projection), so run it after
 * gen-barbarossa-map.ts. It checks the standard set-up against the rules' constraints
 * (stacking, border cover, distances) and exits 1 without writing when one fails.
 *
 *   npx tsx packages/games/scripts/gen-barbarossa-scenario.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  axialDistance,
  type HexMapSetup,
  makeHexNumber,
  offsetToAxial,
  parseHexNumber,
} from '@stavka/engine';
import {
  type AirTableFile,
  type BarbarossaUnitFile,
  gridProjection,
  mapGeoSchema,
  type ScenarioFile,
} from '../src/barbarossa-1941/scenario.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = join(here, '../src/barbarossa-1941/data');
const mapFile = JSON.parse(readFileSync(join(DATA, 'generated/map.json'), 'utf8')) as HexMapSetup;
const grid = gridProjection(mapGeoSchema.parse(mapFile.geo));
const errors: string[] = [];
const check = (ok: boolean, msg: string) => {
  if (!ok) errors.push(msg);
};

/* ------------------------------------------------------------------------------------ */
/* Map lookups                                                                           */

type LL = readonly [number, number];
const zoneHexes = (id: string) => new Set(mapFile.zones?.find((z) => z.id === id)?.hexes ?? []);
const ussr = zoneHexes('ussr-1941');
const germany = zoneHexes('germany');
const rumania = zoneHexes('rumania');
const water = new Set(
  Object.entries(mapFile.terrain ?? {})
    .filter(([, t]) => t === 'sea' || t === 'lake')
    .map(([h]) => h),
);
const allHexes: string[] = [];
for (let c = 1; c <= mapFile.columns; c++)
  for (let r = 1; r <= mapFile.rows; r++) allHexes.push(makeHexNumber({ col: c, row: r }));
const isLand = (h: string) => !water.has(h);
const axial = (h: string) => offsetToAxial(parseHexNumber(h)!);
const dist = (a: string, b: string) => axialDistance(axial(a), axial(b));
const neighbours = (h: string) => allHexes.filter((k) => dist(h, k) === 1);
const placeHex = (name: string): string => {
  const p = mapFile.places?.find((q) => q.name === name);
  if (!p) throw new Error(`no place ${name} on the map`);
  return p.hex;
};
const places = mapFile.places ?? [];
/** The land hex nearest a lat/lon among `allowed`. */
function nearestHex(ll: LL, allowed: (h: string) => boolean): string {
  let best = '';
  let bd = Number.POSITIVE_INFINITY;
  for (const h of allHexes) {
    if (!allowed(h)) continue;
    const d = grid.kmFromCentre(parseHexNumber(h)!, ll);
    if (d < bd) {
      bd = d;
      best = h;
    }
  }
  return best;
}
const axisGround = (h: string) => isLand(h) && !ussr.has(h);
const sovietBorder = allHexes.filter(
  (h) =>
    ussr.has(h) && isLand(h) && neighbours(h).some((n) => isLand(n) && (germany.has(n) || rumania.has(n))),
);
const latOf = (h: string) => grid.centreOf(parseHexNumber(h)!)[1];

/* ------------------------------------------------------------------------------------ */
/* Units                                                                                 */

const units: BarbarossaUnitFile[] = [];
interface U {
  id: string;
  side: 'axis' | 'soviet';
  nationality: BarbarossaUnitFile['nationality'];
  type: BarbarossaUnitFile['type'];
  size: BarbarossaUnitFile['size'];
  name: string;
  designation: string;
  factors: Record<string, number>;
  tags?: string[];
  armyGroup?: 'north' | 'center' | 'south';
  parent?: string;
}
const add = (u: U) => {
  units.push({ ...u, tags: u.tags ?? [] });
  return u.id;
};
const f = (attack: number, defense: number, movement: number, extra: Record<string, number> = {}) => ({
  attack,
  defense,
  movement,
  ...extra,
});

// --- German armies: strong side printed, weak side in weakAttack / weakDefense (provisional scale).
const ARMIES: [string, string, number, number, number, number, 'north' | 'center' | 'south'][] = [
  ['18', '18. Armee (Küchler)', 6, 6, 4, 4, 'north'],
  ['16', '16. Armee (Busch)', 7, 7, 4, 4, 'north'],
  ['9', '9. Armee (Strauss)', 7, 7, 4, 4, 'center'],
  ['4', '4. Armee (Kluge)', 8, 8, 5, 5, 'center'],
  ['6', '6. Armee (Reichenau)', 8, 8, 5, 5, 'south'],
  ['17', '17. Armee (C.-H. von Stülpnagel)', 7, 7, 4, 4, 'south'],
  ['11', '11. Armee (Schobert)', 5, 5, 3, 3, 'south'],
];
for (const [n, name, a, d, wa, wd, ag] of ARMIES) {
  add({
    id: `ger-${n}a`,
    side: 'axis',
    nationality: 'german',
    type: 'infantry',
    size: 'army',
    name,
    designation: `${n}.`,
    factors: f(a, d, 3, { weakAttack: wa, weakDefense: wd }),
    tags: ['strong-weak', 'provisional'],
    armyGroup: ag,
  });
}
add({
  id: 'ger-2a',
  side: 'axis',
  nationality: 'german',
  type: 'infantry',
  size: 'army',
  name: '2. Armee (Weichs), from the Balkans',
  designation: '2.',
  factors: f(6, 6, 3, { weakAttack: 4, weakDefense: 4 }),
  tags: ['strong-weak', 'provisional', 'reinforcement'],
  armyGroup: 'center',
});

// --- Infantry korps [research 2.2-2.4; corps attributions marked K there are provisional].
const INF: [string, string, string, 'north' | 'center' | 'south', string[]][] = [
  ['i', 'I. Armeekorps', '1, 11, 21 ID', 'north', ['18']],
  ['xxvi', 'XXVI. Armeekorps (Wodrig)', '61, 217, 291 ID', 'north', ['18']],
  ['xxxviii', 'XXXVIII. Armeekorps', '58 ID', 'north', ['18']],
  ['x', 'X. Armeekorps', '30, 126 ID', 'north', ['16']],
  ['xxviii', 'XXVIII. Armeekorps', '122, 123 ID', 'north', ['16']],
  ['ii', 'II. Armeekorps', '12, 32, 121 ID', 'north', ['16']],
  ['v', 'V. Armeekorps', '5, 35 ID', 'center', ['9']],
  ['vi', 'VI. Armeekorps', '6, 26 ID', 'center', ['9']],
  ['viii', 'VIII. Armeekorps', '8, 28, 161 ID', 'center', ['9']],
  ['xx', 'XX. Armeekorps', '162, 256 ID', 'center', ['9']],
  ['xxxxii', 'XXXXII. Armeekorps', '87, 102, 129 ID', 'center', ['9']],
  ['vii', 'VII. Armeekorps', '7, 23, 258, 268 ID', 'center', ['4']],
  ['ix', 'IX. Armeekorps', '137, 263, 292 ID', 'center', ['4']],
  ['xiii', 'XIII. Armeekorps', '17, 78 ID', 'center', ['4']],
  ['xxxxiii', 'XXXXIII. Armeekorps', '131, 134, 252 ID', 'center', ['4']],
  ['xii', 'XII. Armeekorps', '31, 34, 45 ID', 'center', ['4']],
  ['xvii', 'XVII. Armeekorps (Kienitz)', '56, 62, 298 ID', 'south', ['6']],
  ['xxix', 'XXIX. Armeekorps (Obstfelder)', '44, 99, 299 ID', 'south', ['6']],
  ['lv', 'LV. Armeekorps (Vierow)', '75, 111, 168 ID', 'south', ['6']],
  ['xxxxiv', 'XXXXIV. Armeekorps', '9, 297 ID', 'south', ['6']],
  ['iv', 'IV. Armeekorps', '24, 71, 262, 295, 296 ID', 'south', ['17']],
  ['lii', 'LII. Armeekorps', '97, 100, 101 le ID', 'south', ['17']],
];
const infantryKorps: { id: string; ag: 'north' | 'center' | 'south' }[] = [];
for (const [n, name, divs, ag] of INF) {
  infantryKorps.push({
    id: add({
      id: `ger-${n}-ak`,
      side: 'axis',
      nationality: 'german',
      type: 'infantry',
      size: 'korps',
      name: `${name}: ${divs}`,
      designation: n.toUpperCase(),
      factors: f(3, 3, 4),
      tags: ['provisional'],
      armyGroup: ag,
    }),
    ag,
  });
}
infantryKorps.push({
  id: add({
    id: 'ger-xxxxix-gk',
    side: 'axis',
    nationality: 'german',
    type: 'mountain',
    size: 'korps',
    name: 'XXXXIX. Gebirgskorps: 1. Gebirgs-Division, 68, 257 ID',
    designation: 'XXXXIX Geb',
    factors: f(3, 3, 4),
    tags: ['provisional'],
    armyGroup: 'south',
  }),
  ag: 'south',
});
// The three "Rm" units: 11. Armee's korps (XI, XXX, LIV) may start anywhere in Rumania.
const RM = [
  ['xi', 'XI. Armeekorps: 76, 239 ID'],
  ['xxx', 'XXX. Armeekorps: 198 ID and Rumanian divisions'],
  ['liv', 'LIV. Armeekorps: 50, 170 ID'],
] as const;
const rmUnits = RM.map(([n, name]) =>
  add({
    id: `ger-${n}-ak`,
    side: 'axis',
    nationality: 'german',
    type: 'infantry',
    size: 'korps',
    name,
    designation: `${n.toUpperCase()} Rm`,
    factors: f(3, 3, 4),
    tags: ['rm', 'provisional'],
    armyGroup: 'south',
  }),
);

// --- Motorized korps and their panzer / SS divisions, by panzer group.
const PZGROUPS: {
  id: string;
  ag: 'north' | 'center' | 'south';
  korps: { n: string; name: string; divs: [string, string, 'panzer' | 'ss' | 'cav'][] }[];
}[] = [
  {
    id: 'pzgr-4',
    ag: 'north',
    korps: [
      {
        n: 'xxxxi',
        name: 'XXXXI. AK (mot.) (Reinhardt): 36 ID (mot.)',
        divs: [
          ['1pz', '1. Panzer-Division', 'panzer'],
          ['6pz', '6. Panzer-Division', 'panzer'],
        ],
      },
      {
        n: 'lvi',
        name: 'LVI. AK (mot.) (Manstein): 3 ID (mot.)',
        divs: [
          ['8pz', '8. Panzer-Division', 'panzer'],
          ['ss-t', 'SS-Division "Totenkopf" (mot.)', 'ss'],
        ],
      },
    ],
  },
  {
    id: 'pzgr-3',
    ag: 'center',
    korps: [
      {
        n: 'xxxix',
        name: 'XXXIX. AK (mot.) (R. Schmidt): 14, 20 ID (mot.)',
        divs: [
          ['7pz', '7. Panzer-Division', 'panzer'],
          ['20pz', '20. Panzer-Division', 'panzer'],
        ],
      },
      {
        n: 'lvii',
        name: 'LVII. AK (mot.) (Kuntzen): 18 ID (mot.)',
        divs: [
          ['12pz', '12. Panzer-Division', 'panzer'],
          ['19pz', '19. Panzer-Division', 'panzer'],
        ],
      },
    ],
  },
  {
    id: 'pzgr-2',
    ag: 'center',
    korps: [
      {
        n: 'xxiv',
        name: 'XXIV. AK (mot.) (Geyr von Schweppenburg): 10 ID (mot.)',
        divs: [
          ['3pz', '3. Panzer-Division', 'panzer'],
          ['4pz', '4. Panzer-Division', 'panzer'],
          ['1kav', '1. Kavallerie-Division', 'cav'],
        ],
      },
      {
        n: 'xxxxvi',
        name: 'XXXXVI. AK (mot.) (Vietinghoff): IR "Grossdeutschland"',
        divs: [
          ['10pz', '10. Panzer-Division', 'panzer'],
          ['ss-r', 'SS-Division "Das Reich" (mot.)', 'ss'],
        ],
      },
      {
        n: 'xxxxvii',
        name: 'XXXXVII. AK (mot.) (Lemelsen): 29 ID (mot.)',
        divs: [
          ['17pz', '17. Panzer-Division', 'panzer'],
          ['18pz', '18. Panzer-Division', 'panzer'],
        ],
      },
    ],
  },
  {
    id: 'pzgr-1',
    ag: 'south',
    korps: [
      {
        n: 'iii',
        name: 'III. AK (mot.) (Mackensen): 25 ID (mot.)',
        divs: [
          ['13pz', '13. Panzer-Division', 'panzer'],
          ['14pz', '14. Panzer-Division', 'panzer'],
        ],
      },
      {
        n: 'xiv',
        name: 'XIV. AK (mot.) (Wietersheim): 16 ID (mot.)',
        divs: [
          ['9pz', '9. Panzer-Division', 'panzer'],
          ['ss-lah', 'SS "Leibstandarte Adolf Hitler" (mot.)', 'ss'],
          ['ss-w', 'SS-Division "Wiking" (mot.)', 'ss'],
        ],
      },
      {
        n: 'xxxxviii',
        name: 'XXXXVIII. AK (mot.) (Kempf): 60 ID (mot.)',
        divs: [
          ['11pz', '11. Panzer-Division', 'panzer'],
          ['16pz', '16. Panzer-Division', 'panzer'],
        ],
      },
    ],
  },
];
const mobile: { id: string; group: string; korps?: string }[] = [];
for (const g of PZGROUPS) {
  for (const k of g.korps) {
    const kid = add({
      id: `ger-${k.n}-mot`,
      side: 'axis',
      nationality: 'german',
      type: 'motorized',
      size: 'korps',
      name: k.name,
      designation: `${k.n.toUpperCase()} mot`,
      // B-55: a full and a reduced side; 2 panzer replacement factors rebuild it ("back up to full strength").
      factors: f(4, 3, 5, { weakAttack: 2, weakDefense: 2 }),
      tags: ['strong-weak', 'provisional'],
      armyGroup: g.ag,
    });
    mobile.push({ id: kid, group: g.id });
    for (const [id, name, kind] of k.divs) {
      const uid = add({
        id: `ger-${id}`,
        side: 'axis',
        nationality: 'german',
        type: kind === 'panzer' ? 'panzer' : kind === 'cav' ? 'cavalry' : 'motorized',
        size: 'division',
        name,
        designation:
          kind === 'panzer'
            ? `${id.replace('pz', '')} Pz`
            : kind === 'cav'
              ? '1 Kav'
              : `SS ${id.slice(3).toUpperCase()}`,
        factors: kind === 'panzer' ? f(2, 1, 6) : kind === 'cav' ? f(1, 1, 4) : f(2, 2, 5),
        tags: kind === 'ss' ? ['ss', 'provisional'] : ['provisional'],
        armyGroup: g.ag,
      });
      mobile.push({ id: uid, group: g.id, korps: kid });
    }
  }
}
// German reinforcements: panzer divisions and OKH reserve korps (months: research 2.7).
const REINF_PZ = [
  ['2pz', '2. Panzer-Division (from Germany, September 1941)'],
  ['5pz', '5. Panzer-Division (from the Balkans, September/October 1941) [K]'],
] as const;
for (const [id, name] of REINF_PZ)
  add({
    id: `ger-${id}`,
    side: 'axis',
    nationality: 'german',
    type: 'panzer',
    size: 'division',
    name,
    designation: `${id.replace('pz', '')} Pz`,
    factors: f(2, 1, 6),
    tags: ['provisional', 'reinforcement'],
    armyGroup: 'center',
  });
const RESERVE_KORPS: [string, string, 'north' | 'center' | 'south'][] = [
  ['xxxv', 'XXXV. Armeekorps (OKH reserve) [K]', 'center'],
  ['liii', 'LIII. Armeekorps (OKH reserve) [K]', 'center'],
  ['xxxiv', 'XXXIV. Armeekorps (OKH reserve) [K]', 'south'],
  ['l', 'L. Armeekorps (OKH reserve) [K]', 'north'],
  ['w1', 'Winter reinforcements from the west: 208, 211, 216 ID [K]', 'center'],
  ['w2', 'Winter reinforcements from the west: 246, 330, 339 ID [K]', 'center'],
];
for (const [n, name, ag] of RESERVE_KORPS)
  add({
    id: `ger-${n}-ak`,
    side: 'axis',
    nationality: 'german',
    type: 'infantry',
    size: 'korps',
    name,
    designation: n.startsWith('w') ? `z.b.V. ${n.slice(1)}` : n.toUpperCase(),
    factors: f(3, 3, 4),
    tags: ['provisional', 'reinforcement'],
    armyGroup: ag,
  });
// Luftwaffe (research 2.6): +2 column shifts, the 8th +3; range 6.
const FK: [string, string, 'north' | 'center' | 'south', number][] = [
  ['i', 'I. Fliegerkorps (Luftflotte 1)', 'north', 2],
  ['ii', 'II. Fliegerkorps (Luftflotte 2, Loerzer)', 'center', 2],
  ['viii', 'VIII. Fliegerkorps (Luftflotte 2, Richthofen): the Stukas', 'center', 3],
  ['iv', 'IV. Fliegerkorps (Luftflotte 4, Pflugbeil)', 'south', 2],
  ['v', 'V. Fliegerkorps (Luftflotte 4, Greim)', 'south', 2],
];
for (const [n, name, ag, shifts] of FK)
  add({
    id: `ger-fk-${n}`,
    side: 'axis',
    nationality: 'german',
    type: 'air',
    size: 'air-korps',
    name,
    designation: `${n.toUpperCase()} FK`,
    factors: f(0, 0, 0, { shifts, range: 6 }),
    tags: ['provisional'],
    armyGroup: ag,
  });
// Railway gauge conversion units: one per army group (Eisenbahnpioniere, research 5.2).
for (const [ag, name] of [
  ['north', 'Eisenbahnpioniere, Army Group North'],
  ['center', 'Eisenbahnpioniere, Army Group Centre'],
  ['south', 'Eisenbahnpioniere, Army Group South'],
] as const)
  add({
    id: `ger-eisb-${ag}`,
    side: 'axis',
    nationality: 'german',
    type: 'rail-conversion',
    size: 'regiment',
    name,
    designation: 'Eisb',
    factors: f(0, 0, 3),
    tags: ['provisional'],
    armyGroup: ag,
  });
// Axis allies (B-17; research 2.4-2.5).
add({
  id: 'rum-3a',
  side: 'axis',
  nationality: 'rumanian',
  type: 'infantry',
  size: 'army',
  name: 'Rumanian 3rd Army (Dumitrescu)',
  designation: '3 Rum',
  factors: f(3, 3, 3),
  tags: ['provisional'],
  armyGroup: 'south',
});
add({
  id: 'rum-4a',
  side: 'axis',
  nationality: 'rumanian',
  type: 'infantry',
  size: 'army',
  name: 'Rumanian 4th Army (Ciupercă)',
  designation: '4 Rum',
  factors: f(4, 3, 3),
  tags: ['provisional'],
  armyGroup: 'south',
});
add({
  id: 'rum-mtn',
  side: 'axis',
  nationality: 'rumanian',
  type: 'mountain',
  size: 'korps',
  name: 'Rumanian Mountain Corps: 1, 2, 4 Mountain Brigades',
  designation: 'Mtn Rum',
  factors: f(2, 2, 4),
  tags: ['provisional'],
  armyGroup: 'south',
});
add({
  id: 'rum-cav',
  side: 'axis',
  nationality: 'rumanian',
  type: 'cavalry',
  size: 'korps',
  name: 'Rumanian Cavalry Corps: 5, 6, 8 Cavalry Brigades',
  designation: 'Cav Rum',
  factors: f(1, 1, 5),
  tags: ['provisional'],
  armyGroup: 'south',
});
add({
  id: 'rum-1tk',
  side: 'axis',
  nationality: 'rumanian',
  type: 'tank',
  size: 'division',
  name: 'Rumanian 1st Armoured Division "România Mare"',
  designation: '1 Arm Rum',
  factors: f(1, 1, 5),
  tags: ['provisional'],
  armyGroup: 'south',
});
add({
  id: 'hun-mob',
  side: 'axis',
  nationality: 'hungarian',
  type: 'motorized',
  size: 'korps',
  name: 'Hungarian Mobile Corps (Carpathian Group)',
  designation: 'Mob Hun',
  factors: f(2, 1, 4),
  tags: ['provisional', 'reinforcement'],
  armyGroup: 'south',
});
add({
  id: 'ita-csir',
  side: 'axis',
  nationality: 'italian',
  type: 'motorized',
  size: 'korps',
  name: 'Italian CSIR (Messe): Pasubio, Torino, Celere',
  designation: 'CSIR',
  factors: f(2, 2, 4),
  tags: ['provisional', 'reinforcement'],
  armyGroup: 'south',
});
add({
  id: 'slo-rapid',
  side: 'axis',
  nationality: 'slovak',
  type: 'motorized',
  size: 'division',
  name: 'Slovak Rapid (Fast) Division',
  designation: 'Rapid Slo',
  factors: f(1, 1, 4),
  tags: ['provisional', 'reinforcement'],
  armyGroup: 'south',
});

// --- Soviet rifle armies: the pool of 62 (research 3.2). Values hidden until first combat.
type Cat = 'frontier' | 'interior' | 'summer' | 'militia' | 'autumn' | 'remnant' | 'north';
const VALUES: Record<Cat, [number, number, string]> = {
  frontier: [2, 3, 'pre-war army of the frontier districts'],
  interior: [3, 3, 'second strategic echelon from the interior districts'],
  summer: [2, 2, 'formed July-August 1941 from reserve divisions'],
  militia: [1, 2, 'raised largely from opolchenie (militia) divisions'],
  autumn: [3, 3, 'fresh formation of October-November 1941'],
  remnant: [1, 2, 'second formation rebuilt from remnants'],
  north: [2, 3, 'northern army facing Finland (theatre not on the map)'],
};
const POOL: [string, string, Cat][] = [
  ['8', '8th Army', 'frontier'],
  ['11', '11th Army', 'frontier'],
  ['27', '27th Army', 'frontier'],
  ['3', '3rd Army', 'frontier'],
  ['10', '10th Army', 'frontier'],
  ['4', '4th Army', 'frontier'],
  ['13', '13th Army', 'frontier'],
  ['5', '5th Army', 'frontier'],
  ['6', '6th Army', 'frontier'],
  ['26', '26th Army', 'frontier'],
  ['12', '12th Army', 'frontier'],
  ['9', '9th Army', 'frontier'],
  ['18', '18th Army', 'interior'],
  ['7', '7th Army', 'north'],
  ['23', '23rd Army', 'north'],
  ['14', '14th Army', 'north'],
  ['16', '16th Army', 'interior'],
  ['19', '19th Army', 'interior'],
  ['20', '20th Army', 'interior'],
  ['21', '21st Army', 'interior'],
  ['22', '22nd Army', 'interior'],
  ['24', '24th Army', 'interior'],
  ['28', '28th Army', 'interior'],
  ['29', '29th Army', 'summer'],
  ['30', '30th Army', 'summer'],
  ['31', '31st Army', 'summer'],
  ['32', '32nd Army', 'militia'],
  ['33', '33rd Army', 'militia'],
  ['34', '34th Army', 'summer'],
  ['37', '37th Army', 'summer'],
  ['38', '38th Army', 'summer'],
  ['40', '40th Army', 'summer'],
  ['42', '42nd Army', 'militia'],
  ['43', '43rd Army', 'summer'],
  ['48', '48th Army', 'summer'],
  ['49', '49th Army', 'summer'],
  ['50', '50th Army', 'summer'],
  ['51', '51st Army', 'summer'],
  ['52', '52nd Army', 'summer'],
  ['54', '54th Army', 'summer'],
  ['55', '55th Army', 'militia'],
  ['coastal', 'Coastal (Primorsky) Army', 'frontier'],
  ['44', '44th Army', 'summer'],
  ['39', '39th Army', 'autumn'],
  ['56', '56th Army', 'autumn'],
  ['57', '57th Army', 'autumn'],
  ['58', '58th Army', 'autumn'],
  ['59', '59th Army', 'autumn'],
  ['60', '60th Army', 'autumn'],
  ['61', '61st Army', 'autumn'],
  ['3-ii', '3rd Army (2nd formation)', 'remnant'],
  ['4-ii', '4th Army (2nd formation)', 'autumn'],
  ['5-ii', '5th Army (2nd formation)', 'autumn'],
  ['6-ii', '6th Army (2nd formation)', 'remnant'],
  ['10-ii', '10th Army (2nd formation)', 'autumn'],
  ['12-ii', '12th Army (2nd formation)', 'remnant'],
  ['16-ii', '16th Army (2nd formation)', 'remnant'],
  ['20-ii', '20th Army (2nd formation)', 'autumn'],
  ['21-ii', '21st Army (2nd formation)', 'remnant'],
  ['26-ii', '26th Army (2nd formation)', 'remnant'],
  ['28-ii', '28th Army (2nd formation)', 'remnant'],
  ['37-ii', '37th Army (2nd formation)', 'autumn'],
];
const pool = POOL.map(([n, name, cat]) => {
  const [a, d, why] = VALUES[cat];
  return add({
    id: `sov-${n}a`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'army',
    name: `${name} (${why})`,
    designation: n === 'coastal' ? 'Coastal' : n.replace('-ii', ' II'),
    factors: f(a, d, 3),
    tags: ['hidden', 'provisional'],
  });
});
// --- Mech (tank) korps (research 3.3): the starting array and the two hidden groups.
const mk = (id: string, n: string, a: number, d: number, why: string, group?: string) =>
  add({
    id,
    side: 'soviet',
    nationality: 'soviet',
    type: 'tank',
    size: 'korps',
    name: `${n} Mechanized Corps${why}`,
    designation: `${n.replace(/\D/g, '')} Mech`,
    factors: f(a, d, 4),
    tags: [...(a >= 4 ? ['elite'] : []), ...(group ? [group] : []), 'provisional'],
  });
const STRONG = [
  ['6', 'Białystok, "the strongest of the Western Front"'],
  ['4', 'Lvov, 892 tanks (412 T-34/KV)'],
  ['8', 'Drohobych, 858 tanks'],
  ['15', 'Brody, 733 tanks'],
  ['3', 'Kaunas-Vilnius, with 12th MC 987 tanks'],
  ['1', 'Pskov (Leningrad MD)'],
] as const;
const WEAK = [
  ['12', 'Šiauliai'],
  ['11', 'Grodno'],
  ['13', 'Bielsk'],
  ['14', 'Kobrin'],
  ['22', 'Rovno'],
  ['2', 'Tiraspol, 517 tanks'],
  ['9', 'Novograd-Volynsky (Rokossovsky)'],
  ['19', 'Berdichev (Feklenko)'],
] as const;
/** An English ordinal: 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd. */
const ord = (n: string): string => {
  const k = Number(n);
  const suffix = k % 100 >= 11 && k % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
  return `${n}${suffix}`;
};
const tankKorps = [
  ...STRONG.map(([n, why]) => mk(`sov-mk-${n}`, ord(n), 3, 2, ` (${why})`)),
  ...WEAK.map(([n, why]) => mk(`sov-mk-${n}`, ord(n), 2, 1, ` (${why})`)),
];
const HIDDEN_A = ['16', '24', '17', '20', '18', '10', '5', '7', '21', '25'];
const hiddenA = HIDDEN_A.map((n) => mk(`sov-mk-${n}`, ord(n), 2, 1, ' (face-down group A)', 'blind-group-a'));
const hiddenB = [
  ...['16', '24', '17', '20', '18', '10', '5', '7'].map((n) =>
    mk(`sov-mk-${n}-b`, ord(n), 4, 3, ' (face-down group B: T-34/KV-equipped)', 'blind-group-b'),
  ),
  ...['21', '25'].map((n) => mk(`sov-mk-${n}-b`, ord(n), 3, 2, ' (face-down group B)', 'blind-group-b')),
];
// Parachute korps (B-16: the turn-8 "5." is a second formation), Katyushas, railway guns, 1 MMRD.
const PARA: [string, string][] = [
  ['1', 'Leningrad'],
  ['3', 'Minsk'],
  ['5', 'Kiev'],
  ['2', 'Odessa'],
  ['4', 'Moscow'],
];
PARA.forEach(([n]) => {
  add({
    id: `sov-para-${n}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'parachute',
    size: 'korps',
    name: `${ord(n)} Airborne Corps`,
    designation: `${n} Para`,
    factors: f(2, 2, 5),
    tags: ['irreplaceable', 'provisional'],
  });
});
add({
  id: 'sov-para-5-ii',
  side: 'soviet',
  nationality: 'soviet',
  type: 'parachute',
  size: 'korps',
  name: '5th Airborne Corps (2nd formation, B-16)',
  designation: '5 Para II',
  factors: f(2, 2, 5),
  tags: ['irreplaceable', 'provisional', 'reinforcement'],
});
for (const n of ['1', '2', '3'])
  add({
    id: `sov-kat-${n}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'katyusha',
    size: 'regiment',
    name: `${ord(n)} Katyusha (Guards Mortar) Regiment`,
    designation: `${n} Kat`,
    factors: f(0, 1, 5),
    tags: ['irreplaceable', 'provisional'],
  });
for (const n of ['1', '2'])
  add({
    id: `sov-rg-${n}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'railway-gun',
    size: 'regiment',
    name: `Leningrad naval railway battery group ${n} (Baltic Fleet)`,
    designation: `RG ${n}`,
    // B-54: OMF 3 along its rail line ("all other Russian units 3"); reach 1 hex down the line
    // (a 180 mm railway gun's ~37 km [K] against 40 km hexes; OOB-SOURCES.md).
    factors: f(0, 1, 3, { range: 1 }),
    tags: ['irreplaceable', 'provisional', 'reinforcement'],
  });
add({
  id: 'sov-1mmrd',
  side: 'soviet',
  nationality: 'soviet',
  type: 'motorized',
  size: 'division',
  name: '1st Moscow Motorized Rifle Division (Kreizer)',
  designation: '1 MMRD',
  factors: f(2, 2, 5),
  tags: ['moscow-motor-rifle', 'provisional'],
});
// The Siberian Reserve's four shock armies (research 3.7). The 1st Shock Army (formed at
// Zagorsk in November 1941 from the reserve 19th Army, not in the pool; its rifle brigades
// raised from Pacific Fleet sailors [64][75]) and three counters for the 12 rifle, 5 tank and 1
// motorized divisions moved west from the Trans-Baikal and Far East [99]. Not the 2nd, 3rd and
// 4th Shock Armies: those were the pool's 26th (2nd formation), 60th and 27th Armies renamed in
// December 1941 [66][73], and a counter for each would count one headquarters twice.
// 5-4: about 4 1/2 of those divisions a counter, one of them a tank division [99] (OOB-SOURCES.md).
const SIBERIANS: [string, string, string][] = [
  [
    '1',
    '1st Shock Army (Siberian Reserve: Zagorsk, November 1941; brigades of Pacific Fleet sailors)',
    '1 Shock',
  ],
  ['2', 'Siberian Reserve shock army 2 (Far Eastern and Trans-Baikal divisions sent west)', '2 Sib'],
  ['3', 'Siberian Reserve shock army 3 (Far Eastern and Trans-Baikal divisions sent west)', '3 Sib'],
  ['4', 'Siberian Reserve shock army 4 (Far Eastern and Trans-Baikal divisions sent west)', '4 Sib'],
];
const siberians = SIBERIANS.map(([n, name, designation]) =>
  add({
    id: `sov-shock-${n}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'shock',
    size: 'army',
    name,
    designation,
    factors: f(5, 4, 3),
    tags: ['siberian', 'provisional'],
  }),
);
const FRONT_AIR: [string, string, string][] = [
  ['n', 'Northern Front air forces', 'Leningrad'],
  ['nw', 'Northwestern Front air forces', 'Riga'],
  ['w', 'Western Front air forces', 'Minsk'],
  ['sw', 'Southwestern Front air forces', 'Kiev'],
  ['s', 'Southern Front air forces', 'Odessa'],
];
for (const [n, name] of FRONT_AIR)
  add({
    id: `sov-air-${n}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'air',
    size: 'air-korps',
    name,
    designation: `${n.toUpperCase()} VVS`,
    factors: f(0, 0, 0, { shifts: 1, range: 4 }),
    tags: ['provisional'],
  });
add({
  id: 'sov-pvo-6',
  side: 'soviet',
  nationality: 'soviet',
  type: 'air',
  size: 'air-korps',
  name: '6th Fighter Aviation Corps PVO (Moscow)',
  designation: '6 PVO',
  factors: f(0, 0, 0, { range: 3 }),
  tags: ['interceptor', 'provisional'],
});
add({
  id: 'sov-pvo-7',
  side: 'soviet',
  nationality: 'soviet',
  type: 'air',
  size: 'air-korps',
  name: '7th Fighter Aviation Corps PVO (Leningrad)',
  designation: '7 PVO',
  factors: f(0, 0, 0, { range: 3 }),
  tags: ['interceptor', 'provisional'],
});
// Weak divisions: "1 weak infantry/rifle division may survive the elimination of a German korps or
// Russian or German army" (Combat Results, DE). A pool per side, off the map until used.
for (let i = 1; i <= 8; i++)
  add({
    id: `ger-weak-${i}`,
    side: 'axis',
    nationality: 'german',
    type: 'infantry',
    size: 'division',
    name: `Weak infantry division ${i} (survivor of a DE)`,
    designation: 'weak ID',
    factors: f(1, 1, 4),
    tags: ['weak-division', 'provisional'],
  });
for (let i = 1; i <= 16; i++)
  add({
    id: `sov-weak-${i}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'infantry',
    size: 'division',
    name: `Weak rifle division ${i} (survivor of a DE)`,
    designation: 'weak RD',
    factors: f(1, 1, 3),
    tags: ['weak-division', 'provisional'],
  });
const FACTORIES: [string, string, string][] = [
  ['leningrad', 'Kirov Factory (KV-1), Leningrad', 'Leningrad'],
  ['moscow', 'Factory No. 37 (T-40), Moscow', 'Moscow'],
  ['kharkov', 'Kharkov Locomotive Factory No. 183 (T-34)', 'Kharkov'],
  ['stalingrad', 'Stalingrad Tractor Factory (T-34)', 'Stalingrad'],
  ['gorky', 'Krasnoye Sormovo No. 112 (T-34), Gorky', 'Gorky'],
  [
    'tankograd',
    'Tankograd: Chelyabinsk (ChTZ with the evacuated Kirov works), off the map in Siberia',
    'siberia',
  ],
];
for (const [n, name] of FACTORIES)
  add({
    id: `sov-fac-${n}`,
    side: 'soviet',
    nationality: 'soviet',
    type: 'factory',
    size: 'regiment',
    name,
    designation: 'Tank factory',
    factors: f(0, 0, 0, { production: 1 }),
    tags: ['provisional'],
  });

/* ------------------------------------------------------------------------------------ */
/* Axis set-up: printed positions, placements, the standard set-up                       */

const POSITIONS: {
  id: string;
  name: string;
  ll: LL;
  ag: 'north' | 'center' | 'south';
  kind: 'army' | 'panzer-group';
}[] = [
  { id: 'arm-18', name: '18. Armee (Memel - Tilsit)', ll: [21.6, 55.3], ag: 'north', kind: 'army' },
  { id: 'pzgr-4', name: '4. Panzergruppe (Tilsit)', ll: [22.1, 54.95], ag: 'north', kind: 'panzer-group' },
  { id: 'arm-16', name: '16. Armee (Insterburg - Gumbinnen)', ll: [22.3, 54.55], ag: 'north', kind: 'army' },
  { id: 'pzgr-3', name: '3. Panzergruppe (Suwalki)', ll: [22.93, 54.1], ag: 'center', kind: 'panzer-group' },
  { id: 'arm-9', name: '9. Armee (Augustow - Lomza)', ll: [22.4, 53.55], ag: 'center', kind: 'army' },
  { id: 'arm-4', name: '4. Armee (west of Brest)', ll: [22.7, 52.4], ag: 'center', kind: 'army' },
  {
    id: 'pzgr-2',
    name: '2. Panzergruppe (Brest - Terespol)',
    ll: [23.4, 52.05],
    ag: 'center',
    kind: 'panzer-group',
  },
  { id: 'arm-6', name: '6. Armee (Lublin - Hrubieszow)', ll: [23.5, 51.0], ag: 'south', kind: 'army' },
  {
    id: 'pzgr-1',
    name: '1. Panzergruppe (Sokal - Tomaszow)',
    ll: [23.7, 50.6],
    ag: 'south',
    kind: 'panzer-group',
  },
  { id: 'arm-17', name: '17. Armee (Jaroslaw - Przemysl)', ll: [22.8, 50.1], ag: 'south', kind: 'army' },
  { id: 'arm-11', name: '11. Armee (northern Moldavia)', ll: [26.9, 47.4], ag: 'south', kind: 'army' },
];
const posHex: Record<string, string> = {};
for (const p of POSITIONS) {
  const h = nearestHex(
    p.ll,
    (k) => axisGround(k) && !Object.values(posHex).includes(k) && !rumaniaOnlyFor(p.id, k),
  );
  posHex[p.id] = h;
}
function rumaniaOnlyFor(id: string, h: string): boolean {
  return id === 'arm-11' ? !rumania.has(h) : rumania.has(h);
}
const ARMY_POS: Record<string, string> = {
  '18': 'arm-18',
  '16': 'arm-16',
  '9': 'arm-9',
  '4': 'arm-4',
  '6': 'arm-6',
  '17': 'arm-17',
  '11': 'arm-11',
};
const AG_ARMY_POS: Record<'north' | 'center' | 'south', string[]> = {
  north: ['arm-18', 'arm-16'],
  center: ['arm-9', 'arm-4'],
  south: ['arm-6', 'arm-17'],
};

type Placement = { near: string[]; within: number } | { zone: string };
const axisPlacement: Record<string, Placement> = {};
const stdAxis: Record<string, string> = {};
/** Axis stacking (rules "Stacking Limits"): 1 army and 1 motorized korps at most, 3 units plus an attached panzer/SS division. */
const axisStack = new Map<string, string[]>();
const unitById = new Map(units.map((u) => [u.id, u]));
function axisFits(h: string, id: string): boolean {
  const here = axisStack.get(h) ?? [];
  const u = unitById.get(id)!;
  const bigs = here.filter(
    (x) =>
      unitById.get(x)!.size === 'army' ||
      (unitById.get(x)!.type === 'motorized' && unitById.get(x)!.size === 'korps'),
  );
  if (u.size === 'army' && bigs.some((x) => unitById.get(x)!.size === 'army')) return false;
  if (u.type === 'motorized' && u.size === 'korps' && bigs.some((x) => unitById.get(x)!.size === 'korps'))
    return false;
  const counted = here.filter(
    (x) => unitById.get(x)!.type !== 'air' && unitById.get(x)!.type !== 'rail-conversion',
  ).length;
  const isDiv = u.size === 'division';
  const attached = isDiv && bigs.length > 0 && !here.some((x) => unitById.get(x)!.size === 'division');
  if (u.type === 'air' || u.type === 'rail-conversion') return true;
  return counted < 3 || (attached && counted < 4);
}
function placeAxis(id: string, placement: Placement, prefer: (h: string) => number): void {
  axisPlacement[id] = placement;
  const candidates = allHexes.filter((h) => {
    if (!axisGround(h)) return false;
    if ('zone' in placement) return zoneHexes(placement.zone).has(h);
    return placement.near.some((p) => dist(posHex[p]!, h) <= placement.within);
  });
  candidates.sort((a, b) => prefer(a) - prefer(b) || a.localeCompare(b));
  const h = candidates.find((c) => axisFits(c, id));
  check(h !== undefined, `no room to set up ${id}`);
  if (!h) return;
  stdAxis[id] = h;
  axisStack.set(h, [...(axisStack.get(h) ?? []), id]);
}
/**
 * Every counter's position on 22 June 1941 (data/setup-1941.json: place, latitude/longitude,
 * source): each counter of the standard set-up goes to the legal hex nearest its position.
 */
const SETUP_1941 = JSON.parse(readFileSync(join(DATA, 'setup-1941.json'), 'utf8')) as {
  counters: { unit: string; place: string; lat: number; lon: number; source: string; why?: string }[];
};
const tableLL = new Map<string, LL>(SETUP_1941.counters.map((c) => [c.unit, [c.lon, c.lat] as const]));
for (const c of SETUP_1941.counters) check(unitById.has(c.unit), `setup-1941.json: no unit ${c.unit}`);
/** Hexes from a counter's table position (0 in the hex holding it), then km as a tie-break. */
const fromTable = (id: string, h: string): number => {
  const ll = tableLL.get(id);
  if (!ll) return 0;
  const at = grid.hexAt(ll);
  return dist(h, makeHexNumber(at)) + grid.kmFromCentre(parseHexNumber(h)!, ll) / 1000;
};
for (const [n, pos] of Object.entries(ARMY_POS)) placeAxis(`ger-${n}a`, { near: [pos], within: 0 }, () => 0);
// The text's set-up rules bound each placement; the table position chooses within them:
// "German panzer and SS divisions and motorized korps must start within 2 hexes of their
// group's indicated position", "German infantry korps start within 2 hexes of the armies in
// their army groups", "The 3 German units with Rm on them may start anywhere in Rumania".
for (const m of mobile) placeAxis(m.id, { near: [m.group], within: 2 }, (h) => fromTable(m.id, h));
for (const k of infantryKorps)
  placeAxis(k.id, { near: AG_ARMY_POS[k.ag], within: 2 }, (h) => fromTable(k.id, h));
for (const id of [...rmUnits, 'rum-3a', 'rum-mtn', 'rum-cav', 'rum-4a', 'rum-1tk'])
  placeAxis(id, { zone: 'rumania' }, (h) => fromTable(id, h));
for (const n of ['i', 'ii', 'viii', 'iv', 'v'])
  placeAxis(`ger-fk-${n}`, { zone: 'germany' }, (h) => fromTable(`ger-fk-${n}`, h));

/* ------------------------------------------------------------------------------------ */
/* Railheads and conversion units: the last standard-gauge hex of each line into the USSR */

const crossings: { hex: string; line: string }[] = [];
for (const c of mapFile.connections ?? []) {
  if (c.kind !== 'rail') continue;
  const first = c.path[0]!;
  const last = c.path.at(-1)!;
  if (!ussr.has(first) && isLand(first)) crossings.push({ hex: first, line: c.name ?? '' });
  if (!ussr.has(last) && isLand(last)) crossings.push({ hex: last, line: c.name ?? '' });
}
const RAILHEAD_NEAR: [string, LL][] = [
  ['north', [22.0, 54.7]], // Gumbinnen: Insterburg - Kaunas
  ['center', [22.2, 53.0]], // Malkinia / Lomza: Warsaw - Bialystok
  ['center', [23.4, 52.1]], // Terespol: Warsaw - Brest
  ['south', [22.8, 49.9]], // Przemysl: Krakow - Lvov
  ['rumania', [27.6, 47.2]], // Iasi: Bucharest - Kishinev
];
const railheads = RAILHEAD_NEAR.map(([, ll]) => {
  const c = crossings
    .filter((x) => !ussr.has(x.hex))
    .sort(
      (a, b) => grid.kmFromCentre(parseHexNumber(a.hex)!, ll) - grid.kmFromCentre(parseHexNumber(b.hex)!, ll),
    )[0];
  check(c !== undefined, 'no border rail crossing for a railhead');
  return c?.hex ?? '';
});
check(new Set(railheads).size === railheads.length, `two railheads in one hex: ${railheads.join(' ')}`);
for (const [i, ag] of (['north', 'center', 'south'] as const).entries()) {
  const id = `ger-eisb-${ag}`;
  axisPlacement[id] = { zone: 'germany' };
  const h = railheads[i === 2 ? 3 : i === 1 ? 2 : 0]!;
  stdAxis[id] = h;
  axisStack.set(h, [...(axisStack.get(h) ?? []), id]);
}

/* ------------------------------------------------------------------------------------ */
/* Soviet standard set-up                                                                */

const stdSoviet: Record<string, string> = {};
const sovStack = new Map<string, string[]>();
/** Soviet stacking: 2 armies and/or korps a hex, plus 1 MMRD; Katyushas, air units, factories free. */
function sovFits(h: string, id: string): boolean {
  const u = unitById.get(id)!;
  if (['katyusha', 'air', 'factory'].includes(u.type) || id === 'sov-1mmrd') return true;
  const count = (sovStack.get(h) ?? []).filter((x) => {
    const v = unitById.get(x)!;
    return !['katyusha', 'air', 'factory'].includes(v.type) && x !== 'sov-1mmrd';
  }).length;
  return count < 2;
}
const putSoviet = (id: string, h: string) => {
  check(sovFits(h, id), `Soviet stacking broken by ${id} in ${h}`);
  stdSoviet[id] = h;
  sovStack.set(h, [...(sovStack.get(h) ?? []), id]);
};
const FIXED: Record<string, string> = {
  ...Object.fromEntries(PARA.map(([n, place]) => [`sov-para-${n}`, place])),
  'sov-kat-1': 'Moscow',
  'sov-1mmrd': 'Moscow',
  ...Object.fromEntries(FACTORIES.map(([n, , place]) => [`sov-fac-${n}`, place])),
};
for (const [id, place] of Object.entries(FIXED)) if (place !== 'siberia') putSoviet(id, placeHex(place));
for (const [n, , place] of FRONT_AIR) putSoviet(`sov-air-${n}`, placeHex(place));
putSoviet('sov-pvo-6', placeHex('Moscow'));
putSoviet('sov-pvo-7', placeHex('Leningrad'));

// The 21 armies on the board in the standard set-up: the first of the pool, those of 22 June 1941.
// Which 42 armies a game draws is made at its set-up on the game's dice ("42 ... randomly
// selected", standard-setup.ts, B-80), so the file names no draw; the counters on the board
// name places only (B-18).
const onBoard = pool.slice(0, 21);
// Border cover: 10 frontier armies and 10 tank korps, north to south (research 3.1, 3.3).
const borderArmies = ['8', '11', '3', '10', '4', '5', '6', '26', '12', '9'].map((n) => `sov-${n}a`);
const borderTanks = ['12', '3', '11', '6', '13', '14', '4', '9', '2', '19'].map((n) => `sov-mk-${n}`);
const coverUnits = borderArmies.flatMap((a, i) => [a, borderTanks[i]!]);
const covered = new Set<string>();
const borderSet = new Set(sovietBorder);
const zocOf = (h: string) => [h, ...neighbours(h)];
// The fewest cover positions, greedily north to south (each border hex in the zone of control
// of one); then each position takes, cheapest first over all pairs, the covering unit nearest
// its 22 June position; the other units stand on the border-side hex nearest their own.
const borderOrder = [...sovietBorder].sort((a, b) => latOf(b) - latOf(a));
const coverHexes: string[] = [];
for (const b of borderOrder) {
  if (covered.has(b)) continue;
  const options = zocOf(b).filter((h) => ussr.has(h) && isLand(h));
  options.sort((x, y) => {
    const gain = (h: string) => zocOf(h).filter((k) => borderSet.has(k) && !covered.has(k)).length;
    return gain(y) - gain(x) || latOf(x) - latOf(y);
  });
  const h = options[0]!;
  coverHexes.push(h);
  for (const k of zocOf(h)) covered.add(k);
}
check(
  coverHexes.length <= coverUnits.length,
  `the border needs ${coverHexes.length} cover hexes for ${coverUnits.length} units`,
);
const coverCandidates = allHexes.filter(
  (h) => ussr.has(h) && isLand(h) && sovietBorder.some((b) => dist(b, h) <= 1),
);
const coverAt = new Map<string, string>();
const coverCount = (h: string) => [...coverAt.values()].filter((x) => x === h).length;
const pairs = coverHexes
  .flatMap((h) => coverUnits.map((id) => ({ h, id, cost: fromTable(id, h) })))
  .sort((x, y) => x.cost - y.cost || x.id.localeCompare(y.id) || x.h.localeCompare(y.h));
for (const { h, id } of pairs) if (!coverAt.has(id) && coverCount(h) === 0) coverAt.set(id, h);
for (const id of coverUnits) {
  if (coverAt.has(id)) continue;
  const h = [...coverCandidates]
    .filter((c) => coverCount(c) < 2)
    .sort((x, y) => fromTable(id, x) - fromTable(id, y) || x.localeCompare(y))[0]!;
  coverAt.set(id, h);
}
covered.clear();
for (const id of coverUnits) {
  putSoviet(id, coverAt.get(id)!);
  for (const k of zocOf(coverAt.get(id)!)) covered.add(k);
}
check(
  sovietBorder.every((b) => covered.has(b)),
  `the border is not covered: ${sovietBorder.filter((b) => !covered.has(b)).join(' ')}`,
);
// Extras: one on each city or fortress back from the border, near their historical place;
// none on an island (Kronstadt: water parts it from every land hex, issue #42 item 5), which
// an army could leave only by sea.
const parted = new Set(
  (mapFile.hexsides ?? [])
    .filter((g) => g.separates === true)
    .flatMap((g) => g.between.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`])),
);
const joinedByLand = (h: string) => neighbours(h).some((n) => isLand(n) && !parted.has(`${h}|${n}`));
const cityHexes = places
  .filter(
    (p) =>
      ['victory-city', 'major-city', 'fortress-city', 'city'].includes(p.kind) &&
      ussr.has(p.hex) &&
      !borderSet.has(p.hex) &&
      !neighbours(p.hex).some((n) => borderSet.has(n)) &&
      joinedByLand(p.hex),
  )
  .map((p) => p.hex);
const extraUsed = new Set<string>();
/** The extras, in priority order: the table's second-echelon counters (source "extra"). */
const EXTRA_AT = SETUP_1941.counters.filter((c) => c.source === 'extra').map((c) => [c.unit] as const);
for (const [id] of EXTRA_AT) {
  const ll = tableLL.get(id);
  check(ll !== undefined, `setup-1941.json has no position for ${id}`);
  if (!ll) continue;
  const h = nearestHex(ll, (k) => cityHexes.includes(k) && !extraUsed.has(k) && sovFits(k, id));
  check(h !== '', `no city left for ${id}`);
  extraUsed.add(h);
  putSoviet(id, h);
}
check(
  onBoard.every((id) => stdSoviet[id] !== undefined),
  `armies on the board without a place: ${onBoard.filter((id) => !stdSoviet[id]).join(', ')}`,
);
check(
  [...tankKorps, ...hiddenA].every((id) => stdSoviet[id] !== undefined),
  `tank korps without a place: ${[...tankKorps, ...hiddenA].filter((id) => !stdSoviet[id]).join(', ')}`,
);

/* ------------------------------------------------------------------------------------ */
/* Calendar, weather, reinforcements                                                     */

const W = (s: string) => s.split(' ') as ('good' | 'light-mud' | 'mud' | 'hard-frost' | 'snow')[];
const TURNS: [string, string, string, string][] = [
  ['June II 1941', '22-30 Jun 1941', 'good', 'good good good good good good'],
  ['July I 1941', '1-15 Jul 1941', 'good', 'good good good good good light-mud'],
  ['July II 1941', '16-31 Jul 1941', 'good', 'good good good good good light-mud'],
  ['August I 1941', '1-15 Aug 1941', 'good', 'good good good good good light-mud'],
  ['August II 1941', '16-31 Aug 1941', 'good', 'good good good good good light-mud'],
  ['September I 1941', '1-15 Sep 1941', 'good', 'good good good good light-mud light-mud'],
  ['September II 1941', '16-30 Sep 1941', 'good', 'good good good good light-mud mud'],
  ['October I 1941', '1-15 Oct 1941', 'light-mud', 'good good light-mud light-mud mud mud'],
  ['October II 1941', '16-31 Oct 1941', 'mud', 'light-mud mud mud mud mud hard-frost'],
  ['November I 1941', '1-15 Nov 1941', 'mud', 'light-mud light-mud mud mud mud hard-frost'],
  [
    'November II 1941',
    '16-30 Nov 1941',
    'hard-frost',
    'mud hard-frost hard-frost hard-frost hard-frost snow',
  ],
  ['December I 1941', '1-15 Dec 1941', 'snow', 'hard-frost hard-frost snow snow snow snow'],
  ['December II 1941', '16-31 Dec 1941', 'snow', 'hard-frost snow snow snow snow snow'],
  ['January I 1942', '1-15 Jan 1942', 'snow', 'hard-frost snow snow snow snow snow'],
  ['January II 1942', '16-31 Jan 1942', 'snow', 'hard-frost snow snow snow snow snow'],
];
const turns = TURNS.map(([label, dates, weather, roll], i) => ({
  turn: i + 1,
  label,
  dates,
  monthStart: label.includes(' I ') && !label.includes(' II '),
  weather: weather as 'good',
  weatherRoll: W(roll),
}));
const reinforcements = [
  {
    turn: 2,
    side: 'axis' as const,
    units: ['ger-2a'],
    at: 'Warsaw',
    note: '2. Armee HQ (Weichs) from the Balkans, end of June 1941 [12]',
  },
  {
    turn: 2,
    side: 'axis' as const,
    units: ['hun-mob'],
    at: 'hungary',
    note: 'Hungary at war 27 June; the Mobile Corps under 17. Armee from 1 July [37][43]',
  },
  {
    turn: 2,
    side: 'axis' as const,
    units: ['ger-xxxv-ak', 'ger-liii-ak'],
    at: 'Warsaw',
    note: 'OKH reserve fed to Army Group Centre in July [K]',
  },
  {
    turn: 3,
    side: 'axis' as const,
    units: ['ger-xxxiv-ak'],
    at: 'Lublin',
    note: 'OKH reserve to Army Group South, July [K]',
  },
  {
    turn: 3,
    side: 'axis' as const,
    units: ['ger-l-ak'],
    at: 'Koenigsberg',
    note: 'OKH reserve to Army Group North, July [K]',
  },
  {
    turn: 4,
    side: 'axis' as const,
    units: ['ita-csir'],
    at: 'Iasi',
    note: 'CSIR constituted 10 July, first action 10 August between Bug and Dniester [45c]',
  },
  {
    turn: 5,
    side: 'axis' as const,
    units: ['slo-rapid'],
    at: 'Przemysl',
    note: 'Slovak Rapid Division formed in August 1941 [44b]',
  },
  {
    turn: 6,
    side: 'axis' as const,
    units: ['ger-2pz'],
    at: 'Warsaw',
    note: '2. Panzer-Division to the Russian front in September 1941 [50]',
  },
  {
    turn: 7,
    side: 'axis' as const,
    units: ['ger-5pz'],
    at: 'Warsaw',
    note: '5. Panzer-Division from the Balkans for Typhoon [K]',
  },
  {
    turn: 13,
    side: 'axis' as const,
    units: ['ger-w1-ak'],
    at: 'axis-west',
    note: 'winter reinforcements from the west, December 1941 [K]',
  },
  {
    turn: 14,
    side: 'axis' as const,
    units: ['ger-w2-ak'],
    at: 'axis-west',
    note: 'winter reinforcements from the west, January 1942 [K]',
  },
  {
    turn: 4,
    side: 'soviet' as const,
    units: ['sov-kat-2'],
    at: 'Moscow',
    note: 'rules text lost ("the other two arrive in"); first rocket units at the front from July-August [92][94]: provisional',
  },
  { turn: 6, side: 'soviet' as const, units: ['sov-kat-3'], at: 'Moscow', note: 'as above: provisional' },
  {
    turn: 4,
    side: 'soviet' as const,
    units: ['sov-rg-1', 'sov-rg-2'],
    at: 'Leningrad',
    note: 'rules: "They both enter the game on Leningrad in August I"',
  },
  {
    turn: 8,
    side: 'soviet' as const,
    units: ['sov-para-5-ii'],
    at: 'Moscow',
    note: 'rules: "5. arriving Turn 8"; B-16: a second formation',
  },
];

/* ------------------------------------------------------------------------------------ */
/* The provisional ground-and-air combat table                                           */

const airTable: AirTableFile = {
  id: 'barbarossa-1941-air-provisional',
  game: 'barbarossa-1941',
  title: 'Barbarossa 1941: Ground and Air Combat Results Table (PROVISIONAL: the printed table is lost)',
  provisional: true,
  die: 6,
  columns: [
    'Luftwaffe, not intercepted',
    'Luftwaffe, intercepted',
    'Soviet air, not intercepted',
    'Soviet air, intercepted',
  ],
  results: {
    D: {
      name: 'Disrupted',
      text: 'The target unit is Disrupted in place: it cannot be retreated farther as in a ground combat D result. Aerial Disruption by Bombing breaks down a korps, if it can be broken down.',
    },
    'D*': {
      name: 'Disrupted unless protected',
      text: 'D* = "-" result if attacking panzer/armor or any units which are entrenched or in forest, hills, mountains, or in major, victory, or forest cities; otherwise D.',
    },
    AA: {
      name: 'Anti-aircraft',
      text: 'AA = Air unit shot down if attacking UnDisrupted German army or Russian victory city; otherwise no effect.',
    },
    '-': { name: 'No effect', text: 'No effect.' },
    I: {
      name: 'Intercepted',
      text: 'Intercepted = Mission prevented and air unit out of game until next turn.',
    },
    SD: {
      name: 'Shot Down',
      text: 'Shot Down (or overrun on the ground) = Air unit out of game until 2 player-turns later.',
    },
  },
  order: ['SD', 'I', 'AA', '-', 'D*', 'D'],
  rows: {
    '1': ['D', 'D', 'D', 'D*'],
    '2': ['D', 'D*', 'D*', '-'],
    '3': ['D*', '-', 'D*', 'I'],
    '4': ['D*', 'I', '-', 'I'],
    '5': ['-', 'I', 'AA', 'SD'],
    '6': ['AA', 'SD', 'AA', 'SD'],
  },
  modifiers: [
    { when: 'the target unit is already Disrupted ("Shift die roll 1 better")', shift: -1 },
    {
      when: 'bombing, supporting or intercepting beyond half range ("increases enemy interception by 1 on the die roll in all cases")',
      shift: 1,
    },
  ],
  sources:
    'PROVISIONAL (issue #23). The printed Ground and Air Combat Results Table of barbarossa-1941.txt is lost; the results and their meanings are quoted from the text ("Air Attack and Combat Results", "Notes"). ' +
    'One d6 roll per target unit, top of the stack down, anti-aircraft-capable units first. Low rolls favour the air unit; a modified roll below 1 reads 1, above 6 reads 6. ' +
    'Columns: the Luftwaffe is more effective than the 1941 Soviet air forces (research 2.6: 2,598 German combat aircraft against a Soviet force losing most of its aircraft in the first weeks); an intercepted mission reads the intercepted column. ' +
    'Each column is monotone: a higher roll is never better for the air unit (order SD < I < AA < - < D* < D). Replace this file with the printed table when found.',
};

/* ------------------------------------------------------------------------------------ */
/* Output                                                                                */

const sovietFixed = Object.fromEntries(Object.entries(FIXED));
const setup = {
  sources:
    'Generated by packages/games/scripts/gen-barbarossa-scenario.ts from the map; rules "Setup" (barbarossa-1941.txt), B-16; ' +
    'positions from research/barbarossa-1941.md 2.2-2.4 (start areas) and 3.1 (Soviet armies on 22 June). See OOB-SOURCES.md.',
  positions: POSITIONS.map((p) => ({
    id: p.id,
    name: p.name,
    hex: posHex[p.id]!,
    armyGroup: p.ag,
    kind: p.kind,
  })),
  axis: axisPlacement,
  soviet: {
    rifleArmyPool: pool,
    draw: 42,
    onBoard: 21,
    borderArmies: 10,
    borderTankKorps: 10,
    reinforcementsPerTurn: 3,
    tankKorps,
    hiddenTankGroups: { a: hiddenA, b: hiddenB },
    fixed: sovietFixed,
    extraArmyPlaceKinds: ['victory-city', 'major-city', 'fortress-city', 'city'],
  },
  railheads,
  standard: { axis: stdAxis, hiddenTankGroup: 'a', soviet: stdSoviet },
};
const turnsFile = {
  sources:
    'Turn record track: 15 half-month turns, June II 1941 - January II 1942 (rules, B-11; research 1.1). Historical weather: research 1.3 (estimate from ' +
    "[2][3a][5][6][7][8][9a][11a][11b][12][14][16]); the weather roll is the project's (B-11 optional rule), weighted around the historical state. " +
    'Reinforcements: research 2.5, 2.7, 3.4, 3.5, 3.9 (sources in each note); [K] = from the standard literature, unconfirmed: provisional.',
  turns,
  reinforcements,
  siberianReserve: { units: siberians, safeFromTurn: 13 },
  panzerReplacements: { factorsPerMonth: 2, fromTurn: 4 },
  hiddenArmyAssumedFactors: 2,
};
const unitsFile = {
  sources:
    'Orders of battle: research/barbarossa-1941.md sections 2-3 (sources there). Factors: the rules text where it gives them (tank korps 3-2, 2-1, 4-3; ' +
    'OMFs; a panzer division is a 2-factor unit; hidden rifle armies assumed 2), otherwise reconstructed on that scale and marked provisional; see OOB-SOURCES.md.',
  units,
};

if (errors.length > 0) {
  console.error(`gen-barbarossa-scenario: ${errors.length} check(s) failed:\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
const outputs: [string, string][] = [
  [join(DATA, 'generated/units.json'), `${JSON.stringify(unitsFile, null, 1)}\n`],
  [join(DATA, 'generated/setup.json'), `${JSON.stringify(setup, null, 1)}\n`],
  [join(DATA, 'generated/turns.json'), `${JSON.stringify(turnsFile, null, 1)}\n`],
  [join(DATA, 'generated/air-table.provisional.json'), `${JSON.stringify(airTable, null, 2)}\n`],
];
let stale = 0;
for (const [file, text] of outputs) {
  if (process.argv.includes('--check')) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {}
    if (old !== text) {
      console.error(`gen-barbarossa-scenario: ${file} is not what the generator makes`);
      stale++;
    }
  } else writeFileSync(file, text);
}
if (stale > 0) process.exit(1);
console.log(
  `${process.argv.includes('--check') ? 'checked' : 'wrote'} units (${units.length}), set-up (${Object.keys(stdAxis).length} Axis, ` +
    `${Object.keys(stdSoviet).length} Soviet placed; border ${sovietBorder.length} hexes), turns (${turns.length}), air table`,
);

export type { ScenarioFile };
