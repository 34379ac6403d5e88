/**
 * What the map lights and previews: the threats to the player, the piece the actions are
 * about, the nodes lit for the selection (lit-nodes.ts), the path and combat previewed, and
 * the buttons, facts and tray of the side panel.
 */
import type { Action, LogDrawing } from '@stavka/engine';
import { useCallback, useEffect, useMemo } from 'preact/hooks';
import { litNodes, reasonsOf } from '../lit-nodes.ts';
import type { RecapStep } from '../table.tsx';
import { rolledLast } from '../turns.ts';
import type { Basics } from './basics.ts';
import type { Selection } from './selection.ts';

/** What the player should know of: the game's marks, the threats to the player, the controls missing. */
export function useThreats(b: Basics) {
  const { v, pres, view, side, mine, actions } = b;
  const marks = useMemo(() => pres.board.marks(view, side), [pres, view, side]);
  // What threatens the player (the side to move if it is this browser's, else its one seat),
  // said in the prompt bar and the turn summary, its cities lit (issue #45 item 1).
  const me = side !== null && mine ? side : v.seats.length === 1 ? v.seats[0]! : null;
  const threats = useMemo(
    () => (me !== null && v.outcome === null ? pres.preview.threats(view, me) : []),
    [pres, view, me, v.outcome],
  );
  const missing = useMemo(
    () => [
      ...(mine ? pres.controls.missing(view, side, actions) : []),
      // The engine's own rule, the same in every game.
      ...(mine && !v.canUndo && v.mode !== 'replay' && rolledLast(v.log)
        ? [{ control: 'Undo', why: 'a die was rolled: nothing before a roll can be taken back' }]
        : []),
    ],
    [pres, view, side, actions, mine, v.canUndo, v.mode, v.log],
  );
  return { marks, me, threats, missing };
}

/** The piece an action is about, and the one piece every action is about (else null). */
export function useSolePiece(b: Basics) {
  const { pres, actions } = b;
  // The one piece every action is about (the one unit to retreat, to advance): lit
  // without being selected first, so the prompt's "pink hexes" are there to see.
  // The piece an action is about: as the presentation says (else the action's `unit`, presentation.ts).
  const pieceOf = useCallback((a: Action): string | null => pres.controls.actionPiece(a), [pres]);
  const sole = useMemo(() => {
    let unit: string | null = null;
    for (const a of actions) {
      const u = pieceOf(a);
      if (u === null) continue;
      if (unit === null) unit = u;
      else if (unit !== u) return null;
    }
    return unit;
  }, [actions, pieceOf]);
  return { pieceOf, sole };
}

/** The browser's idle callback where it has one (Safari has not): a timer otherwise. */
const whenIdle: (f: (deadline: { timeRemaining(): number }) => void) => () => void =
  typeof requestIdleCallback === 'function'
    ? (f) => {
        const id = requestIdleCallback(f);
        return () => cancelIdleCallback(id);
      }
    : (f) => {
        // A slice of 8 ms from when the timer fires, as an idle period would give.
        const id = setTimeout(() => {
          const end = performance.now() + 8;
          f({ timeRemaining: () => end - performance.now() });
        }, 50);
        return () => clearTimeout(id);
      };

/**
 * The lit nodes of each piece the player may act with, worked out in the browser's idle
 * time once a new view and its actions arrive: a first click on a piece then finds what the
 * presentation keeps per view (Barbarossa's: the view's board, the legal list's index by
 * piece, each piece's move search) instead of making it between the click and its frame,
 * with code the browser has already compiled (issue #49: the whole front's first clicks
 * on each piece were its p95, 18-20 ms, against 9-12 ms for the same clicks again).
 * As many pieces as each slice of idle time holds, stopped when the view changes; only for
 * the player's own move (nothing to light otherwise).
 */
export function useIdleTargets(b: Basics, pieceOf: (a: Action) => string | null): void {
  const { pres, view, actions, mine } = b;
  useEffect(() => {
    if (!mine || actions.length === 0) return;
    const pieces = [...new Set(actions.map(pieceOf).filter((x) => x !== null))];
    let next = 0;
    let cancel: () => void = () => {};
    const work = (deadline: { timeRemaining(): number }) => {
      while (next < pieces.length && deadline.timeRemaining() > 2)
        pres.controls.targets(view, actions, pieces[next++]!);
      if (next < pieces.length) cancel = whenIdle(work);
    };
    cancel = whenIdle(work);
    return () => cancel();
  }, [pres, view, actions, mine, pieceOf]);
}

/** Highlights for the selected piece, from the legal actions only (lit-nodes.ts). */
export function useLitNodes(
  b: Basics,
  s: Selection,
  w: {
    chosen: string | null;
    marks: ReturnType<typeof useThreats>['marks'];
    threats: ReturnType<typeof useThreats>['threats'];
    recapStep: RecapStep | undefined;
    logShown: LogDrawing | null;
    stepShown: LogDrawing[];
    buttonShown: Action | null;
    pieceOf: (a: Action) => string | null;
  },
) {
  const { pres, view, actions } = b;
  const { selectedHex, group } = s;
  const { chosen, marks, threats, recapStep, logShown, stepShown, buttonShown, pieceOf } = w;
  const lit = useMemo(
    () =>
      litNodes(pres, view, {
        actions,
        chosen,
        selectedHex,
        marks,
        threats,
        named: recapStep ? recapStep.drawing.nodes : (logShown?.nodes ?? stepShown.flatMap((d) => d.nodes)),
        buttonShown,
        pieceOf,
        group,
      }),
    [
      pres,
      view,
      actions,
      chosen,
      group,
      selectedHex,
      marks,
      threats,
      recapStep,
      logShown,
      stepShown,
      buttonShown,
      pieceOf,
    ],
  );
  const reasons = useMemo(() => reasonsOf(marks, threats), [marks, threats]);
  return { ...lit, reasons };
}

/** The path and the combat previewed for the hovered node. */
export function usePreviews(b: Basics, s: Selection, chosen: string | null, hover: number | null) {
  const { pres, view, side, actions } = b;
  const { selectedHex, selected, group } = s;
  // The path previewed: the selected piece's, or that of the first unit of the stack selected that may go there.
  const move = useMemo(() => {
    if (!chosen || hover === null) return null;
    for (const id of group ?? [chosen]) {
      const m = pres.preview.movePreview(view, id, hover);
      if (m) return m;
    }
    return null;
  }, [pres, view, chosen, group, hover]);
  // Combat preview: the attack on the hovered (else selected) node, with the selected piece
  // added, or the whole stack selected, each unit with its part (issue #45 items 3 and 9);
  // else the attack being resolved (the defender sees it as the attacker did).
  const preview = useMemo(() => {
    const target = hover ?? selectedHex;
    const at =
      target !== null && target >= 0
        ? pres.preview.combatPreview(view, side, { target, selected, group, actions })
        : null;
    if (at) return at;
    const f = pres.board.focus(view);
    return f !== null && f >= 0
      ? pres.preview.combatPreview(view, side, { target: f, selected: null, actions })
      : null;
  }, [pres, view, side, hover, selectedHex, selected, group, actions]);
  return { move, preview };
}

/** The side panel's buttons, the facts of the node or piece selected, the tray, the overlay drawn. */
export function usePanelData(b: Basics, s: Selection, overlay: string) {
  const { pres, view, side, mine, actions } = b;
  const { selectedHex, selected } = s;
  // Undo is the prompt bar's button: never a second one among the actions (issue #45 item 14).
  const buttons = useMemo(
    () => pres.controls.buttons(view, actions).filter((a) => a.type !== 'undo'),
    [pres, view, actions],
  );
  const overlayData = useMemo(
    () => (overlay === 'none' ? null : pres.board.overlay(view, overlay, side)),
    [pres, view, overlay, side],
  );
  // Worked out again only when the selection or the view changes, not on every render
  // (a hover, the stack picker opening): a whole front's hex facts take ~0.1-0.3 ms.
  const facts = useMemo(() => {
    const at = selectedHex ?? (selected ? pres.board.pieceAt(view, selected) : null);
    return at !== null && at >= 0 ? pres.board.nodeFacts(view, at) : null;
  }, [pres, view, selectedHex, selected]);
  const tray = useMemo(
    () => (mine ? pres.controls.tray(view, side, actions) : null),
    [pres, view, side, actions, mine],
  );
  return { buttons, overlayData, facts, tray };
}
