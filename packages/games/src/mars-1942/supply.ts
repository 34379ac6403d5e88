/**
 * mars-1942 "Supply": every unit's supply status from a fresh trace, and the sustained
 * supply status determination (A.4 / B.6) that Disrupts or eliminates isolated units,
 * "except for any one unit in Rzhev or Gzhatsk" (RULINGS M-20). The step in which the
 * owner chooses that unit is steps/supply.ts; the trace itself is Board.supplyAt.
 */
import type { RulesContext } from '@stavka/engine';
import { Board } from './board.ts';
import { parentBoard } from './drafts.ts';
import { hexName, type Scenario, SIDES } from './scenario.ts';
import { changedSinceClone, changeUnit, type MarsState } from './state.ts';
import { CITE, eliminate, log } from './steps/step.ts';

/** Supply status of every unit on the map, from a fresh trace. */
export function refreshSupply(g: MarsState, s: Scenario): Board {
  const parent = parentBoard(g);
  // Only the units the action changed can differ from the parent's (when known).
  const only = parent ? (changedSinceClone(g.units) ?? undefined) : undefined;
  const board = parent ? Board.moved(parent, g, only) : new Board(s, g);
  board.takeTraces(parent, only);
  const states = board.states;
  for (const side of SIDES) {
    for (const i of s.sideIndexes[side]) {
      const st = states[i]!;
      if (st.status !== 'map' || st.at < 0) continue;
      const supply = board.supplyAt(side, st.at);
      if (st.supply !== supply) changeUnit(g, s.unitIds[i]!).supply = supply;
    }
  }
  return board;
}

/** The isolated units of the player-turn's side in `city`. */
function isolatedIn(board: Board, city: number): string[] {
  const { s, state: g } = board;
  return board.at[city]!.filter((id) => s.units[id]!.side === g.player && g.units[id]!.supply === 'isolated');
}

/**
 * "Except for any one unit in Rzhev or Gzhatsk" (mars-1942 "Supply"): the units among
 * which the owner still has to choose the one spared (RULINGS M-20), strongest first;
 * null when no city holds two or more isolated units of his not yet chosen among.
 */
export function sparingChoice(board: Board): string[] | null {
  const { s, state: g } = board;
  for (const city of [s.rzhev, s.gzhatsk]) {
    const here = isolatedIn(board, city);
    if (here.length < 2 || here.some((id) => g.spared.includes(id))) continue;
    return here.sort(
      (a, b) => (s.units[b]!.factors.defense ?? 0) - (s.units[a]!.factors.defense ?? 0) || a.localeCompare(b),
    );
  }
  return null;
}

/**
 * A.4 / B.6 Sustained supply status determination: each isolated unit of the side is
 * Disrupted, or eliminated if already Disrupted. Where Rzhev or Gzhatsk holds more than
 * one isolated unit of the side, the phase waits in the step 'supply' for its owner to
 * choose the one spared (M-20): then nothing is done and the answer is false.
 */
export function sustainedSupply(g: MarsState, s: Scenario, ctx: RulesContext): boolean {
  const side = g.player;
  if (g.step !== 'supply') g.spared = [];
  refreshSupply(g, s);
  const board = new Board(s, g);
  if (sparingChoice(board)) {
    if (g.step !== 'supply') {
      g.step = 'supply';
      log(
        ctx,
        'phase',
        `${side === 'soviet' ? 'A.4' : 'B.6'} sustained supply status: ${side === 'soviet' ? 'Zhukov' : 'von Kluge'} chooses the isolated unit spared in Rzhev or Gzhatsk`,
        [CITE.supply, 'M-20'],
      );
    }
    return false;
  }
  // "Except for any one unit in Rzhev or Gzhatsk": the one chosen (M-20), or the only one.
  const exempt = new Set<string>();
  for (const city of [s.rzhev, s.gzhatsk]) {
    const here = isolatedIn(board, city);
    const spared = here.find((id) => g.spared.includes(id)) ?? (here.length === 1 ? here[0] : undefined);
    if (spared) {
      exempt.add(spared);
      log(ctx, 'supply', `${s.units[spared]!.name} is isolated in ${hexName(s, city)} but spared`, [
        CITE.supply,
        ...(here.length > 1 ? ['M-20'] : []),
      ]);
    }
  }
  g.spared = [];
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    if (s.units[id]!.side !== side || st.status !== 'map' || st.supply !== 'isolated' || exempt.has(id))
      continue;
    if (st.disrupted) eliminate(g, s, id, ctx, 'isolated and already Disrupted', [CITE.supply]);
    else {
      changeUnit(g, id).disrupted = true;
      log(ctx, 'disrupted', `${s.units[id]!.name} is isolated: Disrupted`, [CITE.supply], { unit: id });
    }
  }
  return true;
}
