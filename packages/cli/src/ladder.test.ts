import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type LadderGame, ladderPairs, ladderText, rateRoundRobin, rungHolds } from './ladder.ts';

describe('the pairings of a ladder', () => {
  it('a round robin: every ordered pair, each player on each side', () => {
    assert.deepEqual(ladderPairs(['a', 'b', 'c']), [
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'a'],
      ['b', 'c'],
      ['c', 'a'],
      ['c', 'b'],
    ]);
  });
  it('rungs: each player and the next only, the higher one first on the first side', () => {
    assert.deepEqual(ladderPairs(['a', 'b', 'c'], true), [
      ['b', 'a'],
      ['a', 'b'],
      ['c', 'b'],
      ['b', 'c'],
    ]);
  });
});

describe('whether a rung holds', () => {
  const pairing = (german: [number, number], soviet: [number, number]) => ({
    a: 'low',
    b: 'high',
    asSide: {
      soviet: {
        games: soviet[0],
        wins: soviet[1],
        draws: 0,
        winRate: 0,
        ci95: [0, 0] as [number, number],
        meanMargin: 0,
      },
      german: {
        games: german[0],
        wins: german[1],
        draws: 0,
        winRate: 0,
        ci95: [0, 0] as [number, number],
        meanMargin: 0,
      },
    },
  });
  it("holds when the higher player wins 60% of its games on each side, the lower one's wins counted against it", () => {
    assert.equal(rungHolds(pairing([10, 4], [10, 4])), true, '6 of 10 on each side');
    assert.equal(rungHolds(pairing([10, 4], [10, 5])), false, '5 of 10 as one side is short');
    assert.equal(rungHolds(pairing([0, 0], [10, 0])), false, 'a side never played');
  });
});

describe('rating games already played', () => {
  const sides = ['soviet', 'german'];
  // b beats a three games in four on each side; the Soviet side wins the rest.
  const games: LadderGame[] = [];
  for (let i = 0; i < 8; i++) {
    games.push({
      kinds: ['b', 'a'],
      seed: i,
      winner: i % 4 === 3 ? 'german' : 'soviet',
      vp: { soviet: 3, german: 1 },
    });
    games.push({
      kinds: ['a', 'b'],
      seed: i,
      winner: i % 4 === 3 ? 'soviet' : 'german',
      vp: { soviet: 1, german: 2 },
    });
  }
  const l = rateRoundRobin('toy', ['a', 'b'], sides, 8, games, 20);
  it('each player scored over its games, the higher rating first', () => {
    assert.deepEqual(
      l.ladder.map((r) => [r.player, r.games, r.score]),
      [
        ['b', 16, 0.75],
        ['a', 16, 0.25],
      ],
    );
    assert.ok(l.ladder[0]!.elo > 150, JSON.stringify(l.ladder));
  });
  it("each pairing by a's side: games, wins, the interval, the VP margin", () => {
    assert.equal(l.pairings.length, 1);
    const p = l.pairings[0]!;
    assert.equal(`${p.a} v ${p.b}`, 'a v b');
    assert.deepEqual(
      { ...p.asSide.soviet!, ci95: undefined },
      { games: 8, wins: 2, draws: 0, winRate: 0.25, ci95: undefined, meanMargin: -1 },
    );
    assert.equal(p.asSide.german!.meanMargin, -2);
    assert.ok(p.asSide.german!.ci95[0] < 0.25 && p.asSide.german!.ci95[1] > 0.25);
  });
  it('in words: the ratings, the side advantage by side name, each pairing; a rung held or not', () => {
    const names = [
      { id: 'soviet', name: 'Soviet' },
      { id: 'german', name: 'German' },
    ];
    const text = ladderText({ ...l, rungs: true }, names);
    assert.match(
      text[0]!,
      /^toy: each player against the next, 8 games a pairing on each side \(16 games\)$/,
    );
    assert.match(text.join('\n'), /side advantage: German [+-]?\d+ Elo over Soviet/);
    assert.match(
      text.at(-1)!,
      /^a v b: as Soviet 2\/8 won \(25%, \d+-\d+%\), VP margin -1; as German 2\/8 won .* — b won 6\/8 as German, 6\/8 as Soviet: holds its rung$/,
    );
  });
});
