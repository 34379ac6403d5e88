/**
 * barbarossa-1941 "Bombing and – the dreaded Stukas - Close Air Support", "Airfields" and
 * "Range", as far as ground combat reads them (RULINGS B-13, B-46): "if the bombing/
 * strafing target hex is under ground attack, a German fliegerkorps increases the combat
 * odds 2 column shifts – the 8th Fliegerkorps 3 – not more than doubling the odds";
 * "The Russian Close Air Support bonus is 1 column shift, regardless of terrain";
 * "Luftwaffe units may be freely combined ...  Russian front air/aviation units may not be
 * combined"; "Maximum German fliegerkorps air range is 6 hexes from its base - for
 * Russians, 4 hexes ... at more than half these ranges decreases effectiveness ... by 1";
 * "If its hex is not in full supply, it and its air unit are non-operational"; "an air
 * unit may be used only once offensively".
 */
import type { OddsTable, Shift } from '@stavka/engine';
import type { Board } from './board.ts';
import { hexDistance } from './combat-results.ts';
import { supplyStatuses } from './supply.ts';

export const CITE_AIR = 'barbarossa-1941 "Bombing and Close Air Support"';

/** Air units of the side to move that may support an attack on `target` now. */
export function airSupporters(board: Board, target: number, already: readonly string[]): string[] {
  const { g } = board;
  const side = g.player;
  if (side === 'soviet' && already.length > 0) return []; // "Russian front air/aviation units may not be combined"
  const supply = supplyStatuses(board, side);
  const out: string[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== side || p.status !== 'map' || already.includes(id) || g.airUsed.includes(id)) continue;
    const u = board.unit(id);
    if (u.type !== 'air' || (u.factors.shifts ?? 0) <= 0) continue;
    if (supply[id] !== 'full') continue; // non-operational out of full supply
    if (hexDistance(board, p.at, target) > (u.factors.range ?? 0)) continue;
    out.push(id);
  }
  return out;
}

/**
 * The air shift of an attack: each unit its shifts (the 8th Fliegerkorps 3), 1 less beyond
 * half its range (B-46); the German total held so that the final odds are at most twice
 * the raw ratio (B-13), the Russian +1 "regardless of terrain".
 */
export function airShift(
  board: Board,
  table: OddsTable,
  air: readonly string[],
  target: number,
  attack: number,
  defense: number,
  before: number,
): Shift | null {
  if (air.length === 0) return null;
  let by = 0;
  const names: string[] = [];
  for (const id of air) {
    const u = board.unit(id);
    const range = u.factors.range ?? 0;
    const far = hexDistance(board, board.piece(id).at, target) > range / 2;
    by += Math.max(0, (u.factors.shifts ?? 0) - (far ? 1 : 0));
    names.push(`${u.designation}${far ? ' (beyond half range: -1)' : ''}`);
  }
  if (board.g.player === 'soviet')
    return { by, reason: `close air support: ${names.join(', ')}`, cite: CITE_AIR };
  // B-13: the final column's odds at most twice the raw ratio.
  let cap = -1;
  table.columns.forEach((c, i) => {
    if (c.attack * defense <= 2 * attack * c.defense) cap = i;
  });
  const held = Math.max(0, Math.min(by, cap - before));
  return {
    by: held,
    reason: `air support: ${names.join(', ')}${held < by ? `, held to ${held} (not more than doubling the odds)` : ''}`,
    cite: 'B-13',
  };
}
