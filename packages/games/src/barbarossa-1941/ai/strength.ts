/**
 * What each side has on the map (issue #44, level 2's evaluation): the victory points the
 * Axis holds in supply (B-33), and each side's ground combat strength on the map with the
 * units that can trace no supply at all ("Isolated", barbarossa-1941 "Supply") apart: a
 * unit cut off cannot be replaced, moves and fights at a loss and is as good as lost once
 * the pocket is reduced.
 *
 * Strength is counted in the factors a side fights with: the Axis attacks, the Russians
 * defend (the level-1 games: the Axis loses a tenth of its attack factors in a game, the
 * Russians' defense grows by two thirds, docs/barbarossa-balance.md). A face-down Russian
 * piece counts as its face (`publicUnit`: a rifle army 2-2), so the features read the same
 * from either side's view. Air units, railheads, conversion units and factories are no
 * ground combat units and count nothing.
 */
import { Board } from '../board.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import { attackFactor, type BarbarossaState, defenseFactor } from '../state.ts';
import { supplyDistances } from '../supply.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import { victoryTally } from '../victory.ts';

export interface StrengthFeatures {
  /** Axis victory points held in supply (B-33). */
  readonly vp: number;
  /** Axis ground attack factors on the map that trace supply, and those that cannot. */
  readonly axisAttack: number;
  readonly axisCut: number;
  /** Russian ground defense factors on the map that trace supply, and those that cannot. */
  readonly sovietDefense: number;
  readonly sovietCut: number;
}

/** The features of `g` (from any side's view made a state, or a full state). */
export function strengthFeatures(
  g: BarbarossaState,
  board: Board = new Board(g, rulesScenarioByKey(g.scenario)),
): StrengthFeatures {
  const vp = victoryTally(board, 'axis').points;
  const supplied = { axis: supplyDistances(board, 'axis'), soviet: supplyDistances(board, 'soviet') };
  let axisAttack = 0;
  let axisCut = 0;
  let sovietDefense = 0;
  let sovietCut = 0;
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.status !== 'map' || p.at < 0) continue;
    const u = board.unit(id);
    if (!isGroundUnit(u)) continue;
    const cut = supplied[p.side][p.at]! < 0;
    if (p.side === 'axis') {
      const f = attackFactor(u, p);
      if (cut) axisCut += f;
      else axisAttack += f;
    } else {
      const f = defenseFactor(u, p);
      if (cut) sovietCut += f;
      else sovietDefense += f;
    }
  }
  return { vp, axisAttack, axisCut, sovietDefense, sovietCut };
}
