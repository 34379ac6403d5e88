/**
 * The tables a calculator draws beside a result come from the game (issue #47: its card
 * names them, the page finds none by file name): every card with a calculator names its
 * standard tables, each by the id its data carries, and the table a calculation reads is
 * among them. A game with no calculator names none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CalcInput } from '@stavka/engine';
import { CARDS } from './catalog.ts';
import { GAMES } from './registry.ts';

/** A calculation each game's calculator answers (the calculator page's acceptance cases). */
const CASES: Readonly<Record<string, CalcInput>> = {
  'mars-1942': { attack: 12, defense: 4 },
  'barbarossa-1941': { attack: 17, defense: 5 },
  'point-to-point': { fire: 25 },
};

describe("a calculator's standard tables, from its game's card", () => {
  for (const card of CARDS) {
    const calculator = GAMES[card.id]?.calculator;
    if (!calculator) {
      it(`${card.id}: no calculator, no tables`, () => {
        assert.equal(card.calculatorTables, undefined);
      });
      continue;
    }
    it(`${card.id}: each table is its data file's, by the id and title the file gives`, async () => {
      const tables = (await card.calculatorTables?.()) ?? [];
      assert.ok(tables.length > 0, 'a calculator names the tables it draws');
      for (const t of tables) {
        assert.ok(typeof t.data === 'object' && t.data !== null, t.id);
        assert.equal(t.id, Reflect.get(t.data, 'id'));
        assert.equal(t.title, Reflect.get(t.data, 'title'));
        assert.equal(Reflect.get(t.data, 'game'), card.id, `${t.id} is ${card.id}'s own table`);
      }
      assert.equal(new Set(tables.map((t) => t.id)).size, tables.length, 'one table an id');
    });
    it(`${card.id}: the table a calculation reads is one the card names`, async () => {
      const input = CASES[card.id];
      assert.ok(input, `an acceptance case for ${card.id}`);
      const answer = calculator.run(input);
      assert.ok(answer.ok, JSON.stringify(answer));
      const ids = ((await card.calculatorTables?.()) ?? []).map((t) => t.id);
      assert.ok(ids.includes(answer.report.table), `${answer.report.table} in ${ids.join(', ')}`);
    });
  }
});
