import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  apply,
  type GameState,
  legalActions,
  playout,
  RandomPlayer,
  sharedStart,
  stateHash,
} from '@stavka/engine';
import { marsRules } from '@stavka/games';
import {
  completeSnapshot,
  MAX_LINKS,
  readSnapshot,
  type StoredSnapshot,
  snapshotJson,
  stateFromSnapshot,
  writeSnapshot,
} from './snapshot.ts';

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

  /** The state of a snapshot written after `before`, read back with the log `before` holds. */
  const readBack = (json: string, before: StoredSnapshot | null) =>
    completeSnapshot(readSnapshot(json), before?.log ?? null);

  test('a snapshot goes on from the one before it: only the entries since, and it reads back as the same state', () => {
    // Every 100 actions, as a server writes them, each from the one before.
    let before: StoredSnapshot | null = null;
    let seq = 0;
    let continued = 0;
    const sizes: [number, number][] = [];
    for (let i = 99; i < all.length; i += 100) {
      const s = all[i]!;
      seq = i + 1;
      const { json, links } = writeSnapshot(s, before);
      const back = readBack(json, before);
      assert.deepEqual(back, JSON.parse(JSON.stringify(s)), `snapshot at action ${seq}`);
      assert.equal(stateHash(back), stateHash(s));
      if (before) {
        continued++;
        assert.equal(links, before.links + 1);
        assert.deepEqual(readSnapshot(json).logFrom, { seq: before.seq, keep: before.log.length });
        const whole = snapshotJson(s).length;
        // Only the log since the last: the more of it there is, the less of it written again.
        assert.ok(json.length < whole, `${json.length} bytes against ${whole} written whole`);
        sizes.push([json.length, whole]);
      } else assert.equal(readSnapshot(json).logFrom, null, 'the first is whole');
      before = { seq, log: s.log, links };
    }
    assert.ok(continued >= 4, `${continued} snapshots went on from another`);
    const [last, lastWhole] = sizes[sizes.length - 1]!;
    assert.ok(last < lastWhole / 2, `late in the game ${last} bytes against ${lastWhole} written whole`);
  });

  test('a snapshot taken after moves were taken back keeps the entries they left, and those written again', () => {
    // The snapshot before is taken at a state whose last move is then taken back: the
    // moves before it are replayed from the undo record's base, their entries written
    // again (equal, not the same), and the one after keeps them and drops the last move's.
    let checked = 0;
    let rewritten = 0;
    for (const earlier of withUndo.filter((s) => s.undo!.actions.length >= 2).slice(0, 40)) {
      const side = earlier.undo!.side;
      const undo = legalActions(marsRules, earlier, side).find((a) => a.type === 'undo')!;
      const undone = apply(marsRules, earlier, side, undo);
      assert.ok(undone.ok);
      const s = undone.value;
      const before: StoredSnapshot = { seq: 7, log: earlier.log, links: 0 };
      const json = snapshotJson(s, before);
      const link = readSnapshot(json).logFrom!;
      // The entries the two logs share, by their JSON.
      let equal = 0;
      while (
        equal < Math.min(earlier.log.length, s.log.length) &&
        JSON.stringify(earlier.log[equal]) === JSON.stringify(s.log[equal])
      )
        equal++;
      assert.equal(link.keep, equal);
      assert.ok(link.keep < earlier.log.length, `keeps ${link.keep} of ${earlier.log.length} entries`);
      if (equal > sharedStart(earlier.log, s.log)) rewritten++;
      const back = readBack(json, before);
      assert.deepEqual(back, JSON.parse(JSON.stringify(s)));
      assert.equal(stateHash(back), stateHash(s));
      checked++;
    }
    assert.ok(checked >= 10, `${checked} states with moves taken back`);
    assert.ok(rewritten > 0, 'entries written again by the undo kept');
  });

  test(`after ${MAX_LINKS} snapshots in a row go on from another, the next is written whole`, () => {
    const s = all[all.length - 1]!;
    const before: StoredSnapshot = { seq: 1, log: all[all.length - 2]!.log, links: MAX_LINKS - 1 };
    const last = writeSnapshot(s, before);
    assert.equal(last.links, MAX_LINKS);
    assert.notEqual(readSnapshot(last.json).logFrom, null);
    const next = writeSnapshot(s, { seq: 2, log: s.log, links: MAX_LINKS });
    assert.equal(next.links, 0);
    assert.equal(readSnapshot(next.json).logFrom, null);
    assert.equal(next.json, snapshotJson(s));
  });

  test('a snapshot that goes on from another is not read without it, nor one with a broken link', () => {
    const s = all[all.length - 1]!;
    const before: StoredSnapshot = { seq: 3, log: all[all.length - 2]!.log, links: 0 };
    const json = snapshotJson(s, before);
    assert.throws(() => stateFromSnapshot(json), /goes on from the first \d+ log entries of snapshot 3/);
    assert.throws(() => readBack(json, { ...before, log: before.log.slice(0, 2) }), /which holds 2/);
    const bad = json.replace(/"logFrom":\{[^}]*\}/, '"logFrom":{"seq":"x"}');
    assert.throws(() => readSnapshot(bad), /logFrom is not \{seq, keep\}/);
  });
});
