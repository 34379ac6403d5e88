/**
 * The seats: joining (each adds its contribution to the dice, and the game starts once
 * all have), a seat's token re-issued for a lost link, and a seat's webhook.
 */
import { deriveSeed, newContribution } from '../dice.ts';
import { ApiError, notFound } from '../errors.ts';
import type { GameRecord } from '../store.ts';
import { newWebhookSecret, Webhooks } from '../webhooks.ts';
import type { CachedGame } from './cached-game.ts';
import type { ServiceContext } from './context.ts';
import { afterChange, noticesFor } from './play.ts';
import { heldSeat, type Principal, seatSide } from './principals.ts';
import { rebuild } from './rebuild.ts';
import { isoNow, newToken, tokenHash } from './records.ts';

/**
 * A seat joins, adding its contribution to the dice; the game starts when all have.
 * The joiner is issued a token of his own: the one he joined with (which whoever made
 * the game also saw) holds the seat no more.
 */
export async function join(ctx: ServiceContext, p: Principal, contribution: string | undefined) {
  return ctx.withLock(p.gameId, async () => {
    const g = await ctx.games.fresh(p.gameId);
    const seat = heldSeat(g, p);
    const side = seat.side;
    if (seat.contribution !== null) {
      throw new ApiError(409, 'seat/already-joined', `the ${side} seat has already joined`);
    }
    const mine = contribution ?? newContribution();
    const at = isoNow();
    const own = newToken('st');
    if (!(await ctx.store.joinSeat(g.id, side, mine, at, tokenHash(own)))) {
      throw new ApiError(409, 'seat/already-joined', `the ${side} seat has already joined`);
    }
    g.seats = await ctx.store.seats(g.id);
    const started = await startIfReady(ctx, g);
    if (!started) {
      ctx.watchers.push(g);
      await ctx.store.notify(g.id);
    }
    return {
      side,
      contribution: mine,
      commitment: g.record.commitment,
      status: g.record.status,
      token: own,
    };
  });
}

/**
 * The game starts once every seat has joined: its seed derived from the server's secret
 * and the seats' contributions. False if it does not (yet, or another process started it).
 */
export async function startIfReady(ctx: ServiceContext, g: CachedGame): Promise<boolean> {
  if (g.record.status !== 'waiting' || g.seats.some((s) => s.contribution === null)) return false;
  const contributions = Object.fromEntries(g.seats.map((s) => [s.side, s.contribution!]));
  const seed = deriveSeed(g.record.secret!, contributions);
  // An imported game goes on from its file's last action, rolling from this seed
  // (issue #46); a game made here, or imported with no actions, is set up with it.
  const started: GameRecord = { ...g.record, status: 'active', seed: JSON.stringify(seed) };
  const { state, snapshot } = await rebuild(ctx.store, g, started, g.record.seq);
  const at = isoNow();
  const active = g.rules.activeSides(state.state);
  const notices = noticesFor(ctx, g, [], active, g.record.seq);
  if (await ctx.store.startGame(g.id, JSON.stringify(seed), at, notices)) {
    g.record = { ...started, updated_at: at };
    g.state = state;
    g.snapshot = snapshot;
    g.seq = g.record.seq;
    afterChange(ctx, g, active, notices.length > 0);
    await ctx.store.notify(g.id);
    return true;
  }
  await ctx.games.reload(g);
  return false;
}

/**
 * A new token for a seat, the old one ending (a lost link): a seat re-issues its own;
 * the creator's admin token re-issues a human seat's only while it has not joined (a
 * link lost before the game began). A joined seat's token is its holder's alone: the
 * admin re-issuing it would read that seat's hidden view (issue #46), so only the seat
 * itself, consenting with its own token, re-issues it.
 */
export async function reissue(
  ctx: ServiceContext,
  p: Principal,
  side?: string,
): Promise<{ side: string; token: string }> {
  return ctx.withLock(p.gameId, async () => {
    const g = await ctx.games.fresh(p.gameId);
    const seat = p.admin ? g.seats.find((s) => s.side === side && s.player === 'human') : heldSeat(g, p);
    if (!seat) {
      throw new ApiError(
        422,
        'game/unknown-side',
        `no human seat "${String(side).slice(0, 64)}" here (sides: ${g.rules.sides.join(', ')})`,
      );
    }
    if (p.admin && seat.contribution !== null) {
      throw new ApiError(
        409,
        'seat/joined',
        `the ${seat.side} seat has joined: only its holder re-issues its token (with his own)`,
      );
    }
    const own = newToken('st');
    if (!(await ctx.store.setSeatToken(g.id, seat.side, tokenHash(own)))) throw notFound();
    g.seats = g.seats.map((s) => (s.side === seat.side ? { ...s, token_hash: tokenHash(own) } : s));
    ctx.watchers.push(g);
    await ctx.store.notify(g.id);
    return { side: seat.side, token: own };
  });
}

/** Sets (or with null, removes) a seat's webhook; a new URL gets a new signing secret. */
export async function setWebhook(
  ctx: ServiceContext,
  p: Principal,
  url: string | null,
): Promise<{ url: string | null; secret: string | null }> {
  const side = seatSide(p);
  if (url) checkWebhook(ctx, url);
  const secret = url ? newWebhookSecret() : null;
  await ctx.withLock(p.gameId, async () => {
    const g = await ctx.games.fresh(p.gameId);
    heldSeat(g, p);
    await ctx.store.setWebhook(g.id, side, url, secret);
    g.seats = g.seats.map((s) => (s.side === side ? { ...s, webhook_url: url, webhook_secret: secret } : s));
  });
  return { url, secret };
}

/** Refuses a webhook URL the service's Webhooks refuse (422 webhook/bad-url). */
export function checkWebhook(ctx: ServiceContext, url: string): void {
  const why = (ctx.opts.webhooks ?? strictWebhooks).check(url);
  if (why) throw new ApiError(422, 'webhook/bad-url', why);
}

/** Checks webhook URLs for a service given no Webhooks of its own. */
const strictWebhooks = new Webhooks();
