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
  actionKey,
  apply,
  canonicalJson,
  type GameState,
  hexIndex,
  hexNumberOf,
  legalActions,
  playout,
  RandomPlayer,
  replay,
  stateHash,
} from '@stavka/engine';
import { Board, stackingOk } from './board.ts';
import { marsRules } from './rules.ts';
import { type Side, scenarioByKey } from './scenario.ts';
import type { MarsState } from './state.ts';
import { victoryTally } from './victory.ts';

const GAMES = Number(process.env.STAVKA_FUZZ_GAMES ?? 200);
const rules = marsRules;

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
      // The result is the victory-point tally's: the higher total wins, equal is a draw (M-15).
      const t = victoryTally(new Board(scenarioByKey(r.state.state.scenario), r.state.state));
      const winner = t.german > t.soviet ? 'german' : t.soviet > t.german ? 'soviet' : null;
      assert.equal(r.outcome.winner, winner, `game ${seed}: ${t.german} to ${t.soviet}`);
      assert.deepEqual(r.outcome.score, { german: t.german, soviet: t.soviet }, `game ${seed}`);
    }
  });

  it('never changes the state it applies an action to, and refuses what it did not offer', () => {
    const game = playout(rules, 9001, {
      soviet: new RandomPlayer('a'),
      german: new RandomPlayer('b'),
    }).replay;
    // Walk the first 300 actions of that game again, checking apply's purity at each and
    // that near-misses of the actions offered (another unit, a neighbouring hex) are refused.
    const first = { ...game, actions: game.actions.slice(0, 300) };
    const r = replay(rules, { ...first, actions: [] });
    assert.ok(r.ok, 'the game starts');
    let state = r.value;
    let misses = 0;
    for (const step of first.actions) {
      const before = canonicalJson(state);
      for (const miss of nearMisses(state, step.side)) {
        const refused = apply(rules, state, step.side, miss);
        assert.ok(!refused.ok, `offered nothing like ${JSON.stringify(miss)}, yet took it`);
        assert.equal(refused.error.code, 'action/not-legal');
        misses++;
      }
      const next = apply(rules, state, step.side, step.action, state.stateId);
      assert.ok(next.ok, JSON.stringify(step));
      assert.equal(canonicalJson(state), before, 'apply changed its input');
      state = next.value;
    }
    assert.ok(misses > 300, `only ${misses} near-misses tried`);
    // Applied one by one with their state ids, the actions make the game the replay makes.
    const whole = replay(rules, first);
    assert.ok(whole.ok, 'the first 300 actions replay');
    assert.equal(stateHash(state), stateHash(whole.value));
  });
});

/**
 * Actions one field away from those `side` is offered and not offered themselves: the
 * unit changed to another of the same side, a hex to a neighbouring one, a rout one hex
 * longer, a No Retreat! order for a unit not in the battle. A few per kind of action.
 */
function nearMisses(s: GameState<MarsState>, side: string): Action[] {
  const legal = legalActions(rules, s, side).filter((a) => a.type !== 'undo');
  const offered = new Set(legal.map(actionKey));
  const sc = scenarioByKey(s.state.scenario);
  const board = new Board(sc, s.state);
  const mine = sc.unitIds.filter((id) => sc.units[id]!.side === side);
  const out: Action[] = [];
  const perType = new Map<string, number>();
  const add = (a: Action) => {
    const key = actionKey(a);
    if (offered.has(key) || (perType.get(a.type) ?? 0) >= 3) return;
    offered.add(key);
    perType.set(a.type, (perType.get(a.type) ?? 0) + 1);
    out.push(a);
  };
  for (const a of legal) {
    const fields = a as Record<string, unknown>;
    for (const field of ['to', 'target', 'hex'] as const) {
      const hex = fields[field];
      if (typeof hex !== 'string') continue;
      for (const n of board.neighbors(hexIndex(sc.map, hex)))
        add({ ...a, [field]: hexNumberOf(sc.map, n) } as Action);
    }
    if (typeof fields.unit === 'string') for (const id of mine) add({ ...a, unit: id } as Action);
    if (a.type === 'rout') add({ ...a, hexes: 3 } as Action);
    if (a.type === 'no-retreat') for (const id of mine) add({ ...a, units: [id] } as Action);
  }
  return out;
}
