import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Memo } from './memo.ts';

describe('Memo: work kept by the object it is for', () => {
  it('keeps a value per object, and forgets it when cleared', () => {
    const memo = new Memo<object, number[]>('test');
    const a = {};
    const b = {};
    assert.equal(memo.get(a), undefined);
    memo.set(a, [1]);
    memo.set(b, [2]);
    assert.deepEqual(memo.get(a), [1]);
    assert.deepEqual(memo.get(b), [2]);
    memo.set(a, [3]);
    assert.deepEqual(memo.get(a), [3]);
    memo.clear(a);
    assert.equal(memo.get(a), undefined);
    assert.equal(memo.has(a), false);
    assert.equal(memo.has(b), true);
  });

  it('two memos on one object do not see each other', () => {
    const one = new Memo<object, string>('same name');
    const two = new Memo<object, string>('same name');
    const o = {};
    one.set(o, 'one');
    assert.equal(two.get(o), undefined);
  });

  it('is invisible to what copies, hashes or compares a state: a copy never shares the memo', () => {
    const memo = new Memo<object, { legal: string[] }>('legal');
    const state = { turn: 1, units: { a: { at: 3 } } };
    memo.set(state, { legal: ['move'] });
    assert.deepEqual(Object.keys(state), ['turn', 'units']);
    assert.equal(JSON.stringify(state), '{"turn":1,"units":{"a":{"at":3}}}');
    assert.deepStrictEqual(state, { turn: 1, units: { a: { at: 3 } } });
    const spread = { ...state };
    const cloned = structuredClone(state);
    assert.equal(memo.get(spread), undefined);
    assert.equal(memo.get(cloned), undefined);
    const keys: string[] = [];
    for (const k in state) keys.push(k);
    assert.deepEqual(keys, ['turn', 'units']);
  });

  it('holds a value for a frozen object too (kept aside, by a weak map)', () => {
    const memo = new Memo<object, string>('frozen');
    const frozen = Object.freeze({ at: 1 });
    memo.set(frozen, 'json');
    assert.equal(memo.get(frozen), 'json');
    assert.equal(memo.get(Object.freeze({ at: 1 })), undefined);
    memo.clear(frozen);
    assert.equal(memo.get(frozen), undefined);
  });

  it('an object frozen once a value is kept on it keeps that value, and refuses another', () => {
    const memo = new Memo<object, string>('late freeze');
    const o = { at: 1 };
    memo.set(o, 'kept');
    Object.freeze(o);
    assert.equal(memo.get(o), 'kept');
    assert.throws(() => memo.set(o, 'other'), TypeError);
    assert.equal(memo.get(o), 'kept');
  });
});
