/**
 * Waits on the page's state, never on a fixed time (issue #46 item 9): a loaded machine
 * takes as long as it takes, up to the context's default timeout (browser.ts). The root
 * tsconfig has no DOM types, so what runs in the page is a string.
 */
import type { Page } from 'playwright-core';

/** Once the page's fonts are in and it has drawn two frames since (what a screenshot shows is settled). */
export const painted = (page: Page) =>
  page.evaluate(
    'document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))',
  );

/**
 * Once a stack picker a click opened is drawn (it comes a frame after the click's
 * highlights: board/selection.ts usePickerDrawn); at once when none is opening. What the
 * picker shows is then the clicked node's, not the one open before.
 */
export const pickerDrawn = (page: Page) =>
  page.waitForFunction("!document.querySelector('.work[data-picker-opening]')");

let marks = 0;

/** Keeps the page's markup now, for `changed` to compare with; the mark's name (marks may nest). */
export async function mark(page: Page): Promise<string> {
  const name = `__before${++marks}`;
  await page.evaluate(`globalThis.${name} = document.body.innerHTML`);
  return name;
}

/**
 * Waits until the page's markup differs from what `mark` kept under `name`, then lets the
 * mark go; then until that is painted, so what effects add after a paint (a roll's
 * banner, the pause at the end of a player-turn) is in too.
 */
export async function changed(page: Page, name: string): Promise<void> {
  await page.waitForFunction(`document.body.innerHTML !== globalThis.${name}`);
  await page.evaluate(`delete globalThis.${name}`);
  await painted(page);
}

/**
 * Runs `act` (a click), then waits until the page shows its answer: the game's part of
 * the page (prompt, actions, board, banners) differs from what it was before.
 */
export async function answered(page: Page, act: () => Promise<unknown>): Promise<void> {
  const name = await mark(page);
  await act();
  await changed(page, name);
}

/**
 * Runs `act`, which says whether it did anything (a click made); if it did, waits until
 * the page answers as `answered` does. What `act` says.
 */
export async function answeredIf(page: Page, act: () => Promise<boolean>): Promise<boolean> {
  const name = await mark(page);
  const did = await act();
  if (did) await changed(page, name);
  else await page.evaluate(`delete globalThis.${name}`);
  return did;
}

/**
 * Whether the map has stopped moving: a pan or zoom moves the drawn SVG as a picture (a
 * CSS transform) and commits the view box once the gesture pauses (map/view-box.ts);
 * settled, the map has no transform left and is drawn at the view box the mini-map shows.
 */
const SETTLED = `(() => {
  const m = document.querySelector('svg.map');
  if (!m) return true;
  if (m.style.transform !== '') return false;
  const r = document.querySelector('svg.minimap rect[stroke]');
  return !r || m.getAttribute('viewBox') === ['x', 'y', 'width', 'height'].map((a) => r.getAttribute(a)).join(' ');
})()`;

/**
 * Waits until the map has stopped moving and its settled view is painted (a page without
 * a map is settled). Painted first too: a move the last render asked for (the map brought
 * to a combat) starts in an effect run after it is painted.
 */
export async function mapSettled(page: Page): Promise<void> {
  await painted(page);
  await page.waitForFunction(SETTLED);
  await painted(page);
}

/**
 * Runs `act` (a zoom or pan), waits until the map's view box differs from before, then
 * until the map has settled there.
 */
export async function mapMoved(page: Page, act: () => Promise<unknown>): Promise<void> {
  await page.evaluate(`globalThis.__viewBox = document.querySelector('svg.map')?.getAttribute('viewBox')`);
  await act();
  await page.waitForFunction(
    `${SETTLED} && document.querySelector('svg.map')?.getAttribute('viewBox') !== globalThis.__viewBox`,
  );
  await painted(page);
}
