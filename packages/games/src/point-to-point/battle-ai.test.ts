/**
 * The exact-lookahead battle player against the random baseline: over the same seeded
 * battles it holds (or clears) the point at least 95 times in 100 (the bar for the
 * campaign AI), and more often than a random player in its seat.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Player, playout, RandomPlayer } from '@stavka/engine';
import { battleRules } from './battle.ts';
import { BattleAI } from './battle-ai.ts';
import type { BattleScenario } from './battle-scenario.ts';

const scenario: BattleScenario = {
  point: 'Tula',
  weather: 'good',
  attacker: 'axis',
  units: [
    { id: 'XXIV', side: 'axis', role: 'attacker', class: 'major', value: 4, from: 'Plavsk' },
    { id: 'GD', side: 'axis', role: 'attacker', class: 'major', value: 3, from: 'Plavsk' },
    { id: 'G1', side: 'axis', role: 'attacker', class: 'air', from: 'Plavsk' },
    { id: '50A', side: 'soviet', role: 'defender', class: 'major', value: 4 },
    { id: 'Militia', side: 'soviet', role: 'defender', class: 'minor', value: 2 },
    { id: 'A1', side: 'soviet', role: 'defender', class: 'air', from: 'Serpukhov' },
  ],
  points: [
    { id: 'Plavsk', control: 'axis', capacity: 4 },
    { id: 'Serpukhov', control: 'soviet', capacity: 4 },
    { id: 'Venev', control: 'soviet', capacity: 1 },
  ],
};
const GAMES = 100;

function wins(side: 'axis' | 'soviet', players: () => Record<string, Player>): number {
  let won = 0;
  for (let i = 0; i < GAMES; i++) {
    const r = playout(battleRules, `ai-${i}`, players(), { scenario });
    if (r.outcome?.winner === side) won++;
  }
  return won;
}

describe('the exact-lookahead battle AI against random play (same dice)', () => {
  for (const side of ['axis', 'soviet'] as const) {
    it(`as the ${side === 'axis' ? 'attacker' : 'defender'}, wins at least 95 of 100 battles against random play, more than a random player in its seat`, (t) => {
      const other = side === 'axis' ? 'soviet' : 'axis';
      const ai = wins(side, () => ({ [side]: new BattleAI(), [other]: new RandomPlayer(`r-${other}`) }));
      const random = wins(side, () => ({
        [side]: new RandomPlayer(`r-${side}`),
        [other]: new RandomPlayer(`r-${other}`),
      }));
      t.diagnostic(`AI ${ai} / ${GAMES}, random ${random} / ${GAMES}`);
      assert.ok(ai >= 95 && ai > random, `AI ${ai} / ${GAMES} against random ${random} / ${GAMES}`);
    });
  }
});
