/**
 * The battles of a player-turn (completion C-3 e, and the breakthrough combats of C-6):
 * the phasing player picks the order in which the points attacked are fought (the text's
 * A and B); each battle is set up from the campaign (its attackers and defenders, the air
 * units committed to it or, in breakthrough combat, the German air unit with the group,
 * the points around it with the line capacity left, B.4a, P-14) and fought by the battle
 * rules (steps/battle.ts). Between battles B.4c (units sheltering from an earlier battle)
 * and B.4d (defenders displaced into the attackers' point of origin) carry over.
 */
import type { RulesContext } from '@stavka/engine';
import { type BattleScenario, battleFromSetup, type Occupant } from '../battle-scenario.ts';
import { halvesLeft } from '../campaign-board.ts';
import type { CampaignState, CampaignUnit } from '../campaign-state.ts';
import { FIRE_TABLE } from '../combat.ts';
import { other, type Role, type Side } from '../forces.ts';
import { breakthroughsOf, breakthroughUnits } from './breakthrough.ts';
import { startFortify } from './fortify.ts';
import { boardOf, C, idx, inSupply, isGround, mapOf, onMap, pid, pointName, type StepRules } from './step.ts';

/** All battles of a step fought: breakthrough movement after the regular ones (C-6), else fortifications (C-8). */
export function afterBattles(g: CampaignState, ctx: RulesContext): void {
  if (g.phase === 'combat' && breakthroughUnits(g).some((u) => breakthroughsOf(g, u).length > 0)) {
    g.phase = 'breakthrough';
    ctx.log({ kind: 'phase', text: `${g.player} breakthrough movement`, cite: [C.breakthrough] });
    return;
  }
  startFortify(g, ctx);
}

/** The first point next to `point` that `side` controls: where an air unit based at the battle's point flies from. */
function friendlyNext(g: CampaignState, point: number, side: Side): string | null {
  const gr = mapOf().graph;
  for (let sl = gr.offsets[point]!; sl < gr.offsets[point + 1]!; sl++) {
    const p = pid(gr.targets[sl]!);
    if (g.control[p] === side) return p;
  }
  return null;
}

/** The air units of the battle at `at` and the point each flies from (C-5.1, C-6.2, A.4, RULINGS P-13). */
function airOfBattle(
  g: CampaignState,
  at: string,
  breakthrough: boolean,
): { air: CampaignUnit[]; baseOf: Map<string, string> } {
  const attacker = g.player;
  const defender = other(attacker);
  const point = idx(at);
  const baseOf = new Map<string, string>();
  if (!breakthrough) {
    const committed = g.airCommitted.filter((c) => c.at === at).map((c) => c.unit);
    const mine = (side: Side) => g.units.filter((u) => u.side === side && committed.includes(u.id));
    const air = [...mine(attacker), ...mine(defender)].filter((a) => {
      // An air unit based at the point itself flies from the first friendly point next to it.
      const base = a.at === at ? friendlyNext(g, point, a.side) : a.at;
      if (base) baseOf.set(a.id, base);
      return base !== null;
    });
    return { air, baseOf };
  }
  // C-6.2: no new air units committed; the German air unit that moved with the group, from the point it left.
  const air: CampaignUnit[] = [];
  for (const grp of g.groups) {
    if (grp.to !== at || grp.air === null) continue;
    const a = g.units.find((u) => u.id === grp.air)!;
    baseOf.set(a.id, grp.from);
    air.push(a);
  }
  // RULINGS P-13, A.4 "Units defending against ... breakthrough attacks gain this defensive
  // benefit if a German air unit is present": German air based at the point attacked and not
  // yet in a battle this player-turn defends it (flying from the first Axis point next to it).
  if (defender === 'axis')
    for (const a of g.units) {
      if (isGround(a) || !onMap(a) || a.side !== 'axis' || a.at !== at || g.airUsed.includes(a.id)) continue;
      const base = friendlyNext(g, point, 'axis');
      if (base === null) continue;
      baseOf.set(a.id, base);
      air.push(a);
    }
  return { air, baseOf };
}

/** What stands at a point as far as B.4b cares, for units retreating into it. */
function occupantsAt(g: CampaignState, p: string, side: Side): Occupant[] {
  const out: Occupant[] = [];
  if (g.units.some((u) => onMap(u) && u.side === side && isGround(u) && u.at === p && u.from === null))
    out.push('combat');
  if (side === 'soviet') {
    for (const f of g.factories)
      if (f.at === p && f.status === 'emplaced') out.push('emplaced-factory');
      else if (f.at === p && f.status === 'entrained') out.push('entrained-factory');
    if (g.partisans.includes(p)) out.push('partisan');
  }
  return out;
}

/**
 * The points around the battle at `at` (B.4): each neighbour with its controller, the line
 * capacity left to retreat along, what stands there, whether it is under attack too (B.4c)
 * and the defenders displaced into the attackers' point of origin (B.4d); then the bases of
 * the air units that fly from further away.
 */
function battlePoints(
  g: CampaignState,
  at: string,
  attackers: readonly CampaignUnit[],
  air: { air: readonly CampaignUnit[]; baseOf: ReadonlyMap<string, string> },
): BattleScenario['points'] {
  const gr = mapOf().graph;
  const point = idx(at);
  const attacker = g.player;
  const defender = other(attacker);
  const neighbours: BattleScenario['points'] = [];
  const board = boardOf(g);
  const seen = new Set<string>();
  for (let s = gr.offsets[point]!; s < gr.offsets[point + 1]!; s++) {
    const p = pid(gr.targets[s]!);
    if (seen.has(p)) continue;
    seen.add(p);
    const line = gr.edges[s]!;
    // RULINGS P-14 (B.4a "until the capacity of the connecting lines is used up"): the line's
    // capacity in this turn's weather (Mud halves it, C-11.2; partisans take one from the
    // Axis, C-10.2) less what was used this player-turn, in half units.
    const left = Math.max(0, halvesLeft(board, line, g.weather, defender, point, gr.targets[s]!));
    neighbours.push({
      id: p,
      name: pointName(p),
      control: g.control[p]!,
      capacity: left / 2,
      occupants: occupantsAt(g, p, attacker),
      underAttack: g.attacks.includes(p) && p !== at && g.control[p] === defender,
      // B.4d: defenders displaced under priority b into the attackers' point of origin.
      displaced: attackers.some((u) => u.from === p)
        ? g.units
            .filter((u) => onMap(u) && isGround(u) && u.side === defender && u.at === p && u.from === null)
            .map((u) => ({ id: u.id, dispersed: u.dispersed }))
        : [],
    });
  }
  for (const a of air.air) {
    const base = air.baseOf.get(a.id)!;
    if (seen.has(base)) continue;
    seen.add(base);
    neighbours.push({ id: base, name: pointName(base), control: a.side, capacity: 0 });
  }
  return neighbours;
}

/**
 * A campaign unit as the battle at `at` sees it: an air unit with the point it flies from,
 * an attacker with its point of origin (B.4), each in supply or not (an attacker where it
 * came from; C-7.1), a defender sheltering from an earlier battle (B.4c) only when others
 * fight there (`shelter`).
 */
function battleUnit(
  u: CampaignUnit,
  role: Role,
  at: string,
  supplied: Uint8Array,
  baseOf: ReadonlyMap<string, string>,
  shelter: boolean,
): BattleScenario['units'][number] {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    role,
    class: u.unitClass,
    ...(isGround(u) ? { value: u.value } : { from: baseOf.get(u.id)! }),
    formation: u.formation,
    inSupply: supplied[idx(!isGround(u) ? at : role === 'attacker' ? u.from! : at)] === 1,
    ...(role === 'attacker' && isGround(u) ? { from: u.from! } : {}),
    losses: u.losses,
    dispersed: u.dispersed,
    ...(role === 'defender' && shelter && u.sheltering ? { sheltering: true } : {}),
  };
}

/** The battle at `at` set up from the campaign and begun (C-3 e; C-6 in breakthrough combat). */
function startBattle(g: CampaignState, at: string, ctx: RulesContext): void {
  const breakthrough = g.phase === 'breakthrough-combat';
  const attacker = g.player;
  const defender = other(attacker);
  const supplied = { axis: inSupply(g, 'axis'), soviet: inSupply(g, 'soviet') };
  const attackers = g.units.filter((u) => onMap(u) && u.side === attacker && u.at === at && u.from !== null);
  const defenders = g.units.filter(
    (u) => onMap(u) && u.side === defender && u.at === at && u.from === null && isGround(u),
  );
  // B.4c: units that retreated here from another battle take no part, unless none else is left.
  const shelter = defenders.some((u) => !u.sheltering);
  const airs = airOfBattle(g, at, breakthrough);
  const { air, baseOf } = airs;
  for (const a of air) g.airUsed.push(a.id);
  const neighbours = battlePoints(g, at, attackers, airs);
  const unit = (u: CampaignUnit, role: Role) => battleUnit(u, role, at, supplied[u.side], baseOf, shelter);
  const fortified = g.fortified.includes(at) && g.control[at] === defender;
  const scenario: BattleScenario = {
    point: at,
    weather: g.weather === 'snow' ? 'snow' : 'good', // C-11.2: Mud fights as Good
    combat: breakthrough ? 'breakthrough' : 'regular',
    attacker,
    ...(fortified ? { fortified: true } : {}),
    units: [
      ...attackers.map((u) => unit(u, 'attacker')),
      ...air.filter((u) => u.side === attacker).map((u) => unit(u, 'attacker')),
      ...defenders.map((u) => unit(u, 'defender')),
      ...air.filter((u) => u.side === defender).map((u) => unit(u, 'defender')),
    ],
    points: neighbours,
  };
  const made = battleFromSetup(scenario, FIRE_TABLE.id);
  if (!made.ok)
    throw new Error(
      `campaign: battle at ${at} could not be set up: ${JSON.stringify(made.error)} ${JSON.stringify(scenario)}`,
    );
  g.battle = made.value;
  g.attacks = g.attacks.filter((p) => p !== at);
  ctx.log({
    kind: 'combat',
    text: `${breakthrough ? 'breakthrough combat' : 'battle'} at ${pointName(at)}: ${attackers.length} attacking and ${defenders.length} defending units, ${air.length} air unit${air.length === 1 ? '' : 's'}${fortified ? ', a field fortification' : ''}`,
    cite: breakthrough ? [C.breakthrough] : [C.air, ...(fortified ? [C.fortify] : [])],
  });
}

/** The combat step and the breakthrough combat step (C-6): the phasing player picks the next battle. */
export const combatStep: StepRules<'fight'> = {
  legal: (g) => g.attacks.map((at) => ({ type: 'fight', at })),

  effects: {
    fight(g, _e, _side, a, ctx) {
      startBattle(g, a.at, ctx);
    },
  },
};
