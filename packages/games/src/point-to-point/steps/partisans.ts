/**
 * Soviet partisans (completion C-10.1, step b of the Soviet player-turn): the scenario's
 * partisans of the turn, each placed by the Soviet player at an Axis point with no Axis
 * ground unit, 2 or more segments from any Soviet point. What they do to Axis lines is
 * campaign-board.ts's (C-10.2); Axis ground units entering remove them (C-10.3, step.ts).
 */

import { type RulesContext, stepDistances } from '@stavka/engine';
import { type CampaignState, typhoon } from '../campaign-state.ts';
import { C, idx, isGround, mapOf, onMap, pid, pointName, type StepRules } from './step.ts';

/** Points where a partisan may be placed (C-10.1): Axis, no Axis ground unit, 2+ segments from any Soviet point. */
function partisanPoints(g: CampaignState): string[] {
  const map = mapOf();
  const soviet = map.pointIds.map(idx).filter((p) => g.control[pid(p)] === 'soviet');
  const near = stepDistances(map.graph, soviet, 1);
  const axisAt = new Set(
    g.units.filter((u) => onMap(u) && isGround(u) && u.side === 'axis').map((u) => u.at),
  );
  return map.pointIds.filter(
    (p) => g.control[p] === 'axis' && !axisAt.has(p) && !g.partisans.includes(p) && near[idx(p)]! < 0,
  );
}

/** C-10.1: the scenario's partisans of this turn, to be placed by the Soviet player. */
export function partisansArrive(g: CampaignState, ctx: RulesContext): void {
  const count = typhoon()
    .scenario.partisans.filter((p) => p.turn === g.turn)
    .reduce((a, p) => a + p.count, 0);
  g.partisansToPlace = count;
  if (count > 0) {
    g.phase = 'partisans';
    settlePartisans(g, ctx);
  }
}

/** The partisans step ends when all are placed or no point is left for them (C-10.1). */
function settlePartisans(g: CampaignState, ctx: RulesContext): void {
  if (g.partisansToPlace > 0 && partisanPoints(g).length > 0) return;
  if (g.partisansToPlace > 0)
    ctx.log({
      kind: 'phase',
      text: `${g.partisansToPlace} partisan unit(s) find no point 2 segments behind the Axis front`,
      cite: [C.partisans],
    });
  g.partisansToPlace = 0;
  g.phase = 'movement';
}

export const partisansStep: StepRules<'place-partisan'> = {
  legal: (g) => partisanPoints(g).map((at) => ({ type: 'place-partisan', at })),

  effects: {
    'place-partisan'(g, _e, _side, a, ctx) {
      g.partisans.push(a.at);
      g.partisansToPlace -= 1;
      ctx.log({ kind: 'move', text: `partisans appear at ${pointName(a.at)}`, cite: [C.partisans] });
      settlePartisans(g, ctx);
    },
  },
};
