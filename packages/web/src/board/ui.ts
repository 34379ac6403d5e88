/**
 * The board's own small state, apart from the selection: what is pointed at, the messages
 * shown, the tab open and the toolbar's switches.
 */
import type { Action, Arrow, LogDrawing } from '@stavka/engine';
import { useState } from 'preact/hooks';
import type { Tab } from '../board-side.tsx';
import type { Switches } from './tools.tsx';

export function useBoardUi() {
  const [hover, setHover] = useState<number | null>(null);
  const [cite, setCite] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('unit');
  // Where a hovered (or clicked) log line happened.
  const [logShown, setLogShown] = useState<LogDrawing | null>(null);
  const [logFocus, setLogFocus] = useState<number | null>(null);
  // The action button pointed at: the hex it names is lit.
  const [buttonShown, setButtonShown] = useState<Action | null>(null);
  // The analyst's suggestion drawn on the map (issue #48 item 2): none while it is off.
  const [suggested, setSuggested] = useState<readonly Arrow[]>([]);
  return {
    hover,
    setHover,
    cite,
    setCite,
    error,
    setError,
    notice,
    setNotice,
    tab,
    setTab,
    logShown,
    setLogShown,
    logFocus,
    setLogFocus,
    buttonShown,
    setButtonShown,
    suggested,
    setSuggested,
  };
}

/** The toolbar's switches: the overlay, hex numbers, the front (on by default, issue #45 item 7), sound. */
export function useSwitches(): Switches {
  const [overlay, setOverlay] = useState<string>('none');
  const [showNumbers, setShowNumbers] = useState(false);
  const [showFront, setShowFront] = useState(true);
  const [sound, setSound] = useState(false);
  return { overlay, setOverlay, showNumbers, setShowNumbers, showFront, setShowFront, sound, setSound };
}

export type BoardUi = ReturnType<typeof useBoardUi>;
