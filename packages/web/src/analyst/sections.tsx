/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The analyst panel's sections (panel.tsx): each side's chance to win as bars, the side to
 * move's suggested plan with its actions in words (a replay's action played beside it),
 * and the table of the plans compared.
 */
import type { Action, Analysis } from '@stavka/engine';

/** The suggestion's actions listed before the rest are folded. */
const FIRST_ACTIONS = 6;

/** A row of the chances (panel.tsx `chanceRows`). */
export interface ChanceRow {
  readonly key: string;
  readonly name: string;
  readonly colour: string;
  readonly percent: number;
}

/** Each side's chance to win (and the draw's) as a bar and a per cent. */
export function ChanceBars(p: { rows: readonly ChanceRow[] }) {
  return (
    <ul class="analyst-chances" aria-label="chance to win" style={{ listStyle: 'none', padding: 0 }}>
      {p.rows.map((r) => (
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
  );
}

/** Actions in words, the first few listed and the rest folded (a whole player-turn is dozens). */
function ActionList(p: { actions: readonly Action[]; describe: (a: Action) => string }) {
  const { actions, describe } = p;
  return (
    <>
      <ol>
        {actions.slice(0, FIRST_ACTIONS).map((x, i) => (
          <li key={i}>{describe(x)}</li>
        ))}
      </ol>
      {actions.length > FIRST_ACTIONS && (
        // A whole player-turn is dozens of actions: the rest folded, the map shows them all.
        <details>
          <summary>and {actions.length - FIRST_ACTIONS} more</summary>
          <ol start={FIRST_ACTIONS + 1}>
            {actions.slice(FIRST_ACTIONS).map((x, i) => (
              <li key={i}>{describe(x)}</li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

/** The side to move's suggested plan and its actions; in a replay, the action played from here. */
export function Suggestion(p: {
  toMove: string;
  plan: Analysis['plans'][number] | null;
  suggestion: readonly Action[];
  played: { readonly side: string; readonly action: Action } | null;
  sideName: (side: string) => string;
  describe: (a: Action) => string;
}) {
  const { plan, played, sideName, describe } = p;
  return (
    <div class="analyst-suggestion">
      <p>
        {sideName(p.toMove)} to move. Suggested
        {plan ? (
          <>
            : <strong>{plan.label}</strong>
          </>
        ) : (
          ''
        )}
      </p>
      {p.suggestion.length > 0 ? (
        <ActionList actions={p.suggestion} describe={describe} />
      ) : (
        <p>No action to suggest.</p>
      )}
      {played && (
        <p class="analyst-played">
          Played: {sideName(played.side)}, {describe(played.action)}
        </p>
      )}
    </div>
  );
}

/** The plans the analyst compared, its suggestion marked. */
export function PlansCompared(p: { plans: Analysis['plans']; chosen: Analysis['plans'][number] | null }) {
  return (
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
        {p.plans.map((x) => (
          <tr key={x.key} aria-current={x === p.chosen ? 'true' : undefined}>
            <td>{x.label}</td>
            <td>{x.visits}</td>
            <td>{Math.round(x.mean * 100)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
