/**
 * The Stavka server as a Session (docs/api.md): seats join with their own random dice
 * contribution, views come over HTTP and then live over the WebSocket channel, actions
 * go with the state id they were chosen against. A browser may hold several seats
 * (hot-seat: both); tokens stay in the URL fragment and localStorage, never in a query.
 */
import { type Action, type ProvableGame, proveDice, type ReplayFile } from '@stavka/engine';
import { type LiveChatMessage, type LiveMessage, receive } from '@stavka/server/live';
import { openedGame, openGame, rulesOf } from './games.ts';
import { askSeatView, seatTokens, takeSeatView } from './seat-views.ts';
import { call, contribution, gameSummary, type ImportedFrom, SEEN, TOKENS } from './server-games.ts';
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
  /** Whether the analyst is offered in this game (both seats agreed at its creation, or it is over; issue #48). */
  analyst?: boolean;
}

/** Opens a game with the given seat tokens (comma-separated), joining seats not yet joined. */
export async function joinServerGame(id: string, tokens: string | null): Promise<ServerSession> {
  const list = seatTokens(id, tokens);
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
    .then((s) => {
      if (s?.imported) session.knowImported(s.imported);
      session.knowOptions(s?.options ?? {});
    })
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
  /** Where an imported game came from, once the summary told it (issue #46). */
  private importedFrom: ImportedFrom | null = null;
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

  /**
   * Every seat's view at once (a hot-seat game holds two): a seat not yet joined joins
   * first (the view after joining, which may have started the game, is the one kept), and
   * the game's module and presentation start loading with the first view that names the
   * game, beside the other requests, not after them.
   */
  async open(): Promise<void> {
    const before = [...this.tokens];
    const view = (token: string) => askSeatView<SeatView>(this.id, token);
    let module: Promise<unknown> | null = null;
    const load = (v: SeatView) => {
      const game = v.view?.game;
      if (game && module === null) module = openGame(game).catch(() => {});
      return v;
    };
    // The first views may have been asked for as the page started (seat-views.ts).
    const firsts = await Promise.all(
      this.tokens.map((token) => takeSeatView<SeatView>(this.id, token).then(load)),
    );
    const joining = firsts.map((v) => v.side !== null && !v.seats[v.side]?.joined);
    // Joining issues a seat a token of its own: the link's copy stops working.
    const joined = await Promise.all(
      this.tokens.map((token, i) =>
        joining[i]
          ? call<{ token?: string }>('POST', `/api/games/${this.id}/join`, token, {
              contribution: contribution(),
            }).catch(() => null)
          : null,
      ),
    );
    joined.forEach((j, i) => {
      if (j?.token) this.tokens[i] = j.token;
    });
    const views = await Promise.all(
      this.tokens.map((token, i) => (joining[i] ? view(token).then(load) : firsts[i]!)),
    );
    this.tokens.forEach((token, i) => {
      this.views.set(token, views[i]!);
      this.listen(token);
    });
    if (this.tokens.some((t, i) => t !== before[i])) this.rememberTokens(before);
    // The game's module and presentation, loaded before its first view is shown.
    await module;
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
      // A channel's first view is most often the one the page already shows (opened over
      // HTTP a moment before): the same view drawn again would be the whole board's
      // render for nothing (issue #49).
      if (
        old &&
        msg.type === 'view' &&
        next.stateId === old.stateId &&
        JSON.stringify(next) === JSON.stringify(old)
      )
        return;
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

  /** Where an imported game came from (its summary, issue #46); null for a game made here. */
  imported(): ImportedFrom | null {
    return this.importedFrom;
  }

  /** An imported game's origin, from its summary (shown once the options are known too). */
  knowImported(imported: ImportedFrom): void {
    this.importedFrom = imported;
    for (const l of this.changes) l();
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
    const progress = newest.view ? openedGame(newest.view.game)?.module.progress : undefined;
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

  /** Whether the server offers the analyst to this browser's seats (issue #48 item 2). */
  analystOffered(): boolean {
    return [...this.views.values()].some((v) => v.analyst === true);
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
      // Where the action stands in the seat's legal list, when it is one of that list's own
      // (the server then checks it there first, not by walking the list); else not sent.
      const at = this.views.get(token)?.legal.indexOf(action) ?? -1;
      const index = at >= 0 ? { index: at } : {};
      const ws = this.channels.get(token);
      let done: { seq: number };
      if (ws && ws.readyState === WebSocket.OPEN) {
        // On the seat's live channel: the new view comes on it just before the answer.
        const ref = ++this.refs;
        const answer = await new Promise<Answer>((r) => {
          this.answers.set(ref, { ws, done: r });
          ws.send(JSON.stringify({ type: 'act', ref, stateId, action, ...index }));
        });
        if (!answer.ok) return answer;
        done = answer;
      } else {
        done = await call<{ seq: number }>('POST', `/api/games/${this.id}/actions`, token, {
          stateId,
          action,
          ...index,
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
    const rules = await rulesOf(file.game).catch(() => null);
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
