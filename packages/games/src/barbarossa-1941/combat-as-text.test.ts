/**
 * Barbarossa 1941 combat, retreats and advances as the text plays them (issue #41, the
 * audit's wrong results 1, 2, 10, 11, 12 and RULINGS B-62), played through the game
 * contract with forced dice. Positions: a 10x10 map, column 01 an Axis country, column 10
 * a Russian supply edge with a railroad. Provisional CRT (B-1), rolls 1-6: 2:1 reads -, X,
 * D, X/2, D1, D1; 3:1 X, D, X/2, D1, D1, D2; 3:2 2X, -, X, D, X/2, D1.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tankPile } from './replacements.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { act, allocate, type G, game, has, hexOf, legal, offered, pass, toMovement } from './test-games.ts';

const numbers = (s: G, hexes: number[]) =>
  hexes.map((h) => rulesScenarioByKey(s.state.scenario).hexNumbers[h]).sort();

const destinations = (s: G, side: string, type: 'advance' | 'retreat', piece: string) =>
  numbers(
    s,
    offered(s, side, type)
      .filter((a) => a.piece === piece)
      .map((a) => a.to),
  );

function setLength(s: G, piece: string, hexes: number): G {
  const a = offered(s, 'axis', 'retreat-length').find((x) => x.hexes === hexes && x.piece === piece);
  if (!a) throw new Error(`no retreat of ${hexes} hex(es) for ${piece}`);
  return act(s, 'axis', a);
}

function attacks(s: G, declared: Record<string, string[]>, first: string): G {
  let t = s;
  for (const [target, pieces] of Object.entries(declared)) t = allocate(t, 'axis', pieces, target);
  t = act(t, 'axis', { type: 'end-movement' });
  return act(t, 'axis', { type: 'resolve', target: hexOf(t, first) });
}

describe('Combat Results Definitions: X/2, X, 2X = eXchanges', () => {
  it('"Surviving attackers may advance as for D1, if hex vacated": a panzer division surviving a paid X enters the vacated hex only', () => {
    let s = toMovement(
      game({
        pieces: {
          pz: { is: 'ger-pz-div', at: '0504' },
          k: { is: 'ger-inf-korps', at: '0504' },
          r: { is: 'sov-rifle-22', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['pz', 'k'] }, '0505');
    // 6 against 2 is 3:1: roll 1 reads X.
    s = act(s, 'soviet', { type: 'orders-done' }, [1]);
    s = act(s, 'axis', { type: 'exchange-choice', pay: true });
    assert.equal(s.state.pieces.r!.status, 'eliminated');
    s = act(s, 'axis', { type: 'lose', piece: 'k' });
    assert.equal(s.state.combat!.phase, 'advance');
    assert.deepEqual(
      destinations(s, 'axis', 'advance', 'pz'),
      ['0505'],
      'as for D1: the vacated hex, not 3 MFs',
    );
  });

  it('"In Good weather, Exchange not mandatory for attacking Germans, who may instead opt for nil" (B-62)', () => {
    let s = toMovement(
      game({ pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' } } }),
    );
    s = attacks(s, { '0505': ['a'] }, '0505');
    // 6 against 3 is 2:1: roll 2 reads X.
    s = act(s, 'soviet', { type: 'orders-done' }, [2]);
    assert.ok(has(s, 'axis', { type: 'exchange-choice', pay: false, nil: true }));
    s = act(s, 'axis', { type: 'exchange-choice', pay: false, nil: true });
    assert.equal(s.state.combat, null, 'nothing to retreat, nothing to advance');
    assert.equal(s.state.pieces.r!.status, 'map');
    assert.equal(s.state.pieces.r!.disrupted, false, 'no Disruption');
    assert.equal(s.state.pieces.a!.disrupted, false);
    assert.equal(s.state.pieces.a!.status, 'map');
  });

  it('nil may be taken on a 2X too; the BD alternative is for X/2 and X only (B-5, B-62)', () => {
    let s = toMovement(
      game({
        pieces: {
          k: { is: 'ger-inf-korps', at: '0504' },
          c: { is: 'ger-cav-div', at: '0504' },
          r: { is: 'sov-army', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['k', 'c'] }, '0505');
    // 4 against 3 is 1:1: roll 2 reads 2X.
    s = act(s, 'soviet', { type: 'orders-done' }, [2]);
    assert.equal(s.state.combat!.phase, 'exchange-choice');
    assert.equal(has(s, 'axis', { type: 'exchange-choice', pay: false }), false, 'no BD on a 2X');
    s = act(s, 'axis', { type: 'exchange-choice', pay: false, nil: true });
    assert.equal(s.state.pieces.k!.status, 'map');
    assert.equal(s.state.pieces.c!.status, 'map');
  });
});

describe('Combat Results Definitions: Dn = Defenders RETREATED 0-n hexes as Attacker chooses', () => {
  const stack = () =>
    toMovement(
      game(
        {
          pieces: {
            a: { is: 'ger-army', at: '0504' },
            k: { is: 'ger-inf-korps', at: '0404' },
            r: { is: 'sov-army', at: '0505' },
            d: { is: 'sov-weak-div', at: '0505' },
          },
        },
        {
          tweak: (g) => {
            g.pieces.d!.disrupted = true;
          },
        },
      ),
    );

  it('each unit of a retreating stack retreats by its own result: a D1 army beside a Disrupted mate reading D2', () => {
    let s = attacks(stack(), { '0505': ['a', 'k'] }, '0505');
    // 9 against 4 is 2:1: roll 6 reads D1; the Disrupted division reads 3:1's D2 (B-6).
    s = act(s, 'soviet', { type: 'orders-done' }, [6]);
    assert.deepEqual(s.state.combat!.results, { r: 'D1', d: 'D2' });
    const lengths = (t: G) => offered(t, 'axis', 'retreat-length').map((a) => `${a.piece}:${a.hexes}`);
    assert.deepEqual(lengths(s), ['r:0', 'r:1'], 'the army: 0-1 hexes');
    s = setLength(s, 'r', 1);
    assert.deepEqual(lengths(s), ['d:0', 'd:1', 'd:2'], 'the division: 0-2 hexes');
    s = setLength(s, 'd', 2);
    // The army: 1 hex, or 1 more as it may add (B-3); never the 3 its mate's result could take it.
    const army = destinations(s, 'soviet', 'retreat', 'r');
    assert.ok(army.includes('0506'), '1 hex');
    assert.ok(army.includes('0507'), '1 + 1');
    assert.equal(army.includes('0508'), false, 'not 3');
    s = act(s, 'soviet', { type: 'retreat', piece: 'r', to: hexOf(s, '0506') });
    const division = destinations(s, 'soviet', 'retreat', 'd');
    assert.equal(division.includes('0506'), false, 'the division retreats at least its 2');
    assert.ok(division.includes('0508'), '2 + 1');
  });
});

describe('Tactical Advances: "All units may only advance 1 hex on a D1 result, unless the defender retreats farther"', () => {
  const d1 = () => {
    let s = toMovement(
      game({
        pieces: {
          pz: { is: 'ger-pz-div', at: '0504' },
          k: { is: 'ger-inf-korps', at: '0504' },
          r: { is: 'sov-rifle-22', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['pz', 'k'] }, '0505');
    // 6 against 2 is 3:1: roll 4 reads D1.
    s = act(s, 'soviet', { type: 'orders-done' }, [4]);
    return setLength(s, 'r', 1);
  };

  it('the defender retreats 2 hexes (1 + its extra 1): the panzer division may follow 2, the infantry korps 1', () => {
    let s = act(d1(), 'soviet', { type: 'retreat', piece: 'r', to: hexOf(d1(), '0507') });
    assert.equal(s.state.combat!.phase, 'advance');
    const panzer = destinations(s, 'axis', 'advance', 'pz');
    assert.ok(panzer.includes('0505'));
    assert.ok(panzer.includes('0506'), 'as far as the defender went');
    assert.equal(panzer.includes('0507'), false, 'not into the defender');
    assert.deepEqual(
      destinations(s, 'axis', 'advance', 'k'),
      ['0505'],
      '"Other units may advance only 1 hex"',
    );
    s = act(s, 'axis', { type: 'advance', piece: 'pz', to: hexOf(s, '0506') });
    assert.equal(s.state.pieces.pz!.at, hexOf(s, '0506'));
  });

  it('the defender retreats 1 hex: 1 hex', () => {
    const s = act(d1(), 'soviet', { type: 'retreat', piece: 'r', to: hexOf(d1(), '0506') });
    assert.deepEqual(destinations(s, 'axis', 'advance', 'pz'), ['0505']);
  });
});

describe('Tactical Retreats', () => {
  it('"unless the hex which would be moved into is occupied by a friendly unit which is not under an unresolved attack"', () => {
    // Attacked from 0504, the army at 0505 crosses a hexside next to 0504 going to 0604.
    const start = () =>
      toMovement(
        game({
          pieces: {
            a: { is: 'ger-army', at: '0504' },
            k: { is: 'ger-inf-korps', at: '0704' },
            r: { is: 'sov-army', at: '0505' },
            f: { is: 'sov-army', at: '0604' },
          },
        }),
      );
    const retreats = (declared: Record<string, string[]>) => {
      let s = attacks(start(), declared, '0505');
      // 6 against 3 is 2:1: roll 5 reads D1.
      s = act(s, 'soviet', { type: 'orders-done' }, [5]);
      s = setLength(s, 'r', 1);
      return destinations(s, 'soviet', 'retreat', 'r');
    };
    assert.ok(retreats({ '0505': ['a'] }).includes('0604'), 'the friend at 0604 is not attacked');
    assert.equal(
      retreats({ '0505': ['a'], '0604': ['k'] }).includes('0604'),
      false,
      'the friend at 0604 is under an attack still to be resolved',
    );
  });

  it('"not through movement-blocking enemy ZOCs unoccupied by friendly units or fortresses": an empty fortress city in an enemy ZOC may be retreated into', () => {
    let s = toMovement(
      game({
        map: { places: [{ name: 'Brest', kind: 'fortress-city', hex: '0506' }] },
        pieces: {
          a: { is: 'ger-army', at: '0504' },
          z: { is: 'ger-army', at: '0507' },
          r: { is: 'sov-army', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['a'] }, '0505');
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    s = setLength(s, 'r', 1);
    const to = destinations(s, 'soviet', 'retreat', 'r');
    assert.ok(to.includes('0506'), 'the fortress in the ZOC of the army at 0507');
    assert.equal(to.includes('0606'), false, 'an empty hex in that ZOC is still closed');
  });
});

describe('Cross-River: "Panzer/tank units and German armies attacking across a river or crossing a river to attack ... must pay 1 additional movement factor" (B-69)', () => {
  const river = (between: [string, string]) => ({ hexsides: [{ feature: 'river', between: [between] }] });
  const allocates = (s: G, piece: string, target: string) =>
    has(s, 'axis', { type: 'allocate', piece, target: hexOf(s, target) });

  it('a German army that spent its 3 MFs reaching a river may not attack across it; with 1 MF left it may', () => {
    const at = (from: string) =>
      toMovement(
        game({
          map: river(['0504', '0604']),
          pieces: { a: { is: 'ger-army', at: from }, r: { is: 'sov-army', at: '0604' } },
        }),
      );
    let s = act(at('0501'), 'axis', { type: 'move', piece: 'a', to: hexOf(at('0501'), '0504') });
    assert.equal(allocates(s, 'a', '0604'), false, '3 MFs spent: none left for the river');
    s = act(at('0502'), 'axis', { type: 'move', piece: 'a', to: hexOf(at('0502'), '0504') });
    assert.ok(allocates(s, 'a', '0604'), '2 MFs spent: the third pays the river');
  });

  it('crossing a river costs nothing until the unit attacks: then the MF is owed, even against a hex across no river', () => {
    const start = () =>
      toMovement(
        game({
          map: river(['0502', '0503']),
          pieces: {
            a: { is: 'ger-army', at: '0501' },
            k: { is: 'ger-inf-korps', at: '0402' },
            r: { is: 'sov-army', at: '0604' },
          },
        }),
      );
    let s = start();
    assert.ok(
      has(s, 'axis', { type: 'move', piece: 'a', to: hexOf(s, '0504') }),
      '3 hexes across the river: 3 MFs',
    );
    s = act(s, 'axis', { type: 'move', piece: 'a', to: hexOf(s, '0504') });
    assert.equal(allocates(s, 'a', '0604'), false, 'crossed a river to attack: no MF left to pay');
  });

  it('advancing across a river costs 1 more MF: a panzer division advances 2 hexes where it would go 3', () => {
    let s = toMovement(
      game({
        map: river(['0504', '0505']),
        pieces: {
          pz: { is: 'ger-pz-div', at: '0504' },
          a: { is: 'ger-army', at: '0404' },
          d: { is: 'sov-weak-div', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['pz', 'a'] }, '0505');
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    assert.equal(s.state.combat!.results.d, 'DE');
    const to = destinations(s, 'axis', 'advance', 'pz');
    assert.ok(to.includes('0506'), 'the vacated hex (2 MFs with the river) and 1 more');
    assert.equal(to.includes('0507'), false, 'not 3 hexes');
  });
});

describe('Operational Movement: Overrun (B-65, and a face-down tank korps)', () => {
  const overruns = (s: G) => offered(s, 'axis', 'overrun');

  it('a stack that has just moved up next to the lone 1-factor unit may overrun it, each unit with the hex cost + 1 MF left', () => {
    const from = (start: string) =>
      toMovement(
        game({
          pieces: {
            a: { is: 'ger-army', at: start },
            k: { is: 'ger-inf-korps', at: '0304' },
            d: { is: 'sov-weak-div', at: '0305' },
          },
        }),
      );
    let s = from('0303');
    s = act(s, 'axis', { type: 'move', piece: 'a', to: hexOf(s, '0304') });
    assert.deepEqual(
      overruns(s),
      [{ type: 'overrun', pieces: ['a', 'k'], target: hexOf(s, '0305') }],
      'the army moved 1 of its 3 MFs: 2 left for the hex and the overrun',
    );
    s = act(s, 'axis', overruns(s)[0]!);
    assert.equal(s.state.pieces.d!.status, 'eliminated');
    assert.equal(s.state.pieces.a!.at, hexOf(s, '0305'));
    let t = from('0302');
    t = act(t, 'axis', { type: 'move', piece: 'a', to: hexOf(t, '0304') });
    assert.deepEqual(
      overruns(t),
      [],
      'the army moved 2: 1 MF left is not enough, and the korps alone has 3 factors',
    );
  });

  it('a face-down tank korps is read at its real value and revealed: a 4-3 is not overrun', () => {
    let s = toMovement(
      game({
        pieces: {
          a: { is: 'ger-army', at: '0304' },
          k: { is: 'ger-inf-korps', at: '0304' },
          t: { face: 'tank-korps', secretly: 'sov-tank-korps-43', at: '0305' },
        },
      }),
    );
    assert.equal(overruns(s).length, 1, 'offered: the German sees a 2-1');
    s = act(s, 'axis', overruns(s)[0]!);
    assert.equal(s.state.pieces.t!.status, 'map', 'a 4-3 has 3 defense factors');
    assert.equal(s.state.pieces.t!.unit, 't-unit', 'revealed');
    assert.equal(s.state.pieces.a!.at, hexOf(s, '0304'), 'the group stays in its hex');
  });

  it('a face-down 2-1 tank korps overrun is revealed and goes into the replacement pile', () => {
    let s = toMovement(
      game({
        pieces: {
          a: { is: 'ger-army', at: '0304' },
          k: { is: 'ger-inf-korps', at: '0304' },
          t: { face: 'tank-korps', secretly: 'sov-tank-korps-21', at: '0305' },
        },
      }),
    );
    s = act(s, 'axis', overruns(s)[0]!);
    assert.equal(s.state.pieces.t!.status, 'eliminated');
    assert.deepEqual(tankPile(s.state, rulesScenarioByKey(s.state.scenario)), ['t']);
  });
});

describe('Tactical Advances: "Advancing units may use road movement after the first/vacated hex"', () => {
  const advance = (road: boolean) => {
    let s = toMovement(
      game({
        map: road ? { connections: [{ kind: 'road', path: ['0505', '0506', '0507', '0508', '0509'] }] } : {},
        pieces: {
          pz: { is: 'ger-pz-div', at: '0504' },
          a: { is: 'ger-army', at: '0404' },
          d: { is: 'sov-weak-div', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['pz', 'a'] }, '0505');
    // 9 against 1 is 9:1: roll 4 reads DE.
    s = act(s, 'soviet', { type: 'orders-done' }, [4]);
    assert.equal(s.state.combat!.results.d, 'DE');
    return destinations(s, 'axis', 'advance', 'pz');
  };

  it('a panzer division (3 MFs) goes 2 hexes past the vacated hex off the road, 4 along it ("movement is doubled on roads")', () => {
    const off = advance(false);
    assert.ok(off.includes('0507'));
    assert.equal(off.includes('0508'), false);
    const on = advance(true);
    assert.ok(on.includes('0509'), 'the vacated hex (1 MF), then 4 road hexes at half a factor');
    assert.equal(on.includes('0510'), false);
  });
});

describe('Close Air Support: "they can further accompany the attacking units ... in one (of the) Blitzkrieg! attack(s)"', () => {
  it('the Fliegerkorps that supported the attack ending in Blitzkrieg! may support one attack by those attackers', () => {
    let s = toMovement(
      game({
        pieces: {
          a: { is: 'ger-army', at: '0504' },
          a2: { is: 'ger-army', at: '0404' },
          k: { is: 'ger-inf-korps', at: '0706' },
          fk: { is: 'ger-fk', at: '0403' },
          d: { is: 'sov-weak-div', at: '0505' },
          r: { is: 'sov-army', at: '0506' },
          r2: { is: 'sov-army', at: '0707' },
        },
      }),
    );
    for (const [piece, target] of [
      ['a', '0505'],
      ['a2', '0505'],
      ['k', '0707'],
    ] as const)
      s = act(s, 'axis', { type: 'allocate', piece, target: hexOf(s, target) });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    // 12 against 1 is 9:1: roll 6 reads BK.
    s = act(s, 'soviet', { type: 'orders-done' }, [6]);
    s = act(s, 'axis', { type: 'advance', piece: 'a', to: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'end-advance' });
    assert.equal(s.state.combat, null);
    assert.equal(
      has(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0707') }),
      false,
      'not with the korps, which was not in the Blitzkrieg! attack',
    );
    s = allocate(s, 'axis', ['a'], '0506');
    assert.ok(has(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0506') }));
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0506') });
    assert.deepEqual(s.state.attacks.find((x) => x.target === hexOf(s, '0506'))?.air, ['fk']);
    assert.equal(s.state.blitzAir, undefined, 'once: "in one (of the) Blitzkrieg! attack(s)"');
    // The additional attack itself is made (it could be allocated but not resolved before).
    assert.ok(
      has(s, 'axis', { type: 'resolve', target: hexOf(s, '0506') }),
      '"can attack one additional time"',
    );
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0506') });
    assert.equal(s.state.combat?.target, hexOf(s, '0506'));
    assert.deepEqual(s.state.blitz, ['a2'], 'the army has used its additional attack');
  });
});

describe('Surrounded/Retreat Impossible/"No Retreat!" Orders: "Defending Germans (only) may avoid a Forced Exchange, if accepting a D3 result instead"', () => {
  /** The Russian attack on the German army at 0505 under No Retreat!, the Forced Exchange declared. */
  const forced = (german: 'ger-army' | 'rum-army') => {
    let s = game({
      pieces: {
        g: { is: german, at: '0505' },
        r: { is: 'sov-army', at: '0506' },
        r2: { is: 'sov-army', at: '0605' },
      },
    });
    s = pass(s, 'axis');
    s = toMovement(s, 'soviet');
    s = allocate(s, 'soviet', ['r', 'r2'], '0505');
    s = act(s, 'soviet', { type: 'end-movement' });
    s = act(s, 'soviet', { type: 'resolve', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'no-retreat', piece: 'g' });
    s = act(s, 'axis', { type: 'orders-done' });
    assert.equal(
      s.state.combat!.phase,
      'forced-exchange',
      '"The Russian player must declare a Forced Exchange before the die is rolled"',
    );
    return act(s, 'soviet', { type: 'forced-exchange', declare: true });
  };

  it('the German army takes the D3: no die, Disrupted, the Russian sets its retreat 0-3', () => {
    let s = forced('ger-army');
    assert.equal(s.state.combat!.phase, 'avoid-exchange');
    s = act(s, 'axis', { type: 'avoid-exchange', takeD3: true });
    assert.equal(s.state.combat!.results.g, 'D3');
    assert.equal(s.state.pieces.g!.disrupted, true);
    assert.equal(s.state.pieces.g!.status, 'map', 'no exchange');
    assert.deepEqual(
      offered(s, 'soviet', 'retreat-length').map((a) => a.hexes),
      [0, 1, 2, 3],
    );
  });

  it('an Axis allied army may not: the Forced Exchange is rolled', () => {
    const s = forced('rum-army');
    assert.notEqual(s.state.combat?.phase, 'avoid-exchange');
    assert.equal(
      legal(s, 'axis').some((a) => a.type === 'avoid-exchange'),
      false,
    );
  });
});

describe('Combat Results Definitions: D = "Units retreated if hex overstacked"', () => {
  it('three armies in a hex that holds two: one must withdraw on a D, the others may stay', () => {
    let s = toMovement(
      game({
        pieces: {
          a: { is: 'ger-army', at: '0504' },
          a2: { is: 'ger-army', at: '0404' },
          r1: { is: 'sov-army', at: '0505' },
          r2: { is: 'sov-army', at: '0505' },
          r3: { is: 'sov-army', at: '0505' },
        },
      }),
    );
    s = attacks(s, { '0505': ['a', 'a2'] }, '0505');
    // 12 against 9 is 1:1: roll 5 reads D.
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    assert.deepEqual(s.state.combat!.results, { r1: 'D', r2: 'D', r3: 'D' });
    const first = destinations(s, 'soviet', 'retreat', 'r1');
    assert.equal(first.includes('0505'), false, 'the hex is overstacked: r1 may not stay');
    assert.ok(first.includes('0506'));
    s = act(s, 'soviet', { type: 'retreat', piece: 'r1', to: hexOf(s, '0506') });
    assert.ok(destinations(s, 'soviet', 'retreat', 'r2').includes('0505'), 'two armies may stay');
  });
});
