/**
 * Barbarossa 1941 end to end in real Chromium, through its game module's presentation
 * only: the built web app served by the real server (SQLite in a temporary folder).
 * Hot-seat from the home page through the set-up (the German's blind tank-group choice,
 * B-53), a German move to a lit hex, an attack with its itemized preview, an air mission
 * supporting it (the Russian asked whether to intercept), its roll and
 * choices (the seat handed over to the Russian defender with the board hidden), a
 * reload, and the Russian player-turn's arrivals and a rail move; an online game in two browser contexts where the German page's HTML and every
 * live frame it receives never name a hidden army (RULINGS B-18, B-53), while the Russian
 * page shows its own peeks. Screenshots go to a temporary folder unless STAVKA_SHOTS says
 * where (docs/screenshots/barbarossa-*.png).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { launch } from './browser.ts';
import { showBoard } from './front-positions.ts';
import { SHOTS, serverAndBrowser } from './setup.ts';
import { answered, answeredIf, mapMoved, mapSettled } from './waits.ts';

const e2e = serverAndBrowser();

/** What may never reach the German: the units behind the face-down tank korps and rifle armies. */
function hiddenIdentities(): { names: string[]; ids: string[] } {
  const file = join(import.meta.dirname, '../../games/src/barbarossa-1941/data/generated/units.json');
  const units = (
    JSON.parse(readFileSync(file, 'utf8')) as { units: { id: string; name: string; tags: string[] }[] }
  ).units;
  const group = units.filter((u) => u.tags.includes('blind-group-a') || u.tags.includes('blind-group-b'));
  const armies = units.filter((u) => u.tags.includes('hidden'));
  return {
    names: [...group, ...armies].map((u) => u.name),
    // The rifle armies' ids are public (the pile, B-18); the tank groups' are not.
    ids: group.map((u) => `"${u.id}"`),
  };
}

async function newBarbarossa(page: Page, kind: 'New hot-seat game' | 'New online game'): Promise<void> {
  await page.goto(e2e.server.url);
  const li = page.locator('ul.games li', { hasText: 'Barbarossa 1941' });
  await li.getByRole('button', { name: kind }).click();
}

/** Clicks the action's first button and waits for the page's answer. */
async function act(page: Page, type: string): Promise<void> {
  await answered(page, () => page.locator(`.actions button[data-action="${type}"]`).first().click());
}

/** Zooms the map in around a counter or a hex (the wheel under the mouse), for a screenshot that reads. */
async function zoomAt(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await mapMoved(page, async () => {
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -120);
  });
}

/** Clicks the first of `nodes` shown on the map and not under the mini-map; false if none is. */
async function clickShown(page: Page, nodes: Locator): Promise<boolean> {
  const map = await page.locator('svg.map').boundingBox();
  const mini = await page.locator('svg.minimap').boundingBox();
  if (!map) return false;
  const inside = (x: number, y: number, b: { x: number; y: number; width: number; height: number }) =>
    x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
  for (let k = 0; k < (await nodes.count()); k++) {
    const b = await nodes.nth(k).boundingBox();
    if (!b) continue;
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    if (!inside(x, y, map) || (mini && inside(x, y, mini))) continue;
    await page.mouse.click(x, y);
    return true;
  }
  return false;
}

/** The whole map in view: a no-op when it is already (the view box then stays as it is). */
async function wholeMap(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'whole map' }).click();
  await mapSettled(page);
}

async function logText(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Log' }).click();
  return (await page.locator('.log').innerText()).toString();
}

/** Plays a combat out whatever the dice say, through the Actions panel, handing the seat over as asked. */
async function settleCombat(page: Page): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await showBoard(page);
    const step = await page.locator('.status').innerText();
    if (!/combat at/.test(step)) return;
    const end = page.locator('.actions button[data-action="end-advance"]');
    const any = page.locator('.actions button[data-action]:visible');
    const group = page.locator('.actions details.group:not([open]) summary');
    // Nothing to click (a seat being handed over): wait for the page to change.
    await answered(page, async () => {
      if ((await end.count()) > 0) await end.first().click();
      else if ((await any.count()) > 0) await any.first().click();
      else if ((await group.count()) > 0) await group.first().click();
    });
  }
  throw new Error('the combat did not end');
}

describe('hot-seat Barbarossa 1941 in the browser', () => {
  it('plays the set-up, a German move, an attack with its preview and roll, a reload, and a Russian rail move', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await newBarbarossa(page, 'New hot-seat game');
    await showBoard(page);
    // The whole front, drawn by the generic board: hexes, rivers, rails, the 1941 border, victory cities.
    // The hexes as one path per terrain fill, each hex a closed subpath (one "M" each).
    const hexes = await page.evaluate(
      `[...document.querySelectorAll('svg.map-board g.static > path[stroke="#9a9480"]')].reduce((n, p) => n + (p.getAttribute('d').match(/M/g) ?? []).length, 0)`,
    );
    assert.ok(Number(hexes) > 2500, `the whole-front hexes (${hexes})`);
    for (const cls of ['path.river', 'path.rail', 'path.road', 'path.border-1941'])
      assert.ok((await page.locator(`svg.map-board ${cls}`).count()) > 0, `the map draws ${cls}`);
    assert.ok((await page.locator('svg.map-board g.place text', { hasText: 'Moscow ★3' }).count()) === 1);
    // Hidden Russian armies face down, with nothing on them but a question mark.
    const faceDown = page.locator('g.counter.soviet.face-down');
    assert.ok((await faceDown.count()) > 10, 'face-down Russian armies');
    assert.match((await faceDown.first().getAttribute('aria-label')) ?? '', /face down/);

    // Set-up: the German's blind choice of the extra tank group (B-53).
    await page.locator('.status', { hasText: 'the extra tank group' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'barbarossa-setup.png') });
    await act(page, 'choose-tank-group');
    await page.locator('.status', { hasText: 'German Reinforcements' }).waitFor();
    // A.1 then A.2: nothing to do here, on to movement.
    await act(page, 'end-step');
    await page.locator('.status', { hasText: 'German Attacks before' }).waitFor();
    await act(page, 'end-step');
    await page.locator('.status', { hasText: 'German Operational movement' }).waitFor();

    // Move: select a German counter, its legal hexes light up, click one.
    const german = page.locator('g.counter.axis');
    let moved = false;
    for (let k = 0; k < (await german.count()) && !moved; k++) {
      await german.nth(k).click({ force: true });
      // The stack's top unit alone, as a click selected before whole stacks (issue #45 item 9).
      const lead = await page.locator('.game').getAttribute('data-selected');
      if (Number(await page.locator('.game').getAttribute('data-group')) > 0)
        await page.locator(`.stack-picker button.pick[data-piece="${lead}"]`).click();
      const dest = page.locator('polygon.hl.move');
      if ((await dest.count()) > 0) {
        await zoomAt(page, german.nth(k));
        await dest.last().hover({ force: true });
        await page.locator('.path-cost').waitFor({ state: 'attached' });
        await page.screenshot({ path: join(SHOTS, 'barbarossa-movement.png') });
        await answered(page, () => dest.last().click({ force: true }));
        moved = true;
      }
    }
    assert.ok(moved, 'some German unit can move');
    await wholeMap(page);
    assert.match(await logText(page), /moves \d{4}-\d{4}/);

    // Attack: a German unit next to a Russian hex; the preview itemizes the attack and the chances.
    let declared = false;
    for (let k = 0; k < (await german.count()) && !declared; k++) {
      await german.nth(k).click({ force: true });
      // The stack's top unit alone, as a click selected before whole stacks (issue #45 item 9).
      const lead = await page.locator('.game').getAttribute('data-selected');
      if (Number(await page.locator('.game').getAttribute('data-group')) > 0)
        await page.locator(`.stack-picker button.pick[data-piece="${lead}"]`).click();
      const targets = page.locator('polygon.hl.target');
      if ((await targets.count()) === 0) continue;
      await targets.first().hover({ force: true });
      await page.locator('.combat', { hasText: 'Column' }).waitFor();
      const preview = await page.locator('.combat').innerText();
      assert.match(preview, /Odds/);
      assert.match(preview, /in 6/, 'each result with its exact chance');
      assert.match(preview, /face down/, 'the defender as the German sees it: face down');
      await answered(page, () => targets.first().click({ force: true }));
      declared = (await page.locator('.actions button[data-action="end-movement"]').count()) > 0;
      if (!declared) await act(page, 'unallocate');
    }
    assert.ok(declared, 'some German unit can attack at legal odds');
    const attacked = page.locator('polygon.hl.attack');
    await zoomAt(page, attacked.first());
    await attacked.first().hover({ force: true });
    await page.locator('.combat', { hasText: 'Column' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'barbarossa-combat-preview.png') });
    await act(page, 'end-movement');
    await page.locator('.status', { hasText: 'German Ground combat' }).waitFor();
    // An air mission: a Fliegerkorps supports the attack (B-13, B-46); the Russian may intercept (B-58).
    const groups = page.locator('.actions details.group:not([open]) summary');
    for (let i = await groups.count(); i > 0; i--) await groups.first().click();
    const air = page.locator('.actions button[data-action="air-support"]');
    assert.ok((await air.count()) > 0, 'a German air unit may support the attack');
    await answered(page, () => air.first().click());
    // With a Russian air unit in range, the Russian answers first (the seat handed over and back).
    if ((await page.getByRole('heading', { name: /Hand over to Stavka/ }).count()) > 0) {
      await showBoard(page);
      await page.locator('.status', { hasText: 'Interception' }).waitFor();
      await act(page, 'no-intercept');
      await page.getByRole('heading', { name: /Hand over to OKH/ }).waitFor();
      await showBoard(page);
    }
    await page.locator('.status', { hasText: 'German Ground combat' }).waitFor();
    assert.match(await logText(page), /flies close air support/);
    await act(page, 'resolve');
    // The Russian defender's No Retreat! orders: the seat changes hands, the board hidden meanwhile.
    await page.getByRole('heading', { name: /Hand over to Stavka/ }).waitFor();
    await showBoard(page);
    await page.locator('.combat', { hasText: 'Column' }).waitFor();
    await act(page, 'orders-done');
    await showBoard(page);
    assert.match(await logText(page), /rolled \d on \d+:\d+/);
    await page.screenshot({ path: join(SHOTS, 'barbarossa-combat-result.png') });
    await settleCombat(page);
    await showBoard(page);
    await page.locator('.status', { hasText: 'German' }).waitFor();

    // Reload: everything as it was.
    const status = await page.locator('.status').innerText();
    const log = await logText(page);
    await page.reload();
    await showBoard(page);
    assert.equal(await page.locator('.status').innerText(), status);
    assert.equal(await logText(page), log);
    // The reference: the turn record track and the victory cities.
    await page.getByRole('tab', { name: 'Reference' }).click();
    assert.match(await page.locator('.side').innerText(), /Turn record track/);

    // The rest of the German player-turn: the breakthrough (A.6) with nothing more to do.
    for (let i = 0; i < 12; i++) {
      await showBoard(page);
      if (/Russian/.test(await page.locator('.status').innerText())) break;
      const next = page.locator(
        '.actions button[data-action="end-combat"], .actions button[data-action="end-movement"], .actions button[data-action="end-step"]',
      );
      if ((await next.count()) === 0) await settleCombat(page);
      else await answered(page, () => next.first().click());
    }
    // The Russian player-turn: the seat handed over, the arrivals placed, a rail move (B-38).
    await showBoard(page);
    await page.locator('.status', { hasText: 'Russian Reinforcements' }).waitFor();
    await wholeMap(page);
    // Each arrival's entry hexes are lit in turn (the first waiting one, nothing selected).
    for (let i = 0; i < 40; i++) {
      await wholeMap(page);
      if (!(await answeredIf(page, () => clickShown(page, page.locator('polygon.hl.deploy'))))) break;
    }
    assert.match(await logText(page), /enters at \d{4}/);
    // Every arrival that could enter did: the step may end.
    await page.locator('.actions button[data-action="end-step"]').waitFor();
    await wholeMap(page);
    const soviet = page.locator('g.counter.soviet');
    const map = (await page.locator('svg.map').boundingBox())!;
    let railed = false;
    for (let k = 0; k < (await soviet.count()) && !railed; k++) {
      const box = await soviet.nth(k).boundingBox();
      if (!box || box.y < map.y || box.y > map.y + map.height || box.x > map.x + map.width) continue;
      await soviet.nth(k).click({ force: true });
      if ((await page.locator('polygon.hl.move-bonus').count()) > 0) {
        await page.screenshot({ path: join(SHOTS, 'barbarossa-rail.png') });
        railed = await answeredIf(page, () => clickShown(page, page.locator('polygon.hl.move-bonus')));
      }
    }
    assert.ok(railed, 'some Russian unit can move by rail or sea');
    assert.match(await logText(page), /by rail|lands at|sunk at sea/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('online Barbarossa 1941: the German never sees a hidden army', () => {
  it('keeps every face-down identity out of the German page and its live frames; the Russian sees its peeks', async () => {
    const secret = hiddenIdentities();
    const a = await e2e.browser.newPage();
    const pageErrors: string[] = [];
    a.on('pageerror', (e) => pageErrors.push(`a: ${e.message}`));
    await newBarbarossa(a, 'New online game');
    const axisLink = await a.getByLabel('axis link').inputValue();
    const sovietLink = await a.getByLabel('soviet link').inputValue();
    const second = await launch();
    try {
      const b = await second.newPage();
      b.on('pageerror', (e) => pageErrors.push(`b: ${e.message}`));
      const germanFrames: string[] = [];
      a.on('websocket', (ws) => ws.on('framereceived', (f) => germanFrames.push(String(f.payload))));
      await a.goto(axisLink);
      await b.goto(sovietLink);
      await a.locator('.status', { hasText: 'the extra tank group' }).waitFor();
      await act(a, 'choose-tank-group');
      await a.locator('.status', { hasText: 'German Reinforcements' }).waitFor();
      await act(a, 'end-step');
      await act(a, 'end-step');
      await a.locator('.status', { hasText: 'German Operational movement' }).waitFor();
      // The Russian page: its own face-down tank korps, marked as its peek (B-53).
      await b.locator('.status', { hasText: 'German Operational movement' }).waitFor();
      const peeks = b.locator('g.counter.soviet.face-down[aria-label*="your peek"]');
      assert.ok((await peeks.count()) > 0, 'the Russian player sees his peeks');
      await zoomAt(b, peeks.first());
      await b.screenshot({ path: join(SHOTS, 'barbarossa-soviet-peek.png') });
      // The German page, its reference sheets open too.
      await a.getByRole('tab', { name: 'Reference' }).click();
      await a.locator('.side', { hasText: 'Turn record track' }).waitFor();
      const html = await a.content();
      for (const name of secret.names) assert.ok(!html.includes(name), `the German page names ${name}`);
      assert.ok(germanFrames.length > 0, 'the German page got live frames');
      for (const f of germanFrames) {
        for (const name of secret.names) assert.ok(!f.includes(name), `a German frame names ${name}`);
        for (const id of secret.ids) assert.ok(!f.includes(id), `a German frame names ${id}`);
        assert.ok(!/"secret"|"rng"/.test(f), 'a German frame carried the secret or the dice');
      }
      // The Russian page does carry its peeks' names (the same search finds them there).
      const sovietHtml = await b.content();
      assert.ok(
        secret.names.some((n) => sovietHtml.includes(n)),
        'the search finds the peeks on the Russian page',
      );
      await a.getByRole('tab', { name: 'Unit' }).click();
      await a.screenshot({ path: join(SHOTS, 'barbarossa-online-german.png') });
      assert.deepEqual(pageErrors, []);
    } finally {
      await second.close();
      await a.close();
    }
  });
});

describe('a finished Barbarossa 1941 game as a replay', () => {
  it('steps through a whole game to its end, the result as the rules give it', async () => {
    const { playout, RandomPlayer } = await import('@stavka/engine');
    const { findGame } = await import('@stavka/games');
    const { writeFileSync } = await import('node:fs');
    const rules = findGame('barbarossa-1941')!.rules;
    const r = playout(rules as never, 7, { axis: new RandomPlayer('a'), soviet: new RandomPlayer('b') });
    assert.ok(r.outcome, 'the random game played to its end');
    const file = join(mkdtempSync(join(tmpdir(), 'stavka-replay-bb-')), 'barbarossa.json');
    writeFileSync(file, JSON.stringify({ ...r.replay, finalHash: r.hash }));
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(e2e.server.url);
    await page.locator('input[type=file]').first().setInputFiles(file);
    await page.getByRole('button', { name: 'first' }).waitFor({ timeout: 120_000 });
    // The replay opens at its start and reads on (issue #45 item 16): to its end once read.
    await page.locator('.vcr .replay-check', { hasText: /Checking|Every action/ }).waitFor();
    await page.getByRole('button', { name: 'last' }).click();
    const counter = page.locator('.vcr span');
    const last = await counter.innerText();
    assert.match(last, new RegExp(`^${r.replay.actions.length} /`), 'every action of the game');
    await page.getByRole('button', { name: 'first' }).click();
    assert.match(await counter.innerText(), /^0 \//);
    await page.getByRole('button', { name: 'forward' }).click();
    assert.match(await counter.innerText(), /^1 \//);
    await page.getByRole('button', { name: 'last' }).click();
    assert.equal(await counter.innerText(), last);
    await page.locator('.status', { hasText: 'Game over' }).waitFor();
    // The bar gives the result in the presentation's words: who won, and why (B-12).
    const o = r.outcome!;
    const who = o.winner === null ? 'A draw' : `${o.winner === 'axis' ? 'Axis' : 'Soviet'}) wins`;
    const said = await page.locator('.status .help').innerText();
    assert.ok(said.includes(who) && said.includes(o.summary), `the result in words: ${said}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
