/**
 * Which server game and seats a page's address opens (seat-views.ts `serverGameOf`): the
 * one reading that app.tsx's openRoute joins and main.tsx asks the seat views of early.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverGameOf } from '../src/seat-views.ts';

describe("a page address's server game", () => {
  it('reads #/game/<id>/<tokens> on any page, tokens optional', () => {
    assert.deepEqual(serverGameOf('/game/g1/st_a,st_b', '/'), { id: 'g1', tokens: 'st_a,st_b' });
    assert.deepEqual(serverGameOf('/game/g1', '/'), { id: 'g1', tokens: null });
    assert.equal(serverGameOf('/game', '/'), null);
  });

  it('reads a seat link /play/<id>#<token>, or the seats held when the hash is empty', () => {
    assert.deepEqual(serverGameOf('/st_a', '/play/g2'), { id: 'g2', tokens: 'st_a' });
    assert.deepEqual(serverGameOf('/', '/play/g2'), { id: 'g2', tokens: null });
    // Cut short: an empty id, for joining to refuse with its message.
    assert.deepEqual(serverGameOf('/', '/play/'), { id: '', tokens: null });
  });

  it('is none for the home page, an offline game or a replay, even on a seat link page', () => {
    assert.equal(serverGameOf('/', '/'), null);
    assert.equal(serverGameOf('/local/abc', '/'), null);
    assert.equal(serverGameOf('/local/abc', '/play/g2'), null);
    assert.equal(serverGameOf('/new-local/mars-1942/7', '/play/g2'), null);
    assert.equal(serverGameOf('/replay', '/play/g2'), null);
  });
});
