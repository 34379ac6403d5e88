/**
 * The one search. A Dijkstra over a Graph with integer step costs and a bucket queue
 * (Dial's algorithm), after Wesnoth's `find_routes`: the caller gives a cost function
 * and a zone-of-control policy; entering a node that stops movement ends the path
 * there (movement left drops to zero). Movement range with path preview, retreat
 * routes and supply tracing (multi-source, zero-cost links along roads and railways)
 * are all this routine with different policies.
 *
 * Work buffers are typed arrays kept in a SearchSpace and reused between calls
 * (generation stamps instead of clearing), so a search allocates nothing.
 */
import type { Graph } from './graph.ts';

interface PolicyRules {
  /** Entering `node` ends the move there (an enemy zone of control). */
  stopsAt?(node: number): boolean;
  /** The same read off a table: entering a node where it is > 0 ends the move there (no call a node). */
  stopTable?: ArrayLike<number>;
  /**
   * A one-step move the rules always allow from a source whatever it costs (the
   * "minimum 1-hex movement" of mars-1942): the target is reached with all movement
   * spent. Called for each neighbour of a source that the search did not reach.
   */
  alwaysAllowed?(from: number, slot: number, to: number): boolean;
}

/**
 * What a step costs, one of two ways:
 * - `stepCost(from, slot, to)`: a non-negative integer, or a negative number when the
 *   step is forbidden (movement: terrain, hexsides, zones of control);
 * - `enterCost[to]`: a table, when a step costs what entering its node costs whichever
 *   way it comes (a supply line): no call per step, ~3x faster on a supply trace. Two
 *   additions keep a unit's movement on tables:
 *   - `slotCost[slot]`, where it is >= 0, is what that step costs instead, into a node
 *     that may be entered at all (`enterCost` >= 0): a road's rate whatever the terrain;
 *   - `sourceStepCost(from, slot, to)` prices the steps out of a source, one call each, as
 *     `stepCost` does: a unit's first step under rules of its own (leaving a zone of
 *     control, a move that takes all it has).
 */
export type SearchPolicy = StepPolicy | TablePolicy;
export type StepPolicy = PolicyRules & {
  stepCost(from: number, slot: number, to: number): number;
  enterCost?: undefined;
};
export type TablePolicy = PolicyRules & {
  enterCost: ArrayLike<number>;
  slotCost?: ArrayLike<number>;
  sourceStepCost?(from: number, slot: number, to: number): number;
  stepCost?: undefined;
};

export interface SearchOptions {
  readonly sources: ArrayLike<number>;
  /** Starting cost per source (default 0): supply tracing from sources at distance. */
  readonly sourceCosts?: readonly number[];
  /** Nothing costing more than this is reached. */
  readonly maxCost: number;
}

const UNREACHED = -1;

/** Reusable work buffers for one graph. Not shared between threads. */
export class SearchSpace {
  readonly graph: Graph;
  /** Cost of the best path found, valid where stamp === generation. */
  readonly cost: Int32Array;
  readonly parent: Int32Array;
  readonly parentSlot: Int32Array;
  readonly stamp: Uint32Array;
  readonly settledStamp: Uint32Array;
  /** Nodes in the order they were settled; `reachedCount` of them are valid. */
  readonly reached: Int32Array;
  reachedCount = 0;
  generation = 0;
  private readonly entryNode: Int32Array;
  private readonly entryNext: Int32Array;
  private bucketHead: Int32Array;

  constructor(graph: Graph) {
    this.graph = graph;
    const n = graph.nodeCount;
    this.cost = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.parentSlot = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.settledStamp = new Uint32Array(n);
    this.reached = new Int32Array(n);
    const cap = graph.targets.length + n + 1; // sources + one push per improving slot
    this.entryNode = new Int32Array(cap);
    this.entryNext = new Int32Array(cap);
    this.bucketHead = new Int32Array(64);
  }

  /** True when the last search reached `node`. */
  has(node: number): boolean {
    return this.stamp[node] === this.generation && this.settledStamp[node] === this.generation;
  }

  /** Cost to reach `node` in the last search, or -1. */
  costTo(node: number): number {
    return this.has(node) ? this.cost[node]! : UNREACHED;
  }

  /** The path from a source to `node` (both included) in the last search, or []. */
  pathTo(node: number): number[] {
    if (!this.has(node)) return [];
    const path = [node];
    let at = node;
    while (this.parent[at]! >= 0) {
      at = this.parent[at]!;
      path.push(at);
    }
    return path.reverse();
  }

  /** Every node reached by the last search, in settling order (cheapest first). */
  reachedNodes(): number[] {
    return Array.from(this.reached.subarray(0, this.reachedCount));
  }

  /** Runs the search; results stay readable on this space until the next run. */
  run(policy: SearchPolicy, options: SearchOptions): this {
    const { graph } = this;
    const { offsets, targets } = graph;
    const maxCost = options.maxCost;
    if (!(maxCost >= 0) || !Number.isInteger(maxCost))
      throw new RangeError(`maxCost ${maxCost} is not an integer >= 0`);
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.settledStamp.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const { cost, parent, parentSlot, stamp, settledStamp, reached } = this;
    if (this.bucketHead.length < maxCost + 1) this.bucketHead = new Int32Array(Math.max(maxCost + 1, 64 * 2));
    const head = this.bucketHead;
    head.fill(-1, 0, maxCost + 1);
    // Every push is a source or an improving relaxation of one slot: the pool never overflows.
    const entryNode = this.entryNode;
    const entryNext = this.entryNext;
    let entries = 0;

    const sources = options.sources;
    const sourceCosts = options.sourceCosts;
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i]!;
      const c = sourceCosts?.[i] ?? 0;
      if (c > maxCost || c < 0) continue;
      if (stamp[s] === gen && cost[s]! <= c) continue;
      stamp[s] = gen;
      cost[s] = c;
      parent[s] = -1;
      parentSlot[s] = -1;
      entryNode[entries] = s;
      entryNext[entries] = head[c]!;
      head[c] = entries++;
    }

    const hasStops = policy.stopsAt !== undefined;
    const stopTable = policy.stopTable;
    const table = policy.enterCost;
    const slotCost = policy.enterCost !== undefined ? policy.slotCost : undefined;
    const hasSourceSteps = policy.enterCost !== undefined && policy.sourceStepCost !== undefined;
    let count = 0;
    for (let c = 0; c <= maxCost; c++) {
      while (head[c]! !== -1) {
        const e = head[c]!;
        head[c] = entryNext[e]!;
        const node = entryNode[e]!;
        if (settledStamp[node] === gen || cost[node] !== c) continue;
        settledStamp[node] = gen;
        reached[count++] = node;
        const fromSource = parent[node] === -1;
        if (
          !fromSource &&
          ((stopTable !== undefined && stopTable[node]! > 0) || (hasStops && policy.stopsAt!(node)))
        )
          continue;
        const askSource = fromSource && hasSourceSteps;
        for (let s = offsets[node]!, end = offsets[node + 1]!; s < end; s++) {
          const t = targets[s]!;
          if (t < 0 || settledStamp[t] === gen) continue;
          let step: number;
          if (table === undefined) step = policy.stepCost!(node, s, t);
          else if (askSource) step = policy.sourceStepCost!(node, s, t);
          else {
            step = table[t]!;
            if (step >= 0 && slotCost !== undefined && slotCost[s]! >= 0) step = slotCost[s]!;
          }
          if (step < 0) continue;
          const nc = c + step;
          if (nc > maxCost) continue;
          if (stamp[t] === gen && cost[t]! <= nc) continue;
          stamp[t] = gen;
          cost[t] = nc;
          parent[t] = node;
          parentSlot[t] = s;
          entryNode[entries] = t;
          entryNext[entries] = head[nc]!;
          head[nc] = entries++;
        }
      }
    }
    if (policy.alwaysAllowed) {
      for (let i = 0; i < sources.length; i++) {
        const src = sources[i]!;
        // A source (no parent), settled.
        if (parent[src] !== -1 || settledStamp[src] !== gen) continue;
        for (let s = offsets[src]!, end = offsets[src + 1]!; s < end; s++) {
          const t = targets[s]!;
          if (t < 0 || settledStamp[t] === gen) continue;
          if (!policy.alwaysAllowed(src, s, t)) continue;
          stamp[t] = gen;
          settledStamp[t] = gen;
          cost[t] = maxCost;
          parent[t] = src;
          parentSlot[t] = s;
          reached[count++] = t;
        }
      }
    }
    this.reachedCount = count;
    return this;
  }
}

const spaces = new WeakMap<Graph, SearchSpace>();

/** The shared work space of a graph, made on first use. */
export function searchSpaceFor(graph: Graph): SearchSpace {
  let space = spaces.get(graph);
  if (!space) {
    space = new SearchSpace(graph);
    spaces.set(graph, space);
  }
  return space;
}

/** One result of a search, copied out so it survives later searches. */
export interface Reach {
  /** Reached nodes, cheapest first. */
  readonly nodes: readonly number[];
  readonly cost: ReadonlyMap<number, number>;
  path(node: number): number[];
}

/** Runs a search and copies its result out (convenient; the hot path uses SearchSpace.run). */
export function search(graph: Graph, policy: SearchPolicy, options: SearchOptions): Reach {
  const space = searchSpaceFor(graph).run(policy, options);
  const nodes = space.reachedNodes();
  const cost = new Map<number, number>();
  const parent = new Map<number, number>();
  for (const n of nodes) {
    cost.set(n, space.cost[n]!);
    parent.set(n, space.parent[n]!);
  }
  return {
    nodes,
    cost,
    path(node: number): number[] {
      if (!cost.has(node)) return [];
      const out = [node];
      let at = parent.get(node) ?? -1;
      while (at >= 0) {
        out.push(at);
        at = parent.get(at) ?? -1;
      }
      return out.reverse();
    },
  };
}

const unitCosts = new WeakMap<Graph, Int32Array>();

/**
 * Steps from the nearest of `sources` to every node, each step costing 1 (a breadth-first
 * search by the one search), up to `maxSteps`: -1 where not reached. Distances to
 * objectives, ranges in segments, "within N of" tests.
 */
export function stepDistances(
  graph: Graph,
  sources: ArrayLike<number>,
  maxSteps = graph.nodeCount,
): Int32Array {
  let ones = unitCosts.get(graph);
  if (!ones) {
    ones = new Int32Array(graph.nodeCount).fill(1);
    unitCosts.set(graph, ones);
  }
  const space = searchSpaceFor(graph).run({ enterCost: ones }, { sources, maxCost: maxSteps });
  const dist = new Int32Array(graph.nodeCount).fill(-1);
  for (let i = 0; i < space.reachedCount; i++) {
    const n = space.reached[i]!;
    dist[n] = space.cost[n]!;
  }
  return dist;
}
