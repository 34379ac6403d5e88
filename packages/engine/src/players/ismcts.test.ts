import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  actionKey,
  apply,
  type GameRules,
  type GameState,
  legalActions,
  setup,
} from '../game.ts';
import { ok } from '../result.ts';
import { type RngState, rngFromSeed, rollDie } from '../rng.ts';
import { determinizeSecret, type SecretState, secretModule, secretRules } from '../secret-game.ts';
import {
  choicesAt,
  IsmctsPlayer,
  ismcts,
  type Macro,
  type SearchBudget,
  type SearchDomain,
  searchFrom,
  singleAction,
} from './ismcts.ts';
import { type Nim, nimRules } from './nim.ts';

function randomPolicy(rng: RngState) {
  let r = rng;
  return <G>(rules: GameRules<G, Action, unknown>) =>
    (s: GameState<G>, side: string): Action => {
      const legal = legalActions(rules, s, side).filter((a) => a.type !== 'undo');
      const d = rollDie(r, legal.length);
      r = d.next;
      return legal[d.value - 1]!;
    };
}

const nimDomain: SearchDomain<Nim> = {
  rules: nimRules as GameRules<Nim, Action, unknown>,
  policy: (rng) => randomPolicy(rng)(nimRules as GameRules<Nim, Action, unknown>),
  evaluate: () => 0.5,
};

function start<G>(rules: GameRules<G, Action>, scenario: unknown, seed: number): GameState<G> {
  const made = setup(rules, scenario, seed, {});
  assert.ok(made.ok);
  return made.value;
}

describe('the search finds the best move of a game it is given (Nim: leave a multiple of 4)', () => {
  for (const [heap, take] of [
    [5, 1],
    [7, 3],
    [10, 2],
  ] as const) {
    it(`from a heap of ${heap} it takes ${take}`, () => {
      const s = start(nimRules, heap, 1);
      const r = ismcts(nimDomain, s, 'a', { iterations: 3000, horizon: 0 }, `nim${heap}`);
      assert.deepEqual(JSON.parse(r.macro.key), { type: 'take', n: take }, JSON.stringify(r.stats));
      assert.equal(r.iterations, 3000);
    });
  }
});

/* The hidden-information test game (Dispatches), through its module (secretModule). */
const secretGame = secretModule();
const secret: GameRules<SecretState, Action, unknown> = secretGame.rules!;
const secretDomain: SearchDomain<SecretState> = {
  rules: secret,
  determinize: secretGame.determinize!,
  policy: (rng) => randomPolicy(rng)(secret),
  evaluate: () => 0.5,
};

describe('the search over a game with hidden information (Dispatches)', () => {
  it('plays whole games through the checked apply, only legal actions', () => {
    for (let seed = 1; seed <= 4; seed++) {
      let s = start(secretRules(), null, seed) as GameState<SecretState>;
      const players = {
        red: new IsmctsPlayer(
          'ismcts',
          secretDomain as SearchDomain<unknown>,
          { iterations: 40, horizon: 0 },
          seed,
        ),
        blue: new IsmctsPlayer(
          'ismcts',
          secretDomain as SearchDomain<unknown>,
          { iterations: 40, horizon: 0 },
          -seed,
        ),
      };
      for (let n = 0; n < 50; n++) {
        const side = secret.activeSides(s.state)[0] as 'red' | 'blue' | undefined;
        if (side === undefined) break;
        const a = players[side].choose(secret, s, side);
        const next = apply(secret, s, side, a, s.stateId);
        assert.ok(next.ok, `seed ${seed}: ${JSON.stringify(a)}`);
        s = next.value;
      }
      assert.equal(secret.activeSides(s.state).length, 0, 'the game ended');
      assert.ok(players.red.searches > 0);
    }
  });

  it('never reads what its side cannot see: the same choice in every state determinized for it', () => {
    const s = start(secretRules(), null, 9) as GameState<SecretState>;
    const choose = (st: GameState<SecretState>) =>
      new IsmctsPlayer(
        'ismcts',
        secretDomain as SearchDomain<unknown>,
        { iterations: 60, horizon: 0 },
        'x',
      ).choose(secret, st, 'red');
    const a = choose(s);
    for (let i = 0; i < 5; i++) {
      const other = determinizeSecret(s, 'red', rngFromSeed(`other world ${i}`));
      assert.notDeepEqual(other.state.pieces['blue-1'], undefined);
      assert.deepEqual(choose(other), a);
    }
    // And not the game's dice: a state whose dice cannot be read gives the same choice.
    const poisoned = new Proxy(s, {
      get(target, prop, receiver) {
        if (prop === 'rng') throw new Error('the search read the game dice');
        return Reflect.get(target, prop, receiver);
      },
    });
    assert.deepEqual(choose(poisoned), a);
  });

  it('is deterministic for a seed and a budget: the same root statistics twice', () => {
    const s = start(secretRules(), null, 4) as GameState<SecretState>;
    const run = () => ismcts(secretDomain, s, 'red', { iterations: 80, horizon: 0 }, 'seed').stats;
    assert.deepEqual(run(), run());
  });
});

describe('progressive widening and the clock cap', () => {
  it('with widening k=1, alpha=0 only the first choice by prior is ever visited', () => {
    const s = start(nimRules, 9, 1);
    const r = ismcts(nimDomain, s, 'a', { iterations: 50, horizon: 0, widenK: 1, widenAlpha: 0 }, 'w');
    assert.deepEqual(
      r.stats.map((x) => x.visits > 0),
      [true, false, false],
    );
  });
  it('maxMs stops the search early, after at least one iteration', () => {
    const s = start(nimRules, 30, 1);
    const clock = () => performance.now();
    const r = ismcts(nimDomain, s, 'a', { iterations: 1e9, horizon: 0, maxMs: 30, clock }, 't');
    assert.ok(r.iterations >= 1 && r.iterations < 1e9);
  });
  it('firstIteration: a search run in parts, part k from iteration k, draws what one run does', () => {
    const s = start(nimRules, 13, 1);
    const takes = choicesAt(nimDomain, s, 'a')!;
    // One root choice alone (as a player comparing its choices on the same samples plays
    // them), the rollouts by the random policy: each iteration's result is its draws'.
    const alone = (key: string): SearchDomain<Nim> => ({
      ...nimDomain,
      choices: (st) => (st === s ? takes.filter((m) => m.key === key) : null),
    });
    const rewards = new Set<number>();
    for (const { key } of takes) {
      const one = searchFrom(alone(key), s, 'a', { iterations: 8, horizon: 0 }, 'parts', {
        viewer: 'a',
        searchSingle: true,
      });
      let sum = 0;
      for (let k = 0; k < 8; k++) {
        const part = searchFrom(
          alone(key),
          s,
          'a',
          { iterations: 1, horizon: 0, firstIteration: k },
          'parts',
          {
            viewer: 'a',
            searchSingle: true,
          },
        );
        assert.equal(part.stats[0]!.visits, 1);
        sum += part.stats[0]!.mean;
        rewards.add(part.stats[0]!.mean);
      }
      assert.ok(Math.abs(sum / 8 - one.stats[0]!.mean) < 1e-12, `${key}: the parts' mean is one run's`);
    }
    assert.ok(rewards.size > 1, 'the samples differ (else the comparison proves nothing)');
  });
  it('reads the clock it is given, none of its own (issue #47: the engine reads no clock)', () => {
    const s = start(nimRules, 30, 1);
    let now = 0;
    const clock = () => now++ * 1000; // a second passes at every reading
    const r = ismcts(nimDomain, s, 'a', { iterations: 50, horizon: 0, maxMs: 500, clock }, 'c');
    assert.equal(r.iterations, 1);
    assert.throws(() => ismcts(nimDomain, s, 'a', { iterations: 5, horizon: 0, maxMs: 10 }, 'c'), /clock/);
  });
});

/* A bandit: side 'a' pulls one of four arms, then one die roll decides the game. */
interface Bandit {
  arm: number;
  won: boolean | null;
}
/** Arm k wins on a d6 roll of at most WIN_ON[k]: chances 1/6, 4/6, 3/6, 2/6. */
const WIN_ON = [1, 4, 3, 2];
type Pull = { readonly type: 'pull'; readonly arm: number };
const banditRules: GameRules<Bandit, Pull> = {
  id: 'bandit',
  rulesVersion: 'bandit/1',
  sides: ['a', 'b'],
  setup: () => ok({ arm: -1, won: null }),
  activeSides: (g) => (g.won === null ? ['a'] : []),
  legalActions: (g, side) =>
    side !== 'a' || g.won !== null ? [] : WIN_ON.map((_, arm) => ({ type: 'pull', arm })),
  applyAction(g, _side, a, ctx) {
    g.arm = a.arm;
    g.won = ctx.roll('the arm pays') <= WIN_ON[g.arm]!;
  },
  view: (g) => g,
  outcome: (g) => (g.won === null ? null : { winner: g.won ? 'a' : 'b', score: {}, summary: '' }),
};
const banditDomain: SearchDomain<Bandit> = {
  rules: banditRules as GameRules<Bandit, Action, unknown>,
  determinize: (state, _viewer, rng) => ({ ...state, rng }),
  policy: (rng) => randomPolicy(rng)(banditRules as GameRules<Bandit, Action, unknown>),
  evaluate: () => 0.5,
};

describe('sequential halving at the root', () => {
  it('spends the budget in rounds, drops the worse half, and plays the best arm', () => {
    const s = start(banditRules, null, 1);
    const r = ismcts(banditDomain, s, 'a', { iterations: 40, horizon: 0, root: 'halving' }, 'h');
    assert.equal(r.iterations, 40);
    // Two rounds of four arms: 5 iterations each, then 10 more for each of the best two.
    assert.deepEqual(
      r.stats.map((x) => x.visits).sort((a, b) => a - b),
      [5, 5, 15, 15],
    );
    assert.equal(r.macro.key, actionKey({ type: 'pull', arm: 1 }));
  });

  it('compares the arms on the same luck: the k-th pull of each arm in a round rolls the same die', () => {
    // Arm 1 wins on 1-4, arm 2 on 1-3: with common dice arm 1 never scores below arm 2.
    // A budget of 4 is one pull of each arm, all in the first round.
    const s = start(banditRules, null, 2);
    const outcomes = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const r = ismcts(banditDomain, s, 'a', { iterations: 4, horizon: 0, root: 'halving' }, `crn${seed}`);
      const won = [1, 2, 3, 0].map(
        (arm) => r.stats.find((x) => x.key === actionKey({ type: 'pull', arm }))!.mean,
      );
      assert.deepEqual([...won].sort().reverse(), won, `seed ${seed}: ${won}`);
      outcomes.add(won.join());
    }
    // Not one fixed die: the shared roll differs from search to search.
    assert.ok(outcomes.size >= 3, [...outcomes].join(' | '));
  });
});

/*
 * A march, then a fight: side 'a' chooses a plan (bold or careful), marches three times
 * (no die), then fights (one die: bold wins on 1-4, careful on 1-2).
 */
interface March {
  marched: number;
  won: boolean | null;
}
type MarchAction = { readonly type: 'march' } | { readonly type: 'fight'; readonly odds: number };
const marchRules: GameRules<March, MarchAction> = {
  id: 'march',
  rulesVersion: 'march/1',
  sides: ['a', 'b'],
  setup: () => ok({ marched: 0, won: null }),
  activeSides: (g) => (g.won === null ? ['a'] : []),
  legalActions: (g, side) =>
    side !== 'a' || g.won !== null
      ? []
      : g.marched < 3
        ? [{ type: 'march' }]
        : [
            { type: 'fight', odds: 2 },
            { type: 'fight', odds: 4 },
          ],
  applyAction(g, _side, a, ctx) {
    if (a.type === 'march') g.marched++;
    else g.won = ctx.roll('the fight') <= a.odds;
  },
  view: (g) => g,
  outcome: (g) => (g.won === null ? null : { winner: g.won ? 'a' : 'b', score: {}, summary: '' }),
};

/** The march domain; `marches` counts the march actions its plans work out. */
function marchDomain(replay: boolean): { domain: SearchDomain<March>; marches: () => number } {
  let marches = 0;
  const plan = (key: string, odds: number, prior: number): Macro<March> => ({
    key,
    prior,
    start: () => (s) => {
      if (s.state.marched < 3) {
        marches++;
        return { type: 'march' };
      }
      return { type: 'fight', odds };
    },
  });
  const plans = [plan('bold', 4, 1), plan('careful', 2, 0)];
  const domain: SearchDomain<March> = {
    rules: marchRules as GameRules<March, Action, unknown>,
    determinize: (state, _viewer, rng) => ({ ...state, rng }),
    choices: (s) => (s.state.marched === 0 ? plans : null),
    policy: (rng) => randomPolicy(rng)(marchRules as GameRules<March, Action, unknown>),
    evaluate: () => 0.5,
    ...(replay ? { planAt: () => 'restart' as const } : {}),
  };
  return { domain, marches: () => marches };
}

describe('a root plan up to its first die roll is played once per root choice (planAt)', () => {
  for (const root of ['ucb', 'halving'] as const) {
    it(`${root}: the marches are worked out once per plan, and the search's result is the same`, () => {
      const s = start(marchRules, null, 3);
      const budget = { iterations: 40, horizon: 0, root };
      const once = marchDomain(true);
      const every = marchDomain(false);
      const r1 = ismcts(once.domain, s, 'a', budget, 'm');
      const r2 = ismcts(every.domain, s, 'a', budget, 'm');
      assert.equal(once.marches(), 2 * 3);
      assert.equal(every.marches(), 40 * 3);
      assert.deepEqual(r1.stats, r2.stats);
      assert.equal(r1.macro.key, 'bold');
    });
  }
});

/*
 * Nim searched with plans: side 'a' plays two takes of the same size in a row (the other
 * side's take between them played inside the plan), side 'b' chooses each take. Where
 * each iteration ends (`observe`) shows how deep the tree grew and where the rollout stopped.
 */
function twoTakes(n: number): Macro<Nim> {
  return {
    key: `twice ${n}`,
    prior: n,
    start: () => {
      let left = 2;
      return () => (left-- > 0 ? { type: 'take', n } : null);
    },
  };
}
const nimPlansDomain: SearchDomain<Nim> = {
  ...nimDomain,
  choices: (s, side) =>
    side === 'a'
      ? [twoTakes(1), twoTakes(2)]
      : legalActions(nimPlansDomain.rules, s, side).map((a) => singleAction<Nim>(a)),
};

/** The heap and the side to move where each of the search's iterations ended. */
function endsOf(budget: SearchBudget): { heap: number; turn: string }[] {
  const ends: { heap: number; turn: string }[] = [];
  const s = start(nimRules, 60, 1);
  searchFrom(nimPlansDomain, s, 'a', budget, 'ends', {
    viewer: 'a',
    observe: (end) => ends.push({ heap: end.state.heap, turn: end.state.turn }),
  });
  return ends;
}

describe('how deep an iteration plays (treeDepth, stopAtReply)', () => {
  it('treeDepth 1: every iteration plays a root plan, then the rollout to the horizon, never deeper', () => {
    const deep = endsOf({ iterations: 30, horizon: 1 });
    const flat = endsOf({ iterations: 30, horizon: 1, treeDepth: 1 });
    // The root plan (two takes of a, each answered by b's 1-3), then the rollout's plan
    // (the first by prior: two takes of 2, each answered): 60 less 10 to 20.
    for (const e of flat) assert.ok(e.heap >= 40 && e.heap <= 50 && e.turn === 'a', JSON.stringify(e));
    // Without it the tree grows below the root and later iterations play further.
    assert.ok(
      Math.min(...deep.map((e) => e.heap)) < Math.min(...flat.map((e) => e.heap)),
      JSON.stringify({ deep, flat }),
    );
  });

  it("stopAtReply: the rollout's last plan stops at the other side's decision point", () => {
    const playsOn = endsOf({ iterations: 20, horizon: 1, treeDepth: 1 });
    const stops = endsOf({ iterations: 20, horizon: 1, treeDepth: 1, stopAtReply: true });
    // Playing on, the last plan's second take is followed by b's, and a is to move again;
    // stopping, it ends after its first take, where b decides.
    assert.deepEqual(new Set(playsOn.map((e) => e.turn)), new Set(['a']));
    assert.deepEqual(new Set(stops.map((e) => e.turn)), new Set(['b']));
    assert.equal(stops.length, 20);
  });
});
