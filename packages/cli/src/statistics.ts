/**
 * The statistics of `stavka simulate`: intervals and quantiles, and the summary of a run
 * of games (wins per side with their 95% intervals, the victory-point distribution, the
 * AI's thinking time per player-turn).
 */
import type { GameSummary } from './simulate-play.ts';

/** Wilson score interval, 95%, for k successes in n. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

/** The q-quantile of sorted numbers, linear between the two nearest (0 for none). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
}

/** `x` rounded to `d` decimals. */
export const round = (x: number, d = 3): number => Math.round(x * 10 ** d) / 10 ** d;

/** A run's summary: wins, draws and losses per side with 95% intervals, VP quartiles, AI turn times. */
export function summarize(
  game: string,
  sides: readonly string[],
  kinds: readonly string[],
  games: readonly GameSummary[],
) {
  const count = (w: string) => games.filter((g) => g.winner === w).length;
  const mean = (side: string) =>
    games.length ? games.reduce((a, g) => a + (g.vp[side] ?? 0), 0) / games.length : 0;
  const n = games.length;
  const perSide = Object.fromEntries(
    sides.map((side, k) => {
      const wins = count(side);
      const draws = count('draw');
      const losses = n - wins - draws;
      const [lo, hi] = wilson(wins, n);
      return [
        side,
        {
          player: kinds[k],
          wins,
          draws,
          losses,
          winRate: round(n ? wins / n : 0),
          winRateCi95: [round(lo), round(hi)],
        },
      ];
    }),
  );
  const vpDistribution = Object.fromEntries(
    sides.map((side) => {
      const v = games.map((g) => g.vp[side] ?? 0).sort((a, b) => a - b);
      return [
        side,
        {
          min: v[0] ?? 0,
          p25: quantile(v, 0.25),
          median: quantile(v, 0.5),
          p75: quantile(v, 0.75),
          max: v[v.length - 1] ?? 0,
          mean: round(mean(side), 2),
        },
      ];
    }),
  );
  const turnMs = games.flatMap((g) => Object.values(g.aiTurnMs ?? {}).flat()).sort((a, b) => a - b);
  return {
    game,
    players: Object.fromEntries(sides.map((s, k) => [s, kinds[k]])),
    games: n,
    wins: Object.fromEntries([
      ...[...sides].sort().map((side) => [side, count(side)]),
      ['draw', count('draw')],
    ]),
    meanVp: Object.fromEntries([...sides].sort().map((side) => [side, mean(side)])),
    meanActions: n ? games.reduce((a, g) => a + g.actions, 0) / n : 0,
    perSide,
    vpDistribution,
    ...(turnMs.length
      ? {
          aiTurnMs: {
            turns: turnMs.length,
            mean: round(turnMs.reduce((a, x) => a + x, 0) / turnMs.length, 1),
            median: round(quantile(turnMs, 0.5), 1),
            p95: round(quantile(turnMs, 0.95), 1),
            max: round(turnMs[turnMs.length - 1]!, 1),
          },
        }
      : {}),
  };
}

export type SimulateSummary = ReturnType<typeof summarize>;
