/**
 * The game service: the one authority over every game it serves. It applies each
 * action through the engine's `apply`, stores it (acknowledging only after the
 * commit), and hands each seat only what its side may see. Games are cached in
 * memory; before every read or write the cache is checked against the database's
 * sequence number, so several processes on one PostgreSQL serve the same games.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Player } from '@stavka/engine';
import {
  type Action,
  apply,
  formatSetupErrors,
  type GameRules,
  type GameState,
  type LogEntry,
  legalActions,
  type ReplayFile,
  resumeWithSeed,
  type Seed,
  SPECTATOR,
  setup,
  sha256Hex,
  stateHash,
  view,
  visibleLog,
} from '@stavka/engine';
import { findGame, GAMES, playableGame } from '@stavka/games';
import { AiJobCancelled, AiWorker, defaultAiWorkers } from './ai-worker.ts';
import {
  commitmentOf,
  DICE_SCHEME,
  type DiceRecord,
  deriveSeed,
  newContribution,
  newSecret,
} from './dice.ts';
import { ApiError, actionError, notFound } from './errors.ts';
import { type DiffCache, type LiveChatMessage, liveMessage, type Sent, sentOf } from './live.ts';
import { useNodeSha256 } from './node-sha256.ts';
import { snapshotJson, stateFromSnapshot } from './snapshot.ts';
import type { ActionRecord, GameRecord, MessageRecord, SeatNotice, SeatRecord, Store } from './store.ts';
import { optionsProblemOf, type VerifiedImport, verifyImportOf } from './verify-import.ts';
import { newWebhookSecret, type WebhookNotice, Webhooks } from './webhooks.ts';

export type { VerifiedImport } from './verify-import.ts';

type AnyRules = GameRules<unknown, Action, Record<string, unknown>>;
type State = GameState<unknown>;

/** The games this server plays: the registry's playable games (complete games only). */
export const CATALOG: Readonly<Record<string, AnyRules>> = Object.fromEntries(
  Object.keys(GAMES).flatMap((id) => {
    const m = playableGame(id);
    return m ? [[id, m.rules]] : [];
  }),
);

/**
 * The rules of game `id`, if this server plays it. A client's string is looked up among
 * the catalogue's own keys only: "toString" or "__proto__" is no game (issue #22).
 */
export function rulesFor(id: string): AnyRules | undefined {
  return Object.hasOwn(CATALOG, id) ? CATALOG[id] : undefined;
}

/**
 * Why `options` are not options game `id` takes (the optional rules its module declares,
 * each true or false: engine `checkGameOptions`), or null if they are.
 */
export function optionsProblem(id: string, options: unknown): string | null {
  return optionsProblemOf(id, findGame(id)?.options ?? [], options);
}

/** Why a seat of game `id` may not be played by the AI, or null if it may (`find`: the registry). */
export function aiSeatProblem(
  id: string,
  find: (id: string) => { players?: object } | undefined = findGame,
): string | null {
  const players = find(id)?.players;
  return players && Object.hasOwn(players, 'ai')
    ? null
    : `${id} has no AI player yet: its seats are for people`;
}

export type PlayerKind = 'human' | 'ai';

export interface SeatSpec {
  readonly player?: PlayerKind;
  /** An AI seat's level: a player of the game's module by name ("ai1", "greedy"...; default its `ai`). */
  readonly level?: string;
  readonly webhook?: string | null;
}

/** Why `level` is not a player of game `id` an AI seat may have, or null if it is. */
export function aiLevelProblem(id: string, level: string): string | null {
  const players = findGame(id)?.players ?? {};
  return Object.hasOwn(players, level)
    ? null
    : `${id} has no player "${level.slice(0, 32)}" (its players: ${Object.keys(players).join(', ')})`;
}

export interface CreateGame {
  readonly game: string;
  /** null or absent: the game's standard scenario. */
  readonly scenario?: unknown;
  readonly options?: Record<string, unknown>;
  readonly seats?: Readonly<Record<string, SeatSpec>>;
  /**
   * Who asks (the client's address, as the quotas count it): the games of AI against AI
   * are bounded per creator, and take turns at the AI workers by creator (issue #46).
   */
  readonly owner?: string;
}

/** Who is asking: a seat (its side) or a spectator (side null). */
export interface Principal {
  readonly gameId: string;
  readonly side: string | null;
  /**
   * The SHA-256 of the seat token it came with: a live channel keeps its principal, and
   * once the seat's token is re-issued (joining, or a new link) that one no longer acts.
   */
  readonly key?: string;
  /** The creator's admin token: re-issues seat tokens, and otherwise sees as a spectator. */
  readonly admin?: true;
}

/** The file `GET /export` gives and `POST /import` takes; `stavka replay` and `stavka verify` read it. */
export interface ExportedGame extends ReplayFile {
  readonly format: 'stavka-replay/1';
  /** stateHash after each action. */
  readonly hashes: readonly string[];
  readonly finalHash: string | null;
  readonly dice?: DiceRecord;
  readonly server?: { readonly gameId: string; readonly origin: string; readonly createdAt: string };
  /**
   * An imported game played on here: after its first `action` actions (the file's, rolled
   * from `seed` above) it rolled from this seed, derived from this server's secret and
   * the seats' contributions (`dice`). `replay` of the engine does not know it; the
   * server's import (verifyImport) does (issue #46).
   */
  readonly resumed?: { readonly action: number; readonly seed: Seed; readonly dice?: DiceRecord };
}

/** What an imported game keeps of its file (games.imported, JSON; issue #46). */
export interface ImportedPart {
  /** The seed the file's actions were rolled with, and how many there were. */
  readonly seed: Seed;
  readonly actions: number;
  /** The file's dice record, when it had one (checked at import). */
  readonly dice: DiceRecord | null;
  /** The game it was exported from, as the file says (a server's id, origin and date). */
  readonly from: ExportedGame['server'] | null;
  /** It is played on here (it was not over): after its actions, it rolls from `seed` of the record. */
  readonly resumes: boolean;
}

/** The imported part of a game, or null for one made here. */
export function importedPart(record: GameRecord): ImportedPart | null {
  return record.imported ? (JSON.parse(record.imported) as ImportedPart) : null;
}

/** What the public summary says of an imported game: where it came from and how far. */
function importedSummary(record: GameRecord) {
  const part = importedPart(record);
  if (!part) return {};
  return {
    imported: {
      actions: part.actions,
      from: part.from
        ? {
            gameId: String(part.from.gameId),
            origin: String(part.from.origin),
            createdAt: String(part.from.createdAt),
          }
        : null,
      verifiedDice: part.dice !== null,
      playedOnHere: part.resumes,
    },
  };
}

/**
 * An export's seed and dice: a game made here, or a finished import, as it was set up;
 * an import played on here, its file's seed and dice, then `resumed` with its own.
 */
function exportedSeed(
  record: GameRecord,
  dice: DiceRecord | null,
): Pick<ExportedGame, 'seed' | 'dice' | 'resumed'> {
  const part = importedPart(record);
  if (part?.resumes && part.actions > 0) {
    return {
      seed: part.seed,
      ...(part.dice ? { dice: part.dice } : {}),
      resumed: { action: part.actions, seed: JSON.parse(record.seed!) as Seed, ...(dice ? { dice } : {}) },
    };
  }
  return { seed: JSON.parse(record.seed!) as Seed, ...(dice ? { dice } : {}) };
}

export interface ServiceOptions {
  /** How the server is reached from outside (webhook notices link to it). */
  readonly publicUrl?: string;
  /**
   * A full snapshot every this many actions (and at the end); 100 by default. A snapshot
   * writes the whole state, log included (~180 KB late in a two-day-turn hex game of ~70 units, ~2 ms to write;
   * the undo record's base state with its log as a length: see snapshot.ts):
   * every 25 actions that was a sixth of the server's work a move. Loading a game
   * replays at most this many actions after its snapshot (~50 ms at 100).
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
  readonly aiWorker?: Pick<AiWorker, 'choose' | 'close'> & Partial<Pick<AiWorker, 'cancel'>>;
  /** Games of AI against AI: how many at once, per creator and in all, when they pause and expire. */
  readonly aiOnly?: Partial<AiOnlyLimits>;
  /**
   * The clock (ms since the epoch) the games of AI against AI are timed by: when they were
   * last looked at, when they pause and expire. Date.now by default (tests: one they move).
   */
  readonly clock?: () => number;
  readonly log?: (msg: string) => void;
}

/**
 * Games of AI against AI (every seat an AI) cost the server an AI's thinking without end
 * and without anybody playing (issue #46): at most `perOwner` of one creator's and
 * `total` in all move at once; a game nobody has looked at (its view, log or summary, or
 * a live channel open on it) for `idleMs` pauses, and moves on when somebody looks again
 * (also after a restart); its creator stops it (`stop`). One that has neither moved nor
 * been looked at for `expireMs` (paused all that time) is deleted (`expireIdleAiOnly`).
 */
export interface AiOnlyLimits {
  readonly perOwner: number;
  readonly total: number;
  readonly idleMs: number;
  readonly expireMs: number;
}

export const AI_ONLY_LIMITS: AiOnlyLimits = {
  perOwner: 3,
  total: 12,
  idleMs: 120_000,
  expireMs: 24 * 3_600_000,
};

interface Watcher {
  readonly side: string | null;
  /** The seat token's hash it came with (see Principal.key). */
  readonly key: string | undefined;
  readonly send: (message: string) => void;
  readonly lost: LostClient | undefined;
  /** The state it was last sent, and what it holds since: the next message sends only what is new. */
  last: string;
  sent: Sent | null;
  /** It was sent the game's presence. */
  presence?: boolean;
}

interface Live {
  readonly id: string;
  readonly rules: AnyRules;
  record: GameRecord;
  seats: SeatRecord[];
  /** null while seats are still joining. */
  state: State | null;
  seq: number;
  /** The store's change mark when this cache was last found current (see Store.changeMark). */
  mark: number | null;
  /** Views computed for the current state, by side ('*' for spectators). */
  views: Map<string, { key: string; value: SeatView; sent: Sent; whole?: string }>;
}

export interface SeatView {
  readonly gameId: string;
  readonly side: string | null;
  readonly status: GameRecord['status'];
  readonly stateId: number;
  readonly seats: Record<string, { player: string; joined: boolean }>;
  /** The engine's view for this side (null while waiting). */
  readonly view: (Record<string, unknown> & { readonly log?: readonly LogEntry[] }) | null;
  /** This side's legal actions now (empty when it has nothing to do). */
  readonly legal: readonly Action[];
}

export type ChatMessage = LiveChatMessage;

/**
 * What a game keeps of its seats' messages, and how long one may be. Each seat has caps
 * of its own for its chat lines and for its notes (a seat filling its notes shuts nobody
 * out), counted in bytes of text as well as in messages: a seat keeps at most 64 KiB,
 * a two-seat game 128 KiB (issue #46; docs/self-hosting.md).
 */
export const CHAT_LIMITS = {
  length: 1000,
  shown: 200,
  chat: { count: 400, bytes: 48 * 1024 },
  notes: { count: 100, bytes: 16 * 1024 },
} as const;

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069):
 * they make a line read otherwise than it is stored ("Trojan Source"); refused.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** Presence changes pushed to a game's watchers at most this often (issue #46: churn). */
const PRESENCE_SETTLE_MS = 500;

/** How long a process's presence counts for the other processes without renewal (ServiceOptions.presenceTtlMs). */
const PRESENCE_TTL_MS = 60_000;

/** The time as an ISO string, made once per millisecond (the actions committed together share it). */
let nowMs = Number.NaN;
let nowIso = '';
const now = () => {
  const ms = Date.now();
  if (ms !== nowMs) {
    nowMs = ms;
    nowIso = new Date(ms).toISOString();
  }
  return nowIso;
};
/** A new game's id: unguessable, URL-safe. */
export const newGameId = () => randomBytes(12).toString('base64url');
const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
const tokenHash = (t: string) => sha256Hex(t);

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

/**
 * A live client's end: the service can no longer serve it (code 1012, a worker thread
 * stopped: reconnect), or its seat's token was re-issued (4403) or its game expired (4404).
 */
export type LostClient = (code: number, reason: string) => void;

export class GameService implements Service {
  private readonly store: Store;
  private readonly opts: ServiceOptions;
  private readonly cache = new Map<string, Live>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Per watched game: the last message seq its watchers were sent (see syncChat). */
  private readonly chatSeen = new Map<string, number>();
  /** Per watched game: the presence message last sent its watchers. */
  private readonly presenceSent = new Map<string, string>();
  /** Per watched game: a presence change waiting for the channels to settle (pushPresence). */
  private readonly presenceTimers = new Map<string, NodeJS.Timeout>();
  /** Per watched game: the seats whose live channels other processes serve (last read). */
  private readonly remoteOnline = new Map<string, readonly string[]>();
  /** Per game: the seats with a live channel here, as last stored for the other processes. */
  private readonly presenceStored = new Map<string, string>();
  /** Per game: its presence writes and reads, one after another. */
  private readonly presenceQueue = new Map<string, Promise<void>>();
  private presenceBeat: NodeJS.Timeout | null = null;
  private readonly aiPending = new Set<string>();
  private readonly remotePending = new Set<string>();
  private closed = false;
  private readonly aiWorker: Pick<AiWorker, 'choose' | 'close'> & Partial<Pick<AiWorker, 'cancel'>>;
  /** Games of AI against AI moving here: their creator, and when somebody last looked. */
  private readonly aiOnly = new Map<string, { owner: string; seen: number }>();
  /**
   * Games of AI against AI paused for want of anybody looking (a look moves them on), and
   * when somebody last looked at one here (one paused for want of room is looked at still).
   */
  private readonly aiPaused = new Map<string, number>();
  private readonly aiOnlyLimits: AiOnlyLimits;

  constructor(store: Store, opts: ServiceOptions = {}) {
    useNodeSha256();
    this.store = store;
    this.opts = opts;
    this.aiWorker = opts.aiWorker ?? new AiWorker(opts.aiWorkers ?? defaultAiWorkers());
    this.aiOnlyLimits = { ...AI_ONLY_LIMITS, ...opts.aiOnly };
  }

  /** Starts listening for other processes' changes and resumes AI seats to move. */
  async start(): Promise<void> {
    await this.store.listen((id) => {
      if (id !== null) this.remoteChange(id);
      else for (const watched of this.watchers.keys()) this.remoteChange(watched);
    });
    const owns = this.opts.owns ?? (() => true);
    // A game of AI against AI moves on once somebody looks at it (aiMove pauses it).
    for (const id of await this.store.activeGamesWithAi()) if (owns(id)) this.scheduleAi(id);
    this.presenceBeat = setInterval(() => this.renewPresence(), this.presenceTtl() / 3);
    this.presenceBeat.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.presenceBeat) clearInterval(this.presenceBeat);
    for (const t of this.presenceTimers.values()) clearTimeout(t);
    this.presenceTimers.clear();
    await this.aiWorker.close();
    await Promise.allSettled([...this.locks.values()]);
  }

  // ---- creating and joining -------------------------------------------------

  /** `id`: the new game's id, when the caller chose it (a threaded server routes by it). */
  async create(req: CreateGame, setupChecked = false, id = newGameId()) {
    const rules = rulesFor(req.game);
    if (!rules) {
      throw new ApiError(
        422,
        'game/unknown',
        `no game "${req.game}" here (games: ${Object.keys(CATALOG).join(', ')})`,
      );
    }
    const specs = req.seats ?? {};
    for (const side of Object.keys(specs)) {
      if (!rules.sides.includes(side)) {
        throw new ApiError(
          422,
          'game/unknown-side',
          `no side "${side}" in ${rules.id} (sides: ${rules.sides.join(', ')})`,
        );
      }
    }
    for (const spec of Object.values(specs)) if (spec.webhook) this.checkWebhook(spec.webhook);
    const scenario = req.scenario ?? null;
    const options = req.options ?? {};
    const bad = optionsProblem(rules.id, options);
    if (bad) throw new ApiError(422, 'game/bad-options', bad);
    if (Object.values(specs).some((spec) => spec.player === 'ai')) {
      const noAi = aiSeatProblem(rules.id);
      if (noAi) throw new ApiError(422, 'game/no-ai', noAi);
    }
    for (const spec of Object.values(specs)) {
      if (spec.level === undefined) continue;
      if (spec.player !== 'ai')
        throw new ApiError(422, 'game/bad-level', 'a level is for an AI seat ("player": "ai")');
      const badLevel = aiLevelProblem(rules.id, spec.level);
      if (badLevel) throw new ApiError(422, 'game/bad-level', badLevel);
    }
    const aiOnly = rules.sides.every((side) => specs[side]?.player === 'ai');
    if (aiOnly) this.checkAiOnlyRoom(req.owner ?? '');
    // The scenario and options are checked once, before anything is stored.
    if (!setupChecked) {
      const trial = setup(rules, scenario, 'trial', options);
      if (!trial.ok) throw new ApiError(422, 'game/bad-setup', formatSetupErrors(trial.error));
    }

    const secret = newSecret();
    const at = now();
    const { record, spectator, admin } = newGameRecord(id, rules, at, {
      scenario,
      options,
      status: 'waiting',
      seq: 0,
      commitment: commitmentOf(secret),
      secret,
      seed: null,
      final_hash: null,
      origin: 'created',
    });
    const tokens: Record<string, string> = {};
    const hookSecrets: Record<string, string> = {};
    const seats: SeatRecord[] = rules.sides.map((side) => {
      const player = specs[side]?.player ?? 'human';
      const t = token('st');
      if (player === 'human') tokens[side] = t;
      const webhook = specs[side]?.webhook ?? null;
      if (webhook) hookSecrets[side] = newWebhookSecret();
      return {
        game_id: id,
        side,
        player,
        token_hash: tokenHash(t),
        contribution: player === 'ai' ? newContribution() : null,
        joined_at: player === 'ai' ? at : null,
        webhook_url: webhook,
        webhook_secret: hookSecrets[side] ?? null,
        ai_player: player === 'ai' ? (specs[side]?.level ?? null) : null,
      };
    });
    await this.store.createGame(record, seats);
    if (aiOnly) this.aiOnly.set(id, { owner: req.owner ?? '', seen: this.now() });
    if (seats.every((s) => s.contribution !== null)) {
      await this.withLock(id, async () => this.startIfReady(await this.fresh(id)));
    }
    return {
      id,
      game: rules.id,
      commitment: record.commitment!,
      seats: Object.fromEntries(
        seats.map((s) => [
          s.side,
          {
            player: s.player,
            ...(tokens[s.side] ? { token: tokens[s.side] } : {}),
            // Shown once: the seat checks with it that a notice comes from this server.
            ...(hookSecrets[s.side] ? { webhookSecret: hookSecrets[s.side] } : {}),
          },
        ]),
      ),
      spectator: { token: spectator },
      admin: { token: admin },
    };
  }

  /**
   * A seat joins, adding its contribution to the dice; the game starts when all have.
   * The joiner is issued a token of his own: the one he joined with (which whoever made
   * the game also saw) holds the seat no more.
   */
  async join(p: Principal, contribution: string | undefined) {
    return this.withLock(p.gameId, async () => {
      const g = await this.fresh(p.gameId);
      const seat = heldSeat(g, p);
      const side = seat.side;
      if (seat.contribution !== null) {
        throw new ApiError(409, 'seat/already-joined', `the ${side} seat has already joined`);
      }
      const mine = contribution ?? newContribution();
      const at = now();
      const own = token('st');
      if (!(await this.store.joinSeat(g.id, side, mine, at, tokenHash(own)))) {
        throw new ApiError(409, 'seat/already-joined', `the ${side} seat has already joined`);
      }
      g.seats = await this.store.seats(g.id);
      const started = await this.startIfReady(g);
      if (!started) {
        this.push(g);
        await this.store.notify(g.id);
      }
      return {
        side,
        contribution: mine,
        commitment: g.record.commitment,
        status: g.record.status,
        token: own,
      };
    });
  }

  /**
   * A new token for a seat, the old one ending (a lost link): a seat re-issues its own;
   * the creator's admin token re-issues a human seat's only while it has not joined (a
   * link lost before the game began). A joined seat's token is its holder's alone: the
   * admin re-issuing it would read that seat's hidden view (issue #46), so only the seat
   * itself, consenting with its own token, re-issues it.
   */
  async reissue(p: Principal, side?: string): Promise<{ side: string; token: string }> {
    return this.withLock(p.gameId, async () => {
      const g = await this.fresh(p.gameId);
      const seat = p.admin ? g.seats.find((s) => s.side === side && s.player === 'human') : heldSeat(g, p);
      if (!seat) {
        throw new ApiError(
          422,
          'game/unknown-side',
          `no human seat "${String(side).slice(0, 64)}" here (sides: ${g.rules.sides.join(', ')})`,
        );
      }
      if (p.admin && seat.contribution !== null) {
        throw new ApiError(
          409,
          'seat/joined',
          `the ${seat.side} seat has joined: only its holder re-issues its token (with his own)`,
        );
      }
      const own = token('st');
      if (!(await this.store.setSeatToken(g.id, seat.side, tokenHash(own)))) throw notFound();
      g.seats = g.seats.map((s) => (s.side === seat.side ? { ...s, token_hash: tokenHash(own) } : s));
      this.push(g);
      await this.store.notify(g.id);
      return { side: seat.side, token: own };
    });
  }

  async expireUnjoined(before: string): Promise<number> {
    const ids = await this.store.deleteUnjoined(before, 1000);
    await this.forget(ids);
    return ids.length;
  }

  /** Games deleted from the store: out of the cache, and their live clients told (4404). */
  async forget(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      this.cache.delete(id);
      for (const w of this.watchers.get(id) ?? []) w.lost?.(4404, 'game/not-found');
      this.watchers.delete(id);
    }
  }

  private async startIfReady(g: Live): Promise<boolean> {
    if (g.record.status !== 'waiting' || g.seats.some((s) => s.contribution === null)) return false;
    const contributions = Object.fromEntries(g.seats.map((s) => [s.side, s.contribution!]));
    const seed = deriveSeed(g.record.secret!, contributions);
    // An imported game goes on from its file's last action, rolling from this seed
    // (issue #46); a game made here, or imported with no actions, is set up with it.
    const started: GameRecord = { ...g.record, status: 'active', seed: JSON.stringify(seed) };
    const state = await this.rebuild(g, started, g.record.seq);
    const at = now();
    const active = g.rules.activeSides(state.state);
    const notices = this.noticesFor(g, [], active, g.record.seq);
    if (await this.store.startGame(g.id, JSON.stringify(seed), at, notices)) {
      g.record = { ...started, updated_at: at };
      g.state = state;
      g.seq = g.record.seq;
      this.afterChange(g, active, notices.length > 0);
      await this.store.notify(g.id);
      return true;
    }
    await this.reload(g);
    return false;
  }

  // ---- who is asking ---------------------------------------------------------

  async authenticate(gameId: string, bearer: string | undefined): Promise<Principal> {
    const g = await this.get(gameId);
    if (!bearer)
      throw new ApiError(
        401,
        'seat/no-token',
        'this needs a seat or spectator token (Authorization: Bearer ...)',
      );
    const h = tokenHash(bearer);
    const known = principalOf(g, h);
    if (known) return known;
    // Not a token of the seats as cached here: another process may have issued it (a
    // join, a re-issued link) since. Asked afresh once.
    const again = await this.withLock(gameId, async () => {
      const now = await this.fresh(gameId, true);
      now.seats = await this.store.seats(gameId);
      return principalOf(now, h);
    });
    if (!again) throw new ApiError(403, 'seat/bad-token', 'that token holds no seat in this game');
    return again;
  }

  // ---- reading -------------------------------------------------------------

  async summary(gameId: string) {
    return this.withLock(gameId, async () => {
      const g = await this.fresh(gameId);
      this.looked(g);
      const over = g.record.status === 'over';
      const dice = this.diceRecord(g);
      return {
        id: g.id,
        game: g.record.game,
        rulesVersion: g.record.rules_version,
        status: g.record.status,
        origin: g.record.origin,
        stateId: g.seq,
        activeSides: g.state ? [...g.rules.activeSides(g.state.state)] : [],
        outcome: over && g.state ? g.rules.outcome(g.state.state) : null,
        seats: seatsSummary(g),
        dice: {
          scheme: DICE_SCHEME,
          commitment: g.record.commitment,
          // Revealed only once nothing can be rolled any more.
          ...(over && dice ? { secret: dice.secret, contributions: dice.contributions } : {}),
        },
        // The optional rules the game was made with (a key left out is at its default).
        options: JSON.parse(g.record.options) as Record<string, boolean>,
        createdAt: g.record.created_at,
        ...importedSummary(g.record),
      };
    });
  }

  async seatView(p: Principal): Promise<SeatView> {
    return this.withLock(p.gameId, async () => {
      const g = reading(await this.fresh(p.gameId), p);
      this.looked(g);
      return this.viewOf(g, p.side);
    });
  }

  async log(p: Principal): Promise<{ stateId: number; log: readonly LogEntry[] }> {
    return this.withLock(p.gameId, async () => {
      const g = reading(await this.fresh(p.gameId), p);
      this.looked(g);
      if (!g.state) return { stateId: 0, log: [] };
      return { stateId: g.seq, log: logFor(g, p.side) };
    });
  }

  /** The replay: a seat's own actions while the game goes on, everything once it is over. */
  async replayFor(p: Principal) {
    const g = reading(await this.withLock(p.gameId, () => this.fresh(p.gameId)), p);
    if (g.record.status === 'over') return { final: true, file: await this.exportFile(p) };
    const rows = await this.store.actions(g.id);
    return {
      final: false,
      actions: rows
        .filter((r) => r.seq <= g.seq)
        .map((r) => ({
          seq: r.seq,
          side: r.side,
          action: p.side !== null && r.side === p.side ? (JSON.parse(r.action) as Action) : null,
        })),
    };
  }

  async exportFile(p: Principal): Promise<ExportedGame> {
    const g = reading(await this.withLock(p.gameId, () => this.fresh(p.gameId)), p);
    if (g.record.status !== 'over') {
      throw new ApiError(
        409,
        'game/not-over',
        'a game is exported once it is over (its dice stay secret until then)',
      );
    }
    const rows = await this.store.actions(g.id);
    const dice = this.diceRecord(g);
    return {
      format: 'stavka-replay/1',
      game: g.record.game,
      rulesVersion: g.record.rules_version,
      scenario: JSON.parse(g.record.scenario),
      ...exportedSeed(g.record, dice),
      options: JSON.parse(g.record.options),
      actions: rows.map((r) => ({ side: r.side, action: JSON.parse(r.action) as Action })),
      hashes: rows.map((r) => r.hash),
      finalHash: g.record.final_hash,
      server: { gameId: g.id, origin: g.record.origin, createdAt: g.record.created_at },
    };
  }

  private diceRecord(g: Live): DiceRecord | null {
    if (!g.record.commitment || !g.record.secret) return null;
    if (g.seats.some((s) => s.contribution === null)) return null;
    return {
      scheme: DICE_SCHEME,
      commitment: g.record.commitment,
      secret: g.record.secret,
      contributions: Object.fromEntries(g.seats.map((s) => [s.side, s.contribution!])),
    };
  }

  // ---- acting --------------------------------------------------------------

  async act(p: Principal, stateId: number, action: Action) {
    return this.withLock(p.gameId, async () => {
      const g = await this.fresh(p.gameId);
      const side = heldSeat(g, p).side;
      if (g.record.status === 'waiting') {
        throw new ApiError(409, 'game/not-started', 'the game starts once every seat has joined');
      }
      const r = apply(g.rules, g.state!, side, action, stateId);
      if (!r.ok) throw actionError(r.error);
      return this.commit(g, side, action, r.value);
    });
  }

  private async commit(g: Live, side: string, action: Action, next: State) {
    const hash = stateHash(next);
    const seq = g.seq + 1;
    const before = g.state ? g.rules.activeSides(g.state.state) : [];
    const active = g.rules.activeSides(next.state);
    const over = active.length === 0;
    const notices = this.noticesFor(g, before, active, seq);
    const every = this.opts.snapshotEvery ?? 100;
    const at = now();
    const stored = await this.store.appendAction(
      {
        game_id: g.id,
        seq,
        side,
        action: JSON.stringify(action),
        state_id: next.stateId,
        hash,
        created_at: at,
      },
      {
        status: over ? 'over' : 'active',
        finalHash: over ? hash : null,
        snapshot: over || seq % every === 0 ? snapshotJson(next) : null,
        notices,
      },
    );
    if (!stored) {
      // Another process stored an action first: this one was chosen against an old state.
      // Catch up (live clients here are shown each state the other process made).
      await this.fresh(g.id, true);
      throw new ApiError(409, 'action/stale', `the game has moved on: now at state ${g.seq}`);
    }
    g.state = next;
    g.seq = seq;
    g.record = {
      ...g.record,
      seq,
      status: over ? 'over' : 'active',
      final_hash: over ? hash : null,
      updated_at: at,
    };
    if (over) this.aiOnly.delete(g.id);
    this.afterChange(g, active, notices.length > 0);
    return { seq, stateId: next.stateId, hash, status: g.record.status, activeSides: [...active] };
  }

  /** Sets (or with null, removes) a seat's webhook; a new URL gets a new signing secret. */
  async setWebhook(p: Principal, url: string | null): Promise<{ url: string | null; secret: string | null }> {
    const side = seatSide(p);
    if (url) this.checkWebhook(url);
    const secret = url ? newWebhookSecret() : null;
    await this.withLock(p.gameId, async () => {
      const g = await this.fresh(p.gameId);
      heldSeat(g, p);
      await this.store.setWebhook(g.id, side, url, secret);
      g.seats = g.seats.map((s) =>
        s.side === side ? { ...s, webhook_url: url, webhook_secret: secret } : s,
      );
    });
    return { url, secret };
  }

  private checkWebhook(url: string): void {
    const why = (this.opts.webhooks ?? strictWebhooks).check(url);
    if (why) throw new ApiError(422, 'webhook/bad-url', why);
  }

  // ---- import ----------------------------------------------------------------

  /**
   * Imports a replay file as a new game. `verified`: the file's replay as checked
   * elsewhere (`verifyImport` in a worker thread, import-worker.ts): a server replays an
   * untrusted file off the thread that serves the games; without it, here.
   */
  async importFile(file: ExportedGame, verified?: VerifiedImport, id = newGameId()) {
    const rules = rulesFor(file.game);
    if (!rules)
      throw new ApiError(422, 'replay/unknown-game', `no game "${String(file.game).slice(0, 64)}" here`);
    const { hashes, finalHash, over, snapshot } = verified ?? verifyImport(file);
    const at = now();
    const n = file.actions.length;
    // A finished game is kept as it ended. One to play on is a new game (issue #46): its
    // seats join as a made game's do, each with a token of its own, so the importer holds
    // no seat he does not join; its rolls after the file's last action come from a new
    // server secret and the seats' contributions, never from the seed the file chose.
    const secret = over ? null : newSecret();
    const part: ImportedPart = {
      seed: file.seed,
      actions: n,
      dice: file.dice ?? null,
      from: file.server ?? null,
      resumes: !over,
    };
    const { record, spectator, admin } = newGameRecord(id, rules, at, {
      scenario: file.scenario ?? null,
      options: file.options ?? {},
      status: over ? 'over' : 'waiting',
      seq: n,
      commitment: secret ? commitmentOf(secret) : (file.dice?.commitment ?? null),
      secret: secret ?? file.dice?.secret ?? null,
      seed: over ? JSON.stringify(file.seed) : null,
      final_hash: over ? finalHash : null,
      origin: 'imported',
    });
    record.imported = JSON.stringify(part);
    const tokens: Record<string, string> = {};
    const seats: SeatRecord[] = rules.sides.map((side) => {
      const t = token('st');
      tokens[side] = t;
      return {
        game_id: id,
        side,
        player: 'human',
        token_hash: tokenHash(t),
        contribution: over ? (file.dice?.contributions[side] ?? 'imported') : null,
        joined_at: over ? at : null,
        webhook_url: null,
        webhook_secret: null,
      };
    });
    const actions: ActionRecord[] = file.actions.map((a, i) => ({
      game_id: id,
      seq: i + 1,
      side: a.side,
      action: JSON.stringify(a.action),
      state_id: i + 1,
      hash: hashes[i]!,
      created_at: at,
    }));
    await this.store.createGame(
      record,
      seats,
      actions,
      n > 0 && snapshot !== null ? { seq: n, state: snapshot } : undefined,
    );
    return {
      id,
      game: rules.id,
      status: record.status,
      actions: n,
      finalHash,
      verifiedDice: Boolean(file.dice),
      commitment: record.commitment,
      seats: Object.fromEntries(rules.sides.map((s) => [s, { player: 'human', token: tokens[s]! }])),
      spectator: { token: spectator },
      admin: { token: admin },
    };
  }

  // ---- live ----------------------------------------------------------------

  /** Registers a live client; it gets the current view now and every new one after. */
  async watch(p: Principal, send: (message: string) => void, lost?: LostClient): Promise<() => void> {
    const w: Watcher = { side: p.side, key: p.key, send, lost, last: '', sent: null };
    const set = this.watchers.get(p.gameId) ?? new Set<Watcher>();
    this.watchers.set(p.gameId, set);
    set.add(w);
    await this.withLock(p.gameId, async () => {
      const g = await this.fresh(p.gameId);
      this.looked(g);
      this.push(g);
      // Then what the seat was told while away (the last CHAT_LIMITS.shown), and who is here.
      if (p.side !== null) {
        const rows = await this.store.messages(p.gameId, 0, CHAT_LIMITS.shown);
        this.chatSeen.set(p.gameId, Math.max(this.chatSeen.get(p.gameId) ?? 0, rows.at(-1)?.seq ?? 0));
        const mine = rows.filter((r) => chatVisible(r, p.side));
        safeSend(w, JSON.stringify({ type: 'chat', whole: true, messages: mine.map(chatOf) }));
      }
      this.pushPresence(p.gameId);
      this.syncPresence(p.gameId);
    });
    return () => {
      if (!set.delete(w)) return;
      if (set.size === 0) {
        this.watchers.delete(p.gameId);
        this.chatSeen.delete(p.gameId);
        this.presenceSent.delete(p.gameId);
        this.remoteOnline.delete(p.gameId);
      } else this.pushPresence(p.gameId);
      this.syncPresence(p.gameId);
    };
  }

  /** The seats with a live channel open here (a game's channels are all served by the thread that owns it, shards.ts). */
  private localOnline(id: string): string[] {
    const set = this.watchers.get(id) ?? new Set<Watcher>();
    return [...new Set([...set].map((w) => w.side).filter((s) => s !== null))].sort();
  }

  /**
   * Tells every watcher of the game which seats have a live channel open (the
   * opponent's presence), here or, as last read from the store, in another process on
   * the same database, when that changed.
   */
  private pushPresence(id: string): void {
    const set = this.watchers.get(id);
    if (!set) return;
    // A new watcher is told at once, it alone.
    for (const w of set) {
      if (w.presence) continue;
      w.presence = true;
      safeSend(w, this.presenceMessage(id));
    }
    if (!this.presenceSent.has(id)) this.presenceSent.set(id, this.presenceMessage(id));
    // The others, once the channels have settled: a client opening and closing channels
    // as fast as it can pushes the other seat one frame per PRESENCE_SETTLE_MS at most,
    // and none if it ends as it began (issue #46).
    if (this.presenceTimers.has(id)) return;
    const timer = setTimeout(() => {
      this.presenceTimers.delete(id);
      const now = this.watchers.get(id);
      if (!now || this.closed) return;
      const m = this.presenceMessage(id);
      if (this.presenceSent.get(id) === m) return;
      this.presenceSent.set(id, m);
      for (const w of now) safeSend(w, m);
    }, PRESENCE_SETTLE_MS);
    timer.unref();
    this.presenceTimers.set(id, timer);
  }

  /** The presence message of game `id` now: the seats with a live channel open here or elsewhere. */
  private presenceMessage(id: string): string {
    const online = [...new Set([...this.localOnline(id), ...(this.remoteOnline.get(id) ?? [])])].sort();
    return JSON.stringify({ type: 'presence', online });
  }

  private presenceTtl(): number {
    return this.opts.presenceTtlMs ?? PRESENCE_TTL_MS;
  }

  /**
   * Presence across processes: stores the seats served here when they changed (and tells
   * the other processes, NOTIFY), then reads who the others serve and tells the watchers.
   * Queued per game, so the store always ends with the latest.
   */
  private syncPresence(id: string): void {
    const run = async () => {
      if (this.closed) return;
      const local = this.localOnline(id);
      const key = local.join(' ');
      if ((this.presenceStored.get(id) ?? '') !== key) {
        await this.store.setPresence(id, local, this.presenceTtl());
        if (local.length > 0) this.presenceStored.set(id, key);
        else this.presenceStored.delete(id);
        await this.store.notify(id);
      }
      if (!this.watchers.has(id)) return;
      this.remoteOnline.set(id, await this.store.presence(id));
      this.pushPresence(id);
    };
    const next = (this.presenceQueue.get(id) ?? Promise.resolve()).then(run).catch((e) => this.warn(e));
    this.presenceQueue.set(id, next);
    void next.then(() => {
      if (this.presenceQueue.get(id) === next) this.presenceQueue.delete(id);
    });
  }

  /**
   * The heartbeat: this process's presence rows renewed (a process that dies stops
   * renewing, and its seats drop out within the TTL), and every watched game told who
   * the other processes serve now.
   */
  private renewPresence(): void {
    // Nobody watching here and nothing stored: nothing to renew or tell.
    if (this.closed || (this.watchers.size === 0 && this.presenceStored.size === 0)) return;
    this.store
      .renewPresence(this.presenceTtl())
      .then((remote) => {
        for (const id of this.watchers.keys()) {
          const now = remote[id] ?? [];
          if ((this.remoteOnline.get(id) ?? []).join(' ') === now.join(' ')) continue;
          this.remoteOnline.set(id, now);
          this.pushPresence(id);
        }
      })
      .catch((e) => this.warn(e));
  }

  // ---- chat and notes between the seats ---------------------------------------

  /**
   * What seat `p` may read of the game's messages (the last CHAT_LIMITS.shown): the
   * seats' chat and its own notes. Spectators read none: the chat is the seats'.
   */
  async messages(p: Principal): Promise<{ messages: ChatMessage[]; online: string[] }> {
    const side = seatSide(p);
    reading(await this.withLock(p.gameId, () => this.fresh(p.gameId)), p);
    const rows = await this.store.messages(p.gameId, 0, CHAT_LIMITS.shown);
    const online = new Set([...this.localOnline(p.gameId), ...(await this.store.presence(p.gameId))]);
    return {
      messages: rows.filter((r) => chatVisible(r, side)).map(chatOf),
      online: [...online].sort(),
    };
  }

  /**
   * A seat says something to the other seats (or notes it for itself: `note`). Stored,
   * then pushed on the live channels of the seats that may read it, here and (NOTIFY)
   * in every other process serving the database.
   */
  async say(p: Principal, text: unknown, note: unknown): Promise<ChatMessage> {
    const side = seatSide(p);
    if (typeof text !== 'string') throw new ApiError(400, 'chat/bad-text', 'text is a string');
    // Control characters (but line breaks and tabs) are dropped; what is left is trimmed.
    const body = text.replace(/[^\P{Cc}\n\t]/gu, '').trim();
    if (body.length === 0) throw new ApiError(400, 'chat/empty', 'say something: the text is empty');
    if (BIDI_CONTROLS.test(body))
      throw new ApiError(
        400,
        'chat/bad-text',
        'a message has no bidirectional control characters (U+202A-U+202E, U+2066-U+2069)',
      );
    if (body.length > CHAT_LIMITS.length)
      throw new ApiError(400, 'chat/too-long', `a message is at most ${CHAT_LIMITS.length} characters`);
    if (note !== undefined && typeof note !== 'boolean')
      throw new ApiError(400, 'chat/bad-note', 'note is true (only you read it) or false');
    reading(await this.withLock(p.gameId, () => this.fresh(p.gameId)), p);
    const caps = note ? CHAT_LIMITS.notes : CHAT_LIMITS.chat;
    const row = await this.store.addMessage(
      { game_id: p.gameId, side, private: note ? 1 : 0, body, created_at: now() },
      caps,
    );
    if (!row) {
      throw new ApiError(
        409,
        'chat/full',
        `the ${side} seat keeps at most ${caps.count} ${note ? 'notes' : 'chat lines'} of ${caps.bytes / 1024} KiB together`,
      );
    }
    await this.syncChat(p.gameId);
    this.store.notify(p.gameId).catch((e) => this.warn(e));
    return chatOf(row);
  }

  /** Pushes the messages stored since this process last looked to the watchers that may read them. */
  private async syncChat(id: string): Promise<void> {
    const set = this.watchers.get(id);
    if (!set || ![...set].some((w) => w.side !== null)) return;
    await this.withLock(id, async () => {
      const rows = await this.store.messages(id, this.chatSeen.get(id) ?? 0, CHAT_LIMITS.shown);
      if (rows.length === 0) return;
      this.chatSeen.set(id, rows.at(-1)!.seq);
      for (const w of this.watchers.get(id) ?? []) {
        const mine = rows.filter((r) => chatVisible(r, w.side));
        if (mine.length > 0) safeSend(w, JSON.stringify({ type: 'chat', messages: mine.map(chatOf) }));
      }
    });
  }

  /**
   * Sends each watcher of the game the view it has not seen yet: the whole view the
   * first time, then updates that carry only what it has not been sent (see liveMessage).
   */
  private push(g: Live): void {
    const set = this.watchers.get(g.id);
    if (!set) return;
    const key = viewKey(g);
    // Watchers of one side were mostly sent the same before: one message for them all.
    const messages = new Map<Sent | string, string>();
    const diffs: DiffCache = new Map(); // each board field's diff, made once for them all
    for (const w of set) {
      if (w.side !== null && w.key !== undefined) {
        // Its seat's token was re-issued: it watches that seat no more.
        const seat = g.seats.find((s) => s.side === w.side);
        if (seat && seat.token_hash !== w.key) {
          set.delete(w);
          w.lost?.(4403, 'seat/bad-token');
          continue;
        }
      }
      if (w.last === key) continue;
      const v = this.viewOf(g, w.side);
      const cached = g.views.get(w.side ?? '*')!;
      const now = cached.sent;
      // What a watcher was sent belongs to its side; a new watcher gets its side's whole
      // view, made once for this state (a swarm of channels connecting costs one).
      const was = w.sent ?? `new:${w.side}`;
      let m = w.sent === null ? cached.whole : messages.get(was);
      if (m === undefined) {
        m = liveMessage(v, w.sent, now, diffs);
        if (w.sent === null) cached.whole = m;
        else messages.set(was, m);
      }
      w.last = key;
      w.sent = now;
      try {
        w.send(m);
      } catch {
        // a closing socket: its close handler unregisters it
      }
    }
  }

  /** Another process changed a game (PostgreSQL NOTIFY): bring local watchers up to date. */
  private remoteChange(id: string): void {
    if (!this.watchers.has(id) || this.remotePending.has(id) || this.closed) return;
    this.remotePending.add(id);
    setImmediate(() => {
      this.remotePending.delete(id);
      this.withLock(id, async () => this.push(await this.fresh(id)))
        .then(() => this.syncChat(id))
        .then(() => this.syncPresence(id))
        .catch((e) => this.warn(e));
    });
  }

  // ---- after every change --------------------------------------------------------

  /**
   * The webhook notices a change brings (none on a service without webhooks): `your-turn`
   * to each side that has something to do now and had nothing before, `game-over` to
   * every seat at the end. The store queues them in the change's own transaction, for
   * the seats that have a webhook then (SeatNotice); they go out once it commits.
   */
  private noticesFor(
    g: Live,
    before: readonly string[],
    active: readonly string[],
    seq: number,
  ): SeatNotice[] {
    if (!this.opts.webhooks) return [];
    const notices: WebhookNotice[] = [];
    const viewUrl = `${this.opts.publicUrl ?? ''}/api/games/${g.id}/view`;
    if (active.length === 0) {
      for (const s of g.seats)
        notices.push({ event: 'game-over', gameId: g.id, side: s.side, stateId: seq, view: viewUrl });
    } else {
      for (const side of active) {
        if (!before.includes(side))
          notices.push({ event: 'your-turn', gameId: g.id, side, stateId: seq, view: viewUrl });
      }
    }
    return notices.map((n) => ({ id: randomUUID(), side: n.side, body: JSON.stringify(n) }));
  }

  /**
   * After a change is stored (`active`: the sides to act now): live updates, the webhook
   * notices it queued, the AI's move.
   */
  private afterChange(g: Live, active: readonly string[], notified: boolean): void {
    this.push(g);
    if (notified) this.opts.webhooks?.wake();
    if (active.some((side) => g.seats.find((s) => s.side === side)?.player === 'ai')) this.scheduleAi(g.id);
  }

  private scheduleAi(id: string): void {
    if (this.aiPending.has(id) || this.closed) return;
    this.aiPending.add(id);
    setImmediate(() => {
      this.aiPending.delete(id);
      if (!this.closed)
        this.aiMove(id).catch((e) =>
          // A game of other rules (upgraded since) waits for a server of its rules: one line.
          e instanceof ApiError && e.code === 'game/rules-version'
            ? this.opts.log?.(`stavka server: game ${id} not played on: ${e.message}`)
            : this.warn(e),
        );
    });
  }

  /**
   * The AI's move in game `id`, if an AI seat has one. The position is taken under the
   * game's lock, the lock let go while the AI thinks (and waits its turn for a worker:
   * issue #46), and the action applied under the lock again if the game is still there.
   */
  private async aiMove(id: string): Promise<void> {
    const asked = await this.withLock(id, async () => {
      const g = await this.fresh(id);
      if (g.record.status !== 'active' || !g.state) return null;
      const side = g.rules
        .activeSides(g.state.state)
        .find((x) => g.seats.find((s) => s.side === x)?.player === 'ai');
      if (!side) return null;
      const human = g.seats.some((s) => s.player === 'human');
      if (!human && !this.aiOnlyMayMove(g)) return null;
      return { g, side, human, seq: g.seq, state: g.state };
    });
    if (!asked) return;
    const { g, side, human, seq, state } = asked;
    // A player given in the options plays inline (tests); otherwise the Stavka AI
    // thinks in a worker thread while this process serves everything else.
    const custom = this.opts.aiPlayer?.(id, side, seq);
    const level = g.seats.find((s) => s.side === side)?.ai_player ?? 'ai';
    let action: Action;
    try {
      action = custom
        ? custom.choose(g.rules as GameRules<unknown, Action, unknown>, state, side)
        : await this.aiWorker.choose(
            g.rules.id,
            `${id}:${side}:${level}`,
            state as GameState<unknown>,
            side,
            level,
            ownScenario(g.record),
            { gameId: id, human, owner: this.aiOnly.get(id)?.owner ?? '' },
          );
    } catch (e) {
      if (e instanceof AiJobCancelled) return; // its game is gone
      if (human || this.closed) throw e;
      // A game of AI against AI its worker could not think for (its memory): paused
      // until somebody looks at it again.
      this.pauseAiOnly(id);
      this.opts.log?.(`stavka server: game ${id} of AI against AI paused: ${(e as Error).message}`);
      return;
    }
    if (this.closed) return;
    await this.withLock(id, async () => {
      // Stopped or expired while its AI thought: nothing to apply.
      const now = await this.fresh(id).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      });
      if (!now) return;
      // Moved on meanwhile (another process's AI, or the game was stopped): its own turn
      // comes from that change.
      if (now.seq !== seq || now.state !== state || now.record.status !== 'active') return;
      const r = apply(now.rules, state, side, action, state.stateId);
      if (!r.ok) throw new Error(`the AI chose an illegal action: ${r.error.message}`);
      try {
        await this.commit(now, side, action, r.value);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e; // lost a race to another process: it moves instead
      }
    });
  }

  /**
   * Whether a game of AI against AI moves on now: somebody looked at it within idleMs (or
   * watches it live), and it is within the bounds; else it pauses until somebody looks.
   */
  private aiOnlyMayMove(g: Live): boolean {
    const entry = this.aiOnly.get(g.id);
    const watched = this.watchers.has(g.id);
    if (!entry || (!watched && this.now() - entry.seen > this.aiOnlyLimits.idleMs)) {
      this.pauseAiOnly(g.id);
      return false;
    }
    return true;
  }

  /** A game of AI against AI stops moving until somebody looks (when they last did kept). */
  private pauseAiOnly(id: string): void {
    const entry = this.aiOnly.get(id);
    this.aiOnly.delete(id);
    this.aiPaused.set(id, Math.max(this.aiPaused.get(id) ?? 0, entry?.seen ?? 0));
  }

  private now(): number {
    return this.opts.clock?.() ?? Date.now();
  }

  /** Somebody looked at game `g`: a paused game of AI against AI moves on, if there is room. */
  private looked(g: Live): void {
    if (g.record.status !== 'active' || g.seats.some((s) => s.player !== 'ai')) return;
    const entry = this.aiOnly.get(g.id);
    if (entry) {
      entry.seen = this.now();
      return;
    }
    if (this.aiOnly.size >= this.aiOnlyLimits.total) {
      this.aiPaused.set(g.id, this.now()); // stays paused while the others move, looked at
      return;
    }
    this.aiOnly.set(g.id, { owner: '', seen: this.now() });
    this.aiPaused.delete(g.id);
    this.scheduleAi(g.id);
  }

  /** Refuses a new game of AI against AI past the bounds (429 request/quota). */
  private checkAiOnlyRoom(owner: string): void {
    const { perOwner, total } = this.aiOnlyLimits;
    const idle = this.now() - this.aiOnlyLimits.idleMs;
    for (const [id, e] of this.aiOnly) if (e.seen < idle && !this.watchers.has(id)) this.pauseAiOnly(id);
    const mine = [...this.aiOnly.values()].filter((e) => e.owner === owner).length;
    if (mine >= perOwner) {
      throw new ApiError(
        429,
        'request/quota',
        `at most ${perOwner} games of AI against AI of one address move at once: stop one, or let one end or pause`,
      );
    }
    if (this.aiOnly.size >= total) {
      throw new ApiError(
        429,
        'request/quota',
        `this server moves at most ${total} games of AI against AI at once: try again later`,
      );
    }
  }

  /**
   * The creator stops a game of AI against AI (its admin token): the game and all it
   * holds are deleted, its live clients told (4404). A game with a person in it is not
   * the creator's to stop (409 game/has-players).
   */
  async stop(p: Principal): Promise<{ stopped: true }> {
    if (!p.admin)
      throw new ApiError(403, 'seat/not-admin', "only the game's creator (its admin token) stops it");
    await this.withLock(p.gameId, async () => {
      const g = await this.fresh(p.gameId);
      if (g.seats.some((s) => s.player !== 'ai')) {
        throw new ApiError(
          409,
          'game/has-players',
          'a game with a person at the table is not stopped by its creator',
        );
      }
      await this.store.deleteGame(g.id);
    });
    await this.droppedAiOnly(p.gameId);
    return { stopped: true };
  }

  /**
   * Deletes the games of AI against AI (of this service's) that have neither moved (the
   * store's last change) nor been looked at here (a view, log or summary; a live channel
   * open keeps one) for AiOnlyLimits.expireMs: paused all that time, nobody wants them.
   */
  async expireIdleAiOnly(): Promise<number> {
    const now = this.now();
    const before = now - this.aiOnlyLimits.expireMs;
    const owns = this.opts.owns ?? (() => true);
    let expired = 0;
    for (const id of await this.store.idleAiOnlyGames(new Date(before).toISOString(), 1000)) {
      const seen = this.aiOnly.get(id)?.seen ?? this.aiPaused.get(id) ?? Number.NEGATIVE_INFINITY;
      if (!owns(id) || this.watchers.has(id) || seen >= before) continue;
      const deleted = await this.withLock(id, async () => {
        const g = await this.fresh(id).catch(() => null);
        // Moved or watched since it was found: it stays.
        if (g?.record.status !== 'active' || g.seats.some((s) => s.player !== 'ai')) return false;
        if (Date.parse(g.record.updated_at) >= before || this.watchers.has(id)) return false;
        await this.store.deleteGame(id);
        return true;
      });
      if (!deleted) continue;
      await this.droppedAiOnly(id);
      expired++;
    }
    if (expired > 0) this.opts.log?.(`stavka server: ${expired} paused games of AI against AI expired`);
    return expired;
  }

  /** A game of AI against AI deleted: out of the bounds, the cache, and its live clients told. */
  private async droppedAiOnly(id: string): Promise<void> {
    this.aiWorker.cancel?.(id);
    this.aiOnly.delete(id);
    this.aiPaused.delete(id);
    await this.forget([id]);
  }

  // ---- the cache -----------------------------------------------------------------

  private withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => {});
    this.locks.set(id, tail);
    tail.then(() => {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    });
    return run;
  }

  /** The cached game, loaded if need be (no freshness check: for what never changes). */
  private async get(id: string): Promise<Live> {
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const record = await this.store.game(id);
    if (!record) throw notFound();
    const rules = rulesFor(record.game);
    if (!rules) throw new ApiError(422, 'game/unknown', `this server no longer plays "${record.game}"`);
    const g: Live = { id, rules, record, seats: [], state: null, seq: 0, mark: null, views: new Map() };
    await this.reload(g);
    const again = this.cache.get(id);
    if (again) return again;
    this.cache.set(id, g);
    this.evict();
    return g;
  }

  /**
   * The game as the database has it now: catches up on what other processes stored.
   * Live clients here are shown every state on the way, also those another process made.
   * `ask`: ask the database even if the change mark says nothing changed (another
   * process's action was just found stored, before word of it came).
   */
  private async fresh(id: string, ask = false): Promise<Live> {
    const g = await this.get(id);
    if (g.record.status === 'over') return g;
    // Nobody else has written since this game was last found current: it still is.
    const mark = this.store.changeMark(id);
    if (!ask && mark !== null && g.mark === mark) return g;
    const now = await this.store.gameSeq(id);
    if (!now) throw notFound();
    if (now.seq === g.seq && now.status === g.record.status) {
      // Seats join, and their tokens are re-issued, without an action.
      g.seats = await this.store.seats(id);
    } else if (now.seq < g.seq) {
      await this.reload(g);
    } else {
      if (g.state === null) {
        // It started in another process: watchers here see it from its first state on.
        await this.reload(g, this.watchers.has(id) ? 0 : undefined);
        this.push(g);
      }
      if (g.state !== null) {
        // The game first, then its actions up to it: an action is stored in the same
        // transaction that moves the game's seq, so every one up to that seq is there.
        const record = (await this.store.game(id)) ?? g.record;
        const rows = (await this.store.actions(id, g.seq)).filter((r) => r.seq <= record.seq);
        for (const row of rows) {
          g.state = this.applyStored(g, g.state, row);
          g.seq = row.seq;
          if (row.seq < record.seq) this.push(g);
        }
        g.record = record;
        if (g.record.seq !== g.seq) await this.reload(g);
      }
    }
    g.mark = mark;
    this.push(g);
    return g;
  }

  /**
   * Rebuilds a game from the database: the latest snapshot, then the actions after it;
   * up to action `upTo` when given (a state watchers here have not been shown yet).
   */
  private async reload(g: Live, upTo?: number): Promise<void> {
    const record = await this.store.game(g.id);
    if (!record) throw notFound();
    g.record = record;
    // A game stored under other rules cannot go on under these (its replay would mix two
    // rules versions): refused, its record and actions kept. A finished one is still shown,
    // from its final snapshot, while nothing has to be replayed under these rules.
    if (record.rules_version !== g.rules.rulesVersion && record.status !== 'over') throw rulesVersionError(g);
    g.seats = await this.store.seats(g.id);
    g.views.clear();
    if (record.status === 'waiting' || record.seed === null) {
      g.state = null;
      // An imported game waits with the file's actions stored (issue #46).
      g.seq = record.seq;
      return;
    }
    const target = Math.min(record.seq, upTo ?? record.seq);
    g.state = await this.rebuild(g, record, target);
    g.seq = target;
  }

  /**
   * The state of game `record` at action `target`: its latest snapshot up to there, then
   * the actions after it. An imported game played on here is set up from its file's seed,
   * and rolls from its own seed after the file's last action (issue #46: `resumed`).
   */
  private async rebuild(g: Live, record: GameRecord, target: number): Promise<State> {
    const snap = await this.store.latestSnapshot(g.id, target);
    const imported = importedPart(record);
    const resumeAt = imported?.resumes && imported.actions > 0 ? imported.actions : null;
    const setUp = () => {
      const made = setup(
        g.rules,
        JSON.parse(record.scenario),
        resumeAt !== null ? imported!.seed : (JSON.parse(record.seed!) as Seed),
        JSON.parse(record.options),
      );
      if (!made.ok) throw new Error(`game ${g.id} no longer sets up: ${formatSetupErrors(made.error)}`);
      return made.value;
    };
    let s: State;
    let from = 0;
    if (snap) {
      // A state names its scenario by key: a scenario of the game's own must be set up in
      // this process (a restart, another process, another thread) before its state is used.
      if (ownScenario(record) !== undefined) setUp();
      s = stateFromSnapshot(snap.state);
      from = snap.seq;
    } else s = setUp();
    // The import's snapshot, at its last action, was taken before it was played on here.
    if (from === resumeAt && record.seed !== null) s = resumeWithSeed(s, JSON.parse(record.seed) as Seed);
    const rows = (await this.store.actions(g.id, from)).filter((r) => r.seq <= target);
    for (const row of rows) {
      s = this.applyStored(g, s, row);
      if (row.seq === target && stateHash(s) !== row.hash) {
        throw new Error(
          `game ${g.id}: the state rebuilt at action ${row.seq} does not match its stored hash`,
        );
      }
      if (row.seq === resumeAt && record.seed !== null)
        s = resumeWithSeed(s, JSON.parse(record.seed) as Seed);
    }
    return s;
  }

  private applyStored(g: Live, s: State, row: ActionRecord): State {
    const r = apply(g.rules, s, row.side, JSON.parse(row.action));
    if (!r.ok) {
      if (g.record.rules_version !== g.rules.rulesVersion) throw rulesVersionError(g);
      throw new Error(`game ${g.id}: stored action ${row.seq} does not apply: ${r.error.message}`);
    }
    return r.value;
  }

  private evict(): void {
    const max = this.opts.cacheSize ?? 256;
    for (const id of this.cache.keys()) {
      if (this.cache.size <= max) break;
      if (this.watchers.has(id) || this.locks.has(id)) continue;
      this.cache.delete(id);
    }
  }

  private viewOf(g: Live, side: string | null): SeatView {
    const key = viewKey(g);
    const k = side ?? '*';
    const hit = g.views.get(k);
    if (hit && hit.key === key) return hit.value;
    const s = g.state;
    let v: SeatView['view'] = null;
    let legal: readonly Action[] = [];
    if (s) {
      if (side !== null) v = view(g.rules, s, side);
      else if (g.record.status === 'over') v = view(g.rules, s, null);
      else v = view(g.rules, s, SPECTATOR);
      if (side !== null && g.record.status === 'active' && g.rules.activeSides(s.state).includes(side)) {
        legal = legalActions(g.rules, s, side);
      }
    }
    const value: SeatView = {
      gameId: g.id,
      side,
      status: g.record.status,
      stateId: g.seq,
      seats: seatsSummary(g),
      view: v,
      legal,
    };
    g.views.set(k, { key, value, sent: sentOf(value) });
    return value;
  }

  private warn(e: unknown): void {
    this.opts.log?.(`stavka server: ${(e as Error)?.stack ?? String(e)}`);
  }
}

/**
 * Replays a file to import and checks it (`verifyImportOf` with the registry's module of
 * the file's game). A refusal is an ApiError (422 replay/...). The work is the file's
 * length in moves, so a server runs it in a worker thread (import-worker.ts).
 */
export function verifyImport(file: ExportedGame): VerifiedImport {
  return verifyImportOf(playableGame(file.game), file);
}

/**
 * The seat a principal holds, while the token it came with still holds it (a live
 * channel keeps its principal; a token re-issued since, at joining or for a lost link,
 * ends the old one's hold).
 */
function heldSeat(g: Live, p: Principal): SeatRecord {
  const side = seatSide(p);
  const seat = g.seats.find((s) => s.side === side);
  if (!seat || (p.key !== undefined && seat.token_hash !== p.key)) {
    throw new ApiError(403, 'seat/bad-token', 'that token no longer holds this seat: a new one was issued');
  }
  return seat;
}

/** Who a token (its hash) is in a game: the spectator, the admin, a human seat; or null. */
function principalOf(g: Live, h: string): Principal | null {
  if (h === g.record.spectator_token_hash) return { gameId: g.id, side: null };
  if (h === g.record.admin_token_hash) return { gameId: g.id, side: null, admin: true };
  const seat = g.seats.find((s) => s.token_hash === h && s.player === 'human');
  return seat ? { gameId: g.id, side: seat.side, key: h } : null;
}

/**
 * The game, for a principal to read: a seat's token must still hold its seat, as the
 * game stands after `fresh` (another process may have re-issued it since the token was
 * checked); a spectator or the admin reads as a spectator.
 */
function reading(g: Live, p: Principal): Live {
  if (p.side !== null) heldSeat(g, p);
  return g;
}

function chatVisible(m: MessageRecord, side: string | null): boolean {
  return side !== null && (m.private === 0 || m.side === side);
}

function chatOf(m: MessageRecord): ChatMessage {
  return { seq: m.seq, side: m.side, private: m.private === 1, text: m.body, at: m.created_at };
}

function safeSend(w: Watcher, m: string): void {
  try {
    w.send(m);
  } catch {
    // a closing socket: its close handler unregisters it
  }
}

function seatSide(p: Principal): string {
  if (p.side === null)
    throw new ApiError(403, 'seat/spectator', 'a spectator cannot do that: it needs a seat token');
  return p.side;
}

/** What a view depends on besides the side: the status, the state and who has joined. */
function viewKey(g: Live): string {
  return `${g.record.status}:${g.seq}:${g.seats.filter((s) => s.contribution !== null).length}`;
}

function seatsSummary(g: Live): Record<string, { player: string; joined: boolean; level?: string }> {
  return Object.fromEntries(
    g.seats.map((s) => [
      s.side,
      { player: s.player, joined: s.contribution !== null, ...(s.ai_player ? { level: s.ai_player } : {}) },
    ]),
  );
}

function logFor(g: Live, side: string | null): readonly LogEntry[] {
  const s = g.state!;
  if (side !== null) return visibleLog(s.log, side);
  if (g.record.status === 'over') return visibleLog(s.log, null);
  return visibleLog(s.log, SPECTATOR);
}

/**
 * A new game's record, created or imported alike, with the spectator's token and the
 * creator's admin token (only their hashes are stored).
 */
function newGameRecord(
  id: string,
  rules: AnyRules,
  at: string,
  f: Pick<GameRecord, 'status' | 'seq' | 'commitment' | 'secret' | 'seed' | 'final_hash' | 'origin'> & {
    readonly scenario: unknown;
    readonly options: unknown;
  },
): { record: GameRecord; spectator: string; admin: string } {
  const spectator = token('sp');
  const admin = token('ad');
  const record: GameRecord = {
    id,
    game: rules.id,
    rules_version: rules.rulesVersion,
    scenario: JSON.stringify(f.scenario),
    options: JSON.stringify(f.options),
    status: f.status,
    seq: f.seq,
    commitment: f.commitment,
    secret: f.secret,
    seed: f.seed,
    final_hash: f.final_hash,
    spectator_token_hash: tokenHash(spectator),
    admin_token_hash: tokenHash(admin),
    origin: f.origin,
    imported: null,
    created_at: at,
    updated_at: at,
  };
  return { record, spectator, admin };
}

/** The game's own scenario file (JSON), when it was not set up from a standard one. */
function ownScenario(record: GameRecord): string | undefined {
  const v: unknown = JSON.parse(record.scenario);
  return v === null || typeof v === 'string' ? undefined : record.scenario;
}

/** A stored game whose rules version this server does not play (see `reload`). */
function rulesVersionError(g: Live): ApiError {
  return new ApiError(
    409,
    'game/rules-version',
    `this game was played under rules ${g.record.rules_version}; this server plays ${g.rules.rulesVersion}, so it cannot go on here. Its actions are kept: a server with rules ${g.record.rules_version} can take it up again.`,
  );
}

/** Checks webhook URLs for a service given no Webhooks of its own. */
const strictWebhooks = new Webhooks();
