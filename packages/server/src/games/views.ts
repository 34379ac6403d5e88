/**
 * What each viewer is shown of a game: a seat its side's view and legal actions, the
 * spectators what every side may see, everyone everything once the game is over. A view
 * is made once per state and viewer, and kept with the game (CachedGame.views).
 */
import { type Action, type LogEntry, legalActions, SPECTATOR, view, visibleLog } from '@stavka/engine';
import { sentOf } from '../live.ts';
import type { GameRecord } from '../store.ts';
import type { CachedGame } from './cached-game.ts';

export interface SeatView {
  readonly gameId: string;
  readonly side: string | null;
  readonly status: GameRecord['status'];
  readonly stateId: number;
  readonly seats: Record<string, { player: string; joined: boolean }>;
  /** The engine's view for this side (null while waiting). */
  readonly view: (Record<string, unknown> & { readonly log?: readonly LogEntry[] }) | null;
  /** This side's legal actions now (empty when it has nothing to do). */
  readonly legal: readonly Action[];
  /**
   * Whether the analyst (issue #48) is offered: when the game was created with it (both
   * seats agreed), or once the game is over.
   */
  readonly analyst: boolean;
}

/** What a view depends on besides the side: the status, the state and who has joined. */
export function viewKey(g: CachedGame): string {
  return `${g.record.status}:${g.seq}:${g.seats.filter((s) => s.contribution !== null).length}`;
}

/** The view of `side` (null: the spectators) now, made once per state. */
export function viewOf(g: CachedGame, side: string | null): SeatView {
  const key = viewKey(g);
  const k = side ?? '*';
  const hit = g.views.get(k);
  if (hit && hit.key === key) return hit.value;
  const s = g.state;
  let v: SeatView['view'] = null;
  let legal: readonly Action[] = [];
  if (s) {
    if (side !== null) v = view(g.rules, s, side);
    else if (g.record.status === 'over') v = view(g.rules, s, null);
    else v = view(g.rules, s, SPECTATOR);
    if (side !== null && g.record.status === 'active' && g.rules.activeSides(s.state).includes(side)) {
      legal = legalActions(g.rules, s, side);
    }
  }
  const value: SeatView = {
    gameId: g.id,
    side,
    status: g.record.status,
    stateId: g.seq,
    seats: seatsSummary(g),
    view: v,
    legal,
    analyst: analystOffered(g),
  };
  g.views.set(k, { key, value, sent: sentOf(value) });
  return value;
}

/** The analyst is offered in an online game only if both seats agreed at creation, or once it is over (issue #48). */
export function analystOffered(g: CachedGame): boolean {
  return g.record.analyst === 1 || g.record.status === 'over';
}

/** Each seat: a person's or an AI's (at which level), and whether it has joined. */
export function seatsSummary(
  g: CachedGame,
): Record<string, { player: string; joined: boolean; level?: string }> {
  return Object.fromEntries(
    g.seats.map((s) => [
      s.side,
      { player: s.player, joined: s.contribution !== null, ...(s.ai_player ? { level: s.ai_player } : {}) },
    ]),
  );
}

/** The log entries `side` (null: the spectators) may read. */
export function logFor(g: CachedGame, side: string | null): readonly LogEntry[] {
  const s = g.state!;
  if (side !== null) return visibleLog(s.log, side);
  if (g.record.status === 'over') return visibleLog(s.log, null);
  return visibleLog(s.log, SPECTATOR);
}
