import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  analyse,
  type GameRules,
  type GameState,
  rngFromSeed,
  SERVER,
  setup,
} from '@stavka/engine';
import { couriersAnalyst } from './analyst.ts';
import { couriersRules } from './rules.ts';
import { determinizeCouriers } from './secrets.ts';
import type { CouriersState } from './state.ts';

const rules = couriersRules as GameRules<CouriersState, Action, unknown>;

function start(): GameState<CouriersState> {
  const made = setup(rules, null, 'analyst', {});
  assert.ok(made.ok);
  return made.value;
}

describe('the Couriers analyst: random playouts to the end, from the viewer’s view', () => {
  it('reads the same for red whatever blue’s sealed dispatches hold, and sums to 1', () => {
    const s = start();
    const red = (st: GameState<CouriersState>) =>
      analyse(rules, couriersAnalyst, st, 'red', { rollouts: 40, seed: 'c' });
    const a = red(s);
    assert.equal(a.rollouts, 40);
    assert.ok(Math.abs(Object.values(a.chances).reduce((x, y) => x + y, 0) - 1) < 1e-9);
    for (let i = 0; i < 3; i++)
      assert.deepEqual(red(determinizeCouriers(s, 'red', rngFromSeed(`other ${i}`))), a);
  });

  it('the server, seeing every dispatch, reads a side whose dispatches are all sixes as the likelier winner', () => {
    const s = start();
    const sixes = (side: string): GameState<CouriersState> => ({
      ...s,
      state: {
        ...s.state,
        pieces: Object.fromEntries(
          Object.entries(s.state.pieces).map(([id, p]) => [
            id,
            p.side === side ? { ...p, value: 6 } : { ...p, value: 1 },
          ]),
        ),
      },
    });
    const server = (st: GameState<CouriersState>) =>
      analyse(rules, couriersAnalyst, st, SERVER, { rollouts: 40, seed: 'c' });
    assert.ok(server(sixes('blue')).chances.blue! > server(sixes('red')).chances.blue!);
  });
});
