/**
 * Leningrad and Moscow in level 2's Russian plans (issue #44): held below 3:2 rather than
 * 3:1 (`PolicyParams.keyHoldColumn`: at 2:1 a city falls on a third of the rolls), and in
 * depth (`depthPoints`): where the garrison alone cannot keep the Axis's best attack below
 * the hold column (the stacking limit caps it at two units), the hexes next to the city
 * that the Axis could march into are held too. Level 1 has neither.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type GameState, hexIndex, hexNumberOf } from '@stavka/engine';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { railNet } from '../rail.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import { COL, DEFAULT_PARAMS } from './policy.ts';
import { col, game, row, sovietPlays } from './test-games.ts';

type G = GameState<BarbarossaState>;

/**
 * Leningrad at 1005 (2 points) held by two rifle armies; six German armies and four
 * motorized korps two and three hexes west of it; four Russian armies in reserve two hexes
 * east, a march away.
 */
function leningradBesieged(): G {
  return besiegedWith({ r3: '1204', r4: '1205', r5: '1206', r6: '1207' });
}

/**
 * Leningrad held by two rifle armies (r1, r2) against BESIEGERS, with Russian armies in
 * reserve at `reserves` (id: hex) and the railways `rails`.
 */
function besiegedWith(reserves: Record<string, string>, rails: string[][] = []): G {
  return leningradWith(
    {
      ...BESIEGERS,
      r1: { is: 'sov-army', at: '1005' },
      r2: { is: 'sov-army', at: '1005' },
      ...Object.fromEntries(Object.entries(reserves).map(([id, at]) => [id, { is: 'sov-army', at }])),
    },
    rails,
  );
}

/** Six German armies and four motorized korps two and three hexes west of Leningrad. */
const BESIEGERS: Record<string, { is: string; at: string }> = {
  ...Object.fromEntries(
    ['0804', '0804', '0805', '0805', '0706', '0706'].map((at, i) => [`g${i + 1}`, { is: 'ger-army', at }]),
  ),
  ...Object.fromEntries(
    ['0803', '0803', '0807', '0807'].map((at, i) => [`m${i + 1}`, { is: 'ger-mot-korps', at }]),
  ),
};

/** Leningrad (1005, 2 points) and Moscow (1905) on the usual 20-column front, with `pieces`. */
function leningradWith(pieces: Record<string, { is: string; at: string }>, rails: string[][] = []): G {
  return game(
    {
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        edges: [{ id: 'soviet-supply', hexes: col(20) }],
        connections: [
          { kind: 'rail', path: col(20) },
          ...rails.map((path) => ({ kind: 'rail' as const, path })),
        ],
        places: [
          { name: 'Leningrad', kind: 'victory-city', hex: '1005' },
          { name: 'Moscow', kind: 'victory-city', hex: '1905' },
        ],
      },
      victoryPoints: { Leningrad: 2, Moscow: 3 },
      pieces,
    },
    { Leningrad: 'soviet', Moscow: 'soviet' },
  );
}

/** The hexes next to Leningrad holding a Russian ground unit after the Soviet player-turn, and the units in it. */
function around(s: G): { hexes: number; inside: number } {
  const board = new Board(s.state);
  const h = hexIndex(rulesScenarioByKey(s.state.scenario).map, '1005');
  const next = new Set<number>();
  let inside = 0;
  for (const id of s.state.order) {
    const p = s.state.pieces[id]!;
    if (p.side !== 'soviet' || p.status !== 'map' || p.at < 0 || !isGroundUnit(board.unit(id))) continue;
    const d = hexDistance(board, p.at, h);
    if (d === 0) inside++;
    if (d === 1) next.add(p.at);
  }
  return { hexes: next.size, inside };
}

describe('level 2 holds the approaches of a city its garrison alone cannot hold (issue #44)', () => {
  // Ten German units within three hexes: two Russian armies in Leningrad (the stacking limit)
  // cannot keep them below 3:1, so the reserves are sent to the hexes next to it.
  it('with depthPoints 2, the reserves hold four of the hexes next to Leningrad; a garrison stays', () => {
    const after = around(sovietPlays(leningradBesieged(), { ...DEFAULT_PARAMS, depthPoints: 2 }));
    assert.ok(after.inside >= 1, 'Leningrad keeps a garrison');
    assert.equal(after.hexes, 4, 'hexes next to Leningrad held');
  });
  it('level 1 (no depthPoints) holds two of them', () => {
    const after = around(sovietPlays(leningradBesieged(), DEFAULT_PARAMS));
    assert.ok(after.inside >= 1);
    assert.equal(after.hexes, 2);
  });
  it('a city of fewer points than depthPoints gets no depth: as level 1', () => {
    const after = around(sovietPlays(leningradBesieged(), { ...DEFAULT_PARAMS, depthPoints: 3 }));
    assert.equal(after.hexes, 2);
  });
});

describe('level 2 holds Leningrad below 3:2, not 3:1 (issue #44)', () => {
  // One rifle army in Leningrad, two German armies two hexes west (their best attack on it
  // next turn reads 2:1), two Russian armies in reserve two hexes east.
  const twoArmies = () =>
    leningradWith({
      g1: { is: 'ger-army', at: '0804' },
      g2: { is: 'ger-army', at: '0805' },
      r1: { is: 'sov-army', at: '1005' },
      r3: { is: 'sov-army', at: '1205' },
      r4: { is: 'sov-army', at: '1206' },
    });
  it('level 1 leaves it one army: 2:1 is below its hold column', () => {
    assert.equal(around(sovietPlays(twoArmies(), DEFAULT_PARAMS)).inside, 1);
  });
  it('with keyHoldColumn 3:2 a reserve stops in the city', () => {
    const params = { ...DEFAULT_PARAMS, keyHoldColumn: COL['3:2']! };
    assert.equal(around(sovietPlays(twoArmies(), params)).inside, 2);
  });
});

describe('level 2 sends reserves by rail to the approaches of a threatened key city (issue #44)', () => {
  // Leningrad besieged as above, its two armies at the stacking limit; the reserves three at
  // column 18, beyond a march of the city's approaches but on two railways running west past it.
  const besiegedByRail = () =>
    besiegedWith({ r5: '1805', r6: '1804', r7: '1806' }, [row(4, 20, 9), row(6, 20, 9)]);
  const railed = (s: G) => s.log.filter((e) => e.text.includes('moves by rail')).map((e) => e.text);
  it('with depth and the key hold column, two reserves go by rail to two hexes next to Leningrad', () => {
    const after = sovietPlays(besiegedByRail(), {
      ...DEFAULT_PARAMS,
      depthPoints: 2,
      keyHoldColumn: COL['3:2']!,
    });
    assert.equal(railed(after).length, 2, railed(after).join('; '));
    const board = new Board(after.state);
    const h = hexIndex(rulesScenarioByKey(after.state.scenario).map, '1005');
    const at = ['r6', 'r7'].map((id) => after.state.pieces[id]!.at);
    assert.ok(
      at.every((x) => hexDistance(board, x, h) === 1) && at[0] !== at[1],
      'the two railed reserves stand in two hexes next to Leningrad',
    );
  });
  it('with depthRings 2 and depthHexes 4, a fourth goes two hexes from Leningrad, next to no German unit', () => {
    // A third railway, row 7 to column 10, and two more reserves on it; Moscow held (else a
    // reserve goes there); game-turn 2 (the Russians' rail allowance is their points plus one:
    // on turn 1, two).
    const g = besiegedWith({ r0: '1905', r5: '1807', r6: '1804', r7: '1806', r8: '1707' }, [
      row(4, 20, 9),
      row(6, 20, 9),
      row(7, 20, 10),
    ]);
    g.state.turn = 2;
    const key = { ...DEFAULT_PARAMS, depthPoints: 2, keyHoldColumn: COL['3:2']! };
    const board = new Board(g.state);
    const h = hexIndex(rulesScenarioByKey(g.state.scenario).map, '1005');
    const map = rulesScenarioByKey(g.state.scenario).map;
    /** The hexes the trains went to ("... moves by rail 1807 to 1004, ..."). */
    const railedTo = (s: G) => railed(s).map((t) => hexIndex(map, /by rail \d+ to (\d+)/.exec(t)![1]!));
    const distances = (s: G) =>
      railedTo(s)
        .map((x) => hexDistance(board, x, h))
        .sort();
    assert.deepEqual(distances(sovietPlays(g, key)), [1, 1, 1], 'three, next to it only');
    const after = sovietPlays(g, { ...key, depthRings: 2, depthHexes: 4 });
    assert.deepEqual(distances(after), [1, 1, 1, 2], railed(after).join('; '));
    const far = railedTo(after).find((x) => hexDistance(board, x, h) === 2)!;
    const germans = after.state.order.filter((id) => after.state.pieces[id]!.side === 'axis');
    assert.ok(
      germans.every((id) => hexDistance(board, after.state.pieces[id]!.at, far) >= 2),
      'next to no German unit',
    );
  });
  it('without depth, none goes by rail', () => {
    assert.deepEqual(
      railed(sovietPlays(besiegedByRail(), { ...DEFAULT_PARAMS, keyHoldColumn: COL['3:2']! })),
      [],
    );
  });
});

describe('level 2 swaps a weak garrison of a full key city for a stronger defender by rail (issue #44)', () => {
  // Leningrad held by two 2-1 tank korps (the stacking limit) against BESIEGERS; a 5-4 shock
  // army at column 18 on a railway into the city (row 5), Moscow held (the Russians' rail
  // allowance: their points plus one); game-turn 2.
  const weakGarrison = () => {
    const g = leningradWith(
      {
        ...BESIEGERS,
        t1: { is: 'sov-tank-korps-21', at: '1005' },
        t2: { is: 'sov-tank-korps-21', at: '1005' },
        r0: { is: 'sov-army', at: '1905' },
        s1: { is: 'sov-shock', at: '1805' },
      },
      [row(5, 20, 10)],
    );
    g.state.turn = 2;
    return g;
  };
  const key = { ...DEFAULT_PARAMS, depthPoints: 2, keyHoldColumn: COL['3:2']! };
  const inLeningrad = (s: G) => {
    const h = hexIndex(rulesScenarioByKey(s.state.scenario).map, '1005');
    return s.state.order.filter((id) => s.state.pieces[id]!.at === h).sort();
  };
  it('without swapGarrison the two korps stay and the shock army does not enter', () => {
    assert.deepEqual(inLeningrad(sovietPlays(weakGarrison(), key)), ['t1', 't2']);
  });
  it('with swapGarrison a korps goes out by rail first, then the shock army comes in, Disrupted (B-38)', () => {
    const after = sovietPlays(weakGarrison(), { ...key, swapGarrison: true });
    const inside = inLeningrad(after);
    assert.ok(inside.includes('s1'), `Leningrad holds ${inside.join(', ')}`);
    assert.equal(inside.length, 2, 'the stacking limit kept');
    assert.equal(after.state.pieces.s1!.disrupted, true, 'arrived by rail: Disrupted');
    const railed = after.log.filter((e) => e.text.includes('moves by rail')).map((e) => e.text);
    assert.equal(railed.length, 2, railed.join('; '));
    const out = ['t1', 't2'].find((id) => !inside.includes(id))!;
    const board = new Board(after.state);
    const h = hexIndex(rulesScenarioByKey(after.state.scenario).map, '1005');
    assert.ok(hexDistance(board, after.state.pieces[out]!.at, h) <= 2, 'the korps stays in the city’s depth');
  });
});

describe("level 2's Russian reserves out of contact stage on the railway of a key city's net (issue #44)", () => {
  /**
   * Leningrad (1005) and Moscow (1905) held, a railway west from the supply edge into
   * Leningrad (row 5) and another along row `railRow` (columns 20-11); two German armies at
   * `germans`; a rifle army in reserve at `from`, on game-turn 2.
   */
  const marching = (germans: readonly [string, string], from: string, railRow: number) => {
    const g = leningradWith(
      {
        g1: { is: 'ger-army', at: germans[0] },
        g2: { is: 'ger-army', at: germans[1] },
        r1: { is: 'sov-army', at: '1005' },
        r0: { is: 'sov-army', at: '1905' },
        r5: { is: 'sov-army', at: from },
      },
      [row(5, 20, 10), row(railRow, 20, 11)],
    );
    g.state.turn = 2;
    return g;
  };
  // The Germans far west (column 3), the army at 2002, a march of eight hexes from the front,
  // a railway along row 4: its march west ends in column 12 either way, off the railway or on
  // it where the next trains start (B-38).
  const reserve = () => marching(['0304', '0306'], '2002', 4);
  const key = { ...DEFAULT_PARAMS, depthPoints: 2, keyHoldColumn: COL['3:2']! };
  const ended = (s: G) => {
    const map = rulesScenarioByKey(s.state.scenario).map;
    const at = s.state.pieces.r5!.at;
    const net = railNet(new Board(s.state), 'soviet', hexIndex(map, '1005'));
    return { hex: hexNumberOf(map, at), onNet: net.includes(at) };
  };
  it('without stageOnRail it ends its march off the railway', () => {
    const { hex, onNet } = ended(sovietPlays(reserve(), key));
    assert.equal(hex.slice(0, 2), '12');
    assert.equal(onNet, false, hex);
  });
  it('with stageOnRail 1 it ends as far west, on a railway hex from which a train reaches Leningrad', () => {
    const { hex, onNet } = ended(sovietPlays(reserve(), { ...key, stageOnRail: 1 }));
    assert.equal(hex.slice(0, 2), '12', 'no nearer the front: as far west as without');
    assert.equal(onNet, true, hex);
  });
  it('nearer than four hexes to the enemy the railway is no staging line: the army stops on it four hexes out', () => {
    // A railway along row 8 (columns 20-11) and two German armies at 0909-0910: the army from
    // 2010 marches to 1207 without staging; the railway hex as far west, 1208, is three hexes
    // from the Germans, so it stages a hex back, at 1308.
    const south = () => marching(['0909', '0910'], '2010', 8);
    assert.deepEqual(ended(sovietPlays(south(), key)), { hex: '1207', onNet: false });
    const after = sovietPlays(south(), { ...key, stageOnRail: 1 });
    assert.deepEqual(ended(after), { hex: '1308', onNet: true });
    const board = new Board(after.state);
    for (const id of ['g1', 'g2'])
      assert.ok(hexDistance(board, after.state.pieces[id]!.at, after.state.pieces.r5!.at) >= 4);
  });
});
