/**
 * The table's tools on the whole front (issue #45 items 15 and 16) in real Chromium: the
 * replay viewer opening a 263-action Barbarossa game at once (its actions checked while it
 * is shown), and the calculator on a phone with its result beside its inputs. No page or
 * console error. Screenshots go to a temporary folder unless STAVKA_SHOTS says where
 * (docs/screenshots/front-*.png).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { launch } from './browser.ts';
import { barbarossaUntil, gameUntil } from './front-positions.ts';
import { DESK, inView, open, openReplay, PHONE, shot } from './pages.ts';
import { serverAndBrowser } from './setup.ts';

const e2e = serverAndBrowser();

describe('issue #45 item 16: the replay viewer opens a long game at once', () => {
  it('shows a 263-action Barbarossa game before its actions are all checked, then says they are', async (t) => {
    const browser = await launch(DESK);
    try {
      const { page, errors } = await open(browser);
      let n = 0;
      const file = barbarossaUntil('replay-263', () => ++n > 263);
      assert.equal(file.actions.length, 263);
      await page.goto(e2e.server.url);
      const vcr = page.getByRole('region', { name: 'replay controls' });
      const started = Date.now();
      await page.getByLabel(/Replay file/).setInputFiles({
        name: 'replay-263.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(file)),
      });
      // Shown at once, at its start, before its actions are read and checked.
      await vcr.locator('span', { hasText: /^0 \/ 263$/ }).waitFor();
      await page.locator('svg.map g.counter').first().waitFor();
      const shown = Date.now() - started;
      const check = vcr.locator('.replay-check');
      const first = await check.innerText();
      t.diagnostic(`the 263-action replay shown in ${shown} ms ("${first}")`);
      await check.filter({ hasText: /Checking|Every action/ }).waitFor();
      const read = Date.now() - started;
      await vcr.getByRole('button', { name: 'last' }).click();
      await vcr.locator('span', { hasText: /^263 \/ 263$/ }).waitFor();
      await check.filter({ hasText: 'Every action checked legal (263).' }).waitFor();
      const checked = Date.now() - started;
      t.diagnostic(`its actions read by ${read} ms, checked legal by ${checked} ms`);
      assert.match(
        first,
        /^(Reading the replay: \d+ of 263 actions…|Checking the replay's actions: \d+ of 263…)$/,
      );
      await vcr.getByRole('button', { name: 'back' }).click();
      assert.match(await vcr.locator('span').first().innerText(), /^262 \/ 263$/);
      await shot(page, 'front-replay.png');
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('says where a replay stops being a legal game', async () => {
    const { page, errors } = await open(e2e.browser);
    let n = 0;
    const file = barbarossaUntil('replay-bad', () => ++n > 120);
    // Action 30 made one no position allows: a move to a hex far off.
    const bad = file.actions.findIndex((x, i) => i >= 29 && x.action.type === 'move');
    assert.ok(bad >= 0, 'a move to spoil');
    const actions = file.actions.map((x, i) => (i === bad ? { ...x, action: { ...x.action, to: 0 } } : x));
    await openReplay(page, e2e.server.url, 'replay-bad.json', { ...file, actions });
    // Refused at once (it cannot even be applied), or shown with the check saying where it fails.
    const where = new RegExp(`actions\\[${bad}\\]|action ${bad + 1}:`);
    const said = page.getByText(where).filter({ visible: true }).first();
    await said.waitFor().catch(async (e: Error) => {
      // Once in CI (a loaded machine) the text never came in 120 s, where it takes ~4 s:
      // what the page said instead, for whoever meets it next.
      const check = await page
        .locator('.replay-check')
        .allInnerTexts()
        .catch(() => []);
      const shown = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      throw new Error(
        `${e.message}\nthe spoiled action: ${bad}; the check said: ${JSON.stringify(check)}; page errors: ${JSON.stringify(errors)}; the page: ${shown.slice(0, 400)}`,
      );
    });
    assert.match(await said.innerText(), where);
    await page.close();
    assert.deepEqual(errors, []);
  });
});

describe('issue #45 item 15: the calculator on a phone keeps its result beside its inputs', () => {
  it("shows Barbarossa's result at the foot of the screen while the attack is typed", async () => {
    const browser = await launch(PHONE);
    try {
      const { page, errors } = await open(browser);
      await page.goto(`${e2e.server.url}/calc.html?game=barbarossa-1941`);
      const attack = page.locator('[data-field="attack"] input');
      await attack.fill('12');
      await page.locator('[data-field="defense"] input').fill('3');
      await attack.focus();
      const bar = page.locator('.summary-bar');
      await bar.filter({ hasText: /12:3 reads/ }).waitFor();
      assert.ok(await inView(page, attack), 'the attack in view');
      const box = (await bar.boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height + 1, `the result in view (y=${box.y})`);
      assert.match(await bar.innerText(), /12:3 reads 4:1/);
      await page.screenshot({ path: `${(await import('./setup.ts')).SHOTS}/front-calculator-phone.png` });
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});

describe('issue #46: an imported game says on its page where it came from', () => {
  it("shows the game it was exported from and how far its file went, from the server's summary", async () => {
    const { page, errors } = await open(e2e.browser);
    let n = 0;
    const file = {
      ...gameUntil('mars-1942', 'import-46', () => ++n > 30),
      server: {
        gameId: 'g-1941-0622',
        origin: 'https://stavka.example',
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    };
    const res = await fetch(`${e2e.server.url}/api/games/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(file),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const made = (await res.json()) as { seats: Record<string, { link: string }> };
    const [mine, other] = Object.values(made.seats).map((x) =>
      x.link.startsWith('http') ? x.link : `${e2e.server.url}${x.link}`,
    );
    const words =
      'Imported from game g-1941-0622 on https://stavka.example (made 2026-11-01): its first 30 actions; played on here since.';
    // Waiting for the other seat: the page says it already.
    await page.goto(mine!);
    const line = page.locator('.imported-from');
    await line.waitFor();
    assert.equal(await line.innerText(), words);
    // The other seat joins (another browser): the game page says it beside the board.
    const second = await launch();
    try {
      await (await second.newPage()).goto(other!);
      await page.locator('.game .imported-from').waitFor();
      assert.equal(await page.locator('.game .imported-from').innerText(), words);
      await shot(page, 'front-imported.png');
    } finally {
      await second.close();
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
