/**
 * barbarossa-1941 "Strategic Movment - By Sea" (B-47), through the contract: a small sea
 * (0601-0802) with ports at 0503 and 0903; the holder of 0905 controls it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { view } from '@stavka/engine';
import { tankPile } from './replacements.ts';
import { barbarossaRules } from './rules.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { act, type G, game, hexOf, offered, pass } from './test-games.ts';
import type { PositionInput } from './test-positions.ts';

function sovietTurn(
  controlTaken: boolean,
  at: Pick<PositionInput, 'pieces' | 'riflePile' | 'extraUnits'> = {
    pieces: { r: { is: 'sov-army', at: '0503' }, k: { is: 'ger-inf-korps', at: '0208' } },
  },
): G {
  const s = game({
    map: {
      terrain: { '0601': 'sea', '0701': 'sea', '0801': 'sea', '0602': 'sea', '0702': 'sea', '0802': 'sea' },
      places: [
        { name: 'West Port', kind: 'town', hex: '0503' },
        { name: 'East Port', kind: 'town', hex: '0903' },
        { name: 'Sevastopol', kind: 'city', hex: '0905' },
      ],
    },
    ports: [
      { hex: '0503', sea: 'black' },
      { hex: '0903', sea: 'black' },
    ],
    seaControl: { black: ['0905'] },
    ...at,
  });
  if (controlTaken) s.state.control.Sevastopol = 'axis';
  return pass(s, 'axis');
}

describe('Strategic Movment - By Sea (B-47)', () => {
  it('from a coastal hex to a friendly port of the same sea; under friendly control sunk only on a 1', () => {
    const s = sovietTurn(false);
    const sea = offered(s, 'soviet', 'sea');
    assert.deepEqual(sea, [{ type: 'sea', piece: 'r', to: hexOf(s, '0903') }]);
    const sunk = act(s, 'soviet', sea[0]!, [1]);
    assert.equal(sunk.state.pieces.r!.status, 'eliminated');
    const landed = act(s, 'soviet', sea[0]!, [2]);
    assert.equal(landed.state.pieces.r!.at, hexOf(s, '0903'));
    assert.equal(landed.state.pieces.r!.disrupted, true, 'arrives Disrupted');
  });
  it('under enemy control: a 3/6s chance of being sunk', () => {
    const s = sovietTurn(true);
    const sunk = act(s, 'soviet', { type: 'sea', piece: 'r', to: hexOf(s, '0903') }, [3]);
    assert.equal(sunk.state.pieces.r!.status, 'eliminated');
  });
});

describe('Strategic Movment - By Sea: a Russian unit sunk is lost ("Lost Russian infantry units go back into the same extra units pile")', () => {
  const sink = (pieces: PositionInput['pieces']): G => {
    const s = sovietTurn(false, {
      pieces: { ...pieces, k: { is: 'ger-inf-korps', at: '0208' } },
      riflePile: ['x1', 'x2'],
      extraUnits: { x1: 'sov-rifle-54', x2: 'sov-rifle-22' },
    });
    const sunk = act(s, 'soviet', { type: 'sea', piece: 'p', to: hexOf(s, '0903') }, [1]);
    assert.equal(sunk.state.pieces.p!.status, 'eliminated');
    return sunk;
  };

  it('a face-down army never revealed goes back to the pile unseen, not "undecided" for ever', () => {
    const s = sink({ p: { face: 'rifle-army', at: '0503' } });
    assert.equal(s.state.secret.identities.p, undefined, 'no undecided identity left for a lost piece');
    assert.deepEqual(s.state.riflePile, ['x1', 'x2'], 'the pile keeps the armies never drawn');
    assert.equal(s.state.pieces.p!.unit, null, 'not revealed: nobody sees what it was');
  });

  it('a re-hidden army goes back into the pile as what it was, unseen', () => {
    const s = sink({ p: { face: 'rifle-army', secretly: 'sov-rifle-54', knownTo: null, at: '0503' } });
    assert.deepEqual(s.state.riflePile, ['x1', 'x2', 'p-unit']);
    assert.equal(s.state.secret.identities.p, undefined);
    for (const side of ['axis', 'soviet'])
      assert.equal(JSON.stringify(view(barbarossaRules, s, side)).includes('p-unit'), false, side);
  });

  it('a face-up army goes back into the pile', () => {
    const s = sink({ p: { is: 'sov-rifle-54', at: '0503' } });
    assert.deepEqual(s.state.riflePile, ['x1', 'x2', 'p']);
  });

  it('a face-down tank korps is turned face up into the tank replacement pile ("weakest units first")', () => {
    const s = sink({ p: { face: 'tank-korps', secretly: 'sov-tank-korps-43', at: '0503' } });
    assert.equal(s.state.pieces.p!.unit, 'p-unit');
    assert.equal(s.state.secret.identities.p, undefined);
    assert.deepEqual(tankPile(s.state, rulesScenarioByKey(s.state.scenario)), ['p']);
  });
});
