import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commitmentOf, deriveSeed, type ProvableGame, proveDice } from './dice-proof.ts';
import { stateHash } from './game.ts';
import { playout } from './players/playout.ts';
import { RandomPlayer } from './players/random.ts';
import { secretRules } from './secret-game.ts';

const rules = secretRules();
const secret = 'a'.repeat(64);
const contributions = { blue: 'b1', red: 'r1' };
const seed = deriveSeed(secret, contributions);
const game = playout(rules, seed, { red: new RandomPlayer('r'), blue: new RandomPlayer('b') });
const hashes: string[] = [];
{
  // The hash after each action, as the server records it.
  let i = 0;
  playout(
    rules,
    seed,
    { red: new RandomPlayer('r'), blue: new RandomPlayer('b') },
    {
      onAction: (s) => {
        hashes[i++] = stateHash(s);
      },
    },
  );
}
const file: ProvableGame = {
  ...game.replay,
  dice: { commitment: commitmentOf(secret), secret, contributions },
  hashes,
  finalHash: game.hash,
};

describe("proving a finished game's dice (commit and reveal)", () => {
  it('holds for the game as played: every roll from the derived seed, every hash matching', () => {
    const p = proveDice(rules, file);
    assert.deepEqual(p.failures, []);
    assert.ok(p.ok);
    assert.ok(p.rolls >= 16, `${p.rolls} rolls`);
    assert.equal(p.seed, seed);
  });
  it('fails, saying why, on a secret that is not the committed one, a seed not derived, a hash changed, a game not over', () => {
    const cases: [ProvableGame, RegExp][] = [
      [{ ...file, dice: { ...file.dice!, secret: 'b'.repeat(64) } }, /does not hash to the commitment/],
      [
        { ...file, dice: { ...file.dice!, contributions: { ...contributions, red: 'r2' } } },
        /not the one derived/,
      ],
      [{ ...file, hashes: hashes.map((h, i) => (i === 3 ? h.replace(/^./, 'x') : h)) }, /after action 4/],
      [
        { ...file, actions: file.actions.slice(0, 2), hashes: hashes.slice(0, 2), finalHash: null },
        /not over/,
      ],
      [{ ...file, dice: null }, /not revealed/],
    ];
    for (const [f, said] of cases) {
      const p = proveDice(rules, f);
      assert.ok(!p.ok);
      assert.ok(
        p.failures.some((x) => said.test(x)),
        p.failures.join('; '),
      );
    }
  });
});
