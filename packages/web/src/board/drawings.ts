/**
 * What the map draws besides the pieces: the trails and arrows of a recap, of a log line
 * pointed at or of a replay's last step, the game's own arrows, and the node in focus.
 */
import type { LogDrawing } from '@stavka/engine';
import { useMemo } from 'preact/hooks';
import type { Basics } from './basics.ts';
import type { Recap } from './recap.ts';

export function useDrawings(
  b: Basics,
  r: Recap,
  w: {
    logShown: LogDrawing | null;
    logFocus: number | null;
    stepShown: LogDrawing[];
    resultFocus: number | null;
  },
) {
  const { pres, view, side } = b;
  const { recap, recapStep } = r;
  const { logShown, logFocus, stepShown, resultFocus } = w;
  const focus = recapStep
    ? (recapStep.drawing.nodes[recapStep.drawing.nodes.length - 1] ?? null)
    : (logFocus ?? pres.board.focus(view) ?? resultFocus);
  const recapTrails = recap
    ? recap.steps
        .slice(0, recap.at + 1)
        .filter((s) => s.drawing.path && s.drawing.path.length > 1)
        .map((s) => ({ path: s.drawing.path!, current: s === recapStep }))
    : [];
  const recapArrows = recap ? recap.steps.slice(0, recap.at + 1).flatMap((s) => s.drawing.arrows ?? []) : [];
  const trails = recap
    ? recapTrails
    : [...(logShown ? [logShown] : stepShown)]
        .filter((d) => d.path && d.path.length > 1)
        .map((d) => ({ path: d.path!, current: true }));
  const gameArrows = useMemo(() => pres.board.arrows(view, side), [pres, view, side]);
  const arrows = recap
    ? recapArrows
    : [...gameArrows, ...(logShown?.arrows ?? stepShown.flatMap((d) => d.arrows ?? []))];
  return { focus, trails, arrows };
}
