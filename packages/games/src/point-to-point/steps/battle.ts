/**
 * A battle being fought inside the campaign (one battle engine): while `g.battle` is set,
 * the campaign offers the battle rules' own actions (../battle.ts: fire, absorb, continue
 * or retreat, retreat routes, advance) to the side the battle names, and applies them to
 * the battle. When it is over, its units, the point and the lines it used go back into the
 * campaign: losses and dispersal, retreats and advances (B.4), control of the point (C-2),
 * breakthrough movement for the attackers that advanced (C-6.1), B.4c sheltering and B.4d
 * displaced defenders destroyed.
 */
import type { RulesContext } from '@stavka/engine';
import { type BattleAction, battleRules } from '../battle.ts';
import { lineBetween } from '../campaign-board.ts';
import type { CampaignState } from '../campaign-state.ts';
import type { Side } from '../forces.ts';
import { afterBattles } from './combat.ts';
import { type Effect, groundGermanAir, idx, mapOf, type StepRules, takePoint } from './step.ts';

/** The battle is over: its units, the point and the lines it used back into the campaign. */
function endBattle(g: CampaignState, ctx: RulesContext): void {
  const b = g.battle!;
  const map = mapOf();
  for (const bu of b.units) {
    const u = g.units.find((x) => x.id === bu.id)!;
    u.losses = bu.losses;
    u.dispersed = bu.dispersed;
    u.from = null;
    if (bu.status === 'destroyed') u.place = 'destroyed';
    else if (bu.at !== null) u.at = bu.at;
    // C-6.1: attackers that advanced after a regular combat may make breakthrough movement.
    u.advanced = bu.status === 'advanced' && b.combat === 'regular';
    // B.4c: retreated into a friendly point under attack: no part in its battle.
    u.sheltering = bu.status === 'retreated' && bu.conditional;
    // Units retreated under priority b into an enemy point take it (C-2.2); Axis units
    // retreating onto partisans or a factory remove or capture them (C-10.3, C-9.3).
    if (bu.status === 'retreated' && bu.unitClass !== 'air' && bu.at)
      takePoint(g, bu.at, u.side, ctx, 'retreat');
  }
  // B.4d: displaced defenders the retreating attackers destroyed (the battle logged it).
  for (const n of b.neighbours)
    for (const d of n.displaced) if (d.destroyed) g.units.find((u) => u.id === d.id)!.place = 'destroyed';
  for (const [p, halves] of Object.entries(b.used)) {
    const line = lineBetween(map, idx(b.point), idx(p));
    g.used[line] = (g.used[line] ?? 0) + halves;
  }
  if (b.holder) takePoint(g, b.point, b.holder, ctx, 'combat');
  g.battle = null;
  groundGermanAir(g, ctx);
  if (g.attacks.length === 0) afterBattles(g, ctx);
}

/** Every battle action: the battle rules apply it; a battle it ends goes back into the campaign. */
const fought: Effect<BattleAction['type']> = (g, _e, side, a, ctx) => {
  // The engine applies only what a step offered, and only this step offers battle actions.
  if (!g.battle) throw new Error(`campaign: ${a.type} outside a battle`);
  battleRules.applyAction(g.battle, side, a, ctx);
  if (g.battle.stage === 'over') endBattle(g, ctx);
};

export const battleStep: StepRules<BattleAction['type']> = {
  // The battle names the side to act: its own legal actions, for whichever side asks.
  legal: (g, side: Side) => battleRules.legalActions(g.battle!, side),

  effects: {
    attack: fought,
    absorb: fought,
    continue: fought,
    retreat: fought,
    'retreat-to': fought,
    advance: fought,
  },
};
