import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileHexMap, featureBit, hexIndex, terrainOf } from './map.ts';
import { mapInWeather } from './weather.ts';

const map = (() => {
  const r = compileHexMap({
    kind: 'hex',
    columns: 3,
    rows: 3,
    defaultTerrain: 'clear',
    terrain: { '0202': 'swamp', '0203': 'forest' },
    hexsides: [{ feature: 'river', between: [['0202', '0201']] }],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
})();

describe('barbarossa-1941 "Weather": Snow freezes rivers, swamps and lakes (the map in a weather)', () => {
  const snow = { terrain: { swamp: 'clear' }, ignoreSides: ['river'] };
  it('reads frozen swamp as clear and a frozen river as no river; forest stays forest', () => {
    const frozen = mapInWeather(map, 'snow', snow);
    assert.equal(terrainOf(frozen, hexIndex(map, '0202')), 'clear');
    assert.equal(terrainOf(frozen, hexIndex(map, '0203')), 'forest');
    const slot = hexIndex(map, '0202') * 6;
    assert.ok(map.sideFeatures[slot]! & featureBit(map, 'river'));
    assert.equal(frozen.sideFeatures[slot]! & featureBit(map, 'river'), 0);
  });
  it('leaves the map itself alone, and gives the same object in weather that changes nothing', () => {
    mapInWeather(map, 'snow', snow);
    assert.equal(terrainOf(map, hexIndex(map, '0202')), 'swamp');
    assert.equal(mapInWeather(map, 'good', undefined), map);
    assert.equal(mapInWeather(map, 'good', {}), map);
  });
  it('makes each weather once: a cache keyed by map and weather', () => {
    assert.equal(mapInWeather(map, 'snow', snow), mapInWeather(map, 'snow', snow));
    assert.notEqual(
      mapInWeather(map, 'snow', snow),
      mapInWeather(map, 'hard-frost', { ignoreSides: ['river'] }),
    );
  });
});
