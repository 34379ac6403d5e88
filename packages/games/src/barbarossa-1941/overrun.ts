/**
 * barbarossa-1941 "Operational Movement" Overrun: "If a hex is being defended by a unit
 * having only a terrain-unmodified total of 1 defense factor, a group/stack of units with
 * a total attack factor of at least 7 which are moving together may eliminate it without
 * formally attacking, for the expenditure of 1 additional movement factor." And the
 * Katyusha's: "If not stacked with - protected by - other Russian units, they can be moved
 * through and automatically eliminated by a German unit." (RULINGS B-42.)
 */
import { slotBetween } from '@stavka/engine';
import type { Board } from './board.ts';
import { omfOf } from './movement.ts';
import { impassable, riverAt, terrainIn } from './rules-scenario.ts';
import { attackFactor, defenseFactor } from './state.ts';
import { isArmour, isArmy, isGerman, isMotorized, isSmall } from './unit-kinds.ts';

export interface OverrunOption {
  /** The stack moving together (every unit of the hex that may still move). */
  readonly pieces: readonly string[];
  readonly target: number;
}

/** What entering `target` from `from` costs `id` in whole MFs (B-42: terrain as movement, no road bonus). */
function entryCost(board: Board, id: string, from: number, target: number): number {
  const u = board.unit(id);
  const w = board.weather;
  const t = terrainIn(board.s, target, w);
  let cost = 1;
  const korps = isMotorized(u) && !isSmall(u);
  if ((t === 'forest' || t === 'hills') && korps) cost = 2;
  if ((t === 'swamp' || t === 'swamp-forest') && isMotorized(u)) cost = korps ? 99 : 2;
  if (t === 'mountain' && korps) cost = 99;
  const slot = slotBetween(board.s.map.graph, from, target);
  if ((isArmour(u) || (isGerman(u) && isArmy(u))) && slot >= 0 && riverAt(board.s, slot, w)) cost += 1;
  return cost;
}

/** Overruns the side to move may make now, canonical order (by hex, then target). */
export function overrunOptions(board: Board, movable: (id: string) => boolean): OverrunOption[] {
  const { g, s } = board;
  const side = g.player;
  const out: OverrunOption[] = [];
  const { graph } = s.map;
  for (let h = 0; h < board.at.length; h++) {
    const stack = board.at[h]!.filter((id) => g.pieces[id]!.side === side && movable(id));
    if (stack.length === 0) continue;
    const attack = stack.reduce((t, id) => t + attackFactor(board.unit(id), g.pieces[id]!), 0);
    for (let k = graph.offsets[h]!; k < graph.offsets[h + 1]!; k++) {
      const target = graph.targets[k]!;
      if (target < 0 || !board.hasEnemyGround(side, target) || impassable(s, target, board.weather)) continue;
      const defenders = board.at[target]!;
      const lone = defenders.length === 1 ? defenders[0]! : null;
      const katyusha = side === 'axis' && lone !== null && board.unit(lone).type === 'katyusha';
      // "a terrain-unmodified total of 1 defense factor": face-down pieces count as the 2 the text assumes.
      const defense = defenders.reduce((t, d) => t + defenseFactor(board.unit(d), g.pieces[d]!), 0);
      if (katyusha) {
        for (const id of stack) if (isGerman(board.unit(id))) out.push({ pieces: [id], target });
        continue;
      }
      if (defense !== 1 || attack < 7) continue;
      // Every unit of the stack must have the MFs: the hex's cost plus 1 (within its OMF: no bonus).
      if (stack.every((id) => entryCost(board, id, h, target) + 1 <= omfOf(board, id)))
        out.push({ pieces: stack, target });
    }
  }
  return out;
}
