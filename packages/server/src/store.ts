/**
 * The one storage interface the server uses, and its kysely implementation for both
 * SQLite and PostgreSQL. A game is stored as its replay: the set-up (scenario,
 * options, seed commitment) and every action with the state hash after it, plus
 * snapshots of the state every few actions so a game loads without replaying from the
 * start (each with the log written since the one before it: snapshot.ts).
 *
 * Serializing actions: `appendAction` inserts (game_id, seq) under a primary key and
 * moves games.seq from seq-1 to seq in the same transaction. Two writers (two
 * processes, or two requests) racing for the same seq: one commits, the other gets a
 * unique violation or updates no row, rolls back, and is told it lost (`false`).
 * The appends that arrive in one turn of the event loop are committed together (SQLite:
 * one transaction; PostgreSQL: the turn's first at once, the others in one statement at
 * the turn's end), each with its own compare-and-set, each acknowledged after the
 * commit; if the group fails, each is tried again on its own.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Transaction } from 'kysely';
import pg from 'pg';
import {
  type ActionsTable,
  type GamesTable,
  isUniqueViolation,
  type MessagesTable,
  type OpenedDatabase,
  openDatabase,
  type SeatsTable,
  type StavkaDatabase,
  sql,
  type WebhookDeliveriesTable,
} from './db.ts';
import { Checkpointer } from './sqlite-checkpoint.ts';

export type GameRecord = GamesTable;
export type SeatRecord = SeatsTable;
export type ActionRecord = ActionsTable;
export type MessageRecord = MessagesTable;

/** What one seat may keep of one kind of message in a game (Store.addMessage). */
export interface MessageCaps {
  readonly count: number;
  /** The UTF-8 bytes of their text together. */
  readonly bytes: number;
}
export type DeliveryRecord = WebhookDeliveriesTable;

/**
 * Webhook deliveries waiting to be made, shared by every process on the database. A
 * delivery is taken by moving its due time from what was read to the end of a lease
 * (compare and set): of two processes taking it at once, one gets it; if that one dies
 * mid-delivery, the lease runs out and the delivery is due again.
 */
export interface DeliveryQueue {
  queueDeliveries(rows: readonly DeliveryRecord[]): Promise<void>;
  /** Deliveries due at `now` (ISO time), the longest waiting first. */
  dueDeliveries(now: string, limit: number): Promise<DeliveryRecord[]>;
  /** Takes a delivery read as due at `dueAt` until `leaseUntil`; false if another process took it. */
  claimDelivery(id: string, dueAt: string, leaseUntil: string): Promise<boolean>;
  /** After a failed attempt: `attempts` made, due again at `dueAt`. */
  rescheduleDelivery(id: string, attempts: number, dueAt: string): Promise<void>;
  /** Delivered, refused or given up. */
  dropDelivery(id: string): Promise<void>;
}

export interface AppendChange {
  readonly status: 'active' | 'over';
  readonly finalHash: string | null;
  /** JSON of the state after the action, stored as a snapshot when given. */
  readonly snapshot: string | null;
  /** Webhook notices the action causes, queued in its transaction (see SeatNotice). */
  readonly notices?: readonly SeatNotice[];
}

/**
 * A webhook notice for a seat, queued in the same transaction as the change that causes
 * it (an action, a game's start): as a delivery to the seat's webhook URL as the
 * database has it then, if the seat is human and has one; otherwise to nobody. A change
 * is never stored without its notices, nor a notice without its change.
 */
export interface SeatNotice {
  /** The delivery's id (Stavka-Delivery). */
  readonly id: string;
  readonly side: string;
  /** The notice's JSON, as sent. */
  readonly body: string;
}

/** An append waiting for its commit (KyselyStore.appendAction). */
interface PendingAppend {
  readonly a: ActionRecord;
  readonly change: AppendChange;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (e: unknown) => void;
}

/** What became of one append of a batch: stored or not, or the error it failed with. */
interface AppendOutcome {
  readonly stored: boolean;
  readonly error?: unknown;
}

/** A SeatNotice's delivery, made from the seat's row in the same statement. */
function queueNoticeIn(trx: Transaction<StavkaDatabase>, gameId: string, n: SeatNotice, at: string) {
  return trx
    .insertInto('webhook_deliveries')
    .columns(['id', 'game_id', 'side', 'url', 'secret', 'body', 'attempts', 'due_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('seats')
        .select((s) => [
          s.cast<string>(s.val(n.id), 'text').as('id'),
          'game_id',
          'side',
          'webhook_url',
          'webhook_secret',
          s.cast<string>(s.val(n.body), 'text').as('body'),
          s.lit(0).as('attempts'),
          s.cast<string>(s.val(at), 'text').as('due_at'),
          s.cast<string>(s.val(at), 'text').as('created_at'),
        ])
        .where('game_id', '=', gameId)
        .where('side', '=', n.side)
        .where('player', '=', 'human')
        .where('webhook_url', 'is not', null),
    )
    .execute();
}

export interface Store extends DeliveryQueue {
  readonly kind: 'sqlite' | 'postgres';
  readonly where: string;
  /**
   * PostgreSQL: the connection string, so the other threads of a threaded server connect
   * on their own (shards.ts). null for SQLite: its one writer per process is this store.
   */
  readonly url: string | null;
  /** Creates a game with its seats (and, for an import, its actions) in one transaction. */
  createGame(
    game: GameRecord,
    seats: readonly SeatRecord[],
    actions?: readonly ActionRecord[],
    snapshot?: { seq: number; state: string },
  ): Promise<void>;
  game(id: string): Promise<GameRecord | undefined>;
  /** Only the sequence number and status: the cheap freshness check before an action. */
  gameSeq(id: string): Promise<{ seq: number; status: GameRecord['status'] } | undefined>;
  seats(id: string): Promise<SeatRecord[]>;
  /** Records a seat's contribution; false if it had already joined. */
  joinSeat(id: string, side: string, contribution: string, at: string, tokenHash?: string): Promise<boolean>;
  /** A seat's token replaced (its old one stops working); false if the seat or game is gone. */
  setSeatToken(id: string, side: string, tokenHash: string): Promise<boolean>;
  /**
   * Deletes the games still waiting for a seat (status 'waiting') created before `before`
   * (an ISO time), at most `limit`; returns their ids.
   */
  deleteUnjoined(before: string, limit: number): Promise<string[]>;
  /**
   * waiting -> active with the derived seed, queueing `notices` in the same transaction;
   * false (and nothing queued) if another writer started it.
   */
  startGame(id: string, seed: string, at: string, notices?: readonly SeatNotice[]): Promise<boolean>;
  /** Appends action `a.seq` (games.seq must be a.seq - 1); false when another writer won. */
  appendAction(a: ActionRecord, change: AppendChange): Promise<boolean>;
  actions(id: string, afterSeq?: number): Promise<ActionRecord[]>;
  latestSnapshot(id: string, atMostSeq: number): Promise<{ seq: number; state: string } | undefined>;
  setWebhook(id: string, side: string, url: string | null, secret: string | null): Promise<void>;
  /**
   * Stores a seat's message as the game's next (its `seq` is given here), unless that
   * seat's messages of that kind (its chat lines, or its notes) already hold `caps.count`
   * or would pass `caps.bytes` of text (UTF-8) with it: then null. Each seat and kind has
   * its own caps, so no seat fills another's (issue #46). Two writers racing for a seq:
   * the loser tries the next.
   */
  addMessage(m: Omit<MessageRecord, 'seq'>, caps: MessageCaps): Promise<MessageRecord | null>;
  /** A game's messages after `afterSeq`, in order, at most `limit` (the last ones). */
  messages(id: string, afterSeq: number, limit: number): Promise<MessageRecord[]>;
  /**
   * The seats this store's process has a live channel open for, in game `id` (none:
   * forgets them), counted by every process until `ttlMs` from now unless renewed.
   */
  setPresence(id: string, sides: readonly string[], ttlMs: number): Promise<void>;
  /** The seats other processes have a live channel open for, in game `id` (not expired). */
  presence(id: string): Promise<string[]>;
  /**
   * Renews this process's presence for `ttlMs` from now and drops everyone's expired
   * rows; answers what other processes serve, by game (as `presence` would, for all).
   */
  renewPresence(ttlMs: number): Promise<Record<string, string[]>>;
  /** Deletes game `id` and everything it holds (a game of AI against AI its creator stops). */
  deleteGame(id: string): Promise<void>;
  /** Games that are being played, with an AI seat (to resume AI moves after a restart). */
  activeGamesWithAi(): Promise<string[]>;
  /**
   * Games of AI against AI (every seat an AI) being played that last changed before
   * `before` (ISO): at most `limit` of them, the longest unchanged first.
   */
  idleAiOnlyGames(before: string, limit: number): Promise<string[]>;
  gameIds(): Promise<string[]>;
  /**
   * A mark that changes whenever another process may have written game `id`: while it
   * stays the same, what this process has cached of it is current. null when there is no
   * such mark: ask the database.
   * - SQLite: data_version (any write by another connection, to any game).
   * - PostgreSQL, while this store listens: the notifications heard for the game, and each
   *   time the LISTEN connection is opened again (a notification may have been lost).
   *   Heard a moment after the other process commits: in that moment a read here is one
   *   state behind (as it would be had it come a moment sooner), and a write is refused
   *   by the compare-and-set of appendAction. Not listening: null.
   */
  changeMark(id: string): number | null;
  /** Tells every process serving this database that a game changed (PostgreSQL NOTIFY). */
  notify(id: string): Promise<void>;
  /**
   * Calls `onChange(id)` for changes made by other processes: PostgreSQL says which game
   * (LISTEN/NOTIFY, the payload "<game id> <origin>": a store does not hear its own);
   * SQLite only that something changed (`null`, from data_version, looked at a few
   * times a second).
   */
  listen(onChange: (id: string | null) => void): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'stavka_games';

/**
 * PostgreSQL's append (KyselyStore.appendAlone), one statement: the compare-and-set on
 * games.seq, then the action, its snapshot and its notices inserted from the row it moved
 * (none when it moved none), and a NOTIFY for the action stored. Run as a named statement:
 * parsed and planned once a connection, not once a move (as kysely's unnamed ones were).
 * $1 seq, $2 status, $3 final hash, $4 time, $5 game, $6 side, $7 action, $8 state id,
 * $9 hash, $10 snapshot, $11-$13 the notices' ids, sides and bodies, $14 the channel,
 * $15 this store's origin.
 */
const APPEND_SQL = `with moved as (
    update games set seq = $1::integer, status = $2::text, final_hash = $3::text, updated_at = $4::text
    where id = $5::text and seq = $1::integer - 1 and status = 'active'
    returning id),
  act as (
    insert into actions (game_id, seq, side, action, state_id, hash, created_at)
    select id, $1::integer, $6::text, $7::text, $8::integer, $9::text, $4::text from moved
    returning game_id),
  snap as (
    insert into snapshots (game_id, seq, state)
    select id, $1::integer, $10::text from moved where $10::text is not null),
  notices as (
    insert into webhook_deliveries (id, game_id, side, url, secret, body, attempts, due_at, created_at)
    select n.id, s.game_id, s.side, s.webhook_url, s.webhook_secret, n.body, 0, $4::text, $4::text
    from moved
    join seats s on s.game_id = moved.id
    join unnest($11::text[], $12::text[], $13::text[]) as n(id, side, body) on n.side = s.side
    where s.player = 'human' and s.webhook_url is not null)
  select count(*)::integer as stored from act,
    lateral (select pg_notify($14::text, act.game_id || ' ' || $15::text)) as told`;
/**
 * PostgreSQL's append of several actions of different games at once (KyselyStore.appendMany):
 * APPEND_SQL over a set of rows, one an action, in one statement (one round trip, one
 * commit). Each row has its own compare-and-set on its game's seq (the game's row moved
 * only from the row's seq - 1, and only while active); the action, its snapshot and its
 * notices are inserted from the rows moved, and a NOTIFY is sent for each action stored.
 * Answers the ids of the games whose action was stored. The game ids are distinct (an
 * UPDATE ... FROM moves a row once, whichever of two input rows it met first).
 * $1 the actions as one JSON array of rows (game_id, seq, status, final_hash, at, side,
 * action, state_id, hash, snapshot), $2 the notices' (game_id, id, side, body), $3 the
 * channel, $4 this store's origin. JSON, not text[] parameters: one JSON.stringify where
 * pg escaped every element of every array in JavaScript (a snapshot's ~100 KB among
 * them): 39 -> 38 µs of CPU an append at 4 a statement, 29 -> 20 at 8 (in-process).
 */
const APPEND_MANY_SQL = `with input as (
    select * from json_to_recordset($1::json)
      as i(game_id text, seq integer, status text, final_hash text, at text, side text, action text,
        state_id integer, hash text, snapshot text)),
  moved as (
    update games g set seq = i.seq, status = i.status, final_hash = i.final_hash, updated_at = i.at
    from input i
    where g.id = i.game_id and g.seq = i.seq - 1 and g.status = 'active'
    returning i.*),
  act as (
    insert into actions (game_id, seq, side, action, state_id, hash, created_at)
    select game_id, seq, side, action, state_id, hash, at from moved
    returning game_id),
  snap as (
    insert into snapshots (game_id, seq, state)
    select game_id, seq, snapshot from moved where snapshot is not null),
  notices as (
    insert into webhook_deliveries (id, game_id, side, url, secret, body, attempts, due_at, created_at)
    select n.id, s.game_id, s.side, s.webhook_url, s.webhook_secret, n.body, 0, moved.at, moved.at
    from moved
    join json_to_recordset($2::json) as n(game_id text, id text, side text, body text)
      on n.game_id = moved.game_id
    join seats s on s.game_id = moved.game_id and s.side = n.side
    where s.player = 'human' and s.webhook_url is not null)
  select act.game_id as id from act,
    lateral (select pg_notify($3::text, act.game_id || ' ' || $4::text)) as told`;
/** How often a SQLite server looks for other processes' writes (for its live clients). */
const SQLITE_POLL_MS = 200;
/** A lost LISTEN connection is opened again after this, doubling up to the max. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

export async function openStore(target: string): Promise<Store> {
  return new KyselyStore(await openDatabase(target));
}

class KyselyStore implements Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly where: string;
  readonly url: string | null;
  private readonly opened: OpenedDatabase;
  private listener: pg.Client | null = null;
  private poll: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** Signs this store's NOTIFYs, so its own LISTEN can tell them from other processes'. */
  private readonly origin = randomUUID();

  constructor(opened: OpenedDatabase) {
    this.opened = opened;
    this.kind = opened.kind;
    this.where = opened.where;
    this.url = opened.url ?? null;
    if (opened.sqlite) {
      this.sqliteAppender = new SqliteAppender(opened.sqlite);
      this.dataVersion = opened.sqlite.prepare('PRAGMA data_version').pluck();
      this.checkpointer = new Checkpointer(opened.sqlite);
    }
  }

  /** SQLite: the thread that checkpoints the write-ahead log (sqlite-checkpoint.ts). */
  private readonly checkpointer: Checkpointer | null = null;

  private readonly sqliteAppender: SqliteAppender | null = null;
  private readonly dataVersion: Database.Statement | null = null;
  /** SQLite's data_version as read in this turn of the event loop; null: not read yet. */
  private dataVersionNow: number | null = null;

  private get db() {
    return this.opened.db;
  }

  async createGame(
    game: GameRecord,
    seats: readonly SeatRecord[],
    actions: readonly ActionRecord[] = [],
    snapshot?: { seq: number; state: string },
  ): Promise<void> {
    const sqlite = this.sqliteAppender;
    if (sqlite) {
      // One synchronous transaction of prepared statements (an import's 700 actions: a
      // few ms; through kysely, 20-90 ms of the event loop): after any kysely transaction
      // holding the connection.
      while (sqlite.busy()) await new Promise((r) => setImmediate(r));
      sqlite.createGame(game, seats, actions, snapshot);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('games').values(game).execute();
      if (seats.length > 0)
        await trx
          .insertInto('seats')
          .values([...seats])
          .execute();
      for (let i = 0; i < actions.length; i += 200) {
        await trx
          .insertInto('actions')
          .values(actions.slice(i, i + 200))
          .execute();
      }
      if (snapshot)
        await trx
          .insertInto('snapshots')
          .values({ game_id: game.id, ...snapshot })
          .execute();
    });
  }

  async game(id: string): Promise<GameRecord | undefined> {
    const row = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...row, seq: Number(row.seq) } : undefined;
  }

  async gameSeq(id: string) {
    const row = await this.db
      .selectFrom('games')
      .select(['seq', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { seq: Number(row.seq), status: row.status } : undefined;
  }

  async seats(id: string): Promise<SeatRecord[]> {
    return this.db.selectFrom('seats').selectAll().where('game_id', '=', id).orderBy('side').execute();
  }

  async joinSeat(
    id: string,
    side: string,
    contribution: string,
    at: string,
    tokenHash?: string,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('seats')
      .set({ contribution, joined_at: at, ...(tokenHash ? { token_hash: tokenHash } : {}) })
      .where('game_id', '=', id)
      .where('side', '=', side)
      .where('contribution', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async startGame(
    id: string,
    seed: string,
    at: string,
    notices: readonly SeatNotice[] = [],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('games')
        .set({ status: 'active', seed, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      for (const n of notices) await queueNoticeIn(trx, id, n, at);
      return true;
    });
  }

  appendAction(a: ActionRecord, change: AppendChange): Promise<boolean> {
    // The actions that arrive together are committed together: on SQLite, one writer, one
    // transaction (one disk sync for the lot); on PostgreSQL, one statement (one round
    // trip, one socket write and one commit for the lot, instead of one each). Each is
    // acknowledged after the commit.
    return new Promise((resolve, reject) => {
      const p = { a, change, resolve, reject };
      if (this.kind === 'postgres') {
        this.pgQueue.push(p);
        this.flushPostgres();
        return;
      }
      this.queue.push(p);
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private readonly queue: PendingAppend[] = [];

  /** PostgreSQL: the appends waiting for the next statement, in the order they came. */
  private readonly pgQueue: PendingAppend[] = [];
  /** PostgreSQL: an append statement is sent and not yet answered. */
  private pgStatementOut = false;

  /**
   * PostgreSQL: group commit. One append statement is out at a time: when none is, the
   * queued appends go at once, at most one a game, as one statement; those that come
   * while it is out wait for its answer and go together in the next. The busier the
   * server, the larger the group, with no timer (a quiet server's append still goes at
   * once). A game's second append in the queue waits for the next statement: a game's
   * appends are made in the order they came, each against the seq the one before it
   * left, exactly as one after the other.
   *
   * Measured (bench/server-ws.ts postgres, 8 games, closed loop, load 3-4, four A/B
   * pairs): the server's CPU a move 2.15-2.23x its floor against 2.30-2.52x with a
   * statement sent for each turn of the event loop, and 0.30x the reference's moves/s
   * against 0.25-0.27x; with two statements out, 2.43x. The appends of a turn had gone
   * at its end, the first of them at once, each in its own statement on the pool's next
   * connection: 0.13 statements a move against 0.09 now; more, smaller writes, each
   * waking a PostgreSQL backend.
   */
  private flushPostgres(): void {
    if (this.pgStatementOut || this.pgQueue.length === 0) return;
    const batch: PendingAppend[] = [];
    const held: PendingAppend[] = [];
    const games = new Set<string>();
    for (const p of this.pgQueue) {
      if (games.has(p.a.game_id)) held.push(p);
      else {
        games.add(p.a.game_id);
        batch.push(p);
      }
    }
    this.pgQueue.splice(0, this.pgQueue.length, ...held);
    this.pgStatementOut = true;
    void this.appendBatch(batch).then((outcomes) => {
      this.pgStatementOut = false;
      // The next group goes before this one's answers are handed on: the database works
      // on it meanwhile.
      this.flushPostgres();
      for (const [i, p] of batch.entries()) {
        const o = outcomes[i]!;
        if (o.error === undefined) p.resolve(o.stored);
        else p.reject(o.error);
      }
    });
  }

  /** PostgreSQL: appends a batch of distinct games; never rejects (each outcome its own). */
  private async appendBatch(batch: readonly PendingAppend[]): Promise<AppendOutcome[]> {
    const alone = (p: PendingAppend): Promise<AppendOutcome> =>
      this.appendAlone(p.a, p.change).then(
        (stored) => ({ stored }),
        (error: unknown) => ({ stored: false, error: error ?? new Error('append failed') }),
      );
    if (batch.length === 1) return [await alone(batch[0]!)];
    try {
      const stored = await this.appendMany(batch);
      return batch.map((p) => ({ stored: stored.has(p.a.game_id) }));
    } catch {
      // Something in the batch failed (a unique violation, a broken row, a deadlock with
      // another process's batch): each on its own, so one bad append cannot take the
      // others with it.
      return Promise.all(batch.map(alone));
    }
  }

  /**
   * PostgreSQL: several games' appends in one statement (APPEND_MANY_SQL), in the order of
   * their game ids (two processes' batches lock the games' rows in the same order). The
   * ids of the games whose action was stored.
   */
  private async appendMany(batch: readonly PendingAppend[]): Promise<Set<string>> {
    const rows = [...batch].sort((x, y) =>
      x.a.game_id < y.a.game_id ? -1 : x.a.game_id > y.a.game_id ? 1 : 0,
    );
    const input = new Array<object>(rows.length);
    const notices: object[] = [];
    for (let i = 0; i < rows.length; i++) {
      const { a, change } = rows[i]!;
      input[i] = {
        game_id: a.game_id,
        seq: a.seq,
        status: change.status,
        final_hash: change.finalHash,
        at: a.created_at,
        side: a.side,
        action: a.action,
        state_id: a.state_id,
        hash: a.hash,
        snapshot: change.snapshot,
      };
      for (const n of change.notices ?? [])
        notices.push({ game_id: a.game_id, id: n.id, side: n.side, body: n.body });
    }
    const r = await this.opened.pool!.query<{ id: string }>({
      name: 'stavka_append_many',
      text: APPEND_MANY_SQL,
      values: [JSON.stringify(input), JSON.stringify(notices), CHANNEL, this.origin],
    });
    return new Set(r.rows.map((row) => row.id));
  }

  /** SQLite: commits the queued appends together, in one transaction. */
  private flush(): void {
    const sqlite = this.sqliteAppender!;
    // A kysely transaction holds the connection (a game being created): after it.
    if (sqlite.busy()) {
      setImmediate(() => this.flush());
      return;
    }
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    let stored: boolean[];
    try {
      stored = sqlite.appendAll(batch);
    } catch {
      // Something in the batch failed (a full disk, a broken row): each on its own, so one
      // bad append cannot take the others with it.
      for (const p of batch) {
        try {
          p.resolve(sqlite.appendAll([p])[0]!);
        } catch (e) {
          if (isUniqueViolation(e)) p.resolve(false);
          else p.reject(e);
        }
      }
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(stored[i]!);
  }

  /**
   * PostgreSQL's append of one action (a batch of one, or each of a batch that failed on
   * its own): one statement, so one round trip and its own transaction. The
   * compare-and-set on games.seq first; the action, its snapshot and its notices are
   * inserted from the row it moved (none when it moved none), and the NOTIFY is sent
   * for each action stored (delivered to every listening process when, and only if, the
   * statement commits). Of two writers of one seq, the second waits for the first's row
   * lock, then finds seq moved on and stores nothing.
   */
  private async appendAlone(a: ActionRecord, change: AppendChange): Promise<boolean> {
    const notices = change.notices ?? [];
    try {
      const r = await this.opened.pool!.query<{ stored: number }>({
        name: 'stavka_append',
        text: APPEND_SQL,
        values: [
          a.seq,
          change.status,
          change.finalHash,
          a.created_at,
          a.game_id,
          a.side,
          a.action,
          a.state_id,
          a.hash,
          change.snapshot,
          notices.map((n) => n.id),
          notices.map((n) => n.side),
          notices.map((n) => n.body),
          CHANNEL,
          this.origin,
        ],
      });
      return (r.rows[0]?.stored ?? 0) === 1;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async actions(id: string, afterSeq = 0): Promise<ActionRecord[]> {
    const rows = await this.db
      .selectFrom('actions')
      .selectAll()
      .where('game_id', '=', id)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ ...r, seq: Number(r.seq), state_id: Number(r.state_id) }));
  }

  async latestSnapshot(id: string, atMostSeq: number) {
    const row = await this.db
      .selectFrom('snapshots')
      .select(['seq', 'state'])
      .where('game_id', '=', id)
      .where('seq', '<=', atMostSeq)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { seq: Number(row.seq), state: row.state } : undefined;
  }

  async addMessage(m: Omit<MessageRecord, 'seq'>, caps: MessageCaps): Promise<MessageRecord | null> {
    const bytes = Buffer.byteLength(m.body, 'utf8');
    if (bytes > caps.bytes) return null;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          // PostgreSQL: the game's row locked first, so writers to one game take their
          // numbers one after another (twelve at once once ran out of retries). SQLite
          // has one writer at a time anyway.
          if (this.kind === 'postgres')
            await trx.selectFrom('games').select('id').where('id', '=', m.game_id).forUpdate().execute();
          const last = await trx
            .selectFrom('messages')
            .select((eb) => eb.fn.max('seq').as('seq'))
            .where('game_id', '=', m.game_id)
            .executeTakeFirst();
          const seq = Number(last?.seq ?? 0) + 1;
          // The seat's own messages of this kind: how many, and their bytes.
          const byteLength =
            this.kind === 'postgres'
              ? sql<number>`octet_length(body)`
              : sql<number>`length(cast(body as blob))`;
          const held = await trx
            .selectFrom('messages')
            .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(byteLength).as('bytes')])
            .where('game_id', '=', m.game_id)
            .where('side', '=', m.side)
            .where('private', '=', m.private)
            .executeTakeFirst();
          if (Number(held?.n ?? 0) >= caps.count || Number(held?.bytes ?? 0) + bytes > caps.bytes)
            return null;
          const row: MessageRecord = { ...m, seq };
          await trx.insertInto('messages').values(row).execute();
          return row;
        });
      } catch (e) {
        if (isUniqueViolation(e) && attempt < 8) continue;
        throw e;
      }
    }
  }

  async messages(id: string, afterSeq: number, limit: number): Promise<MessageRecord[]> {
    const rows = await this.db
      .selectFrom('messages')
      .selectAll()
      .where('game_id', '=', id)
      .where('seq', '>', afterSeq)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ ...r, seq: Number(r.seq), private: Number(r.private) }));
  }

  async setPresence(id: string, sides: readonly string[], ttlMs: number): Promise<void> {
    const expires = new Date(Date.now() + ttlMs).toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('presence').where('game_id', '=', id).where('origin', '=', this.origin).execute();
      if (sides.length > 0)
        await trx
          .insertInto('presence')
          .values(sides.map((side) => ({ game_id: id, side, origin: this.origin, expires_at: expires })))
          .execute();
    });
  }

  async presence(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('presence')
      .select('side')
      .distinct()
      .where('game_id', '=', id)
      .where('origin', '!=', this.origin)
      .where('expires_at', '>', new Date().toISOString())
      .execute();
    return rows.map((r) => r.side).sort();
  }

  async renewPresence(ttlMs: number): Promise<Record<string, string[]>> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('presence')
      .set({ expires_at: new Date(Date.parse(now) + ttlMs).toISOString() })
      .where('origin', '=', this.origin)
      .execute();
    await this.db.deleteFrom('presence').where('expires_at', '<=', now).execute();
    const rows = await this.db
      .selectFrom('presence')
      .select(['game_id', 'side'])
      .distinct()
      .where('origin', '!=', this.origin)
      .orderBy('game_id')
      .orderBy('side')
      .execute();
    const out: Record<string, string[]> = {};
    for (const r of rows) {
      const sides = out[r.game_id] ?? [];
      sides.push(r.side);
      out[r.game_id] = sides;
    }
    return out;
  }

  async setWebhook(id: string, side: string, url: string | null, secret: string | null): Promise<void> {
    await this.db
      .updateTable('seats')
      .set({ webhook_url: url, webhook_secret: secret })
      .where('game_id', '=', id)
      .where('side', '=', side)
      .execute();
  }

  async queueDeliveries(rows: readonly DeliveryRecord[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('webhook_deliveries')
        .values([...rows])
        .execute();
  }

  async dueDeliveries(now: string, limit: number): Promise<DeliveryRecord[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit)
      .execute();
  }

  async claimDelivery(id: string, dueAt: string, leaseUntil: string): Promise<boolean> {
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set({ due_at: leaseUntil })
      .where('id', '=', id)
      .where('due_at', '=', dueAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async rescheduleDelivery(id: string, attempts: number, dueAt: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ attempts, due_at: dueAt })
      .where('id', '=', id)
      .execute();
  }

  async dropDelivery(id: string): Promise<void> {
    await this.db.deleteFrom('webhook_deliveries').where('id', '=', id).execute();
  }

  async setSeatToken(id: string, side: string, tokenHash: string): Promise<boolean> {
    const r = await this.db
      .updateTable('seats')
      .set({ token_hash: tokenHash })
      .where('game_id', '=', id)
      .where('side', '=', side)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async deleteUnjoined(before: string, limit: number): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('games')
        .select('id')
        .where('status', '=', 'waiting')
        .where('created_at', '<', before)
        .limit(limit)
        .execute();
      if (found.length === 0) return [];
      // Claimed (on PostgreSQL, row-locked) while still waiting: a game started meanwhile stays.
      const claimed = await trx
        .updateTable('games')
        .set({ status: 'waiting' })
        .where(
          'id',
          'in',
          found.map((r) => r.id),
        )
        .where('status', '=', 'waiting')
        .returning('id')
        .execute();
      const ids = claimed.map((r) => r.id);
      if (ids.length === 0) return [];
      await trx.deleteFrom('webhook_deliveries').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('messages').where('game_id', 'in', ids).execute();
      // An imported game waits for its seats with the file's actions stored (issue #46).
      await trx.deleteFrom('snapshots').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('actions').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('seats').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('games').where('id', 'in', ids).execute();
      return ids;
    });
  }

  async deleteGame(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const table of [
        'webhook_deliveries',
        'messages',
        'presence',
        'snapshots',
        'actions',
        'seats',
      ] as const)
        await trx.deleteFrom(table).where('game_id', '=', id).execute();
      await trx.deleteFrom('games').where('id', '=', id).execute();
    });
  }

  async activeGamesWithAi(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('games')
      .innerJoin('seats', 'seats.game_id', 'games.id')
      .select('games.id')
      .distinct()
      .where('games.status', '=', 'active')
      .where('seats.player', '=', 'ai')
      .execute();
    return rows.map((r) => r.id);
  }

  async idleAiOnlyGames(before: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('games')
      .select('games.id')
      .where('games.status', '=', 'active')
      .where('games.updated_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('seats')
              .select('seats.game_id')
              .whereRef('seats.game_id', '=', 'games.id')
              .where('seats.player', '<>', 'ai'),
          ),
        ),
      )
      .orderBy('games.updated_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async gameIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('games').select('id').orderBy('created_at').execute();
    return rows.map((r) => r.id);
  }

  changeMark(id: string): number | null {
    if (this.dataVersion) {
      // Read once a turn of the event loop (a statement a read): the actions that arrive
      // together share it, as they would had they come a moment sooner.
      if (this.dataVersionNow === null) {
        this.dataVersionNow = this.dataVersion.get() as number;
        setImmediate(() => (this.dataVersionNow = null));
      }
      return this.dataVersionNow;
    }
    if (!this.listener) return null;
    return Math.max(this.heard.get(id) ?? 0, this.listenedSince);
  }

  /** PostgreSQL: when each game was last heard of (a count of notifications), and when the LISTEN connection last opened. */
  private readonly heard = new Map<string, number>();
  private notifications = 0;
  private listenedSince = 0;

  async notify(id: string): Promise<void> {
    if (this.kind === 'postgres')
      await sql`select pg_notify(${CHANNEL}, ${`${id} ${this.origin}`})`.execute(this.db);
  }

  async listen(onChange: (id: string | null) => void): Promise<void> {
    if (this.opened.sqlite) {
      if (this.poll) return;
      let mark = this.dataVersion!.get();
      this.poll = setInterval(() => {
        if (this.closed) return;
        const now = this.dataVersion!.get();
        if (now !== mark) {
          mark = now;
          onChange(null);
        }
      }, SQLITE_POLL_MS);
      this.poll.unref();
      return;
    }
    if (!this.opened.url || this.listener) return;
    await this.connectListener(onChange);
  }

  /**
   * The LISTEN connection. When it drops (the database restarted, the network), it is
   * opened again with back-off, and everything watched is looked at afresh: a
   * notification sent while it was down is lost, the database is not.
   */
  private async connectListener(onChange: (id: string | null) => void): Promise<void> {
    const client = new pg.Client({ connectionString: this.opened.url });
    let lost = false;
    const reconnect = () => {
      if (lost || this.closed) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      const retry = (wait: number) => {
        const t = setTimeout(() => {
          this.timers.delete(t);
          if (this.closed) return;
          this.connectListener(onChange).then(
            () => onChange(null),
            () => retry(Math.min(wait * 2, LISTEN_RETRY_MAX_MS)),
          );
        }, wait);
        t.unref();
        this.timers.add(t);
      };
      retry(LISTEN_RETRY_MS);
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      // "<game id> <origin>": this store's own changes are not news to it.
      const [id, from] = n.payload.split(' ');
      if (id && from !== this.origin) {
        // Bounded: past 100,000 games heard of, forget them all and move every mark on.
        if (this.heard.size >= 100_000) {
          this.heard.clear();
          this.listenedSince = ++this.notifications;
        }
        this.heard.set(id, ++this.notifications);
        onChange(id);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      lost = true;
      client.end().catch(() => {});
      throw e;
    }
    if (this.closed) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    // Anything may have changed while nobody listened: every mark moves on.
    this.listenedSince = ++this.notifications;
    this.heard.clear();
    this.listener = client;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    for (const t of this.timers) clearTimeout(t);
    if (this.listener) await this.listener.end().catch(() => {});
    // Its channels close with it: other processes stop counting them now, not at expiry.
    await this.db
      .deleteFrom('presence')
      .where('origin', '=', this.origin)
      .execute()
      .catch(() => {});
    await this.checkpointer?.stop();
    await this.db.destroy();
  }
}

/**
 * SQLite's hot path, the append: prepared statements run in one synchronous
 * transaction for a whole batch (kysely's per-query building and its asynchronous
 * transaction cost ~0.4 ms an action; this, ~30 µs). The same compare-and-set as PostgreSQL's appendAlone.
 */
class SqliteAppender {
  private readonly database: Database.Database;
  private readonly advance: Database.Statement;
  private readonly advanceActive: Database.Statement;
  private readonly insertAction: Database.Statement;
  private readonly insertSnapshot: Database.Statement;
  private readonly queueNotice: Database.Statement;
  private readonly all: (batch: readonly { a: ActionRecord; change: AppendChange }[]) => boolean[];

  constructor(database: Database.Database) {
    this.database = database;
    this.advance = database.prepare(
      "update games set seq = ?, status = ?, final_hash = ?, updated_at = ? where id = ? and seq = ? and status = 'active'",
    );
    // A move that leaves the game going sets neither status nor final_hash: SQLite
    // rewrites the entries of every index on a column its SET names, even to the same
    // value, and status is in two (games_status, games_status_created): two more pages
    // written to the log a commit.
    this.advanceActive = database.prepare(
      "update games set seq = ?, updated_at = ? where id = ? and seq = ? and status = 'active'",
    );
    this.insertAction = database.prepare(
      'insert into actions (game_id, seq, side, action, state_id, hash, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertSnapshot = database.prepare('insert into snapshots (game_id, seq, state) values (?, ?, ?)');
    // queueNoticeIn's statement.
    this.queueNotice = database.prepare(
      `insert into webhook_deliveries (id, game_id, side, url, secret, body, attempts, due_at, created_at)
       select ?, game_id, side, webhook_url, webhook_secret, ?, 0, ?, ? from seats
       where game_id = ? and side = ? and player = 'human' and webhook_url is not null`,
    );
    this.all = database.transaction((batch: readonly { a: ActionRecord; change: AppendChange }[]) =>
      batch.map(({ a, change }) => this.one(a, change)),
    );
    const insertGame = database.prepare(
      `insert into games (id, game, rules_version, scenario, options, status, seq, commitment, secret, seed,
         final_hash, spectator_token_hash, admin_token_hash, origin, imported, analyst, created_at, updated_at)
       values (@id, @game, @rules_version, @scenario, @options, @status, @seq, @commitment, @secret, @seed,
         @final_hash, @spectator_token_hash, @admin_token_hash, @origin, @imported, @analyst, @created_at, @updated_at)`,
    );
    const insertSeat = database.prepare(
      `insert into seats (game_id, side, player, token_hash, contribution, joined_at, webhook_url, webhook_secret, ai_player)
       values (@game_id, @side, @player, @token_hash, @contribution, @joined_at, @webhook_url, @webhook_secret, @ai_player)`,
    );
    this.create = database.transaction(
      (
        game: GameRecord,
        seats: readonly SeatRecord[],
        actions: readonly ActionRecord[],
        snapshot: { seq: number; state: string } | undefined,
      ) => {
        insertGame.run({
          ...game,
          admin_token_hash: game.admin_token_hash ?? null,
          imported: game.imported ?? null,
          analyst: game.analyst ?? 0,
        });
        for (const seat of seats) insertSeat.run({ ...seat, ai_player: seat.ai_player ?? null });
        for (const a of actions)
          this.insertAction.run(a.game_id, a.seq, a.side, a.action, a.state_id, a.hash, a.created_at);
        if (snapshot) this.insertSnapshot.run(game.id, snapshot.seq, snapshot.state);
      },
    );
  }

  /** Creates a game with its seats (and an import's actions and snapshot) in one transaction. */
  readonly create: (
    game: GameRecord,
    seats: readonly SeatRecord[],
    actions: readonly ActionRecord[],
    snapshot: { seq: number; state: string } | undefined,
  ) => void;

  createGame(
    game: GameRecord,
    seats: readonly SeatRecord[],
    actions: readonly ActionRecord[],
    snapshot: { seq: number; state: string } | undefined,
  ): void {
    this.create(game, seats, actions, snapshot);
  }

  /** Whether a transaction is open on the connection (kysely's, between its awaits). */
  busy(): boolean {
    return this.database.inTransaction;
  }

  /** Appends them all in one transaction, or none (it throws). */
  appendAll(batch: readonly { a: ActionRecord; change: AppendChange }[]): boolean[] {
    return this.all(batch);
  }

  private one(a: ActionRecord, change: AppendChange): boolean {
    const moved =
      change.status === 'active' && change.finalHash === null
        ? this.advanceActive.run(a.seq, a.created_at, a.game_id, a.seq - 1)
        : this.advance.run(a.seq, change.status, change.finalHash, a.created_at, a.game_id, a.seq - 1);
    if (moved.changes !== 1) return false;
    this.insertAction.run(a.game_id, a.seq, a.side, a.action, a.state_id, a.hash, a.created_at);
    if (change.snapshot !== null) this.insertSnapshot.run(a.game_id, a.seq, change.snapshot);
    for (const n of change.notices ?? [])
      this.queueNotice.run(n.id, n.body, a.created_at, a.created_at, a.game_id, n.side);
    return true;
  }
}
