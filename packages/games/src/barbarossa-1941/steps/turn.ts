/**
 * The player-turn's frame ("GAME-TURN SEQUENCE"): its start (A.1 / B.1: weather,
 * arrivals, replacements), the recovery from Disruption at its places (A.4 / B.4 before
 * combat, A.9 / B.8 at the end), the supply determination (A.8 / B.6), the victory
 * determinations (A.7, B.7) and the next player-turn or the game's end. The steps call
 * these; no action is offered here.
 */
import type { RulesContext } from '@stavka/engine';
import { withAirSupply } from '../air.ts';
import { airReturns, judgeAirfieldSupply } from '../airfields.ts';
import { Board } from '../board.ts';
import { advanceEvacuations } from '../factories.ts';
import { announceArrivals } from '../reinforcements.ts';
import { germanReplacements, sovietReplacements } from '../replacements.ts';
import { label } from '../resolution.ts';
import { otherSide, type RulesScenario, type Side } from '../rules-scenario.ts';
import { siberianArrival } from '../siberians.ts';
import { type BarbarossaState, type GameResult, turnInfo } from '../state.ts';
import { supplyStatuses } from '../supply.ts';
import {
  axisSuddenDeath,
  CITE_VICTORY,
  finalResult,
  sovietSuddenHeld,
  sovietSuddenResult,
  suddenDeathOpen,
  victoryTally,
} from '../victory.ts';
import { CITE_RECOVERY, CITE_SEQUENCE, type Effect, log, scenarioOf } from './step.ts';

/** A.1 / B.1: a player-turn begins: its counts cleared, the weather, the air units back, arrivals, replacements. */
export function startPlayerTurn(g: BarbarossaState, side: Side, ctx: RulesContext): void {
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

/** A.4 / B.4: recovery of the enemy's units not being attacked, in Full or Limited supply. */
export function recoverBeforeCombat(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
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

/**
 * The player-turn's end after its combat: A.7-A.9 and the Russian player-turn, or B.6-B.8
 * and the next game-turn (B.7 may stop at the sudden death offered, B-70).
 */
export function endPlayerTurn(g: BarbarossaState, s: RulesScenario, ctx: RulesContext): void {
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

/** B.8 and the game's end at January II, or the next game-turn (after B.7). */
export function afterGermanVictoryDetermination(
  g: BarbarossaState,
  s: RulesScenario,
  ctx: RulesContext,
): void {
  recoverOwn(g, s, 'soviet', ctx); // B.8
  if (g.turn >= s.turns.length) {
    endGame(g, finalResult(victoryTally(new Board(g, s), 'axis')), ctx, [CITE_VICTORY, 'B-12', 'B-70']);
    return;
  }
  g.turn += 1;
  startPlayerTurn(g, 'axis', ctx);
}

/** The game is over: its result in the state and in the log. */
export function endGame(g: BarbarossaState, result: GameResult, ctx: RulesContext, cite: string[]): void {
  g.winner = result.winner;
  g.result = result;
  g.step = 'over';
  log(ctx, 'victory', result.words, cite);
}

/**
 * `end-step`: the reinforcement step (A.1 / B.1) gives way to the attacks before
 * operational movement (A.2 / B.2), and those to operational movement (A.3 / B.3).
 */
export const endStep: Effect<'end-step'> = (g, _s, side, _action, ctx) => {
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
};
