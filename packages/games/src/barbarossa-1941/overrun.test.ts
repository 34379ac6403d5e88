/**
 * barbarossa-1941 "Operational Movement" Overrun and the Katyusha's lone overrun (B-42),
 * through the contract.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { act, col, type G, hexOf, offered, started, toMovement } from './test-games.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

/** The Axis at its operational movement, column 01 an Axis country (no supply edge, no railroad). */
const movement = (pieces: PositionInput['pieces']): G =>
  toMovement(
    started(
      positionFile({ map: { zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }] }, pieces }),
    ),
  );
const overruns = (s: G) => offered(s, 'axis', 'overrun');

describe('Operational Movement: Overrun (B-42)', () => {
  it('a stack with at least 7 attack factors moving together eliminates a 1-factor defender for 1 more MF', () => {
    const s = movement({
      a: { is: 'ger-army', at: '0304' },
      k: { is: 'ger-inf-korps', at: '0304' },
      d: { is: 'sov-weak-div', at: '0305' },
    });
    const o = overruns(s);
    assert.deepEqual(o, [{ type: 'overrun', pieces: ['a', 'k'], target: hexOf(s, '0305') }]);
    const t = act(s, 'axis', o[0]!);
    assert.equal(t.state.pieces.d!.status, 'eliminated');
    assert.equal(t.state.pieces.a!.at, hexOf(s, '0305'));
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
