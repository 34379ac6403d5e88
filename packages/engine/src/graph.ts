/**
 * The one graph interface every search runs on. A hex map and a point-to-point map
 * both compile to it: nodes are hexes or points, slots are the ways out of a node
 * (a hexside or a line). Compressed sparse rows over typed arrays, so the searches
 * touch no objects in their inner loop.
 */
export interface Graph {
  readonly nodeCount: number;
  /** Slots of node n are offsets[n] .. offsets[n+1]-1. */
  readonly offsets: Int32Array;
  /** The node a slot leads to, or -1 where a hex map's edge has no neighbour or a hexside `separates` (map.ts). */
  readonly targets: Int32Array;
  /**
   * What the slot crosses: on a hex map the hexside id (shared by both hexes), on a
   * point-to-point map the line index (shared by both directions).
   */
  readonly edges: Int32Array;
}

/** Builds a graph from undirected edges (a, b); edge i is stored as id i both ways. */
export function graphFromEdges(nodeCount: number, edges: readonly (readonly [number, number])[]): Graph {
  const degree = new Int32Array(nodeCount);
  for (const [a, b] of edges) {
    degree[a] = (degree[a] ?? 0) + 1;
    degree[b] = (degree[b] ?? 0) + 1;
  }
  const offsets = new Int32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) offsets[n + 1] = offsets[n]! + degree[n]!;
  const fill = offsets.slice(0, nodeCount);
  const targets = new Int32Array(offsets[nodeCount]!);
  const ids = new Int32Array(offsets[nodeCount]!);
  edges.forEach(([a, b], i) => {
    const sa = fill[a]!++;
    targets[sa] = b;
    ids[sa] = i;
    const sb = fill[b]!++;
    targets[sb] = a;
    ids[sb] = i;
  });
  return { nodeCount, offsets, targets, edges: ids };
}

/** The slot from node `from` to node `to`, or -1 when they are not adjacent. */
export function slotBetween(graph: Graph, from: number, to: number): number {
  for (let s = graph.offsets[from]!; s < graph.offsets[from + 1]!; s++) {
    if (graph.targets[s] === to) return s;
  }
  return -1;
}

export function neighborsOf(graph: Graph, node: number): number[] {
  const out: number[] = [];
  for (let s = graph.offsets[node]!; s < graph.offsets[node + 1]!; s++) {
    const t = graph.targets[s]!;
    if (t >= 0) out.push(t);
  }
  return out;
}
