/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The analyst in the game page's side column (issue #48 item 2): off until the player
 * switches it on; then the AI's reading of the position shown as it firms up (each side's
 * chance to win, from how many rollouts), the side to move's suggested plan with its
 * actions in words and drawn on the map as arrows, and the plans it compared. The search
 * runs in a worker (client.ts): the board never waits for it.
 */
import {
  type Action,
  type Analysis,
  type AnyGameModule,
  type Arrow,
  type GameState,
  type Presentation,
  rngFromSeed,
  SERVER,
  type Viewer,
} from '@stavka/engine';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { tablePresentation } from '../presentation.ts';
import type { SessionView } from '../session.ts';
import { sideNameIn } from '../sides.ts';
import { AnalystClient, analystWorker, type WorkerLike } from './client.ts';

/** The rollouts of the analyst's last batch (BATCHES below it come first). */
export const ANALYST_ROLLOUTS = 128;

/** The suggestion's actions listed before the rest are folded. */
const FIRST_ACTIONS = 6;

/**
 * The position the analyst reads, cut by the analyst to its viewer: the whole state where
 * this browser holds it (an offline game, a replay's step), without its log and undo (the
 * analyst reads neither); else the view the page has (an online seat's) made a state, with
 * dice of the analyst's own (the game's are never in a view).
 */
export function analystPosition(
  v: SessionView,
  rulesVersion: string,
  whole: GameState<unknown> | null = null,
): GameState<unknown> {
  if (whole) return { ...whole, log: [], undo: null };
  return {
    game: v.game,
    rulesVersion,
    stateId: v.stateId,
    rng: rngFromSeed(`analyst:${v.stateId}`),
    log: [],
    logDigest: '',
    actionCount: 0,
    undo: null,
    state: v.state,
  };
}

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

/** The analyst's reading so far: the latest batch's analysis, whether more is coming, or why none. */
interface Reading {
  /** The position it reads (game, state id, viewer): a reading of another is never shown. */
  readonly of: string;
  readonly analysis: Analysis | null;
  readonly going: boolean;
  readonly error: string | null;
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
  const [reading, setReading] = useState<Reading>({ of: '', analysis: null, going: false, error: null });
  const client = useRef<AnalystClient | null>(null);
  const spawn = p.spawn ?? analystWorker;
  useEffect(
    () => () => {
      client.current?.dispose();
      client.current = null;
    },
    [],
  );
  const rulesVersion = game.rules.rulesVersion;
  const of = `${v.game}:${v.stateId}:${viewer}`;
  // A new position (a move, a step of a replay) or viewer: the running analysis stops, a new one starts.
  useEffect(() => {
    if (!on) {
      client.current?.cancel();
      setReading({ of, analysis: null, going: false, error: null });
      return;
    }
    client.current ??= new AnalystClient(spawn);
    setReading({ of, analysis: null, going: true, error: null });
    client.current.ask(
      {
        game: v.game,
        state: analystPosition(v, rulesVersion, p.whole),
        viewer,
        // Without the whole state (an online seat), the page's view is all there is.
        asView: !p.whole && viewer !== SERVER,
        rollouts: ANALYST_ROLLOUTS,
        seed: `analyst:${v.game}:${v.stateId}`,
      },
      (reply) =>
        setReading(
          reply.type === 'error'
            ? { of, analysis: null, going: false, error: reply.message }
            : { of, analysis: reply.analysis, going: !reply.final, error: null },
        ),
    );
  }, [on, of, v.state, rulesVersion]);
  // Until the new position's first reading comes, the last one's is not shown (nor its arrows).
  const shown = reading.of === of ? reading : { of, analysis: null, going: on, error: null };
  const a = shown.analysis;
  const arrows = useMemo(
    () => (on && a ? suggestionArrows(pres, v.state, a.suggestion) : []),
    [on, a, pres, v.state],
  );
  useEffect(() => onArrows(arrows), [arrows, onArrows]);
  useEffect(() => () => onArrows([]), [onArrows]);
  const plan = a ? suggestedPlan(a) : null;
  const sideName = (s: string) => sideNameIn(game.meta, s);
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
          <ul class="analyst-chances" aria-label="chance to win" style={{ listStyle: 'none', padding: 0 }}>
            {chanceRows(game, a.chances).map((r) => (
              <li
                key={r.key}
                class="chance"
                data-side={r.key}
                style={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}
              >
                <span style={{ flex: '0 0 45%' }}>{r.name}</span>
                <span
                  class="chance-bar"
                  aria-hidden="true"
                  style={{ flex: '1 1 auto', height: '0.8rem', background: '#e4e4e4', borderRadius: '2px' }}
                >
                  <span
                    style={{
                      display: 'block',
                      height: '100%',
                      width: `${r.percent}%`,
                      background: r.colour,
                      borderRadius: '2px',
                    }}
                  />
                </span>
                <span class="chance-percent">{r.percent}%</span>
              </li>
            ))}
          </ul>
          <p class="analyst-rollouts" role="status">
            from {a.rollouts} rollouts{shown.going ? ', reading further…' : ''}
          </p>
          {a.toMove ? (
            <div class="analyst-suggestion">
              <p>
                {sideName(a.toMove)} to move. Suggested
                {plan ? (
                  <>
                    : <strong>{plan.label}</strong>
                  </>
                ) : (
                  ''
                )}
              </p>
              {a.suggestion.length > 0 ? (
                <>
                  <ol>
                    {a.suggestion.slice(0, FIRST_ACTIONS).map((x, i) => (
                      <li key={i}>{pres.words.describe(v.state, x)}</li>
                    ))}
                  </ol>
                  {a.suggestion.length > FIRST_ACTIONS && (
                    // A whole player-turn is dozens of actions: the rest folded, the map shows them all.
                    <details>
                      <summary>and {a.suggestion.length - FIRST_ACTIONS} more</summary>
                      <ol start={FIRST_ACTIONS + 1}>
                        {a.suggestion.slice(FIRST_ACTIONS).map((x, i) => (
                          <li key={i}>{pres.words.describe(v.state, x)}</li>
                        ))}
                      </ol>
                    </details>
                  )}
                </>
              ) : (
                <p>No action to suggest.</p>
              )}
              {p.played && (
                <p class="analyst-played">
                  Played: {sideName(p.played.side)}, {pres.words.describe(v.state, p.played.action)}
                </p>
              )}
            </div>
          ) : (
            <p>Nobody is to move: the game is over.</p>
          )}
          {a.plans.length > 0 && (
            <table class="analyst-plans">
              <caption>Plans compared</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Visits</th>
                  <th scope="col">Mean</th>
                </tr>
              </thead>
              <tbody>
                {a.plans.map((x) => (
                  <tr key={x.key} aria-current={x === plan ? 'true' : undefined}>
                    <td>{x.label}</td>
                    <td>{x.visits}</td>
                    <td>{Math.round(x.mean * 100)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
