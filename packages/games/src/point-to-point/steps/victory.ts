/**
 * Victory (completion C-13): sudden death when the Axis holds Moscow in supply at the end
 * of a turn (C-13.1), else victory points after the last turn (C-13.2), the higher total
 * winning (C-13.3).
 */
import type { RulesContext } from '@stavka/engine';
import { type CampaignState, typhoon } from '../campaign-state.ts';
import type { Side } from '../forces.ts';
import { C, isGround } from './step.ts';

/**
 * C-13.2: points taken and held, factories captured and evacuated, units destroyed; the
 * points the Axis took and the Soviets won back score for the Soviets as they scored for
 * the Axis (RULINGS P-15, revising C-13.2).
 */
export function victoryPoints(g: CampaignState): { axis: number; soviet: number } {
  const s = typhoon().scenario;
  const axisStart = new Set(s.control.axis);
  let axis = 0;
  let soviet = 0;
  for (const [p, vp] of Object.entries(s.victoryPoints)) {
    if (!axisStart.has(p) && g.control[p] === 'axis') axis += vp;
    if (axisStart.has(p) && g.control[p] === 'soviet') soviet += vp;
    if (!axisStart.has(p) && g.taken.includes(p) && g.control[p] === 'soviet') soviet += vp;
  }
  axis += g.factories.filter((f) => f.status === 'captured').length;
  soviet += g.factories.filter((f) => f.status === 'evacuated').length;
  const destroyed = (side: Side) =>
    g.units.filter((u) => u.side === side && u.place === 'destroyed' && isGround(u)).length;
  axis += Math.floor(destroyed('soviet') / 3);
  soviet += Math.floor(destroyed('axis') / 2);
  return { axis, soviet };
}

/** The game is over: `winner` (null: a draw) for `reason`, with the victory points as they stand. */
export function finishGame(g: CampaignState, winner: Side | null, reason: string, ctx: RulesContext): void {
  const vp = victoryPoints(g);
  g.phase = 'over';
  g.battle = null;
  g.result = { winner, ...vp, reason };
  ctx.log({ kind: 'phase', text: `game over: ${winner ?? 'draw'}; ${reason}`, cite: [C.victory] });
}

/** After the last turn (C-13.2, C-13.3): the higher total of victory points wins. */
export function finalCount(g: CampaignState, ctx: RulesContext): void {
  const vp = victoryPoints(g);
  const winner = vp.axis > vp.soviet ? 'axis' : vp.soviet > vp.axis ? 'soviet' : null;
  finishGame(
    g,
    winner,
    `victory points after the last turn: axis ${vp.axis}, soviet ${vp.soviet} (C-13.2)`,
    ctx,
  );
}
