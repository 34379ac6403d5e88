/**
 * mars-1942 "Setup and 1st Turn": von Kluge deploys first, then Zhukov; either may take
 * the standard historical set-up instead. The first-turn doubling of Russian attack
 * factors (M-16) is in results.ts (losses) and attack.ts (odds).
 */
import type { MarsAction, MarsOptions } from '../actions.ts';
import { filled32 } from '../arrays.ts';
import { type Board, fitsStack, isInfantry, sideUnits } from '../board.ts';
import { hexName, type Scenario, type Side } from '../scenario.ts';
import { changeUnit, type MarsState, type UnitState } from '../state.ts';
import { refreshSupply } from '../supply.ts';
import { startPlayerTurn } from '../turn.ts';
import { CITE, hexAt, hexNum, log, perUnit, place, type StepRules } from './step.ts';

/** The state before set-up: every unit off the map, the panzer reinforcements in reserve. */
export function initialState(key: string, s: Scenario, options: MarsOptions): MarsState {
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

/**
 * What limits where the units of `side` may deploy, worked out once for a whole legal
 * list: the zones German infantry already garrison; the units already in the Kalinin
 * Front zone.
 */
interface DeployLimits {
  /** 1 for a defense zone a German infantry unit already garrisons. */
  readonly garrisoned: Uint8Array;
  readonly kalinin: { korps: number; brigades: number; divisions: number };
}

function deployLimits(board: Board, side: Side): DeployLimits {
  const { s, state } = board;
  const garrisoned = new Uint8Array(s.defenseZones.length);
  if (side === 'german') {
    for (const other of sideUnits(s, 'german')) {
      const st = state.units[other]!;
      if (st.status === 'map' && st.at >= 0 && isInfantry(s.units[other]!) && s.zoneOf[st.at]! >= 0)
        garrisoned[s.zoneOf[st.at]!] = 1;
    }
  }
  return { garrisoned, kalinin: kalininCounts(board) };
}

/**
 * A unit's deploy actions, one a hex of its side's own territory, in hex order: made
 * once per scenario and frozen, so the set-up's lists (~3,000 actions) share them from
 * one state to the next, and the live channel finds them in the list before by identity.
 */
interface DeployActions {
  readonly hexes: Int32Array;
  readonly actions: readonly MarsAction[];
}

const deployActionsOf = new WeakMap<Scenario, Map<string, DeployActions>>();

function deployActions(s: Scenario, id: string): DeployActions {
  return perUnit(deployActionsOf, s, id, () => {
    const own = s.units[id]!.side === 'german' ? 1 : 0;
    const hexes: number[] = [];
    for (let h = 0; h < s.map.graph.nodeCount; h++) if (s.germanTerritory[h] === own) hexes.push(h);
    return {
      hexes: Int32Array.from(hexes),
      actions: hexes.map((h) => Object.freeze({ type: 'deploy', unit: id, hex: hexNum(s, h) }) as MarsAction),
    };
  });
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

/**
 * The deploy actions of unit `id` (number `k` of the list), in hex order: each hex of
 * its side's own territory free of the enemy, where it stacks (M-13, M-17), and
 * - German: "One German infantry division is set up ... in each of the 21 defense
 *   zones": infantry divisions garrison the zones, one each; kampfgruppen go anywhere
 *   in the salient;
 * - Russian: within the Kalinin Front zone's limits.
 * `refused` marks (with k + 1) the occupied hexes the unit may not join, found among
 * `occupied` only: an empty hex always takes a unit.
 */
function pushDeployActions(
  out: MarsAction[],
  board: Board,
  me: Side,
  id: string,
  k: number,
  limits: DeployLimits,
  occupied: readonly number[],
  refused: Int32Array,
): void {
  const { s } = board;
  const mark = k + 1;
  for (const h of occupied) if (board.isEnemyHex(me, h) || !fitsStack(board, h, id)) refused[h] = mark;
  const u = s.units[id]!;
  const garrison = me === 'german' && isInfantry(u) && u.size === 'division';
  const kalinin = me === 'soviet' && !kalininAllows(board, id, limits.kalinin) ? s.kalinin.membership : null;
  const { hexes, actions } = deployActions(s, id);
  const { zoneOf } = s;
  const { garrisoned } = limits;
  for (let i = 0; i < hexes.length; i++) {
    const h = hexes[i]!;
    if (refused[h] === mark) continue;
    if (garrison) {
      const z = zoneOf[h]!;
      if (z < 0 || garrisoned[z] === 1) continue;
    }
    if (kalinin !== null && kalinin[h] === 1) continue;
    out.push(actions[i]!);
  }
}

function undeployed(g: MarsState, s: Scenario, side: Side): string[] {
  return sideUnits(s, side).filter((id) => g.units[id]!.status === 'map' && g.units[id]!.at < 0);
}

export const setupStep: StepRules<'historical-setup' | 'deploy' | 'end-setup'> = {
  legal(g, me, board) {
    const { s } = board;
    const out: MarsAction[] = [];
    const left = undeployed(g, s, me);
    if (left.length === 0) return [{ type: 'end-setup' }];
    if (left.length === sideUnits(s, me).filter((id) => g.units[id]!.status === 'map').length) {
      out.push({ type: 'historical-setup' });
    }
    const limits = deployLimits(board, me);
    const occupied: number[] = [];
    for (let h = 0; h < board.owner.length; h++) if (board.owner[h] !== 0) occupied.push(h);
    const refused = filled32(board.owner.length, 0); // carved: no buffer of its own (arrays.ts)
    for (let k = 0; k < left.length; k++)
      pushDeployActions(out, board, me, left[k]!, k, limits, occupied, refused);
    return out;
  },

  effects: {
    'historical-setup'(g, s, me, _action, ctx) {
      for (const [id, h] of Object.entries(s.historical[me])) place(g, id, h);
      log(ctx, 'setup', `${me === 'german' ? 'von Kluge' : 'Zhukov'} takes the standard historical set-up`, [
        CITE.setup,
      ]);
    },

    deploy(g, s, _me, action, ctx) {
      const at = hexAt(s, action.hex);
      place(g, action.unit, at);
      log(ctx, 'setup', `${s.units[action.unit]!.name} deploys at ${hexName(s, at)}`, [CITE.setup]);
    },

    'end-setup'(g, s, me, _action, ctx) {
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
    },
  },
};
