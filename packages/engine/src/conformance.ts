/**
 * The conformance suite every game module passes (OpenSpiel's basic_tests, with
 * boardgame.io's playerView in mind): random playouts with no dead end (a state with no
 * outcome always has a side to act with a legal action), replays that give the same hash,
 * `apply` that never changes its input, undo that gives back the position before
 * (OpenSpiel's undo round-trip), a calculator's chances that sum to exactly 1 (its
 * chance outcomes), stale actions refused, and hidden
 * information that stays hidden, optional rules whose declared default is the rules' own — no view, log entry, legal-action list or error message
 * of a viewer carries a secret planted where it may not look, no view changes at all when
 * only a secret hidden from its viewer does, and a side's legal actions do not change
 * when only what it cannot see does.
 *
 * Pure: it returns what it found (an empty list when the game conforms); the tests of
 * each game, and of this suite on a game made to leak, assert on that list.
 */
import {
  type Action,
  apply,
  type GameRules,
  type GameState,
  legalActions,
  replay,
  replayFileOf,
  sameJson,
  setup,
  stateHash,
  UNDO,
  view,
} from './game.ts';
import { canonicalJson, hashValue } from './hash.ts';
import type { AnyGameModule, CalcField, CalcInput, GameCalculator } from './module.ts';
import { SPECTATOR, type Viewer } from './module.ts';
import { type RngState, rngFromSeed, rollDie, type Seed } from './rng.ts';

/**
 * What a game gives the suite to test its secrets: copies of a state with `marker`
 * written into one hidden part each (a side's sealed units, say, or one entry of a
 * hidden pile), with the viewers that may not see that part; none when nothing is hidden
 * in the state. A viewer's view of each copy must be the view of the state itself: the
 * marker nowhere in it, and no field changed (issue #46: any field of a view that lists
 * hidden pieces, by any name, fails).
 */
export interface SecretPlanter<G> {
  plant(state: G, marker: string): readonly { readonly state: G; readonly hiddenFrom: readonly Viewer[] }[];
}

export interface ConformanceOptions {
  /** Whole random games played (each also replayed). */
  readonly playouts?: number;
  readonly seed?: Seed;
  /** Stop a playout after this many actions (a game that long is a bug). */
  readonly maxActions?: number;
  /** Check secrets, determinization and `apply`'s input on every this many states. */
  readonly sampleEvery?: number;
  readonly scenario?: unknown;
  readonly options?: Record<string, unknown>;
  readonly secrets?: SecretPlanter<unknown>;
  /** Stop each playout quietly after this many actions (for games whose random games are long). */
  readonly truncateAt?: number;
}

export interface Finding {
  readonly check:
    | 'dead-end'
    | 'no-legal-action'
    | 'undo'
    | 'chances'
    | 'replay'
    | 'mutates-input'
    | 'stale-accepted'
    | 'leak-view'
    | 'leak-log'
    | 'leak-legal'
    | 'leak-error'
    | 'legal-depends-on-hidden'
    | 'determinize-view'
    | 'setup'
    | 'options'
    | 'too-long';
  readonly message: string;
}

const MARKER = 'zz-SECRET-MARKER-7f3a9c-zz';

function pick<T>(rng: RngState, items: readonly T[]): { item: T; rng: RngState } {
  const { value, next } = rollDie(rng, items.length);
  return { item: items[value - 1]!, rng: next };
}

/** Runs every check on a playable module; returns what failed (nothing, for a conforming game). */
export function checkConformance(module: AnyGameModule, opts: ConformanceOptions = {}): Finding[] {
  const rules = module.rules;
  const findings: Finding[] = [];
  const once = new Set<string>();
  const found = (f: Finding) => {
    const key = `${f.check}`;
    if (once.has(key)) return; // the first of each kind says enough
    once.add(key);
    findings.push(f);
  };
  checkOptions(module, rules, opts, found);
  if (module.calculator) for (const f of checkChances(module.calculator)) found(f);
  const playouts = opts.playouts ?? 2;
  const every = opts.sampleEvery ?? 25;
  for (let game = 0; game < playouts; game++) {
    const seed = `${String(opts.seed ?? 'conformance')}:${game}`;
    const made = setup(rules, opts.scenario ?? null, seed, opts.options ?? {});
    if (!made.ok) {
      found({ check: 'setup', message: `setup failed: ${made.error.map((e) => e.message).join('; ')}` });
      return findings;
    }
    let s: GameState<unknown> = made.value;
    let rng = rngFromSeed(`${seed}:moves`);
    const actions: { side: string; action: Action }[] = [];
    const max = opts.maxActions ?? 20_000;
    for (let n = 0; ; n++) {
      const active = rules.activeSides(s.state);
      // OpenSpiel: a state that is not terminal has a legal action (for some side to act).
      if (rules.outcome(s.state) === null && !active.some((side) => hasAction(rules, s, side)))
        found({
          check: 'no-legal-action',
          message: `game ${seed}, action ${n}: the game is not over and no side to act (${active.join(', ') || 'none'}) has an action`,
        });
      if (active.length === 0) break;
      if (opts.truncateAt !== undefined && n >= opts.truncateAt) break;
      if (n >= max) {
        found({ check: 'too-long', message: `game ${seed} still going after ${max} actions` });
        break;
      }
      for (const side of active) {
        if (!legalActions(rules, s, side).some((a) => a.type !== UNDO.type))
          found({
            check: 'dead-end',
            message: `game ${seed}, action ${n}: ${side} is to act and has no action`,
          });
      }
      if (n % every === 0) checkState(module, rules, s, opts.secrets, rng, found);
      const side = active[0]!;
      const legal = legalActions(rules, s, side).filter((a) => a.type !== UNDO.type);
      if (legal.length === 0) break;
      const chosen = pick(rng, legal);
      rng = chosen.rng;
      const next = apply(rules, s, side, chosen.item, s.stateId);
      if (!next.ok) {
        found({
          check: 'dead-end',
          message: `game ${seed}: its own legal action refused: ${next.error.message}`,
        });
        break;
      }
      actions.push({ side, action: chosen.item });
      s = next.value;
    }
    const again = replay(rules, replayFileOf(rules, { ...opts, seed }, actions));
    if (!again.ok)
      found({ check: 'replay', message: `game ${seed} does not replay: ${again.error[0]?.message}` });
    else if (stateHash(again.value) !== stateHash(s))
      found({ check: 'replay', message: `game ${seed} replays to another hash` });
  }
  return findings;
}

const hasAction = (rules: GameRules<unknown, Action, unknown>, s: GameState<unknown>, side: string) =>
  legalActions(rules, s, side).some((a) => a.type !== UNDO.type);

/**
 * A position as undo must give it back: the game's state, its dice and what may still be
 * taken back (the engine's counters and the log, which records the undo, go on).
 */
function positionHash(s: GameState<unknown>): string {
  return hashValue({ state: s.state, rng: s.rng, canUndo: s.undo?.actions.length ?? 0 });
}

/**
 * OpenSpiel's undo round-trip: a reversible action (one after which undo is offered)
 * taken back gives the position before it; two in a row, the second taken back gives the
 * position after the first (undo replays the first from the record's base).
 */
function checkUndo(
  rules: GameRules<unknown, Action, unknown>,
  s: GameState<unknown>,
  side: string,
  found: (f: Finding) => void,
): void {
  const reversible = (at: GameState<unknown>) => {
    for (const a of legalActions(rules, at, side).slice(0, 4)) {
      if (a.type === UNDO.type) continue;
      const next = apply(rules, at, side, a, at.stateId);
      if (next.ok && next.value.undo?.side === side) return { action: a, state: next.value };
    }
    return null;
  };
  const first = reversible(s);
  if (!first) return;
  const roundTrip = (from: GameState<unknown>, to: GameState<unknown>, what: string) => {
    const back = apply(rules, from, side, UNDO, from.stateId);
    if (!back.ok)
      found({ check: 'undo', message: `undo offered after ${what} was refused: ${back.error.message}` });
    else if (positionHash(back.value) !== positionHash(to))
      found({ check: 'undo', message: `undoing ${what} does not give back the position before it` });
  };
  roundTrip(first.state, s, first.action.type);
  const second = reversible(first.state);
  if (second) roundTrip(second.state, first.state, `${first.action.type} then ${second.action.type}`);
}

/**
 * The inputs the chance check tries on a calculator: its required counts and choices at a
 * spread of values, then each flag, column, choice and optional count in turn.
 */
export function calculatorInputs(fields: readonly CalcField[]): CalcInput[] {
  const counts = fields.filter((f) => f.kind === 'count' && f.required);
  const base: Record<string, unknown> = {};
  for (const f of fields) if (f.kind === 'choice' && f.required) base[f.key] = f.choices[0];
  const at = (lead: number, rest: number) => {
    const input: Record<string, unknown> = { ...base };
    counts.forEach((f, i) => {
      if (f.kind === 'count')
        input[f.key] = Math.max(f.min, Math.min(f.max ?? Infinity, i === 0 ? lead : rest));
    });
    return input;
  };
  const out: CalcInput[] = [];
  for (const lead of [1, 2, 3, 5, 8, 13, 20]) for (const rest of [1, 3]) out.push(at(lead, rest));
  for (const f of fields) {
    if (f.kind === 'flag') out.push({ ...at(6, 2), [f.key]: true });
    if (f.kind === 'column') for (const c of f.columns) out.push({ ...at(6, 2), [f.key]: c });
    if (f.kind === 'choice') for (const c of f.choices) out.push({ ...at(6, 2), [f.key]: c });
    if (f.kind === 'count' && !f.required)
      for (const v of [f.min, f.min + 1, f.min + 2]) out.push({ ...at(6, 2), [f.key]: v });
  }
  return out;
}

/** "7 in 36" as a fraction; null if it is not one. */
function fraction(chance: string): { num: number; den: number } | null {
  const m = /^(\d+) in (\d+)$/.exec(chance);
  return m ? { num: Number(m[1]), den: Number(m[2]) } : null;
}

/**
 * OpenSpiel's chance outcomes summing to 1: each report a calculator gives (for the
 * inputs of `calculatorInputs`, or those given) has chances that sum to exactly 1 as the
 * exact fractions printed ("2 in 6"), each probability its fraction, and outcomes that
 * sum to 1. A report with no chances at all fails too.
 */
export function checkChances(calculator: GameCalculator, inputs?: readonly CalcInput[]): Finding[] {
  const findings: Finding[] = [];
  for (const input of inputs ?? calculatorInputs(calculator.fields)) {
    let answer: ReturnType<GameCalculator['run']>;
    try {
      answer = calculator.run(input);
    } catch {
      continue; // an input the calculator cannot take says nothing of its chances
    }
    if (!answer.ok) continue;
    const r = answer.report;
    const where = `the report for ${canonicalJson(input)}`;
    let num = 0n;
    let den = 1n;
    let bad = r.chances.length === 0 ? 'has no chances' : '';
    for (const c of r.chances) {
      const f = fraction(c.chance);
      if (!f || f.den === 0) {
        bad = `prints "${c.chance}" for ${c.result}, no fraction`;
        break;
      }
      if (Math.abs(c.probability - f.num / f.den) > 1e-12) {
        bad = `gives ${c.result} a probability of ${c.probability}, not its ${c.chance}`;
        break;
      }
      // num/den + f.num/f.den, exactly.
      num = num * BigInt(f.den) + BigInt(f.num) * den;
      den *= BigInt(f.den);
    }
    if (!bad && num !== den) bad = `has chances summing to ${num}/${den}, not 1`;
    const total = Object.values(r.outcomes).reduce((a, p) => a + p, 0);
    if (!bad && Math.abs(total - 1) > 1e-9) bad = `has outcomes summing to ${total}, not 1`;
    if (bad) {
      findings.push({ check: 'chances', message: `${where} ${bad}` });
      break;
    }
  }
  return findings;
}

function checkState(
  module: AnyGameModule,
  rules: GameRules<unknown, Action, unknown>,
  s: GameState<unknown>,
  secrets: SecretPlanter<unknown> | undefined,
  rng: RngState,
  found: (f: Finding) => void,
): void {
  const active = rules.activeSides(s.state);
  // apply never changes its input, nor the state's legal list (kept with the state and
  // handed to every caller as it is, not frozen: game.ts legalActions).
  const before = canonicalJson(s);
  const side = active[0]!;
  const legal = legalActions(rules, s, side);
  const legalBefore = canonicalJson(legal);
  for (const a of legal.slice(0, 3)) {
    const next = apply(rules, s, side, a, s.stateId);
    if (next.ok)
      for (const other of rules.activeSides(next.value.state)) legalActions(rules, next.value, other);
  }
  if (canonicalJson(s) !== before)
    found({ check: 'mutates-input', message: `apply changed its input state` });
  if (legalActions(rules, s, side) !== legal || canonicalJson(legal) !== legalBefore)
    found({
      check: 'mutates-input',
      message: `the state's legal list changed once its actions were applied`,
    });
  checkUndo(rules, s, side, found);
  // A stale state id is refused.
  const someAction = legalActions(rules, s, side)[0];
  if (someAction) {
    const stale = apply(rules, s, side, someAction, s.stateId - 1);
    if (stale.ok || stale.error.code !== 'action/stale')
      found({
        check: 'stale-accepted',
        message: `an action chosen at state ${s.stateId - 1} was not refused as stale`,
      });
  }
  // Secrets: planted where some viewer may not look, they never reach that viewer.
  if (secrets) {
    const plain = new Map<string, string>();
    const plainView = (viewer: Viewer) => {
      let v = plain.get(viewer);
      if (v === undefined) {
        v = canonicalJson(view(rules, s, viewer).state);
        plain.set(viewer, v);
      }
      return v;
    };
    for (const planted of secrets.plant(s.state, MARKER)) {
      const ps: GameState<unknown> = { ...s, state: planted.state };
      for (const viewer of planted.hiddenFrom) {
        const seen = view(rules, ps, viewer);
        const seenState = canonicalJson(seen.state);
        if (seenState.includes(MARKER))
          found({ check: 'leak-view', message: `the view of ${viewer} shows a secret hidden from it` });
        // Not only the marker itself: no field of the view may change with what it may not
        // see (a list of the hidden pieces under other names, their count, their initials).
        else if (seenState !== plainView(viewer))
          found({
            check: 'leak-view',
            message: `the view of ${viewer} changes with a secret hidden from it (a field that lists or reflects hidden pieces)`,
          });
        if (canonicalJson(seen.log).includes(MARKER))
          found({ check: 'leak-log', message: `the log of ${viewer} shows a secret hidden from it` });
        if (rules.sides.includes(viewer)) {
          const legal = legalActions(rules, ps, viewer);
          if (canonicalJson(legal).includes(MARKER))
            found({
              check: 'leak-legal',
              message: `the legal actions of ${viewer} name a secret hidden from it`,
            });
          // Near misses of its real actions: the refusals must not quote a secret either.
          for (const a of legal.slice(0, 3)) {
            const wrong = apply(rules, ps, viewer, { ...a, zz: 1 }, ps.stateId);
            if (!wrong.ok && wrong.error.message.includes(MARKER))
              found({
                check: 'leak-error',
                message: `an error message to ${viewer} quotes a secret hidden from it`,
              });
          }
        }
      }
    }
  }
  // What a side cannot see does not change what it may do, nor what it sees.
  if (module.determinize) {
    for (const viewer of [...rules.sides, SPECTATOR]) {
      const other = module.determinize(s, viewer, rng);
      const mine = view(rules, s, viewer);
      const theirs = view(rules, other, viewer);
      if (!sameJson(JSON.parse(canonicalJson(mine.state)), JSON.parse(canonicalJson(theirs.state))))
        found({
          check: 'determinize-view',
          message: `a state determinized for ${viewer} does not look the same to ${viewer}`,
        });
      if (!rules.sides.includes(viewer)) continue;
      if (canonicalJson(legalActions(rules, s, viewer)) !== canonicalJson(legalActions(rules, other, viewer)))
        found({
          check: 'legal-depends-on-hidden',
          message: `${viewer}'s legal actions change when only what it cannot see changes`,
        });
    }
  }
}

/**
 * Each optional rule the module declares (`GameModule.options`): set to its declared
 * default, a new game is the game set up without it (the suite's other options as given):
 * the default is the rules' own; set the other way, a new game still sets up.
 */
function checkOptions(
  module: AnyGameModule,
  rules: GameRules<unknown, Action, Record<string, unknown>>,
  opts: ConformanceOptions,
  found: (f: Finding) => void,
): void {
  for (const o of module.options ?? []) {
    // The suite's own options, but this one left out.
    const { [o.key]: _given, ...base } = opts.options ?? {};
    const plain = setup(rules, opts.scenario ?? null, 'options', base);
    if (!plain.ok) return; // reported by the playouts
    const same = setup(rules, opts.scenario ?? null, 'options', { ...base, [o.key]: o.default });
    if (!same.ok || stateHash(same.value) !== stateHash(plain.value))
      found({
        check: 'options',
        message: `option ${o.key} set to its declared default (${o.default}) does not give the game set up without it`,
      });
    const other = setup(rules, opts.scenario ?? null, 'options', { ...base, [o.key]: !o.default });
    if (!other.ok)
      found({
        check: 'options',
        message: `option ${o.key} set to ${!o.default}: setup failed: ${other.error.map((e) => e.message).join('; ')}`,
      });
  }
}
