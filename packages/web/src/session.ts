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
import { type MarsState, marsRules } from '@stavka/games';

export interface SessionView {
  readonly id: string;
  readonly stateId: number;
  readonly state: MarsState;
  readonly log: readonly LogEntry[];
  readonly activeSides: readonly string[];
  /** The sides this browser may act for. */
  readonly seats: readonly string[];
  readonly legal: Readonly<Record<string, readonly Action[]>>;
  readonly canUndo: boolean;
  readonly outcome: GameOutcome | null;
  readonly mode: 'hotseat' | 'online' | 'replay';
  readonly hash?: string;
}

export interface Session {
  current(): SessionView;
  submit(side: string, action: Action): Promise<{ ok: true } | { ok: false; message: string }>;
  subscribe(listener: (v: SessionView) => void): () => void;
  exportReplay(): ReplayFile;
}

const rules = marsRules;

function makeView(
  id: string,
  s: GameState<MarsState>,
  seats: readonly string[],
  mode: SessionView['mode'],
): SessionView {
  const v = view(rules, s, null);
  const legal: Record<string, readonly Action[]> = {};
  for (const side of v.activeSides) if (seats.includes(side)) legal[side] = legalActions(rules, s, side);
  return {
    id,
    stateId: s.stateId,
    state: v.state as MarsState,
    log: v.log,
    activeSides: v.activeSides,
    seats,
    legal,
    canUndo: s.undo !== null && seats.includes(s.undo.side),
    outcome: v.outcome,
    mode,
    hash: stateHash(s),
  };
}

const STORE = 'stavka.local.';

/** Hot-seat in the browser: both seats, persisted as a replay in localStorage. */
export class LocalSession implements Session {
  private s: GameState<MarsState>;
  private file: ReplayFile;
  private listeners = new Set<(v: SessionView) => void>();
  private cached: SessionView;
  readonly id: string;

  private constructor(id: string, s: GameState<MarsState>, file: ReplayFile) {
    this.id = id;
    this.s = s;
    this.file = file;
    this.cached = makeView(id, s, rules.sides, 'hotseat');
  }

  static create(seed: string): LocalSession {
    const made = setup(rules, null, seed, {});
    if (!made.ok) throw new Error(made.error.map((e) => e.message).join('; '));
    const id = `local-${seed}`;
    const file: ReplayFile = {
      game: rules.id,
      rulesVersion: rules.rulesVersion,
      scenario: null,
      seed,
      actions: [],
    };
    const session = new LocalSession(id, made.value, file);
    session.save();
    return session;
  }

  static load(id: string): LocalSession | null {
    const text = localStorage.getItem(STORE + id);
    if (!text) return null;
    const file = JSON.parse(text) as ReplayFile;
    const r = replay(rules, file);
    if (!r.ok) return null;
    return new LocalSession(id, r.value, file);
  }

  static list(): string[] {
    const out: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(STORE)) out.push(k.slice(STORE.length));
    }
    return out.sort();
  }

  private save(): void {
    localStorage.setItem(STORE + this.id, JSON.stringify(this.file));
  }

  current(): SessionView {
    return this.cached;
  }

  async submit(side: string, action: Action): Promise<{ ok: true } | { ok: false; message: string }> {
    const r = apply(rules, this.s, side, action, this.s.stateId);
    if (!r.ok) return { ok: false, message: r.error.message };
    this.s = r.value;
    this.file = { ...this.file, actions: [...this.file.actions, { side, action }] };
    this.save();
    this.cached = makeView(this.id, this.s, rules.sides, 'hotseat');
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
  private states: GameState<MarsState>[] = [];
  private at = 0;
  private listeners = new Set<(v: SessionView) => void>();
  readonly file: ReplayFile;

  constructor(file: ReplayFile) {
    this.file = file;
    if (typeof file !== 'object' || file === null) throw new Error('a replay file holds a JSON object');
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

  /** The first position of a game-turn. */
  turnStart(turn: number): number {
    const i = this.states.findIndex((s) => s.state.turn === turn && s.state.step !== 'setup');
    return i < 0 ? this.at : i;
  }

  current(): SessionView {
    return makeView('replay', this.states[this.at]!, [], 'replay');
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
