/**
 * German motorized korps steps (RULINGS B-55). The text gives a motorized korps a reduced
 * side only by implication: "Germans get 2 panzer replacement factors at the start of each
 * month beginning with August.  They may be used to build an UnDisrupted, un-moved
 * motorized korps back up to full strength" ("Axis Reinforcements and Replacements
 * Panzers"). The scenario data give each German motorized korps a reduced side
 * (`weakAttack`/`weakDefense`, 2-2 against the full 4-3: the 2 factors a rebuild costs).
 *
 * - Losing the step: the attacker covering an exchange or an AE may reduce a full
 *   motorized korps, its difference counted, as "the difference between active stronger
 *   and weaker side of German armies can contribute to exchanges" (resolution.ts's `flip`);
 *   a defender is eliminated whole by the results that eliminate.
 * - Rebuilding: at A.1 an UnDisrupted, un-moved reduced motorized korps is flipped back to
 *   full for panzer replacement factors equal to the difference (B-49 spends the month's
 *   factors on lost panzer divisions first; what is kept pays for korps).
 */
import type { RulesContext, UnitData } from '@stavka/engine';
import type { RulesScenario } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { isGerman, isKorps, isMotorized } from './unit-kinds.ts';

export const CITE_KORPS_STEPS = 'barbarossa-1941 "Axis Reinforcements and Replacements Panzers"';

/** A German motorized korps with a reduced side (B-55). */
export function hasKorpsSteps(u: UnitData): boolean {
  return isGerman(u) && isKorps(u) && isMotorized(u) && u.factors.weakAttack !== undefined;
}

/** Panzer replacement factors a rebuild costs: the difference between its sides' attack factors. */
export function rebuildCost(u: UnitData): number {
  return (u.factors.attack ?? 0) - (u.factors.weakAttack ?? 0);
}

/** "build an UnDisrupted, un-moved motorized korps back up to full strength" (A.1). */
export function mayRebuildKorps(g: BarbarossaState, s: RulesScenario, id: string): boolean {
  const p = g.pieces[id]!;
  if (g.player !== 'axis' || g.step !== 'reinforce' || p.side !== 'axis') return false;
  if (p.status !== 'map' || !p.weak || p.disrupted || p.moved !== 'no') return false;
  const u = s.units[p.unit ?? ''];
  return u !== undefined && hasKorpsSteps(u) && rebuildCost(u) <= g.panzerFactors;
}

export function rebuildKorps(g: BarbarossaState, s: RulesScenario, id: string, ctx: RulesContext): void {
  const p = g.pieces[id]!;
  const u = s.units[p.unit!]!;
  g.panzerFactors -= rebuildCost(u);
  p.weak = false;
  ctx.log({
    kind: 'reinforcements',
    text: `${u.designation} rebuilt to full strength for ${rebuildCost(u)} panzer replacement factors (${g.panzerFactors} kept)`,
    cite: [CITE_KORPS_STEPS, 'A.1', 'B-55'],
  });
}
