/**
 * The start of a player-turn, step a (completion C-3 a): the Axis winter attrition in Snow
 * (C-7.2), recovery of the phasing side's dispersed units in supply (C-7.3), and air units
 * kept at points of their own side (C-5.1; German air with Axis ground units, A.5, C-5.5).
 * The Soviet factories' production, also step a, is steps/factories.ts's.
 */
import type { RulesContext } from '@stavka/engine';
import { type CampaignState, typhoon } from '../campaign-state.ts';
import { lossLimit } from '../forces.ts';
import { C, groundGermanAir, idx, isGround, onMap, pointName } from './step.ts';

/** C-7.2 winter attrition: an Axis ground unit out of supply in Snow takes one loss. */
function winterAttrition(g: CampaignState, supplied: Uint8Array, ctx: RulesContext): void {
  for (const u of g.units) {
    if (u.side !== 'axis' || !onMap(u) || !isGround(u) || supplied[idx(u.at)]) continue;
    u.losses += 1;
    u.dispersed = true;
    const limit = lossLimit(u);
    if (u.losses > limit) u.place = 'destroyed';
    ctx.log({
      kind: 'loss',
      text: `${u.name}, out of supply in Snow, takes a loss: ${u.place === 'destroyed' ? `past its limit of ${limit}, destroyed` : 'dispersed'}`,
      cite: [C.attrition, 'P-5'],
    });
  }
}

/** C-7.3 Recovery of Dispersed Units: friendly dispersed units in supply recover. */
function recoverDispersed(g: CampaignState, supplied: Uint8Array, ctx: RulesContext): void {
  for (const u of g.units) {
    if (u.side !== g.player || !onMap(u) || !u.dispersed || !supplied[idx(u.at)]) continue;
    u.losses = 0;
    u.dispersed = false;
    ctx.log({ kind: 'phase', text: `${u.name} recovers`, cite: [C.recovery, 'P-5'] });
  }
}

/**
 * C-5.1: air units stand at points of their own side; a Soviet one left on an enemy point
 * flies back to the first of its supply sources (project: air bases are not fought over);
 * a German one goes where Axis ground units stand (A.5, C-5.5).
 */
function airHome(g: CampaignState, ctx: RulesContext): void {
  for (const u of g.units) {
    if (isGround(u) || !onMap(u) || u.side === 'axis' || g.control[u.at] === u.side) continue;
    u.at = typhoon().scenario.supplySources[u.side].find((p) => g.control[p] === u.side) ?? u.at;
    ctx.log({ kind: 'move', text: `${u.name} flies back to ${pointName(u.at)}`, cite: [C.air] });
  }
  groundGermanAir(g, ctx);
}

/** Step a of the phasing side's player-turn, with `supplied` its supply at the start of it. */
export function recovery(g: CampaignState, supplied: Uint8Array, ctx: RulesContext): void {
  if (g.player === 'axis' && g.weather === 'snow') winterAttrition(g, supplied, ctx);
  recoverDispersed(g, supplied, ctx);
  airHome(g, ctx);
}
