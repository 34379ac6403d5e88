import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { playout, RandomPlayer, stateHash } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import { commitmentOf, deriveSeed } from '@stavka/server/dice';
import { stavka } from './run-cli.ts';

describe('stavka verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-verify-'));
  // A finished game as the server exports it: commit, contributions, seed, hashes.
  const secret = 'a'.repeat(64);
  const contributions = { german: 'g-dice', soviet: 's-dice' };
  const seed = deriveSeed(secret, contributions);
  const hashes: string[] = [];
  const game = playout(
    marsRules,
    seed,
    { soviet: new RandomPlayer('s'), german: new RandomPlayer('g') },
    { onAction: (s) => hashes.push(stateHash(s)) },
  );
  const file = {
    format: 'stavka-replay/1',
    ...game.replay,
    hashes,
    finalHash: game.hash,
    dice: { scheme: 'stavka-dice/1', commitment: commitmentOf(secret), secret, contributions },
  };
  const write = (name: string, value: unknown) => {
    const p = join(dir, name);
    writeFileSync(p, JSON.stringify(value));
    return p;
  };

  it('proves a fair game: the secret opens the commitment, the seed follows, every roll replays', async () => {
    const r = await stavka('verify', write('fair.json', file));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /the dice were fair/);
    assert.match(r.out, /\d+ rolls over \d+ actions/);
  });

  it('refuses a secret that does not open the commitment, a changed contribution, a changed action', async () => {
    const badSecret = await stavka(
      'verify',
      write('s.json', { ...file, dice: { ...file.dice, secret: 'b'.repeat(64) } }),
    );
    assert.equal(badSecret.code, 1);
    assert.match(badSecret.err, /does not hash to the commitment/);
    const badContribution = await stavka(
      'verify',
      write('c.json', {
        ...file,
        dice: { ...file.dice, contributions: { ...contributions, soviet: 'other' } },
      }),
    );
    assert.equal(badContribution.code, 1);
    assert.match(badContribution.err, /seed is not the one derived/);
    const badHash = await stavka(
      'verify',
      write('h.json', { ...file, hashes: file.hashes.map((h, i) => (i === 5 ? h.replace(/./, 'f') : h)) }),
    );
    assert.equal(badHash.code, 1);
    assert.match(badHash.err, /after action 6 does not match/);
    const j = JSON.parse(
      (await stavka('verify', write('h.json', { ...file, dice: { ...file.dice, secret: 'c' } }), '--json'))
        .out,
    );
    assert.equal(j.ok, false);
  });

  it('a file that is not an export is bad input (status 1) naming the field', async () => {
    const r = await stavka('verify', write('x.json', { game: 'mars-1942' }));
    assert.equal(r.code, 1);
    assert.match(r.err, /rulesVersion/);
  });

  it("an import's resumed dice of the wrong shape is bad input naming the field", async () => {
    const r = await stavka(
      'verify',
      write('r.json', { ...file, resumed: { action: 3, seed: 'x', dice: 'lost' } }),
    );
    assert.equal(r.code, 1);
    assert.match(r.err, /resumed\.dice/);
  });
});
