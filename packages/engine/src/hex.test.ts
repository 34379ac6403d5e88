import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  axialDistance,
  axialLine,
  axialNeighbor,
  axialNeighbors,
  axialToOffset,
  axialToPixel,
  DIRECTIONS,
  directionTo,
  hexsideEndDirections,
  makeHexNumber,
  offsetToAxial,
  opposite,
  parseHexNumber,
  pixelToAxial,
} from './hex.ts';

const axial = fc
  .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }))
  .map(([q, r]) => ({ q, r }));

describe('hex numbers (printed CCRR, only at the edges)', () => {
  it('parses column then row', () => {
    assert.deepEqual(parseHexNumber('1207'), { col: 12, row: 7 });
    assert.equal(makeHexNumber({ col: 3, row: 14 }), '0314');
  });
  it('refuses what is not a hex number', () => {
    for (const bad of ['120', '12077', 'ab07', '0007', '1200', '', '12 7', '-107', '1.07', '١٢٠٧'])
      assert.equal(parseHexNumber(bad), null, bad);
    assert.throws(() => makeHexNumber({ col: 100, row: 1 }), RangeError);
  });
  it('round-trips offset <-> axial', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 }), (col, row) => {
        assert.deepEqual(axialToOffset(offsetToAxial({ col, row })), { col, row });
      }),
    );
  });
  it('shifts even-numbered columns half a hex down: 0201 is south-east of 0101 and north-east of 0102', () => {
    const a = offsetToAxial({ col: 1, row: 1 });
    assert.deepEqual(axialToOffset(axialNeighbor(a, DIRECTIONS.indexOf('SE'))), { col: 2, row: 1 });
    const b = offsetToAxial({ col: 1, row: 2 });
    assert.deepEqual(axialToOffset(axialNeighbor(b, DIRECTIONS.indexOf('NE'))), { col: 2, row: 1 });
    const c = offsetToAxial({ col: 2, row: 2 });
    assert.deepEqual(axialToOffset(axialNeighbor(c, DIRECTIONS.indexOf('NE'))), { col: 3, row: 2 });
    assert.deepEqual(axialToOffset(axialNeighbor(c, DIRECTIONS.indexOf('SE'))), { col: 3, row: 3 });
  });
});

describe('distance, neighbours, lines', () => {
  it('has six neighbours, each at distance 1, each direction with its opposite', () => {
    fc.assert(
      fc.property(axial, (h) => {
        const ns = axialNeighbors(h);
        assert.equal(ns.length, 6);
        ns.forEach((n, d) => {
          assert.equal(axialDistance(h, n), 1);
          assert.equal(directionTo(h, n), d);
          assert.equal(directionTo(n, h), opposite(d));
        });
      }),
    );
  });
  it("gives a hexside's ends: the two hexes next to both the hex and its neighbour across it", () => {
    fc.assert(
      fc.property(axial, fc.integer({ min: 0, max: 5 }), (h, d) => {
        const across = axialNeighbor(h, d);
        const ends = hexsideEndDirections(d).map((e) => axialNeighbor(h, e));
        for (const e of ends) {
          assert.equal(axialDistance(e, h), 1);
          assert.equal(axialDistance(e, across), 1);
        }
        const common = axialNeighbors(h).filter((n) => axialDistance(n, across) === 1);
        assert.equal(common.length, 2);
      }),
    );
    assert.deepEqual(hexsideEndDirections(0), [5, 1], "N's ends are NW and NE");
    assert.throws(() => hexsideEndDirections(6), RangeError);
  });
  it('is a metric: symmetric and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(axial, axial, axial, (a, b, c) => {
        assert.equal(axialDistance(a, b), axialDistance(b, a));
        assert.ok(axialDistance(a, c) <= axialDistance(a, b) + axialDistance(b, c));
      }),
    );
  });
  it('counts printed hexes: 0101 to 0105 is 4, 0101 to 0501 is 4', () => {
    const d = (a: string, b: string) =>
      axialDistance(offsetToAxial(parseHexNumber(a)!), offsetToAxial(parseHexNumber(b)!));
    assert.equal(d('0101', '0105'), 4);
    assert.equal(d('0101', '0501'), 4);
    assert.equal(d('0101', '0303'), 3);
  });
  it('draws a line of distance+1 adjacent hexes from a to b', () => {
    fc.assert(
      fc.property(axial, axial, (a, b) => {
        const line = axialLine(a, b);
        assert.equal(line.length, axialDistance(a, b) + 1);
        assert.deepEqual(line[0], a);
        assert.deepEqual(line[line.length - 1], b);
        for (let i = 1; i < line.length; i++) assert.equal(axialDistance(line[i - 1]!, line[i]!), 1);
      }),
    );
  });
  it('maps pixels back to the hex they are in', () => {
    fc.assert(
      fc.property(axial, (h) => {
        const p = axialToPixel(h, 10);
        assert.deepEqual(pixelToAxial(p.x + 1, p.y - 1, 10), h);
      }),
    );
  });
});
