import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, mock } from 'node:test';
import { generatorMode, leaveGenerated } from './generated-file.ts';

describe("a generator's output", () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-gen-'));
  mock.method(console, 'log', () => {});
  mock.method(console, 'error', () => {});
  it('the mode from the arguments: --check, --dry-run, or write', () => {
    assert.equal(generatorMode(['node', 'gen.ts', '--check']), 'check');
    assert.equal(generatorMode(['node', 'gen.ts', '--dry-run']), 'dry-run');
    assert.equal(generatorMode(['node', 'gen.ts', '--svg', 'x.svg']), 'write');
  });
  it('written; then checked byte for byte: the same text passes, any other byte or no file fails', () => {
    const file = join(dir, 'map.json');
    assert.equal(leaveGenerated('gen-test', file, '{"a":1}\n', 'check'), false, 'no file yet');
    assert.equal(leaveGenerated('gen-test', file, '{"a":1}\n', 'write'), true);
    assert.equal(readFileSync(file, 'utf8'), '{"a":1}\n');
    assert.equal(leaveGenerated('gen-test', file, '{"a":1}\n', 'check'), true);
    assert.equal(leaveGenerated('gen-test', file, '{"a":1}', 'check'), false);
    assert.equal(readFileSync(file, 'utf8'), '{"a":1}\n', 'a check writes nothing');
  });
  it('a dry run leaves the file alone', () => {
    const file = join(dir, 'dry.json');
    assert.equal(leaveGenerated('gen-test', file, 'x', 'dry-run'), true);
    assert.equal(existsSync(file), false);
    writeFileSync(file, 'old');
    leaveGenerated('gen-test', file, 'new', 'dry-run');
    assert.equal(readFileSync(file, 'utf8'), 'old');
  });
});
