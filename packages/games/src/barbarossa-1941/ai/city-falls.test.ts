/**
 * The city-fall table of saved games against 1941 (`city-falls.ts`, docs/barbarossa-balance.md).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barbarossaRules, RULES_VERSION } from '../rules.ts';
import { type CityFalls, cityFallsOf, summarize, TIMELINE_CITIES } from './city-falls.ts';

const none = (): Record<string, number | null> => Object.fromEntries(TIMELINE_CITIES.map(([c]) => [c, null]));

describe('the city-fall table (barbarossa-1941 "Victory Conditions"; the 1941 timeline)', () => {
  it('a game not yet played: no city taken, Rumania closed, nothing lost', () => {
    const f = cityFallsOf({
      game: barbarossaRules.id,
      rulesVersion: RULES_VERSION,
      scenario: null,
      seed: 3,
      actions: [],
    });
    assert.deepEqual(f.taken, none());
    assert.deepEqual(f.entered, none());
    assert.equal(f.rumaniaOpened, null);
    assert.deepEqual(f.axisLost, {});
    assert.equal(f.turns, 1);
    assert.equal(f.winner, null);
  });

  it('counts the games a city fell in, the median turn and those by the 1941 turn plus one', () => {
    const game = (
      taken: Record<string, number | null>,
      winner: string,
      kind: string,
      entered: Record<string, number | null> = taken,
    ): CityFalls => ({
      seed: 1,
      winner,
      result: '',
      kind,
      taken: { ...none(), ...taken },
      entered: { ...none(), ...entered },
      heldAtEnd: Object.keys(taken).filter((c) => taken[c] !== null),
      rumaniaOpened: 2,
      axisLost: kind === 'soviet-sudden' ? { Bucharest: 4, Ploesti: 3 } : {},
      axisIsolatedPeak: 10,
      turns: 15,
    });
    const table = summarize([
      game({ Minsk: 1, Smolensk: 3, Leningrad: 9 }, 'axis', 'axis-win'),
      game({ Minsk: 2, Smolensk: 6 }, 'draw', 'draw', { Minsk: 2, Smolensk: 4 }),
      // Minsk entered on turn 2 and lost in the Russians' player-turn: held only from turn 4.
      game({ Minsk: 4 }, 'soviet', 'soviet-sudden', { Minsk: 2 }),
    ]);
    assert.match(table, /\| Minsk \| 28 Jun \| 1 \| 3\/3 \| 2 \| 2\/3 \| 3\/3 \| 3\/3 \|/);
    assert.match(table, /\| Smolensk \| mid-Jul \| 3 \| 2\/3 \| 3 \| 1\/3 \| 2\/3 \| 2\/3 \|/);
    assert.match(table, /\| Leningrad \| never \| - \| 1\/3 \| 9 \| - \| - \| 1\/3 \|/);
    assert.match(table, /Bucharest 1, Ploesti 1 \(of 3\)/);
    assert.match(table, /Axis 1, Soviet 1, drawn 1 \(axis-win 1, draw 1, soviet-sudden 1\)/);
  });
});
