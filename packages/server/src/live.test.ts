/** The live channel's messages: what a client rebuilds from an update is what the server has. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Action, internAction, type LogEntry } from '@stavka/engine';
import fc from 'fast-check';
import {
  type LiveMessage,
  type LiveSeatView,
  legalPatch,
  legalPatchJson,
  liveMessage,
  patchLegal,
  receive,
  sentOf,
} from './live.ts';

interface View extends LiveSeatView {
  readonly stateId: number;
  readonly view: { readonly turn: number; readonly log: readonly LogEntry[] };
  readonly legal: readonly Action[];
}

const entry = (text: string): LogEntry => ({ kind: 'test', text });
const act = (n: number): Action => ({ type: n % 3 === 0 ? 'attack' : 'move', unit: `u${n % 7}`, to: n });
const seatView = (stateId: number, log: readonly LogEntry[], legal: readonly Action[]): View => ({
  stateId,
  view: { turn: stateId, log },
  legal,
});

describe('live updates', () => {
  test('any new log and legal list is rebuilt exactly from the update', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 12 }),
        fc.nat(12),
        fc.array(fc.string(), { maxLength: 6 }),
        fc.array(fc.nat(40), { maxLength: 60 }),
        fc.array(fc.nat(40), { maxLength: 60 }),
        (texts, cut, more, before, after) => {
          const log0 = texts.map(entry);
          // The next log shares a prefix with the old one (an undo cuts back), then adds.
          const log1 = [...log0.slice(0, Math.min(cut, log0.length)), ...more.map(entry)];
          const v0 = seatView(1, log0, before.map(act));
          const v1 = seatView(2, log1, after.map(act));
          const msg = JSON.parse(liveMessage(v1, sentOf(v0), sentOf(v1))) as LiveMessage<View>;
          assert.equal(msg.type, 'update');
          const held = receive<View>(JSON.parse(JSON.stringify(v0)), msg);
          assert.deepEqual(held, JSON.parse(JSON.stringify(v1)));
        },
      ),
    );
  });

  test('any board is rebuilt exactly, field by field, and seats sharing a board get the same patch', () => {
    // No "__proto__" keys: applyPatch refuses to touch them (prototype pollution), and no view has one.
    const board = fc
      .dictionary(
        fc.constantFrom('state', 'outcome', 'activeSides', 'turn', 'a~b/c'),
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
      )
      .filter((b) => !JSON.stringify(b).includes('"__proto__"'));
    fc.assert(
      fc.property(board, board, (b0, b1) => {
        const view0 = { ...b0, log: [entry('x')] };
        const view1 = { ...b1, log: [entry('x')] };
        const v0 = { stateId: 1, view: view0, legal: [] };
        const v1 = { stateId: 2, view: view1, legal: [] };
        const msg = JSON.parse(liveMessage(v1, sentOf(v0), sentOf(v1)));
        const held = receive(JSON.parse(JSON.stringify(v0)), msg);
        assert.deepEqual(held, JSON.parse(JSON.stringify(v1)));
        // Another seat, its own view objects around the same board fields.
        const again = liveMessage(
          { ...v1, view: { ...view1 } },
          sentOf({ ...v0, view: { ...view0 } }),
          sentOf(v1),
        );
        assert.deepEqual(JSON.parse(again), msg);
      }),
      { numRuns: 500 },
    );
  });

  test('a board sharing what did not change with the one before (as states do) is rebuilt exactly', () => {
    // No "__proto__" keys, as above: applyPatch refuses to touch them, and no view has one.
    const value = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"__proto__"'));
    const leaf = fc.dictionary(fc.constantFrom('at', 'moved', 'supply', 'x/y'), value, {
      maxKeys: 4,
    });
    const units = fc.dictionary(fc.constantFrom('u1', 'u2', 'u3', 'u~4'), leaf, { maxKeys: 4 });
    // An edit: which unit, then a field set (a value) or removed (undefined).
    const edit = fc.tuple(
      fc.constantFrom('u1', 'u2', 'u3', 'u~4', 'u5'),
      fc.constantFrom('at', 'moved', 'supply', 'x/y', 'new'),
      fc.option(value, { nil: undefined }),
    );
    fc.assert(
      fc.property(units, fc.array(edit, { maxLength: 4 }), fc.nat(3), (us0, edits, turn) => {
        // The next units: a copy of the record, each edited unit a copy, the rest the same objects.
        const us1: Record<string, Record<string, unknown>> = { ...us0 };
        for (const [id, field, value] of edits) {
          const u: Record<string, unknown> = { ...(us1[id] ?? {}) };
          if (value === undefined) delete u[field];
          else u[field] = value;
          us1[id] = u;
        }
        const board0 = { turn: 1, state: { units: us0, player: 'a' }, log: [entry('x')] };
        const board1 = { turn: turn + 1, state: { units: us1, player: 'a' }, log: [entry('x')] };
        const v0 = { stateId: 1, view: board0, legal: [] };
        const v1 = { stateId: 2, view: board1, legal: [] };
        const msg = JSON.parse(liveMessage(v1, sentOf(v0), sentOf(v1)));
        assert.deepEqual(receive(JSON.parse(JSON.stringify(v0)), msg), JSON.parse(JSON.stringify(v1)));
        // Nothing is sent of a unit left as it was.
        for (const op of msg.data.view as { path: string }[]) {
          const id = op.path.split('/')[3]?.replace('~1', '/').replace('~0', '~');
          if (id !== undefined) assert.notEqual(us0[id], us1[id], `${op.path}: its unit did not change`);
        }
      }),
      { numRuns: 500 },
    );
  });

  test("a list sharing the old one's objects (as the rules hand them on) is rebuilt exactly; one that only lost actions is sent as ranges", () => {
    const pool = Array.from({ length: 60 }, (_, i) => act(i));
    fc.assert(
      fc.property(
        fc.array(fc.nat(59), { maxLength: 80 }),
        // Each new action: one of the old list's (by its place), one of the pool, or an equal copy.
        fc.array(
          fc.oneof(
            fc.nat(79).map((k) => ({ old: k })),
            fc.nat(59),
            fc.nat(59).map((n) => ({ copy: n })),
          ),
          {
            maxLength: 80,
          },
        ),
        fc.array(fc.boolean(), { maxLength: 80 }),
        (olds, edits, keep) => {
          const old = olds.map((n) => pool[n]!);
          const now = edits.map((e) =>
            typeof e === 'number'
              ? pool[e]!
              : 'old' in e
                ? (old[e.old % Math.max(1, old.length)] ?? pool[0]!)
                : act(e.copy),
          );
          const patch = legalPatch({ actions: old }, { actions: now });
          assert.deepEqual(patchLegal(old, patch), now);
          // Some of the old list's actions gone, the rest in their order: every one copied by range.
          const left = old.filter((_, i) => keep[i] ?? true);
          const lost = legalPatch({ actions: old }, { actions: left });
          assert.deepEqual(patchLegal(old, lost), left);
          assert.ok(
            lost.every((op) => Array.isArray(op)),
            JSON.stringify(lost),
          );
        },
      ),
    );
  });

  test('a legal patch is written as JSON.stringify writes it, flat frozen actions from their kept JSON, in every update that sends them', () => {
    // Frozen actions (as Mars hands its moves on), each sent in many patches; some with a
    // nested array, which freezing the action does not freeze: never kept.
    const frozen = Array.from({ length: 12 }, (_, i) =>
      Object.freeze(i % 4 === 0 ? { type: 'attack', units: [`u${i}`, `u${i + 1}`], at: i } : act(i)),
    );
    // Interned actions (engine internAction: Mars's moves), written from the JSON they carry.
    const interned = Array.from({ length: 6 }, (_, i) =>
      internAction({ type: 'move', unit: `u${i}`, to: i }),
    );
    const op = fc.oneof(
      fc.tuple(fc.nat(50), fc.nat(50)).map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b)]),
      fc.nat(11).map((k) => frozen[k]!),
      fc.nat(5).map((k) => interned[k]!),
      fc.nat(40).map(act),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), fc.nat(11), (patch, k) => {
        assert.equal(legalPatchJson(patch), JSON.stringify(patch));
        // A frozen action's nested array changed since: written as it is now.
        (frozen[k - (k % 4)]!.units as string[]).push(`x${k}`);
        assert.equal(legalPatchJson(patch), JSON.stringify(patch), 'the same again, after a change inside');
      }),
    );
    // Through an update: every field of the seat view (an undefined one left out, as
    // JSON.stringify does), the list rebuilt exactly, the new actions sent whole.
    const log = [entry('x')];
    const seat = (stateId: number, legal: readonly Action[]) => ({
      ...seatView(stateId, log, legal),
      note: undefined,
      analyst: stateId > 1,
    });
    const v0 = seat(1, [frozen[1]!, frozen[2]!]);
    const v1 = seat(2, [frozen[0]!, frozen[2]!, act(5)]);
    const msg = JSON.parse(liveMessage(v1, sentOf(v0), sentOf(v1))) as LiveMessage<View>;
    assert.ok(msg.type === 'update');
    const legal = [JSON.parse(JSON.stringify(frozen[0])), [1, 2], act(5)];
    assert.deepEqual(
      msg,
      JSON.parse(
        JSON.stringify({
          type: 'update',
          data: { ...v1, view: msg.data.view, legal, log: { keep: 1, append: [] } },
        }),
      ),
    );
    assert.deepEqual(receive<View>(JSON.parse(JSON.stringify(v0)), msg), JSON.parse(JSON.stringify(v1)));
  });

  test('an update sends only what is new', () => {
    const log = Array.from({ length: 300 }, (_, i) => entry(`entry ${i}`));
    const legal = Array.from({ length: 900 }, (_, i) => act(i));
    const units = Array.from({ length: 80 }, (_, i) => ({
      id: `u${i}`,
      hex: `${1000 + i}`,
      disrupted: false,
    }));
    const board = (us: typeof units, stateId: number, l: readonly LogEntry[], la: readonly Action[]) => ({
      stateId,
      view: { turn: 3, units: us, log: l },
      legal: la,
    });
    const v0 = board(units, 1, log, legal);
    // One move: a unit moves, one more log entry, and the legal list loses a few actions.
    const moved = units.map((u) => (u.id === 'u7' ? { ...u, hex: '1411' } : u));
    const v1 = board(
      moved,
      2,
      [...log, entry('a move')],
      legal.filter((a) => a.unit !== 'u3'),
    );
    const msg = JSON.parse(liveMessage(v1, sentOf(v0), sentOf(v1)));
    assert.deepEqual(msg.data.view, [{ op: 'replace', path: '/units/7/hex', value: '1411' }]);
    assert.deepEqual(receive(JSON.parse(JSON.stringify(v0)), msg), JSON.parse(JSON.stringify(v1)));
    assert.deepEqual(msg.data.log, { keep: 300, append: [entry('a move')] });
    assert.ok(
      msg.data.legal.every((op: unknown) => Array.isArray(op)),
      'every action left was in the old list: copied by range, none resent',
    );
    assert.ok(JSON.stringify(msg).length < 3000, `${JSON.stringify(msg).length} bytes`);
  });

  test("a phase's new list: actions of a type the old list had none of go whole, equal ones are copied", () => {
    // The last phase's few actions, made afresh in another order (other objects, equal),
    // and a thousand moves of a type the old list had none of.
    const old: Action[] = [
      ...Array.from({ length: 12 }, (_, i) => ({ type: 'fortify', unit: `u${i}` })),
      { type: 'end-fortify' },
    ];
    const moves = Array.from({ length: 1000 }, (_, i) => ({ type: 'move', unit: `u${i % 40}`, to: i }));
    const now: Action[] = [{ type: 'end-fortify' }, { type: 'fortify', unit: 'u5' }, ...moves];
    const patch = legalPatch({ actions: old }, { actions: now });
    assert.deepEqual(patch.slice(0, 2), [
      [12, 13],
      [5, 6],
    ]);
    assert.equal(patch.filter((op) => !Array.isArray(op)).length, 1000, 'every move sent whole');
    assert.deepEqual(patchLegal(old, patch), now);
  });

  test('the first message is the whole view; an update with nothing to build on is refused', () => {
    const v = seatView(1, [entry('set-up')], [act(1)]);
    const first = JSON.parse(liveMessage(v, null, sentOf(v))) as LiveMessage<View>;
    assert.equal(first.type, 'view');
    assert.deepEqual(receive<View>(null, first), v);
    const next = seatView(2, [entry('set-up'), entry('moved')], [act(2)]);
    const update = JSON.parse(liveMessage(next, sentOf(v), sentOf(next))) as LiveMessage<View>;
    assert.equal(receive<View>(null, update), null);
    // An update made for a longer list than the client holds: refused, not misapplied.
    const longer = seatView(1, [entry('set-up')], [act(1), act(2), act(4)]);
    const patch = JSON.parse(liveMessage(next, sentOf(longer), sentOf(next))) as LiveMessage<View>;
    assert.equal(receive<View>(v, patch), null);
    // A legal-list range that is not one (backwards, negative): refused, never read as empty.
    for (const bad of [
      [1, 0],
      [-1, 1],
    ]) {
      const broken = JSON.parse(liveMessage(next, sentOf(v), sentOf(next)));
      broken.data.legal = [bad];
      assert.equal(receive<View>(v, broken), null, JSON.stringify(bad));
    }
    // A view patch that does not fit the view held: refused too.
    const fine = JSON.parse(liveMessage(next, sentOf(v), sentOf(next)));
    assert.ok(receive<View>(v, fine), 'the update as made fits');
    fine.data.view = [{ op: 'replace', path: '/nothing/here', value: 1 }];
    assert.equal(receive<View>(v, fine), null);
  });
});
