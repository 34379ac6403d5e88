import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  type GameState,
  ismcts,
  type Player,
  RandomPlayer,
  rngFromSeed,
  setup,
} from '@stavka/engine';
import { type MarsState, marsRules } from '../index.ts';
import { marsModule } from '../module.ts';
import { AI_LEVELS, AiPlayer, marsDomain } from './ai.ts';
import { GreedyPlayer } from './greedy.ts';
import { isPlanPoint, MARS_PLANS } from './search.ts';

const rules = marsRules;

/** Plays through the checked `apply` until `turns` game-turns are over; every action must be accepted. */
function play(
  seed: number,
  players: Record<string, Player>,
  turns: number,
): { actions: Action[]; state: GameState<MarsState> } {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok);
  let s = made.value;
  const actions: Action[] = [];
  for (;;) {
    const side = rules.activeSides(s.state)[0];
    if (side === undefined || s.state.turn > turns) break;
    const action = players[side]!.choose(rules, s, side);
    const next = apply(rules, s, side, action, s.stateId);
    assert.ok(
      next.ok,
      `seed ${seed}: ${side} submitted ${JSON.stringify(action)}: ${next.ok ? '' : next.error.message}`,
    );
    s = next.value;
    actions.push(action);
  }
  return { actions, state: s };
}

describe('the Mars AI and the greedy baseline submit only legal actions', () => {
  it('AI (both sides, levels 1-2) against random and greedy, two turns each over many seeds', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const level = seed % 2 === 0 ? 2 : 1;
      const ai = new AiPlayer(`t${seed}`, { level, iterations: 2 });
      const other = seed % 4 < 2 ? new RandomPlayer(`r${seed}`) : new GreedyPlayer(`g${seed}`);
      const players = seed % 3 === 0 ? { soviet: ai, german: other } : { soviet: other, german: ai };
      const { state } = play(seed, players, 2);
      assert.ok(state.state.turn >= 3 || state.state.step === 'over');
    }
  });
});

describe('the AI sees only its view', () => {
  it('never reads the game dice (hidden: they foretell every roll) and chooses the same without them', () => {
    const made = setup(rules, null, 3, {});
    assert.ok(made.ok);
    // Play into the Soviet movement step of turn 1 with random players.
    let s = made.value;
    const warm = { soviet: new GreedyPlayer('a'), german: new GreedyPlayer('b') };
    while (s.state.step !== 'movement') {
      const side = rules.activeSides(s.state)[0]!;
      const next = apply(rules, s, side, warm[side as 'soviet' | 'german'].choose(rules, s, side));
      assert.ok(next.ok);
      s = next.value;
    }
    const poisoned = new Proxy(s, {
      get(target, prop, receiver) {
        if (prop === 'rng') throw new Error('the AI read the game dice');
        return Reflect.get(target, prop, receiver);
      },
    });
    const a = new AiPlayer('same', { level: 2, iterations: 2 }).choose(rules, poisoned, 'soviet');
    const other = { ...s, rng: rngFromSeed('different dice') };
    const b = new AiPlayer('same', { level: 2, iterations: 2 }).choose(rules, other, 'soviet');
    assert.deepEqual(a, b);
  });
});

describe('the AI is deterministic for a seed and a rollout budget', () => {
  it('the same game twice, action for action', () => {
    const run = () =>
      play(11, { soviet: new AiPlayer('d', { level: 2, iterations: 2 }), german: new GreedyPlayer('x') }, 1)
        .actions;
    assert.deepEqual(run(), run());
  });
});

/** The first state of `side`'s player-turn `turn` in a level-1 game of `seed`. */
function planPoint(seed: number, turn: number, side: 'soviet' | 'german'): GameState<MarsState> {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok);
  let s = made.value;
  const p = { soviet: new AiPlayer('a', { level: 1 }), german: new AiPlayer('b', { level: 1 }) };
  while (!(s.state.turn === turn && isPlanPoint(s.state, side))) {
    const who = rules.activeSides(s.state)[0] as 'soviet' | 'german';
    const next = apply(rules, s, who, p[who].choose(rules, s, who));
    assert.ok(next.ok);
    s = next.value;
  }
  return s;
}

/** The root values of eight-iteration searches at seed 900's first plan points (turn 1), as 557413c found them. */
const PINNED_SOVIET =
  'planned:3:0.6015299919778698 broad:3:0.4571788129570537 massed:1:0.4025252095212459 careful:1:0.16007018963479436';
const PINNED_GERMAN =
  'planned:2:0.21571420755802284 counter:2:0.7004342198963771 hold:1:0.2869898476788212 massed:1:0.3006530846725599 planned+commit:2:0.21691144936105194';

describe('the search over plans (ismcts with the Mars domain)', () => {
  it("chooses one of its side's plans at the start of a player-turn, the same twice", () => {
    const s = planPoint(4, 2, 'german');
    const run = () => ismcts(marsDomain(), s, 'german', { iterations: 4, horizon: 1 }, 'plans');
    const a = run();
    assert.ok(MARS_PLANS.german.some((p) => p.key === a.macro.key));
    assert.equal(a.iterations, 4);
    assert.equal(
      a.stats.reduce((n, x) => n + x.visits, 0),
      4,
    );
    assert.deepEqual(run().stats, a.stats);
  });
  it('a root plan played once up to its first combat (planAt) gives the search the same values as played every iteration', () => {
    // The plan's fortification, movement and allocation are the same in every iteration
    // (the dice are all Mars hides); a plan restarted where it may plays on as it would.
    const { planAt, ...everyIteration } = marsDomain();
    assert.ok(planAt);
    for (const [seed, side] of [
      [4, 'german'],
      [6, 'soviet'],
    ] as const) {
      const s = planPoint(seed, 2, side);
      const budget = { iterations: 8, horizon: 2, root: 'halving' } as const;
      const once = ismcts(marsDomain(), s, side, budget, 'prefix');
      const every = ismcts(everyIteration, s, side, budget, 'prefix');
      assert.deepEqual(once.stats, every.stats);
      assert.equal(once.macro.key, every.macro.key);
    }
  });
  it('gives the values it gave before its rollouts were made faster (commit 557413c), to the last digit', () => {
    // A faster rollout must play the same game: every iteration's score is in these means.
    const values = (side: 'soviet' | 'german') =>
      ismcts(
        marsDomain(),
        planPoint(900, 1, side),
        side,
        { iterations: 8, horizon: 2, root: 'halving' },
        'pin',
      )
        .stats.map((x) => `${x.key}:${x.visits}:${x.mean}`)
        .join(' ');
    assert.equal(values('soviet'), PINNED_SOVIET);
    assert.equal(values('german'), PINNED_GERMAN);
  });
  it('its choice is unchanged in a state determinized for its side (module.determinize)', () => {
    const s = planPoint(6, 1, 'soviet');
    const choose = (st: GameState<MarsState>) =>
      new AiPlayer('same', { level: 2, iterations: 2 }).choose(rules, st, 'soviet');
    const a = choose(s);
    for (const seed of ['one', 'two']) {
      const other = marsModule.determinize!(s, 'soviet', rngFromSeed(seed)) as GameState<MarsState>;
      assert.deepEqual(choose(other), a);
    }
  });
  it("a served game's seat caps each search by the clock (module players' play.thinkMs); a simulation's does not", () => {
    const s = planPoint(4, 2, 'german');
    const capped = marsModule.players!.ai2!.make('cap', { thinkMs: 1 }) as AiPlayer;
    const action = capped.choose(rules, s, 'german');
    assert.ok(apply(rules, s, 'german', action).ok, 'a legal action all the same');
    assert.equal(capped.searches, 1);
    assert.ok(
      capped.iterations >= 1 && capped.iterations < AI_LEVELS[2]!.budget.iterations,
      `${capped.iterations} iterations in 1 ms`,
    );
    const full = marsModule.players!.ai2!.make('full') as AiPlayer;
    full.choose(rules, s, 'german');
    assert.equal(full.iterations, AI_LEVELS[2]!.budget.iterations, 'without a cap, the whole budget');
  });
});
