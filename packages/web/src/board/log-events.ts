/**
 * New log entries as they come: a banner for each roll (the last result, the player's own),
 * where the last result happened, a pause for each player-turn ended, and in a replay what
 * the last step changed.
 */
import type { LogDrawing, RollBanner } from '@stavka/engine';
import { useEffect, useRef, useState } from 'preact/hooks';
import { tick } from '../sound.ts';
import type { FinishedTurn } from '../table.tsx';
import { finishedTurn, playerTurns } from '../turns.ts';
import type { Basics } from './basics.ts';

export function useLogEvents(b: Basics, sound: boolean) {
  const { v, pres, view } = b;
  // The last result, and the player's own last result, shown until dismissed: kept as
  // their rolls' places in the log and drawn from the log as it is now, so a banner says
  // what its result led to as it happens (the retreat after a D; issue #45 item 6).
  const [bannerAt, setBanners] = useState<{ latest: number | null; own: number | null }>({
    latest: null,
    own: null,
  });
  // Player-turns that ended since the player last pressed Continue.
  const [pause, setPause] = useState<FinishedTurn[]>([]);
  // Where the last result happened (an overrun, a battle's end): the map shows it until the
  // banner is dismissed or something else asks for the map (issue #45).
  const [resultFocus, setResultFocus] = useState<number | null>(null);
  // In a replay, the last step's change.
  const [stepShown, setStepShown] = useState<LogDrawing[]>([]);

  const seenLog = useRef(v.log.length);
  useEffect(() => {
    const log = v.log;
    const from = seenLog.current;
    seenLog.current = log.length;
    if (v.mode === 'replay') {
      const drawn: LogDrawing[] = [];
      for (let i = from; i < log.length; i++) {
        const d = pres.board.logDrawing(view, log[i]!);
        if (d) drawn.push(d);
      }
      setStepShown(drawn);
      return;
    }
    if (log.length <= from) return;
    const found: { at: number; banner: RollBanner }[] = [];
    for (let i = from; i < log.length; i++) {
      const banner = pres.words.rollBanner(view, log, i);
      if (banner) found.push({ at: i, banner });
    }
    if (found.length > 0) {
      const latest = found[found.length - 1]!.at;
      const own = [...found].reverse().find((x) => x.banner.side !== null && v.seats.includes(x.banner.side));
      setBanners((was) => ({ latest, own: own?.at ?? was.own }));
      const where = pres.board.logDrawing(view, log[latest]!);
      setResultFocus(where ? (where.nodes[where.nodes.length - 1] ?? null) : null);
      if (sound) tick();
    }
    const turns = playerTurns(pres, log);
    const ended: FinishedTurn[] = [];
    for (let k = 1; k < turns.length; k++)
      if (turns[k]!.at >= from) ended.push(finishedTurn(pres, view, log, turns[k - 1]!, turns[k]!.at));
    if (ended.length > 0) setPause((was) => [...was, ...ended]);
  }, [v.log]);

  const bannerOf = (i: number | null): RollBanner | null =>
    i !== null && i < v.log.length ? pres.words.rollBanner(view, v.log, i) : null;
  const banners = { latest: bannerOf(bannerAt.latest), own: bannerOf(bannerAt.own) };
  return { bannerAt, setBanners, banners, pause, setPause, resultFocus, setResultFocus, stepShown };
}

export type LogEvents = ReturnType<typeof useLogEvents>;
