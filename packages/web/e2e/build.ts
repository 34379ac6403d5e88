/**
 * Builds the web app for the end-to-end tests when dist/ is missing or older than its
 * sources, once however many test files ask at the same time: `npm test` runs two files
 * at once, and two builds into the same dist/ (each empties it first) left one file's
 * server without the chunks its page asked for (a game never opened: 120 s waits, CI).
 * The build holds a lock (a directory, made atomically); a file that finds it held waits
 * for it to go, then finds dist/ fresh. `npm test` builds before any file runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = join(web, '.dist-build.lock');
/** A lock older than this was left by a build that died: taken over. */
const STALE_MS = 5 * 60_000;

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function fresh(): boolean {
  const index = join(web, 'dist/index.html');
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, '../games/src')),
    newest(join(web, '../engine/src')),
  );
  return existsSync(index) && statSync(index).mtimeMs >= sources;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the build lock, waiting while another process holds it. */
function lock(): void {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
    } catch {
      // Gone between the two calls: try again.
    }
    sleep(200);
  }
}

export function ensureBuilt(): void {
  if (fresh()) return;
  lock();
  try {
    // Built by whoever held the lock before: nothing to do.
    if (fresh()) return;
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
