/**
 * Playing: an action applied through the engine's `apply` under the game's lock, stored
 * (acknowledged only after the commit), then pushed to the live clients, with the webhook
 * notices it brings and the AI's move after it.
 */
import { randomUUID } from 'node:crypto';
import { type Action, apply, stateHash } from '@stavka/engine';
import { ApiError, actionError } from '../errors.ts';
import { writeSnapshot } from '../snapshot.ts';
import type { SeatNotice } from '../store.ts';
import type { WebhookNotice } from '../webhooks.ts';
import type { CachedGame, State } from './cached-game.ts';
import type { ServiceContext } from './context.ts';
import { heldSeat, type Principal } from './principals.ts';
import { isoNow } from './records.ts';

export async function act(
  ctx: ServiceContext,
  p: Principal,
  stateId: number,
  action: Action,
  index?: number,
) {
  return ctx.withLock(p.gameId, async () => {
    const g = await ctx.games.fresh(p.gameId);
    const side = heldSeat(g, p).side;
    if (g.record.status === 'waiting') {
      throw new ApiError(409, 'game/not-started', 'the game starts once every seat has joined');
    }
    const r = apply(g.rules, g.state!, side, action, stateId, index);
    if (!r.ok) throw actionError(r.error);
    return commit(ctx, g, side, action, r.value);
  });
}

/**
 * Stores `side`'s `action`, which made state `next` (under the game's lock); refused as
 * stale when another process stored an action first.
 */
export async function commit(ctx: ServiceContext, g: CachedGame, side: string, action: Action, next: State) {
  const hash = stateHash(next);
  const seq = g.seq + 1;
  const before = g.state ? g.rules.activeSides(g.state.state) : [];
  const active = g.rules.activeSides(next.state);
  const over = active.length === 0;
  const notices = noticesFor(ctx, g, before, active, seq);
  const every = ctx.opts.snapshotEvery ?? 100;
  const snapshot = over || seq % every === 0 ? writeSnapshot(next, g.snapshot) : null;
  const at = isoNow();
  const stored = await ctx.store.appendAction(
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
      snapshot: snapshot?.json ?? null,
      notices,
    },
  );
  if (!stored) {
    // Another process stored an action first: this one was chosen against an old state.
    // Catch up (live clients here are shown each state the other process made).
    await ctx.games.fresh(g.id, true);
    throw new ApiError(409, 'action/stale', `the game has moved on: now at state ${g.seq}`);
  }
  g.state = next;
  g.seq = seq;
  if (snapshot !== null) g.snapshot = { seq, log: next.log, links: snapshot.links };
  g.record = {
    ...g.record,
    seq,
    status: over ? 'over' : 'active',
    final_hash: over ? hash : null,
    updated_at: at,
  };
  if (over) ctx.aiOnly.ended(g.id);
  afterChange(ctx, g, active, notifiesWebhook(g, notices));
  return { seq, stateId: next.stateId, hash, status: g.record.status, activeSides: [...active] };
}

/**
 * The webhook notices a change brings (none on a service without webhooks): `your-turn`
 * to each side that has something to do now and had nothing before, `game-over` to
 * every seat at the end. The store queues them in the change's own transaction, for
 * the seats that have a webhook then (SeatNotice); they go out once it commits.
 */
export function noticesFor(
  ctx: ServiceContext,
  g: CachedGame,
  before: readonly string[],
  active: readonly string[],
  seq: number,
): SeatNotice[] {
  if (!ctx.opts.webhooks) return [];
  const notices: WebhookNotice[] = [];
  const viewUrl = `${ctx.opts.publicUrl ?? ''}/api/games/${g.id}/view`;
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
 * Whether one of `notices` goes to a seat that has a webhook, as this process last saw
 * the seats: then the webhooks are woken to deliver it now. The notices themselves are
 * queued whatever the cache says (the store's statement picks the seats with a webhook
 * at the commit); one for a webhook another process has just set is delivered at the
 * webhooks' next look at their queue (Webhooks' pollMs, 2 s). Without this, every
 * change of the side to move woke them to find nothing due: a query through kysely
 * (~2% of the server's time a move under the bench's load).
 */
export function notifiesWebhook(g: CachedGame, notices: readonly SeatNotice[]): boolean {
  return notices.some((n) => g.seats.some((s) => s.side === n.side && s.webhook_url !== null));
}

/**
 * After a change is stored (`active`: the sides to act now): live updates, the webhook
 * notices it queued, the AI's move.
 */
export function afterChange(
  ctx: ServiceContext,
  g: CachedGame,
  active: readonly string[],
  notified: boolean,
): void {
  ctx.watchers.push(g);
  if (notified) ctx.opts.webhooks?.wake();
  if (active.some((side) => g.seats.find((s) => s.side === side)?.player === 'ai')) ctx.ai.schedule(g.id);
}
