/**
 * Attack Allocations and the start of each resolution, shared by the steps that declare
 * or resolve attacks: the attacks before operational movement (A.2 / B.2), operational
 * movement and allocation (A.3 / B.3) and ground combat (A.5 / B.5, with Blitzkrieg!'s
 * second attack). Which attacks may be declared, the must-attack rule (B-14), what each
 * declared attack may be resolved with (the odds gambles B-7/B-8, close air support
 * B-46, the first turn's river B-44), and the effects of declaring, dropping and
 * resolving one.
 */
import type { RulesContext } from '@stavka/engine';
import { airSupporters, declareMission } from '../air.ts';
import {
  canAttack,
  evaluateAttack,
  isRefusal,
  mustAttackUnmet,
  riverHexsides,
  rumaniaBarredFirstTurn,
} from '../attack.ts';
import type { Board } from '../board.ts';
import { riverMfOwed } from '../movement.ts';
import { gamblesFor } from '../odds-gambles.ts';
import { label, startCombat } from '../resolution.ts';
import type { RulesScenario, Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import type { BarbarossaAction } from './actions.ts';
import { type Effects, log } from './step.ts';

/** The target of the attack `id` is allocated to, or -1. */
export function allocatedTo(g: BarbarossaState, id: string): number {
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
  return canAttack(board, id);
}

/** "Special First Turn Rules": "The Axis may not attack out of Rumania on the first turn." */
function attackForbidden(board: Board, id: string): boolean {
  return rumaniaBarredFirstTurn(board, board.g.pieces[id]!.at);
}

/** Each of `side`'s pieces allocated (to be taken back) or free to join an attack on an adjacent enemy. */
export function allocations(board: Board, side: Side): BarbarossaAction[] {
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

/** Every piece's supply as it stands (judged again at the moment of combat). */
function supplyNow(g: BarbarossaState): Record<string, 'full' | 'limited' | 'isolated'> {
  const out: Record<string, 'full' | 'limited' | 'isolated'> = {};
  for (const id of g.order) out[id] = g.pieces[id]!.supply;
  return out;
}

/** Every declared attack legal as it stands, and the must-attack rule met (B-14). */
export function allocationsComplete(board: Board): boolean {
  const g = board.g;
  const cols: { target: number; attackers: string[]; column: number }[] = [];
  const supply = g.attacks.length > 0 ? supplyNow(g) : {}; // once for every attack: they read it, never change it
  for (const a of g.attacks) {
    const ev = evaluateAttack(board, a.attackers, a.target, { supply, air: a.air ?? [] });
    if (isRefusal(ev)) return false;
    cols.push({ target: a.target, attackers: a.attackers, column: ev.column });
  }
  return g.player !== 'soviet' || mustAttackUnmet(board, cols).length === 0;
}

/**
 * How each declared attack that can be made may be resolved now: as it stands, with an
 * odds gamble (B-7, B-8), after one more air unit's close support (B-46) or, on turn 1,
 * ignoring its one river hexside (B-44).
 */
export function resolutions(board: Board, side: Side): BarbarossaAction[] {
  const g = board.g;
  const out: BarbarossaAction[] = [];
  const supply = g.attacks.length > 0 ? supplyNow(g) : {};
  for (const a of g.attacks) {
    const ev = evaluateAttack(board, a.attackers, a.target, { supply, air: a.air ?? [] });
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
  return out;
}

/**
 * The declared attacks that may be dropped: one that can no longer be made (its hex
 * emptied by another combat) always, any other only `byChoice`.
 */
export function cancellations(board: Board, byChoice: boolean): BarbarossaAction[] {
  const g = board.g;
  const out: BarbarossaAction[] = [];
  const supply = !byChoice && g.attacks.length > 0 ? supplyNow(g) : {};
  for (const a of g.attacks)
    if (byChoice || isRefusal(evaluateAttack(board, a.attackers, a.target, { supply })))
      out.push({ type: 'cancel', target: a.target });
  return out;
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

/** Declaring, taking back, dropping and resolving attacks; the air missions flown for them. */
export const attackEffects: Effects<
  'allocate' | 'unallocate' | 'cancel' | 'resolve' | 'air-support' | 'airstrike'
> = {
  allocate(g, _s, _side, a) {
    const at = g.attacks.find((x) => x.target === a.target);
    if (at) at.attackers.push(a.piece);
    else g.attacks.push({ target: a.target, attackers: [a.piece] });
  },

  unallocate(g, _s, _side, a) {
    for (const at of g.attacks) at.attackers = at.attackers.filter((x) => x !== a.piece);
    g.attacks = g.attacks.filter((x) => x.attackers.length > 0);
  },

  cancel(g, s, _side, a, ctx) {
    g.attacks = g.attacks.filter((x) => x.target !== a.target);
    log(ctx, 'combat', `attack on ${s.hexNumbers[a.target]} cancelled`, ['barbarossa-1941 "General Rule"']);
  },

  resolve(g, s, _side, a, ctx) {
    openRumania(g, s, a.target, ctx);
    startCombat(g, s, a.target, ctx, a.gamble, a.ignoreRiver === true);
  },

  // B-46, B-58: the support mission may be intercepted before it joins the attack.
  'air-support'(g, s, _side, a, ctx) {
    declareMission(g, s, { kind: 'support', piece: a.piece, target: a.target }, ctx, label);
  },

  // B-57: an airstrike on the units of a hex, before the attacks or in the breakthrough.
  airstrike(g, s, _side, a, ctx) {
    declareMission(g, s, { kind: 'strike', piece: a.piece, target: a.target }, ctx, label);
  },
};
