/**
 * Moscow 1941 point-to-point: one battle at one point, behind the engine's GameRules
 * contract, every surviving sentence of point-to-point.txt (sections A and B) enforced.
 *
 *   declare     the attacker commits (action `attack`): air combat (A.1), the kind of
 *               combat (B.1), then the first fire
 *   absorb-*    the side fired upon puts its losses on its units one at a time (B.2)
 *   decide-*    continue or retreat (B.2 normal; B.3b simultaneous)
 *   route       the defender's retreat, unit by unit, by the priorities of B.4
 *   advance     the attacker clears the point and occupies it (B.5); which German
 *               air units go along is his choice (A.4)
 *   over
 *
 * Every roll and every effect is a log entry citing its section or ruling. Readings the
 * text leaves open are marked "project reading" where applied and listed in
 * docs/rules/point-to-point-completion.md.
 */
import {
  type FireTable,
  fireLosses,
  type GameOutcome,
  type GameRules,
  ok,
  type RulesContext,
  splitFire,
} from '@stavka/engine';
import { airToAirSurvivors, airToAirTable } from './air-to-air.ts';
import {
  type BattleState,
  type BattleUnit,
  battleFromSetup,
  type Ending,
  type Neighbour,
} from './battle-scenario.ts';
import { FIRE_TABLE } from './combat.ts';
import { CITE, lossLimit, other, type Role, retreatHalves, type Side } from './forces.ts';

/**
 * Version 2: air-to-air combat reads the provisional air-to-air column while the combat
 * table is provisional (RULINGS P-17); a replay of version 1 does not replay here.
 */
export const BATTLE_RULES_VERSION = 'point-to-point-battle/2';

export type BattleAction =
  | { type: 'attack' }
  | { type: 'absorb'; unit: string }
  | { type: 'continue' }
  | { type: 'retreat' }
  | { type: 'retreat-to'; unit: string; to: string }
  | { type: 'advance'; air: string[] };

/** Project reading: in normal combat a round that neither side can fire in ends the battle. */
export const NO_FIRE_READING = 'project reading (B.3c applied to normal combat): no side can fire';

/* ----------------------------------------------------------------------------- */
/* Who is who                                                                       */

export const sideOf = (g: BattleState, role: Role): Side =>
  role === 'attacker' ? g.attacker : other(g.attacker);
const roleOf = (g: BattleState, side: Side): Role => (side === g.attacker ? 'attacker' : 'defender');
const fighting = (g: BattleState, role: Role) =>
  g.units.filter((u) => u.role === role && u.status === 'fighting');
const isGround = (u: BattleUnit) => u.unitClass !== 'air';
const isGermanAir = (u: BattleUnit) => u.unitClass === 'air' && u.side === 'axis';
const isSovietAir = (u: BattleUnit) => u.unitClass === 'air' && u.side === 'soviet';
const groundLeft = (g: BattleState, role: Role) => fighting(g, role).some(isGround);

/** Units that may absorb breakthroughs or repulses: ground units still in the battle (A.3, A.5). */
export function absorbers(g: BattleState, role: Role): BattleUnit[] {
  return fighting(g, role).filter(isGround);
}

/**
 * The firing value of a role now (B.2): its undispersed ground units' values, German air
 * multipliers included (A.4), plus one a surviving Soviet air unit (A.3; P-4: even when
 * every Soviet ground unit is dispersed, but never alone).
 */
export function firingValue(g: BattleState, role: Role): number {
  const units = fighting(g, role);
  if (!units.some(isGround)) return 0;
  let total = 0;
  for (const u of units) {
    if (isGround(u) && !u.dispersed) total += u.fire;
    else if (isSovietAir(u)) total += 1;
  }
  return total;
}

/* ----------------------------------------------------------------------------- */
/* Air combat (A.1, A.2)                                                             */

/**
 * A.1: each German air unit present, one roll on the column of the Soviet air units still
 * there gives the survivors (the air-to-air column `air`, P-17); with no German air, one
 * flak roll on the combat table `table` gives the units lost.
 */
function airCombat(g: BattleState, table: FireTable, air: FireTable, ctx: RulesContext): void {
  const soviet = g.units.filter((u) => isSovietAir(u) && u.status === 'fighting');
  const german = g.units.filter((u) => isGermanAir(u) && u.status === 'fighting');
  const axisGround = g.units.some((u) => u.side === 'axis' && isGround(u) && u.status === 'fighting');
  let survivors = soviet.length;
  if (survivors > 0 && german.length > 0) {
    for (const gu of german) {
      if (survivors === 0) break;
      const column = Math.min(survivors, air.maxFire);
      const r = ctx.roll(`air-to-air: ${gu.name} on the column of ${survivors} Soviet air`, [CITE.airToAir]);
      const next = airToAirSurvivors(air, survivors, r);
      ctx.log({
        kind: 'air',
        text: `air-to-air against ${gu.name}: ${next} of ${survivors} Soviet air units survive`,
        cite: [CITE.airToAir, air === table ? 'P-1' : 'P-17'],
        data: { column, roll: r, survivors: next },
      });
      survivors = next;
    }
  } else if (survivors > 0 && axisGround) {
    const column = Math.min(survivors, table.maxFire);
    const r = ctx.roll(`flak on the column of ${survivors} Soviet air`, [CITE.flak]);
    const lost = Math.min(fireLosses(table, column, r), survivors);
    ctx.log({
      kind: 'air',
      text: `flak (no German air present): ${lost} of ${survivors} Soviet air units lost, rolled once`,
      cite: [CITE.flak, 'P-1'],
      data: { column, roll: r, lost },
    });
    survivors -= lost;
  }
  // The Soviet air units are alike: the last listed are the ones lost.
  soviet.slice(survivors).forEach((u) => {
    u.status = 'destroyed';
  });
  if (german.length > 0 && soviet.length > 0)
    ctx.log({
      kind: 'air',
      text: 'German air units are never affected by air combat',
      cite: [CITE.germanAirImmune],
    });
}

/** B.1: simultaneous when the Axis attack in Good weather with no Soviet air left, or in Snow with German air and none left. */
export function isSimultaneous(g: BattleState): boolean {
  if (g.attacker !== 'axis') return false;
  const sovietAir = g.units.some((u) => isSovietAir(u) && u.status === 'fighting');
  if (sovietAir) return false;
  if (g.weather === 'good') return true;
  return g.units.some((u) => isGermanAir(u) && u.role === 'attacker' && u.status === 'fighting');
}

/* ----------------------------------------------------------------------------- */
/* Fire and losses (B.2, B.6)                                                        */

function fire(g: BattleState, role: Role, table: FireTable, ctx: RulesContext): number {
  const total = firingValue(g, role);
  const what = role === 'attacker' ? 'breakthroughs' : 'repulses';
  if (total === 0) {
    ctx.log({ kind: 'combat', text: `the ${role} has no undispersed unit to fire`, cite: [CITE.firing] });
    return 0;
  }
  const groups = splitFire(total, table.maxFire);
  let losses = 0;
  for (const group of groups) {
    const r = ctx.roll(`${role} fires ${group}`, [CITE.firing]);
    losses += fireLosses(table, group, r);
  }
  const cite: string[] = [CITE.firing];
  if (groups.length > 1) cite.push(CITE.large, 'P-2');
  if (g.units.some((u) => u.role === role && isGermanAir(u) && u.status === 'fighting'))
    cite.push(CITE.germanAir, 'P-4');
  if (g.units.some((u) => u.role === role && isSovietAir(u) && u.status === 'fighting'))
    cite.push(CITE.sovietAir, 'P-4');
  ctx.log({
    kind: 'combat',
    text: `the ${role} fires ${total}${groups.length > 1 ? ` (${groups.join(' + ')})` : ''}: ${losses} ${what}`,
    cite,
    data: { role, total, groups, losses },
  });
  return losses;
}

/** The completion rule that reads the text's "[Exception: see Field Fortifications]" (B.2). */
export const FORTIFICATION_CITE = 'completion C-8 Field fortifications';

/**
 * C-8.2 (completion rules, the project's): the first breakthrough dealt the defenders of a
 * fortified point in a combat round is absorbed by the fortification, dispersing no unit
 * (the text's "Exception: see Field Fortifications", B.2). The attacker fires once a round.
 */
function fortification(g: BattleState, breakthroughs: number, ctx: RulesContext): number {
  if (!g.fortified || breakthroughs === 0) return breakthroughs;
  ctx.log({
    kind: 'loss',
    text: 'the field fortification absorbs the first breakthrough of the round: no unit is dispersed by it',
    cite: [FORTIFICATION_CITE, CITE.firing],
  });
  return breakthroughs - 1;
}

/** One loss on a unit: dispersed, or destroyed when it passes the unit's limit (B.2, P-5). */
function takeLoss(g: BattleState, u: BattleUnit, ctx: RulesContext): void {
  u.losses += 1;
  u.dispersed = true;
  g.hits[u.role] += 1;
  const limit = lossLimit(u);
  if (u.losses > limit) {
    u.status = 'destroyed';
    ctx.log({
      kind: 'loss',
      text: `${u.name} absorbs a loss: ${u.losses} losses, past its limit of ${limit} (${u.unitClass} unit of value ${u.value}): destroyed`,
      cite: [CITE.firing, 'P-5'],
    });
  } else {
    ctx.log({
      kind: 'loss',
      text: `${u.name} absorbs a loss: dispersed (${u.losses} of ${limit} losses it may carry)`,
      cite: [CITE.firing, 'P-5'],
    });
  }
}

function goAbsorb(g: BattleState, role: Role, table: FireTable, ctx: RulesContext): void {
  if (g.pending[role] > 0 && absorbers(g, role).length > 0) {
    g.stage = role === 'attacker' ? 'absorb-attacker' : 'absorb-defender';
    return;
  }
  if (g.pending[role] > 0)
    ctx.log({
      kind: 'loss',
      text: `${g.pending[role]} losses find no unit left to absorb them`,
      cite: [CITE.firing],
    });
  g.pending[role] = 0;
  afterAbsorb(g, role, table, ctx);
}

function afterAbsorb(g: BattleState, role: Role, table: FireTable, ctx: RulesContext): void {
  if (g.mode === 'simultaneous') {
    // B.3a: the attacker chooses his losses first, then the defender.
    if (role === 'attacker') goAbsorb(g, 'defender', table, ctx);
    else roundEnd(g, ctx);
    return;
  }
  if (!groundLeft(g, role)) {
    if (role === 'attacker') finish(g, 'attacker-destroyed', ctx);
    else clearPoint(g, 'defender-destroyed', ctx);
    return;
  }
  g.stage = role === 'attacker' ? 'decide-attacker' : 'decide-defender';
}

/* ----------------------------------------------------------------------------- */
/* Rounds (B.2 normal, B.3 simultaneous)                                             */

/** The most losses one volley of `total` can inflict: every die a 6 (B.2, B.6). */
export function maxVolley(table: FireTable, total: number): number {
  if (total <= 0) return 0;
  return splitFire(total, table.maxFire).reduce((sum, group) => sum + fireLosses(table, group, table.die), 0);
}

/** Whether a side's fire can inflict a loss at all: the attacker's not all absorbed by a fortification (C-8.2). */
export function canInflict(g: BattleState, role: Role, table: FireTable): boolean {
  const most = maxVolley(table, firingValue(g, role));
  return role === 'attacker' && g.fortified ? most > 1 : most > 0;
}

function startRound(g: BattleState, table: FireTable, ctx: RulesContext): void {
  g.round += 1;
  ctx.log({
    kind: 'combat',
    text: `round ${g.round} (${g.mode} combat)`,
    cite: [g.mode === 'normal' ? CITE.normal : CITE.simultaneous],
  });
  if (
    g.fortified &&
    !canInflict(g, 'attacker', table) &&
    !canInflict(g, 'defender', table) &&
    firingValue(g, 'attacker') > 0
  ) {
    // C-8.5: the fortification absorbs all the attacker can inflict and the defender cannot fire.
    ctx.log({
      kind: 'combat',
      text: 'the field fortification absorbs all the attackers can inflict and the defenders cannot fire: the attacker retreats, the defender holds the point',
      cite: [FORTIFICATION_CITE, NO_FIRE_READING, CITE.simultaneous],
    });
    attackerRetreats(g, 'attacker-retreated', ctx);
    return;
  }
  if (g.mode === 'simultaneous') {
    // B.3a: both fire, losses taken after both have fired.
    const breakthroughs = fire(g, 'attacker', table, ctx);
    const repulses = fire(g, 'defender', table, ctx);
    g.pending = { attacker: repulses, defender: fortification(g, breakthroughs, ctx) };
    goAbsorb(g, 'attacker', table, ctx);
    return;
  }
  if (firingValue(g, 'attacker') === 0 && firingValue(g, 'defender') === 0) {
    ctx.log({
      kind: 'combat',
      text: 'neither side can fire: the attacker retreats and the defender holds the point',
      cite: [NO_FIRE_READING, CITE.simultaneous],
    });
    attackerRetreats(g, 'attacker-retreated', ctx);
    return;
  }
  // B.2: the defenders fire first.
  g.pending.attacker = fire(g, 'defender', table, ctx);
  goAbsorb(g, 'attacker', table, ctx);
}

/** B.3c, B.3d and the plain endings, after both sides of a simultaneous round took their losses. */
function roundEnd(g: BattleState, ctx: RulesContext): void {
  const attacker = groundLeft(g, 'attacker');
  const defender = groundLeft(g, 'defender');
  if (!attacker || !defender) {
    if (attacker) clearPoint(g, 'defender-destroyed', ctx);
    else finish(g, defender ? 'attacker-destroyed' : 'both-destroyed', ctx);
    return;
  }
  const onlyDispersed = (role: Role) => absorbers(g, role).every((u) => u.dispersed);
  if (onlyDispersed('attacker') && onlyDispersed('defender')) {
    ctx.log({
      kind: 'combat',
      text: 'both sides have only dispersed units left: the attacker retreats, the defender holds the point',
      cite: [CITE.bothDispersed],
    });
    attackerRetreats(g, 'both-dispersed', ctx);
    return;
  }
  g.stage = 'decide-attacker';
}

/* ----------------------------------------------------------------------------- */
/* Endings, retreat (B.4) and advance (B.5)                                          */

const neighbour = (g: BattleState, id: string | null): Neighbour | undefined =>
  g.neighbours.find((n) => n.id === id);

/** Air units left without ground units of their side: German air never affected (A.2, A.5). */
function airLeftAlone(g: BattleState, role: Role, ctx: RulesContext): void {
  for (const u of fighting(g, role)) {
    if (isGermanAir(u)) {
      u.status = 'returned';
      u.at = u.from;
      ctx.log({
        kind: 'air',
        text: `${u.name} may not stay without Axis ground units: back to ${u.from}`,
        cite: [CITE.airAlone, CITE.germanAirImmune],
      });
    } else if (isSovietAir(u) && role === 'attacker') {
      u.status = 'returned';
      u.at = u.from;
      ctx.log({
        kind: 'air',
        text: `${u.name} may not attack alone: back to ${u.from}`,
        cite: [CITE.sovietAir],
      });
    } else if (isSovietAir(u)) {
      // Project reading: Soviet air may not defend alone (A.3) and its ground units are gone.
      u.status = 'destroyed';
      ctx.log({
        kind: 'air',
        text: `${u.name} may not defend alone: destroyed with the defenders`,
        cite: [CITE.sovietAir, 'P-5'],
      });
    }
  }
}

/** The side that holds the point stays; units sheltering there survive (B.4c). */
function holdPoint(g: BattleState, role: Role, ctx: RulesContext): void {
  for (const u of fighting(g, role)) u.status = 'held';
  for (const u of g.units.filter((x) => x.status === 'sheltering')) {
    u.status = 'held';
    ctx.log({
      kind: 'retreat',
      text: `${u.name}, which retreated here from another battle, survives: the point still holds`,
      cite: [CITE.retreatC],
    });
  }
}

function finish(g: BattleState, ending: Ending, ctx: RulesContext): void {
  const text: Record<string, string> = {
    'attacker-destroyed': 'the attacking ground units are destroyed: the defender holds the point',
    'both-destroyed': 'both sides are destroyed: the defender still controls the point',
  };
  ctx.log({
    kind: 'combat',
    text: text[ending] ?? ending,
    cite: ending === 'both-destroyed' ? [CITE.bothDestroyed] : [CITE.normal],
  });
  airLeftAlone(g, 'attacker', ctx);
  airLeftAlone(g, 'defender', ctx);
  holdPoint(g, 'defender', ctx);
  ctx.log({ kind: 'combat', text: 'the defenders may not advance after combat', cite: [CITE.advance] });
  g.ending = ending;
  g.holder = sideOf(g, 'defender');
  g.stage = 'over';
}

/**
 * The attacker breaks off (or must, B.3c): every attacking unit goes back down its line
 * to its point of origin and is dispersed there (B.4), meeting defenders displaced there
 * under priority b as B.4d says.
 */
function attackerRetreats(g: BattleState, ending: Ending, ctx: RulesContext): void {
  const going = fighting(g, 'attacker');
  const origins = [...new Set(going.map((u) => u.from!))];
  for (const o of origins) {
    const p = neighbour(g, o)!;
    const group = going.filter((u) => u.from === o);
    const waiting = p.displaced.filter((d) => !d.destroyed);
    if (waiting.length > 0) {
      const ground = group.filter(isGround);
      if (ground.every((u) => u.dispersed)) {
        for (const u of group) {
          if (isGermanAir(u)) continue; // A.2
          u.status = 'destroyed';
        }
        ctx.log({
          kind: 'retreat',
          text: `the attackers retreating to ${p.name} are all dispersed and meet displaced defenders there: destroyed`,
          cite: [CITE.retreatD],
        });
      } else {
        for (const d of waiting) d.destroyed = true;
        ctx.log({
          kind: 'retreat',
          text: `undispersed attackers retreating to ${p.name} destroy the displaced defenders there (${waiting.map((d) => d.id).join(', ')})`,
          cite: [CITE.retreatD],
        });
      }
    }
    for (const u of group) {
      if (u.status !== 'fighting') continue;
      u.status = 'retreated';
      u.at = o;
      if (isGround(u)) u.dispersed = true;
    }
    ctx.log({
      kind: 'retreat',
      text: `the attackers from ${p.name} retreat down their line to it and are dispersed there`,
      cite: [CITE.retreat],
    });
  }
  holdPoint(g, 'defender', ctx);
  ctx.log({ kind: 'combat', text: 'the defenders may not advance after combat', cite: [CITE.advance] });
  g.ending = ending;
  g.holder = sideOf(g, 'defender');
  g.stage = 'over';
}

/** The defender decides to retreat: all or nothing (B.4); German air goes back to base. */
function defenderRetreats(g: BattleState, ctx: RulesContext): void {
  ctx.log({
    kind: 'retreat',
    text: 'the defender retreats: every defending unit must go',
    cite: [CITE.retreat],
  });
  for (const u of fighting(g, 'defender')) {
    if (isGermanAir(u)) {
      u.status = 'returned';
      u.at = u.from;
      ctx.log({
        kind: 'retreat',
        text: `${u.name} retreats with the Axis units to ${u.from}`,
        cite: [CITE.germanAir],
      });
    }
  }
  g.stage = 'route';
  settleRoute(g, ctx);
}

/**
 * Where a retreating defender may go now, by the priorities of B.4 (capacities in half
 * units: a unit 2, an Axis Allied army 4, an SS Pz division or the 1st Moscow Motorized
 * 1, Soviet air 2):
 *  a) adjacent points of its own side while the line has room (c: a friendly point under
 *     attack is one of them in regular combat, not after a breakthrough);
 *  b) only if no line of a) has room for it: enemy points empty of combat units, combat
 *     support units and emplaced factories (an entrained factory or partisans may be
 *     there), on half the line's capacity, rounded down.
 */
export function retreatOptions(g: BattleState, u: BattleUnit): { to: string; priority: 'a' | 'b' | 'c' }[] {
  const me = u.side;
  const w = retreatHalves(u);
  const used = (n: Neighbour) => g.used[n.id] ?? 0;
  const a = g.neighbours.filter(
    (n) => n.control === me && (g.combat === 'regular' || !n.underAttack) && 2 * n.capacity - used(n) >= w,
  );
  if (a.length > 0) return a.map((n) => ({ to: n.id, priority: n.underAttack ? 'c' : 'a' }));
  const b = g.neighbours.filter(
    (n) =>
      n.control !== me &&
      n.occupants.every((o) => o === 'entrained-factory' || o === 'partisan') &&
      2 * Math.floor(n.capacity / 2) - used(n) >= w,
  );
  return b.map((n) => ({ to: n.id, priority: 'b' as const }));
}

/** Ends the route step once no retreating unit has anywhere left to go (P-5: the rest are destroyed). */
function settleRoute(g: BattleState, ctx: RulesContext): void {
  const left = fighting(g, 'defender');
  if (left.some((u) => retreatOptions(g, u).length > 0)) return;
  for (const u of left) {
    u.status = 'destroyed';
    ctx.log({ kind: 'retreat', text: `${u.name} cannot retreat: destroyed`, cite: [CITE.retreat, 'P-5'] });
  }
  clearPoint(g, 'defender-retreated', ctx);
}

/** The point is clear of defenders: the attacker must occupy it (B.5). */
function clearPoint(g: BattleState, ending: Ending, ctx: RulesContext): void {
  g.ending = ending;
  for (const u of g.units.filter((x) => x.status === 'sheltering')) {
    u.status = 'destroyed';
    ctx.log({
      kind: 'retreat',
      text: `${u.name} retreated here from another battle and the point is lost: destroyed`,
      cite: [CITE.retreatC],
    });
  }
  if (ending === 'defender-destroyed') {
    ctx.log({
      kind: 'combat',
      text: 'the defending ground units are destroyed: the point is cleared',
      cite: [CITE.normal],
    });
    airLeftAlone(g, 'defender', ctx);
  }
  if (fighting(g, 'attacker').some(isGermanAir)) {
    g.stage = 'advance';
    return;
  }
  advance(g, [], ctx);
}

function advance(g: BattleState, air: readonly string[], ctx: RulesContext): void {
  for (const u of fighting(g, 'attacker')) {
    if (isGermanAir(u) && !air.includes(u.id)) {
      u.status = 'returned';
      u.at = u.from;
      continue;
    }
    u.status = 'advanced';
    u.at = g.point;
  }
  ctx.log({
    kind: 'advance',
    text: `the attackers occupy ${g.point}, dispersed units included${air.length > 0 ? `, with ${air.join(', ')}` : ''}`,
    cite: [CITE.advance, ...(air.length > 0 ? [CITE.germanAir] : [])],
  });
  g.holder = g.attacker;
  g.stage = 'over';
}

/* ----------------------------------------------------------------------------- */
/* The contract                                                                     */

function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => mask & (1 << i)));
  return out;
}

function legal(g: BattleState, role: Role): BattleAction[] {
  switch (g.stage) {
    case 'declare':
      return role === 'attacker' ? [{ type: 'attack' }] : [];
    case 'absorb-attacker':
    case 'absorb-defender': {
      const who: Role = g.stage === 'absorb-attacker' ? 'attacker' : 'defender';
      return who === role ? absorbers(g, role).map((u) => ({ type: 'absorb', unit: u.id })) : [];
    }
    case 'decide-attacker':
    case 'decide-defender': {
      const who: Role = g.stage === 'decide-attacker' ? 'attacker' : 'defender';
      return who === role ? [{ type: 'continue' }, { type: 'retreat' }] : [];
    }
    case 'route': {
      if (role !== 'defender') return [];
      const out: BattleAction[] = [];
      for (const u of fighting(g, 'defender'))
        for (const o of retreatOptions(g, u)) out.push({ type: 'retreat-to', unit: u.id, to: o.to });
      return out;
    }
    case 'advance': {
      if (role !== 'attacker') return [];
      const air = fighting(g, 'attacker')
        .filter(isGermanAir)
        .map((u) => u.id);
      return subsets(air).map((s) => ({ type: 'advance', air: s }));
    }
    case 'over':
      return [];
  }
}

function activeRole(g: BattleState): Role | null {
  switch (g.stage) {
    case 'declare':
    case 'absorb-attacker':
    case 'decide-attacker':
    case 'advance':
      return 'attacker';
    case 'absorb-defender':
    case 'decide-defender':
    case 'route':
      return 'defender';
    case 'over':
      return null;
  }
}

function apply(
  g: BattleState,
  role: Role,
  a: BattleAction,
  table: FireTable,
  air: FireTable,
  ctx: RulesContext,
): void {
  const unit = (id: string) => g.units.find((u) => u.id === id)!;
  switch (a.type) {
    case 'attack':
      ctx.log({
        kind: 'combat',
        text: `the ${g.attacker} forces attack ${g.point} (${g.weather} weather)`,
        cite: [CITE.kinds],
      });
      airCombat(g, table, air, ctx);
      g.mode = isSimultaneous(g) ? 'simultaneous' : 'normal';
      ctx.log({
        kind: 'combat',
        text: `${g.mode} combat`,
        cite: [g.mode === 'normal' ? CITE.kinds : g.weather === 'good' ? CITE.kindsGood : CITE.kindsSnow],
      });
      startRound(g, table, ctx);
      return;
    case 'absorb':
      takeLoss(g, unit(a.unit), ctx);
      g.pending[role] -= 1;
      goAbsorb(g, role, table, ctx);
      return;
    case 'continue':
      ctx.log({
        kind: 'decision',
        text: `the ${role} continues the action`,
        cite: [g.mode === 'normal' ? CITE.normal : CITE.breakOff],
      });
      if (g.mode === 'simultaneous') {
        if (role === 'attacker') g.stage = 'decide-defender';
        else startRound(g, table, ctx);
      } else if (role === 'attacker') {
        g.pending.defender = fortification(g, fire(g, 'attacker', table, ctx), ctx);
        goAbsorb(g, 'defender', table, ctx);
      } else {
        startRound(g, table, ctx);
      }
      return;
    case 'retreat':
      ctx.log({
        kind: 'decision',
        text: `the ${role} retreats`,
        cite: [CITE.retreat, ...(g.mode === 'simultaneous' ? [CITE.breakOff] : [])],
      });
      if (role === 'attacker') attackerRetreats(g, 'attacker-retreated', ctx);
      else defenderRetreats(g, ctx);
      return;
    case 'retreat-to': {
      const u = unit(a.unit);
      const opt = retreatOptions(g, u).find((o) => o.to === a.to)!;
      const n = neighbour(g, a.to)!;
      g.used[n.id] = (g.used[n.id] ?? 0) + retreatHalves(u);
      u.status = 'retreated';
      u.at = n.id;
      u.conditional = opt.priority === 'c';
      ctx.log({
        kind: 'retreat',
        text:
          opt.priority === 'c'
            ? `${u.name} retreats to ${n.name}, itself under attack: it survives only if ${n.name} still holds after that battle, and takes no part in it`
            : `${u.name} retreats to ${n.name} (priority ${opt.priority}${opt.priority === 'b' ? ': half the line capacity' : ''})`,
        cite: [{ a: CITE.retreatA, b: CITE.retreatB, c: CITE.retreatC }[opt.priority]],
      });
      settleRoute(g, ctx);
      return;
    }
    case 'advance':
      advance(g, a.air, ctx);
      return;
  }
}

export function battleOutcome(g: BattleState): GameOutcome | null {
  if (g.stage !== 'over' || !g.holder) return null;
  const lost = (side: Side) => g.units.filter((u) => u.side === side && u.status === 'destroyed').length;
  return {
    winner: g.holder,
    score: { axis: lost('soviet'), soviet: lost('axis') },
    summary: `${g.ending}: ${g.holder} holds ${g.point}; units destroyed: axis ${lost('axis')}, soviet ${lost('soviet')}`,
  };
}

function cloneBattle(g: BattleState): BattleState {
  return {
    ...g,
    units: g.units.map((u) => ({ ...u })),
    neighbours: g.neighbours.map((n) => ({ ...n, displaced: n.displaced.map((d) => ({ ...d })) })),
    pending: { ...g.pending },
    hits: { ...g.hits },
    used: { ...g.used },
  };
}

/**
 * The battle on a given fire table (the provisional one unless the printed one is loaded,
 * P-1), air-to-air on `air` (P-17: the provisional air-to-air column beside a provisional
 * table, else the table itself).
 */
export function battleRulesWith(
  table: FireTable,
  air: FireTable = airToAirTable(table),
): GameRules<BattleState, BattleAction> {
  return {
    id: 'point-to-point-battle',
    rulesVersion: BATTLE_RULES_VERSION,
    sides: ['axis', 'soviet'],
    setup(scenario, _options, ctx) {
      const made = battleFromSetup(scenario, table.id);
      if (!made.ok) return made;
      if (table.provisional)
        ctx.log({
          kind: 'phase',
          text: 'PROVISIONAL TABLE: the printed combat table is lost',
          cite: ['P-1'],
        });
      return ok(made.value);
    },
    activeSides(g) {
      const r = activeRole(g);
      return r ? [sideOf(g, r)] : [];
    },
    legalActions(g, side) {
      if (side !== 'axis' && side !== 'soviet') return [];
      return legal(g, roleOf(g, side));
    },
    applyAction(draft, side, action, ctx) {
      apply(draft, roleOf(draft, side as Side), action, table, air, ctx);
    },
    view: (g) => g,
    outcome: battleOutcome,
    clone: cloneBattle,
  };
}

export const battleRules: GameRules<BattleState, BattleAction> = battleRulesWith(FIRE_TABLE);
