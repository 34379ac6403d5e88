/**
 * Breakthrough movement (completion C-6): after the regular battles, the phasing side's
 * undispersed mobile units that advanced after a regular combat may move on as far as half
 * their march this turn (C-6.1, C-4.6; the first line always), the Axis only in Good
 * weather (C-11.3); entering an enemy-held point ends it with a breakthrough combat there
 * (steps/combat.ts); one German air unit may go with a group up its one line (C-6.2,
 * point-to-point A.4). The step ends when nothing is left to move.
 */
import type { RulesContext } from '@stavka/engine';
import { type MoveOption, moveOptions } from '../campaign-board.ts';
import type { CampaignAction, CampaignState, CampaignUnit } from '../campaign-state.ts';
import { retreatHalves, type Side } from '../forces.ts';
import { startFortify } from './fortify.ts';
import {
  boardOf,
  C,
  isGround,
  marchOf,
  moving,
  onMap,
  pid,
  pointName,
  type StepRules,
  spend,
  takePoint,
  unitOf,
} from './step.ts';

/** C-6.1: undispersed mobile units that advanced after a regular combat; the Axis only in Good weather (C-11.3). */
export function breakthroughUnits(g: CampaignState): CampaignUnit[] {
  if (g.player === 'axis' && g.weather !== 'good') return [];
  return g.units.filter(
    (u) => onMap(u) && isGround(u) && u.side === g.player && u.advanced && u.mobile && !u.dispersed,
  );
}

export function breakthroughsOf(g: CampaignState, u: CampaignUnit, board = boardOf(g)): MoveOption[] {
  if (!u.advanced || !u.mobile || u.dispersed || !isGround(u) || u.side !== g.player) return [];
  if (g.player === 'axis' && g.weather !== 'good') return [];
  // C-6.1 (rules /4): half the unit's march this turn, along lines, the first always open.
  return moveOptions(board, { ...moving(u), march: Math.floor(marchOf(g, u) / 2) }, g.weather);
}

/** German air units that advanced with the attackers of a battle at `from` (C-6.2, A.4). */
function breakthroughAir(g: CampaignState): { unit: string; to: string }[] {
  if (g.player !== 'axis') return [];
  const out: { unit: string; to: string }[] = [];
  const flown = new Set(g.groups.map((x) => x.air));
  for (const a of g.units) {
    if (isGround(a) || a.side !== 'axis' || !a.advanced || !onMap(a) || flown.has(a.id)) continue;
    for (const grp of g.groups)
      if (grp.from === a.at && grp.air === null) out.push({ unit: a.id, to: grp.to });
  }
  return out;
}

function breakthroughMove(g: CampaignState, u: CampaignUnit, to: string, ctx: RulesContext): void {
  const option = breakthroughsOf(g, u).find((o) => pid(o.to) === to)!;
  spend(g, option.lines, retreatHalves(u));
  u.advanced = false;
  u.moved = true;
  const start = u.at;
  const path = option.path.map(pid);
  // A German air unit goes with a group up one line segment only (A.4): a group of one line.
  if (path.length === 2 && !g.groups.some((x) => x.from === start && x.to === to))
    g.groups.push({ from: start, to, air: null });
  // Points passed through change control (C-2.2), as in movement.
  for (const p of path.slice(1, -1)) takePoint(g, p, u.side, ctx, 'move');
  const from = path[path.length - 2]!;
  if (option.attack) {
    u.from = from;
    if (!g.attacks.includes(to)) g.attacks.push(to);
    ctx.log({
      kind: 'move',
      text: `${u.name} breaks through to ${pointName(to)} from ${pointName(from)}: a breakthrough combat there`,
      cite: [C.breakthrough],
    });
  } else {
    takePoint(g, to, u.side, ctx, 'move');
    ctx.log({ kind: 'move', text: `${u.name} breaks through to ${pointName(to)}`, cite: [C.breakthrough] });
  }
  u.at = to;
}

/** Breakthrough movement ends: the breakthrough combats (C-6), else field fortifications (C-8). */
function endBreakthrough(g: CampaignState, ctx: RulesContext): void {
  for (const u of g.units) u.advanced = false;
  if (g.attacks.length > 0) {
    g.phase = 'breakthrough-combat';
    return;
  }
  startFortify(g, ctx);
}

/** The step ends by itself once the phasing side has nothing left to move. */
function endIfDone(g: CampaignState, side: Side, ctx: RulesContext): void {
  if (!breakthroughStep.legal(g, side).some((x) => x.type !== 'end-breakthrough')) endBreakthrough(g, ctx);
}

export const breakthroughStep: StepRules<'breakthrough' | 'breakthrough-air' | 'end-breakthrough'> = {
  legal(g) {
    const out: CampaignAction[] = [];
    const board = boardOf(g);
    for (const u of breakthroughUnits(g))
      for (const o of breakthroughsOf(g, u, board))
        out.push({ type: 'breakthrough', unit: u.id, to: pid(o.to) });
    for (const a of breakthroughAir(g)) out.push({ type: 'breakthrough-air', ...a });
    out.push({ type: 'end-breakthrough' });
    return out;
  },

  effects: {
    breakthrough(g, _e, side, a, ctx) {
      breakthroughMove(g, unitOf(g, a.unit), a.to, ctx);
      endIfDone(g, side, ctx);
    },

    'breakthrough-air'(g, _e, side, a, ctx) {
      const u = unitOf(g, a.unit);
      const grp = g.groups.find((x) => x.from === u.at && x.to === a.to && x.air === null)!;
      grp.air = u.id;
      u.advanced = false;
      if (!g.attacks.includes(a.to)) u.at = a.to;
      ctx.log({
        kind: 'move',
        text: `${u.name} goes with the group from ${pointName(grp.from)} up the line to ${pointName(a.to)}`,
        cite: [C.breakthroughAir, 'point-to-point German Air Units In Combat A.4'],
      });
      endIfDone(g, side, ctx);
    },

    'end-breakthrough'(g, _e, _side, _a, ctx) {
      endBreakthrough(g, ctx);
    },
  },
};
