/**
 * Air allocation (completion C-3 d, C-5.1, C-5.2): once the phasing player's movement has
 * declared its battles, the phasing player, then the other, commits air units to the
 * battles declared within AIR_RANGE segments of their bases; a side with no air unit
 * that could be committed is passed over. German air flies only from a point where an
 * Axis ground unit stands (point-to-point A.5).
 */
import { type RulesContext, stepDistances } from '@stavka/engine';
import type { CampaignState } from '../campaign-state.ts';
import { other, type Side } from '../forces.ts';
import {
  axisGroundPoints,
  C,
  idx,
  isGround,
  mapOf,
  onMap,
  pointName,
  type StepRules,
  unitOf,
} from './step.ts';

/** Segments an air unit reaches from its base to a battle (C-5.1). */
export const AIR_RANGE = 3;

/**
 * C-5.1 air allocation: each of `side`'s air units based at a point of its side (a German
 * one: where an Axis ground unit stands, A.5), not yet committed this player-turn, may be
 * committed to one battle declared within AIR_RANGE segments of its base. Canonical order:
 * by unit, then by the order of the attacks.
 */
function airOptions(g: CampaignState, side: Side): { unit: string; at: string }[] {
  if (g.attacks.length === 0) return [];
  const map = mapOf();
  const out: { unit: string; at: string }[] = [];
  const done = new Set(g.airCommitted.map((c) => c.unit));
  const axisGround = axisGroundPoints(g);
  for (const u of g.units) {
    if (u.side !== side || isGround(u) || !onMap(u) || g.control[u.at] !== side || done.has(u.id)) continue;
    // A.5: a German air unit flies only from a point where an Axis ground unit stands.
    if (side === 'axis' && !axisGround.has(u.at)) continue;
    const range = stepDistances(map.graph, [idx(u.at)], AIR_RANGE);
    for (const at of g.attacks) if (range[idx(at)]! >= 0) out.push({ unit: u.id, at });
  }
  return out;
}

/** C-3 d, C-5.1: the battles are declared: air allocation, the phasing player first. */
export function startAirAllocation(g: CampaignState, ctx: RulesContext): void {
  g.phase = 'air';
  g.airSide = g.player;
  settleAir(g, ctx);
}

/** The air allocation passes to the other side, then to combat, skipping a side with no air to commit. */
function settleAir(g: CampaignState, ctx: RulesContext): void {
  while (g.airSide !== null && airOptions(g, g.airSide).length === 0) nextAirSide(g, ctx);
}

function nextAirSide(g: CampaignState, ctx: RulesContext): void {
  if (g.airSide === g.player) g.airSide = other(g.player);
  else {
    g.airSide = null;
    g.phase = 'combat';
    ctx.log({ kind: 'phase', text: 'air allocation ends: the battles', cite: [C.air] });
  }
}

export const airStep: StepRules<'commit-air' | 'end-air'> = {
  legal: (g, side) => [
    ...airOptions(g, side).map((o) => ({ type: 'commit-air' as const, ...o })),
    { type: 'end-air' },
  ],

  effects: {
    'commit-air'(g, _e, _side, a, ctx) {
      g.airCommitted.push({ unit: a.unit, at: a.at });
      ctx.log({
        kind: 'air',
        text: `${unitOf(g, a.unit).name} is committed to the battle at ${pointName(a.at)}`,
        cite: [C.air],
      });
      settleAir(g, ctx);
    },

    'end-air'(g, _e, _side, _a, ctx) {
      nextAirSide(g, ctx);
      settleAir(g, ctx);
    },
  },
};
