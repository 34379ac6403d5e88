/**
 * What the player's clicks do: an action submitted, or first asked about; a whole stack sent
 * to a node unit by unit; a click on the map (an action there, a reason why not, a counter's
 * own action, a selection).
 */
import type { Action, Highlight } from '@stavka/engine';
import type { Tab } from '../board-side.tsx';
import { stackOrder } from '../stacks.ts';
import type { Basics } from './basics.ts';
import type { Selection } from './selection.ts';

export interface ClickDeps {
  setError: (m: string | null) => void;
  setNotice: (m: string | null) => void;
  setTab: (t: Tab) => void;
  /** The action a click on each lit node takes. */
  byHex: ReadonlyMap<number, Action>;
  /** How each node is lit. */
  highlights: ReadonlyMap<number, Highlight>;
}

export function useClicks(b: Basics, s: Selection, d: ClickDeps) {
  const { session, pres, view, side } = b;
  const submit = async (a: Action) => {
    if (!side) return;
    d.setError(null);
    const r = await session.submit(side, a);
    if (!r.ok) d.setError(r.message);
  };

  /**
   * An action the player chose (a lit node, a button, the stack picker): taken at once, or
   * first asked about when the game says it cannot be taken back (issue #45 item 4).
   * `then` runs once it is taken (what the click does to the selection).
   */
  const take = (a: Action, then?: () => void) => {
    const question = pres.controls.confirm(view, a);
    if (question) {
      s.setPending({ action: a, question, ...(then ? { then } : {}) });
      return;
    }
    s.setPending(null);
    void submit(a);
    then?.();
  };

  const clickHex = (h: number) => clickNode(b, s, d, { take, h });
  return { submit, take, clickHex };
}

/**
 * The actions a click on `h` takes for the stack selected: for each of its units (top
 * first), its action there, of the same kind as the first unit's; none that asks first.
 */
function groupActions(
  b: Basics,
  group: readonly string[] | null,
  h: number,
): { id: string; action: Action }[] {
  const { pres, view, actions, mine } = b;
  if (!group || !mine) return [];
  const out: { id: string; action: Action }[] = [];
  for (const id of group) {
    // The unit's action there as a click with it alone would take it (the last one lit there).
    const t = pres.controls
      .targets(view, actions, id)
      .filter((x) => x.at === h)
      .at(-1);
    if (!t || (out.length > 0 && t.action.type !== out[0]!.action.type)) continue;
    if (pres.controls.confirm(view, t.action)) continue;
    out.push({ id, action: t.action });
  }
  return out;
}

/**
 * A whole stack sent to `h` (issue #45 item 9): each unit's action taken in turn, each read
 * from the game as it is after the one before (a unit the rules no longer let go there,
 * a stack full, is left where it is, and said); the units that went stay selected.
 */
async function takeGroup(
  b: Basics,
  s: Selection,
  d: ClickDeps,
  h: number,
  first: { id: string; action: Action },
) {
  const { session, pres, side, pieces } = b;
  if (!side) return;
  d.setError(null);
  d.setNotice(null);
  const type = first.action.type;
  const keep = pres.controls.keepsSelection(first.action);
  const went: string[] = [];
  const left: string[] = [];
  const chosenAt = s.selections.current;
  s.sending.current = true;
  try {
    for (const id of s.group ?? [first.id]) {
      const now = session.current();
      const acting = now.activeSides[0];
      const t =
        acting === side
          ? pres.controls
              .targets(now.state, now.legal[side] ?? [], id)
              .filter((x) => x.at === h && x.action.type === type)
              .at(-1)
          : undefined;
      if (!t) {
        left.push(id);
        continue;
      }
      const r = await session.submit(side, t.action);
      if (!r.ok) {
        d.setError(r.message);
        break;
      }
      went.push(id);
    }
  } finally {
    s.sending.current = false;
  }
  // The units that went stay selected, unless the player has chosen something else since.
  if (s.selections.current === chosenAt) {
    if (keep && went.length > 0) s.select(went[0]!, went);
    else s.select(null);
  }
  if (left.length > 0 && went.length > 0) {
    const name = (id: string) => pieces.find((x) => x.id === id)?.label.replace(/,.*$/, '') ?? id;
    d.setNotice(
      `${went.length} of ${went.length + left.length} units went; not offered there now: ${left.map(name).join('; ')}.`,
    );
  }
}

/** A click on node `h` of the map. */
function clickNode(
  b: Basics,
  s: Selection,
  d: ClickDeps,
  { take, h }: { take: (a: Action, then?: () => void) => void; h: number },
) {
  const { pres, view, side, mine, actions, board, pieces } = b;
  const { selected, select } = s;
  // A stack's actions still going out: nothing else is taken meanwhile.
  if (s.sending.current) return;
  const a = d.byHex.get(h);
  d.setNotice(null);
  // A declared attack's ring clicked with a piece that has nothing to do there: why,
  // and the selection kept (issue #45 item 5).
  const lit = d.highlights.get(h);
  const piece = selected !== null ? pieces.find((x) => x.id === selected) : undefined;
  if (!a && mine && selected !== null && piece?.side === side && (lit === 'attack' || lit === 'owed')) {
    d.setNotice(
      pres.preview.whyNot(view, actions, h, selected) ??
        `${piece?.label ?? selected} has nothing to do at ${board.kind === 'hex' ? board.hexLabel[h] : board.points[h]?.name}: it cannot join the attack there now.`,
    );
    return;
  }
  // A click on a node the selected piece may not go to: why, when the game says (a line
  // full this player-turn, issue #45 item 14); the selection kept unless the player's own
  // units are there to select.
  if (!a && mine && selected !== null && piece?.side === side && pres.preview.whyNot) {
    const why = pres.preview.whyNot(view, actions, h, selected);
    if (why) {
      d.setNotice(why);
      if (!pieces.some((x) => x.at === h && x.side === side)) return;
    }
  }
  if (a) {
    // The whole stack selected: every unit of it that may go there (issue #45 item 9).
    const all = groupActions(b, s.group, h);
    if (all.length > 0) {
      void takeGroup(b, s, d, h, all[0]!);
      return;
    }
    take(a, () => {
      if (!pres.controls.keepsSelection(a)) select(null);
    });
    return;
  }
  // A click on a counter that does something in this step (fortify, take out, eliminate).
  const direct = mine ? pres.controls.nodeAction(view, actions, h, selected) : null;
  if (direct) {
    take(direct, () => select(null));
    return;
  }
  selectAt(b, s, d, h);
}

/**
 * A click on node `h` that takes no action: a stack of the player's units is selected whole
 * (as on VASSAL: one click then moves or commits it, issue #45 item 9); else the counter drawn
 * on top. A unit (or the stack) already selected stays so. A stack opens its picker, where any
 * one of its units is picked without side effects (issue #45 item 3).
 */
function selectAt(b: Basics, s: Selection, d: ClickDeps, h: number) {
  const { pres, view, side, mine, pieces } = b;
  const { selected, select } = s;
  s.setSelectedHex(h);
  const ids = pres.board.piecesAt(view, h);
  if (ids.length === 0) {
    select(null);
    s.setPicker(null);
    return;
  }
  const drawn = stackOrder(pieces.filter((x) => x.at === h));
  const top = drawn[drawn.length - 1]?.id ?? ids[ids.length - 1]!;
  const own = mine
    ? drawn
        .filter((x) => x.side === side)
        .reverse()
        .map((x) => x.id)
    : [];
  if (selected !== null && ids.includes(selected)) {
    // Kept as it is.
  } else if (own.length > 1) select(own[0]!, own);
  else select(top);
  s.setPicker(ids.length > 1 ? h : null);
  d.setTab('unit');
}
