/**
 * The owner's choice in the sustained supply status determination (mars-1942 "Supply",
 * A.4 / B.6): "Except for any one unit in Rzhev or Gzhatsk, an isolated unit is
 * Disrupted ..."; where a city holds more than one isolated unit of his, the owner picks
 * the one spared (RULINGS M-20). The determination itself is supply.ts's.
 */
import type { MarsAction } from '../actions.ts';
import { sparingChoice } from '../supply.ts';
import { endPlayerTurn } from '../turn.ts';
import { CITE, log, type StepRules } from './step.ts';

export const supplyStep: StepRules<'spare'> = {
  // M-20: the owner picks the isolated unit spared in Rzhev or Gzhatsk, strongest first.
  legal: (_g, _me, board) =>
    (sparingChoice(board) ?? []).map((unit): MarsAction => ({ type: 'spare', unit })),

  effects: {
    spare(g, s, _me, action, ctx) {
      g.spared.push(action.unit);
      log(ctx, 'supply', `${s.units[action.unit]!.name} is chosen to be spared from isolation`, [
        CITE.supply,
        'M-20',
      ]);
      endPlayerTurn(g, s, ctx);
    },
  },
};
