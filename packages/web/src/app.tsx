/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Stavka web app: the home page (games, new game, resume, import a replay) and the
 * game page (map, panels, actions). Routes live in the URL hash so a game's link
 * resumes it: #/local/<id>, #/game/<id>/<seat token>, #/replay. A server game whose
 * tokens this browser keeps opens from the home page's list as #/game/<id>.
 */
import type { Action, AnyGameModule, GameMeta, Highlight, Presentation, ReplayFile } from '@stavka/engine';
import { findGame, GAMES } from '@stavka/games';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { coloursOf } from './counters.ts';
import { MapView } from './MapView.tsx';
import { CombatPreview, LogPanel, RulePanel, StatusBar, UnitPanel, VpPanel } from './panels.tsx';
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
  const local = LocalSession.list();
  const start = async (game: string, mode: NewGameMode | { kind: 'offline' }) => {
    setBusy(true);
    setMsg(null);
    try {
      if (mode.kind === 'offline') {
        const s = LocalSession.create(`${Date.now()}`, game);
        location.hash = `#/local/${encodeURIComponent(s.id)}`;
        return;
      }
      const created = await createServerGame(game, mode);
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
            {g.meta.playable && g.rules && (
              <div class="new-game">
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'hotseat' })}>
                  New hot-seat game
                </button>
                <button type="button" disabled={busy} onClick={() => start(g.id, { kind: 'online' })}>
                  New online game
                </button>
                {g.players?.ai &&
                  g.meta.sides.map((side) => (
                    <button
                      type="button"
                      key={side.id}
                      disabled={busy}
                      onClick={() => start(g.id, { kind: 'ai', human: side.id })}
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
      {msg && <p role="alert">{msg}</p>}
      {links && (
        <section class="links" aria-label="seat links">
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
              <a href={url}>open</a>
            </p>
          ))}
        </section>
      )}
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
                      />
                      {k !== 'spectator' && canReissue(g.id) && (
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
            {side}: {seat.player === 'ai' ? 'AI' : seat.joined ? 'joined' : 'not joined yet'}
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
  if (!game || !pres) return <main class="home">Loading {game?.meta.title ?? v.game}…</main>;
  if (game.meta.hiddenInformation && v.mode === 'hotseat' && side !== null && side !== shownTo) {
    return (
      <main class="handover" aria-live="polite">
        <h1>Hand over to {sideNameIn(game.meta, side)}</h1>
        <p>The board is hidden while the seat changes hands: what each side may see stays its own.</p>
        <button type="button" onClick={() => setShownTo(side)}>
          I am {sideNameIn(game.meta, side)}: show my board
        </button>
      </main>
    );
  }
  return <GameBoard session={session} v={v} game={game} pres={pres} />;
}

function GameBoard(p: { session: Session; v: SessionView; game: AnyGameModule; pres: Presentation }) {
  const { session, v, game, pres } = p;
  const [selectedHex, setSelectedHex] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState(-1);
  const [cite, setCite] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<string>('none');
  const [tab, setTab] = useState<'unit' | 'log' | 'vp'>('unit');
  const view = v.state;
  const colours = useMemo(() => coloursOf(game.meta), [game]);
  const board = useMemo(() => pres.board(view), [pres, view]);
  const pieces = useMemo(() => pres.pieces(view), [pres, view]);
  const side = v.activeSides[0] ?? null;
  const mine = side !== null && v.seats.includes(side);
  const actions: readonly Action[] = side ? (v.legal[side] ?? []) : [];
  const sideName = (x: string) => sideNameIn(game.meta, x);

  const submit = async (a: Action) => {
    if (!side) return;
    setError(null);
    const r = await session.submit(side, a);
    if (!r.ok) setError(r.message);
  };

  // Highlights for the selected piece, from the legal actions only.
  const { highlights, byHex } = useMemo(() => {
    const hl = new Map<number, Highlight>();
    const act = new Map<number, Action>();
    for (const t of pres.targets(view, actions, selected)) {
      hl.set(t.at, t.kind);
      act.set(t.at, t.action);
    }
    for (const m of pres.marks(view, side)) if (!hl.has(m.at) || m.kind === 'owed') hl.set(m.at, m.kind);
    if (selectedHex !== null && selectedHex >= 0 && !hl.has(selectedHex)) hl.set(selectedHex, 'selected');
    return { highlights: hl, byHex: act };
  }, [pres, view, actions, selected, selectedHex, side]);

  const move = useMemo(
    () => (selected && hover !== null ? pres.movePreview(view, selected, hover) : null),
    [pres, view, selected, hover],
  );

  const clickHex = (h: number) => {
    const a = byHex.get(h);
    if (a) {
      void submit(a);
      if (!pres.keepsSelection(a)) setSelected(null);
      return;
    }
    setSelectedHex(h);
    const ids = pres.piecesAt(view, h);
    if (ids.length === 0) {
      setSelected(null);
      return;
    }
    // Clicking a stack again cycles through it.
    const i = selected ? ids.indexOf(selected) : -1;
    setSelected(ids[(i + 1) % ids.length]!);
    setTab('unit');
  };

  // Keyboard: arrows move the cursor, Enter clicks it, Escape clears, u undoes.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'BUTTON')
        return;
      const dirs: Record<string, number> = { ArrowUp: 0, ArrowRight: 2, ArrowDown: 3, ArrowLeft: 4 };
      if (e.key in dirs && board.kind === 'hex') {
        e.preventDefault();
        setCursor((c) => {
          const from = c >= 0 ? c : board.home;
          const t = board.map.graph.targets[from * 6 + dirs[e.key]!]!;
          return t >= 0 ? t : from;
        });
      } else if (e.key === 'Enter' && cursor >= 0) clickHex(cursor);
      else if (e.key === 'Escape') {
        setSelected(null);
        setSelectedHex(null);
      } else if ((e.key === 'u' || e.key === 'U') && v.canUndo) void submit({ type: 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Combat preview: the attack on the hovered (else selected) node, with the selected piece added.
  const preview = useMemo(() => {
    const target = hover ?? selectedHex;
    if (target === null || target < 0) return null;
    return pres.combatPreview(view, side, { target, selected, actions });
  }, [pres, view, side, hover, selectedHex, selected, actions]);

  const buttons = pres.buttons(view, actions);
  const overlayData = overlay === 'none' ? null : pres.overlay(view, overlay, side);
  const facts = (() => {
    const at = selectedHex ?? (selected ? pres.pieceAt(view, selected) : null);
    return at !== null && at >= 0 ? pres.nodeFacts(view, at) : null;
  })();

  return (
    <div class="game" data-hover={hover ?? -1} data-selected={selected ?? ''}>
      <StatusBar
        progress={game.progress ? game.progress(view) : null}
        prompt={pres.prompt(view, side, mine, v.outcome)}
        side={side}
        sideName={sideName}
        colours={colours}
        over={v.outcome !== null || v.activeSides.length === 0}
        canUndo={v.canUndo}
        onUndo={() => submit({ type: 'undo' })}
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
        />
        <div class="side">
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
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <section class="panel actions" aria-label="actions">
            <h3>Actions</h3>
            {buttons.length === 0 && <p>{mine ? 'Use the map.' : 'Nothing to do now.'}</p>}
            <div class="buttons">
              {buttons.slice(0, 40).map((a, i) => (
                <button type="button" key={i} onClick={() => submit(a)} data-action={a.type}>
                  {pres.describe(view, a)}
                </button>
              ))}
            </div>
          </section>
          {preview && <CombatPreview data={preview} />}
          <div class="tabs" role="tablist">
            {(['unit', 'log', 'vp'] as const).map((t) => (
              <button type="button" role="tab" key={t} aria-selected={tab === t} onClick={() => setTab(t)}>
                {t === 'unit' ? 'Unit' : t === 'log' ? 'Log' : 'Victory'}
              </button>
            ))}
          </div>
          {tab === 'unit' && (
            <UnitPanel facts={facts} selected={selected} colours={colours} onSelect={setSelected} />
          )}
          {tab === 'log' && <LogPanel log={v.log} detail={pres.logDetail} onCite={setCite} />}
          {tab === 'vp' && <VpPanel score={pres.score(view, v.outcome !== null)} colours={colours} />}
          <RulePanel cite={cite} onClose={() => setCite(null)} />
          {session instanceof ReplaySession && <ReplayControls session={session} game={game} />}
          <p class="export">
            <button
              type="button"
              onClick={async () =>
                download(
                  session instanceof ServerSession ? await session.exportFile() : session.exportReplay(),
                  v,
                )
              }
            >
              Export replay
            </button>
            {session instanceof ServerSession && v.outcome && (
              <button type="button" onClick={() => session.verify().then((m) => setError(m))}>
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

function ReplayControls(p: { session: ReplaySession; game: AnyGameModule }) {
  const { session, game } = p;
  const [, force] = useState(0);
  useEffect(() => session.subscribe(() => force((x) => x + 1)), [session]);
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
      {now && (
        <label>
          Turn{' '}
          <select
            value={String(now.turn)}
            onChange={(e) => go(session.turnStart(Number((e.target as HTMLSelectElement).value), turnOf))}
          >
            {Array.from({ length: now.turns }, (_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
      )}
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
