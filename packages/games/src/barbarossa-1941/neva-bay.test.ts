/**
 * Water narrower than a hex on the standard map (issue #42 item 5, RULINGS B-82 proposed):
 * Kotlin island, Kronstadt's hex, is parted from every land hex round it by the Neva Bay
 * and the Kronstadt roads (hexsides of feature "sea" that separate their hexes), and
 * Leningrad's port lies on that water. "Strategic Movment - By Sea": "1 unit may move by
 * sea from any coastal hex to a friendly-controlled port within the same sea"; no land
 * move or zone of control crosses the water. A supply line does, from Leningrad to Kronstadt
 * only: "6 hexes back to a friendly railroad" counts hexes and the water is none (RULINGS
 * B-84 proposed: Kronstadt was supplied across the bay in 1941).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axialNeighbor, axialToOffset, hexAxial, hexIndexOf } from '@stavka/engine';
import { Board } from './board.ts';
import { moveOptions } from './movement.ts';
import type { RulesScenario } from './rules-scenario.ts';
import { seaDestinations } from './sea.ts';
import { standardRulesScenario } from './standard-setup.ts';
import { type BarbarossaState, freshPiece, newGameState } from './state.ts';
import { supplyDistances, supplyStatuses } from './supply.ts';

const made = standardRulesScenario();
if (!made.ok) throw new Error(JSON.stringify(made.error.slice(0, 3)));
const s: RulesScenario = made.value;
const hex = (name: string): number => {
  const h = s.placeHex[name];
  if (h === undefined) throw new Error(`no place ${name}`);
  return h;
};
const KRONSTADT = hex('Kronstadt');
const LENINGRAD = hex('Leningrad');
/** The six hexes round `h` by the grid's geometry, direction order (the graph no longer joins all of them). */
const around = (h: number): number[] =>
  [0, 1, 2, 3, 4, 5].map((d) => {
    const o = axialToOffset(axialNeighbor(hexAxial(s.map, h), d));
    return hexIndexOf(s.map, o.col, o.row);
  });

/** A position on the standard map: the pieces given, `player` to move. */
function position(
  player: 'axis' | 'soviet',
  pieces: Record<string, { side: 'axis' | 'soviet'; at: number }>,
) {
  const g: BarbarossaState = newGameState(s.key, { player, step: 'movement' });
  for (const [id, p] of Object.entries(pieces)) {
    g.pieces[id] = freshPiece(p.side, id, null, p.at);
    g.order.push(id);
  }
  return g;
}

describe('Kronstadt an island, Leningrad on the Neva Bay (issue #42 item 5)', () => {
  it('parts Kronstadt from every land hex round it by water hexsides, Leningrad among them', () => {
    const ring = around(KRONSTADT);
    assert.ok(ring.includes(LENINGRAD), 'Leningrad is next to Kronstadt by the grid');
    const { offsets, targets } = s.map.graph;
    const joined = [...targets.subarray(offsets[KRONSTADT]!, offsets[KRONSTADT + 1]!)].filter((t) => t >= 0);
    assert.ok(
      joined.every((t) => s.terrain[t] === 'sea'),
      'only sea hexes stay next to it',
    );
    const water = ring.filter((_, d) => (s.map.sideFeatures[KRONSTADT * 6 + d]! & s.seaSideBit) !== 0);
    assert.deepEqual(
      water.sort((a, b) => a - b),
      ring.filter((h) => s.terrain[h] !== 'sea').sort((a, b) => a - b),
    );
  });

  it('lets no land unit walk to Kronstadt: a German korps next to it, and one in Leningrad, have no move there', () => {
    const neighbours = around(KRONSTADT).filter((h) => s.terrain[h] !== 'sea');
    for (const at of neighbours) {
      const g = position('axis', { 'ger-i-ak': { side: 'axis', at } });
      const moves = moveOptions(new Board(g, s), 'ger-i-ak');
      assert.ok(moves.length > 0, `the korps at ${s.hexNumbers[at]} has moves`);
      assert.ok(!moves.some((m) => m.to === KRONSTADT), `no step from ${s.hexNumbers[at]} to Kronstadt`);
    }
  });

  it('lets no unit on Kronstadt walk off it', () => {
    const g = position('soviet', { 'sov-23a': { side: 'soviet', at: KRONSTADT } });
    assert.deepEqual(moveOptions(new Board(g, s), 'sov-23a'), []);
  });

  it('puts no zone of control across the water: a Russian army on Kronstadt casts none on Leningrad', () => {
    const g = position('axis', {
      'sov-23a': { side: 'soviet', at: KRONSTADT },
      'ger-i-ak': { side: 'axis', at: LENINGRAD },
    });
    assert.equal(new Board(g, s).inEnemyZoc('axis', LENINGRAD), false);
    const control = position('axis', {
      'sov-23a': { side: 'soviet', at: hex('Novgorod') },
      'ger-i-ak': { side: 'axis', at: around(hex('Novgorod'))[0]! },
    });
    assert.equal(new Board(control, s).inEnemyZoc('axis', around(hex('Novgorod'))[0]!), true, 'control case');
  });

  it('sails to Kronstadt and to Leningrad from Tallinn, and back from each (the same sea, B-47)', () => {
    const from = (at: number) =>
      seaDestinations(position('soviet', { 'sov-23a': { side: 'soviet', at } }), s, 'sov-23a').map(
        (d) => d.to,
      );
    const tallinn = hex('Tallinn');
    assert.ok(from(tallinn).includes(KRONSTADT));
    assert.ok(from(tallinn).includes(LENINGRAD));
    assert.ok(from(KRONSTADT).includes(tallinn));
    assert.ok(from(LENINGRAD).includes(tallinn));
    assert.ok(from(LENINGRAD).includes(KRONSTADT));
    assert.ok(!from(LENINGRAD).includes(hex('Odessa')), 'not into the Black Sea');
  });

  it('traces supply over the Neva Bay from Leningrad (B-84): a Russian army on Kronstadt is in Full supply, one hex beyond Leningrad', () => {
    const g = position('soviet', {
      'sov-23a': { side: 'soviet', at: KRONSTADT },
      'sov-7a': { side: 'soviet', at: LENINGRAD },
    });
    const board = new Board(g, s);
    const sup = supplyStatuses(board, 'soviet');
    assert.equal(sup['sov-23a'], 'full');
    assert.equal(sup['sov-7a'], 'full');
    const dist = supplyDistances(board, 'soviet');
    assert.ok(dist[LENINGRAD]! >= 0);
    assert.equal(
      dist[KRONSTADT],
      dist[LENINGRAD]! + 1,
      'the water counts as no hex: Kronstadt is the next hex',
    );
    // Leningrad empty: the line runs through it all the same ("through any friendly unit" or none).
    const alone = position('soviet', { 'sov-23a': { side: 'soviet', at: KRONSTADT } });
    assert.equal(supplyStatuses(new Board(alone, s), 'soviet')['sov-23a'], 'full');
  });

  it('traces none when Leningrad is lost or cut: held by the Axis (Tallinn, a Russian port of the same sea, does not supply over the sea), occupied, or in an unoccupied German zone of control', () => {
    const kronstadt = (g: BarbarossaState) => supplyStatuses(new Board(g, s), 'soviet')['sov-23a'];
    const lost = position('soviet', { 'sov-23a': { side: 'soviet', at: KRONSTADT } });
    lost.control.Leningrad = 'axis';
    assert.equal(kronstadt(lost), 'isolated', 'Leningrad Axis-held and empty');
    const occupied = position('soviet', {
      'sov-23a': { side: 'soviet', at: KRONSTADT },
      'ger-i-ak': { side: 'axis', at: LENINGRAD },
    });
    assert.equal(kronstadt(occupied), 'isolated', 'a German korps in Leningrad');
    const landward = around(LENINGRAD).find((h) => h >= 0 && h !== KRONSTADT && s.terrain[h] !== 'sea')!;
    const zoc = position('soviet', {
      'sov-23a': { side: 'soviet', at: KRONSTADT },
      'ger-i-ak': { side: 'axis', at: landward },
    });
    assert.equal(
      new Board(zoc, s).inEnemyZoc('soviet', LENINGRAD),
      true,
      'Leningrad in the korps zone of control',
    );
    assert.equal(kronstadt(zoc), 'isolated', 'Leningrad empty in a German zone of control');
    const held = position('soviet', {
      'sov-23a': { side: 'soviet', at: KRONSTADT },
      'sov-7a': { side: 'soviet', at: LENINGRAD },
      'ger-i-ak': { side: 'axis', at: landward },
    });
    assert.equal(kronstadt(held), 'full', 'a Russian unit in Leningrad keeps the line open');
  });

  it('reads the same for the Axis: a German korps on Kronstadt traces over the water to an Axis Leningrad in supply', () => {
    const g = position('axis', { 'ger-i-ak': { side: 'axis', at: KRONSTADT } });
    g.railheads = [LENINGRAD];
    assert.equal(supplyStatuses(new Board(g, s), 'axis')['ger-i-ak'], 'isolated', 'Leningrad still Russian');
    g.control.Leningrad = 'axis';
    assert.equal(supplyStatuses(new Board(g, s), 'axis')['ger-i-ak'], 'full');
  });
});
