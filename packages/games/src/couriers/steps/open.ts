/**
 * couriers.txt "Opening": the dispatch picked is opened for all to see (a reveal: it
 * cannot be taken back) and the turn passes.
 */
import type { StepRules } from '@stavka/engine';
import { type CouriersAction, type CouriersState, passTurn, type Side } from './turn.ts';

export const open: StepRules<CouriersState, CouriersAction, 'open', Side> = {
  legal: (g) => (g.picked === null ? [] : [{ type: 'open' }]),
  effects: {
    open(g, _e, side, _action, ctx) {
      const id = g.picked!;
      const p = g.pieces[id]!;
      p.open = true;
      g.picked = null;
      ctx.reveal();
      ctx.log({
        kind: 'reveal',
        text: `${side} opens ${id}: ${p.name}, worth ${p.value}`,
        cite: ['couriers Opening'],
      });
      passTurn(g, side);
    },
  },
};
