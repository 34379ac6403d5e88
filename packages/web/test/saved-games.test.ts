/**
 * The home page's list of server games this browser holds tokens of (server.ts): what
 * it reads from storage, in which order, and what Forget removes. A Storage in memory.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forgetServerGame, linkForThisMachineOnly, savedServerGames } from '../src/server-games.ts';

/** localStorage's interface over a Map, keys in insertion order as browsers keep them. */
function memoryStorage(entries: Record<string, string>): Storage {
  const m = new Map(Object.entries(entries));
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

describe('the list of server games kept in this browser', () => {
  const seen = (v: object) => JSON.stringify(v);
  const storage = () =>
    memoryStorage({
      'stavka.tokens.old': 'st_a',
      'stavka.seen.old': seen({ sides: ['german'], watching: false, turn: 2, seenAt: 1000 }),
      'stavka.local.123': '{"replay":true}',
      'stavka.tokens.new': 'st_b,st_c',
      'stavka.seen.new': seen({ sides: ['soviet', 'german'], watching: false, turn: 5, seenAt: 5000 }),
      'stavka.tokens.unopened': 'st_d',
      'stavka.tokens.watched': 'sp_e',
      'stavka.seen.watched': seen({ sides: [], watching: true, turn: null, seenAt: 3000 }),
      'stavka.tokens.emptied': '',
      'stavka.tokens.garbled': 'st_f',
      'stavka.seen.garbled': '{not json',
      'stavka.links.made': seen({ soviet: 'http://h/play/made#st_x', german: 'http://h/play/made#st_y' }),
      'stavka.links.badlinks': '[1,2]',
      'stavka.tokens.badlinks': 'st_g',
    });

  it('lists each game with tokens, the most recently seen first, with its sides and turn', () => {
    const list = savedServerGames(storage());
    assert.deepEqual(
      list.map((g) => g.id),
      ['new', 'watched', 'old', 'badlinks', 'garbled', 'made', 'unopened'],
    );
    assert.deepEqual(list[0], {
      id: 'new',
      sides: ['soviet', 'german'],
      watching: false,
      turn: 5,
      seenAt: 5000,
      links: null,
    });
    assert.deepEqual(list[1], {
      id: 'watched',
      sides: [],
      watching: true,
      turn: null,
      seenAt: 3000,
      links: null,
    });
  });

  it('lists an online game created here, with no token of it, by its seat links', () => {
    const list = savedServerGames(storage());
    assert.deepEqual(list.find((g) => g.id === 'made')?.links, {
      soviet: 'http://h/play/made#st_x',
      german: 'http://h/play/made#st_y',
    });
    assert.equal(list.find((g) => g.id === 'badlinks')?.links, null);
  });

  it('reads a game never opened here, or whose record is unreadable, as not seen yet', () => {
    const list = savedServerGames(storage());
    const none = { sides: [], watching: false, turn: null, seenAt: null, links: null };
    assert.deepEqual(
      list.find((g) => g.id === 'unopened'),
      { id: 'unopened', ...none },
    );
    assert.deepEqual(
      list.find((g) => g.id === 'garbled'),
      { id: 'garbled', ...none },
    );
  });

  it('forgets a game: its tokens, links and record go, every other key stays', () => {
    const s = storage();
    const before = s.length;
    forgetServerGame('old', s);
    assert.equal(s.getItem('stavka.tokens.old'), null);
    assert.equal(s.getItem('stavka.seen.old'), null);
    assert.equal(s.length, before - 2);
    assert.ok(!savedServerGames(s).some((g) => g.id === 'old'));
    forgetServerGame('made', s);
    assert.equal(s.length, before - 3);
    assert.ok(!savedServerGames(s).some((g) => g.id === 'made'));
    assert.equal(s.getItem('stavka.local.123'), '{"replay":true}');
  });
});

describe('a seat link that opens on this computer only', () => {
  it('is one at localhost, 127.x or [::1]; one at a network address or name is not', () => {
    for (const link of [
      'http://localhost:8080/play/g#st_x',
      'http://127.0.0.1:8080/play/g#st_x',
      'http://127.1.2.3/play/g#st_x',
      'http://[::1]:8080/play/g#st_x',
    ])
      assert.equal(linkForThisMachineOnly(link), true, link);
    for (const link of [
      'http://192.168.1.20:8080/play/g#st_x',
      'https://stavka.example.org/play/g#st_x',
      'http://[fe80::1]:8080/play/g#st_x',
      'http://localhost.example.org/play/g#st_x',
      'not a link',
    ])
      assert.equal(linkForThisMachineOnly(link), false, link);
  });
});
