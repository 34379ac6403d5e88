import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shareOf } from './simulate-pool.ts';

describe('sharing games out over workers', () => {
  it('every n-th job from the worker index: each job once, in order', () => {
    assert.deepEqual(shareOf(7, 3, 0), [0, 3, 6]);
    assert.deepEqual(shareOf(7, 3, 1), [1, 4]);
    assert.deepEqual(shareOf(7, 3, 2), [2, 5]);
    const all = [0, 1, 2, 3].flatMap((w) => shareOf(10, 4, w)).sort((a, b) => a - b);
    assert.deepEqual(all, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('refuses a worker that is not one of n', () => {
    assert.throws(() => shareOf(5, 2, 2), /worker 2 of 2 is no worker/);
    assert.throws(() => shareOf(5, 0, 0), /no worker/);
  });
});
