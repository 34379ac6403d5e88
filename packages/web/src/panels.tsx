/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The panels around the map, drawn from what the game's presentation says: what to do
 * now, the selected hex and its pieces with why they can or cannot act, the combat
 * preview with every shift and the chance of each result, the log with the rule behind
 * each entry, and the score. No rule of any game is known here.
 */
import {
  type CombatPreviewData,
  type GameOption,
  type GameProgress,
  type LogEntry,
  type NodeFacts,
  optionsInForce,
  type Prompt,
  type ScoreSheet,
  type ThreatLine,
} from '@stavka/engine';
import { ruleExcerpt } from '@stavka/games/rules-text';
import { useState } from 'preact/hooks';
import type { Colours } from './counters.ts';

export function StatusBar(p: {
  progress: GameProgress | null;
  prompt: Prompt;
  /** The side to move (null: nobody, the game is over). */
  side: string | null;
  sideName: (side: string) => string;
  colours: Colours;
  over: boolean;
  canUndo: boolean;
  onUndo: () => void;
  /** The sudden endings threatening the player, in words (issue #45 item 1). */
  threats?: readonly ThreatLine[];
}) {
  const { progress, prompt, side } = p;
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <header class="status" aria-live="polite">
      {progress && (
        <div class="turn">
          Turn {progress.turn} of {progress.turns}{' '}
          {progress.date && <span class="dates">{progress.date}</span>}
          {progress.weather && <span class="weather"> · {progress.weather}</span>}
        </div>
      )}
      <div class="step">
        {p.over ? (
          <strong>Game over</strong>
        ) : (
          <>
            <span class="side-chip" style={{ background: p.colours[side ?? '']?.fill }}>
              {side ? p.sideName(side) : ''}
            </span>{' '}
            <strong>{prompt.step}</strong>
            {prompt.detail ? ` — ${prompt.detail}` : ''}
          </>
        )}
      </div>
      {/* On a phone the help is clamped to two lines: a tap shows it whole (issue #45 item 11). */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the whole text is there for screen readers and keyboards; the tap only unclamps it */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
      <div class={helpOpen ? 'help open' : 'help'} onClick={() => setHelpOpen(!helpOpen)}>
        {prompt.help}
      </div>
      {(p.threats ?? []).length > 0 && (
        <div class="threat" role="alert" aria-label="threat">
          {(p.threats ?? []).map((t, i) => (
            <p key={i}>⚠ {t.words}</p>
          ))}
        </div>
      )}
      {p.canUndo && (
        <button type="button" onClick={p.onUndo} title="Take back the last action (until a die roll)">
          Undo
        </button>
      )}
    </header>
  );
}

export function UnitPanel(p: {
  facts: NodeFacts | null;
  selected: string | null;
  colours: Colours;
  onSelect: (id: string) => void;
  /** What the board's nodes are called ("hex", "point"). */
  node?: string;
}) {
  const { facts } = p;
  if (!facts) return <section class="panel unit">Select a {p.node ?? 'hex'} or a unit.</section>;
  return (
    <section class="panel unit" aria-label="unit panel">
      <h3>{facts.heading}</h3>
      <p class="hexinfo">{facts.about}</p>
      <ul class="stack">
        {facts.pieces.map((u) => (
          <li key={u.id} class={u.id === p.selected ? 'selected' : ''}>
            <button type="button" onClick={() => p.onSelect(u.id)} aria-pressed={u.id === p.selected}>
              <span class="side-chip" style={{ background: p.colours[u.side]?.fill }} /> {u.name}
            </button>
            <div class="facts">{u.facts}</div>
            <div class="can">{u.can}</div>
            {u.why.length > 0 && <div class="why">{u.why.join('; ')}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The combat preview: the attack and defense itemized, the odds, each shift, the chance of each result. */
export function CombatPreview(p: { data: CombatPreviewData }) {
  const { data } = p;
  const r = data.report;
  return (
    <section class="panel combat" aria-label="combat preview">
      <h3>{data.title}</h3>
      <table class="odds">
        <tbody>
          <tr>
            <th>Attack</th>
            <td>
              {data.attack}
              {data.attackItems.length > 1 || data.attackItems.some((i) => i.cite) ? (
                <ul class="items">
                  {data.attackItems.map((i, k) => (
                    <li key={k}>
                      +{i.value} {i.reason}
                      {i.cite ? ` (${i.cite})` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
          </tr>
          <tr>
            <th>Defense</th>
            <td>
              {data.defense}
              <ul class="items">
                {data.defenseItems.map((i, k) => (
                  <li key={k}>
                    {i.value > 0 ? `+${i.value}` : i.value} {i.reason}
                    {i.cite ? ` (${i.cite})` : ''}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
          {r && (
            <tr>
              <th>Odds</th>
              <td>{r.ratio}</td>
            </tr>
          )}
          {r?.shifts.map((sh, k) => (
            <tr key={`s${k}`} class="shift">
              <th>{sh.by > 0 ? `+${sh.by}` : sh.by}</th>
              <td>
                {sh.reason}
                {sh.cite ? ` (${sh.cite})` : ''}
              </td>
            </tr>
          ))}
          {r && (
            <tr>
              <th>Column</th>
              <td>
                <strong>{r.column}</strong>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {data.refusal || !r ? (
        <p class="refusal" role="alert">
          Not allowed: {data.refusal}
        </p>
      ) : (
        <ul class="chances">
          {r.chances.map((c) => (
            <li key={c.result}>
              <span class="result" title={data.meanings[c.result] ?? c.result}>
                {c.result}
              </span>
              {data.names?.[c.result] && <span class="result-name">{data.names[c.result]}</span>}
              <span class="bar" style={{ width: `${Math.round(c.probability * 120)}px` }} />
              {/* A chance in sixths is said ("2 in 6"); any other is a per cent, the exact fraction on hover (issue #45 item 13). */}
              <span class="chance" title={c.chance}>
                {/^\d+ in \d+$/.test(c.chance)
                  ? `${c.chance} (${Math.round(c.probability * 100)}%)`
                  : `${c.probability < 0.1 && c.probability > 0 ? (c.probability * 100).toFixed(1) : Math.round(c.probability * 100)}%`}
                {c.rolls ? ` · roll ${c.rolls.join(', ')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.notes.map((n) => (
        <p key={n} class="note">
          {n}
        </p>
      ))}
    </section>
  );
}

export function LogPanel(p: {
  log: readonly LogEntry[];
  detail: (e: LogEntry) => string;
  /** The entry as players read it. */
  text?: (e: LogEntry) => string;
  /** A line hovered (its hexes lit on the map), or left (null). */
  onHover?: (e: LogEntry | null) => void;
  /** A line clicked: the map shows where it happened. */
  onShow?: (e: LogEntry) => void;
  onCite: (cite: string) => void;
}) {
  const entries = p.log.slice(-200);
  return (
    <section class="panel log" aria-label="game log">
      <h3>Log</h3>
      <ol reversed onMouseLeave={() => p.onHover?.(null)}>
        {[...entries].reverse().map((e, i) => (
          <li key={p.log.length - i} class={`log-${e.kind}`} onMouseEnter={() => p.onHover?.(e)}>
            {p.onShow ? (
              <button type="button" class="log-line" onClick={() => p.onShow?.(e)} title="Show on the map">
                {e.kind === 'roll' ? <span class="roll-mark">Roll</span> : null}
                {p.text ? p.text(e) : e.text}
                {p.detail(e)}
              </button>
            ) : (
              <>
                {e.kind === 'roll' ? <span class="roll-mark">Roll</span> : null}
                {p.text ? p.text(e) : e.text}
                {p.detail(e)}
              </>
            )}
            {e.cite?.map((c) => (
              <button type="button" key={c} class="cite" onClick={() => p.onCite(c)}>
                {c}
              </button>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The game's optional rules as this game was made (its module's `options`, each on or off),
 * each rule a link to its text. Nothing when the game has none or the session does not know.
 */
export function OptionsLine(p: {
  declared: readonly GameOption[] | undefined;
  options: Readonly<Record<string, unknown>> | undefined;
  onCite: (cite: string) => void;
}) {
  if (!p.declared || p.declared.length === 0 || !p.options) return null;
  return (
    <p class="options-in-force">
      Optional rules:{' '}
      {optionsInForce(p.declared, p.options).map(({ option, on }, i) => (
        <span key={option.key} class={on === option.default ? '' : 'switched'}>
          {i > 0 && '; '}
          {option.label} (
          {option.rule.split(/,\s*/).map((r, k) => (
            <span key={r}>
              {k > 0 && ', '}
              <button type="button" class="cite" onClick={() => p.onCite(r)}>
                {r}
              </button>
            </span>
          ))}
          ): <strong>{on ? 'on' : 'off'}</strong>
        </span>
      ))}
    </p>
  );
}

export function RulePanel(p: { cite: string | null; onClose: () => void }) {
  if (!p.cite) return null;
  const r = ruleExcerpt(p.cite);
  return (
    <aside class="panel rule" aria-label="rule text">
      <button type="button" class="close" onClick={p.onClose} aria-label="close rule text">
        ×
      </button>
      <h3>{p.cite}</h3>
      {r ? (
        <>
          <p class="source">{r.source}</p>
          <pre>{r.text}</pre>
        </>
      ) : (
        <p>No text found for this citation.</p>
      )}
    </aside>
  );
}

export function VpPanel(p: { score: ScoreSheet; colours: Colours }) {
  return (
    <section class="panel vp" aria-label="victory points">
      <h3>{p.score.heading}</h3>
      {p.score.toWin && (
        <div class="to-win">
          <h4>What it takes to win</h4>
          <ul>
            {p.score.toWin.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          <h4>Points so far</h4>
        </div>
      )}
      <ul>
        {p.score.items.map((i, k) => (
          <li key={k}>
            <span class="side-chip" style={{ background: p.colours[i.side]?.fill }} /> +{i.points} {i.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
