/**
 * The movement step's carried searches (unitMoves): each unit's moves, taken over from
 * the state before wherever nothing they depend on changed, are those a fresh search
 * finds on a copy of the state that carries nothing — the moves, their costs and bonus,
 * the hexes whose friendly units they depend on and the search's tree (the paths) — and
 * the AI's check of a planned move (mayMoveTo) answers as moveOptions does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apply,
  applyUnchecked,
  type GameState,
  hexIndex,
  RandomPlayer,
  rngFromSeed,
  setup,
} from '@stavka/engine';
import { marsDomain } from '../ai/ai.ts';
import { Board } from '../board.ts';
import { boardOf } from '../drafts.ts';
import { moveOptions, PackedMoves } from '../movement.ts';
import { marsRules, refreshSupply } from '../rules.ts';
import { scenarioByKey } from '../scenario.ts';
import type { MarsState } from '../state.ts';
import { mayMoveTo, unitMoves } from './movement.ts';

const rules = marsRules;

/**
 * Every unit of the player's on the map, at state `s`: its carried search against a
 * fresh one, and mayMoveTo against moveOptions for every hex it reaches or stands next to.
 * The number of units checked.
 */
function checkMoves(s: GameState<MarsState>): number {
  const g = s.state;
  const sc = scenarioByKey(g.scenario);
  const board = boardOf(g);
  const fresh = new Board(sc, structuredClone(g));
  let checked = 0;
  for (const id of sc.unitIds) {
    const st = g.units[id]!;
    if (sc.units[id]!.side !== g.player || st.status !== 'map' || st.at < 0) continue;
    const carried = unitMoves(board, id);
    const uses = { friends: false };
    const searched = PackedMoves.search(fresh, id, uses);
    const moves = moveOptions(fresh, id, { paths: false, stacking: false });
    const what = `${id} at turn ${g.turn} ${g.player}`;
    assert.deepEqual(
      carried.moves.options().map((m) => [m.to, m.cost, m.bonus]),
      moves.map((m) => [m.to, m.cost, m.bonus]),
      `moves of ${what}`,
    );
    assert.deepEqual([...carried.moves.tree()], [...searched.tree()], `search tree of ${what}`);
    for (let k = 0; k < carried.moves.count; k++)
      assert.deepEqual(
        carried.moves.option(k, true),
        moveOptions(fresh, id, { to: carried.moves.to(k), stacking: false })[0],
        `${what}: the move to ${carried.moves.to(k)} with its path`,
      );
    assert.deepEqual(carried.near, uses.friends ? [st.at, ...fresh.neighbors(st.at)] : [], `near of ${what}`);
    for (const to of new Set([...moves.map((m) => m.to), ...fresh.neighbors(st.at), st.at]))
      assert.equal(
        mayMoveTo(board, id, to),
        moveOptions(fresh, id, { to }).length > 0,
        `${what}: may it move to hex ${to}?`,
      );
    checked++;
  }
  return checked;
}

/**
 * Plays `turns` game-turns of seed `seed`, checking every movement-step state after its
 * action is chosen: with the search's own rollout policy (`ai`: the AI's plans, its moves
 * checked and made from the carried searches, no legal list asked in movement), or at
 * random (every legal list worked out).
 */
function playChecked(seed: number, turns: number, by: 'ai' | 'random'): { states: number; units: number } {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok);
  let s = made.value;
  const policy = marsDomain().policy(rngFromSeed(`movement-test:${seed}`));
  const random = new RandomPlayer(`movement-test:${seed}`);
  let states = 0;
  let units = 0;
  while (s.state.step !== 'over' && s.state.turn <= turns) {
    const side = rules.activeSides(s.state)[0]!;
    const a = by === 'ai' ? policy(s, side) : random.choose(rules, s, side);
    if (s.state.step === 'movement') {
      units += checkMoves(s);
      states++;
    }
    s = applyUnchecked(rules, s, side, a);
  }
  return { states, units };
}

/**
 * Turn 2, the Soviet movement step, with only `units` on the map (id: hex number) and
 * the state as the engine hands it on (its board built, its units frozen).
 */
function position(units: Record<string, string>): GameState<MarsState> {
  const made = setup(rules, null, 1, {});
  assert.ok(made.ok);
  const g = structuredClone(made.value.state);
  const sc = scenarioByKey(g.scenario);
  for (const id of sc.unitIds) {
    const hex = units[id];
    Object.assign(g.units[id]!, {
      at: hex === undefined ? -1 : hexIndex(sc.map, hex),
      status: hex === undefined ? 'withdrawn' : 'map',
      disrupted: false,
      fortified: false,
      fortifiedNow: false,
      moved: 'no',
      attacked: false,
    });
  }
  Object.assign(g, {
    turn: 2,
    player: 'soviet',
    step: 'movement',
    deploying: null,
    attacks: [],
    combat: null,
  });
  refreshSupply(g, sc);
  return { ...made.value, state: g, log: [] };
}

describe('mars-1942 Operational Movement: the searches carried from state to state (unitMoves)', () => {
  it('are those of a fresh search at every movement-step state of AI play', () => {
    for (const seed of [3, 11]) {
      const { states, units } = playChecked(seed, 3, 'ai');
      assert.ok(states > 40, `seed ${seed}: ${states} movement-step states`);
      assert.ok(units > 500, `seed ${seed}: ${units} units checked`);
    }
  });

  it('are those of a fresh search at every movement-step state of random play', () => {
    for (const seed of [5, 6]) {
      const { states, units } = playChecked(seed, 4, 'random');
      assert.ok(states > 40, `seed ${seed}: ${states} movement-step states`);
      assert.ok(units > 500, `seed ${seed}: ${units} units checked`);
    }
  });

  it('are searched again when a friendly unit leaves a hex a minimum 1-hex move onto it needed', () => {
    // Kampfgruppen at 2105 and 2203: 2104 and 2204 are both in the ZOC of each, so the
    // 262nd reaches 2204 only by the minimum move onto its friend there (rules.test.ts).
    let s = position({ 'sov-262rd': '2104', 'sov-238rd': '2204', 'ger-1pz-a': '2105', 'ger-1pz-b': '2203' });
    const sc = scenarioByKey(s.state.scenario);
    const to2204 = (g: GameState<MarsState>) =>
      unitMoves(boardOf(g.state), 'sov-262rd').moves.indexOf(hexIndex(sc.map, '2204')) >= 0;
    assert.ok(to2204(s), 'onto its friend at 2204');
    checkMoves(s);
    // The 238th leaves 2204 (out of the ZOC, to 2304): the 262nd may no longer go there.
    const r = apply(rules, s, 'soviet', { type: 'move', unit: 'sov-238rd', to: '2304' });
    assert.ok(r.ok, !r.ok ? r.error.message : '');
    s = r.value;
    assert.ok(!to2204(s), 'not into both ZOCs at 2204, now empty');
    checkMoves(s);
  });
});
