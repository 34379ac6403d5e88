import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { soleSubject } from './selection.ts';

describe('the one piece every action is about', () => {
  it('the same piece in every action that names one, whatever the others', () => {
    const actions = [
      { type: 'retreat', unit: 'ger-6id', hex: '0101' },
      { type: 'retreat', unit: 'ger-6id', hex: '0102' },
      { type: 'end-retreat' },
    ];
    assert.equal(soleSubject(actions, 'unit'), 'ger-6id');
    assert.equal(soleSubject(actions, 'piece'), null, 'no action has the field');
  });
  it('none when two actions name different pieces, or the field is not a string', () => {
    assert.equal(
      soleSubject(
        [
          { type: 'move', piece: 'a' },
          { type: 'move', piece: 'b' },
        ],
        'piece',
      ),
      null,
    );
    assert.equal(soleSubject([{ type: 'move', piece: 3 }], 'piece'), null);
    assert.equal(soleSubject([], 'piece'), null);
  });
});
