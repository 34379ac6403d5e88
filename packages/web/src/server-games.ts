/**
 * The server games as the home page sees them (docs/api.md): a new game made, the games
 * this browser holds tokens of (kept in localStorage) with the server's summary of each,
 * seat links kept and issued again. No game is loaded for any of it (the cards say each
 * game's sides); playing one is `server.ts`'s `ServerSession`.
 */
import { cardOf } from './games.ts';

export interface CreatedGame {
  id: string;
  /** Tokens of the seats this browser keeps, joined by ",". */
  token: string;
  /** Each side's seat link by side id, and the spectator's. */
  links: Readonly<Record<string, string>>;
}

/** How a new server game is played: hot-seat, online (links), or against the AI for one side. */
export type NewGameMode =
  | { kind: 'hotseat' }
  | { kind: 'online' }
  | {
      kind: 'ai';
      human: string;
      /** The AI's player, by its name in the game module's players (default: its `ai`). */
      level?: string;
    };

export async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    // The server's answers are the game as it stands, never kept: and a request the HTTP
    // cache may keep waits for any other one of the same address to end (Chromium's cache
    // lock), so a hot-seat game's two seat views, asked for at once, came one after the
    // other (issue #49).
    cache: 'no-store',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const data = (await res.json().catch(() => ({}))) as T & { code?: string; message?: string };
  if (!res.ok) throw new Error(data.message ?? `${method} ${url}: HTTP ${res.status}`);
  return data;
}

export function contribution(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const TOKENS = 'stavka.tokens.';
/** What the home page lists of a server game this browser holds tokens of (SavedServerGame). */
export const SEEN = 'stavka.seen.';
/** The seat links of an online game created in this browser, to send again if one is lost. */
export const LINKS = 'stavka.links.';
/** The creator's admin token of a game created here: it issues a seat a new link. */
export const ADMIN = 'stavka.admin.';

/** What this browser remembers of a server game it holds seat or spectator tokens of. */
export interface SavedServerGame {
  readonly id: string;
  /** The sides its tokens play, as the game said when last opened here ([]: not opened yet, or watching). */
  readonly sides: readonly string[];
  /** Whether a token is a spectator's. */
  readonly watching: boolean;
  /** The turn when last seen here, if known. */
  readonly turn: number | null;
  /** When last seen here (ms since the epoch), if ever. */
  readonly seenAt: number | null;
  /** The seat and spectator links, for an online game created here; else null. */
  readonly links: Readonly<Record<string, string>> | null;
}

/**
 * Whether a seat link opens on this computer only (localhost, 127.x, [::1]): the server
 * links to the address a game was made at, so a game made at http://localhost:8080
 * gives links a player on another machine cannot open.
 */
export function linkForThisMachineOnly(link: string): boolean {
  let host: string;
  try {
    host = new URL(link).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The server games this browser holds tokens of (a seat link opened, a hot-seat or AI
 * game started here) or created online, the most recently seen first. Tokens and links
 * stay in localStorage only.
 */
export function savedServerGames(storage: Storage = localStorage): SavedServerGame[] {
  const ids = new Set<string>();
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    for (const prefix of [TOKENS, LINKS]) {
      if (key?.startsWith(prefix) && storage.getItem(key)) ids.add(key.slice(prefix.length));
    }
  }
  const out = [...ids].map((id) => ({
    id,
    ...readSeen(storage.getItem(SEEN + id)),
    links: readLinks(storage.getItem(LINKS + id)),
  }));
  return out.sort((a, b) => (b.seenAt ?? 0) - (a.seenAt ?? 0) || a.id.localeCompare(b.id));
}

function readLinks(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const links = Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string');
    return links.length > 0 ? Object.fromEntries(links) : null;
  } catch {
    return null;
  }
}

function readSeen(text: string | null): Omit<SavedServerGame, 'id' | 'links'> {
  const none = { sides: [], watching: false, turn: null, seenAt: null };
  if (!text) return none;
  try {
    const v = JSON.parse(text) as Partial<Record<keyof SavedServerGame, unknown>>;
    return {
      sides: Array.isArray(v.sides) ? v.sides.filter((x): x is string => typeof x === 'string') : [],
      watching: v.watching === true,
      turn: typeof v.turn === 'number' ? v.turn : null,
      seenAt: typeof v.seenAt === 'number' ? v.seenAt : null,
    };
  } catch {
    return none; // written by another version: shown as not opened yet
  }
}

/** Forgets a server game in this browser: its tokens, links and what was seen of it (the game stays on the server). */
export function forgetServerGame(id: string, storage: Storage = localStorage): void {
  storage.removeItem(TOKENS + id);
  storage.removeItem(SEEN + id);
  storage.removeItem(LINKS + id);
  storage.removeItem(ADMIN + id);
}

/** Whether this browser created the game and may issue a seat a new link. */
export function canReissue(id: string, storage: Storage = localStorage): boolean {
  return !!storage.getItem(ADMIN + id);
}

/**
 * A new link for a seat of a game created here (POST /api/games/{id}/token with the
 * creator's admin token): the seat's old token, and its old link, stop working. The new
 * link replaces the old among the game's kept links.
 */
export async function reissueSeatLink(
  id: string,
  side: string,
  storage: Storage = localStorage,
): Promise<string> {
  const admin = storage.getItem(ADMIN + id);
  if (!admin) throw new Error('only the browser that created the game can issue a seat a new link');
  const made = await call<{ link: string }>('POST', `/api/games/${id}/token`, admin, { side });
  const links = readLinks(storage.getItem(LINKS + id)) ?? {};
  storage.setItem(LINKS + id, JSON.stringify({ ...links, [side]: made.link }));
  return made.link;
}

/** The server's public summary of a game (`GET /api/games/{id}`, docs/api.md). */
export interface GameSummary {
  readonly id: string;
  readonly game: string;
  readonly status: 'waiting' | 'active' | 'over';
  readonly stateId: number;
  readonly activeSides: readonly string[];
  readonly outcome: { readonly winner: string | null; readonly summary: string } | null;
  readonly seats: Readonly<Record<string, { readonly player: string; readonly joined: boolean }>>;
  /** The optional rules switched when it was made (a key left out is at its default). */
  readonly options?: Readonly<Record<string, boolean>>;
  readonly createdAt: string;
  /** An imported game: how far its file went, the game it was exported from, whether it is played on here (issue #46). */
  readonly imported?: ImportedFrom;
}

/** Where an imported game came from, as the server's summary says it (issue #46). */
export interface ImportedFrom {
  /** The file's actions (the game goes on after them). */
  readonly actions: number;
  /** The game it was exported from, as the file names it; null: a file that names none. */
  readonly from: { readonly gameId: string; readonly origin: string; readonly createdAt: string } | null;
  /** Whether the file's dice record was checked at the import. */
  readonly verifiedDice: boolean;
  /** Whether it is played on here (it was not over). */
  readonly playedOnHere: boolean;
}

/** An imported game in a line: "Imported from game … on …, its first N actions; played on here since." */
export function importedWords(i: ImportedFrom): string {
  const from = i.from
    ? `game ${i.from.gameId} on ${i.from.origin}${i.from.createdAt ? ` (made ${i.from.createdAt.slice(0, 10)})` : ''}`
    : 'a replay file that names no server';
  const dice = i.verifiedDice ? ', its dice proven' : '';
  return `Imported from ${from}: its first ${i.actions} action${i.actions === 1 ? '' : 's'}${dice}${i.playedOnHere ? '; played on here since' : ''}.`;
}

/** A game's public summary; null when the server no longer has it. */
export async function gameSummary(id: string): Promise<GameSummary | null> {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}`);
  if (res.status === 404) return null;
  const data = (await res.json().catch(() => ({}))) as GameSummary & { message?: string };
  if (!res.ok) throw new Error(data.message ?? `GET /api/games/${id}: HTTP ${res.status}`);
  return data;
}

/**
 * Creates a game on the server, with the optional rules `options` switched. Hot-seat:
 * every seat here; AI: the sides other than `human` are the AI's; online: no seat here, a
 * link for each. `analyst`: the analyst allowed to both seats (issue #48 item 2; the players
 * agree by making and joining the game).
 */
export async function createServerGame(
  game: string,
  mode: NewGameMode,
  options: Readonly<Record<string, boolean>> = {},
  { analyst = false }: { readonly analyst?: boolean } = {},
): Promise<CreatedGame> {
  const card = cardOf(game);
  if (!card) throw new Error(`${game} is no game this version plays`);
  const sides = card.meta.sides.map((s) => s.id);
  const seats = Object.fromEntries(
    sides.map((side) => [
      side,
      mode.kind === 'ai' && mode.human !== side
        ? { player: 'ai', ...(mode.level ? { level: mode.level } : {}) }
        : { player: 'human' },
    ]),
  );
  const made = await call<{
    id: string;
    seats: Record<string, { token?: string; link?: string }>;
    spectator: { token: string; link: string };
    admin?: { token: string };
  }>('POST', '/api/games', null, {
    game,
    seats,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    ...(analyst ? { analyst: true } : {}),
  });
  if (made.admin) {
    try {
      localStorage.setItem(ADMIN + made.id, made.admin.token);
    } catch {
      // storage refused: no new links can be issued from here
    }
  }
  const mine = Object.entries(made.seats)
    .filter(
      ([side, s]) => s.token && (mode.kind === 'hotseat' || (mode.kind === 'ai' && side === mode.human)),
    )
    .map(([, s]) => s.token!);
  const links: Record<string, string> = Object.fromEntries(
    sides.map((side) => [side, made.seats[side]?.link ?? '']),
  );
  links.spectator = made.spectator.link;
  // An online game's links are shown once: kept, so that one lost can be sent again.
  if (mode.kind === 'online') {
    try {
      localStorage.setItem(LINKS + made.id, JSON.stringify(links));
    } catch {
      // storage full or refused: the links are still shown now
    }
  }
  return { id: made.id, token: mine.join(','), links };
}
