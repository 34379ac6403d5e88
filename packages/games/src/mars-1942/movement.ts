/**
 * Operational movement (mars-1942 "Operational Movement and/vs. Attacks", "Zones of
 * Control", "Minimum 1-hex movement", supply effects): one engine search per unit,
 * in half-hex units so that road hexes cost mobile units half.
 */
import type { SearchPolicy, SearchSpace } from '@stavka/engine';
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

/** The path of every move listed without paths (shared: read it, never change it; not frozen, as board.ts EMPTY). */
const NO_PATH: readonly number[] = [];

/**
 * The search behind a unit's moves (see moveOptions), or null when it may not move now:
 * the engine's search space (its buffers are the next search's: read it at once), the
 * unit's hex, and what decides a destination's movement bonus. With `uses`,
 * `uses.friends` is set when friendly units next to the unit were looked at.
 */
function searchUnit(
  board: Board,
  id: string,
  uses?: { friends: boolean },
): { space: SearchSpace; start: number; range: number; isolatedInfantry: boolean } | null {
  if (!canMove(board, id)) return null;
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
      if (uses) uses.friends = true;
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
  return { space, start, range, isolatedInfantry: st.supply === 'isolated' };
}

/**
 * A destination's cost in half hexes: "Minimum 1-hex movement": a one-hex move made
 * under it (reached at the search's maximum cost) is still a move of one hex, within
 * any attack range.
 */
function costTo(space: SearchSpace, start: number, to: number): number {
  return space.parent[to] === start ? Math.min(space.cost[to]!, 2) : space.cost[to]!;
}

/** A move of `cost` half hexes uses the movement bonus (beyond the attack range; always, isolated infantry's). */
function usesBonus(found: { range: number; isolatedInfantry: boolean }, cost: number): boolean {
  return found.isolatedInfantry || cost > 2 * found.range;
}

/**
 * The last search made for one destination (`to`, with paths, stacking checked): a move
 * the AI's rollouts check before making it (policy quickLegal) is then carried out from
 * the same search on the same board (the state's settled board: drafts.ts).
 */
let lastTo: {
  readonly board: Board;
  readonly id: string;
  readonly to: number;
  readonly out: MoveOption[];
} | null = null;

/**
 * Every legal destination of one unit, cheapest first, with its path (unless
 * `paths: false`); with `to`, only the move to that hex (none if it is not legal).
 *
 * With `stacking: false`, also those where the unit would overstack (see fitsStack):
 * what is left then depends on friendly units only on the unit's own hex and those
 * next to it, and only through the minimum 1-hex move, for a neighbour the search did
 * not reach. The search reads only the enemy's units and ZOCs, the map and the unit's
 * own state. The same destinations packed, with the search's tree: PackedMoves.search.
 */
export function moveOptions(
  board: Board,
  id: string,
  opts: { paths?: boolean; to?: number; stacking?: boolean } = {},
): MoveOption[] {
  const withPaths = opts.paths ?? true;
  const one = opts.to !== undefined && withPaths && opts.stacking === undefined;
  if (one && lastTo && lastTo.board === board && lastTo.id === id && lastTo.to === opts.to) return lastTo.out;
  const found = searchUnit(board, id);
  if (!found) return [];
  const { space, start } = found;
  const stacking = opts.stacking ?? true;
  const out: MoveOption[] = [];
  for (let i = 0; i < space.reachedCount; i++) {
    const to = space.reached[i]!;
    if (to === start || (opts.to !== undefined && to !== opts.to)) continue;
    if (stacking && !fitsStack(board, to, id)) continue;
    const cost = costTo(space, start, to);
    out.push({
      to,
      cost,
      bonus: usesBonus(found, cost),
      path: withPaths ? space.pathTo(to) : (NO_PATH as number[]),
    });
  }
  if (one) lastTo = { board, id, to: opts.to!, out };
  return out;
}

/**
 * One unit's destinations as moveOptions `paths: false, stacking: false` lists them, in
 * its order, with the search's tree (each hex reached and the hex it was reached from,
 * -1 for the start), packed in one Int32Array: `[to...][cost * 2 + bonus...][tree pairs]`.
 * A search kept from one state to the next (steps/movement.ts UnitMoves) is then two
 * small objects for the young-generation collector to copy (the numbers are off its
 * heap), not an object a destination and an array of numbers.
 */
export class PackedMoves {
  private constructor(
    /** How many destinations. */
    readonly count: number,
    private readonly data: Int32Array,
  ) {}

  static readonly NONE = new PackedMoves(0, new Int32Array(0));

  /**
   * Unit `id`'s search on `board`; `uses.friends` is set when friendly units next to it
   * were looked at (see moveOptions).
   */
  static search(board: Board, id: string, uses: { friends: boolean }): PackedMoves {
    const found = searchUnit(board, id, uses);
    if (!found) return PackedMoves.NONE;
    const { space, start } = found;
    const reached = space.reachedCount;
    let count = 0;
    for (let i = 0; i < reached; i++) if (space.reached[i] !== start) count++;
    const data = new Int32Array(2 * count + 2 * reached);
    let k = 0;
    let t = 2 * count;
    for (let i = 0; i < reached; i++) {
      const to = space.reached[i]!;
      data[t++] = to;
      data[t++] = space.parent[to]!;
      if (to === start) continue;
      const cost = costTo(space, start, to);
      data[k] = to;
      data[count + k] = cost * 2 + (usesBonus(found, cost) ? 1 : 0);
      k++;
    }
    return new PackedMoves(count, data);
  }

  /** Destination `k`'s hex. */
  to(k: number): number {
    return this.data[k]!;
  }

  /** Where hex `to` stands among the destinations; -1: not one. */
  indexOf(to: number): number {
    const data = this.data;
    for (let k = 0; k < this.count; k++) if (data[k] === to) return k;
    return -1;
  }

  /** Destination `k`'s move as moveOptions gives it, with its path when `paths`. */
  option(k: number, paths: boolean): MoveOption {
    const to = this.data[k]!;
    const packed = this.data[this.count + k]!;
    return {
      to,
      cost: packed >> 1,
      bonus: (packed & 1) === 1,
      path: paths ? this.path(to) : (NO_PATH as number[]),
    };
  }

  /** The destinations whose hex `keep` accepts, as moveOptions `paths: false` gives them. */
  options(keep: (to: number) => boolean = () => true): MoveOption[] {
    const out: MoveOption[] = [];
    for (let k = 0; k < this.count; k++) if (keep(this.data[k]!)) out.push(this.option(k, false));
    return out;
  }

  /** The search's tree: each hex reached and the hex it was reached from (-1: the start), in pairs. */
  tree(): Int32Array {
    return this.data.subarray(2 * this.count);
  }

  /** The path to `to` (start first), from the tree; [] if it was not reached. */
  path(to: number): number[] {
    return pathInTree(this.tree(), to);
  }
}

/** The path to `to` in a search's tree (PackedMoves; start first), or [] if it was not reached. */
function pathInTree(tree: ArrayLike<number>, to: number): number[] {
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
