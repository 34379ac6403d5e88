/**
 * Air-to-air combat's column (point-to-point A.1, RULINGS P-17): "the Soviet player rolls
 * one die, using the column of the combat table that corresponds to the number of Soviet
 * air units present ... The die-roll result is the number of Soviet air units surviving."
 * The printed combat table is lost (P-1). Read as survivors, the provisional fire table
 * (losses, built for ground fire) left a lone Soviet air unit alive on a 6 only, so every
 * front air force died on turn 1 (P-16). While the combat table is the provisional one,
 * air-to-air reads a provisional column of its own (data/air-to-air.provisional.json: the
 * roll in sixths of the units present survive, rounded half up); a printed combat table
 * loaded in its place serves air-to-air itself, as the text says. Flak (A.1b) stays on the
 * combat table (losses).
 */
import { compileFireTable, type FireTable, fireLosses } from '@stavka/engine';
import airFile from './data/air-to-air.provisional.json' with { type: 'json' };

const compiled = compileFireTable(airFile, 'point-to-point/data/air-to-air.provisional.json');
if (!compiled.ok)
  throw new Error(`the point-to-point air-to-air column is invalid: ${JSON.stringify(compiled.error)}`);
/** The provisional air-to-air column (P-17): survivors by the number of Soviet air units present and the roll. */
export const AIR_TO_AIR_TABLE: FireTable = compiled.value;

/** The table air-to-air combat reads beside a combat table (P-17): its own column while that table is provisional. */
export function airToAirTable(combatTable: FireTable): FireTable {
  return combatTable.provisional ? AIR_TO_AIR_TABLE : combatTable;
}

/** The Soviet air units surviving one German air unit (A.1): the roll on the column of those present, never more. */
export function airToAirSurvivors(table: FireTable, present: number, roll: number): number {
  if (present <= 0) return 0;
  return Math.min(fireLosses(table, Math.min(present, table.maxFire), roll), present);
}
