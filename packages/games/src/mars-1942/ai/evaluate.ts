/**
 * A static evaluation of an Operation Mars position: the chance the Soviet side wins,
 * read from a few features of the position by a logistic model fitted to the results of
 * played games (scripts/fit-mars-eval.ts writes eval-weights.json). One model per point
 * of the game: how many game turns are left and whose player-turn it is, because what a
 * victory point or a division is worth changes as the end comes nearer.
 *
 * The features: the victory points if the game ended now (`victoryTally`), each side's
 * fighting power on the map, the Soviet grip on the salient (units on German ground, and
 * how near Rzhev, Gzhatsk and the salient's towns they stand) and who is out of supply.
 */
import type { Board } from '../board.ts';
import type { Side } from '../scenario.ts';
import { victoryTally } from '../victory.ts';
import fitted from './eval-weights.json' with { type: 'json' };
import { objectiveDistance } from './map.ts';
import { unitWorth } from './odds.ts';

/** The features the model reads, in its weights' order (after the intercept). */
export const EVAL_FEATURES = [
  'vpMargin',
  'sovietPower',
  'germanPower',
  'sovietGround',
  'sovietDepth',
  'sovietIsolated',
  'germanIsolated',
  'germanRationed',
] as const;

/** A position's features (Soviet minus German where it is a margin), `EVAL_FEATURES` order. */
export function evalFeatures(board: Board): number[] {
  const { s, state } = board;
  const t = victoryTally(board);
  const deep = objectiveDistance(s);
  let sovietPower = 0;
  let germanPower = 0;
  let ground = 0;
  let depth = 0;
  let sovietIsolated = 0;
  let germanIsolated = 0;
  let germanRationed = 0;
  for (const id of s.unitIds) {
    const st = state.units[id]!;
    if (st.status !== 'map' || st.at < 0) continue;
    const u = s.units[id]!;
    const power = unitWorth(board, id) * (st.disrupted ? 0.6 : 1);
    if (u.side === 'soviet') {
      sovietPower += power;
      if (s.germanTerritory[st.at] === 1) {
        // Ground taken, and the nearer Rzhev/Gzhatsk or a town the more it threatens.
        const d = deep[st.at]!;
        const grip = st.disrupted ? 0.5 : 1;
        ground += grip;
        depth += (d >= 0 ? Math.max(0, 6 - d) : 0) * grip;
      }
      if (st.supply === 'isolated') sovietIsolated++;
    } else {
      germanPower += power;
      if (st.supply === 'isolated') germanIsolated++;
      else if (st.supply === 'rationed') germanRationed++;
    }
  }
  return [
    t.soviet - t.german,
    sovietPower,
    germanPower,
    ground,
    depth,
    sovietIsolated,
    germanIsolated,
    germanRationed,
  ];
}

/** One fitted model: where in the game it applies and its weights (intercept first). */
export interface EvalBucket {
  readonly turnsLeft: number;
  readonly player: Side;
  readonly weights: readonly number[];
}

export interface EvalWeights {
  readonly features: readonly string[];
  readonly buckets: readonly EvalBucket[];
}

function checked(w: EvalWeights): EvalWeights {
  if (w.features.join() !== EVAL_FEATURES.join())
    throw new Error(
      `eval-weights.json was fitted on features ${w.features.join(', ')}, not ${EVAL_FEATURES.join(', ')}: rerun scripts/fit-mars-eval.ts`,
    );
  for (const b of w.buckets)
    if (b.weights.length !== EVAL_FEATURES.length + 1)
      throw new Error(`eval-weights.json: ${b.turnsLeft}/${b.player} has ${b.weights.length} weights`);
  if (w.buckets.length === 0) throw new Error('eval-weights.json has no model');
  return w;
}

const WEIGHTS = checked(fitted as EvalWeights);

/**
 * The model for `turnsLeft` and `player`: the fitted one, or for a scenario longer or
 * shorter than the one fitted, the nearest point of the game with the same player.
 */
export function bucketFor(weights: EvalWeights, turnsLeft: number, player: Side): EvalBucket {
  const cost = (b: EvalBucket) => (b.player === player ? 0 : 1000) + Math.abs(b.turnsLeft - turnsLeft);
  let best = weights.buckets[0]!;
  for (const b of weights.buckets) if (cost(b) < cost(best)) best = b;
  return best;
}

/** The logistic model's chance for a feature vector. */
export function chanceFrom(bucket: EvalBucket, features: readonly number[]): number {
  let z = bucket.weights[0]!;
  for (let i = 0; i < features.length; i++) z += bucket.weights[i + 1]! * features[i]!;
  return 1 / (1 + Math.exp(-z));
}

/** The chance that `side` wins from this position, as the fitted model reads it. */
export function winChance(board: Board, side: Side, weights: EvalWeights = WEIGHTS): number {
  const { s, state } = board;
  const bucket = bucketFor(weights, s.turns - state.turn, state.player);
  const soviet = chanceFrom(bucket, evalFeatures(board));
  return side === 'soviet' ? soviet : 1 - soviet;
}
