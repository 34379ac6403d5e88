/**
 * A threaded server: the games are shared out over worker threads ("shards"), each a
 * GameService that owns the games whose id falls to it (`shardOf`); a new game's id is
 * drawn to fall to the shard with the fewest live games. The rules' work
 * (applying actions, hashes, legal lists, views, live messages) runs there, on every core.
 * The main thread keeps the sockets (HTTP, WebSocket). Storage:
 * - SQLite: the main thread keeps the one connection, and every shard's storage goes
 *   through it (a RemoteStore): one writer per process, committing the shards' actions
 *   together (two writers would wait on each other's locks, a millisecond at a time);
 * - PostgreSQL: each shard has its own pool and LISTEN connection, as another process
 *   would (a store call through the main thread cost more than it saved).
 *
 * Between the threads, messages are batched per turn of the event loop (a Channel):
 * - main -> shard: service calls, the answers to its store calls, changes other processes
 *   made (the store's LISTEN), the end of a live client;
 * - shard -> main: the answers to service calls, live messages for a client, store calls,
 *   webhook wake-ups, log lines.
 * A shard that stops is started again; its live clients are told to reconnect, and
 * the calls it had not answered fail (nothing is acknowledged before it is committed).
 */
import { isMainThread, type MessagePort, parentPort, type Worker, workerData } from 'node:worker_threads';
import { defaultAiWorkers } from './ai-worker.ts';
import { ApiError } from './errors.ts';
import {
  type CreateGame,
  type ExportedGame,
  GameService,
  type LostClient,
  newGameId,
  type Principal,
  type Service,
  type ServiceOptions,
  type VerifiedImport,
} from './games.ts';
import { openStore, type Store } from './store.ts';
import { Webhooks } from './webhooks.ts';
import { tsWorker } from './worker-boot.ts';

/** The shard that owns a game: FNV-1a of its id, modulo the number of shards. */
export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/** The store's methods a shard calls through the main thread (all of Store's but these). */
const STORE_CALLS = [
  'createGame',
  'idleAiOnlyGames',
  'game',
  'gameSeq',
  'seats',
  'joinSeat',
  'setSeatToken',
  'deleteUnjoined',
  'deleteGame',
  'startGame',
  'appendAction',
  'actions',
  'latestSnapshot',
  'setWebhook',
  'addMessage',
  'messages',
  'setPresence',
  'presence',
  'renewPresence',
  'activeGamesWithAi',
  'gameIds',
  'notify',
  'queueDeliveries',
  'dueDeliveries',
  'claimDelivery',
  'rescheduleDelivery',
  'dropDelivery',
] as const satisfies readonly (keyof Store)[];
type StoreCall = (typeof STORE_CALLS)[number];
const STORE_CALL_SET: ReadonlySet<string> = new Set(STORE_CALLS);

/** The service's methods the main thread calls on a shard. */
const SERVICE_CALL_LIST = [
  'start',
  'close',
  'create',
  'join',
  'authenticate',
  'summary',
  'seatView',
  'log',
  'replayFor',
  'exportFile',
  'act',
  'setWebhook',
  'importFile',
  'reissue',
  'stop',
  'say',
  'messages',
  'forget',
  'expireIdleAiOnly',
] as const satisfies readonly (keyof GameService)[];
type ServiceCall = (typeof SERVICE_CALL_LIST)[number];
const SERVICE_CALLS: ReadonlySet<string> = new Set(SERVICE_CALL_LIST);

/** An error as it crosses threads: an ApiError keeps its status and code. */
type WireError = { status?: number; code?: string; message: string; stack?: string };

type ToShard =
  | { t: 'call'; id: number; method: ServiceCall; args: unknown[] }
  | { t: 'watch'; id: number; wid: number; p: Principal }
  | { t: 'unwatch'; wid: number }
  | { t: 'stored'; id: number; mark: number | null; value?: unknown; error?: WireError }
  | { t: 'change'; gameId: string | null; mark: number | null };

type FromShard =
  | { t: 'reply'; id: number; value?: unknown; error?: WireError }
  | { t: 'send'; wid: number; m: string }
  | { t: 'lost'; wid: number; code: number; reason: string }
  | { t: 'store'; id: number; method: StoreCall; args: unknown[] }
  | { t: 'wake' }
  | { t: 'log'; m: string };

function toWire(e: unknown): WireError {
  if (e instanceof ApiError) return { status: e.status, code: e.code, message: e.message };
  const err = e as Error;
  return { message: err?.message ?? String(e), ...(err?.stack ? { stack: err.stack } : {}) };
}

function fromWire(w: WireError): Error {
  if (w.status !== undefined && w.code !== undefined) return new ApiError(w.status, w.code, w.message);
  const e = new Error(w.message);
  if (w.stack) e.stack = w.stack;
  return e;
}

/**
 * One end of the link between two threads: what is sent in one run of code (up to the
 * end of the promise callbacks it queued: process.nextTick runs after them) goes as one
 * message: a move's live messages and the answer to the action cross together (one
 * socket write for the seat that acted, not two). Not later: waiting for the end of the
 * event loop's turn held each message behind all the other games' work of that turn
 * (fewer moves a second with 2 threads: ~700 against ~900).
 */
class Channel<Out> {
  private out: Out[] = [];
  private scheduled = false;
  constructor(private readonly port: { postMessage(m: unknown): void }) {}
  send(m: Out): void {
    this.out.push(m);
    if (this.scheduled) return;
    this.scheduled = true;
    const flush = () => {
      this.scheduled = false;
      const batch = this.out;
      this.out = [];
      this.port.postMessage(batch);
    };
    process.nextTick(flush);
  }
}

// ---- the shard (a worker thread) -------------------------------------------------

interface ShardData {
  readonly stavkaShard: true;
  readonly index: number;
  readonly shards: number;
  readonly kind: Store['kind'];
  readonly where: string;
  /** PostgreSQL: the shard connects on its own; SQLite (null): through the main thread. */
  readonly url: string | null;
  readonly service: Pick<ServiceOptions, 'publicUrl' | 'snapshotEvery' | 'cacheSize' | 'aiWorkers'>;
  readonly allowPrivate: boolean;
  readonly webhooks: boolean;
}

/** What a store call answers: its promise's value (structured-cloned across the threads). */
type Answer<M extends StoreCall> = Awaited<ReturnType<Store[M]>>;

/**
 * The store as a shard sees it: every call is made by the main thread's store. The
 * change mark is the main thread's, as of its latest answer (or LISTEN poll): it moves
 * only when another process writes, since this process writes through one connection.
 */
class RemoteStore implements Store {
  readonly kind: Store['kind'];
  readonly where: string;
  readonly url = null;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private mark: number | null = null;
  private onChange: ((id: string | null) => void) | null = null;

  constructor(
    data: ShardData,
    private readonly channel: Channel<FromShard>,
  ) {
    this.kind = data.kind;
    this.where = data.where;
  }

  // Each of STORE_CALLS, made by the main thread's store.
  createGame: Store['createGame'] = (...a) => this.call('createGame', a);
  idleAiOnlyGames: Store['idleAiOnlyGames'] = (...a) => this.call('idleAiOnlyGames', a);
  game: Store['game'] = (...a) => this.call('game', a);
  gameSeq: Store['gameSeq'] = (...a) => this.call('gameSeq', a);
  seats: Store['seats'] = (...a) => this.call('seats', a);
  joinSeat: Store['joinSeat'] = (...a) => this.call('joinSeat', a);
  setSeatToken: Store['setSeatToken'] = (...a) => this.call('setSeatToken', a);
  deleteUnjoined: Store['deleteUnjoined'] = (...a) => this.call('deleteUnjoined', a);
  deleteGame: Store['deleteGame'] = (...a) => this.call('deleteGame', a);
  startGame: Store['startGame'] = (...a) => this.call('startGame', a);
  appendAction: Store['appendAction'] = (...a) => this.call('appendAction', a);
  actions: Store['actions'] = (...a) => this.call('actions', a);
  latestSnapshot: Store['latestSnapshot'] = (...a) => this.call('latestSnapshot', a);
  setWebhook: Store['setWebhook'] = (...a) => this.call('setWebhook', a);
  addMessage: Store['addMessage'] = (...a) => this.call('addMessage', a);
  messages: Store['messages'] = (...a) => this.call('messages', a);
  setPresence: Store['setPresence'] = (...a) => this.call('setPresence', a);
  presence: Store['presence'] = (...a) => this.call('presence', a);
  renewPresence: Store['renewPresence'] = (...a) => this.call('renewPresence', a);
  activeGamesWithAi: Store['activeGamesWithAi'] = (...a) => this.call('activeGamesWithAi', a);
  gameIds: Store['gameIds'] = (...a) => this.call('gameIds', a);
  notify: Store['notify'] = (...a) => this.call('notify', a);
  queueDeliveries: Store['queueDeliveries'] = (...a) => this.call('queueDeliveries', a);
  dueDeliveries: Store['dueDeliveries'] = (...a) => this.call('dueDeliveries', a);
  claimDelivery: Store['claimDelivery'] = (...a) => this.call('claimDelivery', a);
  rescheduleDelivery: Store['rescheduleDelivery'] = (...a) => this.call('rescheduleDelivery', a);
  dropDelivery: Store['dropDelivery'] = (...a) => this.call('dropDelivery', a);

  /** Store call `method` made by the main thread; settled by its answer (`stored`). */
  private call<M extends StoreCall>(method: M, args: Parameters<Store[M]>): Promise<Answer<M>> {
    const id = this.next++;
    return new Promise<Answer<M>>((resolve, reject) => {
      // The answer is what the main thread's store returned for this call.
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.channel.send({ t: 'store', id, method, args });
    });
  }

  stored(m: Extract<ToShard, { t: 'stored' }>): void {
    this.mark = m.mark;
    const p = this.waiting.get(m.id);
    if (!p) return;
    this.waiting.delete(m.id);
    if (m.error) p.reject(fromWire(m.error));
    else p.resolve(m.value);
  }

  changed(m: Extract<ToShard, { t: 'change' }>): void {
    this.mark = m.mark;
    this.onChange?.(m.gameId);
  }

  changeMark(_id: string): number | null {
    return this.mark;
  }

  async listen(onChange: (id: string | null) => void): Promise<void> {
    this.onChange = onChange;
  }

  async close(): Promise<void> {}
}

async function runShard(data: ShardData, port: MessagePort): Promise<void> {
  const channel = new Channel<FromShard>(port);
  // Until the store is open, messages wait (in order).
  const early: ToShard[][] = [];
  let onBatch = (batch: ToShard[]) => void early.push(batch);
  port.on('message', (batch: ToShard[]) => onBatch(batch));
  const remote = data.url ? null : new RemoteStore(data, channel);
  const store = remote ?? (await openStore(data.url!));
  const checker = new Webhooks({ allowPrivate: data.allowPrivate });
  const service = new GameService(store, {
    ...data.service,
    ...(data.webhooks
      ? { webhooks: { check: (url: string) => checker.check(url), wake: () => channel.send({ t: 'wake' }) } }
      : {}),
    owns: (id) => shardOf(id, data.shards) === data.index,
    log: (m) => channel.send({ t: 'log', m }),
  });
  /** Each live client's way out (null while its watch is being set up). */
  const unwatch = new Map<number, (() => void) | null>();
  const reply = (id: number, work: Promise<unknown>) =>
    work.then(
      (value) => channel.send({ t: 'reply', id, value }),
      (e: unknown) => channel.send({ t: 'reply', id, error: toWire(e) }),
    );
  onBatch = (batch: ToShard[]) => {
    for (const m of batch) {
      if (m.t === 'stored') remote?.stored(m);
      else if (m.t === 'change') remote?.changed(m);
      else if (m.t === 'call') {
        if (!SERVICE_CALLS.has(m.method)) {
          channel.send({ t: 'reply', id: m.id, error: { message: `no service call ${m.method}` } });
          continue;
        }
        const fn = service[m.method] as (...args: unknown[]) => Promise<unknown>;
        reply(
          m.id,
          Promise.resolve()
            .then(() => fn.apply(service, m.args))
            // A shard's own connection closes with its service.
            .then(async (v) => {
              if (m.method === 'close') {
                if (!remote) await store.close();
                // Once the answer is out, nothing keeps the thread: it ends by itself.
                setImmediate(() => port.close());
              }
              return v;
            }),
        );
      } else if (m.t === 'watch') {
        unwatch.set(m.wid, null);
        reply(
          m.id,
          service
            .watch(
              m.p,
              (text) => channel.send({ t: 'send', wid: m.wid, m: text }),
              (code, reason) => channel.send({ t: 'lost', wid: m.wid, code, reason }),
            )
            .then((off) => {
              // The client may have gone while its watch was being set up.
              if (unwatch.has(m.wid)) unwatch.set(m.wid, off);
              else off();
              return null;
            }),
        );
      } else if (m.t === 'unwatch') {
        unwatch.get(m.wid)?.();
        unwatch.delete(m.wid);
      }
    }
  };
  for (const batch of early.splice(0)) onBatch(batch);
}

if (!isMainThread && (workerData as { stavkaShard?: boolean } | null)?.stavkaShard) {
  runShard(workerData as ShardData, parentPort!).catch((e: unknown) => {
    // No store, no shard: the main thread sees it stop (and fails what it had asked).
    console.error(`stavka server: a shard could not start: ${(e as Error)?.stack ?? e}`);
    process.exit(1);
  });
}

// ---- the main thread's side --------------------------------------------------------

export interface ShardOptions {
  /** How many worker threads share the games. */
  readonly threads: number;
  readonly service?: Pick<ServiceOptions, 'publicUrl' | 'snapshotEvery' | 'cacheSize' | 'log'>;
  /** Webhook notices are queued (and `wake` this), with URLs checked as this would. */
  readonly webhooks?: { readonly allowPrivate: boolean; wake(): void };
}

interface LiveClient {
  readonly gameId: string;
  readonly send: (message: string) => void;
  readonly lost?: LostClient;
}

/** One worker thread and what it has not answered yet. */
class Shard {
  worker: Worker | null = null;
  channel: Channel<ToShard> | null = null;
  readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly clients = new Map<number, LiveClient>();
  /** Set once the shard's service was started (a restarted shard starts its service again). */
  started = false;
  spawnedAt = 0;
  constructor(readonly index: number) {}
}

export class ShardedService implements Service {
  private readonly shards: Shard[];
  private next = 1;
  private closing = false;

  constructor(
    private readonly store: Store,
    private readonly opts: ShardOptions,
  ) {
    if (!Number.isInteger(opts.threads) || opts.threads < 1) {
      throw new Error(`a threaded server has 1 or more threads, not ${opts.threads}`);
    }
    this.shards = Array.from({ length: opts.threads }, (_, i) => new Shard(i));
  }

  private spawn(shard: Shard): void {
    const data: ShardData = {
      stavkaShard: true,
      index: shard.index,
      shards: this.shards.length,
      kind: this.store.kind,
      where: this.store.where,
      url: this.store.url,
      service: {
        ...(this.opts.service?.publicUrl !== undefined ? { publicUrl: this.opts.service.publicUrl } : {}),
        ...(this.opts.service?.snapshotEvery !== undefined
          ? { snapshotEvery: this.opts.service.snapshotEvery }
          : {}),
        ...(this.opts.service?.cacheSize !== undefined ? { cacheSize: this.opts.service.cacheSize } : {}),
        // The machine's AI workers shared out among the shards (issue #46).
        aiWorkers: Math.max(1, Math.floor(defaultAiWorkers() / this.shards.length)),
      },
      allowPrivate: this.opts.webhooks?.allowPrivate ?? false,
      webhooks: Boolean(this.opts.webhooks),
    };
    const w = tsWorker(import.meta.url, { workerData: data, name: `stavka shard ${shard.index}` });
    shard.worker = w;
    shard.spawnedAt = performance.now();
    shard.channel = new Channel<ToShard>(w);
    w.on('message', (batch: FromShard[]) => {
      for (const m of batch) this.fromShard(shard, m);
    });
    w.on('error', (e) => this.opts.service?.log?.(`stavka server: shard ${shard.index}: ${e.stack ?? e}`));
    w.on('exit', (code) => {
      if (shard.worker !== w) return;
      shard.worker = null;
      shard.channel = null;
      const gone = new Error(`shard ${shard.index} stopped (exit ${code})`);
      for (const p of shard.waiting.values()) p.reject(gone);
      shard.waiting.clear();
      const clients = [...shard.clients.values()];
      shard.clients.clear();
      for (const c of clients) c.lost?.(1012, 'server/restarting');
      if (this.closing) return;
      // Started again now, unless it stopped soon after starting: then at the next call
      // for one of its games (no loop of restarts).
      const lived = performance.now() - shard.spawnedAt;
      this.opts.service?.log?.(
        `stavka server: ${gone.message}; ${lived > 1000 ? 'starting it again' : 'it starts again when next needed'}`,
      );
      if (lived > 1000) this.spawn(shard);
    });
    // A shard started again resumes its service (AI seats, changes from other processes).
    if (shard.started)
      this.call(shard, 'start', []).catch((e) => this.opts.service?.log?.(`stavka server: ${e}`));
  }

  private fromShard(shard: Shard, m: FromShard): void {
    if (m.t === 'reply') {
      const p = shard.waiting.get(m.id);
      if (!p) return;
      shard.waiting.delete(m.id);
      if (m.error) p.reject(fromWire(m.error));
      else p.resolve(m.value);
    } else if (m.t === 'send') {
      shard.clients.get(m.wid)?.send(m.m);
    } else if (m.t === 'lost') {
      const c = shard.clients.get(m.wid);
      shard.clients.delete(m.wid);
      c?.lost?.(m.code, m.reason);
    } else if (m.t === 'store') {
      this.storeCall(shard, m);
    } else if (m.t === 'wake') {
      this.opts.webhooks?.wake();
    } else if (m.t === 'log') {
      this.opts.service?.log?.(m.m);
    }
  }

  private storeCall(shard: Shard, m: Extract<FromShard, { t: 'store' }>): void {
    const answer = (r: { value?: unknown; error?: WireError }) =>
      shard.channel?.send({ t: 'stored', id: m.id, mark: this.store.changeMark(''), ...r });
    if (!STORE_CALL_SET.has(m.method)) {
      answer({ error: { message: `no store call ${m.method}` } });
      return;
    }
    const fn = this.store[m.method] as (...args: unknown[]) => Promise<unknown>;
    Promise.resolve()
      .then(() => fn.apply(this.store, m.args))
      .then(
        (value) => answer({ value }),
        (e: unknown) => answer({ error: toWire(e) }),
      );
  }

  private call<T>(shard: Shard, method: ServiceCall, args: unknown[]): Promise<T> {
    if (!shard.worker) this.spawn(shard);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      shard.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      shard.channel!.send({ t: 'call', id, method, args });
    });
  }

  private owner(gameId: string): Shard {
    return this.shards[shardOf(gameId, this.shards.length)]!;
  }

  private on<T>(gameId: string, method: ServiceCall, args: unknown[]): Promise<T> {
    return this.call<T>(this.owner(gameId), method, args);
  }

  async start(): Promise<void> {
    for (const shard of this.shards) if (!shard.worker) this.spawn(shard);
    // SQLite: other processes' changes, seen once here, told to every shard (each keeps
    // its own games' clients current). A shard on PostgreSQL listens on its own.
    if (this.store.url === null) {
      await this.store.listen((gameId) => {
        const mark = this.store.changeMark('');
        for (const shard of this.shards) shard.channel?.send({ t: 'change', gameId, mark });
      });
    }
    await Promise.all(
      this.shards.map(async (shard) => {
        await this.call(shard, 'start', []);
        shard.started = true;
      }),
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled(this.shards.filter((s) => s.worker).map((s) => this.call(s, 'close', [])));
    // A closed shard's thread ends by itself; one that has not within 2 s is stopped.
    await Promise.all(
      this.shards.map(async (s) => {
        const w = s.worker;
        s.worker = null;
        if (!w) return;
        let timer: NodeJS.Timeout | undefined;
        const ended = await Promise.race([
          new Promise<boolean>((r) => w.once('exit', () => r(true))),
          new Promise<boolean>((r) => {
            timer = setTimeout(() => r(false), 2000);
          }),
        ]);
        clearTimeout(timer);
        if (!ended) await w.terminate();
      }),
    );
  }

  /** How many shards share the games. */
  get threads(): number {
    return this.shards.length;
  }

  /** Stops the thread of shard `index` the way a crash would (for tests): it starts again. */
  async crashShard(index: number): Promise<void> {
    await this.shards[index]?.worker?.terminate();
  }

  /**
   * A new game's shard: the one playing the fewest live games (games with a client on
   * the live channel), taking turns among equals. Its id is then drawn until it falls to
   * that shard (about `threads` draws; it keeps all but log2(threads) of its 96 random bits).
   * Hashing ids alone left 8 games split 6 to 2 as often as not, one shard idle half the time.
   */
  private newGameOn(): { id: string; shard: Shard } {
    const n = this.shards.length;
    let best: Shard | null = null;
    let bestLive = Number.POSITIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const s = this.shards[(this.turn + k) % n]!;
      const live = new Set([...s.clients.values()].map((c) => c.gameId)).size;
      if (live < bestLive) {
        best = s;
        bestLive = live;
      }
    }
    this.turn = (best!.index + 1) % n;
    for (;;) {
      const id = newGameId();
      if (shardOf(id, n) === best!.index) return { id, shard: best! };
    }
  }
  private turn = 0;

  create(req: CreateGame, setupChecked?: boolean): ReturnType<GameService['create']> {
    const { id, shard } = this.newGameOn();
    return this.call(shard, 'create', [req, setupChecked ?? false, id]);
  }

  importFile(file: ExportedGame, verified?: VerifiedImport): ReturnType<GameService['importFile']> {
    const { id, shard } = this.newGameOn();
    return this.call(shard, 'importFile', [file, verified, id]);
  }

  reissue: GameService['reissue'] = (p, side) => this.on(p.gameId, 'reissue', [p, side]);
  stop: GameService['stop'] = (p) => this.on(p.gameId, 'stop', [p]);

  /**
   * Deleted through the main thread's store; each shard forgets its own (its cache, and
   * its live clients told: 4404).
   */
  async expireUnjoined(before: string): Promise<number> {
    const ids = await this.store.deleteUnjoined(before, 1000);
    const byShard = new Map<Shard, string[]>();
    for (const id of ids) byShard.set(this.owner(id), [...(byShard.get(this.owner(id)) ?? []), id]);
    await Promise.all(
      [...byShard].filter(([s]) => s.worker).map(([s, list]) => this.call(s, 'forget', [list])),
    );
    return ids.length;
  }

  /** Each shard expires its own paused games of AI against AI (it knows who looked at them). */
  async expireIdleAiOnly(): Promise<number> {
    const counts = await Promise.all(
      this.shards.filter((s) => s.worker).map((s) => this.call<number>(s, 'expireIdleAiOnly', [])),
    );
    return counts.reduce((n, x) => n + x, 0);
  }

  join: GameService['join'] = (p, contribution) => this.on(p.gameId, 'join', [p, contribution]);
  authenticate: GameService['authenticate'] = (gameId, bearer) =>
    this.on(gameId, 'authenticate', [gameId, bearer]);
  summary: GameService['summary'] = (gameId) => this.on(gameId, 'summary', [gameId]);
  seatView: GameService['seatView'] = (p) => this.on(p.gameId, 'seatView', [p]);
  log: GameService['log'] = (p) => this.on(p.gameId, 'log', [p]);
  replayFor: GameService['replayFor'] = (p) => this.on(p.gameId, 'replayFor', [p]);
  exportFile: GameService['exportFile'] = (p) => this.on(p.gameId, 'exportFile', [p]);
  act: GameService['act'] = (p, stateId, action, index) =>
    this.on(p.gameId, 'act', [p, stateId, action, index]);
  setWebhook: GameService['setWebhook'] = (p, url) => this.on(p.gameId, 'setWebhook', [p, url]);
  say: GameService['say'] = (p, text, note) => this.on(p.gameId, 'say', [p, text, note]);
  messages: GameService['messages'] = (p) => this.on(p.gameId, 'messages', [p]);

  async watch(p: Principal, send: (message: string) => void, lost?: LostClient): Promise<() => void> {
    const shard = this.owner(p.gameId);
    if (!shard.worker) this.spawn(shard);
    const wid = this.next++;
    shard.clients.set(wid, { gameId: p.gameId, send, ...(lost ? { lost } : {}) });
    const id = this.next++;
    try {
      await new Promise((resolve, reject) => {
        shard.waiting.set(id, { resolve, reject });
        shard.channel!.send({ t: 'watch', id, wid, p });
      });
    } catch (e) {
      shard.clients.delete(wid);
      throw e;
    }
    return () => {
      if (shard.clients.delete(wid)) shard.channel?.send({ t: 'unwatch', wid });
    };
  }
}
