/**
 * barbarossa-1941 "Airfields" (RULINGS B-56, B-60): "An airfield marker is positioned at
 * the start of a player-turn – for the Axis, after the rail conversion marker is moved.
 * It may not be positioned beyond the front line, even if the enemy has evacuated an
 * area.  It has its side's maximum ground movement to move to a new position and stay
 * UnDisrupted, or it is Disrupted if moved by rail.  If its hex is not in full supply, it
 * and its air unit are non-operational." Also the air units' time out of the game ("Shot
 * Down ... = Air unit out of game until 2 player-turns later.  Intercepted = ... out of
 * game until next turn").
 *
 * B-56: each air unit has one airfield marker, and the air unit stands on it: the air
 * unit's hex is its airfield (the scenario places each air unit on its airfield, so the
 * data need no second list).
 */
import { type RulesContext, searchSpaceFor } from '@stavka/engine';
import { Board } from './board.ts';
import { perBoardAndSide } from './board-memo.ts';
import { railNet } from './rail.ts';
import { impassable, type RulesScenario, type Side } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { supplyStatuses } from './supply.ts';
import { isGroundUnit } from './unit-kinds.ts';

export const CITE_AIRFIELDS = 'barbarossa-1941 "Airfields"';

/** The PVO interceptor korps: based on their city, they intercept only (B-60). */
export function isInterceptorKorps(board: Board, id: string): boolean {
  return board.unit(id).tags.includes('interceptor');
}

/** The player-turns played so far, counted from 0 (turn 1 Axis): "player-turns later". */
export function playerTurnIndex(g: Pick<BarbarossaState, 'turn' | 'player'>): number {
  return (g.turn - 1) * 2 + (g.player === 'soviet' ? 1 : 0);
}

/** Is the air unit out of the game now (Shot Down or Intercepted)? */
export function outOfGame(g: BarbarossaState, id: string): boolean {
  const back = g.airOut?.[id];
  return back !== undefined && back > playerTurnIndex(g);
}

/**
 * Takes an air unit out of the game: Shot Down until 2 player-turns later (back at the
 * start of the player-turn after next), Intercepted until the next player-turn (B-57).
 */
export function takeOut(g: BarbarossaState, id: string, result: 'SD' | 'I'): void {
  g.airOut = { ...(g.airOut ?? {}), [id]: playerTurnIndex(g) + (result === 'SD' ? 2 : 1) };
}

const CITE_NOTES = 'barbarossa-1941 "Air Attack and Combat Results" Notes';

/**
 * "Shot Down (or overrun on the ground)": an air unit that would be eliminated on the ground
 * (its hex's defenders eliminated, an overrun, an exchange) leaves the map instead, out of
 * the game until 2 player-turns later, its airfield lost (B-56).
 */
export function overrunOnTheGround(g: BarbarossaState, id: string, ctx: RulesContext, label: string): void {
  const p = g.pieces[id]!;
  p.status = 'pool'; // off the map; `at` keeps the lost airfield's hex for its return
  p.disrupted = false;
  takeOut(g, id, 'SD');
  ctx.log({
    kind: 'air',
    text: `${label} is overrun on the ground: out of the game until 2 player-turns later`,
    cite: [CITE_NOTES, 'B-56'],
    data: { piece: id, hex: p.at },
  });
}

/** The hex nearest (as the crow flies) to `from` behind the side's front holding a friendly ground unit, or -1. */
function nearestBase(board: Board, side: Side, from: number): number {
  const front = behindFront(board, side);
  const { graph } = board.s.map;
  const seen = new Uint8Array(graph.nodeCount);
  let layer = [from];
  seen[from] = 1;
  while (layer.length > 0) {
    const bases = layer.filter(
      (h) =>
        front(h) && board.at[h]!.some((id) => board.piece(id).side === side && isGroundUnit(board.unit(id))),
    );
    if (bases.length > 0) return Math.min(...bases);
    const next: number[] = [];
    for (const h of layer)
      for (let k = graph.offsets[h]!; k < graph.offsets[h + 1]!; k++) {
        const t = graph.targets[k]!;
        if (t >= 0 && seen[t] === 0) {
          seen[t] = 1;
          next.push(t);
        }
      }
    layer = next;
  }
  return -1;
}

/**
 * At the start of a player-turn: air units whose time out is over are back in the game, on
 * their airfields; one overrun on the ground comes back on the hex nearest its lost airfield
 * behind its side's front with a friendly ground unit (none: it waits a player-turn more).
 */
export function airReturns(
  g: BarbarossaState,
  s: RulesScenario,
  ctx: RulesContext,
  label: (id: string) => string,
  hexName: (h: number) => string,
): void {
  if (!g.airOut) return;
  const now = playerTurnIndex(g);
  for (const [id, back] of Object.entries(g.airOut)) {
    if (back > now) continue;
    const p = g.pieces[id]!;
    if (p.status === 'pool') {
      const at = nearestBase(new Board(g, s), p.side, p.at);
      if (at < 0) {
        g.airOut[id] = now + 1;
        continue;
      }
      p.at = at;
      p.status = 'map';
    }
    delete g.airOut[id];
    ctx.log({
      kind: 'air',
      text: `${label(id)} is back in the game on its airfield ${hexName(p.at)}`,
      cite: [CITE_NOTES, 'B-57'],
    });
  }
}

/**
 * "Its side's maximum ground movement" (B-56): the largest OMF of the side's units (German
 * panzer division 6; Russian and allied tank, cavalry, parachute units 5), halved in Mud and
 * Snow as the OMF is (Axis down, Russians up), counted in hexes.
 */
export function airfieldMove(board: Board, side: Side): number {
  const base = side === 'axis' ? 6 : 5;
  const w = board.weather;
  if (w === 'mud' || w === 'snow') return side === 'axis' ? Math.floor(base / 2) : Math.ceil(base / 2);
  return base;
}

/** Hex distances from `sources` over the whole map grid (as the crow flies on the hexes). */
function gridDistances(board: Board, sources: readonly number[]): Int32Array {
  const { graph } = board.s.map;
  const n = graph.nodeCount;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  for (const h of sources) {
    if (dist[h] === -1) {
      dist[h] = 0;
      queue[tail++] = h;
    }
  }
  const { offsets, targets } = graph;
  for (let i = 0; i < tail; i++) {
    const h = queue[i]!;
    const d = dist[h]! + 1;
    for (let k = offsets[h]!, end = offsets[h + 1]!; k < end; k++) {
      const t = targets[k]!;
      if (t < 0 || dist[t] !== -1) continue;
      dist[t] = d;
      queue[tail++] = t;
    }
  }
  return dist;
}

/**
 * `gridDistances(board, enemy)`, kept for the latest sets of hexes per scenario (the enemy
 * does not move in a side's player-turn: every listing of its airfields asks the same).
 * Read it, never change it.
 */
function enemyDistances(board: Board, enemy: readonly number[]): Int32Array {
  const key = enemy.join(',');
  let kept = keptDistances.get(board.s);
  if (!kept) {
    kept = [];
    keptDistances.set(board.s, kept);
  }
  for (const k of kept) if (k.key === key) return k.dist;
  const dist = gridDistances(board, enemy);
  kept.push({ key, dist });
  if (kept.length > DISTANCES_KEPT) kept.shift();
  return dist;
}

const keptDistances = new WeakMap<RulesScenario, { readonly key: string; readonly dist: Int32Array }[]>();
const DISTANCES_KEPT = 4;

/**
 * "Not beyond the front line, even if the enemy has evacuated an area" (B-56): the front is
 * the line of the side's own ground units. A hex is behind (or on) it when it is at least as
 * far from the nearest enemy ground unit as the nearest own ground unit to it is (of several
 * equally near, the one farthest from the enemy); a hex with an enemy unit or in an enemy
 * ZOC without a friendly unit is beyond it. With no enemy ground unit on the map every hex is
 * behind the front; with no own ground unit, none is. (A test of a hex: the distances are
 * computed once, the hex's own units and ZOCs when asked.)
 */
export function behindFront(board: Board, side: Side): (hex: number) => boolean {
  const { g } = board;
  const n = board.s.map.graph.nodeCount;
  const own: number[] = [];
  const enemy: number[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.status !== 'map' || p.at < 0 || !isGroundUnit(board.unit(id))) continue;
    (p.side === side ? own : enemy).push(p.at);
  }
  if (own.length === 0) return () => false;
  const toEnemy = enemy.length > 0 ? enemyDistances(board, enemy) : null;
  // Nearest own unit to each hex, carrying the largest enemy distance among the equally near
  // (a BFS: a hex's layer is done before the next layer's hexes are taken from the queue).
  const { offsets, targets } = board.s.map.graph;
  const dist = new Int32Array(n).fill(-1);
  const front = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  for (const h of own) {
    const e = toEnemy ? toEnemy[h]! : 0;
    if (dist[h] === -1) {
      dist[h] = 0;
      queue[tail++] = h;
    }
    front[h] = Math.max(front[h]!, e);
  }
  for (let i = 0; i < tail; i++) {
    const h = queue[i]!;
    const d = dist[h]! + 1;
    const f = front[h]!;
    for (let k = offsets[h]!, end = offsets[h + 1]!; k < end; k++) {
      const t = targets[k]!;
      if (t < 0) continue;
      if (dist[t] === -1) {
        dist[t] = d;
        queue[tail++] = t;
      }
      if (dist[t] === d && front[t]! < f) front[t] = f;
    }
  }
  // Each hex judged once (every air unit of a listing asks of the hexes it reaches): 1 behind, 2 not.
  const judged = new Uint8Array(n);
  return (h) => {
    const known = judged[h]!;
    if (known !== 0) return known === 1;
    let behind = board.s.map.onMap[h] === 1 && dist[h]! >= 0;
    if (behind && (board.hasEnemy(side, h) || (board.inEnemyZoc(side, h) && !board.hasFriend(side, h))))
      behind = false;
    if (behind) behind = toEnemy === null || toEnemy[h]! >= front[h]!;
    judged[h] = behind ? 1 : 2;
    return behind;
  };
}

/** May this air unit's airfield be repositioned now (A.1 / B.1, once a player-turn)? */
export function mayRelocate(board: Board, id: string): boolean {
  const { g } = board;
  const p = g.pieces[id]!;
  if (g.step !== 'reinforce' || g.combat || p.side !== g.player || p.status !== 'map') return false;
  if (board.unit(id).type !== 'air' || isInterceptorKorps(board, id)) return false;
  if (p.disrupted || outOfGame(g, id) || (g.airfieldsMoved ?? []).includes(id)) return false;
  return true;
}

export interface AirfieldDestination {
  readonly to: number;
  /** Moved by rail: the airfield arrives Disrupted. */
  readonly rail: boolean;
}

/**
 * Where the airfield may go (B-56): within the side's maximum ground movement over land hexes
 * free of enemy units (UnDisrupted), or anywhere its side's trains reach from it beyond that
 * (Disrupted); never beyond the front line. In hex order. `front` may be given (computed once a listing).
 */
export function airfieldDestinations(
  board: Board,
  id: string,
  front: (hex: number) => boolean = behindFront(board, board.piece(id).side),
): AirfieldDestination[] {
  if (!mayRelocate(board, id)) return [];
  const p = board.piece(id);
  const side = p.side;
  const { graph } = board.s.map;
  const n = graph.nodeCount;
  const enter = groundEntry(board, side);
  const space = searchSpaceFor(graph).run(
    { enterCost: enter },
    { sources: [p.at], maxCost: airfieldMove(board, side) },
  );
  // How each hex is reached, marked before railNet may search again (the shared search
  // space): by the ground move, else by rail; then read off in hex order (no sort: a hex
  // is listed one way only).
  const how = new Uint8Array(n);
  for (let i = 0; i < space.reachedCount; i++) how[space.reached[i]!] = BY_GROUND;
  for (const h of railNet(board, side, p.at)) if (how[h] === 0) how[h] = BY_RAIL;
  how[p.at] = 0;
  const out: AirfieldDestination[] = [];
  for (let h = 0; h < n; h++) {
    const way = how[h]!;
    if (way !== 0 && front(h)) out.push({ to: h, rail: way === BY_RAIL });
  }
  return out;
}

/** airfieldDestinations' marks: within the side's maximum ground movement, or beyond it by rail. */
const BY_GROUND = 1;
const BY_RAIL = 2;

/** 1 for a land hex free of enemy units, -1 elsewhere (B-56's ground move); once a board and side (every air unit of a listing asks). */
const groundEntry = perBoardAndSide((board, side): Int8Array => {
  const n = board.s.map.graph.nodeCount;
  const enter = new Int8Array(n);
  for (let h = 0; h < n; h++)
    enter[h] =
      board.s.map.onMap[h] !== 1 ||
      impassable(board.s, h, board.weather) ||
      (board.at[h]!.length > 0 && board.hasEnemy(side, h))
        ? -1
        : 1;
  return enter;
});

/**
 * The airfields' supply is judged when they are positioned (B-56): at the start of each
 * player-turn (both sides' air units) and when one moves; and at its side's Supply Status
 * Determination Phase with every unit.
 */
export function judgeAirfieldSupply(g: BarbarossaState, s: RulesScenario, only?: string): void {
  const board = new Board(g, s);
  for (const side of ['axis', 'soviet'] as const) {
    const air = g.order.filter((id) => {
      const p = g.pieces[id]!;
      return (
        p.side === side &&
        p.status === 'map' &&
        (only === undefined || id === only) &&
        board.unit(id).type === 'air'
      );
    });
    if (air.length === 0) continue;
    const st = supplyStatuses(board, side);
    for (const id of air) g.pieces[id]!.supply = st[id] ?? 'isolated';
  }
}

/** Moves the airfield and its air unit (B-56); by rail it arrives Disrupted (non-operational until it recovers). */
export function relocateAirfield(
  g: BarbarossaState,
  s: RulesScenario,
  id: string,
  to: number,
  rail: boolean,
  ctx: RulesContext,
  label: string,
  hexName: (h: number) => string,
): void {
  const p = g.pieces[id]!;
  const from = p.at;
  p.at = to;
  if (rail) p.disrupted = true;
  g.airfieldsMoved = [...(g.airfieldsMoved ?? []), id];
  judgeAirfieldSupply(g, s, id);
  ctx.log({
    kind: 'air',
    text: `${label}'s airfield moves ${hexName(from)} to ${hexName(to)}${rail ? ' by rail, arriving Disrupted' : ''}`,
    cite: [CITE_AIRFIELDS, g.player === 'axis' ? 'A.1' : 'B.1', 'B-56'],
  });
}
