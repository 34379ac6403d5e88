/**
 * A game session as the UI sees it: the current view for the seats this browser holds,
 * the legal actions of the side to move, submit with the state id, undo, and updates.
 * `LocalSession` plays in the browser (engine and rules are the same code the server
 * runs) and keeps the replay in localStorage; `ServerSession` (server.ts) talks to the
 * Stavka server over HTTP and WebSocket.
 */
import {
  type Action,
  apply,
  type GameOutcome,
  type GameState,
  type LogEntry,
  legalActions,
  type ReplayFile,
  replay,
  setup,
  stateHash,
  view,
} from '@stavka/engine';
import { CARDS, type Rules, rulesOf } from './games.ts';
import { LOCAL_STORE } from './local-games.ts';

export interface SessionView {
  readonly id: string;
  /** The game's id in the registry: its module draws the view. */
  readonly game: string;
  readonly stateId: number;
  /** The game's view (the engine view's `state`), drawn by the game's presentation. */
  readonly state: unknown;
  readonly log: readonly LogEntry[];
  readonly activeSides: readonly string[];
  /** The sides this browser may act for. */
  readonly seats: readonly string[];
  readonly legal: Readonly<Record<string, readonly Action[]>>;
  readonly canUndo: boolean;
  readonly outcome: GameOutcome | null;
  readonly mode: 'hotseat' | 'online' | 'replay';
  readonly hash?: string;
  /** The optional rules the game was made with (a key left out is at its default); absent: not known here. */
  readonly options?: Readonly<Record<string, unknown>>;
}

export interface Session {
  current(): SessionView;
  submit(side: string, action: Action): Promise<{ ok: true } | { ok: false; message: string }>;
  subscribe(listener: (v: SessionView) => void): () => void;
  exportReplay(): ReplayFile;
  /** Stops listening (a server game's live channels); absent for a game in this page. */
  close?(): void;
  /** A server game still waiting for seats to join: the seats so far; else null. */
  waiting?(): { seats: Readonly<Record<string, { player: string; joined: boolean }>> } | null;
}

function makeView(
  id: string,
  rules: Rules,
  s: GameState<unknown>,
  seats: readonly string[],
  mode: SessionView['mode'],
  options: Readonly<Record<string, unknown>>,
): SessionView {
  // Hot-seat sees what the side to move sees; a replay, everything.
  const viewer = mode === 'replay' ? null : (rules.activeSides(s.state)[0] ?? null);
  const v = view(rules, s, viewer);
  const legal: Record<string, readonly Action[]> = {};
  for (const side of v.activeSides) if (seats.includes(side)) legal[side] = legalActions(rules, s, side);
  return {
    id,
    game: rules.id,
    stateId: s.stateId,
    state: v.state,
    log: v.log,
    activeSides: v.activeSides,
    seats,
    legal,
    canUndo: s.undo !== null && seats.includes(s.undo.side),
    outcome: v.outcome,
    mode,
    hash: stateHash(s),
    options,
  };
}

/** Hot-seat in the browser: both seats, persisted as a replay in localStorage. */
export class LocalSession implements Session {
  private s: GameState<unknown>;
  private file: ReplayFile;
  private listeners = new Set<(v: SessionView) => void>();
  private cached: SessionView;
  readonly id: string;
  private readonly rules: Rules;

  private constructor(id: string, rules: Rules, s: GameState<unknown>, file: ReplayFile) {
    this.id = id;
    this.rules = rules;
    this.s = s;
    this.file = file;
    this.cached = makeView(id, rules, s, rules.sides, 'hotseat', file.options ?? {});
  }

  /**
   * A new offline game of `game` (by default the registry's first playable game), with
   * the optional rules `options` switched (its module's `options`, checked by the rules).
   */
  static async create(
    seed: string,
    game?: string,
    options: Readonly<Record<string, boolean>> = {},
  ): Promise<LocalSession> {
    const rules = await rulesOf(game ?? CARDS.find((c) => c.meta.playable)?.id);
    const made = setup(rules, null, seed, options);
    if (!made.ok) throw new Error(made.error.map((e) => e.message).join('; '));
    const id = `local-${seed}`;
    const file: ReplayFile = {
      game: rules.id,
      rulesVersion: rules.rulesVersion,
      scenario: null,
      seed,
      ...(Object.keys(options).length > 0 ? { options } : {}),
      actions: [],
    };
    const session = new LocalSession(id, rules, made.value, file);
    session.save();
    return session;
  }

  /** A saved offline game (null: none here, or no game this version plays). */
  static async load(id: string): Promise<LocalSession | null> {
    const text = localStorage.getItem(LOCAL_STORE + id);
    if (!text) return null;
    const file = JSON.parse(text) as ReplayFile;
    const rules = await rulesOf(file.game).catch(() => null);
    if (!rules) return null;
    const r = replay(rules, file);
    if (!r.ok) return null;
    return new LocalSession(id, rules, r.value, file);
  }

  private save(): void {
    localStorage.setItem(LOCAL_STORE + this.id, JSON.stringify(this.file));
  }

  current(): SessionView {
    return this.cached;
  }

  async submit(side: string, action: Action): Promise<{ ok: true } | { ok: false; message: string }> {
    const r = apply(this.rules, this.s, side, action, this.s.stateId);
    if (!r.ok) return { ok: false, message: r.error.message };
    this.s = r.value;
    this.file = { ...this.file, actions: [...this.file.actions, { side, action }] };
    this.save();
    this.cached = makeView(this.id, this.rules, this.s, this.rules.sides, 'hotseat', this.file.options ?? {});
    for (const l of this.listeners) l(this.cached);
    return { ok: true };
  }

  subscribe(listener: (v: SessionView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  exportReplay(): ReplayFile {
    return this.file;
  }
}

/** Steps through a finished (or any) game from its replay file: VCR controls. */
export class ReplaySession implements Session {
  private states: GameState<unknown>[] = [];
  private at = 0;
  private listeners = new Set<(v: SessionView) => void>();
  readonly file: ReplayFile;
  private readonly rules: Rules;

  /** A replay of a file (its game loaded first); refused with the reason if it is none. */
  static async open(file: ReplayFile): Promise<ReplaySession> {
    if (typeof file !== 'object' || file === null) throw new Error('a replay file holds a JSON object');
    const rules = await rulesOf(file.game).catch(() => {
      throw new Error(
        `game: replay is of "${String(file.game).slice(0, 40)}", not a game this version plays`,
      );
    });
    return new ReplaySession(file, rules);
  }

  private constructor(file: ReplayFile, rules: Rules) {
    this.file = file;
    this.rules = rules;
    // The whole replay first: a file of another game or rules version is told so before
    // its scenario is read as this game's.
    const r = replay(rules, file, (s) => this.states.push(s));
    if (!r.ok) throw new Error(r.error.map((e) => `${e.path}: ${e.message}`).join('; '));
    const first = setup(
      rules,
      file.scenario ?? null,
      file.seed,
      (file.options ?? {}) as Record<string, unknown>,
    );
    if (!first.ok) throw new Error(first.error.map((e) => `${e.path}: ${e.message}`).join('; '));
    this.states.unshift(first.value);
    this.at = this.states.length - 1;
  }

  get length(): number {
    return this.states.length;
  }

  get position(): number {
    return this.at;
  }

  seek(i: number): void {
    this.at = Math.max(0, Math.min(this.states.length - 1, i));
    const v = this.current();
    for (const l of this.listeners) l(v);
  }

  /** The first position of a game-turn (after the set-up), as the game's progress tells turns. */
  turnStart(turn: number, turnOf: (state: unknown) => { turn: number; setup: boolean }): number {
    const i = this.states.findIndex((s) => {
      const t = turnOf(s.state);
      return t.turn === turn && !t.setup;
    });
    return i < 0 ? this.at : i;
  }

  /** The last game-turn the replay reaches (its turn select offers no later one, issue #45 item 16). */
  lastTurn(turnOf: (state: unknown) => { turn: number; setup: boolean }): number {
    const last = this.states[this.states.length - 1];
    return last ? turnOf(last.state).turn : 0;
  }

  current(): SessionView {
    return makeView('replay', this.rules, this.states[this.at]!, [], 'replay', this.file.options ?? {});
  }

  async submit(): Promise<{ ok: false; message: string }> {
    return { ok: false, message: 'a replay cannot be played' };
  }

  subscribe(listener: (v: SessionView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  exportReplay(): ReplayFile {
    return this.file;
  }
}
