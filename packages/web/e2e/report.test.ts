/**
 * The after-action report in the browser (issue #48): a seeded finished game opened in the
 * replay viewer, its report made client-side by the same builder as `stavka report`, with a
 * map per turn and both charts, no page error; the saved HTML opens from the disk with
 * every network request refused.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { SHOTS, serverAndBrowser } from './setup.ts';

const e2e = serverAndBrowser();

/** A whole game of the module's random players from `seed`, as a replay file on disk. */
async function savedGame(game: string, seed: number): Promise<{ file: string; turns: number }> {
  const { playout } = await import('@stavka/engine');
  const { GAMES } = await import('@stavka/games');
  const m = GAMES[game]!;
  const players = Object.fromEntries(m.meta.sides.map((s, i) => [s.id, m.players!.random!.make(seed + i)]));
  const r = playout(m.rules!, seed, players);
  const file = join(mkdtempSync(join(tmpdir(), 'stavka-report-')), `${game}.json`);
  writeFileSync(file, JSON.stringify({ ...r.replay, finalHash: r.hash }));
  return { file, turns: m.progress!(m.rules!.view(r.state.state, '@server')).turn };
}

/** Clicks "After-action report" and reads the report made: a map per turn and both charts. */
async function reportMade(page: Page, game: string, turns: number): Promise<string> {
  await page.getByRole('button', { name: 'After-action report' }).click();
  // Made, or refused with the reason (said, never a page error).
  await page.locator('.report-link a, .report-link [role=alert]').first().waitFor();
  assert.equal(
    await page.locator('.report-link [role=alert]').count(),
    0,
    await page.locator('.report-link').innerText(),
  );
  const open = page.getByRole('link', { name: 'Open the after-action report' });
  const save = page.getByRole('link', { name: /Save it/ });
  assert.match((await save.getAttribute('download')) ?? '', new RegExp(`^stavka-${game}-report\\.html$`));
  const href = (await open.getAttribute('href'))!;
  const html = await page.evaluate<string, string>((u) => fetch(u).then((r) => r.text()), href);
  assert.equal(html.match(/<svg class="turn-map"/g)?.length, turns);
  for (const chart of ['chart-vp', 'chart-losses']) {
    const at = html.indexOf(`id="${chart}"`);
    assert.ok(at > 0, chart);
    assert.match(html.slice(at, html.indexOf('</svg>', at)), /<polyline class="series"/);
  }
  return html;
}

for (const [game, seed] of [
  ['mars-1942', 3],
  ['point-to-point', 3],
] as const) {
  describe(`after-action report: ${game}`, () => {
    it('opens from the replay viewer: a map per turn, both charts, and a saved file needing no server', async () => {
      const { file, turns } = await savedGame(game, seed);
      const page = await e2e.browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(e2e.server.url);
      await page.locator('input[type=file]').setInputFiles(file);
      // Offered once every action of the file is checked legal.
      const html = await reportMade(page, game, turns);
      assert.doesNotMatch(html, /<script/i);
      assert.deepEqual(errors, []);
      await page.close();

      // Saved and opened from the disk, with every request refused: it needs nothing else.
      const saved = join(mkdtempSync(join(tmpdir(), 'stavka-report-html-')), 'report.html');
      writeFileSync(saved, html);
      const offline = await e2e.browser.newPage();
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
      assert.equal(await offline.locator('#chart-vp svg polyline').count(), 2);
      assert.deepEqual(requests, []);
      await offline.screenshot({ path: join(SHOTS, `report-${game}.png`) });
      await offline.close();
    });
  });
}

describe('after-action report: a finished game on its page', () => {
  it('is offered under the board of a finished offline game', async () => {
    const { file, turns } = await savedGame('mars-1942', 4);
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(e2e.server.url);
    // An offline game is its replay file in this browser's storage (session.ts LocalSession).
    const saved = JSON.stringify(readFileSync(file, 'utf8'));
    await page.evaluate(`localStorage.setItem('stavka.local.local-report', ${saved})`);
    await page.goto(`${e2e.server.url}/#/local/local-report`);
    await page.locator('.status', { hasText: 'Game over' }).waitFor();
    await reportMade(page, 'mars-1942', turns);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
