/**
 * Fits level 2's evaluation (issue #44, `evaluation.ts`) to played games: for each
 * game-turn, two logistic models (the Axis wins; the Russians win) of the features of
 * `strength.ts` at the start of the Russian player-turn, fitted by Newton's method with a
 * small ridge on the weights (not the intercept), each turn on the samples of that turn and
 * the two turns either side of it. The signs are held to what the rules say each feature is
 * worth (`SIGNS`: a victory point or a unit of its own is never bad for a side): a weight
 * fitted with the other sign (the level-1 games confound them: an Axis that attacks less
 * keeps more units and takes fewer cities) is set to 0 and the rest fitted again. Games split by their index in two halves: each model is
 * scored on the half it was not fitted on (held-out log loss), beside the base rate and a
 * model of the victory points alone; then fitted on all and written out.
 *
 *   node --import tsx packages/games/src/barbarossa-1941/ai/fit-strength.ts samples.jsonl... > strength-weights.json
 */
import { readFileSync } from 'node:fs';
import { EVAL_FEATURES, featureVector } from './evaluation.ts';
import type { StrengthSample } from './strength-data.ts';

const RIDGE = 1;
/** Each turn's models are fitted on the samples of the turns this near it (a victory point changes hands once in a few turns). */
const NEAR = 2;

/** The sign of each feature's weight in the Axis model (`EVAL_FEATURES` order); the Russian model's are the opposite. */
const SIGNS: Readonly<Record<(typeof EVAL_FEATURES)[number], 1 | -1>> = {
  vp: 1,
  axisStrength: 1,
  sovietStrength: -1,
};

/** `fitLogistic` with each weight (but the intercept) of sign `signs[j - 1]` or 0. */
export function fitSigned(
  xs: readonly number[][],
  ys: readonly number[],
  signs: readonly number[],
): number[] {
  const d = xs[0]?.length ?? 0;
  const kept = Array.from({ length: d }, (_, j) => j);
  for (;;) {
    const w = fitLogistic(
      xs.map((x) => kept.map((j) => x[j]!)),
      ys,
    );
    const bad = kept.findIndex((j, k) => j > 0 && w[k]! * signs[j - 1]! < 0);
    if (bad < 0) {
      const out = new Array<number>(d).fill(0);
      kept.forEach((j, k) => {
        out[j] = w[k]!;
      });
      return out;
    }
    kept.splice(bad, 1);
  }
}

/** Logistic regression by Newton's method, ridge `lambda` on every weight but the intercept. */
export function fitLogistic(xs: readonly number[][], ys: readonly number[], lambda = RIDGE): number[] {
  const d = xs[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < 50; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    xs.forEach((x, i) => {
      const z = x.reduce((a, v, j) => a + v * w[j]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const r = p - ys[i]!;
      const q = Math.max(1e-9, p * (1 - p));
      for (let j = 0; j < d; j++) {
        grad[j]! += r * x[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += q * x[j]! * x[k]!;
      }
    });
    for (let j = 1; j < d; j++) {
      grad[j]! += lambda * w[j]!;
      hess[j]![j]! += lambda;
    }
    const step = solve(hess, grad);
    let size = 0;
    for (let j = 0; j < d; j++) {
      w[j]! -= step[j]!;
      size = Math.max(size, Math.abs(step[j]!));
    }
    if (size < 1e-8) break;
  }
  return w;
}

/** Solves a x = b by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    const pv = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / pv;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

const logLoss = (w: readonly number[], xs: readonly number[][], ys: readonly number[]) =>
  xs.reduce((a, x, i) => {
    const p = Math.min(
      1 - 1e-6,
      Math.max(1e-6, 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * w[j]!, 0)))),
    );
    return a - (ys[i] ? Math.log(p) : Math.log(1 - p));
  }, 0) / Math.max(1, xs.length);

if (import.meta.url === `file://${process.argv[1]}`) {
  const samples: StrengthSample[] = process.argv
    .slice(2)
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as StrengthSample);
  const games = [...new Set(samples.map((s) => s.game))];
  const half = new Map(games.map((g, i) => [g, i % 2]));
  const turns = [...new Set(samples.map((s) => s.turn))].sort((a, b) => a - b);
  const buckets: { turn: number; axis: number[]; soviet: number[]; samples: number }[] = [];
  const report: string[] = [];
  const total = { full: 0, vp: 0, base: 0, n: 0 };
  for (const turn of turns) {
    const near = samples.filter((s) => Math.abs(s.turn - turn) <= NEAR);
    const fit = (side: 'axis' | 'soviet') => {
      const signs = EVAL_FEATURES.map((f) => (side === 'axis' ? SIGNS[f] : -SIGNS[f]));
      const ys = near.map((s) => (s.winner === side ? 1 : 0));
      const xs = near.map((s) => featureVector(s));
      const vpOnly = xs.map((x) => [x[0]!, x[1]!]);
      const base = xs.map((x) => [x[0]!]);
      // Held out: each half scored by the model of the other, on this turn's own samples.
      const held = { full: 0, vp: 0, base: 0, n: 0 };
      for (const h of [0, 1]) {
        const tr = near.map((s, i) => (half.get(s.game) !== h ? i : -1)).filter((i) => i >= 0);
        const te = near
          .map((s, i) => (half.get(s.game) === h && s.turn === turn ? i : -1))
          .filter((i) => i >= 0);
        const pick = <T>(a: readonly T[], is: number[]) => is.map((i) => a[i]!);
        const yTr = pick(ys, tr);
        const yTe = pick(ys, te);
        held.full += logLoss(fitSigned(pick(xs, tr), yTr, signs), pick(xs, te), yTe) * te.length;
        held.vp += logLoss(fitLogistic(pick(vpOnly, tr), yTr), pick(vpOnly, te), yTe) * te.length;
        held.base += logLoss(fitLogistic(pick(base, tr), yTr), pick(base, te), yTe) * te.length;
        held.n += te.length;
      }
      total.full += held.full;
      total.vp += held.vp;
      total.base += held.base;
      total.n += held.n;
      report.push(
        `turn ${turn} ${side}: held-out log loss ${(held.full / held.n).toFixed(3)} (victory points alone ${(held.vp / held.n).toFixed(3)}, base rate ${(held.base / held.n).toFixed(3)}), ${held.n} games`,
      );
      return fitSigned(xs, ys, signs).map((v) => Number(v.toFixed(5)));
    };
    buckets.push({
      turn,
      axis: fit('axis'),
      soviet: fit('soviet'),
      samples: near.filter((s) => s.turn === turn).length,
    });
  }
  for (const l of report) console.error(l);
  console.error(
    `all: held-out log loss ${(total.full / total.n).toFixed(3)}, victory points alone ${(total.vp / total.n).toFixed(3)}, base rate ${(total.base / total.n).toFixed(3)}`,
  );
  console.log(
    JSON.stringify(
      {
        comment: 'Written by ai/fit-strength.ts from ai/strength-data.ts samples; do not edit by hand.',
        games: games.length,
        features: EVAL_FEATURES,
        buckets,
      },
      null,
      1,
    ),
  );
}
