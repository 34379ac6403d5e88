/**
 * Moscow 1941 on points and lines: the campaign, the completion rules
 * (docs/rules/point-to-point-completion.md; every rule the project's) behind the engine's
 * GameRules contract, on the Operation Typhoon scenario (typhoon.ts). Battles are the
 * battle rules (battle.ts) played inside the campaign: while one is fought, the campaign
 * offers and applies the battle's own actions (one battle engine).
 *
 *   each player-turn (Axis, then Soviet; C-3):
 *     a. recovery of dispersed units in supply (C-7.3); the Axis winter attrition in Snow
 *        (C-7.2); the Soviet factories produce (C-9.1)
 *     b. withdrawals and reinforcements (C-12); Soviet partisans placed (C-10.1)
 *     c. movement along lines with capacities, a march in km (C-4.1, C-4.6; into an enemy-held point: an attack,
 *        C-4.4), rail movement (C-4.2), air bases (C-5.3), Soviet factories entrained and moved (C-9.2),
 *        replacement points spent (C-9.1)
 *     d. air allocation: the phasing player, then the other, commits air units to the
 *        battles declared within 3 segments of their bases (C-5.1, C-5.2)
 *     e. the battles in the order the phasing player picks (the text's A and B), control
 *        following the battles (C-2)
 *     f. breakthrough movement and breakthrough combat (C-6; one German air unit with one
 *        group up one line segment, A.4)
 *     g. field fortifications (C-8)
 *   after each turn: sudden death (C-13.1), the weather of the next (C-11), victory (C-13).
 *
 * Each step the players act in is a file of steps/ (the engine's step shape, steps.ts):
 * its legal actions and the effect of each, with the rules they follow; this file hands
 * `legalActions` to the step the state is in and `applyAction` to the action's effect:
 *
 *   a, b   steps/turn.ts (steps/recovery.ts, steps/factories.ts, steps/reinforcements.ts),
 *          steps/partisans.ts (the Soviets place their partisans)
 *   c      steps/movement.ts (with steps/factories.ts)
 *   d      steps/air.ts
 *   e      steps/combat.ts (which battle next), steps/battle.ts (a battle being fought)
 *   f      steps/breakthrough.ts, then steps/combat.ts again for the breakthrough combats
 *   g      steps/fortify.ts
 *   after each turn: steps/turn.ts, steps/victory.ts
 *
 * Between battles the campaign carries B.4c (units that retreated into a point under
 * attack take no part in its battle) and B.4d (defenders displaced into the attackers'
 * point of origin meet them there).
 *
 * Not played (the game log never cites them): withdrawal substitutes (C-12.2).
 */
import {
  err,
  type GameOutcome,
  type GameRules,
  ok,
  type RulesContext,
  type StepEffects,
  sequenceOf,
} from '@stavka/engine';
import { battleRules } from './battle.ts';
import {
  type CampaignAction,
  type CampaignPhase,
  type CampaignState,
  type CampaignUnit,
  cloneCampaign,
  newCampaignState,
} from './campaign-state.ts';
import { lossLimit, type Side } from './forces.ts';
import { setupError } from './setup-errors.ts';
import { airStep } from './steps/air.ts';
import { battleStep } from './steps/battle.ts';
import { breakthroughStep } from './steps/breakthrough.ts';
import { combatStep } from './steps/combat.ts';
import { fortifyStep } from './steps/fortify.ts';
import { movementStep } from './steps/movement.ts';
import { partisansStep } from './steps/partisans.ts';
import { C } from './steps/step.ts';
import { startPlayerTurn, startTurn } from './steps/turn.ts';

export type {
  CampaignAction,
  CampaignFactory,
  CampaignPhase,
  CampaignState,
  CampaignUnit,
} from './campaign-state.ts';
export { typhoon } from './campaign-state.ts';
export { evacuationPoints } from './steps/factories.ts';
export { movesOf, railsOf } from './steps/movement.ts';
export { boardOf, inSupply } from './steps/step.ts';
export { victoryPoints } from './steps/victory.ts';

/**
 * Version 6 (issue #43): Tula's defence of 1941 (data): a field fortification from turn 2,
 * the workers' and NKVD regiments on turn 2 and the 50th Army re-formed there on turn 3
 * (data/SOURCES.md); a replay of version 5 does not replay here.
 * Version 5 (issue #43): air-to-air combat on the provisional air-to-air column (RULINGS
 * P-17, battle rules point-to-point-battle/2) and the northern start points of 1941 (data);
 * a replay of version 4 does not replay here.
 * Version 4 (issues #43, #44): secondary roads of capacity 2 (C-1.3), the turn's own march
 * for mobile units (C-4.1: Typhoon's turn 1, 300 km), breakthrough movement as far as half
 * the march (C-6.1) and the Yukhnov-Vyazma road; a replay of version 3 does not replay here.
 * Version 3 (issue #43): A.5 German air where Axis ground units stand (C-5.5), P-13, P-14,
 * P-15, movement by distance (C-4.6) and the 1941 map and orders of battle.
 */
export const CAMPAIGN_RULES_VERSION = 'point-to-point-campaign/6';

/** The steps of the sequence of play: the phases a player acts in, and a battle being fought. */
type CampaignStep = Exclude<CampaignPhase, 'over'> | 'battle';

/** Every action type's effect, from the step that offers it (the compiler checks there is one each). */
const EFFECTS: StepEffects<CampaignState, CampaignAction, CampaignAction['type'], Side> = {
  ...partisansStep.effects,
  ...movementStep.effects,
  ...airStep.effects,
  ...combatStep.effects,
  ...battleStep.effects,
  ...breakthroughStep.effects,
  ...fortifyStep.effects,
};
const SEQUENCE = sequenceOf<CampaignState, CampaignAction, CampaignStep, Side>(
  {
    partisans: partisansStep,
    movement: movementStep,
    air: airStep,
    combat: combatStep,
    battle: battleStep,
    breakthrough: breakthroughStep,
    'breakthrough-combat': combatStep,
    fortify: fortifyStep,
  },
  EFFECTS,
);

/**
 * What `side` may do now. A battle being fought names its own side to act (../battle.ts);
 * in air allocation it is the side allocating (C-5.1); in every other step the phasing side.
 */
function legal(g: CampaignState, side: Side): CampaignAction[] {
  if (g.phase === 'over') return [];
  if (g.battle) return SEQUENCE.legal('battle', g, side);
  if (side !== (g.phase === 'air' ? g.airSide : g.player)) return [];
  return SEQUENCE.legal(g.phase, g, side);
}

function setupCampaign(ctx: RulesContext): CampaignState {
  const g = newCampaignState();
  ctx.log({
    kind: 'phase',
    text: 'Operation Typhoon, 1 October 1941 (PROVISIONAL scenario data)',
    cite: [C.sequence],
  });
  startTurn(g, ctx);
  startPlayerTurn(g, ctx);
  return g;
}

function outcome(g: CampaignState): GameOutcome | null {
  if (!g.result) return null;
  return {
    winner: g.result.winner,
    score: { axis: g.result.axis, soviet: g.result.soviet },
    summary: g.result.reason,
  };
}

export const campaignRules: GameRules<CampaignState, CampaignAction> = {
  id: 'point-to-point',
  rulesVersion: CAMPAIGN_RULES_VERSION,
  sides: ['axis', 'soviet'],
  setup(scenario, _options, ctx) {
    // Only the standard Typhoon scenario is played so far (its files: typhoon.ts).
    if (scenario !== null && scenario !== undefined && scenario !== 'typhoon')
      return err([
        setupError(
          'setup/scenario',
          'scenario',
          'only the standard Typhoon scenario (null) can be played so far',
        ),
      ]);
    return ok(setupCampaign(ctx));
  },
  activeSides(g) {
    if (g.phase === 'over') return [];
    if (g.battle) return battleRules.activeSides(g.battle);
    if (g.phase === 'air' && g.airSide) return [g.airSide];
    return [g.player];
  },
  legalActions(g, side) {
    return side === 'axis' || side === 'soviet' ? legal(g, side) : [];
  },
  applyAction(draft, side, action, ctx) {
    SEQUENCE.apply(draft, undefined, side as Side, action, ctx);
  },
  view: (g) => g,
  outcome,
  clone: cloneCampaign,
};

/** Loss limit of a campaign unit (B.2), for views. */
export const campaignLossLimit = (u: CampaignUnit) => lossLimit({ unitClass: u.unitClass, value: u.value });
