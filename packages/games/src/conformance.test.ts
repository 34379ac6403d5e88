/**
 * Every game of the registry (each has its rules, so each is played) passes the engine's conformance suite: random
 * whole games with no dead end (a state not over has a side to act with an action),
 * replays to the same hash, apply leaving its input alone, undo giving back the position
 * before, its calculator's chances summing to exactly 1,
 * stale actions refused, secrets kept (planted markers never reach a viewer they are
 * hidden from, and no view changes with a secret hidden from its viewer) and legal
 * actions that depend only on what their side may see.
 * STAVKA_CONFORMANCE_GAMES scales the number of playouts (default 2 a game); a game whose
 * random games are long says where to cut them (module.conformance.truncateAt).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AnyGameModule, calculatorInputs, checkConformance, registerGame } from '@stavka/engine';
import { GAMES } from './registry.ts';

const playouts = Number(process.env.STAVKA_CONFORMANCE_GAMES ?? 2);

describe('conformance of every game', () => {
  const games = Object.entries(GAMES);
  it('has at least one game', () => assert.ok(games.length >= 1));
  for (const [id, m] of games) {
    it(`${id} conforms`, () => {
      const c = m.conformance;
      const found = checkConformance(m, {
        playouts,
        seed: `conformance:${id}`,
        sampleEvery: c?.sampleEvery ?? 40,
        ...(c?.secrets ? { secrets: c.secrets } : {}),
        ...(c?.truncateAt !== undefined ? { truncateAt: c.truncateAt } : {}),
      });
      assert.deepEqual(found, []);
    });
  }
});

describe("conformance: each calculator's chances sum to exactly 1 (issue #47)", () => {
  for (const [id, m] of Object.entries(GAMES)) {
    if (!m.calculator) continue;
    it(`${id}: the chance check reads reports, not only refusals`, () => {
      const calc = m.calculator!;
      const reports = calculatorInputs(calc.fields).filter((input) => calc.run(input).ok);
      assert.ok(reports.length >= 3, `${reports.length} reports`);
    });
  }
});

describe('conformance: a view field that lists hidden pieces fails (issue #46)', () => {
  it('Barbarossa with a view that lists the pile of rifle armies drawn at set-up is found leaking', () => {
    const m = GAMES['barbarossa-1941']!;
    const rules = m.rules;
    // The view as it was before issue #41: the armies of the draw listed for every viewer.
    const listing: AnyGameModule = registerGame({
      ...m,
      id: 'barbarossa-1941-listing-the-pile',
      rules: {
        ...rules,
        view: (g: unknown, side: string | null) => ({
          ...(rules.view(g, side) as object),
          riflePile: (g as { riflePile: string[] }).riflePile,
        }),
      },
    } as AnyGameModule);
    const found = checkConformance(listing, {
      playouts: 1,
      seed: 'listing',
      truncateAt: 3,
      sampleEvery: 1,
      ...(m.conformance?.secrets ? { secrets: m.conformance.secrets } : {}),
    });
    assert.ok(
      found.some((f) => f.check === 'leak-view'),
      JSON.stringify(found),
    );
  });
});
