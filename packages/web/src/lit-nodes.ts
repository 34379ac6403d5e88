/**
 * What the map lights, from the presentation and the legal actions only: the selected
 * piece's targets (each the action a click there takes), the game's marks, the threats
 * to the player, the nodes a log line, a recap step or a pointed-at button names, the
 * selected node; and why each is lit.
 */
import type { Action, Highlight, Presentation, ThreatLine } from '@stavka/engine';

export interface LitInput {
  readonly actions: readonly Action[];
  /** The piece selected, or the one piece every action is about. */
  readonly chosen: string | null;
  readonly selectedHex: number | null;
  readonly marks: readonly { readonly at: number; readonly kind: Highlight; readonly reason?: string }[];
  readonly threats: readonly ThreatLine[];
  /** Nodes named by a log line, a recap step or the last replay step. */
  readonly named: readonly number[];
  /** The action button pointed at: its piece and targets named. */
  readonly buttonShown: Action | null;
  readonly pieceOf: (a: Action) => string | null;
  /** The whole stack selected (its first is `chosen`): every node any of its units may go to is lit. */
  readonly group?: readonly string[] | null;
}

export function litNodes(
  pres: Presentation,
  view: unknown,
  p: LitInput,
): { highlights: Map<number, Highlight>; byHex: Map<number, Action> } {
  const hl = new Map<number, Highlight>();
  const act = new Map<number, Action>();
  for (const t of pres.controls.targets(view, p.actions, p.chosen)) {
    hl.set(t.at, t.kind);
    act.set(t.at, t.action);
  }
  // The stack's other units: the nodes they may go to that its first may not.
  for (const id of p.group ?? [])
    if (id !== p.chosen)
      for (const t of pres.controls.targets(view, p.actions, id))
        if (!act.has(t.at)) {
          hl.set(t.at, t.kind);
          act.set(t.at, t.action);
        }
  for (const m of p.marks) if (!hl.has(m.at) || m.kind === 'owed') hl.set(m.at, m.kind);
  for (const t of p.threats) for (const n of t.nodes) if (!hl.has(n)) hl.set(n, 'owed');
  for (const n of p.named) if (!act.has(n)) hl.set(n, 'named');
  const shownPiece = p.buttonShown ? p.pieceOf(p.buttonShown) : null;
  if (shownPiece !== null) {
    const at = pres.board.pieceAt(view, shownPiece);
    if (at >= 0) hl.set(at, 'named');
  }
  if (p.buttonShown)
    for (const t of pres.controls.targets(view, [p.buttonShown], shownPiece)) hl.set(t.at, 'named');
  if (p.selectedHex !== null && p.selectedHex >= 0 && !hl.has(p.selectedHex))
    hl.set(p.selectedHex, 'selected');
  return { highlights: hl, byHex: act };
}

/** Why each marked or threatened node is lit (its tooltip). */
export function reasonsOf(marks: LitInput['marks'], threats: readonly ThreatLine[]): Map<number, string> {
  const r = new Map<number, string>();
  for (const m of marks) if (m.reason) r.set(m.at, m.reason);
  for (const t of threats) for (const n of t.nodes) if (!r.has(n)) r.set(n, t.words);
  return r;
}
