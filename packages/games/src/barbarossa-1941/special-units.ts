/**
 * barbarossa-1941 "Special Units" and the smaller A.1 steps:
 * - Russian Katyushas (B-10): "Katyusha units may not attack if Unsupplied or Disrupted.
 *   They can attack an adjacent hex, before standard ground attacks are resolved.  A die
 *   roll is made against each enemy unit in the hex: 1 or 2 ... Disrupts the Red-rocketed
 *   unit."
 * - "Flipping of German Armies to Strong Side" (A.1, RULINGS B-39).
 * - The Moscow morale roll ("Victory Conditions": "The instant the Axis player takes
 *   Moscow, in supply, he can roll for a 33% chance of Russian morale collapse and
 *   victory", B-40).
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import type { RulesScenario } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { supplyStatuses } from './supply.ts';
import { isArmy, isGerman } from './unit-kinds.ts';
import { CITE_VICTORY, holder, suppliedAsIfHeld } from './victory.ts';

export const CITE_KATYUSHA = 'barbarossa-1941 "Special Units" Russian Katyushas';

/** Katyusha strikes the Russian player may make now: before any ground attack of the phase is resolved. */
export function katyushaTargets(g: BarbarossaState, s: RulesScenario): { piece: string; target: number }[] {
  if (g.player !== 'soviet' || g.attackedThisPhase.length > 0 || g.combat) return [];
  const board = new Board(g, s);
  const supply = supplyStatuses(board, 'soviet');
  const { graph } = s.map;
  const out: { piece: string; target: number }[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== 'soviet' || p.status !== 'map' || p.disrupted || p.attacked) continue;
    if (board.unit(id).type !== 'katyusha' || supply[id] === 'isolated') continue;
    const targets: number[] = [];
    for (let k = graph.offsets[p.at]!; k < graph.offsets[p.at + 1]!; k++) {
      const t = graph.targets[k]!;
      // B-66: not a hex in Rumania before the Axis has attacked out of it.
      if (t >= 0 && board.hasEnemyGround('soviet', t) && (s.rumania[t] !== 1 || g.rumaniaOpen === true))
        targets.push(t);
    }
    for (const target of targets.sort((a, b) => a - b)) out.push({ piece: id, target });
  }
  return out;
}

/** B-10: one die a unit in the hex; 1-2 Disrupts it. */
export function katyushaStrike(
  g: BarbarossaState,
  s: RulesScenario,
  piece: string,
  target: number,
  ctx: RulesContext,
): void {
  g.pieces[piece]!.attacked = true;
  const board = new Board(g, s);
  for (const id of board.at[target]!) {
    const roll = ctx.roll(`Katyusha strike on ${id}`, [CITE_KATYUSHA, 'B-10']);
    if (roll <= 2) {
      g.pieces[id]!.disrupted = true;
      ctx.log({ kind: 'combat', text: `${id} Disrupted by the Katyushas`, cite: [CITE_KATYUSHA, 'B-10'] });
    }
  }
}

/** B-39: at A.1 a German army on its weak side, UnDisrupted and in Full supply, may flip to its strong side. */
export function mayFlipStrong(g: BarbarossaState, s: RulesScenario, id: string): boolean {
  const p = g.pieces[id]!;
  if (g.player !== 'axis' || p.side !== 'axis' || p.status !== 'map' || !p.weak || p.disrupted) return false;
  const u = s.units[p.unit ?? ''];
  if (!u || !isGerman(u) || !isArmy(u)) return false;
  return supplyStatuses(new Board(g, s), 'axis')[id] === 'full';
}

/**
 * B-40: the instant an Axis unit enters Moscow while the Axis could trace supply to it,
 * once a game, one die: 1-2 (33%) the Russian morale collapses and the Axis wins.
 */
export function moscowMoraleRoll(g: BarbarossaState, s: RulesScenario, hex: number, ctx: RulesContext): void {
  if (g.moscowRolled || g.winner !== null || s.placeName[hex] !== 'Moscow' || holder(g, s, hex) !== 'axis')
    return;
  // "in supply": traced to Moscow with the Axis unit that took it standing there (B-33).
  if (!suppliedAsIfHeld(new Board(g, s), 'axis', hex)) return;
  g.moscowRolled = true;
  const roll = ctx.roll('Moscow taken: Russian morale collapse on 1-2', [CITE_VICTORY, 'B-40']);
  if (roll <= 2) {
    const words =
      'Axis sudden victory: Moscow has fallen, in supply, and the Russian morale collapses (B-40)';
    g.winner = 'axis';
    g.result = { winner: 'axis', kind: 'moscow-collapse', games: 1, words };
    g.step = 'over';
    g.combat = null;
    ctx.log({ kind: 'victory', text: words, cite: [CITE_VICTORY, 'B-40'] });
  } else
    ctx.log({
      kind: 'victory',
      text: 'Moscow taken: the Russian morale holds (the roll is made once a game)',
      cite: [CITE_VICTORY, 'B-40'],
    });
}
