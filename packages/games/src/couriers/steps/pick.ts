/**
 * couriers.txt "Picking": the side to move picks one of its sealed dispatches (it may
 * take the pick back: nothing is rolled or revealed), or once a game asks for a recount
 * (a die nobody sees until the end; the turn passes).
 */
import type { StepRules } from '@stavka/engine';
import { type CouriersAction, type CouriersState, passTurn, type Side } from './turn.ts';

export const pick: StepRules<CouriersState, CouriersAction, 'pick' | 'recount', Side> = {
  legal(g, side) {
    const out: CouriersAction[] = [];
    for (const [id, p] of Object.entries(g.pieces))
      if (p.side === side && !p.open) out.push({ type: 'pick', piece: id });
    if (!g.recountAsked) out.push({ type: 'recount' });
    return out;
  },
  effects: {
    pick(g, _e, _side, action) {
      g.picked = action.piece;
    },
    recount(g, _e, side, _action, ctx) {
      g.recountAsked = true;
      g.recount = ctx.roll('recount', ['couriers Recount'], 6, []);
      passTurn(g, side);
    },
  },
};
