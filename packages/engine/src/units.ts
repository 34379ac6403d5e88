/**
 * Units as data. A counter's printed values (factors) and identity come from the
 * scenario file; its changing condition (where it is, disrupted, fortified, hidden...)
 * lives in the game state as plain JSON. The vocabularies below cover the three texts;
 * a game reads the ones it needs.
 */
import { z } from 'zod';

/** Arms of service, as the NATO symbol shows them. */
export const UNIT_TYPES = [
  'infantry', // German infantry, Soviet rifle
  'mountain',
  'cavalry',
  'motorized', // motorized infantry / motorized rifle
  'panzergrenadier',
  'panzer', // German panzer
  'tank', // Soviet tank
  'mechanized',
  'parachute',
  'shock',
  'katyusha',
  'railway-gun',
  'rail-conversion',
  'headquarters',
  'air',
  'factory',
  'partisan',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** Echelons, as the size mark above the symbol shows them. */
export const UNIT_SIZES = [
  'regiment',
  'brigade',
  'kampfgruppe', // a divisional battle group ("a"/"b" halves of a division)
  'division',
  'korps',
  'army',
  'army-group',
  'front',
  'air-korps',
] as const;
export type UnitSize = (typeof UNIT_SIZES)[number];

/** The function id of each arm in a NATO symbol code (MIL-STD-2525C, ground units). */
const FUNCTION_ID: Readonly<Partial<Record<UnitType, string>>> = {
  infantry: 'UCI---',
  shock: 'UCI---',
  mountain: 'UCIL--',
  cavalry: 'UCRH--',
  motorized: 'UCIM--',
  panzergrenadier: 'UCIZ--',
  mechanized: 'UCIZ--',
  panzer: 'UCA---',
  tank: 'UCA---',
  parachute: 'UCIA--',
  katyusha: 'UCFRMR',
  'railway-gun': 'UCF---',
  'rail-conversion': 'UCE---',
};

/** The size mark of each echelon in a NATO symbol code. */
const ECHELON: Readonly<Partial<Record<UnitSize, string>>> = {
  regiment: 'G',
  kampfgruppe: 'G',
  brigade: 'H',
  division: 'I',
  korps: 'J',
  army: 'K',
  'army-group': 'L',
  front: 'L',
};

/**
 * A unit's NATO symbol code (SIDC, friendly, as milsymbol draws it): air units as
 * fixed-wing aviation, factories as installations, the rest as ground units of their arm
 * and echelon (an arm or echelon with no mark: the plain frame).
 */
export function natoSymbol(u: { readonly type: string; readonly size: string }): string {
  if (u.type === 'air') return 'SFAPMF---------';
  if (u.type === 'factory') return 'SFGPIMF---H----';
  const fn = FUNCTION_ID[u.type as UnitType] ?? 'U-----';
  return `SFGP${fn}-${ECHELON[u.size as UnitSize] ?? '-'}---`;
}

/**
 * Every code `natoSymbol` can give: every arm by every echelon, with the plain frame of an
 * arm or an echelon that has no mark (a presentation's `symbols`, drawn ahead by the web).
 */
export const NATO_SYMBOLS: readonly string[] = [
  ...new Set(
    [...UNIT_TYPES, ''].flatMap((type) => [...UNIT_SIZES, ''].map((size) => natoSymbol({ type, size }))),
  ),
].sort();

export const unitSchema = z.object({
  /** Stable id used in actions and the log, e.g. "ger-78id". */
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'lower-case letters, digits, "." and "-"'),
  /** Which player commands it, in the game's side names (e.g. "german", "soviet"). */
  side: z.string().min(1),
  /** Nationality when it differs from the side's (Rumanian, Hungarian...). */
  nationality: z.string().min(1),
  type: z.enum(UNIT_TYPES),
  size: z.enum(UNIT_SIZES),
  /** The name history gives it: "78. Infanterie-Division". */
  name: z.string().min(1),
  /** Short designation printed on the counter: "78", "1/6 Pz a". */
  designation: z.string().min(1),
  /** Printed factors, by the game's names ("attack", "defense", "fortified", "movement", "fire"). */
  factors: z.record(z.string(), z.number().int().min(0)),
  /** Game-specific marks: "guards", "reinforcement", "kampfgruppe-of:1pz"... */
  tags: z.array(z.string().min(1)).default([]),
  /** The division a kampfgruppe or brigade belongs to, if any. */
  parent: z.string().optional(),
});
export type UnitSetup = z.input<typeof unitSchema>;
export type UnitData = z.output<typeof unitSchema>;
