/**
 * barbarossa-1941 "Reinforcements and Replacements" through the contract (B-37): units
 * entering on their turn where the schedule says, and the Russian leftover armies from
 * the eastern edge, face down, 3 a turn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { siberianArrival } from './siberians.ts';
import { testContext } from './test-context.ts';
import { act, col, hexOf, kinds, offered, pass, started } from './test-games.ts';
import { positionFile } from './test-positions.ts';

describe('Reinforcements and Replacements (B-37)', () => {
  it('"German reinforcement units have their month of entry on them": they enter on their turn at their place, each placed by its owner', () => {
    const file = positionFile({
      turns: [
        { label: 'Jun II 41', weather: 'good' },
        { label: 'Jul I 41', weather: 'good' },
      ],
      map: { zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }] },
      pieces: { k: { is: 'ger-inf-korps', at: '0302' } },
      extraUnits: { 'pz-new': 'ger-pz-div' },
      reinforcements: [{ turn: 2, side: 'axis', units: ['pz-new'], hexes: ['0105', '0106'] }],
    });
    let s = started(file);
    assert.deepEqual(s.state.arrivals, [], 'not on turn 1');
    s = pass(pass(s, 'axis'), 'soviet');
    assert.equal(s.state.turn, 2);
    assert.deepEqual(s.state.arrivals, ['pz-new']);
    assert.equal(kinds(s, 'axis').includes('end-step'), false, 'an arrival that can enter must be placed');
    assert.deepEqual(
      offered(s, 'axis', 'place').map((a) => a.hex),
      [hexOf(s, '0105'), hexOf(s, '0106')],
    );
    s = act(s, 'axis', { type: 'place', piece: 'pz-new', hex: hexOf(s, '0106') });
    assert.equal(s.state.pieces['pz-new']!.status, 'map');
    assert.ok(kinds(s, 'axis').includes('end-step'));
  });

  it('"Leftover Russian armies enter ... from the eastern mapboard edge ... 3 per turn, including on the first turn", face down', () => {
    const file = positionFile({
      map: { edges: [{ id: 'siberia', hexes: col(10) }] },
      pieces: { k: { is: 'ger-inf-korps', at: '0302' } },
      extraUnits: { x1: 'sov-rifle-54', x2: 'sov-rifle-22', x3: 'sov-rifle-22', x4: 'sov-rifle-54' },
      riflePile: ['x1', 'x2', 'x3', 'x4'],
    });
    let s = started(file, {
      tweak: (g) => {
        g.armiesToEnter = 4;
      },
    });
    s = pass(s, 'axis');
    assert.equal(s.state.arrivals.length, 3);
    for (const id of s.state.arrivals) {
      assert.equal(s.state.pieces[id]!.face, 'rifle-army');
      assert.equal(s.state.secret.identities[id]!.unit, null, 'undecided (B-18)');
    }
    assert.equal(s.state.armiesToEnter, 1);
  });
});

describe('Siberian Reserve units and the Siberian Reserve Gamble (B-43)', () => {
  const file = (safeFromTurn: number) =>
    positionFile({
      map: {
        edges: [
          { id: 'siberia', hexes: col(10) },
          { id: 'soviet-supply', hexes: col(10) },
        ],
        connections: [{ kind: 'rail', path: col(10) }],
      },
      pieces: { k: { is: 'ger-inf-korps', at: '0302' }, r: { is: 'sov-army', at: '0808' } },
      extraUnits: { s1: 'sov-shock', s2: 'sov-shock' },
      siberianReserve: { units: ['s1', 's2'], safeFromTurn },
    });
  const sovietReinforce = (f: ReturnType<typeof file>) => pass(started(f), 'axis');
  it('brought in sooner than the safe turn: two dice, both 1-2, and the Russian player loses the game', () => {
    const s = sovietReinforce(file(13));
    assert.equal(act(s, 'soviet', { type: 'call-siberians' }, [1, 2]).state.winner, 'axis');
  });
  it('otherwise the shock army arrives, to be placed on the eastern edge or by a Russian unit in supply', () => {
    const s = sovietReinforce(file(13));
    const t = act(s, 'soviet', { type: 'call-siberians' }, [3, 1]);
    assert.deepEqual(t.state.arrivals, ['s1']);
    const places = offered(t, 'soviet', 'place');
    assert.ok(
      places.some((a) => a.hex === hexOf(t, '0807')),
      'next to the army',
    );
    assert.ok(
      places.some((a) => a.hex === hexOf(t, '1001')),
      'the eastern edge',
    );
  });
  it('from the safe turn on, no gamble', () => {
    const s = sovietReinforce(file(1));
    assert.deepEqual(act(s, 'soviet', { type: 'call-siberians' }, []).state.arrivals, ['s1']);
  });
});

describe('The Siberian safe turn is December II 1941 (B-67)', () => {
  // "The Siberians can be brought in safely starting in Dec41 ... which means not getting the last one"
  const standard = started(null);
  const s = rulesScenarioByKey(standard.state.scenario);
  const calledOn = (turn: number, dice: number[]) => {
    const g = structuredClone(standard.state);
    g.player = 'soviet';
    g.siberiansFrom = turn;
    const ctx = testContext(dice);
    const arrived: string[] = [];
    for (let t = turn; t <= s.turns.length; t++) {
      g.turn = t;
      siberianArrival(g, s, ctx);
      if (g.winner !== null) break;
      arrived.push(...g.arrivals.filter((id) => !arrived.includes(id)));
    }
    return { arrived, rolls: ctx.rolls.length, g };
  };

  it('the data: safe from turn 13, December II 1941, of 15 turns; four shock armies', () => {
    assert.equal(s.siberianReserve.safeFromTurn, 13);
    assert.equal(s.turns[12]!.label, 'December II 1941');
    assert.equal(s.turns.length, 15);
    assert.equal(s.siberianReserve.units.length, 4);
  });
  it('called on December II: three arrive before the game ends, no dice ("not getting the last one")', () => {
    const r = calledOn(13, []);
    assert.equal(r.arrived.length, 3);
    assert.equal(r.rolls, 0);
  });
  it('called on December I: all four arrive, the first after the two dice of the gamble', () => {
    const r = calledOn(12, [3, 1]);
    assert.equal(r.arrived.length, 4);
    assert.equal(r.rolls, 2);
    const lost = calledOn(12, [2, 1]);
    assert.equal(lost.g.winner, 'axis');
    assert.equal(lost.g.result?.kind, 'siberian-gamble');
  });
});
