/**
 * Live clients: one registers and is sent the current view, the seat's chat and who is
 * here, then every change; a change another process made (PostgreSQL NOTIFY) brings the
 * watchers here up to date.
 */
import type { ServiceContext } from './context.ts';
import type { Principal } from './principals.ts';
import type { LostClient, Watcher } from './watchers.ts';

/** Registers a live client; it gets the current view now and every new one after. Its way out. */
export async function watch(
  ctx: ServiceContext,
  p: Principal,
  send: (message: string) => void,
  lost?: LostClient,
): Promise<() => void> {
  const w: Watcher = { side: p.side, key: p.key, send, lost, last: '', sent: null };
  const set = ctx.watchers.add(p.gameId, w);
  await ctx.withLock(p.gameId, async () => {
    const g = await ctx.games.fresh(p.gameId);
    ctx.aiOnly.looked(g);
    ctx.watchers.push(g);
    // Then what the seat was told while away (the last CHAT_LIMITS.shown), and who is here.
    if (p.side !== null) await ctx.chat.welcome(p, w);
    ctx.presence.push(p.gameId);
    ctx.presence.sync(p.gameId);
  });
  return () => {
    if (!set.delete(w)) return;
    if (set.size === 0) {
      ctx.watchers.delete(p.gameId);
      ctx.chat.forget(p.gameId);
      ctx.presence.forget(p.gameId);
    } else ctx.presence.push(p.gameId);
    ctx.presence.sync(p.gameId);
  };
}

/** Changes other processes made, heard once per turn of the event loop and game. */
export class RemoteChanges {
  private readonly pending = new Set<string>();

  constructor(private readonly ctx: ServiceContext) {}

  /** Another process changed game `id` (null: any game): bring local watchers up to date. */
  heard(id: string | null): void {
    if (id !== null) this.changed(id);
    else for (const watched of this.ctx.watchers.ids()) this.changed(watched);
  }

  private changed(id: string): void {
    const { ctx } = this;
    if (!ctx.watchers.has(id) || this.pending.has(id) || ctx.closed) return;
    this.pending.add(id);
    setImmediate(() => {
      this.pending.delete(id);
      ctx
        .withLock(id, async () => ctx.watchers.push(await ctx.games.fresh(id)))
        .then(() => ctx.chat.sync(id))
        .then(() => ctx.presence.sync(id))
        .catch((e) => ctx.warn(e));
    });
  }
}
