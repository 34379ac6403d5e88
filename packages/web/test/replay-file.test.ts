/**
 * A replay file chosen on the home page (ReplaySession): one that is not a replay of
 * this game is refused saying why, before anything of it is read as this game's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Action, GameState, ReplayFile } from '@stavka/engine';
import { apply, applyUnchecked, playout, RandomPlayer, replay } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import { ReplaySession } from '../src/session.ts';

describe('a replay file opened in the browser', () => {
  const game = playout(marsRules, 5, { soviet: new RandomPlayer('a'), german: new RandomPlayer('b') });
  const good = game.replay;

  /** Until the session has read and checked the file's actions (a slice at a time, issue #45 item 16). */
  const settled = (s: ReplaySession) =>
    new Promise<void>((done) => {
      const c = s.check();
      if (c.problem !== null || c.checked === c.of) return done();
      const stop = s.onCheck((x) => {
        if (x.problem !== null || x.checked === x.of) {
          stop();
          done();
        }
      });
    });

  it('steps through a whole game: every position from the set-up to the end', async () => {
    const s = await ReplaySession.open(good);
    // Open at once, at the start; the rest read and checked after.
    assert.equal(s.position, 0);
    assert.equal((s.current().state as { step: string }).step, 'setup');
    await settled(s);
    assert.deepEqual(s.check(), {
      read: good.actions.length,
      checked: good.actions.length,
      of: good.actions.length,
      problem: null,
    });
    assert.equal(s.length, good.actions.length + 1);
    s.seek(s.length - 1);
    assert.equal((s.current().state as { step: string }).step, 'over');
  });

  it('says at which action a file stops being a legal game, and stops the replay before it', async () => {
    const n = 40;
    const spoiled = {
      ...good,
      actions: good.actions.map((x, i) => (i === n ? { side: x.side, action: { type: 'fly' } } : x)),
    };
    const s = await ReplaySession.open(spoiled as ReplayFile);
    await settled(s);
    assert.match(s.check().problem ?? '', new RegExp(`^action ${n + 1}: not a legal action`));
    assert.equal(s.length, n + 1, 'the positions before it');
  });

  it('names the first action not legal even when the position it leaves takes it and a later one fails', async () => {
    // An action not legal in its position may still be applied as the file gives it (the
    // reading does not list legal actions first); a later action then cannot be taken at
    // all. The first one not legal is the one named, not the later one (the reading's stop).
    const states: GameState<Parameters<typeof marsRules.activeSides>[0]>[] = [];
    assert.ok(replay(marsRules, good, (st) => states.push(st)).ok);
    // The first position from action 20 on where an action of the same side from elsewhere
    // in the game is not legal yet is taken when not checked.
    let n = -1;
    let spoiledMove: { side: string; action: Action } | null = null;
    for (let i = 20; i < good.actions.length && !spoiledMove; i++) {
      const side = good.actions[i]!.side;
      const before = states[i - 1]!; // after action i - 1: where action i is taken
      for (const other of good.actions.slice(i + 1, i + 60)) {
        if (other.side !== side || !marsRules.activeSides(before.state).includes(side)) continue;
        if (apply(marsRules, before, side, other.action).ok) continue;
        try {
          applyUnchecked(marsRules, before, side, other.action);
        } catch {
          continue;
        }
        n = i;
        spoiledMove = { side, action: other.action };
        break;
      }
    }
    assert.ok(spoiledMove, 'an action not legal that the unchecked reading takes');
    const later = n + 3;
    const spoiled = {
      ...good,
      actions: good.actions.map((x, i) =>
        i === n ? spoiledMove : i === later ? { side: x.side, action: { type: 'fly' } } : x,
      ),
    };
    const s = await ReplaySession.open(spoiled as ReplayFile);
    await settled(s);
    assert.match(s.check().problem ?? '', new RegExp(`^action ${n + 1}: `));
    assert.equal(s.length, n + 1, 'the positions before it');
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
      [null, /a replay file holds a JSON object/],
    ];
    for (const [file, said] of cases) {
      await assert.rejects(ReplaySession.open(file as ReplayFile), said, JSON.stringify(file)?.slice(0, 60));
    }
  });
});
