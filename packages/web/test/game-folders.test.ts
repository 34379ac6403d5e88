/**
 * "A game is one folder" at the web's edge (issue #47): the web reaches a game through its
 * card and module only, so no file under packages/web/src names a path into a game's
 * folder (`games/src/...`, the calculator's old glob) or one of a game's data files.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const webSrc = join(here, '../src');
const gamesSrc = join(here, '../../games/src');

/** Every file under `dir`, all the way down. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The names of every game's data files: `data/crt.json` of each game folder, and below. */
function gameDataFiles(): string[] {
  const names = new Set<string>();
  for (const game of readdirSync(gamesSrc, { withFileTypes: true })) {
    if (!game.isDirectory()) continue;
    const data = join(gamesSrc, game.name, 'data');
    let files: string[];
    try {
      files = filesUnder(data);
    } catch {
      continue; // a game with no data folder
    }
    for (const f of files) names.add(relative(data, f).split('\\').join('/'));
  }
  return [...names].sort();
}

describe('the web names no game folder (issue #47, "one folder, really")', () => {
  const sources = filesUnder(webSrc).map((f) => ({
    file: relative(webSrc, f),
    text: readFileSync(f, 'utf8'),
  }));
  const dataFiles = gameDataFiles();

  it('finds what it checks: the web sources and the games data files', () => {
    assert.ok(
      sources.some((s) => s.file === join('calculator', 'main.tsx')),
      'the calculator page entry is among the files read',
    );
    for (const known of ['crt.json', 'crt.provisional.json', 'fire-table.provisional.json'])
      assert.ok(dataFiles.includes(known), known);
  });

  it('no file under packages/web/src names a path into games/src', () => {
    const naming = sources.filter((s) => /games\/src\//.test(s.text)).map((s) => s.file);
    assert.deepEqual(naming, []);
  });

  it("no file under packages/web/src names a game's data file", () => {
    const naming = sources.flatMap((s) =>
      dataFiles.filter((name) => s.text.includes(name)).map((name) => `${s.file}: ${name}`),
    );
    assert.deepEqual(naming, []);
  });
});
