import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eloIntervals, fitElo, type RatedGame } from './elo.ts';

describe('Elo from a round robin', () => {
  const games = (a: string, b: string, n: number, winner: (i: number) => string): RatedGame[] =>
    Array.from({ length: n }, (_, i) => ({ kinds: [a, b], winner: winner(i) }));
  const sides = ['soviet', 'german'];
  it('a player who wins three games in four as each side is rated about 190 above', () => {
    const g = [
      ...games('x', 'y', 40, (i) => (i % 4 === 0 ? 'german' : 'soviet')),
      ...games('y', 'x', 40, (i) => (i % 4 === 0 ? 'soviet' : 'german')),
    ];
    const { elo, sideAdvantage } = fitElo(g, ['y', 'x'], sides);
    assert.ok(Math.abs(elo.x! - 191) < 15, JSON.stringify(elo)); // 400 log10(3) = 191
    assert.ok(Math.abs(sideAdvantage.german!) < 5);
  });
  it('a ladder of a hundred games a pairing: each rung about 184-191 above the last (the fit converges)', () => {
    // w beats v, x beats w, y beats x, z beats y, each three games in four on each side
    // (400 log10(3) = 191; the weak prior pulls a long ladder in by a few points a rung).
    const names = ['v', 'w', 'x', 'y', 'z'];
    const g: RatedGame[] = [];
    for (let i = 0; i + 1 < names.length; i++) {
      const [lo, hi] = [names[i]!, names[i + 1]!];
      g.push(...games(hi, lo, 100, (j) => (j % 4 === 0 ? 'german' : 'soviet')));
      g.push(...games(lo, hi, 100, (j) => (j % 4 === 0 ? 'soviet' : 'german')));
    }
    const { elo, sideAdvantage } = fitElo(g, names, sides);
    for (const [i, p] of names.entries())
      assert.ok(elo[p]! > 184 * i - 1 && elo[p]! < 191 * i + 1, `${p}: ${JSON.stringify(elo)}`);
    assert.ok(Math.abs(sideAdvantage.german!) < 2, JSON.stringify(sideAdvantage));
  });
  it('rates a level above the one it beat on both sides (the Mars ladder of 27 Nov 2026, 100 games a side)', () => {
    // Wins of the higher player as Soviet and as German, and draws, in each pairing's 100
    // games a side: greedy v random, ai1 v greedy, ai2 v ai1, ai3 v ai2 (seeds 30000-30099).
    const rungs = [
      ['random', 'greedy', 100, 96, 1],
      ['greedy', 'ai1', 80, 49, 3],
      ['ai1', 'ai2', 73, 59, 1],
      ['ai2', 'ai3', 68, 48, 0],
    ] as const;
    const g: RatedGame[] = [];
    for (const [lo, hi, asSoviet, asGerman, draws] of rungs) {
      g.push(
        ...games(hi, lo, 100, (j) =>
          j < asSoviet ? 'soviet' : j < 100 - (draws > 0 ? 1 : 0) ? 'german' : 'draw',
        ),
      );
      g.push(
        ...games(lo, hi, 100, (j) =>
          j < asGerman ? 'german' : j < 100 - (draws > 1 ? draws - 1 : 0) ? 'soviet' : 'draw',
        ),
      );
    }
    const { elo } = fitElo(g, ['random', 'greedy', 'ai1', 'ai2', 'ai3'], sides);
    assert.ok(elo.ai2! > elo.ai1! + 50, `ai2 won 73% and 59% against ai1: ${JSON.stringify(elo)}`);
    assert.ok(
      elo.ai1! > elo.greedy! && elo.greedy! > elo.random! && elo.ai3! > elo.ai2!,
      JSON.stringify(elo),
    );
  });
  it('a side that wins whoever plays it shows as the side advantage, not as rating', () => {
    const g = [...games('x', 'y', 30, () => 'soviet'), ...games('y', 'x', 30, () => 'soviet')];
    const { elo, sideAdvantage } = fitElo(g, ['y', 'x'], sides);
    assert.ok(Math.abs(elo.x!) < 5, JSON.stringify(elo));
    assert.ok(sideAdvantage.german! < -300, JSON.stringify(sideAdvantage));
  });
  it('refuses a game of a player not on the list, naming it', () => {
    assert.throws(
      () =>
        fitElo(
          games('x', 'q', 1, () => 'soviet'),
          ['x', 'y'],
          sides,
        ),
      /player "q" is not among x, y/,
    );
  });
  it("with no games every rating is the anchor's (the prior alone)", () => {
    assert.deepEqual(fitElo([], ['x', 'y'], sides), { elo: { x: 0, y: 0 }, sideAdvantage: { german: 0 } });
  });
});

describe('Elo intervals by bootstrap', () => {
  const sides = ['soviet', 'german'];
  // y wins two games in three, on both sides.
  const g: RatedGame[] = Array.from({ length: 60 }, (_, i) => {
    const kinds = i % 2 ? ['x', 'y'] : ['y', 'x'];
    const winner = i % 3 === 0 ? 'x' : 'y';
    return { kinds, winner: sides[kinds.indexOf(winner)]! };
  });
  it('the same intervals every time (its own seeded draws), around the fit, the anchor at 0', () => {
    const a = eloIntervals(g, ['x', 'y'], sides, 40);
    assert.deepEqual(eloIntervals(g, ['x', 'y'], sides, 40), a);
    assert.deepEqual(a.x, [0, 0], 'the anchor never moves');
    const { elo } = fitElo(g, ['x', 'y'], sides);
    assert.ok(a.y![0] <= elo.y! && elo.y! <= a.y![1], `${JSON.stringify(a)} around ${elo.y}`);
    assert.ok(a.y![1] - a.y![0] > 20, 'sixty games leave a real interval');
  });
});
