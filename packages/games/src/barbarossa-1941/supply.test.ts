/**
 * barbarossa-1941 "Supply" and "Weather" (Snow, B-24), on small positions. The Axis
 * country is column 01; columns run north-south, so 0105 to 0505 is 4 hexes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apply,
  applyWithRolls,
  axialNeighbor,
  axialToOffset,
  hexAxial,
  hexIndex,
  makeHexNumber,
  setup,
} from '@stavka/engine';
import { evaluateAttack, isRefusal } from './attack.ts';
import { Board } from './board.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { rulesScenarioByKey, type Weather } from './rules-scenario.ts';
import type { Supply } from './state.ts';
import { supplyStatuses } from './supply.ts';
import { col } from './test-games.ts';
import { type Placed, position, positionFile } from './test-positions.ts';

function axisSupply(pieces: Record<string, Placed>, opts: { weather?: Weather; railheads?: string[] } = {}) {
  const p = position({
    columns: 18,
    rows: 16,
    ...(opts.weather ? { weather: opts.weather } : {}),
    ...(opts.railheads ? { railheads: opts.railheads } : {}),
    map: { zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1, 16) }] },
    pieces,
  });
  return supplyStatuses(new Board(p.g, p.s), 'axis');
}

describe('Supply: Axis full, limited and isolated', () => {
  it('Full Supply line is 4 hexes back to an Axis country; Limited up to 12; Isolated beyond', () => {
    const st = axisSupply({
      a: { is: 'ger-inf-korps', at: '0508' },
      b: { is: 'ger-inf-korps', at: '0608' },
      c: { is: 'ger-inf-korps', at: '1308' },
      d: { is: 'ger-inf-korps', at: '1408' },
    });
    assert.deepEqual(st, { a: 'full', b: 'limited', c: 'limited', d: 'isolated' });
  });

  it('3 hexes in Mud or Snow', () => {
    const st = axisSupply(
      { a: { is: 'ger-army', at: '0408' }, b: { is: 'ger-inf-korps', at: '0508' } },
      { weather: 'mud' },
    );
    assert.deepEqual(st, { a: 'full', b: 'limited' });
  });

  it('or to one of the rail heads', () => {
    const st = axisSupply({ a: { is: 'ger-inf-korps', at: '1308' } }, { railheads: ['1108'] });
    assert.equal(st.a, 'full');
  });

  it('not through an enemy ZOC unless a friendly unit is there; through any friendly unit', () => {
    // A wall of Russian ZOC: armies in column 04 cover column 03 and 05. 0808 traces only around it.
    const wall: Record<string, Placed> = {};
    for (let r = 1; r <= 16; r += 2)
      wall[`r${r}`] = { is: 'sov-army', at: `04${String(r).padStart(2, '0')}` };
    const cut = axisSupply({ ...wall, a: { is: 'ger-inf-korps', at: '0608' } });
    assert.equal(cut.a, 'isolated');
    // Friendly units in the ZOC hexes open the way: 0108 .. 0608 is 5 hexes, Limited.
    const open = axisSupply({
      ...wall,
      a: { is: 'ger-inf-korps', at: '0608' },
      f1: { is: 'ger-inf-korps', at: '0308' },
      f2: { is: 'ger-inf-korps', at: '0408' },
      f3: { is: 'ger-inf-korps', at: '0508' },
    });
    assert.equal(open.a, 'limited');
  });

  it('In Snow, Axis units farther than 3 hexes from an Axis army in supply are out of supply (B-24: Limited)', () => {
    const st = axisSupply(
      {
        army: { is: 'ger-army', at: '0208' },
        near: { is: 'ger-inf-korps', at: '0408' },
        far: { is: 'ger-inf-korps', at: '0402' },
      },
      { weather: 'snow', railheads: ['0402'] },
    );
    assert.deepEqual(st, { army: 'full', near: 'full', far: 'limited' });
  });
});

describe('Supply: Russian, 6 hexes to a railroad running to the eastern edges', () => {
  function sovietSupply(pieces: Record<string, Placed>) {
    const p = position({
      columns: 18,
      rows: 16,
      player: 'soviet',
      map: {
        edges: [{ id: 'soviet-supply', hexes: col(18, 16) }],
        // A railroad from the eastern edge west along row 8: 1808 .. 1008 (even columns shifted down: a straight row zigzags).
        connections: [
          { kind: 'rail', path: ['1808', '1708', '1608', '1508', '1408', '1308', '1208', '1108', '1008'] },
        ],
      },
      pieces,
    });
    return { p, st: supplyStatuses(new Board(p.g, p.s), 'soviet') };
  }

  it('6 hexes from the railroad is Full, 7 Limited', () => {
    const { st } = sovietSupply({ a: { is: 'sov-army', at: '0408' }, b: { is: 'sov-army', at: '0308' } });
    assert.deepEqual(st, { a: 'full', b: 'limited' });
  });

  it('the railroad itself cut by an enemy ZOC no longer carries supply past it', () => {
    const { st } = sovietSupply({
      a: { is: 'sov-army', at: '0408' },
      g: { is: 'ger-inf-korps', at: '1307' },
    });
    // The korps' ZOC covers the rail hex 1308: the railroad carries supply to 1408 only, 10 hexes from 0408.
    assert.equal(st.a, 'limited');
  });
});

describe('Supply: Limited and Isolated attackers (B-68)', () => {
  // "The odds of attacks by attackers including any Limited Supplied units are reduced by 1
  // odds column, and after the combat is resolved and any tactical advance, those units are
  // Disrupted." An Isolated attacker attacks at least as badly (RULINGS B-68).
  const file = () =>
    positionFile({
      columns: 16,
      turns: [{ label: 'Jul I 41', weather: 'good' }],
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1, 10) }],
        edges: [{ id: 'soviet-supply', hexes: col(16, 10) }],
        connections: [{ kind: 'rail', path: col(16, 10) }],
      },
      pieces: {
        // 14 hexes from the Axis country: Isolated, and not yet Disrupted (it became so in the Russian turn).
        k: { is: 'ger-inf-korps', at: '1505' },
        r: { is: 'sov-army', at: '1605' },
      },
    });
  const atMovement = () => {
    const made = setup(barbarossaRules, file(), 2, {});
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    let s = made.value;
    for (const type of ['end-step', 'end-step'] as const) {
      const r = apply(barbarossaRules, s, 'axis', { type });
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    return s;
  };

  it('an Isolated attacker: the attack 1 column lower, as for a Limited one', () => {
    const s = atMovement();
    const board = new Board(s.state, rulesScenarioByKey(s.state.scenario));
    const target = hexIndex(board.s.map, '1605');
    const at = (supply: Record<string, Supply>) => {
      const ev = evaluateAttack(board, ['k'], target, { supply: { r: 'full', ...supply } });
      if (isRefusal(ev)) assert.fail(ev.message);
      return ev.shifts.filter((x) => x.by < 0 && x.reason.startsWith('attackers')).length;
    };
    assert.equal(at({ k: 'full' }), 0);
    assert.equal(at({ k: 'limited' }), 1);
    assert.equal(at({ k: 'isolated' }), 1, 'Isolated: as Limited (B-68)');
  });

  it('an Isolated attacker is Disrupted after the combat', () => {
    let s = atMovement();
    assert.equal(s.state.pieces.k!.supply, 'isolated');
    assert.equal(s.state.pieces.k!.disrupted, false);
    const target = hexIndex(rulesScenarioByKey(s.state.scenario).map, '1605');
    for (const [side, action, rolls] of [
      ['axis', { type: 'allocate', piece: 'k', target }, undefined],
      ['axis', { type: 'end-movement' }, undefined],
      ['axis', { type: 'resolve', target }, undefined],
      // 3 against 3 is 1:1, read 1:2 for the Isolated attacker: roll 4, "-".
      ['soviet', { type: 'orders-done' }, [4]],
    ] as const) {
      const r = rolls
        ? applyWithRolls(barbarossaRules, s, side, action as BarbarossaAction, [...rolls])
        : apply(barbarossaRules, s, side, action as BarbarossaAction);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    assert.equal(s.state.combat, null);
    assert.equal(s.state.pieces.k!.disrupted, true, 'Disrupted after attacking Isolated (B-68)');
  });
});

describe('Supply across water narrower than a hex (RULINGS B-84 proposed, with B-82)', () => {
  // A strait of water hexsides parts columns 01-05 from 06-16 from top to bottom; ports
  // face each other across it at 0506 and 0606, both taken by the Axis. The Axis country is column 01.
  const strait: [string, string][] = [];
  const dims = { columns: 16, rows: 12 };
  for (let r = 1; r <= 12; r++)
    for (let d = 0; d < 6; d++) {
      const a = `05${String(r).padStart(2, '0')}`;
      const o = axialToOffset(axialNeighbor(hexAxial(dims, hexIndex({ ...dims }, a)), d));
      if (o.col === 6 && o.row >= 1 && o.row <= 12) strait.push([a, makeHexNumber(o)]);
    }
  const taken = { 'Port 0506': 'axis', 'Port 0606': 'axis', 'Port 0503': 'axis' } as const;
  const statuses = (
    pieces: Record<string, Placed>,
    ports = ['0506', '0606'],
    control: Record<string, 'axis' | 'soviet'> = taken,
  ) => {
    const made = setup(
      barbarossaRules,
      positionFile({
        columns: 16,
        rows: 12,
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1, 12) }],
          hexsides: [{ feature: 'sea', separates: true, between: strait }],
          places: ports.map((hex) => ({ name: `Port ${hex}`, hex, kind: 'city' })),
        },
        ports: ports.map((hex) => ({ hex, sea: 'baltic' as const })),
        pieces,
      }),
      1,
      {},
    );
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    Object.assign(made.value.state.control, control);
    const s = rulesScenarioByKey(made.value.state.scenario);
    return supplyStatuses(new Board(made.value.state, s), 'axis');
  };

  it('steps from a port its side holds to the port facing it, as to the next hex, and on by land from there', () => {
    // 0106 .. 0506 is 4 hexes, the far port 5, 0806 three more: 8, Limited; 1606 is 15: Isolated.
    const st = statuses({
      near: { is: 'ger-inf-korps', at: '0506' },
      port: { is: 'ger-inf-korps', at: '0606' },
      on: { is: 'ger-inf-korps', at: '0806' },
      far: { is: 'ger-inf-korps', at: '1606' },
    });
    assert.deepEqual(st, { near: 'full', port: 'limited', on: 'limited', far: 'isolated' });
  });

  it('not from a port the side does not hold, nor from a hex that is no port, nor across sea between ports not facing each other', () => {
    const pieces = { on: { is: 'ger-inf-korps', at: '0806' } } as const;
    assert.equal(statuses(pieces).on, 'limited', 'both ports: the line crosses');
    assert.equal(
      statuses(pieces, ['0506', '0606'], { ...taken, 'Port 0506': 'soviet' }).on,
      'isolated',
      'the near port lost',
    );
    assert.equal(statuses(pieces, ['0606']).on, 'isolated', 'no port on the near shore');
    assert.equal(
      statuses(pieces, ['0503', '0606']).on,
      'isolated',
      'ports of one sea, not facing each other',
    );
  });
});
