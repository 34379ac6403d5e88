/**
 * barbarossa-1941 air rules: "Bombing and – the dreaded Stukas - Close Air Support",
 * "Airstrike", "Range", interception, "Air Supply" and the Notes (RULINGS B-13, B-46,
 * B-56..B-60; the airfields themselves are airfields.ts). Close air support in ground
 * combat: "if the bombing/
 * strafing target hex is under ground attack, a German fliegerkorps increases the combat
 * odds 2 column shifts – the 8th Fliegerkorps 3 – not more than doubling the odds";
 * "The Russian Close Air Support bonus is 1 column shift, regardless of terrain";
 * "Luftwaffe units may be freely combined ...  Russian front air/aviation units may not be
 * combined"; "Maximum German fliegerkorps air range is 6 hexes from its base - for
 * Russians, 4 hexes ... at more than half these ranges decreases effectiveness ... by 1";
 * "If its hex is not in full supply, it and its air unit are non-operational"; "an air
 * unit may be used only once offensively".
 */
import type { OddsTable, RulesContext, Shift } from '@stavka/engine';
import { isInterceptorKorps, outOfGame, takeOut } from './airfields.ts';
import { Board } from './board.ts';
import { hexDistance } from './combat-results.ts';
import airTableFile from './data/generated/air-table.provisional.json' with { type: 'json' };
import { hasKorpsSteps } from './korps-steps.ts';
import { otherSide, type RulesScenario, type Side } from './rules-scenario.ts';
import type { AirMission, BarbarossaState, Supply } from './state.ts';
import { boardSupplyDistances, supplyStatuses } from './supply.ts';
import { isArmour, isArmy, isGerman, isGroundUnit } from './unit-kinds.ts';

export const CITE_AIR = 'barbarossa-1941 "Bombing and Close Air Support"';
export const CITE_AIRSTRIKE = 'barbarossa-1941 "Airstrike"';
export const CITE_AIR_RESULTS = 'barbarossa-1941 "Air Attack and Combat Results"';
export const CITE_RANGE = 'barbarossa-1941 "Range"';
export const CITE_AIR_SUPPLY = 'barbarossa-1941 "Supply" Air Supply';

/**
 * Is the air unit operational now? On the map, not out of the game, its airfield not
 * Disrupted (moved by rail, B-56) and in Full supply ("If its hex is not in full supply, it
 * and its air unit are non-operational"), as judged when the airfield was last positioned
 * (the start of the player-turn, a move) or its side's supply determined (B-56).
 */
export function operational(g: BarbarossaState, id: string): boolean {
  const p = g.pieces[id]!;
  return p.status === 'map' && !p.disrupted && !outOfGame(g, id) && p.supply === 'full';
}

/**
 * "they can further accompany the attacking units with Close Air Support (not bombing) in
 * one (of the) Blitzkrieg! attack(s)": may `air`, spent on an attack that ended in
 * Blitzkrieg!, support the attack on `target`, made by some of those attackers?
 */
export function accompaniesBlitz(g: BarbarossaState, air: string, target: number): boolean {
  const attack = g.attacks.find((a) => a.target === target);
  if (!attack) return false;
  return (g.blitzAir ?? []).some(
    (b) => b.air === air && b.attackers.some((x) => attack.attackers.includes(x)),
  );
}

/** Air units of the side to move that may support an attack on `target` now. */
export function airSupporters(board: Board, target: number, already: readonly string[]): string[] {
  const { g } = board;
  const side = g.player;
  if (side === 'soviet' && already.length > 0) return []; // "Russian front air/aviation units may not be combined"
  const out: string[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== side || p.status !== 'map' || already.includes(id)) continue;
    if (g.airUsed.includes(id) && !accompaniesBlitz(g, id, target)) continue;
    const u = board.unit(id);
    if (u.type !== 'air' || (u.factors.shifts ?? 0) <= 0) continue;
    if (!operational(g, id)) continue; // non-operational out of full supply (B-56)
    if (hexDistance(board, p.at, target) > (u.factors.range ?? 0)) continue;
    out.push(id);
  }
  return out;
}

/**
 * The air shift of an attack: each unit its shifts (the 8th Fliegerkorps 3), 1 less beyond
 * half its range (B-46); the German total held so that the final odds are at most twice
 * the raw ratio (B-13), the Russian +1 "regardless of terrain".
 */
export function airShift(
  board: Board,
  table: OddsTable,
  air: readonly string[],
  target: number,
  attack: number,
  defense: number,
  before: number,
): Shift | null {
  if (air.length === 0) return null;
  let by = 0;
  const names: string[] = [];
  for (const id of air) {
    const u = board.unit(id);
    const range = u.factors.range ?? 0;
    const far = hexDistance(board, board.piece(id).at, target) > range / 2;
    by += Math.max(0, (u.factors.shifts ?? 0) - (far ? 1 : 0));
    names.push(`${u.designation}${far ? ' (beyond half range: -1)' : ''}`);
  }
  if (board.g.player === 'soviet')
    return { by, reason: `close air support: ${names.join(', ')}`, cite: CITE_AIR };
  // B-13: the final column's odds at most twice the raw ratio.
  let cap = -1;
  table.columns.forEach((c, i) => {
    if (c.attack * defense <= 2 * attack * c.defense) cap = i;
  });
  const held = Math.max(0, Math.min(by, cap - before));
  return {
    by: held,
    reason: `air support: ${names.join(', ')}${held < by ? `, held to ${held} (not more than doubling the odds)` : ''}`,
    cite: 'B-13',
  };
}

/* ------------------------------------------------------------------------------------ */
/* Range (B-60)                                                                          */

/**
 * "Maximum German fliegerkorps air range is 6 hexes from its base - for Russians, 4 hexes.
 * The Russian 6. and 7. Interceptor Korps may intercept out to a range of 3 hexes from
 * Moscow and Leningrad" (the unit's printed range, counted from its airfield: B-56, B-60).
 */
export function airRange(board: Board, id: string): number {
  return board.unit(id).factors.range ?? 0;
}

/** Hexes from the air unit's airfield to `target`. */
export function airDistance(board: Board, id: string, target: number): number {
  return hexDistance(board, board.piece(id).at, target);
}

/** "at more than half these ranges" */
export function beyondHalfRange(board: Board, id: string, target: number): boolean {
  return airDistance(board, id, target) > airRange(board, id) / 2;
}

/** Air units that fly missions (strikes, support, supply): not the PVO interceptor korps. */
function flies(board: Board, id: string): boolean {
  return board.unit(id).type === 'air' && !isInterceptorKorps(board, id);
}

/* ------------------------------------------------------------------------------------ */
/* The provisional ground-and-air table (data/generated/air-table.provisional.json)     */

export const AIR_TABLE: {
  readonly columns: readonly string[];
  readonly rows: Readonly<Record<string, readonly string[]>>;
  readonly results: Readonly<Record<string, { name: string; text: string }>>;
  readonly provisional: boolean;
} = airTableFile;

/** The column read: the air unit's side, and whether its mission is intercepted (B-57, B-58). */
export function airColumn(side: Side, intercepted: boolean): number {
  const i = AIR_TABLE.columns.findIndex(
    (c) =>
      c.startsWith(side === 'axis' ? 'Luftwaffe' : 'Soviet') &&
      c.includes(intercepted ? ', intercepted' : 'not intercepted'),
  );
  if (i < 0) throw new Error('the air table has no such column');
  return i;
}

/** The result of a (modified) roll on a column; a roll below 1 reads 1, above 6 reads 6. */
export function airResult(column: number, roll: number): string {
  const r = Math.max(1, Math.min(6, roll));
  return AIR_TABLE.rows[String(r)]![column]!;
}

/* ------------------------------------------------------------------------------------ */
/* Airstrikes (B-57)                                                                     */

/** "AA = Air unit shot down if attacking UnDisrupted German army or Russian victory city." */
export function aaCapable(board: Board, id: string): boolean {
  const p = board.piece(id);
  const u = board.unit(id);
  if (isGerman(u) && isArmy(u)) return !p.disrupted;
  return p.side === 'soviet' && (board.s.victoryPoints[p.at] ?? 0) > 0;
}

/**
 * "An air unit attacks each ground unit in the target hex separately, from the top of the
 * stack to its bottom  antiaircraft-capable units first" (B-57: the stack's order is the
 * order its pieces are held in).
 */
export function strikeOrder(board: Board, target: number): string[] {
  const ground = board.at[target]!.filter((id) => isGroundUnit(board.unit(id)));
  return [...ground.filter((id) => aaCapable(board, id)), ...ground.filter((id) => !aaCapable(board, id))];
}

/**
 * "D* = "-" result if attacking panzer/armor or any units which are entrenched or in forest,
 * hills, mountains, or in major, victory, or forest cities" ("safer from air attack in
 * forest and swamp&forest").
 */
export function protectedFromAir(board: Board, id: string): boolean {
  const p = board.piece(id);
  if (isArmour(board.unit(id)) || p.entrenched) return true;
  const t = board.s.terrain[p.at];
  if (t === 'forest' || t === 'swamp-forest' || t === 'hills' || t === 'mountain') return true;
  const k = board.s.placeKind[p.at];
  return k === 'major-city' || k === 'fortress-city' || k === 'victory-city';
}

/** Offensive missions the side to move may fly now: each operational air unit once a game-turn. */
function offensiveFlyers(board: Board): string[] {
  const { g } = board;
  return g.order.filter((id) => {
    const p = g.pieces[id]!;
    return p.side === g.player && flies(board, id) && !g.airUsed.includes(id) && operational(g, id);
  });
}

/**
 * Airstrikes open now: an operational air unit not yet used offensively this game-turn,
 * against a hex of enemy ground units within its range; "Russian front air/aviation units
 * may not be combined": one Russian air unit a hex a player-turn (B-57).
 */
export function strikeTargets(board: Board): { piece: string; target: number }[] {
  const { g } = board;
  const flyers = offensiveFlyers(board);
  if (flyers.length === 0) return [];
  const enemy = otherSide(g.player);
  const seen = new Set<number>();
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side === enemy && p.status === 'map' && p.at >= 0 && isGroundUnit(board.unit(id))) seen.add(p.at);
  }
  const hexes = [...seen].sort((a, b) => a - b);
  const out: { piece: string; target: number }[] = [];
  for (const piece of flyers)
    for (const target of hexes) {
      if (g.player === 'soviet' && (g.airStruck ?? []).includes(target)) continue;
      if (airDistance(board, piece, target) <= airRange(board, piece)) out.push({ piece, target });
    }
  return out;
}

/* ------------------------------------------------------------------------------------ */
/* Air supply (B-59)                                                                     */

/** Pieces air-supplied count as in Full supply until their side's next player-turn (B-59). */
export function withAirSupply(g: BarbarossaState, supply: Record<string, Supply>): Record<string, Supply> {
  for (const id of g.airSupplied ?? []) if (id in supply) supply[id] = 'full';
  return supply;
}

/**
 * "An air unit may supply all the otherwise out of supply units in any one hex within its
 * maximum range": a hex of the side's ground units of which some are not in Full supply
 * (nor air-supplied already), within the range of an operational air unit not yet used
 * offensively this game-turn (B-59).
 */
export function supplyTargets(board: Board): { piece: string; target: number }[] {
  const { g } = board;
  const flyers = offensiveFlyers(board);
  if (flyers.length === 0) return [];
  const supply = withAirSupply(g, supplyStatuses(board, g.player, boardSupplyDistances(board, g.player)));
  const hexes = new Set<number>();
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== g.player || p.status !== 'map' || !isGroundUnit(board.unit(id))) continue;
    if (supply[id] !== 'full') hexes.add(p.at);
  }
  const targets = [...hexes].sort((a, b) => a - b);
  const out: { piece: string; target: number }[] = [];
  for (const piece of flyers)
    for (const target of targets)
      if (airDistance(board, piece, target) <= airRange(board, piece)) out.push({ piece, target });
  return out;
}

/* ------------------------------------------------------------------------------------ */
/* Interception (B-58)                                                                   */

/**
 * The defender's air units that may intercept a mission over `target`: operational, not yet
 * used defensively this game-turn ("only once defensively per game-turn ... for
 * interception"), the hex within their range (the PVO korps 3 from their city, B-60).
 */
export function interceptors(board: Board, mission: AirMission): string[] {
  const { g } = board;
  const side = otherSide(g.pieces[mission.piece]!.side);
  return g.order.filter((id) => {
    const p = g.pieces[id]!;
    if (p.side !== side || board.unit(id).type !== 'air') return false;
    if ((g.airDefUsed ?? []).includes(id) || !operational(g, id)) return false;
    return airDistance(board, id, mission.target) <= airRange(board, id);
  });
}

/* ------------------------------------------------------------------------------------ */
/* Missions: declared, perhaps intercepted, resolved                                     */

const MISSION_WORDS: Record<AirMission['kind'], string> = {
  strike: 'an airstrike on',
  support: 'close air support over',
  supply: 'air supply to',
};

type Names = { label: (id: string) => string; hex: (h: number) => string };

function names(
  g: BarbarossaState,
  s: RulesScenario,
  label: (g: BarbarossaState, s: RulesScenario, id: string) => string,
): Names {
  return {
    label: (id) => label(g, s, id),
    hex: (h) => (s.placeName[h] ? `${s.hexNumbers[h]} (${s.placeName[h]})` : s.hexNumbers[h]!),
  };
}

/**
 * A mission flown: the air unit's offensive use of the game-turn is spent ("only once
 * offensively"); if the enemy has an air unit able to intercept, the mission waits for the
 * enemy's answer (B-58), else it is resolved now.
 */
export function declareMission(
  g: BarbarossaState,
  s: RulesScenario,
  mission: AirMission,
  ctx: RulesContext,
  label: (g: BarbarossaState, s: RulesScenario, id: string) => string,
): void {
  const n = names(g, s, label);
  if (mission.kind === 'support' && g.airUsed.includes(mission.piece)) {
    // Its one Blitzkrieg! attack (accompaniesBlitz): spent now.
    g.blitzAir = (g.blitzAir ?? []).filter((b) => b.air !== mission.piece);
    if (g.blitzAir.length === 0) delete g.blitzAir;
  } else g.airUsed.push(mission.piece);
  if (mission.kind === 'strike' && g.player === 'soviet')
    g.airStruck = [...(g.airStruck ?? []), mission.target];
  const board = new Board(g, s);
  const far = beyondHalfRange(board, mission.piece, mission.target);
  ctx.log({
    kind: 'air',
    text: `${n.label(mission.piece)} flies ${MISSION_WORDS[mission.kind]} ${n.hex(mission.target)} (${airDistance(board, mission.piece, mission.target)} hexes${far ? ', beyond half range' : ''})`,
    cite: [
      mission.kind === 'strike' ? CITE_AIRSTRIKE : mission.kind === 'support' ? CITE_AIR : CITE_AIR_SUPPLY,
      CITE_RANGE,
    ],
  });
  if (interceptors(board, mission).length > 0) {
    g.airMission = mission;
    return;
  }
  resolveMission(g, s, mission, null, ctx, label);
}

/** The die-roll modifiers of a mission's roll against `targetDisrupted` (the air table's modifiers). */
function rollModifier(
  board: Board,
  mission: AirMission,
  interceptor: string | null,
  targetDisrupted: boolean,
) {
  let by = 0;
  const why: string[] = [];
  if (targetDisrupted) {
    by -= 1;
    why.push('-1 against an already Disrupted unit');
  }
  if (beyondHalfRange(board, mission.piece, mission.target)) {
    by += 1;
    why.push('+1 beyond half range');
  }
  if (interceptor !== null && beyondHalfRange(board, interceptor, mission.target)) {
    by -= 1;
    why.push('-1 interceptor beyond half range');
  }
  return { by, why };
}

/**
 * What an airstrike would do to each ground unit of the target hex, in the order struck,
 * if not intercepted: the number of rolls in six of each result as the strike reads it
 * (D* read "-" on a protected unit, AA only against an AA-capable one). The preview the
 * player sees before flying (B-57); `resolveMission` rolls the same reading.
 */
export function strikeChances(
  board: Board,
  piece: string,
  target: number,
): { unit: string; sixths: Readonly<Record<string, number>> }[] {
  const side = board.piece(piece).side;
  const column = airColumn(side, false);
  const mission: AirMission = { kind: 'strike', piece, target };
  return strikeOrder(board, target).map((id) => {
    const mod = rollModifier(board, mission, null, board.piece(id).disrupted);
    const sixths: Record<string, number> = {};
    for (let roll = 1; roll <= 6; roll++) {
      let r = airResult(column, roll + mod.by);
      if (r === 'D*') r = protectedFromAir(board, id) ? '-' : 'D';
      if (r === 'AA' && !aaCapable(board, id)) r = '-';
      sixths[r] = (sixths[r] ?? 0) + 1;
    }
    return { unit: id, sixths };
  });
}

/** The air unit is Shot Down or Intercepted: out of the game (the Notes; B-57). */
function airLoss(g: BarbarossaState, id: string, result: 'SD' | 'I', n: Names, ctx: RulesContext): void {
  takeOut(g, id, result);
  ctx.log({
    kind: 'air',
    text:
      result === 'SD'
        ? `${n.label(id)} is shot down: out of the game until 2 player-turns later`
        : `${n.label(id)} is intercepted: mission prevented, out of the game until the next player-turn`,
    cite: [`${CITE_AIR_RESULTS} Notes`, 'B-57'],
  });
}

/** Resolves a mission, intercepted by `interceptor` or not (B-57, B-58, B-59). */
export function resolveMission(
  g: BarbarossaState,
  s: RulesScenario,
  mission: AirMission,
  interceptor: string | null,
  ctx: RulesContext,
  label: (g: BarbarossaState, s: RulesScenario, id: string) => string,
): void {
  g.airMission = null;
  const n = names(g, s, label);
  const board = new Board(g, s);
  const side = g.pieces[mission.piece]!.side;
  const intercepted = interceptor !== null;
  if (interceptor !== null) {
    g.airDefUsed = [...(g.airDefUsed ?? []), interceptor];
    ctx.log({
      kind: 'air',
      text: `${n.label(interceptor)} intercepts ${n.label(mission.piece)} over ${n.hex(mission.target)}`,
      cite: [CITE_RANGE, 'B-58'],
    });
  }
  const column = airColumn(side, intercepted);
  const colName = AIR_TABLE.columns[column]!;
  if (mission.kind !== 'strike' && intercepted) {
    // B-58: an intercepted support or supply mission: one roll; I or SD prevents it.
    const mod = rollModifier(board, mission, interceptor, false);
    const roll = ctx.roll(`interception of ${n.label(mission.piece)} (${colName})`, [
      CITE_AIR_RESULTS,
      'B-58',
    ]);
    const result = airResult(column, roll + mod.by);
    ctx.log({
      kind: 'air',
      text: `interception roll ${roll}${mod.why.length ? ` ${mod.why.join(', ')}` : ''}: ${result}`,
      cite: [CITE_AIR_RESULTS, 'B-58'],
    });
    if (result === 'I' || result === 'SD') {
      airLoss(g, mission.piece, result, n, ctx);
      return;
    }
  }
  if (mission.kind === 'support') {
    const at = g.attacks.find((x) => x.target === mission.target);
    if (!at) return;
    at.air = [...(at.air ?? []), mission.piece];
    ctx.log({
      kind: 'air',
      text: `${n.label(mission.piece)} supports the attack on ${n.hex(mission.target)}`,
      cite: [CITE_AIR, 'B-46'],
    });
    return;
  }
  if (mission.kind === 'supply') {
    airSupply(g, board, mission, ctx, n);
    return;
  }
  // The airstrike: each ground unit in turn, AA-capable first, until the air unit is lost.
  for (const target of strikeOrder(board, mission.target)) {
    const p = g.pieces[target]!;
    const mod = rollModifier(board, mission, interceptor, p.disrupted);
    const roll = ctx.roll(`airstrike by ${n.label(mission.piece)} on ${n.label(target)} (${colName})`, [
      CITE_AIR_RESULTS,
      'B-57',
    ]);
    let result = airResult(column, roll + mod.by);
    const aa = aaCapable(board, target);
    let text = `${n.label(mission.piece)} against ${n.label(target)}: roll ${roll}${mod.why.length ? ` (${mod.why.join(', ')})` : ''}, ${result}`;
    if (result === 'D*' && protectedFromAir(board, target)) {
      result = '-';
      text += ' read "-" (armour, entrenched, or forest, hills, mountains, a major or victory city)';
    } else if (result === 'D*') result = 'D';
    if (result === 'D') {
      p.disrupted = true;
      text += ': Disrupted in place';
      // "Aerial Disruption by Bombing breaks down a korps, if it can be broken down" (B-55, B-57).
      const u = p.unit ? s.units[p.unit] : undefined;
      if (u && hasKorpsSteps(u) && !p.weak) {
        p.weak = true;
        text += ', broken down to its reduced side';
      }
    } else if (result === 'AA') text += aa ? ': anti-aircraft fire' : ': no effect (no anti-aircraft)';
    ctx.log({ kind: 'air', text, cite: [CITE_AIR_RESULTS, CITE_AIRSTRIKE, 'B-57'] });
    if (result === 'SD' || result === 'I') {
      airLoss(g, mission.piece, result, n, ctx);
      return;
    }
    if (result === 'AA' && aa) {
      airLoss(g, mission.piece, 'SD', n, ctx);
      return;
    }
  }
}

/**
 * B-59: the side's units in the hex not in Full supply are air-supplied (Full supply) until
 * their side's next player-turn; "German Air Supply at more than 50% range becomes 50%
 * successful – determined for each unit": a roll each, 1-3 supplied.
 */
function airSupply(g: BarbarossaState, board: Board, mission: AirMission, ctx: RulesContext, n: Names): void {
  const side = g.pieces[mission.piece]!.side;
  const supply = withAirSupply(g, supplyStatuses(board, side));
  const halved = side === 'axis' && beyondHalfRange(board, mission.piece, mission.target);
  const supplied: string[] = [];
  for (const id of board.at[mission.target]!) {
    const p = g.pieces[id]!;
    if (p.side !== side || !isGroundUnit(board.unit(id)) || supply[id] === 'full') continue;
    if (halved) {
      const roll = ctx.roll(`air supply of ${n.label(id)} beyond half range: 1-3 supplied`, [
        CITE_AIR_SUPPLY,
        CITE_RANGE,
        'B-59',
      ]);
      if (roll > 3) {
        ctx.log({ kind: 'air', text: `${n.label(id)} is not air-supplied`, cite: [CITE_RANGE, 'B-59'] });
        continue;
      }
    }
    supplied.push(id);
    p.supply = 'full';
  }
  g.airSupplied = [...(g.airSupplied ?? []), ...supplied];
  ctx.log({
    kind: 'air',
    text:
      supplied.length > 0
        ? `${supplied.map(n.label).join(', ')} air-supplied: in Full supply until ${side === 'axis' ? 'the next German' : 'the next Russian'} player-turn`
        : 'no unit air-supplied',
    cite: [CITE_AIR_SUPPLY, 'B-59'],
  });
}
