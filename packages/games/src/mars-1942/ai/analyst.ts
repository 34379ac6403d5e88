/**
 * The analyst for Operation Mars (issue #48): the AI's own search domain (`search.ts`),
 * its plans in words. At the start of a side's player-turn the analyst compares the
 * plans the AI compares (a plan plays the whole player-turn); inside a player-turn it
 * plays the rule-based policy on. A rollout plays to the horizon of the AI's search (the
 * plan, the reply, the next plan: two decision points) and is scored by the fitted
 * chance of winning (evaluate.ts).
 *
 * What a rollout costs (measured in Node on this 2-core machine, CPU time, the standard
 * scenario at the start of turn 1): about 0.5 s for the first few (each root plan's
 * moves and allocations are played once, then reused: `planAt`), then 30-60 ms a rollout:
 * 4 rollouts 0.6 s, 16 rollouts 1.0 s. A budget of 16-32 is a second or two in a worker.
 */
import type { GameAnalyst } from '@stavka/engine';
import { marsDomain } from './ai.ts';
import type { MarsState } from './mars-games.ts';

/** Each plan of `search.ts` (MARS_PLANS) in words; the keys the two sides share mean the same there. */
export const MARS_PLAN_LABELS: Readonly<Record<string, string>> = {
  planned: "The planner's own plan: up to 6 attacks, aiming at 4:1",
  broad: 'Attack broadly: up to 10 attacks at 3:2 or better, aiming at 4:1',
  massed: 'Mass the attacks: up to 4, aiming at 7:1',
  careful: 'Attack carefully: up to 4 attacks at 3:1 or better, aiming at 5:1',
  counter: 'Counter-attack: up to 8 attacks at 2:1 or better',
  hold: 'Hold the defence zones: counter-attack only at 5:1 or better, 2 at most',
  'planned+commit': "Commit the army group's reserve panzer divisions (M-14), then the planner's plan",
};

export const marsAnalyst: GameAnalyst<MarsState> = {
  domain: marsDomain,
  planLabel: (key) => MARS_PLAN_LABELS[key] ?? key,
  horizon: 2,
};
