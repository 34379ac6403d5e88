/**
 * Real Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by
 * playwright-core (never a downloaded browser), with the flags this machine needs and
 * a fresh profile each time.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.STAVKA_CHROMIUM ?? '/usr/bin/chromium';

/**
 * A fresh headless Chromium. The tests' own page checks (`waitForFunction` polling a
 * string) are evaluated in the page, which the server's Content-Security-Policy forbids
 * (no 'unsafe-eval'), so the tests' browser bypasses the policy; `csp.test.ts` loads the
 * client with the policy enforced (`enforceCsp`) and fails on any violation.
 */
export async function launch(
  viewport = { width: 1400, height: 900 },
  { enforceCsp = false }: { enforceCsp?: boolean } = {},
): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's chromium (apt-get install chromium), as .ci/run does`,
    );
  }
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'stavka-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    bypassCSP: !enforceCsp,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
