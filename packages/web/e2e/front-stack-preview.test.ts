/**
 * The whole stack in the attack preview (issue #45 items 3 and 9) in real Chromium at
 * 1600x1000 (and 390x844): a stack selected whole and pointed at an enemy hex is previewed
 * as the attack it would make, every unit of it that may join with its own attack factor;
 * one unit picked from the stack's picker, that unit alone. Barbarossa (German movement)
 * and Mars (Soviet allocation), positions made by their own AIs in node. No page or
 * console error. Screenshots go to a temporary folder unless STAVKA_SHOTS says where
 * (docs/screenshots/front-stack-preview*.png).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type Action, type GameState, legalActions, view } from '@stavka/engine';
import { findGame } from '@stavka/games';
import type { Page } from 'playwright-core';
import { launch } from './browser.ts';
import { gameUntil, openLocal } from './front-positions.ts';
import { DESK, open, PHONE } from './pages.ts';
import { SHOTS, serverAndBrowser } from './setup.ts';
import { mapMoved, mapSettled, painted } from './waits.ts';

const e2e = serverAndBrowser();

interface StackAttack {
  /** The stack's units, as the map draws them (bottom to top). */
  readonly stack: readonly string[];
  /** Those of them that may attack the target. */
  readonly joining: readonly string[];
  /** The target's node and its printed hex number. */
  readonly target: number;
  readonly hex: string;
}

/**
 * A game of `game` played by its AI until `side` may attack one hex with two or more units
 * of one stack (`attacks` says which hex an action attacks with which unit, or null).
 */
async function stackAttackPosition(
  game: string,
  seed: string,
  side: string,
  attacks: (a: Action) => { unit: string; target: unknown } | null,
) {
  const m = findGame(game)!;
  const pres = await m.presentation!();
  let found: StackAttack | null = null;
  const file = gameUntil(game, seed, (s: GameState<unknown>, who) => {
    if (who !== side) return false;
    const v = view(m.rules!, s, side).state;
    const legal = legalActions(m.rules!, s, side);
    const byTarget = new Map<string, Set<string>>();
    for (const a of legal) {
      const x = attacks(a);
      if (!x) continue;
      // Where the map lights the attack for its unit alone.
      const lit = pres.controls.targets(v, legal, x.unit).find((t) => t.action === a);
      if (!lit) continue;
      const key = `${pres.board.pieceAt(v, x.unit)}>${lit.at}`;
      byTarget.set(key, (byTarget.get(key) ?? new Set()).add(x.unit));
    }
    for (const [key, units] of byTarget) {
      const [at, target] = key.split('>').map(Number) as [number, number];
      const stack = pres.board.piecesAt(v, at);
      const own = stack.filter((id) => pres.board.pieces(v).find((p) => p.id === id)?.side === side);
      // The whole stack is the side's own (one click selects it all) and two or more may attack.
      if (units.size < 2 || own.length !== stack.length) continue;
      const b = pres.board.drawing(v);
      const hex = b.kind === 'hex' ? b.hexNumbers[target]! : String(target);
      found = { stack, joining: [...units], target, hex };
      return true;
    }
    return false;
  });
  return { file, found: found as StackAttack | null };
}

/** The attack items of the preview on the page (the attack's row), and its total. */
async function previewed(page: Page): Promise<{ attack: number; items: string[] }> {
  const cell = page.locator('section.panel.combat table.odds tr').first().locator('td');
  const attack = Number((await cell.innerText()).split('\n')[0]);
  return { attack, items: await cell.locator('ul.items li').allInnerTexts() };
}

/**
 * A screenshot at the page's size, then at a phone's (name-phone.png) with `shown` pointed
 * at again (`point`; its attack items `count` still) and the screen's worth of page that ends with it: a phone shows the
 * preview below the map, and scrolling there would move the pointer off the target.
 */
async function deskAndPhone(
  page: Page,
  name: string,
  point: () => Promise<void>,
  shown: ReturnType<Page['locator']>,
  count: number,
): Promise<void> {
  await mapSettled(page);
  await page.screenshot({ path: join(SHOTS, name) });
  const was = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await mapSettled(page);
  await point();
  await shown.waitFor();
  await painted(page);
  assert.equal(
    await shown.locator('table.odds tr').first().locator('ul.items li').count(),
    count,
    'on a phone',
  );
  // The whole page taken at once (no scrolling moves the pointer off the target), then the
  // phone's screen of it that ends with the preview cut out of it. Taking the whole page
  // resizes it for a moment, and the pointer may then leave the target and the preview go
  // (seen once in a fresh-clone CI): then it is pointed at again and the page taken again.
  let box = (await shown.boundingBox())!;
  let whole = await page.screenshot({ fullPage: true });
  for (let tries = 1; !(await shown.isVisible()); tries++) {
    assert.ok(tries < 4, 'the preview still shown after the whole page is taken (3 tries)');
    await point();
    await shown.waitFor();
    await painted(page);
    box = (await shown.boundingBox())!;
    whole = await page.screenshot({ fullPage: true });
  }
  const y = Math.round(Math.max(0, Math.min(box.y, box.y + box.height - PHONE.height)));
  const cut = await page.context().newPage();
  try {
    await cut.setViewportSize(PHONE);
    await cut.setContent(
      `<body style="margin:0;overflow:hidden"><img style="position:absolute;left:0;top:-${y}px" src="data:image/png;base64,${whole.toString('base64')}"></body>`,
    );
    await cut.waitForFunction('document.images[0].complete');
    await cut.screenshot({ path: join(SHOTS, name.replace(/\.png$/, '-phone.png')) });
  } finally {
    await cut.close();
  }
  await page.setViewportSize(was);
  await mapSettled(page);
}

/**
 * Opens `file`, selects the stack whole with one click on its top counter, points at the
 * target: the preview lists every unit that may join; then picks one unit alone.
 */
async function checkStackPreview(page: Page, id: string, f: StackAttack, title: RegExp, shotName: string) {
  const counter = page.locator(`svg.map g.counter[data-piece="${f.stack[f.stack.length - 1]}"]`);
  await counter.waitFor();
  // Zoomed in about the stack (the wheel under the mouse), for a screenshot that reads.
  const at = (await counter.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await mapMoved(page, async () => {
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -120);
  });
  const box = (await counter.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await painted(page);
  assert.equal(
    Number(await page.locator('.game').getAttribute('data-group')),
    f.stack.length,
    `${id}: whole stack`,
  );
  const target = page.locator(`svg.map .hl[data-hex="${f.hex}"]`).first();
  await target.waitFor({ state: 'attached' });
  await target.hover({ force: true });
  const preview = page.locator('section.panel.combat', { hasText: title });
  await preview.waitFor();
  const whole = await previewed(page);
  assert.equal(
    whole.items.length,
    f.joining.length,
    `${id}: an item per unit that may join: ${whole.items.join(' | ')}`,
  );
  const sum = whole.items.reduce((t, i) => t + Number(/^\+(\d+)/.exec(i)?.[1] ?? Number.NaN), 0);
  assert.equal(sum, whole.attack, `${id}: the items add up to the attack`);
  await deskAndPhone(page, shotName, () => target.hover({ force: true }), preview, f.joining.length);
  // One unit picked from the stack's picker: that unit alone is previewed, the stack no longer selected.
  await page.locator(`.stack-picker button.pick[data-piece="${f.joining[0]}"]`).click();
  await painted(page);
  assert.equal(Number(await page.locator('.game').getAttribute('data-group')), 0, `${id}: one unit`);
  await target.hover({ force: true });
  await preview.waitFor();
  const one = await previewed(page);
  assert.ok(one.items.length <= 1, `${id}: one unit's attack: ${one.items.join(' | ')}`);
  assert.ok(one.attack < whole.attack, `${id}: less than the stack's ${whole.attack}: ${one.attack}`);
}

describe('issue #45 items 3 and 9: the attack preview of a stack selected whole shows every unit of it', () => {
  it('Barbarossa: a German stack pointed at a Russian hex in movement, each unit with its attack factor', async () => {
    const { file, found } = await stackAttackPosition('barbarossa-1941', 'stack-preview', 'axis', (a) =>
      a.type === 'allocate' ? { unit: String(a.piece), target: a.target } : null,
    );
    assert.ok(found, 'a German stack two of whose units may attack one hex');
    const browser = await launch(DESK);
    try {
      const { page, errors } = await open(browser);
      await openLocal(page, e2e.server.url, 'stack-preview-b', file);
      await checkStackPreview(page, 'barbarossa', found, /attack on/i, 'front-stack-preview.png');
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('Mars: a Soviet stack pointed at a German hex in allocation, each unit with its attack factor', async () => {
    const { file, found } = await stackAttackPosition('mars-1942', 'stack-preview', 'soviet', (a) =>
      a.type === 'assign' ? { unit: String(a.unit), target: a.target } : null,
    );
    assert.ok(found, 'a Soviet stack two of whose units may attack one hex');
    const browser = await launch(DESK);
    try {
      const { page, errors } = await open(browser);
      await openLocal(page, e2e.server.url, 'stack-preview-m', file);
      await checkStackPreview(page, 'mars', found, /attack on/i, 'front-stack-preview-mars.png');
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});
