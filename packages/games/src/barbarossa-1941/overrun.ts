/**
 * barbarossa-1941 "Operational Movement" Overrun: "If a hex is being defended by a unit
 * having only a terrain-unmodified total of 1 defense factor, a group/stack of units with
 * a total attack factor of at least 7 which are moving together may eliminate it without
 * formally attacking, for the expenditure of 1 additional movement factor." And the
 * Katyusha's: "If not stacked with - protected by - other Russian units, they can be moved
 * through and automatically eliminated by a German unit." (RULINGS B-42, B-65.)
 *
 * B-65: the group is the units standing together in one hex at that moment, moved or not
 * this phase, each with the entered hex's cost + 1 MF left within its OMF (not the OMB).
 * A face-down defender is judged by its face, the side the mover sees; the overrun reveals
 * it and reads it at its real value (issue #41: a face-down "2-1" tank korps may be a 4-3).
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { revealPieces } from './hidden.ts';
import { canMove, omfOf } from './movement.ts';
import { eliminatePiece } from './resolution.ts';
import { impassable, type RulesScenario, terrainIn } from './rules-scenario.ts';
import { attackFactor, type BarbarossaState, defenseFactor } from './state.ts';
import { isGerman, isGroundUnit, isMotorized, isSmall } from './unit-kinds.ts';

export interface OverrunOption {
  /** The group moving together: the units of the hex with the MFs for it (B-65). */
  readonly pieces: readonly string[];
  readonly target: number;
}

/**
 * What entering `target` from `from` costs `id` in whole MFs (B-42: terrain as movement, no
 * road bonus; B-69: no river MF, an overrun is made "without formally attacking").
 */
export function entryCost(board: Board, id: string, target: number): number {
  const u = board.unit(id);
  const w = board.weather;
  const t = terrainIn(board.s, target, w);
  let cost = 1;
  const korps = isMotorized(u) && !isSmall(u);
  if ((t === 'forest' || t === 'hills') && korps) cost = 2;
  if ((t === 'swamp' || t === 'swamp-forest') && isMotorized(u)) cost = korps ? 99 : 2;
  if (t === 'mountain' && korps) cost = 99;
  return cost;
}

/**
 * B-65: may `id` join an overrun from its hex now? Its side's, on the map, Undisrupted,
 * not attacked nor allocated (`free`), a ground unit that moves operationally, not moved
 * with the OMB, and with the hex's cost + 1 MF left within its OMF (in half MFs: `mfLeft`,
 * or its whole OMF if it has not moved).
 */
export function mayOverrun(board: Board, id: string, target: number, free: (id: string) => boolean): boolean {
  const p = board.piece(id);
  if (p.side !== board.g.player || p.status !== 'map' || p.disrupted || p.attacked || p.moved === 'bonus')
    return false;
  if (!free(id)) return false;
  const u = board.unit(id);
  if (u.type === 'rail-conversion' || u.type === 'railway-gun' || !isGroundUnit(u)) return false;
  const left = p.mfLeft ?? 2 * omfOf(board, id);
  return 2 * (entryCost(board, id, target) + 1) <= left;
}

/**
 * Overruns the side to move may make now, canonical order (by hex, then target); `free`
 * says which pieces are not allocated to an attack.
 */
export function overrunOptions(board: Board, free: (id: string) => boolean): OverrunOption[] {
  const { g, s } = board;
  const side = g.player;
  const out: OverrunOption[] = [];
  const { graph } = s.map;
  const enemyGround = board.enemyGroundOf(side);
  // The hexes holding the side's units, in order.
  const hexes: number[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side === side && p.status === 'map' && p.at >= 0) hexes.push(p.at);
  }
  hexes.sort((a, b) => a - b);
  for (let i = 0; i < hexes.length; i++) {
    const h = hexes[i]!;
    if (i > 0 && hexes[i - 1] === h) continue;
    for (let k = graph.offsets[h]!; k < graph.offsets[h + 1]!; k++) {
      const target = graph.targets[k]!;
      if (target < 0 || enemyGround[target] !== 1 || impassable(s, target, board.weather)) continue;
      const defenders = board.at[target]!;
      const lone = defenders.length === 1 ? defenders[0]! : null;
      const katyusha = side === 'axis' && lone !== null && board.unit(lone).type === 'katyusha';
      // "a terrain-unmodified total of 1 defense factor": face-down pieces count as the 2 the text assumes.
      const defense = defenders.reduce((t, d) => t + defenseFactor(board.unit(d), g.pieces[d]!), 0);
      if (!katyusha && defense !== 1) continue;
      const group = board.at[h]!.filter((id) => mayOverrun(board, id, target, free));
      if (katyusha) {
        // "moved through": any German unit of the hex that may still move.
        for (const id of board.at[h]!)
          if (free(id) && canMove(board, id) && isGerman(board.unit(id))) out.push({ pieces: [id], target });
        continue;
      }
      const attack = group.reduce((t, id) => t + attackFactor(board.unit(id), g.pieces[id]!), 0);
      if (attack < 7) continue;
      out.push({ pieces: group, target });
    }
  }
  return out;
}

/**
 * Makes the overrun of `target` by `pieces` (B-42, B-65). Face-down defenders are revealed
 * first and read at their real value ("a unit having only a terrain-unmodified total of 1
 * defense factor"): a face-down tank korps that is a 3-2 or 4-3 is not overrun, and the
 * group ends its move in its hex (it may still attack it). Overrun units are eliminated as
 * in combat (a tank korps to the replacement pile); the group ends its move in the hex,
 * its MFs spent. Returns whether the defenders were overrun.
 */
export function applyOverrun(
  g: BarbarossaState,
  s: RulesScenario,
  pieces: readonly string[],
  target: number,
  ctx: RulesContext,
): boolean {
  const cite = ['barbarossa-1941 "Operational Movement" Overrun', 'B-42', 'B-65'];
  const hidden = new Board(g, s).at[target]!.filter((d) => g.pieces[d]!.unit === null);
  if (hidden.length > 0) revealPieces(g, s, hidden, ctx);
  const board = new Board(g, s);
  const defenders = board.at[target]!.slice();
  const katyusha = defenders.length === 1 && board.unit(defenders[0]!).type === 'katyusha';
  const defense = defenders.reduce((t, d) => t + defenseFactor(board.unit(d), g.pieces[d]!), 0);
  const costs = pieces.map((id) => entryCost(board, id, target));
  for (const id of pieces) {
    const p = g.pieces[id]!;
    p.moved = 'attack';
    p.entrenched = false;
  }
  if (!katyusha && defense !== 1) {
    ctx.log({
      kind: 'move',
      text: `no overrun of ${s.hexNumbers[target]}: revealed, its units have ${defense} defense factors; the group stops in its hex`,
      cite,
    });
    return false;
  }
  for (const d of defenders) eliminatePiece(g, s, d, ctx, 'overrun', cite);
  pieces.forEach((id, i) => {
    const p = g.pieces[id]!;
    const left = p.mfLeft ?? 2 * omfOf(board, id);
    p.at = target;
    p.mfLeft = katyusha ? Math.max(0, left - 2 * costs[i]!) : Math.max(0, left - 2 * (costs[i]! + 1));
  });
  return true;
}
