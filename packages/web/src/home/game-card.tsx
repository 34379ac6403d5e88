/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * A game's card on the home page: its title and blurb, the calculator's link, its
 * optional rules, and the forms that start a new game of it (hot-seat, online, against
 * the AI at a chosen level, offline), with the analyst allowed or not (issue #48 item 2).
 */
import { useState } from 'preact/hooks';
import type { GameCard } from '../games.ts';
import type { NewGameMode } from '../server-games.ts';

/** How a new game is started: where, with which options switched from their default, the analyst allowed or not. */
export type StartGame = (
  game: string,
  mode: NewGameMode | { kind: 'offline' },
  options: Record<string, boolean>,
  analyst: boolean,
) => void;

export function CatalogCard({ g, busy, start }: { g: GameCard; busy: boolean; start: StartGame }) {
  /** The optional rules ticked (a key not here is at its module's default). */
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  /** The options a new game is made with: those ticked away from their default. */
  const switched = (): Record<string, boolean> =>
    Object.fromEntries(
      g.options.filter((o) => (ticked[o.key] ?? o.default) !== o.default).map((o) => [o.key, !o.default]),
    );
  return (
    <li>
      <h2>{g.meta.title}</h2>
      <p>{g.meta.blurb}</p>
      {g.calculator && (
        <p>
          <a class="calculator-link" href={`/calc.html?game=${encodeURIComponent(g.id)}`}>
            Calculator
          </a>
        </p>
      )}
      {g.options.length > 0 && (
        <fieldset class="game-options">
          <legend>Optional rules</legend>
          {g.options.map((o) => (
            <label key={o.key}>
              <input
                type="checkbox"
                checked={ticked[o.key] ?? o.default}
                onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  setTicked((t) => ({ ...t, [o.key]: on }));
                }}
              />{' '}
              {o.label} ({o.rule})
            </label>
          ))}
        </fieldset>
      )}
      <NewGameForm g={g} busy={busy} start={(mode, analyst) => start(g.id, mode, switched(), analyst)} />
    </li>
  );
}

/** The new-game buttons of a playable game, its analyst checkbox and its AI's level. */
function NewGameForm(p: {
  g: GameCard;
  busy: boolean;
  start: (mode: NewGameMode | { kind: 'offline' }, analyst: boolean) => void;
}) {
  const { g, busy } = p;
  /** Whether the next server game allows the analyst to both seats (issue #48 item 2). */
  const [analyst, setAnalyst] = useState(false);
  /** The AI player chosen (the module's player names; its `ai` by default). */
  const [level, setLevel] = useState('ai');
  const start = (mode: NewGameMode | { kind: 'offline' }) => p.start(mode, analyst);
  return (
    <div class="new-game">
      <button type="button" disabled={busy} onClick={() => start({ kind: 'hotseat' })}>
        New hot-seat game
      </button>
      <button type="button" disabled={busy} onClick={() => start({ kind: 'online' })}>
        New online game
      </button>
      <label
        class="allow-analyst"
        title="The AI's reading of the position, offered to both seats while the game is played (always once it is over)"
      >
        <input
          type="checkbox"
          checked={analyst}
          onChange={(e) => setAnalyst((e.target as HTMLInputElement).checked)}
        />{' '}
        Allow the analyst (both players)
      </label>
      {g.players.ai && (
        <label class="ai-level">
          AI level{' '}
          <select value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
            {Object.entries(g.players)
              .sort((a, b) => a[1].rank - b[1].rank)
              .map(([name, pl]) => (
                <option key={name} value={name}>
                  {pl.label}
                </option>
              ))}
          </select>
        </label>
      )}
      {g.players.ai &&
        g.meta.sides.map((side) => (
          <button
            type="button"
            key={side.id}
            disabled={busy}
            onClick={() => start({ kind: 'ai', human: side.id, level })}
          >
            Play {side.commander ?? side.name} against the AI
          </button>
        ))}
      <button type="button" disabled={busy} onClick={() => start({ kind: 'offline' })}>
        Offline hot-seat (this browser only)
      </button>
    </div>
  );
}
