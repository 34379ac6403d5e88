/**
 * The calculator page end to end in real Chromium on a phone-sized screen (issue #28):
 * from the home page to each game's calculator, the acceptance cases typed and stepped
 * in, a reload from the address, a table file loaded and kept, the link from inside a
 * game, and the page working with the server stopped once it has been loaded (its
 * service worker). The built app is served as files, as any static host would (the page
 * needs no API); screenshots of each game's page go to docs/screenshots/.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { ensureBuilt } from './build.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = join(here, '../dist');
// Screenshots go outside the repository; STAVKA_SHOTS=docs/screenshots renews the README's.
const SHOTS = process.env.STAVKA_SHOTS ?? join(tmpdir(), 'stavka-e2e-shots');
const PHONE = { width: 390, height: 844 };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** The build served as plain files: "/" is index.html, anything else its file or 404. */
function serveDist(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server: Server;
let base: string;
let browser: BrowserContext;

before(async () => {
  ensureBuilt();
  mkdirSync(SHOTS, { recursive: true });
  server = await serveDist();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launch(PHONE);
});

after(async () => {
  await browser?.close();
  if (server?.listening) {
    const stopped = new Promise((r) => server.close(r));
    server.closeAllConnections();
    await stopped;
  }
});

/** A page that fails the test on any script error or request answered 4xx/5xx. */
async function watchedPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  return { page, errors };
}

/** From the home page, a game's Calculator link. */
async function openFromHome(page: Page, title: string): Promise<void> {
  await page.goto(`${base}/`);
  const game = page.locator('.games li', { has: page.getByRole('heading', { name: title, exact: true }) });
  await game.getByRole('link', { name: 'Calculator' }).click();
  await page.getByRole('heading', { name: `${title}: combat calculator` }).waitFor();
}

const summary = (page: Page) => page.locator('.summary');

/** Phone first: nothing wider than the screen (only the combat table scrolls, in its box). */
async function fitsTheScreen(page: Page): Promise<void> {
  // A string: the browser's globals are no part of this file's types (node's).
  const [scroll, width] = (await page.evaluate(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  )) as [number, number];
  assert.ok(scroll <= width, `the page is ${scroll} px wide on a ${width} px screen`);
}

describe('the calculator page on a phone', () => {
  it('Barbarossa from the home page: the round-up roll, 2 in 6 and 3 in 6, and again after a reload', async () => {
    const { page, errors } = await watchedPage();
    await openFromHome(page, 'Barbarossa 1941');
    assert.match(page.url(), /\/calc\.html\?game=barbarossa-1941$/);
    // Big touch targets: the steppers are at least 44 px square.
    const box = await page.getByRole('button', { name: 'Attack: one more' }).boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, JSON.stringify(box));

    await page.getByLabel('Attack', { exact: true }).fill('17');
    await page.getByLabel('Defense', { exact: true }).fill('5');
    await page.getByLabel('Round up to').selectOption('4:1');
    // No submit: the result follows the typing.
    // The game's section (issue #47): the page prints its rows without knowing the game.
    const roll = page.locator('.report-section[data-title="Round-up roll"]');
    await roll.locator('tr[data-label="Chance"]', { hasText: '2 in 6' }).waitFor();
    assert.match(
      await summary(page).innerText(),
      /Round-up roll: chance 2 in 6 \(a roll of 1-2\), success reads 4:1, failure reads 3:1/,
    );
    assert.equal(await summary(page).getAttribute('aria-live'), 'polite');
    assert.match(await page.locator('.provisional').innerText(), /Provisional table/);
    await fitsTheScreen(page);
    await page.screenshot({ path: join(SHOTS, 'calculator-barbarossa-1941.png'), fullPage: true });

    // 15 against 4 aiming at 5:1, falling back to 2:1 (two columns up and one down: the
    // expanded odds, agreed, B-64); the defense stepped down by one.
    await page.getByLabel('Expanded odds agreed').check();
    await page.getByLabel('Attack', { exact: true }).fill('15');
    await page.getByRole('button', { name: 'Defense: one less' }).click();
    assert.equal(await page.getByLabel('Defense', { exact: true }).inputValue(), '4');
    await page.getByLabel('Round up to').selectOption('5:1');
    await page.getByLabel('Fall back to').selectOption('2:1');
    await roll.locator('tr[data-label="Chance"]', { hasText: '3 in 6' }).waitFor();
    assert.equal(await roll.getAttribute('data-columns'), '5:1,2:1');
    await page.waitForURL(/\?game=barbarossa-1941&attack=15&defense=4&roundUp=5:1&fallBack=2:1/);
    assert.match(page.url(), /expandedOdds/);

    await page.reload();
    await roll.locator('tr[data-label="Chance"]', { hasText: '3 in 6' }).waitFor();
    assert.equal(await page.getByLabel('Attack', { exact: true }).inputValue(), '15');
    assert.equal(await page.getByLabel('Fall back to').inputValue(), '2:1');

    // Pressing the attack: a choice of segments, the two columns lit.
    await page.getByLabel('Round up to').selectOption('');
    await page.getByLabel('Fall back to').selectOption('');
    await page.getByRole('button', { name: 'Press: one more' }).click();
    await page.getByRole('radio', { name: 'split' }).check();
    await page.getByRole('group', { name: 'Who presses' }).getByRole('radio', { name: 'axis' }).check();
    await page
      .locator('.report-section[data-title="Pressing the attack"] tr[data-label="Procedure"]', {
        hasText: 'split',
      })
      .waitFor();
    assert.equal(await page.locator('table.crt th.lit').count(), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Mars from the home page: 12 against 4 with -1 reads the 2:1 column, lit; the same after a reload', async () => {
    const { page, errors } = await watchedPage();
    await openFromHome(page, 'Operation Mars, 1942');
    await page.getByLabel('Attack', { exact: true }).fill('12');
    await page.getByLabel('Defense', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Other shift: one less' }).click();
    await page.locator('strong.column', { hasText: '2:1' }).waitFor();
    assert.equal(await page.locator('table.crt th[aria-current="true"]').innerText(), '2:1');
    assert.match(await summary(page).innerText(), /^12:4 reads 3:1, shifted to 2:1\./);
    // Each result with its chance "n in 6", its rolls and what it means.
    const dr = page.locator('table.chances tr[data-result="DR"]');
    assert.match(await dr.innerText(), /2 in 6[\s\S]*5, 6/);
    assert.match(await dr.locator('xpath=following-sibling::tr[1]').innerText(), /^Defenders routed: DR = /);
    await fitsTheScreen(page);
    await page.screenshot({ path: join(SHOTS, 'calculator-mars-1942.png'), fullPage: true });

    await page.waitForURL(/\?game=mars-1942&attack=12&defense=4&shift=-1$/);
    const url = page.url();
    const again = await browser.newPage();
    await again.goto(url);
    await again.locator('strong.column', { hasText: '2:1' }).waitFor();
    assert.equal(await again.locator('table.crt th[aria-current="true"]').innerText(), '2:1');
    await again.close();

    // A rule the attack breaks is quoted.
    await page.getByLabel('Attack', { exact: true }).fill('2');
    await page.getByLabel('Defense', { exact: true }).fill('10');
    await page
      .locator('.refusal', { hasText: 'Final attacking odds less than 1:4 are not allowed.' })
      .waitFor();
    assert.match(await summary(page).innerText(), /^Not allowed/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Barbarossa with the printed table loaded from a file: kept in the browser until dropped', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${base}/calc.html?game=barbarossa-1941&attack=17&defense=5`);
    await page.locator('.provisional').waitFor();
    const printed = {
      ...JSON.parse(
        readFileSync(join(here, '../../games/src/barbarossa-1941/data/crt.provisional.json'), 'utf8'),
      ),
      id: 'printed-crt',
      title: 'The printed CRT (test copy)',
      provisional: false,
    };
    await page.getByLabel('Combat table: load a file (JSON)').setInputFiles({
      name: 'printed.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(printed)),
    });
    await page.locator('.loaded', { hasText: 'The printed CRT (test copy)' }).waitFor();
    assert.equal(await page.locator('.provisional').count(), 0);
    await page.waitForURL(/&crt=printed-crt$/);
    await page.reload();
    await page.locator('.loaded', { hasText: 'The printed CRT (test copy)' }).waitFor();
    assert.equal(await page.locator('table.crt caption').innerText(), 'The printed CRT (test copy)');
    await page.getByRole('button', { name: 'Forget this combat table' }).click();
    await page.locator('.provisional').waitFor();
    await page.waitForURL(/defense=5$/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('point-to-point: a volley, its groups and the losses', async () => {
    const { page, errors } = await watchedPage();
    await openFromHome(page, 'Moscow 1941 (point-to-point)');
    await page.getByRole('textbox', { name: /^Firing value/ }).fill('25');
    await page.locator('.report-section tr[data-label="In groups"]', { hasText: '13 + 12' }).waitFor();
    assert.match(await page.locator('table.chances tr[data-result="4"]').innerText(), /9 in 36/);
    await fitsTheScreen(page);
    await page.screenshot({ path: join(SHOTS, 'calculator-point-to-point.png'), fullPage: true });
    // The whole battle, from a battle file: every ending with its exact chance.
    await page.getByRole('textbox', { name: /^Firing value/ }).fill('');
    await page.getByLabel('Battle: load a file (JSON)').setInputFiles({
      name: 'battle.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          weather: 'snow',
          attacker: 'axis',
          attackers: [{ class: 'major', value: 3 }],
          defenders: [{ class: 'major', value: 3 }],
        }),
      ),
    });
    await page.locator('tr[data-result="attackers destroyed"]', { hasText: '6/7' }).waitFor();
    // The battle travels in the link.
    await page.waitForURL(/&battle=%7B/);
    const other = await browser.newPage();
    await other.goto(page.url());
    await other.locator('tr[data-result="attackers destroyed"]', { hasText: '6/7' }).waitFor();
    await other.locator('.loaded', { hasText: 'from the link' }).waitFor();
    await other.close();
    assert.match(await summary(page).innerText(), /Attackers destroyed 6\/7|attackers destroyed 6\/7/);
    await fitsTheScreen(page);
    await page.screenshot({ path: join(SHOTS, 'calculator-point-to-point-battle.png'), fullPage: true });
    await page.getByRole('button', { name: 'Forget this battle' }).click();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('from inside a game, its calculator', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${base}/#/new-local/calculator-e2e`);
    await page.locator('.status').waitFor();
    await page.getByRole('link', { name: 'Calculator' }).click();
    await page.getByRole('heading', { name: 'Operation Mars, 1942: combat calculator' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('is installable (a manifest with icons) and works with the server stopped once loaded', async () => {
    const { page } = await watchedPage();
    await page.goto(`${base}/calc.html?game=mars-1942`);
    const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = (await (await page.request.get(`${base}${manifestHref}`)).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/calc.html');
    for (const icon of manifest.icons)
      assert.equal((await page.request.get(`${base}${icon.src}`)).status(), 200);
    // The service worker installed, its copy made, in control of the page.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    // Chromium's own verdict: nothing stops the page being installed (manifest, icons, worker).
    const cdp = await browser.newCDPSession(page);
    const installable = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    assert.deepEqual(
      installable.installabilityErrors.map((e) => e.errorId),
      [],
    );

    const stopped = new Promise((r) => server.close(r));
    server.closeAllConnections();
    await stopped;
    const down = await fetch(`${base}/calc.html`).then(
      () => 'up',
      () => 'down',
    );
    assert.equal(down, 'down', 'the server is stopped');

    await page.goto(`${base}/calc.html?game=barbarossa-1941&attack=17&defense=5&roundUp=4:1`);
    await page.locator('.report-section tr[data-label="Chance"]', { hasText: '2 in 6' }).waitFor();
    await page.getByLabel('Attack', { exact: true }).fill('16');
    await page.locator('.summary', { hasText: '16:5 reads 3:1' }).waitFor();
    await page.goto(`${base}/calc.html?game=mars-1942&attack=12&defense=4&shift=-1`);
    await page.locator('strong.column', { hasText: '2:1' }).waitFor();
    await page.close();
  });
});
