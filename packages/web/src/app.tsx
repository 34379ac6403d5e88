/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The Stavka web app's routes. They live in the URL hash so a game's link resumes it:
 * #/local/<id>, #/game/<id>/<seat token>, #/replay; a seat link from the server is
 * /play/<game id>#<seat token>. The home page (home.tsx) is all the first load brings:
 * a game's page, its sessions and its game come in chunks of their own when one opens.
 */
import type { ComponentType } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { openGame } from './games.ts';
import { Home } from './home.tsx';
import { localGameOf } from './local-games.ts';
import { serverGameOf } from './seat-views.ts';
import type { ServerSession } from './server.ts';
import type { Session } from './session.ts';

function useRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || '/');
  // Listening from the render's own commit (a layout effect, not one run a frame later),
  // and reading the hash again once listening: a link followed between the first render
  // and the listener (a page just loaded, then sent to #/local/<id>) is not lost.
  useLayoutEffect(() => {
    const on = () => setRoute(location.hash.slice(1) || '/');
    window.addEventListener('hashchange', on);
    on();
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** The game page's chunk (game-page.tsx and what it draws with), loaded once. */
interface GamePages {
  readonly GamePage: ComponentType<{ session: Session }>;
  readonly Waiting: ComponentType<{ session: ServerSession }>;
}
let gamePages: GamePages | null = null;
const loadGamePages = (): Promise<GamePages> =>
  import('./game-page.tsx').then((m) => {
    gamePages = m;
    return m;
  });

/** Opens the session a route names (null: the route is the home page's). */
async function openRoute(route: string): Promise<Session | null> {
  const parts = route.split('/').filter(Boolean);
  if (parts[0] === 'new-local' && parts[1]) {
    // A fresh offline game with a chosen seed (tests, or replaying a shared set-up).
    const { LocalSession } = await import('./session.ts');
    const made = await LocalSession.create(
      decodeURIComponent(parts[1]),
      parts[2] ? decodeURIComponent(parts[2]) : undefined,
    );
    location.replace(`#/local/${encodeURIComponent(made.id)}`);
    return null;
  }
  if (parts[0] === 'local' && parts[1]) {
    // The game's presentation and styles on their way beside its rules and the replay.
    const game = localGameOf(decodeURIComponent(parts[1]));
    if (game) openGame(game).catch(() => {});
    const { LocalSession } = await import('./session.ts');
    const s = await LocalSession.load(decodeURIComponent(parts[1]));
    if (!s) throw new Error(`No saved game ${parts[1]} in this browser.`);
    return s;
  }
  // A server game: #/game/<id>/<tokens>, or a seat link /play/<game id>#<seat token> (cut
  // short, no token: the seats this browser holds of the game, if any).
  const server = serverGameOf(route, location.pathname);
  if (server) {
    const { joinServerGame } = await import('./server.ts');
    return joinServerGame(server.id, server.tokens);
  }
  return null;
}

/** Whether the route opens a game (a server game, a saved or new offline one, a seat link), not the home page. */
function opening(route: string, seatLink: boolean): boolean {
  const [first, id] = route.split('/').filter(Boolean);
  return seatLink || (id !== undefined && (first === 'game' || first === 'local' || first === 'new-local'));
}

export function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session | null>(null);
  const [pages, setPages] = useState<GamePages | null>(gamePages);
  const [error, setError] = useState<string | null>(null);
  // A server game left (home, another game) stops listening: its channels close, and
  // stop coming back after a pause as they do when the connection drops.
  useEffect(() => () => session?.close?.(), [session]);
  // Opened from a seat link (/play/<game id>#<seat token>), not the home page.
  const seatLink = location.pathname.startsWith('/play/');
  useEffect(() => {
    setError(null);
    let left = false;
    const parts = route.split('/').filter(Boolean);
    if (parts[0] === 'replay') return;
    if (parts.length === 0 && !seatLink) {
      setSession(null);
      return;
    }
    // The game page's chunk comes beside the session: neither waits for the other.
    const page = loadGamePages();
    Promise.all([openRoute(route), page]).then(
      ([s, p]) => {
        // A game opened after the route moved on is closed at once, never shown.
        if (left) s?.close?.();
        else {
          setPages(p);
          if (s) setSession(s);
        }
      },
      (e: Error) => left || setError(e.message),
    );
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
  const shown = session && pages && (route.startsWith('/replay') || route !== '/' || seatLink);
  if (shown && session.waiting?.()) return <pages.Waiting session={session as ServerSession} />;
  if (shown) return <pages.GamePage session={session} />;
  // A game's link being opened: a line saying so, not the home page drawn (its cards, a
  // summary request for every saved game) only to be replaced once the game is open.
  if (opening(route, seatLink)) {
    return (
      <main class="home opening" aria-busy="true">
        <p>Opening the game…</p>
      </main>
    );
  }
  return (
    <Home
      onReplay={(s) => {
        setSession(s);
        loadGamePages().then(setPages);
      }}
    />
  );
}
