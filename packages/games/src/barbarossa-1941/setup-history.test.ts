/**
 * barbarossa-1941 "Setup" against 22 June 1941 (issue #42): every counter of the standard
 * set-up within 2 hexes of its historical position in data/setup-1941.json (place,
 * latitude/longitude, source), or named there with why not; the set-up rules still hold
 * (data.test.ts checks them with checkSetup).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  axialDistance,
  type HexMapSetup,
  makeHexNumber,
  offsetToAxial,
  parseHexNumber,
} from '@stavka/engine';
import { gridProjection, mapGeoSchema } from './scenario.ts';

const DATA = join(dirname(fileURLToPath(import.meta.url)), 'data');
const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(DATA, name), 'utf8')) as T;
const map = readJson<HexMapSetup>('generated/map.json');
const setup = readJson<{
  standard: { axis: Record<string, string>; soviet: Record<string, string> };
  soviet: { fixed?: Record<string, string> };
}>('generated/setup.json');
const table = readJson<{
  sources: Record<string, string>;
  counters: { unit: string; place: string; lat: number; lon: number; source: string; why?: string }[];
}>('setup-1941.json');
const grid = gridProjection(mapGeoSchema.parse(map.geo));
const hexDistance = (a: string, b: string) =>
  axialDistance(offsetToAxial(parseHexNumber(a)!), offsetToAxial(parseHexNumber(b)!));
const standard: Record<string, string> = { ...setup.standard.axis, ...setup.standard.soviet };

describe('"Setup": the standard set-up as it stood on 22 June 1941 (data/setup-1941.json)', () => {
  it('gives every table entry a place, a position on the map and a source it names', () => {
    for (const c of table.counters) {
      assert.ok(c.place.length > 3, c.unit);
      assert.ok(table.sources[c.source], `${c.unit}: source ${c.source}`);
      assert.ok(c.lat > 40 && c.lat < 65 && c.lon > 15 && c.lon < 50, c.unit);
    }
  });

  it('has every Axis counter of the standard set-up in the table', () => {
    const inTable = new Set(table.counters.map((c) => c.unit));
    assert.deepEqual(
      Object.keys(setup.standard.axis).filter((id) => !inTable.has(id)),
      [],
    );
  });

  it('holds every counter of the table within 2 hexes of its 22 June position, or names why not', () => {
    const far: string[] = [];
    for (const c of table.counters) {
      const hex = standard[c.unit];
      if (hex === undefined) continue;
      const at = makeHexNumber(grid.hexAt([c.lon, c.lat]));
      const d = hexDistance(hex, at);
      if (d > 2 && !c.why) far.push(`${c.unit} in ${hex}, ${d} hexes from ${c.place} (${at})`);
    }
    assert.deepEqual(far, []);
  });

  it('puts the Brest - Lvov axis where it was: the 4th, 5th and 6th Armies and the 4th, 8th and 22nd Mechanized Corps north of Bessarabia', () => {
    for (const id of ['sov-4a', 'sov-5a', 'sov-6a', 'sov-26a', 'sov-mk-4', 'sov-mk-8', 'sov-mk-22']) {
      const hex = standard[id];
      assert.ok(hex, id);
      assert.ok(
        grid.centreOf(parseHexNumber(hex)!)[1] > 48.8,
        `${id} in ${hex} stands south of the Dniester`,
      );
    }
  });
});
