/**
 * `stavka simulate --scenario FILE` (issue #42 "Also"): the games are set up from a
 * scenario file of the game (`stavka scenario --game ID` writes its standard one to edit),
 * checked first as `stavka validate` checks it; each saved replay carries the file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findGame } from '@stavka/games';
import { stavka } from './run-cli.ts';
import { readScenarioFlag } from './simulate.ts';
import { saveRandomGame } from './test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'stavka-sim-scenario-'));

describe('stavka simulate --scenario', () => {
  it("plays a game's edited scenario file; the saved replay carries it and replays to its hash", async () => {
    const file = join(dir, 'mars.json');
    const w = await stavka('scenario', '--game', 'mars-1942', '--out', file);
    assert.equal(w.code, 0, w.err);
    const edited = {
      ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>),
      name: 'Mars, our own',
    };
    writeFileSync(file, JSON.stringify(edited));
    const saved = join(dir, 'replays');
    const r = await saveRandomGame(saved, 5, { flags: ['--scenario', file] });
    assert.equal(r.code, 0, r.err);
    const replayFile = join(saved, 'mars-1942-5.json');
    const played = JSON.parse(readFileSync(replayFile, 'utf8')) as { scenario: unknown };
    assert.deepEqual(played.scenario, edited);
    const again = await stavka('replay', replayFile);
    assert.equal(again.code, 0, again.err);
    assert.match(again.out, /matches the file/);
    assert.match(again.out, /every one legal/);
  });

  it('checks a Barbarossa scenario file first: the standard one taken, a broken copy refused naming each field', async () => {
    const file = join(dir, 'barbarossa.json');
    const w = await stavka('scenario', '--game', 'barbarossa-1941', '--out', file);
    assert.equal(w.code, 0, w.err);
    assert.deepEqual(
      readScenarioFlag('barbarossa-1941', file),
      findGame('barbarossa-1941')!.scenarios!.standardFile(),
    );
    const bad = JSON.parse(readFileSync(file, 'utf8')) as {
      units: { factors: Record<string, number> }[];
      turns: unknown;
    };
    bad.units[0]!.factors.attack = -3;
    bad.turns = 'fifteen';
    writeFileSync(file, JSON.stringify(bad));
    const r = await stavka(
      'simulate',
      '--game',
      'barbarossa-1941',
      '--players',
      'random,random',
      '--scenario',
      file,
    );
    assert.equal(r.code, 1);
    assert.match(r.err, /not a valid scenario/);
    assert.match(r.err, /units\[0\]\.factors\.attack/);
    assert.match(r.err, /turns/);
  });

  it("refuses another game's file, a missing file and --ladder", async () => {
    const mars = join(dir, 'mars-for-barbarossa.json');
    await stavka('scenario', '--game', 'mars-1942', '--out', mars);
    const wrong = await stavka('simulate', '--game', 'barbarossa-1941', '--scenario', mars);
    assert.equal(wrong.code, 1);
    assert.match(wrong.err, /is not a barbarossa-1941 scenario \(its "game" is "mars-1942"\)/);
    const missing = await stavka('simulate', '--game', 'mars-1942', '--scenario', join(dir, 'nope.json'));
    assert.equal(missing.code, 1);
    assert.match(missing.err, /cannot read scenario/);
    const ladder = await stavka('simulate', '--game', 'mars-1942', '--ladder', '--scenario', mars);
    assert.equal(ladder.code, 1);
    assert.match(ladder.err, /--ladder plays the standard scenario only/);
  });
});
