/** Builds the web app for the end-to-end tests when dist/ is missing or older than its sources. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureBuilt(): void {
  const index = join(web, 'dist/index.html');
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, '../games/src')),
    newest(join(web, '../engine/src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}
