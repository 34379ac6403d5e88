/**
 * `stavka replay`: a saved game is rebuilt action by action; what is wrong with the file
 * is blamed on the field that is wrong.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { stavka } from './run-cli.ts';
import { saveRandomGame } from './test-support.ts';

describe('stavka replay: a file with a wrongly typed option', () => {
  it('blames the option, not an action (issue #46)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stavka-replay-'));
    const made = await saveRandomGame(dir, 3);
    assert.equal(made.code, 0, made.err);
    const saved = JSON.parse(readFileSync(join(dir, 'mars-1942-3.json'), 'utf8'));
    const file = join(dir, 'typed.json');
    // "false" (a string) where the rules take true or false.
    writeFileSync(file, JSON.stringify({ ...saved, options: { firstTurnDoubling: 'false' } }));
    const r = await stavka('replay', file);
    assert.equal(r.code, 1, r.out);
    assert.match(r.err, /options\.firstTurnDoubling/);
    assert.match(r.err, /true or false/);
    assert.doesNotMatch(r.err, /actions\[/);
    // An option the game does not have is named too.
    writeFileSync(file, JSON.stringify({ ...saved, options: { fog: true } }));
    const unknown = await stavka('replay', file);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /options\.fog/);
  });
});
