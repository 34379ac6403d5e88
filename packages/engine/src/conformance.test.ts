import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromCases, mix } from './combat/distribution.ts';
import { chancesOf } from './combat/report.ts';
import { checkChances, checkConformance } from './conformance.ts';
import { apply, setup, view } from './game.ts';
import { type AnyGameModule, type GameCalculator, registerGame, SERVER, SPECTATOR } from './module.ts';
import {
  type SecretAction,
  type SecretState,
  secretModule,
  secretPlanter,
  secretRules,
} from './secret-game.ts';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe('the kernel keeps secrets', () => {
  const rules = secretRules();
  const s = must(setup(rules, null, 11, {}));
  it("a roll for one side is in that side's log only", () => {
    const red = view(rules, s, 'red').log.filter((e) => e.kind === 'roll');
    const blue = view(rules, s, 'blue').log.filter((e) => e.kind === 'roll');
    const spectator = view(rules, s, SPECTATOR).log.filter((e) => e.kind === 'roll');
    assert.equal(red.length, 8);
    assert.ok(red.every((e) => e.text.startsWith('red')));
    assert.ok(blue.every((e) => e.text.startsWith('blue')));
    assert.equal(spectator.length, 0);
    assert.equal(view(rules, s, SERVER).log.filter((e) => e.kind === 'roll').length, 16);
  });
  it('a roll for nobody ([]) reaches only the server, until the game is over', () => {
    const asked = must(apply(rules, s, 'red', { type: 'recount' }));
    for (const viewer of ['red', 'blue', SPECTATOR])
      assert.ok(!view(rules, asked, viewer).log.some((e) => e.text.startsWith('recount')), viewer);
    assert.ok(view(rules, asked, SERVER).log.some((e) => e.text.startsWith('recount')));
    assert.equal((view(rules, asked, 'red').state as { recount: unknown }).recount, null);
  });
  it('piece ids say nothing of what a sealed dispatch is', () => {
    const blue = view(rules, s, 'blue').state as {
      pieces: Record<string, { name: unknown; value: unknown }>;
    };
    assert.deepEqual(Object.keys(blue.pieces).sort(), [
      'blue-1',
      'blue-2',
      'blue-3',
      'blue-4',
      'red-1',
      'red-2',
      'red-3',
      'red-4',
    ]);
    assert.equal(blue.pieces['red-1']!.name, null);
    assert.equal(blue.pieces['red-1']!.value, null);
    assert.equal(typeof blue.pieces['blue-1']!.value, 'number');
  });
});

describe('the conformance suite', () => {
  it('passes a game that keeps its secrets', () => {
    const found = checkConformance(registerGame(secretModule()), {
      playouts: 6,
      sampleEvery: 1,
      secrets: secretPlanter,
    });
    assert.deepEqual(found, []);
  });
  it('fails a game whose view leaks a planted secret', () => {
    const found = checkConformance(registerGame(secretModule({ leakView: true })), {
      playouts: 3,
      sampleEvery: 1,
      secrets: secretPlanter,
    });
    assert.ok(
      found.some((f) => f.check === 'leak-view'),
      JSON.stringify(found),
    );
  });
  it('fails a game whose view lists hidden pieces in a field of its own, under other names (issue #46)', () => {
    // The marker never shows (only its initial does): the view itself must not change.
    const found = checkConformance(registerGame(secretModule({ listInitials: true })), {
      playouts: 2,
      sampleEvery: 1,
      secrets: secretPlanter,
    });
    assert.ok(
      found.some((f) => f.check === 'leak-view' && f.message.includes('changes with a secret')),
      JSON.stringify(found),
    );
  });
  it('fails a game whose legal actions depend on a hidden value', () => {
    const found = checkConformance(registerGame(secretModule({ legalOnHidden: true })), {
      playouts: 6,
      sampleEvery: 1,
    });
    assert.ok(
      found.some((f) => f.check === 'legal-depends-on-hidden'),
      JSON.stringify(found),
    );
  });
  it('fails a game whose apply changes its input', () => {
    const base = secretModule();
    const mutating: AnyGameModule = registerGame({
      ...base,
      rules: { ...base.rules, clone: (g) => g },
    });
    assert.ok(
      checkConformance(mutating, { playouts: 1, sampleEvery: 1 }).some((f) => f.check === 'mutates-input'),
    );
  });
  it('fails a game whose rules change a legal list they handed out (the engine keeps it, unfrozen)', () => {
    const base = secretModule();
    const inner = base.rules;
    // A list reused from one call to the next: the state's kept list changes under it.
    let last: SecretAction[] = [];
    const recycling: AnyGameModule = registerGame({
      ...base,
      rules: {
        ...inner,
        legalActions: (g, side) => {
          last = inner.legalActions(g, side);
          return last;
        },
        applyAction: (g, side, action, ctx) => {
          last.reverse();
          return inner.applyAction(g, side, action, ctx);
        },
      },
    });
    const found = checkConformance(recycling, { playouts: 1, sampleEvery: 1 });
    assert.ok(
      found.some((f) => f.check === 'mutates-input' && f.message.includes('legal list')),
      JSON.stringify(found),
    );
    assert.deepEqual(checkConformance(registerGame(secretModule()), { playouts: 1, sampleEvery: 1 }), []);
  });
  it("fails a game whose optional rule's declared default is not the rules' own", () => {
    const base = secretModule();
    const inner = base.rules;
    // The rules read a "fog" option that is off unless given; the module says it is on.
    const rules = {
      ...inner,
      setup: (
        scenario: unknown,
        options: Record<string, unknown>,
        ctx: Parameters<typeof inner.setup>[2],
      ) => {
        const made = inner.setup(scenario, options, ctx);
        return made.ok
          ? { ok: true as const, value: { ...(made.value as object), fog: options.fog === true } }
          : made;
      },
    } as typeof inner;
    const option = { key: 'fog', label: 'Fog of war', rule: 'T-1' };
    const wrong = registerGame({ ...base, rules, options: [{ ...option, default: true }] });
    const found = checkConformance(wrong, { playouts: 1, sampleEvery: 1 });
    assert.deepEqual(
      found.map((f) => f.check),
      ['options'],
      JSON.stringify(found),
    );
    assert.match(found[0]!.message, /option fog set to its declared default \(true\)/);
    const right = registerGame({ ...base, rules, options: [{ ...option, default: false }] });
    assert.deepEqual(checkConformance(right, { playouts: 1, sampleEvery: 1 }), []);
  });
});

describe("the conformance suite: OpenSpiel's checks (issue #47)", () => {
  /** A counter raised by reversible steps to 6, then over: undo is offered after each raise. */
  interface Counter {
    n: number;
  }
  const counter = (raise: (g: Counter) => number): AnyGameModule =>
    registerGame<Counter, { type: 'raise' }, Counter>({
      id: 'counter',
      meta: { ...secretModule().meta, title: 'Counter', hiddenInformation: false },
      rules: {
        id: 'counter',
        rulesVersion: 'counter/1',
        sides: ['red'],
        setup: () => ({ ok: true, value: { n: 0 } }),
        activeSides: (g) => (g.n >= 6 ? [] : ['red']),
        legalActions: (g) => (g.n >= 6 ? [] : [{ type: 'raise' }]),
        applyAction(g) {
          g.n = raise(g);
        },
        view: (g) => g,
        outcome: (g) => (g.n >= 6 ? { winner: 'red', score: { red: g.n }, summary: `${g.n}` } : null),
      },
    });

  it('passes a game whose undo gives back the position before', () => {
    assert.deepEqual(
      checkConformance(
        counter((g) => g.n + 1),
        { playouts: 1, sampleEvery: 1 },
      ),
      [],
    );
  });
  it('fails a game whose undo does not (an effect that reads something outside its state)', () => {
    let calls = 0;
    const found = checkConformance(
      counter((g) => g.n + ++calls),
      { playouts: 1, sampleEvery: 1 },
    );
    assert.ok(
      found.some((f) => f.check === 'undo'),
      JSON.stringify(found),
    );
  });
  it('fails a game with a state that is not over and where no side is to act', () => {
    const base = secretModule();
    const rules = base.rules;
    const stuck = registerGame({
      ...base,
      rules: {
        ...rules,
        // Nobody to act once two dispatches are open, though the game is not over.
        activeSides: (g: SecretState) =>
          Object.values(g.pieces).filter((p) => p.open).length >= 2 ? [] : rules.activeSides(g),
      },
    });
    const found = checkConformance(stuck, { playouts: 1, sampleEvery: 1 });
    assert.deepEqual(
      found.map((f) => f.check),
      ['no-legal-action'],
      JSON.stringify(found),
    );
  });
  it('fails a game whose side to act has no action', () => {
    const base = secretModule();
    const rules = base.rules;
    const empty = registerGame({
      ...base,
      rules: {
        ...rules,
        legalActions: (g: SecretState, side: string) => (g.recountAsked ? [] : rules.legalActions(g, side)),
      },
    });
    const found = checkConformance(empty, { playouts: 2, sampleEvery: 1 });
    assert.ok(
      found.some((f) => f.check === 'no-legal-action'),
      JSON.stringify(found),
    );
  });

  describe('chances that sum to 1', () => {
    const report = (chances: { result: string; chance: string; probability: number }[]) => ({
      game: 'toy',
      table: 'toy',
      provisional: false,
      shifts: [],
      outcomes: Object.fromEntries(chances.map((c) => [c.result, c.probability])),
      chances,
      notes: [],
    });
    const calculator = (
      chances: { result: string; chance: string; probability: number }[],
    ): GameCalculator => ({
      fields: [{ kind: 'count', key: 'attack', label: 'Attack', help: '', min: 0, required: true }],
      run: () => ({ ok: true, report: report(chances) }),
    });
    it('passes a report read off an exact distribution (engine combat/distribution.ts)', () => {
      const d = mix([
        { weight: 1, dist: fromCases(['DE', 'DR', 'DR', '-', '-', 'AE']) },
        { weight: 2, dist: fromCases(['DE', 'DE', 'DR', 'DR', '-', '-']) },
      ]);
      assert.deepEqual(checkChances(calculator(chancesOf(d))), []);
    });
    it('fails a report whose chances sum to 5 in 6, or whose probability is not its fraction', () => {
      const short = checkChances(
        calculator([
          { result: 'DE', chance: '2 in 6', probability: 2 / 6 },
          { result: '-', chance: '3 in 6', probability: 3 / 6 },
        ]),
      );
      assert.equal(short[0]?.check, 'chances');
      assert.match(short[0]!.message, /summing to 30\/36, not 1/);
      const wrong = checkChances(
        calculator([
          { result: 'DE', chance: '3 in 6', probability: 0.4 },
          { result: '-', chance: '3 in 6', probability: 0.6 },
        ]),
      );
      assert.match(wrong[0]!.message, /probability of 0.4, not its 3 in 6/);
    });
    it('is run on a module with a calculator', () => {
      const base = secretModule();
      const broken = registerGame({
        ...base,
        calculator: calculator([{ result: 'DE', chance: '1 in 6', probability: 1 / 6 }]),
      });
      const found = checkConformance(broken, { playouts: 1, sampleEvery: 5 });
      assert.deepEqual(
        found.map((f) => f.check),
        ['chances'],
      );
    });
  });
});
