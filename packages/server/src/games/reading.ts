/**
 * Reading a game: its public summary, a viewer's view and log. Each is a look at the
 * game: a paused game of AI against AI moves on (AiOnlyGames.looked).
 */
import type { LogEntry } from '@stavka/engine';
import { DICE_SCHEME } from '../dice.ts';
import type { ServiceContext } from './context.ts';
import { importedSummary } from './imports.ts';
import { type Principal, reading } from './principals.ts';
import { diceRecord } from './replays.ts';
import { logFor, type SeatView, seatsSummary, viewOf } from './views.ts';

/** What anybody may know of a game: its rules, status, seats, dice commitment (the secret once over). */
export async function summary(ctx: ServiceContext, gameId: string) {
  return ctx.withLock(gameId, async () => {
    const g = await ctx.games.fresh(gameId);
    ctx.aiOnly.looked(g);
    const over = g.record.status === 'over';
    const dice = diceRecord(g);
    return {
      id: g.id,
      game: g.record.game,
      rulesVersion: g.record.rules_version,
      status: g.record.status,
      origin: g.record.origin,
      stateId: g.seq,
      activeSides: g.state ? [...g.rules.activeSides(g.state.state)] : [],
      outcome: over && g.state ? g.rules.outcome(g.state.state) : null,
      seats: seatsSummary(g),
      dice: {
        scheme: DICE_SCHEME,
        commitment: g.record.commitment,
        // Revealed only once nothing can be rolled any more.
        ...(over && dice ? { secret: dice.secret, contributions: dice.contributions } : {}),
      },
      // The optional rules the game was made with (a key left out is at its default).
      options: JSON.parse(g.record.options) as Record<string, boolean>,
      // Whether the seats agreed at creation to the analyst (issue #48): joining agrees to it.
      analyst: g.record.analyst === 1,
      createdAt: g.record.created_at,
      ...importedSummary(g.record),
    };
  });
}

export async function seatView(ctx: ServiceContext, p: Principal): Promise<SeatView> {
  return ctx.withLock(p.gameId, async () => {
    const g = reading(await ctx.games.fresh(p.gameId), p);
    ctx.aiOnly.looked(g);
    return viewOf(g, p.side);
  });
}

export async function log(
  ctx: ServiceContext,
  p: Principal,
): Promise<{ stateId: number; log: readonly LogEntry[] }> {
  return ctx.withLock(p.gameId, async () => {
    const g = reading(await ctx.games.fresh(p.gameId), p);
    ctx.aiOnly.looked(g);
    if (!g.state) return { stateId: 0, log: [] };
    return { stateId: g.seq, log: logFor(g, p.side) };
  });
}
