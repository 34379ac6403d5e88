import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apply, type GameState, legalActions, playout, RandomPlayer, stateHash } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import { snapshotJson, stateFromSnapshot } from './snapshot.ts';

/** States of a random Mars game: late ones, some with an undo record (moves can be taken back). */
function states(): GameState<unknown>[] {
  const out: GameState<unknown>[] = [];
  playout(
    marsRules,
    'snapshot',
    { soviet: new RandomPlayer('s'), german: new RandomPlayer('g') },
    { onAction: (s) => void out.push(s) },
  );
  return out;
}

describe('snapshots', () => {
  const all = states();
  const withUndo = all.filter((s) => s.undo !== null);

  test('a state read back from its snapshot is the same state: same JSON, same hash, the same undo', () => {
    assert.ok(withUndo.length > 50, `${withUndo.length} states with an undo record`);
    for (const s of [...withUndo.filter((_, i) => i % 10 === 0), all[all.length - 1]!]) {
      const back = stateFromSnapshot(snapshotJson(s));
      assert.deepEqual(back, JSON.parse(JSON.stringify(s)));
      assert.equal(stateHash(back), stateHash(s));
      if (s.undo) {
        const side = s.undo.side;
        const undo = legalActions(marsRules, back, side).find((a) => a.type === 'undo');
        assert.ok(undo, 'undo offered after the reload');
        const a = apply(marsRules, back, side, undo!);
        const b = apply(marsRules, s, side, undo!);
        assert.ok(a.ok && b.ok);
        assert.equal(stateHash(a.value), stateHash(b.value), 'taking back gives the same state');
        assert.deepEqual(a.value.log, b.value.log);
      }
    }
  });

  test("the undo record's base log is not written twice", () => {
    const s = withUndo[withUndo.length - 1]!;
    const whole = JSON.stringify(s).length;
    const stored = snapshotJson(s).length;
    assert.ok(stored < whole * 0.7, `${stored} bytes against ${whole}`);
  });

  test("log entries' JSON, kept from earlier snapshots, writes the same snapshot as the first time", () => {
    const s = all[all.length - 1]!;
    const first = snapshotJson(s); // every entry of the last state's log is known by now
    assert.equal(snapshotJson(s), first);
    assert.deepEqual(JSON.parse(first).log, JSON.parse(JSON.stringify(s.log)));
    assert.ok(s.log.length > 500, `${s.log.length} log entries`);
  });

  test('a snapshot written whole (before this format) reads back as it is', () => {
    const s = withUndo[0]!;
    assert.deepEqual(stateFromSnapshot(JSON.stringify(s)), JSON.parse(JSON.stringify(s)));
  });
});
