/**
 * barbarossa-1941 "Strategic Movment - By Rail", rail conversion and railheads (B-38),
 * through the contract. A Russian railroad runs along row 05 from the eastern edge
 * (column 10) west to column 03; a German railway along column 01 into column 02.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { act, game as frontGame, type G, hexOf, offered, pass } from './test-games.ts';
import type { PositionInput } from './test-positions.ts';

const ROW5 = ['1005', '0905', '0805', '0705', '0605', '0505', '0405', '0305'];

function game(pieces: PositionInput['pieces'], turns = 1): G {
  return frontGame({
    turns: Array.from({ length: turns }, (_, i) => ({ label: `T${i + 1}`, weather: 'good' as const })),
    map: {
      connections: [
        { kind: 'rail', path: ROW5 },
        { kind: 'rail-german', path: ['0101', '0102', '0103', '0104', '0105', '0205', '0305'] },
      ],
      places: [{ name: 'Moscow', kind: 'victory-city', hex: '0905' }],
    },
    victoryPoints: { Moscow: 3 },
    railheads: ['0105'],
    pieces,
  });
}

const toSovietTurn = (s: G) => pass(s, 'axis');

describe('Strategic Movment - By Rail', () => {
  it('Russian units move freely along a railroad traced back to their edge, and arrive Disrupted', () => {
    let s = toSovietTurn(game({ r: { is: 'sov-army', at: '0905' }, k: { is: 'ger-inf-korps', at: '0202' } }));
    const dests = offered(s, 'soviet', 'rail').map(
      (a) => s.state.scenario && rulesScenarioByKey(s.state.scenario).hexNumbers[a.to],
    );
    assert.deepEqual(dests, ['0305', '0405', '0505', '0605', '0705', '0805', '1005']);
    s = act(s, 'soviet', { type: 'rail', piece: 'r', to: hexOf(s, '0405') });
    assert.equal(s.state.pieces.r!.disrupted, true);
  });

  it('not through an EZOC not occupied by a friendly unit', () => {
    const s = toSovietTurn(
      game({ r: { is: 'sov-army', at: '0905' }, k: { is: 'ger-inf-korps', at: '0604' } }),
    );
    const dests = offered(s, 'soviet', 'rail').map(
      (a) => rulesScenarioByKey(s.state.scenario).hexNumbers[a.to],
    );
    assert.deepEqual(dests, ['0805', '1005'], 'the korps at 0604 covers 0705 and 0605');
  });

  it('not into Rumania, nor through it, before the Axis has attacked out of it (RULINGS B-66)', () => {
    // The railroad of row 05 with 0505 made Rumania (an Axis country, as the standard map's).
    const s = toSovietTurn(
      frontGame({
        map: {
          zones: [
            { id: 'germany', kind: 'axis-country', hexes: ['0101', '0102', '0103', '0104', '0105'] },
            { id: 'rumania', kind: 'axis-country', hexes: ['0505'] },
          ],
          connections: [{ kind: 'rail', path: ROW5 }],
          places: [{ name: 'Moscow', kind: 'victory-city', hex: '0905' }],
        },
        victoryPoints: { Moscow: 3 },
        pieces: { r: { is: 'sov-army', at: '0905' }, k: { is: 'ger-inf-korps', at: '0202' } },
      }),
    );
    const numbers = rulesScenarioByKey(s.state.scenario).hexNumbers;
    const dests = (g: G) => offered(g, 'soviet', 'rail').map((a) => numbers[a.to]);
    assert.deepEqual(dests(s), ['0605', '0705', '0805', '1005'], 'the line stops short of 0505');
    const open: G = { ...s, state: { ...s.state, rumaniaOpen: true } };
    assert.deepEqual(
      dests(open),
      ['0305', '0405', '0505', '0605', '0705', '0805', '1005'],
      'once open, through it',
    );
  });

  it('Russians: as many units as their victory points plus 1 for Siberia; "Only 2 Russian units may move by rail" on the first turn', () => {
    const pieces = {
      r1: { is: 'sov-army', at: '0905' },
      r2: { is: 'sov-army', at: '0805' },
      r3: { is: 'sov-tank-korps', at: '0705' },
      k: { is: 'ger-inf-korps', at: '0202' },
    } as const;
    let s = toSovietTurn(game(pieces));
    s = act(s, 'soviet', { type: 'rail', piece: 'r1', to: hexOf(s, '0305') });
    s = act(s, 'soviet', { type: 'rail', piece: 'r2', to: hexOf(s, '0405') });
    assert.deepEqual(offered(s, 'soviet', 'rail'), [], 'two on the first turn');
    // Turn 2: Moscow (3) + 1.
    let t = game(pieces, 2);
    t = toSovietTurn(t);
    t = pass(t, 'soviet');
    t = toSovietTurn(t);
    assert.equal(t.state.turn, 2);
    assert.ok(offered(t, 'soviet', 'rail').length > 0);
  });

  it('1 UnDisrupted Axis unit, on Axis rail lines only', () => {
    let s = game({
      a: { is: 'ger-inf-korps', at: '0102' },
      b: { is: 'ger-inf-korps', at: '0103' },
      r: { is: 'sov-army', at: '0909' },
    });
    const dests = offered(s, 'axis', 'rail')
      .filter((a) => a.piece === 'a')
      .map((a) => rulesScenarioByKey(s.state.scenario).hexNumbers[a.to]);
    assert.deepEqual(dests, ['0101', '0103', '0104', '0105', '0205', '0305'], 'not onto the Russian gauge');
    s = act(s, 'axis', { type: 'rail', piece: 'a', to: hexOf(s, '0305') });
    assert.deepEqual(offered(s, 'axis', 'rail'), [], 'one a turn');
  });
});

describe('Rail conversion units and railheads (B-38)', () => {
  it('"German railway gauge conversion units move 3 hexes per turn": the track they pass becomes an Axis rail line; railheads advance 2 rail hexes along it', () => {
    let s = game({
      rc: { is: 'ger-rail-conversion', at: '0305' },
      k: { is: 'ger-inf-korps', at: '0205' },
      r: { is: 'sov-army', at: '0909' },
    });
    const reach = offered(s, 'axis', 'convert').map(
      (a) => rulesScenarioByKey(s.state.scenario).hexNumbers[a.to],
    );
    assert.deepEqual(reach, ['0405', '0505', '0605']);
    s = act(s, 'axis', { type: 'convert', piece: 'rc', to: hexOf(s, '0605') });
    const rail = offered(s, 'axis', 'rail')
      .filter((a) => a.piece === 'k')
      .map((a) => rulesScenarioByKey(s.state.scenario).hexNumbers[a.to]);
    assert.ok(rail.includes('0605'));
    const heads = offered(s, 'axis', 'railhead').map(
      (a) => rulesScenarioByKey(s.state.scenario).hexNumbers[a.to],
    );
    assert.deepEqual(heads, ['0103', '0104', '0205', '0305'], 'up to two rail hexes from 0105');
  });
});
