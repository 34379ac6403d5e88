/**
 * The battle as a calculator form (issue #45 item 15): what a player reads off the
 * counters of one battle, field by field, instead of a battle file: who attacks, the
 * weather, a field fortification, each side's ground units (strength, major or minor) and
 * air units, German air's supply, and when each side breaks off. The same fields are
 * `stavka calc --game point-to-point` flags (--attack1 5 --attack2 2 --attack2-minor
 * --attack-air 1 --defend1 3 ...) and the web calculator's form; both read them here into
 * a BattleInput for the exact battle (battle-calc.ts).
 *
 * What the surviving rules take: B.2 (a major unit suffers losses up to its strength and
 * is not destroyed, a minor one loss less), A.3 (each surviving Soviet air unit +1), A.4
 * (German air multiplies Axis units in supply, ×2 .. ×5), B.1 (simultaneous combat by
 * weather and air), B.4 (breaking off), completion C-8.2 (a field fortification absorbs the
 * first breakthrough of each volley).
 */
import type { CalcField, CalcInput, CalcInputError } from '@stavka/engine';
import type { BattleInput, ForceUnit } from './analysis.ts';
import { CITE, type Role } from './forces.ts';
import { type SidePolicy, STAND_FAST } from './policy.ts';

/** Ground units per side the form offers (a bigger battle is a battle file). */
export const FORM_SLOTS = 6;

const ROLE_KEY: Record<Role, string> = { attacker: 'attack', defender: 'defend' };
const ROLE_WORD: Record<Role, string> = { attacker: 'Attacking', defender: 'Defending' };

/** The strength field of a role's ground unit n (1-based): attack1, defend3. */
export const unitKey = (role: Role, n: number) => `${ROLE_KEY[role]}${n}`;
/** Its "minor unit" switch: attack1Minor. */
const minorKey = (role: Role, n: number) => `${unitKey(role, n)}Minor`;
const airKey = (role: Role) => `${ROLE_KEY[role]}Air`;
const breakKey = (role: Role) => `${ROLE_KEY[role]}BreakOff`;

function sideFields(role: Role): CalcField[] {
  const out: CalcField[] = [];
  const word = ROLE_WORD[role];
  for (let n = 1; n <= FORM_SLOTS; n++) {
    out.push({
      kind: 'count',
      key: unitKey(role, n),
      label: `${word} unit ${n}`,
      help: 'its strength',
      min: 1,
      max: 20,
      ...(n === 1 ? { section: `${word} units` } : {}),
    });
    out.push({
      kind: 'flag',
      key: minorKey(role, n),
      label: 'Minor unit',
      help: 'a major unit survives as many losses as its strength, a minor one fewer (B.2)',
      ...(n === 1 ? { cite: CITE.normal } : {}),
    });
  }
  out.push({
    kind: 'count',
    key: airKey(role),
    label: `${word} air units`,
    help: 'German: ×2 Axis fire for one, ×3 for two ... ×5 (A.4); Soviet: +1 each that survives air combat (A.3)',
    min: 0,
    max: 9,
  });
  out.push({
    kind: 'count',
    key: breakKey(role),
    label: `${role === 'attacker' ? 'Attacker' : 'Defender'} breaks off after`,
    help: 'retreats once it has taken more than this many losses (B.4); empty: fights to the end',
    min: 0,
    max: 99,
  });
  return out;
}

/** The form's fields, in the order the page shows them. */
export const BATTLE_FORM_FIELDS: readonly CalcField[] = [
  {
    kind: 'flag',
    key: 'sovietAttack',
    label: 'The Soviets attack',
    help: 'off: the Axis attacks',
    section: 'The battle',
  },
  {
    kind: 'flag',
    key: 'snow',
    label: 'Snow',
    help: 'off: Good weather; an Axis attack is simultaneous in Good weather, in Snow only with German air (B.1)',
    cite: CITE.kinds,
  },
  {
    kind: 'flag',
    key: 'fortified',
    label: 'Field fortification',
    help: "at the point: it absorbs the first breakthrough of each of the attacker's volleys (C-8.2)",
  },
  {
    kind: 'flag',
    key: 'outOfSupply',
    label: 'Axis ground units out of supply',
    help: 'German air does not multiply them (A.4)',
    cite: CITE.germanAir,
  },
  ...sideFields('attacker'),
  ...sideFields('defender'),
];

/** The keys of the form's fields (a volley or a battle file excludes them). */
const FORM_KEYS = new Set(BATTLE_FORM_FIELDS.map((f) => f.key));

/** Whether any field of the form is given. */
function formGiven(input: CalcInput): boolean {
  for (const [k, v] of Object.entries(input))
    if (FORM_KEYS.has(k) && v !== undefined && v !== false) return true;
  return false;
}

/**
 * The form read into a battle: each role's units in slot order (a slot without a strength
 * is no unit), or which field is missing or wrong. `null` when nothing of the form is given.
 */
export function battleOfForm(
  input: CalcInput,
): { ok: true; battle: BattleInput } | { ok: false; input: CalcInputError } | null {
  if (!formGiven(input)) return null;
  const num = (k: string) => (typeof input[k] === 'number' ? (input[k] as number) : undefined);
  const units = (role: Role): ForceUnit[] | CalcInputError => {
    const out: ForceUnit[] = [];
    for (let n = 1; n <= FORM_SLOTS; n++) {
      const value = num(unitKey(role, n));
      const minor = input[minorKey(role, n)] === true;
      if (value === undefined) {
        if (minor)
          return {
            field: minorKey(role, n),
            message: `goes with a strength for ${ROLE_WORD[role].toLowerCase()} unit ${n}`,
          };
        continue;
      }
      out.push({ id: `${ROLE_WORD[role]} unit ${n}`, class: minor ? 'minor' : 'major', value });
    }
    const air = num(airKey(role)) ?? 0;
    for (let i = 1; i <= air; i++) out.push({ id: `${ROLE_WORD[role]} air ${i}`, class: 'air' });
    return out;
  };
  const attackers = units('attacker');
  if (!Array.isArray(attackers)) return { ok: false, input: attackers };
  const defenders = units('defender');
  if (!Array.isArray(defenders)) return { ok: false, input: defenders };
  // A side of air units alone may not fight (A.3, A.5): a ground unit is what is asked for.
  for (const [role, force] of [
    ['attacker', attackers],
    ['defender', defenders],
  ] as const)
    if (!force.some((u) => u.class !== 'air'))
      return {
        ok: false,
        input: {
          field: unitKey(role, 1),
          message: `is required: a battle has ${role === 'attacker' ? 'attacking' : 'defending'} ground units (air units may not ${role === 'attacker' ? 'attack' : 'defend'} alone, A.3, A.5)`,
        },
      };
  const attacker = input.sovietAttack === true ? 'soviet' : 'axis';
  const outOfSupply = input.outOfSupply === true;
  const supplied = (u: ForceUnit, side: 'axis' | 'soviet'): ForceUnit =>
    outOfSupply && side === 'axis' && u.class !== 'air' ? { ...u, inSupply: false } : u;
  const policy = (role: Role): SidePolicy => {
    const after = num(breakKey(role));
    return after === undefined ? STAND_FAST : { ...STAND_FAST, retreatAfterLosses: after };
  };
  return {
    ok: true,
    battle: {
      weather: input.snow === true ? 'snow' : 'good',
      attacker,
      attackers: attackers.map((u) => supplied(u, attacker)),
      defenders: defenders.map((u) => supplied(u, attacker === 'axis' ? 'soviet' : 'axis')),
      ...(input.fortified === true ? { fortified: true } : {}),
      policies: { attacker: policy('attacker'), defender: policy('defender') },
    },
  };
}
