/**
 * AI seats think in worker threads, so no request and no other game waits for them.
 * A few workers (sized to the machine: `defaultAiWorkers`) serve every game; each game
 * always goes to the same one, which keeps one AiPlayer per game and side (the AI plans
 * a step once and plays it out action by action) and answers each position with the
 * action the AI chooses. The worker sees the position exactly as the AI would in-process:
 * the AI itself reduces it to its side's view.
 *
 * The positions wait their turn here, in the main thread, not in a worker's message
 * queue, so the next one is chosen fairly when a worker is free (issue #46): a game with
 * a human at the table first, then the games of AI against AI, one creator after another.
 * The games of AI against AI have a worker of their own besides, at the lowest CPU
 * priority: however many there are, a person's AI opponent never waits behind them, nor
 * shares a core with them on equal terms.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { type Action, type GameState, type Player, setup } from '@stavka/engine';
import { useNodeSha256 } from './node-sha256.ts';
import { gameModule, tsWorker, workerHeap } from './worker-boot.ts';

interface Job {
  readonly id: number;
  readonly key: string;
  readonly game: string;
  readonly side: string;
  /** The AI seat's player, by its name in the game module's players (its `ai` if unknown). */
  readonly player: string;
  readonly state: GameState<unknown>;
  /**
   * A game set up from a scenario file of its own: the file (JSON). The worker sets the
   * game up from it once a seat, so the game module knows the scenario the state names.
   */
  readonly scenario?: string;
}

type Answer = { id: number; action: Action } | { id: number; error: string };

/**
 * The clock's cap on one AI decision in a served game, ms: a level is a number of search
 * iterations (about 3 s at the top level on a 2-core machine, bench/ai.ts), and a busy or
 * slow server stops the search here instead of keeping the player waiting.
 */
export const AI_THINK_MS = 5000;

if (!isMainThread && (workerData as { stavkaAi?: boolean } | null)?.stavkaAi) {
  useNodeSha256();
  // The background worker runs at the lowest CPU priority (tsWorker's `nice`).
  const background = (workerData as { background?: boolean }).background === true;
  const players = new Map<string, Player>();
  // One position at a time: the main thread sends the next once this one is answered.
  parentPort!.on('message', async (job: Job) => {
    let answer: Answer;
    try {
      // Only the games this worker is asked to play are loaded, each at its first position.
      const game = await gameModule(job.game);
      const kinds = game?.players ?? {};
      const ai = Object.hasOwn(kinds, job.player) ? kinds[job.player] : kinds.ai;
      if (!game || !ai) throw new Error(`no AI for ${job.game}`);
      let p = players.get(job.key);
      if (!p) {
        // A seat's first job here (or since its player was dropped): its game's own
        // scenario, if any, set up once so the state's scenario key is known.
        if (job.scenario !== undefined) {
          const made = setup(game.rules, JSON.parse(job.scenario), 'ai-worker', {});
          if (!made.ok) throw new Error(`the game's scenario no longer sets up: ${made.error[0]?.message}`);
        }
        p = ai.make(job.key, { thinkMs: AI_THINK_MS });
        players.set(job.key, p);
        // The background worker serves at most AI_ONLY_LIMITS.total games of two seats.
        if (players.size > (background ? 2 * 12 : 500)) players.delete(players.keys().next().value!);
      }
      answer = { id: job.id, action: p.choose(game.rules, job.state, job.side) };
    } catch (e) {
      answer = { id: job.id, error: (e as Error).message };
    }
    parentPort!.postMessage(answer);
  });
}

/**
 * AI workers for this machine: one core is left to serve the players (and the import
 * worker); at most 4.
 */
export function defaultAiWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * The old generation of an AI worker's heap, MB: ~20x what the AI keeps alive (Mars ~20
 * MB after a collection, Barbarossa ~23, all games loaded), so no game is refused its
 * AI, while the heap's growth is sized to the work (`workerHeap`).
 */
const HEAP_MB = 512;
/** The heap of the worker for the games of AI against AI, MB. */
const BACKGROUND_HEAP_MB = 96;
/**
 * The worker for the games of AI against AI stops after this long with nothing to do
 * (its memory given back; it starts again with the next position).
 */
const BACKGROUND_IDLE_MS = 30_000;

/** A position dropped because its game is gone (AiWorker.cancel). */
export class AiJobCancelled extends Error {}

/** Who is waiting for an AI move, for the order the positions are taken in. */
export interface AiTurn {
  /** The game (its positions always go to the same worker). */
  readonly gameId: string;
  /** A person plays in it: its positions go before those of the games of AI against AI. */
  readonly human: boolean;
  /** Who made it (a client address): the games of AI against AI take turns by creator. */
  readonly owner: string;
}

interface Queued {
  readonly job: Job;
  readonly turn: AiTurn;
  readonly resolve: (a: Action) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  /** The worker for the games of AI against AI (lowest priority). */
  readonly background: boolean;
  worker: Worker | null;
  /** The job it is thinking about. */
  busy: Queued | null;
  readonly queue: Queued[];
  /** The background worker's stop once idle (BACKGROUND_IDLE_MS). */
  idle?: NodeJS.Timeout;
}

/** FNV-1a: a game's worker. */
function slotOf(gameId: string, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gameId.length; i++) {
    h ^= gameId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % n;
}

/** The main thread's side: `size` workers, each with its queue of positions, taken fairly. */
export class AiWorker {
  private readonly slots: Slot[];
  /** The games of AI against AI: their own worker, at the lowest priority. */
  private readonly background: Slot = { background: true, worker: null, busy: null, queue: [] };
  private next = 1;
  /** The tick each creator was last served at (the least recently served goes next). */
  private readonly served = new Map<string, number>();
  private tick = 0;
  private closed = false;

  constructor(readonly size = defaultAiWorkers()) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({
      background: false,
      worker: null,
      busy: null,
      queue: [],
    }));
  }

  /** Positions waiting (not being thought about), of every worker. */
  waiting(): number {
    return this.slots.reduce((n, s) => n + s.queue.length, this.background.queue.length);
  }

  private start(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const w = tsWorker(
      import.meta.url,
      {
        workerData: { stavkaAi: true, background: slot.background },
        name: slot.background ? 'stavka AI (AI against AI)' : 'stavka AI',
        // The games of AI against AI hold no more of the server's memory than this (their
        // worker starts again if they need more: issue #46, the server's 400 MB).
        resourceLimits: workerHeap(slot.background ? BACKGROUND_HEAP_MB : HEAP_MB),
      },
      // Its start (the games loaded) at the lowest priority too.
      slot.background ? { nice: 19 } : {},
    );
    w.unref();
    w.on('message', (a: Answer) => {
      const q = slot.busy;
      if (!q || q.job.id !== a.id) return;
      slot.busy = null;
      if ('action' in a) q.resolve(a.action);
      else q.reject(new Error(a.error));
      this.pump(slot);
    });
    const fail = (e: Error) => {
      if (slot.worker !== w) return;
      slot.worker = null;
      const q = slot.busy;
      slot.busy = null;
      q?.reject(e);
      this.pump(slot);
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the AI worker stopped (${code})`)));
    slot.worker = w;
    return w;
  }

  /**
   * The next position a free worker takes: the first of a game with a person in it;
   * else that of the creator served least recently (the first of his).
   */
  static pick(queue: readonly { readonly turn: AiTurn }[], served: ReadonlyMap<string, number>): number {
    const human = queue.findIndex((q) => q.turn.human);
    if (human >= 0) return human;
    let best = -1;
    let bestTick = Number.POSITIVE_INFINITY;
    for (let i = 0; i < queue.length; i++) {
      const t = served.get(queue[i]!.turn.owner) ?? -1;
      if (t < bestTick) {
        best = i;
        bestTick = t;
      }
    }
    return best;
  }

  private pump(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    if (this.closed || slot.busy) return;
    if (slot.queue.length === 0) {
      if (slot.background && slot.worker) {
        slot.idle = setTimeout(() => {
          const w = slot.worker;
          if (slot.busy || slot.queue.length > 0 || !w) return;
          slot.worker = null;
          void w.terminate();
        }, BACKGROUND_IDLE_MS);
        slot.idle.unref();
      }
      return;
    }
    const i = AiWorker.pick(slot.queue, this.served);
    const [q] = slot.queue.splice(i, 1);
    if (!q) return;
    if (!q.turn.human) this.served.set(q.turn.owner, ++this.tick);
    slot.busy = q;
    try {
      this.start(slot).postMessage(q.job);
    } catch (e) {
      slot.busy = null;
      q.reject(e as Error);
      this.pump(slot);
    }
  }

  /**
   * The AI's action for `side` of game `key` in this position; `scenario`: the game's own
   * scenario file (JSON), if it was not set up from a standard one; `turn`: whose game it
   * is, for the order it waits in.
   */
  choose(
    game: string,
    key: string,
    state: GameState<unknown>,
    side: string,
    player = 'ai',
    scenario?: string,
    turn: AiTurn = { gameId: key, human: true, owner: '' },
  ): Promise<Action> {
    if (this.closed) return Promise.reject(new Error('the AI workers are stopped'));
    const slot = turn.human ? this.slots[slotOf(turn.gameId, this.slots.length)]! : this.background;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const job: Job = {
        id,
        key,
        game,
        side,
        player,
        state,
        ...(scenario !== undefined ? { scenario } : {}),
      };
      slot.queue.push({ job, turn, resolve, reject });
      this.pump(slot);
    });
  }

  /**
   * Game `gameId` is gone (stopped, expired): its positions still waiting are dropped
   * (rejected), so no worker thinks for it.
   */
  cancel(gameId: string): void {
    const gone = new AiJobCancelled('the game is gone');
    for (const slot of [...this.slots, this.background]) {
      for (let i = slot.queue.length - 1; i >= 0; i--) {
        const q = slot.queue[i]!;
        if (q.turn.gameId !== gameId) continue;
        slot.queue.splice(i, 1);
        q.reject(gone);
      }
    }
    // The games of AI against AI's worker thinking for it, with nothing else to do: it
    // stops now (its memory given back) rather than think on for nobody.
    const bg = this.background;
    if (bg.busy?.turn.gameId === gameId && bg.queue.length === 0 && bg.worker) {
      const w = bg.worker;
      const q = bg.busy;
      bg.worker = null;
      bg.busy = null;
      q.reject(gone);
      void w.terminate();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('the AI workers are stopped');
    await Promise.all(
      [...this.slots, this.background].map(async (slot) => {
        if (slot.idle) clearTimeout(slot.idle);
        for (const q of slot.queue.splice(0)) q.reject(stopped);
        const w = slot.worker;
        slot.worker = null;
        slot.busy?.reject(stopped);
        slot.busy = null;
        if (w) await w.terminate();
      }),
    );
  }
}
