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

/**
 * Citations as the rules-text resolver reads them ("<game> <words of the paragraph>
 * <section>", rules-text/index.ts ruleExcerpt): the section numbers are the text's (A.1 ..
 * B.6); the words find the paragraph (the heading of A.1a is lost with the start of the text).
 */
export const CITE = {
  airToAir: 'point-to-point Soviet air units surviving A.1',
  flak: 'point-to-point Air-to-ground A.1',
  germanAirImmune: 'point-to-point German Air Units A.2',
  sovietAir: 'point-to-point Surviving Soviet Air Units A.3',
  germanAir: 'point-to-point German Air Units In Combat A.4',
  airAlone: 'point-to-point German Air Units Alone A.5',
  kinds: 'point-to-point two types of regular ground combat B.1',
  kindsGood: 'point-to-point Axis units attack in Good weather B.1',
  kindsSnow: 'point-to-point Axis units attack in Snow with an air unit B.1',
  normal: 'point-to-point In normal combat B.2',
  firing: 'point-to-point Firing Procedure B.2',
  simultaneous: 'point-to-point Simultaneous B.3',
  breakOff: 'point-to-point Either side may break off B.3',
  bothDispersed: 'point-to-point If both sides have only dispersed units left B.3',
  bothDestroyed: 'point-to-point eliminated each other completely B.3',
  retreat: 'point-to-point Retreat from combat B.4',
  retreatA: 'point-to-point Units must retreat to adjacent points B.4',
  retreatB: 'point-to-point cannot satisfy priority 1 B.4',
  retreatC: 'point-to-point retreat to a point under attack B.4',
  retreatD: 'point-to-point Attacking units withdrawing from a battle B.4',
  advance: 'point-to-point Advance After Combat B.5',
  large: 'point-to-point Large Combats B.6',
} as const;
