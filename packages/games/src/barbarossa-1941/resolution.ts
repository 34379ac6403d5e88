/**
 * One ground combat from its declaration to its last advance ("Ground Combat Resolution
 * and Immediate Tactical Retreats and Advances after Combat", A.5 / B.5): each phase's
 * legal actions and its effect side by side. The reading of the table is
 * combat-results.ts's; the odds are attack.ts's.
 *
 *   orders -> [forced-exchange (Russian attacker) -> avoid-exchange (German defender)]
 *   -> roll -> [forced-exchange (German attacker, after the roll)] -> [exchange-choice]
 *   -> [losses] -> [retreat-length] -> [retreat] -> [advance] -> done
 */
import { type RulesContext, slotBetween } from '@stavka/engine';
import { withAirSupply } from './air.ts';
import { overrunOnTheGround } from './airfields.ts';
import { evaluateAttack, firstTurnRiverIgnored, isRefusal, riverHexsides } from './attack.ts';
import { Board } from './board.ts';
import { BARBAROSSA_CRT } from './combat.ts';
import {
  advanceAllowance,
  advanceHexes,
  armoredOverrun,
  CITE_ADVANCES,
  CITE_NO_RETREAT,
  CITE_RESULTS,
  CITE_RETREATS,
  EXCHANGE_RATE,
  eliminates,
  exchangeOutcome,
  extraRetreat,
  FORCED_EXCHANGE,
  isExchange,
  lossCandidates,
  NO_RETREAT,
  readFor,
  retreatOf,
  retreatPaths,
} from './combat-results.ts';
import { returnToPile, revealPieces } from './hidden.ts';
import { CITE_ASYMMETRIC, type Gamble, pressColumns, roundUpInSix, shiftOf } from './odds-gambles.ts';
import { railBound } from './railway-guns.ts';
import { impassable, otherSide, type RulesScenario, type Side } from './rules-scenario.ts';
import { moscowMoraleRoll } from './special-units.ts';
import { attackFactor, type BarbarossaState, type Combat } from './state.ts';
import { type Effect, type Effects, log } from './steps/step.ts';
import { supplyStatuses } from './supply.ts';
import {
  CITE_DE,
  leavesSurvivor,
  retreatSurvivor,
  SURVIVOR_RETREAT,
  standSurvivor,
  survivorHexes,
  weakDivisionFor,
  withdrawSurvivor,
} from './survivors.ts';
import { isGerman } from './unit-kinds.ts';
import { enter } from './victory.ts';

export type CombatAction =
  | { type: 'no-retreat'; piece: string }
  | { type: 'orders-done' }
  | { type: 'forced-exchange'; declare: boolean }
  | { type: 'avoid-exchange'; takeD3: boolean }
  | { type: 'exchange-choice'; pay: boolean; nil?: true }
  | { type: 'lose'; piece: string }
  | { type: 'flip'; piece: string }
  | { type: 'retreat-length'; piece: string; hexes: number }
  | { type: 'retreat'; piece: string; to: number }
  | { type: 'advance'; piece: string; to: number }
  | { type: 'end-advance' }
  | { type: 'survivor'; piece: string; to: number };

const DISRUPTING = new Set(['D', 'D1', 'D2', 'D3']);

function hexName(s: RulesScenario, h: number): string {
  return s.placeName[h] ? `${s.hexNumbers[h]} (${s.placeName[h]})` : s.hexNumbers[h]!;
}

/**
 * "As long as the vacated hex is entered by attacking units at least equal to the
 * defenders' modified strength, other units may also tactically advance (only) 1 hex into
 * an empty hex adjacent to the defended one, unless prevented by ZOC restrictions"
 * (RULINGS B-45: not from one hex to another in the ZOC of the same enemy unit).
 */
function sideAdvanceHexes(board: Board, c: Combat, attacker: string): number[] {
  const strength = c.defenders.reduce((t, d) => t + (c.defense[d] ?? 0), 0);
  if (c.advancedIn < strength || c.advancedIn === 0) return [];
  const { graph } = board.s.map;
  const side = board.piece(attacker).side;
  const from = board.piece(attacker).at;
  const fromOwners = new Set(board.zocOwners(side, from));
  const out: number[] = [];
  for (let k = graph.offsets[c.target]!; k < graph.offsets[c.target + 1]!; k++) {
    const h = graph.targets[k]!;
    if (h < 0 || h === from || board.at[h]!.length > 0 || slotBetween(graph, from, h) < 0) continue;
    if (impassable(board.s, h, board.weather) || board.closedRumania(side, h)) continue; // B-66
    if (board.zocOwners(side, h).some((o) => fromOwners.has(o))) continue;
    out.push(h);
  }
  return out;
}

/**
 * B-50: a defender owing a retreat it cannot make is forced over the "Edge of the World"
 * when its hex touches the map's edge, the sea or an unfrozen lake in a direction no
 * closer to any hex the attack came from.
 */
function edgeOfTheWorld(board: Board, c: Combat, defender: string): boolean {
  const { graph } = board.s.map;
  const at = board.piece(defender).at;
  const base = graph.offsets[at]!;
  // Directions (0-5) of the hexes the attack came from.
  const attackDirs = c.from.map((f) => {
    for (let d = 0; d < 6; d++) if (graph.targets[base + d] === f) return d;
    return -1;
  });
  for (let dir = 0; dir < 6; dir++) {
    const h = graph.targets[base + dir]!;
    if (h >= 0 && !impassable(board.s, h, board.weather)) continue;
    // Off the map or water that way: forced over the edge if that way leads away from every attacker.
    if (attackDirs.every((d) => d < 0 || [2, 3, 4].includes((d - dir + 6) % 6))) return true;
  }
  return false;
}

/** The first defender still to retreat whose Dn length the attacker has not set (B-3), or null. */
function lengthOwed(c: Combat): string | null {
  return c.toRetreat.find((d) => retreatOf(c.results[d]!) > 0 && c.retreatLengths[d] === undefined) ?? null;
}

/**
 * The hexes `d` may end its retreat at: a D withdrawal "a maximum of 2 hexes", at least 1
 * while the defended hex is over the stacking limit ("Units retreated if hex
 * overstacked"); a Dn the length the attacker set for it, plus the "3-(Dn)" the defender
 * may add (B-3).
 */
function retreatRange(c: Combat, d: string, board: Board): [number, number] {
  const r = c.results[d]!;
  if (r === 'D') return [board.fits(c.target, []) ? 0 : 1, 2];
  const len = c.retreatLengths[d] ?? 0;
  return [len, len + extraRetreat(retreatOf(r))];
}

/**
 * How far attacker `a` may advance: its allowance on a BK, DE or D3; "All units may only
 * advance 1 hex on a D1 result, unless the defender retreats farther" (D withdrawals and
 * exchanges, "as for D1", alike): then as far as the defender went, within what the unit
 * could advance on a D3 (RULINGS B-71).
 */
function advanceLimit(board: Board, c: Combat, a: string): number {
  const r = c.advanceResult ?? 'D1';
  if (r === 'BK' || r === 'DE' || r === 'D3' || r === 'D2') return advanceAllowance(board, a, r);
  return Math.max(1, Math.min(c.retreated, advanceAllowance(board, a, 'D3')));
}

/** The side that must act in the combat now. */
export function combatActor(g: BarbarossaState): Side {
  const c = g.combat!;
  const attacker = g.player;
  if (c.phase === 'orders' || c.phase === 'avoid-exchange' || c.phase === 'retreat' || c.phase === 'survivor')
    return otherSide(attacker);
  return attacker;
}

export function eliminatePiece(
  g: BarbarossaState,
  s: RulesScenario,
  id: string,
  ctx: RulesContext,
  why: string,
  cite: string[],
) {
  const p = g.pieces[id]!;
  // "Shot Down (or overrun on the ground)": an air unit is out of the game, not eliminated (B-56).
  if (s.units[p.unit ?? '']?.type === 'air') {
    overrunOnTheGround(g, id, ctx, label(g, s, id));
    return;
  }
  p.status = 'eliminated';
  ctx.log({
    kind: 'eliminated',
    text: `${label(g, s, id)} eliminated: ${why}`,
    cite,
    data: { piece: id, hex: p.at },
  });
  p.at = -1;
  p.disrupted = false;
  if (p.unit) returnToPile(g, s, p.unit);
}

/**
 * A side's ground unit enters `hex`: it takes a named place there (victory.ts `enter`),
 * overruns on the ground any enemy air unit on its airfield there (B-56: airfields are
 * not beyond the front, so only a breakthrough reaches one) and destroys an undefended
 * railway gun or rail conversion unit (B-61). It may enter only a hex no enemy defends
 * (Board.hasEnemyGround), so every enemy piece still there is one of these.
 */
export function enterHex(
  g: BarbarossaState,
  s: RulesScenario,
  hex: number,
  side: Side,
  ctx: RulesContext,
): void {
  enter(g, s, hex, side);
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.status !== 'map' || p.at !== hex || p.side === side) continue;
    const type = s.units[p.unit ?? '']?.type;
    if (type === 'air')
      eliminatePiece(g, s, id, ctx, 'overrun on the ground', ['barbarossa-1941 "Airfields"', 'B-56']);
    else if (type !== undefined && railBound(type))
      eliminatePiece(g, s, id, ctx, 'undefended, destroyed by the enemy entering its hex', [
        'barbarossa-1941 "Strategic Movment - By Rail"',
        'B-61',
      ]);
  }
}

export function label(g: BarbarossaState, s: RulesScenario, id: string): string {
  const p = g.pieces[id]!;
  if (p.unit) return s.units[p.unit]?.designation ?? id;
  return `${id} (${p.face})`;
}

/**
 * Starts the resolution of the declared attack on `target`: face-down pieces in it are
 * revealed (B-18), supply is judged now ("The supply status for combat is determined at
 * the moment of attack/defense"), the odds fixed; then the defender is asked for No
 * Retreat! orders ("The Attacker must ask the Defender if he chooses No Retreat! before
 * any battle is resolved").
 */
export function startCombat(
  g: BarbarossaState,
  s: RulesScenario,
  target: number,
  ctx: RulesContext,
  gamble?: Gamble,
  ignoreRiver = false,
): void {
  const i = g.attacks.findIndex((a) => a.target === target);
  const attack = g.attacks[i]!;
  g.attacks.splice(i, 1);
  const defenders = new Board(g, s).at[target]!.slice();
  revealPieces(g, s, [...attack.attackers, ...defenders], ctx);
  const board = new Board(g, s);
  // B-59: air-supplied units are in Full supply.
  const supply = withAirSupply(g, { ...supplyStatuses(board, 'axis'), ...supplyStatuses(board, 'soviet') });
  for (const id of [...attack.attackers, ...defenders]) g.pieces[id]!.supply = supply[id] ?? 'isolated';
  if (ignoreRiver && g.riverIgnored === null) {
    g.riverIgnored = riverHexsides(board, attack.attackers, target)[0] ?? null;
    ctx.log({
      kind: 'combat',
      text: 'the Russian defense shift of this river hexside is ignored this turn',
      cite: ['barbarossa-1941 "Special First Turn Rules"', 'B-44'],
    });
  }
  const ev = evaluateAttack(board, attack.attackers, target, {
    supply,
    air: attack.air ?? [],
    riverShiftIgnored: firstTurnRiverIgnored(board, attack.attackers, target, g.riverIgnored),
  });
  let column = 0;
  let split: { high: number; low: number } | null = null;
  const defense: Record<string, number> = {};
  if (isRefusal(ev)) {
    // RULINGS B-32: odds fallen below 1:5 once revealed are read on the 1:5 column.
    ctx.log({ kind: 'combat', text: `${ev.message}: resolved at 1:5 (B-32)`, cite: ['B-32'] });
    for (const d of defenders) defense[d] = board.unit(d).factors.defense ?? 0;
  } else {
    column = ev.column;
    for (const d of ev.defenders) defense[d.id] = d.modified;
    const top = BARBAROSSA_CRT.columns.length - 1;
    const names = BARBAROSSA_CRT.columnLabels;
    if (gamble?.kind === 'round-up') {
      // B-7: success on 1..floor(6p): resolve on the target's column, else on the fall-back's (shifts added).
      const inSix = roundUpInSix(ev, gamble.target, gamble.fallBack);
      const roll = ctx.roll(`round-up roll: 1-${inSix} reaches ${names[gamble.target]}`, [
        CITE_ASYMMETRIC,
        'B-7',
      ]);
      const base = roll <= inSix ? gamble.target : gamble.fallBack;
      column = Math.max(0, Math.min(top, base + shiftOf(ev)));
      ctx.log({
        kind: 'combat',
        text: `round-up ${roll <= inSix ? 'succeeds' : 'fails'}: resolved on ${names[column]}`,
        cite: ['B-7'],
      });
    } else if (gamble?.kind === 'press') {
      const { high, low } = pressColumns(ev.column, gamble.columns, g.player);
      if (gamble.procedure === 'roll') {
        // B-8 "rolling to see which column to use first": even chances.
        const roll = ctx.roll(`pressing the attack: 4-6 ${names[high]}, 1-3 ${names[low]}`, [
          CITE_ASYMMETRIC,
          'B-8',
        ]);
        column = roll >= 4 ? high : low;
        ctx.log({ kind: 'combat', text: `pressing: resolved on ${names[column]}`, cite: ['B-8'] });
      } else {
        split = { high, low };
        ctx.log({
          kind: 'combat',
          text: `pressing, split die: 4-6 read on ${names[high]}, 1-3 on ${names[low]}`,
          cite: ['B-8'],
        });
      }
    }
    ctx.log({
      kind: 'combat',
      text: `attack on ${hexName(s, target)}: ${ev.attack} against ${ev.defense}, ${BARBAROSSA_CRT.columnLabels[ev.raw] ?? ''}${ev.shifts.map((x) => ` ${x.by > 0 ? '+' : ''}${x.by} (${x.reason})`).join('')} -> ${ev.label}`,
      cite: [CITE_RESULTS, ...ev.shifts.map((x) => x.cite ?? '').filter((x) => x !== '')],
      data: { target, attackers: attack.attackers, column: ev.label },
    });
  }
  // BK: the additional attack is made now (resolution of an attack by units in g.blitz).
  g.blitz = g.blitz.filter((x) => !attack.attackers.includes(x));
  for (const a of attack.attackers) {
    g.pieces[a]!.attacked = true;
    g.pieces[a]!.entrenched = false; // entrenchment is lost by attacking (B-51)
  }
  g.combat = {
    target,
    attackers: attack.attackers,
    from: [...new Set(attack.attackers.map((a) => g.pieces[a]!.at))],
    defenders,
    column,
    split,
    defense,
    ...(attack.air && attack.air.length > 0 ? { air: [...attack.air] } : {}),
    phase: 'orders',
    noRetreat: [],
    forcedExchange: null,
    tookD3: false,
    roll: null,
    results: {},
    attackerResult: '-',
    lossesOwed: 0,
    retreatLengths: {},
    toRetreat: [],
    retreated: 0,
    mayAdvance: [],
    advanceResult: null,
    advancedIn: 0,
  };
}

/** Every action of the combat's actor now, canonical order. */
export function combatActions(g: BarbarossaState, s: RulesScenario): CombatAction[] {
  const c = g.combat!;
  const board = new Board(g, s);
  switch (c.phase) {
    case 'orders':
      return [
        ...c.defenders
          .filter((d) => !c.noRetreat.includes(d))
          .map((piece) => ({ type: 'no-retreat' as const, piece })),
        { type: 'orders-done' },
      ];
    case 'forced-exchange':
      return [
        { type: 'forced-exchange', declare: false },
        { type: 'forced-exchange', declare: true },
      ];
    case 'avoid-exchange':
      return [
        { type: 'avoid-exchange', takeD3: false },
        { type: 'avoid-exchange', takeD3: true },
      ];
    case 'exchange-choice': {
      // B-62: nil for any exchange; B-5: BD only for an X/2 or X.
      const bd = c.defenders.every(
        (d) => !isExchange(c.results[d]!) || c.results[d] === 'X/2' || c.results[d] === 'X',
      );
      return [
        ...(bd ? [{ type: 'exchange-choice' as const, pay: false }] : []),
        { type: 'exchange-choice', pay: false, nil: true },
        { type: 'exchange-choice', pay: true },
      ];
    }
    case 'losses': {
      const out: CombatAction[] = lossCandidates(board, c.attackers, c.defenders).map((piece) => ({
        type: 'lose' as const,
        piece,
      }));
      // "difference between active stronger and weaker side of German armies can contribute to exchanges without permanent loss"
      for (const a of c.attackers) {
        const p = g.pieces[a]!;
        const u = board.unit(a);
        if (
          p.status === 'map' &&
          !p.weak &&
          u.factors.weakAttack !== undefined &&
          (u.factors.attack ?? 0) > u.factors.weakAttack
        )
          out.push({ type: 'flip', piece: a });
      }
      return out;
    }
    case 'retreat-length': {
      // "Dn = Defenders RETREATED 0-n hexes as Attacker chooses": each unit by its own result.
      const piece = lengthOwed(c)!;
      const n = retreatOf(c.results[piece]!);
      return Array.from({ length: n + 1 }, (_, hexes) => ({ type: 'retreat-length' as const, piece, hexes }));
    }
    case 'retreat': {
      const d = c.toRetreat[0]!;
      const [min, max] = retreatRange(c, d, board);
      const out: CombatAction[] = [];
      const seen = new Set<number>();
      for (let len = min; len <= max; len++) {
        for (const to of retreatPaths(board, d, c.from, len).keys()) {
          if (seen.has(to)) continue;
          seen.add(to);
          out.push({ type: 'retreat', piece: d, to });
        }
      }
      return out;
    }
    case 'survivor': {
      // B-52: the weak division retreats as for a D3 (its owner's route), or is not taken (-1).
      const piece = c.survivorPiece!;
      return [
        ...survivorHexes(board, piece, c.from).map((to) => ({ type: 'survivor' as const, piece, to })),
        { type: 'survivor', piece, to: -1 },
      ];
    }
    case 'advance': {
      const out: CombatAction[] = [];
      for (const a of c.mayAdvance) {
        const hexes = advanceHexes(board, a, c.target, c.advanceResult ?? 'D1', advanceLimit(board, c, a));
        const side = sideAdvanceHexes(board, c, a);
        for (const to of [...new Set([...hexes, ...side])].sort((x, y) => x - y))
          if (board.fits(to, [a], [a])) out.push({ type: 'advance', piece: a, to });
      }
      out.push({ type: 'end-advance' });
      return out;
    }
  }
}

function rollCombat(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const c = g.combat!;
  const roll = c.tookD3 ? 0 : ctx.roll(`combat at ${s.hexNumbers[c.target]}`, [CITE_RESULTS, 'B-1']);
  c.roll = roll;
  // B-8 split die: one roll, read on the higher column on 4-6, the lower on 1-3.
  if (c.split) c.column = roll >= 4 ? c.split.high : c.split.low;
  const attackerSide = g.player;
  for (const d of c.defenders) {
    let r = c.tookD3 ? 'D3' : readFor(BARBAROSSA_CRT, c.column, roll, g.pieces[d]!.disrupted);
    if (c.noRetreat.includes(d)) r = c.forcedExchange ? (FORCED_EXCHANGE[r] ?? r) : (NO_RETREAT[r] ?? r);
    c.results[d] = r;
  }
  let base = c.tookD3 ? 'D3' : readFor(BARBAROSSA_CRT, c.column, roll, false);
  if (c.forcedExchange && base === 'AD') base = 'AE';
  c.attackerResult = base;
  if (!c.tookD3)
    ctx.log({
      kind: 'combat',
      text: `rolled ${roll} on ${BARBAROSSA_CRT.columnLabels[c.column]}: ${c.defenders.map((d) => `${label(g, s, d)} ${c.results[d]}`).join(', ')}`,
      cite: [CITE_RESULTS, 'B-6', ...(c.noRetreat.length > 0 ? ['B-4'] : [])],
      data: { roll, results: c.results },
    });
  // The German attacker may declare the Forced Exchange after the roll (B-4).
  if (attackerSide === 'axis' && c.noRetreat.length > 0 && c.forcedExchange === null) {
    c.phase = 'forced-exchange';
    return;
  }
  applyResults(g, s, ctx);
}

/** Applies the per-defender results after the roll (and any Forced Exchange choice). */
function applyResults(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const c = g.combat!;
  const board = new Board(g, s);
  const attackerSide = g.player;
  const attack = c.attackers.reduce((t, a) => t + attackFactor(board.unit(a), g.pieces[a]!), 0);
  // B-52: a DE read on the table, not under No Retreat! (an overrun, an exchange or a surrounded unit is no DE result).
  const readDE = c.defenders.filter((d) => c.results[d] === 'DE' && !c.noRetreat.includes(d));
  // Armored Overrun on D2/D3 (B-30).
  for (const d of c.defenders) {
    const r = c.results[d]!;
    if (
      (r === 'D2' || r === 'D3') &&
      armoredOverrun(board, r, d, c.defense[d] ?? 0, c.attackers, attackerSide)
    ) {
      c.results[d] = 'DE';
      ctx.log({
        kind: 'combat',
        text: `${label(g, s, d)} overrun by armour (${r})`,
        cite: ['barbarossa-1941 "Armored Overrun"', 'B-30'],
      });
    }
  }
  // Exchanges: "In Good weather, Exchange not mandatory for attacking Germans, who may instead
  // opt for nil" (B-62), or take BD instead of an X/2 or X (B-5); under the expanded odds
  // "any exchanges mandatory" (B-63).
  const exchangeDefs = c.defenders.filter((d) => isExchange(c.results[d]!));
  const optional =
    attackerSide === 'axis' &&
    board.weather === 'good' &&
    !g.options.asymmetricOdds &&
    exchangeDefs.length > 0 &&
    !c.forcedExchange;
  if (optional && c.phase !== 'exchange-choice') {
    c.phase = 'exchange-choice';
    return;
  }
  let owed = 0;
  const rates = [...new Set(exchangeDefs.map((d) => c.results[d]!))];
  for (const r of rates) {
    const group = exchangeDefs
      .filter((d) => c.results[d] === r)
      .map((id) => ({ id, modified: c.defense[id] ?? 0 }));
    const o = exchangeOutcome(EXCHANGE_RATE[r]!, Math.max(0, attack - owed), group);
    for (const id of group.map((x) => x.id)) {
      if (o.eliminated.includes(id)) c.results[id] = 'DE';
      else c.results[id] = 'D'; // "Defending units surviving eXchange suffer D result."
    }
    owed += o.cost;
    ctx.log({
      kind: 'combat',
      text: `exchange ${r}: ${o.eliminated.length} defender(s) eliminated, the attacker loses ${o.cost} attack factor(s)${o.allAttackersLost ? ' (every attacker)' : ''}`,
      cite: [CITE_RESULTS, 'B-5'],
    });
  }
  if (c.attackerResult === 'AE') {
    // "AE = Attackers (equal to factor-modified defense factors) ELIMINATED"
    owed += c.defenders.reduce((t, d) => t + (c.defense[d] ?? 0), 0);
  }
  if (c.attackerResult === 'AD') {
    for (const a of c.attackers) g.pieces[a]!.disrupted = true;
    ctx.log({ kind: 'combat', text: 'attackers Disrupted (AD)', cite: [CITE_RESULTS] });
  }
  // Defenders eliminated.
  const allBk = c.defenders.length > 0 && c.defenders.every((d) => c.results[d] === 'BK');
  for (const d of c.defenders) {
    if (eliminates(c.results[d]!)) eliminatePiece(g, s, d, ctx, c.results[d]!, [CITE_RESULTS]);
  }
  // "1 weak infantry/rifle division may survive the elmination of a German korps or Russian or German army" (B-52).
  const survivors = readDE.filter(
    (d) => c.results[d] === 'DE' && g.pieces[d]!.status === 'eliminated' && leavesSurvivor(board.unit(d)),
  );
  if (survivors.length > 0) c.survivors = survivors;
  if (allBk && attackerSide === 'axis') {
    // "BK ... Blitzkrieg!  After any Tactical Advances, German units can attack one additional time"
    for (const a of c.attackers) {
      if (isGerman(board.unit(a)) && !g.blitz.includes(a)) g.blitz.push(a);
    }
    // "... and they can further accompany the attacking units with Close Air Support (not bombing) in one (of the) Blitzkrieg! attack(s)".
    const germans = c.attackers.filter((a) => g.pieces[a]!.status === 'map' && isGerman(board.unit(a)));
    for (const air of c.air ?? []) {
      if (g.pieces[air]?.status !== 'map') continue;
      g.blitzAir ??= [];
      g.blitzAir.push({ air, attackers: germans });
    }
    ctx.log({
      kind: 'combat',
      text: 'Blitzkrieg! the German attackers may attack one additional time',
      cite: [CITE_RESULTS],
    });
  }
  // Disruption and retreats.
  for (const d of c.defenders) {
    const r = c.results[d]!;
    if (g.pieces[d]!.status !== 'map') continue;
    if (DISRUPTING.has(r)) g.pieces[d]!.disrupted = true;
    // D: "Some or all Defenders MAY be voluntarily withdrawn a maximum of 2 hexes" (not a unit under No Retreat!).
    if ((r === 'D' && !c.noRetreat.includes(d)) || retreatOf(r) > 0) c.toRetreat.push(d);
  }
  c.lossesOwed = Math.min(owed, attack);
  // "Surviving attackers may advance as for D1, if hex vacated" (exchanges); D: "Attacker may then be able to Tactically Advance accordingly".
  c.advanceResult = exchangeDefs.length > 0 ? 'D1' : bestAdvanceResult(c);
  next(g, s, ctx);
}

/** The result the advance follows: the best for the attacker among the defenders'. */
function bestAdvanceResult(c: Combat): string {
  const order = ['BK', 'DE', 'D3', 'D2', 'D1'];
  for (const r of order) if (c.defenders.some((d) => c.results[d] === r)) return r;
  return 'D1';
}

/** Moves the combat to its next phase with something to decide, or finishes it. */
function next(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const c = g.combat!;
  const board = new Board(g, s);
  if (c.lossesOwed > 0 && c.attackers.some((a) => g.pieces[a]!.status === 'map')) {
    c.phase = 'losses';
    return;
  }
  c.lossesOwed = 0;
  if (offerSurvivor(g, s, ctx)) {
    c.phase = 'survivor';
    return;
  }
  if (lengthOwed(c) !== null) {
    c.phase = 'retreat-length';
    return;
  }
  while (c.toRetreat.length > 0) {
    const d = c.toRetreat[0]!;
    const r = c.results[d]!;
    const [min, max] = retreatRange(c, d, board);
    let any = false;
    for (let len = min; len <= max && !any; len++) any = retreatPaths(board, d, c.from, len).size > 0;
    if (any) {
      c.phase = 'retreat';
      return;
    }
    c.toRetreat.shift();
    // "Edge of the World": "Any units forced to retreat off the mapboard or into the sea or unfrozen lake are eliminated" (B-50).
    if (r !== 'D' && edgeOfTheWorld(board, c, d)) {
      c.results[d] = 'DE';
      eliminatePiece(g, s, d, ctx, 'forced to retreat off the map or into the sea', [
        'barbarossa-1941 "Edge of the World"',
        'B-50',
      ]);
      continue;
    }
    // "If the defending units are surrounded and unable to retreat ... D1->D and D2 ->DE" (B-4, B-31).
    const converted = NO_RETREAT[r] ?? r;
    c.results[d] = converted;
    ctx.log({
      kind: 'combat',
      text: `${label(g, s, d)} cannot retreat: ${r} -> ${converted}`,
      cite: [CITE_NO_RETREAT, 'B-31'],
    });
    if (eliminates(converted)) eliminatePiece(g, s, d, ctx, 'unable to retreat', [CITE_NO_RETREAT]);
  }
  const vacated =
    !board.hasEnemyGround(g.player, c.target) && !new Board(g, s).hasEnemyGround(g.player, c.target);
  if (c.phase !== 'advance' && vacated && c.advanceResult !== null) {
    c.mayAdvance = c.attackers.filter((a) => g.pieces[a]!.status === 'map' && !g.pieces[a]!.disrupted);
    if (c.mayAdvance.length > 0) {
      c.phase = 'advance';
      return;
    }
  }
  finishCombat(g, s, ctx);
}

/**
 * B-52: stands the weak division of the next DE owed one on the defended hex for its
 * owner to retreat; false when none is owed, or none can be (no division left in the
 * pool, or no retreat of 3 hexes for it: it does not survive).
 */
function offerSurvivor(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): boolean {
  const c = g.combat!;
  while (c.survivors && c.survivors.length > 0) {
    const eliminated = c.survivors[0]!;
    const side = g.pieces[eliminated]!.side;
    const weak = weakDivisionFor(g, s, side);
    if (weak === null) {
      c.survivors.shift();
      ctx.log({
        kind: 'combat',
        text: `no weak division left to survive ${label(g, s, eliminated)}`,
        cite: [CITE_DE, 'B-52'],
      });
      continue;
    }
    standSurvivor(g, side, weak, c.target);
    if (survivorHexes(new Board(g, s), weak, c.from).length === 0) {
      withdrawSurvivor(g, weak);
      c.survivors.shift();
      ctx.log({
        kind: 'combat',
        text: `no weak division survives ${label(g, s, eliminated)}: no retreat of ${SURVIVOR_RETREAT} hexes`,
        cite: [CITE_DE, 'B-52'],
      });
      continue;
    }
    c.survivorPiece = weak;
    return true;
  }
  delete c.survivors;
  delete c.survivorPiece;
  return false;
}

/** After the last advance: limited-supply attackers Disrupted; attacked defenders not re-Disrupted recover (A.5/B.5). */
function finishCombat(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  const c = g.combat!;
  // "after the combat is resolved and any tactical advance, those units are Disrupted"
  for (const a of c.attackers) {
    const p = g.pieces[a]!;
    // RULINGS B-68: an Isolated attacker too.
    if (p.status === 'map' && p.supply !== 'full' && !p.disrupted) {
      p.disrupted = true;
      ctx.log({
        kind: 'supply',
        text: `${label(g, s, a)} Disrupted after attacking ${p.supply === 'limited' ? 'in Limited supply' : 'Isolated'}`,
        cite: ['barbarossa-1941 "Supply"', 'B-68'],
      });
    }
  }
  // "If attacked Russian non-Guards units are not re-Disrupted by a combat result, they are recovered from Disruption" (A.5);
  // "If attacked defending Axis allied units are not re-Disrupted ..." (B.5). Not in the breakthrough: "Already Disrupted Russian units which are not re-Disrupted stay Disrupted" (A.6).
  const reDisrupted = (r: string) => DISRUPTING.has(r) || eliminates(r);
  if (!g.breakthrough) {
    for (const d of c.defenders) {
      const p = g.pieces[d]!;
      if (p.status !== 'map' || !p.disrupted || reDisrupted(c.results[d] ?? '-')) continue;
      const u = new Board(g, s).unit(d);
      const recovers =
        g.player === 'axis'
          ? u.side === 'soviet' && !u.tags.includes('guards')
          : u.side === 'axis' && u.nationality !== 'german';
      if (recovers && p.supply !== 'isolated') {
        p.disrupted = false;
        ctx.log({
          kind: 'recovery',
          text: `${label(g, s, d)} recovers: not re-Disrupted by the attack`,
          cite: [g.player === 'axis' ? 'A.5' : 'B.5'],
        });
      }
    }
  }
  for (const d of c.defenders) if (!g.attackedThisPhase.includes(d)) g.attackedThisPhase.push(d);
  g.combat = null;
}

/** The defender's No Retreat! order for one unit (B-4). */
const declareNoRetreat: Effect<'no-retreat'> = (g, s, _side, a, ctx) => {
  g.combat!.noRetreat.push(a.piece);
  log(ctx, 'order', `No Retreat! for ${label(g, s, a.piece)}`, [CITE_NO_RETREAT, 'B-4']);
};

/** The orders given: the roll, unless a Russian attacker must first declare a Forced Exchange. */
const endOrders: Effect<'orders-done'> = (g, s, _side, _a, ctx) => {
  const c = g.combat!;
  if (c.noRetreat.length > 0 && g.player === 'soviet') {
    // "The Russian player must declare a Forced Exchange before the die is rolled."
    c.phase = 'forced-exchange';
    return;
  }
  rollCombat(g, s, ctx);
};

/**
 * A Forced Exchange declared or not (B-4): a Russian attacker's before the roll (a German
 * defender may then avoid it), a German attacker's after it, re-reading the No Retreat!
 * units' results as the exchange.
 */
const declareForcedExchange: Effect<'forced-exchange'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  c.forcedExchange = a.declare;
  if (a.declare) log(ctx, 'order', 'Forced Exchange declared', [CITE_NO_RETREAT, 'B-4']);
  if (g.player === 'soviet') {
    // "Defending Germans (only) may avoid a Forced Exchange, if accepting a D3 result instead."
    if (
      a.declare &&
      c.noRetreat.some((d) => g.pieces[d]!.unit !== null && isGerman(s.units[g.pieces[d]!.unit!]!))
    ) {
      c.phase = 'avoid-exchange';
      return;
    }
    rollCombat(g, s, ctx);
    return;
  }
  // German attacker, after the roll: re-read the No Retreat! units' results as the Forced Exchange.
  if (a.declare) {
    for (const d of c.noRetreat) {
      const base = readFor(BARBAROSSA_CRT, c.column, c.roll!, g.pieces[d]!.disrupted);
      c.results[d] = FORCED_EXCHANGE[base] ?? base;
    }
    if (c.attackerResult === 'AD') c.attackerResult = 'AE';
  }
  c.phase = 'orders'; // set again at once: applyResults picks the phase that follows
  applyResults(g, s, ctx);
};

/** The German defender takes a D3 instead of the Forced Exchange, or not; then the roll (B-4). */
const avoidForcedExchange: Effect<'avoid-exchange'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  if (a.takeD3) {
    c.tookD3 = true;
    c.noRetreat = [];
    c.forcedExchange = false;
    log(ctx, 'order', 'the German defender takes a D3 instead of the Forced Exchange', [
      CITE_NO_RETREAT,
      'B-4',
    ]);
  }
  rollCombat(g, s, ctx);
};

/** The German attacker pays the exchange, takes BD instead (B-5), or opts for nil (B-62). */
const chooseExchange: Effect<'exchange-choice'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  if (a.nil) {
    // B-62: "who may instead opt for nil": nothing happens to either side.
    for (const d of c.defenders) if (isExchange(c.results[d]!)) c.results[d] = '-';
    c.attackerResult = '-';
    log(ctx, 'combat', 'the German attacker opts for nil instead of the exchange', [CITE_RESULTS, 'B-62']);
  } else if (!a.pay) {
    // B-5: "BD (both disrupted) ... defenders and attackers Disrupted, nobody eliminated."
    for (const d of c.defenders) if (isExchange(c.results[d]!)) c.results[d] = 'D';
    for (const x of c.attackers) g.pieces[x]!.disrupted = true;
    log(ctx, 'combat', 'the German attacker takes BD instead of the exchange', [CITE_RESULTS, 'B-5']);
  }
  applyResults(g, s, ctx);
};

/** An attacking unit eliminated to cover the exchange (B-5). */
const loseToExchange: Effect<'lose'> = (g, s, _side, a, ctx) => {
  const u = s.units[g.pieces[a.piece]!.unit!]!;
  g.combat!.lossesOwed -= attackFactor(u, g.pieces[a.piece]!);
  eliminatePiece(g, s, a.piece, ctx, 'covering the exchange', [CITE_RESULTS, 'B-5']);
  next(g, s, ctx);
};

/** An attacking unit flipped to its weak side to cover the exchange (B-55 for a korps). */
const flipToExchange: Effect<'flip'> = (g, s, _side, a, ctx) => {
  const p = g.pieces[a.piece]!;
  const u = s.units[p.unit!]!;
  g.combat!.lossesOwed -= (u.factors.attack ?? 0) - (u.factors.weakAttack ?? 0);
  p.weak = true;
  log(
    ctx,
    'combat',
    `${label(g, s, a.piece)} flipped to its weak side to cover the exchange`,
    u.size === 'korps' ? [CITE_RESULTS, 'B-55'] : [CITE_RESULTS],
  );
  next(g, s, ctx);
};

/** The attacker sets how far a defender retreats (B-3). */
const setRetreatLength: Effect<'retreat-length'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  c.retreatLengths[a.piece] = a.hexes;
  log(
    ctx,
    'combat',
    `the attacker sets the retreat of ${label(g, s, a.piece)} (${c.results[a.piece]}) at ${a.hexes} hex(es)`,
    [CITE_RESULTS, 'B-3'],
  );
  c.phase = 'retreat';
  next(g, s, ctx);
};

/** A defender retreats to a hex by the shortest of its retreat paths, entering each hex on the way. */
const retreat: Effect<'retreat'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  const board = new Board(g, s);
  const p = g.pieces[a.piece]!;
  let path: number[] = [p.at];
  for (let len = 0; len <= 3; len++) {
    const found = retreatPaths(board, a.piece, c.from, len).get(a.to);
    if (found) {
      path = found;
      break;
    }
  }
  p.at = a.to;
  p.entrenched = false;
  for (const h of path.slice(1)) enterHex(g, s, h, p.side, ctx);
  c.retreated = Math.max(c.retreated, path.length - 1);
  c.toRetreat.shift();
  ctx.log({
    kind: 'retreat',
    text: `${label(g, s, a.piece)} retreats ${path.map((h) => s.hexNumbers[h]).join('-')}`,
    cite: [CITE_RETREATS],
    data: { piece: a.piece, path },
  });
  next(g, s, ctx);
};

/** An attacker advances after combat; the combat ends when no other may. */
const advance: Effect<'advance'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  const p = g.pieces[a.piece]!;
  p.at = a.to;
  p.entrenched = false;
  enterHex(g, s, a.to, p.side, ctx);
  if (a.to === c.target) c.advancedIn += attackFactor(s.units[p.unit!]!, p);
  c.mayAdvance = c.mayAdvance.filter((x) => x !== a.piece);
  log(ctx, 'advance', `${label(g, s, a.piece)} advances to ${s.hexNumbers[a.to]}`, [CITE_ADVANCES]);
  if (c.mayAdvance.length === 0) finishCombat(g, s, ctx);
  if (p.side === 'axis') moscowMoraleRoll(g, s, a.to, ctx);
};

/** B-52: the weak division surviving a DE retreats to a hex, or none is taken. */
const placeSurvivor: Effect<'survivor'> = (g, s, _side, a, ctx) => {
  const c = g.combat!;
  const eliminated = label(g, s, c.survivors!.shift()!);
  if (a.to < 0) {
    withdrawSurvivor(g, a.piece);
    log(ctx, 'combat', `no weak division taken for ${eliminated}`, [CITE_DE, 'B-52']);
  } else {
    const path = retreatPaths(new Board(g, s), a.piece, c.from, SURVIVOR_RETREAT).get(a.to)!;
    for (const h of path.slice(1)) enterHex(g, s, h, g.pieces[a.piece]!.side, ctx);
    retreatSurvivor(g, s, a.piece, eliminated, path, ctx);
  }
  delete c.survivorPiece;
  next(g, s, ctx);
};

/**
 * What each combat action does, one named effect each (the combat's phase decides which
 * are offered: `combatActions`). The step of the sequence is steps/resolution.ts.
 */
export const COMBAT_EFFECTS: Effects<CombatAction['type']> = {
  'no-retreat': declareNoRetreat,
  'orders-done': endOrders,
  'forced-exchange': declareForcedExchange,
  'avoid-exchange': avoidForcedExchange,
  'exchange-choice': chooseExchange,
  lose: loseToExchange,
  flip: flipToExchange,
  'retreat-length': setRetreatLength,
  retreat,
  advance,
  'end-advance': (g, s, _side, _a, ctx) => finishCombat(g, s, ctx),
  survivor: placeSurvivor,
};
