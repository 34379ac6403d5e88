/**
 * What every Chromium test file starts from: the built web client, a Stavka server on a
 * fresh SQLite file at a loopback port, and a fresh Chromium; made before the file's
 * tests, closed after them.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type RunningServer, startServer } from '@stavka/server';
import type { BrowserContext } from 'playwright-core';
import { launch } from './browser.ts';
import { ensureBuilt } from './build.ts';

/** Screenshots go outside the repository; STAVKA_SHOTS=docs/screenshots renews the README's. */
export const SHOTS = process.env.STAVKA_SHOTS ?? join(tmpdir(), 'stavka-e2e-shots');

/** The server and browser of a test file (set once its `before` has run). */
export interface E2e {
  readonly server: RunningServer;
  readonly browser: BrowserContext;
}

export function serverAndBrowser(): E2e {
  const held = {} as { server: RunningServer; browser: BrowserContext };
  before(async () => {
    ensureBuilt();
    mkdirSync(SHOTS, { recursive: true });
    held.server = await startServer({
      port: 0,
      host: '127.0.0.1',
      db: join(mkdtempSync(join(tmpdir(), 'stavka-e2e-')), 'e2e.sqlite'),
      rateLimit: false,
      log: () => {},
    });
    held.browser = await launch();
  });
  after(async () => {
    await held.browser?.close();
    await held.server?.close();
  });
  return held;
}
