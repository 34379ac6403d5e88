/**
 * The database behind the store: embedded SQLite (better-sqlite3, WAL, a file under
 * ./data/ by default) or PostgreSQL when given a postgres:// URL. One kysely schema,
 * versioned migrations applied at open (kysely's Migrator holds a lock, so several
 * processes starting at once migrate once).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';

/** Games: one row each; the replay lives in `actions`, the dice commitment here. */
export interface GamesTable {
  id: string;
  game: string;
  rules_version: string;
  /** JSON text: the scenario given at creation (null = the game's standard one). */
  scenario: string;
  /** JSON text: the set-up options. */
  options: string;
  status: 'waiting' | 'active' | 'over';
  /** Actions stored so far; equals the engine's stateId. */
  seq: number;
  /** sha256 of the server secret, published at creation. */
  commitment: string | null;
  /** The server secret: revealed only once the game is over. */
  secret: string | null;
  /** The seed the engine was set up with (derived from the secret and contributions). */
  seed: string | null;
  final_hash: string | null;
  spectator_token_hash: string;
  /**
   * The creator's admin token's SHA-256 (migration 0004; null before it): it re-issues a
   * seat's token (a lost link), never acts or sees more than a spectator.
   */
  admin_token_hash?: string | null;
  /** 'created' or 'imported' (an imported game's dice were fixed before it came here). */
  origin: string;
  /**
   * An imported game's file, as far as it came (migration 0008; null for a game made
   * here): JSON `ImportedPart` (games/imports.ts): the seed and dice its actions were played
   * with, how many, and the game it was exported from. The game played on here rolls
   * from its own secret (`secret`, `seed`) after them (issue #46).
   */
  imported?: string | null;
  /**
   * 1 when the game was created with the analyst (issue #48; migration 0009, 0 before it
   * and by default): both seats agree to it by joining; it never changes after creation.
   */
  analyst?: number;
  created_at: string;
  updated_at: string;
}

export interface SeatsTable {
  game_id: string;
  side: string;
  player: 'human' | 'ai';
  token_hash: string;
  /** The seat's random contribution to the seed; null until it joins. */
  contribution: string | null;
  joined_at: string | null;
  webhook_url: string | null;
  /** Signs what is sent to webhook_url (migration 0002; null before it, or with no webhook). */
  webhook_secret: string | null;
  /**
   * An AI seat's player, by its name in the game module's players ("ai2", "greedy"...;
   * migration 0005); null or absent: the module's default AI.
   */
  ai_player?: string | null;
}

export interface ActionsTable {
  game_id: string;
  /** 1, 2, ...: the primary key (game_id, seq) serializes the actions of a game. */
  seq: number;
  side: string;
  /** JSON text. */
  action: string;
  state_id: number;
  /** stateHash after this action. */
  hash: string;
  created_at: string;
}

export interface SnapshotsTable {
  game_id: string;
  seq: number;
  /** JSON text of the engine's GameState after action `seq`. */
  state: string;
}

/**
 * Webhook notices waiting to be delivered (migration 0003): a notice survives a restart,
 * and any process serving the database may deliver it. `due_at` is an ISO time: when it
 * is next due; a process taking a delivery moves it to the end of its lease.
 */
export interface WebhookDeliveriesTable {
  /** The Stavka-Delivery id, the same on every attempt. */
  id: string;
  game_id: string;
  side: string;
  url: string;
  secret: string | null;
  /** The notice's JSON, as sent. */
  body: string;
  /** Attempts made so far. */
  attempts: number;
  due_at: string;
  created_at: string;
}

/**
 * What the seats of a game write to each other (migration 0006): chat both seats read,
 * and notes only their writer reads (`private` = 1). Never shown to spectators.
 */
export interface MessagesTable {
  game_id: string;
  /** 1, 2, ... within the game: the primary key (game_id, seq) orders and numbers them. */
  seq: number;
  /** The seat that wrote it. */
  side: string;
  /** 1: a note to itself; 0: said to the other seats. */
  private: number;
  body: string;
  created_at: string;
}

/**
 * Who has a live channel open to a game, per server process (migration 0007): each
 * process writes the seats it serves and renews them while they stay, so every process
 * on one database can tell a seat who is at the table. A row not renewed by
 * `expires_at` (its process died) no longer counts.
 */
export interface PresenceTable {
  game_id: string;
  side: string;
  /** The process (its store) that serves the channel. */
  origin: string;
  /** ISO 8601, UTC. */
  expires_at: string;
}

export interface StavkaDatabase {
  messages: MessagesTable;
  presence: PresenceTable;
  games: GamesTable;
  seats: SeatsTable;
  actions: ActionsTable;
  snapshots: SnapshotsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** Versioned migrations, applied in name order; never edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '0001_games_seats_actions_snapshots': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('rules_version', 'text', (c) => c.notNull())
        .addColumn('scenario', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('commitment', 'text')
        .addColumn('secret', 'text')
        .addColumn('seed', 'text')
        .addColumn('final_hash', 'text')
        .addColumn('spectator_token_hash', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('seats')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('player', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('contribution', 'text')
        .addColumn('joined_at', 'text')
        .addColumn('webhook_url', 'text')
        .addPrimaryKeyConstraint('seats_pk', ['game_id', 'side'])
        .execute();
      await db.schema
        .createTable('actions')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('state_id', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('actions_pk', ['game_id', 'seq'])
        .execute();
      await db.schema
        .createTable('snapshots')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('snapshots_pk', ['game_id', 'seq'])
        .execute();
      await db.schema.createIndex('games_status').on('games').column('status').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['snapshots', 'actions', 'seats', 'games']) await db.schema.dropTable(t).execute();
    },
  },
  '0002_webhook_secrets': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('seats').addColumn('webhook_secret', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('seats').dropColumn('webhook_secret').execute();
    },
  },
  '0003_webhook_deliveries': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .column('due_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
    },
  },
  '0004_admin_tokens': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('games').addColumn('admin_token_hash', 'text').execute();
      // Games nobody joined expire (games/expiry.ts expireUnjoined): found by status and age.
      await db.schema
        .createIndex('games_status_created')
        .on('games')
        .columns(['status', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('games_status_created').execute();
      await db.schema.alterTable('games').dropColumn('admin_token_hash').execute();
    },
  },
  '0005_ai_players': {
    async up(db: Kysely<unknown>) {
      // An AI seat's level, chosen at creation (the game module's player name).
      await db.schema.alterTable('seats').addColumn('ai_player', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('seats').dropColumn('ai_player').execute();
    },
  },
  '0006_messages': {
    async up(db: Kysely<unknown>) {
      // Chat between the seats and each seat's own notes (#25).
      await db.schema
        .createTable('messages')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('private', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('messages_pk', ['game_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('messages').execute();
    },
  },
  '0007_presence': {
    async up(db: Kysely<unknown>) {
      // Presence across the processes serving one database: no foreign key, the rows
      // are gone within a minute of their channels.
      await db.schema
        .createTable('presence')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('presence_pk', ['game_id', 'origin', 'side'])
        .execute();
      await db.schema.createIndex('presence_origin').on('presence').column('origin').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('presence').execute();
    },
  },
  '0008_imports': {
    async up(db: Kysely<unknown>) {
      // What an imported game kept of its file (issue #46): GamesTable.imported.
      await db.schema.alterTable('games').addColumn('imported', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('games').dropColumn('imported').execute();
    },
  },
  '0009_analyst': {
    async up(db: Kysely<unknown>) {
      // Whether the seats agreed at creation to the analyst (issue #48): GamesTable.analyst.
      await db.schema
        .alterTable('games')
        .addColumn('analyst', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('games').dropColumn('analyst').execute();
    },
  },
  '0010_snapshot_log_links': {
    // Snapshots from now on hold the log entries since the snapshot before them
    // (snapshot.ts, `logFrom`; issue #49). No table changes: the migration marks the
    // database, so that a server from before, which would read such a snapshot's log as
    // the whole log, refuses it (kysely's migrator finds a migration it does not know).
    async up() {},
    async down(db: Kysely<unknown>) {
      // Back to whole snapshots only: those that go on from another are dropped, and a
      // game is loaded from its latest whole one and the actions after it.
      // The field comes right after the log array (snapshot.ts); a JSON string's quotes are escaped.
      await sql`delete from snapshots where state like '%],"logFrom":{"seq":%'`.execute(db);
    },
  },
};

/** The migrations, in order (exported for the upgrade test). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenedDatabase {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Kysely<StavkaDatabase>;
  /** Where it is, without credentials: a file path or host/database. */
  readonly where: string;
  /** PostgreSQL only: the connection string, for the LISTEN connection. */
  readonly url?: string;
  /** SQLite only: the connection itself, for what kysely does not say (PRAGMA data_version). */
  readonly sqlite?: Database.Database;
  /** PostgreSQL only: kysely's pool, for the append's named (prepared once a connection) statement. */
  readonly pool?: pg.Pool;
}

/**
 * How hard SQLite syncs a commit (STAVKA_SQLITE_SYNC). `normal` (the default): in WAL
 * mode a committed action survives the server process dying at any moment (a crash,
 * SIGKILL) and the disk is synced at checkpoints, so only a power cut or OS crash can
 * lose the last moments; each commit costs ~60 µs. `full`: every commit is synced to
 * disk before it is acknowledged (power cuts too), ~1 ms a commit on this kind of disk,
 * during which the process does nothing else (actions arriving together share one).
 */
export function sqliteSync(env: NodeJS.ProcessEnv = process.env): 'NORMAL' | 'FULL' {
  const v = (env.STAVKA_SQLITE_SYNC ?? 'normal').toLowerCase();
  if (v === 'normal' || v === 'full') return v === 'full' ? 'FULL' : 'NORMAL';
  throw new Error(`STAVKA_SQLITE_SYNC is "normal" or "full", not "${env.STAVKA_SQLITE_SYNC}"`);
}

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//.test(target);
}

/** Opens (creating and migrating) the database at a file path or a postgres:// URL. */
export async function openDatabase(target: string): Promise<OpenedDatabase> {
  let opened: OpenedDatabase;
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 8 });
    // An idle client's error (the server going away) must not crash the process.
    pool.on('error', () => {});
    const u = new URL(target);
    opened = {
      kind: 'postgres',
      db: new Kysely<StavkaDatabase>({ dialect: new PostgresDialect({ pool }) }),
      where: `${u.hostname}:${u.port || 5432}${u.pathname}`,
      url: target,
      pool,
    };
  } else {
    const sync = sqliteSync();
    const file = resolve(target);
    mkdirSync(dirname(file), { recursive: true });
    const database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.pragma(`synchronous = ${sync}`);
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    opened = {
      kind: 'sqlite',
      db: new Kysely<StavkaDatabase>({ dialect: new SqliteDialect({ database }) }),
      where: file,
      sqlite: database,
    };
  }
  const migrator = new Migrator({ db: opened.db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await opened.db.destroy();
    throw new Error(`migrating ${opened.where}: ${(error as Error).message ?? String(error)}`);
  }
  return opened;
}

/** A unique-key violation: another writer stored that (game, seq) first. */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

export { sql };
