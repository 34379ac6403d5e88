/**
 * The fast movement lists (movement.ts: two searches a piece on tables, the lists carried
 * from state to state) against a straightforward recomputation of barbarossa-1941
 * "Operational Movement": the rules' four moves searched one by one, every step priced by
 * the rules as written (terrain, roads, ZOCs, the OMB's rule 2, the special 1-hex moves,
 * B-17, B-21, B-22, B-54, B-66), stacking by the whole stack (Board.fits). Positions are
 * the states of seeded games of the standard front, also in every weather, with the
 * breakthrough's reduced OMF (B-9, B-23) and Ploesti/Grozny lost: a change that drops or
 * adds a legal move, or changes its cost, OMB flag or path, fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type GameState, type Reach, search } from '@stavka/engine';
import fc from 'fast-check';
import { Board } from './board.ts';
import { bonusForbiddenZoc, canMove, type MoveOption, moveOptions, omfOf } from './movement.ts';
import { russianRailSlot } from './railway-guns.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { impassable, otherSide, roadAlong, terrainIn, type Weather } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { allocatedTo } from './steps/attacks.ts';
import { randomGame } from './test-games.ts';
import { isAxisAllied, isMobile, isMotorized, isSmall, omb } from './unit-kinds.ts';

/* ------------------------------------------------------------------------------------ */
/* The rules as written: four searches, each step priced on its own                      */

/** The moves of `id` as the rules read, one search each: within the OMF, along roads (B-22), with the OMB, with the OMB along roads. */
function plainMoves(board: Board, id: string): MoveOption[] {
  if (!canMove(board, id)) return [];
  const u = board.unit(id);
  const p = board.piece(id);
  const side = p.side;
  const start = p.at;
  const { s, weather } = board;
  const mobile = isMobile(u);
  const korps = isMotorized(u) && !isSmall(u);
  const railOnly = u.type === 'railway-gun';
  const startOwners = new Set(board.zocOwners(side, start));
  const friendThere = (h: number) => board.hasFriend(side, h, id);
  const mayEnter = (to: number) =>
    !impassable(s, to, weather) &&
    !board.hasEnemyGround(side, to) &&
    !(isAxisAllied(u) && s.south[to] !== 1) && // B-17
    !(side === 'soviet' && board.g.rumaniaOpen !== true && s.rumania[to] === 1) && // B-66
    !(korps && terrainIn(s, to, weather) === 'mountain'); // "Mountain"
  const search1 = (maxCost: number, roadOnly: boolean, bonus: boolean): Reach =>
    search(
      s.map.graph,
      {
        stepCost(from, slot, to) {
          // OMB rule 2: not into a ZOC of an UnDisrupted army (German korps) without a friendly unit.
          if (bonus && bonusForbiddenZoc(board, side, to) && !friendThere(to)) return -1;
          if (!mayEnter(to)) return -1;
          // "A unit may not move (1 hex, directly) from one Enemy ZOC to another EZOC of the same enemy unit."
          if (from === start && board.zocOwners(side, to).some((o) => startOwners.has(o))) return -1;
          if (railOnly) return russianRailSlot(board, from, slot, to) ? 2 : -1; // B-54
          const road = roadAlong(s, slot, weather);
          if (roadOnly && !road) return -1;
          if (road) return mobile ? 1 : 2;
          const t = terrainIn(s, to, weather);
          const here = terrainIn(s, from, weather);
          const swamp = (x: string) => x === 'swamp' || x === 'swamp-forest';
          // B-21: a motorized korps enters a swamp, or leaves its starting one, off-road only as its whole move.
          if (korps && swamp(t)) return from === start ? maxCost : -1;
          if (korps && from === start && swamp(here)) return maxCost;
          if (korps && (t === 'forest' || t === 'hills')) return 4;
          if (mobile && swamp(t)) return 4;
          return 2;
        },
        // "An operationally moving unit is required to stop when it enters a hex adjacent to an enemy army or korps"
        stopsAt: (node) => board.inEnemyZoc(side, node),
        // The special 1-hex moves: onto a friendly unit, or from one enemy unit's ZOC into another's.
        alwaysAllowed(from, slot, to) {
          if (bonus || roadOnly || !mayEnter(to)) return false;
          if (railOnly && !russianRailSlot(board, from, slot, to)) return false;
          if (friendThere(to)) return true;
          const owners = board.zocOwners(side, to);
          return startOwners.size > 0 && owners.length > 0 && owners.every((o) => !startOwners.has(o));
        },
      },
      { sources: [start], maxCost },
    );
  const omf = omfOf(board, id);
  const total = omf + omb(side, board.g.breakthrough);
  const vacates = bonusForbiddenZoc(board, side, start) && !friendThere(start);
  const withBonus = !vacates && total > omf;
  const roads = !mobile && !railOnly;
  const best = new Map<number, MoveOption>();
  const offer = (reach: Reach, bonus: boolean) => {
    for (const to of reach.nodes)
      if (to !== start && !best.has(to))
        best.set(to, { to, cost: reach.cost.get(to)!, bonus, path: reach.path(to) });
  };
  offer(search1(2 * omf, false, false), false);
  if (roads) offer(search1(2 * (omf + 1), true, false), false);
  if (withBonus) offer(search1(2 * total, false, true), true);
  if (withBonus && roads) offer(search1(2 * (total + 2), true, true), true);
  return [...best.values()]
    .filter((o) => board.fits(o.to, [id]))
    .sort((a, b) => a.cost - b.cost || a.to - b.to);
}

/* ------------------------------------------------------------------------------------ */
/* Positions of seeded games                                                            */

type G = GameState<BarbarossaState>;

/** The movement states (no combat under way) of a seeded game of the standard front, moves chosen half the time. */
function movementStates(seed: string, actions: number): G[] {
  const out: G[] = [];
  randomGame(
    seed,
    actions,
    (s) => {
      if (s.state.step === 'movement' && !s.state.combat) out.push(s);
      return undefined;
    },
    { movesFirst: true },
  );
  return out;
}

/** The move actions a movement state offers, as the plain recomputation makes them (steps/movement.ts: the movers in order). */
function plainMoveActions(g: BarbarossaState): BarbarossaAction[] {
  const board = new Board(g);
  const out: BarbarossaAction[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.side !== g.player || p.status !== 'map' || allocatedTo(g, id) >= 0) continue;
    for (const o of plainMoves(board, id)) out.push({ type: 'move', piece: id, to: o.to });
  }
  return out;
}

const moveActionsOf = (g: BarbarossaState) =>
  barbarossaRules.legalActions(g, g.player).filter((a) => a.type === 'move');

const pool = [...movementStates('lists-1', 420), ...movementStates('lists-2', 420)];

describe('Operational movement: the fast lists are the rules as written', () => {
  it('every movement state of two seeded games: each legal move list (carried from the state before) is the plain recomputation', () => {
    assert.ok(pool.length > 150, `${pool.length} movement states`);
    let moves = 0;
    for (const s of pool) {
      const offered = moveActionsOf(s.state);
      assert.deepEqual(offered, plainMoveActions(s.state), `turn ${s.state.turn} ${s.state.player}`);
      moves += offered.length;
    }
    assert.ok(moves > 100000, `${moves} moves compared`);
  });

  it('in any weather, with the breakthrough or Ploesti/Grozny lost: every piece has the same moves, costs, OMB flags and paths', () => {
    const weathers: (Weather | null)[] = [null, 'good', 'light-mud', 'mud', 'snow'];
    fc.assert(
      fc.property(
        fc.nat(pool.length - 1),
        fc.constantFrom(...weathers),
        fc.boolean(),
        fc.boolean(),
        (i, weather, breakthrough, oilLost) => {
          const g = structuredClone(pool[i]!.state);
          g.weather = weather;
          g.breakthrough = breakthrough;
          if (oilLost) g.control = { ...g.control, Ploesti: 'soviet', Grozny: 'axis' };
          const board = new Board(g);
          for (const id of g.order) {
            if (g.pieces[id]!.side !== g.player) continue;
            assert.deepEqual(moveOptions(board, id), plainMoves(board, id), id);
          }
          assert.deepEqual(moveActionsOf(g), plainMoveActions(g), 'the legal moves');
          // The path of a move the player picks (the effect reads it): the same search's.
          const enemy = otherSide(g.player);
          for (const id of g.order.filter((x) => g.pieces[x]!.side === g.player).slice(0, 8))
            for (const o of plainMoves(board, id).filter((_, k) => k % 9 === 0))
              assert.deepEqual(moveOptions(board, id, { to: o.to }), [o], `${id} to ${o.to} (${enemy} ZOCs)`);
        },
      ),
      { numRuns: 40, seed: 49 },
    );
  });
});
