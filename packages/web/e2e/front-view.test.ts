/**
 * The whole front at a glance (issue #45 item 7 and the board's victory places) in real
 * Chromium at 1600x1000 (and 390x844): who holds the ground and the front line after a
 * move, every stack's strength readable at the whole-front zoom, the victory cities with
 * their points and holder on the board. Barbarossa positions made by its own AI in node
 * (front-positions.ts). No page or console error. Screenshots go to a temporary folder
 * unless STAVKA_SHOTS says where (docs/screenshots/front-*.png).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type GameState, view } from '@stavka/engine';
import { findGame } from '@stavka/games';
import type { Page } from 'playwright-core';
import { barbarossaUntil, hexNumber, openLocal } from './front-positions.ts';
import { DESK, onOwnBrowser, shot } from './pages.ts';
import { serverAndBrowser } from './setup.ts';
import { mapSettled } from './waits.ts';

const e2e = serverAndBrowser();

/** The parts of a Barbarossa state these tests read. */
interface FrontState {
  readonly pieces: Readonly<Record<string, { side: string; at: number; status: string }>>;
}

/** The middle of the lit hex `hex` (its printed number), in map units. */
async function middleOf(page: Page, hex: string): Promise<{ x: number; y: number }> {
  return (await page.evaluate(`(() => {
    const b = document.querySelector('svg.map .hl[data-hex="${hex}"]').getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  })()`)) as { x: number; y: number };
}

/** Whether a point of the map (map units) is shaded as held by `side`. */
function heldBy(page: Page, at: { x: number; y: number }, side: string): Promise<boolean> {
  return page.evaluate(`(() => {
    const held = document.querySelector('svg.map-control path.held.${side}');
    if (!held) return false;
    const p = held.ownerSVGElement.createSVGPoint();
    p.x = ${at.x};
    p.y = ${at.y};
    return held.isPointInFill(p);
  })()`) as Promise<boolean>;
}

describe('issue #45 item 7: who holds the ground, and strengths read at the whole front', () => {
  it('shades the hex a German unit moves into as German, and draws the front line', async () => {
    await onOwnBrowser(DESK, async (page) => {
      // A German move into a hex next to a Russian unit (no German nearer to it before).
      let move: { piece: string; to: number } | null = null;
      let before: GameState<unknown> | null = null;
      const m = findGame('barbarossa-1941')!;
      const pres = await m.presentation!();
      const file = barbarossaUntil('front-7c', (s, side, a) => {
        if (side !== 'axis' || a.type !== 'move') return false;
        const f = s.state as FrontState;
        const v = view(m.rules!, s, side).state;
        const b = pres.board.drawing(v);
        if (b.kind !== 'hex') return false;
        const to = Number(a.to);
        const next = [0, 1, 2, 3, 4, 5].map((d) => b.map.graph.targets[to * 6 + d]!);
        const near = (side: string) =>
          Object.values(f.pieces).some((p) => p.status === 'map' && p.side === side && next.includes(p.at));
        const alone =
          Object.values(f.pieces).filter((p) => p.status === 'map' && p.at === f.pieces[String(a.piece)]!.at)
            .length === 1;
        const empty = !Object.values(f.pieces).some((p) => p.status === 'map' && p.at === to);
        if (!near('soviet') || near('axis') || !alone || !empty) return false;
        move = { piece: String(a.piece), to };
        before = s;
        return true;
      });
      const mv = move as { piece: string; to: number } | null;
      assert.ok(mv && before, 'a German move next to the Russians');
      const to = await hexNumber(before, 'axis', mv.to);
      await openLocal(page, e2e.server.url, 'front-7c', file);
      await page.locator('svg.map-control path.front-line').waitFor({ state: 'attached' });
      assert.ok(
        ((await page.locator('svg.map-control path.front-line').getAttribute('d')) ?? '').length > 100,
      );
      const counter = page.locator(`svg.map g.counter[data-piece="${mv.piece}"]`);
      const box = (await counter.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.locator(`svg.map polygon.hl[data-hex="${to}"]`).waitFor({ state: 'attached' });
      const middle = await middleOf(page, to);
      assert.equal(await heldBy(page, middle, 'axis'), false, `${to} not German before the move`);
      const front = await page.locator('svg.map-control path.front-line').getAttribute('d');
      await page.locator(`svg.map polygon.hl[data-hex="${to}"]`).click({ force: true });
      await page.waitForFunction(
        `document.querySelector('svg.map-control path.front-line').getAttribute('d') !== ${JSON.stringify(front)}`,
      );
      assert.equal(await heldBy(page, middle, 'axis'), true, `${to} German after the move`);
      assert.ok(
        Number(await page.locator('svg.map-control path.held.axis').getAttribute('data-hexes')) > 100,
        'German ground shaded',
      );
      assert.ok(
        Number(await page.locator('svg.map-control path.held.soviet').getAttribute('data-hexes')) > 100,
        'Russian ground shaded',
      );
      await page.getByRole('button', { name: 'whole map' }).click();
      await mapSettled(page);
      await shot(page, 'front-control.png');
    });
  });

  it("writes each stack's strength large enough to read at the whole-front zoom (desk and phone)", async () => {
    await onOwnBrowser(DESK, async (page) => {
      const file = barbarossaUntil('front-10', (_s, side, a) => side === 'axis' && a.type === 'end-movement');
      await openLocal(page, e2e.server.url, 'front-7s', file);
      await page.getByRole('button', { name: 'whole map' }).click();
      await mapSettled(page);
      for (const size of [DESK, { width: 390, height: 844 }]) {
        await page.setViewportSize(size);
        await page.getByRole('button', { name: 'whole map' }).click();
        await mapSettled(page);
        const stacks = page.locator('svg.map g.stack');
        const labels = page.locator('svg.map g.stack text.strength');
        // Every stack that fights (an air base alone has no strength to write).
        assert.ok(
          (await labels.count()) >= (await stacks.count()) * 0.85,
          `stacks' strengths (${size.width} px): ${await labels.count()} of ${await stacks.count()}`,
        );
        // Each written at 10 px or more on the screen, a number (or "?" for a face-down army).
        const heights = (await page.evaluate(
          "[...document.querySelectorAll('svg.map g.stack text.strength')].map((t) => [t.getBoundingClientRect().height, t.textContent])",
        )) as [number, string][];
        for (const [h, text] of heights) {
          assert.match(text, /^(\d+|\?|)$/, text);
          // (An air base alone has no strength to write.)
          if (text !== '') assert.ok(h >= 10, `a strength ${h.toFixed(1)} px high at ${size.width} px`);
        }
        assert.ok(
          heights.filter(([, t]) => /^\d+$/.test(t)).length > 20,
          'German strengths written as numbers',
        );
      }
      await page.setViewportSize(DESK);
      await mapSettled(page);
      await shot(page, 'front-strengths.png');
    });
  });
});

describe('issue #45 item 8 (with 4): an overrun says its result; the victory cities on the board', () => {
  it('shows a banner for an overrun, as for a combat', async () => {
    await onOwnBrowser(DESK, async (page) => {
      const file = barbarossaUntil(
        'front-8o',
        (_s, side, _a, legal) => side === 'axis' && legal.some((x) => x.type === 'overrun'),
      );
      await openLocal(page, e2e.server.url, 'front-8o', file);
      const groups = page.locator('.actions details.group:not([open]) summary');
      for (let i = await groups.count(); i > 0; i--) await groups.first().click();
      await page.locator('.actions button[data-action="overrun"]').first().click();
      const banner = page.locator('section.banner', { has: page.locator('h3', { hasText: /^Overrun of / }) });
      await banner.waitFor();
      const text = await banner.innerText();
      assert.match(text, /no die \(B-42\): (Overrun|No overrun)/, text);
      assert.match(text, /eliminated|defense factors/, text);
      // The groups folded again, as a player leaves them: the banner in sight.
      const unfolded = page.locator('.actions details.group[open] summary');
      for (let i = await unfolded.count(); i > 0; i--) await unfolded.first().click();
      await banner.scrollIntoViewIfNeeded();
      await shot(page, 'front-overrun.png');
    });
  });

  it("outlines every victory city in its holder's colour, its points beside its name", async () => {
    await onOwnBrowser(DESK, async (page) => {
      const file = barbarossaUntil('front-10', (_s, side, a) => side === 'axis' && a.type === 'end-movement');
      await openLocal(page, e2e.server.url, 'front-8v', file);
      const cities = page.locator('svg.map-board g.victory-city');
      await cities.first().waitFor({ state: 'attached' });
      assert.ok(
        (await page.locator('svg.map-board g.victory-city.held-soviet').count()) >= 5,
        'Russian cities',
      );
      assert.ok((await page.locator('svg.map-board g.victory-city.held-axis').count()) >= 1, 'Axis cities');
      for (const title of await cities.locator('title').allTextContents())
        assert.match(title, /\d+ victory points?, held by the (Axis|Russians)/);
      // Each named with its points.
      assert.ok(
        (await page.locator('svg.map-board g.place text', { hasText: /★\d/ }).count()) >=
          (await cities.count()) - 2,
        'their points beside their names',
      );
      // Zoomed in on the front, where the names read.
      for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'zoom in' }).click();
      await mapSettled(page);
      await shot(page, 'front-victory-cities.png');
    });
  });
});
