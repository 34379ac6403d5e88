/**
 * Moscow 1941 point-to-point (the Typhoon campaign) end to end in real Chromium, through
 * its game module's presentation only: the built web app served by the real server
 * (SQLite in a temporary folder). Hot-seat from the home page: the point board (points,
 * lines with capacities, counters), an Axis unit attacking along a line, the air
 * allocation, the exact battle preview of the battle to fight (analysis.ts: each ending's
 * chance), the battle fought with its decisions as buttons; no page errors. Screenshots go
 * to a temporary folder unless STAVKA_SHOTS says where (docs/screenshots/point-to-point-*.png).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { showBoard } from './front-positions.ts';
import { SHOTS, serverAndBrowser } from './setup.ts';
import { answered, painted } from './waits.ts';

const e2e = serverAndBrowser();

async function act(page: Page, type: string): Promise<void> {
  const groups = page.locator('.actions details.group:not([open]) summary');
  for (let i = await groups.count(); i > 0; i--) await groups.first().click();
  await answered(page, () => page.locator(`.actions button[data-action="${type}"]`).first().click());
}

async function logText(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Log' }).click();
  return (await page.locator('.log').innerText()).toString();
}

describe('hot-seat Moscow 1941 (point-to-point) in the browser', () => {
  it('draws the point board, moves an Axis unit into an attack, previews the battle exactly and fights it with buttons', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(e2e.server.url);
    const li = page.locator('ul.games li', { hasText: 'Moscow 1941 (point-to-point)' });
    await li.getByRole('button', { name: 'New hot-seat game' }).click();
    await showBoard(page);

    // The board: points (not hexes) named with their victory points, lines with capacities, counters.
    await page.locator('svg.map-board g.static.points').waitFor();
    assert.ok((await page.locator('svg.map-board g.point').count()) > 30, 'the Typhoon points');
    assert.equal(await page.locator('svg.map-board g.static polygon').count(), 0, 'no hexes');
    assert.ok(
      (await page.locator('svg.map-board .line .capacity').count()) > 30,
      'every line with its capacity',
    );
    assert.ok(
      (await page.locator('svg.map-board g.point text', { hasText: 'Tula ★3' }).count()) === 1,
      'Tula ★3',
    );
    assert.ok(
      (await page.locator('svg.map-board g.point text', { hasText: /^Moscow ⚙3/ }).count()) === 1,
      'Moscow ⚙3',
    );
    assert.ok((await page.locator('g.counter.axis').count()) >= 4, 'Axis stacks');
    assert.ok((await page.locator('g.counter.soviet').count()) > 10, 'Soviet stacks');
    await page.locator('.status', { hasText: 'Axis Movement' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'point-to-point-board.png') });

    // A move into an enemy-held point: select an Axis counter, its attack targets light, click one.
    const axis = page.locator('g.counter.axis');
    let attacked = false;
    for (let k = 0; k < (await axis.count()) && !attacked; k++) {
      // Selected, or nothing (a unit that may not move): the targets counted once that is painted.
      await axis.nth(k).click({ force: true });
      await painted(page);
      const targets = page.locator('circle.hl.attack');
      if ((await targets.count()) === 0) continue;
      // The attack being planned, previewed exactly before the move is made.
      await targets.first().hover({ force: true });
      await page.locator('.combat', { hasText: 'Battle at' }).waitFor();
      assert.match(await page.locator('.combat').innerText(), /\(if .* attacks /);
      await answered(page, () => targets.first().click({ force: true }));
      attacked = /attacks/.test(await logText(page));
    }
    assert.ok(attacked, 'some Axis unit can attack along a line (C-4.4)');
    await act(page, 'end-movement');

    // Air allocation, the Axis then the Soviets (C-5.1): no air this time.
    for (let i = 0; i < 4; i++) {
      await showBoard(page);
      if (!/Air allocation/.test(await page.locator('.status').innerText())) break;
      await act(page, 'end-air');
    }
    await page.locator('.status', { hasText: 'Axis Combat' }).waitFor();

    // The exact battle preview on the point under attack: each ending's chance, the expected losses.
    const fight = page.locator('circle.hl.attack');
    await fight.first().hover({ force: true });
    const preview = page.locator('.combat', { hasText: 'Battle at' });
    await preview.waitFor();
    const text = await preview.innerText();
    // Each ending's chance in per cent, the exact fraction on hover (issue #45 item 13).
    assert.match(text, /\d+(\.\d)?%/, 'each ending with its chance');
    assert.match(
      (await preview.locator('.chances .chance').first().getAttribute('title')) ?? '',
      /^\d+\/\d+$/,
      'the exact fraction on hover',
    );
    assert.match(text, /expected losses absorbed/, 'the expected losses');
    await act(page, 'fight');
    await page.locator('.status', { hasText: 'battle at' }).waitFor();
    await page.locator('.actions button[data-action="attack"]').waitFor();
    await page.locator('.combat', { hasText: 'Battle at' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'point-to-point-battle.png') });
    await act(page, 'attack');

    // The battle's decisions, each a button, until the battle is over.
    const decided = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await showBoard(page);
      if (!/battle at/.test(await page.locator('.status').innerText())) break;
      const button = page.locator('.actions button[data-action]:visible').first();
      if ((await button.count()) === 0) break;
      decided.add((await button.getAttribute('data-action')) ?? '');
      await answered(page, () => button.click());
    }
    assert.ok(decided.size > 0, 'a battle decision made with a button');
    assert.doesNotMatch(await page.locator('.status').innerText(), /battle at/, 'the battle is over');
    assert.match(await logText(page), /absorbs|dispersed|destroyed|retreat/i, 'the battle in the log');
    // The reference sheets: the legend, the provisional fire table, the turn track.
    await page.getByRole('tab', { name: 'Reference' }).click();
    const sheets = await page.locator('.side').innerText();
    assert.match(sheets, /Turn record track/);
    assert.match(sheets, /PROVISIONAL/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
