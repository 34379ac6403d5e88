/**
 * Field fortifications (completion C-8.1, step g of the player-turn): the phasing side may
 * fortify each point it holds where an undispersed infantry unit of its own stands that
 * did not move this player-turn; the step is passed over when there is none. A point
 * passing to the enemy loses its fortification (C-8.2, step.ts).
 */
import type { RulesContext } from '@stavka/engine';
import type { CampaignAction, CampaignState } from '../campaign-state.ts';
import { C, idx, isGround, onMap, pointName, type StepRules } from './step.ts';
import { endPlayerTurn } from './turn.ts';

/** C-8.1: points where the phasing side has an undispersed infantry unit that did not move, unfortified. */
function fortifiablePoints(g: CampaignState): string[] {
  const out = new Set<string>();
  for (const u of g.units)
    if (
      onMap(u) &&
      isGround(u) &&
      u.side === g.player &&
      !u.mobile &&
      !u.moved &&
      !u.dispersed &&
      u.from === null &&
      g.control[u.at] === u.side &&
      !g.fortified.includes(u.at)
    )
      out.add(u.at);
  return [...out].sort((a, b) => idx(a) - idx(b));
}

/** The battles are over: field fortifications, or the end of the player-turn if none can be built. */
export function startFortify(g: CampaignState, ctx: RulesContext): void {
  g.attacks = [];
  if (fortifiablePoints(g).length === 0) {
    endPlayerTurn(g, ctx);
    return;
  }
  g.phase = 'fortify';
}

export const fortifyStep: StepRules<'fortify' | 'end-turn'> = {
  legal(g) {
    const out: CampaignAction[] = [];
    for (const at of fortifiablePoints(g)) out.push({ type: 'fortify', at });
    out.push({ type: 'end-turn' });
    return out;
  },

  effects: {
    fortify(g, _e, _side, a, ctx) {
      g.fortified.push(a.at);
      ctx.log({
        kind: 'move',
        text: `a field fortification is built at ${pointName(a.at)}`,
        cite: [C.fortify],
      });
      if (fortifiablePoints(g).length === 0) endPlayerTurn(g, ctx);
    },

    'end-turn'(g, _e, _side, _a, ctx) {
      endPlayerTurn(g, ctx);
    },
  },
};
