import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

describe('gen-mars-map.ts (the committed Mars map is what the script makes)', () => {
  it('--check re-creates mars-1942/data/map.json byte for byte', () => {
    const script = join(dirname(fileURLToPath(import.meta.url)), 'gen-mars-map.ts');
    // exits 1 (and execFileSync throws) when the file differs
    execFileSync(process.execPath, ['--import', 'tsx', script, '--check'], { stdio: 'pipe' });
  });
});
