/**
 * Who is asking: a token (its hash) found among a game's seats, its spectators' and its
 * creator's tokens, and what each of them may do.
 */
import { ApiError } from '../errors.ts';
import type { SeatRecord } from '../store.ts';
import type { CachedGame } from './cached-game.ts';
import type { ServiceContext } from './context.ts';
import { tokenHash } from './records.ts';

/** Who is asking: a seat (its side) or a spectator (side null). */
export interface Principal {
  readonly gameId: string;
  readonly side: string | null;
  /**
   * The SHA-256 of the seat token it came with: a live channel keeps its principal, and
   * once the seat's token is re-issued (joining, or a new link) that one no longer acts.
   */
  readonly key?: string;
  /** The creator's admin token: re-issues seat tokens, and otherwise sees as a spectator. */
  readonly admin?: true;
}

export async function authenticate(
  ctx: ServiceContext,
  gameId: string,
  bearer: string | undefined,
): Promise<Principal> {
  const g = await ctx.games.get(gameId);
  if (!bearer)
    throw new ApiError(
      401,
      'seat/no-token',
      'this needs a seat or spectator token (Authorization: Bearer ...)',
    );
  const h = tokenHash(bearer);
  const known = principalOf(g, h);
  if (known) return known;
  // Not a token of the seats as cached here: another process may have issued it (a
  // join, a re-issued link) since. Asked afresh once.
  const again = await ctx.withLock(gameId, async () => {
    const now = await ctx.games.fresh(gameId, true);
    now.seats = await ctx.store.seats(gameId);
    return principalOf(now, h);
  });
  if (!again) throw new ApiError(403, 'seat/bad-token', 'that token holds no seat in this game');
  return again;
}

/** Who a token (its hash) is in a game: the spectator, the admin, a human seat; or null. */
function principalOf(g: CachedGame, h: string): Principal | null {
  if (h === g.record.spectator_token_hash) return { gameId: g.id, side: null };
  if (h === g.record.admin_token_hash) return { gameId: g.id, side: null, admin: true };
  const seat = g.seats.find((s) => s.token_hash === h && s.player === 'human');
  return seat ? { gameId: g.id, side: seat.side, key: h } : null;
}

/**
 * The seat a principal holds, while the token it came with still holds it (a live
 * channel keeps its principal; a token re-issued since, at joining or for a lost link,
 * ends the old one's hold).
 */
export function heldSeat(g: CachedGame, p: Principal): SeatRecord {
  const side = seatSide(p);
  const seat = g.seats.find((s) => s.side === side);
  if (!seat || (p.key !== undefined && seat.token_hash !== p.key)) {
    throw new ApiError(403, 'seat/bad-token', 'that token no longer holds this seat: a new one was issued');
  }
  return seat;
}

/**
 * The game, for a principal to read: a seat's token must still hold its seat, as the
 * game stands after `fresh` (another process may have re-issued it since the token was
 * checked); a spectator or the admin reads as a spectator.
 */
export function reading(g: CachedGame, p: Principal): CachedGame {
  if (p.side !== null) heldSeat(g, p);
  return g;
}

/** The side of a seat's principal; a spectator (or the admin) is refused. */
export function seatSide(p: Principal): string {
  if (p.side === null)
    throw new ApiError(403, 'seat/spectator', 'a spectator cannot do that: it needs a seat token');
  return p.side;
}
