/**
 * Generates the provisional tables the texts lost (RULINGS B-1, P-1, P-17):
 *   src/barbarossa-1941/data/crt.provisional.json
 *   src/point-to-point/data/fire-table.provisional.json
 *   src/point-to-point/data/air-to-air.provisional.json
 * Run: npx tsx packages/games/scripts/gen-provisional-tables.ts
 *
 * Barbarossa (B-1): the mars-1942 table by the same designer is diagonal: moving one
 * column right is worth about one pip on the die (its 1:1 column on a roll of 3 reads
 * like 3:2 on a 2 and 2:1 on a 1). The provisional table keeps that shape on the 14
 * columns 1:5 .. 9:1: result(column, roll) = LADDER[column + roll - 1], where the ladder
 * runs from worst to best for the attacker through every result the text defines. So a
 * higher column is never worse on the same roll and a higher roll never worse on the
 * same column, by construction; the test suite checks it.
 *
 * Point-to-point (P-1): columns are firing values 1..20 (the text splits 37 into
 * 19 + 18, so the top column is at least 19; 72 -> 18 x 4 fits a top of 20 too). One
 * die gives the losses: losses(v, r) = floor((v * r + 15) / 21): a lone firing point
 * hits only on a 6, 20 points inflict 1..6 (3.5 on average), monotone in both.
 *
 * Point-to-point air-to-air (P-17): while the combat table is the provisional one, air-to-air
 * combat (A.1) reads a column of its own: on the column of the n Soviet air units present,
 * the roll in sixths of them survive, rounded half up: survivors(n, r) = floor((n * r + 3) / 6)
 * (a lone front air force survives one German air unit on 3-6; 6 units survive as many as
 * the roll), never more than n, monotone in both. The fire table read as survivors left a
 * lone unit alive on a 6 only, so every front air force died on turn 1 (RULINGS P-16).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const columns = [
  '1:5',
  '1:4',
  '1:3',
  '1:2',
  '1:1',
  '3:2',
  '2:1',
  '3:1',
  '4:1',
  '5:1',
  '6:1',
  '7:1',
  '8:1',
  '9:1',
];
const LADDER = [
  'AE',
  'AE',
  'AE',
  'AD',
  'AD',
  '2X',
  '-',
  'X',
  'D',
  'X/2',
  'D1',
  'D1',
  'D2',
  'D2',
  'D3',
  'D3',
  'DE',
  'DE',
  'BK',
];
const order = ['AE', 'AD', '2X', '-', 'X', 'D', 'X/2', 'D1', 'D2', 'D3', 'DE', 'BK'];
if (LADDER.length !== columns.length + 5) throw new Error('ladder must cover every column and roll');
const rows: Record<string, string[]> = {};
for (let roll = 6; roll >= 1; roll--) rows[String(roll)] = columns.map((_, c) => LADDER[c + roll - 1]!);

const results: Record<string, { name: string; text: string }> = {
  BK: {
    name: 'Blitzkrieg!',
    text: 'BK = Defenders ELIMINATED and if all the defenders are suffering the BK result, Blitzkrieg! After any Tactical Advances, German units can attack one additional time - joining in another initial attack, if wished.',
  },
  DE: {
    name: 'Defenders eliminated',
    text: 'DE = Defenders ELIMINATED. 1 weak infantry/rifle division may survive the elimination of a German korps or Russian or German army and retreat as for a D3, unless in a No Retreat! situation.',
  },
  D3: {
    name: 'Defenders retreated 0-3',
    text: 'Dn = Defenders RETREATED 0-n hexes as Attacker chooses - retreat route determined by Defender - and are DISRUPTED. Defender may continue to retreat up to 3-(Dn) hexes (RULINGS B-3).',
  },
  D2: {
    name: 'Defenders retreated 0-2',
    text: 'Dn = Defenders RETREATED 0-n hexes as Attacker chooses - retreat route determined by Defender - and are DISRUPTED. Defender may continue to retreat up to 3-(Dn) hexes (RULINGS B-3).',
  },
  D1: {
    name: 'Defenders retreated 0-1',
    text: 'Dn = Defenders RETREATED 0-n hexes as Attacker chooses - retreat route determined by Defender - and are DISRUPTED. Defender may continue to retreat up to 3-(Dn) hexes (RULINGS B-3).',
  },
  D: {
    name: 'Defenders disrupted',
    text: 'D = All Defending Units DISRUPTED. Some or all Defenders MAY be voluntarily withdrawn a maximum of 2 hexes, if Defender chooses.',
  },
  'X/2': {
    name: 'Half exchange',
    text: 'X/2 = eXchange: attacking units covering half the factor-modified defense factors are eliminated with the defenders (RULINGS B-5).',
  },
  X: {
    name: 'Exchange',
    text: "X = eXchange: defending units whose factor-modified defense factors are at least equaled by some of the attacking units' factors are Eliminated along with attacking units covering the exchange.",
  },
  '2X': {
    name: 'Double exchange',
    text: '2X = eXchange at twice the cost: attacking units covering twice the defense factors are eliminated with the defenders.',
  },
  AD: { name: 'Attackers disrupted', text: 'AD = Attackers Disrupted and faced toward the enemy.' },
  AE: {
    name: 'Attackers eliminated',
    text: 'AE = Attackers (equal to factor-modified defense factors) ELIMINATED',
  },
  '-': { name: 'No effect', text: '- = No effect.' },
};

const crt = {
  id: 'barbarossa-1941-crt-provisional',
  game: 'barbarossa-1941',
  title: 'Barbarossa 1941: Combat Results Table (PROVISIONAL: the printed table is lost)',
  provisional: true,
  die: 6,
  columns,
  results,
  order,
  rows,
  sources:
    'PROVISIONAL (RULINGS B-1). Reconstructed by the Stavka project, not printed: columns and results from barbarossa-1941.txt; the diagonal shape of the mars-1942 table by the same designer; generated by packages/games/scripts/gen-provisional-tables.ts. Load the printed table with --crt FILE when found.',
};

const maxFire = 20;
const fireColumns = Array.from({ length: maxFire }, (_, i) => i + 1);
const fireRows: Record<string, number[]> = {};
for (let roll = 1; roll <= 6; roll++)
  fireRows[String(roll)] = fireColumns.map((v) => Math.floor((v * roll + 15) / 21));
const fire = {
  id: 'point-to-point-fire-provisional',
  game: 'point-to-point',
  title: 'Moscow 1941 point-to-point: Combat Table (PROVISIONAL: the printed table is lost)',
  provisional: true,
  die: 6,
  columns: fireColumns,
  rows: fireRows,
  sources:
    'PROVISIONAL (RULINGS P-1). Reconstructed by the Stavka project: firing values 1..20 (the text splits 37 into 19 + 18), losses = floor((value x roll + 15) / 21), monotone in value and roll; generated by packages/games/scripts/gen-provisional-tables.ts. Load the printed table with --crt FILE when found.',
};

const airRows: Record<string, number[]> = {};
for (let roll = 1; roll <= 6; roll++)
  airRows[String(roll)] = fireColumns.map((n) => Math.min(n, Math.floor((n * roll + 3) / 6)));
const airToAir = {
  id: 'point-to-point-air-to-air-provisional',
  game: 'point-to-point',
  title: 'Moscow 1941 point-to-point: air-to-air column (PROVISIONAL: the printed combat table is lost)',
  provisional: true,
  die: 6,
  columns: fireColumns,
  rows: airRows,
  sources:
    'PROVISIONAL (RULINGS P-17). Reconstructed by the Stavka project: columns are the Soviet air units present (A.1), the result the number surviving one German air unit: survivors = floor((units x roll + 3) / 6), the roll in sixths of the units rounded half up, never more than were present, monotone in units and roll; generated by packages/games/scripts/gen-provisional-tables.ts. Used while the combat table is the provisional one; a printed combat table loaded with --crt FILE serves air-to-air itself (A.1).',
};

writeFileSync(
  join(here, '../src/barbarossa-1941/data/crt.provisional.json'),
  `${JSON.stringify(crt, null, 2)}\n`,
);
writeFileSync(
  join(here, '../src/point-to-point/data/fire-table.provisional.json'),
  `${JSON.stringify(fire, null, 2)}\n`,
);
writeFileSync(
  join(here, '../src/point-to-point/data/air-to-air.provisional.json'),
  `${JSON.stringify(airToAir, null, 2)}\n`,
);
console.log('wrote the provisional Barbarossa CRT, point-to-point fire table and air-to-air column');
