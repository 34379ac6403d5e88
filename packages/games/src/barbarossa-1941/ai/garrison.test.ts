/**
 * What the Soviet AI counts as a city's garrison (barbarossa-1941 "Victory Conditions",
 * B-12; issue #44 item 1): only ground combat units that defend their hex alone. Air units
 * (B-56: "an air unit alone on its airfield" does not defend), factories, railway guns and
 * rail conversion units (B-61: destroyed "if it is undefended") hold nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hexIndex } from '@stavka/engine';
import { Board } from '../board.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import { col, game, sovietPlays, withFactory } from './test-games.ts';

describe('the Soviet AI garrisons a threatened city with ground combat units (B-12, B-56, B-61)', () => {
  it('Leningrad held by two air units, a railway gun and a factory marker gets a rifle army: they are no garrison', () => {
    // Leningrad at 1005 (3 points) with two air units, a railway gun and its tank factory (as in
    // the standard game: issue #44 item 1); two German armies 2 hexes west; a Russian army 3
    // hexes east, a march away.
    const s = game(
      {
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          places: [
            { name: 'Leningrad', kind: 'victory-city', hex: '1005' },
            { name: 'Moscow', kind: 'victory-city', hex: '1905' },
          ],
        },
        victoryPoints: { Leningrad: 3, Moscow: 3 },
        pieces: {
          a1: { is: 'ger-army', at: '0805' },
          a2: { is: 'ger-army', at: '0806' },
          air1: { is: 'sov-air', at: '1005' },
          air2: { is: 'sov-air', at: '1005' },
          gun: { is: 'sov-railway-gun', at: '1005' },
          r1: { is: 'sov-army', at: '1305' },
        },
      },
      { Leningrad: 'soviet', Moscow: 'soviet' },
      withFactory('kirov', '1005'),
    );
    assert.ok(s.state.pieces.kirov, 'the factory marker stands in Leningrad');
    const after = sovietPlays(s, undefined, 'garrison');
    const board = new Board(after.state);
    const h = hexIndex(rulesScenarioByKey(after.state.scenario).map, '1005');
    const ground = board
      .sideAt('soviet', h)
      .filter((id) => isGroundUnit(board.unit(id)) && board.unit(id).type !== 'railway-gun');
    assert.ok(
      ground.includes('r1'),
      `Leningrad's garrison after the Soviet turn: ${board.sideAt('soviet', h)}`,
    );
  });
});
