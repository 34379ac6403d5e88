/**
 * The exact battle as a calculator answer (`stavka calc --game point-to-point --battle
 * FILE`, the web calculator's battle file): a BattleInput read from JSON and checked
 * field by field, analysed exactly (analysis.ts), reported as a CombatReport whose
 * outcomes are the endings of the battle.
 */
import {
  type CalcInputError,
  type CombatReport,
  type FireTable,
  formatSetupErrors,
  parseWithSchema,
} from '@stavka/engine';
import { z } from 'zod';
import { analyzeBattle, type BattleAnalysis, type BattleInput, battleScenarioOf } from './analysis.ts';
import { battleFromSetup, ENDINGS, type Ending } from './battle-scenario.ts';
import { FIRE_TABLE } from './combat.ts';
import { FORMATIONS, SIDES, WEATHERS } from './forces.ts';
import { LOSS_POLICIES } from './policy.ts';

const forceUnit = z.object({
  id: z.string().min(1).optional(),
  class: z.enum(['major', 'minor', 'air']),
  value: z.number().int().min(1).max(99).optional(),
  formation: z.enum(FORMATIONS).optional(),
  inSupply: z.boolean().optional(),
  losses: z.number().int().min(0).optional(),
  dispersed: z.boolean().optional(),
});

const sidePolicy = z.object({
  losses: z.enum(LOSS_POLICIES).default('spread'),
  retreatBelowFire: z.number().int().min(0).default(0),
  retreatAfterLosses: z.number().int().min(0).nullable().default(null),
});

export const battleInputSchema = z.object({
  weather: z.enum(WEATHERS),
  attacker: z.enum(SIDES),
  attackers: z.array(forceUnit).min(1),
  defenders: z.array(forceUnit).min(1),
  /** A field fortification at the point (completion C-8.2). */
  fortified: z.boolean().optional(),
  policies: z
    .object({
      attacker: sidePolicy.default(sidePolicy.parse({})),
      defender: sidePolicy.default(sidePolicy.parse({})),
    })
    .default({ attacker: sidePolicy.parse({}), defender: sidePolicy.parse({}) }),
});

const ENDING_WORDS: Record<Ending, string> = {
  'defender-destroyed': 'point cleared: defenders destroyed',
  'defender-retreated': 'point cleared: defenders retreat',
  'attacker-retreated': 'attacker retreats',
  'both-dispersed': 'attacker retreats: both sides dispersed (B.3c)',
  'attacker-destroyed': 'attackers destroyed',
  'both-destroyed': 'both destroyed: defender keeps the point (B.3d)',
};

/** The analysis as a calculator report: one outcome a possible ending, exact chances as fractions. */
export function battleReport(a: BattleAnalysis, table: FireTable = FIRE_TABLE): CombatReport {
  const outcomes: Record<string, number> = {};
  const chances = ENDINGS.filter((e) => a.endings[e].value > 0).map((e) => {
    outcomes[ENDING_WORDS[e]] = a.endings[e].value;
    return {
      result: ENDING_WORDS[e],
      probability: a.endings[e].value,
      chance: `${a.endings[e].num}/${a.endings[e].den}`,
    };
  });
  const n = (x: { value: number }) => x.value.toFixed(3);
  const notes = [
    `expected losses absorbed: attacker ${n(a.expectedHits.attacker)}, defender ${n(a.expectedHits.defender)}`,
    `expected ground units destroyed: attacker ${n(a.expectedDestroyed.attacker)}, defender ${n(a.expectedDestroyed.defender)}`,
    `chance of simultaneous combat (B.1): ${n(a.simultaneous)}; expected Soviet air lost in air combat: ${n(a.expectedAirLost)}`,
    `exact over ${a.states} battle states (dynamic programming, not sampling)`,
  ];
  if (table.provisional) notes.push('PROVISIONAL TABLE: the printed combat table is lost (RULINGS P-1)');
  return {
    game: 'point-to-point',
    table: table.id,
    provisional: table.provisional,
    shifts: [],
    outcomes,
    chances,
    notes,
  };
}

/**
 * What each side fires with in the first round, unit by unit (issue #45 item 15, as the
 * game's preview itemizes it): each ground unit's value, multiplied by German air (A.4);
 * a dispersed unit fires nothing (B.2); Soviet air +1 each that survives air combat (A.3).
 */
export function firingLines(input: BattleInput, table: FireTable = FIRE_TABLE): string[] {
  const made = battleFromSetup(battleScenarioOf(input), table.id);
  if (!made.ok) return [];
  const lines: string[] = [];
  for (const role of ['attacker', 'defender'] as const) {
    const units = made.value.units.filter((u) => u.role === role);
    const ground = units.filter((u) => u.unitClass !== 'air');
    const air = units.filter((u) => u.unitClass === 'air');
    const side = units[0]!.side;
    const germanAir = side === 'axis' ? air.length : 0;
    const parts = ground.map((u) => {
      if (u.dispersed) return `+0 ${u.name} (dispersed, B.2)`;
      const times = u.fire !== u.value ? ` (${u.value} ×${u.fire / u.value})` : '';
      return `+${u.fire} ${u.name}${times}`;
    });
    const total = ground.reduce((t, u) => t + (u.dispersed ? 0 : u.fire), 0);
    if (side === 'soviet' && air.length > 0)
      parts.push(
        `+${air.length} Soviet air (${air.length === 1 ? 'if it survives' : 'each that survives'} air combat, A.3)`,
      );
    else if (germanAir > 0)
      parts.push(`German air ×${1 + Math.min(germanAir, 4)} on the units in supply (A.4)`);
    const soviet = side === 'soviet' ? air.length : 0;
    lines.push(
      `${role === 'attacker' ? 'Attackers' : 'Defenders'} fire ${soviet > 0 ? 'up to ' : ''}${total + soviet} in the first round: ${parts.join(', ')}`,
    );
  }
  return lines;
}

/** A battle file (parsed JSON) to its report, or which field is wrong. */
export function battleCalc(
  file: unknown,
  table: FireTable = FIRE_TABLE,
): { ok: true; report: CombatReport; analysis: BattleAnalysis } | { ok: false; input: CalcInputError } {
  const parsed = parseWithSchema(battleInputSchema, file, 'battle');
  if (!parsed.ok) return { ok: false, input: { field: 'battle', message: formatSetupErrors(parsed.error) } };
  const input: BattleInput = parsed.value;
  const analysed = analyzeBattle(input, table);
  if (!analysed.ok)
    return { ok: false, input: { field: 'battle', message: formatSetupErrors(analysed.error) } };
  const report = battleReport(analysed.value, table);
  return {
    ok: true,
    report: { ...report, notes: [...firingLines(input, table), ...report.notes] },
    analysis: analysed.value,
  };
}
