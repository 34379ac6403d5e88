/**
 * An objective city the Axis enters with Russians near is entered by more than one unit
 * (`PolicyParams.walkIns`; issue #44; screened as level 2's Axis and not kept). In the
 * level-2 mirror a lone unit (a cavalry, SS or panzer division, a motorized korps) that had
 * advanced into Minsk on game-turn 2 lost it in the Russians' answer in 6 of 40 games
 * (docs/barbarossa-balance.md, "Minsk entered and lost").
 * Advances after combat (B-29: "first into the vacated hex") and walks into an empty city
 * ("entering a city takes it").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from '../board.ts';
import { type G, hexOf } from '../test-games.ts';
import { LEVEL_2 } from './ai.ts';
import { takeEmptyCities } from './operations.ts';
import { DEFAULT_PARAMS, Layout, type PolicyParams } from './policy.ts';
import { VARIANTS } from './screen.ts';
import { BARBAROSSA_PLANS } from './search.ts';
import { axisIn, minskFront, axisTurn as playTurn } from './test-games.ts';

/** The Axis player-turn played by the rules of thumb with `params` (the Russians by level 1's). */
const axisTurn = (s: G, params: PolicyParams) => playTurn(s, params, 'walk-ins');

const TWO: PolicyParams = { ...DEFAULT_PARAMS, walkIns: 2 };

describe('two units into an objective city with Russians near (PolicyParams.walkIns; "Combat": advances after combat, B-29)', () => {
  // A Russian cavalry division holds Minsk; a German army and two infantry korps next to it
  // attack it; a Russian army two hexes east (0705). The attack (seeded) gives D1: the
  // cavalry retreats and the attackers may advance into the city.
  const attacked = (city = 'Minsk') =>
    minskFront(
      {
        k1: { is: 'ger-inf-korps', at: '0405' },
        k2: { is: 'ger-inf-korps', at: '0404' },
        a1: { is: 'ger-army', at: '0504' },
        r: { is: 'sov-cav', at: '0505' },
        near: { is: 'sov-army', at: '0705' },
        m: { is: 'sov-army', at: '1905' },
      },
      city,
    );

  it('level 1 advances one unit into Minsk', () => {
    const { end, actions } = axisTurn(attacked(), DEFAULT_PARAMS);
    assert.equal(actions.filter((a) => a.type === 'advance').length, 1);
    assert.equal(axisIn(end, '0505').length, 1);
    assert.equal(end.state.control.Minsk, 'axis');
  });

  it('with two, the strongest on defense (the army) and then a korps advance into Minsk', () => {
    const { end, actions } = axisTurn(attacked(), TWO);
    const advances = actions.filter((a) => a.type === 'advance');
    assert.equal(advances.length, 2);
    assert.equal(advances[0]!.piece, 'a1', 'the army first');
    assert.ok(['k1', 'k2'].includes(advances[1]!.piece), 'then a korps');
    assert.ok(advances.every((a) => a.to === hexOf(end, '0505')));
    assert.deepEqual(axisIn(end, '0505').sort(), ['a1', advances[1]!.piece].sort());
    assert.equal(end.state.control.Minsk, 'axis');
  });

  it('into a city that is no objective (Bobruisk), one unit advances, as level 1', () => {
    const { end, actions } = axisTurn(attacked('Bobruisk'), TWO);
    assert.equal(actions.filter((a) => a.type === 'advance').length, 1);
    assert.equal(end.state.control.Bobruisk, 'axis');
  });
});

describe('two units walk into an empty objective city with Russians near (operations.ts `takeEmptyCities`)', () => {
  // Minsk empty; a German army, an infantry korps and a motorized korps that can each reach it.
  const walkIn = (russian: string, walkIns?: number) => {
    const s = minskFront({
      k1: { is: 'ger-inf-korps', at: '0305' },
      a1: { is: 'ger-army', at: '0304' },
      mk: { is: 'ger-mot-korps', at: '0306' },
      r: { is: 'sov-army', at: russian },
      m: { is: 'sov-army', at: '1905' },
    });
    const board = new Board(s.state);
    const minsk = hexOf(s, '0505');
    const supply = new Int32Array(board.at.length).fill(1);
    return takeEmptyCities({
      g: s.state,
      layout: new Layout(board),
      dests: new Map(['k1', 'a1', 'mk'].map((id) => [id, new Set([minsk])])),
      supply,
      targets: [minsk],
      ...(walkIns === undefined ? {} : { walkIns }),
    }).map((m) => m.id);
  };

  it('one unit (level 1): the infantry strongest on defense, the army', () => {
    assert.deepEqual(walkIn('0705'), ['a1']);
  });
  it('two with a Russian army two hexes off: the army, then the infantry korps (the mobile korps drives on)', () => {
    assert.deepEqual(walkIn('0705', 2), ['a1', 'k1']);
  });
  it('one where no Russian stands within two hexes', () => {
    assert.deepEqual(walkIn('0805', 2), ['a1']);
  });
});

describe("level 2's Axis plays two units in (search.ts LEVEL_2_AXIS_PLANS); level 1 and the Russians do not", () => {
  it("every Axis plan of level 2 sets walkIns 2; the rules of thumb's plans (level 1's, and the Russians' model of the Axis) none", () => {
    for (const plan of [...BARBAROSSA_PLANS.axis, ...BARBAROSSA_PLANS.soviet])
      assert.equal(plan.params.walkIns, undefined, plan.key);
    assert.equal(DEFAULT_PARAMS.walkIns, undefined);
    for (const plan of LEVEL_2.plans?.axis ?? []) assert.equal(plan.params.walkIns, 2, plan.key);
    assert.equal(LEVEL_2.plans?.axis.length, BARBAROSSA_PLANS.axis.length);
    for (const plan of LEVEL_2.plans?.soviet ?? []) assert.equal(plan.params.walkIns, undefined, plan.key);
    assert.equal(LEVEL_2.model?.axis, BARBAROSSA_PLANS.axis);
    const variant = VARIANTS['ai2-walk-in-2'];
    assert.ok(variant !== undefined && 'level' in variant);
    for (const plan of variant.level.plans?.axis ?? []) assert.equal(plan.params.walkIns, 2, plan.key);
  });
});
