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
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'stavka-chromium-')), {
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
  // Every wait is on the page's state; how long the page may take to get there is the
  // machine's business: a loaded 2-core machine draws the whole front in well over the
  // default 30 s (STAVKA_E2E_TIMEOUT_MS to change it).
  context.setDefaultTimeout(Number(process.env.STAVKA_E2E_TIMEOUT_MS ?? 120_000));
  return context;
}
