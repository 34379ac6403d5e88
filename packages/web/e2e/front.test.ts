/**
 * A table for the whole front (issue #45) in real Chromium at 1600x1000 (and 390x844):
 * Barbarossa positions made by its own AI in node (front-positions.ts), then played on
 * in the page as a player would. No page or console error anywhere. Screenshots go to a
 * temporary folder unless STAVKA_SHOTS says where (docs/screenshots/front-*.png).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, type GameState, view } from '@stavka/engine';
import { findGame } from '@stavka/games';
import type { Page } from 'playwright-core';
import { launch } from './browser.ts';
import { barbarossaUntil, hexNumber, openLocal, savedGame, showBoard } from './front-positions.ts';
import { DESK, inView, onOwnBrowser, onPage, openReplay, PHONE, shot, status } from './pages.ts';
import { serverAndBrowser } from './setup.ts';
import { answered, pickerDrawn } from './waits.ts';

const e2e = serverAndBrowser();

/** The distinct targets of the resolve actions offered (the declared attacks left). */
const attacksLeft = (legal: readonly Action[]) =>
  new Set(legal.filter((a) => a.type === 'resolve').map((a) => a.target)).size;

/**
 * Plays on through the Actions panel until `done` holds, handing the seat over as asked:
 * the step's "end" buttons first, else the first button offered (a choice), else a folded
 * group opened.
 */
async function playOn(page: Page, done: () => Promise<boolean>, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await showBoard(page);
    if (await done()) return;
    const end = page.locator(
      ['end-advance', 'orders-done', 'no-intercept', 'end-combat', 'end-step', 'resolve']
        .map((t) => `.actions button[data-action="${t}"]:visible`)
        .join(', '),
    );
    const any = page.locator('.actions button[data-action]:visible');
    const group = page.locator('.actions details.group:not([open]) summary');
    const next =
      (await end.count()) > 0 ? end.first() : (await any.count()) > 0 ? any.first() : group.first();
    // Nothing to click yet (a banner, a seat being handed over): wait for the page to change.
    const offered = (await end.count()) + (await any.count()) + (await group.count()) > 0;
    await answered(page, () => (offered ? next.click() : Promise.resolve()));
  }
  throw new Error(`not done after ${limit} clicks: ${await status(page)}`);
}

describe('issue #45 item 2: the prompt, the actions and the preview stay in view; old banners fold', () => {
  it('at 1600x1000, after the German turn ends with a result banner and its summary, the Actions panel is in view', async () => {
    await onOwnBrowser(DESK, async (page) => {
      // The German's last attack of turn 1, about to be resolved.
      const file = barbarossaUntil(
        'front-2',
        (_s, side, a, legal) => side === 'axis' && a.type === 'resolve' && attacksLeft(legal) === 1,
      );
      await openLocal(page, e2e.server.url, 'front-2', file);
      await page.locator('.actions button[data-action="resolve"]').first().click();
      await playOn(page, async () => /Russian Reinforcements/.test(await status(page)));
      // The roll's banner and the end of the German player-turn are both up.
      await page.locator('.banner').first().waitFor();
      await page.locator('.pause').waitFor();
      assert.ok(await inView(page, page.locator('.status .help')), 'the prompt in view');
      assert.ok(
        await inView(page, page.locator('section.actions h3')),
        `the Actions heading in view (it is at y=${(await page.locator('section.actions').boundingBox())?.y})`,
      );
      // Each result's banner stays, below the work.
      const actionsY = (await page.locator('section.actions').boundingBox())!.y;
      const bannerY = (await page.locator('.banner').first().boundingBox())!.y;
      assert.ok(bannerY > actionsY, 'the banner comes after the actions');
      await shot(page, 'front-panel.png');
    });
  });
});

/** The parts of a Barbarossa state these tests read (the game's own types stay in the game). */
interface FrontState {
  readonly pieces: Readonly<Record<string, { side: string; at: number; status: string }>>;
  readonly attacks: readonly { readonly target: number; readonly attackers: readonly string[] }[];
}

/** The hexes of `side`'s stacks of at least `n` units, with the units of each (bottom to top). */
function stacksOf(s: FrontState, side: string, n: number): Map<number, string[]> {
  const at = new Map<number, string[]>();
  for (const [id, p] of Object.entries(s.pieces))
    if (p.side === side && p.status === 'map' && p.at >= 0) at.set(p.at, [...(at.get(p.at) ?? []), id]);
  return new Map([...at].filter(([, ids]) => ids.length >= n));
}

describe('issue #45 item 3: stacks drawn offset, fighting units on top, picked without side effects', () => {
  it('shows every unit of a German stack, opens its picker, and picking each keeps every attack as declared', async () => {
    await onOwnBrowser(DESK, async (page) => {
      let state: FrontState | null = null;
      // The German's attacks allocated in turn 1, movement not yet ended.
      const file = barbarossaUntil('front-3', (s, side, a) => {
        const f = s.state as FrontState;
        if (side !== 'axis' || a.type !== 'end-movement') return false;
        const attackers = new Set(f.attacks.flatMap((x) => x.attackers));
        const ok = [...stacksOf(f, 'axis', 2).values()].some((ids) => ids.some((id) => attackers.has(id)));
        if (ok) state = f;
        return ok;
      });
      const s = state as FrontState | null;
      assert.ok(s, 'a German stack with a unit in an attack');
      const attackers = new Set(s.attacks.flatMap((x) => x.attackers));
      const [hex, ids] = [...stacksOf(s, 'axis', 2)].find(([, u]) => u.some((id) => attackers.has(id)))!;
      await openLocal(page, e2e.server.url, 'front-3', file);
      await page.locator('.status', { hasText: 'Operational movement' }).waitFor();
      // Every unit of the stack is drawn, not only the top one.
      const stack = page.locator(`svg.map g.stack[data-node="${hex}"]`);
      for (const id of ids)
        assert.equal(
          await stack.locator(`g.counter[data-piece="${id}"]`).count(),
          1,
          `${id} drawn in its stack`,
        );
      // The stack's total is on it.
      assert.match((await stack.locator('.stack-badge').textContent()) ?? '', new RegExp(`×${ids.length}`));
      // The fighting units on top: the counter drawn last has the stack's highest attack.
      const factors = await stack.locator('g.counter .factors').allTextContents();
      const attack = (f: string) => Number(/^(\d+)-/.exec(f)?.[1] ?? -1);
      assert.equal(
        attack(factors[factors.length - 1]!),
        Math.max(...factors.map(attack)),
        `top of ${factors}`,
      );

      const arrows = async () => page.locator('svg.map line.arrow.attack').count();
      const logLength = async () => {
        await page.getByRole('tab', { name: 'Log' }).click();
        return page.locator('.log li').count();
      };
      const before = { arrows: await arrows(), log: await logLength() };
      // Click the stack (twice, as a player going down a stack would): the picker lists all its units.
      const box = (await stack.locator('g.counter').last().boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const picker = page.getByRole('region', { name: 'stack picker' });
      await picker.waitFor();
      assert.equal(await picker.locator('button.pick').count(), ids.length, 'the picker lists every unit');
      for (const id of ids) {
        await picker.locator(`button.pick[data-piece="${id}"]`).click();
        assert.equal(await page.locator('.game').getAttribute('data-selected'), id, `${id} picked`);
      }
      await shot(page, 'front-stack.png');
      assert.deepEqual({ arrows: await arrows(), log: await logLength() }, before, 'no attack changed');
    });
  });
});

describe('issue #45 item 4: a confirm before a click that cannot be taken back', () => {
  it('asks before the Siberian Reserve is called (not the first button), and Cancel leaves the game as it was', async () => {
    await onOwnBrowser(DESK, async (page) => {
      const file = barbarossaUntil(
        'front-4',
        (_s, side, _a, legal) => side === 'soviet' && legal.some((a) => a.type === 'call-siberians'),
      );
      await openLocal(page, e2e.server.url, 'front-4', file);
      const first = page.locator('.actions button[data-action]').first();
      assert.notEqual(await first.getAttribute('data-action'), 'call-siberians', 'not the first button');
      const logBefore = await savedGame(page, 'front-4');
      const groups = page.locator('.actions details.group:not([open]) summary');
      for (let i = await groups.count(); i > 0; i--) await groups.first().click();
      await page.locator('.actions button[data-action="call-siberians"]').click();
      const ask = page.getByRole('alertdialog', { name: 'confirm the action' });
      await ask.waitFor();
      assert.match(await ask.innerText(), /1 in 9.*lose the game/s);
      assert.match(await ask.innerText(), /cannot be taken back/);
      await shot(page, 'front-confirm.png');
      await ask.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await ask.count(), 0);
      assert.equal(await savedGame(page, 'front-4'), logBefore, 'nothing taken');
    });
  });

  it('asks before an airstrike rolls; yes takes it', async () => {
    await onOwnBrowser(DESK, async (page) => {
      let strike: { piece: string; target: string } | null = null;
      let before: Parameters<typeof hexNumber>[0] | null = null;
      const file = barbarossaUntil('front-4b', (s, side, _a, legal) => {
        const a = legal.find((x) => x.type === 'airstrike');
        if (side !== 'axis' || !a) return false;
        strike = { piece: String(a.piece), target: String(a.target) };
        before = s;
        return true;
      });
      const st = strike as { piece: string; target: string } | null;
      assert.ok(st && before, 'an airstrike offered');
      const target = await hexNumber(before, 'axis', Number(st.target));
      await openLocal(page, e2e.server.url, 'front-4b', file);
      // Select the air unit (from its stack's picker if it is in one), then click the target.
      const counter = page.locator(`svg.map g.counter[data-piece="${st.piece}"]`);
      const box = (await counter.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const pick = page.locator(`.stack-picker button.pick[data-piece="${st.piece}"]`);
      await pickerDrawn(page);
      if ((await pick.count()) > 0) await pick.click();
      assert.equal(await page.locator('.game').getAttribute('data-selected'), st.piece);
      const saved = await savedGame(page, 'front-4b');
      await page.locator(`svg.map polygon.hl[data-hex="${target}"]`).click({ force: true });
      const ask = page.getByRole('alertdialog', { name: 'confirm the action' });
      await ask.waitFor();
      assert.match(await ask.innerText(), /strikes .*B-57.*cannot be taken back/s);
      assert.equal(await savedGame(page, 'front-4b'), saved, 'not rolled yet');
      await ask.getByRole('button', { name: /^Yes/ }).click();
      await page.waitForFunction(
        `localStorage.getItem('stavka.local.front-4b') !== ${JSON.stringify(saved)}`,
      );
      assert.notEqual(await savedGame(page, 'front-4b'), saved, 'the airstrike taken');
    });
  });
});

describe('issue #45 item 5: a declared attack clicked with a unit that cannot join says why', () => {
  it('says why the selected German unit cannot join, and keeps it selected', async () => {
    await onOwnBrowser(DESK, async (page) => {
      let state: GameState<unknown> | null = null;
      const file = barbarossaUntil('front-3', (s, side, a) => {
        const f = s.state as FrontState;
        const ok = side === 'axis' && a.type === 'end-movement' && f.attacks.length > 0;
        if (ok) state = s;
        return ok;
      });
      const s = state as GameState<unknown> | null;
      assert.ok(s, 'attacks declared');
      const f = s.state as FrontState;
      const attackers = new Set(f.attacks.flatMap((x) => x.attackers));
      // A German unit alone in its hex, in no attack; the first attack declared.
      const alone = [...stacksOf(f, 'axis', 1)].find(
        ([, ids]) => ids.length === 1 && !attackers.has(ids[0]!),
      );
      assert.ok(alone, 'a lone German unit in no attack');
      const unit = alone[1][0]!;
      const target = await hexNumber(s, 'axis', f.attacks[0]!.target);
      await openLocal(page, e2e.server.url, 'front-5', file);
      const box = (await page.locator(`svg.map g.counter[data-piece="${unit}"]`).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      assert.equal(await page.locator('.game').getAttribute('data-selected'), unit);
      await page.locator(`svg.map polygon.hl.attack[data-hex="${target}"]`).click({ force: true });
      const notice = page.locator('.work .notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /cannot join the attack on/);
      assert.equal(await page.locator('.game').getAttribute('data-selected'), unit, 'the selection kept');
      await shot(page, 'front-why-not.png');
    });
  });
});

describe('issue #45 item 6: a result banner says what followed', () => {
  it("a D result's banner adds the retreat that followed it", async () => {
    await onOwnBrowser(DESK, async (page) => {
      // The German's first attack of turn 1 (high odds: D results, retreats), about to be resolved.
      const file = barbarossaUntil('front-6', (_s, side, a) => side === 'axis' && a.type === 'resolve');
      await openLocal(page, e2e.server.url, 'front-6', file);
      let seen = '';
      await playOn(page, async () => {
        const next = page.locator('.banner .next');
        if ((await next.count()) > 0) seen = await next.first().innerText();
        return /retreats \d{4}/.test(seen) || /Russian Reinforcements/.test(await status(page));
      });
      assert.match(seen, /Then: .*retreats \d{4}/, `the banner: ${seen}`);
      await shot(page, 'front-result-retreat.png');
    });
  });
});

describe('issue #45 item 10: a keyboard cursor naming each hex or point, on the whole front and the point map', () => {
  it('Barbarossa: arrows move a named cursor hex by hex; Enter clicks it', async () => {
    await onOwnBrowser(DESK, async (page) => {
      const file = barbarossaUntil('front-10', (_s, side, a) => side === 'axis' && a.type === 'end-movement');
      await openLocal(page, e2e.server.url, 'front-10', file);
      const line = page.getByRole('status', { name: 'keyboard cursor' });
      await page.keyboard.press('ArrowDown');
      await line.waitFor();
      const first = await line.innerText();
      assert.match(first, /^hex \d{4}/, first);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      const second = await line.innerText();
      assert.match(second, /^hex \d{4}/);
      assert.notEqual(second, first, 'the cursor moved');
      await page.keyboard.press('Enter');
      // The panel once it shows the hex under the cursor (it may show another before the key lands).
      const hex = /^hex (\d{4})/.exec(second)![1];
      await page.locator('.panel.unit', { hasText: `Hex ${hex}` }).waitFor();
      assert.match(await page.locator('.panel.unit').innerText(), new RegExp(`Hex ${hex}`));
      await shot(page, 'front-keyboard.png');
    });
  });

  it('point-to-point: arrows move a named cursor from point to point', async () => {
    await onOwnBrowser(DESK, async (page) => {
      await page.goto(`${e2e.server.url}/#/new-local/front-10p/point-to-point`);
      await showBoard(page);
      const line = page.getByRole('status', { name: 'keyboard cursor' });
      await page.keyboard.press('ArrowRight');
      await line.waitFor();
      const names = new Set<string>([await line.innerText()]);
      for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight']) {
        await page.keyboard.press(key);
        names.add(await line.innerText());
      }
      assert.ok(names.size >= 3, `the cursor visits points: ${[...names].join(' | ')}`);
      for (const n of names) assert.match(n, /^[A-Z][^()]*\(/, `a point named with its kind: ${n}`);
    });
  });
});

describe('issue #45 item 7: the whole front reads at a glance', () => {
  it("draws face-down Soviet armies in the Soviet colour, and zooms in on the front, not the map's middle", async () => {
    await onOwnBrowser(DESK, async (page) => {
      const file = barbarossaUntil('front-10', (_s, side, a) => side === 'axis' && a.type === 'end-movement');
      await openLocal(page, e2e.server.url, 'front-7', file);
      const soviet = findGame('barbarossa-1941')!.meta.sides.find((x) => x.id === 'soviet')!.colour!;
      const faceDown = page.locator('g.counter.soviet.face-down');
      assert.ok((await faceDown.count()) > 10, 'face-down armies');
      const fill = String(
        await page.evaluate(
          "getComputedStyle(document.querySelector('g.counter.soviet.face-down > rect:last-of-type')).fill",
        ),
      );
      const hex = (rgb: string) =>
        `#${(rgb.match(/\d+/g) ?? []).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
      assert.equal(hex(fill), soviet.toUpperCase(), 'face down in the Soviet colour');
      // The +: the view's middle moves toward the pieces (the front is in the west of the map).
      const box = async () => (await page.locator('svg.map').getAttribute('viewBox'))!.split(' ').map(Number);
      const [x0, , w0] = await box();
      await page.getByRole('button', { name: 'zoom in' }).click();
      await page.getByRole('button', { name: 'zoom in' }).click();
      // Each click zooms to 0.8 of the width: wait for the second to be drawn.
      await page.waitForFunction(
        `Number(document.querySelector('svg.map').getAttribute('viewBox').split(' ')[2]) < ${w0! * 0.7}`,
      );
      const [x1, , w1] = await box();
      assert.ok(w1! < w0!, 'zoomed in');
      // Each stack's middle on the map (its bounding box in map units).
      const pieces = (await page.evaluate(
        "[...document.querySelectorAll('svg.map g.stack')].map((g) => { const b = g.getBBox(); return b.x + b.width / 2; })",
      )) as number[];
      const front = pieces.reduce((t, x) => t + x, 0) / pieces.length;
      const middle0 = x0! + w0! / 2;
      const middle1 = x1! + w1! / 2;
      assert.ok(
        Math.abs(middle1 - front) < Math.abs(middle0 - front) / 2,
        `the view's middle ${middle1} near the front ${front} (was ${middle0})`,
      );
      await shot(page, 'front-zoomed.png');
    });
  });
});

describe("issue #45 item 8: words a player reads, not the program's", () => {
  it('turn 1: no empty arrivals in the prompt; no internal piece ids in the log or the summary; armies by name', async () => {
    await onOwnBrowser(DESK, async (page) => {
      // The German's turn-1 A.1, where no arrival waits.
      const start = barbarossaUntil(
        'front-8',
        (s, side, a) =>
          side === 'axis' &&
          a.type !== 'choose-tank-group' &&
          (s.state as { step: string }).step === 'reinforce',
      );
      await openLocal(page, e2e.server.url, 'front-8a', start);
      await page.locator('.status', { hasText: 'A.1' }).waitFor();
      assert.doesNotMatch(await status(page), /place the arrivals/);
      // The German's last attack of turn 1; then on to the Russian turn.
      const file = barbarossaUntil(
        'front-8',
        (_s, side, a, legal) => side === 'axis' && a.type === 'resolve' && attacksLeft(legal) === 1,
      );
      await openLocal(page, e2e.server.url, 'front-8', file);
      await page.locator('.actions button[data-action="resolve"]').first().click();
      await playOn(page, async () => /Russian Reinforcements/.test(await status(page)));
      const summary = await page.locator('.pause').innerText();
      await page.getByRole('tab', { name: 'Log' }).click();
      const log = await page.locator('.log').innerText();
      const ids = /\b(sov|ger|axis|rom|fin|hun|ita)-[a-z]*-?\d+\b|\((rifle-army|tank-korps)\)/;
      assert.doesNotMatch(summary, ids, `the summary: ${summary}`);
      assert.doesNotMatch(log, ids, 'the log');
      // An army's counter number is never left bare ("6." for 6. Armee) in a button.
      const buttons = await page.locator('.actions button').allInnerTexts();
      for (const b of buttons) assert.doesNotMatch(b, /(^|[ :,])\d+\.(,|$| \()/, b);
    });
  });
});

describe('issue #45 item 1: a sudden ending is said before it happens', () => {
  it("says in the prompt bar what the Russians need to win at the end of the German's turn, and lights the cities", async () => {
    await onOwnBrowser(DESK, async (page) => {
      const m = findGame('barbarossa-1941')!;
      const pres = await m.presentation!();
      // A game until the German player is threatened by a Russian sudden victory: the
      // Russians by their level-1 AI, the Axis by the random player (the Axis AI keeps
      // Rumania closed until Bucharest and Ploesti would hold, B-66, so its games seldom get
      // there). Level 1, not the top level: its rules of thumb stay put while level 2's
      // plans are tuned (each tuning of level 2's Russians moved this game's threat to
      // another seed, and so did level 1's attacks planned only where the rules offer them,
      // rules barbarossa-1941/6); seed front-1g reaches the threat at action 561 in ~1 s.
      const file = barbarossaUntil(
        'front-1g',
        (s, side) =>
          side === 'axis' && (pres.preview.threats?.(view(m.rules!, s, side).state, side) ?? []).length > 0,
        3000,
        { axis: 'random', soviet: 'ai1' },
      );
      await openLocal(page, e2e.server.url, 'front-1', file);
      const threat = page.locator('.status').getByRole('alert', { name: 'threat' });
      await threat.waitFor();
      assert.match(await threat.innerText(), /The Russians .*(Bucharest|Ploesti).*win/s);
      assert.ok((await page.locator('svg.map polygon.hl.owed').count()) >= 1, 'the cities lit');
      await shot(page, 'front-threat.png');
    });
  });
});

describe('issue #45 item 9: fewer clicks', () => {
  it('a unit stays selected after its move: its attacks are lit at once (move then attack in 3 clicks, not 4)', async () => {
    await onOwnBrowser(DESK, async (page) => {
      let move: { piece: string; to: number } | null = null;
      let before: GameState<unknown> | null = null;
      const file = barbarossaUntil('front-9', (s, side, a) => {
        if (side !== 'axis' || a.type !== 'move') return false;
        // A unit alone in its hex (its counter the one drawn there).
        const f = s.state as FrontState;
        const at = f.pieces[String(a.piece)]?.at;
        if (Object.values(f.pieces).filter((p) => p.status === 'map' && p.at === at).length !== 1)
          return false;
        move = { piece: String(a.piece), to: Number(a.to) };
        before = s;
        return true;
      });
      const mv = move as { piece: string; to: number } | null;
      assert.ok(mv && before, 'a German move');
      const to = await hexNumber(before, 'axis', mv.to);
      await openLocal(page, e2e.server.url, 'front-9', file);
      const box = (await page.locator(`svg.map g.counter[data-piece="${mv.piece}"]`).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const pick = page.locator(`.stack-picker button.pick[data-piece="${mv.piece}"]`);
      await pickerDrawn(page);
      if ((await pick.count()) > 0) await pick.click();
      await page.locator(`svg.map polygon.hl[data-hex="${to}"]`).click({ force: true });
      await page.getByRole('tab', { name: 'Log' }).click();
      await page.locator('.log', { hasText: new RegExp(`moves \\d{4}-.*${to}`) }).waitFor();
      assert.equal(
        await page.locator('.game').getAttribute('data-selected'),
        mv.piece,
        'still selected after its move',
      );
    });
  });
});

describe('issue #45 item 11: a phone (390x844)', () => {
  it('keeps the prompt short, the mini-map small, the actions on the first screen and the panel no small window', async () => {
    await onOwnBrowser(PHONE, async (page) => {
      const file = barbarossaUntil('front-10', (_s, side, a) => side === 'axis' && a.type === 'end-movement');
      await openLocal(page, e2e.server.url, 'front-11', file);
      const status = (await page.locator('.status').boundingBox())!;
      assert.ok(status.height <= 130, `the prompt takes ${status.height} px`);
      const map = (await page.locator('svg.map').boundingBox())!;
      const mini = (await page.locator('svg.minimap').boundingBox())!;
      assert.ok(mini.width * mini.height <= (map.width * map.height) / 12, 'the mini-map small');
      assert.ok(await inView(page, page.locator('section.actions h3')), 'the Actions on the first screen');
      // The panel is the page (it scrolls with it), not a window over its content.
      const inner = (await page.evaluate(
        "(() => { const s = document.querySelector('.side'); return s.scrollHeight - s.clientHeight; })()",
      )) as number;
      assert.ok(inner <= 1, `the side panel scrolls inside itself by ${inner} px`);
      await shot(page, 'front-phone.png');
    });
  });
});

describe('issue #45 item 17: Enter on an empty chat box', () => {
  it('sends nothing: no request the server refuses, no console error', async () => {
    await onPage(e2e.browser, async (page) => {
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/messages')) requests.push(r.url());
      });
      await page.goto(e2e.server.url);
      await page.getByRole('button', { name: 'New online game' }).first().click();
      const link = await page.getByLabel('soviet link').inputValue();
      const other = await page.getByLabel('german link').inputValue();
      // Both seats join (another browser holds the German's), so the game starts.
      const second = await launch();
      try {
        await (await second.newPage()).goto(other);
        await page.goto(link);
        await page.getByRole('tab', { name: /^Chat/ }).click();
      } finally {
        await second.close();
      }
      await page.getByLabel('message').fill('');
      await page.getByLabel('message').press('Enter');
      await page.getByLabel('message').fill('   ');
      await page.getByLabel('message').press('Enter');
      // A real message after them: once it is in the chat, the blank ones had their turn.
      await page.getByLabel('message').fill('Ready on the Dvina');
      await page.getByLabel('message').press('Enter');
      await page.getByText('Ready on the Dvina').last().waitFor();
      assert.equal(requests.length, 1, 'only the real message posted');
    });
  });
});

describe('issue #45 item 14: the point map says points, and has one undo', () => {
  it('says "Select a point", and offers Undo once (the prompt bar), never again among the actions', async () => {
    await onPage(e2e.browser, async (page) => {
      await page.goto(`${e2e.server.url}/#/new-local/front-14/point-to-point`);
      await showBoard(page);
      await page.getByRole('tab', { name: 'Unit' }).click();
      assert.match(await page.locator('.panel.unit').innerText(), /Select a point or a unit/);
      // Some actions taken, until one can be undone.
      for (
        let i = 0;
        i < 12 && (await page.locator('.status button', { hasText: 'Undo' }).count()) === 0;
        i++
      ) {
        await page.locator('.actions button[data-action]:visible').first().click();
        await showBoard(page);
      }
      assert.equal(
        await page.locator('.status button', { hasText: 'Undo' }).count(),
        1,
        'Undo in the prompt bar',
      );
      assert.equal(await page.getByRole('button', { name: /^Undo/ }).count(), 1, 'one Undo button');
    });
  });
});

describe('issue #45 item 16: the replay viewer', () => {
  it('offers only the turns the game reached, and says the step shown in words', async () => {
    await onPage(e2e.browser, async (page) => {
      // A replay that stops in turn 2 (the German's first move of turn 2).
      const file = barbarossaUntil(
        'front-16',
        (s, side, a) => side === 'axis' && a.type === 'move' && (s.state as { turn: number }).turn === 2,
      );
      const vcr = await openReplay(page, e2e.server.url, 'front-16.json', file);
      await vcr.waitFor();
      // Read to its end (it opens at its start and reads on), then shown at its end.
      await vcr.locator('.replay-check', { hasText: /Checking|Every action/ }).waitFor();
      await vcr.getByRole('button', { name: 'last' }).click();
      const turns = await vcr.locator('select option').allInnerTexts();
      assert.deepEqual(turns, ['1', '2'], 'the turns the replay reaches');
      await vcr.getByRole('button', { name: 'back' }).click();
      const words = await vcr.locator('.replay-step').innerText();
      assert.ok(words.length > 5 && !/^\s*$/.test(words), `the step in words: ${words}`);
    });
  });
});

describe('issue #45 item 15: the calculator opens without a red error', () => {
  it('an empty form says what to enter, with no field marked wrong; a value gives the result', async () => {
    await onPage(e2e.browser, async (page) => {
      await page.goto(`${e2e.server.url}/calc.html?game=barbarossa-1941`);
      await page.locator('.input-waiting').waitFor();
      assert.match(await page.locator('.input-waiting').innerText(), /^Enter the .* to see the result\.$/);
      assert.equal(
        await page.locator('.field-error, .input-error, .field.invalid').count(),
        0,
        'nothing red',
      );
      await page.locator('[data-field="attack"] input').fill('12');
      await page.locator('[data-field="defense"] input').fill('3');
      await page.locator('.input-waiting').waitFor({ state: 'detached' });
      assert.equal(await page.locator('.field-error').count(), 0);
    });
  });
});

describe('a game is its folder: the toy game (Couriers) plays by its link, the home page lists the wargames', () => {
  it('shows the three wargames and not the toy game', async () => {
    await onPage(e2e.browser, async (page) => {
      await page.goto(e2e.server.url);
      await page.getByRole('heading', { name: /Operation Mars/ }).waitFor();
      const titles = await page.locator('h2').allInnerTexts();
      assert.ok(
        titles.some((t) => /Barbarossa/.test(t)) && titles.some((t) => /Moscow|point/i.test(t)),
        titles.join(' | '),
      );
      assert.ok(!titles.some((t) => /Couriers/.test(t)), `no toy game listed: ${titles.join(' | ')}`);
    });
  });
});
