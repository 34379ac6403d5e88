/**
 * The game service: the one authority over every game it serves. It applies each
 * action through the engine's `apply`, stores it (acknowledging only after the
 * commit), and hands each seat only what its side may see. Games are cached in
 * memory; before every read or write the cache is checked against the database's
 * sequence number, so several processes on one PostgreSQL serve the same games.
 *
 * `GameService` is the facade the routes (routes/) and the threaded server (shards.ts)
 * call; each job is a module of games/, given the service's parts (games/context.ts):
 * create.ts, seats.ts, principals.ts, play.ts, reading.ts and views.ts, replays.ts,
 * imports.ts, chat.ts, watch.ts with watchers.ts and presence.ts, ai-turns.ts and
 * ai-only.ts, expiry.ts; the cache in cache.ts with locks.ts and rebuild.ts.
 */
import type { Action } from '@stavka/engine';
import { ServiceContext, type ServiceOptions } from './games/context.ts';
import { type CreateGame, create } from './games/create.ts';
import { expireIdleAiOnly, expireUnjoined, forget, stop } from './games/expiry.ts';
import { importFile } from './games/imports.ts';
import { act } from './games/play.ts';
import { authenticate, type Principal } from './games/principals.ts';
import { log, seatView, summary } from './games/reading.ts';
import { newGameId } from './games/records.ts';
import { type ExportedGame, exportFile, replayFor } from './games/replays.ts';
import { join, reissue, setWebhook } from './games/seats.ts';
import { watch } from './games/watch.ts';
import type { LostClient } from './games/watchers.ts';
import { useNodeSha256 } from './node-sha256.ts';
import type { Store } from './store.ts';
import type { VerifiedImport } from './verify-import.ts';

export { AI_ONLY_LIMITS, type AiOnlyLimits } from './games/ai-only.ts';
export { aiLevelProblem, aiSeatProblem, CATALOG, optionsProblem, rulesFor } from './games/catalog.ts';
export { CHAT_LIMITS, type ChatMessage } from './games/chat.ts';
export type { ServiceOptions } from './games/context.ts';
export type { CreateGame, PlayerKind, SeatSpec } from './games/create.ts';
export { type ImportedPart, importedPart, verifyImport } from './games/imports.ts';
export type { Principal } from './games/principals.ts';
export { newGameId } from './games/records.ts';
export type { ExportedGame } from './games/replays.ts';
export type { SeatView } from './games/views.ts';
export type { LostClient } from './games/watchers.ts';
export type { VerifiedImport } from './verify-import.ts';

/**
 * What the HTTP and WebSocket API asks of the games: a GameService in this thread, or
 * a ShardedService handing each game to the worker thread that owns it (shards.ts).
 */
export interface Service {
  start(): Promise<void>;
  close(): Promise<void>;
  /** `setupChecked`: its scenario and options were set up elsewhere (a worker thread) and hold. */
  create(req: CreateGame, setupChecked?: boolean): ReturnType<GameService['create']>;
  join: GameService['join'];
  authenticate: GameService['authenticate'];
  summary: GameService['summary'];
  seatView: GameService['seatView'];
  log: GameService['log'];
  replayFor: GameService['replayFor'];
  exportFile: GameService['exportFile'];
  act: GameService['act'];
  setWebhook: GameService['setWebhook'];
  importFile(file: ExportedGame, verified?: VerifiedImport): ReturnType<GameService['importFile']>;
  /**
   * Registers a live client (see GameService.watch). `lost`: called if the service can
   * no longer serve this client (a worker thread stopped): the client should reconnect.
   */
  watch(p: Principal, send: (message: string) => void, lost?: LostClient): Promise<() => void>;
  reissue: GameService['reissue'];
  stop: GameService['stop'];
  say: GameService['say'];
  messages: GameService['messages'];
  /** Deletes the games created before `before` (ISO) that still wait for a seat; how many. */
  expireUnjoined(before: string): Promise<number>;
  /** Deletes the games of AI against AI paused past their time (AiOnlyLimits.expireMs); how many. */
  expireIdleAiOnly(): Promise<number>;
}

export class GameService implements Service {
  private readonly ctx: ServiceContext;

  constructor(store: Store, opts: ServiceOptions = {}) {
    useNodeSha256();
    this.ctx = new ServiceContext(store, opts);
  }

  /** Starts listening for other processes' changes and resumes AI seats to move. */
  async start(): Promise<void> {
    const { ctx } = this;
    await ctx.store.listen((id) => ctx.remote.heard(id));
    // A game of AI against AI moves on once somebody looks at it (AiTurns pauses it).
    for (const id of await ctx.store.activeGamesWithAi()) if (ctx.owns(id)) ctx.ai.schedule(id);
    ctx.presence.start();
  }

  async close(): Promise<void> {
    this.ctx.closed = true;
    this.ctx.presence.close();
    await this.ctx.ai.workers.close();
    await this.ctx.locks.settled();
  }

  // ---- creating, joining, who is asking (games/create.ts, seats.ts, principals.ts) ----

  /** `id`: the new game's id, when the caller chose it (a threaded server routes by it). */
  create(req: CreateGame, setupChecked = false, id = newGameId()) {
    return create(this.ctx, req, setupChecked, id);
  }

  /** A seat joins with its contribution to the dice, and is issued a token of its own. */
  join(p: Principal, contribution: string | undefined) {
    return join(this.ctx, p, contribution);
  }

  /** A new token for a seat, the old one ending (a lost link). */
  reissue(p: Principal, side?: string) {
    return reissue(this.ctx, p, side);
  }

  setWebhook(p: Principal, url: string | null) {
    return setWebhook(this.ctx, p, url);
  }

  authenticate(gameId: string, bearer: string | undefined) {
    return authenticate(this.ctx, gameId, bearer);
  }

  // ---- reading and playing (games/reading.ts, replays.ts, play.ts) ------------------

  summary(gameId: string) {
    return summary(this.ctx, gameId);
  }

  seatView(p: Principal) {
    return seatView(this.ctx, p);
  }

  log(p: Principal) {
    return log(this.ctx, p);
  }

  /** The replay: a seat's own actions while the game goes on, everything once it is over. */
  replayFor(p: Principal) {
    return replayFor(this.ctx, p);
  }

  exportFile(p: Principal) {
    return exportFile(this.ctx, p);
  }

  act(p: Principal, stateId: number, action: Action, index?: number) {
    return act(this.ctx, p, stateId, action, index);
  }

  /** Imports a replay file as a new game (games/imports.ts). */
  importFile(file: ExportedGame, verified?: VerifiedImport, id = newGameId()) {
    return importFile(this.ctx, file, verified, id);
  }

  // ---- live clients and the seats' chat (games/watch.ts, chat.ts) --------------------

  /** Registers a live client; it gets the current view now and every new one after. */
  watch(p: Principal, send: (message: string) => void, lost?: LostClient): Promise<() => void> {
    return watch(this.ctx, p, send, lost);
  }

  /** What seat `p` may read of the game's messages, and who is at the table. */
  messages(p: Principal) {
    return this.ctx.chat.messages(p);
  }

  /** A seat says something to the other seats (or notes it for itself: `note`). */
  say(p: Principal, text: unknown, note: unknown) {
    return this.ctx.chat.say(p, text, note);
  }

  // ---- games ending unplayed (games/expiry.ts) ---------------------------------------

  expireUnjoined(before: string): Promise<number> {
    return expireUnjoined(this.ctx, before);
  }

  expireIdleAiOnly(): Promise<number> {
    return expireIdleAiOnly(this.ctx);
  }

  /** The creator stops a game of AI against AI (its admin token). */
  stop(p: Principal) {
    return stop(this.ctx, p);
  }

  /** Games deleted from the store: out of the cache, and their live clients told (4404). */
  forget(ids: readonly string[]): Promise<void> {
    return forget(this.ctx, ids);
  }
}
