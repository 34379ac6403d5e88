/**
 * What the whole-front tests (issue #45) do with a page: open one keeping every page
 * error, console error and failed request; run a test on it (in a browser of its own, or
 * the file's) and check it had none; take a screenshot at the page's size and at a
 * phone's; read the prompt; tell whether something is in view.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { SHOTS } from './setup.ts';
import { mapSettled, painted } from './waits.ts';

/** The desk size the issue was tried at. */
export const DESK = { width: 1600, height: 1000 };
/** The phone size the issue was tried at. */
export const PHONE = { width: 390, height: 844 };

/** A page of `browser` whose page errors, console errors and failed requests are kept. */
export async function open(browser: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return { page, errors };
}

/**
 * Runs `test` on a new page of `browser`; then checks the page had no page error, console
 * error or failed request the whole time, and closes it.
 */
export async function onPage(browser: BrowserContext, test: (page: Page) => Promise<void>): Promise<void> {
  const { page, errors } = await open(browser);
  await test(page);
  assert.deepEqual(errors, []);
  await page.close();
}

/** `onPage` in a browser of its own at `size`, launched for the test and closed after it, whatever happens. */
export async function onOwnBrowser(
  size: { width: number; height: number },
  test: (page: Page) => Promise<void>,
): Promise<void> {
  const browser = await launch(size);
  try {
    await onPage(browser, test);
  } finally {
    await browser.close();
  }
}

/**
 * Opens the home page and picks `file` as a replay file (named `name`), as a player does;
 * the replay viewer's controls (shown at once, its actions read and checked after).
 */
export async function openReplay(page: Page, url: string, name: string, file: unknown): Promise<Locator> {
  await page.goto(url);
  await page.getByLabel(/Replay file/).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  return page.getByRole('region', { name: 'replay controls' });
}

/** A screenshot at the page's size, and the same page at a phone's (name-phone.png). */
export async function shot(page: Page, name: string): Promise<void> {
  await mapSettled(page);
  await page.screenshot({ path: join(SHOTS, name) });
  const was = page.viewportSize();
  if (!was || was.width <= 400) return;
  await page.setViewportSize(PHONE);
  await mapSettled(page);
  await page.screenshot({ path: join(SHOTS, name.replace(/\.png$/, '-phone.png')) });
  await page.setViewportSize(was);
  await painted(page);
}

/** The prompt bar's text. */
export const status = (page: Page) => page.locator('.status').innerText();

/** Whether a locator's box starts inside the viewport (its top is seen without scrolling). */
export async function inView(page: Page, l: Locator): Promise<boolean> {
  const box = await l.boundingBox();
  const vp = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + Math.min(box.height, 60) <= vp.height;
}
