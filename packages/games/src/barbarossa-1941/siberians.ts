/**
 * barbarossa-1941 "Siberian Reserve units and the Siberian Reserve Gamble": "There are 4
 * consecutive turns of (white) UnDisrupted Siberian Reserve (1 per) shock army
 * reinforcements.  The Siberians can be brought in safely starting in Dec41 ... or at a
 * 1/9 - two 33% die rolls - chance of losing the game for every turn the Russian player
 * has brought them in sooner.  They may be brought in from the eastern edge of the
 * mapboard or on or adjacent to any other Russian unit in supply, or on any Russian city
 * or town in supply." (RULINGS B-43.) RULINGS B-67: four consecutive arrivals from
 * December II 1941 give three before the game ends ("which means not getting the last
 * one"), so December II (the data's `safeFromTurn: 13`) is the first safe turn; each
 * arrival before it is preceded by the 1/9 roll.
 */
import type { RulesContext } from '@stavka/engine';
import { Memo } from '@stavka/engine';
import { Board } from './board.ts';
import { impassable, type RulesScenario } from './rules-scenario.ts';
import { type BarbarossaState, freshPiece } from './state.ts';
import { boardSupplyDistances } from './supply.ts';

export const CITE_SIBERIANS = 'barbarossa-1941 "Siberian Reserve units and the Siberian Reserve Gamble"';

/** May the Russian player call the Siberian Reserve now (B.1, once)? */
export function mayCallSiberians(g: BarbarossaState, s: RulesScenario): boolean {
  return (
    g.player === 'soviet' &&
    g.step === 'reinforce' &&
    g.siberiansFrom === null &&
    s.siberianReserve.units.length > 0
  );
}

/** The Siberian army arriving this turn, if any (one a turn from the call, in order). */
export function siberianDue(g: BarbarossaState, s: RulesScenario): string | null {
  if (g.siberiansFrom === null) return null;
  return s.siberianReserve.units[g.turn - g.siberiansFrom] ?? null;
}

/**
 * A Siberian army enters the arrivals; before the safe turn, two dice: both 1-2 (1/9)
 * and the Russian player loses the game.
 */
export function siberianArrival(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const unit = siberianDue(g, s);
  if (!unit || g.pieces[unit]) return;
  if (g.turn < s.siberianReserve.safeFromTurn) {
    const a = ctx.roll('Siberian Reserve gamble, first die (1-2)', [CITE_SIBERIANS, 'B-43']);
    const b = ctx.roll('Siberian Reserve gamble, second die (1-2)', [CITE_SIBERIANS, 'B-43']);
    if (a <= 2 && b <= 2) {
      const words =
        'Axis victory: the Siberian Reserve gamble fails, the Russian player loses the game (B-43, B-67)';
      g.winner = 'axis';
      g.result = { winner: 'axis', kind: 'siberian-gamble', games: 1, words };
      g.step = 'over';
      ctx.log({ kind: 'victory', text: words, cite: [CITE_SIBERIANS, 'B-43', 'B-67'] });
      return;
    }
  }
  g.pieces[unit] = freshPiece('soviet', unit, null, -1);
  g.order.push(unit);
  g.arrivals.push(unit);
  ctx.log({
    kind: 'reinforcements',
    text: `${s.units[unit]?.designation ?? unit} arrives from Siberia`,
    cite: [CITE_SIBERIANS],
  });
}

/**
 * Where a Siberian army may enter: the eastern edge, on or next to a Russian unit in
 * supply, a Russian city or town in supply. `board`: the state's, if made.
 */
export function siberianEntryHexes(
  g: BarbarossaState,
  s: RulesScenario,
  id: string,
  board: Board = new Board(g, s),
): number[] {
  return siberianHexes(board).filter((h) => board.fits(h, [id]));
}

/** Per board: the hexes a Siberian army may enter but for stacking, in order (every arrival asks). */
const siberianCandidates = new Memo<Board, readonly number[]>('siberianCandidates');

function siberianHexes(board: Board): readonly number[] {
  const known = siberianCandidates.get(board);
  if (known) return known;
  const { g, s } = board;
  const dist = boardSupplyDistances(board, 'soviet');
  const out = new Set<number>(s.siberia);
  const { graph } = s.map;
  for (const other of g.order) {
    const p = g.pieces[other]!;
    if (p.side !== 'soviet' || p.status !== 'map' || dist[p.at]! < 0) continue;
    out.add(p.at);
    for (let k = graph.offsets[p.at]!; k < graph.offsets[p.at + 1]!; k++)
      if (graph.targets[k]! >= 0) out.add(graph.targets[k]!);
  }
  for (let h = 0; h < s.placeKind.length; h++) {
    if (
      s.placeKind[h] !== null &&
      s.axisCountry[h] !== 1 &&
      dist[h]! >= 0 &&
      (g.control[s.placeName[h] ?? ''] ?? 'soviet') === 'soviet'
    )
      out.add(h);
  }
  const hexes = [...out]
    .filter(
      (h) =>
        s.map.onMap[h] === 1 &&
        !impassable(s, h, board.weather) &&
        (s.rumania[h] !== 1 || g.rumaniaOpen === true) && // B-66: not into Rumania before it is opened
        !board.hasEnemy('soviet', h),
    )
    .sort((a, b) => a - b);
  siberianCandidates.set(board, hexes);
  return hexes;
}
