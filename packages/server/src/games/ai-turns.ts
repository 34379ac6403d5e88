/**
 * The AI seats' moves. The position is taken under the game's lock, the lock let go while
 * the AI thinks (in an AI worker thread, waiting its turn there: ai-worker.ts's fair
 * queue, issue #46), and the action applied under the lock again only if the game has
 * not moved on meanwhile.
 */
import { type Action, apply, type GameRules } from '@stavka/engine';
import { AiJobCancelled, type AiWorker } from '../ai-worker.ts';
import { ApiError } from '../errors.ts';
import type { CachedGame, State } from './cached-game.ts';
import type { ServiceContext } from './context.ts';
import { commit } from './play.ts';
import { ownScenario } from './records.ts';

/** What the AI workers are asked: a position to choose in; a deleted game's jobs cancelled. */
export type AiWorkers = Pick<AiWorker, 'choose' | 'close'> & Partial<Pick<AiWorker, 'cancel'>>;

/** A position an AI seat is to move in, taken under the game's lock. */
interface Asked {
  readonly g: CachedGame;
  readonly side: string;
  /** A person sits at the game (else it is a game of AI against AI). */
  readonly human: boolean;
  readonly seq: number;
  readonly state: State;
}

export class AiTurns {
  /** Games whose AI move is asked for and not yet begun. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly ctx: ServiceContext,
    readonly workers: AiWorkers,
  ) {}

  /** The AI's move in game `id` is asked for (once, however often asked before it begins). */
  schedule(id: string): void {
    if (this.pending.has(id) || this.ctx.closed) return;
    this.pending.add(id);
    setImmediate(() => {
      this.pending.delete(id);
      if (!this.ctx.closed)
        this.move(id).catch((e) =>
          // A game of other rules (upgraded since) waits for a server of its rules: one line.
          e instanceof ApiError && e.code === 'game/rules-version'
            ? this.ctx.opts.log?.(`stavka server: game ${id} not played on: ${e.message}`)
            : this.ctx.warn(e),
        );
    });
  }

  /** The AI's move in game `id`, if an AI seat has one. */
  private async move(id: string): Promise<void> {
    const asked = await this.ctx.withLock(id, () => this.position(id));
    if (!asked) return;
    const action = await this.think(id, asked);
    if (action === null || this.ctx.closed) return;
    await this.ctx.withLock(id, () => this.play(id, asked, action));
  }

  /** The position an AI seat of game `id` moves in now, if any (a paused game of AI against AI has none). */
  private async position(id: string): Promise<Asked | null> {
    const g = await this.ctx.games.fresh(id);
    if (g.record.status !== 'active' || !g.state) return null;
    const side = g.rules
      .activeSides(g.state.state)
      .find((x) => g.seats.find((s) => s.side === x)?.player === 'ai');
    if (!side) return null;
    const human = g.seats.some((s) => s.player === 'human');
    if (!human && !this.ctx.aiOnly.mayMove(id)) return null;
    return { g, side, human, seq: g.seq, state: g.state };
  }

  /** The AI's choice, made outside the game's lock; null when there is none to play. */
  private async think(id: string, { g, side, human, seq, state }: Asked): Promise<Action | null> {
    // A player given in the options plays inline (tests); otherwise the Stavka AI
    // thinks in a worker thread while this process serves everything else.
    const custom = this.ctx.opts.aiPlayer?.(id, side, seq);
    const level = g.seats.find((s) => s.side === side)?.ai_player ?? 'ai';
    try {
      return custom
        ? custom.choose(g.rules as GameRules<unknown, Action, unknown>, state, side)
        : await this.workers.choose(
            g.rules.id,
            `${id}:${side}:${level}`,
            state,
            side,
            level,
            ownScenario(g.record),
            {
              gameId: id,
              human,
              owner: this.ctx.aiOnly.ownerOf(id),
            },
          );
    } catch (e) {
      if (e instanceof AiJobCancelled) return null; // its game is gone
      if (human || this.ctx.closed) throw e;
      // A game of AI against AI its worker could not think for (its memory): paused
      // until somebody looks at it again.
      this.ctx.aiOnly.pause(id);
      this.ctx.opts.log?.(`stavka server: game ${id} of AI against AI paused: ${(e as Error).message}`);
      return null;
    }
  }

  /** The AI's action applied (under the game's lock) if the game is where it was when asked. */
  private async play(id: string, { side, seq, state }: Asked, action: Action): Promise<void> {
    // Stopped or expired while its AI thought: nothing to apply.
    const now = await this.ctx.games.fresh(id).catch((e: unknown) => {
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
      await commit(this.ctx, now, side, action, r.value);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e; // lost a race to another process: it moves instead
    }
  }
}
