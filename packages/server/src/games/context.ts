/**
 * What every part of the game service is given (as routes/context.ts is for the routes):
 * the store, the options, and the parts that hold state across calls: the per-game
 * locks, the cache, the live clients, presence, the chat's push, the AI's turns and the
 * bounds on games of AI against AI. Each job's module (create, seats, play, reading,
 * replays, imports, expiry, watch) is functions of it; GameService (games.ts) is the
 * facade over them that the routes and the threaded server call.
 */
import type { Player } from '@stavka/engine';
import { AiWorker, defaultAiWorkers } from '../ai-worker.ts';
import type { Store } from '../store.ts';
import type { Webhooks } from '../webhooks.ts';
import { AI_ONLY_LIMITS, AiOnlyGames, type AiOnlyLimits } from './ai-only.ts';
import { AiTurns, type AiWorkers } from './ai-turns.ts';
import { GameCache } from './cache.ts';
import { SeatChat } from './chat.ts';
import { GameLocks } from './locks.ts';
import { Presence } from './presence.ts';
import { RemoteChanges } from './watch.ts';
import { Watchers } from './watchers.ts';

export interface ServiceOptions {
  /** How the server is reached from outside (webhook notices link to it). */
  readonly publicUrl?: string;
  /**
   * A snapshot every this many actions (and at the end); 100 by default. A snapshot
   * writes the state and the log entries since the snapshot before it (snapshot.ts: ~40
   * KB in a two-day-turn hex game of ~70 units, of which ~11 KB the state and as much the
   * undo record's base state; every 16th is whole, with all the log's entries: ~180 KB
   * late in the game). Loading a game reads at most 16 snapshots and replays at most
   * this many actions after the latest (~50 ms at 100).
   */
  readonly snapshotEvery?: number;
  /** Checks webhook URLs; told when a change queued notices. None: no notices are queued. */
  readonly webhooks?: Pick<Webhooks, 'check' | 'wake'>;
  /**
   * The games this service plays on its own (AI seats resumed at start): all by default.
   * A shard of a threaded server (shards.ts) owns those whose id falls to it.
   */
  readonly owns?: (gameId: string) => boolean;
  /** The player behind an "ai" seat, run inline; by default the Stavka AI in a worker thread. */
  readonly aiPlayer?: (gameId: string, side: string, seq: number) => Player;
  /** Games kept in memory. */
  readonly cacheSize?: number;
  /**
   * How long this process's presence rows count without renewal (renewed every third of
   * it): a process that dies drops out of its games' presence within this. 60 s by default.
   */
  readonly presenceTtlMs?: number;
  /** AI workers (threads): defaultAiWorkers() by default. */
  readonly aiWorkers?: number;
  /** Where the AI's positions go instead of the AI workers (tests: an AI that answers when told). */
  readonly aiWorker?: AiWorkers;
  /** Games of AI against AI: how many at once, per creator and in all, when they pause and expire. */
  readonly aiOnly?: Partial<AiOnlyLimits>;
  /**
   * The clock (ms since the epoch) the games of AI against AI are timed by: when they were
   * last looked at, when they pause and expire. Date.now by default (tests: one they move).
   */
  readonly clock?: () => number;
  readonly log?: (msg: string) => void;
}

export class ServiceContext {
  readonly locks = new GameLocks();
  readonly watchers = new Watchers();
  readonly games: GameCache;
  readonly presence: Presence;
  readonly chat: SeatChat;
  readonly remote: RemoteChanges;
  readonly ai: AiTurns;
  readonly aiOnly: AiOnlyGames;
  /** The service is closing: no new AI moves, presence writes or pushes begin. */
  closed = false;

  constructor(
    readonly store: Store,
    readonly opts: ServiceOptions,
  ) {
    this.games = new GameCache(store, this.locks, this.watchers, opts.cacheSize ?? 256);
    this.presence = new Presence(this);
    this.chat = new SeatChat(this);
    this.remote = new RemoteChanges(this);
    this.ai = new AiTurns(this, opts.aiWorker ?? new AiWorker(opts.aiWorkers ?? defaultAiWorkers()));
    this.aiOnly = new AiOnlyGames(
      { ...AI_ONLY_LIMITS, ...opts.aiOnly },
      () => this.clock(),
      (id) => this.watchers.has(id),
      (id) => this.ai.schedule(id),
    );
  }

  /** Runs `fn` under game `id`'s lock (GameLocks.run). */
  withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(id, fn);
  }

  /** The time (ms) games of AI against AI are timed by. */
  clock(): number {
    return this.opts.clock?.() ?? Date.now();
  }

  /** This service plays game `id` on its own (ServiceOptions.owns). */
  owns(id: string): boolean {
    return (this.opts.owns ?? (() => true))(id);
  }

  warn(e: unknown): void {
    this.opts.log?.(`stavka server: ${(e as Error)?.stack ?? String(e)}`);
  }
}
