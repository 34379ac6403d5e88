import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { columnLabel, oddsColumn, shiftColumn } from './odds.ts';

/** Columns as a game's table gives them: mars-1942's (lowest 1:4) and barbarossa-1941's (lowest 1:5). */
function columns(labels: string[]) {
  return {
    columnLabels: labels,
    columns: labels.map((l) => {
      const [a, d] = l.split(':').map(Number);
      return { attack: a!, defense: d! };
    }),
  };
}
const MARS = columns(['1:4', '1:3', '1:2', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1', '7:1']);
const BARBAROSSA = columns([
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
]);
const label = (t: typeof MARS, a: number, d: number) => columnLabel(t, oddsColumn(t, a, d));

describe('odds column, rounded in the defender favour (M-2)', () => {
  it('reads the highest column the attack reaches; above the top reads the top', () => {
    assert.equal(label(MARS, 12, 4), '3:1');
    assert.equal(label(MARS, 11, 4), '2:1');
    assert.equal(label(MARS, 27, 4), '5:1');
    assert.equal(label(MARS, 90, 4), '7:1');
    assert.equal(label(MARS, 1, 4), '1:4');
  });
});

describe('odds below the lowest column (RULINGS M-2a)', () => {
  it('run on 1:5, 1:6, 1:7 ... below 1:4, rounded in the defender favour', () => {
    assert.equal(label(MARS, 2, 9), '1:5', 'the ruling: 2 against 9 is 1:5');
    assert.equal(oddsColumn(MARS, 2, 9), -1);
    assert.equal(label(MARS, 1, 5), '1:5');
    assert.equal(label(MARS, 2, 12), '1:6');
    assert.equal(label(MARS, 2, 14), '1:7');
    assert.equal(oddsColumn(MARS, 2, 14), -3);
    assert.equal(label(MARS, 1, 40), '1:40');
  });

  it('a table whose lowest column is 1:5 runs on 1:6, 1:7 ... (barbarossa-1941)', () => {
    assert.equal(label(BARBAROSSA, 1, 5), '1:5');
    assert.equal(label(BARBAROSSA, 1, 6), '1:6');
    assert.equal(oddsColumn(BARBAROSSA, 2, 13), -2);
  });

  it('shifts move along the extended list: 2 against 14 with +2 is 1:7 -> 1:5, still below 1:4', () => {
    const s = shiftColumn(MARS, oddsColumn(MARS, 2, 14), [{ by: 2, reason: 'isolated' }]);
    assert.equal(s.unclamped, -1);
    assert.equal(columnLabel(MARS, s.column), '1:5');
    const ok = shiftColumn(MARS, oddsColumn(MARS, 1, 5), [{ by: 1, reason: 'rationed' }]);
    assert.equal(columnLabel(MARS, ok.column), '1:4');
  });

  it('no attack factors at all is below every column, whatever the shifts', () => {
    const s = shiftColumn(MARS, oddsColumn(MARS, 0, 3), [{ by: 20, reason: 'many' }]);
    assert.ok(s.unclamped < 0);
    assert.equal(columnLabel(MARS, oddsColumn(MARS, 0, 3)), 'no attack factors');
  });

  it('one more attack factor never reads a lower column; the label is the rounded-down ratio', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (a, d) => {
        assert.ok(oddsColumn(MARS, a + 1, d) >= oddsColumn(MARS, a, d));
        const c = oddsColumn(MARS, a, d);
        if (c < 0) {
          const k = Number(columnLabel(MARS, c).split(':')[1]);
          // 1:k is reached (a * k >= d) and 1:(k-1) is not.
          assert.ok(a * k >= d && a * (k - 1) < d, `${a}:${d} -> 1:${k}`);
        }
      }),
    );
  });
});
