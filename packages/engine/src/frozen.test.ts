import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actionJson,
  CarriedCache,
  changeEntry,
  cloneRecord,
  internAction,
  isSettled,
  notFlatData,
  settleRecord,
} from './frozen.ts';

interface Piece {
  at: number;
  hp: number;
}
const copy = (p: Piece): Piece => ({ at: p.at, hp: p.hp });
const same = (a: Piece, b: Piece) => a.at === b.at && a.hp === b.hp;

function settledRecord(): Record<string, Piece> {
  const r: Record<string, Piece> = { a: { at: 1, hp: 3 }, b: { at: 2, hp: 3 }, c: { at: 3, hp: 3 } };
  settleRecord(r, undefined, same);
  return r;
}

describe('copy-and-freeze records', () => {
  it('a settled record is frozen entry by entry, and known to be', () => {
    const r = settledRecord();
    assert.ok(isSettled(r));
    assert.ok(Object.values(r).every(Object.isFrozen));
  });
  it('the copy an action changes shares frozen entries; changing one copies it, leaving the parent alone', () => {
    const parent = settledRecord();
    const draft = cloneRecord(parent, copy, true);
    assert.equal(draft.a, parent.a);
    changeEntry(draft, 'a', copy).at = 9;
    assert.equal(parent.a!.at, 1);
    assert.equal(draft.a!.at, 9);
    assert.throws(() => {
      (draft.b as Piece).at = 5;
    }, TypeError);
  });
  it("after the action, an entry copied but left as it was is the parent's again; the changed one is frozen", () => {
    const parent = settledRecord();
    const draft = cloneRecord(parent, copy, true);
    changeEntry(draft, 'a', copy).at = 9;
    changeEntry(draft, 'b', copy); // copied, not changed
    settleRecord(draft, parent, same);
    assert.equal(draft.b, parent.b);
    assert.notEqual(draft.a, parent.a);
    assert.ok(Object.isFrozen(draft.a));
    assert.ok(isSettled(draft));
  });
  it('a deep copy (no sharing) copies every entry', () => {
    const parent = settledRecord();
    const deep = cloneRecord(parent, copy, false);
    assert.notEqual(deep.a, parent.a);
    assert.ok(!Object.isFrozen(deep.a));
    assert.deepEqual(deep, parent);
  });
  it('an entry that does not exist is an error, not a silent new entry', () => {
    assert.throws(() => changeEntry(settledRecord(), 'zz', copy), /no entry zz/);
  });
});

describe('carried caches (incremental work passed to the next state)', () => {
  it("a draft sees its parent's value, not its own, until it sets one", () => {
    const cache = new CarriedCache<object, string>();
    const parent = {};
    const draft = {};
    cache.set(parent, 'moves of the parent');
    cache.inherit(parent, draft);
    assert.equal(cache.inherited(draft), 'moves of the parent');
    assert.equal(cache.get(draft), undefined);
    cache.set(draft, 'moves of the draft');
    assert.equal(cache.get(draft), 'moves of the draft');
    assert.equal(cache.inherited({}), undefined);
  });
});

describe('internAction', () => {
  it('freezes the action and carries its JSON where nothing else sees it', () => {
    const a = internAction({ type: 'move', unit: 'ger-1pz', to: '0815' });
    assert.ok(Object.isFrozen(a));
    assert.equal(actionJson(a), '{"type":"move","unit":"ger-1pz","to":"0815"}');
    assert.equal(actionJson(a), JSON.stringify(a));
    // Not a field of the action for JSON, keys, spreads, clones or deep equality.
    assert.deepEqual(Object.keys(a), ['type', 'unit', 'to']);
    assert.deepEqual({ ...a }, { type: 'move', unit: 'ger-1pz', to: '0815' });
    assert.deepStrictEqual(a, { type: 'move', unit: 'ger-1pz', to: '0815' });
    assert.equal(actionJson(structuredClone(a)), undefined);
    assert.equal(
      actionJson({ type: 'move', unit: 'ger-1pz', to: '0815' }),
      undefined,
      'an action not interned',
    );
    assert.throws(() => ((a as { to: string }).to = '0816'), TypeError);
    assert.equal(actionJson(a), JSON.stringify(a), 'its JSON can never change');
  });

  it('takes only a plain object of primitive fields, whose JSON cannot change', () => {
    assert.throws(
      () => internAction({ type: 'attack', units: ['a', 'b'] }),
      /field "units" is not a primitive/,
    );
    assert.throws(
      () =>
        internAction(
          new (class Move {
            type = 'move';
          })(),
        ),
      /not a plain object/,
    );
    assert.equal(
      actionJson(internAction({ type: 'end', at: null, n: 3, ok: true })),
      '{"type":"end","at":null,"n":3,"ok":true}',
    );
  });
});

describe('notFlatData (what the hash, the live channel and internAction may keep the JSON of)', () => {
  it('takes a plain object, or one of no prototype, whose own fields are all primitive data', () => {
    assert.equal(notFlatData({ at: 3, status: 'map', moved: 'no', fortified: false, x: null }), null);
    assert.equal(notFlatData(Object.freeze({ type: 'move', unit: 'ger-1pz', to: '0815' })), null);
    assert.equal(notFlatData(Object.assign(Object.create(null), { a: 1 })), null);
    assert.equal(notFlatData({}), null);
    // Symbol-keyed fields are not JSON's: an interned action's own JSON among them.
    assert.equal(notFlatData(internAction({ type: 'end' })), null);
    assert.equal(notFlatData({ a: 1, [Symbol('s')]: { nested: true } }), null);
  });

  it('names the first field, in JSON order, that is not primitive data, enumerable or not', () => {
    assert.equal(notFlatData({ a: 1, units: ['x'], b: {} }), 'field "units" is not a primitive value');
    assert.equal(notFlatData({ 2: 'x', 1: {}, a: 1 }), 'field "1" is not a primitive value');
    assert.equal(notFlatData({ f: () => 1 }), 'field "f" is not a primitive value');
    assert.equal(notFlatData({ s: Symbol('s') }), 'field "s" is not a primitive value');
    const hidden = { a: 1 };
    Object.defineProperty(hidden, 'inner', { value: { b: 2 }, enumerable: false });
    assert.equal(notFlatData(hidden), 'field "inner" is not a primitive value');
  });

  it('refuses a getter (its value could change) without calling it, a toJSON, and any other prototype', () => {
    let called = 0;
    const withGetter = {
      a: 1,
      get b() {
        called++;
        return 2;
      },
    };
    assert.equal(notFlatData(withGetter), 'field "b" is not a primitive value');
    assert.equal(called, 0);
    assert.equal(notFlatData({ a: 1, toJSON: () => 'x' }), 'field "toJSON" is not a primitive value');
    const inherited = Object.assign(Object.create({ toJSON: () => 'x' }), { a: 1 });
    assert.equal(notFlatData(inherited), 'not a plain object');
    assert.equal(notFlatData(new Date(0)), 'not a plain object');
    assert.equal(notFlatData([1, 2]), 'not a plain object');
  });
});
