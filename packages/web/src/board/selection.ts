/**
 * What the player has selected on the board: a piece or a whole stack, a node, the stack
 * picker open, an action waiting for a yes.
 */
import type { Action } from '@stavka/engine';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** An action waiting for the player's yes: it cannot be taken back (issue #45 item 4). */
export interface Pending {
  action: Action;
  question: string;
  then?: () => void;
}

export function useSelection() {
  const [selectedHex, setSelectedHex] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  // The whole stack selected (the player's units of a clicked stack, top first; the first is
  // `selected`): a click on a lit node takes every unit of it that may go there (issue #45 item 9).
  const [group, setGroup] = useState<readonly string[] | null>(null);
  /** Each selection made, counted: a stack's actions still going out leave a newer one as it is. */
  const selections = useRef(0);
  /** Selects one piece (or none), or a whole stack led by its first. */
  const select = useCallback((id: string | null, stack: readonly string[] | null = null) => {
    selections.current++;
    setSelected(id);
    setGroup(stack && stack.length > 1 ? stack : null);
  }, []);
  /** A whole stack's actions going out one by one (an online game waits on each): the map waits. */
  const sending = useRef(false);
  // The node whose stack picker is open (issue #45 item 3).
  const [picker, setPicker] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  /** Nothing selected, no picker, no question (a new step, Escape). */
  const clear = () => {
    select(null);
    setSelectedHex(null);
    setPicker(null);
    setPending(null);
  };
  return {
    selectedHex,
    setSelectedHex,
    selected,
    group,
    select,
    selections,
    sending,
    picker,
    setPicker,
    pending,
    setPending,
    clear,
  };
}

export type Selection = ReturnType<typeof useSelection>;

/**
 * The node whose stack picker is drawn, given the node whose picker is open: the same a
 * frame late when it opens or moves to another node (preact runs effects once the frame
 * they were asked in is painted), null at once when it closes. So a click's highlights
 * reach the screen without the picker's counters, list and the side panel's new layout
 * in their frame (issue #49: stack clicks were most of the slowest), and only the
 * component holding this state (the side panel's work) is drawn again for the picker.
 */
export function usePickerDrawn(picker: number | null): number | null {
  const [drawn, setDrawn] = useState<number | null>(null);
  useEffect(() => {
    setDrawn(picker);
  }, [picker]);
  return picker === null ? null : drawn;
}
