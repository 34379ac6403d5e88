/**
 * Level 2's evaluation (issue #44): each side's chance of winning read from what it has,
 * not only from the cities — the Axis victory points in supply (B-33) and each side's
 * ground combat strength on the map, the units cut off from supply apart (`strength.ts`)
 * — by two logistic models a game-turn (the Axis wins; the Russians win; the rest a draw)
 * fitted to the results of played level-1 games (`strength-data.ts` samples,
 * `fit-strength.ts` writes `strength-weights.json`). The samples are taken at the start of
 * the Russian player-turn, where the search scores its plans.
 *
 * The analyst (issue #48) keeps its own reading (`analyst.ts` `barbarossaChances`); this
 * one is the search's.
 */
import { Board } from '../board.ts';
import { rulesScenarioByKey, type Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { sovietSuddenHeld } from '../victory.ts';
import { type StrengthFeatures, strengthFeatures } from './strength.ts';
import fitted from './strength-weights.json' with { type: 'json' };

/**
 * The features the models read, in their weights' order (after the intercept): the Axis
 * victory points in supply, the Axis ground attack factors on the map, the Russian ground
 * defense factors on the map (tens of factors). Units cut off count as the others: fitted
 * apart (`strength.ts` `axisCut`, `sovietCut`) they predicted the result no better on
 * games left out of the fit (a Russian pocket at the start of the Russian player-turn
 * mostly breaks out or is relieved; an Axis one is mostly a spearhead ahead of its supply).
 */
export const EVAL_FEATURES = ['vp', 'axisStrength', 'sovietStrength'] as const;

/** The intercept's 1, then the features (strength in tens of factors). */
export function featureVector(f: StrengthFeatures): number[] {
  return [1, f.vp, (f.axisAttack + f.axisCut) / 10, (f.sovietDefense + f.sovietCut) / 10];
}

interface Bucket {
  readonly turn: number;
  readonly axis: readonly number[];
  readonly soviet: readonly number[];
}

const BUCKETS: readonly Bucket[] = fitted.buckets;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const dot = (w: readonly number[], x: readonly number[]) => x.reduce((a, v, i) => a + v * (w[i] ?? 0), 0);

/** The models of game-turn `turn` (past the last fitted turn, the last). */
function bucketOf(turn: number): Bucket {
  let best = BUCKETS[0]!;
  for (const b of BUCKETS) if (b.turn <= turn) best = b;
  return best;
}

/** Each side's chance of winning from `f` at game-turn `turn`. */
export function chancesOf(f: StrengthFeatures, turn: number): Record<Side, number> {
  const b = bucketOf(turn);
  const x = featureVector(f);
  return { axis: sigmoid(dot(b.axis, x)), soviet: sigmoid(dot(b.soviet, x)) };
}

/**
 * Each side's chance of winning from `g` (a game over: its result; a Russian hold on
 * Warsaw, or Bucharest and Ploesti, B-12: all but won).
 */
export function strengthChances(g: BarbarossaState): Record<Side, number> {
  if (g.winner === 'axis') return { axis: 1, soviet: 0 };
  if (g.winner === 'soviet') return { axis: 0, soviet: 1 };
  if (g.winner === 'draw') return { axis: 0, soviet: 0 };
  const board = new Board(g, rulesScenarioByKey(g.scenario));
  if (sovietSuddenHeld(board) !== null) return { axis: 0.02, soviet: 0.97 };
  return chancesOf(strengthFeatures(g, board), g.turn);
}
