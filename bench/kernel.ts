/**
 * Kernel benchmarks (issue: engine kernel): movement range, a full supply trace and
 * one calculator call, each against a hand-tuned typed-array reference.
 */
import {
  columnCounts,
  hexGridGraph,
  hexIndexOf,
  oddsColumn,
  rngFromSeed,
  rollDie,
  SearchSpace,
} from '@stavka/engine';
import { MARS_CRT, marsCalc } from '@stavka/games';
import { compare, type Figure } from './harness.ts';

const COLS = 60;
const ROWS = 100;

/**
 * A 60x100 hex grid (past the four-digit hex numbers, so built from the grid graph
 * directly) with a road down every 8th column and a railway down every 20th.
 */
export function benchMap() {
  const graph = hexGridGraph(COLS, ROWS);
  const links = new Uint32Array(graph.targets.length);
  const ROAD = 1;
  const RAIL = 2;
  const lay = (col: number, bit: number) => {
    for (let r = 1; r < ROWS; r++) {
      const a = hexIndexOf({ columns: COLS, rows: ROWS }, col, r);
      const b = hexIndexOf({ columns: COLS, rows: ROWS }, col, r + 1);
      links[a * 6 + 3]! |= bit; // S
      links[b * 6 + 0]! |= bit; // N
    }
  };
  for (let c = 1; c <= COLS; c += 8) lay(c, ROAD);
  for (let c = 5; c <= COLS; c += 20) lay(c, RAIL);
  return { graph, links, road: ROAD, rail: RAIL, columns: COLS, rows: ROWS };
}

export function kernelBenchmarks(): Figure[] {
  const map = benchMap();
  const g = map.graph;
  const n = g.nodeCount;
  const { road, rail } = map;
  // Enemy units scattered over the map (seeded), their ZOCs, friendly units.
  let rng = rngFromSeed('bench');
  const roll = (sides: number) => {
    const r = rollDie(rng, sides);
    rng = r.next;
    return r.value - 1;
  };
  const enemy = new Uint8Array(n);
  const zoc = new Uint8Array(n);
  const friend = new Uint8Array(n);
  for (let i = 0; i < 120; i++) enemy[hexIndexOf(map, 1 + roll(COLS), 1 + roll(ROWS))] = 1;
  for (let i = 0; i < 120; i++) friend[hexIndexOf(map, 1 + roll(COLS), 1 + roll(ROWS))] = 1;
  for (let h = 0; h < n; h++) {
    if (!enemy[h]) continue;
    for (let s = g.offsets[h]!; s < g.offsets[h + 1]!; s++) if (g.targets[s]! >= 0) zoc[g.targets[s]!] = 1;
  }
  // Per-slot movement cost in half hexes: 1 along a road, 2 otherwise.
  const slotCost = new Uint8Array(g.targets.length);
  for (let s = 0; s < slotCost.length; s++) slotCost[s] = map.links[s]! & road ? 1 : 2;
  const starts: number[] = [];
  const allowances: number[] = [];
  while (starts.length < 64) {
    const h = hexIndexOf(map, 5 + roll(COLS - 10), 5 + roll(ROWS - 10));
    if (enemy[h] || zoc[h]) continue;
    starts.push(h);
    allowances.push(2 * (6 + roll(7))); // MP 6..12 in half hexes
  }

  const space = new SearchSpace(g);
  const movePolicy = {
    stepCost: (_f: number, slot: number, to: number) => (enemy[to] ? -1 : slotCost[slot]!),
    stopsAt: (node: number) => zoc[node] === 1,
  };
  let k = 0;
  const oursMove = () => {
    const i = k++ & 63;
    space.run(movePolicy, { sources: [starts[i]!], maxCost: allowances[i]! });
  };

  // Hand-tuned reference: Dial's algorithm inlined over the same arrays.
  const dist = new Int32Array(n);
  const stamp = new Uint32Array(n);
  const done = new Uint32Array(n);
  const qNode = new Int32Array(g.targets.length + 8);
  const qNext = new Int32Array(g.targets.length + 8);
  const head = new Int32Array(64);
  let gen = 0;
  let refCount = 0;
  const reference = (src: number, max: number, costs: Uint8Array, block: Uint8Array, stop: Uint8Array) => {
    gen++;
    head.fill(-1, 0, max + 1);
    let e = 0;
    dist[src] = 0;
    stamp[src] = gen;
    qNode[e] = src;
    qNext[e] = -1;
    head[0] = e++;
    refCount = 0;
    const { offsets, targets } = g;
    for (let c = 0; c <= max; c++) {
      while (head[c] !== -1) {
        const x = head[c]!;
        head[c] = qNext[x]!;
        const v = qNode[x]!;
        if (done[v] === gen || dist[v] !== c) continue;
        done[v] = gen;
        refCount++;
        if (stop[v] === 1 && v !== src) continue;
        for (let s = offsets[v]!, end = offsets[v + 1]!; s < end; s++) {
          const t = targets[s]!;
          if (t < 0 || block[t] === 1 || done[t] === gen) continue;
          const nc = c + costs[s]!;
          if (nc > max || (stamp[t] === gen && dist[t]! <= nc)) continue;
          stamp[t] = gen;
          dist[t] = nc;
          qNode[e] = t;
          qNext[e] = head[nc]!;
          head[nc] = e++;
        }
      }
    }
  };
  let j = 0;
  const refMove = () => {
    const i = j++ & 63;
    reference(starts[i]!, allowances[i]!, slotCost, enemy, zoc);
  };
  // The two must agree before they are timed.
  for (let i = 0; i < 64; i++) {
    space.run(movePolicy, { sources: [starts[i]!], maxCost: allowances[i]! });
    reference(starts[i]!, allowances[i]!, slotCost, enemy, zoc);
    if (space.reachedCount !== refCount) throw new Error(`movement disagrees at start ${i}`);
  }

  // Supply: railway net from the southern edge (cost 0 along rails), then up to 8 hexes,
  // not into an enemy ZOC unless a friendly unit is there.
  const edge: number[] = [];
  for (let c = 1; c <= COLS; c++) edge.push(hexIndexOf(map, c, ROWS));
  const railPolicy = {
    stepCost: (_f: number, slot: number, to: number) =>
      map.links[slot]! & rail && !enemy[to] && (!zoc[to] || friend[to]) ? 0 : -1,
  };
  // Stage 2 asks a table of entry costs, as mars-1942's trace does (made once here, as the
  // reference's blocked hexes are).
  const enter = new Int8Array(n);
  for (let h = 0; h < n; h++) enter[h] = enemy[h] || (zoc[h] && !friend[h]) ? -1 : 1;
  const tracePolicy = { enterCost: enter };
  const space2 = new SearchSpace(g);
  const oursSupply = () => {
    space2.run(railPolicy, { sources: edge, maxCost: 0 });
    space.run(tracePolicy, {
      sources: space2.reached.subarray(0, space2.reachedCount) as unknown as number[],
      maxCost: 8,
    });
  };
  const railCost = new Uint8Array(g.targets.length);
  const railBlock = new Uint8Array(n);
  for (let s = 0; s < railCost.length; s++) railCost[s] = map.links[s]! & rail ? 0 : 255;
  for (let h = 0; h < n; h++) railBlock[h] = enemy[h] || (zoc[h] && !friend[h]) ? 1 : 0;
  const ones = new Uint8Array(g.targets.length).fill(1);
  const none = new Uint8Array(n);
  const refSupply = () => {
    // stage 1: flood along rails (BFS), stage 2: Dial's from every railhead
    gen++;
    let qh = 0;
    let qt = 0;
    for (const s of edge) {
      if (railBlock[s]) continue;
      done[s] = gen;
      qNode[qt++] = s;
    }
    while (qh < qt) {
      const v = qNode[qh++]!;
      for (let s = g.offsets[v]!, end = g.offsets[v + 1]!; s < end; s++) {
        const t = g.targets[s]!;
        if (t < 0 || railCost[s] !== 0 || railBlock[t] || done[t] === gen) continue;
        done[t] = gen;
        qNode[qt++] = t;
      }
    }
    const heads = Array.from(qNode.subarray(0, qt));
    gen++;
    head.fill(-1, 0, 9);
    let e = 0;
    for (const s of heads) {
      dist[s] = 0;
      stamp[s] = gen;
      qNext[e] = head[0]!;
      qNode[e] = s;
      head[0] = e++;
    }
    for (let c = 0; c <= 8; c++) {
      while (head[c] !== -1) {
        const x = head[c]!;
        head[c] = qNext[x]!;
        const v = qNode[x]!;
        if (done[v] === gen || dist[v] !== c) continue;
        done[v] = gen;
        for (let s = g.offsets[v]!, end = g.offsets[v + 1]!; s < end; s++) {
          const t = g.targets[s]!;
          if (t < 0 || railBlock[t] === 1 || done[t] === gen) continue;
          const nc = c + ones[s]!;
          if (nc > 8 || (stamp[t] === gen && dist[t]! <= nc)) continue;
          stamp[t] = gen;
          dist[t] = nc;
          qNode[e] = t;
          qNext[e] = head[nc]!;
          head[nc] = e++;
        }
      }
    }
    void none;
  };

  // One calculator call: odds column, shifts, the chance of every result.
  const counts = new Int32Array(MARS_CRT.resultCodes.length);
  let a = 0;
  const oursCalc = () => {
    a = (a + 7) % 60;
    const col = oddsColumn(MARS_CRT, a + 1, 4);
    const shifted = Math.min(Math.max(col - 1, 0), MARS_CRT.columns.length - 1);
    columnCounts(MARS_CRT, shifted, counts);
  };
  // Reference: a precomputed column lookup by (attack, defense) and a precomputed count table.
  const lookup = new Int8Array(128);
  for (let x = 0; x < 128; x++) lookup[x] = oddsColumn(MARS_CRT, x, 4);
  const table = new Int32Array(MARS_CRT.columns.length * counts.length);
  for (let c = 0; c < MARS_CRT.columns.length; c++)
    table.set(columnCounts(MARS_CRT, c, counts), c * counts.length);
  let b = 0;
  const refCalc = () => {
    b = (b + 7) % 60;
    const c = Math.min(Math.max(lookup[b + 1]! - 1, 0), 9);
    counts.set(table.subarray(c * counts.length, (c + 1) * counts.length));
  };
  let f = 0;
  const fullReport = () => {
    f = (f + 7) % 60;
    marsCalc({ attack: f + 1, defense: 4, conditions: { acrossRiver: true } });
  };

  return [
    compare('movement range, MP 6-12, 60x100 map, ZOC + roads', oursMove, refMove, '<= 3x, <= 25 µs'),
    compare('full supply trace (rail net + 8 hexes), 60x100', oursSupply, refSupply, '<= 250 µs'),
    compare('calculator call (odds, shift, chances)', oursCalc, refCalc, '<= 1 µs'),
    compare('calculator report (marsCalc, labelled)', fullReport, refCalc, 'for reference'),
  ];
}
