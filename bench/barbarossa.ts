/**
 * Barbarossa 1941 benchmarks (issue #24): legal-action generation on positions of the
 * whole front (median of each position timed once after a warm-up pass; the goal is
 * <= 1 ms) and one random full-game playout, each beside the kernel's hand-tuned
 * reference search measured in the same run. A Barbarossa call costs milliseconds, so
 * these are timed call by call, not by the harness's batches. The same positions are
 * also given as the best of REPEATS calls each (issue #49): on a shared machine one
 * call in twenty loses the processor for a few milliseconds, and the p95 of twenty
 * single calls is then the scheduler's, not the rules'. And the copy of a state the engine
 * makes before every action (issue #44 / #49: cloneBarbarossaState) on a mid-game state of
 * that game, beside structuredClone of the same state (the copy it replaced).
 */
import {
  type Action,
  applyUnchecked,
  type GameRules,
  type GameState,
  playout,
  RandomPlayer,
  replay,
  setup,
} from '@stavka/engine';
import { findGame } from '@stavka/games';
import { cloneBarbarossaState } from '../packages/games/src/barbarossa-1941/clone.ts';
import type { BarbarossaState } from '../packages/games/src/barbarossa-1941/state.ts';
import { compare, type Figure } from './harness.ts';

const ns = (t0: bigint) => Number(process.hrtime.bigint() - t0);
const REPEATS = 5;

/** The state after `actions` actions of a random game from the standard set-up. */
function randomState(rules: GameRules<unknown, Action, unknown>, seed: string, actions: number): unknown {
  const made = setup(rules, null, seed, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let s = made.value;
  const players: Record<string, RandomPlayer> = {
    axis: new RandomPlayer(`a${seed}`),
    soviet: new RandomPlayer(`s${seed}`),
  };
  for (let i = 0; i < actions; i++) {
    const side = rules.activeSides(s.state)[0];
    if (side === undefined) break;
    s = applyUnchecked(rules, s, side, players[side]!.choose(rules, s, side));
  }
  return s.state;
}

export function barbarossaBenchmarks(referenceNs: number): Figure[] {
  const rules = findGame('barbarossa-1941')!.rules!;
  const t0 = process.hrtime.bigint();
  const game = playout(rules, 'bench-barbarossa', {
    axis: new RandomPlayer('bench-axis'),
    soviet: new RandomPlayer('bench-soviet'),
  });
  const playoutNs = ns(t0);
  // Positions of that game: every 5th, the whole front at every stage (~100, so that the
  // p95 is the 95th of a hundred calls, not the slowest of twenty).
  const positions: { s: GameState<unknown>; side: string }[] = [];
  replay(rules, game.replay, (s, i) => {
    const side = rules.activeSides(s.state)[0];
    if (side && i % 5 === 0) positions.push({ s, side });
  });
  for (const p of positions) rules.legalActions(p.s.state, p.side); // warm-up
  const times = positions.map((p) => {
    const t = process.hrtime.bigint();
    rules.legalActions(p.s.state, p.side);
    return ns(t);
  });
  // Each position's best of REPEATS more calls (the same work each time: movementLists
  // starts from the lists given by the parent state, not from its own).
  const best = positions.map((p) => {
    let min = Number.POSITIVE_INFINITY;
    for (let k = 0; k < REPEATS; k++) {
      const t = process.hrtime.bigint();
      rules.legalActions(p.s.state, p.side);
      min = Math.min(min, ns(t));
    }
    return { ns: min, step: (p.s.state as { step?: string }).step ?? '?' };
  });
  const slowest = best.reduce((a, b) => (b.ns > a.ns ? b : a));
  const bestTimes = best.map((b) => b.ns).sort((a, b) => a - b);
  const bestMedian = bestTimes[Math.floor(bestTimes.length / 2)]!;
  const bestP95 = bestTimes[Math.floor(bestTimes.length * 0.95)]!;
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  // A mid-game position of the whole front: a random game's 1800th state (seed 7: turn 7 of
  // its 15, pieces moved, lost, rehidden and replaced).
  const mid = randomState(rules, '7', 1800) as BarbarossaState;
  const onMap = Object.values(mid.pieces).filter((p) => p.status === 'map').length;
  const clone = compare(
    `barbarossa-1941 state copy, cloneBarbarossaState (turn ${mid.turn}, ${onMap} pieces on the map) vs structuredClone`,
    () => cloneBarbarossaState(mid),
    () => structuredClone(mid),
    'ratio = share of structuredClone; goal <= 0.5',
  );
  return [
    {
      name: `barbarossa-1941 legal-action generation (${positions.length} positions, p95 ${(p95 / 1e6).toFixed(1)} ms)`,
      unit: 'ms',
      median: median / 1e6,
      reference: referenceNs / 1e6,
      ratio: median / referenceNs,
      goal: 'ratio = reference searches per call; goal <= 1 ms median',
    },
    {
      name: `barbarossa-1941 legal-action generation, best of ${REPEATS} (p95 ${(bestP95 / 1e6).toFixed(2)} ms, slowest ${slowest.step})`,
      unit: 'ms',
      median: bestMedian / 1e6,
      reference: referenceNs / 1e6,
      ratio: bestMedian / referenceNs,
      goal: 'goal <= 1 ms median, p95 < 2 ms',
    },
    {
      name: `barbarossa-1941 random full-game playout (${game.actions} actions)`,
      unit: 'ms',
      median: playoutNs / 1e6,
      reference: referenceNs / 1e6,
      ratio: playoutNs / referenceNs,
      goal: 'ratio = reference searches per game',
    },
    clone,
  ];
}
