/**
 * The storage suite, run against SQLite and against PostgreSQL: the same interface,
 * the same guarantees (actions serialized per game, migrations, snapshots, NOTIFY).
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { Migrator } from 'kysely';
import pg from 'pg';
import { migrationProvider, openDatabase } from './db.ts';
import { type ActionRecord, type GameRecord, openStore, type SeatRecord, type Store } from './store.ts';
import { freshPostgresDatabase, stopTestPostgres, tempSqlitePath, until } from './test-support.ts';

after(() => stopTestPostgres());

const at = '2026-01-01T00:00:00.000Z';
/** Caps of `count` messages a seat and kind, with room enough for their bytes. */
const caps = (count: number) => ({ count, bytes: 1024 * 1024 });
function gameRecord(id: string): GameRecord {
  return {
    id,
    game: 'mars-1942',
    rules_version: 'x',
    scenario: 'null',
    options: '{}',
    status: 'waiting',
    seq: 0,
    commitment: 'c',
    secret: 's',
    seed: null,
    final_hash: null,
    spectator_token_hash: 'sp',
    origin: 'created',
    created_at: at,
    updated_at: at,
  };
}
const seats = (id: string): SeatRecord[] =>
  ['german', 'soviet'].map((side) => ({
    game_id: id,
    side,
    player: 'human',
    token_hash: `t-${side}`,
    contribution: null,
    joined_at: null,
    webhook_url: null,
    webhook_secret: null,
  }));
const action = (id: string, seq: number, tag = ''): ActionRecord => ({
  game_id: id,
  seq,
  side: 'german',
  action: JSON.stringify({ type: 'pass', tag }),
  state_id: seq,
  hash: `h${seq}${tag}`,
  created_at: at,
});
const active = { status: 'active', finalHash: null, snapshot: null } as const;

/**
 * PostgreSQL: counts the statements the store sends (its pool's queries) until `stop`;
 * undefined on SQLite (no pool). Reaches into the store, for the batch's tests only.
 */
function countStatements(store: Store): { stop(): number } | undefined {
  const pool = (store as unknown as { opened: { pool?: pg.Pool } }).opened.pool;
  if (!pool) return undefined;
  const query = pool.query;
  let count = 0;
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  return {
    stop() {
      pool.query = query;
      return count;
    },
  };
}

function storageSuite(name: string, target: () => Promise<string>) {
  describe(`storage on ${name}`, () => {
    let store: Store;
    let url: string;
    before(async () => {
      url = await target();
      store = await openStore(url);
    });
    after(async () => store?.close());

    test('migrations are versioned and idempotent: opening again migrates nothing', async () => {
      const again = await openStore(url);
      assert.equal(again.kind, store.kind);
      await again.close();
      const opened = await openDatabase(url);
      const done = await new Migrator({ db: opened.db, provider: migrationProvider }).getMigrations();
      await opened.db.destroy();
      assert.deepEqual(
        done.map((m) => [m.name, m.executedAt !== undefined]),
        [
          ['0001_games_seats_actions_snapshots', true],
          ['0002_webhook_secrets', true],
          ['0003_webhook_deliveries', true],
          ['0004_admin_tokens', true],
          ['0005_ai_players', true],
          ['0006_messages', true],
          ['0007_presence', true],
          ['0008_imports', true],
          ['0009_analyst', true],
          ['0010_snapshot_log_links', true],
        ],
      );
    });

    test('a database from before a migration is upgraded in place, keeping its games', async () => {
      const file = name === 'SQLite' ? tempSqlitePath() : await target();
      const opened = await openDatabase(file);
      const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
      const down = await migrator.migrateTo('0001_games_seats_actions_snapshots');
      assert.equal(down.error, undefined);
      await opened.db
        .insertInto('games')
        .values({ ...gameRecord('old'), status: 'active' })
        .execute();
      const { webhook_secret: _none, ...oldSeat } = {
        ...seats('old')[0]!,
        webhook_url: 'https://example.com/h',
      };
      await opened.db
        .insertInto('seats')
        .values(oldSeat as SeatRecord)
        .execute();
      await opened.db.destroy();
      const upgraded = await openStore(file);
      try {
        const [seat] = await upgraded.seats('old');
        assert.equal(seat?.webhook_url, 'https://example.com/h');
        assert.equal(seat?.webhook_secret, null);
      } finally {
        await upgraded.close();
      }
    });

    test('taken back below 0010, the snapshots that go on from another are dropped and the whole ones kept', async () => {
      const file = name === 'SQLite' ? tempSqlitePath() : await target();
      const made = await openStore(file);
      await made.createGame({ ...gameRecord('chain'), status: 'active' }, seats('chain'), [], {
        seq: 0,
        state: '{"log":[],"stateId":0}',
      });
      await made.close();
      const opened = await openDatabase(file);
      await opened.db
        .insertInto('snapshots')
        .values([
          {
            game_id: 'chain',
            seq: 100,
            state: '{"log":[{"text":"x"}],"logFrom":{"seq":0,"keep":0},"stateId":100}',
          },
          { game_id: 'chain', seq: 200, state: '{"log":[{"text":"logFrom"}],"stateId":200}' },
        ])
        .execute();
      const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
      assert.equal((await migrator.migrateTo('0009_analyst')).error, undefined);
      const left = await opened.db
        .selectFrom('snapshots')
        .select('seq')
        .where('game_id', '=', 'chain')
        .execute();
      assert.deepEqual(
        left.map((r) => Number(r.seq)).sort((a, b) => a - b),
        [0, 200],
      );
      assert.equal((await migrator.migrateToLatest()).error, undefined);
      await opened.db.destroy();
    });

    test('webhook deliveries wait in the database; of two processes taking one, one gets it', async () => {
      const other = await openStore(url); // a second process on the same database
      try {
        const row = (id: string, due: string) => ({
          id,
          game_id: 'g-hooks',
          side: 'german',
          url: 'https://example.com/hook',
          secret: 'whsec_x',
          body: `{"n":"${id}"}`,
          attempts: 0,
          due_at: due,
          created_at: at,
        });
        await store.queueDeliveries([
          row('later', '2026-01-01T00:00:09.000Z'),
          row('first', '2026-01-01T00:00:01.000Z'),
          row('second', '2026-01-01T00:00:02.000Z'),
        ]);
        const now = '2026-01-01T00:00:05.000Z';
        const due = await other.dueDeliveries(now, 10);
        assert.deepEqual(
          due.map((d) => d.id),
          ['first', 'second'],
          'only what is due, the longest waiting first',
        );
        assert.deepEqual(due[0], row('first', '2026-01-01T00:00:01.000Z'));
        // Both read "first" as due; both try to take it: one does.
        const lease = '2026-01-01T00:01:00.000Z';
        const taken = await Promise.all([
          store.claimDelivery('first', due[0]!.due_at, lease),
          other.claimDelivery('first', due[0]!.due_at, lease),
        ]);
        assert.deepEqual(taken.filter(Boolean).length, 1);
        assert.deepEqual(
          (await store.dueDeliveries(now, 10)).map((d) => d.id),
          ['second'],
          'a delivery taken is not due until its lease runs out',
        );
        assert.deepEqual(
          (await store.dueDeliveries('2026-01-01T00:02:00.000Z', 10)).map((d) => d.id),
          ['second', 'later', 'first'],
          'a lease run out (its process died): due again',
        );
        await store.rescheduleDelivery('second', 1, '2026-01-01T00:00:30.000Z');
        await store.dropDelivery('first');
        const left = await other.dueDeliveries('2026-01-01T00:02:00.000Z', 10);
        assert.deepEqual(
          left.map((d) => [d.id, d.attempts, d.due_at]),
          [
            ['later', 0, '2026-01-01T00:00:09.000Z'],
            ['second', 1, '2026-01-01T00:00:30.000Z'],
          ],
        );
        for (const d of left) await other.dropDelivery(d.id);
        assert.deepEqual(await store.dueDeliveries('2027-01-01T00:00:00.000Z', 10), []);
      } finally {
        await other.close();
      }
    });

    test('a game is created with its seats, joins once per seat, starts once', async () => {
      await store.createGame(gameRecord('g1'), seats('g1'));
      assert.equal((await store.game('g1'))?.status, 'waiting');
      assert.equal(await store.game('nope'), undefined);
      assert.equal(await store.joinSeat('g1', 'german', 'abc', at), true);
      assert.equal(await store.joinSeat('g1', 'german', 'other', at), false, 'a seat joins once');
      assert.equal((await store.seats('g1')).find((s) => s.side === 'german')?.contribution, 'abc');
      assert.equal(await store.startGame('g1', '"seed"', at), true);
      assert.equal(await store.startGame('g1', '"seed2"', at), false, 'started once');
      assert.equal((await store.game('g1'))?.seed, '"seed"');
    });

    test('joining replaces the seat token; a token is re-issued; games nobody joined expire, others stay (issue #22)', async () => {
      await store.createGame({ ...gameRecord('t1'), admin_token_hash: 'ad' }, seats('t1'));
      assert.equal((await store.game('t1'))?.admin_token_hash, 'ad');
      assert.equal(await store.joinSeat('t1', 'soviet', 'mine', at, 'own-soviet'), true);
      const soviet = async () => (await store.seats('t1')).find((s) => s.side === 'soviet')!;
      assert.equal((await soviet()).token_hash, 'own-soviet', "the joiner's own token");
      assert.equal(await store.setSeatToken('t1', 'soviet', 'reissued'), true);
      assert.equal((await soviet()).token_hash, 'reissued');
      assert.equal(await store.setSeatToken('nope', 'soviet', 'x'), false);
      // Waiting games made before the cut are deleted with their seats; a started one stays.
      const old = '2025-01-01T00:00:00.000Z';
      await store.createGame({ ...gameRecord('old-waiting'), created_at: old }, seats('old-waiting'));
      await store.createGame({ ...gameRecord('old-started'), created_at: old }, seats('old-started'));
      for (const side of ['german', 'soviet']) await store.joinSeat('old-started', side, 'c', at);
      assert.equal(await store.startGame('old-started', '"seed"', at), true);
      // A seat that joined may already have said something: deleted with the game.
      const said = { side: 'german', private: 0, body: 'hello?', created_at: at };
      assert.ok(await store.addMessage({ ...said, game_id: 'old-waiting' }, caps(10)), 'stored');
      assert.deepEqual(await store.deleteUnjoined('2025-06-01T00:00:00.000Z', 100), ['old-waiting']);
      assert.deepEqual(await store.messages('old-waiting', 0, 10), []);
      assert.equal(await store.game('old-waiting'), undefined);
      assert.deepEqual(await store.seats('old-waiting'), []);
      assert.equal((await store.game('old-started'))?.status, 'active');
      assert.equal((await store.game('t1'))?.status, 'waiting', 'a waiting game made after the cut stays');
      assert.deepEqual(await store.deleteUnjoined('2025-06-01T00:00:00.000Z', 100), []);
    });

    test('games of AI against AI unchanged since a time are found (their expiry), the longest unchanged first; none with a person, or over', async () => {
      const aiSeats = (id: string, human = false) =>
        seats(id).map((x, i) => ({ ...x, player: human && i === 0 ? ('human' as const) : ('ai' as const) }));
      const made = async (id: string, updated: string, status: 'active' | 'over', human = false) =>
        store.createGame({ ...gameRecord(id), status, updated_at: updated }, aiSeats(id, human));
      await made('ai-old', '2025-01-02T00:00:00.000Z', 'active');
      await made('ai-older', '2025-01-01T00:00:00.000Z', 'active');
      await made('ai-new', '2025-07-01T00:00:00.000Z', 'active');
      await made('ai-human', '2025-01-01T00:00:00.000Z', 'active', true);
      await made('ai-over', '2025-01-01T00:00:00.000Z', 'over');
      const cut = '2025-06-01T00:00:00.000Z';
      assert.deepEqual(await store.idleAiOnlyGames(cut, 10), ['ai-older', 'ai-old']);
      assert.deepEqual(await store.idleAiOnlyGames(cut, 1), ['ai-older']);
      await store.deleteGame('ai-older');
      assert.deepEqual(await store.idleAiOnlyGames(cut, 10), ['ai-old']);
      // Gone again, as the expiry deletes them: the suite's later tests count the games left.
      for (const id of ['ai-old', 'ai-new', 'ai-human', 'ai-over']) await store.deleteGame(id);
      assert.deepEqual(await store.idleAiOnlyGames('2026-01-01T00:00:00.000Z', 10), []);
    });

    test("the seats' messages: numbered in order, the last ones read, racing writers all kept, a full game refuses", async () => {
      await store.createGame(gameRecord('chat'), seats('chat'));
      const m = (i: number) => ({
        game_id: 'chat',
        side: 'german',
        private: i % 2,
        body: `m${i}`,
        created_at: at,
      });
      for (let i = 1; i <= 3; i++) assert.equal((await store.addMessage(m(i), caps(100)))?.seq, i);
      // Thirty writers at once (more than a writer retries a lost number): each its own
      // seq, none lost.
      const raced = await Promise.all(
        Array.from({ length: 30 }, (_, i) => store.addMessage(m(10 + i), caps(100))),
      );
      assert.deepEqual(
        raced.map((r) => r?.seq).sort((a, b) => a! - b!),
        Array.from({ length: 30 }, (_, i) => 4 + i),
      );
      const all = await store.messages('chat', 0, 100);
      assert.deepEqual(
        all.map((r) => r.seq),
        Array.from({ length: 33 }, (_, i) => i + 1),
      );
      assert.deepEqual(all[0], { ...m(1), seq: 1 }, 'stored as written');
      assert.deepEqual(
        (await store.messages('chat', 0, 2)).map((r) => r.seq),
        [32, 33],
        'the last ones, in order',
      );
      assert.deepEqual(
        (await store.messages('chat', 31, 100)).map((r) => r.seq),
        [32, 33],
      );
      // m(i) is a note for odd i: 17 notes and 16 chat lines are held.
      assert.equal(
        await store.addMessage(m(99), caps(17)),
        null,
        'a seat holding the most notes refuses one more',
      );
      assert.equal(
        (await store.addMessage(m(98), caps(17)))?.seq,
        34,
        'its chat lines have caps of their own',
      );
      assert.equal(
        await store.addMessage({ ...m(98), body: 'x'.repeat(5) }, { count: 100, bytes: 4 }),
        null,
        'nor more bytes than its caps',
      );
      assert.equal(
        await store.addMessage({ ...m(98), body: 'ééé' }, { count: 100, bytes: 54 }),
        null,
        'bytes of UTF-8, not characters: 50 bytes of chat lines held and 6 more (3 characters)',
      );
      assert.equal(
        (await store.addMessage({ ...m(98), side: 'soviet' }, caps(1)))?.seq,
        35,
        'another seat has caps of its own',
      );
      assert.equal((await store.messages('chat', 0, 100)).length, 35);
    });

    test("presence across processes: each store sees the others' seats, not its own; unrenewed rows expire; a closed store's go at once", async () => {
      const other = await openStore(url);
      const third = await openStore(url);
      // Rows meant to expire live SHORT ms, and are read as alive within it: long enough
      // for the reads between on a loaded machine (150 ms was not, under CI's whole run),
      // short enough to wait out (past()).
      const SHORT = 1_500;
      const past = () => new Promise((r) => setTimeout(r, SHORT + 300));
      try {
        await store.setPresence('pg1', ['german'], 60_000);
        await other.setPresence('pg1', ['soviet'], 60_000);
        await third.setPresence('pg1', ['german', 'soviet'], 60_000);
        assert.deepEqual(await store.presence('pg1'), ['german', 'soviet']);
        await third.setPresence('pg1', [], 60_000);
        assert.deepEqual(await store.presence('pg1'), ['soviet'], 'its own seats are not news to a store');
        assert.deepEqual(await other.presence('pg1'), ['german']);
        assert.deepEqual(await store.presence('pg2'), []);
        // A process that stops renewing (it died) drops out once its rows expire.
        await third.setPresence('pg2', ['soviet'], SHORT);
        assert.deepEqual(await store.presence('pg2'), ['soviet']);
        await past();
        assert.deepEqual(await store.presence('pg2'), []);
        // Renewing keeps one's own rows, drops everyone's expired ones, and says what the others serve.
        await other.setPresence('pg2', ['german'], SHORT);
        assert.deepEqual(await other.renewPresence(60_000), { pg1: ['german'] });
        await past();
        assert.deepEqual(await store.renewPresence(60_000), { pg1: ['soviet'], pg2: ['german'] });
        // Closing a store takes its seats out at once.
        await other.close();
        assert.deepEqual(await store.presence('pg1'), []);
        assert.deepEqual(await store.presence('pg2'), []);
      } finally {
        await other.close();
        await third.close();
        await store.setPresence('pg1', [], 60_000);
      }
    });

    test('actions append in sequence; a second writer of the same seq loses', async () => {
      assert.equal(await store.appendAction(action('g1', 1), active), true);
      assert.equal(await store.appendAction(action('g1', 1, 'b'), active), false, 'same seq twice');
      assert.equal(await store.appendAction(action('g1', 3), active), false, 'a gap');
      assert.equal(await store.appendAction(action('g1', 2), { ...active, snapshot: '{"at":2}' }), true);
      const rows = await store.actions('g1');
      assert.deepEqual(
        rows.map((r) => [r.seq, r.hash]),
        [
          [1, 'h1'],
          [2, 'h2'],
        ],
      );
      assert.deepEqual(
        (await store.actions('g1', 1)).map((r) => r.seq),
        [2],
      );
      assert.deepEqual(await store.gameSeq('g1'), { seq: 2, status: 'active' });
      assert.deepEqual(await store.latestSnapshot('g1', 10), { seq: 2, state: '{"at":2}' });
      assert.equal(await store.latestSnapshot('g1', 1), undefined);
    });

    test('many writers racing for the same seq: exactly one wins, nothing is lost or doubled', async () => {
      const tries = await Promise.all(
        Array.from({ length: 12 }, (_, i) => store.appendAction(action('g1', 3, `r${i}`), active)),
      );
      assert.equal(tries.filter(Boolean).length, 1);
      const rows = await store.actions('g1');
      assert.deepEqual(
        rows.map((r) => r.seq),
        [1, 2, 3],
      );
      assert.equal((await store.game('g1'))?.seq, 3);
    });

    test('the last action ends the game; nothing is appended after', async () => {
      assert.equal(
        await store.appendAction(action('g1', 4), { status: 'over', finalHash: 'h4', snapshot: '{}' }),
        true,
      );
      assert.equal((await store.game('g1'))?.final_hash, 'h4');
      assert.equal(await store.appendAction(action('g1', 5), active), false);
    });

    test('an import stores the game, its seats and its actions at once', async () => {
      const rec = { ...gameRecord('g2'), status: 'over' as const, seq: 2, seed: '1' };
      await store.createGame(rec, seats('g2'), [action('g2', 1), action('g2', 2)], { seq: 2, state: '{}' });
      assert.equal((await store.actions('g2')).length, 2);
      assert.ok((await store.gameIds()).includes('g2'));
    });

    test('webhooks and AI seats are recorded', async () => {
      await store.createGame({ ...gameRecord('g3'), status: 'active' }, [
        { ...seats('g3')[0]!, player: 'ai' },
        seats('g3')[1]!,
      ]);
      await store.setWebhook('g3', 'soviet', 'http://127.0.0.1:9/hook', 'whsec_x');
      const soviet = (await store.seats('g3')).find((s) => s.side === 'soviet');
      assert.equal(soviet?.webhook_url, 'http://127.0.0.1:9/hook');
      assert.equal(soviet?.webhook_secret, 'whsec_x');
      assert.deepEqual(await store.activeGamesWithAi(), ['g3']);
    });

    test('actions arriving together are stored together; a lost race loses only its own', async () => {
      for (const id of ['g5', 'g6', 'g7'])
        await store.createGame({ ...gameRecord(id), status: 'active' }, seats(id));
      const results = await Promise.all([
        store.appendAction(action('g5', 1), active),
        store.appendAction(action('g6', 1), active),
        store.appendAction(action('g5', 1), active), // the same seq again: another writer's
        store.appendAction(action('g7', 3), active), // not the next seq (whichever order they run in): refused
        store.appendAction(action('g7', 1), active),
      ]);
      // Of the two writers of g5's first action, exactly one wins (which one: the database's call).
      assert.equal(Number(results[0]) + Number(results[2]), 1);
      assert.deepEqual([results[1], results[3], results[4]], [true, false, true]);
      for (const id of ['g5', 'g6', 'g7']) {
        assert.deepEqual(
          (await store.actions(id)).map((a) => a.seq),
          [1],
        );
        assert.equal((await store.gameSeq(id))?.seq, 1);
      }
    });

    test('many appends in one turn, across games, are all stored (on PostgreSQL: the first at once, the rest in one statement); each keeps its own compare-and-set', async () => {
      const ids = Array.from({ length: 10 }, (_, i) => `batch-${i}`);
      for (const id of ids) await store.createGame({ ...gameRecord(id), status: 'active' }, seats(id));
      await store.createGame(gameRecord('batch-waiting'), seats('batch-waiting'));
      // Each game's first action in one turn, with a snapshot for some and an ending for one.
      const first = await Promise.all(
        ids.map((id, i) =>
          store.appendAction(
            action(id, 1),
            i === 9
              ? { status: 'over', finalHash: 'h1', snapshot: '{"over":1}' }
              : { ...active, snapshot: i % 3 === 0 ? `{"at":"${id}"}` : null },
          ),
        ),
      );
      assert.deepEqual(
        first,
        ids.map(() => true),
      );
      // Then, in one turn: the next action of most, a stale seq (already stored), a gap,
      // an action after the end, one of a game not started, one of a game that is not there.
      const statements = countStatements(store);
      const second = await Promise.all([
        ...ids.slice(0, 6).map((id) => store.appendAction(action(id, 2), active)),
        store.appendAction(action('batch-6', 1, 'stale'), active),
        store.appendAction(action('batch-7', 3), active),
        store.appendAction(action('batch-9', 2), active),
        store.appendAction(action('batch-waiting', 1), active),
        store.appendAction(action('batch-nowhere', 1), active),
        store.appendAction(action('batch-8', 2, 'last'), active),
      ]);
      assert.deepEqual(second, [true, true, true, true, true, true, false, false, false, false, false, true]);
      if (statements)
        assert.equal(statements.stop(), 2, 'the first at once, the other eleven in one statement');
      for (const [i, id] of ids.entries()) {
        const stored = await store.actions(id);
        const expected = i < 6 || i === 8 ? [1, 2] : [1];
        assert.deepEqual(
          stored.map((r) => r.seq),
          expected,
          id,
        );
        assert.equal(stored[0]!.hash, 'h1', 'the stale one did not replace the first');
        assert.equal((await store.gameSeq(id))?.seq, expected.length);
      }
      assert.equal((await store.game('batch-9'))?.status, 'over');
      assert.equal((await store.game('batch-9'))?.final_hash, 'h1');
      assert.deepEqual(await store.latestSnapshot('batch-3', 10), { seq: 1, state: '{"at":"batch-3"}' });
      assert.equal(await store.latestSnapshot('batch-1', 10), undefined);
      assert.deepEqual(await store.actions('batch-waiting'), []);
      assert.deepEqual(await store.actions('batch-nowhere'), []);
    });

    test("two appends of one game in one turn: a game's appends are made in the order they came", async () => {
      await store.createGame({ ...gameRecord('twice'), status: 'active' }, seats('twice'));
      await store.createGame({ ...gameRecord('twice-other'), status: 'active' }, seats('twice-other'));
      // The same seq twice (two writers): the first stored, the second refused.
      const same = await Promise.all([
        store.appendAction(action('twice', 1, 'a'), active),
        store.appendAction(action('twice-other', 1), active),
        store.appendAction(action('twice', 1, 'b'), active),
      ]);
      assert.deepEqual(same, [true, true, false]);
      assert.deepEqual(
        (await store.actions('twice')).map((r) => r.hash),
        ['h1a'],
      );
      // One seq after the other: each against the seq the one before left.
      const next = await Promise.all([
        store.appendAction(action('twice', 2), active),
        store.appendAction(action('twice', 3), active),
        store.appendAction(action('twice-other', 2), active),
        store.appendAction(action('twice', 3, 'again'), active),
      ]);
      assert.deepEqual(next, [true, true, true, false]);
      assert.deepEqual(
        (await store.actions('twice')).map((r) => r.hash),
        ['h1a', 'h2', 'h3'],
      );
      assert.equal((await store.gameSeq('twice'))?.seq, 3);
    });

    test('a batch with a bad append stores the others: each tried on its own', async () => {
      const ids = ['bad-0', 'bad-1', 'bad-2', 'bad-3'];
      for (const id of ids) await store.createGame({ ...gameRecord(id), status: 'active' }, seats(id));
      // bad-1 already has a snapshot at seq 1: storing another there is a unique violation,
      // which fails the whole transaction (or statement) it is in.
      await store.createGame({ ...gameRecord('bad-snap'), status: 'active' }, seats('bad-snap'), [], {
        seq: 1,
        state: '{"old":1}',
      });
      const results = await Promise.all([
        store.appendAction(action('bad-0', 1), active),
        store.appendAction(action('bad-snap', 1), { ...active, snapshot: '{"new":1}' }),
        store.appendAction(action('bad-1', 1), { ...active, snapshot: '{"at":1}' }),
        store.appendAction(action('bad-2', 1), active),
      ]);
      assert.deepEqual(
        results,
        [true, false, true, true],
        'the violation is a lost append, the others stored',
      );
      assert.deepEqual(await store.actions('bad-snap'), [], 'nothing of it stored');
      assert.equal((await store.gameSeq('bad-snap'))?.seq, 0);
      assert.deepEqual(await store.latestSnapshot('bad-snap', 1), { seq: 1, state: '{"old":1}' });
      assert.deepEqual(await store.latestSnapshot('bad-1', 1), { seq: 1, state: '{"at":1}' });
      if (name === 'PostgreSQL') {
        // A row PostgreSQL cannot store (text with a NUL): that append fails, the others not.
        const broken = await Promise.allSettled([
          store.appendAction(action('bad-0', 2), active),
          store.appendAction({ ...action('bad-2', 2), action: 'nul \u0000 here' }, active),
          store.appendAction(action('bad-3', 1), active),
        ]);
        assert.deepEqual(
          broken.map((r) => r.status),
          ['fulfilled', 'rejected', 'fulfilled'],
        );
        assert.deepEqual(
          broken.map((r) => (r.status === 'fulfilled' ? r.value : null)),
          [true, null, true],
        );
        assert.deepEqual(
          (await store.actions('bad-2')).map((r) => r.seq),
          [1],
        );
        assert.equal((await store.gameSeq('bad-2'))?.seq, 1, 'its compare-and-set undone with it');
      }
    });

    test('webhook notices are queued in the transaction of the change that causes them', async () => {
      await store.createGame(gameRecord('g-notices'), [
        { ...seats('g-notices')[0]!, player: 'ai' },
        seats('g-notices')[1]!,
      ]);
      await store.setWebhook('g-notices', 'soviet', 'http://hook.example/s', 'whsec_s');
      const notice = (id: string, side: string) => ({ id, side, body: `{"notice":"${id}"}` });
      // Started with a notice for each side: the soviet seat's is queued, the AI's goes nowhere.
      assert.equal(
        await store.startGame('g-notices', 'seed', at, [notice('n1', 'soviet'), notice('n2', 'german')]),
        true,
      );
      // A start that does not happen (no longer waiting) queues nothing.
      assert.equal(await store.startGame('g-notices', 'seed', at, [notice('n3', 'soviet')]), false);
      // An action stored queues its notice; one that lost the race queues none.
      const results = await Promise.all([
        store.appendAction(action('g-notices', 1), { ...active, notices: [notice('n4', 'soviet')] }),
        store.appendAction(action('g-notices', 1, 'other'), { ...active, notices: [notice('n5', 'soviet')] }),
      ]);
      assert.equal(results.filter(Boolean).length, 1);
      const won = results[0] ? 'n4' : 'n5';
      // A seat without a webhook (removed since) gets nothing.
      await store.setWebhook('g-notices', 'soviet', null, null);
      assert.equal(
        await store.appendAction(action('g-notices', 2), { ...active, notices: [notice('n6', 'soviet')] }),
        true,
      );
      const queued = (await store.dueDeliveries('9999', 100)).filter((d) => d.game_id === 'g-notices');
      assert.deepEqual(
        queued
          .map((d) => [d.id, d.side, d.url, d.secret, d.body, Number(d.attempts), d.due_at, d.created_at])
          .sort(),
        ['n1', won].map((id) => [
          id,
          'soviet',
          'http://hook.example/s',
          'whsec_s',
          `{"notice":"${id}"}`,
          0,
          at,
          at,
        ]),
      );
    });

    test("a batch's webhook notices are queued with their own actions, and a refused action's are not", async () => {
      const ids = ['hooked-0', 'hooked-1', 'hooked-2'];
      for (const id of ids) {
        await store.createGame({ ...gameRecord(id), status: 'active' }, seats(id));
        await store.setWebhook(id, 'soviet', `http://hook.example/${id}`, `whsec_${id}`);
      }
      const notice = (id: string, side: string) => ({ id, side, body: `{"notice":"${id}"}` });
      const statements = countStatements(store);
      const results = await Promise.all([
        store.appendAction(action('hooked-0', 1), {
          ...active,
          notices: [notice('hn-0s', 'soviet'), notice('hn-0g', 'german')],
        }),
        store.appendAction(action('hooked-1', 2), { ...active, notices: [notice('hn-1s', 'soviet')] }), // a gap: refused
        store.appendAction(action('hooked-2', 1), { ...active, notices: [notice('hn-2s', 'soviet')] }),
      ]);
      if (statements) assert.equal(statements.stop(), 2, 'the first at once, the other two in one statement');
      assert.deepEqual(results, [true, false, true]);
      const queued = (await store.dueDeliveries('9999', 1000)).filter((d) => d.game_id.startsWith('hooked-'));
      assert.deepEqual(
        queued.map((d) => [d.id, d.game_id, d.side, d.url, d.secret, d.body]).sort(),
        [
          [
            'hn-0s',
            'hooked-0',
            'soviet',
            'http://hook.example/hooked-0',
            'whsec_hooked-0',
            '{"notice":"hn-0s"}',
          ],
          [
            'hn-2s',
            'hooked-2',
            'soviet',
            'http://hook.example/hooked-2',
            'whsec_hooked-2',
            '{"notice":"hn-2s"}',
          ],
        ],
        "each stored action's notice to the seat with a webhook, none to the one without, none for the refused",
      );
    });

    if (name === 'SQLite') {
      test("another process's write changes the mark and is heard; this one's own do not", async () => {
        const other = await openStore(url);
        const heard: (string | null)[] = [];
        await store.listen((id) => heard.push(id));
        await store.createGame({ ...gameRecord('g8'), status: 'active' }, seats('g8'));
        const mark = store.changeMark('g8');
        assert.equal(typeof mark, 'number');
        await store.appendAction(action('g8', 1), active);
        assert.equal(store.changeMark('g8'), mark, 'its own commits leave the mark alone');
        await other.appendAction(action('g8', 2), active);
        assert.notEqual(store.changeMark('g8'), mark, "another connection's commit changes it");
        for (let i = 0; i < 100 && heard.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
        await other.close();
        assert.deepEqual(heard, [null]);
      });
    }

    if (name === 'PostgreSQL') {
      test('a LISTEN connection the database drops is opened again, and says to look afresh', async () => {
        const listening = await openStore(url);
        const heard: (string | null)[] = [];
        await listening.listen((id) => heard.push(id));
        await store.createGame({ ...gameRecord('g9'), status: 'active' }, seats('g9'));
        const mark = listening.changeMark('g9');
        assert.equal(typeof mark, 'number');
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const killed = await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN stavka_games' and pid <> pg_backend_pid()",
          );
          assert.ok((killed.rowCount ?? 0) >= 1, 'a LISTEN connection to drop');
          for (let i = 0; i < 200 && !heard.includes(null); i++) await new Promise((r) => setTimeout(r, 20));
          assert.ok(heard.includes(null), 'told to look at everything afresh once back');
          const again = listening.changeMark('g9');
          assert.ok(
            typeof again === 'number' && again !== mark,
            'every mark moved on (a notice may have been lost)',
          );
          await store.appendAction(action('g9', 1), active);
          for (let i = 0; i < 100 && !heard.includes('g9'); i++) await new Promise((r) => setTimeout(r, 20));
          assert.ok(heard.includes('g9'), 'notifications heard again');
        } finally {
          await admin.end();
          await listening.close();
        }
      });

      test('a batch announces each action it stored, game by game, and none it refused', async () => {
        const other = await openStore(url);
        const heard: (string | null)[] = [];
        await other.listen((id) => heard.push(id));
        const ids = ['told-0', 'told-1', 'told-2', 'told-3'];
        for (const id of ids) await store.createGame({ ...gameRecord(id), status: 'active' }, seats(id));
        const statements = countStatements(store);
        const results = await Promise.all([
          ...ids.map((id) => store.appendAction(action(id, 1), active)),
          store.appendAction(action('told-refused', 1), active),
        ]);
        assert.equal(statements?.stop(), 2, 'the first at once, the other four in one statement');
        assert.deepEqual(results, [true, true, true, true, false]);
        for (let i = 0; i < 100 && heard.length < ids.length; i++)
          await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 100)); // time for another, were the refused one heard
        await other.close();
        assert.deepEqual([...heard].sort(), ids);
        for (const id of ids) assert.equal(typeof other.changeMark(id), 'number');
      });

      test('a committed action is announced to every other listening process (LISTEN/NOTIFY), not to its own; a refused one is not', async () => {
        assert.equal(
          store.changeMark('g4'),
          null,
          'not listening, no change mark: every read asks the database',
        );
        const other = await openStore(url);
        const heard: (string | null)[] = [];
        const self: (string | null)[] = [];
        await other.listen((id) => heard.push(id));
        await store.listen((id) => self.push(id));
        const marks = () => [other.changeMark('g4'), other.changeMark('g5')];
        const before = marks();
        assert.ok(
          before.every((m) => typeof m === 'number'),
          'listening: a mark per game',
        );
        await store.createGame({ ...gameRecord('g4'), status: 'active' }, seats('g4'));
        await store.appendAction(action('g4', 1), active);
        assert.equal(await store.appendAction(action('g4', 1, 'late'), active), false);
        await store.notify('g4');
        for (let i = 0; i < 100 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 100)); // time for a third, were the refused one heard
        const after = marks();
        await other.close();
        assert.deepEqual(heard, ['g4', 'g4']);
        assert.deepEqual(self, [], 'a process does not hear its own changes');
        assert.notEqual(after[0], before[0], 'the game another process changed: its mark moved');
        assert.equal(after[1], before[1], 'another game: its mark did not');
      });
    }
  });
}

storageSuite('SQLite', async () => tempSqlitePath());
storageSuite('PostgreSQL', freshPostgresDatabase);

describe('SQLite checkpoints (sqlite-checkpoint.ts)', () => {
  test("are made in a thread of their own: the database file takes the committed pages without the server's connection checkpointing", async () => {
    const file = tempSqlitePath();
    const store = await openStore(file);
    try {
      // The tables just made are in the write-ahead log; the server's connection would
      // copy them into the file only after 10,000 pages (SQLite's default: 1,000).
      const made = statSync(file).size;
      await store.createGame(gameRecord('c1'), seats('c1'));
      await until('a checkpoint by the thread', async () => statSync(file).size > made, 10_000);
      const db = new Database(file, { readonly: true });
      try {
        assert.equal(db.prepare('select count(*) n from games').pluck().get(), 1);
      } finally {
        db.close();
      }
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL group commit (store.ts flushPostgres)', () => {
  test('appends that come while a statement is out wait for its answer and go together in the next; a game keeps its order', async () => {
    const url = await freshPostgresDatabase();
    const store = await openStore(url);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      for (const id of ['gc-1', 'gc-2', 'gc-3'])
        await store.createGame({ ...gameRecord(id), status: 'active' }, seats(id));
      // Another connection holds gc-1's row: the statement that appends to it stays out.
      await locker.query('begin');
      await locker.query(`select id from games where id = 'gc-1' for update`);
      const statements = countStatements(store)!;
      const turn = () => new Promise((r) => setImmediate(r));
      const appends = [store.appendAction(action('gc-1', 1), active)];
      // Later turns of the event loop, while that statement is out.
      await turn();
      appends.push(store.appendAction(action('gc-2', 1), active));
      await turn();
      appends.push(store.appendAction(action('gc-3', 1), active));
      appends.push(store.appendAction(action('gc-2', 2), active));
      await turn();
      const sentWhileOut = statements.stop();
      const counting = countStatements(store)!;
      await locker.query('commit');
      assert.deepEqual(await Promise.all(appends), [true, true, true, true]);
      assert.equal(sentWhileOut, 1, 'nothing more is sent while the first statement is out');
      assert.equal(counting.stop(), 2, "gc-2's and gc-3's first together, then gc-2's second after them");
      for (const [id, seqs] of [
        ['gc-1', [1]],
        ['gc-2', [1, 2]],
        ['gc-3', [1]],
      ] as const)
        assert.deepEqual(
          (await store.actions(id)).map((a) => a.seq),
          seqs,
        );
    } finally {
      await locker.end();
      await store.close();
    }
  });
});
