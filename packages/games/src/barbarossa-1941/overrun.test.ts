/**
 * barbarossa-1941 "Operational Movement" Overrun and the Katyusha's lone overrun (B-42),
 * through the contract.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, hexIndex, legalActions, setup } from '@stavka/engine';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { rulesScenarioByKey } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

type G = GameState<BarbarossaState>;
const col = (c: number) =>
  Array.from({ length: 10 }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

function movement(pieces: PositionInput['pieces']): G {
  const file = positionFile({
    map: { zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }] },
    pieces,
  });
  const made = setup(barbarossaRules, file, 1, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let s = made.value;
  for (let i = 0; i < 2; i++) {
    const r = apply(barbarossaRules, s, 'axis', { type: 'end-step' });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  return s;
}
const overruns = (s: G) =>
  legalActions(barbarossaRules, s, 'axis').filter((a) => a.type === 'overrun') as Extract<
    BarbarossaAction,
    { type: 'overrun' }
  >[];
const hexOf = (s: G, n: string) => hexIndex(rulesScenarioByKey(s.state.scenario).map, n);

describe('Operational Movement: Overrun (B-42)', () => {
  it('a stack with at least 7 attack factors moving together eliminates a 1-factor defender for 1 more MF', () => {
    const s = movement({
      a: { is: 'ger-army', at: '0304' },
      k: { is: 'ger-inf-korps', at: '0304' },
      d: { is: 'sov-weak-div', at: '0305' },
    });
    const o = overruns(s);
    assert.deepEqual(o, [{ type: 'overrun', pieces: ['a', 'k'], target: hexOf(s, '0305') }]);
    const r = apply(barbarossaRules, s, 'axis', o[0]!);
    assert.ok(r.ok);
    assert.equal(r.value.state.pieces.d!.status, 'eliminated');
    assert.equal(r.value.state.pieces.a!.at, hexOf(s, '0305'));
  });
  it('not with fewer than 7 factors, nor against 2 defense factors', () => {
    assert.deepEqual(
      overruns(movement({ a: { is: 'ger-army', at: '0304' }, d: { is: 'sov-weak-div', at: '0305' } })),
      [],
      '6 factors',
    );
    assert.deepEqual(
      overruns(
        movement({
          a: { is: 'ger-army', at: '0304' },
          k: { is: 'ger-inf-korps', at: '0304' },
          d: { is: 'sov-weak-div', at: '0305' },
          d2: { is: 'sov-weak-div', at: '0305' },
        }),
      ),
      [],
      'a total of 2',
    );
  });
  it('a Katyusha not stacked with other Russian units is moved through and eliminated by any German unit', () => {
    const s = movement({ k: { is: 'ger-inf-korps', at: '0304' }, kat: { is: 'sov-katyusha', at: '0305' } });
    assert.deepEqual(overruns(s), [{ type: 'overrun', pieces: ['k'], target: hexOf(s, '0305') }]);
  });
});
