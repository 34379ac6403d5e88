/**
 * Soviet factories and replacement points (completion C-9), in the Soviet movement step
 * (steps/movement.ts) and at the start of the Soviet player-turn: each emplaced factory at
 * a Soviet point in supply makes a replacement point (C-9.1), spent on rebuilding a
 * destroyed unit at Moscow or on making good a dispersed unit's losses (C-9.1, C-12.3); a
 * factory entrained produces no more and goes by rail, evacuated when it reaches the east
 * of the map (C-9.2). The Axis captures the ones it reaches (C-9.3, step.ts).
 */
import type { RulesContext, StepEffects } from '@stavka/engine';
import { type CampaignBoard, type MoveOption, railOptions } from '../campaign-board.ts';
import {
  type CampaignAction,
  type CampaignFactory,
  type CampaignState,
  type CampaignUnit,
  typhoon,
} from '../campaign-state.ts';
import type { Side } from '../forces.ts';
import { boardOf, C, enemyGroundAt, idx, isGround, onMap, pid, pointName, spend, unitOf } from './step.ts';

/** Railway segments an entrained factory moves a turn (C-9.2). */
const FACTORY_RAIL = 2;

/** The east of the map where an entrained factory is evacuated (C-9.2): Soviet supply sources east of Moscow. */
export function evacuationPoints(): string[] {
  const t = typhoon();
  const moscow = t.map.coords[idx(t.scenario.suddenDeath)]!;
  return t.scenario.supplySources.soviet.filter((p) => (t.map.coords[idx(p)]?.lon ?? 0) > moscow.lon);
}

/** Where an entrained factory may go by rail this turn (C-9.2): 2 railway segments through Soviet points free of Axis units, one unit of capacity. */
function factoryMoves(g: CampaignState, f: CampaignFactory, board = boardOf(g)): MoveOption[] {
  if (f.status !== 'entrained' || f.moved || g.control[f.at] !== 'soviet') return [];
  return railOptions(
    board,
    { at: idx(f.at), side: 'soviet', mobile: false, dispersed: false, halves: 2 },
    g.weather,
  ).filter((o) => o.lines.length <= FACTORY_RAIL);
}

/** Replacement points a destroyed Soviet unit costs to rebuild at Moscow (C-9.1): its value. */
function canRebuild(g: CampaignState, u: CampaignUnit): boolean {
  const moscow = typhoon().scenario.suddenDeath;
  return (
    u.side === 'soviet' &&
    isGround(u) &&
    u.place === 'destroyed' &&
    u.value <= g.replacements &&
    g.control[moscow] === 'soviet' &&
    !enemyGroundAt(g, moscow, 'soviet')
  );
}

/** A dispersed Soviet unit in supply, its losses removed for 1 point a loss (C-9.1, C-7.2). */
function canRepair(g: CampaignState, u: CampaignUnit, supplied: Uint8Array): boolean {
  return (
    u.side === 'soviet' &&
    onMap(u) &&
    isGround(u) &&
    u.dispersed &&
    u.from === null &&
    u.losses > 0 &&
    u.losses <= g.replacements &&
    supplied[idx(u.at)] === 1
  );
}

/**
 * C-9.1, C-9.2 at the start of the Soviet player-turn: each emplaced factory at a Soviet
 * point in supply produces a replacement point; an entrained factory at an evacuation
 * point is removed: evacuated.
 */
export function factoriesProduce(g: CampaignState, supplied: Uint8Array, ctx: RulesContext): void {
  const made = g.factories.filter(
    (f) => f.status === 'emplaced' && g.control[f.at] === 'soviet' && supplied[idx(f.at)],
  ).length;
  if (made > 0) {
    g.replacements += made;
    ctx.log({
      kind: 'phase',
      text: `the factories produce ${made} replacement point${made > 1 ? 's' : ''} (${g.replacements} to spend)`,
      cite: [C.factories],
    });
  }
  for (const f of g.factories) {
    if (f.status !== 'entrained' || !evacuationPoints().includes(f.at)) continue;
    f.status = 'evacuated';
    ctx.log({ kind: 'phase', text: `a factory is evacuated from ${pointName(f.at)}`, cite: [C.factories] });
  }
}

/** The Soviet movement step's factory actions, in a canonical order: factories, then units. */
export function factoryActions(
  g: CampaignState,
  board: CampaignBoard,
  supplied: Uint8Array,
): CampaignAction[] {
  const out: CampaignAction[] = [];
  for (const f of g.factories) {
    if (f.status === 'emplaced' && g.control[f.at] === 'soviet') out.push({ type: 'entrain', factory: f.id });
    for (const o of factoryMoves(g, f, board))
      out.push({ type: 'factory-move', factory: f.id, to: pid(o.to) });
  }
  for (const u of g.units) {
    if (canRebuild(g, u)) out.push({ type: 'rebuild', unit: u.id });
    if (canRepair(g, u, supplied)) out.push({ type: 'repair', unit: u.id });
  }
  return out;
}

const factory = (g: CampaignState, id: string) => g.factories.find((f) => f.id === id)!;

export const factoryEffects: StepEffects<
  CampaignState,
  CampaignAction,
  'entrain' | 'factory-move' | 'rebuild' | 'repair',
  Side
> = {
  entrain(g, _e, _side, a, ctx) {
    const f = factory(g, a.factory);
    f.status = 'entrained';
    ctx.log({
      kind: 'move',
      text: `a factory at ${pointName(f.at)} is entrained: it produces no more`,
      cite: [C.factories],
    });
  },

  'factory-move'(g, _e, _side, a, ctx) {
    const f = factory(g, a.factory);
    const option = factoryMoves(g, f).find((o) => pid(o.to) === a.to)!;
    spend(g, option.lines, 2);
    f.at = a.to;
    f.moved = true;
    ctx.log({
      kind: 'move',
      text: `an entrained factory goes by rail to ${pointName(a.to)}`,
      cite: [C.factories],
    });
  },

  rebuild(g, _e, _side, a, ctx) {
    const u = unitOf(g, a.unit);
    g.replacements -= u.value;
    u.place = 'map';
    u.at = typhoon().scenario.suddenDeath;
    u.losses = 0;
    u.dispersed = false;
    u.moved = true;
    ctx.log({
      kind: 'phase',
      text: `${u.name} is rebuilt at ${pointName(u.at)} for ${u.value} replacement points`,
      cite: [C.factories, 'completion C-12.3'],
    });
  },

  repair(g, _e, _side, a, ctx) {
    const u = unitOf(g, a.unit);
    g.replacements -= u.losses;
    ctx.log({
      kind: 'phase',
      text: `${u.name}'s ${u.losses} loss${u.losses > 1 ? 'es are' : ' is'} made good with replacement points`,
      cite: [C.factories],
    });
    u.losses = 0;
    u.dispersed = false;
  },
};
