/**
 * German Victory Determination (barbarossa-1941 "GAME-TURN SEQUENCE" B.7, RULINGS B-70):
 * "The Axis Player immediately wins if during any of his Victory Determination Phases in
 * 1941" he holds the 7 points with Leningrad, Moscow or Stalingrad; "He can also instead
 * choose to wait until game's end - January II - to claim victory". Offered by
 * steps/turn.ts `endPlayerTurn`.
 */
import { Board } from '../board.ts';
import { CITE_VICTORY, suddenDeathResult, victoryTally } from '../victory.ts';
import type { StepRules } from './step.ts';
import { log } from './step.ts';
import { afterGermanVictoryDetermination, endGame } from './turn.ts';

export const victoryStep: StepRules<'claim-victory' | 'play-on'> = {
  legal: () => [{ type: 'claim-victory' }, { type: 'play-on' }],

  effects: {
    'claim-victory'(g, s, _side, _a, ctx) {
      delete g.suddenDeath;
      endGame(g, suddenDeathResult(victoryTally(new Board(g, s), 'axis')), ctx, [
        CITE_VICTORY,
        'B.7',
        'B-70',
      ]);
    },

    'play-on'(g, s, _side, _a, ctx) {
      g.suddenDeath = 'declined';
      log(
        ctx,
        'victory',
        'the Axis player plays on: at January II, 10 or more victory city points in supply win a Strategic, Smashing Victory (counts as 2 games); otherwise the usual end of the game decides',
        [CITE_VICTORY, 'B.7', 'B-70'],
      );
      afterGermanVictoryDetermination(g, s, ctx);
    },
  },
};
