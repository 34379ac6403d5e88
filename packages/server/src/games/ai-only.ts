/**
 * Games of AI against AI (every seat an AI) cost the server an AI's thinking without end
 * and without anybody playing (issue #46): which of them move now, which are paused for
 * want of anybody looking, and the bounds on how many move at once.
 */
import { ApiError } from '../errors.ts';
import type { GameRecord, SeatRecord } from '../store.ts';

/** What a look at a game needs of it: whether it is a game of AI against AI going on. */
export interface LookedAt {
  readonly id: string;
  readonly record: Pick<GameRecord, 'status'>;
  readonly seats: readonly Pick<SeatRecord, 'player'>[];
}

/**
 * At most `perOwner` of one creator's and `total` in all move at once; a game nobody has
 * looked at (its view, log or summary, or a live channel open on it) for `idleMs` pauses,
 * and moves on when somebody looks again (also after a restart); its creator stops it
 * (`stop`). One that has neither moved nor been looked at for `expireMs` (paused all that
 * time) is deleted (`expireIdleAiOnly`).
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

export class AiOnlyGames {
  /** Games of AI against AI moving here: their creator, and when somebody last looked. */
  private readonly moving = new Map<string, { owner: string; seen: number }>();
  /**
   * Games of AI against AI paused for want of anybody looking (a look moves them on), and
   * when somebody last looked at one here (one paused for want of room is looked at still).
   */
  private readonly paused = new Map<string, number>();

  constructor(
    readonly limits: AiOnlyLimits,
    /** The clock (ms) they are timed by (ServiceOptions.clock). */
    private readonly clock: () => number,
    /** A live channel is open on game `id` here. */
    private readonly watched: (id: string) => boolean,
    /** Asks for the AI's move in game `id`. */
    private readonly schedule: (id: string) => void,
  ) {}

  /** A new game of AI against AI, moving from now on. */
  started(id: string, owner: string): void {
    this.moving.set(id, { owner, seen: this.clock() });
  }

  /** The creator of a moving game ('' if unknown: one moved on by a look after a restart). */
  ownerOf(id: string): string {
    return this.moving.get(id)?.owner ?? '';
  }

  /** When somebody last looked at game `id` here (moving or paused), if ever. */
  lastSeen(id: string): number {
    return this.moving.get(id)?.seen ?? this.paused.get(id) ?? Number.NEGATIVE_INFINITY;
  }

  /**
   * Whether a game of AI against AI moves on now: somebody looked at it within idleMs (or
   * watches it live), and it is within the bounds; else it pauses until somebody looks.
   */
  mayMove(id: string): boolean {
    const entry = this.moving.get(id);
    const watched = this.watched(id);
    if (!entry || (!watched && this.clock() - entry.seen > this.limits.idleMs)) {
      this.pause(id);
      return false;
    }
    return true;
  }

  /** A game of AI against AI stops moving until somebody looks (when they last did kept). */
  pause(id: string): void {
    const entry = this.moving.get(id);
    this.moving.delete(id);
    this.paused.set(id, Math.max(this.paused.get(id) ?? 0, entry?.seen ?? 0));
  }

  /** Somebody looked at game `g`: a paused game of AI against AI moves on, if there is room. */
  looked(g: LookedAt): void {
    if (g.record.status !== 'active' || g.seats.some((s) => s.player !== 'ai')) return;
    const entry = this.moving.get(g.id);
    if (entry) {
      entry.seen = this.clock();
      return;
    }
    if (this.moving.size >= this.limits.total) {
      this.paused.set(g.id, this.clock()); // stays paused while the others move, looked at
      return;
    }
    this.moving.set(g.id, { owner: '', seen: this.clock() });
    this.paused.delete(g.id);
    this.schedule(g.id);
  }

  /** Refuses a new game of AI against AI past the bounds (429 request/quota). */
  checkRoom(owner: string): void {
    const { perOwner, total } = this.limits;
    const idle = this.clock() - this.limits.idleMs;
    for (const [id, e] of this.moving) if (e.seen < idle && !this.watched(id)) this.pause(id);
    const mine = [...this.moving.values()].filter((e) => e.owner === owner).length;
    if (mine >= perOwner) {
      throw new ApiError(
        429,
        'request/quota',
        `at most ${perOwner} games of AI against AI of one address move at once: stop one, or let one end or pause`,
      );
    }
    if (this.moving.size >= total) {
      throw new ApiError(
        429,
        'request/quota',
        `this server moves at most ${total} games of AI against AI at once: try again later`,
      );
    }
  }

  /** Game `id` is over: it moves no more. */
  ended(id: string): void {
    this.moving.delete(id);
  }

  /** Game `id` was deleted: neither moving nor paused. */
  dropped(id: string): void {
    this.moving.delete(id);
    this.paused.delete(id);
  }
}
