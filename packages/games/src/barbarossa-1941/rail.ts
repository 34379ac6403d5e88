/**
 * barbarossa-1941 "Strategic Movment - By Rail", the rail conversion units and the Axis
 * railheads ("Supply"), on the engine search with zero-cost rail steps.
 *
 * "1 UnDisrupted Axis unit may freely move by rail on Axis rail lines, and Russian units
 * equal in number to Russian victory points still under Russian control, plus 1 for
 * Siberia, may move freely by rail.  For rail movement the rail lines must be able to be
 * traced back to the owner's side and not blocked by an EZOC not occupied by a friendly
 * unit.  German railway gauge conversion units move 3 hexes per turn at start of turn,
 * regardless of weather ... Units moved by rail are Disrupted". "Special First Turn Rules":
 * "Only 2 Russian units may move by rail." Railheads "advance 2 rail hexes per turn"
 * (RULINGS B-38).
 */
import { Memo, search, searchSpaceFor, type UnitData } from '@stavka/engine';
import { type Board, stackClass } from './board.ts';
import type { Side } from './rules-scenario.ts';
import { holder } from './victory.ts';

export const CITE_RAIL = 'barbarossa-1941 "Strategic Movment - By Rail"';

/** May a side's train use this slot? Axis: German-gauge lines and converted Russian track; Russians: Russian track not converted. */
export function railSlot(board: Board, side: Side, from: number, slot: number, to: number): boolean {
  const { s, g } = board;
  const links = s.map.links[slot]!;
  if (side === 'axis') {
    if ((links & s.axisRailBit) !== 0) return true;
    return (links & s.railBit) !== 0 && g.converted.includes(from) && g.converted.includes(to);
  }
  return (links & s.railBit) !== 0 && !(g.converted.includes(from) && g.converted.includes(to));
}

/**
 * Not into an enemy unit, nor an enemy ZOC without a friendly unit in it; nor, for the
 * Russians, into Rumania before the Axis has attacked out of it (RULINGS B-66: no Russian
 * unit may enter a hex in Rumania, by train neither).
 */
function railOpen(board: Board, side: Side, hex: number): boolean {
  if (board.hasEnemy(side, hex)) return false;
  if (board.closedRumania(side, hex)) return false;
  return !board.inEnemyZoc(side, hex) || board.hasFriend(side, hex);
}

/**
 * The rail nets a Board has traced, per side: a net is one connected piece of open track
 * (every hex of it reaches every other: the steps are the same both ways), so every unit
 * standing on it shares it. Index of each hex's net, or -1; the nets (never changed).
 */
const nets = new Memo<Board, Partial<Record<Side, { of: Int32Array; nets: readonly number[][] }>>>('nets');

/** Every hex the side's trains reach from `start` (start included), or [] if the line cannot be traced back to its side. */
export function railNet(board: Board, side: Side, start: number): number[] {
  if (!railOpen(board, side, start)) return [];
  let bySide = nets.get(board);
  if (!bySide) {
    bySide = {};
    nets.set(board, bySide);
  }
  let known = bySide[side];
  if (!known) {
    known = { of: new Int32Array(board.s.map.graph.nodeCount).fill(-1), nets: [] };
    bySide[side] = known;
  }
  const k = known.of[start]!;
  if (k >= 0) return known.nets[k]!;
  const net = traceNet(board, side, start);
  (known.nets as number[][]).push(net.result);
  for (const h of net.nodes) known.of[h] = known.nets.length - 1;
  return net.result;
}

function traceNet(board: Board, side: Side, start: number): { nodes: readonly number[]; result: number[] } {
  // The shared work space, its hexes copied out at once (a net is a thousand hexes: no
  // costs or paths kept, as `search` keeps them).
  const space = searchSpaceFor(board.s.map.graph).run(
    {
      stepCost: (from, slot, to) =>
        railSlot(board, side, from, slot, to) && railOpen(board, side, to) ? 0 : -1,
    },
    { sources: [start], maxCost: 0 },
  );
  const home = side === 'axis' ? board.s.axisCountry : board.s.sovietSupplyEdge;
  const nodes = new Array<number>(space.reachedCount);
  let traced = false;
  for (let i = 0; i < nodes.length; i++) {
    const h = space.reached[i]!;
    nodes[i] = h;
    if (home[h] === 1) traced = true;
  }
  return { nodes, result: traced ? nodes : [] };
}

/** The Russian rail allowance per Board (every unit of a listing asks it). */
const sovietAllowances = new Memo<Board, number>('sovietAllowances');

/** How many units the side may move by rail this turn. */
export function railAllowance(board: Board, side: Side): number {
  if (side === 'axis') return 1;
  if (board.g.turn === 1) return 2;
  const known = sovietAllowances.get(board);
  if (known !== undefined) return known;
  const { s, g } = board;
  let vp = 0;
  for (let h = 0; h < s.victoryPoints.length; h++) {
    if (s.victoryPoints[h]! > 0 && s.axisCountry[h] !== 1 && holder(g, s, h) === 'soviet')
      vp += s.victoryPoints[h]!;
  }
  sovietAllowances.set(board, vp + 1);
  return vp + 1;
}

/** The hexes of a rail net in order, by the net (nets are never changed). */
const sortedNets = new WeakMap<readonly number[], Int32Array>();

function sortedNet(board: Board, net: readonly number[]): Int32Array {
  let sorted = sortedNets.get(net);
  if (!sorted) {
    // Hex numbers are the map's indices: marked, then read off in order (a typed array's
    // own sort takes longer for a net of a thousand hexes).
    const on = new Uint8Array(board.s.map.graph.nodeCount);
    for (const h of net) on[h] = 1;
    sorted = new Int32Array(net.length);
    let k = 0;
    for (let h = 0; h < on.length; h++) if (on[h] === 1) sorted[k++] = h;
    sortedNets.set(net, sorted);
  }
  return sorted;
}

/** Destinations of one unit by rail now (its own hex excluded), stacking checked, in hex order. */
export function railDestinations(board: Board, id: string): number[] {
  const p = board.piece(id);
  const u = board.unit(id);
  if (p.status !== 'map' || p.disrupted || p.moved !== 'no' || p.attacked) return [];
  if (u.type === 'air' || u.type === 'factory' || u.type === 'rail-conversion') return [];
  if (board.g.railMoves >= railAllowance(board, p.side)) return [];
  // The net is shared by every unit on it (railNet): sorted once, then filtered in order,
  // once for all the units on it that stack alike (the unit's own hex aside, no hex of the
  // net holds it: Board.fitsUnit).
  const net = sortedNet(board, railNet(board, p.side, p.at));
  const fit = fittingHexes(board, net, u);
  const out: number[] = [];
  for (let i = 0; i < fit.length; i++) if (fit[i] !== p.at) out.push(fit[i]!);
  return out;
}

/** Per board, net and stacking class: the hexes of the net a unit of that class fits in. */
const fittings = new Memo<Board, Map<Int32Array, Map<string, Int32Array>>>('fittings');

function fittingHexes(board: Board, net: Int32Array, u: UnitData): Int32Array {
  let byNet = fittings.get(board);
  if (!byNet) {
    byNet = new Map();
    fittings.set(board, byNet);
  }
  let byClass = byNet.get(net);
  if (!byClass) {
    byClass = new Map();
    byNet.set(net, byClass);
  }
  const key = stackClass(u);
  let fit = byClass.get(key);
  if (!fit) {
    const out: number[] = [];
    for (let i = 0; i < net.length; i++) if (board.fitsUnit(net[i]!, u)) out.push(net[i]!);
    fit = Int32Array.from(out);
    byClass.set(key, fit);
  }
  return fit;
}

/** Hexes a rail conversion unit may move to along Russian track, up to 3, converting as it goes. */
export function conversionMoves(board: Board, id: string): Map<number, number[]> {
  const p = board.piece(id);
  const out = new Map<number, number[]>();
  if (p.status !== 'map' || p.moved !== 'no') return out;
  const reach = search(
    board.s.map.graph,
    {
      stepCost: (_from, slot, to) =>
        (board.s.map.links[slot]! & board.s.railBit) !== 0 && railOpen(board, 'axis', to) ? 1 : -1,
    },
    { sources: [p.at], maxCost: 3 },
  );
  for (const h of reach.nodes) if (h !== p.at) out.set(h, reach.path(h));
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** Hexes a railhead may advance to: up to 2 hexes along Axis rail lines. */
export function railheadMoves(board: Board, index: number): number[] {
  const from = board.g.railheads[index];
  if (from === undefined) return [];
  const reach = search(
    board.s.map.graph,
    {
      stepCost: (f, slot, to) =>
        railSlot(board, 'axis', f, slot, to) && !board.hasEnemy('axis', to) ? 1 : -1,
    },
    { sources: [from], maxCost: 2 },
  );
  return reach.nodes.filter((h) => h !== from && !board.g.railheads.includes(h)).sort((a, b) => a - b);
}
