import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Analysis, analyse, type GameAnalyst } from './analyst.ts';
import {
  type Action,
  apply,
  type GameRules,
  type GameState,
  legalActions,
  setup,
  stateHash,
} from './game.ts';
import { SERVER, SPECTATOR } from './module.ts';
import type { SearchDomain } from './players/ismcts.ts';
import { type Nim, nimRules } from './players/nim.ts';
import { type RngState, rngFromSeed, rollDie } from './rng.ts';
import { determinizeSecret, type SecretState, secretRules } from './secret-game.ts';

/** A policy playing uniformly at random among the legal actions (its own dice). */
function randomPolicy<G>(rules: GameRules<G, Action, unknown>, rng: RngState) {
  let r = rng;
  return (s: GameState<G>, side: string): Action => {
    const legal = legalActions(rules, s, side).filter((a) => a.type !== 'undo');
    const d = rollDie(r, legal.length);
    r = d.next;
    return legal[d.value - 1]!;
  };
}

const nimAnalyst: GameAnalyst<Nim> = {
  domain: () => ({ rules: nimRules, policy: (rng) => randomPolicy(nimRules, rng), evaluate: () => 0.5 }),
  planLabel: (key) => `take ${key}`,
  horizon: 0,
};

const secret = secretRules() as GameRules<SecretState, Action, unknown>;
const secretDomain: SearchDomain<SecretState> = {
  rules: secret,
  determinize: determinizeSecret,
  policy: (rng) => randomPolicy(secret, rng),
  evaluate: () => 0.5,
};
const secretAnalyst: GameAnalyst<SecretState> = { domain: () => secretDomain, horizon: 0 };

function start<G>(rules: GameRules<G, Action, unknown>, scenario: unknown, seed: number): GameState<G> {
  const made = setup(rules, scenario, seed, {});
  assert.ok(made.ok);
  return made.value;
}

function sumOf(a: Analysis): number {
  return Object.values(a.chances).reduce((x, y) => x + y, 0);
}

/** The secret game with every sealed dispatch of `side` worth `value` (what only `side` and the server see). */
function withSealed(s: GameState<SecretState>, side: string, value: number): GameState<SecretState> {
  const pieces = Object.fromEntries(
    Object.entries(s.state.pieces).map(([id, p]) => [id, p.side === side && !p.open ? { ...p, value } : p]),
  );
  return { ...s, state: { ...s.state, pieces } };
}

describe('analyse: the chances each side wins, from the search at a decision point', () => {
  it('reads a won and a lost Nim heap the right way round, and suggests the winning take', () => {
    const won = analyse(nimRules, nimAnalyst, start(nimRules, 5, 1), 'a', { rollouts: 400, seed: 's' });
    assert.equal(won.toMove, 'a');
    assert.deepEqual(won.suggestion, [{ type: 'take', n: 1 }]);
    assert.ok(won.chances.a! > 0.9, JSON.stringify(won.chances));
    assert.equal(won.plans[0]!.label, `take ${won.plans[0]!.key}`);
    assert.equal(won.plans.length, 3);
    assert.equal(won.rollouts, 400);
    // A multiple of 4 is lost for the side to move (the search's replies are the random policy's: worse, not lost).
    const lost = analyse(nimRules, nimAnalyst, start(nimRules, 8, 1), 'a', { rollouts: 400, seed: 's' });
    assert.ok(lost.chances.a! < won.chances.a! - 0.1, JSON.stringify([won.chances, lost.chances]));
  });

  it('is deterministic for its seed, and its chances sum to 1', () => {
    const s = start(secret, null, 4);
    const run = (seed: string) => analyse(secret, secretAnalyst, s, 'red', { rollouts: 60, seed });
    assert.deepEqual(run('a'), run('a'));
    for (const seed of ['a', 'b', 'c']) assert.ok(Math.abs(sumOf(run(seed)) - 1) < 1e-9);
  });

  it('never changes the state it reads', () => {
    const s = start(secret, null, 7);
    const before = structuredClone(s);
    const hash = stateHash(s);
    analyse(secret, secretAnalyst, s, 'red', { rollouts: 40, seed: 'm' });
    analyse(secret, secretAnalyst, s, SERVER, { rollouts: 40, seed: 'm' });
    assert.equal(stateHash(s), hash);
    assert.deepEqual(s, before);
  });

  it("uses only the viewer's information: states differing in what it cannot see read the same", () => {
    const s = start(secret, null, 9);
    const low = withSealed(s, 'blue', 1);
    const high = { ...withSealed(s, 'blue', 6), rng: rngFromSeed('other dice') };
    const red = (st: GameState<SecretState>) =>
      analyse(secret, secretAnalyst, st, 'red', { rollouts: 80, seed: 'v' });
    assert.deepEqual(red(low), red(high));
    // The server sees the sealed values: blue's sixes make blue the likelier winner.
    const server = (st: GameState<SecretState>) =>
      analyse(secret, secretAnalyst, st, SERVER, { rollouts: 80, seed: 'v' });
    assert.ok(server(high).chances.blue! > server(low).chances.blue!);
    // A spectator sees neither side's sealed values.
    const spectator = (st: GameState<SecretState>) =>
      analyse(secret, secretAnalyst, st, SPECTATOR, { rollouts: 40, seed: 'v' });
    assert.deepEqual(spectator(withSealed(low, 'red', 2)), spectator(withSealed(high, 'red', 5)));
  });

  it('suggests only actions legal where the side to move stands', () => {
    const s = start(secret, null, 3);
    const a = analyse(secret, secretAnalyst, s, 'red', { rollouts: 30, seed: 'l' });
    assert.equal(a.toMove, 'red');
    assert.ok(a.suggestion.length > 0);
    const first = a.suggestion[0]!;
    assert.ok(apply(secret, s, 'red', first, s.stateId).ok);
  });
});

describe('analyse: policy playouts where the domain offers no choice', () => {
  const playoutAnalyst: GameAnalyst<Nim> = {
    domain: () => ({ ...nimAnalyst.domain(), choices: () => null }),
    horizon: 0,
  };
  it('plays `rollouts` playouts, lists no plans and suggests the policy’s next action', () => {
    const s = start(nimRules, 6, 2);
    const a = analyse(nimRules, playoutAnalyst, s, 'a', { rollouts: 50, seed: 'p' });
    assert.equal(a.rollouts, 50);
    assert.deepEqual(a.plans, []);
    assert.equal(a.suggestion.length, 1);
    assert.ok(Math.abs(sumOf(a) - 1) < 1e-9);
    assert.deepEqual(a, analyse(nimRules, playoutAnalyst, s, 'a', { rollouts: 50, seed: 'p' }));
  });

  it('stops a playout at the horizon and scores it by the evaluation', () => {
    // Evaluation: a's chance 0.9 whatever happens; a horizon of 1 never reaches the end of a 20-heap.
    const domain: SearchDomain<Nim> = {
      ...nimAnalyst.domain(),
      choices: () => null,
      evaluate: (_s, side) => (side === 'a' ? 0.9 : 0.1),
    };
    const a = analyse(
      nimRules,
      { domain: () => domain, milestone: (st) => st.state.turn },
      start(nimRules, 20, 2),
      'a',
      {
        rollouts: 10,
        seed: 'h',
        horizon: 1,
      },
    );
    assert.ok(Math.abs(a.chances.a! - 0.9) < 1e-9);
    assert.ok(Math.abs(a.chances.draw!) < 1e-9);
  });
});

describe('analyse: a finished game and bad budgets', () => {
  it('reads a finished game as its result, with nothing to suggest', () => {
    let s = start(nimRules, 1, 1);
    const r = apply(nimRules, s, 'a', { type: 'take', n: 1 }, s.stateId);
    assert.ok(r.ok);
    s = r.value;
    const a = analyse(nimRules, nimAnalyst, s, SERVER, { rollouts: 10, seed: 'f' });
    assert.deepEqual(a.chances, { a: 1, b: 0, draw: 0 });
    assert.equal(a.toMove, null);
    assert.deepEqual(a.suggestion, []);
  });

  it('refuses a budget that is not a positive whole number', () => {
    const s = start(nimRules, 5, 1);
    for (const rollouts of [0, -1, 1.5, Number.NaN])
      assert.throws(() => analyse(nimRules, nimAnalyst, s, 'a', { rollouts, seed: 'x' }), /rollouts/);
  });
});
