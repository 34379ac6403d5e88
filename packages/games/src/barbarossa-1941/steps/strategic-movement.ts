/**
 * Strategic movement in the reinforcement step (barbarossa-1941 "GAME-TURN SEQUENCE"
 * A.1 / B.1; steps/reinforce.ts offers it): by rail (rail.ts, B-38), by sea (sea.ts,
 * B-47), the German rail conversion units' track (A.1) and the Axis railheads' advance
 * ("Supply", RULINGS B-38).
 */
import { Board } from '../board.ts';
import { CITE_RAIL, conversionMoves, railDestinations, railheadMoves } from '../rail.ts';
import { enterHex, label } from '../resolution.ts';
import type { RulesScenario, Side } from '../rules-scenario.ts';
import { sail, seaDestinations } from '../sea.ts';
import { moscowMoraleRoll } from '../special-units.ts';
import type { BarbarossaAction } from './actions.ts';
import { type Effects, log } from './step.ts';

/**
 * The rail move of a piece to a hex, one object per scenario, piece and hex: the Russian
 * lists offer tens of thousands of them, most the same from one state to the next, and
 * legal lists share their actions (never changed, as no legal action is).
 */
const railMoves = new WeakMap<RulesScenario, Map<string, (BarbarossaAction | undefined)[]>>();

function railMovesOf(s: RulesScenario, piece: string): (BarbarossaAction | undefined)[] {
  let byPiece = railMoves.get(s);
  if (!byPiece) {
    byPiece = new Map();
    railMoves.set(s, byPiece);
  }
  let moves = byPiece.get(piece);
  if (!moves) {
    moves = new Array<BarbarossaAction | undefined>(s.map.graph.nodeCount);
    byPiece.set(piece, moves);
  }
  return moves;
}

/** Every rail, sea and conversion move of `side`'s pieces, piece by piece, then (Axis) the railheads' advances; added to `out`. */
export function strategicMoves(board: Board, side: Side, out: BarbarossaAction[]): void {
  const { g, s } = board;
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== side || p.status !== 'map') continue;
    const rail = railDestinations(board, id);
    if (rail.length > 0) {
      const made = railMovesOf(s, id);
      for (const to of rail) {
        let move = made[to];
        if (move === undefined) {
          move = { type: 'rail', piece: id, to };
          made[to] = move;
        }
        out.push(move);
      }
    }
    for (const d of seaDestinations(g, s, id, board)) out.push({ type: 'sea', piece: id, to: d.to });
    if (side === 'axis' && board.unit(id).type === 'rail-conversion')
      for (const to of conversionMoves(board, id).keys()) out.push({ type: 'convert', piece: id, to });
  }
  if (side === 'axis')
    g.railheads.forEach((_, index) => {
      if (g.railheadsMoved.includes(index)) return;
      for (const to of railheadMoves(board, index)) out.push({ type: 'railhead', index, to });
    });
}

export const strategicEffects: Effects<'rail' | 'sea' | 'convert' | 'railhead'> = {
  rail(g, s, _side, a, ctx) {
    // "Units moved by rail are Disrupted"
    const p = g.pieces[a.piece]!;
    const from = p.at;
    p.at = a.to;
    p.disrupted = true;
    p.moved = 'bonus';
    p.entrenched = false;
    g.railMoves += 1;
    enterHex(g, s, a.to, p.side, ctx);
    log(
      ctx,
      'rail',
      `${label(g, s, a.piece)} moves by rail ${s.hexNumbers[from]} to ${s.hexNumbers[a.to]}, arriving Disrupted`,
      [CITE_RAIL],
    );
    // B-40: "The instant the Axis player takes Moscow, in supply": by a rail move too.
    if (p.side === 'axis') moscowMoraleRoll(g, s, a.to, ctx);
  },

  sea(g, s, _side, a, ctx) {
    sail(g, s, a.piece, a.to, ctx);
  },

  convert(g, s, _side, a, ctx) {
    const path = conversionMoves(new Board(g, s), a.piece).get(a.to)!;
    const p = g.pieces[a.piece]!;
    g.converted = [...new Set([...g.converted, ...path])].sort((x, y) => x - y);
    p.at = a.to;
    p.moved = 'attack';
    log(
      ctx,
      'rail',
      `${label(g, s, a.piece)} converts the track ${path.map((h) => s.hexNumbers[h]).join('-')} to the German gauge`,
      [CITE_RAIL, 'A.1'],
    );
  },

  railhead(g, s, _side, a, ctx) {
    log(ctx, 'rail', `railhead ${s.hexNumbers[g.railheads[a.index]!]} advances to ${s.hexNumbers[a.to]}`, [
      'barbarossa-1941 "Supply"',
      'B-38',
    ]);
    g.railheads[a.index] = a.to;
    g.railheadsMoved.push(a.index);
  },
};
