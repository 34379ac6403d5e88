/**
 * The after-action report in the browser (issue #48): a seeded finished game of each of the
 * three games opened in the replay viewer, its report made client-side in a worker by the
 * same builder as `stavka report` (the same bytes), the page showing the worker's progress,
 * with a map per turn and both charts, no page error; the saved HTML opens from the disk
 * with every network request refused. Screenshots of each report go to a temporary folder
 * unless STAVKA_SHOTS says where (docs/screenshots/report-*.png).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ReplayFile } from '@stavka/engine';
import type { Page } from 'playwright-core';
import { openReplay } from './pages.ts';
import { SHOTS, serverAndBrowser } from './setup.ts';
import { painted } from './waits.ts';

const e2e = serverAndBrowser();

interface SavedGame {
  /** The replay file as saved (its final hash with it). */
  readonly file: ReplayFile & { readonly finalHash: string };
  /** The turn the game ended in: the report draws the front at the end of each. */
  readonly turns: number;
}

/**
 * A whole game of the module's random players from `seed`, played to its end (the same
 * players as `stavka simulate --players random,random`), as a saved replay file. A
 * Barbarossa game of random players takes seconds (the AI's, minutes), and is played
 * here rather than kept as a file, which every change of its rules version would refuse.
 */
async function savedGame(game: string, seed: number): Promise<SavedGame> {
  const { playout } = await import('@stavka/engine');
  const { GAMES } = await import('@stavka/games');
  const m = GAMES[game]!;
  const players = Object.fromEntries(m.meta.sides.map((s, i) => [s.id, m.players!.random!.make(seed + i)]));
  const r = playout(m.rules!, seed, players);
  assert.ok(r.outcome, `${game} seed ${seed} is finished`);
  return {
    file: { ...r.replay, finalHash: r.hash },
    turns: m.progress!(m.rules!.view(r.state.state, '@server')).turn,
  };
}

/** The report `stavka report` writes of the same file (built here, in Node). */
async function directReport(game: string, replay: ReplayFile): Promise<string> {
  const { GAMES } = await import('@stavka/games');
  const { buildReport, renderedCharts, reportHtml } = await import('@stavka/games/report');
  const built = await buildReport(GAMES[game]!, replay);
  assert.ok(built.ok);
  return reportHtml(built.value, await renderedCharts(built.value));
}

// Every value the page's progress bar shows while the report is made (read in the page:
// the root tsconfig has no DOM types, so this is a string).
const WATCH_PROGRESS = `(() => {
  globalThis.__progress = [];
  new MutationObserver(() => {
    const bar = document.querySelector('.report-link progress');
    if (bar) globalThis.__progress.push([bar.value, bar.max]);
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

/**
 * Clicks "After-action report" and reads the report made: made in the report worker, its
 * progress shown on the way (the page drawing while the worker replays), then a map per
 * turn and both charts.
 */
async function reportMade(page: Page, game: string, g: SavedGame): Promise<string> {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.evaluate(WATCH_PROGRESS);
  await page.getByRole('button', { name: 'After-action report' }).click();
  // Made, or refused with the reason (said, never a page error).
  await page.locator('.report-link a, .report-link [role=alert]').first().waitFor();
  assert.equal(
    await page.locator('.report-link [role=alert]').count(),
    0,
    await page.locator('.report-link').innerText(),
  );
  assert.ok(
    workers.some((u) => /build-worker/.test(u)),
    `made in the report worker: ${workers.join(', ')}`,
  );
  // The bar went up through the actions to all of them: each of the worker's steps drawn.
  const shown = await page.evaluate<[number, number][]>('globalThis.__progress');
  const values = [...new Set(shown.map(([v]) => v))];
  assert.ok(values.length >= 2, `progress shown: ${values.join(', ')}`);
  assert.deepEqual(
    values,
    [...values].sort((a, b) => a - b),
  );
  assert.deepEqual(shown.at(-1), [g.file.actions.length, g.file.actions.length]);

  const open = page.getByRole('link', { name: 'Open the after-action report' });
  const save = page.getByRole('link', { name: /Save it/ });
  assert.match((await save.getAttribute('download')) ?? '', new RegExp(`^stavka-${game}-report\\.html$`));
  const href = (await open.getAttribute('href'))!;
  const html = await page.evaluate<string, string>((u) => fetch(u).then((r) => r.text()), href);
  assert.equal(html.match(/<svg class="turn-map"/g)?.length, g.turns);
  for (const chart of ['chart-vp', 'chart-losses']) {
    const at = html.indexOf(`id="${chart}"`);
    assert.ok(at > 0, chart);
    // vega-lite's chart (rendered to SVG in the worker): a line a side.
    const lines = html.slice(at, html.indexOf('</svg>', at)).match(/aria-roledescription="line mark"/g);
    assert.equal(lines?.length, 2, `${chart}: a line a side`);
  }
  return html;
}

/** Opens the saved report from the disk with every request refused: a map per turn, both charts; its screenshot. */
async function openedOffline(html: string, game: string, turns: number): Promise<void> {
  const saved = join(mkdtempSync(join(tmpdir(), 'stavka-report-html-')), 'report.html');
  writeFileSync(saved, html);
  const offline = await e2e.browser.newPage();
  // A laptop's screen: the report's screenshots kept small (text-heavy PNGs).
  await offline.setViewportSize({ width: 1280, height: 800 });
  const errors: string[] = [];
  offline.on('pageerror', (e) => errors.push(e.message));
  const requests: string[] = [];
  await offline.route(/^https?:/, (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  await offline.goto(`file://${saved}`);
  await offline
    .locator('svg.turn-map')
    .nth(turns - 1)
    .waitFor();
  assert.equal(await offline.locator('svg.turn-map').count(), turns);
  assert.equal(await offline.locator('#chart-vp svg [aria-roledescription="line mark"]').count(), 2);
  assert.equal(await offline.locator('#chart-losses svg [aria-roledescription="line mark"]').count(), 2);
  assert.deepEqual(requests, []);
  assert.deepEqual(errors, []);
  // The report's top (the result, both charts, the history), then its maps of the front.
  await painted(offline);
  await offline.screenshot({ path: join(SHOTS, `report-${game}.png`) });
  await offline.evaluate(`document.querySelector('.turns').previousElementSibling.scrollIntoView()`);
  await painted(offline);
  await offline.screenshot({ path: join(SHOTS, `report-${game}-front.png`) });
  await offline.close();
}

for (const [game, seed] of [
  ['mars-1942', 3],
  ['point-to-point', 3],
  ['barbarossa-1941', 3],
] as const) {
  describe(`after-action report: ${game}`, () => {
    it('opens from the replay viewer: a map per turn, both charts, and a saved file needing no server', async (t) => {
      let since = Date.now();
      const took = () => `${((Date.now() - since) / 1000).toFixed(1)} s`;
      const g = await savedGame(game, seed);
      const times = [`played (${g.file.actions.length} actions) in ${took()}`];
      since = Date.now();
      const page = await e2e.browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await openReplay(page, e2e.server.url, `${game}.json`, g.file);
      // Offered once every action of the file is checked legal.
      await page.getByRole('button', { name: 'After-action report' }).waitFor();
      times.push(`read and checked in the viewer in ${took()}`);
      since = Date.now();
      const html = await reportMade(page, game, g);
      times.push(`report made in ${took()}`);
      assert.doesNotMatch(html, /<script/i);
      assert.deepEqual(errors, []);
      await page.close();
      since = Date.now();
      await openedOffline(html, game, g.turns);
      times.push(`opened offline in ${took()}`);
      t.diagnostic(times.join('; '));
      // The worker's report is the builder's run directly in Node with the same vega-lite
      // charts, byte for byte (what `stavka report` writes), checked on the two small games.
      if (game !== 'barbarossa-1941') assert.equal(html, await directReport(game, g.file));
    });
  });
}

describe('after-action report: a finished game on its page', () => {
  it('is offered under the board of a finished offline game', async () => {
    const g = await savedGame('mars-1942', 4);
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(e2e.server.url);
    // An offline game is its replay file in this browser's storage (session.ts LocalSession).
    const saved = JSON.stringify(JSON.stringify(g.file));
    await page.evaluate(`localStorage.setItem('stavka.local.local-report', ${saved})`);
    await page.goto(`${e2e.server.url}/#/local/local-report`);
    await page.locator('.status', { hasText: 'Game over' }).waitFor();
    await reportMade(page, 'mars-1942', g);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
