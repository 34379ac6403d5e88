/**
 * The home page reads only the cards (catalog.ts), and a game's module, presentation and
 * data load when it is opened (issue #49: the home page's first load <= 200 KiB, no game
 * it does not show). A value imported statically by a card, or by what a card imports,
 * lands in that first load: `registerGame` from the engine once brought the whole engine
 * and zod in (the home page 18 -> 59 KiB gzipped). This test holds the line: the cards'
 * files import the engine and the games' rules for their types only.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CARDS } from './catalog.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The static imports of a file: what is imported, from where, and whether only as types. */
function staticImports(file: string): { from: string; typeOnly: boolean; names: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { from: string; typeOnly: boolean; names: string }[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)) {
    const names = m[2]!;
    const specifiers = names
      .replace(/[{}]/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const typeOnly =
      m[1] !== undefined || (names.startsWith('{') && specifiers.every((s) => s.startsWith('type ')));
    out.push({ from: m[3]!, typeOnly, names });
  }
  return out;
}

/** The files a card pulls in statically by value (relative imports followed, types skipped). */
function valueClosure(start: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const todo = [start];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const imp of staticImports(file)) {
      if (imp.typeOnly) continue;
      if (imp.from.startsWith('.')) todo.push(resolve(dirname(file), imp.from));
      else packages.set(imp.from, `${file}: ${imp.names}`);
    }
  }
  return { files, packages };
}

describe('the cards stay light (the home page loads no game and no engine)', () => {
  it('catalog.ts and every card import no package by value, and no rules, presentation or data file', () => {
    const { files, packages } = valueClosure(join(here, 'catalog.ts'));
    assert.deepEqual([...packages.values()], [], 'no package imported by value from a card');
    const names = [...files].map((f) => f.slice(here.length + 1)).sort();
    for (const f of names)
      assert.match(
        f,
        /(^catalog\.ts|^game-card\.ts|\/card\.ts|\/meta\.ts)$/,
        `${f} is in the cards' first load`,
      );
    for (const card of CARDS) assert.ok(names.includes(`${card.id}/card.ts`), `${card.id}'s card is read`);
  });

  it('would see a value import: the engine by value from game-card.ts is caught', () => {
    const imports = staticImports(join(here, 'game-card.ts'));
    assert.ok(
      imports.some((i) => i.from === '@stavka/engine' && i.typeOnly),
      'the engine, for its types only',
    );
    const mixed = "import {\n  type Action,\n  registerGame,\n} from '@stavka/engine';\n";
    const m = /^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/m.exec(mixed)!;
    const specifiers = m[2]!
      .replace(/[{}]/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    assert.equal(
      specifiers.every((s) => s.startsWith('type ')),
      false,
      'a value among types is a value import',
    );
  });
});
