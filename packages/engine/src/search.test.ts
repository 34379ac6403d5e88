import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { neighborsOf } from './graph.ts';
import { compileHexMap, connectionBit, type HexMap, type HexMapSetup, hexIndex, hexNumberOf } from './map.ts';
import { type SearchPolicy, SearchSpace, type StepPolicy, search, stepDistances } from './search.ts';

function makeMap(extra: Partial<HexMapSetup> = {}): HexMap {
  const r = compileHexMap({ kind: 'hex', columns: 10, rows: 10, defaultTerrain: 'clear', ...extra });
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  return r.value;
}

const H = (m: HexMap, n: string) => hexIndex(m, n);
const names = (m: HexMap, xs: readonly number[]) => xs.map((x) => hexNumberOf(m, x)).sort();

/** Enemy ZOC: the hexes adjacent to enemy units. */
function zocOf(m: HexMap, enemies: readonly number[]): Uint8Array {
  const z = new Uint8Array(m.graph.nodeCount);
  for (const e of enemies) for (const n of neighborsOf(m.graph, e)) z[n] = 1;
  return z;
}

/** Movement in half-hex units: 2 a hex, 1 hex-to-hex along a road for mobile units. */
function movement(
  m: HexMap,
  opts: { enemies?: number[]; friends?: number[]; mobile?: boolean } = {},
): StepPolicy {
  const enemy = new Set(opts.enemies ?? []);
  const friend = new Set(opts.friends ?? []);
  const zoc = zocOf(m, [...enemy]);
  const road = connectionBit(m, 'road');
  return {
    stepCost: (_from, slot, to) => (enemy.has(to) ? -1 : opts.mobile && m.links[slot]! & road ? 1 : 2),
    stopsAt: (node) => zoc[node] === 1,
    alwaysAllowed: (_from, _slot, to) => friend.has(to) && !enemy.has(to),
  };
}

describe('movement range (one search, cost function and ZOC policy)', () => {
  it('reaches every hex within the movement allowance on open ground', () => {
    const m = makeMap();
    const r = search(m.graph, movement(m), { sources: [H(m, '0505')], maxCost: 2 * 2 });
    // 1 + 6 + 12 hexes within 2
    assert.equal(r.nodes.length, 19);
    assert.equal(r.cost.get(H(m, '0505')), 0);
    assert.equal(r.cost.get(H(m, '0705')), 4);
  });
  it('stops a unit that enters an enemy ZOC: it may go no further', () => {
    const m = makeMap();
    const enemy = H(m, '0805');
    const r = search(m.graph, movement(m, { enemies: [enemy] }), { sources: [H(m, '0505')], maxCost: 2 * 4 });
    const z = H(m, '0705'); // adjacent to the enemy
    assert.ok(r.cost.has(z), 'may enter the ZOC');
    assert.ok(!r.cost.has(enemy), 'never the enemy hex');
    // 0905 lies behind the enemy: reachable only by going around, never through a ZOC hex.
    const path = r.path(H(m, '0905'));
    for (const h of path.slice(1, -1))
      assert.ok(!neighborsOf(m.graph, enemy).includes(h), `passes through ZOC ${hexNumberOf(m, h)}`);
  });
  it('lets a unit that starts in a ZOC leave it', () => {
    const m = makeMap();
    const r = search(m.graph, movement(m, { enemies: [H(m, '0605')] }), {
      sources: [H(m, '0505')],
      maxCost: 4,
    });
    assert.ok(r.cost.has(H(m, '0305')));
  });
  it('halves the cost along a road for mobile units, not for foot', () => {
    const m = makeMap({
      connections: [{ kind: 'road', path: ['0101', '0102', '0103', '0104', '0105', '0106', '0107'] }],
    });
    const mobile = search(m.graph, movement(m, { mobile: true }), { sources: [H(m, '0101')], maxCost: 6 });
    const foot = search(m.graph, movement(m), { sources: [H(m, '0101')], maxCost: 6 });
    assert.equal(mobile.cost.get(H(m, '0107')), 6, 'six road hexes for three movement points');
    assert.ok(!foot.cost.has(H(m, '0107')));
    assert.equal(foot.cost.get(H(m, '0104')), 6);
  });
  it('previews the path: adjacent steps from the start to the destination', () => {
    const m = makeMap();
    const r = search(m.graph, movement(m), { sources: [H(m, '0202')], maxCost: 20 });
    const p = r.path(H(m, '0507'));
    assert.equal(hexNumberOf(m, p[0]!), '0202');
    assert.equal(hexNumberOf(m, p[p.length - 1]!), '0507');
    for (let i = 1; i < p.length; i++) assert.ok(neighborsOf(m.graph, p[i - 1]!).includes(p[i]!));
    assert.equal((p.length - 1) * 2, r.cost.get(H(m, '0507')));
  });
  it('minimum 1-hex move: onto a friendly-occupied hex even when it costs more than the unit has', () => {
    const m = makeMap();
    const friend = H(m, '0506');
    const blocked: SearchPolicy = { ...movement(m, { friends: [friend] }), stepCost: () => 99 };
    const r = search(m.graph, blocked, { sources: [H(m, '0505')], maxCost: 4 });
    assert.deepEqual(names(m, r.nodes), ['0505', '0506']);
    assert.equal(r.cost.get(friend), 4, 'with all movement spent');
  });
});

describe('retreat routes (the same search)', () => {
  it('refuses hexes adjacent to an attacker hex unless a friendly unit is there', () => {
    const m = makeMap();
    const defender = H(m, '0505');
    const attackers = [H(m, '0504')];
    const nearAttacker = zocOf(m, attackers);
    const friendly = new Set([H(m, '0405')]);
    const policy: SearchPolicy = {
      stepCost: (_f, _s, to) =>
        attackers.includes(to) || (nearAttacker[to] === 1 && !friendly.has(to)) ? -1 : 1,
    };
    const r = search(m.graph, policy, { sources: [defender], maxCost: 2 });
    assert.ok(!r.cost.has(H(m, '0604')), '0604 touches the attacker: refused');
    assert.ok(r.cost.has(H(m, '0405')), '0405 touches the attacker but holds a friend');
    assert.ok(r.cost.has(H(m, '0506')));
    const twoHexes = r.nodes.filter((n) => r.cost.get(n) === 2);
    assert.ok(twoHexes.includes(H(m, '0507')));
  });
});

describe('supply tracing (the same search, multi-source, zero-cost along railways)', () => {
  it('runs the rail net back to a friendly edge, then counts hexes, blocked by enemy ZOC unless a friend is there', () => {
    const m = makeMap({ connections: [{ kind: 'rail', path: ['0510', '0509', '0508', '0507', '0506'] }] });
    const rail = connectionBit(m, 'rail');
    const edge = [H(m, '0510')];
    const enemyZoc = zocOf(m, [H(m, '0303')]);
    // Stage 1: the railway from the edge (cost 0 along the line only).
    const space = new SearchSpace(m.graph);
    space.run({ stepCost: (_f, slot) => (m.links[slot]! & rail ? 0 : -1) }, { sources: edge, maxCost: 0 });
    const sources = space.reachedNodes();
    assert.deepEqual(names(m, sources), ['0506', '0507', '0508', '0509', '0510']);
    // Stage 2: up to 8 hexes from any railhead, not into an enemy ZOC without a friend.
    const friend = new Set([H(m, '0403')]);
    const trace = search(
      m.graph,
      { stepCost: (_f, _s, to) => (enemyZoc[to] === 1 && !friend.has(to) ? -1 : 1) },
      { sources, maxCost: 8 },
    );
    assert.equal(trace.cost.get(H(m, '0503')), 3, '3 hexes from the railhead at 0506');
    assert.ok(
      !trace.cost.has(H(m, '0302')) ||
        trace.path(H(m, '0302')).every((h) => enemyZoc[h] === 0 || friend.has(h)),
    );
    assert.ok(trace.cost.has(H(m, '0403')), 'a friendly unit opens the ZOC hex');
    assert.ok(!trace.cost.has(H(m, '0304')), 'an unoccupied enemy ZOC hex blocks supply');
  });
  it('a table of entry costs reaches the same hexes at the same costs as the same costs asked step by step', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 100, maxLength: 100 }),
        fc.uniqueArray(fc.nat(99), { minLength: 1, maxLength: 5 }),
        fc.nat(12),
        (table, sources, maxCost) => {
          const m = makeMap();
          const byTable = new SearchSpace(m.graph).run({ enterCost: table }, { sources, maxCost });
          const byStep = search(m.graph, { stepCost: (_f, _s, to) => table[to]! }, { sources, maxCost });
          const reached = byTable.reachedNodes();
          assert.deepEqual(
            [...reached].sort((a, b) => a - b),
            [...byStep.nodes].sort((a, b) => a - b),
          );
          for (const h of reached) assert.equal(byTable.costTo(h), byStep.cost.get(h));
        },
      ),
      { numRuns: 200 },
    );
  });
  it('a table with road rates and its own first steps reaches the same hexes at the same costs, by the same paths, as those costs asked step by step (its stops asked or read off a table)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 100, maxLength: 100 }),
        fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 600, maxLength: 600 }),
        fc.array(fc.integer({ min: -1, max: 4 }), { minLength: 6, maxLength: 6 }),
        fc.nat(99),
        fc.nat(12),
        (table, slots, first, source, maxCost) => {
          const m = makeMap();
          const stops = zocOf(m, [(source + 37) % 100]);
          const firstStep = (from: number, slot: number) => first[slot - m.graph.offsets[from]!]!;
          const byTable = new SearchSpace(m.graph).run(
            {
              enterCost: table,
              slotCost: slots,
              sourceStepCost: (from, slot) => firstStep(from, slot),
              stopsAt: (node) => stops[node] === 1,
            },
            { sources: [source], maxCost },
          );
          const byStep = search(
            m.graph,
            {
              stepCost: (from, slot, to) =>
                from === source
                  ? firstStep(from, slot)
                  : table[to]! < 0
                    ? -1
                    : slots[slot]! >= 0
                      ? slots[slot]!
                      : table[to]!,
              stopsAt: (node) => stops[node] === 1,
            },
            { sources: [source], maxCost },
          );
          const reached = byTable.reachedNodes();
          assert.deepEqual(reached, byStep.nodes, 'the same hexes in the same order');
          for (const h of reached) {
            assert.equal(byTable.costTo(h), byStep.cost.get(h));
            assert.deepEqual(byTable.pathTo(h), byStep.path(h));
          }
          const stopTable = new SearchSpace(m.graph).run(
            {
              enterCost: table,
              slotCost: slots,
              sourceStepCost: (from, slot) => firstStep(from, slot),
              stopTable: stops,
            },
            { sources: [source], maxCost },
          );
          assert.deepEqual(stopTable.reachedNodes(), reached, 'the stops read off a table: the same hexes');
          for (const h of reached) {
            assert.equal(stopTable.costTo(h), byStep.cost.get(h));
            assert.deepEqual(stopTable.pathTo(h), byStep.path(h));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
  it('settles each node once and resets between runs without clearing', () => {
    const m = makeMap();
    const space = new SearchSpace(m.graph);
    const open: SearchPolicy = { stepCost: () => 1 };
    space.run(open, { sources: [H(m, '0101')], maxCost: 3 });
    const first = space.reachedCount;
    space.run(open, { sources: [H(m, '0505')], maxCost: 1 });
    assert.equal(space.reachedCount, 7);
    assert.ok(!space.has(H(m, '0101')), 'the old result is gone');
    assert.ok(first > 7);
    assert.equal(new Set(space.reachedNodes()).size, space.reachedCount);
  });
});

describe('stepDistances (the one search, every step costing 1)', () => {
  it('matches a plain breadth-first search from any sources, cut at maxSteps, on a map with holes', () => {
    const m = makeMap({ offMap: ['0505', '0506', '0605', '0307'] });
    const n = m.graph.nodeCount;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 12 }),
        (sources, maxSteps) => {
          const want = new Int32Array(n).fill(-1);
          let frontier = [...sources];
          for (const h of frontier) want[h] = 0;
          for (let d = 1; d <= maxSteps && frontier.length > 0; d++) {
            const next: number[] = [];
            for (const h of frontier)
              for (const t of neighborsOf(m.graph, h))
                if (want[t] === -1) {
                  want[t] = d;
                  next.push(t);
                }
            frontier = next;
          }
          assert.deepEqual(stepDistances(m.graph, sources, maxSteps), want);
        },
      ),
      { numRuns: 200, seed: 17 },
    );
  });
});
