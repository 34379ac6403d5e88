/**
 * A server game's seat views, asked for as the page starts (issue #49): the address says
 * which game and seats it opens (a seat link /play/<id>#<tokens>, or #/game/<id>/<tokens>),
 * so their views need not wait for the game page's chunks, the sessions' and the engine's,
 * to load first; the game's own module starts loading as soon as a view names it. The
 * session (server.ts) takes each view once, as if it had asked for it itself: the same
 * request, the same answer or error.
 */
import { openGame } from './games.ts';
import { call, TOKENS } from './server-games.ts';

/** The seat tokens a game is opened with: the address's, else those this browser holds of it. */
export function seatTokens(id: string, tokens: string | null): string[] {
  return (tokens ?? localStorage.getItem(TOKENS + id) ?? '').split(',').filter(Boolean);
}

/**
 * The server game and seat tokens a route opens, or null: #/game/<id>/<tokens>, or on a seat
 * link's page (/play/<id>) any route that is not a saved or new offline game or a replay,
 * the route being its tokens (none: those this browser holds). An id may be empty (a seat
 * link cut short): joining it says so.
 */
export function serverGameOf(route: string, pathname: string): { id: string; tokens: string | null } | null {
  const parts = route.split('/').filter(Boolean);
  if (parts[0] === 'game' && parts[1]) return { id: parts[1], tokens: parts[2] ?? null };
  if ((parts[0] === 'local' || parts[0] === 'new-local') && parts[1]) return null;
  if (parts[0] === 'replay' || !pathname.startsWith('/play/')) return null;
  return { id: pathname.split('/')[2] ?? '', tokens: route === '/' ? null : route.replace(/^\//, '') };
}

/** The views asked for early, by game and token, each until taken. */
const early = new Map<string, Promise<unknown>>();
const keyOf = (id: string, token: string) => `${id}\n${token}`;

/** The view request of one seat of a game. */
export function askSeatView<T>(id: string, token: string): Promise<T> {
  return call<T>('GET', `/api/games/${id}/view`, token);
}

/**
 * Sends the view requests of the game this page's address opens, if it opens one; and
 * starts loading its game's module at once when the page names it (a seat link's page:
 * the server's web.ts `pageNaming`), rather than when the first view comes to say it.
 */
export function askSeatViewsEarly(
  where: Pick<Location, 'pathname' | 'hash'> = location,
  page: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): void {
  const seats = serverGameOf(where.hash.slice(1) || '/', where.pathname);
  if (!seats?.id) return;
  const named = page?.querySelector<HTMLMetaElement>('meta[name="stavka-game"]')?.content;
  if (named) openGame(named).catch(() => {}); // a game this build does not play: the session says so
  let tokens: string[];
  try {
    tokens = seatTokens(seats.id, seats.tokens);
  } catch {
    return; // storage refused: the session reads it again, and says so
  }
  for (const token of tokens) {
    const asked = askSeatView<{ view?: { game?: unknown } | null }>(seats.id, token);
    // Its game's module on its way with the first view that names it (a failed request
    // is the session's to report, when it takes it).
    asked
      .then((v) => {
        if (v.view?.game !== undefined) openGame(v.view.game).catch(() => {});
      })
      .catch(() => {});
    early.set(keyOf(seats.id, token), asked);
  }
}

/** The view asked for early of this game's seat, once; else it is asked for now. */
export function takeSeatView<T>(id: string, token: string): Promise<T> {
  const key = keyOf(id, token);
  const asked = early.get(key);
  early.delete(key);
  return (asked as Promise<T> | undefined) ?? askSeatView<T>(id, token);
}
