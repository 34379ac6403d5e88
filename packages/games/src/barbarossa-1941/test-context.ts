/**
 * A RulesContext for rules tests that call a rules function directly: the dice are
 * given in order (boardgame.io's MockRandom), the log and the reveals are kept to look at.
 */
import type { LogEntry, RulesContext } from '@stavka/engine';

export interface TestContext extends RulesContext {
  readonly entries: LogEntry[];
  readonly rolls: { purpose: string; sides: number; value: number }[];
  revealed: boolean;
}

export function testContext(dice: readonly number[] = []): TestContext {
  const left = [...dice];
  const ctx: TestContext = {
    entries: [],
    rolls: [],
    revealed: false,
    roll(purpose, cite, sides = 6) {
      const value = left.shift();
      if (value === undefined) throw new Error(`no die left for "${purpose}"`);
      if (value < 1 || value > sides) throw new Error(`${value} is no d${sides} roll`);
      ctx.rolls.push({ purpose, sides, value });
      ctx.entries.push({ kind: 'roll', text: `${purpose}: rolled ${value}`, ...(cite ? { cite } : {}) });
      return value;
    },
    log(entry) {
      ctx.entries.push(entry);
    },
    reveal() {
      ctx.revealed = true;
    },
  };
  return ctx;
}
