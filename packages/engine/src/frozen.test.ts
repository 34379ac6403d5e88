import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actionJson,
  CarriedCache,
  changeEntry,
  cloneRecord,
  internAction,
  isSettled,
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
