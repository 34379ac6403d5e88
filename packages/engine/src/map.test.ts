import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { neighborsOf, slotBetween } from './graph.ts';
import { axialDistance, DIRECTIONS, directionTo } from './hex.ts';
import {
  compileHexMap,
  compilePointMap,
  connectionBit,
  featureBit,
  fitsLine,
  type HexMapSetup,
  hexAxial,
  hexesWithin,
  hexGridGraph,
  hexIndex,
  hexNumberOf,
  hexsideEnds,
  hexsideId,
  hexsideName,
  lineLoad,
  terrainOf,
} from './map.ts';

const small: HexMapSetup = {
  kind: 'hex',
  columns: 5,
  rows: 5,
  defaultTerrain: 'clear',
  terrain: { '0303': 'forest' },
  hexsides: [
    {
      feature: 'river',
      name: 'Volga',
      between: [
        ['0202', '0302'],
        ['0203', '0303'],
      ],
    },
  ],
  connections: [{ kind: 'road', path: ['0101', '0201', '0301', '0401'] }],
  places: [{ name: 'Rzhev', hex: '0303', kind: 'city' }],
  zones: [{ id: 'dz-01', kind: 'defense-zone', side: 'german', hexes: ['0303', '0304'] }],
  edges: [{ id: 'south', side: 'german', hexes: ['0105', '0205'] }],
};

function compiled() {
  const r = compileHexMap(small);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  return r.value;
}

describe('hex map model', () => {
  it('indexes printed hex numbers and back', () => {
    const m = compiled();
    for (const h of ['0101', '0305', '0501']) assert.equal(hexNumberOf(m, hexIndex(m, h)), h);
    assert.equal(hexIndex(m, '0601'), -1);
    assert.equal(hexIndex(m, 'nope'), -1);
  });
  it('finds the hexes within a distance as measuring every hex of the grid would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 14 }),
        fc.nat(),
        fc.integer({ min: 0, max: 6 }),
        (columns, rows, at, radius) => {
          const dims = { columns, rows };
          const centre = at % (columns * rows);
          const measured: number[] = [];
          for (let h = 0; h < columns * rows; h++)
            if (axialDistance(hexAxial(dims, h), hexAxial(dims, centre)) <= radius) measured.push(h);
          assert.deepEqual(
            hexesWithin(dims, centre, radius).sort((a, b) => a - b),
            measured,
          );
        },
      ),
    );
  });
  it('joins each hex to the neighbour one step away in each direction, and only on the map', () => {
    const onMap = new Uint8Array(7 * 6).fill(1);
    onMap[hexIndex({ columns: 7, rows: 6 }, '0403')] = 0;
    const g = hexGridGraph(7, 6, onMap);
    const dims = { columns: 7, rows: 6 };
    for (let h = 0; h < 42; h++)
      for (let d = 0; d < 6; d++) {
        const t = g.targets[h * 6 + d]!;
        const expected = hexesWithin(dims, h, 1).filter(
          (j) => onMap[h] === 1 && onMap[j] === 1 && directionTo(hexAxial(dims, h), hexAxial(dims, j)) === d,
        );
        assert.deepEqual(t < 0 ? [] : [t], expected, `${hexNumberOf(dims, h)} ${DIRECTIONS[d]}`);
      }
  });
  it('gives corner hexes fewer neighbours and inner hexes six', () => {
    const m = compiled();
    assert.equal(neighborsOf(m.graph, hexIndex(m, '0101')).length, 2);
    assert.equal(neighborsOf(m.graph, hexIndex(m, '0303')).length, 6);
  });
  it('numbers a hexside the same from both hexes', () => {
    const m = compiled();
    const a = hexIndex(m, '0303');
    for (let d = 0; d < 6; d++) {
      const b = m.graph.targets[a * 6 + d]!;
      const back = m.graph.targets.subarray(b * 6, b * 6 + 6).indexOf(a);
      assert.equal(hexsideId(m, a, d), hexsideId(m, b, back));
    }
    assert.match(hexsideName(m, hexsideId(m, a, 0)), /^0303\/N$/);
  });
  it('parts the hexes of a hexside that separates (water narrower than a hex): no graph step across, the feature kept', () => {
    const r = compileHexMap({
      ...small,
      hexsides: [
        ...small.hexsides!,
        { feature: 'sea', name: 'a strait', between: [['0303', '0304']], separates: true },
      ],
    });
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    const m = r.value;
    const a = hexIndex(m, '0303');
    const b = hexIndex(m, '0304');
    assert.ok(!neighborsOf(m.graph, a).includes(b));
    assert.ok(!neighborsOf(m.graph, b).includes(a));
    assert.equal(slotBetween(m.graph, a, b), -1);
    assert.equal(neighborsOf(m.graph, a).length, 5, 'the other five hexsides still join');
    const sea = featureBit(m, 'sea');
    assert.equal(m.sideFeatures[a * 6 + 3]! & sea, sea, '0304 is S of 0303');
    assert.equal(m.sideFeatures[b * 6 + 0]! & sea, sea);
    // a river does not part its hexes
    assert.ok(neighborsOf(compiled().graph, hexIndex(m, '0202')).includes(hexIndex(m, '0302')));
  });
  it("gives a hexside's two ends: the hexes touching both hexes it parts", () => {
    const m = compiled();
    const a = hexIndex(m, '0303');
    for (let d = 0; d < 6; d++) {
      const b = m.graph.targets[a * 6 + d]!;
      const ends = hexsideEnds(m, a, d);
      const common = neighborsOf(m.graph, a).filter((x) => neighborsOf(m.graph, b).includes(x));
      assert.deepEqual([...ends].sort(), common.sort(), DIRECTIONS[d]);
    }
    // at the grid's edge an end may be off it
    assert.ok(hexsideEnds(m, hexIndex(m, '0101'), 3).includes(-1));
  });
  it('puts a river on both sides of its hexsides and nowhere else', () => {
    const m = compiled();
    const river = featureBit(m, 'river');
    const a = hexIndex(m, '0202');
    const b = hexIndex(m, '0302');
    const s = slotBetween(m.graph, a, b);
    assert.ok(m.sideFeatures[s]! & river);
    assert.ok(m.sideFeatures[slotBetween(m.graph, b, a)]! & river);
    const c = hexIndex(m, '0201');
    assert.equal(m.sideFeatures[slotBetween(m.graph, a, c)]! & river, 0);
  });
  it('links road hexes in both directions along the path', () => {
    const m = compiled();
    const road = connectionBit(m, 'road');
    const a = hexIndex(m, '0201');
    const b = hexIndex(m, '0301');
    assert.ok(m.links[slotBetween(m.graph, a, b)]! & road);
    assert.ok(m.links[slotBetween(m.graph, b, a)]! & road);
    assert.equal(m.links[slotBetween(m.graph, a, hexIndex(m, '0202'))]! & road, 0);
  });
  it('keeps terrain, places, zones and edges', () => {
    const m = compiled();
    assert.equal(terrainOf(m, hexIndex(m, '0303')), 'forest');
    assert.equal(terrainOf(m, hexIndex(m, '0101')), 'clear');
    assert.equal(m.places[m.placeAt[hexIndex(m, '0303')]!]!.name, 'Rzhev');
    assert.equal(m.zones[0]!.membership[hexIndex(m, '0304')], 1);
    assert.equal(m.edges[0]!.side, 'german');
    assert.equal(DIRECTIONS.length, 6);
  });
});

describe('a bad map file names the field and the reason', () => {
  const bad = (patch: Partial<HexMapSetup>) => {
    const r = compileHexMap({ ...small, ...patch });
    assert.ok(!r.ok);
    return r.error;
  };
  it('an unknown hex', () => {
    const e = bad({ places: [{ name: 'X', hex: '0909', kind: 'town' }] });
    assert.equal(e[0]!.path, 'map.places[0].hex');
    assert.equal(e[0]!.code, 'setup/unknown-hex');
  });
  it('a hexside between hexes that do not touch', () => {
    const e = bad({ hexsides: [{ feature: 'river', between: [['0101', '0303']] }] });
    assert.equal(e[0]!.path, 'map.hexsides[0].between[0]');
    assert.equal(e[0]!.code, 'setup/not-adjacent');
  });
  it('a road that jumps', () => {
    const e = bad({ connections: [{ kind: 'rail', path: ['0101', '0103'] }] });
    assert.equal(e[0]!.path, 'map.connections[0].path[1]');
  });
  it('a malformed hex number and a missing field', () => {
    const e = bad({ columns: 0, terrain: { x: 'clear' } as Record<string, string> });
    const paths = e.map((x) => x.path);
    assert.ok(paths.includes('map.columns'), paths.join());
    assert.ok(
      paths.some((p) => p.startsWith('map.terrain')),
      paths.join(),
    );
  });
  it('duplicate zone ids and two places in one hex', () => {
    const e = bad({
      zones: [
        { id: 'a', kind: 'k', hexes: [] },
        { id: 'a', kind: 'k', hexes: [] },
      ],
      places: [
        { name: 'A', hex: '0101', kind: 'town' },
        { name: 'B', hex: '0101', kind: 'town' },
      ],
    });
    assert.deepEqual(e.map((x) => x.path).sort(), ['map.places[1].hex', 'map.zones[1].id']);
  });
});

describe('point-to-point map (same graph interface)', () => {
  const p2p = {
    kind: 'points',
    points: [{ id: 'moscow', name: 'Moscow' }, { id: 'mozhaisk' }, { id: 'volokolamsk' }],
    lines: [
      { from: 'moscow', to: 'mozhaisk', capacity: 3 },
      { from: 'moscow', to: 'volokolamsk', capacity: 2 },
    ],
  };
  it('compiles points and lines with capacities, both directions', () => {
    const r = compilePointMap(p2p);
    assert.ok(r.ok);
    const m = r.value;
    assert.equal(m.graph.nodeCount, 3);
    assert.deepEqual(neighborsOf(m.graph, 0).sort(), [1, 2]);
    const s = slotBetween(m.graph, 2, 0);
    assert.equal(m.capacity[m.graph.edges[s]!], 2);
  });
  it('names an unknown point', () => {
    const r = compilePointMap({ ...p2p, lines: [{ from: 'moscow', to: 'kalinin', capacity: 1 }] });
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.path, 'map.lines[0].to');
  });
});

describe('point maps keep what the board is drawn from (point-to-point.txt)', () => {
  const r = compilePointMap({
    kind: 'points',
    points: [
      { id: 'moscow', name: 'Moscow', kind: 'city', lat: 55.75, lon: 37.62 },
      { id: 'klin', lat: 56.33, lon: 36.73 },
      { id: 'x' },
    ],
    lines: [
      { from: 'moscow', to: 'klin', capacity: 3, kind: 'rail' },
      { from: 'klin', to: 'x', capacity: 1 },
    ],
  });
  it('keeps coordinates and kinds of points, capacities and kinds of lines', () => {
    assert.ok(r.ok);
    assert.deepEqual(r.value.coords, [{ lat: 55.75, lon: 37.62 }, { lat: 56.33, lon: 36.73 }, null]);
    assert.deepEqual(r.value.pointKinds, ['city', 'point', 'point']);
    assert.deepEqual([...r.value.capacity], [3, 1]);
    assert.deepEqual(r.value.lineKinds, ['rail', 'line']);
  });
  it("counts units as 2, 1 or 1/2 of a line's capacity (B.4 Retreat)", () => {
    assert.equal(lineLoad([2, 0.5, 0.5]), 3);
    assert.ok(fitsLine(3, [2, 0.5, 0.5]));
    assert.ok(!fitsLine(3, [2, 1, 0.5]));
    assert.ok(fitsLine(1, [0.5, 0.5]));
  });
});
