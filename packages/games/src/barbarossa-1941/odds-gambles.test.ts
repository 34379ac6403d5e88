/**
 * "Asymmetric Combat Odds Calculations" in play (RULINGS B-7, B-8, B-63, B-64): the
 * round-up roll to the next column and pressing standard, "classic odds" without them, the
 * expanded odds both players agree to at game creation; with the text's own examples.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { act, allocate, game as frontGame, type G, hexOf, offered, pass, toMovement } from './test-games.ts';
import type { PositionInput } from './test-positions.ts';

type Options = { asymmetricOdds?: boolean; classicOdds?: boolean };
/** A game with the expanded odds (B-63, B-64) unless said. */
const game = (input: PositionInput, options: Options = { asymmetricOdds: true }) =>
  frontGame(input, { options });

/** 15 against 4: two German armies and an infantry korps against a 4-3 tank korps and a weak division, all in full supply. */
function fifteenToFour(options: Options = { asymmetricOdds: true }): G {
  let s = game(
    {
      pieces: {
        a1: { is: 'ger-army', at: '0504' },
        a2: { is: 'ger-army', at: '0404' },
        k: { is: 'ger-inf-korps', at: '0405' },
        t: { is: 'sov-tank-korps-43', at: '0505' },
        d: { is: 'sov-weak-div', at: '0505' },
      },
    },
    options,
  );
  s = toMovement(s);
  s = allocate(s, 'axis', ['a1', 'a2', 'k'], '0505');
  return act(s, 'axis', { type: 'end-movement' });
}

const resolves = (s: G) => offered(s, 'axis', 'resolve');

describe('Asymmetric Combat Odds Calculations (B-7, B-8)', () => {
  const roundUpsOf = (s: G) =>
    resolves(s)
      .map((a) => a.gamble)
      .filter((g) => g?.kind === 'round-up')
      .map((g) => g && 'target' in g && `${g.target}/${g.fallBack}`);

  it('B-63: standard rules: the round-up to the next column only, and pressing; none with "classic odds"', () => {
    const standard = fifteenToFour({});
    assert.deepEqual(roundUpsOf(standard), ['8/7'], "4:1 from 3:1, the 17:5 example's roll");
    assert.ok(resolves(standard).some((a) => a.gamble?.kind === 'press'));
    assert.equal(resolves(fifteenToFour({ classicOdds: true })).length, 1, 'the plain resolve only');
  });

  it("B-64: the expanded odds declare the text's 15:4 at 6:1 risking 2:1 or 3:2, nothing 4 up or 3 down", () => {
    const offered = roundUpsOf(fifteenToFour());
    // Columns: 5 = 3:2, 6 = 2:1, 7 = 3:1, 10 = 6:1, 11 = 7:1.
    assert.ok(offered.includes('10/6'), '6:1 risking 2:1');
    assert.ok(offered.includes('10/5'), '6:1 risking 3:2');
    assert.equal(
      offered.some((x) => x !== false && (x.startsWith('11/') || x.endsWith('/4'))),
      false,
    );
  });

  it('"15:4 is 3:1 odds": the round-up to 4:1, to 5:1, and to 5:1 falling back to 2:1 are offered', () => {
    const offered = resolves(fifteenToFour()).map((a) => a.gamble);
    const roundUps = offered
      .filter((g) => g?.kind === 'round-up')
      .map((g) => g && 'target' in g && `${g.target}/${g.fallBack}`);
    // Columns: 6 = 2:1, 7 = 3:1, 8 = 4:1, 9 = 5:1.
    assert.ok(roundUps.includes('8/7'), '4:1 from 3:1');
    assert.ok(roundUps.includes('9/7'), '5:1 from 3:1');
    assert.ok(roundUps.includes('9/6'), '5:1 falling back to 2:1');
  });

  it('15:4 aiming 4:1 from 3:1 is 3/4, 4 in 6: a roll of 4 succeeds, a 5 fails', () => {
    const s0 = fifteenToFour();
    const gamble = { kind: 'round-up', target: 8, fallBack: 7 } as const;
    const won = act(s0, 'axis', { type: 'resolve', target: hexOf(s0, '0505'), gamble }, [4]);
    assert.equal(won.state.combat!.column, 8);
    const lost = act(s0, 'axis', { type: 'resolve', target: hexOf(s0, '0505'), gamble }, [5]);
    assert.equal(lost.state.combat!.column, 7);
  });

  it('"17:5 (usually rounding down to 3:1) would give the Germans a 2/5s ... rounded down to a 33% chance": 2 in 6', () => {
    let s = game({
      pieces: {
        a1: { is: 'ger-army', at: '0504' },
        a2: { is: 'ger-army', at: '0404' },
        m: { is: 'ger-mot-korps', at: '0405' },
        c: { is: 'ger-cav-div', at: '0506' },
        t1: { is: 'sov-tank-korps-43', at: '0505' },
        t2: { is: 'sov-tank-korps', at: '0505' },
      },
    });
    s = toMovement(s);
    s = allocate(s, 'axis', ['a1', 'a2', 'm', 'c'], '0505');
    s = act(s, 'axis', { type: 'end-movement' });
    const gamble = { kind: 'round-up', target: 8, fallBack: 7 } as const;
    assert.ok(resolves(s).some((a) => JSON.stringify(a.gamble) === JSON.stringify(gamble)));
    // 1-2 reaches 4:1, 3-6 stays at 3:1 (the cavalry division has no ZOC: the defenders keep their supply).
    assert.equal(
      act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505'), gamble }, [2]).state.combat!.column,
      8,
    );
    assert.equal(
      act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505'), gamble }, [3]).state.combat!.column,
      7,
    );
  });

  it('15:4 aiming 5:1 falling back to 2:1 is 7/12, 3 in 6', () => {
    const s0 = fifteenToFour();
    const gamble = { kind: 'round-up', target: 9, fallBack: 6 } as const;
    assert.equal(
      act(s0, 'axis', { type: 'resolve', target: hexOf(s0, '0505'), gamble }, [3]).state.combat!.column,
      9,
    );
    assert.equal(
      act(s0, 'axis', { type: 'resolve', target: hexOf(s0, '0505'), gamble }, [4]).state.combat!.column,
      6,
    );
  });

  it('pressing, split die: one roll, 4-6 read on the higher column, 1-3 on the lower', () => {
    const s0 = fifteenToFour();
    const press = {
      type: 'resolve',
      target: hexOf(s0, '0505'),
      gamble: { kind: 'press', columns: 2, procedure: 'split' },
    } as const;
    // 3:1 pressed 2: 5:1 on 4-6 (roll 6 reads D3), 3:2 at the risk of 2 on 1-3 (roll 3 reads X, a mandatory exchange).
    const high = act(act(s0, 'axis', press), 'soviet', { type: 'orders-done' }, [6]);
    assert.equal(high.state.combat!.column, 9);
    assert.equal(high.state.combat!.results.t, 'D3');
    const low = act(act(s0, 'axis', press), 'soviet', { type: 'orders-done' }, [3]);
    assert.equal(low.state.combat!.column, 5);
    assert.equal(low.state.pieces.t!.status, 'eliminated');
  });

  it('the Russians press 1 column only, at the risk of 2', () => {
    let s = game({
      pieces: {
        r1: { is: 'sov-army', at: '0505' },
        r2: { is: 'sov-guards-army', at: '0603' },
        k: { is: 'ger-inf-korps', at: '0504' },
      },
    });
    s = pass(s, 'axis');
    s = toMovement(s, 'soviet');
    s = allocate(s, 'soviet', ['r1', 'r2'], '0504');
    s = act(s, 'soviet', { type: 'end-movement' });
    const gambles = offered(s, 'soviet', 'resolve')
      .map((a) => a.gamble)
      .filter((g) => g !== undefined);
    assert.ok(gambles.length > 0);
    assert.ok(gambles.every((g) => g.kind === 'press' && g.columns === 1));
  });

  it('"Using this enhanced/optional combat odds expansion system makes any exchanges mandatory": no BD option', () => {
    let s = game({ pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' } } });
    s = toMovement(s);
    s = allocate(s, 'axis', ['a'], '0505');
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    // 2:1, roll 2: X.
    s = act(s, 'soviet', { type: 'orders-done' }, [2]);
    assert.notEqual(s.state.combat?.phase, 'exchange-choice');
    assert.equal(s.state.pieces.r!.status, 'eliminated');
  });
});
