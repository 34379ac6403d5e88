/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The home page: every game's card (new game, its optional rules, the AI's level), the
 * server games this browser holds seats in, the offline games saved here, a replay file
 * to watch. It loads no game: a game's module comes when it is opened (games.ts).
 */
import type { ReplayFile } from '@stavka/engine';
import { useEffect, useState } from 'preact/hooks';
import { CopyButton } from './copy-button.tsx';
import { CARDS, cardOf, openGame } from './games.ts';
import { localGameOf, localGames } from './local-games.ts';
import {
  canReissue,
  createServerGame,
  forgetServerGame,
  type GameSummary,
  gameSummary,
  linkForThisMachineOnly,
  type NewGameMode,
  reissueSeatLink,
  type SavedServerGame,
  savedServerGames,
} from './server-games.ts';
import type { Session } from './session.ts';
import { anySideName, sideList, sideNameIn } from './sides.ts';

export function Home(p: { onReplay: (s: Session) => void }) {
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);
  const [links, setLinks] = useState<{ game: string; links: Readonly<Record<string, string>> } | null>(null);
  /** The AI player chosen per game (the module's player names; its `ai` by default). */
  const [levels, setLevels] = useState<Record<string, string>>({});
  /** The optional rules ticked per game (a key not here is at its module's default). */
  const [ticked, setTicked] = useState<Record<string, Record<string, boolean>>>({});
  /** The games whose next server game allows the analyst to both seats (issue #48 item 2). */
  const [analyst, setAnalyst] = useState<Record<string, boolean>>({});
  const local = localGames();
  /** The options a new game of `game` is made with: those ticked away from their default. */
  const switched = (game: string): Record<string, boolean> =>
    Object.fromEntries(
      (cardOf(game)?.options ?? [])
        .filter((o) => (ticked[game]?.[o.key] ?? o.default) !== o.default)
        .map((o) => [o.key, !o.default]),
    );
  const start = async (game: string, mode: NewGameMode | { kind: 'offline' }) => {
    setBusy(true);
    setMsg(null);
    try {
      if (mode.kind === 'offline') {
        const { LocalSession } = await import('./session.ts');
        const s = await LocalSession.create(`${Date.now()}`, game, switched(game));
        location.hash = `#/local/${encodeURIComponent(s.id)}`;
        return;
      }
      const created = await createServerGame(game, mode, switched(game), { analyst: analyst[game] === true });
      if (mode.kind === 'online') setLinks({ game, links: created.links });
      else location.hash = `#/game/${created.id}/${created.token}`;
    } catch (e) {
      setMsg((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="home">
      <h1>Stavka</h1>
      <p>
        Rules-enforcing digital editions of three Eastern Front wargames. Every rule enforced and explained.
      </p>
      {msg && <p role="alert">{msg}</p>}
      {links && (
        <section class="links" aria-label="seat links" ref={(el) => el?.scrollIntoView({ block: 'nearest' })}>
          <h2>Seat links</h2>
          <p>Send each player their link; keep the spectator link to watch.</p>
          {linkForThisMachineOnly(links.links.spectator ?? '') && (
            <p class="note" role="note">
              These links open on this computer only ({new URL(links.links.spectator!).host}). For a player on
              another machine, open Stavka at this computer's network address (<code>npm start</code> prints
              it: "from other machines on your network") and make the game there, or set{' '}
              <code>STAVKA_PUBLIC_URL</code>.
            </p>
          )}
          {Object.entries(links.links).map(([k, url]) => (
            <p key={k}>
              {k === 'spectator' ? 'spectator' : sideNameIn(cardOf(links.game)?.meta, k)}:{' '}
              <input
                readOnly
                value={url}
                aria-label={`${k} link`}
                onFocus={(e) => (e.target as HTMLInputElement).select()}
              />{' '}
              <CopyButton
                text={url}
                label={`Copy the ${k === 'spectator' ? 'spectator' : sideNameIn(cardOf(links.game)?.meta, k)} link`}
              />{' '}
              <a href={url}>open</a>
            </p>
          ))}
        </section>
      )}
      <ul class="games">
        {CARDS.filter((g) => g.meta.listed !== false).map((g) => (
          <li key={g.id}>
            <h2>{g.meta.title}</h2>
            <p>{g.meta.blurb}</p>
            {g.calculator && (
              <p>
                <a class="calculator-link" href={`/calc.html?game=${encodeURIComponent(g.id)}`}>
                  Calculator
                </a>
              </p>
            )}
            {g.meta.playable && g.options.length > 0 && (
              <fieldset class="game-options">
                <legend>Optional rules</legend>
                {g.options.map((o) => (
                  <label key={o.key}>
                    <input
                      type="checkbox"
                      checked={ticked[g.id]?.[o.key] ?? o.default}
                      onChange={(e) => {
                        const on = (e.target as HTMLInputElement).checked;
                        setTicked((t) => ({ ...t, [g.id]: { ...t[g.id], [o.key]: on } }));
                      }}
                    />{' '}
                    {o.label} ({o.rule})
                  </label>
                ))}
              </fieldset>
            )}
            {g.meta.playable && (
              <div class="new-game">
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'hotseat' })}>
                  New hot-seat game
                </button>
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'online' })}>
                  New online game
                </button>
                <label
                  class="allow-analyst"
                  title="The AI's reading of the position, offered to both seats while the game is played (always once it is over)"
                >
                  <input
                    type="checkbox"
                    checked={analyst[g.id] === true}
                    onChange={(e) => {
                      const on = (e.target as HTMLInputElement).checked;
                      setAnalyst((a) => ({ ...a, [g.id]: on }));
                    }}
                  />{' '}
                  Allow the analyst (both players)
                </label>
                {g.players.ai && (
                  <label class="ai-level">
                    AI level{' '}
                    <select
                      value={levels[g.id] ?? 'ai'}
                      onChange={(e) =>
                        setLevels((l) => ({ ...l, [g.id]: (e.target as HTMLSelectElement).value }))
                      }
                    >
                      {Object.entries(g.players)
                        .sort((a, b) => a[1].rank - b[1].rank)
                        .map(([name, p]) => (
                          <option key={name} value={name}>
                            {p.label}
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
                      onClick={() => start(g.id, { kind: 'ai', human: side.id, level: levels[g.id] ?? 'ai' })}
                    >
                      Play {side.commander ?? side.name} against the AI
                    </button>
                  ))}
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'offline' })}>
                  Offline hot-seat (this browser only)
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ServerGames />
      {local.length > 0 && (
        <section>
          <h2>Resume (this browser)</h2>
          <ul>
            {local.map((id) => (
              <li key={id}>
                <a href={`#/local/${encodeURIComponent(id)}`}>{localGameName(id)}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h2>Watch a replay</h2>
        <label>
          Replay file:{' '}
          <input
            type="file"
            accept=".json,application/json"
            onChange={async (e) => {
              const f = (e.target as HTMLInputElement).files?.[0];
              if (!f) return;
              try {
                const file = JSON.parse(await f.text()) as ReplayFile;
                // The game page and the game's presentation on their way while the replay opens.
                import('./game-page.tsx').catch(() => {});
                if (cardOf(file?.game)) openGame(file.game).catch(() => {});
                const { ReplaySession } = await import('./session.ts');
                const s = await ReplaySession.open(file);
                p.onReplay(s);
                location.hash = '#/replay';
              } catch (err) {
                setMsg(`Not a replay file: ${(err as Error).message}`);
              }
            }}
          />
        </label>
      </section>
    </main>
  );
}

/** An offline game's name: its id, the time it was started when the id is one (the home page's ids are). */
function localGameName(id: string): string {
  const ms = /^\d{12,14}$/.test(id) ? Number(id) : Number.NaN;
  const game = cardOf(localGameOf(id))?.meta.title ?? 'A game';
  return Number.isFinite(ms) ? `${game}, offline hot-seat, started ${new Date(ms).toLocaleString()}` : id;
}

/**
 * The server games this browser holds tokens of, each with what the server says of it
 * now (its public summary): whose move it is, waiting for a player, over. A game played by
 * turns over days is found here again without its link.
 */
function ServerGames() {
  const [saved, setSaved] = useState<SavedServerGame[]>(() => savedServerGames());
  const [now, setNow] = useState<Record<string, Asked>>({});
  // Asked again every 30 s and whenever the tab gets the focus back: a home page left open
  // shows the opponent's move come in.
  useEffect(() => {
    let shown = true;
    const ask = () => {
      for (const g of saved) {
        gameSummary(g.id).then(
          (s) => shown && setNow((m) => ({ ...m, [g.id]: s })),
          (e: unknown) =>
            shown && setNow((m) => ({ ...m, [g.id]: e instanceof Error ? e : new Error(String(e)) })),
        );
      }
    };
    ask();
    const every = setInterval(ask, 30_000);
    window.addEventListener('focus', ask);
    return () => {
      shown = false;
      clearInterval(every);
      window.removeEventListener('focus', ask);
    };
  }, [saved]);
  // The tab's title counts the games waiting for this browser's move.
  const yours = saved.filter((g) => yourMove(g, now[g.id])).length;
  useEffect(() => {
    document.title = yours > 0 ? `(${yours}) Your move — Stavka` : 'Stavka';
    return () => {
      document.title = 'Stavka';
    };
  }, [yours]);
  if (saved.length === 0) return null;
  return (
    <section aria-label="your games on this server">
      <h2>Your games on this server</h2>
      <ul class="saved-games">
        {saved.map((g) => {
          const s = now[g.id];
          const summary = known(s);
          const title = cardOf(summary?.game)?.meta.title ?? 'A game on this server';
          return (
            <li key={g.id} data-game={g.id}>
              <a href={`#/game/${encodeURIComponent(g.id)}`}>{title}</a>
              <span class="who">{whoPlays(g, s)}</span>
              <span class="now">{whereItStands(g, s)}</span>
              {g.links && (
                <details class="seat-links">
                  <summary>Seat links</summary>
                  {Object.entries(g.links).map(([k, url]) => (
                    <p key={k}>
                      {k === 'spectator' ? 'spectator' : anySideName(k, summary?.game)}:{' '}
                      <input
                        readOnly
                        value={url}
                        aria-label={`Link for ${k}`}
                        onFocus={(e) => (e.target as HTMLInputElement).select()}
                      />{' '}
                      <CopyButton text={url} label={`Copy the link for ${anySideName(k, summary?.game)}`} />
                      {k !== 'spectator' && canReissue(g.id) && summary?.seats[k]?.joined === false && (
                        <button
                          type="button"
                          title="A seat's link works until the seat joins; a player who lost his gets a new one here, and the old one stops working"
                          onClick={() =>
                            reissueSeatLink(g.id, k).then(
                              () => setSaved(savedServerGames()),
                              (e: Error) => setNow((m) => ({ ...m, [g.id]: e })),
                            )
                          }
                        >
                          New link for {anySideName(k, summary?.game)}
                        </button>
                      )}
                    </p>
                  ))}
                </details>
              )}
              <span class="seen">
                {g.turn !== null
                  ? `turn ${g.turn} when last seen here, ${when(g.seenAt)}`
                  : g.seenAt !== null
                    ? `last opened here ${when(g.seenAt)}`
                    : 'not opened here yet'}
                {summary
                  ? `; started ${new Date(summary.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}`
                  : ''}
              </span>
              <button
                type="button"
                onClick={() => {
                  forgetServerGame(g.id);
                  setSaved(savedServerGames());
                }}
              >
                Forget
              </button>
            </li>
          );
        })}
      </ul>
      <p class="hint">
        Kept in this browser only, with the seat links of the online games created here. A seat link works
        until its seat joins: the server then gives the player's browser a token of its own. Forget removes a
        game from this list and this browser's seat in it (the game stays on the server); the browser that
        created the game can give a seat a new link (Seat links), and the old one stops working.
      </p>
    </section>
  );
}

const when = (ms: number | null) =>
  ms === null ? '' : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the server said of a game: its summary, null (no such game), an error, or nothing yet. */
type Asked = GameSummary | null | Error | undefined;
/** The summary, if the server gave one. */
const known = (s: Asked): GameSummary | null => (s && !(s instanceof Error) ? s : null);

function whoPlays(g: SavedServerGame, asked: Asked): string {
  if (g.watching && g.sides.length === 0) return 'watching';
  if (g.sides.length === 0) return g.links ? 'created here' : 'your seat';
  const seats = Object.entries(known(asked)?.seats ?? {});
  if (seats.length > 0 && g.sides.length === seats.length) return 'hot-seat: both sides';
  const ai = seats.some(([side, seat]) => !g.sides.includes(side) && seat.player === 'ai');
  return `you: ${sideList(g.sides, known(asked)?.game)}${ai ? ' against the AI' : ''}`;
}

/** Whether the server says a game is waiting for a move of a side this browser plays. */
function yourMove(g: SavedServerGame, asked: Asked): boolean {
  const s = known(asked);
  return s?.status === 'active' && s.activeSides.some((x) => g.sides.includes(x));
}

function whereItStands(g: SavedServerGame, s: Asked): preact.ComponentChild {
  if (s === undefined) return 'asking the server…';
  if (s === null) return 'no longer on this server';
  if (s instanceof Error) return `the server did not say: ${s.message}`;
  if (s.status === 'over') return `over: ${s.outcome?.summary ?? 'ended'}`;
  if (s.status === 'waiting') {
    const missing = Object.entries(s.seats)
      .filter(([, seat]) => !seat.joined)
      .map(([side]) => side);
    return `waiting for ${sideList(missing, s.game)} to join`;
  }
  if (yourMove(g, s)) return <strong>your move</strong>;
  return `${sideList(s.activeSides, s.game)} to move`;
}
