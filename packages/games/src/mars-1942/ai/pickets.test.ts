import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, hexNumberOf, playout } from '@stavka/engine';
import { type MarsState, marsRules } from '../index.ts';
import { marsModule } from '../module.ts';
import { Board, moveOptions, type Side, scenarioByKey, sideUnits } from './mars-games.ts';
import { lengthensLine, supplyCost, supplyCuts, supplyPickets } from './pickets.ts';

const rules = marsRules;

/** The positions at the start of each side's operational movement in level-1 games. */
function movementStarts(seeds: readonly number[]): GameState<MarsState>[] {
  const found: GameState<MarsState>[] = [];
  const players = marsModule.players!;
  for (const seed of seeds) {
    let last = '';
    playout(
      rules,
      seed,
      {
        soviet: players.ai1!.make(`player:soviet:${seed}`),
        german: players.ai1!.make(`player:german:${seed}`),
      },
      {
        onAction(s) {
          const g = s.state as MarsState;
          const key = `${g.turn}:${g.player}:${g.step}`;
          if (key !== last && g.step === 'movement') found.push(s as GameState<MarsState>);
          last = key;
        },
      },
    );
  }
  return found;
}

const positions = movementStarts([30004, 30006, 30009]);

/** Every unit of `side` on the map that may move, with its moves. */
function mobile(board: Board, side: Side) {
  const free: string[] = [];
  const options = new Map<string, ReturnType<typeof moveOptions>>();
  for (const id of sideUnits(board.s, side)) {
    const st = board.state.units[id]!;
    if (st.status !== 'map' || st.at < 0) continue;
    const m = moveOptions(board, id);
    if (m.length === 0) continue;
    free.push(id);
    options.set(id, m);
  }
  return { free, options };
}

/** Each position, from the side to move's view: its board and its free units' moves. */
function* sides() {
  for (const s of positions) {
    const side = s.state.player as Side;
    const board = new Board(scenarioByKey(s.state.scenario), s.state);
    yield { s, side, board, ...mobile(board, side) };
  }
}

/** The cuts with stacking unchecked and no pressure (what the rules of thumb weigh first). */
const cuts = (board: Board, side: Side, free: string[], options: ReturnType<typeof mobile>['options']) =>
  supplyCuts(
    board,
    side,
    free,
    options,
    () => true,
    () => 0,
  );

function moved(board: Board, moves: readonly [string, number][]): Board {
  const units = { ...board.state.units };
  for (const [id, at] of moves) units[id] = { ...units[id]!, at };
  return new Board(board.s, { ...board.state, units });
}

describe('supply pickets and cuts (mars-1942 "Supply": a friendly unit opens an enemy ZOC hex)', () => {
  it('a cut is a legal move of a free unit that costs the enemy at least 2 points of supply (isolation, rationing: M-9)', () => {
    let count = 0;
    for (const { s, side, board, free, options } of sides()) {
      const enemy: Side = side === 'german' ? 'soviet' : 'german';
      const made = cuts(board, side, free, options);
      let before = board;
      for (const [id, hex] of made) {
        assert.ok(
          options.get(id)!.some((m) => m.to === hex),
          `${id} may move to the cut`,
        );
        const after = moved(before, [[id, hex]]);
        assert.ok(
          supplyCost(after, enemy) - supplyCost(before, enemy) >= 2,
          `turn ${s.state.turn} ${side}: ${id} cutting costs the enemy too little`,
        );
        before = after;
      }
      assert.equal(new Set(made.map((m) => m[0])).size, made.length, 'no unit makes two cuts');
      count += made.length;
    }
    assert.ok(count >= 3, `cuts were made in these games (${count})`);
  });

  it('a picket wins back at least half a point of its own side`s supply, and stands where a unit was not', () => {
    let tried = 0;
    for (const { side, board, free, options } of sides()) {
      const posted = supplyPickets(board, side, free, options, () => true);
      let before = board;
      for (const [id, hex] of posted) {
        assert.equal(before.owner[hex], 0, 'a picket goes to an empty hex');
        assert.equal(before.supplyBlocked(side)[hex], 1, 'a picket opens a hex an enemy ZOC blocked');
        const after = moved(before, [[id, hex]]);
        assert.ok(supplyCost(before, side) - supplyCost(after, side) >= 0.5);
        before = after;
      }
      tried += posted.length;
    }
    assert.ok(tried >= 1, `pickets were posted in these games (${tried})`);
  });

  it('a cut is traced only where it may lengthen a supply line: elsewhere a unit there costs the enemy nothing', () => {
    let ruledOut = 0;
    let costly = 0;
    for (const { side, board } of sides()) {
      const enemy: Side = side === 'german' ? 'soviet' : 'german';
      // One of the side's units taken off the map, then put down in every empty hex in turn.
      const probe = sideUnits(board.s, side).find((id) => board.state.units[id]!.at >= 0)!;
      const without = moved(board, [[probe, -1]]);
      const base = supplyCost(without, enemy);
      for (let h = 0; h < board.s.map.graph.nodeCount; h++) {
        if (without.owner[h] !== 0) continue;
        const cost = supplyCost(moved(without, [[probe, h]]), enemy);
        if (!lengthensLine(without, enemy, h)) {
          ruledOut++;
          assert.equal(
            cost,
            base,
            `hex ${hexNumberOf(board.s.map, h)} was ruled out, yet costs the enemy supply`,
          );
        } else if (cost > base) costly++;
      }
    }
    assert.ok(ruledOut > 1000, `most hexes are ruled out without a trace (${ruledOut})`);
    assert.ok(costly >= 10, `the hexes that do cut are kept (${costly})`);
  });

  it('the cuts are moves the rules accept, made in the order given', () => {
    let applied = 0;
    for (const { s, side, board, free, options } of sides()) {
      let g = s;
      for (const [id, hex] of cuts(board, side, free, options)) {
        const a = { type: 'move', unit: id, to: hexNumberOf(board.s.map, hex) };
        const r = apply(rules, g, side, a, g.stateId);
        assert.ok(r.ok, `${JSON.stringify(a)}: ${r.ok ? '' : r.error.message}`);
        g = r.value as GameState<MarsState>;
        applied++;
      }
    }
    assert.ok(applied >= 3);
  });
});
