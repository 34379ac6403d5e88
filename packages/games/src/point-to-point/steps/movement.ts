/**
 * Movement (completion C-3 c): the phasing side's ground units move along lines with
 * capacities, a march in km (C-4.1, C-4.6; into an enemy-held point: an attack, C-4.4),
 * or by rail from a point in supply (C-4.2); air units move their bases (C-5.3); the
 * Soviets entrain and move factories and spend replacement points (C-9, steps/factories.ts).
 * Points passed through and reached change control (C-2.2). When movement ends, the
 * battles declared go to air allocation (steps/air.ts), or, with none, straight on.
 */
import { type RulesContext, stepDistances } from '@stavka/engine';
import { type MoveOption, moveOptions, railOptions } from '../campaign-board.ts';
import type { CampaignAction, CampaignState, CampaignUnit } from '../campaign-state.ts';
import { typhoon } from '../campaign-state.ts';
import { retreatHalves } from '../forces.ts';
import { AIR_RANGE, startAirAllocation } from './air.ts';
import { afterBattles } from './combat.ts';
import { factoryActions, factoryEffects } from './factories.ts';
import {
  boardOf,
  C,
  enemyGroundAt,
  groundGermanAir,
  idx,
  inSupply,
  isGround,
  mapOf,
  moving,
  onMap,
  pid,
  pointName,
  type StepRules,
  spend,
  takePoint,
  unitOf,
} from './step.ts';

function canMove(g: CampaignState, u: CampaignUnit): boolean {
  return onMap(u) && u.side === g.player && !u.moved && isGround(u) && u.from === null && !u.dispersed;
}

export function movesOf(g: CampaignState, u: CampaignUnit, board = boardOf(g)): MoveOption[] {
  if (!canMove(g, u)) return [];
  return moveOptions(board, moving(u, g), g.weather);
}

/** C-4.2: the Axis rails at half capacity east of its 30 September front (a line with an end it did not hold). */
function axisHalfCapacity(line: number): boolean {
  const map = mapOf();
  const start = new Set(typhoon().scenario.control.axis);
  const g = map.graph;
  for (let p = 0; p < g.nodeCount; p++)
    for (let s = g.offsets[p]!; s < g.offsets[p + 1]!; s++)
      if (g.edges[s] === line && (!start.has(pid(p)) || !start.has(pid(g.targets[s]!)))) return true;
  return false;
}
const halfCapacityLines = (() => {
  let cache: boolean[] | null = null;
  return (line: number) => {
    if (!cache) cache = Array.from({ length: mapOf().capacity.length }, (_, l) => axisHalfCapacity(l));
    return cache[line]!;
  };
})();

export function railsOf(
  g: CampaignState,
  u: CampaignUnit,
  board = boardOf(g),
  supplied = inSupply(g, u.side),
): MoveOption[] {
  if (!canMove(g, u) || !supplied[idx(u.at)]) return [];
  return railOptions(
    board,
    { ...moving(u), ...(u.side === 'axis' ? { halfCapacity: halfCapacityLines } : {}) },
    g.weather,
  );
}

/**
 * C-5.3: an air unit moves its base up to AIR_RANGE segments in its side's movement step,
 * flying over any point, to a point of its side; German air only where an Axis ground unit
 * stands (A.5). Air units take no line capacity (P-9). Canonical order: by point index.
 */
function rebaseOptions(g: CampaignState, u: CampaignUnit): string[] {
  if (isGround(u) || !onMap(u) || u.side !== g.player || u.moved || g.control[u.at] !== u.side) return [];
  const map = mapOf();
  const range = stepDistances(map.graph, [idx(u.at)], AIR_RANGE);
  const ground = new Set(
    g.units.filter((x) => onMap(x) && isGround(x) && x.side === u.side && x.from === null).map((x) => x.at),
  );
  return map.pointIds.filter(
    (p, i) =>
      i !== idx(u.at) &&
      range[i]! >= 0 &&
      g.control[p] === u.side &&
      !enemyGroundAt(g, p, u.side) &&
      (u.side !== 'axis' || ground.has(p)),
  );
}

function move(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = movesOf(g, u).find((o) => pid(o.to) === to)!;
  spend(g, option.lines, retreatHalves(u));
  u.moved = true;
  const path = option.path.map(pid);
  // Points passed through and reached change control (C-2.2); an enemy-held one is attacked.
  for (const p of path.slice(1, option.attack ? -1 : undefined)) takePoint(g, p, u.side, ctx, 'move');
  if (option.attack) {
    u.from = path[path.length - 2]!;
    if (!g.attacks.includes(to)) g.attacks.push(to);
    ctx.log({
      kind: 'move',
      text: `${u.name} attacks ${pointName(to)} from ${pointName(u.from)}`,
      cite: [C.move],
    });
  } else {
    ctx.log({ kind: 'move', text: `${u.name} moves to ${pointName(to)}`, cite: [C.move] });
  }
  u.at = to;
}

function rail(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = railsOf(g, u).find((o) => pid(o.to) === to)!;
  spend(g, option.lines, retreatHalves(u));
  u.moved = true;
  u.at = to;
  ctx.log({
    kind: 'move',
    text: `${u.name} moves by rail to ${pointName(to)} (${option.lines.length} segment${option.lines.length > 1 ? 's' : ''})`,
    cite: [C.rail],
  });
}

export const movementStep: StepRules<
  'move' | 'rail' | 'rebase' | 'entrain' | 'factory-move' | 'rebuild' | 'repair' | 'end-movement'
> = {
  // Canonical order: each unit's moves, rails and new bases; the Soviet factories; the end.
  legal(g, side) {
    const out: CampaignAction[] = [];
    const board = boardOf(g);
    const supplied = inSupply(g, side);
    for (const u of g.units) {
      for (const o of movesOf(g, u, board)) out.push({ type: 'move', unit: u.id, to: pid(o.to) });
      for (const o of railsOf(g, u, board, supplied)) out.push({ type: 'rail', unit: u.id, to: pid(o.to) });
      for (const to of rebaseOptions(g, u)) out.push({ type: 'rebase', unit: u.id, to });
    }
    if (side === 'soviet') out.push(...factoryActions(g, board, supplied));
    out.push({ type: 'end-movement' });
    return out;
  },

  effects: {
    move(g, _e, _side, a, ctx) {
      move(g, unitOf(g, a.unit), a.to, ctx);
    },

    rail(g, _e, _side, a, ctx) {
      rail(g, unitOf(g, a.unit), a.to, ctx);
    },

    rebase(g, _e, _side, a, ctx) {
      const u = unitOf(g, a.unit);
      u.at = a.to;
      u.moved = true;
      ctx.log({ kind: 'move', text: `${u.name} moves its base to ${pointName(a.to)}`, cite: [C.air] });
    },

    ...factoryEffects,

    'end-movement'(g, _e, side, _a, ctx) {
      ctx.log({ kind: 'phase', text: `${side} movement ends`, cite: [C.sequence] });
      groundGermanAir(g, ctx);
      g.phase = 'combat';
      if (g.attacks.length === 0) {
        afterBattles(g, ctx);
        return;
      }
      startAirAllocation(g, ctx);
    },
  },
};
