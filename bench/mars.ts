/**
 * Operation Mars benchmarks: a random full-game playout (ms/game) and legal-action
 * generation (µs per call over positions sampled from real games), each with its ratio
 * to the kernel's hand-tuned reference search measured in the same run (how many
 * reference movement searches one call costs).
 */
import { type Action, type GameRules, type GameState, playout, RandomPlayer, replay } from '@stavka/engine';
import { type MarsState, marsRules } from '@stavka/games';
import { type Figure, measure } from './harness.ts';

const rules = marsRules as unknown as GameRules<MarsState, Action, Record<string, unknown>>;

export function marsBenchmarks(referenceNs: number): Figure[] {
  let seed = 1;
  const game = () => {
    playout(rules, seed, {
      soviet: new RandomPlayer(`b:s:${seed}`),
      german: new RandomPlayer(`b:g:${seed}`),
    });
    seed++;
  };
  const playoutNs = measure(game, { batches: 5, batchMs: 1 });
  // Positions from a real game, every 5th one.
  const r = playout(rules, 4242, { soviet: new RandomPlayer('x'), german: new RandomPlayer('y') });
  const positions: { s: GameState<MarsState>; side: string }[] = [];
  replay(rules, r.replay, (s, i) => {
    const side = rules.activeSides(s.state)[0];
    if (side && i % 5 === 0) positions.push({ s, side });
  });
  let k = 0;
  const legalNs = measure(() => {
    const p = positions[k++ % positions.length]!;
    // The rules' own generation: the engine's legalActions remembers each state's list.
    rules.legalActions(p.s.state, p.side);
  });
  return [
    {
      name: `mars-1942 random full-game playout (${r.actions} actions)`,
      unit: 'ms',
      median: playoutNs / 1e6,
      reference: referenceNs / 1e6,
      ratio: playoutNs / referenceNs,
      goal: 'ratio = reference searches per game',
    },
    {
      name: `mars-1942 legal-action generation (${positions.length} positions)`,
      unit: 'µs',
      median: legalNs / 1e3,
      reference: referenceNs / 1e3,
      ratio: legalNs / referenceNs,
      goal: 'ratio = reference searches per call',
    },
  ];
}
