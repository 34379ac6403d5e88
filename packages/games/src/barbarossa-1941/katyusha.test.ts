/**
 * barbarossa-1941 "Special Units", Russian Katyushas, at their edges (issue #41): "Katyusha
 * units may not attack if Unsupplied or Disrupted.  They can attack an adjacent hex, before
 * standard ground attacks are resolved." Through the contract, in the Russian combat step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, applyWithRolls, type GameState, hexIndex, legalActions, setup } from '@stavka/engine';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

type G = GameState<BarbarossaState>;
const col = (c: number) =>
  Array.from({ length: 10 }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

function game(pieces: PositionInput['pieces'], edges = true): G {
  const file = positionFile({
    pieces,
    map: {
      zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
      ...(edges ? { edges: [{ id: 'soviet-supply', hexes: col(10) }] } : {}),
      connections: [{ kind: 'rail', path: col(10) }],
    },
  });
  const made = setup(barbarossaRules, file, 1, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  return made.value;
}
const act = (s: G, side: string, a: BarbarossaAction, rolls?: number[]): G => {
  const r = rolls ? applyWithRolls(barbarossaRules, s, side, a, rolls) : apply(barbarossaRules, s, side, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const hexOf = (s: G, n: string) => hexIndex(rulesScenarioByKey(s.state.scenario).map, n);
const strikes = (s: G) => legalActions(barbarossaRules, s, 'soviet').filter((a) => a.type === 'katyusha');

/** The Russian player-turn up to its movement step (B.3), the Axis having passed. */
function sovietMovement(s: G): G {
  let t = s;
  for (const step of [
    'end-step',
    'end-step',
    'end-movement',
    'end-combat',
    'end-movement',
    'end-combat',
  ] as const)
    t = act(t, 'axis', { type: step });
  return act(act(t, 'soviet', { type: 'end-step' }), 'soviet', { type: 'end-step' });
}

describe('Special Units: Russian Katyushas at the edges', () => {
  const front = {
    kat: { is: 'sov-katyusha', at: '0505' },
    r: { is: 'sov-army', at: '0505' },
    r2: { is: 'sov-army', at: '0605' },
    g1: { is: 'ger-inf-korps', at: '0504' },
    g2: { is: 'ger-inf-korps', at: '0604' },
  } as const;

  it('"before standard ground attacks are resolved": none once a ground attack of the phase is resolved', () => {
    let s = sovietMovement(game(front));
    s = act(s, 'soviet', { type: 'allocate', piece: 'r2', target: hexOf(s, '0604') });
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
    const s = sovietMovement(game(front, false));
    assert.equal(s.state.pieces.kat!.supply, 'isolated');
    assert.deepEqual(strikes(act(s, 'soviet', { type: 'end-movement' })), []);
  });

  it('once a game-turn: a Katyusha that struck in the regular combat does not strike again in the Proriv!', () => {
    let s = act(sovietMovement(game(front)), 'soviet', { type: 'end-movement' });
    s = act(s, 'soviet', { type: 'katyusha', piece: 'kat', target: hexOf(s, '0504') }, [6]);
    s = act(s, 'soviet', { type: 'end-combat' });
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(s.state.breakthrough, true);
    assert.deepEqual(strikes(s), []);
  });
});
