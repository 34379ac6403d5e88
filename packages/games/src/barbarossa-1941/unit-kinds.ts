/**
 * How the Barbarossa text classes a unit: what moves as armour, what is infantry-type,
 * who has a zone of control, who counts against stacking, and the Operational
 * Movement Factors of the opening line (RULINGS B-2). Every rule reads a unit's class
 * here, never its type string, so one sentence of the text maps to one function.
 */
import type { UnitData } from '@stavka/engine';

/** "Panzer/tank" units (cross-river cost, forest/hills costs, armoured overrun, advances). */
export function isArmour(u: UnitData): boolean {
  return u.type === 'panzer' || u.type === 'tank' || u.type === 'mechanized';
}

/**
 * Mobile units: "Panzer/tank, motorized, not parachute, and katyusha units' movement
 * is doubled on roads"; "A side's mobile - panzer/tank, motorized, katyusha - units"
 * (Ploesti/Grozny).
 */
export function isMobile(u: UnitData): boolean {
  return isArmour(u) || u.type === 'motorized' || u.type === 'panzergrenadier' || u.type === 'katyusha';
}

/** Panzer/tank and motorized units, whose korps are slowed by forest, hills, swamp, mountain. */
export function isMotorized(u: UnitData): boolean {
  return isArmour(u) || u.type === 'motorized' || u.type === 'panzergrenadier';
}

/** Division or brigade level ("must be at division/brigade level to transit"). */
export function isSmall(u: UnitData): boolean {
  return u.size === 'division' || u.size === 'brigade' || u.size === 'regiment' || u.size === 'kampfgruppe';
}

/**
 * Infantry-type units, those cities, forests, swamps and hills help
 * ("Fortresses, Entrenchment, Defense Lines, and Terrain Effects"): infantry/rifle,
 * mountain and shock units (RULINGS B-19: parachute korps fight as infantry).
 */
export function isInfantryType(u: UnitData): boolean {
  return u.type === 'infantry' || u.type === 'mountain' || u.type === 'shock' || u.type === 'parachute';
}

/** "Pure" infantry/rifle (Armored Overrun): infantry or rifle, nothing else. */
export function isPureInfantry(u: UnitData): boolean {
  return u.type === 'infantry';
}

export function isArmy(u: UnitData): boolean {
  return u.size === 'army';
}

export function isKorps(u: UnitData): boolean {
  return u.size === 'korps';
}

export function isGerman(u: UnitData): boolean {
  return u.side === 'axis' && u.nationality === 'german';
}

/** Axis allied units: Rumanian, Hungarian, Italian, Slovak (B-17). */
export function isAxisAllied(u: UnitData): boolean {
  return u.side === 'axis' && u.nationality !== 'german';
}

/** Red-labelled Russian units: the Guards (B-9). */
export function isGuards(u: UnitData): boolean {
  return u.side === 'soviet' && u.tags.includes('guards');
}

/**
 * "Stacking" Limits: "Airfields, Katyusha regiments, rail conversion units, and
 * cavalry units do not count against stacking."
 */
export function countsForStacking(u: UnitData): boolean {
  return (
    u.type !== 'katyusha' &&
    u.type !== 'rail-conversion' &&
    u.type !== 'cavalry' &&
    u.type !== 'air' &&
    u.type !== 'factory'
  );
}

/**
 * Operational Movement Factors, the opening line (B-2: it wins where the two lists
 * disagree): "German panzer division 6, motorized korps or division 5, infantry or
 * cavalry unit 4, and army 3. Other Russian or Axis Allied tank, cav, para, katyusha 5.
 * Russ mech korps and Axis motinf, mtn korps 4. All other Russian or Axis units 3."
 */
export function baseOmf(u: UnitData): number {
  if (isGerman(u)) {
    if (isArmy(u)) return 3;
    if ((u.type === 'panzer' || u.type === 'tank') && isSmall(u)) return 6;
    if (isMotorized(u)) return 5;
    if (u.type === 'infantry' || u.type === 'mountain' || u.type === 'cavalry') return 4;
    return 3;
  }
  // Russian and Axis allied units.
  if (isKorps(u) && (isArmour(u) || u.type === 'motorized')) return 4; // mech korps, Axis motinf korps
  if (u.side === 'axis' && isKorps(u) && u.type === 'mountain') return 4; // Axis mtn korps
  if (isArmour(u) || u.type === 'cavalry' || u.type === 'parachute' || u.type === 'katyusha') return 5;
  if (u.type === 'motorized') return 5; // "A Russian or Axis allied tank, motorized, ... unit has an OMF of 5"
  return 3;
}

/** "Operational Movement Bonus (OMB) of 3 movement factors for any Axis unit and 5 ... Russian - 2 and 3 ... in the breakthrough/Proriv! phase". */
export function omb(side: string, breakthrough: boolean): number {
  if (side === 'axis') return breakthrough ? 2 : 3;
  return breakthrough ? 3 : 5;
}

/** Counters that are not ground combat units: air units, factories (they neither move operationally nor attack). */
export function isGroundUnit(u: UnitData): boolean {
  return u.type !== 'air' && u.type !== 'factory';
}
