/**
 * The game contract every client uses (UI, server, CLI, AI): Rally the Troops'
 * setup/view/action shape with boardgame.io's typed rejections and state ids, and
 * OpenSpiel's canonical legal-action order.
 *
 *   setup(rules, scenario, seed, options)  -> Result<GameState, SetupError[]>
 *   legalActions(rules, state, side)       -> actions, canonical order
 *   apply(rules, state, side, action, id)  -> Result<GameState, ActionError>
 *   view(rules, state, side)               -> what that side may see
 *   replay(rules, file)                    -> the state a replay file rebuilds
 *
 * A game's rules implement GameRules over their own plain-JSON state; this module
 * wraps it with what every game shares: the state id that refuses stale actions,
 * seeded dice, the log, undo until a die roll or a reveal, and the state hash.
 */
import { canonicalJson, hashValue, sha256Hex } from './hash.ts';
import type { LogEntry } from './log.ts';
import { appendLog, visibleLog } from './log.ts';
import { Memo } from './memo.ts';
import { engineSetupError, err, ok, type Result, type SetupError } from './result.ts';
import { type RngState, rngFromSeed, rollDie, type Seed, sameRng } from './rng.ts';

/** An action is plain JSON with a `type`; its other fields are the game's. */
export interface Action {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** The engine's own action: take back the last reversible action. */
export const UNDO = { type: 'undo' } as const;

export interface ActionError {
  readonly code:
    | 'action/stale'
    | 'action/not-your-turn'
    | 'action/not-legal'
    | 'action/malformed'
    | 'action/game-over'
    | 'action/unknown-side';
  readonly message: string;
}

export interface GameOutcome {
  /** The winning side, or null for a draw. */
  readonly winner: string | null;
  readonly score: Readonly<Record<string, number>>;
  readonly summary: string;
}

/** What the rules may do while an action is applied, besides changing their state. */
export interface RulesContext {
  /**
   * Rolls one die; the roll is logged with its purpose and rule, and closes undo. A roll
   * meant for one side (or none: `[]`, the server alone until revealed) says so in
   * `visibleTo`; its entry is then cut from every other viewer's log.
   */
  roll(
    purpose: string,
    cite?: readonly string[],
    sides?: number,
    visibleTo?: string | readonly string[],
  ): number;
  log(entry: LogEntry): void;
  /** Hidden information became known: closes undo. */
  reveal(): void;
}

export interface GameRules<G, A extends Action = Action, O = Record<string, unknown>> {
  /** "mars-1942" */
  readonly id: string;
  /** Bumped whenever a rule change could change a replay's outcome. */
  readonly rulesVersion: string;
  readonly sides: readonly string[];
  /** Validates a scenario once into the game's state (dice allowed: e.g. random set-ups). */
  setup(scenario: unknown, options: O, ctx: RulesContext): Result<G, SetupError[]>;
  /** The sides that have something to do now; [] once the game is over. */
  activeSides(game: G): readonly string[];
  /**
   * Every action `side` may take now, in a canonical order, as a new array: the engine
   * keeps it (undo added at its end, read-only, shared with every caller: never changed).
   */
  legalActions(game: G, side: string): A[];
  /**
   * Applies an action already known to be legal to `draft`, a private copy the rules
   * may change in place.
   */
  applyAction(draft: G, side: string, action: A, ctx: RulesContext): void;
  /** The game state as `side` may see it (null: an observer after the game ends). */
  view(game: G, side: string | null): unknown;
  /** The final result once no side is active. */
  outcome(game: G): GameOutcome | null;
  /** A deep copy for `applyAction` to change; defaults to structuredClone. */
  clone?(game: G): G;
}

/** The engine's part of every state. Plain JSON, like the rest. */
export interface GameState<G> {
  readonly game: string;
  readonly rulesVersion: string;
  /** Increases with every accepted action: an action chosen against another id is stale. */
  readonly stateId: number;
  readonly rng: RngState;
  readonly log: readonly LogEntry[];
  /**
   * A chained digest of the log: sha256(previous digest + canonical entry) per entry,
   * so the state hash covers every log entry without hashing the whole log each time.
   */
  readonly logDigest: string;
  /** Number of actions applied since setup (undo counts as one). */
  readonly actionCount: number;
  /** What undo can take back; null after a roll, a reveal or a change of active side. */
  readonly undo: UndoRecord<G> | null;
  readonly state: G;
}

export interface UndoRecord<G> {
  readonly side: string;
  /** The state before the first reversible action (itself without undo). */
  readonly base: GameState<G>;
  /** Reversible actions applied since, in order. */
  readonly actions: readonly Action[];
}

/** A saved game: everything needed to rebuild it, and nothing else. */
export interface ReplayFile {
  readonly game: string;
  readonly rulesVersion: string;
  readonly scenario: unknown;
  readonly seed: Seed;
  readonly options?: Record<string, unknown>;
  readonly actions: readonly { readonly side: string; readonly action: Action }[];
  /**
   * A game imported and played on elsewhere (the server's imports, issue #46): the first
   * `action` actions roll from `seed` above, and from that action on the dice roll from
   * this `seed`, undo starting afresh.
   */
  readonly resumed?: { readonly action: number; readonly seed: Seed };
}

/** The replay file of a game `rules` set up from `seed` (with its scenario and options) and played by `actions`. */
export function replayFileOf(
  rules: { readonly id: string; readonly rulesVersion: string },
  game: { readonly seed: Seed; readonly scenario?: unknown; readonly options?: Record<string, unknown> },
  actions: ReplayFile['actions'],
): ReplayFile {
  return {
    game: rules.id,
    rulesVersion: rules.rulesVersion,
    scenario: game.scenario ?? null,
    seed: game.seed,
    ...(game.options ? { options: game.options } : {}),
    actions,
  };
}

/** The state going on from an imported game's last action, rolling from `seed` (`ReplayFile.resumed`). */
export function resumeWithSeed<G>(s: GameState<G>, seed: Seed): GameState<G> {
  return { ...s, rng: rngFromSeed(seed), undo: null };
}

class Context implements RulesContext {
  rng: RngState;
  entries: LogEntry[] = [];
  irreversible = false;
  constructor(
    rng: RngState,
    private readonly forced?: number[],
    /** Keeps no log (a search's rollouts: `applyUnlogged`). */
    private readonly quiet = false,
  ) {
    this.rng = rng;
  }
  roll(purpose: string, cite?: readonly string[], sides = 6, visibleTo?: string | readonly string[]): number {
    const rolled = rollDie(this.rng, sides);
    const next = rolled.next;
    let value = rolled.value;
    if (this.forced) {
      const f = this.forced.shift();
      if (f === undefined) throw new Error(`applyWithRolls: no roll left for "${purpose}"`);
      if (!Number.isInteger(f) || f < 1 || f > sides)
        throw new Error(`applyWithRolls: ${f} is no d${sides} roll`);
      value = f;
    }
    this.rng = next;
    this.irreversible = true;
    if (this.quiet) return value;
    this.entries.push({
      kind: 'roll',
      text: `${purpose}: rolled ${value}`,
      ...(cite ? { cite } : {}),
      ...(visibleTo !== undefined ? { visibleTo } : {}),
      data: { value, sides, purpose },
    });
    return value;
  }
  log(entry: LogEntry): void {
    if (!this.quiet) this.entries.push(entry);
  }
  reveal(): void {
    this.irreversible = true;
  }
}

/** Folds log entries into the chained digest. */
export function foldLog(digest: string, entries: readonly LogEntry[]): string {
  let d = digest;
  for (const e of entries) d = sha256Hex(d + canonicalJson(e));
  return d;
}

const LOG_ROOT = sha256Hex('stavka-log');

/**
 * Whether a state's log is the one its digest was chained from: a log read back from
 * storage in parts (a server's snapshots, each holding the entries since the one before)
 * checked against the digest the state carries, which its hash covers. A search's states
 * (UNLOGGED) never match.
 */
export function logMatchesDigest(s: GameState<unknown>): boolean {
  return foldLog(LOG_ROOT, s.log) === s.logDigest;
}

function cloneGame<G>(rules: GameRules<G, Action, unknown>, game: G): G {
  return rules.clone ? rules.clone(game) : structuredClone(game);
}

export function setup<G, A extends Action, O>(
  rules: GameRules<G, A, O>,
  scenario: unknown,
  seed: Seed,
  options: O,
): Result<GameState<G>, SetupError[]> {
  let rng: RngState;
  try {
    rng = rngFromSeed(seed);
  } catch (e) {
    return err([engineSetupError('setup/seed', 'seed', (e as Error).message)]);
  }
  const ctx = new Context(rng);
  const made = rules.setup(scenario, options, ctx);
  if (!made.ok) return made;
  return ok({
    game: rules.id,
    rulesVersion: rules.rulesVersion,
    stateId: 0,
    rng: ctx.rng,
    log: ctx.entries,
    logDigest: foldLog(LOG_ROOT, ctx.entries),
    actionCount: 0,
    undo: null,
    state: made.value,
  });
}

/**
 * Legal actions are a function of the state alone, and states are never changed in
 * place: each list is computed once per state and side (a server checks an action
 * against the same list it sent the player) and shared, read-only, with every caller.
 */
const legalMemo = new Memo<GameState<unknown>, Map<string, readonly Action[]>>('legal actions');

/** Every action `side` may take, canonical order; undo last when it is offered. */
export function legalActions<G, A extends Action>(
  rules: GameRules<G, A, unknown>,
  s: GameState<G>,
  side: string,
): readonly (A | typeof UNDO)[] {
  let bySide = legalMemo.get(s);
  const known = bySide?.get(side);
  if (known) return known as readonly (A | typeof UNDO)[];
  // The rules' new array itself, undo added at its end: no copy of hundreds of actions.
  // Read-only by its type, not frozen: V8 11 (Node 20) reads a frozen array's elements
  // in optimized code by a generic path, ~5x slower, and so too every array read at the
  // same place afterwards (a plain one there makes the place polymorphic). Every
  // reader of a legal list walks it: findAction, the live channel's legalPatch (15 ->
  // 6.8 µs an update on Mars's lists, 412 -> 138 µs for a phase's first), the AI.
  // The conformance suite checks that nothing changes it (checkState).
  const all: (A | typeof UNDO)[] = rules.legalActions(s.state, side);
  if (s.undo && s.undo.side === side) all.push(UNDO);
  if (!bySide) {
    bySide = new Map();
    legalMemo.set(s, bySide);
  }
  bySide.set(side, all);
  return all;
}

/** A stable key for comparing actions: canonical JSON. */
export function actionKey(action: unknown): string {
  return canonicalJson(action);
}

/** Structural equality of two plain-JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // No key arrays: this runs over whole legal lists, and most candidates differ early.
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let na = 0;
  for (const k in ra) {
    const va = ra[k];
    if (va === undefined) continue;
    if (!sameJson(va, rb[k])) return false;
    na++;
  }
  let nb = 0;
  for (const k in rb) if (rb[k] !== undefined) nb++;
  return na === nb;
}

/**
 * The legal action equal to `action` (key order aside). `at`, where the caller saw it in
 * this list, is looked at first (a client acting from the list it was sent): one
 * comparison, not a walk of the list, which late in a server's move (its caches holding
 * other games' data by then) cost ~20 µs on Mars's lists of ~900. Otherwise, or if it is
 * not there, the list is walked: lists run to thousands, so each candidate is first
 * checked on the chosen action's primitive fields, which rejects nearly all of them
 * without walking their keys.
 */
function findAction<A extends Action>(legal: readonly A[], action: Action, at?: number): A | undefined {
  if (at !== undefined && Number.isInteger(at) && at >= 0 && at < legal.length) {
    const there = legal[at]!;
    if (sameJson(there, action)) return there;
  }
  const given: Readonly<Record<string, unknown>> = action;
  // Last field first: "type" is shared by most of a list, a unit or a hex by few.
  const flat: string[] = [];
  const want: unknown[] = [];
  for (const k in given) {
    const v = given[k];
    if (v === null || (v !== undefined && typeof v !== 'object')) {
      flat.unshift(k);
      want.unshift(v);
    }
  }
  const n = flat.length;
  // The first field read outside the inner loop, no callback per candidate: ~2.5x faster
  // on Mars's movement lists (~770 actions).
  const k0 = flat[0]!;
  const w0 = want[0];
  for (let j = 0; j < legal.length; j++) {
    const a = legal[j]!;
    const r: Readonly<Record<string, unknown>> = a;
    if (n > 0 && r[k0] !== w0) continue;
    let i = 1;
    while (i < n && r[flat[i]!] === want[i]) i++;
    if (i >= n && sameJson(a, action)) return a;
  }
  return undefined;
}

function sideError(rules: GameRules<unknown, Action, unknown>, side: string): ActionError | null {
  return rules.sides.includes(side)
    ? null
    : {
        code: 'action/unknown-side',
        message: `no side "${side}" in ${rules.id} (sides: ${rules.sides.join(', ')})`,
      };
}

/**
 * Applies `action` for `side`. Refuses, changing nothing, an action chosen against
 * another state (`expectedStateId`), out of turn, or not among the legal actions.
 * `index`: where the action stands in `side`'s legal list (legalActions), if the caller
 * knows; a hint only, looked at first (any other value is the same as none).
 */
export function apply<G, A extends Action>(
  rules: GameRules<G, A, unknown>,
  s: GameState<G>,
  side: string,
  action: unknown,
  expectedStateId?: number,
  index?: number,
): Result<GameState<G>, ActionError> {
  const bad = sideError(rules as GameRules<unknown, Action, unknown>, side);
  if (bad) return err(bad);
  if (expectedStateId !== undefined && expectedStateId !== s.stateId) {
    return err({
      code: 'action/stale',
      message: `the game has moved on: action chosen at state ${expectedStateId}, now at ${s.stateId}`,
    });
  }
  if (!action || typeof action !== 'object' || typeof (action as Action).type !== 'string') {
    return err({ code: 'action/malformed', message: 'an action is an object with a string "type"' });
  }
  const active = rules.activeSides(s.state);
  if (active.length === 0) return err({ code: 'action/game-over', message: 'the game is over' });
  if (!active.includes(side)) {
    return err({
      code: 'action/not-your-turn',
      message: `${side} has nothing to do now (waiting for ${active.join(', ')})`,
    });
  }
  if ((action as Action).type === UNDO.type) {
    if (!sameJson(action, UNDO)) {
      return err({ code: 'action/not-legal', message: 'undo is {"type":"undo"} and nothing more' });
    }
    if (!s.undo || s.undo.side !== side) return err({ code: 'action/not-legal', message: 'nothing to undo' });
    return ok(undo(rules, s));
  }
  const legal = legalActions(rules, s, side);
  const chosen = findAction(legal, action as Action, index);
  if (!chosen) {
    return err({
      code: 'action/not-legal',
      message: `not a legal action for ${side} now: ${actionKey(action)}`,
    });
  }
  return ok(applyUnchecked(rules, s, side, chosen));
}

/** Applies an action known to be legal (from legalActions): the fast path for playouts. */
export function applyUnchecked<G, A extends Action>(
  rules: GameRules<G, A, unknown>,
  s: GameState<G>,
  side: string,
  action: A,
  forcedRolls?: number[],
): GameState<G> {
  if (action.type === UNDO.type) return undo(rules, s);
  const before = rules.activeSides(s.state);
  const ctx = new Context(s.rng, forcedRolls);
  const draft = cloneGame(rules as GameRules<G, Action, unknown>, s.state);
  rules.applyAction(draft, side, action, ctx);
  const after = rules.activeSides(draft);
  const sameTurn = before.length === after.length && before.every((x, i) => x === after[i]);
  const reversible = !ctx.irreversible && sameRng(ctx.rng, s.rng) && sameTurn && after.length > 0;
  let undoRecord: UndoRecord<G> | null = null;
  if (reversible) {
    undoRecord =
      s.undo && s.undo.side === side
        ? { side, base: s.undo.base, actions: [...s.undo.actions, action] }
        : { side, base: { ...s, undo: null }, actions: [action] };
  }
  return {
    game: s.game,
    rulesVersion: s.rulesVersion,
    stateId: s.stateId + 1,
    rng: ctx.rng,
    log: ctx.entries.length > 0 ? appendLog(s.log, ctx.entries) : s.log,
    logDigest: ctx.entries.length > 0 ? foldLog(s.logDigest, ctx.entries) : s.logDigest,
    actionCount: s.actionCount + 1,
    undo: undoRecord,
    state: draft,
  };
}

/** The log digest of a state made by `applyUnlogged`: its history is not certified. */
export const UNLOGGED = 'unlogged';

/**
 * A search's apply: the action's effect on the game and the dice, and nothing else — no
 * log entries, no log digest, no undo record (about a tenth of a rollout's time). The
 * state it returns is for the search's own look-ahead only: its `log` stops where it
 * was, its `logDigest` is `UNLOGGED`, so it can never pass for a played game's state.
 * Like `applyUnchecked`, it trusts the caller that `action` is legal.
 */
export function applyUnlogged<G, A extends Action>(
  rules: GameRules<G, A, unknown>,
  s: GameState<G>,
  side: string,
  action: A,
): GameState<G> {
  if (action.type === UNDO.type) throw new Error('applyUnlogged: a search does not undo');
  const ctx = new Context(s.rng, undefined, true);
  const draft = cloneGame(rules as GameRules<G, Action, unknown>, s.state);
  rules.applyAction(draft, side, action, ctx);
  return {
    game: s.game,
    rulesVersion: s.rulesVersion,
    stateId: s.stateId + 1,
    rng: ctx.rng,
    log: s.log,
    logDigest: UNLOGGED,
    actionCount: s.actionCount + 1,
    undo: null,
    state: draft,
  };
}

/**
 * For rules tests (boardgame.io's MockRandom): applies a legal action with the dice
 * forced to `rolls`, in order, instead of searching for a seed that rolls them. The
 * generator still advances as it would; every roll must be used. Refuses, like `apply`,
 * anything not legal.
 */
export function applyWithRolls<G, A extends Action>(
  rules: GameRules<G, A, unknown>,
  s: GameState<G>,
  side: string,
  action: unknown,
  rolls: readonly number[],
): Result<GameState<G>, ActionError> {
  const checked = apply(rules, s, side, action);
  if (!checked.ok) return checked;
  const legal = legalActions(rules, s, side);
  const chosen = findAction(legal, action as Action)!;
  const left = [...rolls];
  const next = applyUnchecked(rules, s, side, chosen as A, left);
  if (left.length > 0) throw new Error(`applyWithRolls: ${left.length} roll(s) not used`);
  return ok(next);
}

function undo<G, A extends Action>(rules: GameRules<G, A, unknown>, s: GameState<G>): GameState<G> {
  const record = s.undo;
  if (!record) throw new Error('undo without an undo record');
  let at: GameState<G> = record.base;
  const keep = record.actions.slice(0, -1);
  for (const a of keep) at = applyUnchecked(rules, at, record.side, a as A);
  const taken = record.actions[record.actions.length - 1];
  const entry: LogEntry = { kind: 'undo', text: `${record.side} takes back ${describeAction(taken)}` };
  return {
    ...at,
    stateId: s.stateId + 1,
    actionCount: s.actionCount + 1,
    log: appendLog(at.log, [entry]),
    logDigest: foldLog(at.logDigest, [entry]),
    undo: keep.length > 0 ? { side: record.side, base: record.base, actions: keep } : null,
  };
}

function describeAction(action: unknown): string {
  const a = action as Action | undefined;
  return a ? a.type : 'nothing';
}

/** What `side` may see: the game's redacted view plus the log entries meant for it. */
export function view<G>(
  rules: GameRules<G, Action, unknown>,
  s: GameState<G>,
  side: string | null,
): {
  game: string;
  rulesVersion: string;
  stateId: number;
  activeSides: readonly string[];
  canUndo: boolean;
  state: unknown;
  log: readonly LogEntry[];
  outcome: GameOutcome | null;
} {
  return {
    game: s.game,
    rulesVersion: s.rulesVersion,
    stateId: s.stateId,
    activeSides: rules.activeSides(s.state),
    canUndo: side !== null && s.undo !== null && s.undo.side === side,
    state: rules.view(s.state, side),
    log: visibleLog(s.log, side),
    outcome: rules.outcome(s.state),
  };
}

/**
 * A stable hash of everything that matters: the game state, the dice, the ids and the
 * log through its chained digest (the log itself and the derivable undo record are left
 * out, so hashing stays cheap however long the game).
 */
export function stateHash<G>(s: GameState<G>): string {
  // The engine's fields, keys in order (see canonicalJson): the hash is the same either way.
  return hashValue({
    actionCount: s.actionCount,
    canUndo: s.undo?.actions.length ?? 0,
    game: s.game,
    logDigest: s.logDigest,
    rng: s.rng,
    rulesVersion: s.rulesVersion,
    state: s.state,
    stateId: s.stateId,
  });
}

/**
 * Rebuilds a game from its replay file. Every action must be legal where it stands;
 * the first that is not is reported with its index.
 */
export function replay<G, A extends Action, O>(
  rules: GameRules<G, A, O>,
  file: ReplayFile,
  onStep?: (state: GameState<G>, index: number) => void,
): Result<GameState<G>, SetupError[]> {
  if (file.game !== rules.id) {
    return err([
      engineSetupError('setup/wrong-game', 'game', `replay is of "${file.game}", not "${rules.id}"`),
    ]);
  }
  if (file.rulesVersion !== rules.rulesVersion) {
    return err([
      engineSetupError(
        'setup/rules-version',
        'rulesVersion',
        `replay was recorded under rules ${file.rulesVersion}; this build plays ${rules.rulesVersion}`,
      ),
    ]);
  }
  // A file read from disk or the network: its actions are checked to be a list of
  // {side, action} before any is applied.
  const actions: unknown = file.actions;
  if (!Array.isArray(actions)) {
    return err([engineSetupError('setup/replay-action', 'actions', 'the actions are not a list')]);
  }
  const resumed: unknown = file.resumed;
  if (resumed !== undefined) {
    const r = resumed as { action?: unknown; seed?: unknown } | null;
    if (
      !r ||
      typeof r !== 'object' ||
      typeof r.action !== 'number' ||
      !Number.isInteger(r.action) ||
      r.action < 1 ||
      r.action > actions.length ||
      (typeof r.seed !== 'string' && typeof r.seed !== 'number')
    ) {
      return err([
        engineSetupError(
          'setup/replay-resumed',
          'resumed',
          'resumed is {"action": the number of an action of the file, "seed": a seed}',
        ),
      ]);
    }
  }
  const made = setup(rules, file.scenario, file.seed, (file.options ?? {}) as O);
  if (!made.ok) return made;
  let s = made.value;
  for (let i = 0; i < actions.length; i++) {
    if (file.resumed && i === file.resumed.action) s = resumeWithSeed(s, file.resumed.seed);
    const step = actions[i] as { side?: unknown; action?: unknown } | null;
    if (!step || typeof step !== 'object' || typeof step.side !== 'string' || !('action' in step)) {
      return err([
        engineSetupError('setup/replay-action', `actions[${i}]`, 'an action is {"side": ..., "action": ...}'),
      ]);
    }
    const next = apply(rules, s, step.side, step.action);
    if (!next.ok) {
      return err([
        engineSetupError(
          'setup/replay-action',
          `actions[${i}]`,
          `${next.error.message} [${next.error.code}]`,
        ),
      ]);
    }
    s = next.value;
    onStep?.(s, i);
  }
  return ok(s);
}
