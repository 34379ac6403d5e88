/**
 * The analyst (issue #48 item 2): the AI's reading of a position, for a player at the
 * table — each side's chance to win from here, what it would play now, and the plans it
 * compared — from one viewer's information only.
 *
 * At a decision point of the side to move (its search domain offers choices there) the
 * figures are the search's own: the AI's ISMCTS (`searchFrom`, players/ismcts.ts) runs
 * `rollouts` iterations from the viewer's view, each in a world drawn afresh from that
 * view (`determinize`: hidden pieces and the dice to come), and the chances are the mean
 * over its iterations of where each ended — the result of a finished game, or the
 * domain's `evaluate` of a rollout cut at the horizon. The root is searched by UCB1, so
 * most iterations go to the better plans and the mean leans to the best play. Elsewhere
 * (inside a player-turn, or a game whose domain has no choices) the chances come from
 * `rollouts` playouts of the domain's policy to the horizon, scored the same way.
 *
 * The suggestion is the best plan's (or the policy's) next actions for the side to move,
 * played on the viewer's world up to the first die roll or the first action of another
 * side: what follows a roll depends on it.
 *
 * Deterministic for its seed (every draw is seeded from it; no clock is read) and never
 * changes the state it is given. The budget is `rollouts`: each costs one rollout of the
 * game's policy to the horizon, from a few milliseconds (a toy game) to a large part of a
 * second (a Barbarossa player-turn); each game's analyst says its figure.
 */
import {
  type Action,
  applyUnlogged,
  type GameRules,
  type GameState,
  legalActions,
  sameJson,
} from './game.ts';
import { SERVER, type Viewer } from './module.ts';
import { choicesAt, type Macro, type SearchDomain, searchFrom } from './players/ismcts.ts';
import { knownState } from './players/known.ts';
import { rngFromSeed, type Seed, sameRng } from './rng.ts';

export interface AnalystOptions {
  /** The budget: search iterations at a decision point, else policy playouts (at least 1). */
  readonly rollouts: number;
  readonly seed: Seed;
  /**
   * `state` is already `viewer`'s view (all an online seat's page has): read as it is,
   * not viewed again (a game's view of a view may not exist: Barbarossa's needs the
   * secret a view leaves out). The dice are the analyst's own either way.
   */
  readonly asView?: boolean;
  /**
   * How far a rollout plays before it is scored (0: to the end of the game). Counted as
   * the search counts it: decision points of the domain (player-turns, for Mars and
   * Typhoon); in policy playouts, changes of the game analyst's `milestone` if it has one
   * (a player-turn). Default: the game analyst's `horizon`, else 2.
   */
  readonly horizon?: number;
}

export interface AnalystPlan {
  /** The plan's key in the game's search domain. */
  readonly key: string;
  /** The plan in words. */
  readonly label: string;
  /** Search iterations spent on it. */
  readonly visits: number;
  /** Its mean reward for the side to move, in [0, 1]. */
  readonly mean: number;
}

export interface Analysis {
  /** The side the analysis is for (its view is all it used) — null for a spectator/finished game with full view. */
  readonly viewer: string;
  /** Each side's chance to win from here (sides of meta.sides), and `draw`; they sum to 1. */
  readonly chances: Readonly<Record<string, number>>;
  /** Rollouts (search iterations or playouts) behind the figures. */
  readonly rollouts: number;
  /** The side to move now, whose suggestion this is (null when none: game over). */
  readonly toMove: string | null;
  /** What the analyst would play now for `toMove`: its best plan's next actions, in order (may be empty). */
  readonly suggestion: readonly Action[];
  /** The plans it compared at this decision, best first (empty when this is no decision point). */
  readonly plans: readonly AnalystPlan[];
}

export interface GameAnalyst<G> {
  /** The game's search domain (the same one its AI searches with), or its policy + evaluation. */
  domain(): SearchDomain<G>;
  /** A plan key in words ("attack the northern face"). */
  planLabel?(key: string): string;
  /** The default horizon of a rollout (see `AnalystOptions.horizon`). */
  readonly horizon?: number;
  /**
   * What a policy playout's horizon counts (the player-turn, as a key: "3:axis"): it stops
   * once this has changed `horizon` times. Absent: the domain's decision points, or for a
   * domain without `choices`, changes of the side to move.
   */
  milestone?(state: GameState<G>): string;
}

/** The most actions a suggestion lists (a whole Mars player-turn of moves is about 60). */
const MAX_SUGGESTION = 200;
/** A rollout's safety net (actions), as the search's. */
const MAX_ROLLOUT_ACTIONS = 5000;

/**
 * The analyst's reading of `state` for `viewer` (a side, a spectator or the server), from
 * that viewer's information only. Throws on a budget that is not a positive integer.
 */
export function analyse<G>(
  rules: GameRules<G, Action, unknown>,
  analyst: GameAnalyst<G>,
  state: GameState<G>,
  viewer: Viewer,
  options: AnalystOptions,
): Analysis {
  if (!Number.isInteger(options.rollouts) || options.rollouts < 1)
    throw new Error(`analyse: rollouts must be a positive integer, not ${String(options.rollouts)}`);
  const horizon = options.horizon ?? analyst.horizon ?? 2;
  if (!Number.isInteger(horizon) || horizon < 0)
    throw new Error(`analyse: horizon must be a whole number, not ${String(horizon)}`);
  const seed = String(options.seed);
  const outcome = rules.outcome(state.state);
  const toMove = rules.activeSides(state.state)[0] ?? null;
  if (outcome !== null || toMove === null) {
    const chances = zeroChances(rules);
    if (outcome === null || outcome.winner === null) chances.draw = 1;
    else chances[outcome.winner] = 1;
    return { viewer, chances, rollouts: 0, toMove: null, suggestion: [], plans: [] };
  }
  const domain = analyst.domain();
  if (domain.rules.id !== rules.id)
    throw new Error(`analyse: this analyst reads ${domain.rules.id}, not ${rules.id}`);
  // The viewer's view made a state, with dice of the analyst's own: all it reads. The
  // server sees everything but the dice to come (a view may leave out what only the rules
  // keep, such as a set-up's undrawn secrets).
  const known: GameState<G> =
    viewer === SERVER || options.asView === true
      ? { ...state, rng: rngFromSeed(`${seed}:known`), log: [], logDigest: '', undo: null }
      : knownState(rules, state, viewer, `${seed}:known`);
  const sum = zeroChances(rules);
  let count = 0;
  const observe = (end: GameState<G>) => {
    addChances(sum, chancesAt(rules, domain, end));
    count++;
  };
  const world = (tag: string): GameState<G> =>
    domain.determinize ? domain.determinize(known, viewer, rngFromSeed(`${seed}:${tag}`)) : known;
  const choices = choicesAt(domain, known, toMove);
  if (choices && choices.length > 0) {
    const result = searchFrom(
      domain,
      known,
      toMove,
      { iterations: options.rollouts, horizon, root: 'ucb', maxRolloutActions: MAX_ROLLOUT_ACTIONS },
      `${seed}:analyst`,
      { viewer, observe, searchSingle: true },
    );
    const plans = [...result.stats]
      .sort((a, b) => b.visits - a.visits || b.mean - a.mean)
      .map((p) => ({ ...p, label: analyst.planLabel?.(p.key) ?? p.key }));
    const suggestion = suggest(rules, world('suggest'), toMove, result.macro.start());
    return { viewer, chances: meanChances(sum, count), rollouts: count, toMove, suggestion, plans };
  }
  for (let i = 0; i < options.rollouts; i++)
    observe(playout(rules, analyst, domain, world(`${i}:world`), horizon, `${seed}:${i}`));
  const policy = domain.policy(rngFromSeed(`${seed}:suggest-policy`));
  const suggestion = suggest(rules, world('suggest'), toMove, (s, side) => policy(s, side));
  return { viewer, chances: meanChances(sum, count), rollouts: count, toMove, suggestion, plans: [] };
}

/** Every side at 0, and `draw`. */
function zeroChances(rules: GameRules<unknown, Action, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const side of rules.sides) out[side] = 0;
  out.draw = 0;
  return out;
}

function addChances(sum: Record<string, number>, add: Readonly<Record<string, number>>): void {
  for (const [k, v] of Object.entries(add)) sum[k] = (sum[k] ?? 0) + v;
}

function meanChances(sum: Readonly<Record<string, number>>, count: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(sum)) out[k] = count > 0 ? v / count : 0;
  if (count === 0) out.draw = 1;
  return out;
}

/**
 * Each side's chance where a rollout ended: the result of a finished game, else each
 * side's `evaluate` — what the sides' chances leave is the draw's; chances summing past 1
 * are scaled down to 1 (no draw).
 */
export function chancesAt<G>(
  rules: GameRules<G, Action, unknown>,
  domain: SearchDomain<G>,
  s: GameState<G>,
): Record<string, number> {
  const out = zeroChances(rules);
  const outcome = rules.outcome(s.state);
  if (outcome) {
    if (outcome.winner === null || !(outcome.winner in out)) out.draw = 1;
    else out[outcome.winner] = 1;
    return out;
  }
  let total = 0;
  for (const side of rules.sides) {
    const e = Math.min(1, Math.max(0, domain.evaluate(s, side)));
    out[side] = Number.isFinite(e) ? e : 0;
    total += out[side]!;
  }
  if (total > 1) for (const side of rules.sides) out[side] = out[side]! / total;
  else out.draw = 1 - total;
  return out;
}

/**
 * One playout of the domain's policy from `from` to the horizon (or the end). The horizon
 * counts changes of the game's milestone if it has one, else decision points where the
 * domain has choices, else changes of the side to move.
 */
function playout<G>(
  rules: GameRules<G, Action, unknown>,
  analyst: GameAnalyst<G>,
  domain: SearchDomain<G>,
  from: GameState<G>,
  horizon: number,
  seed: string,
): GameState<G> {
  const policies = new Map<string, (st: GameState<G>, sd: string) => Action>();
  const mark = (st: GameState<G>, who: string): string => (analyst.milestone ? analyst.milestone(st) : who);
  let s = from;
  let steps = 0;
  let last: string | null = null;
  let atDecision = true;
  for (let actions = 0; actions < MAX_ROLLOUT_ACTIONS; actions++) {
    const who = rules.activeSides(s.state)[0];
    if (who === undefined) break;
    if (domain.choices && !analyst.milestone) {
      // Entering a decision point counts (its actions stay at it until the plan begins).
      const at = domain.choices(s, who);
      const decision = at !== null && at.length > 0;
      if (decision && !atDecision) steps++;
      atDecision = decision;
    } else {
      const m = mark(s, who);
      if (last !== null && m !== last) steps++;
      last = m;
    }
    if (horizon > 0 && steps >= horizon) break;
    let p = policies.get(who);
    if (!p) {
      p = domain.policy(rngFromSeed(`${seed}:${who}:policy`));
      policies.set(who, p);
    }
    s = applyUnlogged(rules, s, who, p(s, who));
  }
  return s;
}

/**
 * A plan's (or the policy's) next actions for `side` from `from`: each checked against
 * the legal actions, up to the first die roll, the first action of another side, or the
 * plan's end.
 */
function suggest<G>(
  rules: GameRules<G, Action, unknown>,
  from: GameState<G>,
  side: string,
  next: ReturnType<Macro<G>['start']>,
): Action[] {
  const out: Action[] = [];
  let s = from;
  const dice = s.rng;
  for (let i = 0; i < MAX_SUGGESTION; i++) {
    if (rules.activeSides(s.state)[0] !== side) break;
    const a = next(s, side);
    if (a === null) break;
    if (!legalActions(rules, s, side).some((l) => l.type === a.type && sameJson(l, a))) break;
    out.push(a);
    s = applyUnlogged(rules, s, side, a);
    if (s.rng !== dice && !sameRng(s.rng, dice)) break;
  }
  return out;
}
