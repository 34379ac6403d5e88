/**
 * mars-1942 "Setup and 1st Turn": von Kluge deploys first, then Zhukov; either may take
 * the standard historical set-up instead. The first-turn doubling of Russian attack
 * factors (M-16) is in results.ts (losses) and attack.ts (odds).
 */
import type { MarsAction, MarsOptions } from '../actions.ts';
import { type Board, fitsStack, isInfantry } from '../board.ts';
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

/**
 * Each unit's deploy actions by hex, made once per scenario and frozen: the set-up's
 * lists (~3,000 actions) share them from one state to the next, and the live channel
 * finds them in the list before by identity.
 */
const deployActionsOf = new WeakMap<Scenario, Map<string, MarsAction[]>>();

function deployActions(s: Scenario, id: string): MarsAction[] {
  return perUnit(deployActionsOf, s, id, () => []);
}

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

export const setupStep: StepRules<'historical-setup' | 'deploy' | 'end-setup'> = {
  legal(g, me, board) {
    const { s } = board;
    const out: MarsAction[] = [];
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
