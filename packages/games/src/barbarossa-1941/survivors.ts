/**
 * barbarossa-1941 "Combat Results Definitions", DE: "Defenders ELIMINATED.  1 weak
 * infantry/rifle division may survive the elmination of a German korps or Russian or
 * German army and retreat as for a D3, unless in a No Retreat! situation." (RULINGS B-52.)
 *
 * The weak divisions are counters of the scenario data (tag `weak-division`, per side:
 * data/OOB-SOURCES.md), off the map until used; one eliminated again goes back to its
 * side's pool. The owner of the eliminated unit chooses, as an action of the combat's
 * `survivor` phase, where the division ends its retreat, or not to take it.
 */
import type { RulesContext, UnitData } from '@stavka/engine';
import type { Board } from './board.ts';
import { retreatPaths } from './combat-results.ts';
import type { RulesScenario, Side } from './rules-scenario.ts';
import { type BarbarossaState, freshPiece } from './state.ts';
import { isArmy, isGerman, isKorps } from './unit-kinds.ts';

export const CITE_DE = 'barbarossa-1941 "Combat Results Definitions" DE';

/** The retreat a surviving division makes: "as for a D3" (B-52: the full 3 hexes, its owner's route). */
export const SURVIVOR_RETREAT = 3;

/** "a German korps or Russian or German army" (B-52: Axis allied armies and Russian korps are not). */
export function leavesSurvivor(u: UnitData): boolean {
  if (u.side === 'soviet') return isArmy(u);
  return isGerman(u) && (isArmy(u) || isKorps(u));
}

/** The first weak division of `side` not on the map (its pool), or null when all are in play. */
export function weakDivisionFor(g: BarbarossaState, s: RulesScenario, side: Side): string | null {
  for (const id of s.unitIds) {
    const u = s.units[id]!;
    if (u.side !== side || !u.tags.includes('weak-division')) continue;
    if (g.pieces[id]?.status !== 'map') return id;
  }
  return null;
}

/**
 * Puts `weak` on the defended hex, Disrupted, to retreat from it (a D3 disrupts): the
 * piece is created the first time its counter is used, and reused after.
 */
export function standSurvivor(g: BarbarossaState, side: Side, weak: string, hex: number): void {
  const p = freshPiece(side, weak, null, hex);
  p.disrupted = true;
  if (!g.pieces[weak]) g.order.push(weak);
  g.pieces[weak] = p;
}

/** Where the division standing on the defended hex may end its retreat (B-31 geometry, 3 hexes). */
export function survivorHexes(board: Board, weak: string, attackerHexes: readonly number[]): number[] {
  return [...retreatPaths(board, weak, attackerHexes, SURVIVOR_RETREAT).keys()];
}

/** Takes the division off the map again: declined, or no retreat left for it. */
export function withdrawSurvivor(g: BarbarossaState, weak: string): void {
  const p = g.pieces[weak]!;
  p.status = 'pool';
  p.at = -1;
  p.disrupted = false;
}

/** Moves the division along its retreat and logs it. */
export function retreatSurvivor(
  g: BarbarossaState,
  s: RulesScenario,
  weak: string,
  eliminated: string,
  path: readonly number[],
  ctx: RulesContext,
): void {
  const p = g.pieces[weak]!;
  p.at = path[path.length - 1]!;
  ctx.log({
    kind: 'retreat',
    text: `${s.units[weak]?.designation ?? weak} survives the elimination of ${eliminated} and retreats ${path.map((h) => s.hexNumbers[h]).join('-')}, Disrupted`,
    cite: [CITE_DE, 'B-52'],
    data: { piece: weak, path: [...path] },
  });
}
