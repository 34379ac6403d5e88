/**
 * The Operation Typhoon scenario (October 1941 - January 1942) as data: the map of
 * points and lines (data/typhoon-map.json, the engine's point map), the orders of battle
 * (data/typhoon-oob.json) and the scenario (data/typhoon-scenario.json: turns, weather,
 * control, supply sources, victory points, factories, fortifications, partisans), each
 * checked once here. Everything is PROVISIONAL where the project reconstructed it
 * (RULINGS "Data the texts do not give"); sources in data/SOURCES.md. The completion
 * rules it follows: docs/rules/point-to-point-completion.md.
 */
import {
  compilePointMap,
  err,
  ok,
  type PointMap,
  parseWithSchema,
  type Result,
  type SetupError,
} from '@stavka/engine';
import { z } from 'zod';
import mapFile from './data/typhoon-map.json' with { type: 'json' };
import oobFile from './data/typhoon-oob.json' with { type: 'json' };
import scenarioFile from './data/typhoon-scenario.json' with { type: 'json' };
import { FORMATIONS, SIDES } from './forces.ts';
import { setupError } from './setup-errors.ts';

const TURNS = 8;
const id = z.string().min(1);
const turn = z.number().int().min(1).max(TURNS);

export const typhoonUnitSchema = z.object({
  id,
  name: z.string().min(1),
  side: z.enum(SIDES),
  class: z.enum(['major', 'minor', 'air']),
  value: z.number().int().min(1).max(9).optional(),
  formation: z.enum(FORMATIONS).optional(),
  /** Motorized, panzer, tank and cavalry units (completion C-4.1, C-6). */
  mobile: z.boolean().optional(),
  /** The point it starts at or arrives at. */
  at: id,
  /** The turn it enters (1: set up at the start). */
  arrives: turn,
  withdraws: turn.optional(),
  /** Source numbers of shared/research/typhoon-1941.md; "U" marks an unverified lead. */
  basis: z.string().min(1),
  sector: z.string().optional(),
  note: z.string().optional(),
});
export type TyphoonUnit = z.infer<typeof typhoonUnitSchema>;

export const typhoonOobSchema = z.object({
  provisional: z.literal(true),
  units: z.array(typhoonUnitSchema).min(1),
  sources: z.string().min(1),
});

export const typhoonScenarioSchema = z.object({
  id: z.literal('typhoon'),
  title: z.string().min(1),
  provisional: z.literal(true),
  map: z.string(),
  oob: z.string(),
  turns: z
    .array(
      z.object({
        turn,
        dates: z.string(),
        weather: z.enum(['good', 'mud', 'snow']),
        /** The march of mobile units this turn in km, where not C-4.1's for its weather (C-4.1, a sourced datum). */
        mobileMarch: z.number().int().min(100).max(600).optional(),
        basis: z.string(),
      }),
    )
    .length(TURNS),
  control: z.object({ axis: z.array(id), soviet: z.literal('every other point') }),
  supplySources: z.object({ axis: z.array(id).min(1), soviet: z.array(id).min(1) }),
  victoryPoints: z.record(id, z.number().int().min(1)),
  suddenDeath: id,
  factories: z.array(z.object({ at: id, count: z.number().int().min(1), basis: z.string() })),
  fortifications: z.array(z.object({ at: id, turn, basis: z.string() })),
  partisans: z.array(z.object({ turn, count: z.number().int().min(1), basis: z.string() })),
  sources: z.string().min(1),
});
export type TyphoonScenario = z.infer<typeof typhoonScenarioSchema>;

export interface Typhoon {
  readonly map: PointMap;
  readonly units: readonly TyphoonUnit[];
  readonly scenario: TyphoonScenario;
}

/** Checks the three Typhoon files against each other: every point named is on the map. */
export function compileTyphoon(
  files: { map: unknown; oob: unknown; scenario: unknown } = {
    map: mapFile,
    oob: oobFile,
    scenario: scenarioFile,
  },
): Result<Typhoon, SetupError[]> {
  const map = compilePointMap(files.map, 'typhoon-map');
  const oob = parseWithSchema(typhoonOobSchema, files.oob, 'typhoon-oob');
  const scenario = parseWithSchema(typhoonScenarioSchema, files.scenario, 'typhoon-scenario');
  const errors: SetupError[] = [
    ...(map.ok ? [] : map.error),
    ...(oob.ok ? [] : oob.error),
    ...(scenario.ok ? [] : scenario.error),
  ];
  if (!map.ok || !oob.ok || !scenario.ok) return err(errors);
  const points = new Set(map.value.pointIds);
  const known = (p: string, path: string) => {
    if (!points.has(p))
      errors.push(setupError('setup/unknown-point', path, `no point "${p}" on the Typhoon map`));
  };
  const seen = new Set<string>();
  oob.value.units.forEach((u, i) => {
    const at = `typhoon-oob.units[${i}]`;
    if (seen.has(u.id)) errors.push(setupError('setup/duplicate-unit', `${at}.id`, `unit "${u.id}" twice`));
    seen.add(u.id);
    known(u.at, `${at}.at`);
    if ((u.class === 'air') === (u.value !== undefined))
      errors.push(setupError('setup/value', `${at}.value`, 'ground units have a value, air units none'));
    if (u.withdraws !== undefined && u.withdraws <= u.arrives)
      errors.push(setupError('setup/withdraws', `${at}.withdraws`, 'a unit withdraws after it arrives'));
    const axisOnly = u.formation === 'allied-army' || u.formation === 'ss-pz';
    if ((axisOnly && u.side !== 'axis') || (u.formation === 'moscow-motorized' && u.side !== 'soviet'))
      errors.push(
        setupError('setup/formation', `${at}.formation`, `${u.formation} is not a ${u.side} formation`),
      );
  });
  const s = scenario.value;
  s.turns.forEach((t, i) => {
    if (t.turn !== i + 1)
      errors.push(setupError('setup/turn-order', `typhoon-scenario.turns[${i}].turn`, `expected ${i + 1}`));
  });
  s.control.axis.forEach((p, i) => {
    known(p, `typhoon-scenario.control.axis[${i}]`);
  });
  for (const side of SIDES)
    s.supplySources[side].forEach((p, i) => {
      known(p, `typhoon-scenario.supplySources.${side}[${i}]`);
    });
  for (const p of Object.keys(s.victoryPoints)) known(p, `typhoon-scenario.victoryPoints.${p}`);
  known(s.suddenDeath, 'typhoon-scenario.suddenDeath');
  s.factories.forEach((f, i) => {
    known(f.at, `typhoon-scenario.factories[${i}].at`);
  });
  s.fortifications.forEach((f, i) => {
    known(f.at, `typhoon-scenario.fortifications[${i}].at`);
  });
  if (errors.length > 0) return err(errors);
  return ok({ map: map.value, units: oob.value.units, scenario: s });
}
