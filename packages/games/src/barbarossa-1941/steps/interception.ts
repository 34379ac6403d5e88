/**
 * Interception (barbarossa-1941 "Air Attack and Combat Results", RULINGS B-58): an air
 * mission flown (an airstrike, close air support, air supply: air.ts `declareMission`)
 * waits for the enemy's answer, one of his air units intercepting or none; then it is
 * resolved (air.ts `resolveMission`).
 */
import { interceptors, resolveMission } from '../air.ts';
import { Board } from '../board.ts';
import { label } from '../resolution.ts';
import type { BarbarossaAction } from './actions.ts';
import type { StepRules } from './step.ts';

export const interceptionStep: StepRules<'intercept' | 'no-intercept'> = {
  legal: (g, _side, s) => [
    ...interceptors(new Board(g, s), g.airMission!).map(
      (piece): BarbarossaAction => ({ type: 'intercept', piece }),
    ),
    { type: 'no-intercept' },
  ],

  effects: {
    intercept(g, s, _side, a, ctx) {
      resolveMission(g, s, g.airMission!, a.piece, ctx, label);
    },

    'no-intercept'(g, s, _side, _a, ctx) {
      resolveMission(g, s, g.airMission!, null, ctx, label);
    },
  },
};
