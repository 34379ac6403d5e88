/**
 * Air supply for the spearheads (air-supply.ts; barbarossa-1941 "Supply" Air Supply, B-59):
 * which hexes the AI flies to, how many air units it keeps for close air support, and the
 * player that flies the plan before ending its Strategic/Rail Movement step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, type GameRules, type GameState, legalActions, type Player } from '@stavka/engine';
import { type BarbarossaAction, barbarossaRules } from '../rules.ts';
import { act, type G, hexOf, onFront, started } from '../test-games.ts';
import { type PositionInput, positionFile } from '../test-positions.ts';
import { AirSupplyPlayer, planAirSupply } from './air-supply.ts';

const TURNS = [
  { label: 'Jun II 41', weather: 'good' as const },
  { label: 'Jul I 41', weather: 'good' as const },
];

const airGame = (pieces: PositionInput['pieces']): G =>
  started(positionFile(onFront({ turns: TURNS, pieces })));

type AirSupply = Extract<BarbarossaAction, { type: 'air-supply' }>;
const offers = (s: G): AirSupply[] =>
  legalActions(barbarossaRules, s, 'axis').filter((a): a is AirSupply => a.type === 'air-supply');

/** Two Fliegerkorps; a korps in Limited supply at 0805 next to a Russian army, another far from any. */
const FRONT: PositionInput['pieces'] = {
  fk2: { is: 'ger-fk', at: '0405' },
  fk: { is: 'ger-fk', at: '0505' },
  k: { is: 'ger-inf-korps', at: '0805' },
  far: { is: 'ger-inf-korps', at: '0802' },
  r: { is: 'sov-army', at: '0905' },
};

describe('Air supply for the spearheads (B-59)', () => {
  it('flies to the korps out of Full supply that may attack, not to the one far from the enemy', () => {
    const s = airGame(FRONT);
    assert.notEqual(s.state.pieces.k!.supply, 'full', 'the spearhead is out of Full supply');
    assert.notEqual(s.state.pieces.far!.supply, 'full', 'so is the korps far from the enemy');
    const targets = new Set(offers(s).map((a) => a.target));
    assert.ok(targets.has(hexOf(s, '0805')) && targets.has(hexOf(s, '0802')), 'the rules offer both');
    const plan = planAirSupply(s.state, 'axis', offers(s), { keep: 0, least: 1, reach: 2 });
    assert.deepEqual(
      plan.map((a) => a.target),
      [hexOf(s, '0805')],
      'one mission, to the korps within 2 hexes of the Russian army',
    );
  });

  it('keeps air units for close air support, and flies nothing worth less than its least', () => {
    const s = airGame(FRONT);
    assert.deepEqual(planAirSupply(s.state, 'axis', offers(s), { keep: 2, least: 1, reach: 2 }), []);
    assert.deepEqual(planAirSupply(s.state, 'axis', offers(s), { keep: 0, least: 99, reach: 2 }), []);
    assert.equal(planAirSupply(s.state, 'axis', offers(s), { keep: 1, least: 1, reach: 2 }).length, 1);
  });

  it('sends an air unit within half its range where one can go (beyond it a German mission supplies on 1-3)', () => {
    const s = airGame(FRONT);
    const to = hexOf(s, '0805');
    assert.equal(offers(s).find((a) => a.target === to)?.piece, 'fk2', 'the far one is offered first');
    const [a] = planAirSupply(s.state, 'axis', offers(s), { keep: 0, least: 1, reach: 2 });
    // 0505 is 3 hexes from 0805 (half of 6: full effect); 0405 is 4.
    assert.equal(a?.piece, 'fk');
  });

  it('the player flies the mission, then ends the step as the player it wraps', () => {
    const ends: Player = {
      name: 'ends',
      choose<S>(_r: GameRules<S, Action, unknown>, _s: GameState<S>, _side: string): Action {
        return { type: 'end-step' };
      },
    };
    const p = new AirSupplyPlayer(ends, 'seed', { keep: 1, least: 1, reach: 2 });
    let s = airGame(FRONT);
    const first = p.choose(barbarossaRules, s, 'axis');
    assert.deepEqual(first, { type: 'air-supply', piece: 'fk', target: hexOf(s, '0805') });
    s = act(s, 'axis', first as BarbarossaAction);
    assert.equal(s.state.pieces.k!.supply, 'full', 'the spearhead is air-supplied');
    assert.deepEqual(
      p.choose(barbarossaRules, s, 'axis'),
      { type: 'end-step' },
      'one mission, one air unit kept',
    );
  });
});
