import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commitmentOf, deriveSeed, type ProvableGame, proveDice } from './dice-proof.ts';
import { type Action, applyUnchecked, replay, resumeWithSeed, setup, stateHash } from './game.ts';
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

describe('an imported game played on (ReplayFile.resumed, issue #46)', () => {
  // The file's first half rolled from `seed`; from action `k` on, from the server's new
  // secret and the seats' new contributions.
  const secret2 = 'c'.repeat(64);
  const contributions2 = { blue: 'b2', red: 'r2' };
  const seed2 = deriveSeed(secret2, contributions2);
  const k = Math.max(1, Math.floor(game.replay.actions.length / 2));
  const played = (() => {
    const made = setup(rules, game.replay.scenario, seed, {});
    assert.ok(made.ok);
    let s = made.value;
    const hs: string[] = [];
    const actions: { side: string; action: Action }[] = [];
    const players = { red: new RandomPlayer('r'), blue: new RandomPlayer('b') } as Record<
      string,
      RandomPlayer
    >;
    for (let i = 0; ; i++) {
      if (i === k) s = resumeWithSeed(s, seed2);
      const side = rules.activeSides(s.state)[0];
      if (side === undefined) break;
      const action = players[side]!.choose(rules, s, side);
      s = applyUnchecked(rules, s, side, action);
      actions.push({ side, action });
      hs.push(stateHash(s));
    }
    return { s, hs, actions };
  })();
  const resumedFile: ProvableGame = {
    ...game.replay,
    actions: played.actions,
    dice: { commitment: commitmentOf(secret), secret, contributions },
    resumed: {
      action: k,
      seed: seed2,
      dice: { commitment: commitmentOf(secret2), secret: secret2, contributions: contributions2 },
    },
    hashes: played.hs,
    finalHash: stateHash(played.s),
  };

  it('replays to the same hash: the dice reseeded at the resumed action', () => {
    const r = replay(rules, resumedFile);
    assert.ok(r.ok);
    assert.equal(stateHash(r.value), stateHash(played.s));
    // Without it, the rolls after the import come from the file's seed: another game.
    const { resumed: _, ...plain } = resumedFile;
    const other = replay(rules, plain);
    assert.ok(!other.ok || stateHash(other.value) !== stateHash(played.s));
  });
  it('proves both parts: each secret, each seed, every roll', () => {
    assert.deepEqual(proveDice(rules, resumedFile).failures, []);
  });
  it('fails a second part whose revealed secret is not its own', () => {
    const forged = {
      ...resumedFile,
      resumed: { ...resumedFile.resumed!, dice: { ...resumedFile.resumed!.dice!, secret: 'd'.repeat(64) } },
    };
    assert.ok(!proveDice(rules, forged).ok);
  });
  it('refuses a resumed action outside the file, naming the field', () => {
    const r = replay(rules, { ...resumedFile, resumed: { action: played.actions.length + 1, seed: seed2 } });
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.code, 'setup/replay-resumed');
    assert.equal(r.error[0]!.path, 'resumed');
  });
});
