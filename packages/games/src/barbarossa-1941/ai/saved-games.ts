/**
 * The replays of a directory of saved games (`stavka simulate --save DIR`, `screen.ts ...
 * DIR`), as the scripts that read them (`city-falls.ts`, `strength-data.ts`,
 * `smolensk-probe.ts`) take them: each `.json` file, parsed, with its path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReplayFile } from '@stavka/engine';

export function savedGames(dir: string): { path: string; file: ReplayFile }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const path = join(dir, f);
      return { path, file: JSON.parse(readFileSync(path, 'utf8')) as ReplayFile };
    });
}
