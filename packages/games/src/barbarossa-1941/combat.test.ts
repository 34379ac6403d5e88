import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { columnDistribution, readTable } from '@stavka/engine';
import fc from 'fast-check';
import { BARBAROSSA_CRT, barbarossaCalc } from './combat.ts';
import { pressDistribution, roundUpChance } from './gamble-chances.ts';

const col = (label: string) => BARBAROSSA_CRT.columnLabels.indexOf(label);

function calc(input: Parameters<typeof barbarossaCalc>[0]) {
  const r = barbarossaCalc(input);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.refusal));
  return r.report;
}

describe('provisional CRT (B-1)', () => {
  it('has the 14 columns 1:5 .. 9:1 and says it is provisional', () => {
    assert.deepEqual(BARBAROSSA_CRT.columnLabels, [
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
    assert.equal(BARBAROSSA_CRT.provisional, true);
    assert.ok(calc({ attack: 4, defense: 4 }).notes.some((n) => n.includes('PROVISIONAL')));
  });
  it('uses every result the text defines', () => {
    const used = new Set<string>();
    for (let c = 0; c < 14; c++) for (let r = 1; r <= 6; r++) used.add(readTable(BARBAROSSA_CRT, c, r));
    for (const r of ['BK', 'DE', 'D3', 'D2', 'D1', 'D', 'X/2', 'X', '2X', 'AD', 'AE', '-'])
      assert.ok(used.has(r), r);
  });
  it('is monotone: a higher column is never worse for the attacker on the same roll', () => {
    const rank = (c: number, r: number) =>
      BARBAROSSA_CRT.rank[BARBAROSSA_CRT.resultCodes.indexOf(readTable(BARBAROSSA_CRT, c, r))]!;
    for (let r = 1; r <= 6; r++) for (let c = 1; c < 14; c++) assert.ok(rank(c, r) >= rank(c - 1, r));
  });
  it('refuses attacks below 1:5 and reads odds above 9:1 as 9:1', () => {
    const low = barbarossaCalc({ attack: 1, defense: 6 });
    assert.ok(!low.ok);
    assert.match(low.refusal.rule, /less than 1:5/);
    assert.equal(calc({ attack: 50, defense: 2 }).column, '9:1');
  });
});

describe('German round-up roll (B-7): every worked example', () => {
  // The last two need the expanded odds: "everything following requires both players' agreement" (B-63).
  const examples: [number, number, string, string, number, boolean][] = [
    [17, 5, '4:1', '3:1', 2, false], // 2/5 -> 2 in 6
    [15, 4, '4:1', '3:1', 4, false], // 3/4 -> 4 in 6
    [15, 4, '5:1', '3:1', 2, true], // 3/8 -> 2 in 6
    [15, 4, '5:1', '2:1', 3, true], // 7/12 -> 3 in 6
  ];
  for (const [a, d, target, fallBack, inSix, expandedOdds] of examples) {
    it(`${a}:${d} aiming at ${target}, falling back to ${fallBack}: ${inSix} in 6`, () => {
      const g = roundUpChance(BARBAROSSA_CRT, a, d, col(target), col(fallBack));
      assert.ok(!('code' in g));
      assert.equal(g.chanceInSix, inSix);
      const r = calc({ attack: a, defense: d, roundUp: { target, fallBack }, expandedOdds });
      assert.deepEqual(r.gamble, { chanceInSix: inSix, success: target, failure: fallBack });
    });
  }
  it('gives the exact fractions of the text: 2/5, 3/4, 3/8, 7/12', () => {
    const exact = examples.map(([a, d, t, f]) => {
      const g = roundUpChance(BARBAROSSA_CRT, a, d, col(t), col(f));
      return 'code' in g ? null : `${g.exact.num}/${g.exact.den}`;
    });
    assert.deepEqual(exact, ['2/5', '3/4', '3/8', '7/12']);
  });
  it("B-64: the expanded odds declare the text's 15:4 at 6:1 risking 2:1 (7/16, 2 in 6) or risking 3:2 (9/18, 3 in 6)", () => {
    const at2 = calc({
      attack: 15,
      defense: 4,
      roundUp: { target: '6:1', fallBack: '2:1' },
      expandedOdds: true,
    });
    assert.deepEqual(at2.gamble, { chanceInSix: 2, success: '6:1', failure: '2:1' });
    const at32 = calc({
      attack: 15,
      defense: 4,
      roundUp: { target: '6:1', fallBack: '3:2' },
      expandedOdds: true,
    });
    assert.deepEqual(at32.gamble, { chanceInSix: 3, success: '6:1', failure: '3:2' });
  });
  it('B-63, B-64: the limits: the next column without the expanded odds; 3 up and 2 down with them', () => {
    const refused = (input: Parameters<typeof barbarossaCalc>[0]) => {
      const r = barbarossaCalc(input);
      return r.ok ? null : r.refusal.code;
    };
    assert.equal(
      refused({ attack: 15, defense: 4, roundUp: { target: '5:1' } }),
      'combat/round-up-target-out-of-reach',
    );
    assert.equal(
      refused({ attack: 15, defense: 4, roundUp: { target: '4:1', fallBack: '2:1' } }),
      'combat/round-up-fall-back-out-of-reach',
    );
    assert.equal(
      refused({ attack: 15, defense: 4, roundUp: { target: '7:1' }, expandedOdds: true }),
      'combat/round-up-target-out-of-reach',
    );
    assert.equal(
      refused({ attack: 15, defense: 4, roundUp: { target: '6:1', fallBack: '1:1' }, expandedOdds: true }),
      'combat/round-up-fall-back-out-of-reach',
    );
    assert.equal(
      refused({ attack: 17, defense: 5, roundUp: { target: '4:1' }, classicOdds: true }),
      'combat/classic-odds',
    );
    assert.equal(
      refused({ attack: 17, defense: 5, roundUp: { target: '4:1' }, attacker: 'soviet' }),
      'combat/round-up-german',
    );
  });
  it('falls back to the computed column by default', () => {
    assert.deepEqual(calc({ attack: 17, defense: 5, roundUp: { target: '4:1' } }).gamble, {
      chanceInSix: 2,
      success: '4:1',
      failure: '3:1',
    });
  });
  it('says the roll as a section the clients print: its chance with B-7, the two columns lit (issue #47)', () => {
    assert.deepEqual(calc({ attack: 17, defense: 5, roundUp: { target: '4:1' } }).sections, [
      {
        title: 'Round-up roll',
        rows: [
          { label: 'Chance', value: '2 in 6 (a roll of 1-2)', rule: 'B-7' },
          { label: 'Success reads', value: '4:1' },
          { label: 'Failure reads', value: '3:1' },
        ],
        columns: ['4:1', '3:1'],
      },
    ]);
    const pressed = calc({ attack: 15, defense: 4, press: { columns: 2, procedure: 'split', side: 'axis' } });
    assert.deepEqual(pressed.sections?.[0]?.rows[0]?.rule, 'B-8');
    assert.deepEqual(pressed.sections?.[0]?.columns, ['5:1', '3:2']);
    assert.equal(calc({ attack: 17, defense: 5 }).sections, undefined);
  });
  it('refuses a roll with 0 in 6 (B-7)', () => {
    const r = barbarossaCalc({ attack: 31, defense: 10, roundUp: { target: '4:1' } }); // 1/10 -> 0 in 6
    assert.ok(!r.ok);
    assert.equal(r.refusal.code, 'combat/round-up-zero-chance');
  });
  it('mixes the two columns by the gamble: success x target column + failure x fall-back column', () => {
    const r = calc({ attack: 17, defense: 5, roundUp: { target: '4:1' } });
    const hi = columnDistribution(BARBAROSSA_CRT, col('4:1'));
    const lo = columnDistribution(BARBAROSSA_CRT, col('3:1'));
    for (const k of new Set([...hi.counts.keys(), ...lo.counts.keys()])) {
      const p = (2 / 6) * ((hi.counts.get(k) ?? 0) / 6) + (4 / 6) * ((lo.counts.get(k) ?? 0) / 6);
      assert.ok(Math.abs((r.outcomes[k] ?? 0) - p) < 1e-12, k);
    }
  });
});

describe('pressing the attack (B-8)', () => {
  it('German: up k at the risk of k down; both procedures', () => {
    const roll = calc({ attack: 15, defense: 4, press: { columns: 2, procedure: 'roll', side: 'axis' } });
    assert.deepEqual(roll.press, { procedure: 'roll', high: '5:1', low: '3:2' });
    const split = calc({ attack: 15, defense: 4, press: { columns: 2, procedure: 'split', side: 'axis' } });
    const d = pressDistribution(BARBAROSSA_CRT, col('5:1'), col('3:2'), 'split');
    // split die: 1-3 on 3:2, 4-6 on 5:1
    const expected = new Map<string, number>();
    for (let r = 1; r <= 6; r++) {
      const k = readTable(BARBAROSSA_CRT, r > 3 ? col('5:1') : col('3:2'), r);
      expected.set(k, (expected.get(k) ?? 0) + 1 / 6);
    }
    for (const [k, p] of expected) assert.ok(Math.abs(split.outcomes[k]! - p) < 1e-12);
    assert.equal(d.den, 6);
  });
  it('Soviet: only up 1, at the risk of 2 down', () => {
    assert.deepEqual(
      calc({ attack: 12, defense: 4, press: { columns: 1, procedure: 'roll', side: 'soviet' } }).press,
      {
        procedure: 'roll',
        high: '4:1',
        low: '3:2',
      },
    );
    assert.ok(
      !barbarossaCalc({ attack: 12, defense: 4, press: { columns: 2, procedure: 'roll', side: 'soviet' } })
        .ok,
    );
  });
  it('cannot press below 1:5', () => {
    assert.ok(
      !barbarossaCalc({ attack: 1, defense: 5, press: { columns: 1, procedure: 'roll', side: 'axis' } }).ok,
    );
    assert.ok(
      barbarossaCalc({ attack: 1, defense: 4, press: { columns: 1, procedure: 'roll', side: 'axis' } }).ok,
    );
  });
});

describe('chances', () => {
  it('sum to 1 with any gamble', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (a, d, k, split) => {
          const r = barbarossaCalc({
            attack: a,
            defense: d,
            ...(k > 0 ? { press: { columns: k, procedure: split ? 'split' : 'roll', side: 'axis' } } : {}),
          });
          if (!r.ok) return;
          const total = Object.values(r.report.outcomes).reduce((x, y) => x + y, 0);
          assert.ok(Math.abs(total - 1) < 1e-12);
        },
      ),
    );
  });
});

describe('the rolls behind each chance (the calculator shows them)', () => {
  const rollsOf = (r: ReturnType<typeof barbarossaCalc>) => {
    assert.ok(r.ok);
    return Object.fromEntries(r.report.chances.map((c) => [c.result, c.rolls]));
  };
  it('one column read: each result with the rolls that give it, every roll once', () => {
    const r = barbarossaCalc({ attack: 12, defense: 4 });
    const rolls = rollsOf(r);
    const all = Object.values(rolls).flatMap((x) => x ?? []);
    assert.deepEqual([...all].sort(), [1, 2, 3, 4, 5, 6]);
    const col = BARBAROSSA_CRT.columnLabels.indexOf('3:1');
    for (const [result, rs] of Object.entries(rolls))
      for (const roll of rs ?? []) assert.equal(readTable(BARBAROSSA_CRT, col, roll), result);
  });
  it('pressed on the split die: 4-6 on the high column, 1-3 on the low (B-8)', () => {
    const r = barbarossaCalc({
      attack: 12,
      defense: 4,
      press: { columns: 1, procedure: 'split', side: 'axis' },
    });
    assert.ok(r.ok);
    const hi = BARBAROSSA_CRT.columnLabels.indexOf(r.report.press!.high);
    const lo = BARBAROSSA_CRT.columnLabels.indexOf(r.report.press!.low);
    for (const c of r.report.chances)
      for (const roll of c.rolls ?? [])
        assert.equal(readTable(BARBAROSSA_CRT, roll >= 4 ? hi : lo, roll), c.result);
  });
  it('no rolls where a first die picks the column (round-up roll, pressing by roll)', () => {
    const pressed = barbarossaCalc({
      attack: 12,
      defense: 4,
      press: { columns: 1, procedure: 'roll', side: 'axis' },
    });
    assert.ok(pressed.ok && pressed.report.chances.every((c) => c.rolls === undefined));
    const rounded = barbarossaCalc({ attack: 17, defense: 5, roundUp: { target: '4:1' } });
    assert.ok(rounded.ok && rounded.report.chances.every((c) => c.rolls === undefined));
  });
});
