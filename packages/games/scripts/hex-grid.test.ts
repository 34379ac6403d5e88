import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { distToPolyline, hexGrid, hexsideGraph, onMapRuns, positionOn } from './hex-grid.ts';

describe('the generators’ hex grid', () => {
  const grid = hexGrid(6, 5, 10 / Math.sqrt(3));
  it('numbers hexes CCRR, column by column, and knows its rim', () => {
    assert.equal(grid.all.length, 30);
    assert.equal(grid.key(grid.all[0]!), '0101');
    assert.equal(grid.key(grid.all[5]!), '0201');
    assert.deepEqual(grid.parse('0305'), { col: 3, row: 5 });
    assert.equal(grid.isRim(grid.parse('0101')), true);
    assert.equal(grid.isRim(grid.parse('0303')), false);
    assert.equal(grid.neighbours(grid.parse('0303')).length, 6);
  });
  it('finds the hex a point lies in, and whether it is inside the outer half hex', () => {
    const c = grid.centre(grid.parse('0303'));
    assert.equal(grid.key(grid.hexAtPt(c)), '0303');
    assert.equal(grid.insideMap(c), true);
    assert.equal(grid.insideMap(grid.centre(grid.parse('0101'))), false);
  });
  it('refuses a grid the hex numbers cannot say', () => {
    assert.throws(() => hexGrid(100, 5, 1), /100x5 is no grid/);
    assert.throws(() => hexGrid(5, 5, 0), /size 0/);
  });
});

describe('hexsides and their corners', () => {
  const grid = hexGrid(6, 5, 10 / Math.sqrt(3));
  const g = hexsideGraph(grid, 100);
  it('one hexside for each pair of adjacent hexes, found either way round', () => {
    let pairs = 0;
    for (const h of grid.all) pairs += grid.neighbours(h).length;
    assert.equal(g.sides.length, pairs / 2);
    for (const [i, s] of g.sides.entries()) {
      assert.ok(grid.adjacent(grid.parse(s.a), grid.parse(s.b)));
      assert.equal(g.sideIndex.get(`${s.b}|${s.a}`), i);
    }
  });
  it('two or three hexsides at each corner, a hex size from the centres of its hexes', () => {
    for (const sides of g.vertexSides.values()) assert.ok(sides.length >= 1 && sides.length <= 3);
    assert.ok([...g.vertexSides.values()].some((l) => l.length === 3));
    const s = g.sides[0]!;
    const p = g.vertexPos.get(s.v1)!;
    const c = grid.centre(grid.parse(s.a));
    assert.ok(Math.abs(Math.hypot(p.x - c.x, p.y - c.y) - grid.size) < 1e-9);
  });
  it('too coarse a corner key is refused', () => {
    assert.throws(() => hexsideGraph(grid, 0.01), /corners share keys/);
  });
  it('a river walks the hexsides along its course, corner to corner, and no further', () => {
    const a = grid.centre(grid.parse('0203'));
    const b = grid.centre(grid.parse('0503'));
    const line = [a, b];
    const from = g.nearestVertex(a);
    const to = g.nearestVertex(b);
    const chain = g.sideChain(line, from, to);
    assert.ok(chain.length >= 3);
    // consecutive hexsides share a corner, from the first corner to the last
    let at = from;
    for (const si of chain) {
      const s = g.sides[si]!;
      assert.ok(s.v1 === at || s.v2 === at, `side ${si} does not start at ${at}`);
      at = s.v1 === at ? s.v2 : s.v1;
    }
    assert.equal(at, to);
    for (const si of chain) assert.ok(distToPolyline(g.sides[si]!.mid, line) < grid.size);
    assert.deepEqual(g.sideChain(line, from, to, { margin: 30 }), chain, 'a box around it changes nothing');
    assert.throws(() => g.sideChain(line, from, to, { margin: 0, banned: chain[0]! }), /no route/);
  });
});

describe('polylines', () => {
  const line = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ];
  it('where a point lies along a line: its distance and how far along', () => {
    assert.deepEqual(positionOn(line, { x: 5, y: 3 }), { km: 3, along: 0.5 });
    assert.deepEqual(positionOn(line, { x: 12, y: 5 }), { km: 2, along: 1.5 });
    assert.equal(distToPolyline({ x: -3, y: 4 }, line), 5);
  });
  it('a course cut into its on-map stretches, the last one marked when it ends where the course ends', () => {
    const course = [0, 1, 2, 20, 3, 4, 21, 5, 6].map((x) => ({ x, y: 0 }));
    const runs = onMapRuns(course, (p) => p.x < 10);
    assert.deepEqual(
      runs.map((r) => [r.run.map((p) => p.x), r.mouth]),
      [
        [[0, 1, 2], false],
        [[3, 4], false],
        [[5, 6], true],
      ],
    );
    assert.equal(onMapRuns(course.slice(0, 7), (p) => p.x < 10).at(-1)!.mouth, false);
    assert.deepEqual(
      onMapRuns([{ x: 1, y: 0 }], () => true),
      [],
      'a single point is no stretch',
    );
  });
});
