import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type Action,
  apply,
  applyUnchecked,
  applyUnlogged,
  applyWithRolls,
  type GameRules,
  type GameState,
  legalActions,
  logMatchesDigest,
  type ReplayFile,
  replay,
  sameJson,
  setup,
  stateHash,
  UNDO,
  UNLOGGED,
  view,
} from './game.ts';
import { canonicalJson } from './hash.ts';
import { err, ok } from './result.ts';

/**
 * A toy race exercising the contract: step 1 (reversible, twice a turn), roll a die
 * (irreversible), reveal your secret (irreversible), end the turn. First to 20 wins.
 */
interface Race {
  pos: Record<string, number>;
  secret: Record<string, number>;
  revealed: Record<string, boolean>;
  turn: string;
  steps: number;
}

const race: GameRules<Race, Action, { goal?: number }> = {
  id: 'race',
  rulesVersion: 'race-1',
  sides: ['red', 'blue'],
  setup(scenario, _options, ctx) {
    if (
      !scenario ||
      typeof scenario !== 'object' ||
      typeof (scenario as { start?: unknown }).start !== 'number'
    ) {
      return err([{ code: 'setup/schema', path: 'start', message: 'start must be a number' }]);
    }
    const start = (scenario as { start: number }).start;
    return ok({
      pos: { red: start, blue: start },
      secret: { red: ctx.roll('red secret'), blue: ctx.roll('blue secret') },
      revealed: { red: false, blue: false },
      turn: 'red',
      steps: 0,
    });
  },
  activeSides: (g) => (g.pos.red! >= 20 || g.pos.blue! >= 20 ? [] : [g.turn]),
  legalActions(g, side) {
    if (side !== g.turn || this.activeSides(g).length === 0) return [];
    const out: Action[] = [];
    if (g.steps < 2) out.push({ type: 'step' });
    out.push({ type: 'roll' });
    if (!g.revealed[side]) out.push({ type: 'reveal' });
    out.push({ type: 'end' });
    return out;
  },
  applyAction(g, side, action, ctx) {
    switch (action.type) {
      case 'step':
        g.pos[side]! += 1;
        g.steps += 1;
        ctx.log({ kind: 'move', text: `${side} steps to ${g.pos[side]}` });
        break;
      case 'roll':
        g.pos[side]! += ctx.roll(`${side} runs`, ['race §2']);
        break;
      case 'reveal':
        g.revealed[side] = true;
        ctx.reveal();
        ctx.log({ kind: 'reveal', text: `${side}'s secret is ${g.secret[side]}` });
        break;
      case 'end':
        g.turn = side === 'red' ? 'blue' : 'red';
        g.steps = 0;
        break;
    }
  },
  view(g, side) {
    const secret: Record<string, number | null> = {};
    for (const s of ['red', 'blue'])
      secret[s] = side === null || s === side || g.revealed[s] ? g.secret[s]! : null;
    return { ...g, secret };
  },
  outcome(g) {
    if (this.activeSides(g).length > 0) return null;
    const winner = g.pos.red! >= 20 ? 'red' : 'blue';
    return { winner, score: { ...g.pos }, summary: `${winner} wins` };
  },
};

function start(seed: number | string = 7): GameState<Race> {
  const s = setup(race, { start: 0 }, seed, {});
  assert.ok(s.ok);
  return s.value;
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  return r.value;
}

describe('setup', () => {
  it('rolls with the seed: the same seed gives the same game, another seed another', () => {
    assert.equal(stateHash(start(1)), stateHash(start(1)));
    const hashes = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((s) => canonicalJson(start(s).state.secret)));
    assert.ok(hashes.size > 1);
  });
  it('reports a bad scenario with its field', () => {
    const r = setup(race, { start: 'x' }, 1, {});
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.path, 'start');
  });
  it('logs every roll', () => {
    const s = start();
    assert.equal(s.log.filter((e) => e.kind === 'roll').length, 2);
  });
});

describe('apply', () => {
  it('refuses a stale action, an action out of turn, an illegal or malformed one, changing nothing', () => {
    const s = start();
    const before = canonicalJson(s);
    const stale = apply(race, s, 'red', { type: 'step' }, s.stateId + 1);
    assert.equal(!stale.ok && stale.error.code, 'action/stale');
    const notYours = apply(race, s, 'blue', { type: 'step' });
    assert.equal(!notYours.ok && notYours.error.code, 'action/not-your-turn');
    const illegal = apply(race, s, 'red', { type: 'fly' });
    assert.equal(!illegal.ok && illegal.error.code, 'action/not-legal');
    const malformed = apply(race, s, 'red', 'step');
    assert.equal(!malformed.ok && malformed.error.code, 'action/malformed');
    const nobody = apply(race, s, 'green', { type: 'step' });
    assert.equal(!nobody.ok && nobody.error.code, 'action/unknown-side');
    assert.equal(canonicalJson(s), before);
  });
  it('accepts an action chosen against the current state id and moves the id on', () => {
    const s = start();
    const t = must(apply(race, s, 'red', { type: 'step' }, s.stateId));
    assert.equal(t.stateId, s.stateId + 1);
    assert.equal(t.state.pos.red, 1);
  });
  it('always offers a non-terminal state at least one action, and none once it is over', () => {
    let s = start(3);
    for (let i = 0; i < 500 && race.activeSides(s.state).length > 0; i++) {
      const side = race.activeSides(s.state)[0]!;
      const acts = legalActions(race, s, side);
      assert.ok(acts.length > 0);
      s = must(apply(race, s, side, acts.find((a) => a.type === 'roll') ?? acts[0]));
    }
    assert.deepEqual(race.activeSides(s.state), []);
    const over = apply(race, s, 'red', { type: 'roll' });
    assert.equal(!over.ok && over.error.code, 'action/game-over');
    assert.ok(race.outcome(s.state));
  });
});

describe('applyWithRolls: dice forced for rules tests', () => {
  it('uses the given roll, advances the dice as usual and logs the forced value', () => {
    const s0 = start();
    for (const forced of [1, 6]) {
      const s1 = must(applyWithRolls(race, s0, 'red', { type: 'roll' }, [forced]));
      assert.equal(s1.state.pos.red, forced);
      assert.deepEqual(s1.rng, must(apply(race, s0, 'red', { type: 'roll' })).rng);
      assert.match(s1.log.at(-1)!.text, new RegExp(`rolled ${forced}$`));
    }
  });
  it('refuses what apply refuses, and throws on rolls left over or missing', () => {
    const s0 = start();
    const bad = applyWithRolls(race, s0, 'blue', { type: 'roll' }, [3]);
    assert.equal(!bad.ok && bad.error.code, 'action/not-your-turn');
    assert.throws(() => applyWithRolls(race, s0, 'red', { type: 'roll' }, [3, 4]), /not used/);
    assert.throws(() => applyWithRolls(race, s0, 'red', { type: 'roll' }, []), /no roll left/);
    assert.throws(() => applyWithRolls(race, s0, 'red', { type: 'roll' }, [7]), /no d6 roll/);
  });
});

describe("applyUnlogged: a search's look-ahead", () => {
  it('gives the same game and dice as applyUnchecked, and no log, no digest, no undo', () => {
    let logged = start();
    let quiet = start();
    for (const a of ['step', 'roll', 'reveal', 'end', 'roll', 'step'] as const) {
      const side = logged.state.turn;
      logged = applyUnchecked(race, logged, side, { type: a });
      quiet = applyUnlogged(race, quiet, side, { type: a });
      assert.deepEqual(quiet.state, logged.state, `after ${a}`);
      assert.deepEqual(quiet.rng, logged.rng, `the dice after ${a}`);
      assert.equal(quiet.stateId, logged.stateId);
      assert.equal(quiet.undo, null, 'nothing to undo in a look-ahead');
    }
    assert.equal(quiet.log.length, start().log.length, 'the log stops where it was');
    assert.ok(logged.log.length > quiet.log.length, 'the played game logged its rolls and moves');
    assert.equal(quiet.logDigest, UNLOGGED, 'its history is not certified');
    assert.notEqual(stateHash(quiet), stateHash(logged), 'so it never hashes as the played state');
    assert.throws(() => applyUnlogged(race, quiet, quiet.state.turn, UNDO), /does not undo/);
  });
});

describe("logMatchesDigest: a log read back checked against the state's digest", () => {
  it("holds for every played state, after undos too; not for a changed log nor a search's state", () => {
    let s = start();
    assert.ok(logMatchesDigest(s), 'the set-up');
    for (const a of ['step', 'step', 'undo', 'roll', 'step', 'undo', 'reveal', 'end', 'roll'] as const) {
      s = must(apply(race, s, s.state.turn, { type: a }));
      assert.ok(logMatchesDigest(s), `after ${a}`);
      // A log read back as a copy of equal entries matches.
      assert.ok(logMatchesDigest({ ...s, log: JSON.parse(JSON.stringify(s.log)) }), `a copy after ${a}`);
    }
    assert.ok(s.log.length >= 3, `${s.log.length} entries`);
    assert.ok(!logMatchesDigest({ ...s, log: s.log.slice(0, -1) }), 'an entry missing');
    assert.ok(!logMatchesDigest({ ...s, log: [...s.log.slice(1), s.log[0]!] }), 'entries out of order');
    const changed = s.log.map((e, i) => (i === 1 ? { ...e, text: `${e.text}!` } : e));
    assert.ok(!logMatchesDigest({ ...s, log: changed }), 'an entry changed');
    assert.ok(!logMatchesDigest(applyUnlogged(race, s, s.state.turn, { type: 'roll' })), 'a look-ahead');
  });
});

describe('undo until a die roll or a reveal', () => {
  it('takes back reversible steps one at a time', () => {
    const s0 = start();
    const s1 = must(apply(race, s0, 'red', { type: 'step' }));
    const s2 = must(apply(race, s1, 'red', { type: 'step' }));
    assert.ok(legalActions(race, s2, 'red').some((a) => a.type === 'undo'));
    const u1 = must(apply(race, s2, 'red', UNDO));
    assert.equal(u1.state.pos.red, 1);
    assert.equal(u1.state.steps, 1);
    const u2 = must(apply(race, u1, 'red', UNDO));
    assert.deepEqual(u2.state, s0.state);
    assert.ok(!legalActions(race, u2, 'red').some((a) => a.type === 'undo'));
    assert.ok(u2.stateId > s2.stateId, 'state ids never go back: old actions stay stale');
  });
  it('takes undo as {"type":"undo"} only: anything more is refused, not stored', () => {
    const s1 = must(apply(race, start(), 'red', { type: 'step' }));
    for (const padded of [
      { type: 'undo', unit: 'x' },
      { type: 'undo', constructor: { prototype: { polluted: 1 } } },
    ]) {
      const r = apply(race, s1, 'red', padded);
      assert.equal(!r.ok && r.error.code, 'action/not-legal', JSON.stringify(padded));
    }
    assert.equal(must(apply(race, s1, 'red', { type: 'undo', note: undefined })).state.steps, 0);
  });
  it('closes undo at a roll', () => {
    const s1 = must(apply(race, start(), 'red', { type: 'step' }));
    const s2 = must(apply(race, s1, 'red', { type: 'roll' }));
    assert.equal(s2.undo, null);
    const u = apply(race, s2, 'red', UNDO);
    assert.equal(!u.ok && u.error.code, 'action/not-legal');
  });
  it('closes undo at a reveal and when the turn passes', () => {
    const s1 = must(apply(race, start(), 'red', { type: 'step' }));
    assert.equal(must(apply(race, s1, 'red', { type: 'reveal' })).undo, null);
    assert.equal(must(apply(race, s1, 'red', { type: 'end' })).undo, null);
  });
});

describe('view: hidden information stays hidden', () => {
  it('hides the other side secret and the dice state', () => {
    const s = start();
    const v = view(race, s, 'blue');
    assert.deepEqual(v.state, { ...s.state, secret: { red: null, blue: s.state.secret.blue } });
    assert.ok(!JSON.stringify(v).includes('"rng"'), 'the dice state would predict every roll');
  });
});

describe('replay and hashes', () => {
  const randomGame = (seed: number, picks: number[]) => {
    let s = start(seed);
    const actions: { side: string; action: Action }[] = [];
    for (const p of picks) {
      const side = race.activeSides(s.state)[0];
      if (!side) break;
      const acts = legalActions(race, s, side);
      const a = acts[p % acts.length]!;
      actions.push({ side, action: a });
      s = applyUnchecked(race, s, side, a);
    }
    return {
      s,
      file: { game: 'race', rulesVersion: 'race-1', scenario: { start: 0 }, seed, actions } as ReplayFile,
    };
  };
  it('rebuilds the same state from {rules version, scenario, seed, actions}, twice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(fc.nat(), { maxLength: 60 }), (seed, picks) => {
        const { s, file } = randomGame(seed, picks);
        const a = must(replay(race, file));
        const b = must(replay(race, file));
        assert.equal(stateHash(a), stateHash(s));
        assert.equal(stateHash(b), stateHash(s));
      }),
      { numRuns: 60 },
    );
  });
  it('never changes the state it is given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.nat(),
        (seed, picks, k) => {
          const { s } = randomGame(seed, picks);
          const side = race.activeSides(s.state)[0];
          if (!side) return;
          const snapshot = canonicalJson(s);
          const acts = legalActions(race, s, side);
          apply(race, s, side, acts[k % acts.length]);
          assert.equal(canonicalJson(s), snapshot);
        },
      ),
      { numRuns: 80 },
    );
  });
  it('refuses a replay from other rules or with an illegal action, naming the action', () => {
    const { file } = randomGame(5, [1, 2, 3]);
    const v = replay(race, { ...file, rulesVersion: 'race-0' });
    assert.equal(!v.ok && v.error[0]!.path, 'rulesVersion');
    const bad = replay(race, {
      ...file,
      actions: [...file.actions, { side: 'blue', action: { type: 'fly' } }],
    });
    assert.equal(!bad.ok && bad.error[0]!.path, `actions[${file.actions.length}]`);
  });
  it('refuses a file whose actions are no list of {side, action}, as read from an untrusted file', () => {
    const { file } = randomGame(5, [1, 2, 3]);
    for (const actions of [
      7,
      null,
      { 0: file.actions[0] },
      [null],
      [{ side: 'blue' }],
      [{ side: 3, action: {} }],
    ]) {
      const r = replay(race, JSON.parse(JSON.stringify({ ...file, actions }))); // as a file is read
      assert.ok(!r.ok, JSON.stringify(actions));
      assert.match(r.error[0]!.path, /^actions/);
      assert.equal(r.error[0]!.code, 'setup/replay-action');
    }
  });
});

describe('action matching', () => {
  it('compares plain JSON structurally, as canonical JSON would', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        assert.equal(sameJson(a, b), canonicalJson(a) === canonicalJson(b));
        assert.ok(sameJson(a, structuredClone(a)));
      }),
    );
    assert.ok(sameJson({ type: 'move', unit: 'x', to: '0101' }, { to: '0101', unit: 'x', type: 'move' }));
    assert.ok(!sameJson({ type: 'move', units: ['a'] }, { type: 'move', units: ['a', 'b'] }));
  });
  it('looks first where the caller says the action stands in the legal list, and applies the action given whatever the index says', () => {
    const s = start();
    const legal = legalActions(race, s, 'red');
    assert.ok(legal.length >= 2, 'two legal actions at least, to point at the wrong one');
    for (const [i, a] of legal.entries()) {
      const sent = structuredClone(a); // as a client sends it: equal, not the same object
      const alone = stateHash(must(apply(race, s, 'red', sent)));
      for (const index of [i, (i + 1) % legal.length, -1, legal.length, 0.5, Number.NaN]) {
        const r = must(apply(race, s, 'red', sent, s.stateId, index));
        assert.equal(stateHash(r), alone, `${a.type} with the index ${index}`);
      }
    }
    const illegal = apply(race, s, 'red', { type: 'fly' }, s.stateId, 0);
    assert.equal(!illegal.ok && illegal.error.code, 'action/not-legal', 'an index makes no action legal');
  });
  it('with the right index, reads one action of the list, not the list', () => {
    // The race, its legal lists counting the actions read from them.
    let reads = 0;
    const counted: typeof race = {
      ...race,
      legalActions: (g, side) =>
        new Proxy(race.legalActions(g, side), {
          get(target, key, receiver) {
            if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
            return Reflect.get(target, key, receiver);
          },
        }),
    };
    const s = must(setup(counted, { start: 0 }, 7, {}));
    const legal = race.legalActions(s.state, 'red');
    const at = legal.length - 1;
    const sent = structuredClone(legal[at]);
    must(apply(counted, s, 'red', sent, s.stateId, at));
    assert.equal(reads, 1, 'the action at the index, and no other');
    reads = 0;
    must(apply(counted, s, 'red', sent, s.stateId));
    assert.equal(reads, legal.length, 'without it, the list is walked to the action');
  });
});
