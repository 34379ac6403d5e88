/**
 * Operation Mars, 1942: the sequence of play and every action a player may take,
 * behind the engine's GameRules contract. Each step offers its actions from
 * `legalActions`; `applyAction` carries them out on the engine's private copy and logs
 * what happened with the rule behind it.
 *
 *   set-up: German deployment, then Soviet ("Setup and 1st Turn")
 *   A. Soviet player-turn: fortify, movement, allocation, combat, supply (A.1-A.4)
 *   B. German player-turn: fortify, reinforcement, movement, allocation, Soviet
 *      recovery, combat, supply, German recovery (B.1-B.7)
 */
import {
  CarriedCache,
  err,
  type GameOutcome,
  type GameRules,
  hashValue,
  hexIndex,
  type LogEntry,
  ok,
  type Result,
  type RulesContext,
  readTable,
  type SetupError,
  searchSpaceFor,
  settleRecord,
} from '@stavka/engine';
import { canAttack, evaluateAttack, exchangeDefense, isTarget, mustAttack } from './attack.ts';
import { Board, fitsStack, isGuards, isInfantry, isPureArmour, sideUnits, stackingOk } from './board.ts';
import { MARS_CRT } from './combat.ts';
import { moveOptions } from './movement.ts';
import {
  compileScenario,
  hexName,
  registerScenario,
  type Scenario,
  SIDES,
  type Side,
  STANDARD,
  scenarioByKey,
} from './scenario.ts';
import {
  type Attack,
  type Combat,
  changeUnit,
  cloneMarsState,
  type DefenderResult,
  type MarsState,
  other,
  type UnitState,
} from './state.ts';
import { victoryTally } from './victory.ts';

/** Bumped with every change that could change a stored replay (rules or the standard scenario). */
export const RULES_VERSION = 'mars-1942/4';

export interface MarsOptions {
  /** First-turn doubling of Russian attack (M-16); default on. */
  readonly firstTurnDoubling?: boolean;
}

export type MarsAction =
  | { type: 'historical-setup' }
  | { type: 'deploy'; unit: string; hex: string }
  | { type: 'end-setup' }
  | { type: 'fortify'; unit: string }
  | { type: 'end-fortify' }
  | { type: 'reinforce'; hex: string }
  | { type: 'withdraw-reserve' }
  | { type: 'end-reinforcement' }
  | { type: 'move'; unit: string; to: string }
  | { type: 'withdraw'; unit: string }
  | { type: 'end-movement' }
  | { type: 'assign'; unit: string; target: string }
  | { type: 'unassign'; unit: string }
  | { type: 'probe'; target: string }
  | { type: 'end-allocation' }
  | { type: 'resolve'; target: string }
  | { type: 'no-retreat'; units: string[] }
  | { type: 'lose'; unit: string }
  | { type: 'rout'; hexes: number }
  | { type: 'retreat'; unit: string; to: string }
  | { type: 'stand'; unit: string }
  | { type: 'advance'; unit: string; to: string }
  | { type: 'end-advance' }
  | { type: 'spare'; unit: string };

const CITE = {
  setup: 'mars-1942 Setup and 1st Turn',
  sequence: 'mars-1942 GAMETURN SEQUENCE',
  fort: 'mars-1942 Fortification',
  move: 'mars-1942 Operational Movement',
  zoc: 'mars-1942 Zones of Control',
  crt: 'mars-1942 COMBAT RESULTS TABLE',
  defs: 'mars-1942 COMBAT RESULTS DEFINITIONS',
  retreat: 'mars-1942 Retreats and Advances after Combat',
  supply: 'mars-1942 Supply',
  stacking: 'mars-1942 Stacking limit',
  victory: 'mars-1942 Victory Conditions',
} as const;

const scenarioOf = (g: MarsState): Scenario => scenarioByKey(g.scenario);
/**
 * Boards of settled states (an applied action's result), so the next legalActions on
 * that state reuses the one refreshSupply built. Keyed by the state object: the engine
 * never changes a state once an action has been applied to it.
 */
const settled = new WeakMap<MarsState, Board>();
const boardOf = (g: MarsState): Board => settled.get(g) ?? new Board(scenarioOf(g), g);
const hexNum = (s: Scenario, h: number) => s.hexNumbers[h]!;

/* ----------------------------------------------------------------------------- */
/* Set-up                                                                          */

/**
 * Where the units of `side` may deploy, worked out once for a whole legal list: the
 * hexes of its own territory free of the enemy, and what limits them (the zones German
 * infantry already garrison; the units already in the Kalinin Front zone).
 */
interface DeployLimits {
  readonly hexes: readonly number[];
  readonly garrisoned: ReadonlySet<number>;
  readonly kalinin: { korps: number; brigades: number; divisions: number };
}

function deployLimits(board: Board, side: Side): DeployLimits {
  const { s, state } = board;
  const own = side === 'german' ? 1 : 0;
  const hexes: number[] = [];
  for (let h = 0; h < s.map.graph.nodeCount; h++)
    if (s.germanTerritory[h] === own && !board.isEnemyHex(side, h)) hexes.push(h);
  const garrisoned = new Set<number>();
  if (side === 'german') {
    for (const other of s.unitIds) {
      const st = state.units[other]!;
      const ou = s.units[other]!;
      if (st.status === 'map' && ou.side === 'german' && isInfantry(ou) && s.zoneOf[st.at]! >= 0)
        garrisoned.add(s.zoneOf[st.at]!);
    }
  }
  return { hexes, garrisoned, kalinin: kalininCounts(board) };
}

/** A unit's value in a per-scenario cache, made by `make` the first time it is asked for. */
function perUnit<V>(of: WeakMap<Scenario, Map<string, V>>, s: Scenario, id: string, make: () => V): V {
  let byUnit = of.get(s);
  if (!byUnit) {
    byUnit = new Map();
    of.set(s, byUnit);
  }
  let v = byUnit.get(id);
  if (v === undefined) {
    v = make();
    byUnit.set(id, v);
  }
  return v;
}

/**
 * Each unit's deploy actions by hex, made once per scenario and frozen: the set-up's
 * lists (~3,000 actions) share them from one state to the next, and the live channel
 * finds them in the list before by identity.
 */
const deployActionsOf = new WeakMap<Scenario, Map<string, MarsAction[]>>();

function deployActions(s: Scenario, id: string): MarsAction[] {
  return perUnit(deployActionsOf, s, id, () => []);
}

/** A unit's withdrawal off the map (M-14: canWithdraw), one frozen object a unit, as the move actions are. */
const withdrawActionsOf = new WeakMap<Scenario, Map<string, MarsAction>>();

function withdrawAction(s: Scenario, id: string): MarsAction {
  return perUnit(withdrawActionsOf, s, id, () => Object.freeze({ type: 'withdraw', unit: id }));
}

const END_MOVEMENT: MarsAction = Object.freeze({ type: 'end-movement' });

function germanDeployHexes(board: Board, id: string, limits: DeployLimits): number[] {
  const { s } = board;
  const u = s.units[id]!;
  const out: number[] = [];
  const garrison = isInfantry(u) && u.size === 'division';
  for (const h of limits.hexes) {
    // "One German infantry division is set up ... in each of the 21 defense zones":
    // infantry divisions garrison the zones, one each; kampfgruppen go anywhere in the salient.
    if (garrison) {
      const z = s.zoneOf[h]!;
      if (z < 0 || limits.garrisoned.has(z)) continue;
    }
    if (!fitsStack(board, h, id)) continue;
    out.push(h);
  }
  return out;
}

function kalininCounts(board: Board): { korps: number; brigades: number; divisions: number } {
  const { s } = board;
  let korps = 0;
  let brigades = 0;
  let divisions = 0;
  for (const h of s.kalinin.hexes) {
    for (const id of board.at[h]!) {
      const u = s.units[id]!;
      if (u.size === 'korps') korps++;
      else if (u.size === 'brigade' && u.tags.includes('tank-brigade')) brigades++;
      else if (u.size === 'division' && isInfantry(u)) divisions++;
    }
  }
  return { korps, brigades, divisions };
}

/**
 * "not more than 3 korps (of any kind), 6 tank brigades, and 9 rifle divisions ... in the
 * Kalinin Front zone"; a mechanized brigade counts as a tank brigade (RULINGS M-18: both
 * carry the tag `tank-brigade`).
 */
function kalininAllows(board: Board, id: string, c: DeployLimits['kalinin']): boolean {
  const u = board.unit(id);
  if (u.size === 'korps') return c.korps < 3;
  if (u.size === 'brigade' && u.tags.includes('tank-brigade')) return c.brigades < 6;
  if (u.size === 'division' && isInfantry(u)) return c.divisions < 9;
  return true;
}

function sovietDeployHexes(board: Board, id: string, limits: DeployLimits): number[] {
  const { s } = board;
  const out: number[] = [];
  const kalOk = kalininAllows(board, id, limits.kalinin);
  for (const h of limits.hexes) {
    if (s.kalinin.membership[h] === 1 && !kalOk) continue;
    if (!fitsStack(board, h, id)) continue;
    out.push(h);
  }
  return out;
}

function undeployed(g: MarsState, s: Scenario, side: Side): string[] {
  return s.unitIds.filter(
    (id) => s.units[id]!.side === side && g.units[id]!.status === 'map' && g.units[id]!.at < 0,
  );
}

/* ----------------------------------------------------------------------------- */
/* Legal actions                                                                   */

/**
 * The moves of a movement phase, worked out once per unit and carried from a state to
 * the next (OpenSpiel's incremental legal actions): a move changes one unit's hex, and
 * most units' moves stay as they were. Where a unit's search goes (moveOptions,
 * stacking aside) depends on its own state, on the enemy's units, and on friendly units
 * only next to it (and on those only when a minimum 1-hex move was looked at). So the
 * search is taken over when the unit's own state is the same, no enemy unit has moved,
 * changed its fortification or disruption (friendlyChanges), and no friendly unit came
 * or went on its hex or next to it where that matters; stacking is checked on each
 * state. The fuzzer checks every list against one worked out from scratch.
 */
interface UnitMoves {
  /** Destinations as far as the search goes, stacking aside: checked on each state. */
  readonly moves: readonly { readonly to: number; readonly action: MarsAction }[];
  /**
   * The unit's hex and those next to it, when friendly units there can change its moves
   * (its search looked at a minimum 1-hex move: see moveOptions); else none.
   */
  readonly near: readonly number[];
}

interface MovementCache {
  readonly player: Side;
  /** The units the moves were worked out on: a settled state's, never changed after. */
  readonly units: Readonly<Record<string, UnitState>>;
  readonly byUnit: ReadonlyMap<string, UnitMoves>;
}

/**
 * Each movement-phase state's moves, once its legal actions are known, carried to the
 * draft cloned from it (engine CarriedCache). The cache holds the parent's units only,
 * not the parent: states do not keep the game's history alive.
 */
const movementCaches = new CarriedCache<MarsState, MovementCache>();

/**
 * The board of the state a draft was cloned from, while the action is applied to it:
 * a move reads the board as it stood before it (its path), and that is the parent's.
 * Dropped once the action is applied, so no state keeps its parent alive.
 */
const parentBoards = new WeakMap<MarsState, Board>();

/** The units of the state a draft was cloned from, while the action is applied to it. */
const parentUnits = new WeakMap<MarsState, Readonly<Record<string, UnitState>>>();

/** The engine's copy before an action: passes on the parent's moves, board and units. */
function cloneForAction(g: MarsState): MarsState {
  const copy = cloneMarsState(g, true);
  movementCaches.inherit(g, copy);
  const board = settled.get(g);
  if (board) parentBoards.set(copy, board);
  parentUnits.set(copy, g.units);
  return copy;
}

/**
 * Once an action is applied: each unit it copied to change (changeUnit) but left as it
 * was is the parent's own object again, and every unit is frozen. States share what
 * did not change (the clone shares frozen units, and an action copies only those it
 * changes), so the next hash writes only the units that did (the engine keeps the JSON
 * of frozen objects), and a diff of two states skips the rest by identity.
 */
function shareUnchanged(g: MarsState): void {
  const before = parentUnits.get(g);
  parentUnits.delete(g);
  settleRecord(g.units, before, sameUnitState);
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
  for (const id of s.unitIds) {
    const a = before[id]!;
    const b = after[id]!;
    if (a === b) continue;
    if (a.at === b.at && a.status === b.status) {
      if (s.units[id]!.side !== me && (a.fortified !== b.fortified || a.disrupted !== b.disrupted))
        return null;
      continue;
    }
    if (s.units[id]!.side !== me) return null;
    if (a.status === 'map' && a.at >= 0) changed.push(a.at);
    if (b.status === 'map' && b.at >= 0) changed.push(b.at);
  }
  return changed;
}

function sameUnitState(a: UnitState, b: UnitState): boolean {
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

function activeSide(g: MarsState): Side | null {
  if (g.step === 'over') return null;
  if (g.step === 'setup') return g.deploying;
  if (g.step === 'combat' && g.combat) {
    const defender = other(g.player);
    return g.combat.phase === 'orders' || g.combat.phase === 'retreat' ? defender : g.player;
  }
  return g.player;
}

/** Those of `ids` on the map. */
function onMap(g: MarsState, ids: readonly string[]): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const st = g.units[id]!;
    if (st.status === 'map' && st.at >= 0) out.push(id);
  }
  return out;
}

/** Whether any of `hexes` is among `changed`. */
function touches(hexes: readonly number[], changed: readonly number[]): boolean {
  for (const h of hexes) if (changed.includes(h)) return true;
  return false;
}

function legal(g: MarsState, side: string): MarsAction[] {
  if (activeSide(g) !== side) return [];
  const s = scenarioOf(g);
  const board = boardOf(g);
  const me = side as Side;
  const out: MarsAction[] = [];
  const mine = onMap(g, sideUnits(s, me));
  switch (g.step) {
    case 'setup': {
      const left = undeployed(g, s, me);
      if (left.length === 0) return [{ type: 'end-setup' }];
      if (
        left.length ===
        s.unitIds.filter((id) => s.units[id]!.side === me && g.units[id]!.status === 'map').length
      ) {
        out.push({ type: 'historical-setup' });
      }
      const limits = deployLimits(board, me);
      for (const id of left) {
        const hexes =
          me === 'german' ? germanDeployHexes(board, id, limits) : sovietDeployHexes(board, id, limits);
        const actions = deployActions(s, id);
        for (const h of hexes) {
          let a = actions[h];
          if (!a) {
            a = Object.freeze({ type: 'deploy', unit: id, hex: hexNum(s, h) });
            actions[h] = a;
          }
          out.push(a);
        }
      }
      return out;
    }
    case 'fortify':
      for (const id of mine) {
        const st = g.units[id]!;
        if (
          isInfantry(s.units[id]!) &&
          !st.disrupted &&
          !st.fortified &&
          s.units[id]!.factors.fortified !== undefined
        ) {
          out.push({ type: 'fortify', unit: id });
        }
      }
      out.push({ type: 'end-fortify' });
      return out;
    case 'reinforce': {
      const next = nextReinforcement(g, s);
      if (next && !g.reinforced) {
        for (const h of s.southEdge) {
          if (!board.isEnemyHex('german', h) && fitsStack(board, h, next))
            out.push({ type: 'reinforce', hex: hexNum(s, h) });
        }
      }
      if (nextWithdrawal(g, s)) out.push({ type: 'withdraw-reserve' });
      out.push({ type: 'end-reinforcement' });
      return out;
    }
    case 'movement': {
      // A unit's moves as the state this one was cloned from had them, where nothing
      // they depend on has changed since (see MovementCache).
      const prev = movementCaches.inherited(g);
      const changed = prev && prev.player === me ? friendlyChanges(s, prev.units, g.units, me) : null;
      const byUnit = new Map<string, UnitMoves>();
      let most = 1; // the list's length at most: every move, a withdrawal a unit, the end
      for (const id of mine) {
        let m = changed ? prev!.byUnit.get(id) : undefined;
        if (!m || !sameUnitState(prev!.units[id]!, g.units[id]!) || touches(m.near, changed!)) {
          const at = g.units[id]!.at;
          const uses = { friends: false };
          const moves = moveOptions(board, id, { paths: false, stacking: false, uses }).map((o) => ({
            to: o.to,
            action: Object.freeze({ type: 'move', unit: id, to: hexNum(s, o.to) }) as MarsAction,
          }));
          m = { near: uses.friends ? [at, ...board.neighbors(at)] : [], moves };
        }
        byUnit.set(id, m);
        most += m.moves.length + 1;
      }
      // Made at its greatest length and cut to what it holds (no growing as it fills:
      // ~800 actions, ~12 KB less garbage a list).
      const list = new Array<MarsAction>(most);
      let n = 0;
      for (const id of mine) {
        const moves = byUnit.get(id)!.moves;
        for (let i = 0; i < moves.length; i++)
          if (fitsStack(board, moves[i]!.to, id)) list[n++] = moves[i]!.action;
        if (me === 'german' && canWithdraw(board, id)) list[n++] = withdrawAction(s, id);
      }
      list[n++] = END_MOVEMENT;
      list.length = n;
      movementCaches.set(g, { player: me, units: g.units, byUnit });
      return list;
    }
    case 'allocation': {
      const assigned = new Map<string, number>();
      for (const a of g.attacks) for (const id of a.units) assigned.set(id, a.target);
      for (const id of mine) {
        if (assigned.has(id) || !canAttack(board, id)) continue;
        const at = g.units[id]!.at;
        for (const h of board.neighbors(at)) {
          if (isTarget(board, me, h, at)) out.push({ type: 'assign', unit: id, target: hexNum(s, h) });
        }
      }
      for (const id of [...assigned.keys()].sort()) out.push({ type: 'unassign', unit: id });
      if (me === 'german')
        for (const a of g.attacks) out.push({ type: 'probe', target: hexNum(s, a.target) });
      if (allocationComplete(board, me)) out.push({ type: 'end-allocation' });
      return out;
    }
    case 'supply':
      // M-20: the owner picks the isolated unit spared in Rzhev or Gzhatsk, strongest first.
      for (const unit of sparingChoice(board) ?? []) out.push({ type: 'spare', unit });
      return out;
    case 'combat': {
      const c = g.combat;
      if (!c) {
        for (const a of g.attacks) out.push({ type: 'resolve', target: hexNum(s, a.target) });
        return out;
      }
      return combatActions(board, c);
    }
    default:
      return [];
  }
}

/** End of allocation: every attack at legal odds and the must-attack rule satisfied. */
function allocationComplete(board: Board, side: Side): boolean {
  const g = board.state;
  if (g.attacks.some((a) => evaluateAttack(board, side, a).refusal !== null)) return false;
  return mustAttack(board, side, g.attacks).length === 0;
}

function nextReinforcement(g: MarsState, s: Scenario): string | undefined {
  return s.reinforcementOrder.find((id) => g.units[id]!.status === 'reserve');
}

function nextWithdrawal(g: MarsState, s: Scenario): string | undefined {
  return s.withdrawalOrder.find((id) => g.units[id]!.status === 'reserve');
}

/** A panzer unit on the southern edge may leave the game for good (M-14). */
function canWithdraw(board: Board, id: string): boolean {
  const u = board.unit(id);
  const st = board.state.units[id]!;
  return u.type === 'panzer' && st.moved === 'no' && !st.disrupted && board.s.southEdge.includes(st.at);
}

function combatActions(board: Board, c: Combat): MarsAction[] {
  const { s, state: g } = board;
  const out: MarsAction[] = [];
  switch (c.phase) {
    case 'orders': {
      // Every subset of the defenders, as one order each (M-8), in a canonical order.
      const ids = [...c.defenders.map((d) => d.unit)].sort();
      for (let mask = 0; mask < 1 << ids.length; mask++) {
        out.push({ type: 'no-retreat', units: ids.filter((_, i) => mask & (1 << i)) });
      }
      return out;
    }
    case 'losses':
      for (const id of c.attackers) if (g.units[id]!.status === 'map') out.push({ type: 'lose', unit: id });
      return out;
    case 'rout-distance':
      for (const n of [0, 1, 2]) out.push({ type: 'rout', hexes: n });
      return out;
    case 'retreat': {
      for (const d of c.defenders) {
        if (d.retreatMax === 0 || d.path.length > 0 || g.units[d.unit]!.status !== 'map') continue;
        for (const h of retreatDestinations(board, c, d))
          out.push({ type: 'retreat', unit: d.unit, to: hexNum(s, h) });
        if (d.retreatMin === 0) out.push({ type: 'stand', unit: d.unit });
      }
      return out;
    }
    case 'advance': {
      for (const [unit, to] of advanceOptions(board, c))
        out.push({ type: 'advance', unit, to: hexNum(s, to) });
      if (advanceSatisfied(board, c)) out.push({ type: 'end-advance' });
      return out;
    }
    default:
      return out;
  }
}

/* ----------------------------------------------------------------------------- */
/* Retreats and advances                                                           */

/**
 * Retreat destinations (mars-1942 "Retreats and Advances after Combat"): never into a
 * hex adjacent to a hex the unit was attacked from unless a friendly unit is there
 * that is not itself under an unresolved attack; never into an enemy unit; Russians
 * never across a garrisoned defense-zone frontline; within stacking; retreatMin to
 * retreatMax hexes away.
 */
function retreatDestinations(board: Board, c: Combat, d: DefenderResult, stacking = true): number[] {
  const { s, state: g } = board;
  const u = board.unit(d.unit);
  const side = u.side as Side;
  const start = g.units[d.unit]!.at;
  const nearAttack = new Uint8Array(s.map.graph.nodeCount);
  for (const f of c.from) for (const h of board.neighbors(f)) nearAttack[h] = 1;
  for (const f of c.from) nearAttack[f] = 1;
  const underAttack = new Set(g.attacks.map((a) => a.target));
  const space = searchSpaceFor(s.map.graph).run(
    {
      stepCost: (_from, slot, to) => {
        if (!board.mayEnter(side, slot, to)) return -1;
        if (nearAttack[to] === 1) {
          const friend = board.at[to]!.some((x) => x !== d.unit && s.units[x]!.side === side);
          if (!friend || underAttack.has(to) || c.from.includes(to)) return -1;
        }
        return 1;
      },
    },
    { sources: [start], maxCost: d.retreatMax },
  );
  const out: number[] = [];
  for (let i = 0; i < space.reachedCount; i++) {
    const h = space.reached[i]!;
    const cost = space.cost[h]!;
    if (h === start || cost < Math.max(1, d.retreatMin)) continue;
    if (stacking && !stackingOk(s, [...board.at[h]!.filter((x) => x !== d.unit), d.unit])) continue;
    out.push(h);
  }
  return out.sort((a, b) => a - b);
}

function retreatPath(board: Board, c: Combat, d: DefenderResult, to: number): number[] {
  // The same search, re-run to read the path to the chosen hex.
  retreatDestinations(board, c, d);
  return searchSpaceFor(board.s.map.graph).pathTo(to);
}

/** The hex the defenders left, once every defender is out of it. */
function vacated(board: Board, c: Combat): boolean {
  if (c.hexsideOnly) return c.defenders.length === 0 && ['DE', 'X/2', 'DR', 'DW'].includes(c.base);
  return board.at[c.target]!.length === 0;
}

function advanceOptions(board: Board, c: Combat): [string, number][] {
  const { s, state: g } = board;
  const out: [string, number][] = [];
  if (!vacated(board, c) && c.advanced.length === 0) return out;
  for (const id of c.attackers) {
    const st = g.units[id]!;
    if (st.status !== 'map') continue;
    if (!c.advanced.includes(id)) {
      if (board.isFriendlyHex(s.units[id]!.side as Side, c.target) || board.at[c.target]!.length === 0) {
        if (fitsStack(board, c.target, id)) out.push([id, c.target]);
      }
    } else if (st.at === c.target && isPureArmour(s.units[id]!)) {
      for (const h of c.advanceBeyond) {
        if (!board.isEnemyHex(s.units[id]!.side as Side, h) && fitsStack(board, h, id)) out.push([id, h]);
      }
    }
  }
  return out;
}

/** "The attacker must advance (if legally possible) attacking units at least equal in strength to the defenders." */
function advanceSatisfied(board: Board, c: Combat): boolean {
  if (c.advanceOwed <= 0) return true;
  const strength = c.advanced.reduce((a, id) => a + (board.unit(id).factors.attack ?? 0), 0);
  if (strength >= c.advanceOwed) return true;
  return !advanceOptions(board, c).some(([, to]) => to === c.target);
}

/* ----------------------------------------------------------------------------- */
/* Applying actions                                                                */

function log(
  ctx: RulesContext,
  kind: string,
  text: string,
  cite: string[] = [],
  data?: Record<string, unknown>,
): void {
  const entry: LogEntry = { kind, text, ...(cite.length ? { cite } : {}), ...(data ? { data } : {}) };
  ctx.log(entry);
}

function place(g: MarsState, id: string, hex: number): void {
  changeUnit(g, id).at = hex;
}

function eliminate(
  g: MarsState,
  s: Scenario,
  id: string,
  ctx: RulesContext,
  why: string,
  cite: string[],
): void {
  const st = changeUnit(g, id);
  st.status = 'eliminated';
  st.at = -1;
  st.fortified = false;
  log(ctx, 'eliminated', `${s.units[id]!.name} eliminated: ${why}`, cite, { unit: id });
}

function startPlayerTurn(g: MarsState, s: Scenario, side: Side, ctx: RulesContext): void {
  g.player = side;
  g.step = 'fortify';
  g.attacks = [];
  g.combat = null;
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    const moved = s.units[id]!.side === side ? 'no' : st.moved;
    if (!st.fortifiedNow && !st.attacked && st.moved === moved) continue; // left as it is (shared)
    const c = changeUnit(g, id);
    c.fortifiedNow = false;
    c.attacked = false;
    c.moved = moved;
  }
  log(
    ctx,
    'phase',
    `Turn ${g.turn} (${s.turnDates[g.turn - 1] ?? ''}): ${side === 'soviet' ? 'A. Zhukov' : 'B. von Kluge'}'s player-turn — fortification`,
    [CITE.sequence],
  );
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
function sparingChoice(board: Board): string[] | null {
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
 * A.4 / B.6 Sustained supply status determination, then B.7 German recovery. Where
 * Rzhev or Gzhatsk holds more than one isolated unit of the side, the phase waits in
 * the step 'supply' for its owner to choose the one spared (M-20).
 */
function endPlayerTurn(g: MarsState, s: Scenario, ctx: RulesContext): void {
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
    return;
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
  if (side === 'german') {
    for (const id of s.unitIds) {
      const st = g.units[id]!;
      if (s.units[id]!.side === 'german' && st.status === 'map' && st.disrupted && st.supply !== 'isolated') {
        changeUnit(g, id).disrupted = false;
        log(ctx, 'recovered', `${s.units[id]!.name} recovers from Disruption`, [CITE.sequence + ' B.7'], {
          unit: id,
        });
      }
    }
  }
  refreshSupply(g, s);
  if (side === 'soviet') startPlayerTurn(g, s, 'german', ctx);
  else if (g.turn >= s.turns) {
    g.step = 'over';
    const t = victoryTally(new Board(s, g));
    const winner =
      t.german > t.soviet ? 'von Kluge (German)' : t.soviet > t.german ? 'Zhukov (Soviet)' : 'nobody: a draw';
    log(ctx, 'result', `Game over after turn ${g.turn}: German ${t.german}, Soviet ${t.soviet} — ${winner}`, [
      CITE.victory,
      'M-15',
    ]);
  } else {
    g.turn += 1;
    startPlayerTurn(g, s, 'soviet', ctx);
  }
}

/**
 * Cities and towns taken (RULINGS M-19): a place in German territory is taken once a
 * Russian unit has entered it and stays taken until a German unit enters it. `side`
 * entered `hexes` (a move's or a retreat's path); every unit's hex counts as entered.
 */
export function updateTaken(g: MarsState, s: Scenario, side?: Side, hexes: readonly number[] = []): void {
  const placeAt = s.map.placeAt;
  const enter = (who: Side, h: number) => {
    if (h < 0 || placeAt[h]! < 0 || s.germanTerritory[h] !== 1) return;
    const i = g.taken.indexOf(h);
    if (who === 'soviet' && i < 0) {
      g.taken.push(h);
      g.taken.sort((a, b) => a - b);
    } else if (who === 'german' && i >= 0) g.taken.splice(i, 1);
  };
  if (side) for (const h of hexes) enter(side, h);
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    if (st.status === 'map' && st.at >= 0) enter(s.units[id]!.side as Side, st.at);
  }
}

/** Supply status of every unit on the map, from a fresh trace. */
export function refreshSupply(g: MarsState, s: Scenario): Board {
  const board = new Board(s, g);
  board.takeTraces(parentBoards.get(g));
  for (const side of SIDES) {
    for (const id of sideUnits(s, side)) {
      const st = g.units[id]!;
      if (st.status !== 'map' || st.at < 0) continue;
      const supply = board.supplyAt(side, st.at);
      if (st.supply !== supply) changeUnit(g, id).supply = supply;
    }
  }
  return board;
}

function beginCombatPhase(g: MarsState, s: Scenario, ctx: RulesContext): void {
  g.step = 'combat';
  if (g.player === 'german') {
    // B.4: Russian Disrupted units in supply and not being attacked recover.
    const attacked = new Set(g.attacks.map((a) => a.target));
    for (const id of s.unitIds) {
      const st = g.units[id]!;
      if (s.units[id]!.side !== 'soviet' || st.status !== 'map' || !st.disrupted) continue;
      if (st.supply === 'isolated' || attacked.has(st.at)) continue;
      changeUnit(g, id).disrupted = false;
      log(ctx, 'recovered', `${s.units[id]!.name} recovers from Disruption`, [CITE.sequence + ' B.4'], {
        unit: id,
      });
    }
  }
  if (g.attacks.length === 0) endPlayerTurn(g, s, ctx);
}

function startCombat(g: MarsState, s: Scenario, attack: Attack, ctx: RulesContext): void {
  const board = new Board(s, g);
  const ev = evaluateAttack(board, g.player, attack);
  const defenders = ev.defenders.map<DefenderResult>((unit) => ({
    unit,
    result: '',
    noRetreat: false,
    retreatMin: 0,
    retreatMax: 0,
    path: [],
    disruptAt: 0,
  }));
  for (const id of attack.units) {
    const st = changeUnit(g, id);
    st.attacked = true;
    if (st.fortified) {
      st.fortified = false;
      log(ctx, 'fortification', `${s.units[id]!.name} leaves its fortification to attack`, [CITE.fort]);
    }
  }
  g.combat = {
    target: attack.target,
    attackers: [...attack.units],
    from: [...ev.from],
    column: MARS_CRT.columnLabels[ev.column]!,
    roll: 0,
    base: '',
    phase: 'orders',
    defenders,
    lossesOwed: 0,
    hexsideOnly: ev.hexsideOnly,
    advanceOwed: 0,
    advanceBeyond: [],
    advanced: [],
    routPending: false,
  };
  const shifts = ev.shifts.map(
    (x) => `${x.by > 0 ? '+' : ''}${x.by} ${x.reason}${x.cite ? ` (${x.cite})` : ''}`,
  );
  log(
    ctx,
    'combat',
    `Attack on ${hexName(s, attack.target)}: ${ev.attack} against ${ev.defense}, ${ev.ratio}` +
      `${shifts.length ? `; shifts ${shifts.join(', ')}` : ''}; column ${MARS_CRT.columnLabels[ev.column]}`,
    [CITE.crt, 'M-2', ...(ev.raw < 0 ? ['M-2a'] : [])],
    {
      attack: ev.attack,
      defense: ev.defense,
      raw: ev.ratio, // below 1:4 the list runs on 1:5, 1:6, ... (M-2a)
      column: MARS_CRT.columnLabels[ev.column],
      shifts: ev.shifts,
      defenseItems: ev.defenseItems,
      attackers: attack.units,
      target: hexNum(s, attack.target),
    },
  );
  // No Retreat! is for the defender to give (M-8); a hexside attack has no defenders to order.
  if (defenders.length === 0) rollCombat(g, s, ctx);
}

const DISRUPTING = new Set(['D', 'DAE', 'DA/2', 'DR']);

function rollCombat(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  const board = new Board(s, g);
  const ev = evaluateAttack(board, g.player, { target: c.target, units: c.attackers, probe: false });
  const column = MARS_CRT.columnLabels.indexOf(c.column);
  const roll = ctx.roll(`Combat at ${hexName(s, c.target)} on ${c.column}`, [CITE.crt, 'M-1']);
  c.roll = roll;
  const base = readTable(MARS_CRT, column, roll);
  c.base = base;
  const higher = Math.min(column + 1, MARS_CRT.columns.length - 1);
  log(
    ctx,
    'result',
    `Roll ${roll} on ${c.column}: ${base} — ${MARS_CRT.resultInfo[base]?.name ?? base}`,
    [CITE.crt, CITE.defs],
    {
      roll,
      column: c.column,
      row: roll,
      result: base,
    },
  );
  // Each defender's result: Disrupted defenders read the next column (M-6).
  for (const d of c.defenders) {
    const st = g.units[d.unit]!;
    d.result = st.disrupted ? readTable(MARS_CRT, higher, roll) : base;
    if (st.disrupted && d.result !== base) {
      log(
        ctx,
        'result',
        `${s.units[d.unit]!.name} is Disrupted: reads ${MARS_CRT.columnLabels[higher]}, ${d.result}`,
        ['M-6'],
      );
    }
  }
  // The attackers' losses come from the base column.
  const disrupted = new Set(c.defenders.filter((d) => g.units[d.unit]!.disrupted).map((d) => d.unit));
  const allDisrupted = c.defenders.length > 0 && disrupted.size === c.defenders.length;
  // X/2 on a mixed stack: half the modified defense of the Undisrupted defenders, each
  // with its bonuses (RULINGS M-24); the Disrupted ones read DE (M-4, M-6).
  const exchanged = exchangeDefense(ev, disrupted);
  let owed = 0;
  if (base === 'AE' || base === 'DAE') owed = ev.defense;
  else if (base === 'DA/2') owed = Math.ceil(ev.attack / 2);
  else if (base === 'X/2' && !allDisrupted)
    owed = ev.roundUp ? Math.ceil(exchanged / 2) : Math.floor(exchanged / 2);
  if (base === 'X/2' && !allDisrupted && disrupted.size > 0)
    log(
      ctx,
      'result',
      `X/2 on a mixed stack: the attacker pays on the ${exchanged} factors of the Undisrupted defenders`,
      ['M-4', 'M-24'],
    );
  if (base === 'X/2' && allDisrupted)
    log(ctx, 'result', 'X/2 against already Disrupted defenders is DE', ['M-4']);
  c.lossesOwed = owed;

  // Defender effects that need no choice.
  for (const d of c.defenders) {
    const u = s.units[d.unit]!;
    const r = d.result;
    if (r === 'DE' || r === 'X/2') {
      eliminate(g, s, d.unit, ctx, r, [CITE.defs]);
    } else if (r === 'DR') {
      // Disrupted now; the fortification goes only if the rout moves it out of its hex
      // (the retreat action): a rout of 0 hexes leaves it fortified (RULINGS M-22).
      changeUnit(g, d.unit).disrupted = true;
      c.routPending = true; // the attacker picks 0-2 hexes (rout-distance)
    } else if (r === 'DW') {
      d.retreatMin = 1;
      d.retreatMax = 2;
      d.disruptAt = u.side === 'german' || isGuards(u) ? 2 : 1;
    } else if (r === 'D' || r === 'DAE' || r === 'DA/2') {
      if (u.side !== 'german') changeUnit(g, d.unit).disrupted = true;
      else {
        // "A defending German player - only - may instead voluntarily choose to retreat 1 hex
        // and not be Disrupted, or 2-3 hexes and be Disrupted." Standing (or being unable to
        // retreat) is the D itself; a unit already Disrupted stays so whatever it chooses.
        d.retreatMin = 0;
        d.retreatMax = 3;
        d.disruptAt = 2;
        d.result = 'D';
      }
    }
  }
  // No Retreat! (M-8): DR -> DE, DW -> D; D unchanged (no voluntary retreat).
  for (const d of c.defenders) {
    const st = g.units[d.unit]!;
    if (!d.noRetreat || st.status !== 'map') continue;
    if (d.result === 'DR') eliminate(g, s, d.unit, ctx, 'DR under No Retreat! orders', ['M-8']);
    else if (d.result === 'DW' || d.result === 'D') {
      changeUnit(g, d.unit).disrupted = true;
      d.retreatMin = 0;
      d.retreatMax = 0;
      if (d.result === 'DW')
        log(ctx, 'result', `${s.units[d.unit]!.name} holds (No Retreat!): Disrupted`, ['M-8']);
    }
  }
  if (owed > 0) {
    const total = c.attackers.reduce((a, id) => a + attackOf(s, g, id), 0);
    if (owed >= total) {
      for (const id of c.attackers) eliminate(g, s, id, ctx, `${base}: every attacker is lost`, [CITE.defs]);
      c.lossesOwed = 0;
    } else {
      log(ctx, 'losses', `The attacker loses units with at least ${owed} attack factors`, [
        CITE.defs,
        'M-4',
        'M-5',
      ]);
    }
  }
  c.phase = 'losses';
  continueCombat(g, s, ctx);
}

function attackOf(s: Scenario, g: MarsState, id: string): number {
  const u = s.units[id]!;
  const a = u.factors.attack ?? 0;
  // RULINGS M-16: doubled for every loss paid in factors too (X/2, DA/2, AE, DAE).
  return u.side === 'soviet' && g.firstTurnDoubling && g.turn === 1 ? a * 2 : a;
}

/** Moves the combat on to its next phase that needs a choice, doing what needs none. */
function continueCombat(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  for (;;) {
    const board = new Board(s, g);
    if (c.phase === 'losses') {
      if (c.lossesOwed > 0 && c.attackers.some((id) => g.units[id]!.status === 'map')) return;
      c.phase = 'rout-distance';
      continue;
    }
    if (c.phase === 'rout-distance') {
      const routed = c.defenders.some((d) => d.result === 'DR' && g.units[d.unit]!.status === 'map');
      if (c.routPending && routed) return;
      c.routPending = false;
      c.phase = 'retreat';
      continue;
    }
    if (c.phase === 'retreat') {
      let waiting = false;
      for (const d of c.defenders) {
        const st = g.units[d.unit]!;
        if (st.status !== 'map' || d.retreatMax === 0 || d.path.length > 0) continue;
        const dest = retreatDestinations(board, c, d);
        if (dest.length === 0 && d.retreatMin > 0) {
          // "if they would [exceed stacking limits] when tactically retreating, they are eliminated"
          if (retreatDestinations(board, c, d, false).length > 0)
            eliminate(g, s, d.unit, ctx, 'its retreat would exceed the stacking limit', [
              CITE.stacking,
              CITE.retreat,
            ]);
          // Cannot retreat: eliminated by a DR, only Disrupted by a DW.
          else if (d.result === 'DR') eliminate(g, s, d.unit, ctx, 'cannot retreat', [CITE.retreat]);
          else {
            changeUnit(g, d.unit).disrupted = true;
            log(ctx, 'result', `${s.units[d.unit]!.name} cannot withdraw: Disrupted in place`, [
              CITE.retreat,
            ]);
          }
          d.retreatMax = 0;
          continue;
        }
        if (dest.length === 0) {
          d.retreatMax = 0;
          // A German D with nowhere to retreat to is the D itself: Disrupted in place.
          if (d.result === 'D' && !st.disrupted) {
            changeUnit(g, d.unit).disrupted = true;
            log(ctx, 'result', `${s.units[d.unit]!.name} cannot retreat: Disrupted in place`, [CITE.defs]);
          }
          continue;
        }
        waiting = true;
      }
      if (waiting) return;
      startAdvance(g, s, ctx);
      continue;
    }
    if (c.phase === 'advance') {
      if (advanceOptions(board, c).length > 0) return;
      finishCombat(g, s, ctx);
      return;
    }
    return;
  }
}

function startAdvance(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  const board = new Board(s, g);
  c.phase = 'advance';
  if (!vacated(board, c)) return;
  const retreated = c.defenders.filter((d) => d.path.length > 1);
  c.advanceOwed = retreated.reduce((a, d) => a + (s.units[d.unit]!.factors.defense ?? 0), 0);
  if (retreated.some((d) => d.result === 'D')) c.advanceOwed = Math.max(c.advanceOwed, 1);
  const eliminatedAll =
    c.defenders.length > 0 && c.defenders.every((d) => g.units[d.unit]!.status === 'eliminated');
  const beyond = new Set<number>();
  if (eliminatedAll) for (const h of board.neighbors(c.target)) beyond.add(h);
  // "... or following the path of a defender retreating more than 1 hex": the path starts
  // in the vacated hex, so the second hex of the advance is the first of the retreat.
  for (const d of c.defenders) if (d.path.length > 2) beyond.add(d.path[1]!);
  beyond.delete(c.target);
  c.advanceBeyond = [...beyond].sort((a, b) => a - b);
  if (c.advanceOwed > 0)
    log(
      ctx,
      'advance',
      `The attacker must advance at least ${c.advanceOwed} factors into ${hexName(s, c.target)}`,
      [CITE.retreat],
    );
}

function finishCombat(g: MarsState, s: Scenario, ctx: RulesContext): void {
  const c = g.combat!;
  // B.5: Russian Disrupted defenders in supply and not re-Disrupted by the attack recover.
  if (g.player === 'german') {
    for (const d of c.defenders) {
      const st = g.units[d.unit]!;
      if (st.status !== 'map' || !st.disrupted || st.supply === 'isolated') continue;
      // A DW that could not be carried out (no retreat path) Disrupts in place: that is a
      // re-Disruption too (mars-1942 "Retreats and Advances after Combat").
      // No Retreat! changes nothing else (RULINGS M-23): a unit that gave the order and got
      // "-" or AE recovers like any other; its DW held in place is a D (M-8), caught above.
      const reDisrupted =
        DISRUPTING.has(d.result) ||
        (d.result === 'DW' && (d.path.length === 0 || d.path.length - 1 >= d.disruptAt));
      if (!reDisrupted) {
        changeUnit(g, d.unit).disrupted = false;
        log(ctx, 'recovered', `${s.units[d.unit]!.name} recovers from Disruption`, [
          CITE.sequence + ' B.5',
          ...(d.noRetreat ? ['M-23'] : []),
        ]);
      }
    }
  }
  g.attacks = g.attacks.filter((a) => a.target !== c.target);
  g.combat = null;
  refreshSupply(g, s);
  if (g.attacks.length === 0) endPlayerTurn(g, s, ctx);
}

/** Actions that move, place and remove no unit and pass no phase: supply cannot change. */
const SUPPLY_NEUTRAL = new Set<MarsAction['type']>([
  'assign',
  'unassign',
  'probe',
  'fortify',
  'end-fortify',
  'end-reinforcement',
  'end-movement',
  'withdraw-reserve',
]);

function applyMars(g: MarsState, side: string, action: MarsAction, ctx: RulesContext): void {
  const s = scenarioOf(g);
  const me = side as Side;
  const hexOf = (h: string) => hexIndex(s.map, h);
  switch (action.type) {
    case 'historical-setup': {
      for (const [id, h] of Object.entries(s.historical[me])) place(g, id, h);
      log(ctx, 'setup', `${me === 'german' ? 'von Kluge' : 'Zhukov'} takes the standard historical set-up`, [
        CITE.setup,
      ]);
      break;
    }
    case 'deploy':
      place(g, action.unit, hexOf(action.hex));
      log(ctx, 'setup', `${s.units[action.unit]!.name} deploys at ${hexName(s, hexOf(action.hex))}`, [
        CITE.setup,
      ]);
      break;
    case 'end-setup':
      if (me === 'german') {
        // "One German infantry division is set up - Undisrupted and presumably fortified - in each of the 21 defense zones"
        for (const id of s.unitIds) {
          const u = s.units[id]!;
          const st = g.units[id]!;
          if (
            u.side === 'german' &&
            isInfantry(u) &&
            st.at >= 0 &&
            s.zoneOf[st.at]! >= 0 &&
            u.factors.fortified !== undefined
          )
            changeUnit(g, id).fortified = true;
        }
        g.deploying = 'soviet';
        log(ctx, 'phase', 'Zhukov deploys the Russian units on the Russian side of the frontline', [
          CITE.setup,
        ]);
      } else {
        g.deploying = null;
        refreshSupply(g, s);
        startPlayerTurn(g, s, 'soviet', ctx);
      }
      break;
    case 'fortify': {
      const st = changeUnit(g, action.unit);
      st.fortified = true;
      st.fortifiedNow = true;
      log(ctx, 'fortification', `${s.units[action.unit]!.name} fortifies`, [CITE.fort]);
      break;
    }
    case 'end-fortify':
      if (me === 'german') {
        g.step = 'reinforce';
        g.reinforced = false;
        log(ctx, 'phase', 'B.2 panzer reinforcements', [CITE.sequence, 'M-14']);
      } else {
        g.step = 'movement';
        log(ctx, 'phase', 'A.2 operational movement', [CITE.sequence]);
      }
      break;
    case 'reinforce': {
      const id = nextReinforcement(g, s)!;
      const st = changeUnit(g, id);
      st.status = 'map';
      st.at = hexOf(action.hex);
      g.reinforced = true;
      g.deployed.push(id);
      log(ctx, 'reinforcement', `${s.units[id]!.name} arrives at ${hexName(s, st.at)} (Zhukov +4)`, [
        CITE.sequence + ' B.2',
        'M-14',
      ]);
      break;
    }
    case 'withdraw-reserve': {
      const id = nextWithdrawal(g, s)!;
      changeUnit(g, id).status = 'withdrawn';
      const points = s.withdrawalPoints[g.turn - 1] ?? 0;
      g.withdrawals.push({ unit: id, countsOnTurn: g.turn, points });
      log(
        ctx,
        'withdrawal',
        `${s.units[id]!.name} is withdrawn from the reserve for good (von Kluge +${points})`,
        [CITE.victory, 'M-14'],
      );
      break;
    }
    case 'end-reinforcement':
      g.step = 'movement';
      log(ctx, 'phase', 'B.3 operational movement', [CITE.sequence]);
      break;
    case 'move': {
      // The draft is still its parent here: the parent's board, if it has one.
      const board = parentBoards.get(g) ?? boardOf(g);
      const to = hexOf(action.to);
      const opt = moveOptions(board, action.unit, { to })[0]!;
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
      break;
    }
    case 'withdraw': {
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
      break;
    }
    case 'end-movement':
      g.step = 'allocation';
      for (const id of s.unitIds) if (g.units[id]!.attacked) changeUnit(g, id).attacked = false;
      log(ctx, 'phase', `${me === 'soviet' ? 'A.3' : 'B.5'} ground attack allocations`, [CITE.sequence]);
      break;
    case 'assign': {
      const target = hexOf(action.target);
      let a = g.attacks.find((x) => x.target === target);
      if (!a) {
        a = { target, units: [], probe: false };
        g.attacks.push(a);
        g.attacks.sort((x, y) => x.target - y.target);
      }
      a.units.push(action.unit);
      a.units.sort();
      break;
    }
    case 'unassign':
      for (const a of g.attacks) a.units = a.units.filter((id) => id !== action.unit);
      g.attacks = g.attacks.filter((a) => a.units.length > 0);
      break;
    case 'probe': {
      const a = g.attacks.find((x) => x.target === hexOf(action.target))!;
      a.probe = !a.probe;
      break;
    }
    case 'end-allocation':
      log(ctx, 'phase', `${g.attacks.length} attack(s) declared`, [CITE.sequence]);
      beginCombatPhase(g, s, ctx);
      break;
    case 'resolve': {
      const a = g.attacks.find((x) => x.target === hexOf(action.target))!;
      startCombat(g, s, a, ctx);
      break;
    }
    case 'no-retreat': {
      const c = g.combat!;
      for (const d of c.defenders) d.noRetreat = action.units.includes(d.unit);
      if (action.units.length > 0) {
        log(
          ctx,
          'orders',
          `No Retreat! ordered for ${action.units.map((id) => s.units[id]!.name).join(', ')}`,
          ['M-8'],
        );
      }
      rollCombat(g, s, ctx);
      break;
    }
    case 'lose': {
      const c = g.combat!;
      const paid = attackOf(s, g, action.unit);
      // M-16: on the first turn every loss paid in factors counts the Russian unit doubled.
      const doubled = paid !== (s.units[action.unit]!.factors.attack ?? 0);
      eliminate(
        g,
        s,
        action.unit,
        ctx,
        `loss chosen by the attacker (${paid} factors${doubled ? ', doubled on the first turn' : ''})`,
        [CITE.defs, ...(doubled ? ['M-16'] : [])],
      );
      c.lossesOwed = Math.max(0, c.lossesOwed - paid);
      continueCombat(g, s, ctx);
      break;
    }
    case 'rout': {
      const c = g.combat!;
      for (const d of c.defenders) {
        if (d.result !== 'DR' || g.units[d.unit]!.status !== 'map') continue;
        d.retreatMin = action.hexes;
        d.retreatMax = action.hexes;
      }
      c.routPending = false;
      log(
        ctx,
        'result',
        `The attacker routs the defenders ${action.hexes} hex(es); the defender picks the route`,
        [CITE.defs],
      );
      c.phase = 'retreat';
      continueCombat(g, s, ctx);
      break;
    }
    case 'retreat': {
      const c = g.combat!;
      const d = c.defenders.find((x) => x.unit === action.unit)!;
      const to = hexOf(action.to);
      const board = boardOf(g);
      const path = retreatPath(board, c, d, to);
      const st = changeUnit(g, action.unit);
      st.at = to;
      st.fortified = false;
      d.path = path;
      updateTaken(g, s, s.units[action.unit]!.side as Side, path); // M-19
      const hexes = path.length - 1;
      // DW / German D: Disrupted by a retreat of disruptAt hexes or more; an already
      // Disrupted unit does not recover by retreating (it recovers only in its recovery step,
      // mars-1942 GAMETURN SEQUENCE).
      if (d.result === 'DW' || d.result === 'D') {
        st.disrupted = st.disrupted || hexes >= d.disruptAt;
      }
      log(
        ctx,
        'retreat',
        `${s.units[action.unit]!.name} retreats ${path.map((h) => hexNum(s, h)).join('-')}${st.disrupted ? ', Disrupted' : ', not Disrupted'}`,
        [CITE.retreat, CITE.defs],
        { unit: action.unit, path: path.map((h) => hexNum(s, h)) },
      );
      continueCombat(g, s, ctx);
      break;
    }
    case 'stand': {
      const c = g.combat!;
      const d = c.defenders.find((x) => x.unit === action.unit)!;
      d.retreatMax = 0;
      if (d.result === 'D') changeUnit(g, action.unit).disrupted = true;
      const st = g.units[action.unit]!;
      log(ctx, 'result', `${s.units[action.unit]!.name} stands${st.disrupted ? ' and is Disrupted' : ''}`, [
        CITE.defs,
      ]);
      continueCombat(g, s, ctx);
      break;
    }
    case 'advance': {
      const c = g.combat!;
      const to = hexOf(action.to);
      const st = changeUnit(g, action.unit);
      st.at = to;
      st.fortified = false;
      if (!c.advanced.includes(action.unit)) c.advanced.push(action.unit);
      log(ctx, 'advance', `${s.units[action.unit]!.name} advances to ${hexName(s, to)}`, [CITE.retreat], {
        unit: action.unit,
      });
      continueCombat(g, s, ctx);
      break;
    }
    case 'end-advance':
      finishCombat(g, s, ctx);
      break;
    case 'spare':
      g.spared.push(action.unit);
      log(ctx, 'supply', `${s.units[action.unit]!.name} is chosen to be spared from isolation`, [
        CITE.supply,
        'M-20',
      ]);
      endPlayerTurn(g, s, ctx);
      break;
  }
  // Who entered which city or town (M-19): every unit's hex, once the action is done.
  if (!SUPPLY_NEUTRAL.has(action.type) && g.step !== 'setup') updateTaken(g, s);
  // The state is settled: keep its board for the legalActions that follow. Supply
  // follows positions only: actions that move, place or remove no unit leave it as it is.
  const moves = !SUPPLY_NEUTRAL.has(action.type);
  settled.set(g, g.step !== 'over' && moves ? refreshSupply(g, s) : new Board(s, g));
  parentBoards.delete(g);
  shareUnchanged(g);
}

/* ----------------------------------------------------------------------------- */
/* The rules object                                                                */

function initialState(key: string, s: Scenario, options: MarsOptions): MarsState {
  const units: Record<string, UnitState> = {};
  // By id, each unit's fields in order: see cloneMarsState.
  for (const id of [...s.unitIds].sort()) {
    const reserve = s.reinforcementOrder.includes(id);
    units[id] = {
      at: -1,
      attacked: false,
      disrupted: false,
      fortified: false,
      fortifiedNow: false,
      moved: 'no',
      status: reserve ? 'reserve' : 'map',
      supply: 'full',
    };
  }
  return {
    attacks: [],
    combat: null,
    deployed: [],
    deploying: 'german',
    firstTurnDoubling: options.firstTurnDoubling ?? true,
    player: 'soviet',
    reinforced: false,
    scenario: key,
    spared: [],
    step: 'setup',
    taken: [],
    turn: 1,
    units,
    withdrawals: [],
  };
}

export const marsRules: GameRules<MarsState, MarsAction, MarsOptions> = {
  id: 'mars-1942',
  rulesVersion: RULES_VERSION,
  sides: ['soviet', 'german'],
  setup(scenario: unknown, options: MarsOptions, ctx: RulesContext): Result<MarsState, SetupError[]> {
    let key = STANDARD;
    if (scenario !== null && scenario !== undefined && scenario !== STANDARD) {
      const compiled = compileScenario(scenario);
      if (!compiled.ok) return err(compiled.error);
      key = `custom:${hashValue(scenario)}`;
      registerScenario(key, compiled.value);
    }
    const s = scenarioByKey(key);
    log(ctx, 'phase', `${s.name}: von Kluge deploys first`, [CITE.setup]);
    return ok(initialState(key, s, options ?? {}));
  },
  activeSides: (g) => {
    const a = activeSide(g);
    return a ? [a] : [];
  },
  legalActions: (g, side) => legal(g, side),
  applyAction: (g, side, action, ctx) => applyMars(g, side, action as MarsAction, ctx),
  view: (g) => g, // Mars has no hidden information: both sides see the whole board.
  outcome(g): GameOutcome | null {
    if (g.step !== 'over') return null;
    const t = victoryTally(boardOf(g));
    return {
      winner: t.german > t.soviet ? 'german' : t.soviet > t.german ? 'soviet' : null,
      score: { german: t.german, soviet: t.soviet },
      summary: `German ${t.german}, Soviet ${t.soviet}`,
    };
  },
  clone: cloneForAction,
};

/** The board of a state, for clients that show it (UI, CLI, AI). */
export function marsBoard(g: MarsState): Board {
  return boardOf(g);
}
