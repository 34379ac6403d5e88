import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyUnchecked,
  type GameState,
  legalActions,
  playout,
  RandomPlayer,
  type RngState,
  rngFromSeed,
  rollDie,
  stateHash,
} from '@stavka/engine';
import { Board, fitsStack, stackingOk } from './board.ts';
import { marsRules } from './rules.ts';
import { scenarioByKey } from './scenario.ts';
import { cloneMarsState, type MarsState } from './state.ts';

/** The hexes a board reads its units from: each hex's units, in order, and its owner. */
const hexes = (b: Board) => ({ at: b.at.map((h) => [...h]), owner: [...b.owner] });

/** The states of a random game of `seed` (its first 600). */
function gameStates(seed: number, soviet: string, german: string): MarsState[] {
  const states: MarsState[] = [];
  playout(
    marsRules,
    seed,
    { soviet: new RandomPlayer(soviet), german: new RandomPlayer(german) },
    { onAction: (s) => void (states.length < 600 && states.push(s.state as MarsState)) },
  );
  return states;
}

/** A seeded roll: 0 .. n-1. */
function roller(seed: string): (n: number) => number {
  let rng: RngState = rngFromSeed(seed);
  return (n) => {
    const r = rollDie(rng, n);
    rng = r.next;
    return r.value - 1;
  };
}

describe('a board with a few units moved (Board.moved) is the board built afresh', () => {
  it('units moved anywhere (off the map, into friends, into the enemy), over the states of a random game', () => {
    const states = gameStates(21, 'b1', 'b2');
    const roll = roller('board-moved');
    let mixed = 0;
    for (const g of states.filter((_, i) => i % 5 === 0)) {
      const s = scenarioByKey(g.scenario);
      const base = new Board(s, g);
      const units = { ...g.units };
      for (let k = 0; k <= roll(3); k++) {
        const id = s.unitIds[roll(s.unitIds.length)]!;
        const off = roll(8) === 0;
        const to = base.s.map.graph.nodeCount;
        units[id] = off
          ? { ...units[id]!, status: 'eliminated', at: -1 }
          : { ...units[id]!, status: 'map', at: roll(to) };
        const at = units[id]!.at;
        if (at >= 0 && base.owner[at] !== 0 && base.owner[at] !== (s.units[id]!.side === 'german' ? 1 : 2))
          mixed++;
      }
      const next: MarsState = { ...g, units };
      assert.deepEqual(hexes(Board.moved(base, next)), hexes(new Board(s, next)));
    }
    assert.ok(mixed > 0, 'a unit was also moved into an enemy-held hex');
  });
});

describe('a hypothetical board (Board.withUnits: only the units changed looked at) is the board built afresh', () => {
  it('units moved or removed, some twice, over the states of a random game: hexes, zones of control, blocked hexes, traces', () => {
    const states = gameStates(22, 'w1', 'w2');
    const roll = roller('board-with-units');
    let boards = 0;
    for (const g of states.filter((_, i) => i % 6 === 0)) {
      if (g.step === 'setup') continue;
      const s = scenarioByKey(g.scenario);
      const base = new Board(s, g);
      for (const side of ['german', 'soviet'] as const) base.supplyDistance(side);
      const onMap = s.unitIds.filter((id) => g.units[id]!.status === 'map');
      const changes: [string, MarsState['units'][string]][] = [];
      for (let k = 0; k <= roll(3); k++) {
        // Now and then the same unit again: its last change counts.
        const id = k > 0 && roll(3) === 0 ? changes[0]![0] : onMap[roll(onMap.length)]!;
        const st = g.units[id]!;
        // An empty hex no other change takes (never two sides in one hex).
        const from = roll(s.map.graph.nodeCount);
        const empty = base.at.findIndex(
          (here, h) => here.length === 0 && h > from && !changes.some(([, c]) => c.at === h),
        );
        changes.push([
          id,
          roll(6) === 0 || empty < 0 ? { ...st, status: 'eliminated', at: -1 } : { ...st, at: empty },
        ]);
      }
      const board = Board.withUnits(base, changes);
      const units = { ...g.units };
      for (const [id, st] of changes) units[id] = st;
      const fresh = new Board({ ...s }, { ...g, units });
      assert.deepEqual(hexes(board), hexes(fresh));
      for (const side of ['german', 'soviet'] as const) {
        assert.deepEqual(board.enemyZoc(side), fresh.enemyZoc(side));
        assert.deepEqual(board.supplyBlocked(side), fresh.supplyBlocked(side));
        assert.deepEqual(board.supplyDistance(side), fresh.supplyDistance(side));
      }
      boards++;
    }
    assert.ok(boards > 50, `${boards} boards`);
  });
});

describe('mars-1942 "Supply": zones of control, blocked hexes and a trace taken over from the board before are those worked out afresh', () => {
  it('over the states of a random game, each board built from the one before (as after every action)', () => {
    const states: MarsState[] = [];
    playout(
      marsRules,
      33,
      { soviet: new RandomPlayer('t1'), german: new RandomPlayer('t2') },
      { onAction: (s) => void (states.length < 700 && states.push(s.state as MarsState)) },
    );
    let prev: Board | undefined;
    let kept = 0;
    for (const g of states) {
      const s = scenarioByKey(g.scenario);
      const board = prev ? Board.moved(prev, g) : new Board(s, g);
      board.takeTraces(prev);
      // A copy of the scenario has no trace of its own to take over: a fresh search.
      const fresh = new Board({ ...s }, g);
      for (const side of ['german', 'soviet'] as const) {
        assert.deepEqual(board.enemyZoc(side), fresh.enemyZoc(side));
        assert.deepEqual(board.supplyBlocked(side), fresh.supplyBlocked(side));
        assert.deepEqual(board.supplyDistance(side), fresh.supplyDistance(side));
        const blocked = board.supplyBlocked(side);
        if (
          prev &&
          prev.supplyDistance(side) === board.supplyDistance(side) &&
          prev.supplyBlocked(side).some((b, h) => b !== blocked[h])
        )
          kept++;
      }
      prev = board;
    }
    assert.ok(kept > 0, 'a trace was taken over where the blocked hexes differ');
  });
});

describe('mars-1942 "Operational Movement": a move carried out from the search kept with the legal list is the move searched afresh', () => {
  it('moves of the movement-phase states of a random game: the same state, log and hash either way', () => {
    const states: GameState<MarsState>[] = [];
    playout(
      marsRules,
      44,
      { soviet: new RandomPlayer('m1'), german: new RandomPlayer('m2') },
      { onAction: (s) => void (states.length < 900 && states.push(s as GameState<MarsState>)) },
    );
    let compared = 0;
    for (const s of states.filter((x, i) => i % 3 === 0 && x.state.step === 'movement')) {
      const side = s.state.player;
      const moves = legalActions(marsRules, s, side).filter((a) => a.type === 'move');
      for (let k = 0; k < moves.length; k += Math.max(1, Math.floor(moves.length / 4))) {
        const listed = applyUnchecked(marsRules, s, side, moves[k]!);
        // The same position as a state never listed: no kept search, the move searched again.
        const unlisted = applyUnchecked(marsRules, { ...s, state: cloneMarsState(s.state) }, side, moves[k]!);
        assert.deepEqual(listed.log.at(-1), unlisted.log.at(-1));
        assert.equal(stateHash(listed), stateHash(unlisted));
        compared++;
      }
    }
    assert.ok(compared > 50, `${compared} moves compared`);
  });
});

describe('mars-1942 "Stacking limit": fitsStack is the stacking test of the stack with the unit added', () => {
  it('every unit on every occupied hex, over the states of a random game (M-13, M-17, M-18)', () => {
    const states: MarsState[] = [];
    playout(
      marsRules,
      55,
      { soviet: new RandomPlayer('f1'), german: new RandomPlayer('f2') },
      { onAction: (s) => void (states.length < 400 && states.push(s.state as MarsState)) },
    );
    let refused = 0;
    for (const g of states.filter((_, i) => i % 10 === 0)) {
      const s = scenarioByKey(g.scenario);
      const board = new Board(s, g);
      for (let h = 0; h < board.at.length; h++) {
        const here = board.at[h]!;
        if (here.length === 0) continue;
        for (const id of s.unitIds) {
          if (here.includes(id)) continue;
          const fits = fitsStack(board, h, id);
          assert.equal(fits, stackingOk(s, [...here, id]), `${id} onto ${here.join(', ')}`);
          if (!fits) refused++;
        }
      }
    }
    assert.ok(refused > 0, 'some stacks refused');
  });
});
