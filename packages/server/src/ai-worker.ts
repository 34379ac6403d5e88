/**
 * AI seats think in a worker thread, so no request and no other game waits for them.
 * One worker serves every game; it keeps one AiPlayer per game and side (the AI plans
 * a step once and plays it out action by action) and answers each position with the
 * action the AI chooses. The worker sees the position exactly as the AI would in-process:
 * the AI itself reduces it to its side's view.
 */
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import { type Action, type GameState, type Player, setup } from '@stavka/engine';
import { playableGame } from '@stavka/games';
import { useNodeSha256 } from './node-sha256.ts';
import { tsWorker } from './worker-boot.ts';

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
  const players = new Map<string, Player>();
  parentPort!.on('message', (job: Job) => {
    let answer: Answer;
    try {
      const game = playableGame(job.game);
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
        if (players.size > 500) players.delete(players.keys().next().value!);
      }
      answer = { id: job.id, action: p.choose(game.rules, job.state, job.side) };
    } catch (e) {
      answer = { id: job.id, error: (e as Error).message };
    }
    parentPort!.postMessage(answer);
  });
}

/** The main thread's side: one worker, jobs answered in order. */
export class AiWorker {
  private worker: Worker | null = null;
  private next = 1;
  private waiting = new Map<number, { resolve: (a: Action) => void; reject: (e: Error) => void }>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = tsWorker(import.meta.url, { workerData: { stavkaAi: true } });
    w.unref();
    w.on('message', (a: Answer) => {
      const p = this.waiting.get(a.id);
      if (!p) return;
      this.waiting.delete(a.id);
      if ('action' in a) p.resolve(a.action);
      else p.reject(new Error(a.error));
    });
    const fail = (e: Error) => {
      for (const p of this.waiting.values()) p.reject(e);
      this.waiting.clear();
      this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the AI worker stopped (${code})`)));
    this.worker = w;
    return w;
  }

  /**
   * The AI's action for `side` of game `key` in this position; `scenario`: the game's own
   * scenario file (JSON), if it was not set up from a standard one.
   */
  choose(
    game: string,
    key: string,
    state: GameState<unknown>,
    side: string,
    player = 'ai',
    scenario?: string,
  ): Promise<Action> {
    const w = this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      w.postMessage({
        id,
        key,
        game,
        side,
        player,
        state,
        ...(scenario !== undefined ? { scenario } : {}),
      } satisfies Job);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
