/**
 * barbarossa-1941 "Special Units", Russian Leningrad Railway Guns: "Adds 1 combat odds
 * column shift supporting an attack down its line. If being attacked by any units from its
 * line, it reduces the attack by a 1 column shift. Like for Katyushas, it must be in supply
 * to shoot.  They both enter the game on Leningrad in August I." And "Strategic Movment":
 * "A rail conversion unit can be destroyed if it is undefended or cannot retreat back up a
 * rail line.  (Same for Russian Railway Guns!)" (RULINGS B-54.)
 *
 * A gun's line is the Russian rail track through its hex; its reach down the line is the
 * unit's `range` factor (scenario data: 1 hex). Movement along the line is movement.ts's,
 * the retreat up it combat-results.ts's; the odds shift is read by attack.ts.
 */
import type { Shift } from '@stavka/engine';
import type { Board } from './board.ts';
import type { Supply } from './state.ts';

/** Units that move and retreat only along rail lines: railway guns and rail conversion units (B-54). */
export function railBound(type: string): boolean {
  return type === 'railway-gun' || type === 'rail-conversion';
}

/** Is the hexside `slot` crossed by a Russian rail line (track not converted to the German gauge at both ends)? */
export function russianRailSlot(board: Board, from: number, slot: number, to: number): boolean {
  const { s, g } = board;
  if ((s.map.links[slot]! & s.railBit) === 0) return false;
  return !(g.converted.includes(from) && g.converted.includes(to));
}

/** The hexes down the gun's line within its reach, counted along the rail track from its hex (its own hex excluded). */
export function gunLine(board: Board, id: string): number[] {
  const { graph } = board.s.map;
  const start = board.piece(id).at;
  const reach = board.unit(id).factors.range ?? 1;
  const seen = new Set<number>([start]);
  let frontier = [start];
  for (let step = 0; step < reach; step++) {
    const next: number[] = [];
    for (const h of frontier)
      for (let k = graph.offsets[h]!; k < graph.offsets[h + 1]!; k++) {
        const t = graph.targets[k]!;
        if (t < 0 || seen.has(t) || !russianRailSlot(board, h, k, t)) continue;
        seen.add(t);
        next.push(t);
      }
    frontier = next;
  }
  seen.delete(start);
  return [...seen].sort((a, b) => a - b);
}

/** Railway guns able to shoot: on the map, in supply (Full or Limited: "must be in supply", as B-41 reads it for Katyushas). */
function gunsReady(board: Board, supply: Readonly<Record<string, Supply>>): string[] {
  const g = board.g;
  return g.order.filter((id) => {
    const p = g.pieces[id]!;
    if (p.status !== 'map' || p.side !== 'soviet' || p.unit === null) return false;
    return board.unit(id).type === 'railway-gun' && (supply[id] ?? p.supply) !== 'isolated';
  });
}

/**
 * The railway gun's column shift for an attack (B-54), or null: +1 for a Russian attack on
 * a hex down an UnDisrupted gun's line; -1 for an Axis attack on a gun's hex when any
 * attacker stands on its line. One gun's shift a way, however many guns could fire.
 */
export function railwayGunShift(
  board: Board,
  attackers: readonly string[],
  target: number,
  supply: Readonly<Record<string, Supply>>,
): Shift | null {
  const guns = gunsReady(board, supply);
  if (guns.length === 0) return null;
  if (board.g.player === 'soviet') {
    const gun = guns.find((id) => !board.piece(id).disrupted && gunLine(board, id).includes(target));
    return gun ? { by: 1, reason: `${board.unit(gun).designation} fires down its line`, cite: 'B-54' } : null;
  }
  const from = new Set(attackers.map((a) => board.piece(a).at));
  const gun = guns.find((id) => board.piece(id).at === target && gunLine(board, id).some((h) => from.has(h)));
  return gun
    ? { by: -1, reason: `${board.unit(gun).designation} fires on attackers from its line`, cite: 'B-54' }
    : null;
}
