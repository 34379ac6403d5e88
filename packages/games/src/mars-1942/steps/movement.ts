/**
 * mars-1942 "Operational Movement" and "Zones of Control" (GAMETURN SEQUENCE A.2 /
 * B.3): each unit's moves (the search is movement.ts's moveOptions), a panzer unit's
 * withdrawal by the southern edge (RULINGS M-14), the end of movement. The moves are
 * worked out incrementally, carried from a state to the next (see MovementCache).
 */
import { CarriedCache, internAction } from '@stavka/engine';
import type { MarsAction } from '../actions.ts';
import { type Board, fitsStack } from '../board.ts';
import { boardOf, parentBoard, parentUnitsOf, sameUnitState } from '../drafts.ts';
import { type MoveOption, moveOptions, PackedMoves } from '../movement.ts';
import type { Scenario, Side } from '../scenario.ts';
import { changeUnit, type MarsState, type UnitState, unitStates } from '../state.ts';
import { updateTaken } from '../taken.ts';
import { CITE, hexAt, hexNum, log, perUnit, type StepRules } from './step.ts';

/**
 * The moves of a movement phase, worked out once per unit and carried from a state to
 * the next (OpenSpiel's incremental legal actions): a move changes one unit's hex, and
 * most units' moves stay as they were. Where a unit's search goes (moveOptions,
 * stacking aside) depends on its own state, on the enemy's units, and on friendly units
 * only next to it (and on those only when a minimum 1-hex move was looked at). So the
 * search is taken over when the unit's own state is the same, no enemy unit has moved,
 * changed its fortification or disruption (friendlyChanges), and no friendly unit came
 * or went on its hex or next to it where that matters; stacking is checked on each
 * state. The legal list and the AI's movement plan read the same searches (unitMoves):
 * a rollout's plan searches each unit once a movement step, and each move it makes is
 * checked and carried out from them. The fuzzer checks every list against one worked
 * out from scratch; movement.test.ts every unit's carried search against a fresh one.
 */
export interface UnitMoves {
  /**
   * Destinations as far as the search goes, stacking aside (moveOptions `paths: false,
   * stacking: false`), with the search's tree (the path of the move chosen), packed:
   * stacking is checked on each state.
   */
  readonly moves: PackedMoves;
  /**
   * The unit's hex and those next to it, when friendly units there can change its moves
   * (its search looked at a minimum 1-hex move: see moveOptions); else none.
   */
  readonly near: readonly number[];
}

interface MovementCache {
  readonly player: Side;
  /** The units the moves hold for: a settled state's, never changed after. */
  readonly units: Readonly<Record<string, UnitState>>;
  /**
   * The moves of the player's units (by scenario index: `unitIds[i]`'s is `[i]`) searched
   * on this state or carried to it, filled as they are asked for.
   */
  readonly byUnit: (UnitMoves | undefined)[];
}

/**
 * Each movement-phase state's moves, as far as they were asked for (legal actions, the
 * AI's plan), carried to the draft cloned from it (engine CarriedCache). The cache holds
 * the parent's units only, not the parent: states do not keep the game's history alive.
 */
const movementCaches = new CarriedCache<MarsState, MovementCache>();

/** `copy`, the draft of `parent` an action is applied to, takes over the parent's moves. */
export function inheritMoves(parent: MarsState, copy: MarsState): void {
  movementCaches.inherit(parent, copy);
}

/**
 * The moves of the movement step's state `g` (settled: never changed after), with every
 * unit's search that still holds taken over from the state it was cloned from.
 */
function movesOf(g: MarsState, s: Scenario): MovementCache {
  const own = movementCaches.get(g);
  if (own) return own;
  const me = g.player;
  const prev = movementCaches.inherited(g);
  const changed = prev && prev.player === me ? friendlyChanges(s, prev.units, g.units, me) : null;
  let byUnit: (UnitMoves | undefined)[];
  if (prev && changed) {
    byUnit = prev.byUnit.slice();
    const before = unitStates(s, prev.units);
    const now = unitStates(s, g.units);
    for (let i = 0; i < byUnit.length; i++) {
      const m = byUnit[i];
      if (m && (!sameUnitState(before[i]!, now[i]!) || touches(m.near, changed))) byUnit[i] = undefined;
    }
  } else byUnit = new Array<UnitMoves | undefined>(s.unitIds.length).fill(undefined);
  const made: MovementCache = { player: me, units: g.units, byUnit };
  movementCaches.set(g, made);
  return made;
}

/** The `near` of a unit whose moves no friendly unit changes (shared: never changed). */
const NOT_NEAR: readonly number[] = Object.freeze([]);

/** A unit's moves searched afresh on `board` (see UnitMoves). */
function searchMoves(board: Board, id: string): UnitMoves {
  const uses = { friends: false };
  const moves = PackedMoves.search(board, id, uses);
  const at = board.unitState(id).at;
  return { moves, near: uses.friends ? [at, ...board.neighbors(at)] : NOT_NEAR };
}

/**
 * The moves of unit `id` on `board`, stacking aside (moveOptions `paths: false, stacking:
 * false`, in its order): in the movement step, for the player's own units, the state's
 * search, carried from the state before where it still holds (see UnitMoves); else a
 * fresh one. Read them, never change them.
 */
export function unitMoves(board: Board, id: string): UnitMoves {
  const g = board.state;
  const { s } = board;
  if (g.step !== 'movement' || s.units[id]!.side !== g.player) return searchMoves(board, id);
  const byUnit = movesOf(g, s).byUnit;
  const i = s.unitIndex.get(id)!;
  let m = byUnit[i];
  if (!m) {
    m = searchMoves(board, id);
    byUnit[i] = m;
  }
  return m;
}

/** May unit `id` move to `to` on `board` (a move moveOptions offers, stacking checked)? From unitMoves. */
export function mayMoveTo(board: Board, id: string, to: number): boolean {
  return unitMoves(board, id).moves.indexOf(to) >= 0 && fitsStack(board, to, id);
}

/**
 * The hexes friendly units of `me` came to or left between two sets of units, or null
 * when an enemy unit moved, came, went, or changed what its ZOC and the minimum move
 * read (fortified, disrupted): then nothing is taken over.
 */
function friendlyChanges(
  s: Scenario,
  before: Readonly<Record<string, UnitState>>,
  after: Readonly<Record<string, UnitState>>,
  me: Side,
): number[] | null {
  const changed: number[] = [];
  const was = unitStates(s, before);
  const now = unitStates(s, after);
  for (let i = 0; i < now.length; i++) {
    const a = was[i]!;
    const b = now[i]!;
    if (a === b) continue;
    const side = s.unitList[i]!.side;
    if (a.at === b.at && a.status === b.status) {
      if (side !== me && (a.fortified !== b.fortified || a.disrupted !== b.disrupted)) return null;
      continue;
    }
    if (side !== me) return null;
    if (a.status === 'map' && a.at >= 0) changed.push(a.at);
    if (b.status === 'map' && b.at >= 0) changed.push(b.at);
  }
  return changed;
}

/** Whether any of `hexes` is among `changed`. */
function touches(hexes: readonly number[], changed: readonly number[]): boolean {
  for (const h of hexes) if (changed.includes(h)) return true;
  return false;
}

/**
 * The move of a unit to a hex, one frozen object a unit and hex for the scenario, made
 * when a legal list first offers it (moveAction): every list offers the very object,
 * from one state to the next and after a unit's moves are searched again, so a list
 * allocates no action, nothing of it is left for the young-generation collector to
 * copy, and the live channel finds each in the list before by identity (live.ts
 * legalPatch). At most one a unit and hex: ~270 KB for the 71 units and 480 hexes of
 * the scenario, kept as long as it is.
 */
const moveActionsOf = new WeakMap<Scenario, Map<string, (MarsAction | undefined)[]>>();

/** Unit `id`'s move actions by hex (moveAction fills them in). */
function moveActionsFor(s: Scenario, id: string): (MarsAction | undefined)[] {
  return perUnit(moveActionsOf, s, id, () => new Array<MarsAction | undefined>(s.map.graph.nodeCount));
}

function moveAction(s: Scenario, byHex: (MarsAction | undefined)[], id: string, to: number): MarsAction {
  let a = byHex[to];
  if (a === undefined) {
    a = internAction<MarsAction>({ type: 'move', unit: id, to: hexNum(s, to) });
    byHex[to] = a;
  }
  return a;
}

/** A unit's withdrawal off the map (M-14: canWithdraw), one frozen object a unit, as the move actions are. */
const withdrawActionsOf = new WeakMap<Scenario, Map<string, MarsAction>>();

function withdrawAction(s: Scenario, id: string): MarsAction {
  return perUnit(withdrawActionsOf, s, id, () => internAction<MarsAction>({ type: 'withdraw', unit: id }));
}

const END_MOVEMENT: MarsAction = internAction<MarsAction>({ type: 'end-movement' });

/**
 * The move of `unit` to `to` as the state the draft `g` was cloned from found it (its
 * cost, bonus and path, from the search kept there: its legal list's, or the AI's that
 * checked the move), or undefined when that state did not search the unit: then the move
 * is searched again. The same search either way (see UnitMoves): a move is not searched
 * twice.
 */
function listedMove(g: MarsState, s: Scenario, me: Side, unit: string, to: number): MoveOption | undefined {
  const listed = movementCaches.inherited(g);
  if (!listed || listed.player !== me || listed.units !== parentUnitsOf(g)) return undefined;
  const moves = listed.byUnit[s.unitIndex.get(unit)!]?.moves;
  const k = moves ? moves.indexOf(to) : -1;
  return moves && k >= 0 ? moves.option(k, true) : undefined;
}

/** A panzer unit on the southern edge may leave the game for good (M-14). */
function canWithdraw(board: Board, id: string): boolean {
  const u = board.unit(id);
  const st = board.state.units[id]!;
  return u.type === 'panzer' && st.moved === 'no' && !st.disrupted && board.s.southEdge.includes(st.at);
}

export const movementStep: StepRules<'move' | 'withdraw' | 'end-movement'> = {
  legal(g, me, board) {
    const { s } = board;
    const states = board.states;
    const mine: number[] = [];
    for (const i of s.sideIndexes[me]) if (states[i]!.status === 'map' && states[i]!.at >= 0) mine.push(i);
    // Each unit's moves as the state this one was cloned from had them, where nothing
    // they depend on has changed since (see UnitMoves).
    const byUnit = movesOf(g, s).byUnit;
    let most = 1; // the list's length at most: every move, a withdrawal a unit, the end
    for (const i of mine) {
      let m = byUnit[i];
      if (!m) {
        m = searchMoves(board, s.unitIds[i]!);
        byUnit[i] = m;
      }
      most += m.moves.count + 1;
    }
    // Made at its greatest length and cut to what it holds (no growing as it fills:
    // ~800 actions, ~12 KB less garbage a list).
    const list = new Array<MarsAction>(most);
    let n = 0;
    for (const i of mine) {
      const id = s.unitIds[i]!;
      const m = byUnit[i]!;
      const moves = m.moves;
      const byHex = moveActionsFor(s, id);
      for (let k = 0; k < moves.count; k++) {
        const to = moves.to(k);
        if (fitsStack(board, to, id)) list[n++] = moveAction(s, byHex, id, to);
      }
      if (me === 'german' && canWithdraw(board, id)) list[n++] = withdrawAction(s, id);
    }
    list[n++] = END_MOVEMENT;
    list.length = n;
    return list;
  },

  effects: {
    move(g, s, me, action, ctx) {
      // The draft is still its parent here: the parent's board, if it has one.
      const board = parentBoard(g) ?? boardOf(g);
      const to = hexAt(s, action.to);
      const opt = listedMove(g, s, me, action.unit, to) ?? moveOptions(board, action.unit, { to })[0]!;
      const st = changeUnit(g, action.unit);
      st.at = to;
      st.moved = opt.bonus ? 'bonus' : 'attack';
      if (st.fortified) st.fortified = false;
      updateTaken(g, s, me, opt.path); // a city passed through is entered (M-19)
      const stops = board.enemyZoc(me).active[to] === 1;
      log(
        ctx,
        'move',
        `${s.units[action.unit]!.name} moves ${opt.path.map((h) => hexNum(s, h)).join('-')}` +
          `${opt.bonus ? ' using the movement bonus: it may not attack' : ''}${stops ? '; stops in an enemy ZOC' : ''}`,
        [CITE.move, ...(stops ? [CITE.zoc] : [])],
        { unit: action.unit, path: opt.path.map((h) => hexNum(s, h)), cost: opt.cost / 2 },
      );
    },

    // "For every panzer division permanently (and irretrievably) removed from the game
    // ... A deployed reinforcement panzer division can be withdrawn, but its final
    // withdrawal is counted as happening 3 turns after it actually leaves the mapboard."
    withdraw(g, s, _me, action, ctx) {
      const st = changeUnit(g, action.unit);
      const u = s.units[action.unit]!;
      st.status = 'withdrawn';
      st.at = -1;
      const deployedReinforcement = g.deployed.includes(action.unit);
      const countsOnTurn = deployedReinforcement ? g.turn + 3 : g.turn;
      const full = s.withdrawalPoints[countsOnTurn - 1] ?? 0;
      const points = u.size === 'kampfgruppe' ? full / 2 : full;
      g.withdrawals.push({ unit: action.unit, countsOnTurn, points });
      log(
        ctx,
        'withdrawal',
        `${u.name} leaves by the southern edge (counts on turn ${countsOnTurn}: +${points})`,
        [CITE.victory, 'M-14'],
      );
    },

    'end-movement'(g, s, me, _action, ctx) {
      g.step = 'allocation';
      for (const id of s.unitIds) if (g.units[id]!.attacked) changeUnit(g, id).attacked = false;
      log(ctx, 'phase', `${me === 'soviet' ? 'A.3' : 'B.5'} ground attack allocations`, [CITE.sequence]);
    },
  },
};
