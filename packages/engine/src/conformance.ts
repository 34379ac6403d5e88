/**
 * The conformance suite every game module passes (OpenSpiel's basic_tests, with
 * boardgame.io's playerView in mind): random playouts with no dead end, replays that give
 * the same hash, `apply` that never changes its input, stale actions refused, and hidden
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
  type ReplayFile,
  replay,
  sameJson,
  setup,
  stateHash,
  UNDO,
  view,
} from './game.ts';
import { canonicalJson } from './hash.ts';
import { type AnyGameModule, SPECTATOR, type Viewer } from './module.ts';
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
  if (!rules) return [{ check: 'setup', message: `${module.id} has no rules to check` }];
  const findings: Finding[] = [];
  const once = new Set<string>();
  const found = (f: Finding) => {
    const key = `${f.check}`;
    if (once.has(key)) return; // the first of each kind says enough
    once.add(key);
    findings.push(f);
  };
  checkOptions(module, rules, opts, found);
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
    const file: ReplayFile = {
      game: rules.id,
      rulesVersion: rules.rulesVersion,
      scenario: opts.scenario ?? null,
      seed,
      ...(opts.options ? { options: opts.options } : {}),
      actions,
    };
    const again = replay(rules, file);
    if (!again.ok)
      found({ check: 'replay', message: `game ${seed} does not replay: ${again.error[0]?.message}` });
    else if (stateHash(again.value) !== stateHash(s))
      found({ check: 'replay', message: `game ${seed} replays to another hash` });
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
  // apply never changes its input.
  const before = canonicalJson(s);
  const side = active[0]!;
  for (const a of legalActions(rules, s, side).slice(0, 3)) apply(rules, s, side, a, s.stateId);
  if (canonicalJson(s) !== before)
    found({ check: 'mutates-input', message: `apply changed its input state` });
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
