/**
 * Operational movement (mars-1942 "Operational Movement and/vs. Attacks", "Zones of
 * Control", "Minimum 1-hex movement", supply effects): one engine search per unit,
 * in half-hex units so that road hexes cost mobile units half.
 */
import type { SearchPolicy } from '@stavka/engine';
import { searchSpaceFor } from '@stavka/engine';
import { type Board, fitsStack, isInfantry, isMobile } from './board.ts';
import type { Side } from './scenario.ts';

export interface MoveOption {
  to: number;
  /** Cost in half hexes. */
  cost: number;
  /** Beyond the attack range: the unit used its movement bonus and may not attack. */
  bonus: boolean;
  path: number[];
}

/** Hexes a unit may move to "to attack" (not counting the 2-hex bonus), in whole hexes. */
export function attackRange(board: Board, id: string): number {
  const u = board.unit(id);
  const st = board.unitState(id);
  if (st.supply === 'isolated') return 0;
  if (st.supply === 'rationed') return 1; // "A rationed unit's operational movement (to attack) is 1 hex"
  return isMobile(u) ? 3 : 2;
}

/** May this unit move operationally now? */
export function canMove(board: Board, id: string): boolean {
  const u = board.unit(id);
  const st = board.unitState(id);
  if (st.status !== 'map' || st.disrupted || st.fortifiedNow || st.moved !== 'no') return false;
  // An isolated unit cannot move, unless pure infantry/rifle: its bonus only. The
  // isolation rule is the more specific one: the minimum 1-hex move does not lift it
  // (RULINGS M-21).
  if (st.supply === 'isolated' && !isInfantry(u)) return false;
  return true;
}

/**
 * Every legal destination of one unit, cheapest first, with its path (unless
 * `paths: false`); with `to`, only the move to that hex (none if it is not legal).
 *
 * With `stacking: false`, also those where the unit would overstack (see fitsStack):
 * what is left then depends on friendly units only on the unit's own hex and those
 * next to it, and only through the minimum 1-hex move, for a neighbour the search did
 * not reach; `uses.friends` is set when that was looked at (else friendly units do not
 * matter at all). The search reads only the enemy's units and ZOCs, the map and the
 * unit's own state. With `tree`, the search's tree is handed back (a move's path from it:
 * `pathInTree`).
 */
/**
 * The last search made for one destination (`to`, with paths, stacking checked): a move
 * the AI's rollouts check before making it (policy quickLegal) is then carried out from
 * the same search on the same board (the state's settled board: drafts.ts).
 */
/** The path of every move listed without paths (shared: read it, never change it; not frozen, as board.ts EMPTY). */
const NO_PATH: readonly number[] = [];

let lastTo: {
  readonly board: Board;
  readonly id: string;
  readonly to: number;
  readonly out: MoveOption[];
} | null = null;

export function moveOptions(
  board: Board,
  id: string,
  opts: {
    paths?: boolean;
    to?: number;
    stacking?: boolean;
    uses?: { friends: boolean };
    /** Filled with the search's tree: each hex reached and the hex it was reached from (-1: the start), in pairs. */
    tree?: number[];
  } = {},
): MoveOption[] {
  const withPaths = opts.paths ?? true;
  const one = opts.to !== undefined && withPaths && opts.stacking === undefined && !opts.uses && !opts.tree;
  if (one && lastTo && lastTo.board === board && lastTo.id === id && lastTo.to === opts.to) return lastTo.out;
  if (!canMove(board, id)) return [];
  const u = board.unit(id);
  const side = u.side as Side;
  const st = board.unitState(id);
  const { s } = board;
  const map = s.map;
  const range = attackRange(board, id);
  const maxCost = 2 * (range + 2); // plus the Operational Movement Bonus of 2 hexes
  const zoc = board.enemyZoc(side);
  const start = st.at;
  const mobile = isMobile(u);
  const startOwners = new Set(board.zocOwners(side, start));
  const occupiedByOthers = (h: number) => board.at[h]!.some((x) => x !== id) && board.isFriendlyHex(side, h);

  const policy: SearchPolicy = {
    stepCost(from, slot, to) {
      if (!board.mayEnter(side, slot, to)) return -1;
      // "A unit may not move from one active EZOC into another of the same enemy unit."
      if (from === start && startOwners.size > 0 && board.zocOwners(side, to).some((o) => startOwners.has(o)))
        return -1;
      return mobile && (map.links[slot]! & s.roadBit) !== 0 ? 1 : 2;
    },
    // "If a unit moves into the active ZOC of an enemy unit, it must stop and move no further."
    stopsAt: (node) => zoc.active[node] === 1,
    alwaysAllowed(from, slot, to) {
      if (!board.mayEnter(side, slot, to)) return false;
      if (opts.uses) opts.uses.friends = true;
      // Minimum 1-hex movement: onto a hex occupied by a friendly unit...
      if (occupiedByOthers(to)) return true;
      // ...or out of one Undisrupted enemy unit's unoccupied ZOC into a different enemy unit's unoccupied ZOC.
      if (startOwners.size === 0 || occupiedByOthers(from)) return false;
      const fromUndisrupted = [...startOwners].every((o) => !board.unitState(o).disrupted);
      const owners = board.zocOwners(side, to);
      return fromUndisrupted && owners.length > 0 && owners.every((o) => !startOwners.has(o));
    },
  };
  const space = searchSpaceFor(map.graph).run(policy, { sources: [start], maxCost });
  const stacking = opts.stacking ?? true;
  const isolatedInfantry = st.supply === 'isolated';
  const out: MoveOption[] = [];
  const tree = opts.tree;
  for (let i = 0; i < space.reachedCount; i++) {
    const to = space.reached[i]!;
    tree?.push(to, space.parent[to]!);
    if (to === start || (opts.to !== undefined && to !== opts.to)) continue;
    if (stacking && !fitsStack(board, to, id)) continue;
    // "Minimum 1-hex movement": a one-hex move made under it (reached at the search's
    // maximum cost) is still a move of one hex, within any attack range.
    const oneHex = space.parent[to] === start;
    const cost = oneHex ? Math.min(space.cost[to]!, 2) : space.cost[to]!;
    out.push({
      to,
      cost,
      bonus: isolatedInfantry || cost > 2 * range,
      path: withPaths ? space.pathTo(to) : (NO_PATH as number[]),
    });
  }
  if (one) lastTo = { board, id, to: opts.to!, out };
  return out;
}

/** The path to `to` in a tree handed back by moveOptions (start first), or [] if it was not reached. */
export function pathInTree(tree: ArrayLike<number>, to: number): number[] {
  const path: number[] = [];
  let at = to;
  while (at >= 0) {
    let i = 0;
    while (i < tree.length && tree[i] !== at) i += 2;
    if (i >= tree.length) return [];
    path.push(at);
    at = tree[i + 1]!;
  }
  return path.reverse();
}
