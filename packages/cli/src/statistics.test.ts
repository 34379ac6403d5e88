import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GameSummary } from './simulate-play.ts';
import { quantile, round, summarize, wilson } from './statistics.ts';

describe('Wilson score interval (95%)', () => {
  it('is the textbook interval: 5 of 10 is 0.237 to 0.763', () => {
    assert.deepEqual(
      wilson(5, 10).map((x) => round(x)),
      [0.237, 0.763],
    );
  });
  it('stays inside 0..1 at the ends, and is everything for no games', () => {
    assert.equal(wilson(0, 20)[0], 0);
    assert.equal(wilson(20, 20)[1], 1);
    assert.deepEqual(wilson(0, 0), [0, 1]);
  });
});

describe('quantiles', () => {
  it('linear between the nearest two, 0 for none', () => {
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantile([1, 2, 3, 4], 0), 1);
    assert.equal(quantile([1, 2, 3, 4], 1), 4);
    assert.equal(quantile([10, 20], 0.25), 12.5);
    assert.equal(quantile([], 0.5), 0);
  });
});

describe("a run's summary", () => {
  const game = (
    seed: number,
    winner: string,
    soviet: number,
    german: number,
    ms?: number[],
  ): GameSummary => ({
    seed,
    winner,
    vp: { german, soviet },
    turns: 11,
    actions: 100 + seed,
    hash: '',
    ...(ms ? { aiTurnMs: { german: ms } } : {}),
  });
  const s = summarize(
    'toy',
    ['soviet', 'german'],
    ['random', 'ai1'],
    [
      game(1, 'german', 0, 4, [10, 30]),
      game(2, 'german', 2, 6, [20]),
      game(3, 'draw', 3, 3),
      game(4, 'soviet', 8, 0),
    ],
  );
  it('wins per side and draws, with each side its player, record and interval', () => {
    assert.deepEqual(s.wins, { german: 2, soviet: 1, draw: 1 });
    assert.deepEqual(s.players, { soviet: 'random', german: 'ai1' });
    assert.deepEqual(s.perSide.german, {
      player: 'ai1',
      wins: 2,
      draws: 1,
      losses: 1,
      winRate: 0.5,
      winRateCi95: wilson(2, 4).map((x) => round(x)),
    });
    assert.equal(s.meanActions, 102.5);
  });
  it('the VP distribution per side: quartiles and mean', () => {
    assert.deepEqual(s.vpDistribution.soviet, {
      min: 0,
      p25: 1.5,
      median: 2.5,
      p75: 4.25,
      max: 8,
      mean: 3.25,
    });
    assert.deepEqual(s.meanVp, { german: 3.25, soviet: 3.25 });
  });
  it("the AI's thinking per player-turn, over every game that timed one", () => {
    assert.deepEqual(s.aiTurnMs, { turns: 3, mean: 20, median: 20, p95: 29, max: 30 });
    assert.equal(
      'aiTurnMs' in summarize('toy', ['soviet', 'german'], ['random', 'random'], [game(1, 'draw', 0, 0)]),
      false,
    );
  });
});
