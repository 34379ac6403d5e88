/**
 * Withdrawals and reinforcements (completion C-12, step b of the player-turn): the
 * phasing side's units due to leave this turn are withdrawn; its units due to arrive come
 * on at their point if it is friendly, free of enemy ground units and in supply, else at
 * the first such supply source of their side (else the first supply source). Withdrawal
 * substitutes (C-12.2) are not played.
 */
import type { RulesContext } from '@stavka/engine';
import { type CampaignState, typhoon } from '../campaign-state.ts';
import { C, enemyGroundAt, idx, onMap, pointName } from './step.ts';

/** C-12: each of the phasing side's units in turn: withdrawn if due to leave, placed if due to arrive. */
export function withdrawalsAndReinforcements(
  g: CampaignState,
  supplied: Uint8Array,
  ctx: RulesContext,
): void {
  for (const u of g.units) {
    if (u.side !== g.player) continue;
    if (u.withdraws === g.turn && onMap(u)) {
      u.place = 'withdrawn';
      ctx.log({ kind: 'phase', text: `${u.name} is withdrawn`, cite: [C.reinforce] });
    }
    if (u.arrives === g.turn && u.place === 'waiting') {
      const sources = typhoon().scenario.supplySources[g.player];
      const friendly = (p: string) =>
        g.control[p] === g.player && !enemyGroundAt(g, p, g.player) && supplied[idx(p)] === 1;
      u.at = friendly(u.at) ? u.at : (sources.find(friendly) ?? sources[0]!);
      u.place = 'map';
      ctx.log({ kind: 'phase', text: `${u.name} arrives at ${pointName(u.at)}`, cite: [C.reinforce] });
    }
  }
}
