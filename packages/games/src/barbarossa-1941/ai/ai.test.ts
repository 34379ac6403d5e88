import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  type GameRules,
  type GameState,
  knownState,
  legalActions,
  type Player,
  playout,
  RandomPlayer,
  rngFromSeed,
  setup,
  view,
} from '@stavka/engine';
import { barbarossaModule } from '../module.ts';
import { type BarbarossaAction, barbarossaRules } from '../rules.ts';
import type { BarbarossaState } from '../state.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { determinizeBarbarossa } from './determinize.ts';
import { BarbarossaPolicy } from './policy.ts';

const rules = barbarossaRules;
const anyRules = rules as unknown as GameRules<unknown, Action, Record<string, unknown>>;

/** Plays through the checked `apply` while `go` holds; every action must be accepted. */
function play(
  seed: number,
  players: Record<string, Player>,
  go: (s: GameState<BarbarossaState>) => boolean,
): { actions: Action[]; state: GameState<BarbarossaState> } {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok, 'the standard game sets up');
  let s = made.value;
  const actions: Action[] = [];
  for (;;) {
    const side = rules.activeSides(s.state)[0];
    if (side === undefined || !go(s)) break;
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

const ai = (seed: string) => new BarbarossaAiPlayer(seed);

describe('the AI plays only legal actions, through apply', () => {
  it('both sides for a game-turn, and each side against random for one', () => {
    const { state } = play(1, { axis: ai('a'), soviet: ai('b') }, (s) => s.state.turn < 2);
    assert.equal(state.state.turn, 2, 'a whole game-turn played');
    const axisAi = play(2, { axis: ai('c'), soviet: new RandomPlayer('r') }, (s) => s.state.turn < 2);
    assert.ok(axisAi.actions.length > 50, 'the Axis AI moved and attacked');
    const sovietAi = play(3, { axis: new RandomPlayer('r'), soviet: ai('d') }, (s) => s.state.turn < 2);
    assert.ok(sovietAi.actions.length > 20, 'the Soviet AI played its turns');
  });
  it('moves, attacks and resolves combats in its first player-turn as the Axis', () => {
    const { actions } = play(4, { axis: ai('e'), soviet: ai('f') }, (s) => s.state.player === 'axis');
    const kinds = new Set(actions.map((a) => a.type));
    for (const k of ['move', 'allocate', 'resolve', 'end-movement', 'end-combat'])
      assert.ok(kinds.has(k), `the Axis player-turn has a ${k}`);
  });
});

describe('the AI follows the rules it is handed, whatever they offer', () => {
  it('a kind of action it does not know is taken before optional ones when no "done" is offered', () => {
    const made = setup(rules, null, 9, {});
    assert.ok(made.ok, 'set up');
    const g = made.value.state;
    const legal = legalActions(rules, made.value, g.player).filter(
      (a) => a.type === 'rail' || a.type === 'sea',
    );
    const offered = [...legal, { type: 'some-new-step' }] as BarbarossaAction[];
    const policy = new BarbarossaPolicy(rngFromSeed('p'));
    assert.deepEqual(policy.choose(g, g.player, offered), { type: 'some-new-step' });
    // With the step's "done" offered, optional moves it did not plan are left alone.
    const done = [...legal, { type: 'end-step' }] as BarbarossaAction[];
    assert.deepEqual(new BarbarossaPolicy(rngFromSeed('p')).choose(g, g.player, done), { type: 'end-step' });
  });
});

describe('the AI is deterministic for a seed', () => {
  it('the same Axis player-turn twice, action for action', () => {
    const run = () =>
      play(5, { axis: ai('same'), soviet: new RandomPlayer('r') }, (s) => s.state.player === 'axis').actions;
    assert.deepEqual(run(), run());
  });
});

/** States along an AI game where `side` is to choose, one every `every` actions. */
function decisionPoints(
  seed: number,
  side: string,
  count: number,
  every: number,
): GameState<BarbarossaState>[] {
  const out: GameState<BarbarossaState>[] = [];
  let n = 0;
  play(seed, { axis: ai('x'), soviet: ai('y') }, (s) => {
    if (rules.activeSides(s.state)[0] === side && n++ % every === 0) out.push(s);
    return out.length < count && s.state.turn < 4;
  });
  return out;
}

describe('the AI decides from its side\'s view only ("Hidden and/vs. Revealed Russian units")', () => {
  for (const side of ['axis', 'soviet'] as const) {
    it(`as the ${side}: the same choice whatever the hidden identities and the game's dice`, () => {
      for (const s of decisionPoints(6, side, 3, 29)) {
        const a = ai('seen').choose(rules, s, side);
        for (const seed of ['one', 'two']) {
          const other = determinizeBarbarossa(s, side, rngFromSeed(seed));
          assert.deepEqual(
            view(rules, other, side).state,
            view(rules, s, side).state,
            'the other state looks the same to this side',
          );
          assert.deepEqual(
            ai('seen').choose(rules, other, side),
            a,
            `the same choice in a world drawn with ${seed}`,
          );
        }
        // The game's dice foretell every roll: the AI never reads them.
        const poisoned = new Proxy(s, {
          get(target, prop, receiver) {
            if (prop === 'rng') throw new Error('the AI read the game dice');
            return Reflect.get(target, prop, receiver);
          },
        });
        assert.deepEqual(ai('seen').choose(rules, poisoned, side), a, 'the same choice without the dice');
      }
    });
  }
});

/** A game where a revealed rifle army was turned face down again (re-hidden) by the Russian player. */
function withRehidden(): GameState<BarbarossaState> {
  const made = setup(rules, null, 8, {});
  assert.ok(made.ok, 'set up');
  let s = made.value;
  const players = { axis: ai('p'), soviet: ai('q') };
  for (let i = 0; i < 20_000; i++) {
    const side = rules.activeSides(s.state)[0]!;
    const legal = legalActions(rules, s, side);
    const rehide = legal.find((a) => a.type === 'rehide');
    const action = rehide ?? players[side as 'axis' | 'soviet'].choose(rules, s, side);
    const next = apply(rules, s, side, action, s.stateId);
    assert.ok(next.ok, 'accepted');
    s = next.value;
    if (rehide) return s;
  }
  throw new Error('no rifle army was re-hidden');
}

describe('determinize draws what the viewer cannot see, consistently with what it has seen (B-18)', () => {
  const s = withRehidden();
  const rehidden = Object.entries(s.state.secret.identities).filter(
    ([, h]) => h.unit !== null && h.knownTo === null,
  );
  it('a re-hidden rifle army is dealt to any face-down rifle army piece, the same units in play', () => {
    assert.ok(rehidden.length > 0, 'the fixture has a re-hidden army');
    // The rifle armies under face-down rifle-army pieces (the tank korps' units may come from
    // either blind group, B-53: the Axis does not know which group its label holds).
    const units = (g: BarbarossaState) =>
      Object.entries(g.secret.identities)
        .filter(([id]) => g.pieces[id]?.face === 'rifle-army')
        .map(([, h]) => h.unit ?? '-')
        .sort();
    const where = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const d = barbarossaModule.determinize!(s, 'axis', rngFromSeed(`w${i}`)) as GameState<BarbarossaState>;
      assert.deepEqual(units(d.state), units(s.state), 'the same units hidden');
      for (const [id, h] of Object.entries(d.state.secret.identities))
        if (h.unit === rehidden[0]![1].unit) where.add(id);
    }
    assert.ok(where.size > 1, 'the re-hidden army is not always found under the same piece');
  });
  it("each side's view and legal actions are unchanged; its own peeks kept", () => {
    for (const viewer of ['axis', 'soviet', '@spectator']) {
      const d = barbarossaModule.determinize!(s, viewer, rngFromSeed('v')) as GameState<BarbarossaState>;
      assert.deepEqual(view(rules, d, viewer).state, view(rules, s, viewer).state, `${viewer} sees the same`);
      if (viewer !== '@spectator')
        assert.deepEqual(
          legalActions(rules, d, viewer),
          legalActions(rules, s, viewer),
          `${viewer}'s legal actions`,
        );
    }
  });
  it("from a side's view alone (knownState): a full state that side cannot tell from the real one", () => {
    for (const side of ['axis', 'soviet']) {
      const known = knownState(rules, s, side, 'k');
      const d = determinizeBarbarossa(known as GameState<BarbarossaState>, side, rngFromSeed('d'));
      assert.ok(d.state.secret !== undefined, 'a secret is drawn');
      assert.deepEqual(view(rules, d, side).state, view(rules, s, side).state, `${side} sees the same`);
      // (The real state may offer undo; a state made from a view has no undo record.)
      const noUndo = (x: GameState<BarbarossaState>) =>
        legalActions(rules, x, side).filter((a) => a.type !== 'undo');
      assert.deepEqual(noUndo(d), noUndo(s), `${side}'s legal actions`);
      const faceDown = s.state.order.filter((id) => s.state.pieces[id]!.unit === null);
      for (const id of faceDown)
        assert.ok(
          d.state.secret.identities[id] !== undefined,
          `face-down ${id} has an identity or is undecided`,
        );
    }
  });
});

/** Whole games of the AI against random (`STAVKA_AI_GAMES` a side; 1 by default, kept short for npm test). */
describe('the AI beats random (B-12 victory conditions)', () => {
  const games = Number(process.env.STAVKA_AI_GAMES ?? 1);
  for (const side of ['axis', 'soviet'] as const) {
    it(`as the ${side}: ${games} seeded game(s)`, () => {
      let wins = 0;
      for (let seed = 1; seed <= games; seed++) {
        const players: Record<string, Player> =
          side === 'axis'
            ? { axis: ai(`w${seed}`), soviet: new RandomPlayer(seed) }
            : { axis: new RandomPlayer(seed), soviet: ai(`w${seed}`) };
        const r = playout(anyRules, seed, players);
        if (r.outcome?.winner === side) wins++;
      }
      assert.ok(wins >= Math.ceil(0.95 * games), `won ${wins} of ${games}`);
    });
  }
});
