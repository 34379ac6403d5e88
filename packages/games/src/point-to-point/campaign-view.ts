/**
 * The campaign board as a client draws it (STYLE: clients never import the rules): every
 * point with its place on the earth, controller, victory points, fortification, partisans,
 * factories, supply and the units standing there; every line with its kind, its capacity
 * in this turn's weather and what this player-turn has used of it; the units off the map.
 * A pure function of the view (the campaign hides nothing: its view is its state).
 */

import {
  type CampaignFactory,
  type CampaignState,
  type CampaignUnit,
  campaignLossLimit,
  inSupply,
  typhoon,
} from './campaign.ts';
import { capacityHalves } from './campaign-board.ts';
import type { Side } from './forces.ts';

export interface UnitOnBoard {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  /** "major" / "minor" ground unit or "air" (B.2, A). */
  readonly unitClass: CampaignUnit['unitClass'];
  /** Printed strength (0 for air units). */
  readonly value: number;
  readonly formation: CampaignUnit['formation'];
  readonly mobile: boolean;
  readonly losses: number;
  /** Losses it may carry and not be destroyed (-1: an air unit, which absorbs none). */
  readonly limit: number;
  readonly dispersed: boolean;
  /** Attacking this point from that one (its point of origin, B.4), or null. */
  readonly attackingFrom: string | null;
  readonly moved: boolean;
}

export interface PointOnBoard {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly control: Side;
  readonly victoryPoints: number;
  readonly fortified: boolean;
  readonly partisans: boolean;
  readonly factories: readonly Pick<CampaignFactory, 'id' | 'status'>[];
  readonly supply: { readonly axis: boolean; readonly soviet: boolean };
  readonly railhead: boolean;
  readonly underAttack: boolean;
  readonly units: readonly UnitOnBoard[];
}

export interface LineOnBoard {
  readonly index: number;
  readonly from: string;
  readonly to: string;
  /** "hw-rr", "rr", "rd", ... (C-1.3): a railway when it includes "rr" (C-4.2). */
  readonly kind: string;
  /** Units it carries a player-turn in this turn's weather (C-1.2, C-11.2). */
  readonly capacity: number;
  /** Used this player-turn, in units (halves allowed). */
  readonly used: number;
}

export interface CampaignBoardView {
  readonly turn: number;
  readonly turns: number;
  readonly dates: string;
  readonly weather: CampaignState['weather'];
  readonly player: Side;
  readonly phase: CampaignState['phase'];
  readonly points: readonly PointOnBoard[];
  readonly lines: readonly LineOnBoard[];
  /** Reinforcements to come, with the turn each arrives. */
  readonly waiting: readonly (UnitOnBoard & { readonly arrives: number })[];
  readonly destroyed: readonly UnitOnBoard[];
  readonly withdrawn: readonly UnitOnBoard[];
  readonly replacements: number;
  readonly partisansToPlace: number;
  readonly battleAt: string | null;
  readonly result: CampaignState['result'];
}

const onBoard = (u: CampaignUnit): UnitOnBoard => ({
  id: u.id,
  name: u.name,
  side: u.side,
  unitClass: u.unitClass,
  value: u.value,
  formation: u.formation,
  mobile: u.mobile,
  losses: u.losses,
  limit: campaignLossLimit(u),
  dispersed: u.dispersed,
  attackingFrom: u.from,
  moved: u.moved,
});

export function campaignBoardView(g: CampaignState): CampaignBoardView {
  const t = typhoon();
  const map = t.map;
  const supply = { axis: inSupply(g, 'axis'), soviet: inSupply(g, 'soviet') };
  const points: PointOnBoard[] = map.pointIds.map((id, i) => ({
    id,
    name: map.pointNames[i]!,
    kind: map.pointKinds[i]!,
    lat: map.coords[i]?.lat ?? null,
    lon: map.coords[i]?.lon ?? null,
    control: g.control[id]!,
    victoryPoints: t.scenario.victoryPoints[id] ?? 0,
    fortified: g.fortified.includes(id),
    partisans: g.partisans.includes(id),
    factories: g.factories
      .filter((f) => f.at === id && (f.status === 'emplaced' || f.status === 'entrained'))
      .map((f) => ({ id: f.id, status: f.status })),
    supply: { axis: supply.axis[i] === 1, soviet: supply.soviet[i] === 1 },
    railhead: g.railheads.includes(id),
    underAttack: g.attacks.includes(id) || g.battle?.point === id,
    units: g.units.filter((u) => u.place === 'map' && u.at === id).map(onBoard),
  }));
  const lines: LineOnBoard[] = [];
  const gr = map.graph;
  const seen = new Set<number>();
  for (let p = 0; p < gr.nodeCount; p++)
    for (let s = gr.offsets[p]!; s < gr.offsets[p + 1]!; s++) {
      const line = gr.edges[s]!;
      if (seen.has(line)) continue;
      seen.add(line);
      lines.push({
        index: line,
        from: map.pointIds[p]!,
        to: map.pointIds[gr.targets[s]!]!,
        kind: map.lineKinds[line]!,
        capacity: capacityHalves(map, line, g.weather) / 2,
        used: (g.used[line] ?? 0) / 2,
      });
    }
  lines.sort((a, b) => a.index - b.index);
  return {
    turn: g.turn,
    turns: t.scenario.turns.length,
    dates: t.scenario.turns[g.turn - 1]?.dates ?? '',
    weather: g.weather,
    player: g.player,
    phase: g.phase,
    points,
    lines,
    waiting: g.units.filter((u) => u.place === 'waiting').map((u) => ({ ...onBoard(u), arrives: u.arrives })),
    destroyed: g.units.filter((u) => u.place === 'destroyed').map(onBoard),
    withdrawn: g.units.filter((u) => u.place === 'withdrawn').map(onBoard),
    replacements: g.replacements,
    partisansToPlace: g.partisansToPlace,
    battleAt: g.battle?.point ?? null,
    result: g.result,
  };
}
