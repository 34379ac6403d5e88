/**
 * The German's blind choice of the extra tank group (RULINGS B-53), before anything else
 * of the first Axis player-turn: the German picks a label, A or B; the group under it
 * becomes the face-down tank pieces' identities (hidden.ts).
 */
import { chooseTankGroup } from '../hidden.ts';
import type { StepRules } from './step.ts';

export const tankGroupStep: StepRules<'choose-tank-group'> = {
  legal: () => [
    { type: 'choose-tank-group', group: 'A' },
    { type: 'choose-tank-group', group: 'B' },
  ],

  effects: {
    'choose-tank-group'(g, _s, _side, a, ctx) {
      chooseTankGroup(g, a.group, ctx);
    },
  },
};
