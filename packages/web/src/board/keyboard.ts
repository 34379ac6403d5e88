/**
 * The board's keys: arrows move the cursor, Enter clicks it, Escape clears, u undoes.
 */
import type { Action } from '@stavka/engine';
import { useEffect, useRef, useState } from 'preact/hooks';
import { pointStep } from '../MapView.tsx';
import type { Basics } from './basics.ts';

/**
 * The keyboard cursor (-1: none yet). The handler is this render's (set while rendering, so a
 * key pressed right after another sees its cursor; an effect re-added after paint let Enter
 * click the cursor's previous hex); one listener, added once, calls it.
 */
export function useKeyboard(
  b: Basics,
  k: {
    hidden: boolean | undefined;
    clickHex: (h: number) => void;
    clear: () => void;
    submit: (a: Action) => Promise<void>;
  },
) {
  const { board, v } = b;
  const [cursor, setCursor] = useState(-1);
  const onKeyRef = useRef<(e: KeyboardEvent) => void>(() => {});
  onKeyRef.current = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (k.hidden || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const dirs: Record<string, number> = { ArrowUp: 0, ArrowRight: 2, ArrowDown: 3, ArrowLeft: 4 };
    if (e.key in dirs && tag !== 'BUTTON') {
      // The same keyboard cursor on a hex board and a point board (issue #45 item 10).
      e.preventDefault();
      setCursor((c) => {
        if (c < 0) return board.home;
        if (board.kind === 'points') return pointStep(board, c, e.key as 'ArrowUp');
        const t = board.map.graph.targets[c * 6 + dirs[e.key]!]!;
        return t >= 0 ? t : c;
      });
    } else if (e.key === 'Enter' && cursor >= 0 && tag !== 'BUTTON') k.clickHex(cursor);
    else if (e.key === 'Escape') k.clear();
    else if ((e.key === 'u' || e.key === 'U') && v.canUndo) void k.submit({ type: 'undo' });
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onKeyRef.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return cursor;
}
