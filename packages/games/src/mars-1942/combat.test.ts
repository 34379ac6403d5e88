import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readTable } from '@stavka/engine';
import fc from 'fast-check';
import { disruptedReading, MARS_CRT, marsCalc } from './combat.ts';

/** mars-1942.txt COMBAT RESULTS TABLE, die column A, transcribed row by row as printed. */
const PRINTED = `
6 D   DR  DR   DR   DR   DR  X/2 DE  DE  DE
5 DAE DW  DW   DW   DW   DR  DR  X/2 DE  DE
4 AE  DAE D    D    DW   DW  DR  DR  X/2 DE
3 AE  AE  DA/2 -    D    DW  DW  DR  DR  X/2
2 AE  AE  AE   DA/2 -    D   DW  DW  DR  DR
1 AE  AE  AE   AE   DA/2 -   D   DW  DW  DR`;
const COLUMNS = ['1:4', '1:3', '1:2', '1:1', '3:2', '2:1', '3:1', '4:1', '5:1', '7:1'];

function calc(input: Parameters<typeof marsCalc>[0]) {
  const r = marsCalc(input);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.refusal));
  return r.report;
}

describe('mars-1942 COMBAT RESULTS TABLE', () => {
  it('has the printed columns', () => {
    assert.deepEqual(MARS_CRT.columnLabels, COLUMNS);
    assert.equal(MARS_CRT.provisional, false);
  });
  const rows = PRINTED.trim().split('\n');
  for (const line of rows) {
    const [roll, ...cells] = line.trim().split(/\s+/);
    for (let c = 0; c < COLUMNS.length; c++) {
      it(`reads ${cells[c]} at ${COLUMNS[c]} on a roll of ${roll} (column A, M-1)`, () => {
        assert.equal(readTable(MARS_CRT, c, Number(roll)), cells[c]);
      });
    }
  }
  it('is never worse for the attacker at a higher column on the same roll', () => {
    for (let roll = 1; roll <= 6; roll++) {
      for (let c = 1; c < COLUMNS.length; c++) {
        const lo = MARS_CRT.rank[MARS_CRT.resultCodes.indexOf(readTable(MARS_CRT, c - 1, roll))]!;
        const hi = MARS_CRT.rank[MARS_CRT.resultCodes.indexOf(readTable(MARS_CRT, c, roll))]!;
        assert.ok(hi >= lo, `roll ${roll}: ${COLUMNS[c - 1]} -> ${COLUMNS[c]}`);
      }
    }
  });
});

describe('odds (M-2): total attack / total modified defense, rounded down in the defender favour', () => {
  const cases: [number, number, string][] = [
    [12, 4, '3:1'],
    [11, 4, '2:1'],
    [6, 4, '3:2'],
    [5, 4, '1:1'],
    [24, 4, '5:1'],
    [27, 4, '5:1'], // 6:1 reads 5:1
    [28, 4, '7:1'],
    [90, 4, '7:1'],
    [1, 4, '1:4'],
    [3, 8, '1:3'],
  ];
  for (const [a, d, col] of cases) {
    it(`${a}:${d} reads ${col}`, () => assert.equal(calc({ attack: a, defense: d }).column, col));
  }
  it('refuses final odds below 1:4, quoting the rule', () => {
    const r = marsCalc({ attack: 2, defense: 12 });
    assert.ok(!r.ok, '!r.ok');
    assert.equal(r.refusal.rule, 'Final attacking odds less than 1:4 are not allowed.');
    const shifted = marsCalc({ attack: 3, defense: 12, conditions: { acrossRiver: true } });
    assert.ok(!shifted.ok, '1:4 shifted down once is below 1:4');
    assert.ok(
      marsCalc({ attack: 4, defense: 12, conditions: { acrossRiver: true } }).ok,
      '1:3 shifted down once is 1:4',
    );
  });
  it('below 1:4 the columns run on 1:5, 1:6, 1:7 ... and shifts move along them (M-2a)', () => {
    // The ruling's cases: 2 against 14 with +2 is 1:7 -> 1:5, refused; 1 against 5 with +1 is 1:4.
    const refused = marsCalc({ attack: 2, defense: 14, conditions: { defenderIsolated: true } });
    assert.ok(!refused.ok, '!refused.ok');
    assert.equal(refused.refusal.code, 'combat/odds-too-low');
    assert.match(refused.refusal.message, /2:14 is 1:7; shifted \+2 it is 1:5/);
    assert.match(refused.refusal.cite, /M-2a/);
    const allowed = calc({ attack: 1, defense: 5, conditions: { defenderRationed: true } });
    assert.equal(allowed.ratio, '1:5');
    assert.equal(allowed.column, '1:4');
    // Rounded in the defender's favour: 2 against 9 is 1:5, so +1 reaches 1:4 but not 1:3.
    assert.equal(calc({ attack: 2, defense: 9, conditions: { defenderRationed: true } }).column, '1:4');
    assert.equal(calc({ attack: 2, defense: 9, conditions: { defenderIsolated: true } }).column, '1:3');
    assert.ok(!marsCalc({ attack: 2, defense: 13, conditions: { defenderIsolated: true } }).ok, '1:7 +2');
    assert.equal(calc({ attack: 2, defense: 12, conditions: { defenderIsolated: true } }).column, '1:4');
  });
  it('stops shifts up at 7:1', () => {
    const r = calc({ attack: 28, defense: 4, conditions: { defenderIsolated: true } });
    assert.equal(r.column, '7:1');
  });
});

describe('column shifts, itemized with their rule', () => {
  it('river (M-10), rationed attacker and defender (M-9), isolated defender (M-9)', () => {
    const r = calc({
      attack: 12,
      defense: 4,
      conditions: { acrossRiver: true, attackerRationed: true, defenderIsolated: true },
    });
    assert.deepEqual(
      r.shifts.map((s) => [s.by, s.cite]),
      [
        [-1, 'M-10'],
        [-1, 'M-9'],
        [2, 'M-9'],
      ],
    );
    assert.equal(r.ratio, '3:1');
    assert.equal(r.column, '3:1');
    assert.equal(calc({ attack: 12, defense: 4, conditions: { defenderRationed: true } }).column, '4:1');
  });
  it('first turn: Russian attack doubled for the odds (M-16)', () => {
    const r = calc({ attack: 6, defense: 4, firstTurn: true });
    assert.equal(r.attack, 12);
    assert.equal(r.column, '3:1');
  });
});

describe('2:1 probe (M-7)', () => {
  it('lowers any German attack to the 2:1 column before the roll', () => {
    const r = calc({ attack: 24, defense: 4, probe: true });
    assert.equal(r.ratio, '5:1');
    assert.equal(r.column, '2:1');
    assert.deepEqual(r.outcomes, calc({ attack: 8, defense: 4 }).outcomes);
  });
  it('cannot raise odds below 2:1', () => {
    const r = marsCalc({ attack: 6, defense: 4, probe: true });
    assert.ok(!r.ok, '!r.ok');
    assert.match(r.refusal.rule, /2:1 probe/);
  });
});

describe('Disrupted defenders read one column higher, individually (M-6)', () => {
  it('the defenders read the next column, the attackers the base column', () => {
    // 1:2, roll 3: DA/2 on the base column; the Disrupted defenders read 1:1 ("-")
    assert.equal(disruptedReading('DA/2', '-'), '-, attackers A/2');
    // 3:1, roll 6: X/2 against Disrupted defenders is DE, the attackers pay nothing (M-4)
    assert.equal(disruptedReading('X/2', 'DE'), 'DE');
    assert.equal(disruptedReading('DR', 'X/2'), 'DE');
    assert.equal(disruptedReading('AE', 'DAE'), 'DAE');
  });
  it('12:4 against Disrupted defenders: DW 2 in 6, DR 2 in 6, DE 2 in 6', () => {
    const r = calc({ attack: 12, defense: 4, disrupted: true });
    assert.deepEqual(r.outcomes, { DW: 2 / 6, DR: 2 / 6, DE: 2 / 6 });
  });
});

describe('exact chances', () => {
  it('sum to 1 and come as whole sixths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        fc.boolean(),
        (a, d, disrupted, river) => {
          const r = marsCalc({ attack: a, defense: d, disrupted, conditions: { acrossRiver: river } });
          if (!r.ok) return;
          const total = Object.values(r.report.outcomes).reduce((x, y) => x + y, 0);
          assert.ok(Math.abs(total - 1) < 1e-12, 'Math.abs(total - 1) < 1e-12');
          for (const c of r.report.chances) assert.match(c.chance, /^\d in 6$/);
        },
      ),
    );
  });
  it('more attack is never worse for the attacker on the same roll', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 6 }),
        (a, d, roll) => {
          const lo = marsCalc({ attack: a, defense: d });
          const hi = marsCalc({ attack: a + 1, defense: d });
          if (!lo.ok) return;
          assert.ok(hi.ok, 'hi.ok');
          const col = (x: string) => MARS_CRT.columnLabels.indexOf(x);
          const rank = (c: number) =>
            MARS_CRT.rank[MARS_CRT.resultCodes.indexOf(readTable(MARS_CRT, c, roll))]!;
          assert.ok(
            rank(col(hi.report.column!)) >= rank(col(lo.report.column!)),
            'rank(col(hi.report.column!)) >= rank(col(lo.report.column!))',
          );
        },
      ),
    );
  });
});
