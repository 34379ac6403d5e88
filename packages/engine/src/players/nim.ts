/**
 * Nim, one heap, take 1-3, who takes the last wins: a toy game with a known best move (the
 * side to move loses on a multiple of 4), small enough to search whole. Used by the tests
 * of the search, the analyst and the analyst's worker; no game of the project.
 */
import type { Action, GameRules } from '../game.ts';
import { ok } from '../result.ts';

export interface Nim {
  heap: number;
  turn: 'a' | 'b';
  winner: string | null;
}

export const nimRules: GameRules<Nim, Action, unknown> = {
  id: 'nim',
  rulesVersion: 'nim/1',
  sides: ['a', 'b'],
  setup: (scenario) => ok({ heap: typeof scenario === 'number' ? scenario : 7, turn: 'a', winner: null }),
  activeSides: (g) => (g.heap === 0 ? [] : [g.turn]),
  legalActions: (g, side) =>
    g.turn !== side || g.heap === 0
      ? []
      : [1, 2, 3].filter((n) => n <= g.heap).map((n) => ({ type: 'take', n })),
  applyAction(g, side, a) {
    g.heap -= typeof a.n === 'number' ? a.n : 0;
    if (g.heap === 0) g.winner = side;
    g.turn = side === 'a' ? 'b' : 'a';
  },
  view: (g) => g,
  outcome: (g) => (g.heap > 0 ? null : { winner: g.winner, score: {}, summary: `${g.winner} took the last` }),
};
