/**
 * barbarossa-1941 "Special Units", Russian Katyushas, at their edges (issue #41): "Katyusha
 * units may not attack if Unsupplied or Disrupted.  They can attack an adjacent hex, before
 * standard ground attacks are resolved." Through the contract, in the Russian combat step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { act, allocate, type G, game, hexOf, offered, pass, toMovement } from './test-games.ts';

const strikes = (s: G) => offered(s, 'soviet', 'katyusha');
/** The Russian player at his operational movement, the Axis player-turn passed. */
const sovietMovement = (s: G) => toMovement(pass(s, 'axis'), 'soviet');

describe('Special Units: Russian Katyushas at the edges', () => {
  const front = {
    kat: { is: 'sov-katyusha', at: '0505' },
    r: { is: 'sov-army', at: '0505' },
    r2: { is: 'sov-army', at: '0605' },
    g1: { is: 'ger-inf-korps', at: '0504' },
    g2: { is: 'ger-inf-korps', at: '0604' },
  } as const;

  it('"before standard ground attacks are resolved": none once a ground attack of the phase is resolved', () => {
    let s = sovietMovement(game({ pieces: front }));
    s = allocate(s, 'soviet', ['r2'], '0604');
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(strikes(s).length, 2, 'before the first resolution: on 0504 or 0604');
    s = act(s, 'soviet', { type: 'resolve', target: hexOf(s, '0604') });
    // 3 against 3 is 1:1, +1 against the korps in Limited supply: 3:2, roll 2 reads "-".
    s = act(s, 'axis', { type: 'orders-done' }, [2]);
    assert.equal(s.state.combat, null);
    assert.deepEqual(strikes(s), [], 'a ground attack of the phase has been resolved');
  });

  it('"may not attack if Unsupplied": an Isolated Katyusha may not strike', () => {
    // No Russian supply edge: every Russian unit is Isolated.
    const s = sovietMovement(game({ pieces: front, map: { edges: [] } }));
    assert.equal(s.state.pieces.kat!.supply, 'isolated');
    assert.deepEqual(strikes(act(s, 'soviet', { type: 'end-movement' })), []);
  });

  it('once a game-turn: a Katyusha that struck in the regular combat does not strike again in the Proriv!', () => {
    let s = act(sovietMovement(game({ pieces: front })), 'soviet', { type: 'end-movement' });
    s = act(s, 'soviet', { type: 'katyusha', piece: 'kat', target: hexOf(s, '0504') }, [6]);
    s = act(s, 'soviet', { type: 'end-combat' });
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(s.state.breakthrough, true);
    assert.deepEqual(strikes(s), []);
  });
});
