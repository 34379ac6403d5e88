/**
 * Random-play fuzzer over whole games of Operation Mars (Rally the Troops' fuzzer with
 * an assert hook, OpenSpiel's basic tests): after every action the invariants hold;
 * every game ends after turn 11 with a result; its replay gives the same hash.
 * STAVKA_FUZZ_GAMES sets the number of games (default 200).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  canonicalJson,
  type GameRules,
  type GameState,
  playout,
  RandomPlayer,
  replay,
  stateHash,
} from '@stavka/engine';
import { Board, stackingOk } from './board.ts';
import { marsRules } from './rules.ts';
import { type Side, scenarioByKey } from './scenario.ts';
import type { MarsState } from './state.ts';

const GAMES = Number(process.env.STAVKA_FUZZ_GAMES ?? 200);
const rules = marsRules as unknown as GameRules<MarsState, Action, Record<string, unknown>>;

function checkInvariants(s: GameState<MarsState>): void {
  const g = s.state;
  const sc = scenarioByKey(g.scenario);
  const board = new Board(sc, g);
  // One place per unit: on the map exactly when its status says so (after set-up).
  for (const id of sc.unitIds) {
    const st = g.units[id]!;
    if (st.status === 'map') {
      if (g.step !== 'setup')
        assert.ok(st.at >= 0 && sc.map.onMap[st.at] === 1, `${id} is in play but on no hex`);
    } else assert.equal(st.at, -1, `${id} is ${st.status} but still on hex ${st.at}`);
  }
  // Stacking, and never two sides in one hex.
  for (let h = 0; h < board.at.length; h++) {
    const here = board.at[h]!;
    if (here.length === 0) continue;
    const sides = new Set(here.map((id) => sc.units[id]!.side));
    assert.equal(sides.size, 1, `hex ${h} holds both sides`);
    assert.ok(stackingOk(sc, here), `overstacked hex ${h}: ${here.join(', ')}`);
  }
  // Supply status as a fresh trace finds it.
  if (g.step !== 'setup') {
    for (const id of sc.unitIds) {
      const st = g.units[id]!;
      if (st.status !== 'map') continue;
      assert.equal(st.supply, board.supplyAt(sc.units[id]!.side as Side, st.at), `${id} supply is stale`);
    }
  }
  // One side to move until the end (the random player proves it has something to do:
  // it throws on a dead end).
  assert.equal(rules.activeSides(g).length, g.step === 'over' ? 0 : 1);
  // The legal actions, some carried over from the state before (movement), are those
  // worked out from scratch on a copy that carries nothing.
  for (const side of rules.activeSides(g)) {
    assert.deepEqual(
      rules.legalActions(g, side),
      rules.legalActions(structuredClone(g), side),
      `legal actions of ${side} at ${g.step}`,
    );
  }
}

describe(`random-play fuzzer: ${GAMES} whole games`, () => {
  it('keeps every invariant after every action, ends every game after turn 11, and replays to the same hash', () => {
    const results: string[] = [];
    for (let seed = 1; seed <= GAMES; seed++) {
      let checked = 0;
      const r = playout(
        rules,
        seed,
        { soviet: new RandomPlayer(`fuzz:soviet:${seed}`), german: new RandomPlayer(`fuzz:german:${seed}`) },
        {
          onAction: (s) => {
            // Every action of the first games, then a sample: the invariants are not cheap.
            if (seed <= 5 || checked++ % 7 === 0) checkInvariants(s);
          },
        },
      );
      checkInvariants(r.state);
      assert.equal(r.state.state.step, 'over', `game ${seed} did not finish`);
      assert.equal(r.state.state.turn, 11);
      assert.ok(r.outcome, `game ${seed} has no result`);
      const again = replay(rules, r.replay);
      assert.ok(again.ok, `game ${seed} does not replay`);
      assert.equal(stateHash(again.value), r.hash, `game ${seed} replays to another hash`);
      results.push(r.outcome.winner ?? 'draw');
    }
    assert.equal(results.length, GAMES);
  });

  it('never changes the state it applies an action to, and refuses what it did not offer', () => {
    let s = playout(rules, 9001, {
      soviet: new RandomPlayer('a'),
      german: new RandomPlayer('b'),
    }).replay;
    // Walk the first 300 actions of that game again, checking apply's purity at each.
    const first = { ...s, actions: s.actions.slice(0, 300) };
    const r = replay(rules, { ...first, actions: [] });
    assert.ok(r.ok);
    let state = r.value;
    for (const step of first.actions) {
      const before = canonicalJson(state);
      const refused = apply(rules, state, step.side, { type: 'move', unit: 'nobody', to: '0000' });
      assert.ok(!refused.ok);
      const next = apply(rules, state, step.side, step.action, state.stateId);
      assert.ok(next.ok, JSON.stringify(step));
      assert.equal(canonicalJson(state), before, 'apply changed its input');
      state = next.value;
    }
    s = first;
    assert.ok(s.actions.length === 300);
  });
});
