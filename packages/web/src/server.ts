/**
 * The Stavka server as a Session (docs/api.md): seats join with their own random dice
 * contribution, views come over HTTP and then live over the WebSocket channel, actions
 * go with the state id they were chosen against. A browser may hold several seats
 * (hot-seat: both); tokens stay in the URL fragment and localStorage, never in a query.
 */
import { type Action, type ProvableGame, proveDice, type ReplayFile } from '@stavka/engine';
import { findGame, playableGame } from '@stavka/games';
import { type LiveChatMessage, type LiveMessage, receive } from '@stavka/server/live';
import type { Session, SessionView } from './session.ts';

interface SeatView {
  gameId: string;
  side: string | null;
  status: 'waiting' | 'active' | 'over';
  stateId: number;
  seats: Record<string, { player: string; joined: boolean }>;
  view: {
    game: string;
    stateId: number;
    activeSides: string[];
    canUndo: boolean;
    state: unknown;
    log: SessionView['log'];
    outcome: SessionView['outcome'];
  } | null;
  legal: Action[];
}

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

async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
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

function contribution(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const TOKENS = 'stavka.tokens.';
/** What the home page lists of a server game this browser holds tokens of (SavedServerGame). */
const SEEN = 'stavka.seen.';
/** The seat links of an online game created in this browser, to send again if one is lost. */
const LINKS = 'stavka.links.';
/** The creator's admin token of a game created here: it issues a seat a new link. */
const ADMIN = 'stavka.admin.';

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
 * link for each.
 */
export async function createServerGame(
  game: string,
  mode: NewGameMode,
  options: Readonly<Record<string, boolean>> = {},
): Promise<CreatedGame> {
  const m = findGame(game);
  if (!m?.rules) throw new Error(`${game} cannot be played yet`);
  const seats = Object.fromEntries(
    m.rules.sides.map((side) => [
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
    m.rules.sides.map((side) => [side, made.seats[side]?.link ?? '']),
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

/** Opens a game with the given seat tokens (comma-separated), joining seats not yet joined. */
export async function joinServerGame(id: string, tokens: string | null): Promise<ServerSession> {
  const list = (tokens ?? localStorage.getItem(TOKENS + id) ?? '').split(',').filter(Boolean);
  if (list.length === 0)
    throw new Error(
      'This link carries no seat token (the part after "#"), and this browser holds no seat in this game: ask for your seat link again.',
    );
  const stored = (localStorage.getItem(TOKENS + id) ?? '').split(',').filter(Boolean);
  const session = new ServerSession(id, list);
  try {
    await session.open();
  } catch (e) {
    // A seat link opened again after its seat joined here: the link's token stopped
    // working when the server issued this browser its own; open the seats held here.
    if (tokens === null || stored.length === 0 || stored.join(',') === list.join(',')) throw e;
    session.close();
    const held = new ServerSession(id, stored);
    await held.open();
    return held;
  }
  localStorage.setItem(TOKENS + id, session.heldTokens().join(','));
  // The optional rules in force, for the game page to show; the game plays without them.
  gameSummary(id)
    .then((s) => session.knowOptions(s?.options ?? {}))
    .catch(() => {});
  return session;
}

/** The server's answer to an action sent on the live channel. */
type Answer = { ok: true; seq: number } | { ok: false; message: string };
type ActAnswer =
  | { type: 'acted'; ref: number; seq: number }
  | { type: 'error'; ref?: number; message: string };

export class ServerSession implements Session {
  readonly id: string;
  private readonly tokens: string[];
  private views = new Map<string, SeatView>();
  private listeners = new Set<(v: SessionView) => void>();
  private readonly changes = new Set<() => void>();
  private sockets: WebSocket[] = [];
  /** Each seat's channel once its first view came: actions go over it. */
  private channels = new Map<string, WebSocket>();
  /** Actions sent on a channel, by ref, waiting for `acted` or `error`. */
  private answers = new Map<number, { ws: WebSocket; done: (r: Answer) => void }>();
  private refs = 0;
  private cached: SessionView | null = null;
  /** The optional rules the game was made with, once the summary told them. */
  private options: Readonly<Record<string, boolean>> | undefined;
  /** The seats' chat and this browser's seats' notes, by seq (each channel brings what its seat may read). */
  private chat = new Map<number, LiveChatMessage>();
  /** The sides with a live channel open, as the server last said. */
  private online: readonly string[] = [];
  private readonly socialListeners = new Set<() => void>();

  constructor(id: string, tokens: string[]) {
    this.id = id;
    this.tokens = tokens;
  }

  /** The seat tokens this session plays with (those issued at joining, once joined). */
  heldTokens(): readonly string[] {
    return this.tokens;
  }

  async open(): Promise<void> {
    const before = [...this.tokens];
    for (let i = 0; i < this.tokens.length; i++) {
      let token = this.tokens[i]!;
      const first = await call<SeatView>('GET', `/api/games/${this.id}/view`, token);
      if (first.side && !first.seats[first.side]?.joined) {
        // Joining issues this seat a token of its own: the link's copy stops working.
        const joined = await call<{ token?: string }>('POST', `/api/games/${this.id}/join`, token, {
          contribution: contribution(),
        }).catch(() => null);
        if (joined?.token) {
          token = joined.token;
          this.tokens[i] = token;
        }
      }
      this.views.set(token, await call<SeatView>('GET', `/api/games/${this.id}/view`, token));
      this.listen(token);
    }
    if (this.tokens.some((t, i) => t !== before[i])) this.rememberTokens(before);
    this.refresh();
  }

  /** Keeps the seat tokens issued at joining, in storage and in the address (a reload opens them). */
  private rememberTokens(before: readonly string[]): void {
    try {
      localStorage.setItem(TOKENS + this.id, this.tokens.join(','));
    } catch {
      // storage refused: the address still holds them
    }
    let hash = location.hash;
    before.forEach((old, i) => {
      hash = hash.split(old).join(this.tokens[i]!);
    });
    if (hash !== location.hash)
      history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  }

  private listen(token: string): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${this.id}/live`;
    const ws = new WebSocket(url);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
    // The seat view as this channel has brought it: each update builds on the one before.
    let live: SeatView | null = null;
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as LiveMessage<SeatView> | ActAnswer;
      if ((msg.type === 'acted' || msg.type === 'error') && 'ref' in msg && typeof msg.ref === 'number') {
        const waiting = this.answers.get(msg.ref);
        this.answers.delete(msg.ref);
        waiting?.done(
          msg.type === 'acted'
            ? { ok: true, seq: msg.seq }
            : { ok: false, message: (msg as { message?: string }).message ?? 'refused' },
        );
        return;
      }
      if (msg.type === 'chat') {
        for (const m of msg.messages) this.chat.set(m.seq, m);
        for (const l of this.socialListeners) l();
        return;
      }
      if (msg.type === 'presence') {
        this.online = msg.online;
        for (const l of this.socialListeners) l();
        return;
      }
      if (msg.type !== 'view' && msg.type !== 'update') return;
      const next = receive(live, msg);
      if (!next) {
        ws.close(); // out of step: reconnecting starts again from a whole view
        return;
      }
      live = next;
      this.channels.set(token, ws);
      const old = this.views.get(token);
      if (!old || next.stateId >= old.stateId) {
        this.views.set(token, next);
        this.refresh();
      }
    };
    ws.onclose = () => {
      if (this.channels.get(token) === ws) this.channels.delete(token);
      // An action sent here may or may not have been committed: the next view will say.
      for (const [ref, waiting] of this.answers) {
        if (waiting.ws !== ws) continue;
        this.answers.delete(ref);
        waiting.done({
          ok: false,
          message: 'the connection to the server was lost; look at the board again',
        });
      }
      // Reconnect after a pause: the server resends the current view.
      setTimeout(() => {
        if (this.sockets.includes(ws)) this.listen(token);
      }, 1500);
    };
    this.sockets.push(ws);
  }

  /** The optional rules the game was made with (from its summary): shown from the next view on. */
  knowOptions(options: Readonly<Record<string, boolean>>): void {
    this.options = options;
    if (this.views.size > 0) this.refresh();
  }

  private refresh(): void {
    const seatViews = [...this.views.values()];
    const latest = seatViews.reduce((a, b) => (b.stateId > a.stateId ? b : a));
    // Several seats here (hot-seat): show the view of the side to move, else the newest.
    const newest =
      seatViews.find(
        (v) => v.stateId === latest.stateId && v.side !== null && latest.view?.activeSides.includes(v.side),
      ) ?? latest;
    const progress = newest.view ? findGame(newest.view.game)?.progress : undefined;
    this.remember(newest.view && progress ? progress(newest.view.state).turn : null);
    if (!newest.view) {
      // Still waiting for a seat: no view to hand the listeners, only word of the change.
      this.cached = null;
      for (const c of this.changes) c();
      return;
    }
    const legal: Record<string, Action[]> = {};
    for (const v of seatViews) if (v.side && v.stateId === newest.stateId) legal[v.side] = v.legal;
    this.cached = {
      id: this.id,
      game: newest.view.game,
      stateId: newest.stateId,
      state: newest.view.state,
      log: newest.view.log,
      activeSides: newest.view.activeSides,
      seats: seatViews.map((v) => v.side).filter((x): x is string => x !== null),
      legal,
      canUndo: seatViews.some((v) => v.stateId === newest.stateId && v.legal.some((a) => a.type === 'undo')),
      outcome: newest.view.outcome,
      mode: this.tokens.length > 1 ? 'hotseat' : 'online',
      ...(this.options ? { options: this.options } : {}),
    };
    for (const l of this.listeners) l(this.cached);
    for (const c of this.changes) c();
  }

  /** Keeps what the home page's list of games shows (savedServerGames). */
  private remember(turn: number | null): void {
    const sides = [...this.views.values()].map((v) => v.side).filter((x): x is string => x !== null);
    const watching = [...this.views.values()].some((v) => v.side === null);
    try {
      localStorage.setItem(SEEN + this.id, JSON.stringify({ sides, watching, turn, seenAt: Date.now() }));
    } catch {
      // storage full or refused: the list shows the game as not opened yet
    }
  }

  /** Waiting for the other seats to join: no view yet. */
  waiting(): { seats: SeatView['seats'] } | null {
    const any = [...this.views.values()][0];
    return this.cached || !any ? null : { seats: any.seats };
  }

  current(): SessionView {
    if (!this.cached) throw new Error('the game has not started: waiting for every seat to join');
    return this.cached;
  }

  tokenFor(side: string): string | undefined {
    for (const [token, v] of this.views) if (v.side === side) return token;
    return undefined;
  }

  async submit(side: string, action: Action): Promise<{ ok: true } | { ok: false; message: string }> {
    const token = this.tokenFor(side);
    if (!token) return { ok: false, message: `this browser does not hold the ${side} seat` };
    try {
      const stateId = this.cached?.stateId ?? 0;
      const ws = this.channels.get(token);
      let done: { seq: number };
      if (ws && ws.readyState === WebSocket.OPEN) {
        // On the seat's live channel: the new view comes on it just before the answer.
        const ref = ++this.refs;
        const answer = await new Promise<Answer>((r) => {
          this.answers.set(ref, { ws, done: r });
          ws.send(JSON.stringify({ type: 'act', ref, stateId, action }));
        });
        if (!answer.ok) return answer;
        done = answer;
      } else {
        done = await call<{ seq: number }>('POST', `/api/games/${this.id}/actions`, token, {
          stateId,
          action,
        });
      }
      // Every seat's channel brings the new views (the server sends them before it answers);
      // a seat whose view has not come within a second is fetched whole.
      const behind = () => this.tokens.filter((t) => (this.views.get(t)?.stateId ?? -1) < done.seq);
      for (let waited = 0; behind().length > 0 && waited < 1000; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const t of behind())
        this.views.set(t, await call<SeatView>('GET', `/api/games/${this.id}/view`, t));
      this.refresh();
      return { ok: true };
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
  }

  subscribe(listener: (v: SessionView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Calls `change` on every change, also while the game waits for its seats (when
   * subscribe's listeners, given a view, are not called: there is none yet).
   */
  onChange(change: () => void): () => void {
    this.changes.add(change);
    return () => this.changes.delete(change);
  }

  exportReplay(): ReplayFile {
    throw new Error('use exportFile(): a server game is exported by the server');
  }

  /**
   * The table's social side: the chat and notes so far (in order), the sides whose
   * players have the game open now, and each seat's player ("human" or "ai").
   */
  social(): {
    messages: LiveChatMessage[];
    online: readonly string[];
    players: Record<string, string>;
  } {
    const any = [...this.views.values()][0];
    const players = Object.fromEntries(Object.entries(any?.seats ?? {}).map(([k, s]) => [k, s.player]));
    return {
      messages: [...this.chat.values()].sort((a, b) => a.seq - b.seq),
      online: this.online,
      players,
    };
  }

  onSocial(listener: () => void): () => void {
    this.socialListeners.add(listener);
    return () => this.socialListeners.delete(listener);
  }

  /** Says `text` to the other seats (or, `note`, keeps it for `side` alone); the server's refusal as an Error. */
  async say(side: string, text: string, note: boolean): Promise<void> {
    const token = this.tokenFor(side);
    if (!token) throw new Error(`this browser does not hold the ${side} seat`);
    const m = await call<LiveChatMessage>('POST', `/api/games/${this.id}/messages`, token, { text, note });
    // The live channel brings it too; kept now so it shows at once even if the channel is down.
    this.chat.set(m.seq, m);
    for (const l of this.socialListeners) l();
  }

  async exportFile(): Promise<ReplayFile> {
    return call<ReplayFile>('GET', `/api/games/${this.id}/export`, this.tokens[0]!);
  }

  /** Proves every roll of a finished game: commitment, seed derivation and replay. */
  async verify(): Promise<string> {
    const file = (await this.exportFile()) as ProvableGame;
    const rules = playableGame(file.game)?.rules;
    if (!rules) return `FAILED: "${file.game}" is no game this version plays.`;
    const proof = proveDice(rules, file);
    if (!proof.ok) return `FAILED: ${proof.failures.join('; ')}.`;
    return `Dice verified: commitment, seed and all ${proof.actions} actions (${proof.rolls} rolls) check out.`;
  }

  close(): void {
    const s = this.sockets;
    this.sockets = [];
    for (const ws of s) ws.close();
  }
}
