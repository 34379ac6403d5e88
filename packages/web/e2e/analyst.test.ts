/**
 * The analyst at the table (issue #48 item 2) in real Chromium: switched on in an offline
 * Mars game it reads the position in its worker (each side's chance, from how many
 * rollouts) and draws its suggestion on the map; in a replay it reads a past step, and a
 * step on starts it afresh; an online game made without the players' agreement offers it
 * to neither seat, one made with it to both. Every wait is on the page's state. No page or
 * console error. Screenshots go to a temporary folder unless STAVKA_SHOTS says where.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReplayFile } from '@stavka/engine';
import { findGame } from '@stavka/games';
import type { Page } from 'playwright-core';
import { launch } from './browser.ts';
import { openLocal } from './front-positions.ts';
import { DESK, open, shot } from './pages.ts';
import { serverAndBrowser } from './setup.ts';

const e2e = serverAndBrowser();

/** Operation Mars past both historical set-ups (as its AI makes them), Zhukov's first player-turn to play. */
function marsAfterSetup(): ReplayFile {
  const mars = findGame('mars-1942')!.rules!;
  return {
    game: mars.id,
    rulesVersion: mars.rulesVersion,
    scenario: null,
    seed: 'analyst-e2e',
    actions: ['german', 'soviet'].flatMap((side) => [
      { side, action: { type: 'historical-setup' } },
      { side, action: { type: 'end-setup' } },
    ]),
  };
}

const panel = (page: Page) => page.getByRole('region', { name: 'analyst' });

/** Waits until the analyst shows a reading from at least one rollout; the rollouts it says. */
async function readingShown(page: Page): Promise<number> {
  const line = panel(page).locator('.analyst-rollouts', { hasText: /from [1-9]\d* rollouts/ });
  await line.waitFor();
  return Number(/from (\d+) rollouts/.exec(await line.innerText())?.[1]);
}

describe('issue #48 item 2: the analyst in an offline game', () => {
  it("switched on, shows each side's chance from N rollouts and its suggestion on the map", async (t) => {
    const browser = await launch(DESK);
    try {
      const { page, errors } = await open(browser);
      await openLocal(page, e2e.server.url, 'analyst-mars', marsAfterSetup());
      const toggle = panel(page).getByRole('button', { name: 'Analyst' });
      // Off by default: no reading, no arrow of its own.
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
      assert.equal(await panel(page).locator('.chance').count(), 0);
      const started = Date.now();
      await toggle.click();
      const n = await readingShown(page);
      t.diagnostic(`first reading from ${n} rollouts after ${Date.now() - started} ms`);
      assert.ok(n > 0);
      // Each side's bar with its per cent: Zhukov's and von Kluge's.
      for (const side of ['soviet', 'german']) {
        const bar = panel(page).locator(`.chance[data-side="${side}"]`);
        assert.match(await bar.innerText(), /\d+%/);
      }
      // The side to move's plan and its actions in words, drawn on the map as arrows.
      await panel(page).locator('.analyst-suggestion li').first().waitFor();
      await page.locator('svg.map g.arrows.suggested line').first().waitFor({ state: 'attached' });
      // The reading firms up: a later batch from more rollouts (the board stays usable meanwhile).
      await panel(page)
        .locator('.analyst-rollouts', { hasText: /from (3[2-9]|[4-9]\d|\d{3,}) rollouts/ })
        .waitFor();
      await page.getByRole('tab', { name: 'Log' }).click();
      await page.getByRole('region', { name: 'game log' }).waitFor();
      await panel(page).scrollIntoViewIfNeeded();
      await shot(page, 'analyst-mars.png');
      // Switched off: its arrows go.
      await toggle.click();
      await page.locator('svg.map g.arrows.suggested').waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});

describe("issue #48 item 2: the analyst's worker under the server's Content-Security-Policy", () => {
  it('starts and reads (worker-src and script-src self), with no policy violation', async () => {
    const browser = await launch(DESK, { enforceCsp: true });
    try {
      const { page, errors } = await open(browser);
      await page.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (e) =>
          console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`,
      });
      await page.goto(`${e2e.server.url}/#/new-local/analyst-csp/mars-1942`);
      await panel(page).getByRole('button', { name: 'Analyst' }).click();
      assert.ok((await readingShown(page)) > 0);
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});

describe('issue #48 item 2: what would have happened, on a past step of a replay', () => {
  it('reads the step shown; a step on starts the reading afresh', async () => {
    const { page, errors } = await open(e2e.browser);
    const file = marsAfterSetup();
    await page.goto(e2e.server.url);
    await page.getByLabel(/Replay file/).setInputFiles({
      name: 'analyst-replay.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    const vcr = page.getByRole('region', { name: 'replay controls' });
    await vcr.locator('span', { hasText: /^0 \/ 4$/ }).waitFor();
    await vcr.getByRole('button', { name: 'last' }).click();
    await vcr.locator('span', { hasText: /^4 \/ 4$/ }).waitFor();
    // The step before the last: Zhukov about to end his set-up.
    await vcr.getByRole('button', { name: 'back' }).click();
    await vcr.locator('span', { hasText: /^3 \/ 4$/ }).waitFor();
    await panel(page).getByRole('heading', { name: 'What would have happened' }).waitFor();
    await panel(page).getByRole('button', { name: 'Analyst' }).click();
    await readingShown(page);
    // What the game went on with from here, beside the suggestion.
    await panel(page)
      .locator('.analyst-played', { hasText: /^Played: Zhukov/ })
      .waitFor();
    await vcr.getByRole('button', { name: 'forward' }).click();
    await vcr.locator('span', { hasText: /^4 \/ 4$/ }).waitFor();
    // The new step's own reading (a reading of another step is never shown), with nothing played after it.
    await readingShown(page);
    assert.equal(await panel(page).locator('.analyst-played').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** Makes an online Mars game from the home page (the analyst allowed or not); its two seat links. */
async function onlineGame(page: Page, allowAnalyst: boolean): Promise<{ soviet: string; german: string }> {
  await page.goto(e2e.server.url);
  const card = page.locator('ul.games > li').first();
  if (allowAnalyst) await card.getByLabel('Allow the analyst (both players)').check();
  await card.getByRole('button', { name: 'New online game' }).click();
  return {
    soviet: await page.getByLabel('soviet link').inputValue(),
    german: await page.getByLabel('german link').inputValue(),
  };
}

describe('issue #48 item 2: an online game offers the analyst only if both seats agreed', () => {
  it('made without the agreement: neither seat is offered it; made with it: both are', async () => {
    const other = await launch();
    try {
      const a = await open(e2e.browser);
      const b = await open(other);
      for (const agreed of [false, true]) {
        const links = await onlineGame(a.page, agreed);
        await a.page.goto(links.soviet);
        await a.page.getByText('Waiting for the opponent').waitFor();
        await b.page.goto(links.german);
        for (const { page } of [a, b]) {
          // The board is drawn (its side panel with it): the analyst is there or not by now.
          await page.locator('.status .side-chip', { hasText: 'von Kluge' }).waitFor();
          await page.getByRole('region', { name: 'actions' }).waitFor();
          assert.equal(
            await panel(page).count(),
            agreed ? 1 : 0,
            `${agreed ? 'with' : 'without'} the agreement, ${page === a.page ? 'Zhukov' : 'von Kluge'}`,
          );
        }
        if (agreed) {
          // Zhukov's seat, von Kluge to move: the analyst reads what the Soviet seat is shown.
          await panel(a.page).getByRole('button', { name: 'Analyst' }).click();
          assert.ok((await readingShown(a.page)) > 0);
        }
      }
      assert.deepEqual([...a.errors, ...b.errors], []);
    } finally {
      await other.close();
    }
  });
});
