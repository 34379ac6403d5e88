/**
 * The client under the server's own Content-Security-Policy (issue #46 item 8): the
 * other Chromium tests bypass the policy (their page checks are strings evaluated in the
 * page), so this one enforces it and plays a little of each game online and offline,
 * failing on any policy violation, page error or console error.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startServer } from '@stavka/server';
import type { BrowserContext, Page } from 'playwright-core';
import { playTurns } from '../../games/src/report/test-games.ts';
import { launch } from './browser.ts';
import { ensureBuilt } from './build.ts';
import { openReplay } from './pages.ts';

let server: RunningServer;
let browser: BrowserContext;

before(async () => {
  ensureBuilt();
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    db: join(mkdtempSync(join(tmpdir(), 'stavka-csp-')), 'e2e.sqlite'),
    rateLimit: false,
    log: () => {},
  });
  browser = await launch(undefined, { enforceCsp: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page whose policy violations (reported by the page itself), page errors and console errors are kept. */
async function watched(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber));`,
  });
  return { page, problems };
}

describe("the client under the server's Content-Security-Policy", () => {
  it('the policy is sent with the page', async () => {
    const r = await fetch(`${server.url}/`);
    assert.match(r.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  });

  for (const [game, kind] of [
    ['Operation Mars', 'New hot-seat game'],
    ['Barbarossa 1941', 'Offline hot-seat (this browser only)'],
    ['Moscow 1941 (point-to-point)', 'New hot-seat game'],
  ] as const) {
    it(`${game}: the home page, a new game (${kind}) and its board, with no violation`, async () => {
      const { page, problems } = await watched();
      await page.goto(server.url);
      const li = page.locator('ul.games li', { hasText: game });
      await li.getByRole('button', { name: kind }).click();
      const show = page.getByRole('button', { name: /show my board/ });
      await page.locator('svg.map').or(show).first().waitFor();
      if ((await show.count()) > 0) await show.click();
      await page.locator('svg.map').waitFor();
      await page.locator('.status').waitFor();
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  it('an online game: both seats over their live channels, with no violation', async () => {
    const { page, problems } = await watched();
    await page.goto(server.url);
    await page
      .locator('ul.games li', { hasText: 'Barbarossa 1941' })
      .getByRole('button', { name: 'New online game' })
      .click();
    const axisLink = await page.getByLabel('axis link').inputValue();
    const sovietLink = await page.getByLabel('soviet link').inputValue();
    // The other seat in a browser of its own, under the policy too.
    const second = await launch(undefined, { enforceCsp: true });
    try {
      const other = await second.newPage();
      other.on('pageerror', (e) => problems.push(`soviet page error: ${e.message}`));
      const channel = page.waitForEvent('websocket');
      await page.goto(axisLink);
      await other.goto(sovietLink);
      await page.locator('.status').waitFor();
      await other.locator('.status').waitFor();
      await channel; // the live channel opened under connect-src 'self'
      assert.deepEqual(problems, []);
    } finally {
      await second.close();
    }
    await page.close();
  });

  it("an after-action report made in the replay viewer's worker: vega-lite's charts with no eval, no violation", async () => {
    const { GAMES } = await import('@stavka/games');
    const file = playTurns(GAMES['mars-1942']!, 7, 2);
    const { page, problems } = await watched();
    await openReplay(page, server.url, 'mars-1942.json', file);
    await page.getByRole('button', { name: 'After-action report' }).click();
    await page.locator('.report-link a, .report-link [role=alert]').first().waitFor();
    assert.equal(
      await page.locator('.report-link [role=alert]').count(),
      0,
      await page.locator('.report-link').innerText(),
    );
    // Made: the worker drew vega-lite's charts (an eval refused by the policy would have
    // been said in the alert, and reported as a violation).
    await page.getByRole('link', { name: 'Open the after-action report' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('the calculator page, with no violation', async () => {
    const { page, problems } = await watched();
    await page.goto(`${server.url}/calc.html?game=mars-1942`);
    await page.locator('form, main').first().waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
