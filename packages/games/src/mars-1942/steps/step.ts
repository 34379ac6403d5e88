/**
 * What every step of Operation Mars is made of (Rally the Troops' `states.X`): the
 * actions it offers and what each of them does, kept together so a rules section maps
 * to one file; and what the steps share: the rule citations, the log, placing and
 * eliminating units.
 */
import {
  type StepRules as EngineStepRules,
  hexIndex,
  type LogEntry,
  type RulesContext,
} from '@stavka/engine';
import type { MarsAction } from '../actions.ts';
import type { Board } from '../board.ts';
import type { Scenario, Side } from '../scenario.ts';
import { changeUnit, type MarsState } from '../state.ts';

/** One step of the sequence of play: its legal actions and the effect of each of them. */
export type StepRules<K extends MarsAction['type']> = EngineStepRules<
  MarsState,
  MarsAction,
  K,
  Side,
  Board,
  Scenario
>;

/** The rules sections the code and the log cite. */
export const CITE = {
  setup: 'mars-1942 Setup and 1st Turn',
  sequence: 'mars-1942 GAMETURN SEQUENCE',
  fort: 'mars-1942 Fortification',
  move: 'mars-1942 Operational Movement',
  zoc: 'mars-1942 Zones of Control',
  crt: 'mars-1942 COMBAT RESULTS TABLE',
  defs: 'mars-1942 COMBAT RESULTS DEFINITIONS',
  retreat: 'mars-1942 Retreats and Advances after Combat',
  supply: 'mars-1942 Supply',
  stacking: 'mars-1942 Stacking limit',
  victory: 'mars-1942 Victory Conditions',
} as const;

/** A hex's number as actions and the log spell it. */
export const hexNum = (s: Scenario, h: number) => s.hexNumbers[h]!;

/** The hex an action names by its number. */
export const hexAt = (s: Scenario, hex: string) => hexIndex(s.map, hex);

export function log(
  ctx: RulesContext,
  kind: string,
  text: string,
  cite: string[] = [],
  data?: Record<string, unknown>,
): void {
  const entry: LogEntry = { kind, text, ...(cite.length ? { cite } : {}), ...(data ? { data } : {}) };
  ctx.log(entry);
}

export function place(g: MarsState, id: string, hex: number): void {
  changeUnit(g, id).at = hex;
}

export function eliminate(
  g: MarsState,
  s: Scenario,
  id: string,
  ctx: RulesContext,
  why: string,
  cite: string[],
): void {
  const st = changeUnit(g, id);
  st.status = 'eliminated';
  st.at = -1;
  st.fortified = false;
  log(ctx, 'eliminated', `${s.units[id]!.name} eliminated: ${why}`, cite, { unit: id });
}

/** A unit's value in a per-scenario cache, made by `make` the first time it is asked for. */
export function perUnit<V>(of: WeakMap<Scenario, Map<string, V>>, s: Scenario, id: string, make: () => V): V {
  let byUnit = of.get(s);
  if (!byUnit) {
    byUnit = new Map();
    of.set(s, byUnit);
  }
  let v = byUnit.get(id);
  if (v === undefined) {
    v = make();
    byUnit.set(id, v);
  }
  return v;
}

/** Those of `ids` on the map. */
export function onMap(g: MarsState, ids: readonly string[]): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const st = g.units[id]!;
    if (st.status === 'map' && st.at >= 0) out.push(id);
  }
  return out;
}
