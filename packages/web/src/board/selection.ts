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
  // The picker drawn: a node's picker opens in the frame after the one that lights what
  // the click selected (preact runs effects once that frame is painted), so a click's
  // highlight reaches the screen without the picker's counters, text and layout in its
  // frame (issue #49: the stack clicks were most of the slowest); it closes at once.
  const [pickerDrawn, setPickerDrawn] = useState<number | null>(null);
  useEffect(() => {
    setPickerDrawn(picker);
  }, [picker]);
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
    /** The node whose picker is drawn: `picker` a frame late when it opens or moves, at once when it closes. */
    pickerDrawn: picker === null ? null : pickerDrawn,
    setPicker,
    pending,
    setPending,
    clear,
  };
}

export type Selection = ReturnType<typeof useSelection>;
