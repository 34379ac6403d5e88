/**
 * Games that end without being played out: unjoined games expiring (app.ts's sweep),
 * a game of AI against AI stopped by its creator or deleted once paused past its time.
 * A deleted game leaves the cache, and its live clients are told (4404).
 */
import { ApiError } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import type { Principal } from './principals.ts';

/** Deletes the games created before `before` (ISO) that still wait for a seat; how many. */
export async function expireUnjoined(ctx: ServiceContext, before: string): Promise<number> {
  const ids = await ctx.store.deleteUnjoined(before, 1000);
  await forget(ctx, ids);
  return ids.length;
}

/** Games deleted from the store: out of the cache, and their live clients told (4404). */
export async function forget(ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    ctx.games.delete(id);
    ctx.watchers.forget(id);
  }
}

/**
 * The creator stops a game of AI against AI (its admin token): the game and all it
 * holds are deleted, its live clients told (4404). A game with a person in it is not
 * the creator's to stop (409 game/has-players).
 */
export async function stop(ctx: ServiceContext, p: Principal): Promise<{ stopped: true }> {
  if (!p.admin)
    throw new ApiError(403, 'seat/not-admin', "only the game's creator (its admin token) stops it");
  await ctx.withLock(p.gameId, async () => {
    const g = await ctx.games.fresh(p.gameId);
    if (g.seats.some((s) => s.player !== 'ai')) {
      throw new ApiError(
        409,
        'game/has-players',
        'a game with a person at the table is not stopped by its creator',
      );
    }
    await ctx.store.deleteGame(g.id);
  });
  await droppedAiOnly(ctx, p.gameId);
  return { stopped: true };
}

/**
 * Deletes the games of AI against AI (of this service's) that have neither moved (the
 * store's last change) nor been looked at here (a view, log or summary; a live channel
 * open keeps one) for AiOnlyLimits.expireMs: paused all that time, nobody wants them.
 */
export async function expireIdleAiOnly(ctx: ServiceContext): Promise<number> {
  const before = ctx.clock() - ctx.aiOnly.limits.expireMs;
  let expired = 0;
  for (const id of await ctx.store.idleAiOnlyGames(new Date(before).toISOString(), 1000)) {
    if (!ctx.owns(id) || ctx.watchers.has(id) || ctx.aiOnly.lastSeen(id) >= before) continue;
    const deleted = await ctx.withLock(id, async () => {
      const g = await ctx.games.fresh(id).catch(() => null);
      // Moved or watched since it was found: it stays.
      if (g?.record.status !== 'active' || g.seats.some((s) => s.player !== 'ai')) return false;
      if (Date.parse(g.record.updated_at) >= before || ctx.watchers.has(id)) return false;
      await ctx.store.deleteGame(id);
      return true;
    });
    if (!deleted) continue;
    await droppedAiOnly(ctx, id);
    expired++;
  }
  if (expired > 0) ctx.opts.log?.(`stavka server: ${expired} paused games of AI against AI expired`);
  return expired;
}

/** A game of AI against AI deleted: out of the bounds, the cache, and its live clients told. */
async function droppedAiOnly(ctx: ServiceContext, id: string): Promise<void> {
  ctx.ai.workers.cancel?.(id);
  ctx.aiOnly.dropped(id);
  await forget(ctx, [id]);
}
