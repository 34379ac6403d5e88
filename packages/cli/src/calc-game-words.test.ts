/**
 * Issue #47 "one folder, really": a combat report's game-specific parts are generic
 * sections (labelled rows) that the CLI and the calculator page print without knowing
 * the game. So no game's combat word (Barbarossa's round-up roll and pressing, B-7 and B-8;
 * point-to-point's fire groups, P-2) is left in the engine or the clients' code, outside
 * comments (which may cite history) and tests (which type a game's flags as a user does).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

const WORDS = ['round-up', 'roundUp', 'press', 'gamble', 'gambles', 'groups'];
const FOLDERS = ['packages/engine/src', 'packages/cli/src', 'packages/web/src'];

/**
 * Files where a word is not a game's: the game page's action buttons are shown in
 * collapsible groups (the presentation's button `group`, engine presentation.ts).
 */
const NOT_A_GAME_WORD: Readonly<Record<string, string>> = {
  'packages/web/src/table.tsx': 'groups',
};

/** `file:line:text` of every code line (not a comment) holding one of the words. */
function codeHits(): string[] {
  const args = ['grep', '--untracked', '-n', '-I', '-i', '-w'];
  for (const w of WORDS) args.push('-e', w);
  args.push('--', ...FOLDERS, ':(exclude)*.test.ts', ':(exclude)*.test.tsx');
  let out = '';
  try {
    out = execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  } catch (e) {
    // git grep exits 1 when nothing matches.
    if ((e as { status?: number }).status !== 1) throw e;
  }
  return out
    .split('\n')
    .filter((l) => l !== '')
    .filter((l) => {
      const m = /^([^:]+):\d+:(.*)$/.exec(l);
      if (!m) return true;
      const [, file, text] = m;
      if (/^\s*(\/\/|\/\*|\*)/.test(text!)) return false;
      const allowed = NOT_A_GAME_WORD[file!];
      if (allowed && new RegExp(`\\b${allowed}\\b`, 'i').test(text!)) {
        const others = WORDS.filter((w) => w !== allowed);
        return others.some((w) => new RegExp(`(^|[^\\w-])${w}([^\\w-]|$)`, 'i').test(text!));
      }
      return true;
    });
}

describe('the engine and the clients name no game combat word (issue #47)', () => {
  it('round-up, press, gamble, groups: none in engine, cli or web code outside comments and tests', () => {
    assert.deepEqual(codeHits(), []);
  });
  it('the search finds the words where they belong (not a vacuous grep)', () => {
    const hits = execFileSync(
      'git',
      ['grep', '--untracked', '-l', '-I', '-w', '-e', 'round-up', '--', 'packages/games/src/barbarossa-1941'],
      { cwd: root, encoding: 'utf8' },
    );
    assert.match(hits, /barbarossa-1941\/odds-gambles\.ts/);
  });
});
