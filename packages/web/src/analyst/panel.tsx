/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The analyst in the game page's side column (issue #48 item 2): off until the player
 * switches it on; then the AI's reading of the position shown as it firms up (each side's
 * chance to win, from how many rollouts), the side to move's suggested plan with its
 * actions in words and drawn on the map as arrows, and the plans it compared. The search
 * runs in a worker (client.ts): the board never waits for it. Its parts: the reading
 * (reading.ts: the worker asked again at each position), the sections drawn (sections.tsx:
 * chances, suggestion, plans compared) and the arrows handed to the map (below).
 */
import type { Action, Analysis, AnyGameModule, Arrow, GameState, Presentation, Viewer } from '@stavka/engine';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { tablePresentation } from '../presentation.ts';
import type { SessionView } from '../session.ts';
import { sideNameIn } from '../sides.ts';
import { analystWorker, type WorkerLike } from './client.ts';
import { useAnalystReading } from './reading.ts';
import { ChanceBars, PlansCompared, Suggestion } from './sections.tsx';

export { analystPosition } from './reading.ts';

/** The plan the analyst suggests: its best (the plans come best first), if it compared any. */
export function suggestedPlan(a: Analysis): Analysis['plans'][number] | null {
  return a.plans[0] ?? null;
}

/** The suggestion's arrows, as the game's presentation draws each action (none it cannot). */
export function suggestionArrows(pres: Presentation, view: unknown, suggestion: readonly Action[]): Arrow[] {
  const { preview } = tablePresentation(pres);
  const out: Arrow[] = [];
  for (const a of suggestion) {
    const arrow = preview.actionArrow(view, a);
    if (arrow) out.push(arrow);
  }
  return out;
}

/** Each side's chance, and the draw's, in the game's side order, as whole per cents. */
export function chanceRows(
  game: AnyGameModule,
  chances: Analysis['chances'],
): { key: string; name: string; colour: string; percent: number }[] {
  const rows = game.meta.sides.map((s) => ({
    key: s.id,
    name: sideNameIn(game.meta, s.id),
    colour: s.colour,
    percent: Math.round((chances[s.id] ?? 0) * 100),
  }));
  if ((chances.draw ?? 0) > 0)
    rows.push({ key: 'draw', name: 'Draw', colour: '#888', percent: Math.round(chances.draw! * 100) });
  return rows;
}

export function AnalystPanel(p: {
  game: AnyGameModule;
  pres: Presentation;
  v: SessionView;
  viewer: Viewer;
  /** "Analyst", or in a replay "What would have happened". */
  heading: string;
  /** The whole state, where this browser holds it (an offline game, a replay); null: an online seat's view is read. */
  whole: GameState<unknown> | null;
  /** A replay: the action the game went on with from here, to set beside the suggestion. */
  played?: { readonly side: string; readonly action: Action } | null;
  /** The suggestion's arrows for the map (none while the analyst is off or reading). */
  onArrows: (arrows: readonly Arrow[]) => void;
  /** The worker (tests hand a fake). */
  spawn?: () => WorkerLike;
}) {
  const { game, pres, v, viewer, onArrows } = p;
  const [on, setOn] = useState(false);
  const shown = useAnalystReading({
    on,
    v,
    viewer,
    rulesVersion: game.rules.rulesVersion,
    whole: p.whole,
    spawn: p.spawn ?? analystWorker,
  });
  const a = shown.analysis;
  useMapArrows(on && a ? a.suggestion : null, pres, v.state, onArrows);
  const plan = a ? suggestedPlan(a) : null;
  const describe = (x: Action) => pres.words.describe(v.state, x);
  return (
    <section class="panel analyst" aria-label="analyst" data-rollouts={a?.rollouts ?? 0}>
      <h3>{p.heading}</h3>
      <button
        type="button"
        class="analyst-toggle"
        aria-pressed={on}
        onClick={() => setOn(!on)}
        title="The AI's reading of this position: each side's chance to win, and what it would play"
      >
        Analyst
      </button>
      {on && shown.error && (
        <p class="error" role="alert">
          {shown.error}
        </p>
      )}
      {on && !shown.error && !a && <p class="analyst-wait">Reading the position…</p>}
      {on && a && (
        <>
          <ChanceBars rows={chanceRows(game, a.chances)} />
          <p class="analyst-rollouts" role="status">
            from {a.rollouts} rollouts{shown.going ? ', reading further…' : ''}
          </p>
          {a.toMove ? (
            <Suggestion
              toMove={a.toMove}
              plan={plan}
              suggestion={a.suggestion}
              played={p.played ?? null}
              sideName={(s) => sideNameIn(game.meta, s)}
              describe={describe}
            />
          ) : (
            <p>Nobody is to move: the game is over.</p>
          )}
          {a.plans.length > 0 && <PlansCompared plans={a.plans} chosen={plan} />}
        </>
      )}
    </section>
  );
}

/** The suggestion's arrows handed to the map while there is one; none once the panel goes. */
function useMapArrows(
  suggestion: readonly Action[] | null,
  pres: Presentation,
  view: unknown,
  onArrows: (arrows: readonly Arrow[]) => void,
) {
  const arrows = useMemo(
    () => (suggestion ? suggestionArrows(pres, view, suggestion) : []),
    [suggestion, pres, view],
  );
  useEffect(() => onArrows(arrows), [arrows, onArrows]);
  useEffect(() => () => onArrows([]), [onArrows]);
}
