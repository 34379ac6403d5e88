/**
 * The browser-side registry (catalog.ts): every game of the registry has a card, and
 * each card says what its module says (meta, optional rules, players, calculator), and
 * loads that very module and its presentation. A module changed without its card fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CARDS, cardOf } from './catalog.ts';
import { GAME_IDS, GAMES } from './registry.ts';

describe('the games as the browser first sees them', () => {
  it('lists every game of the registry, in its order', () => {
    assert.deepEqual(
      CARDS.map((c) => c.id),
      GAME_IDS,
    );
    assert.equal(cardOf('toString'), undefined);
  });

  for (const card of CARDS) {
    const module = GAMES[card.id]!;
    it(`${card.id}: its card says what its module says`, () => {
      assert.deepEqual(card.meta, module.meta);
      assert.deepEqual(card.options, module.options ?? []);
      assert.deepEqual(
        card.players,
        Object.fromEntries(
          Object.entries(module.players ?? {}).map(([k, p]) => [k, { label: p.label, rank: p.rank }]),
        ),
      );
      assert.equal(card.calculator, module.calculator !== undefined);
    });

    it(`${card.id}: loads its module and the module's own presentation`, async () => {
      assert.equal(await card.module(), module);
      assert.equal(await card.presentation(), await module.presentation!());
      if (card.styles) assert.match(await card.styles(), /\{[^}]+\}/);
    });
  }
});
