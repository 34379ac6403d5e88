/**
 * barbarossa-1941 "Combat Results Definitions" DE and RULINGS B-52: "1 weak infantry/rifle
 * division may survive the elmination of a German korps or Russian or German army and
 * retreat as for a D3, unless in a No Retreat! situation." Played through the contract on
 * the 10x10 map of rules.test.ts; the provisional CRT's 8:1 column reads DE on a 5.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barbarossaRules } from './rules.ts';
import { act, attack, type G, game, hexOf, legal, toMovement } from './test-games.ts';
import type { PositionInput } from './test-positions.ts';

function ninetoOne(defender: PositionInput['pieces'][string]): G {
  const s = game({
    pieces: {
      a: { is: 'ger-army', at: '0504' },
      b: { is: 'ger-army', at: '0404' },
      c: { is: 'ger-army', at: '0604' },
      r: defender,
    },
    extraUnits: { 'sov-weak-1': 'sov-weak-div', 'sov-weak-2': 'sov-weak-div' },
  });
  return attack(toMovement(s), 'axis', ['a', 'b', 'c'], '0505');
}

describe('DE: the surviving weak division (B-52)', () => {
  it('a Russian army eliminated by a DE: its owner retreats a weak rifle division 3 hexes, Disrupted', () => {
    let s = ninetoOne({ is: 'sov-rifle-22', at: '0505' });
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    assert.equal(s.state.pieces.r!.status, 'eliminated');
    assert.equal(s.state.combat!.phase, 'survivor');
    assert.deepEqual(barbarossaRules.activeSides(s.state), ['soviet'], 'the owner chooses');
    const offered = legal(s, 'soviet');
    assert.ok(
      offered.some((a) => a.type === 'survivor' && a.to === -1),
      'the division may also not be taken',
    );
    const to = hexOf(s, '0508');
    assert.ok(
      offered.some((a) => a.type === 'survivor' && a.piece === 'sov-weak-1' && a.to === to),
      'a retreat of 3 hexes ("as for a D3")',
    );
    assert.ok(
      !offered.some((a) => a.type === 'survivor' && a.to === hexOf(s, '0506')),
      'not 1 hex: the full D3',
    );
    s = act(s, 'soviet', { type: 'survivor', piece: 'sov-weak-1', to });
    const weak = s.state.pieces['sov-weak-1']!;
    assert.equal(weak.status, 'map');
    assert.equal(weak.at, to);
    assert.equal(weak.disrupted, true, 'a D3 Disrupts');
    assert.ok(
      s.log.some((e) => e.kind === 'retreat' && e.cite?.includes('B-52')),
      'the log cites the ruling',
    );
    assert.equal(s.state.combat!.phase, 'advance', 'the vacated hex is open to the attacker');
  });

  it('declined: no division comes on the map, the next one stays in the pool', () => {
    let s = ninetoOne({ is: 'sov-rifle-22', at: '0505' });
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    s = act(s, 'soviet', { type: 'survivor', piece: 'sov-weak-1', to: -1 });
    assert.notEqual(s.state.pieces['sov-weak-1']!.status, 'map');
    assert.equal(s.state.combat!.phase, 'advance');
  });

  it('forbidden: "unless in a No Retreat! situation" (DE -> BK, no division)', () => {
    let s = ninetoOne({ is: 'sov-rifle-22', at: '0505' });
    s = act(s, 'soviet', { type: 'no-retreat', piece: 'r' });
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    s = act(s, 'axis', { type: 'forced-exchange', declare: false });
    assert.equal(s.state.pieces.r!.status, 'eliminated');
    assert.notEqual(s.state.combat?.phase, 'survivor');
    assert.equal(s.state.pieces['sov-weak-1'], undefined, 'no weak division in play');
  });

  it('forbidden: a Russian tank korps is no army: no survivor', () => {
    let s = ninetoOne({ is: 'sov-tank-korps', at: '0505' });
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    assert.equal(s.state.pieces.r!.status, 'eliminated');
    assert.notEqual(s.state.combat?.phase, 'survivor');
  });
});
