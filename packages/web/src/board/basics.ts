/**
 * What every part of the game board reads: the session's view, the side to move, its legal
 * actions, and the board, pieces and colours the presentation draws from the view.
 */
import type { Action, AnyGameModule, BoardDrawing, PieceDrawing, Presentation } from '@stavka/engine';
import { useMemo } from 'preact/hooks';
import { coloursOf } from '../counters.ts';
import { type TablePresentation, tablePresentation } from '../presentation.ts';
import { ServerSession } from '../server.ts';
import type { Session, SessionView } from '../session.ts';
import { sideNameIn } from '../sides.ts';

export interface BoardProps {
  session: Session;
  v: SessionView;
  game: AnyGameModule;
  pres: Presentation;
  /** Hidden while a hot-seat changes hands: drawn nowhere, keys ignored. */
  hidden?: boolean;
}

export interface Basics {
  session: Session;
  v: SessionView;
  game: AnyGameModule;
  /** The game's presentation, its optional features filled with the web's fallbacks (presentation.ts). */
  pres: TablePresentation;
  /** The game's view, as the presentation reads it. */
  view: unknown;
  /** An online game's session, else null. */
  online: ServerSession | null;
  /** The side to move (the first active), or null. */
  side: string | null;
  /** Whether this browser acts for the side to move. */
  mine: boolean;
  /** The side to move's legal actions. */
  actions: readonly Action[];
  colours: ReturnType<typeof coloursOf>;
  board: BoardDrawing;
  pieces: readonly PieceDrawing[];
  sideName: (x: string) => string;
  isMine: (x: string) => boolean;
}

/** The board's shared readings of one render. */
export function useBasics(p: BoardProps): Basics {
  const { session, v, game } = p;
  const pres = tablePresentation(p.pres);
  const view = v.state;
  const colours = useMemo(() => coloursOf(game.meta), [game]);
  const board = useMemo(() => pres.board.drawing(view), [pres, view]);
  const pieces = useMemo(() => pres.board.pieces(view), [pres, view]);
  const side = v.activeSides[0] ?? null;
  const mine = side !== null && v.seats.includes(side);
  const actions: readonly Action[] = side ? (v.legal[side] ?? []) : [];
  return {
    session,
    v,
    game,
    pres,
    view,
    online: session instanceof ServerSession ? session : null,
    side,
    mine,
    actions,
    colours,
    board,
    pieces,
    sideName: (x: string) => sideNameIn(game.meta, x),
    isMine: (x: string) => v.seats.includes(x),
  };
}
