/**
 * AI throughput: the engine's search (ISMCTS) on Operation Mars — iterations per second
 * (each iteration plays the AI's plan and the other side's replies, with its own dice,
 * to the level's horizon) and thinking time per player-turn at each level — next to
 * the random full-game playout as the reference, measured in the same run.
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
import { AI_LEVELS, AiPlayer, type MarsState, marsRules } from '@stavka/games';
import type { Figure } from './harness.ts';

const rules = marsRules as unknown as GameRules<MarsState, Action, Record<string, unknown>>;

/** The first `n` movement steps of a level-1 game: where the AI searches. */
function movementPositions(n: number): GameState<MarsState>[] {
  const made = setup(rules, null, 77, {});
  if (!made.ok) throw new Error('setup failed');
  let s = made.value;
  const p = { soviet: new AiPlayer('s', { level: 1 }), german: new AiPlayer('g', { level: 1 }) };
  const out: GameState<MarsState>[] = [];
  let last = '';
  while (out.length < n && s.state.step !== 'over') {
    const key = `${s.state.turn}:${s.state.player}`;
    if (s.state.step === 'movement' && key !== last) {
      out.push(s);
      last = key;
    }
    const side = rules.activeSides(s.state)[0] as 'soviet' | 'german';
    s = applyUnchecked(rules, s, side, p[side].choose(rules, s, side));
  }
  return out;
}

/**
 * Plays `side`'s whole player-turn from `s` with `ai`; the time it thought, ms, by the
 * clock and in CPU time (on a shared machine the clock also counts other processes).
 */
function playerTurn(ai: AiPlayer, s0: GameState<MarsState>): { ms: number; cpuMs: number } {
  const side = s0.state.player;
  let s = s0;
  let ms = 0;
  let cpuMs = 0;
  const turn = s.state.turn;
  const other = new AiPlayer('other', { level: 1 });
  while (s.state.step !== 'over' && s.state.turn === turn && s.state.player === side) {
    const who = rules.activeSides(s.state)[0]!;
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    const a = who === side ? ai.choose(rules, s, who) : other.choose(rules, s, who);
    if (who === side) {
      ms += Number(process.hrtime.bigint() - t0) / 1e6;
      const c = process.cpuUsage(c0);
      cpuMs += (c.user + c.system) / 1000;
    }
    s = applyUnchecked(rules, s, who, a);
  }
  return { ms, cpuMs };
}

/** A level's budget as the figures name it: iterations, horizon, and the tree's depth if capped. */
function budgetText(level: number): string {
  const b = AI_LEVELS[level]!.budget;
  const depth = b.treeDepth !== undefined ? `, tree depth ${b.treeDepth}` : '';
  return `${b.iterations} iterations, horizon ${b.horizon}${depth}`;
}

export function aiBenchmarks(): Figure[] {
  const positions = movementPositions(4);
  const playouts: number[] = [];
  const playoutsCpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    playout(rules, 500 + i, { soviet: new RandomPlayer(`s${i}`), german: new RandomPlayer(`g${i}`) });
    const c = process.cpuUsage(c0);
    playouts.push(Number(process.hrtime.bigint() - t0) / 1e6);
    playoutsCpu.push((c.user + c.system) / 1000);
  }
  playouts.sort((a, b) => a - b);
  playoutsCpu.sort((a, b) => a - b);
  const reference = playouts[1]!;
  const referenceCpu = playoutsCpu[1]!;
  const figures: Figure[] = [];
  for (const level of Object.keys(AI_LEVELS).map(Number)) {
    const turns: number[] = [];
    const cpu: number[] = [];
    let iterations = 0;
    let searchCpuMs = 0;
    for (const [i, s] of positions.entries()) {
      const ai = new AiPlayer(`bench${i}`, { level });
      const t = playerTurn(ai, s);
      turns.push(t.ms);
      cpu.push(t.cpuMs);
      iterations += ai.iterations;
      if (ai.iterations > 0) searchCpuMs += t.cpuMs;
    }
    turns.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const median = (turns[1]! + turns[2]!) / 2;
    const cpuMedian = (cpu[1]! + cpu[2]!) / 2;
    const rate =
      iterations > 0 ? `; ${((iterations * 1000) / searchCpuMs).toFixed(1)} iterations per CPU-second` : '';
    if (iterations > 0) {
      // The search's speed on its own, in CPU time (the clock also counts other processes
      // on a shared machine): CPU ms an iteration, beside the random full-game playout's
      // CPU ms in the same run (issue #44: at least 3x the iterations a CPU-second of
      // commit 557413c).
      const perIteration = searchCpuMs / iterations;
      figures.push({
        name: `mars-1942 AI level ${level} search iteration, CPU (${(1000 / perIteration).toFixed(1)} iterations per CPU-second)`,
        unit: 'ms',
        median: perIteration,
        reference: referenceCpu,
        ratio: perIteration / referenceCpu,
        goal: 'ratio = random full-game playouts (CPU) per iteration; iterations per CPU-second 3x those of 557413c',
      });
    }
    figures.push({
      name: `mars-1942 AI level ${level} player-turn (${budgetText(level)}; CPU ${cpuMedian.toFixed(0)} ms${rate})`,
      unit: 'ms',
      median,
      reference,
      ratio: median / reference,
      goal: 'ratio = random full-game playouts per player-turn; top level 1-5 s',
    });
  }
  return figures;
}
