import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fireLosses, splitFire } from '@stavka/engine';
import fc from 'fast-check';
import { FIRE_TABLE, fireCalc } from './combat.ts';

describe('Large Combats (P-2): fewest, most equal groups not above the highest column', () => {
  it('splits 37 into 19 + 18 (the text example)', () =>
    assert.deepEqual(splitFire(37, FIRE_TABLE.maxFire), [19, 18]));
  it('splits 72 into 18 x 4 (P-2)', () =>
    assert.deepEqual(splitFire(72, FIRE_TABLE.maxFire), [18, 18, 18, 18]));
  it('keeps a total that fits in one group', () => assert.deepEqual(splitFire(20, 20), [20]));
  it('always the fewest groups, none above the top, differing by at most one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 19, max: 30 }), (total, max) => {
        const g = splitFire(total, max);
        assert.equal(g.length, Math.ceil(total / max));
        assert.equal(
          g.reduce((a, b) => a + b, 0),
          total,
        );
        assert.ok(Math.max(...g) <= max && Math.max(...g) - Math.min(...g) <= 1);
      }),
    );
  });
});

describe('fire table (P-1, provisional)', () => {
  it('is provisional, with columns 1 to at least 19', () => {
    assert.equal(FIRE_TABLE.provisional, true);
    assert.ok(FIRE_TABLE.maxFire >= 19);
  });
  it('never gives fewer losses for more fire or a higher roll', () => {
    for (let r = 1; r <= 6; r++) {
      for (let v = 2; v <= FIRE_TABLE.maxFire; v++)
        assert.ok(fireLosses(FIRE_TABLE, v, r) >= fireLosses(FIRE_TABLE, v - 1, r));
    }
    for (let v = 1; v <= FIRE_TABLE.maxFire; v++) {
      for (let r = 2; r <= 6; r++)
        assert.ok(fireLosses(FIRE_TABLE, v, r) >= fireLosses(FIRE_TABLE, v, r - 1));
    }
  });
  it('reports the groups and the exact distribution of total losses, summing to 1', () => {
    const r = fireCalc({ fire: 37 });
    assert.ok(r.ok);
    assert.deepEqual(r.report.sections?.[0]?.columns, ['19', '18']);
    const total = Object.values(r.report.outcomes).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 1) < 1e-12);
    // the minimum is both dice rolling 1 on their columns
    const min = fireLosses(FIRE_TABLE, 19, 1) + fireLosses(FIRE_TABLE, 18, 1);
    assert.equal(Object.keys(r.report.outcomes)[0], String(min));
    assert.equal(r.report.outcomes[String(min)], 1 / 36);
  });
  it('refuses a fire of 0', () => assert.ok(!fireCalc({ fire: 0 }).ok));
});
