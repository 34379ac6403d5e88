/**
 * mars-1942 "Fortification" (GAMETURN SEQUENCE A.1 / B.1): "Instead of moving or
 * attacking, an Undisrupted rifle/infantry unit may - at the very start of the owning
 * player's player-turn - be flipped over and fortified". Losing the fortification is
 * where the unit attacks (steps/combat.ts), moves (steps/movement.ts) or retreats.
 */
import type { MarsAction } from '../actions.ts';
import { isInfantry, sideUnits } from '../board.ts';
import { changeUnit } from '../state.ts';
import { CITE, log, onMap, type StepRules } from './step.ts';

export const fortifyStep: StepRules<'fortify' | 'end-fortify'> = {
  legal(g, me, board) {
    const { s } = board;
    const out: MarsAction[] = [];
    for (const id of onMap(g, sideUnits(s, me))) {
      const st = g.units[id]!;
      if (
        isInfantry(s.units[id]!) &&
        !st.disrupted &&
        !st.fortified &&
        s.units[id]!.factors.fortified !== undefined
      ) {
        out.push({ type: 'fortify', unit: id });
      }
    }
    out.push({ type: 'end-fortify' });
    return out;
  },

  effects: {
    fortify(g, s, _me, action, ctx) {
      const st = changeUnit(g, action.unit);
      st.fortified = true;
      st.fortifiedNow = true;
      log(ctx, 'fortification', `${s.units[action.unit]!.name} fortifies`, [CITE.fort]);
    },

    'end-fortify'(g, _s, me, _action, ctx) {
      if (me === 'german') {
        g.step = 'reinforce';
        g.reinforced = false;
        log(ctx, 'phase', 'B.2 panzer reinforcements', [CITE.sequence, 'M-14']);
      } else {
        g.step = 'movement';
        log(ctx, 'phase', 'A.2 operational movement', [CITE.sequence]);
      }
    },
  },
};
