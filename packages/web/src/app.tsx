/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Stavka web app: the home page (games, new game, resume, import a replay) and the
 * game page (map, panels, actions). Routes live in the URL hash so a game's link
 * resumes it: #/local/<id>, #/game/<id>/<seat token>, #/replay. A server game whose
 * tokens this browser keeps opens from the home page's list as #/game/<id>.
 */
import type {
  Action,
  AnyGameModule,
  GameMeta,
  Highlight,
  LogDrawing,
  LogEntry,
  Presentation,
  ReplayFile,
  RollBanner,
} from '@stavka/engine';
import { findGame, GAMES } from '@stavka/games';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ChatPanel, chatLabel, PresenceLine, useSocial } from './chat.tsx';
import { coloursOf } from './counters.ts';
import { MapView, pointStep } from './MapView.tsx';
import { CombatPreview, LogPanel, OptionsLine, RulePanel, StatusBar, UnitPanel, VpPanel } from './panels.tsx';
import {
  canReissue,
  createServerGame,
  forgetServerGame,
  type GameSummary,
  gameSummary,
  joinServerGame,
  linkForThisMachineOnly,
  type NewGameMode,
  reissueSeatLink,
  type SavedServerGame,
  ServerSession,
  savedServerGames,
} from './server.ts';
import { LocalSession, ReplaySession, type Session, type SessionView } from './session.ts';
import { stackOrder, stackTotal } from './stacks.ts';
import {
  ActionButtons,
  CopyButton,
  type FinishedTurn,
  MissingList,
  RecapPanel,
  type RecapStep,
  ReferencePanel,
  ResultBanner,
  StackPicker,
  TrayPanel,
  TurnPause,
} from './table.tsx';

function useRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || '/');
  useEffect(() => {
    const on = () => setRoute(location.hash.slice(1) || '/');
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

export function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A server game left (home, another game) stops listening: its channels close, and
  // stop coming back after a pause as they do when the connection drops.
  useEffect(
    () => () => {
      if (session instanceof ServerSession) session.close();
    },
    [session],
  );
  // Opened from a seat link (/play/<game id>#<seat token>), not the home page.
  const seatLink = location.pathname.startsWith('/play/');
  useEffect(() => {
    setError(null);
    let left = false;
    // A game opened after the route moved on is closed at once, never shown.
    const open = (s: ServerSession) => {
      if (left) s.close();
      else setSession(s);
    };
    const parts = route.split('/').filter(Boolean);
    if (parts[0] === 'new-local' && parts[1]) {
      // A fresh offline game with a chosen seed (tests, or replaying a shared set-up).
      const made = LocalSession.create(
        decodeURIComponent(parts[1]),
        parts[2] ? decodeURIComponent(parts[2]) : undefined,
      );
      location.replace(`#/local/${encodeURIComponent(made.id)}`);
    } else if (parts[0] === 'local' && parts[1]) {
      const s = LocalSession.load(decodeURIComponent(parts[1]));
      if (s) setSession(s);
      else setError(`No saved game ${parts[1]} in this browser.`);
    } else if (parts[0] === 'game' && parts[1]) {
      joinServerGame(parts[1], parts[2] ?? null)
        .then(open)
        .catch((e: Error) => left || setError(e.message));
    } else if (seatLink) {
      // A seat link from the server: /play/<game id>#<seat token>. Cut short (no token):
      // the seats this browser holds of the game, if any.
      const id = location.pathname.split('/')[2] ?? '';
      joinServerGame(id, route === '/' ? null : route.replace(/^\//, ''))
        .then(open)
        .catch((e: Error) => left || setError(e.message));
    } else if (parts[0] !== 'replay') setSession(null);
    return () => {
      left = true;
    };
  }, [route]);
  if (error) {
    return (
      <main class="home">
        <p role="alert">{error}</p>
        <a href="/">Home</a>
      </main>
    );
  }
  if (session instanceof ServerSession && session.waiting()) return <Waiting session={session} />;
  if (route.startsWith('/replay') && session) return <GamePage session={session} />;
  if (session && (route !== '/' || seatLink)) return <GamePage session={session} />;
  return <Home onReplay={(s) => setSession(s)} />;
}

/** A side as players call it: its commander and nationality ("von Kluge (German)"). */
export function sideNameIn(meta: GameMeta | undefined, side: string): string {
  const m = meta?.sides.find((x) => x.id === side);
  if (!m) return side;
  return m.commander ? `${m.commander} (${m.name})` : m.name;
}

/** Any game's side name, for lists that mix games (the side ids say which). */
function anySideName(side: string, game?: string): string {
  const meta = game
    ? findGame(game)?.meta
    : Object.values(GAMES).find((g) => g.meta.sides.some((x) => x.id === side))?.meta;
  return sideNameIn(meta, side);
}

function Home(p: { onReplay: (s: Session) => void }) {
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<string | null>(null);
  const [links, setLinks] = useState<{ game: string; links: Readonly<Record<string, string>> } | null>(null);
  /** The AI player chosen per game (the module's player names; its `ai` by default). */
  const [levels, setLevels] = useState<Record<string, string>>({});
  /** The optional rules ticked per game (a key not here is at its module's default). */
  const [ticked, setTicked] = useState<Record<string, Record<string, boolean>>>({});
  const local = LocalSession.list();
  /** The options a new game of `game` is made with: those ticked away from their default. */
  const switched = (game: string): Record<string, boolean> =>
    Object.fromEntries(
      (findGame(game)?.options ?? [])
        .filter((o) => (ticked[game]?.[o.key] ?? o.default) !== o.default)
        .map((o) => [o.key, !o.default]),
    );
  const start = async (game: string, mode: NewGameMode | { kind: 'offline' }) => {
    setBusy(true);
    setMsg(null);
    try {
      if (mode.kind === 'offline') {
        const s = LocalSession.create(`${Date.now()}`, game, switched(game));
        location.hash = `#/local/${encodeURIComponent(s.id)}`;
        return;
      }
      const created = await createServerGame(game, mode, switched(game));
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
              {k === 'spectator' ? 'spectator' : sideNameIn(findGame(links.game)?.meta, k)}:{' '}
              <input
                readOnly
                value={url}
                aria-label={`${k} link`}
                onFocus={(e) => (e.target as HTMLInputElement).select()}
              />{' '}
              <CopyButton
                text={url}
                label={`Copy the ${k === 'spectator' ? 'spectator' : sideNameIn(findGame(links.game)?.meta, k)} link`}
              />{' '}
              <a href={url}>open</a>
            </p>
          ))}
        </section>
      )}
      <ul class="games">
        {Object.values(GAMES).map((g) => (
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
            {g.meta.playable && g.rules && !g.presentation && (
              <p class="note">
                Its rules play from the command line (<code>stavka simulate --game {g.id}</code>) and on the
                server's API; its board in the browser is still to come.
              </p>
            )}
            {g.meta.playable && g.rules && g.presentation && g.options && g.options.length > 0 && (
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
            {g.meta.playable && g.rules && g.presentation && (
              <div class="new-game">
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'hotseat' })}>
                  New hot-seat game
                </button>
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'online' })}>
                  New online game
                </button>
                {g.players?.ai && (
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
                {g.players?.ai &&
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
                const s = new ReplaySession(JSON.parse(await f.text()) as ReplayFile);
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
  const game = findGame(LocalSession.gameOf(id))?.meta.title ?? 'A game';
  return Number.isFinite(ms) ? `${game}, offline hot-seat, started ${new Date(ms).toLocaleString()}` : id;
}

const sideList = (sides: readonly string[], game?: string) =>
  sides.map((s) => anySideName(s, game)).join(' and ');

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
          const title = findGame(summary?.game)?.meta.title ?? 'A game on this server';
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

function Waiting(p: { session: ServerSession }) {
  const [, force] = useState(0);
  useEffect(() => p.session.onChange(() => force((x) => x + 1)), [p.session]);
  const w = p.session.waiting();
  if (!w) return <GamePage session={p.session} />;
  return (
    <main class="home" aria-live="polite">
      <h1>Waiting for the opponent</h1>
      <ul>
        {Object.entries(w.seats).map(([side, seat]) => (
          <li key={side}>
            {anySideName(side)}: {seat.player === 'ai' ? 'the AI' : seat.joined ? 'joined' : 'not joined yet'}
          </li>
        ))}
      </ul>
      <p>The game starts when every seat has joined (each adds its own share of the dice seed).</p>
      <a href="/">Home</a>
    </main>
  );
}

/** The turn a view shows, as its game's progress tells it (0: the game has no turns). */
function turnOf(v: SessionView): number {
  const progress = findGame(v.game)?.progress;
  return progress ? progress(v.state).turn : 0;
}

/** The browser tab's title for a game: whose move (yours, online), the turn, or the end. */
export function pageTitle(v: SessionView): string {
  const turn = `turn ${turnOf(v)}`;
  if (v.mode === 'replay') return `Replay, ${turn} — Stavka`;
  if (v.outcome) return `Game over: ${v.outcome.summary} — Stavka`;
  if (v.mode === 'online' && v.activeSides.some((side) => v.seats.includes(side)))
    return `● Your move, ${turn} — Stavka`;
  return `${sideList(v.activeSides, v.game)} to move, ${turn} — Stavka`;
}

/** Each game's presentation, loaded once (the web bundles each game's apart). */
const presentations = new Map<string, Presentation>();

function usePresentation(game: AnyGameModule | undefined): Presentation | null {
  const [, loaded] = useState(0);
  const known = game ? presentations.get(game.id) : undefined;
  useEffect(() => {
    if (!game?.presentation || presentations.has(game.id)) return;
    let live = true;
    game.presentation().then((p) => {
      presentations.set(game.id, p);
      if (live) loaded((x) => x + 1);
    });
    return () => {
      live = false;
    };
  }, [game]);
  return known ?? null;
}

function GamePage(p: { session: Session }) {
  const { session } = p;
  const [v, setV] = useState<SessionView>(session.current());
  useEffect(() => session.subscribe(setV), [session]);
  useEffect(() => setV(session.current()), [session]);
  const game = findGame(v.game);
  const pres = usePresentation(game);
  // The tab's title says whose move it is: a player waiting in another tab sees when it is theirs.
  const title = pageTitle(v);
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = 'Stavka';
    };
  }, [title]);
  // Hot-seat of a game with hidden information: the board is hidden while the seat
  // changes hands, so the next player does not see the last one's secrets.
  const side = v.activeSides[0] ?? null;
  const [shownTo, setShownTo] = useState<string | null>(side);
  if (game && !game.presentation)
    return (
      <main class="home">
        <p role="alert">
          {game.meta.title} cannot be drawn in the browser yet: its rules play from the command line and the
          server's API.
        </p>
        <a href="/">Home</a>
      </main>
    );
  if (!game || !pres) return <main class="home">Loading {game?.meta.title ?? v.game}…</main>;
  const handover = game.meta.hiddenInformation && v.mode === 'hotseat' && side !== null && side !== shownTo;
  // The board stays mounted (hidden) through a handover: the results and the turn's
  // summary the last moves brought are still there when the next player sits down.
  return (
    <>
      {handover && (
        <main class="handover" aria-live="polite">
          <h1>Hand over to {sideNameIn(game.meta, side)}</h1>
          <p>The board is hidden while the seat changes hands: what each side may see stays its own.</p>
          <button type="button" onClick={() => setShownTo(side)}>
            I am {sideNameIn(game.meta, side)}: show my board
          </button>
        </main>
      )}
      <GameBoard session={session} v={v} game={game} pres={pres} hidden={handover} />
    </>
  );
}

/** The player-turns of a log: where each starts (its marker) and whose it is. */
function playerTurns(
  pres: Presentation,
  log: readonly LogEntry[],
): { at: number; side: string; label: string }[] {
  const out: { at: number; side: string; label: string }[] = [];
  if (!pres.turnMarker) return out;
  for (let i = 0; i < log.length; i++) {
    const m = pres.turnMarker(log[i]!);
    if (m) out.push({ at: i, ...m });
  }
  return out;
}

/** A finished player-turn, from its marker to the next one. */
function finishedTurn(
  pres: Presentation,
  view: unknown,
  log: readonly LogEntry[],
  start: { at: number; side: string; label: string },
  end: number,
): FinishedTurn {
  const entries = log.slice(start.at, end);
  return {
    label: start.label,
    side: start.side,
    lines: pres.turnSummary ? pres.turnSummary(view, entries) : [],
    entries,
  };
}

/** Whether a die was rolled among the log's last entries (undo stops at a roll). */
function rolledLast(log: readonly LogEntry[]): boolean {
  for (let i = log.length - 1; i >= Math.max(0, log.length - 12); i--)
    if (log[i]!.kind === 'roll') return true;
  return false;
}

/** A short tick when a result comes in (optional: off until the player turns it on). */
function tick(): void {
  try {
    const Ctx = window.AudioContext;
    const ctx = new Ctx();
    const o = ctx.createOscillator();
    const gain = ctx.createGain();
    o.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.18);
    o.connect(gain).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.2);
  } catch {
    // no audio here: the banner says it all
  }
}

function GameBoard(p: {
  session: Session;
  v: SessionView;
  game: AnyGameModule;
  pres: Presentation;
  /** Hidden while a hot-seat changes hands: drawn nowhere, keys ignored. */
  hidden?: boolean;
}) {
  const { session, v, game, pres } = p;
  const [selectedHex, setSelectedHex] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState(-1);
  const [cite, setCite] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<string>('none');
  const [tab, setTab] = useState<'unit' | 'log' | 'vp' | 'ref' | 'chat'>('unit');
  // An online game's chat and who is at the table (chat.tsx); the last line seen in the Chat tab.
  const online = session instanceof ServerSession ? session : null;
  const social = useSocial(online);
  const [chatSeen, setChatSeen] = useState(0);
  const lastChat = social?.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (tab === 'chat') setChatSeen(lastChat);
  }, [tab, lastChat]);
  const [showNumbers, setShowNumbers] = useState(false);
  const [sound, setSound] = useState(false);
  // The last result, and the player's own last result, shown until dismissed: kept as
  // their rolls' places in the log and drawn from the log as it is now, so a banner says
  // what its result led to as it happens (the retreat after a D; issue #45 item 6).
  const [bannerAt, setBanners] = useState<{ latest: number | null; own: number | null }>({
    latest: null,
    own: null,
  });

  // Player-turns that ended since the player last pressed Continue.
  const [pause, setPause] = useState<FinishedTurn[]>([]);
  const [recap, setRecap] = useState<{ label: string; steps: RecapStep[]; at: number } | null>(null);
  // Where a hovered (or clicked) log line happened; in a replay, the last step's change.
  const [logShown, setLogShown] = useState<LogDrawing | null>(null);
  const [logFocus, setLogFocus] = useState<number | null>(null);
  const [stepShown, setStepShown] = useState<LogDrawing[]>([]);
  // The action button pointed at: the hex it names is lit.
  const [buttonShown, setButtonShown] = useState<Action | null>(null);
  // The node whose stack picker is open (issue #45 item 3).
  const [picker, setPicker] = useState<number | null>(null);
  // An action waiting for the player's yes: it cannot be taken back (issue #45 item 4).
  const [pending, setPending] = useState<{ action: Action; question: string; then?: () => void } | null>(
    null,
  );
  const view = v.state;
  const bannerOf = (i: number | null): RollBanner | null =>
    i !== null && i < v.log.length && pres.rollBanner ? pres.rollBanner(view, v.log, i) : null;
  const banners = { latest: bannerOf(bannerAt.latest), own: bannerOf(bannerAt.own) };
  const colours = useMemo(() => coloursOf(game.meta), [game]);
  const board = useMemo(() => pres.board(view), [pres, view]);
  const pieces = useMemo(() => pres.pieces(view), [pres, view]);
  const side = v.activeSides[0] ?? null;
  const mine = side !== null && v.seats.includes(side);
  const actions: readonly Action[] = side ? (v.legal[side] ?? []) : [];
  const sideName = (x: string) => sideNameIn(game.meta, x);
  const isMine = (x: string) => v.seats.includes(x);

  // New log entries: a banner for each roll, a pause for each player-turn ended.
  const seenLog = useRef(v.log.length);
  useEffect(() => {
    const log = v.log;
    const from = seenLog.current;
    seenLog.current = log.length;
    if (v.mode === 'replay') {
      const drawn: LogDrawing[] = [];
      if (pres.logDrawing && log.length > from)
        for (let i = from; i < log.length; i++) {
          const d = pres.logDrawing(view, log[i]!);
          if (d) drawn.push(d);
        }
      setStepShown(drawn);
      return;
    }
    if (log.length <= from) return;
    const found: { at: number; banner: RollBanner }[] = [];
    if (pres.rollBanner)
      for (let i = from; i < log.length; i++) {
        const b = pres.rollBanner(view, log, i);
        if (b) found.push({ at: i, banner: b });
      }
    if (found.length > 0) {
      const latest = found[found.length - 1]!.at;
      const own = [...found].reverse().find((b) => b.banner.side !== null && v.seats.includes(b.banner.side));
      setBanners((was) => ({ latest, own: own?.at ?? was.own }));
      if (sound) tick();
    }
    const turns = playerTurns(pres, log);
    const ended: FinishedTurn[] = [];
    for (let k = 1; k < turns.length; k++)
      if (turns[k]!.at >= from) ended.push(finishedTurn(pres, view, log, turns[k - 1]!, turns[k]!.at));
    if (ended.length > 0) setPause((was) => [...was, ...ended]);
  }, [v.log]);

  // A new step or side: nothing stays selected (a click meant to select never moves it).
  const step = pres.prompt(view, side, mine, v.outcome).step;
  // The side panel back to its top: the new step's work is there (issue #45 item 2).
  const sidePanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setSelected(null);
    setSelectedHex(null);
    setPicker(null);
    setPending(null);
    sidePanel.current?.scrollTo({ top: 0 });
  }, [step, side]);

  const submit = async (a: Action) => {
    if (!side) return;
    setError(null);
    const r = await session.submit(side, a);
    if (!r.ok) setError(r.message);
  };

  const recapStep = recap ? recap.steps[recap.at] : undefined;
  const marks = useMemo(() => pres.marks(view, side), [pres, view, side]);
  // What threatens the player (the side to move if it is this browser's, else its one seat),
  // said in the prompt bar and the turn summary, its cities lit (issue #45 item 1).
  const me = side !== null && mine ? side : v.seats.length === 1 ? v.seats[0]! : null;
  const threats = useMemo(
    () => (me !== null && pres.threats && v.outcome === null ? pres.threats(view, me) : []),
    [pres, view, me, v.outcome],
  );
  const missing = useMemo(
    () => [
      ...(mine && pres.missing ? pres.missing(view, side, actions) : []),
      // The engine's own rule, the same in every game.
      ...(mine && !v.canUndo && v.mode !== 'replay' && rolledLast(v.log)
        ? [{ control: 'Undo', why: 'a die was rolled: nothing before a roll can be taken back' }]
        : []),
    ],
    [pres, view, side, actions, mine, v.canUndo, v.mode, v.log],
  );

  // The one piece every action is about (the one unit to retreat, to advance): lit
  // without being selected first, so the prompt's "pink hexes" are there to see.
  // The piece an action is about: as the presentation says, else the action's `unit`.
  const pieceOf = useCallback(
    (a: Action): string | null =>
      pres.actionPiece ? pres.actionPiece(a) : typeof a.unit === 'string' ? a.unit : null,
    [pres],
  );
  const sole = useMemo(() => {
    let unit: string | null = null;
    for (const a of actions) {
      const u = pieceOf(a);
      if (u === null) continue;
      if (unit === null) unit = u;
      else if (unit !== u) return null;
    }
    return unit;
  }, [actions, pieceOf]);
  const chosen = selected ?? sole;

  // Highlights for the selected piece, from the legal actions only.
  const { highlights, byHex } = useMemo(() => {
    const hl = new Map<number, Highlight>();
    const act = new Map<number, Action>();
    for (const t of pres.targets(view, actions, chosen)) {
      hl.set(t.at, t.kind);
      act.set(t.at, t.action);
    }
    for (const m of marks) if (!hl.has(m.at) || m.kind === 'owed') hl.set(m.at, m.kind);
    for (const t of threats) for (const n of t.nodes) if (!hl.has(n)) hl.set(n, 'owed');
    const named = recapStep
      ? recapStep.drawing.nodes
      : (logShown?.nodes ?? stepShown.flatMap((d) => d.nodes));
    for (const n of named) if (!act.has(n)) hl.set(n, 'named');
    const shownPiece = buttonShown ? pieceOf(buttonShown) : null;
    if (shownPiece !== null) {
      const at = pres.pieceAt(view, shownPiece);
      if (at >= 0) hl.set(at, 'named');
    }
    if (buttonShown) for (const t of pres.targets(view, [buttonShown], shownPiece)) hl.set(t.at, 'named');
    if (selectedHex !== null && selectedHex >= 0 && !hl.has(selectedHex)) hl.set(selectedHex, 'selected');
    return { highlights: hl, byHex: act };
  }, [
    pres,
    view,
    actions,
    chosen,
    selectedHex,
    marks,
    threats,
    recapStep,
    logShown,
    stepShown,
    buttonShown,
    pieceOf,
  ]);

  const reasons = useMemo(() => {
    const r = new Map<number, string>();
    for (const m of marks) if (m.reason) r.set(m.at, m.reason);
    for (const t of threats) for (const n of t.nodes) if (!r.has(n)) r.set(n, t.words);
    return r;
  }, [marks, threats]);

  const move = useMemo(
    () => (chosen && hover !== null ? pres.movePreview(view, chosen, hover) : null),
    [pres, view, chosen, hover],
  );

  /**
   * An action the player chose (a lit node, a button, the stack picker): taken at once, or
   * first asked about when the game says it cannot be taken back (issue #45 item 4).
   * `then` runs once it is taken (what the click does to the selection).
   */
  const take = (a: Action, then?: () => void) => {
    const question = pres.confirm ? pres.confirm(view, a) : null;
    if (question) {
      setPending({ action: a, question, ...(then ? { then } : {}) });
      return;
    }
    setPending(null);
    void submit(a);
    then?.();
  };

  const clickHex = (h: number) => {
    const a = byHex.get(h);
    setNotice(null);
    // A declared attack's ring clicked with a piece that has nothing to do there: why,
    // and the selection kept (issue #45 item 5).
    const lit = highlights.get(h);
    const piece = selected !== null ? pieces.find((x) => x.id === selected) : undefined;
    if (!a && mine && selected !== null && piece?.side === side && (lit === 'attack' || lit === 'owed')) {
      setNotice(
        (pres.whyNot ? pres.whyNot(view, actions, h, selected) : null) ??
          `${piece?.label ?? selected} has nothing to do at ${board.kind === 'hex' ? board.hexLabel[h] : board.points[h]?.name}: it cannot join the attack there now.`,
      );
      return;
    }
    if (a) {
      take(a, () => {
        if (!pres.keepsSelection(a)) setSelected(null);
      });
      return;
    }
    // A click on a counter that does something in this step (fortify, take out, eliminate).
    const direct = mine && pres.nodeAction ? pres.nodeAction(view, actions, h, selected) : null;
    if (direct) {
      take(direct, () => setSelected(null));
      return;
    }
    setSelectedHex(h);
    const ids = pres.piecesAt(view, h);
    if (ids.length === 0) {
      setSelected(null);
      setPicker(null);
      return;
    }
    // The counter drawn on top (a unit of the stack already selected stays so); a stack
    // opens its picker, where any of its units is picked without side effects (issue #45 item 3).
    const drawn = stackOrder(pieces.filter((x) => x.at === h));
    const top = drawn[drawn.length - 1]?.id ?? ids[ids.length - 1]!;
    setSelected(selected !== null && ids.includes(selected) ? selected : top);
    setPicker(ids.length > 1 ? h : null);
    setTab('unit');
  };

  // Keyboard: arrows move the cursor, Enter clicks it, Escape clears, u undoes.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement).tagName;
      if (p.hidden || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      const dirs: Record<string, number> = { ArrowUp: 0, ArrowRight: 2, ArrowDown: 3, ArrowLeft: 4 };
      if (e.key in dirs && tag !== 'BUTTON') {
        // The same keyboard cursor on a hex board and a point board (issue #45 item 10).
        e.preventDefault();
        setCursor((c) => {
          if (c < 0) return board.home;
          if (board.kind === 'points') return pointStep(board, c, e.key as 'ArrowUp');
          const t = board.map.graph.targets[c * 6 + dirs[e.key]!]!;
          return t >= 0 ? t : c;
        });
      } else if (e.key === 'Enter' && cursor >= 0 && tag !== 'BUTTON') clickHex(cursor);
      else if (e.key === 'Escape') {
        setSelected(null);
        setSelectedHex(null);
        setPicker(null);
        setPending(null);
      } else if ((e.key === 'u' || e.key === 'U') && v.canUndo) void submit({ type: 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const focus = recapStep
    ? (recapStep.drawing.nodes[recapStep.drawing.nodes.length - 1] ?? null)
    : (logFocus ?? (pres.focus ? pres.focus(view) : null));

  // Combat preview: the attack on the hovered (else selected) node, with the selected piece
  // added; else the attack being resolved (the defender sees it as the attacker did).
  const preview = useMemo(() => {
    const target = hover ?? selectedHex;
    const at =
      target !== null && target >= 0 ? pres.combatPreview(view, side, { target, selected, actions }) : null;
    if (at) return at;
    const f = pres.focus ? pres.focus(view) : null;
    return f !== null && f >= 0
      ? pres.combatPreview(view, side, { target: f, selected: null, actions })
      : null;
  }, [pres, view, side, hover, selectedHex, selected, actions]);

  // Undo is the prompt bar's button: never a second one among the actions (issue #45 item 14).
  const buttons = pres.buttons(view, actions).filter((a) => a.type !== 'undo');
  const overlayData = overlay === 'none' ? null : pres.overlay(view, overlay, side);
  const facts = (() => {
    const at = selectedHex ?? (selected ? pres.pieceAt(view, selected) : null);
    return at !== null && at >= 0 ? pres.nodeFacts(view, at) : null;
  })();
  const tray = mine && pres.tray ? pres.tray(view, side, actions) : null;
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
  const arrows = recap
    ? recapArrows
    : [
        ...(pres.arrows ? pres.arrows(view, side) : []),
        ...(logShown?.arrows ?? stepShown.flatMap((d) => d.arrows ?? [])),
      ];

  const openRecap = (t: FinishedTurn) => {
    const steps: RecapStep[] = [];
    for (const e of t.entries) {
      const d = pres.logDrawing ? pres.logDrawing(view, e) : null;
      if (d) steps.push({ text: pres.logText ? pres.logText(view, e) : e.text, drawing: d });
    }
    setRecap({ label: t.label, steps, at: 0 });
  };
  // The last player-turn of another side (else the last one), for "Recap".
  const turns = useMemo(() => playerTurns(pres, v.log), [pres, v.log]);
  const lastOther = (() => {
    for (let k = turns.length - 2; k >= 0; k--) if (!isMine(turns[k]!.side) || v.mode === 'hotseat') return k;
    return -1;
  })();
  const prompt = pres.prompt(view, side, mine, v.outcome);
  const shownPrompt =
    v.mode === 'replay' && side && !v.outcome
      ? { ...prompt, help: `Replay: ${sideName(side)} to move.` }
      : prompt;
  const canExport = !(session instanceof ServerSession) || v.outcome !== null;

  return (
    <div class="game" data-hover={hover ?? -1} data-selected={selected ?? ''} hidden={p.hidden}>
      <StatusBar
        progress={game.progress ? game.progress(view) : null}
        prompt={shownPrompt}
        side={side}
        sideName={sideName}
        colours={colours}
        over={v.outcome !== null || v.activeSides.length === 0}
        canUndo={v.canUndo}
        onUndo={() => submit({ type: 'undo' })}
        threats={threats}
      />
      <div class="board-area">
        <MapView
          board={board}
          pieces={pieces}
          colours={colours}
          highlights={highlights}
          path={move?.path ?? []}
          {...(move ? { pathCost: move.cost } : {})}
          selectedPiece={selected}
          cursor={cursor}
          overlay={overlayData}
          onHex={clickHex}
          onHover={(h) => setHover(h)}
          arrows={arrows}
          trails={trails}
          hexNumbers={showNumbers}
          focus={focus}
          reasons={reasons}
        />
        <div class="side" ref={sidePanel}>
          {/* The work first: what to do and what it leads to stay in view (issue #45 item 2); results and summaries below, the older folded. */}
          <div class="work">
            {picker !== null &&
              (() => {
                const drawn = stackOrder(pieces.filter((x) => x.at === picker)).reverse();
                if (drawn.length < 2) return null;
                const named = new Map(pres.nodeFacts(view, picker).pieces.map((f) => [f.id, f]));
                return (
                  <StackPicker
                    heading={pres.nodeFacts(view, picker).heading}
                    units={drawn.map((piece) => ({
                      piece,
                      name: named.get(piece.id)?.name ?? piece.label,
                      facts: named.get(piece.id)?.facts ?? piece.label,
                    }))}
                    total={stackTotal(drawn)}
                    selected={selected}
                    colours={colours}
                    actionsOf={(id) => (mine ? buttons.filter((a) => pieceOf(a) === id) : [])}
                    describe={(a) => pres.describe(view, a)}
                    onPick={(id) => {
                      setSelected(id);
                      setTab('unit');
                    }}
                    onAction={(a) => take(a)}
                    onClose={() => setPicker(null)}
                  />
                );
              })()}
            {pending && (
              <section class="panel confirm" role="alertdialog" aria-label="confirm the action">
                <h3>Cannot be taken back</h3>
                <p>{pending.question}</p>
                <div class="buttons">
                  <button
                    type="button"
                    class="primary"
                    onClick={() => {
                      const { action, then } = pending;
                      setPending(null);
                      void submit(action);
                      then?.();
                    }}
                  >
                    Yes, take it
                  </button>
                  <button type="button" onClick={() => setPending(null)}>
                    Cancel
                  </button>
                </div>
              </section>
            )}
            {error && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
            {notice && (
              <p class="notice" role="status">
                {notice}
              </p>
            )}
            {tray && <TrayPanel tray={tray} colours={colours} selected={selected} onSelect={setSelected} />}
            <section class="panel actions" aria-label="actions">
              <h3>Actions</h3>
              {buttons.length === 0 && (
                <p>
                  {mine
                    ? 'Use the map.'
                    : v.mode === 'replay'
                      ? 'A replay: step through it below.'
                      : side
                        ? `Waiting for ${sideName(side)}.`
                        : 'Nothing to do now.'}
                </p>
              )}
              <ActionButtons
                actions={buttons}
                describe={(a) => pres.describe(view, a)}
                group={(a) => (pres.buttonGroup ? pres.buttonGroup(view, a) : null)}
                onAction={(a) => {
                  setButtonShown(null);
                  take(a, () => setSelected(null));
                }}
                onHover={setButtonShown}
              />
              <MissingList items={missing} onCite={setCite} />
            </section>
            {preview && <CombatPreview data={preview} />}
          </div>
          {banners.latest && (
            <ResultBanner
              banner={banners.latest}
              heading={bannerAt.own === bannerAt.latest ? 'Your last result' : 'Last result'}
              sideName={sideName}
              onDismiss={() => setBanners({ latest: null, own: null })}
              onCite={setCite}
            />
          )}
          {banners.own && bannerAt.own !== bannerAt.latest && (
            <ResultBanner
              banner={banners.own}
              heading="Your last result"
              sideName={sideName}
              onDismiss={() => setBanners((b) => ({ ...b, own: null }))}
              onCite={setCite}
              folded
            />
          )}
          {pause.length > 0 && (
            <TurnPause
              turns={pause}
              mine={isMine}
              onRecap={(t) => {
                setPause([]);
                openRecap(t);
              }}
              onContinue={() => setPause([])}
              threats={threats}
            />
          )}
          {recap && (
            <RecapPanel
              label={recap.label}
              steps={recap.steps}
              at={recap.at}
              onStep={(i) => setRecap({ ...recap, at: Math.max(0, Math.min(recap.steps.length - 1, i)) })}
              onClose={() => setRecap(null)}
            />
          )}
          <div class="toolbar">
            {pres.overlays.length > 0 && (
              <fieldset class="overlays">
                <legend>Overlays</legend>
                {[{ id: 'none', label: 'No overlay' }, ...pres.overlays].map((o) => (
                  <button
                    type="button"
                    key={o.id}
                    aria-pressed={overlay === o.id}
                    onClick={() => setOverlay(o.id)}
                  >
                    {o.label}
                  </button>
                ))}
              </fieldset>
            )}
            <fieldset class="view-options">
              <legend>Show</legend>
              {board.kind === 'hex' && (
                <button type="button" aria-pressed={showNumbers} onClick={() => setShowNumbers(!showNumbers)}>
                  Hex numbers
                </button>
              )}
              {lastOther >= 0 && !recap && (
                <button
                  type="button"
                  onClick={() =>
                    openRecap(finishedTurn(pres, view, v.log, turns[lastOther]!, turns[lastOther + 1]!.at))
                  }
                >
                  Recap: {turns[lastOther]!.label}
                </button>
              )}
              <button type="button" aria-pressed={sound} onClick={() => setSound(!sound)}>
                Sound
              </button>
            </fieldset>
          </div>
          <OptionsLine declared={game.options} options={v.options} onCite={setCite} />
          <div class="tabs" role="tablist">
            {(
              [
                'unit',
                'log',
                'vp',
                ...(pres.reference ? (['ref'] as const) : []),
                ...(online ? (['chat'] as const) : []),
              ] as const
            ).map((t) => (
              <button type="button" role="tab" key={t} aria-selected={tab === t} onClick={() => setTab(t)}>
                {t === 'unit'
                  ? 'Unit'
                  : t === 'log'
                    ? 'Log'
                    : t === 'vp'
                      ? 'Victory'
                      : t === 'ref'
                        ? 'Reference'
                        : chatLabel(social, chatSeen, v.seats)}
              </button>
            ))}
          </div>
          {social && (
            <PresenceLine
              social={social}
              sides={game.meta.sides.map((s) => s.id)}
              mine={v.seats}
              sideName={(s) => sideNameIn(game.meta, s)}
              colours={colours}
            />
          )}
          {tab === 'chat' && online && social && (
            <ChatPanel
              session={online}
              social={social}
              mine={v.seats}
              sideName={(s) => sideNameIn(game.meta, s)}
              colours={colours}
            />
          )}
          {tab === 'unit' && (
            <UnitPanel
              facts={facts}
              selected={selected}
              colours={colours}
              onSelect={setSelected}
              node={board.kind === 'hex' ? 'hex' : 'point'}
            />
          )}
          {tab === 'log' && (
            <LogPanel
              log={v.log}
              detail={pres.logDetail}
              text={(e) => (pres.logText ? pres.logText(view, e) : e.text)}
              onHover={(e) => setLogShown(e && pres.logDrawing ? pres.logDrawing(view, e) : null)}
              onShow={(e) => {
                const d = pres.logDrawing ? pres.logDrawing(view, e) : null;
                setLogFocus(d ? (d.nodes[d.nodes.length - 1] ?? null) : null);
              }}
              onCite={setCite}
            />
          )}
          {tab === 'vp' && <VpPanel score={pres.score(view, v.outcome !== null)} colours={colours} />}
          {tab === 'ref' && pres.reference && (
            <ReferencePanel sheets={pres.reference(view)} onCite={setCite} />
          )}
          <RulePanel cite={cite} onClose={() => setCite(null)} />
          {session instanceof ReplaySession && (
            <ReplayControls
              session={session}
              game={game}
              words={(() => {
                const e = v.log.at(-1);
                return e ? (pres.logText ? pres.logText(view, e) : e.text) : 'The start of the game.';
              })()}
            />
          )}
          <p class="export">
            {canExport ? (
              <button
                type="button"
                onClick={async () => {
                  try {
                    download(
                      session instanceof ServerSession ? await session.exportFile() : session.exportReplay(),
                      v,
                    );
                  } catch (e) {
                    setError(`Export failed: ${(e as Error).message}`);
                  }
                }}
              >
                Export replay
              </button>
            ) : (
              <span class="why-not">
                Export replay: once the game is over (the server keeps the dice seed secret until then, so
                nobody can foresee a roll).
              </span>
            )}
            {session instanceof ServerSession && v.outcome && (
              <button
                type="button"
                onClick={() =>
                  session.verify().then(
                    (m) => (m.startsWith('FAILED') ? setError(m) : setNotice(m)),
                    (e: Error) => setError(e.message),
                  )
                }
              >
                Verify dice
              </button>
            )}{' '}
            <a href={`/calc.html?game=${encodeURIComponent(game.id)}`}>Calculator</a> <a href="/">Home</a>
          </p>
        </div>
      </div>
    </div>
  );
}

function ReplayControls(p: {
  session: ReplaySession;
  game: AnyGameModule;
  /** The step shown, in words (its last log line), issue #45 item 16. */
  words: string;
}) {
  const { session, game } = p;
  const [, force] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => session.subscribe(() => force((x) => x + 1)), [session]);
  useEffect(() => {
    if (!playing) return;
    const every = setInterval(() => {
      if (session.position >= session.length - 1) setPlaying(false);
      else session.seek(session.position + 1);
    }, 700);
    return () => clearInterval(every);
  }, [playing, session]);
  const go = (i: number) => session.seek(i);
  const progress = game.progress;
  const at = session.current(); // the turn shown follows the position
  const now = progress ? progress(at.state) : null;
  const turnOf = (state: unknown) => {
    const t = progress ? progress(state) : null;
    return { turn: t?.turn ?? 0, setup: t?.setup ?? false };
  };
  return (
    <section class="panel vcr" aria-label="replay controls">
      <button type="button" onClick={() => go(0)} aria-label="first">
        |◀
      </button>
      <button type="button" onClick={() => go(session.position - 1)} aria-label="back">
        ◀
      </button>
      <span>
        {session.position} / {session.length - 1}
      </span>
      <button type="button" onClick={() => go(session.position + 1)} aria-label="forward">
        ▶
      </button>
      <button type="button" onClick={() => go(session.length - 1)} aria-label="last">
        ▶|
      </button>
      <button type="button" aria-pressed={playing} onClick={() => setPlaying(!playing)}>
        {playing ? 'Pause' : 'Play'}
      </button>
      {now && (
        <label>
          Turn{' '}
          <select
            value={String(now.turn)}
            onChange={(e) => go(session.turnStart(Number((e.target as HTMLSelectElement).value), turnOf))}
          >
            {Array.from({ length: Math.max(1, Math.min(now.turns, session.lastTurn(turnOf))) }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
      )}
      <p class="replay-step" aria-live="polite">
        {p.words}
      </p>
    </section>
  );
}

function download(file: ReplayFile, v: SessionView): void {
  const blob = new Blob([JSON.stringify({ ...file, finalHash: v.hash })], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `stavka-${file.game}-${v.id}.json`;
  a.click();
}
