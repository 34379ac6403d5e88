/**
 * The live clients of each game served here, and what each was last sent: every new
 * state of a game is pushed to its watchers, each sent only what it has not seen yet.
 */
import { type DiffCache, liveMessage, type Sent } from '../live.ts';
import type { CachedGame } from './cached-game.ts';
import { viewKey, viewOf } from './views.ts';

/**
 * A live client's end: the service can no longer serve it (code 1012, a worker thread
 * stopped: reconnect), or its seat's token was re-issued (4403) or its game expired (4404).
 */
export type LostClient = (code: number, reason: string) => void;

export interface Watcher {
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

export class Watchers {
  private readonly byGame = new Map<string, Set<Watcher>>();

  /** Registers watcher `w` of game `id`; the set it joined (its way out: `set.delete(w)`). */
  add(id: string, w: Watcher): Set<Watcher> {
    const set = this.byGame.get(id) ?? new Set<Watcher>();
    this.byGame.set(id, set);
    set.add(w);
    return set;
  }

  /** Game `id` is watched here no more (its last watcher gone). */
  delete(id: string): void {
    this.byGame.delete(id);
  }

  has(id: string): boolean {
    return this.byGame.has(id);
  }

  of(id: string): ReadonlySet<Watcher> | undefined {
    return this.byGame.get(id);
  }

  /** The games watched here. */
  ids(): IterableIterator<string> {
    return this.byGame.keys();
  }

  get size(): number {
    return this.byGame.size;
  }

  /** The seats with a live channel open here (a game's channels are all served by the thread that owns it, shards.ts). */
  online(id: string): string[] {
    const set = this.byGame.get(id) ?? new Set<Watcher>();
    return [...new Set([...set].map((w) => w.side).filter((s) => s !== null))].sort();
  }

  /** Game `id` was deleted: its live clients told (4404) and let go. */
  forget(id: string): void {
    for (const w of this.byGame.get(id) ?? []) w.lost?.(4404, 'game/not-found');
    this.byGame.delete(id);
  }

  /**
   * Sends each watcher of the game the view it has not seen yet: the whole view the
   * first time, then updates that carry only what it has not been sent (see liveMessage).
   */
  push(g: CachedGame): void {
    const set = this.byGame.get(g.id);
    if (!set) return;
    const key = viewKey(g);
    // Watchers of one side were mostly sent the same before: one message for them all.
    const messages = new Map<Sent | string, string>();
    const diffs: DiffCache = new Map(); // each board field's diff, made once for them all
    for (const w of set) {
      if (tokenReissued(g, w)) {
        // Its seat's token was re-issued: it watches that seat no more.
        set.delete(w);
        w.lost?.(4403, 'seat/bad-token');
        continue;
      }
      if (w.last === key) continue;
      const v = viewOf(g, w.side);
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
      safeSend(w, m);
    }
  }
}

/** A seat's watcher whose token no longer holds the seat (it was re-issued since it connected). */
function tokenReissued(g: CachedGame, w: Watcher): boolean {
  if (w.side === null || w.key === undefined) return false;
  const seat = g.seats.find((s) => s.side === w.side);
  return seat !== undefined && seat.token_hash !== w.key;
}

export function safeSend(w: Watcher, m: string): void {
  try {
    w.send(m);
  } catch {
    // a closing socket: its close handler unregisters it
  }
}
