/**
 * What every step of Barbarossa 1941 is made of (Rally the Troops' `states.X`): the
 * actions it offers and what each of them does, kept together so a section of the
 * "GAME-TURN SEQUENCE" maps to one file; and what the steps share: the citations, the
 * log, the scenario of a state.
 */
import type { StepRules as EngineStepRules, RulesContext, StepEffect, StepEffects } from '@stavka/engine';
import { type RulesScenario, rulesScenarioByKey, type Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import type { ActionOf, BarbarossaAction } from './actions.ts';

/** What one action does to the engine's private copy of the state, logging why. */
export type Effect<T extends BarbarossaAction['type']> = StepEffect<
  BarbarossaState,
  ActionOf<T>,
  Side,
  RulesScenario
>;

/** The effects of the action types `K`: a part several steps share (steps/attacks.ts). */
export type Effects<K extends BarbarossaAction['type']> = StepEffects<
  BarbarossaState,
  BarbarossaAction,
  K,
  Side,
  RulesScenario
>;

/**
 * One step of the sequence of play: its legal actions (what the side to act may do now,
 * in a canonical order, given the scenario: a step builds the board it needs itself) and
 * the effect of each of them.
 */
export type StepRules<K extends BarbarossaAction['type']> = EngineStepRules<
  BarbarossaState,
  BarbarossaAction,
  K,
  Side,
  RulesScenario,
  RulesScenario
>;

export const CITE_SEQUENCE = 'barbarossa-1941 "GAME-TURN SEQUENCE"';
export const CITE_RECOVERY = 'barbarossa-1941 "Recovery from Disruption"';

/** The scenario a state is played on. */
export const scenarioOf = (g: BarbarossaState): RulesScenario => rulesScenarioByKey(g.scenario);

/** A log entry with the rules behind it. */
export function log(ctx: RulesContext, kind: string, text: string, cite: string[]): void {
  ctx.log({ kind, text, cite });
}
