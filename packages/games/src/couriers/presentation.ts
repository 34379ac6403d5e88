/**
 * Couriers in the browser (engine `Presentation`): pure functions of a view. The board is
 * a point map of eight desks, one a dispatch, Red's above and Blue's below; a sealed
 * dispatch of the other side is drawn face down.
 */
import type {
  Action,
  BoardDrawing,
  GameOutcome,
  NodeFacts,
  PieceDrawing,
  Presentation,
  Prompt,
  ScoreSheet,
} from '@stavka/engine';
import type { CouriersAction, CouriersState } from './state.ts';

const SIDE_NAMES: Readonly<Record<string, string>> = { red: 'Red', blue: 'Blue' };
const sideName = (side: string) => SIDE_NAMES[side] ?? side;

/** The dispatch ids in deal order: the board's points. */
const ids = (view: CouriersState) => Object.keys(view.pieces);

function board(view: CouriersState): BoardDrawing {
  const points = ids(view).map((id, i) => ({
    id,
    name: `Desk ${id}`,
    kind: 'desk',
    x: 60 + (i % 4) * 100,
    y: i < 4 ? 60 : 200,
  }));
  return {
    kind: 'points',
    key: 'couriers',
    name: 'The dispatch desks',
    points,
    lines: [],
    width: 460,
    height: 260,
    home: 0,
  };
}

/** A known dispatch's NATO symbol: a friendly ground unit, no arm. */
const DISPATCH_SYMBOL = 'SFGPU';

function pieces(view: CouriersState): PieceDrawing[] {
  return ids(view).map((id, at) => {
    const p = view.pieces[id]!;
    const known = p.value !== null;
    return {
      id,
      at,
      side: p.side,
      sidc: known ? DISPATCH_SYMBOL : null,
      designation: p.name ?? '?',
      factors: known ? String(p.value) : '',
      label: known
        ? `${sideName(p.side)} dispatch ${p.name}, worth ${p.value}${p.open ? ', open' : ', sealed'}`
        : `${sideName(p.side)} sealed dispatch`,
      ...(p.open ? {} : { marks: ['S'] }),
    };
  });
}

function prompt(
  view: CouriersState,
  side: string | null,
  mine: boolean,
  outcome: GameOutcome | null,
): Prompt {
  if (outcome) return { step: 'Over', help: result(outcome) };
  const step = view.picked === null ? 'Picking' : 'Opening';
  if (!mine) return { step, help: `Waiting for ${sideName(view.turn)}` };
  return {
    step,
    help:
      view.picked === null
        ? 'Pick one of your sealed dispatches to open, or ask for the recount'
        : `Open ${view.picked}, or take the pick back`,
    ...(side ? { detail: sideName(side) } : {}),
  };
}

function describe(_view: CouriersState, action: Action): string {
  const a = action as CouriersAction | { type: 'undo' };
  if (a.type === 'pick') return `Pick ${a.piece}`;
  if (a.type === 'open') return 'Open the dispatch picked';
  if (a.type === 'recount') return 'Ask for the recount';
  return 'Take back';
}

function result(outcome: GameOutcome): string {
  return outcome.winner
    ? `${sideName(outcome.winner)} wins: ${outcome.summary}`
    : `A draw: ${outcome.summary}`;
}

function score(view: CouriersState): ScoreSheet {
  const items = Object.values(view.pieces)
    .filter((p) => p.open)
    .map((p) => ({ side: p.side, points: p.value ?? 0, reason: `${p.name} opened` }));
  return { heading: 'Dispatches opened', items, toWin: ['The higher total once every dispatch is open'] };
}

function nodeFacts(view: CouriersState, at: number): NodeFacts {
  const id = ids(view)[at];
  const p = id ? view.pieces[id] : undefined;
  if (!id || !p) return { heading: 'Nothing here', about: '', pieces: [] };
  return {
    heading: `Desk ${id}`,
    about: p.open ? 'Opened' : 'Sealed',
    pieces: [
      {
        id,
        name: p.name ?? 'Sealed dispatch',
        side: p.side,
        facts: p.value === null ? 'sealed' : `worth ${p.value}`,
        can: p.open ? 'nothing more' : 'be opened in its side turn',
        why: [],
      },
    ],
  };
}

export const couriersPresentation: Presentation<CouriersState> = {
  board: {
    drawing: board,
    pieces,
    symbols: [DISPATCH_SYMBOL],
    marks: (view) => (view.picked ? [{ at: ids(view).indexOf(view.picked), kind: 'selected' as const }] : []),
    nodeFacts,
    piecesAt: (view, at) => {
      const id = ids(view)[at];
      return id ? [id] : [];
    },
    pieceAt: (view, piece) => ids(view).indexOf(piece),
    overlays: [],
    overlay: () => null,
  },
  words: {
    prompt,
    describe,
    score: (view) => score(view),
    result,
    sideName,
    logDetail: () => '',
  },
  controls: {
    targets(view, actions) {
      const at = (id: string) => ids(view).indexOf(id);
      return actions.flatMap((a) => {
        const c = a as CouriersAction;
        if (c.type === 'pick') return [{ at: at(c.piece), kind: 'target' as const, action: a }];
        if (c.type === 'open' && view.picked)
          return [{ at: at(view.picked), kind: 'target' as const, action: a }];
        return [];
      });
    },
    buttons: (_view, actions) => actions.filter((a) => a.type !== 'pick'),
    keepsSelection: () => false,
    actionPiece(action) {
      const a = action as CouriersAction;
      return a.type === 'pick' ? a.piece : null;
    },
  },
  preview: {
    // The analyst's suggestion (issue #48): a dispatch picked or opened has no place to go.
    actionArrow: () => null,
    movePreview: () => null,
    combatPreview: () => null,
  },
  // The after-action report (issue #48): each desk is its dispatch's side's; nothing is lost.
  afterAction: { holders: (view) => ids(view).map((id) => view.pieces[id]!.side), events: () => [] },
};
