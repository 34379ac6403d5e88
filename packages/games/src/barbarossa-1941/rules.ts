/**
 * The rules of Barbarossa 1941 as a GameRules: the sequence of play step by step
 * (barbarossa-1941 "GAME-TURN SEQUENCE", A.1-A.9 and B.1-B.8, the Blitzkrieg/Proriv
 * repeat of B-9, the recovery steps at their places), every action offered by
 * `legalActions` and nothing else accepted, every event logged with its section.
 *
 *   Axis:    A.1 reinforce -> A.2 attacks-first -> A.3 movement & allocation -> A.4 recovery
 *            -> A.5 combat -> A.6 breakthrough movement & combat -> A.7-A.9 (victory, supply, recovery)
 *   Russian: B.1 reinforce -> B.2 attacks-first -> B.3 movement & allocation -> B.4 recovery
 *            -> B.5 combat -> Proriv (B-9) -> B.6-B.8 (supply, victory, Guards recovery)
 */
import type { GameOutcome, GameRules, RulesContext, SetupError } from '@stavka/engine';
import { err, ok, type Result, setupError } from '@stavka/engine';
import {
  airSupporters,
  declareMission,
  interceptors,
  resolveMission,
  strikeTargets,
  supplyTargets,
  withAirSupply,
} from './air.ts';
import {
  airfieldDestinations,
  airReturns,
  behindFront,
  judgeAirfieldSupply,
  mayRelocate,
  relocateAirfield,
} from './airfields.ts';
import {
  canAttack as canAttackNow,
  evaluateAttack,
  isRefusal,
  mustAttackUnmet,
  riverHexsides,
} from './attack.ts';
import { Board } from './board.ts';
import { advanceEvacuations, CITE_FACTORIES, mayEntrench, mayLoadFactory } from './factories.ts';
import { chooseTankGroup, mayRehide, rehide, shuffleTankGroups, tankGroupPending, viewOf } from './hidden.ts';
import { mayRebuildKorps, rebuildKorps } from './korps-steps.ts';
import {
  afterMove,
  canMove,
  carryMovementLists,
  movementLists,
  moveOptions,
  riverMfOwed,
} from './movement.ts';
import { type Gamble, gamblesFor } from './odds-gambles.ts';
import { applyOverrun, overrunOptions } from './overrun.ts';
import { CITE_RAIL, conversionMoves, railDestinations, railheadMoves } from './rail.ts';
import { announceArrivals, entryHexes, placeArrival } from './reinforcements.ts';
import { germanReplacements, sovietReplacements } from './replacements.ts';
import {
  applyCombatAction,
  type CombatAction,
  combatActions,
  combatActor,
  enterHex,
  label,
  startCombat,
} from './resolution.ts';
import {
  compileRulesScenario,
  otherSide,
  type RulesScenario,
  type RulesScenarioInput,
  registerRulesScenario,
  rulesScenarioByKey,
  SIDES,
  type Side,
} from './rules-scenario.ts';
import { sail, seaDestinations } from './sea.ts';
import { CITE_SIBERIANS, mayCallSiberians, siberianArrival } from './siberians.ts';
import { katyushaStrike, katyushaTargets, mayFlipStrong, moscowMoraleRoll } from './special-units.ts';
import { standardPosition } from './standard-setup.ts';
import {
  type BarbarossaState,
  type Face,
  freshPiece,
  type GameResult,
  newGameState,
  turnInfo,
} from './state.ts';
import { supplyStatuses } from './supply.ts';
import {
  axisSuddenDeath,
  CITE_VICTORY,
  finalResult,
  sovietSuddenHeld,
  sovietSuddenResult,
  suddenDeathOpen,
  suddenDeathResult,
  victoryTally,
} from './victory.ts';

export const RULES_VERSION = 'barbarossa-1941/2';

export const CITE_SEQUENCE = 'barbarossa-1941 "GAME-TURN SEQUENCE"';
const CITE_RECOVERY = 'barbarossa-1941 "Recovery from Disruption"';

export type BarbarossaAction =
  | CombatAction
  | { type: 'end-step' }
  | { type: 'choose-tank-group'; group: 'A' | 'B' }
  | { type: 'rehide'; piece: string }
  | { type: 'place'; piece: string; hex: number }
  | { type: 'rail'; piece: string; to: number }
  | { type: 'convert'; piece: string; to: number }
  | { type: 'railhead'; index: number; to: number }
  | { type: 'flip-strong'; piece: string }
  | { type: 'rebuild-korps'; piece: string }
  | { type: 'call-siberians' }
  | { type: 'load-factory'; piece: string }
  | { type: 'entrench'; piece: string }
  | { type: 'air-support'; piece: string; target: number }
  | { type: 'airfield'; piece: string; to: number; rail?: true }
  | { type: 'airstrike'; piece: string; target: number }
  | { type: 'air-supply'; piece: string; target: number }
  | { type: 'intercept'; piece: string }
  | { type: 'no-intercept' }
  | { type: 'sea'; piece: string; to: number }
  | { type: 'overrun'; pieces: string[]; target: number }
  | { type: 'katyusha'; piece: string; target: number }
  | { type: 'move'; piece: string; to: number }
  | { type: 'allocate'; piece: string; target: number }
  | { type: 'unallocate'; piece: string }
  | { type: 'resolve'; target: number; gamble?: Gamble; ignoreRiver?: true }
  | { type: 'cancel'; target: number }
  | { type: 'end-movement' }
  | { type: 'end-combat' }
  // B-70: at a 1941 German VDP with the 7-point condition, the Axis player claims the win or plays on.
  | { type: 'claim-victory' }
  | { type: 'play-on' };

export interface BarbarossaOptions {
  /**
   * The expanded odds (RULINGS B-63, B-64: both players agree; a round-up may aim up to 3
   * columns above the odds and fall back up to 2 below; exchanges become mandatory).
   */
  readonly asymmetricOdds?: boolean;
  /** "Classic odds" (B-63): no round-up roll and no pressing, which are otherwise standard. */
  readonly classicOdds?: boolean;
  /** B-11: roll the weather each turn on the scenario's table instead of the historical schedule. */
  readonly weatherRoll?: boolean;
}

/** A position file: a scenario contract and the pieces on it (tests, fuzz, small scenarios). */
export interface PositionFile {
  readonly scenario: RulesScenarioInput;
  readonly pieces: readonly {
    readonly id: string;
    readonly side: Side;
    /** The unit of a face-up piece. */
    readonly unit?: string;
    /** A face-down piece: its face, and its unit if decided (B-18). */
    readonly face?: Face;
    readonly secretUnit?: string;
    readonly knownTo?: Side | null;
    /** Hex number, or omitted for a piece off the map. */
    readonly at?: string;
  }[];
  /** Rifle army units in the face-down pile (B-18). */
  readonly riflePile?: readonly string[];
}

const scenarioOf = (g: BarbarossaState): RulesScenario => rulesScenarioByKey(g.scenario);

/* ------------------------------------------------------------------------------------ */
/* Legality                                                                              */

function allocatedTo(g: BarbarossaState, id: string): number {
  for (const a of g.attacks) if (a.attackers.includes(id)) return a.target;
  return -1;
}

/** May `id` join an attack now? Blitzkrieg!: "German units can attack one additional time". */
function mayAllocate(board: Board, id: string): boolean {
  const g = board.g;
  const p = g.pieces[id]!;
  if (allocatedTo(g, id) >= 0) return false;
  if (g.step === 'attacks-first' && p.moved !== 'no') return false;
  if (p.attacked) return g.blitz.includes(id) && !p.disrupted && p.moved !== 'bonus';
  // A.6: "Steps ... are repeated for German units which have not yet moved or attacked."
  if (g.breakthrough && g.spent.includes(id)) return false;
  return canAttackNow(board, id);
}

/** "Special First Turn Rules": "The Axis may not attack out of Rumania on the first turn." */
function attackForbidden(board: Board, id: string): boolean {
  const g = board.g;
  return g.turn === 1 && g.player === 'axis' && board.s.rumania[g.pieces[id]!.at] === 1;
}

function allocations(board: Board, side: Side): BarbarossaAction[] {
  const g = board.g;
  // B.2: the Russian attacks are allocated, then resolved: "Once allocated, after resolution of
  // other attacks has begun, Russian attacks may never be cancelled" (and none is added, so the
  // must-attack rule, checked before the first resolution, stays met).
  if (side === 'soviet' && g.step === 'attacks-first' && g.attackedThisPhase.length > 0) return [];
  const { graph } = board.s.map;
  const out: BarbarossaAction[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== side || p.status !== 'map') continue;
    const at = allocatedTo(g, id);
    if (at >= 0) {
      out.push({ type: 'unallocate', piece: id });
      continue;
    }
    if (!mayAllocate(board, id) || attackForbidden(board, id)) continue;
    // "(The Russians may not attack Rumania unless the Axis do attack out of it.)": all game (B-66).
    const rumaniaClosed = side === 'soviet' && g.rumaniaOpen !== true;
    const targets: number[] = [];
    for (let k = graph.offsets[p.at]!; k < graph.offsets[p.at + 1]!; k++) {
      const t = graph.targets[k]!;
      if (t >= 0 && board.hasEnemyGround(side, t) && !(rumaniaClosed && board.s.rumania[t] === 1))
        targets.push(t);
    }
    targets.sort((a, b) => a - b);
    for (const target of targets) {
      // RULINGS B-69: "An attack that cannot pay [the river's +1 MF] is not offered."
      if (riverMfOwed(board, id, target) === 'short') continue;
      out.push({ type: 'allocate', piece: id, target });
    }
  }
  return out;
}

function supplyNow(g: BarbarossaState): Record<string, 'full' | 'limited' | 'isolated'> {
  const out: Record<string, 'full' | 'limited' | 'isolated'> = {};
  for (const id of g.order) out[id] = g.pieces[id]!.supply;
  return out;
}

/** Every declared attack legal as it stands, and the must-attack rule met (B-14). */
function allocationsComplete(board: Board): boolean {
  const g = board.g;
  const cols: { target: number; attackers: string[]; column: number }[] = [];
  for (const a of g.attacks) {
    const ev = evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(g), air: a.air ?? [] });
    if (isRefusal(ev)) return false;
    cols.push({ target: a.target, attackers: a.attackers, column: ev.column });
  }
  return g.player !== 'soviet' || mustAttackUnmet(board, cols).length === 0;
}

function legal(g: BarbarossaState, side: string): BarbarossaAction[] {
  if (g.winner !== null || g.step === 'over') return [];
  // B-70: the sudden death offered at the German VDP (B.7): claim it now, or play on to January II.
  if (g.suddenDeath === 'offered')
    return side === 'axis' ? [{ type: 'claim-victory' }, { type: 'play-on' }] : [];
  const s = scenarioOf(g);
  // B-58: a mission flown waits for the enemy's interception answer.
  if (g.airMission) {
    if (side === g.player) return [];
    const board = new Board(g, s);
    return [
      ...interceptors(board, g.airMission).map((piece): BarbarossaAction => ({ type: 'intercept', piece })),
      { type: 'no-intercept' },
    ];
  }
  if (g.combat) return combatActor(g) === side ? combatActions(g, s) : [];
  if (side !== g.player) return [];
  // B-53: the German's blind choice of the extra tank group comes first.
  if (tankGroupPending(g))
    return [
      { type: 'choose-tank-group', group: 'A' },
      { type: 'choose-tank-group', group: 'B' },
    ];
  const board = new Board(g, s);
  switch (g.step) {
    case 'reinforce': {
      const out: BarbarossaAction[] = [];
      // Reinforcements: every arrival that can enter must (B-37).
      let waiting = false;
      for (const piece of g.arrivals) {
        if (g.pieces[piece]!.side !== side) continue;
        for (const hex of entryHexes(g, s, piece)) {
          out.push({ type: 'place', piece, hex });
          waiting = true;
        }
      }
      if (side === 'soviet')
        for (const id of g.order) if (mayRehide(g, s, id)) out.push({ type: 'rehide', piece: id });
      // Strategic/Rail Movement, then (Axis) the Rail Conversion markers' movement and the railheads (A.1, B.1, B-38).
      for (const id of g.order) {
        const p = g.pieces[id]!;
        if (p.side !== side || p.status !== 'map') continue;
        for (const to of railDestinations(board, id)) out.push({ type: 'rail', piece: id, to });
        for (const d of seaDestinations(g, s, id)) out.push({ type: 'sea', piece: id, to: d.to });
        if (side === 'axis' && board.unit(id).type === 'rail-conversion')
          for (const to of conversionMoves(board, id).keys()) out.push({ type: 'convert', piece: id, to });
      }
      if (side === 'axis')
        g.railheads.forEach((_, index) => {
          if (g.railheadsMoved.includes(index)) return;
          for (const to of railheadMoves(board, index)) out.push({ type: 'railhead', index, to });
        });
      if (mayCallSiberians(g, s)) out.push({ type: 'call-siberians' });
      // "Positioning of Luftwaffe Airfields" (A.1), "Airfield Relocation" (B.1), B-56; air supply (B-59).
      let front: ((hex: number) => boolean) | undefined;
      for (const id of g.order) {
        if (g.pieces[id]!.side !== side || board.unit(id).type !== 'air' || !mayRelocate(board, id)) continue;
        front ??= behindFront(board, side);
        for (const d of airfieldDestinations(board, id, front))
          out.push(
            d.rail
              ? { type: 'airfield', piece: id, to: d.to, rail: true }
              : { type: 'airfield', piece: id, to: d.to },
          );
      }
      for (const m of supplyTargets(board)) out.push({ type: 'air-supply', ...m });
      for (const id of g.order) {
        if (mayLoadFactory(g, s, id)) out.push({ type: 'load-factory', piece: id });
        if (mayEntrench(g, s, id)) out.push({ type: 'entrench', piece: id });
      }
      // A.1 "Flipping of German Armies to Strong Side" (B-39).
      if (side === 'axis')
        for (const id of g.order) if (mayFlipStrong(g, s, id)) out.push({ type: 'flip-strong', piece: id });
      // B-55: a reduced motorized korps built back up with panzer replacement factors.
      if (side === 'axis')
        for (const id of g.order)
          if (mayRebuildKorps(g, s, id)) out.push({ type: 'rebuild-korps', piece: id });
      if (!waiting) out.push({ type: 'end-step' });
      return out;
    }
    case 'attacks-first': {
      const out = allocations(board, side);
      for (const m of strikeTargets(board)) out.push({ type: 'airstrike', ...m }); // B-57
      for (const a of g.attacks) {
        const ev = evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(g), air: a.air ?? [] });
        if (isRefusal(ev)) continue;
        out.push({ type: 'resolve', target: a.target });
        for (const gamble of gamblesFor(board, a.attackers, ev))
          out.push({ type: 'resolve', target: a.target, gamble });
        for (const piece of airSupporters(board, a.target, a.air ?? []))
          out.push({ type: 'air-support', piece, target: a.target });
        // B-44: on turn 1 the Axis may name one river hexside whose defense shift it ignores.
        if (
          g.turn === 1 &&
          side === 'axis' &&
          g.riverIgnored === null &&
          riverHexsides(board, a.attackers, a.target).length === 1
        )
          out.push({ type: 'resolve', target: a.target, ignoreRiver: true });
      }
      // An attack that can no longer be made (its hex emptied by another combat) is dropped.
      for (const a of g.attacks)
        if (isRefusal(evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(g) })))
          out.push({ type: 'cancel', target: a.target });
      if (g.attacks.length === 0) out.push({ type: 'end-step' });
      // General Rule (B-14) in B.2 too: no Russian attack is resolved while an adjacent German
      // army or korps is owed an attack at odds at least equal (as at B.3's end of allocation).
      if (side === 'soviet' && g.attackedThisPhase.length === 0 && !allocationsComplete(board))
        return out.filter((a) => a.type !== 'resolve');
      return out;
    }
    case 'movement': {
      const out: BarbarossaAction[] = [];
      const movers = g.order.filter((id) => {
        const p = g.pieces[id]!;
        return p.side === side && p.status === 'map' && allocatedTo(g, id) < 0 && canMove(board, id);
      });
      // The same lists as moveOptions piece by piece, the parent state's kept where nothing near changed.
      movementLists(board, movers).forEach((list, i) => {
        for (const o of list) out.push({ type: 'move', piece: movers[i]!, to: o.to });
      });
      // Overrun (B-42, B-65): a stack moving together eliminates a 1-factor defender for 1 more MF.
      for (const o of overrunOptions(board, (id) => allocatedTo(g, id) < 0)) {
        // B-66: no Russian unit enters Rumania before the Axis has attacked out of it.
        if (g.player === 'soviet' && g.rumaniaOpen !== true && s.rumania[o.target] === 1) continue;
        if (board.fits(o.target, o.pieces, board.at[o.target]!))
          out.push({ type: 'overrun', pieces: [...o.pieces], target: o.target });
      }
      out.push(...allocations(board, side));
      if (allocationsComplete(board)) out.push({ type: 'end-movement' });
      return out;
    }
    case 'combat': {
      // Blitzkrieg!: "German units can attack one additional time - joining in another initial attack, if wished."
      const out: BarbarossaAction[] = allocations(board, side).filter(
        (a) => a.type === 'allocate' && g.blitz.includes(a.piece),
      );
      for (const a of g.attacks) {
        const ev = evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(g), air: a.air ?? [] });
        if (isRefusal(ev)) continue;
        out.push({ type: 'resolve', target: a.target });
        for (const gamble of gamblesFor(board, a.attackers, ev))
          out.push({ type: 'resolve', target: a.target, gamble });
        for (const piece of airSupporters(board, a.target, a.air ?? []))
          out.push({ type: 'air-support', piece, target: a.target });
        // B-44: on turn 1 the Axis may name one river hexside whose defense shift it ignores.
        if (
          g.turn === 1 &&
          side === 'axis' &&
          g.riverIgnored === null &&
          riverHexsides(board, a.attackers, a.target).length === 1
        )
          out.push({ type: 'resolve', target: a.target, ignoreRiver: true });
      }
      // "Axis attacks may be cancelled, unless they are required by previous attacks.  Once allocated, after resolution of other attacks has begun, Russian attacks may never be cancelled."
      // An attack that can no longer be made (its hex emptied by another combat) is dropped, by either side.
      for (const a of g.attacks) {
        const refused = isRefusal(evaluateAttack(board, a.attackers, a.target, { supply: supplyNow(g) }));
        if (side === 'axis' || refused) out.push({ type: 'cancel', target: a.target });
      }
      // Katyushas "can attack an adjacent hex, before standard ground attacks are resolved" (B-10).
      for (const k of katyushaTargets(g, s)) out.push({ type: 'katyusha', ...k });
      // Airstrikes ("Air units may be saved to be used offensively in the breakthrough/Proriv! phase").
      for (const m of strikeTargets(board)) out.push({ type: 'airstrike', ...m });
      if (g.attacks.length === 0) out.push({ type: 'end-combat' });
      return out;
    }
  }
}

/* ------------------------------------------------------------------------------------ */
/* Effects                                                                               */

function log(ctx: RulesContext, kind: string, text: string, cite: string[]) {
  ctx.log({ kind, text, cite });
}

/** A.4 / B.4: recovery of the enemy's units not being attacked, in Full or Limited supply. */
function recoverBeforeCombat(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  if (g.breakthrough) return;
  const board = new Board(g, s);
  const attacked = new Set(g.attacks.map((a) => a.target));
  const enemy = otherSide(g.player);
  const supply = withAirSupply(g, supplyStatuses(board, enemy)); // B-59
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== enemy || p.status !== 'map' || !p.disrupted || attacked.has(p.at)) continue;
    const u = board.unit(id);
    // A.4: "any non-red Russian units ... not being attacked"; B.4: "any Axis Allied units ... not being attacked".
    const eligible = g.player === 'axis' ? !u.tags.includes('guards') : u.nationality !== 'german';
    if (!eligible || supply[id] === 'isolated') continue;
    p.disrupted = false;
    log(ctx, 'recovery', `${label(g, s, id)} recovers from Disruption`, [
      CITE_RECOVERY,
      g.player === 'axis' ? 'A.4' : 'B.4',
    ]);
  }
}

/** Supply Status Determination Phase (A.8 / B.6): Isolated units are Disrupted. */
function determineSupply(g: BarbarossaState, s: RulesScenario, side: Side, ctx: RulesContext): void {
  const st = withAirSupply(g, supplyStatuses(new Board(g, s), side)); // B-59: air-supplied units
  for (const [id, sup] of Object.entries(st)) {
    const p = g.pieces[id]!;
    p.supply = sup;
    if (sup === 'isolated' && !p.disrupted) {
      p.disrupted = true;
      log(ctx, 'supply', `${label(g, s, id)} is Isolated: Disrupted`, [
        'barbarossa-1941 "Supply"',
        side === 'axis' ? 'A.8' : 'B.6',
      ]);
    }
  }
}

/** A.9 (German units) / B.8 (red-lettered units): recovery in Full or Limited supply; Isolated units never recover. */
function recoverOwn(g: BarbarossaState, s: RulesScenario, side: Side, ctx: RulesContext): void {
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== side || p.status !== 'map' || !p.disrupted || p.supply === 'isolated') continue;
    const u = s.units[p.unit ?? ''];
    const eligible = side === 'axis' ? u?.nationality === 'german' : (u?.tags.includes('guards') ?? false);
    if (!eligible) continue;
    p.disrupted = false;
    log(ctx, 'recovery', `${label(g, s, id)} recovers from Disruption`, [
      CITE_RECOVERY,
      side === 'axis' ? 'A.9' : 'B.8',
    ]);
  }
}

function startPlayerTurn(g: BarbarossaState, side: Side, ctx: RulesContext): void {
  g.player = side;
  g.step = 'reinforce';
  g.breakthrough = false;
  g.blitz = [];
  delete g.blitzAir;
  g.spent = [];
  g.railMoves = 0;
  g.seaMoves = 0;
  g.railheadsMoved = [];
  if (side === 'axis') {
    g.airUsed = []; // a new game-turn: "only once offensively ... per game-turn"
    g.airDefUsed = []; // "... and only once defensively per game-turn" (B-58)
  }
  g.airfieldsMoved = [];
  g.airStruck = [];
  g.airSupplied = (g.airSupplied ?? []).filter((id) => g.pieces[id]!.side !== side); // B-59
  g.attackedThisPhase = [];
  g.attacks = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== side) continue;
    p.moved = 'no';
    p.attacked = false;
    delete p.mfLeft;
    delete p.riverCrossed;
  }
  const s = scenarioOf(g);
  if (side === 'axis' && g.options.weatherRoll) {
    const table = s.turns[Math.min(g.turn, s.turns.length) - 1]!.weatherRoll;
    if (table && table.length === 6) {
      const roll = ctx.roll(`weather for turn ${g.turn}`, ['barbarossa-1941 "Weather"', 'B-11']);
      g.weather = table[roll - 1]!;
    }
  }
  log(
    ctx,
    'phase',
    `turn ${g.turn} (${turnInfo(s, g).label}, ${turnInfo(s, g).weather}): ${side === 'axis' ? 'German' : 'Russian'} player-turn`,
    [CITE_SEQUENCE, side === 'axis' ? 'A.1' : 'B.1'],
  );
  airReturns(
    g,
    s,
    ctx,
    (id) => label(g, s, id),
    (h) => s.hexNumbers[h]!,
  ); // B-57: air units Shot Down or Intercepted back in the game
  judgeAirfieldSupply(g, s); // B-56: the airfields' supply, judged as they are positioned
  announceArrivals(g, s, side, ctx);
  if (side === 'soviet') {
    advanceEvacuations(g, ctx);
    siberianArrival(g, s, ctx);
    sovietReplacements(g, s, ctx);
  } else germanReplacements(g, s, ctx);
}

function endPlayerTurn(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  if (g.player === 'axis') {
    // A.7 Russian Victory Determination: Warsaw, or Bucharest and Ploesti, in supply (B-12).
    const held = sovietSuddenHeld(new Board(g, s));
    if (held) {
      endGame(g, sovietSuddenResult(held), ctx, [CITE_VICTORY, 'A.7', 'B-12']);
      return;
    }
    determineSupply(g, s, 'axis', ctx); // A.8
    recoverOwn(g, s, 'axis', ctx); // A.9
    startPlayerTurn(g, 'soviet', ctx);
    return;
  }
  determineSupply(g, s, 'soviet', ctx); // B.6
  // B.7 German Victory Determination: "during any of his Victory Determination Phases in
  // 1941", the 7-point sudden death, which the Axis player may claim or decline (B-70).
  if (suddenDeathOpen(s, g) && axisSuddenDeath(new Board(g, s))) {
    g.suddenDeath = 'offered';
    const t = victoryTally(new Board(g, s), 'axis');
    log(
      ctx,
      'victory',
      `the Axis holds ${t.points} victory points in supply (${t.cities.join(', ')}), including Leningrad, Moscow or Stalingrad: the Axis player may claim the win now or play on to January II`,
      [CITE_VICTORY, 'B.7', 'B-12', 'B-70'],
    );
    return;
  }
  afterGermanVictoryDetermination(g, s, ctx);
}

/**
 * RULINGS B-66: "The Russians may not attack Rumania unless the Axis do attack out of it":
 * the first Axis attack resolved with an attacker in a hex in Rumania opens Rumania to the
 * Russians for the rest of the game.
 */
function openRumania(g: BarbarossaState, s: RulesScenario, target: number, ctx: RulesContext): void {
  if (g.player !== 'axis' || g.rumaniaOpen === true) return;
  const attack = g.attacks.find((x) => x.target === target);
  if (!attack?.attackers.some((id) => s.rumania[g.pieces[id]!.at] === 1)) return;
  g.rumaniaOpen = true;
  log(ctx, 'combat', 'the Axis attacks out of Rumania: from now on the Russians may attack and enter it', [
    'barbarossa-1941 "Special First Turn Rules"',
    'B-66',
  ]);
}

/** B.8 and the game's end at January II, or the next game-turn (after B.7). */
function afterGermanVictoryDetermination(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
  recoverOwn(g, s, 'soviet', ctx); // B.8
  if (g.turn >= s.turns.length) {
    endGame(g, finalResult(victoryTally(new Board(g, s), 'axis')), ctx, [CITE_VICTORY, 'B-12', 'B-70']);
    return;
  }
  g.turn += 1;
  startPlayerTurn(g, 'axis', ctx);
}

/** The game is over: its result in the state and in the log. */
function endGame(g: BarbarossaState, result: GameResult, ctx: RulesContext, cite: string[]): void {
  g.winner = result.winner;
  g.result = result;
  g.step = 'over';
  log(ctx, 'victory', result.words, cite);
}

function applyAction(g: BarbarossaState, side: string, a: BarbarossaAction, ctx: RulesContext): void {
  const s = scenarioOf(g);
  switch (a.type) {
    case 'end-step':
      if (g.step === 'reinforce') {
        g.step = 'attacks-first';
        log(ctx, 'phase', `${side === 'axis' ? 'A.2' : 'B.2'}: attacks before operational movement`, [
          CITE_SEQUENCE,
        ]);
      } else {
        g.step = 'movement';
        // The attacks of A.2/B.2 are another phase's: the Katyushas still strike before B.5's first (B-41).
        g.attackedThisPhase = [];
        log(ctx, 'phase', `${side === 'axis' ? 'A.3' : 'B.3'}: operational movement and attack allocations`, [
          CITE_SEQUENCE,
        ]);
      }
      return;
    case 'rehide':
      rehide(g, a.piece, ctx);
      return;
    case 'choose-tank-group':
      chooseTankGroup(g, a.group, ctx);
      return;
    case 'place':
      placeArrival(g, s, a.piece, a.hex, ctx);
      return;
    case 'rail': {
      // "Units moved by rail are Disrupted"
      const p = g.pieces[a.piece]!;
      const from = p.at;
      p.at = a.to;
      p.disrupted = true;
      p.moved = 'bonus';
      p.entrenched = false;
      g.railMoves += 1;
      enterHex(g, s, a.to, p.side, ctx);
      log(
        ctx,
        'rail',
        `${label(g, s, a.piece)} moves by rail ${s.hexNumbers[from]} to ${s.hexNumbers[a.to]}, arriving Disrupted`,
        [CITE_RAIL],
      );
      // B-40: "The instant the Axis player takes Moscow, in supply": by a rail move too.
      if (p.side === 'axis') moscowMoraleRoll(g, s, a.to, ctx);
      return;
    }
    case 'convert': {
      const board = new Board(g, s);
      const path = conversionMoves(board, a.piece).get(a.to)!;
      const p = g.pieces[a.piece]!;
      g.converted = [...new Set([...g.converted, ...path])].sort((x, y) => x - y);
      p.at = a.to;
      p.moved = 'attack';
      log(
        ctx,
        'rail',
        `${label(g, s, a.piece)} converts the track ${path.map((h) => s.hexNumbers[h]).join('-')} to the German gauge`,
        [CITE_RAIL, 'A.1'],
      );
      return;
    }
    case 'overrun': {
      if (!applyOverrun(g, s, a.pieces, a.target, ctx)) return;
      enterHex(g, s, a.target, g.player, ctx);
      log(
        ctx,
        'move',
        `${a.pieces.map((id) => label(g, s, id)).join(', ')} overrun ${s.hexNumbers[a.target]}`,
        ['barbarossa-1941 "Operational Movement" Overrun', 'B-42'],
      );
      if (g.player === 'axis') moscowMoraleRoll(g, s, a.target, ctx);
      return;
    }
    case 'sea':
      sail(g, s, a.piece, a.to, ctx);
      return;
    case 'air-support':
      // B-46, B-58: the support mission may be intercepted before it joins the attack.
      declareMission(g, s, { kind: 'support', piece: a.piece, target: a.target }, ctx, label);
      return;
    case 'airstrike':
      declareMission(g, s, { kind: 'strike', piece: a.piece, target: a.target }, ctx, label);
      return;
    case 'air-supply':
      declareMission(g, s, { kind: 'supply', piece: a.piece, target: a.target }, ctx, label);
      return;
    case 'intercept':
    case 'no-intercept':
      resolveMission(g, s, g.airMission!, a.type === 'intercept' ? a.piece : null, ctx, label);
      return;
    case 'airfield':
      relocateAirfield(
        g,
        s,
        a.piece,
        a.to,
        a.rail === true,
        ctx,
        label(g, s, a.piece),
        (h) => s.hexNumbers[h]!,
      );
      return;
    case 'load-factory':
      g.evacuation[a.piece] = { phase: 'loading', since: g.turn };
      log(ctx, 'rail', `${label(g, s, a.piece)} flipped to its Loading side`, [CITE_FACTORIES, 'B-51']);
      return;
    case 'entrench':
      g.pieces[a.piece]!.entrenched = true;
      log(ctx, 'entrench', `${label(g, s, a.piece)} entrenches`, [
        CITE_SEQUENCE,
        g.player === 'axis' ? 'A.1' : 'B.1',
        'B-51',
      ]);
      return;
    case 'call-siberians':
      g.siberiansFrom = g.turn;
      log(ctx, 'reinforcements', `the Russian player calls the Siberian Reserve from turn ${g.turn}`, [
        CITE_SIBERIANS,
        'B-43',
      ]);
      siberianArrival(g, s, ctx);
      return;
    case 'flip-strong':
      g.pieces[a.piece]!.weak = false;
      log(ctx, 'flip', `${label(g, s, a.piece)} flipped to its strong side`, [CITE_SEQUENCE, 'A.1', 'B-39']);
      return;
    case 'katyusha':
      katyushaStrike(g, s, a.piece, a.target, ctx);
      return;
    case 'rebuild-korps':
      rebuildKorps(g, s, a.piece, ctx);
      return;
    case 'railhead':
      log(ctx, 'rail', `railhead ${s.hexNumbers[g.railheads[a.index]!]} advances to ${s.hexNumbers[a.to]}`, [
        'barbarossa-1941 "Supply"',
        'B-38',
      ]);
      g.railheads[a.index] = a.to;
      g.railheadsMoved.push(a.index);
      return;
    case 'move': {
      const board = new Board(g, s);
      const opt = moveOptions(board, a.piece).find((o) => o.to === a.to)!;
      const p = g.pieces[a.piece]!;
      for (const h of opt.path.slice(1)) enterHex(g, s, h, p.side, ctx);
      p.at = a.to;
      p.moved = opt.bonus ? 'bonus' : 'attack';
      p.entrenched = false;
      // B-65, B-69: what the move leaves for an overrun or a river attack.
      const left = afterMove(board, a.piece, opt);
      p.mfLeft = left.mfLeft;
      if (left.riverCrossed) p.riverCrossed = true;
      ctx.log({
        kind: 'move',
        text: `${label(g, s, a.piece)} moves ${opt.path.map((h) => s.hexNumbers[h]).join('-')}${opt.bonus ? ' (with the OMB: no attack)' : ''}`,
        cite: ['barbarossa-1941 "Operational Movement"'],
        data: { piece: a.piece, path: opt.path },
      });
      // B-40: the supply to Moscow is traced with the mover in it (a friendly unit: its hex is not cut by the Russian ZOC).
      if (p.side === 'axis') moscowMoraleRoll(g, s, a.to, ctx);
      return;
    }
    case 'allocate': {
      const at = g.attacks.find((x) => x.target === a.target);
      if (at) at.attackers.push(a.piece);
      else g.attacks.push({ target: a.target, attackers: [a.piece] });
      return;
    }
    case 'unallocate': {
      for (const at of g.attacks) at.attackers = at.attackers.filter((x) => x !== a.piece);
      g.attacks = g.attacks.filter((x) => x.attackers.length > 0);
      return;
    }
    case 'cancel':
      g.attacks = g.attacks.filter((x) => x.target !== a.target);
      log(ctx, 'combat', `attack on ${s.hexNumbers[a.target]} cancelled`, ['barbarossa-1941 "General Rule"']);
      return;
    case 'resolve':
      openRumania(g, s, a.target, ctx);
      startCombat(g, s, a.target, ctx, a.gamble, a.ignoreRiver === true);
      return;
    case 'end-movement':
      recoverBeforeCombat(g, s, ctx);
      g.step = 'combat';
      log(
        ctx,
        'phase',
        `${g.player === 'axis' ? 'A.5' : 'B.5'}: ground combat resolution${g.breakthrough ? ' (breakthrough, B-9)' : ''}`,
        [CITE_SEQUENCE],
      );
      return;
    case 'end-combat':
      if (!g.breakthrough) {
        g.breakthrough = true;
        g.step = 'movement';
        g.spent = g.order.filter((id) => {
          const p = g.pieces[id]!;
          return p.side === g.player && (p.moved !== 'no' || p.attacked);
        });
        g.attackedThisPhase = [];
        log(
          ctx,
          'phase',
          `${g.player === 'axis' ? 'A.6 German Operational Breakthrough' : 'Proriv!'}: movement and combat for units not yet used (OMF -2, OMB ${g.player === 'axis' ? 2 : 3})`,
          [CITE_SEQUENCE, 'B-9'],
        );
        return;
      }
      endPlayerTurn(g, s, ctx);
      return;
    case 'claim-victory':
      // B-70: "The Axis Player immediately wins if during any of his Victory Determination Phases in 1941 ..."
      delete g.suddenDeath;
      endGame(g, suddenDeathResult(victoryTally(new Board(g, s), 'axis')), ctx, [
        CITE_VICTORY,
        'B.7',
        'B-70',
      ]);
      return;
    case 'play-on':
      // B-70: "He can also instead choose to wait until game's end - January II - to claim victory".
      g.suddenDeath = 'declined';
      log(
        ctx,
        'victory',
        'the Axis player plays on: at January II, 10 or more victory city points in supply win a Strategic, Smashing Victory (counts as 2 games); otherwise the usual end of the game decides',
        [CITE_VICTORY, 'B.7', 'B-70'],
      );
      afterGermanVictoryDetermination(g, s, ctx);
      return;
    default:
      applyCombatAction(g, s, a, ctx);
  }
}

/* ------------------------------------------------------------------------------------ */
/* Set-up                                                                                */

function fromPositionFile(
  file: PositionFile,
  options: BarbarossaOptions,
): Result<BarbarossaState, SetupError[]> {
  const compiled = compileRulesScenario(file.scenario);
  if (!compiled.ok) return compiled;
  const s = compiled.value;
  registerRulesScenario(s);
  const errors: SetupError[] = [];
  const g = newGameState(s.key, {
    railheads: [...s.railheads],
    riflePile: [...(file.riflePile ?? [])],
    options: { asymmetricOdds: options.asymmetricOdds ?? false, weatherRoll: options.weatherRoll ?? false },
  });
  file.pieces.forEach((p, i) => {
    const path = `pieces[${i}]`;
    if (g.pieces[p.id]) errors.push(setupError('setup/duplicate', `${path}.id`, `piece ${p.id} twice`));
    if (p.unit !== undefined && !s.units[p.unit])
      errors.push(setupError('setup/unknown-unit', `${path}.unit`, `no unit ${p.unit}`));
    if (p.unit === undefined && p.face === undefined)
      errors.push(setupError('setup/piece', path, 'a piece is face up (unit) or face down (face)'));
    const at = p.at === undefined ? -1 : s.hexNumbers.indexOf(p.at);
    if (p.at !== undefined && at < 0)
      errors.push(setupError('setup/unknown-hex', `${path}.at`, `no hex ${p.at}`));
    g.pieces[p.id] = freshPiece(p.side, p.unit ?? null, p.unit === undefined ? (p.face ?? null) : null, at);
    g.order.push(p.id);
    if (p.unit === undefined && p.face !== undefined) {
      g.secret.identities[p.id] = {
        unit: p.secretUnit ?? null,
        knownTo: p.knownTo === undefined ? (p.face === 'tank-korps' ? 'soviet' : null) : p.knownTo,
      };
    }
  });
  if (errors.length > 0) return err(errors);
  return ok(g);
}

function outcome(g: BarbarossaState): GameOutcome | null {
  if (g.winner === null) return null;
  // The score: each side's victory-city points held in supply at the end (B-33).
  const board = new Board(g, scenarioOf(g));
  return {
    winner: g.winner === 'draw' ? null : g.winner,
    score: { axis: victoryTally(board, 'axis').points, soviet: victoryTally(board, 'soviet').points },
    summary:
      g.result?.words ??
      (g.winner === 'draw' ? 'a draw (B-12)' : `${g.winner === 'axis' ? 'Axis' : 'Russian'} victory (B-12)`),
  };
}

export const barbarossaRules: GameRules<BarbarossaState, BarbarossaAction, BarbarossaOptions> = {
  id: 'barbarossa-1941',
  rulesVersion: RULES_VERSION,
  sides: SIDES,
  setup(scenario, options, ctx) {
    // No file, or {"standard": true}: the standard game (standard-setup.ts); else a position file.
    const standard =
      scenario === null || scenario === undefined || (scenario as { standard?: unknown }).standard === true;
    const made = standard
      ? standardPosition(options.asymmetricOdds ?? false, options.weatherRoll ?? false, ctx)
      : fromPositionFile(scenario as PositionFile, options);
    if (made.ok) {
      const g = made.value;
      if (options.classicOdds === true) g.options.classicOdds = true; // B-63
      shuffleTankGroups(g, ctx); // B-53: a roll the server alone sees
      const supplyBoard = new Board(g, scenarioOf(g));
      for (const side of SIDES)
        for (const [id, sup] of Object.entries(supplyStatuses(supplyBoard, side))) g.pieces[id]!.supply = sup;
      startPlayerTurn(g, 'axis', ctx);
    }
    return made;
  },
  activeSides(g) {
    if (g.winner !== null || g.step === 'over') return [];
    if (g.airMission) return [otherSide(g.player)]; // B-58: the interception answer
    if (g.suddenDeath === 'offered') return ['axis']; // B-70: claim the sudden death or play on
    return [g.combat ? combatActor(g) : g.player];
  },
  legalActions: legal,
  clone(g) {
    // The engine's structuredClone, and the movement lists carried to the draft (movement.ts).
    const draft = structuredClone(g);
    carryMovementLists(g, draft);
    return draft;
  },
  applyAction,
  view(g, viewer) {
    // A side sees its own; the server (and an observer, null) everything; a spectator what
    // every side may see, and everything once the game is over.
    if (viewer === 'axis' || viewer === 'soviet') return viewOf(g, viewer);
    if (viewer === null || viewer === '@server' || g.winner !== null) return viewOf(g, null);
    return viewOf(g, 'spectator');
  },
  outcome,
};
