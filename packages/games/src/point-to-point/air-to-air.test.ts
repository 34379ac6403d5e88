/**
 * The provisional air-to-air column (RULINGS P-17, point-to-point A.1): the table itself,
 * and which table air-to-air reads beside a combat table.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFireTable, fireLosses } from '@stavka/engine';
import { AIR_TO_AIR_TABLE, airToAirSurvivors, airToAirTable } from './air-to-air.ts';
import { FIRE_TABLE } from './combat.ts';

describe('RULINGS P-17 The provisional air-to-air column', () => {
  const t = AIR_TO_AIR_TABLE;
  it('is marked provisional, a column for each number of Soviet air units up to 20, one die', () => {
    assert.ok(t.provisional);
    assert.equal(t.die, 6);
    assert.equal(t.maxFire, 20);
    assert.match(t.sources, /P-17/);
  });
  it('gives the roll in sixths of the units present, rounded half up: floor((units x roll + 3) / 6)', () => {
    for (let n = 1; n <= t.maxFire; n++)
      for (let r = 1; r <= 6; r++)
        assert.equal(fireLosses(t, n, r), Math.floor((n * r + 3) / 6), `${n} units, ${r}`);
  });
  it('never more survivors than units present; more units or a higher roll never fewer', () => {
    for (let n = 1; n <= t.maxFire; n++)
      for (let r = 1; r <= 6; r++) {
        const s = fireLosses(t, n, r);
        assert.ok(s >= 0 && s <= n, `${n} units, roll ${r}: ${s}`);
        if (n > 1) assert.ok(s >= fireLosses(t, n - 1, r));
        if (r > 1) assert.ok(s >= fireLosses(t, n, r - 1));
      }
  });
  it('a lone front air force survives one German air unit on 3-6 (on a 6 only when the fire table served, P-1)', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((r) => airToAirSurvivors(t, 1, r)),
      [0, 0, 1, 1, 1, 1],
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((r) => airToAirSurvivors(FIRE_TABLE, 1, r)),
      [0, 0, 0, 0, 0, 1],
    );
  });
  it('is read beside the provisional combat table; a printed table loaded in its place serves air-to-air itself (A.1)', () => {
    assert.equal(airToAirTable(FIRE_TABLE), t);
    const file = {
      id: 'printed',
      game: 'point-to-point',
      title: 'printed',
      provisional: false,
      die: 6,
      columns: [1, 2],
      rows: Object.fromEntries([1, 2, 3, 4, 5, 6].map((r) => [String(r), [1, 2]])),
      sources: 'test',
    };
    const ok = compileFireTable(file);
    assert.ok(ok.ok);
    assert.equal(airToAirTable(ok.value), ok.value);
  });
});
