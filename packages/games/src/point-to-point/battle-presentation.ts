/**
 * What a client draws of a battle and offers as buttons (STYLE 13: clients never import
 * the rules): both forces with their firing values and loss limits, the lines out of the
 * point with the capacity left, and every decision the side to act may take, each with a
 * label and its exact preview (analysis.ts: the rest of the battle if it is taken, both
 * sides then playing the given policies).
 */
import type { FireTable, RulesContext } from '@stavka/engine';
import { analyzeState, type BattleAnalysis, type BattleInput } from './analysis.ts';
import { type BattleAction, battleRules, firingValue, retreatOptions, sideOf } from './battle.ts';
import type { BattleState, BattleUnit } from './battle-scenario.ts';
import { FIRE_TABLE } from './combat.ts';
import { lossLimit, type Role, type Side } from './forces.ts';
import { STAND_FAST } from './policy.ts';

export interface UnitView {
  readonly id: string;
  readonly name: string;
  readonly kind: BattleUnit['unitClass'];
  readonly value: number;
  /** What it fires with while undispersed (German air multipliers included). */
  readonly fire: number;
  readonly losses: number;
  /** Losses it may carry and not be destroyed (-1: it absorbs none). */
  readonly limit: number;
  readonly dispersed: boolean;
  readonly status: BattleUnit['status'];
  readonly at: string | null;
}

export interface ForceView {
  readonly side: Side;
  readonly role: Role;
  readonly firingValue: number;
  readonly losses: number;
  readonly units: readonly UnitView[];
}

export interface LineView {
  readonly to: string;
  readonly name: string;
  readonly control: Side;
  readonly capacity: number;
  /** Capacity the defender's retreat has used, in units (halves allowed). */
  readonly used: number;
  readonly underAttack: boolean;
}

export interface DecisionView {
  readonly action: BattleAction;
  readonly label: string;
  /** The exact rest of the battle if this is chosen (null: the battle cannot end so). */
  readonly preview: BattleAnalysis | null;
}

export interface BattleView {
  readonly point: string;
  readonly weather: BattleState['weather'];
  readonly mode: BattleState['mode'];
  readonly round: number;
  readonly stage: BattleState['stage'];
  readonly attacker: ForceView;
  readonly defender: ForceView;
  readonly lines: readonly LineView[];
  /** Who decides now (null: the battle is over). */
  readonly toAct: Side | null;
  readonly decisions: readonly DecisionView[];
  readonly ending: BattleState['ending'];
  readonly holder: Side | null;
}

function unitView(u: BattleUnit): UnitView {
  return {
    id: u.id,
    name: u.name,
    kind: u.unitClass,
    value: u.value,
    fire: u.fire,
    losses: u.losses,
    limit: lossLimit(u),
    dispersed: u.dispersed,
    status: u.status,
    at: u.at,
  };
}

function forceView(g: BattleState, role: Role): ForceView {
  return {
    side: sideOf(g, role),
    role,
    firingValue: firingValue(g, role),
    losses: g.hits[role],
    units: g.units.filter((u) => u.role === role).map(unitView),
  };
}

/** A context for actions that roll no die (their preview is worked out on a copy). */
const NO_DICE: RulesContext = {
  roll: () => {
    throw new Error('battle preview: this action rolls dice');
  },
  log: () => {},
  reveal: () => {},
};

function label(g: BattleState, a: BattleAction): string {
  const name = (id: string) => g.units.find((u) => u.id === id)?.name ?? id;
  switch (a.type) {
    case 'attack':
      return `Attack ${g.point}`;
    case 'absorb': {
      const u = g.units.find((x) => x.id === a.unit)!;
      return `${u.name} absorbs a loss${u.losses + 1 > lossLimit(u) ? ' (destroyed)' : ' (dispersed)'}`;
    }
    case 'continue':
      return 'Continue the action';
    case 'retreat':
      return 'Retreat';
    case 'retreat-to': {
      const u = g.units.find((x) => x.id === a.unit)!;
      const priority = retreatOptions(g, u).find((o) => o.to === a.to)?.priority;
      return `${u.name} retreats to ${g.neighbours.find((n) => n.id === a.to)?.name ?? a.to} (priority ${priority})`;
    }
    case 'advance':
      return a.air.length > 0 ? `Advance with ${a.air.map(name).join(', ')}` : 'Advance (air units go back)';
  }
}

function preview(
  g: BattleState,
  a: BattleAction,
  role: Role,
  policies: BattleInput['policies'],
  table: FireTable,
): BattleAnalysis | null {
  let r: ReturnType<typeof analyzeState>;
  if (a.type === 'attack') r = analyzeState(g, policies, table);
  else if (a.type === 'continue' || a.type === 'retreat') r = analyzeState(g, policies, table, a.type);
  else {
    const copy = battleRules.clone!(g);
    battleRules.applyAction(copy, sideOf(g, role), a, NO_DICE);
    r = analyzeState(copy, policies, table);
  }
  return r.ok ? r.value : null;
}

/**
 * The battle as a client draws it, with every decision of the side to act and its exact
 * preview under `policies` (default: both stand fast and spread their losses).
 */
export function battleView(
  g: BattleState,
  policies: BattleInput['policies'] = { attacker: STAND_FAST, defender: STAND_FAST },
  table: FireTable = FIRE_TABLE,
): BattleView {
  const toAct = battleRules.activeSides(g)[0] as Side | undefined;
  const role: Role | null = toAct ? (toAct === g.attacker ? 'attacker' : 'defender') : null;
  const decisions =
    toAct && role
      ? battleRules.legalActions(g, toAct).map((a) => ({
          action: a,
          label: label(g, a),
          preview: preview(g, a, role, policies, table),
        }))
      : [];
  return {
    point: g.point,
    weather: g.weather,
    mode: g.mode,
    round: g.round,
    stage: g.stage,
    attacker: forceView(g, 'attacker'),
    defender: forceView(g, 'defender'),
    lines: g.neighbours.map((n) => ({
      to: n.id,
      name: n.name,
      control: n.control,
      capacity: n.capacity,
      used: (g.used[n.id] ?? 0) / 2,
      underAttack: n.underAttack,
    })),
    toAct: toAct ?? null,
    decisions,
    ending: g.ending,
    holder: g.holder,
  };
}
