/**
 * The whole-front table on the point map (issue #45 items 12-14) in real Chromium at
 * 1600x1000 (and 390x844): Moscow 1941 positions made by its own AI in node
 * (front-positions.ts), then played on in the page as a player would. No page or console
 * error anywhere. Screenshots go to a temporary folder unless STAVKA_SHOTS says where
 * (docs/screenshots/front-p2p-*.png).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, legalActions, view } from '@stavka/engine';
import { findGame } from '@stavka/games';
import type { Page } from 'playwright-core';
import { gameUntil, openLocal, showBoard } from './front-positions.ts';
import { DESK, onOwnBrowser, shot, status } from './pages.ts';
import { serverAndBrowser } from './setup.ts';
import { answered, pickerDrawn } from './waits.ts';

const e2e = serverAndBrowser();

/** Opens every folded group of buttons. */
async function unfold(page: Page): Promise<void> {
  const groups = page.locator('.actions details.group:not([open]) summary');
  for (let i = await groups.count(); i > 0; i--) await groups.first().click();
}

describe('issue #45 item 12: a battle on the point map ends with a banner; a player-turn with its summary', () => {
  it("shows the battle's result (who holds the point, the rounds, the losses) once it is over", async () => {
    await onOwnBrowser(DESK, async (page) => {
      // The Axis about to pick its first battle of turn 1.
      const file = gameUntil(
        'point-to-point',
        'front-12',
        (_s, side, a) => side === 'axis' && a.type === 'fight',
      );
      await openLocal(page, e2e.server.url, 'front-12', file);
      await page.locator('.status', { hasText: 'Combat' }).waitFor();
      await unfold(page);
      await answered(page, () => page.locator('.actions button[data-action="fight"]').first().click());
      const point = /battle at ([^—:(]+)/i.exec(await status(page))?.[1]?.trim();
      assert.ok(point, `a battle being fought: ${await status(page)}`);
      // Its decisions, the first offered each time (continue, the first unit to absorb...), until it is over.
      const heading = page.locator('h3', { hasText: new RegExp(`^Battle at ${point} \\(`) });
      const ended = page.locator('.banner').locator(heading);
      for (let i = 0; i < 80 && (await ended.count()) === 0; i++) {
        await showBoard(page);
        const button = page.locator('.actions button[data-action]:visible').first();
        assert.ok((await button.count()) > 0, `a decision offered: ${await status(page)}`);
        await answered(page, () => button.click());
      }
      const banner = page.locator('section.banner', { has: heading });
      await banner.waitFor();
      const text = await banner.innerText();
      assert.match(text, /\d+ rounds? fought: (Axis takes the point|Soviet holds|Both destroyed)/, text);
      assert.match(text, /Losses: |No losses/, text);
      await shot(page, 'front-p2p-battle-result.png');
    });
  });

  it('says at the end of a player-turn what it did: moves, each battle and its ending, points taken', async () => {
    await onOwnBrowser(DESK, async (page) => {
      // The Axis's last action of turn 1 (a field fortification, C-8): the Soviet player-turn starts after it.
      const m = findGame('point-to-point')!;
      let at = '';
      const file = gameUntil('point-to-point', 'front-12', (s, side, a) => {
        if (side !== 'axis' || a.type !== 'fortify') return false;
        const next = apply(m.rules!, s, side, a, s.stateId);
        const last = next.ok && m.rules!.activeSides(next.value.state)[0] === 'soviet';
        if (last) at = String(a.at);
        return last;
      });
      await openLocal(page, e2e.server.url, 'front-12b', file);
      await answered(page, () => page.locator(`svg.map circle.hl[data-hex="${at}"]`).click({ force: true }));
      await showBoard(page);
      const pause = page.getByRole('status', { name: 'end of player-turn' });
      await pause.waitFor();
      const lines = await pause.locator('details[open] li').allInnerTexts();
      assert.ok(lines.length >= 2, `the summary has lines: ${lines.join(' | ')}`);
      assert.ok(
        lines.some((l) => /^Battle at .+: (Axis takes the point|Soviet holds|Both destroyed)/.test(l)),
        lines.join(' | '),
      );
      assert.ok(
        lines.some((l) => /moves? into an attack/.test(l)),
        lines.join(' | '),
      );
      await shot(page, 'front-p2p-summary.png');
    });
  });
});

describe('issue #45 item 13: the battle preview adds up, in per cent, with where each choice leads', () => {
  it('itemizes German air as ×2, ×3... adding up to the firing value; per cents with the fraction on hover; a line for every choice', async () => {
    await onOwnBrowser(DESK, async (page) => {
      // The Axis about to fight a battle its Fliegerkorps were committed to (turn 1, C-5).
      let point = '';
      const file = gameUntil('point-to-point', 'front-12', (s, side, a) => {
        const g = s.state as {
          units: { id: string; side: string }[];
          airCommitted: { unit: string; at: string }[];
        };
        const hit =
          side === 'axis' &&
          a.type === 'fight' &&
          g.airCommitted.some((c) => c.at === a.at && g.units.find((u) => u.id === c.unit)?.side === 'axis');
        if (hit) point = String(a.at);
        return hit;
      });
      await openLocal(page, e2e.server.url, 'front-13', file);
      await page.locator('.status', { hasText: 'Combat' }).waitFor();
      await unfold(page);
      await page.locator(`svg.map circle.hl[data-hex="${point}"]`).hover({ force: true });
      const preview = page.locator('.combat', { hasText: 'Battle at' });
      await preview.waitFor();
      const attackCell = preview.locator('table.odds tr').first().locator('td');
      const attack = Number((await attackCell.innerText()).split('\n')[0]);
      const items = await attackCell.locator('ul.items li').allInnerTexts();
      const sum = items.reduce((t, i) => t + Number(/^\+(\d+)/.exec(i)?.[1] ?? Number.NaN), 0);
      assert.equal(sum, attack, `the items add up to the attack ${attack}: ${items.join(' | ')}`);
      assert.ok(
        items.some((i) => /Fliegerkorps.*×2/.test(i)),
        `a Fliegerkorps as ×2: ${items.join(' | ')}`,
      );
      assert.ok(!items.some((i) => /^\+0 .*Fliegerkorps/.test(i)), 'no Fliegerkorps at +0');
      // Chances in per cent, the exact fraction on hover.
      for (const c of await preview.locator('.chances .chance').all()) {
        assert.match(await c.innerText(), /^(\d+ in \d+ \()?\d+(\.\d)?%/);
        assert.match((await c.getAttribute('title')) ?? '', /^\d+\/\d+$/);
      }
      await shot(page, 'front-p2p-preview.png');
      // Fought: at each step of it, one line of the preview for each choice offered.
      await answered(page, () =>
        page
          .locator('.actions button[data-action="fight"]', { hasText: new RegExp(point, 'i') })
          .first()
          .click(),
      );
      let checked = 0;
      for (let i = 0; i < 40 && checked < 3; i++) {
        await showBoard(page);
        if (!/battle at/i.test(await status(page))) break;
        await page.mouse.move(5, 500);
        const buttons = page.locator('.actions button[data-action]:visible');
        const types = await buttons.evaluateAll((b) => b.map((x) => x.getAttribute('data-action')));
        if (types.length > 1 && !types.includes('attack')) {
          const lines = await page.locator('.combat p.note', { hasText: /^If “/ }).count();
          assert.equal(lines, types.length, `a line for each of ${types.join(', ')}`);
          checked++;
        }
        await answered(page, () => buttons.first().click());
      }
      assert.ok(checked >= 1, 'a choice with its lines seen');
    });
  });
});

describe('issue #45 item 14: a full line says so; victory points with their numbers', () => {
  it('draws a line used to capacity as full, says why a click across it does nothing, and heads the victory points with the numbers', async () => {
    await onOwnBrowser(DESK, async (page) => {
      const m = findGame('point-to-point')!;
      const pres = await m.presentation!();
      let found: { unit: string; to: string; at: number } | null = null;
      // An Axis move in movement after which a line is full with an Axis unit still to move at its end.
      const file = gameUntil('point-to-point', 'front-14b', (s, side, a) => {
        if (side !== 'axis' || (s.state as { phase: string }).phase !== 'movement' || a.type !== 'move')
          return false;
        const v = view(m.rules!, s, side).state;
        const b = pres.board.drawing(v);
        if (b.kind !== 'points') return false;
        const legal: readonly Action[] = legalActions(m.rules!, s, side);
        for (const l of b.lines.filter((x) => /full/.test(x.kind)))
          for (const [here, there] of [
            [l.from, l.to],
            [l.to, l.from],
          ] as const) {
            const to = b.points[there]!.id;
            if (pres.board.pieces(v).some((p) => p.at === there && p.side === 'axis')) continue;
            const unit = pres.board
              .pieces(v)
              .find(
                (p) =>
                  p.at === here &&
                  p.side === 'axis' &&
                  legal.some((x) => x.type === 'move' && x.unit === p.id) &&
                  !legal.some((x) => x.unit === p.id && x.to === to),
              );
            if (unit && pres.preview.whyNot?.(v, legal, there, unit.id)) {
              found = { unit: unit.id, to, at: here };
              return true;
            }
          }
        return false;
      });
      const f = found as { unit: string; to: string; at: number } | null;
      assert.ok(f, 'a full line with a unit at its end');
      await openLocal(page, e2e.server.url, 'front-14b', file);
      await page.locator('.status', { hasText: 'Movement' }).waitFor();
      assert.ok(
        (await page.locator('svg.map-board g.line.full').count()) >= 1,
        'the full line drawn as full',
      );
      // Its stack clicked (a big one draws only its top counters), then the unit picked alone.
      const counter = page.locator(`svg.map g.stack[data-node="${f.at}"] g.counter`).last();
      const box = (await counter.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const pick = page.locator(`.stack-picker button.pick[data-piece="${f.unit}"]`);
      await pickerDrawn(page);
      if ((await pick.count()) > 0) await pick.click();
      assert.equal(await page.locator('.game').getAttribute('data-selected'), f.unit);
      // The point across the full line: not lit; a click says why, the unit stays selected.
      assert.equal(await page.locator(`svg.map .hl[data-hex="${f.to}"]`).count(), 0, 'not lit');
      const target = (await page
        .locator(`svg.map-board g.point[data-point="${f.to}"] circle`)
        .boundingBox())!;
      await page.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
      const notice = page.locator('.work .notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /is full this player-turn/);
      assert.equal(await page.locator('.game').getAttribute('data-selected'), f.unit, 'still selected');
      await shot(page, 'front-p2p-full-line.png');
      await page.getByRole('tab', { name: 'Victory' }).click();
      assert.match(
        await page.locator('.panel.vp h3').innerText(),
        /^Victory points now: Axis \d+, Soviet \d+$/,
      );
    });
  });
});
