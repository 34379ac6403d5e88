/**
 * cloneBarbarossaState (clone.ts) is structuredClone, faster: on states of whole games
 * (random, random with a taste for air units and attacks, the level 1 AI) it gives what
 * structuredClone gives, keys in the same order, sharing no object with the original; the
 * states played cover every nested field it copies; a field planted anywhere in the state
 * is caught; and games replay to the same hashes whichever copy the engine makes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  applyUnchecked,
  canonicalJson,
  type GameRules,
  type GameState,
  legalActions,
  type Player,
  type PlayoutResult,
  playout,
  RandomPlayer,
  type RngState,
  rngFromSeed,
  rollDie,
  setup,
  stateHash,
} from '@stavka/engine';
import { barbarossaAiPlayers } from './ai/ai.ts';
import { cloneBarbarossaState, type Shape, STATE_SHAPE } from './clone.ts';
import { carryMovementLists } from './movement.ts';
import { type BarbarossaOptions, barbarossaRules } from './rules.ts';
import type { BarbarossaState } from './state.ts';

type G = GameState<BarbarossaState>;

/** The rules as they were: the engine's structuredClone (and the movement lists carried). */
const structuredRules: typeof barbarossaRules = {
  ...barbarossaRules,
  clone(g) {
    const draft = structuredClone(g);
    carryMovementLists(g, draft);
    return draft;
  },
};

/**
 * A random player that, 3 times in 4, takes an air mission, an allocation, an
 * interception or a factory's evacuation when offered: its games reach what a uniform
 * choice among hundreds of moves seldom does (close air support in a Blitzkrieg!,
 * interceptions).
 */
class Eager implements Player {
  readonly name = 'eager';
  private rng: RngState;
  constructor(seed: string) {
    this.rng = rngFromSeed(seed);
  }
  private die(n: number): number {
    const r = rollDie(this.rng, n);
    this.rng = r.next;
    return r.value - 1;
  }
  choose<S>(rules: GameRules<S, Action, unknown>, state: GameState<S>, side: string): Action {
    const actions = legalActions(rules, state, side).filter((a) => a.type !== 'undo');
    for (const type of ['air-support', 'allocate', 'intercept', 'airstrike', 'air-supply', 'load-factory']) {
      const some = actions.filter((a) => a.type === type);
      if (some.length > 0 && this.die(4) > 0) return some[this.die(some.length)]!;
    }
    return actions[this.die(actions.length)]!;
  }
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Every nested field the clone copies (a 'copy' field), as a path: `combat.split`, `attacks[].air`, `pieces{}`. */
function copyPaths(shape: Shape, path: string, out: Set<string>): Set<string> {
  if ('entries' in shape) {
    const at = `${path}${shape.entries === 'array' ? '[]' : '{}'}`;
    if (shape.of) copyPaths(shape.of, at, out);
    return out;
  }
  for (const [k, how] of Object.entries(shape.fields)) {
    if (how !== 'copy') continue;
    const at = path ? `${path}.${k}` : k;
    out.add(at);
    const of = shape.of[k];
    if (of) copyPaths(of, at, out);
  }
  return out;
}

/**
 * Walks a state against the clone's shape: every field of every object is one the shape
 * names (a field it does not name fails), a value field holds no object, a copy field's
 * type is described; `seen` gets each copy field found non-empty.
 */
function checkShape(v: unknown, shape: Shape, path: string, seen: Set<string>): void {
  if ('entries' in shape) {
    assert.ok(isObject(v), `${path} is an object`);
    assert.equal(
      Array.isArray(v),
      shape.entries === 'array',
      `${path} is ${shape.entries === 'array' ? '' : 'not '}an array`,
    );
    const at = `${path}${shape.entries === 'array' ? '[]' : '{}'}`;
    for (const e of Object.values(v)) {
      if (shape.of) checkShape(e, shape.of, at, seen);
      else assert.ok(!isObject(e), `${at} holds values only`);
    }
    return;
  }
  assert.ok(isObject(v) && !Array.isArray(v), `${path} is an object`);
  for (const [k, x] of Object.entries(v)) {
    const at = path ? `${path}.${k}` : k;
    const how = shape.fields[k];
    assert.ok(how !== undefined, `${at}: a field the clone does not name (clone.ts FIELDS)`);
    if (how === 'value') {
      assert.ok(!isObject(x), `${at} is named a value but holds an object`);
      continue;
    }
    if (x === null || x === undefined) continue;
    const of = shape.of[k];
    assert.ok(of !== undefined, `${at}: no shape for the copy`);
    if (Object.keys(x).length > 0) seen.add(at);
    checkShape(x, of, at, seen);
  }
}

/** Every object and array in `v`, by identity. */
function objectsOf(v: unknown, out = new Set<object>()): Set<object> {
  if (!isObject(v) || out.has(v)) return out;
  out.add(v);
  for (const x of Object.values(v)) objectsOf(x, out);
  return out;
}

/** The paths of the objects of `copy` that are objects of `original` too (none, for a deep copy). */
function shared(original: unknown, copy: unknown): string[] {
  const theirs = objectsOf(original);
  const found: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (!isObject(v)) return;
    if (theirs.has(v)) found.push(path || '(the state)');
    for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  walk(copy, '');
  return found;
}

/** Changes everything in `v` in place: each array gains an entry, each object a field, each primitive field another value. */
function scribble(v: unknown): void {
  if (!isObject(v)) return;
  for (const [k, x] of Object.entries(v)) {
    if (isObject(x)) scribble(x);
    else
      (v as Record<string, unknown>)[k] =
        typeof x === 'number' ? x + 1 : typeof x === 'string' ? `${x}!` : 'scribbled';
  }
  if (Array.isArray(v)) v.push('scribbled');
  else (v as Record<string, unknown>).scribbled = ['scribbled'];
}

/** What the clone is checked against on one state (deep equality, JSON, sharing nothing, independence). */
function checkClone(g: BarbarossaState, where: string): void {
  const c = cloneBarbarossaState(g);
  const reference = structuredClone(g);
  assert.deepStrictEqual(c, reference, where);
  assert.equal(JSON.stringify(c), JSON.stringify(reference), `${where}: the same keys in the same order`);
  assert.equal(canonicalJson(c), canonicalJson(g), where);
  assert.deepEqual(shared(g, c), [], `${where}: objects shared with the original`);
  const json = JSON.stringify(g);
  scribble(c);
  assert.equal(JSON.stringify(g), json, `${where}: the original changed with its copy`);
}

/** The nested copy fields a state has non-empty. */
function fieldsIn(g: BarbarossaState): Set<string> {
  const seen = new Set<string>();
  checkShape(g, STATE_SHAPE, '', seen);
  return seen;
}

/**
 * States of a game, kept: every 25th, and the first 4 in which each nested field is
 * found non-empty (so the rare ones, a combat's survivors, an air mission, are all checked).
 */
class Sample {
  readonly states: { g: BarbarossaState; where: string }[] = [];
  readonly seen = new Map<string, number>();
  keep(g: BarbarossaState, where: string, i: number): void {
    const fields = fieldsIn(g);
    let rare = false;
    for (const f of fields) {
      const n = this.seen.get(f) ?? 0;
      if (n < 4) rare = true;
      this.seen.set(f, n + 1);
    }
    if (rare || i % 25 === 0) this.states.push({ g, where });
  }
}

/** Every HASH_EVERY-th state's hash is compared (and the last). */
const HASH_EVERY = 10;

/**
 * A whole game played with the rules (and so with cloneBarbarossaState), every state to
 * `sample`, and the hash of every HASH_EVERY-th state (by its number of actions).
 */
function whole(
  seed: string,
  players: Record<string, Player>,
  options: BarbarossaOptions,
  sample: Sample,
): { game: PlayoutResult<BarbarossaState>; hashes: Map<number, string> } {
  const hashes = new Map<number, string>();
  let n = 0;
  const game = playout(barbarossaRules, seed, players, {
    options: { ...options },
    onAction: (s) => {
      n++;
      if (n % HASH_EVERY === 0) hashes.set(n, stateHash(s));
      sample.keep(s.state as BarbarossaState, `game ${seed} action ${n}`, n);
    },
  });
  return { game: game as PlayoutResult<BarbarossaState>, hashes };
}

/** Plays `players` from the standard set-up for `max` actions (or to the end), every state to `sample`. */
function play(seed: string, players: Record<string, Player>, max: number, sample: Sample): void {
  const made = setup(barbarossaRules, null, seed, {});
  if (!made.ok) throw new Error(JSON.stringify(made.error));
  let s: G = made.value;
  sample.keep(s.state, `game ${seed} set-up`, 0);
  for (let i = 1; i <= max; i++) {
    const side = barbarossaRules.activeSides(s.state)[0];
    if (side === undefined) break;
    s = applyUnchecked(barbarossaRules, s, side, players[side]!.choose(barbarossaRules, s, side) as never);
    sample.keep(s.state, `game ${seed} action ${i}`, i);
  }
}

describe('cloneBarbarossaState: structuredClone, field by field', () => {
  const sample = new Sample();
  // Whole games: an eager random one with the weather rolled (B-11), which has Blitzkrieg!
  // air, interceptions, survivors, evacuations and a result; two uniform random ones, with
  // the expanded odds (B-63) and without. And the level 1 AI on both sides for 500
  // actions (the first turns of the full front, as an AI plays them).
  const games = [
    whole('2', { axis: new Eager('a2'), soviet: new Eager('s2') }, { weatherRoll: true }, sample),
    whole(
      '4',
      { axis: new RandomPlayer('a4'), soviet: new RandomPlayer('s4') },
      { asymmetricOdds: true },
      sample,
    ),
    whole('7', { axis: new RandomPlayer('a7'), soviet: new RandomPlayer('s7') }, {}, sample),
  ];
  play(
    '1',
    { axis: barbarossaAiPlayers.ai1!.make('1:axis'), soviet: barbarossaAiPlayers.ai1!.make('1:soviet') },
    500,
    sample,
  );

  it('the games played reach every nested field the clone copies, and the state has no field it does not name', () => {
    assert.ok(
      games.every(({ game }) => game.state.state.winner !== null && game.state.state.result),
      'the whole games ended, with a result',
    );
    const unseen = [...copyPaths(STATE_SHAPE, '', new Set())].filter((p) => !sample.seen.has(p));
    assert.deepEqual(unseen, [], 'nested fields no state played had (their copy is unchecked)');
    assert.ok(sample.states.length > 200, `${sample.states.length} states`);
  });

  it('gives what structuredClone gives on each state (deep-equal, the same JSON key for key), sharing nothing with it', () => {
    for (const { g, where } of sample.states) checkClone(g, where);
  });

  it('a field the clone does not know, planted in any object of a state, is caught (shared with the original, unnamed)', () => {
    // One object of each kind (the state, a piece, a combat, its split die, an air mission,
    // an evacuation, ...) from the states played: where it is, by the keys to it.
    const places = new Map<string, { g: BarbarossaState; keys: string[] }>();
    const find = (g: BarbarossaState, v: unknown, keys: string[], path: string) => {
      if (!isObject(v)) return;
      if (!Array.isArray(v) && !places.has(path)) places.set(path, { g, keys });
      const record = path === 'pieces' || path === 'evacuation' || path.endsWith('identities');
      for (const [k, x] of Object.entries(v))
        find(
          g,
          x,
          [...keys, k],
          Array.isArray(v) ? `${path}[]` : record ? `${path}{}` : path ? `${path}.${k}` : k,
        );
    };
    for (const { g } of sample.states) find(g, g, [], '');
    for (const must of [
      '',
      'pieces',
      'pieces{}',
      'control',
      'attacks[]',
      'combat',
      'combat.split',
      'combat.defense',
      'blitzAir[]',
      'evacuation{}',
      'airMission',
      'result',
      'options',
      'secret',
      'secret.identities{}',
      'secret.tankGroups',
    ])
      assert.ok(places.has(must), `an object at ${must || 'the top'} in the states played`);
    for (const [path, { g: state, keys }] of places) {
      const g = structuredClone(state);
      let at = g as unknown as Record<string, unknown>;
      for (const k of keys) at = at[k] as Record<string, unknown>;
      at.planted = { nested: [1] };
      const prefix = `${keys.map((k) => `.${k}`).join('')}.planted`;
      const found = shared(g, cloneBarbarossaState(g));
      assert.ok(
        found.length > 0 && found.every((p) => p.startsWith(prefix)),
        `${path || 'the state'}: ${found}`,
      );
      assert.throws(() => fieldsIn(g), /does not name|holds values only/, path || 'the state');
    }
  });

  it('whole games replayed with structuredClone go through the same hashes to the same final state', () => {
    for (const { game, hashes } of games) {
      // The replay file's actions applied as the engine applies a player's (the legal
      // lists were checked as the game was played).
      const made = setup(
        structuredRules,
        null,
        game.replay.seed,
        (game.replay.options ?? {}) as BarbarossaOptions,
      );
      assert.ok(made.ok);
      let s: G = made.value;
      let n = 0;
      for (const { side, action } of game.replay.actions) {
        s = applyUnchecked(structuredRules, s, side, action as never);
        n++;
        if (n % HASH_EVERY === 0)
          assert.equal(stateHash(s), hashes.get(n), `game ${game.replay.seed} action ${n}`);
      }
      assert.equal(n, game.actions);
      assert.equal(stateHash(s), game.hash, 'the final hash');
      assert.equal(JSON.stringify(s.state), JSON.stringify(game.state.state), 'the final state, key for key');
    }
  });
});
