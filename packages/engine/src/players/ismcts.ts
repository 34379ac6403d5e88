/**
 * Information-set Monte-Carlo tree search (single-observer, open-loop ISMCTS; Cowling,
 * Powley & Whitehouse 2012), usable by any game through its module.
 *
 * Each iteration draws a full state the searcher's side could be in (`determinize` of
 * its own view: hidden pieces and the dice to come drawn afresh), walks the tree of
 * *choices* down from the root, adds one node, plays on with the game's own policy to a
 * horizon and scores where it ends. A node is a sequence of choices, not a state: the
 * same node stands for every state those choices lead to under different hidden facts
 * and dice (open loop), so chance and hidden information need no nodes of their own.
 * Children are picked by UCB1 counted over the iterations they were available in
 * (ISMCTS's availability counts), and opened in the order of the game's prior with
 * progressive widening: a node visited n times considers ceil(k * n^alpha) children.
 *
 * A choice is a *macro* (action abstraction): a game whose player-turn is dozens of
 * clicks offers a few plans at a decision point (per unit, per attack, per sector), and a
 * plan plays its own actions until it is done. By default every legal action is a
 * choice of one action.
 *
 * Rollouts apply actions without a log (`applyUnlogged`): nobody reads it, and keeping it
 * was a tenth of an iteration's time.
 *
 * The budget is counted in iterations, so the same seed and budget give the same choice
 * on any machine; `maxMs` caps it by the clock the caller passes in (`clock`: the engine
 * reads none) for play, and then it is no longer reproducible. The search reads only the side's view (`knownState`), never the
 * game's dice or anything hidden from it.
 */
import {
  type Action,
  actionKey,
  applyUnlogged,
  type GameRules,
  type GameState,
  legalActions,
  sameJson,
} from '../game.ts';
import type { Player, Viewer } from '../module.ts';
import { type RngState, rngFromSeed, rollDie, type Seed, sameRng } from '../rng.ts';
import { knownState } from './known.ts';

/** One choice at a decision point: a plan that plays its side's actions until done. */
export interface Macro<G> {
  /** Names the choice; the same key at the same node is the same child. */
  readonly key: string;
  /** Move ordering: higher is opened first (the game's own policy's preference). */
  readonly prior: number;
  /**
   * A fresh instance of the plan: called with the state and its side, the next action
   * of the plan, or null once it is played out (the side's next action is a new decision).
   */
  start(): (state: GameState<G>, side: string) => Action | null;
}

/** What a game gives the search: its rules, its hidden information, its policy. */
export interface SearchDomain<G> {
  readonly rules: GameRules<G, Action, unknown>;
  /** A full state consistent with `viewer`'s view (module.determinize). */
  determinize?(state: GameState<G>, viewer: Viewer, rng: RngState): GameState<G>;
  /**
   * The choices of `side` at `state`, or null when `state` is no decision point for it
   * (the policy plays on). Absent: every legal action is a choice of its own.
   */
  choices?(state: GameState<G>, side: string): readonly Macro<G>[] | null;
  /**
   * A fresh instance of the game's own policy (rollouts, and every action between
   * decisions); `rng` for its own tie-breaks, never the game's dice.
   */
  policy(rng: RngState): (state: GameState<G>, side: string) => Action;
  /** How good `state` is for `side`, as a chance of winning in [0, 1] (rollouts cut short). */
  evaluate(state: GameState<G>, side: string): number;
  /**
   * Set by a game whose `determinize` draws nothing but the dice to come (no hidden
   * pieces): what a plan of `side` would do from `state`, reached by its own actions.
   * `restart`: a fresh instance started here plays on exactly as the running one would
   * (no plan half played); `done`: the running one would play nothing more (its next
   * call answers null); null: neither. Then a root choice's actions up to its first die
   * roll, or the first action of another side, are the same in every iteration: they are
   * played once per root choice, and later iterations start from the last state where
   * the plan could be restarted or was done, with their own dice. The search's result is
   * the same with it as without it, only cheaper.
   */
  planAt?(state: GameState<G>, side: string): 'restart' | 'done' | null;
}

export interface SearchBudget {
  /** Iterations per search (the level's strength). */
  readonly iterations: number;
  /** Decision points a rollout plays past its new node before it is scored (0: to the end). */
  readonly horizon: number;
  /** UCB1 exploration constant (rewards are in [0, 1]). */
  readonly exploration?: number;
  /** Progressive widening: a node visited n times considers ceil(k * n^alpha) children. */
  readonly widenK?: number;
  readonly widenAlpha?: number;
  /** A clock cap for play (ms, by `clock`): the search stops early once over it (not reproducible). */
  readonly maxMs?: number;
  /** The clock `maxMs` is read on, ms from any origin (the player's: the engine reads no clock). */
  readonly clock?: () => number;
  /**
   * The index the iterations are named from (absent: 0; UCB at the root): an iteration's
   * draws (world, dice, policies) follow from its name, so a search run in parts, part k
   * from iteration k, draws what one run of them all would (a player that plays the k-th
   * sample of every choice before any (k+1)-th, to stop between samples on its clock).
   */
  readonly firstIteration?: number;
  /**
   * How deep the tree grows, in choices from the root (the root's own are 1); past it the
   * rollout plays on (the policy's preferred choice), its decisions counted toward the
   * horizon. Absent: no limit. 1: every iteration plays a root choice, then the rollout
   * to the horizon, so each root choice is scored over the same depth of play.
   */
  readonly treeDepth?: number;
  /**
   * Where a rollout's last plan (the one that reaches the horizon) stops. Absent or false:
   * when its side's part is done and no other side is at a decision point of its own, as
   * every plan does (the other sides' actions between are played inside it). True: also
   * at the first decision point of another side (`domain.choices`), which the horizon then
   * scores without playing into: for a game whose choices are player-turns, the reply's
   * player-turn is not begun (mars-1942: not its movement).
   */
  readonly stopAtReply?: boolean;
  /** Safety net: actions a rollout may take before it is scored anyway. */
  readonly maxRolloutActions?: number;
  /**
   * How the root's choice is searched. `ucb` (the default): UCB1 like every other node,
   * the most visited choice played. `halving`: sequential halving (Karnin, Koren & Somekh
   * 2013), made for picking the best of a few choices on a fixed budget: rounds in which
   * every choice still in gets the same number of iterations, the worse half dropped after
   * each, the best mean of the last round played. Within a round the k-th iteration of
   * each choice shares its drawn world and the dice to come (common random numbers), so
   * two plans are compared on the same luck. The tree below the root is UCB1 either way.
   */
  readonly root?: 'ucb' | 'halving';
}

interface TreeNode {
  /** The side that made the choice leading here ('' at the root). */
  readonly mover: string;
  readonly children: Map<string, TreeNode>;
  visits: number;
  /** Times this node's choice was available when its parent was visited. */
  available: number;
  /** Sum of rewards for `mover`. */
  reward: number;
}

const node = (mover: string): TreeNode => ({
  mover,
  children: new Map(),
  visits: 0,
  available: 0,
  reward: 0,
});

export interface SearchResult<G> {
  /** The chosen root choice (UCB: most visited, ties to the higher mean, then the earlier prior; halving: the best mean of the last round). */
  readonly macro: Macro<G>;
  readonly iterations: number;
  /** Per root choice: visits and mean reward, for reports and tests. */
  readonly stats: readonly { key: string; visits: number; mean: number }[];
}

/** The choices of `side` at `state`: the domain's, or each legal action alone. */
export function choicesAt<G>(
  domain: SearchDomain<G>,
  state: GameState<G>,
  side: string,
): readonly Macro<G>[] | null {
  if (domain.choices) return domain.choices(state, side);
  return legalActions(domain.rules, state, side)
    .filter((a) => a.type !== 'undo')
    .map((a) => singleAction<G>(a));
}

/** A choice of one action. */
export function singleAction<G>(a: Action): Macro<G> {
  return {
    key: actionKey(a),
    prior: 0,
    start: () => {
      let done = false;
      return () => {
        if (done) return null;
        done = true;
        return a;
      };
    },
  };
}

/** Choices in the order they are opened: prior first, then key (deterministic). */
function ordered<G>(ms: readonly Macro<G>[]): Macro<G>[] {
  return [...ms].sort((a, b) => b.prior - a.prior || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** One search under way: what its iterations read, and the tree they grow. */
interface Search<G> {
  readonly domain: SearchDomain<G>;
  readonly rules: GameRules<G, Action, unknown>;
  readonly budget: SearchBudget;
  readonly side: string;
  /** Whose view `known` is: each iteration's world is drawn from it (the searcher's own, for play). */
  readonly viewer: Viewer;
  readonly seed: Seed;
  /** The searcher's view of the state: where every iteration starts. */
  readonly known: GameState<G>;
  readonly rootChoices: readonly Macro<G>[];
  /** The root's choices in the order they are opened. */
  readonly rootOrder: readonly Macro<G>[];
  readonly root: TreeNode;
  /** UCB1's exploration constant. */
  readonly c: number;
  /** Progressive widening: a node visited n times considers ceil(k * n^alpha) children. */
  readonly k: number;
  readonly alpha: number;
  /** A rollout's safety net (actions). */
  readonly maxActions: number;
  /**
   * Per root choice, the last state of its dice-free prefix at which its plan may be
   * restarted or is done (`domain.planAt`), and the actions taken to reach it.
   */
  readonly prefixes: Map<string, { state: GameState<G>; actions: number; done: boolean }>;
  /** Told where each iteration ended (the analyst's chances); play sets none. */
  readonly observe?: (end: GameState<G>) => void;
}

/** Iterations played so far, and whether the clock's cap (if any) is over. */
interface Progress {
  done: number;
  timeUp(): boolean;
}

/**
 * Searches from `side`'s view of `state` (which must be a decision point for it) and
 * returns the choice to play. `seed` fixes every draw of the search.
 */
export function ismcts<G>(
  domain: SearchDomain<G>,
  state: GameState<G>,
  side: string,
  budget: SearchBudget,
  seed: Seed,
): SearchResult<G> {
  const known = knownState(domain.rules, state, side, `${seed}:known`);
  return searchFrom(domain, known, side, budget, seed, { viewer: side });
}

/** How `searchFrom` searches besides the budget: whose view, what it reports. */
export interface SearchFromOptions<G> {
  /** Whose view `known` is; each iteration's world is drawn from it by `determinize`. */
  readonly viewer: Viewer;
  /** Called with the state each iteration ended in (played to the end or to the horizon). */
  readonly observe?: (end: GameState<G>) => void;
  /** Search a root with a single choice too (the AI plays it without searching: nothing to choose). */
  readonly searchSingle?: boolean;
}

/**
 * The search itself, from a view already made a state (`known`, whose view `opts.viewer`
 * is): what `ismcts` runs for a side's own view, and the analyst for any viewer's. With
 * the same arguments, the same result as `ismcts`.
 */
export function searchFrom<G>(
  domain: SearchDomain<G>,
  known: GameState<G>,
  side: string,
  budget: SearchBudget,
  seed: Seed,
  opts: SearchFromOptions<G>,
): SearchResult<G> {
  const rules = domain.rules;
  const rootChoices = choicesAt(domain, known, side);
  if (!rootChoices || rootChoices.length === 0)
    throw new Error(`ismcts: ${side} has no choice to search here`);
  const search: Search<G> = {
    domain,
    rules,
    budget,
    side,
    viewer: opts.viewer,
    seed,
    known,
    rootChoices,
    rootOrder: ordered(rootChoices),
    root: node(''),
    c: budget.exploration ?? 0.7,
    k: budget.widenK ?? 2,
    alpha: budget.widenAlpha ?? 0.5,
    maxActions: budget.maxRolloutActions ?? 5000,
    prefixes: new Map(),
    ...(opts.observe ? { observe: opts.observe } : {}),
  };
  const minChoices = opts.searchSingle ? 0 : 1;
  const clock = budget.clock;
  if (budget.maxMs !== undefined && !clock)
    throw new Error('ismcts: a maxMs cap needs the clock to read it on');
  const started = budget.maxMs !== undefined ? clock!() : 0;
  const progress: Progress = {
    done: 0,
    timeUp: () => budget.maxMs !== undefined && progress.done > 0 && clock!() - started > budget.maxMs,
  };
  if (search.rootOrder.length > minChoices && budget.root === 'halving') {
    const arms = searchByHalving(search, progress);
    return { macro: arms[0]!, iterations: progress.done, stats: rootStats(search) };
  }
  if (search.rootOrder.length > minChoices) searchByUcb(search, progress);
  const stats = rootStats(search);
  return { macro: search.rootOrder[mostVisited(stats)]!, iterations: progress.done, stats };
}

/** UCB1 at the root as everywhere: the budget's iterations, or fewer if the clock runs out. */
function searchByUcb<G>(search: Search<G>, progress: Progress): void {
  const first = search.budget.firstIteration ?? 0;
  for (let i = 0; i < search.budget.iterations; i++) {
    if (progress.timeUp()) break;
    iterate(search, String(first + i));
    progress.done++;
  }
}

/**
 * Sequential halving at the root: rounds in which every choice still in gets the same
 * iterations (the k-th of each sharing its sample's draws), the worse half dropped after
 * each. Returns the choices still in, best mean first.
 */
function searchByHalving<G>(search: Search<G>, progress: Progress): Macro<G>[] {
  let arms = [...search.rootOrder];
  const rounds = Math.ceil(Math.log2(arms.length));
  let left = search.budget.iterations;
  for (let r = 0; r < rounds && arms.length > 1 && left > 0 && !progress.timeUp(); r++) {
    const per = Math.max(1, Math.floor(left / ((rounds - r) * arms.length)));
    for (let j = 0; j < per && left > 0 && !progress.timeUp(); j++) {
      for (const m of arms) {
        if (left === 0 || progress.timeUp()) break;
        iterate(search, `h${r}:${j}`, m);
        progress.done++;
        left--;
      }
    }
    arms = byMean(search.root, arms).slice(0, r === rounds - 1 ? arms.length : Math.ceil(arms.length / 2));
  }
  return byMean(search.root, arms);
}

/** Per root choice: visits and mean reward. */
function rootStats<G>(search: Search<G>): { key: string; visits: number; mean: number }[] {
  return search.rootOrder.map((m) => ({
    key: m.key,
    visits: search.root.children.get(m.key)?.visits ?? 0,
    mean: meanOf(search.root, m.key),
  }));
}

/** The index of the most visited root choice, ties to the higher mean, then the earlier. */
function mostVisited(stats: readonly { visits: number; mean: number }[]): number {
  let best = 0;
  stats.forEach((st, i) => {
    const b = stats[best]!;
    if (st.visits > b.visits || (st.visits === b.visits && st.mean > b.mean + 1e-12)) best = i;
  });
  return best;
}

/** A root choice's mean reward so far (0 when unvisited). */
function meanOf(root: TreeNode, key: string): number {
  const ch = root.children.get(key);
  return ch?.visits ? ch.reward / ch.visits : 0;
}

/** `ms` by mean reward so far, best first (ties and the unvisited: prior order). */
function byMean<G>(root: TreeNode, ms: readonly Macro<G>[]): Macro<G>[] {
  return ms
    .map((m, i) => ({ m, i, v: root.children.get(m.key)?.visits ? meanOf(root, m.key) : -1 }))
    .sort((a, b) => b.v - a.v || a.i - b.i)
    .map((x) => x.m);
}

/**
 * One iteration: a world drawn, the tree walked down to a new node, a rollout by the
 * policy to the horizon, the reward carried back up. `sample` names its draws (world,
 * dice, policies); `forced` is the root's choice when sequential halving makes it.
 */
function iterate<G>(search: Search<G>, sample: string, forced?: Macro<G>): void {
  const { domain, rules, budget, root, maxActions } = search;
  const iterSeed = `${search.seed}:${search.known.stateId}:${sample}`;
  let s = domain.determinize
    ? domain.determinize(search.known, search.viewer, rngFromSeed(`${iterSeed}:world`))
    : search.known;
  const policyOf = rolloutPolicies(domain, iterSeed);
  let actions = 0;
  const path: TreeNode[] = [root];
  let current = root;
  let first = true;
  /** The next macro played is the root's choice. */
  let rootMacro = true;
  let inTree = true;
  let rolloutDecisions = 0;
  for (;;) {
    const who = rules.activeSides(s.state)[0];
    if (who === undefined || actions >= maxActions) break;
    if (inTree && budget.treeDepth !== undefined && path.length > budget.treeDepth) inTree = false;
    // At the root the side to move is the searcher, at a decision point by construction.
    // In the rollout a game without choices of its own is played by its policy alone.
    const choices = first ? search.rootChoices : inTree || domain.choices ? choicesAt(domain, s, who) : null;
    first = false;
    if (!inTree && budget.horizon > 0 && rolloutDecisions >= budget.horizon) break;
    if (!choices || choices.length === 0) {
      s = applyUnlogged(rules, s, who, policyOf(who)(s, who));
      actions++;
      continue;
    }
    let macro: Macro<G>;
    if (inTree) {
      const step = descend(search, current, choices, who, forced);
      macro = step.macro;
      current = step.node;
      path.push(current);
      if (step.expanded) inTree = false; // the rest is rollout
    } else {
      rolloutDecisions++;
      // Rollout: the policy's own preference among the choices (the first by prior).
      macro = ordered(choices)[0]!;
    }
    const atRoot = rootMacro && domain.planAt !== undefined;
    rootMacro = false;
    // The plan that reaches the horizon stops at another side's decision point (stopAtReply).
    const last =
      !inTree && budget.stopAtReply === true && budget.horizon > 0 && rolloutDecisions >= budget.horizon;
    ({ s, actions } = playMacro(search, macro, who, s, actions, atRoot, policyOf, last));
  }
  backpropagate(search, path, s);
  search.observe?.(s);
}

/**
 * The game's policy for each side in one iteration, each a fresh instance with its own
 * draws, made when the side first needs it.
 */
function rolloutPolicies<G>(
  domain: SearchDomain<G>,
  iterSeed: string,
): (side: string) => (st: GameState<G>, sd: string) => Action {
  let policyRng = rngFromSeed(`${iterSeed}:policy`);
  const policies = new Map<string, (st: GameState<G>, sd: string) => Action>();
  return (sd) => {
    let p = policies.get(sd);
    if (!p) {
      const r = rollDie(policyRng, 1 << 30);
      policyRng = r.next;
      p = domain.policy(rngFromSeed(`${iterSeed}:${sd}:${r.value}`));
      policies.set(sd, p);
    }
    return p;
  };
}

/**
 * One step down the tree from `current`: the choice halving forces at the root, else the
 * first untried of the choices progressive widening allows (a new node: `expanded`), else
 * the best by UCB1 over availability counts.
 */
function descend<G>(
  search: Search<G>,
  current: TreeNode,
  choices: readonly Macro<G>[],
  who: string,
  forced: Macro<G> | undefined,
): { macro: Macro<G>; node: TreeNode; expanded: boolean } {
  const { root } = search;
  if (forced && current === root) {
    let ch = root.children.get(forced.key);
    let expanded = false;
    if (!ch) {
      ch = node(who);
      root.children.set(forced.key, ch);
      expanded = true;
    }
    ch.available++;
    return { macro: forced, node: ch, expanded };
  }
  const order = current === root ? search.rootOrder : ordered(choices);
  const allowed = order.slice(
    0,
    Math.max(1, Math.ceil(search.k * Math.max(1, current.visits) ** search.alpha)),
  );
  for (const m of allowed) {
    const ch = current.children.get(m.key);
    if (ch) ch.available++;
  }
  const untried = allowed.find((m) => !current.children.has(m.key));
  if (untried) {
    const ch = node(who);
    ch.available = 1;
    current.children.set(untried.key, ch);
    return { macro: untried, node: ch, expanded: true };
  }
  let best = allowed[0]!;
  let bestUcb = -Infinity;
  for (const m of allowed) {
    const ch = current.children.get(m.key)!;
    const ucb = ch.reward / ch.visits + search.c * Math.sqrt(Math.log(Math.max(1, ch.available)) / ch.visits);
    if (ucb > bestUcb) {
      bestUcb = ucb;
      best = m;
    }
  }
  return { macro: best, node: current.children.get(best.key)!, expanded: false };
}

/**
 * Plays a macro: its actions for `who`, the policy for anyone else in between (with
 * `stopAtReply`, up to another side's first decision point). A root choice's dice-free
 * prefix (`atRoot`, with `domain.planAt`) is taken from an earlier iteration, or recorded
 * for later ones.
 */
function playMacro<G>(
  search: Search<G>,
  macro: Macro<G>,
  who: string,
  from: GameState<G>,
  actionsSoFar: number,
  atRoot: boolean,
  policyOf: (side: string) => (st: GameState<G>, sd: string) => Action,
  stopAtReply = false,
): { s: GameState<G>; actions: number } {
  const { domain, rules, prefixes, maxActions } = search;
  let s = from;
  let actions = actionsSoFar;
  let plan = macro.start();
  let recording = false;
  const dice = s.rng;
  if (atRoot) {
    const prefix = prefixes.get(macro.key);
    if (prefix) {
      s = { ...prefix.state, rng: s.rng };
      actions += prefix.actions;
      if (prefix.done) plan = () => null;
    } else {
      recording = true;
      prefixes.set(macro.key, { state: s, actions: 0, done: false });
    }
  }
  const prefixStart = actions;
  for (let guard = 0; guard < maxActions; guard++) {
    const w = rules.activeSides(s.state)[0];
    if (w === undefined) break;
    if (w !== who) {
      if (stopAtReply && (domain.choices?.(s, w)?.length ?? 0) > 0) break;
      recording = false;
      s = applyUnlogged(rules, s, w, policyOf(w)(s, w));
      actions++;
      continue;
    }
    const a = plan(s, who);
    if (a === null) break;
    s = applyUnlogged(rules, s, who, a);
    actions++;
    if (recording && s.rng !== dice && !sameRng(s.rng, dice)) recording = false;
    const at = recording ? domain.planAt!(s, who) : null;
    if (at !== null) {
      const done = at === 'done';
      prefixes.set(macro.key, { state: s, actions: actions - prefixStart, done });
      // The rest as a later iteration plays it: a fresh plan, or none.
      plan = done ? () => null : macro.start();
      if (done) recording = false;
    }
  }
  return { s, actions };
}

/** Scores where the iteration ended for each mover on its path (the result, or the evaluation) and counts the visit. */
function backpropagate<G>(search: Search<G>, path: readonly TreeNode[], s: GameState<G>): void {
  const outcome = search.rules.outcome(s.state);
  const rewardFor = (sd: string) =>
    outcome ? (outcome.winner === sd ? 1 : outcome.winner === null ? 0.5 : 0) : search.domain.evaluate(s, sd);
  const cache = new Map<string, number>();
  for (const n of path) {
    n.visits++;
    if (n.mover === '') continue;
    let r = cache.get(n.mover);
    if (r === undefined) {
      r = rewardFor(n.mover);
      cache.set(n.mover, r);
    }
    n.reward += r;
  }
}

/**
 * Whether `state` is of the game `domain` searches (the same rules id): then it is a
 * state of the domain's game too.
 */
function ofDomain<D, G>(
  domain: SearchDomain<D>,
  rules: GameRules<G, Action, unknown>,
  state: GameState<G>,
): state is GameState<G> & GameState<D> {
  return rules.id === domain.rules.id;
}

/**
 * A player that searches at each of its decision points and plays the chosen plan; the
 * game's policy plays everything else. It sees only its side's view. `D` is the state of
 * the game its domain searches; it plays no other game.
 */
export class IsmctsPlayer<D = unknown> implements Player {
  /** Searches made and iterations played (the benchmark's counters). */
  searches = 0;
  iterations = 0;
  private plan: ((state: GameState<D>, side: string) => Action | null) | null = null;
  private policy: ((state: GameState<D>, side: string) => Action) | null = null;
  constructor(
    readonly name: string,
    private readonly domain: SearchDomain<D>,
    private readonly budget: SearchBudget,
    private readonly seed: Seed,
  ) {}

  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    const domain = this.domain;
    if (!ofDomain(domain, rules, state))
      throw new Error(`this search plays ${domain.rules.id}, not ${rules.id}`);
    const known = knownState(domain.rules, state, side, `${this.seed}:${state.stateId}`);
    const legal = legalActions(domain.rules, known, side).filter((a) => a.type !== 'undo');
    // Only what is offered is played (a plan made in a search is checked against the list).
    const ok = (a: Action | null): a is Action =>
      a !== null && legal.some((l) => l.type === a.type && sameJson(l, a));
    if (this.plan) {
      const a = this.plan(known, side);
      if (ok(a)) return a;
      this.plan = null;
    }
    const choices = choicesAt(domain, known, side);
    if (choices && choices.length > 0) {
      const r = ismcts(domain, known, side, this.budget, `${this.seed}:${state.stateId}`);
      this.searches++;
      this.iterations += r.iterations;
      const next = r.macro.start();
      const a = next(known, side);
      if (ok(a)) {
        this.plan = next;
        return a;
      }
    }
    this.policy ??= domain.policy(rngFromSeed(`${this.seed}:policy`));
    const a = this.policy(known, side);
    if (ok(a)) return a;
    return legal[0]!;
  }
}
