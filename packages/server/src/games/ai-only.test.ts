/**
 * Games of AI against AI (issue #46): they move while somebody looks, pause when nobody
 * has for `idleMs`, move on at the next look, and are bounded per creator and in all.
 * The server's own runs of them are in ai-load.test.ts; here the bounds alone, on a clock
 * the test moves.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../errors.ts';
import { AiOnlyGames, type LookedAt } from './ai-only.ts';

const LIMITS = { perOwner: 2, total: 3, idleMs: 1000, expireMs: 10_000 };

function bounds() {
  let now = 0;
  const watched = new Set<string>();
  const scheduled: string[] = [];
  const games = new AiOnlyGames(
    LIMITS,
    () => now,
    (id) => watched.has(id),
    (id) => scheduled.push(id),
  );
  const at = (ms: number) => {
    now = ms;
  };
  return { games, watched, scheduled, at };
}

const aiOnly = (id: string): LookedAt => ({
  id,
  record: { status: 'active' },
  seats: [{ player: 'ai' }, { player: 'ai' }],
});

const refused = (code: string, message: RegExp) => (e: unknown) =>
  e instanceof ApiError && e.status === 429 && e.code === code && message.test(e.message);

describe('a game of AI against AI moves while somebody looks', () => {
  test('it moves within idleMs of a look, and pauses after it unless a live channel is open', () => {
    const { games, watched, at } = bounds();
    games.started('a', 'creator');
    at(1000);
    assert.equal(games.mayMove('a'), true);
    at(1001);
    watched.add('a');
    assert.equal(games.mayMove('a'), true, 'watched live: it moves on');
    watched.delete('a');
    assert.equal(games.mayMove('a'), false, 'nobody looking: paused');
    assert.equal(games.mayMove('a'), false, 'paused until somebody looks');
    assert.equal(games.lastSeen('a'), 0, 'when somebody last looked is kept');
  });

  test('a look moves a paused game on (its AI asked to move), as a game of nobody in particular', () => {
    const { games, scheduled, at } = bounds();
    games.started('a', 'creator');
    games.pause('a');
    at(500);
    games.looked(aiOnly('a'));
    assert.deepEqual(scheduled, ['a']);
    assert.equal(games.mayMove('a'), true);
    assert.equal(games.ownerOf('a'), '');
    assert.equal(games.lastSeen('a'), 500);
  });

  test('a look at a game with a person in it, or one not going on, changes nothing', () => {
    const { games, scheduled } = bounds();
    games.looked({ ...aiOnly('a'), seats: [{ player: 'ai' }, { player: 'human' }] });
    games.looked({ ...aiOnly('b'), record: { status: 'over' } });
    assert.deepEqual(scheduled, []);
    assert.equal(games.lastSeen('a'), Number.NEGATIVE_INFINITY);
  });

  test('with `total` games moving, a look at a paused one keeps it paused, the look remembered', () => {
    const { games, scheduled, at } = bounds();
    for (const id of ['a', 'b', 'c']) games.started(id, id);
    at(700);
    games.looked(aiOnly('d'));
    assert.deepEqual(scheduled, []);
    assert.equal(games.mayMove('d'), false);
    assert.equal(games.lastSeen('d'), 700);
  });
});

describe('the bounds on new games of AI against AI', () => {
  test('at most perOwner of one creator move at once (429 request/quota)', () => {
    const { games } = bounds();
    games.started('a', 'creator');
    games.started('b', 'creator');
    assert.throws(
      () => games.checkRoom('creator'),
      refused('request/quota', /at most 2 games .* of one address/),
    );
    games.checkRoom('another');
    games.ended('a');
    games.checkRoom('creator');
  });

  test('at most `total` in all; games idle past idleMs are paused first and make room', () => {
    const { games, watched, at } = bounds();
    for (const id of ['a', 'b', 'c']) games.started(id, id);
    assert.throws(() => games.checkRoom('d'), refused('request/quota', /at most 3 games .* try again later/));
    at(1001);
    watched.add('a');
    watched.add('b');
    games.checkRoom('d');
    assert.equal(games.mayMove('c'), false, 'c, idle and unwatched, was paused');
  });

  test('a deleted game is neither moving nor paused', () => {
    const { games } = bounds();
    games.started('a', 'creator');
    games.pause('a');
    games.dropped('a');
    assert.equal(games.lastSeen('a'), Number.NEGATIVE_INFINITY);
  });
});
