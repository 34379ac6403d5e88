/**
 * Where the analyst is offered (issue #48 item 2): in every game played in this browser
 * (offline hot-seat), every replay and every finished game; in a game on the server while
 * it is being played only if both seats agreed when it was made (the server's game info
 * says so). Nowhere else: an online game without the agreement shows the analyst to
 * neither seat.
 */
import { SERVER, type Viewer } from '@stavka/engine';

/** What the offer depends on. */
export interface AnalystOfferFacts {
  /** The game is played on the server (else in this browser, or a replay file). */
  readonly server: boolean;
  readonly mode: 'hotseat' | 'online' | 'replay';
  /** The game is over. */
  readonly over: boolean;
  /** A server game: whether its info offers the analyst (the seats' agreement); undefined: not told. */
  readonly serverOffers: boolean | undefined;
}

export function analystOffered(f: AnalystOfferFacts): boolean {
  if (f.mode === 'replay' || f.over) return true;
  if (!f.server) return true;
  return f.serverOffers === true;
}

/**
 * Who the analyst reads the position as: the seat of this browser (an online game), the
 * side to move (hot-seat), everything (a replay, a finished hot-seat game): the server's view.
 */
export function analystViewer(f: {
  readonly mode: 'hotseat' | 'online' | 'replay';
  readonly over: boolean;
  readonly activeSides: readonly string[];
  readonly seats: readonly string[];
}): Viewer {
  if (f.mode === 'replay') return SERVER;
  const toMove = f.activeSides[0];
  if (toMove !== undefined && f.seats.includes(toMove)) return toMove;
  if (f.mode === 'online' && f.seats[0] !== undefined) return f.seats[0];
  return SERVER;
}
