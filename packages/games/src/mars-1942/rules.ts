/**
 * Operation Mars, 1942: the sequence of play and every action a player may take,
 * behind the engine's GameRules contract. Each step (steps/<step>.ts) offers its
 * actions and carries them out, logging what happened with the rule behind it; this
 * file hands `legalActions` to the step the state is in and `applyAction` to the
 * action's effect, on the engine's private copy (drafts.ts).
 *
 *   set-up: German deployment, then Soviet ("Setup and 1st Turn")    steps/setup.ts
 *   A. Soviet player-turn: fortify, movement, allocation, combat, supply (A.1-A.4)
 *   B. German player-turn: fortify, reinforcement, movement, allocation, Soviet
 *      recovery, combat, supply, German recovery (B.1-B.7)
 *        fortify steps/fortify.ts, reinforcement steps/reinforce.ts, movement
 *        steps/movement.ts, allocation steps/allocation.ts, combat steps/combat.ts
 *        (results.ts, retreats.ts), supply steps/supply.ts (supply.ts); the
 *        sequence and recovery from Disruption turn.ts
 */
import {
  err,
  type GameOutcome,
  type GameRules,
  hashValue,
  isSettled,
  ok,
  type Result,
  type RulesContext,
  type SetupError,
  type StepEffects,
  sequenceOf,
} from '@stavka/engine';
import type { MarsAction, MarsOptions } from './actions.ts';
import { Board } from './board.ts';
import { beginDraft, boardOf, parentBoard, scenarioOf, settleDraft } from './drafts.ts';
import {
  compileScenario,
  registerScenario,
  type Scenario,
  type Side,
  STANDARD,
  scenarioByKey,
} from './scenario.ts';
import {
  changedSinceClone,
  cloneMarsState,
  inheritUnitList,
  type MarsState,
  other,
  type Step,
} from './state.ts';
import { allocationStep } from './steps/allocation.ts';
import { combatStep } from './steps/combat.ts';
import { fortifyStep } from './steps/fortify.ts';
import { inheritMoves, movementStep } from './steps/movement.ts';
import { reinforceStep } from './steps/reinforce.ts';
import { initialState, setupStep } from './steps/setup.ts';
import { CITE, log } from './steps/step.ts';
import { supplyStep } from './steps/supply.ts';
import { refreshSupply } from './supply.ts';
import { updateTaken } from './taken.ts';
import { victoryTally } from './victory.ts';

export type { MarsAction, MarsOptions } from './actions.ts';
export { refreshSupply } from './supply.ts';
export { updateTaken } from './taken.ts';

/** Bumped with every change that could change a stored replay (rules or the standard scenario). */
export const RULES_VERSION = 'mars-1942/6';

/** The sequence of play: each step's legal actions, and the effect of every action from the step that offers it. */
const EFFECTS: StepEffects<MarsState, MarsAction, MarsAction['type'], Side, Scenario> = {
  ...setupStep.effects,
  ...fortifyStep.effects,
  ...reinforceStep.effects,
  ...movementStep.effects,
  ...allocationStep.effects,
  ...combatStep.effects,
  ...supplyStep.effects,
};
const SEQUENCE = sequenceOf<MarsState, MarsAction, Exclude<Step, 'over'>, Side, Board, Scenario>(
  {
    setup: setupStep,
    fortify: fortifyStep,
    reinforce: reinforceStep,
    movement: movementStep,
    allocation: allocationStep,
    combat: combatStep,
    supply: supplyStep,
  },
  EFFECTS,
);

function activeSide(g: MarsState): Side | null {
  if (g.step === 'over') return null;
  if (g.step === 'setup') return g.deploying;
  if (g.step === 'combat' && g.combat) {
    const defender = other(g.player);
    return g.combat.phase === 'orders' || g.combat.phase === 'retreat' ? defender : g.player;
  }
  return g.player;
}

function legal(g: MarsState, side: string): MarsAction[] {
  if (activeSide(g) !== side || g.step === 'over') return [];
  return SEQUENCE.legal(g.step, g, side as Side, boardOf(g));
}

/** Actions that move, place and remove no unit and pass no phase: supply cannot change. */
const SUPPLY_NEUTRAL = new Set<MarsAction['type']>([
  'assign',
  'unassign',
  'probe',
  'fortify',
  'end-fortify',
  'end-reinforcement',
  'end-movement',
  'withdraw-reserve',
]);

function applyMars(g: MarsState, side: string, action: MarsAction, ctx: RulesContext): void {
  const s = scenarioOf(g);
  SEQUENCE.apply(g, s, side as Side, action, ctx);
  // Who entered which city or town (M-19): every unit's hex, once the action is done.
  if (!SUPPLY_NEUTRAL.has(action.type) && g.step !== 'setup') updateTaken(g, s);
  // The state is settled: keep its board for the legalActions that follow. Supply
  // follows positions only: actions that move, place or remove no unit leave it as it is.
  const moves = !SUPPLY_NEUTRAL.has(action.type);
  settleDraft(g, g.step !== 'over' && moves ? refreshSupply(g, s) : sameHexes(g, s));
}

/**
 * The board of a state not traced again (an action that moves, places and removes no
 * unit, or the game's end), built from its parent's: the parent's hexes where no unit
 * moved, and its zones of control and supply traces wherever they still hold
 * (Board.moved, Board.takeTraces).
 */
function sameHexes(g: MarsState, s: Scenario): Board {
  const parent = parentBoard(g);
  if (!parent) return new Board(s, g);
  const only = changedSinceClone(g.units) ?? undefined;
  const board = Board.moved(parent, g, only);
  board.takeTraces(parent, only);
  return board;
}

/** The engine's copy before an action: passes on the parent's moves, board and units. */
function cloneForAction(g: MarsState): MarsState {
  const copy = cloneMarsState(g, true);
  if (isSettled(g.units)) inheritUnitList(g.units, copy.units);
  inheritMoves(g, copy);
  beginDraft(g, copy);
  return copy;
}

export const marsRules: GameRules<MarsState, MarsAction, MarsOptions> = {
  id: 'mars-1942',
  rulesVersion: RULES_VERSION,
  sides: ['soviet', 'german'],
  setup(scenario: unknown, options: MarsOptions, ctx: RulesContext): Result<MarsState, SetupError[]> {
    let key = STANDARD;
    if (scenario !== null && scenario !== undefined && scenario !== STANDARD) {
      const compiled = compileScenario(scenario);
      if (!compiled.ok) return err(compiled.error);
      key = `custom:${hashValue(scenario)}`;
      registerScenario(key, compiled.value);
    }
    const s = scenarioByKey(key);
    log(ctx, 'phase', `${s.name}: von Kluge deploys first`, [CITE.setup]);
    return ok(initialState(key, s, options ?? {}));
  },
  activeSides: (g) => {
    const a = activeSide(g);
    return a ? [a] : [];
  },
  legalActions: (g, side) => legal(g, side),
  applyAction: (g, side, action, ctx) => applyMars(g, side, action as MarsAction, ctx),
  view: (g) => g, // Mars has no hidden information: both sides see the whole board.
  outcome(g): GameOutcome | null {
    if (g.step !== 'over') return null;
    const t = victoryTally(boardOf(g));
    return {
      winner: t.german > t.soviet ? 'german' : t.soviet > t.german ? 'soviet' : null,
      score: { german: t.german, soviet: t.soviet },
      summary: `German ${t.german}, Soviet ${t.soviet}`,
    };
  },
  clone: cloneForAction,
};

/** The board of a state, for clients that show it (UI, CLI, AI). */
export function marsBoard(g: MarsState): Board {
  return boardOf(g);
}
