/**
 * Two screens of the Axis against level 1 compared game for game (`screen-compare.ts`): the
 * games paired by seed, the changed results counted each way, and the exact sign test on them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareScreens, describeComparison, parseScreen, signTest } from './screen-compare.ts';

const line = (variant: string, seed: number, winner: string, vp: number) =>
  `${variant} seed ${seed}: ${winner} axis VP ${vp} turn 9; Russians destroyed/on map at turns 4,8,12: 6/60 - - (27 s)`;

describe('comparing two screens game for game (issue #44)', () => {
  it('the exact two-sided sign test', () => {
    assert.equal(signTest(0, 0), 1);
    assert.equal(signTest(5, 5), 1);
    assert.equal(signTest(0, 10), 2 / 1024); // all ten one way: 2 * (1/2)^10
    assert.equal(signTest(10, 0), 2 / 1024);
    // 15 against 25 (walkIns 2 against level 2 on seeds 621-720): 2 * P(X <= 15), X ~ B(40, 1/2).
    assert.ok(Math.abs(signTest(15, 25) - 0.15386) < 1e-4);
    assert.ok(Math.abs(signTest(25, 15) - signTest(15, 25)) < 1e-12);
    // Large counts stay finite (summed in logs).
    assert.ok(signTest(500, 500) === 1 && signTest(400, 600) < 1e-9);
  });

  it('reads screen.ts lines by seed, skipping the totals and anything else', () => {
    const games = parseScreen(
      [
        line('ai2', 621, 'axis', 7),
        line('ai2', 622, 'draw', 6),
        'ai2 seeds 621-622: Axis 1, drawn 1, Soviet 0',
        line('ai2', 623, 'soviet', 4),
      ].join('\n'),
    );
    assert.deepEqual(
      [...games.entries()],
      [
        [621, { winner: 'axis', points: 7 }],
        [622, { winner: 'draw', points: 6 }],
        [623, { winner: 'soviet', points: 4 }],
      ],
    );
  });

  it('pairs the games by seed: only seeds in both count, and each change is counted its way', () => {
    const base = parseScreen(
      [
        line('b', 1, 'axis', 7),
        line('b', 2, 'axis', 8),
        line('b', 3, 'soviet', 4),
        line('b', 4, 'draw', 6),
      ].join('\n'),
    );
    const variant = parseScreen(
      [
        line('v', 1, 'soviet', 5), // a win lost
        line('v', 2, 'axis', 8), // unchanged
        line('v', 3, 'axis', 7), // a win gained
        line('v', 4, 'soviet', 3), // a draw lost: not a win either way
        line('v', 5, 'axis', 9), // no baseline game: left out
      ].join('\n'),
    );
    const c = compareScreens(variant, base);
    assert.equal(c.seeds, 4);
    assert.deepEqual(c.variant, { wins: 2, draws: 0, losses: 2, points: (5 + 8 + 7 + 3) / 4 });
    assert.deepEqual(c.base, { wins: 2, draws: 1, losses: 1, points: (7 + 8 + 4 + 6) / 4 });
    assert.deepEqual(c.winsGained, [3]);
    assert.deepEqual(c.winsLost, [1]);
    assert.equal(c.winsP, 1);
    assert.deepEqual(c.pointsUp, [3]);
    assert.deepEqual(c.pointsDown, [1, 4]);
    assert.match(
      describeComparison(c),
      /won 1 the baseline did not, and did not win 1 it won; sign test p = 1\.000/,
    );
  });
});
