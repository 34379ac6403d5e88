/**
 * Operation Mars's copy-and-freeze states (the engine's changeEntry, settleRecord): an
 * action is applied to a draft cloned from its parent state; once applied, the draft is
 * settled, its unchanged units shared with the parent and every unit frozen. A settled
 * state keeps the board its supply was traced on, for the legal actions that follow.
 */
import { Memo, settleRecord } from '@stavka/engine';
import { Board } from './board.ts';
import { type Scenario, scenarioByKey } from './scenario.ts';
import { type MarsState, settleUnitList, type UnitState } from './state.ts';

export const scenarioOf = (g: MarsState): Scenario => scenarioByKey(g.scenario);

/**
 * Boards of settled states (an applied action's result), so the next legalActions on
 * that state reuses the one refreshSupply built. Keyed by the state object: the engine
 * never changes a state once an action has been applied to it.
 */
const settled = new Memo<MarsState, Board>('board');

/** The board of a state: a settled state's own, else a new one. */
export const boardOf = (g: MarsState): Board => settled.get(g) ?? new Board(scenarioOf(g), g);

/**
 * The board of the state a draft was cloned from, while the action is applied to it:
 * a move reads the board as it stood before it (its path), and that is the parent's.
 * Dropped once the action is applied, so no state keeps its parent alive.
 */
const parentBoards = new Memo<MarsState, Board>('parent board');

/** The units of the state a draft was cloned from, while the action is applied to it. */
const parentUnits = new Memo<MarsState, Readonly<Record<string, UnitState>>>('parent units');

/** The units of the state a draft was cloned from, while an action is applied to it. */
export const parentUnitsOf = (g: MarsState): Readonly<Record<string, UnitState>> | undefined =>
  parentUnits.get(g);

/** The parent's board while an action is applied to its draft `g`, if it had one. */
export const parentBoard = (g: MarsState): Board | undefined => parentBoards.get(g);

/** `copy` is the draft of `parent` an action is about to be applied to. */
export function beginDraft(parent: MarsState, copy: MarsState): void {
  const board = settled.get(parent);
  if (board) parentBoards.set(copy, board);
  parentUnits.set(copy, parent.units);
}

/**
 * Once an action is applied: the draft keeps `board` for the legal actions that follow
 * and forgets its parent; each unit it copied to change (changeUnit) but left as it
 * was is the parent's own object again, and every unit is frozen. States share what
 * did not change (the clone shares frozen units, and an action copies only those it
 * changes), so the next hash writes only the units that did (the engine keeps the JSON
 * of frozen objects), and a diff of two states skips the rest by identity.
 */
export function settleDraft(g: MarsState, board: Board): void {
  settled.set(g, board);
  parentBoards.clear(g);
  const before = parentUnits.get(g);
  parentUnits.clear(g);
  settleRecord(g.units, before, sameUnitState);
  settleUnitList(scenarioOf(g), g.units);
}

export function sameUnitState(a: UnitState, b: UnitState): boolean {
  return (
    a === b ||
    (a.at === b.at &&
      a.status === b.status &&
      a.disrupted === b.disrupted &&
      a.fortified === b.fortified &&
      a.fortifiedNow === b.fortifiedNow &&
      a.moved === b.moved &&
      a.attacked === b.attacked &&
      a.supply === b.supply)
  );
}
