/**
 * AI throughput: Monte Carlo rollouts per second of the Mars AI (each rollout plays one
 * combat phase with the AI's own dice, both sides' choices by the rule-based policy),
 * next to the random full-game playout as the reference, measured in the same run.
 */
import {
  type Action,
  applyUnchecked,
  type GameRules,
  type GameState,
  playout,
  RandomPlayer,
  setup,
} from '@stavka/engine';
import { AiPlayer, GreedyPlayer, type MarsState, marsRules } from '@stavka/games';
import type { Figure } from './harness.ts';

const rules = marsRules as unknown as GameRules<MarsState, Action, Record<string, unknown>>;

/** The first Soviet movement step of a greedy game: where the AI searches. */
function movementPosition(): GameState<MarsState> {
  const made = setup(rules, null, 77, {});
  if (!made.ok) throw new Error('setup failed');
  let s = made.value;
  const p = { soviet: new GreedyPlayer('s'), german: new GreedyPlayer('g') };
  while (s.state.step !== 'movement') {
    const side = rules.activeSides(s.state)[0] as 'soviet' | 'german';
    s = applyUnchecked(rules, s, side, p[side].choose(rules, s, side));
  }
  return s;
}

export function aiBenchmarks(): Figure[] {
  const s = movementPosition();
  const rollouts = 24;
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const ai = new AiPlayer(`bench${i}`, { level: 2, rollouts });
    const t0 = process.hrtime.bigint();
    ai.choose(rules, s, 'soviet');
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6 / ai.rolloutsPlayed);
  }
  const playouts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    playout(rules, 500 + i, { soviet: new RandomPlayer(`s${i}`), german: new RandomPlayer(`g${i}`) });
    playouts.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  runs.sort((a, b) => a - b);
  playouts.sort((a, b) => a - b);
  const perRollout = runs[2]!; // ms, the search's whole cost shared over its rollouts
  const reference = playouts[1]!;
  return [
    {
      name: `mars-1942 AI rollout (level 2 search, ${rollouts} rollouts; ${(1000 / perRollout).toFixed(1)} rollouts/s)`,
      unit: 'ms',
      median: perRollout,
      reference,
      ratio: perRollout / reference,
      goal: 'ratio = random full-game playouts per rollout',
    },
  ];
}
