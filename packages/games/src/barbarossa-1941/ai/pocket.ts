/**
 * Keeping a beaten defender where it can be destroyed (issue #44: "armies die only where they
 * cannot retreat"). On a Dn "Defenders RETREATED 0-n hexes as Attacker chooses - retreat
 * route determined by Defender" and the defender "may continue to retreat up to 3-(Dn)
 * hexes" (B-3: one more on a D1 or D2); a defender with no legal retreat of the length owed
 * is "unable to retreat" (B-31), its D1 read as a D and its D2 or D3 as a DE (B-4). A
 * Russian unit Disrupted in the Axis combat phase cannot move in the Russian player-turn
 * ("Disrupted Units") and stays Disrupted into the next Axis combat if attacked there (A.4
 * recovers only the units not attacked), read one column higher (B-6).
 *
 * Level 1 always sets the longest retreat: the defender walks back to its own lines, out of
 * reach. `trapLength` sets the length that leaves it worst off, the defender choosing its
 * route as well as it can: first a length it cannot retreat at all (destroyed on a D2/D3),
 * then one that ends it in a hex from which it could not retreat from the enemy units next
 * to it (next player-turn's attack there: D1 -> D, D2 -> DE), cut off from its supply
 * (Isolated: "Disrupted ... and cannot be recovered"), or in contact with the enemy, the
 * longest among equals (level 1's choice where nothing is gained).
 */
import { Board, exertsZoc } from '../board.ts';
import { extraRetreat, hexDistance, retreatPaths } from '../combat-results.ts';
import { otherSide, type Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { supplyBlocked, supplyDistances } from '../supply.ts';
import { isGroundUnit, isMobile } from '../unit-kinds.ts';

/** What a defender's end hex is worth to the attacker, by what it leaves the defender open to. */
export const TRAP_WEIGHTS = {
  /** The defender has no retreat of the length owed: destroyed (D2, D3) or Disrupted in place (D1). */
  noRetreat: 20,
  /** From the end hex it could not retreat a hex from the enemy units next to it. */
  cornered: 8,
  /** The end hex is out of its side's supply (B-68: Isolated, permanently Disrupted). */
  cutOff: 4,
  /** Per enemy ground hex next to the end hex (up to 3): in contact, attacked next player-turn. */
  contact: 1,
  /**
   * The defender stays in the defended hex (a retreat of 0): the attackers do not advance
   * into it; at a victory city, the city is not taken.
   */
  stays: -2,
  staysInCity: -30,
};

export type TrapWeights = { readonly [K in keyof typeof TRAP_WEIGHTS]: number };

/** TRAP_WEIGHTS without contact: a retreat shortened only where it corners, cuts off or destroys. */
export const CORNER_WEIGHTS: TrapWeights = { ...TRAP_WEIGHTS, contact: 0 };

/** The hexes `defender` may end its retreat at when the attacker sets `length` (B-3). */
export function retreatEnds(
  board: Board,
  defender: string,
  from: readonly number[],
  n: number,
  length: number,
): number[] {
  const ends = new Set<number>();
  for (let len = length; len <= length + extraRetreat(n); len++)
    for (const h of retreatPaths(board, defender, from, len).keys()) ends.add(h);
  return [...ends];
}

/** The hexes next to `h` holding ground units of `side`. */
function groundNeighbours(board: Board, side: Side, h: number): number[] {
  const { graph } = board.s.map;
  const out: number[] = [];
  for (let k = graph.offsets[h]!; k < graph.offsets[h + 1]!; k++) {
    const t = graph.targets[k]!;
    if (t >= 0 && board.hasEnemyGround(otherSide(side), t)) out.push(t);
  }
  return out;
}

/**
 * Whether `defender`, moved to `h`, could not retreat a hex if attacked from every enemy
 * ground hex next to it (B-31); false where no enemy is next to it (nobody attacks it there
 * without moving).
 */
export function cornered(g: BarbarossaState, defender: string, h: number): boolean {
  const p = g.pieces[defender]!;
  const moved: BarbarossaState = { ...g, pieces: { ...g.pieces, [defender]: { ...p, at: h } } };
  const board = new Board(moved);
  const enemy = groundNeighbours(board, p.side, h);
  return enemy.length > 0 && retreatPaths(board, defender, enemy, 1).size === 0;
}

/**
 * The retreat length (0..n) the attacker sets on `defender`'s Dn (`n` 1-3) in the combat at
 * `target` attacked from `from`: the one whose worst end hex for the attacker (the defender
 * chooses its route) is worth the most by TRAP_WEIGHTS; among equals the longest.
 */
export function trapLength(
  g: BarbarossaState,
  defender: string,
  target: number,
  from: readonly number[],
  n: number,
  weights: TrapWeights = TRAP_WEIGHTS,
): number {
  const board = new Board(g);
  const side = g.pieces[defender]!.side;
  const dist = supplyDistances(board, side);
  const cityHere = board.s.victoryPoints[target]! > 0;
  const worth = (h: number): number => {
    let v = 0;
    if (h === target) v += cityHere ? weights.staysInCity : weights.stays;
    if (dist[h]! < 0) v += weights.cutOff;
    v += Math.min(3, groundNeighbours(board, side, h).length) * weights.contact;
    if (cornered(g, defender, h)) v += weights.cornered;
    return v;
  };
  let best = n;
  let bestWorth = Number.NEGATIVE_INFINITY;
  for (let length = n; length >= 0; length--) {
    const ends = retreatEnds(board, defender, from, n, length);
    // No retreat at all: a D2 or D3 is a DE; a D1 a D, the defender Disrupted where it stands.
    const w = ends.length > 0 ? Math.min(...ends.map(worth)) : n >= 2 ? weights.noRetreat : worth(target);
    if (w > bestWorth) {
      bestWorth = w;
      best = length;
    }
  }
  return best;
}

/** How far (hexes) from a pocket its ring is looked for: the Limited Supply range ("Supply": 12). */
const RING_REACH = 12;

/**
 * The Axis ground units that may hold a pocket shut: those in or next to a hex that blocks
 * the Russians' supply ("enemy-occupied", or in a ZOC without a Russian unit) next to the
 * hexes the pocket's supply line could reach from it (within RING_REACH).
 */
function ringCandidates(board: Board, pockets: readonly number[]): Set<number> {
  const blocked = supplyBlocked(board, 'soviet');
  const { offsets, targets } = board.s.map.graph;
  const reach = new Int32Array(blocked.length).fill(-1);
  let frontier = [...pockets];
  for (const h of frontier) reach[h] = 0;
  const edge = new Set<number>();
  for (let d = 1; d <= RING_REACH && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const h of frontier)
      for (let k = offsets[h]!; k < offsets[h + 1]!; k++) {
        const t = targets[k]!;
        if (t < 0 || reach[t]! >= 0) continue;
        if (blocked[t] === 1) {
          if (board.s.map.onMap[t] === 1) edge.add(t);
          continue;
        }
        reach[t] = d;
        next.push(t);
      }
    frontier = next;
  }
  const out = new Set<number>(edge);
  for (const h of edge)
    for (let k = offsets[h]!; k < offsets[h + 1]!; k++) if (targets[k]! >= 0) out.add(targets[k]!);
  return out;
}

/** The hexes of the Russian ground units now cut off from their supply ("Supply": beyond 12 hexes, Isolated at B.6). */
export function pocketHexes(board: Board): number[] {
  const theirs = supplyDistances(board, 'soviet');
  const out = new Set<number>();
  for (const id of board.g.order) {
    const p = board.g.pieces[id]!;
    if (p.side !== 'soviet' || p.status !== 'map' || p.at < 0 || theirs[p.at]! >= 0) continue;
    if (isGroundUnit(board.unit(id))) out.add(p.at);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The ring of the pockets (issue #44: "the pocket's exits covered by ZOC"): the Axis units
 * among `movable` that must stay where they are so that no Russian unit cut off from its
 * supply now is reconnected ("A supply line cannot be traced through ... a hex adjacent to
 * and accessible by an enemy unit with a Zone of Control", nor through an enemy-occupied
 * hex). Greedy, hex by hex near the pockets: the mobile units' hexes first (the spearheads
 * drive on where the ring holds without them), then the farthest from the pockets, among the
 * units in or next to a hex that blocks the pocket's supply (`ringCandidates`); a hex is
 * let go when the Russians' supply, traced with it and all the hexes let go before it empty
 * of `movable` units, still reaches none of the pocket's units; else one unit stays there
 * (the infantry before the mobile units, one exerting a ZOC where there is one).
 */
export function ringKeepers(g: BarbarossaState, movable: ReadonlySet<string>): string[] {
  const board = new Board(g);
  const pockets = pocketHexes(board);
  if (pockets.length === 0) return [];
  const near = (h: number) => Math.min(...pockets.map((x) => hexDistance(board, x, h)));
  const ring = ringCandidates(board, pockets);
  const byHex = new Map<number, string[]>();
  for (const id of movable) {
    const p = g.pieces[id];
    if (p?.side !== 'axis' || p.status !== 'map' || p.at < 0 || !isGroundUnit(board.unit(id))) continue;
    if (!ring.has(p.at)) continue;
    byHex.set(p.at, [...(byHex.get(p.at) ?? []), id]);
  }
  const mobileOnly = (ids: readonly string[]) => ids.every((id) => isMobile(board.unit(id)));
  const hexes = [...byHex.keys()].sort(
    (a, b) =>
      (mobileOnly(byHex.get(b)!) ? 1 : 0) - (mobileOnly(byHex.get(a)!) ? 1 : 0) || near(b) - near(a) || a - b,
  );
  const gone = new Set<string>();
  const keep: string[] = [];
  const reconnects = (leaving: ReadonlySet<string>): boolean => {
    const pieces = { ...g.pieces };
    for (const id of leaving) pieces[id] = { ...pieces[id]!, at: -1, status: 'pool' };
    const theirs = supplyDistances(new Board({ ...g, pieces }), 'soviet');
    return pockets.some((h) => theirs[h]! >= 0);
  };
  for (const h of hexes) {
    const ids = byHex.get(h)!;
    const trial = new Set([...gone, ...ids]);
    if (!reconnects(trial)) {
      for (const id of ids) gone.add(id);
      continue;
    }
    const rank = (id: string) =>
      (isMobile(board.unit(id)) ? 2 : 0) + (exertsZoc(board.unit(id), g.pieces[id]!.disrupted) ? 0 : 1);
    const stay = [...ids].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))[0]!;
    keep.push(stay);
    for (const id of ids) if (id !== stay) gone.add(id);
  }
  return keep;
}
