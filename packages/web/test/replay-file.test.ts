/**
 * A replay file chosen on the home page (ReplaySession): one that is not a replay of
 * this game is refused saying why, before anything of it is read as this game's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReplayFile } from '@stavka/engine';
import { playout, RandomPlayer } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import { ReplaySession } from '../src/session.ts';

describe('a replay file opened in the browser', () => {
  const game = playout(marsRules, 5, { soviet: new RandomPlayer('a'), german: new RandomPlayer('b') });
  const good = game.replay;

  it('steps through a whole game: every position from the set-up to the end', async () => {
    const s = await ReplaySession.open(good);
    assert.equal(s.length, good.actions.length + 1);
    assert.equal(s.position, good.actions.length);
    assert.equal((s.current().state as { step: string }).step, 'over');
    s.seek(0);
    assert.equal((s.current().state as { step: string }).step, 'setup');
  });

  it('refuses another game, another rules version, or actions that are no list, saying which', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...good, game: 'chess' }, /game: replay is of "chess", not a game this version plays/],
      [
        { ...good, rulesVersion: 'mars-1942/0' },
        /rulesVersion: replay was recorded under rules mars-1942\/0/,
      ],
      [{ ...good, actions: 7 }, /actions: the actions are not a list/],
      [{ ...good, actions: [null] }, /actions\[0\]: an action is/],
      [
        { ...good, actions: [{ side: 'german', action: { type: 'fly' } }] },
        /actions\[0\]: not a legal action/,
      ],
      [null, /a replay file holds a JSON object/],
    ];
    for (const [file, said] of cases) {
      await assert.rejects(ReplaySession.open(file as ReplayFile), said, JSON.stringify(file)?.slice(0, 60));
    }
  });
});
