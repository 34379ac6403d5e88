/**
 * The combat results as data (results.ts RESULT_EFFECTS) against the table and the
 * definitions of mars-1942.txt. How each result plays out on the board is tested in
 * rules.test.ts, one describe per result.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MARS_CRT } from './combat.ts';
import { RESULT_EFFECTS } from './results.ts';

const effect = (code: string) => {
  const e = RESULT_EFFECTS[code];
  assert.ok(e, `no effect for ${code}`);
  return e;
};

describe('COMBAT RESULTS TABLE', () => {
  it('gives every result the table prints its effects, and none it does not print', () => {
    for (let i = 0; i < MARS_CRT.cells.length; i++) effect(MARS_CRT.resultCodes[MARS_CRT.cells[i]!]!);
    assert.deepEqual(Object.keys(RESULT_EFFECTS).sort(), [...MARS_CRT.resultCodes].sort());
  });
});

describe('COMBAT RESULTS DEFINITIONS', () => {
  it('"DA/2 = The D result" and DAE are a D for the defenders; AE leaves them as "-" does', () => {
    assert.equal(effect('DA/2').defender, effect('D').defender);
    assert.equal(effect('DAE').defender, effect('D').defender);
    assert.equal(effect('AE').defender, effect('-').defender);
    assert.equal(effect('X/2').defender, effect('DE').defender);
  });

  it('the attackers lose half the exchange on X/2, half their attack on DA/2, the defense on AE and DAE', () => {
    const losses = Object.fromEntries(Object.entries(RESULT_EFFECTS).map(([code, e]) => [code, e.attacker]));
    assert.deepEqual(losses, {
      DE: 'none',
      'X/2': 'half-exchange',
      DR: 'none',
      DW: 'none',
      D: 'none',
      '-': 'none',
      'DA/2': 'half-attack',
      DAE: 'defense',
      AE: 'defense',
    });
  });

  it('DE, X/2, DR and DW take the defenders out of their hex; the others leave them in it', () => {
    const vacating = Object.keys(RESULT_EFFECTS).filter((code) => effect(code).defender.vacates);
    assert.deepEqual(vacating.sort(), ['DE', 'DR', 'DW', 'X/2']);
  });
});

describe('GAMETURN SEQUENCE B.5', () => {
  it('"not re-Disrupted by the attack": DR, D, DA/2 and DAE always re-Disrupt, DW by its retreat', () => {
    const always = Object.keys(RESULT_EFFECTS).filter(
      (code) => effect(code).defender.reDisrupts === 'always',
    );
    assert.deepEqual(always.sort(), ['D', 'DA/2', 'DAE', 'DR']);
    assert.equal(effect('DW').defender.reDisrupts, 'by-retreat');
  });
});
