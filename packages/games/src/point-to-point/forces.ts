/**
 * Moscow 1941 point-to-point: the units of a battle and what the surviving rules make of
 * them, shared by the battle rules (battle.ts) and the exact analysis (analysis.ts) so
 * both read the same sentences the same way.
 *
 * - firing value: point-to-point B.2 "Firing Procedure" (undispersed values), A.3 (each
 *   surviving Soviet air unit +1, RULINGS P-4 even when every Soviet ground unit is
 *   dispersed), A.4 (German air multiplies: German units attacking, all Axis units
 *   defending, in supply, P-4);
 * - loss limits: B.2 ("major ... up to its strength point number", "minor ... one loss
 *   less than its strength");
 * - retreat weights: B.4a (Axis Allied armies 2, SS Pz divisions and the 1st Moscow
 *   Motorized 1/2, every other unit 1; Soviet air as a one-value ground unit), counted
 *   here in half units so every weight is whole.
 */

export const SIDES = ['axis', 'soviet'] as const;
export type Side = (typeof SIDES)[number];
export const other = (s: Side): Side => (s === 'axis' ? 'soviet' : 'axis');

export const WEATHERS = ['good', 'snow'] as const;
export type Weather = (typeof WEATHERS)[number];

/** Regular ground combat, or combat after breakthrough movement (a lost rule, P-3). */
export const COMBAT_KINDS = ['regular', 'breakthrough'] as const;
export type CombatKind = (typeof COMBAT_KINDS)[number];

/** Major and minor ground units (B.2) and air units (A). */
export const UNIT_CLASSES = ['major', 'minor', 'air'] as const;
export type UnitClass = (typeof UNIT_CLASSES)[number];

/** The formations the text names for retreat (B.4a); "line" is every other unit. */
export const FORMATIONS = ['line', 'allied-army', 'ss-pz', 'moscow-motorized'] as const;
export type Formation = (typeof FORMATIONS)[number];

export const ROLES = ['attacker', 'defender'] as const;
export type Role = (typeof ROLES)[number];

/** What a unit of a battle is, fixed for the battle. */
export interface UnitProfile {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  readonly role: Role;
  readonly unitClass: UnitClass;
  /** Printed strength (ground units); 0 for air units. */
  readonly value: number;
  readonly formation: Formation;
  readonly inSupply: boolean;
}

/** Losses a unit may carry and not be destroyed (B.2); air units absorb none (A.3, A.5). */
export function lossLimit(u: Pick<UnitProfile, 'unitClass' | 'value'>): number {
  if (u.unitClass === 'major') return u.value;
  if (u.unitClass === 'minor') return u.value - 1;
  return -1;
}

/** Whether German air units multiply this unit's value (A.4, RULINGS P-4). */
export function airMultiplies(u: UnitProfile): boolean {
  if (u.side !== 'axis' || u.unitClass === 'air' || !u.inSupply) return false;
  // Attack: "all attacking German units in supply"; defence: "all Axis units in supply".
  return u.role === 'defender' || u.formation !== 'allied-army';
}

/**
 * The value a ground unit fires with while undispersed: its strength, doubled by one
 * German air unit with its side, tripled by two, ... quintupled by four (A.4).
 */
export function effectiveValue(u: UnitProfile, germanAir: number): number {
  if (u.unitClass === 'air') return 0;
  return airMultiplies(u) ? u.value * (1 + Math.min(germanAir, 4)) : u.value;
}

/** Retreat weight in half units (B.4a; Soviet air counts as a one-value ground unit, A/B.4). */
export function retreatHalves(u: Pick<UnitProfile, 'formation'>): number {
  if (u.formation === 'allied-army') return 4;
  if (u.formation === 'ss-pz' || u.formation === 'moscow-motorized') return 1;
  return 2;
}

export const CITE = {
  airToAir: 'point-to-point A.1a Air-to-air',
  flak: 'point-to-point A.1b Air-to-ground',
  germanAirImmune: 'point-to-point A.2 German Air Units',
  sovietAir: 'point-to-point A.3 Surviving Soviet Air Units',
  germanAir: 'point-to-point A.4 German Air Units In Combat',
  airAlone: 'point-to-point A.5 German Air Units Alone',
  kinds: 'point-to-point B.1',
  normal: 'point-to-point B.2 Normal',
  firing: 'point-to-point B.2 Firing Procedure',
  simultaneous: 'point-to-point B.3 Simultaneous',
  retreat: 'point-to-point B.4 Retreat from combat',
  advance: 'point-to-point B.5 Advance After Combat',
  large: 'point-to-point B.6 Large Combats',
} as const;
