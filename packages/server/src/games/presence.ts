/**
 * Presence: the sides with a live channel open, here and, from table `presence`, in the
 * other processes on the same database (renewed by each process, expiring when it
 * stops), told to every watcher of the game when it changes.
 */
import type { ServiceContext } from './context.ts';
import { safeSend } from './watchers.ts';

/** Presence changes pushed to a game's watchers at most this often (issue #46: churn). */
const PRESENCE_SETTLE_MS = 500;

/** How long a process's presence counts for the other processes without renewal (ServiceOptions.presenceTtlMs). */
const PRESENCE_TTL_MS = 60_000;

export class Presence {
  /** Per watched game: the presence message last sent its watchers. */
  private readonly sent = new Map<string, string>();
  /** Per watched game: a presence change waiting for the channels to settle (push). */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per watched game: the seats whose live channels other processes serve (last read). */
  private readonly remoteOnline = new Map<string, readonly string[]>();
  /** Per game: the seats with a live channel here, as last stored for the other processes. */
  private readonly stored = new Map<string, string>();
  /** Per game: its presence writes and reads, one after another. */
  private readonly queue = new Map<string, Promise<void>>();
  private beat: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: ServiceContext) {}

  /** The heartbeat starts (see renew). */
  start(): void {
    this.beat = setInterval(() => this.renew(), this.ttl() / 3);
    this.beat.unref();
  }

  close(): void {
    if (this.beat) clearInterval(this.beat);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Game `id` is watched here no more. */
  forget(id: string): void {
    this.sent.delete(id);
    this.remoteOnline.delete(id);
  }

  /**
   * Tells every watcher of the game which seats have a live channel open (the
   * opponent's presence), here or, as last read from the store, in another process on
   * the same database, when that changed.
   */
  push(id: string): void {
    const set = this.ctx.watchers.of(id);
    if (!set) return;
    // A new watcher is told at once, it alone.
    for (const w of set) {
      if (w.presence) continue;
      w.presence = true;
      safeSend(w, this.message(id));
    }
    if (!this.sent.has(id)) this.sent.set(id, this.message(id));
    // The others, once the channels have settled: a client opening and closing channels
    // as fast as it can pushes the other seat one frame per PRESENCE_SETTLE_MS at most,
    // and none if it ends as it began (issue #46).
    if (this.timers.has(id)) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const now = this.ctx.watchers.of(id);
      if (!now || this.ctx.closed) return;
      const m = this.message(id);
      if (this.sent.get(id) === m) return;
      this.sent.set(id, m);
      for (const w of now) safeSend(w, m);
    }, PRESENCE_SETTLE_MS);
    timer.unref();
    this.timers.set(id, timer);
  }

  /** The presence message of game `id` now: the seats with a live channel open here or elsewhere. */
  private message(id: string): string {
    const online = [
      ...new Set([...this.ctx.watchers.online(id), ...(this.remoteOnline.get(id) ?? [])]),
    ].sort();
    return JSON.stringify({ type: 'presence', online });
  }

  private ttl(): number {
    return this.ctx.opts.presenceTtlMs ?? PRESENCE_TTL_MS;
  }

  /**
   * Presence across processes: stores the seats served here when they changed (and tells
   * the other processes, NOTIFY), then reads who the others serve and tells the watchers.
   * Queued per game, so the store always ends with the latest.
   */
  sync(id: string): void {
    const { ctx } = this;
    const run = async () => {
      if (ctx.closed) return;
      const local = ctx.watchers.online(id);
      const key = local.join(' ');
      if ((this.stored.get(id) ?? '') !== key) {
        await ctx.store.setPresence(id, local, this.ttl());
        if (local.length > 0) this.stored.set(id, key);
        else this.stored.delete(id);
        await ctx.store.notify(id);
      }
      if (!ctx.watchers.has(id)) return;
      this.remoteOnline.set(id, await ctx.store.presence(id));
      this.push(id);
    };
    const next = (this.queue.get(id) ?? Promise.resolve()).then(run).catch((e) => ctx.warn(e));
    this.queue.set(id, next);
    void next.then(() => {
      if (this.queue.get(id) === next) this.queue.delete(id);
    });
  }

  /**
   * The heartbeat: this process's presence rows renewed (a process that dies stops
   * renewing, and its seats drop out within the TTL), and every watched game told who
   * the other processes serve now.
   */
  private renew(): void {
    const { ctx } = this;
    // Nobody watching here and nothing stored: nothing to renew or tell.
    if (ctx.closed || (ctx.watchers.size === 0 && this.stored.size === 0)) return;
    ctx.store
      .renewPresence(this.ttl())
      .then((remote) => {
        for (const id of ctx.watchers.ids()) {
          const now = remote[id] ?? [];
          if ((this.remoteOnline.get(id) ?? []).join(' ') === now.join(' ')) continue;
          this.remoteOnline.set(id, now);
          this.push(id);
        }
      })
      .catch((e) => ctx.warn(e));
  }
}
