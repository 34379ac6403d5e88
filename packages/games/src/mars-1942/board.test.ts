import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playout, RandomPlayer, type RngState, rngFromSeed, rollDie } from '@stavka/engine';
import { Board } from './board.ts';
import { marsRules } from './rules.ts';
import { scenarioByKey } from './scenario.ts';
import type { MarsState } from './state.ts';

/** The hexes a board reads its units from: each hex's units, in order, and its owner. */
const hexes = (b: Board) => ({ at: b.at.map((h) => [...h]), owner: [...b.owner] });

describe('a board with a few units moved (Board.moved) is the board built afresh', () => {
  it('units moved anywhere (off the map, into friends, into the enemy), over the states of a random game', () => {
    const states: MarsState[] = [];
    playout(
      marsRules as never,
      21,
      { soviet: new RandomPlayer('b1'), german: new RandomPlayer('b2') },
      { onAction: (s) => void (states.length < 600 && states.push(s.state as MarsState)) },
    );
    let rng: RngState = rngFromSeed('board-moved');
    const roll = (n: number) => {
      const r = rollDie(rng, n);
      rng = r.next;
      return r.value - 1;
    };
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
