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
  applyUnchecked,
  type GameOutcome,
  type GameState,
  type LogEntry,
  legalActions,
  type ReplayFile,
  replay,
  resumeWithSeed,
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
  /** The whole state of the position shown, where this browser holds it; absent for a server game (its view only). */
  wholeState?(): GameState<unknown>;
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
   * A new offline game of `game` (by default the registry's first game), with
   * the optional rules `options` switched (its module's `options`, checked by the rules).
   */
  static async create(
    seed: string,
    game?: string,
    options: Readonly<Record<string, boolean>> = {},
  ): Promise<LocalSession> {
    const rules = await rulesOf(game ?? CARDS[0]?.id);
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

  /** The whole state of the game (this browser holds it): what the analyst reads, cut to its viewer (issue #48). */
  wholeState(): GameState<unknown> {
    return this.s;
  }

  exportReplay(): ReplayFile {
    return this.file;
  }
}

/** How far a replay file has been read and its actions checked (issue #45 item 16). */
export interface ReplayCheck {
  /** Actions read (applied) so far, of `of`. */
  readonly read: number;
  /** Actions checked legal so far, of `of`. */
  readonly checked: number;
  readonly of: number;
  /** The first action found not legal (1-based) and why; null: none so far. */
  readonly problem: string | null;
}

/** The actions of a replay file, each a {side, action} with a string type, or why not. */
function fileActions(file: ReplayFile): { side: string; action: Action }[] | string {
  const actions: unknown = file.actions;
  if (!Array.isArray(actions)) return 'actions: the actions are not a list';
  for (let i = 0; i < actions.length; i++) {
    const step = actions[i] as { side?: unknown; action?: { type?: unknown } } | null;
    if (
      !step ||
      typeof step !== 'object' ||
      typeof step.side !== 'string' ||
      !step.action ||
      typeof step.action !== 'object' ||
      typeof step.action.type !== 'string'
    )
      return `actions[${i}]: an action is {"side": ..., "action": {"type": ...}}`;
  }
  return actions as { side: string; action: Action }[];
}

/**
 * Steps through a finished (or any) game from its replay file: VCR controls. It opens at
 * once, at the start of the game (issue #45 item 16: a 263-action Barbarossa game took
 * 4.3 s to open at its end): the file's actions are then read a slice of a frame at a
 * time, each applied as the file gives it (without first listing every legal action of
 * its position, which was most of the time), the controls reaching further as they come;
 * then checked legal one by one, the page told as it goes (`check`). A file of another
 * game or rules version, or whose set-up fails, is refused at once with its reason.
 */
export class ReplaySession implements Session {
  private states: GameState<unknown>[] = [];
  private at = 0;
  private listeners = new Set<(v: SessionView) => void>();
  readonly file: ReplayFile;
  private readonly rules: Rules;
  private readonly actions: { side: string; action: Action }[];
  private checked = 0;
  private problem: string | null = null;
  /**
   * Where the reading stopped: an action the position it reached could not take (the
   * first action not legal may come before it: the check, which runs up to it, says).
   */
  private readStop: string | null = null;
  private stopped = false;
  private checkListeners = new Set<(c: ReplayCheck) => void>();

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
    const actions = fileActions(file);
    const resumed = file.resumed;
    if (
      file.game !== rules.id ||
      file.rulesVersion !== rules.rulesVersion ||
      typeof actions === 'string' ||
      (resumed !== undefined &&
        (typeof resumed?.action !== 'number' || resumed.action < 1 || resumed.action > actions.length))
    ) {
      // The engine's own reading says what is wrong with it (another game, rules version...).
      const r = replay(rules, file);
      throw new Error(
        r.ok
          ? 'not a replay file this version reads'
          : r.error.map((e) => `${e.path}: ${e.message}`).join('; '),
      );
    }
    const first = setup(
      rules,
      file.scenario ?? null,
      file.seed,
      (file.options ?? {}) as Record<string, unknown>,
    );
    if (!first.ok) throw new Error(first.error.map((e) => `${e.path}: ${e.message}`).join('; '));
    this.actions = actions;
    this.states = [first.value];
    setTimeout(() => this.readSome(), 0);
  }

  /** Tells the controls how far the reading and the check have come (not the board: its view is the same). */
  private tell(): void {
    for (const l of this.checkListeners) l(this.check());
  }

  /** Applies the next actions as the file gives them (a slice of a frame), then carries on later. */
  private readSome(): void {
    if (this.stopped) return;
    const resumed = this.file.resumed;
    const until = performance.now() + 20;
    while (this.states.length <= this.actions.length && this.readStop === null && performance.now() < until) {
      const i = this.states.length - 1;
      let s = this.states[i]!;
      if (resumed && i === resumed.action) s = resumeWithSeed(s, resumed.seed);
      const { side, action } = this.actions[i]!;
      try {
        if (!this.rules.activeSides(s.state).includes(side)) throw new Error(`${side} has nothing to do now`);
        this.states.push(applyUnchecked(this.rules, s, side, action));
      } catch (e) {
        // Checked the engine's way, it says why.
        const r = apply(this.rules, s, side, action);
        this.readStop = `action ${i + 1}: ${r.ok ? (e as Error).message : r.error.message}`;
      }
    }
    const done = this.states.length > this.actions.length || this.readStop !== null;
    if (done || this.states.length % 25 < 3) this.tell();
    if (!done) setTimeout(() => this.readSome(), 0);
    else setTimeout(() => this.checkSome(), 0);
  }

  /** Checks the next few actions legal (a slice of a frame each time), then carries on later. */
  private checkSome(): void {
    if (this.stopped) return;
    const resumed = this.file.resumed;
    const until = performance.now() + 12;
    // The actions read (all of them, or those before the one the reading stopped at).
    const read = this.states.length - 1;
    while (this.checked < read && this.problem === null && performance.now() < until) {
      const i = this.checked;
      const before =
        resumed && i === resumed.action ? resumeWithSeed(this.states[i]!, resumed.seed) : this.states[i]!;
      const r = apply(this.rules, before, this.actions[i]!.side, this.actions[i]!.action);
      if (r.ok) this.checked++;
      else {
        // The replay stops before it: what follows may not be what was played.
        this.problem = `action ${i + 1}: ${r.error.message}`;
        this.states.length = i + 1;
        if (this.at > i) this.seek(i);
      }
    }
    // Every action before the reading's stop legal: the stop is the first one not.
    if (this.problem === null && this.checked === read && this.readStop !== null)
      this.problem = this.readStop;
    const going = this.checked < read && this.problem === null;
    // Told when it ends (or finds a problem), and every 50 actions on the way.
    if (!going || this.checked % 50 < 5) this.tell();
    if (going) setTimeout(() => this.checkSome(), 0);
  }

  /** Listens to the reading and the check of the file's actions. */
  onCheck(listener: (c: ReplayCheck) => void): () => void {
    this.checkListeners.add(listener);
    return () => this.checkListeners.delete(listener);
  }

  /** How far the file's actions are read and checked (issue #45 item 16). */
  check(): ReplayCheck {
    return {
      read: this.states.length - 1,
      checked: this.checked,
      of: this.actions.length,
      problem: this.problem,
    };
  }

  /** The actions of the file (the positions once it is all read, less one). */
  get total(): number {
    return this.actions.length;
  }

  close(): void {
    this.stopped = true;
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

  /** The whole state of the step shown: what the analyst reads (issue #48). */
  wholeState(): GameState<unknown> {
    return this.states[this.at]!;
  }

  exportReplay(): ReplayFile {
    return this.file;
  }
}
