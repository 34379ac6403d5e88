/**
 * The AI's air (issue #44): airfields moved up behind the front (B-56: "It has its side's
 * maximum ground movement to move to a new position"; "If its hex is not in full supply, it
 * and its air unit are non-operational"), and close air support counted on for the attack on
 * a city it makes possible (B-13, B-46: a Fliegerkorps "increases the combat odds 2 column
 * shifts ... not more than doubling the odds").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { supplyDistances } from '../supply.ts';
import { hexOf } from '../test-games.ts';
import { moscowFront, playUntil, row } from './test-games.ts';

describe("the Luftwaffe's airfields move up (B-56)", () => {
  it("a Fliegerkorps in Germany moves its airfield east, in Full Supply and out of the Russians' reach", () => {
    const s = moscowFront(
      {
        fk: { is: 'ger-fk', at: '0105' },
        k: { is: 'ger-inf-korps', at: '0305' },
        r: { is: 'sov-army', at: '0805' },
        m: { is: 'sov-army', at: '0905' },
      },
      { moscow: '0905' },
    );
    const { end } = playUntil(s, (g) => g.step !== 'reinforce', 'air');
    const at = end.state.pieces.fk!.at;
    const b = new Board(end.state);
    assert.notEqual(at, hexOf(s, '0105'), 'the airfield moved');
    assert.ok(
      hexDistance(b, at, hexOf(s, '0905')) < hexDistance(b, hexOf(s, '0105'), hexOf(s, '0905')),
      'nearer Moscow',
    );
    const d = supplyDistances(b, 'axis')[at]!;
    assert.ok(d >= 0 && d <= 4, `in Full Supply (${d} hexes from Germany)`);
    assert.ok(hexDistance(b, at, hexOf(s, '0805')) >= 3, 'three hexes or more from the Russian army');
    assert.equal(end.state.pieces.fk!.disrupted, false, 'not by rail');
  });
});

describe('close air support counted on for the attack on a city (B-13, B-46)', () => {
  it("three korps at 3:2 against Moscow's garrison attack it with a Fliegerkorps' support", () => {
    // Moscow at 0505 held by a Russian army (3, doubled in a victory city: 6), in Full Supply
    // by a railroad along row 05 from the eastern edge; three German infantry korps next to it,
    // in Full Supply too: 9 against 6, 3:2; a Fliegerkorps 3 hexes off raises it to 3:1.
    const s = moscowFront(
      {
        fk: { is: 'ger-fk', at: '0205' },
        g1: { is: 'ger-inf-korps', at: '0404' },
        g2: { is: 'ger-inf-korps', at: '0504' },
        g3: { is: 'ger-inf-korps', at: '0405' },
        m: { is: 'sov-army', at: '0505' },
      },
      { moscow: '0505', connections: [{ kind: 'rail', path: row(5, 20, 6) }] },
    );
    const { actions } = playUntil(
      s,
      (g) => g.player !== 'axis' || (g.step === 'combat' && g.combat === null && g.attacks.length === 0),
      'air',
    );
    const moscow = hexOf(s, '0505');
    assert.ok(
      actions.some((a) => a.type === 'allocate' && a.target === moscow),
      `Moscow attacked: ${JSON.stringify(actions.filter((a) => a.type !== 'end-advance'))}`,
    );
    assert.ok(
      actions.some((a) => a.type === 'air-support' && a.piece === 'fk' && a.target === moscow),
      'with air support',
    );
  });
});
