/**
 * The recap of a player-turn: its steps drawn one at a time on the map; and the player-turns
 * of the game so far, the last of another side's offered for "Recap".
 */
import { useMemo, useState } from 'preact/hooks';
import type { FinishedTurn, RecapStep } from '../table.tsx';
import { playerTurns } from '../turns.ts';
import type { Basics } from './basics.ts';

export function useRecap(b: Basics) {
  const { v, pres, view } = b;
  const [recap, setRecap] = useState<{ label: string; steps: RecapStep[]; at: number } | null>(null);
  const recapStep = recap ? recap.steps[recap.at] : undefined;
  const openRecap = (t: FinishedTurn) => {
    const steps: RecapStep[] = [];
    for (const e of t.entries) {
      const d = pres.board.logDrawing(view, e);
      if (d) steps.push({ text: pres.words.logText(view, e), drawing: d });
    }
    setRecap({ label: t.label, steps, at: 0 });
  };
  // The last player-turn of another side (else the last one), for "Recap".
  const turns = useMemo(() => playerTurns(pres, v.log), [pres, v.log]);
  const lastOther = (() => {
    for (let k = turns.length - 2; k >= 0; k--)
      if (!b.isMine(turns[k]!.side) || v.mode === 'hotseat') return k;
    return -1;
  })();
  return { recap, setRecap, recapStep, openRecap, turns, lastOther };
}

export type Recap = ReturnType<typeof useRecap>;
