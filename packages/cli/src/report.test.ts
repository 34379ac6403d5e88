/**
 * `stavka report FILE`: the after-action report of a saved game as one HTML file (issue
 * #48); a file that does not replay is refused, naming the field, and nothing is written.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { stavka } from './run-cli.ts';

describe('stavka report', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-report-'));
  const saved = join(dir, 'mars-1942-3.json');
  before(async () => {
    const made = await stavka(
      'simulate',
      '--game',
      'mars-1942',
      '--players',
      'random,random',
      '--seed',
      '3',
      '--save',
      dir,
    );
    assert.equal(made.code, 0, made.err);
  });

  it('writes one HTML file: a map per turn, both charts, no script', async () => {
    const out = join(dir, 'report.html');
    const r = await stavka('report', saved, '--out', out);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /11 turns/);
    const html = readFileSync(out, 'utf8');
    // Operation Mars has 11 turns, and the seeded game is played to its end.
    assert.equal(html.match(/<svg class="turn-map"/g)?.length, 11);
    for (const chart of ['chart-vp', 'chart-losses']) {
      const at = html.indexOf(`id="${chart}"`);
      assert.ok(at > 0, chart);
      assert.match(html.slice(at, at + 400), /<svg/, `${chart} is rendered to SVG`);
    }
    assert.match(html, /Victory points at the end of each turn/);
    assert.match(html, /Losses since the start/);
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /(src|href)="https?:/);
  });

  it('refuses a file that does not replay, naming the action, and writes nothing', async () => {
    const file = JSON.parse(readFileSync(saved, 'utf8'));
    const badFile = join(dir, 'bad.json');
    file.actions[5] = { side: file.actions[5].side, action: { type: 'teleport' } };
    writeFileSync(badFile, JSON.stringify(file));
    const out = join(dir, 'bad.html');
    const r = await stavka('report', badFile, '--out', out);
    assert.equal(r.code, 1);
    assert.match(r.err, /does not replay, no report written/);
    assert.match(r.err, /actions\[5\]/);
    assert.equal(existsSync(out), false);
  });

  it('refuses a file that is not a replay, naming the field', async () => {
    const notReplay = join(dir, 'scenario.json');
    writeFileSync(notReplay, JSON.stringify({ game: 'mars-1942' }));
    const out = join(dir, 'none.html');
    const r = await stavka('report', notReplay, '--out', out);
    assert.equal(r.code, 1);
    assert.match(r.err, /rulesVersion/);
    assert.equal(existsSync(out), false);
  });
});
