/**
 * The Typhoon campaign's state (plain JSON: no class, Map or closure inside it): the
 * units, the factories, who holds each point, the step of the sequence of play and the
 * battle being fought; the opening state of the scenario (C-2.1, C-8.1, C-9.1) and the
 * engine's copy of a state. The steps that change it: steps/*.ts.
 */
import { type BattleAction, battleRules } from './battle.ts';
import type { BattleState } from './battle-scenario.ts';
import type { CampaignWeather } from './campaign-board.ts';
import type { Formation, Side } from './forces.ts';
import { compileTyphoon, type Typhoon } from './typhoon.ts';

export interface CampaignUnit {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  readonly unitClass: 'major' | 'minor' | 'air';
  readonly value: number;
  readonly formation: Formation;
  readonly mobile: boolean;
  readonly arrives: number;
  readonly withdraws: number | null;
  /** Where it stands (an attacker: the point it attacks; an air unit: its base). */
  at: string;
  losses: number;
  dispersed: boolean;
  place: 'waiting' | 'map' | 'destroyed' | 'withdrawn';
  /** Moved this player-turn (by line or rail; C-8.1 fortifies only with units that did not). */
  moved: boolean;
  /** An attacker's point of origin this player-turn (B.4: it retreats there). */
  from: string | null;
  /** Advanced after a regular combat this player-turn: may make breakthrough movement (C-6.1). */
  advanced: boolean;
  /** Retreated into a friendly point under attack (B.4c): no part in its battle, survives if it holds. */
  sheltering: boolean;
}

/** A Soviet factory marker (C-9): one replacement point a turn while emplaced. */
export interface CampaignFactory {
  readonly id: string;
  at: string;
  status: 'emplaced' | 'entrained' | 'evacuated' | 'captured';
  /** Moved by rail this player-turn (C-9.2). */
  moved: boolean;
}

export type CampaignPhase =
  | 'partisans'
  | 'movement'
  | 'air'
  | 'combat'
  | 'breakthrough'
  | 'breakthrough-combat'
  | 'fortify'
  | 'over';

export type CampaignAction =
  | { type: 'place-partisan'; at: string }
  | { type: 'move'; unit: string; to: string }
  | { type: 'rail'; unit: string; to: string }
  | { type: 'rebase'; unit: string; to: string }
  | { type: 'entrain'; factory: string }
  | { type: 'factory-move'; factory: string; to: string }
  | { type: 'rebuild'; unit: string }
  | { type: 'repair'; unit: string }
  | { type: 'end-movement' }
  | { type: 'commit-air'; unit: string; at: string }
  | { type: 'end-air' }
  | { type: 'fight'; at: string }
  | { type: 'breakthrough'; unit: string; to: string }
  | { type: 'breakthrough-air'; unit: string; to: string }
  | { type: 'end-breakthrough' }
  | { type: 'fortify'; at: string }
  | { type: 'end-turn' }
  | BattleAction;

export interface CampaignState {
  readonly scenario: 'typhoon';
  /** 1 = 1-15 Oct 1941 ... 8 = 16-31 Jan 1942. */
  turn: number;
  /** The phasing side. */
  player: Side;
  phase: CampaignPhase;
  weather: CampaignWeather;
  units: CampaignUnit[];
  /** Who controls each point, by point id (C-2). */
  control: Record<string, Side>;
  /** Line capacity used this player-turn in half units, by line index (C-1.2). */
  used: number[];
  /** Points attacked this player-turn (or this breakthrough step) and not yet fought. */
  attacks: string[];
  /** Air units that joined a battle this player-turn. */
  airUsed: string[];
  /** Whose air allocation it is (the phasing side, then the other; C-5.1), or null. */
  airSide: Side | null;
  /** Air units committed to the battles of this player-turn, each to one point (C-5.1). */
  airCommitted: { unit: string; at: string }[];
  /** Axis railheads: where the converted railway reaches (C-7.1). */
  railheads: string[];
  /** Points with a field fortification (C-8). */
  fortified: string[];
  /** The Soviet factories (C-9). */
  factories: CampaignFactory[];
  /** Soviet replacement points not yet spent (C-9.1). */
  replacements: number;
  /** Points holding Soviet partisans (C-10). */
  partisans: string[];
  /** Points the Soviets held at the start that the Axis has taken at some time (RULINGS P-15). */
  taken: string[];
  /** Partisans still to place this Soviet player-turn (C-10.1). */
  partisansToPlace: number;
  /** Breakthrough moves this player-turn: each group (from, to) and the German air unit with it (C-6.2). */
  groups: { from: string; to: string; air: string | null }[];
  /** The battle being fought, and where. */
  battle: BattleState | null;
  result: { winner: Side | null; axis: number; soviet: number; reason: string } | null;
}

let typhoonCache: Typhoon | null = null;
export function typhoon(): Typhoon {
  if (!typhoonCache) {
    const r = compileTyphoon();
    if (!r.ok) throw new Error(`the Typhoon data is invalid: ${JSON.stringify(r.error.slice(0, 3))}`);
    typhoonCache = r.value;
  }
  return typhoonCache;
}

/** A unit of the order of battle as it starts: on the map if it arrives on turn 1, else waiting (C-12). */
function openingUnit(u: Typhoon['units'][number]): CampaignUnit {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    unitClass: u.class,
    value: u.value ?? 0,
    formation: u.formation ?? 'line',
    mobile: u.mobile ?? false,
    arrives: u.arrives,
    withdraws: u.withdraws ?? null,
    at: u.at,
    losses: 0,
    dispersed: false,
    place: u.arrives === 1 ? 'map' : 'waiting',
    moved: false,
    from: null,
    advanced: false,
    sheltering: false,
  };
}

/** A factory marker of the scenario's, emplaced (C-9): one for each of `count` at its point. */
function openingFactories(f: Typhoon['scenario']['factories'][number]): CampaignFactory[] {
  return Array.from({ length: f.count }, (_, i) => ({
    id: `factory-${f.at}-${i + 1}`,
    at: f.at,
    status: 'emplaced',
    moved: false,
  }));
}

/** The opening state of the Typhoon scenario (C-2.1, C-8.1, C-9.1). */
export function newCampaignState(): CampaignState {
  const t = typhoon();
  const axis = new Set(t.scenario.control.axis);
  return {
    scenario: 'typhoon',
    turn: 1,
    player: 'axis',
    phase: 'movement',
    weather: t.scenario.turns[0]!.weather,
    units: t.units.map(openingUnit),
    control: Object.fromEntries(t.map.pointIds.map((p) => [p, axis.has(p) ? 'axis' : 'soviet'])),
    used: Array.from({ length: t.map.capacity.length }, () => 0),
    attacks: [],
    airUsed: [],
    airSide: null,
    airCommitted: [],
    railheads: [...t.scenario.supplySources.axis],
    fortified: [],
    factories: t.scenario.factories.flatMap(openingFactories),
    replacements: 0,
    partisans: [],
    taken: [],
    partisansToPlace: 0,
    groups: [],
    battle: null,
    result: null,
  };
}

/** The engine's private copy of a state, for an action to change. */
export function cloneCampaign(g: CampaignState): CampaignState {
  return {
    ...g,
    units: g.units.map((u) => ({ ...u })),
    control: { ...g.control },
    used: [...g.used],
    attacks: [...g.attacks],
    airUsed: [...g.airUsed],
    airCommitted: g.airCommitted.map((c) => ({ ...c })),
    railheads: [...g.railheads],
    fortified: [...g.fortified],
    factories: g.factories.map((f) => ({ ...f })),
    partisans: [...g.partisans],
    taken: [...g.taken],
    groups: g.groups.map((x) => ({ ...x })),
    battle: g.battle ? (battleRules.clone?.(g.battle) ?? structuredClone(g.battle)) : null,
    result: g.result ? { ...g.result } : null,
  };
}
