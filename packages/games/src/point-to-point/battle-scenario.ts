/**
 * A battle at one point as plain data (the scenario of `battleRules`): both forces,
 * the weather, the kind of combat, and the points the lines from the battle lead to
 * (for retreats, B.4). Validated once into a BattleState by `battleFromSetup`; a bad
 * file names the field and the reason.
 */
import { err, ok, parseWithSchema, type Result, type SetupError } from '@stavka/engine';
import { z } from 'zod';
import {
  COMBAT_KINDS,
  type CombatKind,
  effectiveValue,
  FORMATIONS,
  lossLimit,
  other,
  ROLES,
  SIDES,
  type Side,
  UNIT_CLASSES,
  type UnitProfile,
  WEATHERS,
  type Weather,
} from './forces.ts';
import { setupError } from './setup-errors.ts';

/** What stands on a neighbouring point, as far as B.4b cares. */
export const OCCUPANTS = ['combat', 'support', 'emplaced-factory', 'entrained-factory', 'partisan'] as const;
export type Occupant = (typeof OCCUPANTS)[number];

const id = z.string().min(1);

export const battleUnitSchema = z.object({
  id,
  name: z.string().min(1).optional(),
  side: z.enum(SIDES),
  role: z.enum(ROLES),
  /** "major" / "minor" ground unit (B.2) or "air" unit (A). */
  class: z.enum(UNIT_CLASSES),
  /** Printed strength of a ground unit; air units have none. */
  value: z.number().int().min(1).max(99).optional(),
  formation: z.enum(FORMATIONS).default('line'),
  inSupply: z.boolean().default(true),
  /** An attacker's point of origin (B.4), or an air unit's base; one of `points`. */
  from: id.optional(),
  /** Losses carried from earlier combat until recovery (RULINGS P-5). */
  losses: z.number().int().min(0).default(0),
  dispersed: z.boolean().default(false),
  /** A defender that retreated here from another battle under B.4c: it takes no part. */
  sheltering: z.boolean().default(false),
});

export const neighbourSchema = z.object({
  id,
  name: z.string().min(1).optional(),
  control: z.enum(SIDES),
  /** Capacity left on the line from the battle to this point, in units, by halves (B.4a, RULINGS P-14). */
  capacity: z.number().multipleOf(0.5).min(0).max(99),
  occupants: z.array(z.enum(OCCUPANTS)).default([]),
  /** A friendly point itself under attack this combat phase (B.4c). */
  underAttack: z.boolean().default(false),
  /** Defenders displaced here under B.4b by an earlier battle: what B.4d meets. */
  displaced: z.array(z.object({ id, dispersed: z.boolean() })).default([]),
});

export const battleScenarioSchema = z.object({
  point: z.string().min(1),
  weather: z.enum(WEATHERS),
  combat: z.enum(COMBAT_KINDS).default('regular'),
  attacker: z.enum(SIDES),
  /** The point has a field fortification (completion C-8.2: the text's exception to dispersal). */
  fortified: z.boolean().default(false),
  units: z.array(battleUnitSchema).min(2),
  points: z.array(neighbourSchema).default([]),
});
export type BattleScenario = z.input<typeof battleScenarioSchema>;

export const STAGES = [
  'declare',
  'absorb-attacker',
  'absorb-defender',
  'decide-attacker',
  'decide-defender',
  'route',
  'advance',
  'over',
] as const;
export type Stage = (typeof STAGES)[number];

export const ENDINGS = [
  'defender-destroyed',
  'defender-retreated',
  'attacker-retreated',
  'both-dispersed',
  'attacker-destroyed',
  'both-destroyed',
] as const;
export type Ending = (typeof ENDINGS)[number];

/**
 * 'sheltering': a defender that retreated into this point from another battle (B.4c): no
 * part in this battle, and it survives only if the point holds.
 */
export type UnitStatus =
  | 'fighting'
  | 'sheltering'
  | 'destroyed'
  | 'retreated'
  | 'advanced'
  | 'held'
  | 'returned';

export interface BattleUnit extends UnitProfile {
  /** An attacker's origin or an air unit's base (null: a defending ground unit). */
  readonly from: string | null;
  /** The value it fires with while undispersed (A.4 multiplier included). */
  readonly fire: number;
  /** Losses carried (P-5) and taken in this battle. */
  losses: number;
  /** Dispersed units neither fire nor move until they recover (B.2). */
  dispersed: boolean;
  status: UnitStatus;
  /** Where it ended up after retreating, advancing or returning. */
  at: string | null;
  /** Retreated into a point under attack: survives only if that point holds (B.4c). */
  conditional: boolean;
}

export interface Neighbour {
  readonly id: string;
  readonly name: string;
  readonly control: Side;
  readonly capacity: number;
  readonly occupants: readonly Occupant[];
  readonly underAttack: boolean;
  readonly displaced: readonly { readonly id: string; dispersed: boolean; destroyed: boolean }[];
}

export interface BattleState {
  /** The point fought over. */
  readonly point: string;
  readonly weather: Weather;
  readonly combat: CombatKind;
  readonly attacker: Side;
  /** A field fortification at the point absorbs the first loss dealt its defenders each round (C-8.2). */
  readonly fortified?: boolean;
  /** The fire table the battle is fought on (P-1). */
  readonly table: string;
  /** Every unit of the battle, in the scenario's order (the canonical order of actions). */
  readonly units: BattleUnit[];
  /** The points the lines from the battle lead to. */
  readonly neighbours: Neighbour[];
  /** Normal or simultaneous combat (B.1), known after air combat. */
  mode: 'normal' | 'simultaneous' | null;
  /** Combat round, from 1. */
  round: number;
  stage: Stage;
  /** Breakthroughs (on the defender) and repulses (on the attacker) still to absorb. */
  pending: { attacker: number; defender: number };
  /** Losses absorbed in this battle by each role's units. */
  hits: { attacker: number; defender: number };
  /** Line capacity used by the defender's retreat, in half units, by neighbour id. */
  used: Record<string, number>;
  ending: Ending | null;
  /** Who controls the point once the battle is over. */
  holder: Side | null;
}

/** Validates a battle scenario into the state of a battle not yet begun. */
export function battleFromSetup(input: unknown, tableId: string): Result<BattleState, SetupError[]> {
  const parsed = parseWithSchema(battleScenarioSchema, input, 'battle');
  if (!parsed.ok) return parsed;
  const s = parsed.value;
  const errors: SetupError[] = [];
  const pointIds = new Set<string>();
  s.points.forEach((p, i) => {
    if (pointIds.has(p.id) || p.id === s.point)
      errors.push(setupError('setup/duplicate-point', `battle.points[${i}].id`, `point "${p.id}" twice`));
    pointIds.add(p.id);
  });
  const seen = new Set<string>();
  const germanAir = { attacker: 0, defender: 0 };
  for (const u of s.units) if (u.side === 'axis' && u.class === 'air') germanAir[u.role]++;
  const units: BattleUnit[] = [];
  s.units.forEach((u, i) => {
    const at = `battle.units[${i}]`;
    if (seen.has(u.id)) errors.push(setupError('setup/duplicate-unit', `${at}.id`, `unit "${u.id}" twice`));
    seen.add(u.id);
    const wantSide = u.role === 'attacker' ? s.attacker : other(s.attacker);
    if (u.side !== wantSide)
      errors.push(
        setupError('setup/wrong-side', `${at}.side`, `a ${u.role} here is ${wantSide}, not ${u.side}`),
      );
    if (u.class === 'air') {
      if (u.value !== undefined)
        errors.push(setupError('setup/air-value', `${at}.value`, 'air units have no strength value'));
      if (u.formation !== 'line')
        errors.push(setupError('setup/formation', `${at}.formation`, 'an air unit is no ground formation'));
      if (u.losses > 0 || u.dispersed)
        errors.push(
          setupError('setup/air-dispersed', `${at}.losses`, 'air units absorb no losses (A.3, A.5)'),
        );
      if (!u.from)
        errors.push(setupError('setup/no-base', `${at}.from`, 'an air unit needs the point it flew from'));
    } else if (u.value === undefined) {
      errors.push(setupError('setup/no-value', `${at}.value`, 'a ground unit needs its strength value'));
    }
    if (u.sheltering && (u.role !== 'defender' || (u.class === 'air' && u.side === 'axis')))
      errors.push(
        setupError(
          'setup/sheltering',
          `${at}.sheltering`,
          'only defending ground units and Soviet air retreat into a point under attack (B.4c; German air, A.2)',
        ),
      );
    if (u.role === 'attacker' && !u.from)
      errors.push(setupError('setup/no-origin', `${at}.from`, 'an attacking unit needs its point of origin'));
    if (u.from && !pointIds.has(u.from))
      errors.push(setupError('setup/unknown-point', `${at}.from`, `no point "${u.from}" in battle.points`));
    if (u.formation === 'allied-army' || u.formation === 'ss-pz') {
      if (u.side !== 'axis')
        errors.push(setupError('setup/formation', `${at}.formation`, `${u.formation} is an Axis formation`));
    }
    if (u.formation === 'moscow-motorized' && u.side !== 'soviet')
      errors.push(setupError('setup/formation', `${at}.formation`, 'the 1st Moscow Motorized is Soviet'));
    const profile: UnitProfile = {
      id: u.id,
      name: u.name ?? u.id,
      side: u.side,
      role: u.role,
      unitClass: u.class,
      value: u.value ?? 0,
      formation: u.formation,
      inSupply: u.inSupply,
    };
    if (u.class !== 'air' && u.losses > lossLimit(profile))
      errors.push(
        setupError(
          'setup/over-limit',
          `${at}.losses`,
          `${u.losses} losses are past the limit ${lossLimit(profile)} of a ${u.class} unit of value ${u.value}: it would be destroyed (B.2)`,
        ),
      );
    units.push({
      ...profile,
      from: u.from ?? null,
      fire: effectiveValue(profile, germanAir[u.role]),
      losses: u.losses,
      // "Any unit suffering any loss is dispersed" (B.2).
      dispersed: u.dispersed || u.losses > 0,
      status: u.sheltering ? 'sheltering' : 'fighting',
      at: null,
      conditional: false,
    });
  });
  for (const role of ['attacker', 'defender'] as const) {
    if (!units.some((u) => u.role === role && u.unitClass !== 'air' && u.status === 'fighting'))
      errors.push(
        setupError(
          'setup/air-alone',
          'battle.units',
          `the ${role} has no ground unit: air units may not attack or defend alone (A.3, A.5)`,
        ),
      );
  }
  if (errors.length > 0) return err(errors);
  return ok({
    point: s.point,
    weather: s.weather,
    combat: s.combat,
    attacker: s.attacker,
    ...(s.fortified ? { fortified: true } : {}),
    table: tableId,
    units,
    neighbours: s.points.map((p) => ({
      id: p.id,
      name: p.name ?? p.id,
      control: p.control,
      capacity: p.capacity,
      occupants: p.occupants,
      underAttack: p.underAttack,
      displaced: p.displaced.map((d) => ({ ...d, destroyed: false })),
    })),
    mode: null,
    round: 0,
    stage: 'declare',
    pending: { attacker: 0, defender: 0 },
    hits: { attacker: 0, defender: 0 },
    used: {},
    ending: null,
    holder: null,
  });
}
