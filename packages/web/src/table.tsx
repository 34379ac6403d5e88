/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The wargamer's table (issue #25), drawn from what the game's presentation says: the
 * banner at each roll, the pause at the end of a player-turn with its summary, the recap
 * of the other side's turn stepped through on the map, why a control is missing, the
 * action buttons grouped (big groups collapsed), the set-up tray, the reference sheets
 * and a "Copy" button for links. No rule of any game is known here.
 */
import type {
  Action,
  LogDrawing,
  LogEntry,
  MissingControl,
  PieceDrawing,
  ReferenceSheet,
  RollBanner,
  SetupTray,
  ThreatLine,
} from '@stavka/engine';
import type { Colours } from './counters.ts';
import { HEX_SIZE } from './geometry.ts';
import { Counter } from './MapView.tsx';

/** The result of a roll: the column and row read and what the result means. */
export function ResultBanner(p: {
  banner: RollBanner;
  sideName: (side: string) => string;
  heading: string;
  onDismiss: () => void;
  onCite: (cite: string) => void;
  /** An older result: one line (its title and result code), opened on demand (issue #45 item 2). */
  folded?: boolean;
}) {
  const b = p.banner;
  if (p.folded)
    return (
      <details class="panel banner folded" aria-label="earlier result">
        <summary>
          {p.heading}: {b.title} — <strong class="result-code">{b.result || b.row}</strong>
        </summary>
        <ResultBanner {...p} folded={false} />
      </details>
    );
  return (
    <section class="panel banner" role="status" aria-label={b.column ? 'combat result' : 'roll result'}>
      <button type="button" class="close" onClick={p.onDismiss} aria-label="dismiss the result">
        ×
      </button>
      <p class="banner-heading">{p.heading}</p>
      <h3>
        {b.title}
        {b.side ? ` (${p.sideName(b.side)} attacking)` : ''}
      </h3>
      {b.roll < 1 ? (
        // A result of many rolls (a whole battle): what it came to, no die (issue #45 item 12).
        <p class="roll-line">
          {b.row}: <strong class="result-code">{b.result}</strong>
        </p>
      ) : (
        <p class="roll-line">
          <Die value={b.roll} /> Rolled <strong>{b.row}</strong>
          {b.column ? (
            <>
              {' '}
              on the <strong>{b.column}</strong> column
            </>
          ) : null}
          {b.result ? (
            <>
              : <strong class="result-code">{b.result}</strong>
            </>
          ) : null}
        </p>
      )}
      {b.meaning && <p class="meaning">{b.meaning}</p>}
      {b.next && <p class="next">{b.next}</p>}
      {b.cite && (
        <button type="button" class="cite" onClick={() => p.onCite(b.cite!)}>
          {b.cite}
        </button>
      )}
    </section>
  );
}

/** A die face drawn in SVG (no emoji font needed). */
export function Die(p: { value: number }) {
  const pips: Record<number, [number, number][]> = {
    1: [[5, 5]],
    2: [
      [2.5, 2.5],
      [7.5, 7.5],
    ],
    3: [
      [2.5, 2.5],
      [5, 5],
      [7.5, 7.5],
    ],
    4: [
      [2.5, 2.5],
      [7.5, 2.5],
      [2.5, 7.5],
      [7.5, 7.5],
    ],
    5: [
      [2.5, 2.5],
      [7.5, 2.5],
      [5, 5],
      [2.5, 7.5],
      [7.5, 7.5],
    ],
    6: [
      [2.5, 2.5],
      [7.5, 2.5],
      [2.5, 5],
      [7.5, 5],
      [2.5, 7.5],
      [7.5, 7.5],
    ],
  };
  return (
    <svg class="die" viewBox="0 0 10 10" role="img" aria-label={`die showing ${p.value}`}>
      <rect x="0.3" y="0.3" width="9.4" height="9.4" rx="1.8" />
      {(pips[p.value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="0.95" />
      ))}
    </svg>
  );
}

/** A finished player-turn: its label, its side and its summary lines. */
export interface FinishedTurn {
  readonly label: string;
  readonly side: string;
  readonly lines: readonly string[];
  /** The turn's log entries (for its recap). */
  readonly entries: readonly LogEntry[];
}

/** The pause at the end of a player-turn (or several, when the other side played at once). */
export function TurnPause(p: {
  turns: readonly FinishedTurn[];
  mine: (side: string) => boolean;
  onRecap: (t: FinishedTurn) => void;
  onContinue: () => void;
  /** What threatens the player now (issue #45 item 1), said after the summaries. */
  threats?: readonly ThreatLine[];
}) {
  return (
    <section class="panel pause" role="status" aria-label="end of player-turn">
      {(p.threats ?? []).map((t, i) => (
        <p key={`t${i}`} class="threat">
          ⚠ {t.words}
        </p>
      ))}
      {p.turns.map((t, i) => (
        // Only the last turn's summary open: the earlier ones fold (issue #45 item 2).
        <details key={i} open={i === p.turns.length - 1}>
          <summary>
            <h3>End of {t.label}</h3>
          </summary>
          <ul>
            {t.lines.map((l, k) => (
              <li key={k}>{l}</li>
            ))}
          </ul>
          {!p.mine(t.side) || p.turns.length === 1 ? (
            <button type="button" onClick={() => p.onRecap(t)}>
              Step through this turn on the map
            </button>
          ) : null}
        </details>
      ))}
      <button type="button" class="primary" onClick={p.onContinue}>
        Continue
      </button>
    </section>
  );
}

/** One step of a recap: a log entry with where it happened. */
export interface RecapStep {
  readonly text: string;
  readonly drawing: LogDrawing;
}

/** The recap of a player-turn, stepped through (its moves as trails, its attacks as arrows). */
export function RecapPanel(p: {
  label: string;
  steps: readonly RecapStep[];
  at: number;
  onStep: (i: number) => void;
  onClose: () => void;
}) {
  const step = p.steps[p.at];
  return (
    <section class="panel recap" aria-label="recap">
      <h3>Recap: {p.label}</h3>
      <p class="recap-step" aria-live="polite">
        {p.steps.length === 0
          ? 'Nothing happened on the map in this turn.'
          : `${p.at + 1} / ${p.steps.length}: ${step?.text ?? ''}`}
      </p>
      <div class="buttons">
        <button type="button" disabled={p.at <= 0} onClick={() => p.onStep(p.at - 1)}>
          ◀ Previous
        </button>
        <button type="button" disabled={p.at >= p.steps.length - 1} onClick={() => p.onStep(p.at + 1)}>
          Next ▶
        </button>
        <button type="button" onClick={() => p.onStep(p.steps.length - 1)}>
          Show all
        </button>
        <button type="button" onClick={p.onClose}>
          Close the recap
        </button>
      </div>
    </section>
  );
}

/** Why each control is missing now, each with its rule. */
export function MissingList(p: { items: readonly MissingControl[]; onCite: (c: string) => void }) {
  if (p.items.length === 0) return null;
  return (
    <section class="missing" aria-label="not offered now">
      <h4>Not offered now</h4>
      <ul>
        {p.items.map((m, i) => (
          <li key={i}>
            <strong>{m.control}</strong>: {m.why}
            {m.cite && (
              <button type="button" class="cite" onClick={() => p.onCite(m.cite!)}>
                {m.cite}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The action buttons: ungrouped first, then each group (a big one collapsed). */
export function ActionButtons(p: {
  actions: readonly Action[];
  describe: (a: Action) => string;
  group: (a: Action) => string | null;
  onAction: (a: Action) => void;
  /** A button pointed at (or focused): the map lights the hex it names. */
  onHover?: (a: Action | null) => void;
}) {
  const loose: Action[] = [];
  const groups = new Map<string, Action[]>();
  for (const a of p.actions) {
    const g = p.group(a);
    if (g === null) loose.push(a);
    else groups.set(g, [...(groups.get(g) ?? []), a]);
  }
  const button = (a: Action, i: number) => (
    <button
      type="button"
      key={i}
      onClick={() => p.onAction(a)}
      onMouseEnter={() => p.onHover?.(a)}
      onMouseLeave={() => p.onHover?.(null)}
      onFocus={() => p.onHover?.(a)}
      onBlur={() => p.onHover?.(null)}
      data-action={a.type}
      {...(typeof a.unit === 'string' ? { 'data-unit': a.unit } : {})}
    >
      {p.describe(a)}
    </button>
  );
  return (
    <>
      {loose.length > 0 && <div class="buttons">{loose.map(button)}</div>}
      {[...groups].map(([name, list]) => {
        // Collapsed when long and something else is on offer (the map does it quicker), and
        // always when very long (70 Entrench buttons, issue #45 item 8).
        const collapse = (list.length > 6 && (loose.length > 0 || groups.size > 1)) || list.length > 12;
        return collapse ? (
          <details key={name} class="group">
            <summary>
              {name} ({list.length})
            </summary>
            <div class="buttons">{list.map(button)}</div>
          </details>
        ) : (
          <fieldset key={name} class="group">
            <legend>{name}</legend>
            <div class="buttons">{list.map(button)}</div>
          </fieldset>
        );
      })}
    </>
  );
}

/** The set-up tray: the pieces to place (click one, then a lit hex) and the limits. */
export function TrayPanel(p: {
  tray: SetupTray;
  colours: Colours;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const w = HEX_SIZE * 1.4;
  return (
    <section class="panel tray" aria-label="set-up tray">
      <h3>{p.tray.heading}</h3>
      <ul class="limits">
        {p.tray.limits.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      <p class="hint">Click a counter, then a green hex on the map.</p>
      <div class="tray-pieces">
        {p.tray.pieces.map((piece) => (
          <button
            type="button"
            key={piece.id}
            class="tray-piece"
            data-piece={piece.id}
            aria-pressed={piece.id === p.selected}
            disabled={!piece.placeable}
            title={piece.placeable ? piece.label : `${piece.label}: ${piece.why ?? 'cannot be placed now'}`}
            onClick={() => p.onSelect(piece.id)}
          >
            <svg viewBox={`${-w / 2} ${-w / 2} ${w} ${w}`} width="44" height="44" aria-hidden="true">
              <Counter piece={piece} colours={p.colours} at={{ x: 0, y: 0 }} count={1} />
            </svg>
            <span class="tray-name">{piece.label.replace(/^\w+ /, '').replace(/,.*$/, '')}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** The reference sheets, each folded (the first open). */
export function ReferencePanel(p: { sheets: readonly ReferenceSheet[]; onCite: (c: string) => void }) {
  return (
    <section class="panel reference" aria-label="reference">
      <h3>Reference</h3>
      {p.sheets.map((s, i) => (
        <details key={s.id} open={i === 0} data-sheet={s.id}>
          <summary>{s.title}</summary>
          {s.intro && <p>{s.intro}</p>}
          {s.table && (
            <div class="table-wrap">
              <table class="ref">
                <thead>
                  <tr>
                    {s.table.head.map((h) => (
                      <th key={h}>{h}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.table.rows.map((r, k) => (
                    <tr key={k}>
                      {r.map((c, j) => (j === 0 ? <th key={j}>{c}</th> : <td key={j}>{c}</td>))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {s.items && (
            <dl class="terms">
              {s.items.map((it) => (
                <div key={it.term}>
                  <dt>
                    {it.swatch && <Swatch swatch={it.swatch} />}
                    {it.term}
                  </dt>
                  <dd>{it.text}</dd>
                </div>
              ))}
            </dl>
          )}
          {s.notes?.map((n) => (
            <p key={n} class="note">
              {n}
            </p>
          ))}
          {s.cite && (
            <button type="button" class="cite" onClick={() => p.onCite(s.cite!)}>
              {s.cite}
            </button>
          )}
        </details>
      ))}
    </section>
  );
}

/** A colour, or a small drawing of a board class (river, rail, a highlight). */
function Swatch(p: { swatch: string }) {
  const colour = /^(#|rgb)/.test(p.swatch);
  return (
    <svg class="swatch" viewBox="0 0 24 14" width="24" height="14" aria-hidden="true">
      {colour ? (
        <rect width="24" height="14" fill={p.swatch} stroke="#999" />
      ) : p.swatch.startsWith('hl-') ? (
        <rect width="24" height="14" class={`hl ${p.swatch.slice(3)}`} />
      ) : (
        <line x1="1" y1="7" x2="23" y2="7" class={p.swatch} />
      )}
    </svg>
  );
}

/** Copies a link (the clipboard, or the text selected when the clipboard is refused). */
export { CopyButton } from './copy-button.tsx';

/**
 * The stack picker (issue #45 item 3): every unit of a clicked stack, top first, each
 * picked with a click that only selects it; what may be done with one unit alone (take it
 * out of its attack...) is a button of its own beside it, never a side effect of a pick.
 */
export function StackPicker(p: {
  heading: string;
  /** The stack top first, each with its name and facts as the presentation gives them. */
  units: readonly { readonly piece: PieceDrawing; readonly name: string; readonly facts: string }[];
  total: string;
  selected: string | null;
  /** The whole stack selected, if it is (issue #45 item 9). */
  group: readonly string[] | null;
  /** The player's units of the stack, top first (what "Whole stack" selects); none when it is not their move. */
  own: readonly string[];
  /** What the board's nodes are called ("hex", "point"). */
  node?: string;
  colours: Colours;
  /** The buttons offered about one unit (by its id). */
  actionsOf: (id: string) => readonly Action[];
  describe: (a: Action) => string;
  onPick: (id: string) => void;
  onPickAll: (ids: readonly string[]) => void;
  onAction: (a: Action) => void;
  onClose: () => void;
}) {
  const w = HEX_SIZE * 1.4;
  const whole = p.group !== null && p.group.length > 1;
  return (
    <section class="stack-picker" aria-label="stack picker">
      <button type="button" class="close" onClick={p.onClose} aria-label="close the stack picker">
        ×
      </button>
      <h3>
        {p.heading}: {p.total}
      </h3>
      {p.own.length > 1 && (
        <p class="whole-stack">
          <button type="button" class="pick-all" aria-pressed={whole} onClick={() => p.onPickAll(p.own)}>
            Whole stack ({p.own.length} units)
          </button>{' '}
          {whole
            ? `selected: a click on a lit ${p.node ?? 'hex'} moves or commits every unit that may go there. Pick one unit below to move it alone.`
            : 'or pick one unit:'}
        </p>
      )}
      <ul>
        {p.units.map((u) => (
          <li key={u.piece.id}>
            <button
              type="button"
              class="pick"
              data-piece={u.piece.id}
              aria-pressed={whole ? p.group!.includes(u.piece.id) : u.piece.id === p.selected}
              title={u.facts}
              onClick={() => p.onPick(u.piece.id)}
            >
              <svg viewBox={`${-w / 2} ${-w / 2} ${w} ${w}`} width="34" height="34" aria-hidden="true">
                <Counter piece={u.piece} colours={p.colours} at={{ x: 0, y: 0 }} count={1} />
              </svg>
              <span>
                {u.name}
                {u.piece.factors ? ` (${u.piece.factors})` : ''}
              </span>
            </button>
            {p.actionsOf(u.piece.id).map((a, i) => (
              <button type="button" key={i} data-action={a.type} onClick={() => p.onAction(a)}>
                {p.describe(a)}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
