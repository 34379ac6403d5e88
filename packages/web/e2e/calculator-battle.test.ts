/**
 * Moscow 1941's calculator as a battle form (issue #45 item 15) in real Chromium at
 * 1600x1000 (and 390x844): the page opens asking for the first unit, nothing red; the
 * units of a battle entered field by field (strengths, a minor unit, air on both sides)
 * give every ending with its exact chance, the same as `stavka calc` with the same flags
 * (the same module calculator); the link carries the battle; who attacks changes it; a
 * volley typed beside the battle is the one field marked. Every calculator opens without
 * red. No page or console error. Screenshots go to a temporary folder unless STAVKA_SHOTS
 * says where (docs/screenshots/calculator-p2p-battle*.png).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launch } from './browser.ts';
import { DESK, open, shot } from './pages.ts';
import { serverAndBrowser } from './setup.ts';

const e2e = serverAndBrowser();
const STAVKA = join(dirname(fileURLToPath(import.meta.url)), '../../cli/bin/stavka.js');

/** The Borodino battle of the example battle file, as flags (and as the form is filled below). */
const FLAGS = [
  '--attack1',
  '5',
  '--attack2',
  '2',
  '--attack-air',
  '1',
  '--defend1',
  '2',
  '--defend2',
  '3',
  '--defend2-minor',
  '--defend-air',
  '1',
];

/** `stavka calc --game point-to-point ... --json`: each ending and its exact chance. */
function cli(flags: readonly string[]): { result: string; chance: string }[] {
  const out = execFileSync('node', [STAVKA, 'calc', '--game', 'point-to-point', ...flags, '--json'], {
    encoding: 'utf8',
  });
  const j = JSON.parse(out) as { chances: { result: string; chance: string }[]; notes: string[] };
  return j.chances.map((c) => ({ result: c.result, chance: c.chance }));
}

/** Each ending the page shows and the exact chance it carries. */
async function shown(page: Page): Promise<{ result: string; chance: string }[]> {
  const rows = page.locator('.report table.chances tr[data-result]');
  const out: { result: string; chance: string }[] = [];
  for (const r of await rows.all())
    out.push({
      result: (await r.getAttribute('data-result'))!,
      chance: (await r.getAttribute('data-chance'))!,
    });
  return out;
}

const field = (page: Page, key: string) => page.locator(`[data-field="${key}"] input[type="text"]`);

/** Nothing on the page is red: no field marked, no error, no red result. */
async function nothingRed(page: Page): Promise<number> {
  return page.locator('.field-error, .input-error, .field.invalid, [data-ok="false"]').count();
}

describe('issue #45 item 15: the point-to-point calculator is a battle form', () => {
  it('asks for the first unit, then gives every ending of the battle entered with its exact chance, as stavka calc does', async () => {
    const browser = await launch(DESK);
    try {
      const { page, errors } = await open(browser);
      await page.goto(`${e2e.server.url}/calc.html?game=point-to-point`);
      const waiting = page.locator('.input-waiting');
      await waiting.waitFor();
      assert.equal(await waiting.innerText(), 'Enter the attacking unit 1 to see the result.');
      assert.equal(await nothingRed(page), 0, 'nothing red on opening');
      assert.deepEqual(await page.locator('h2.form-section').allInnerTexts(), [
        'The battle',
        'Attacking units',
        'Defending units',
        'One volley',
        'Files',
      ]);
      await shot(page, 'calculator-p2p-battle-empty.png');

      // The battle, as a player reads it off the counters: typed, stepped, switched.
      await field(page, 'attack1').fill('5');
      const more = page.getByRole('button', { name: 'Attacking unit 2: one more' });
      await more.click();
      await more.click();
      assert.equal(await field(page, 'attack2').inputValue(), '2');
      await field(page, 'attackAir').fill('1');
      // The attackers alone: the defenders are asked for, still nothing red.
      await page.locator('.input-waiting', { hasText: 'Enter the defending unit 1' }).waitFor();
      assert.equal(await nothingRed(page), 0, 'nothing red while the defenders are still to come');
      await field(page, 'defend1').fill('2');
      await field(page, 'defend2').fill('3');
      await page.getByRole('checkbox', { name: 'Defending unit 2: Minor unit' }).check();
      await field(page, 'defendAir').fill('1');
      const report = page.locator('.report[data-game="point-to-point"]');
      await report.waitFor();
      await page.waitForFunction(
        `document.querySelectorAll('.report table.chances tr[data-result]').length > 0 && /defend2Minor=1/.test(location.search) && /defendAir=1/.test(location.search)`,
      );
      // Every ending with its exact chance: the CLI's, with the same flags.
      const expected = cli(FLAGS);
      assert.ok(expected.length >= 2, JSON.stringify(expected));
      assert.deepEqual(await shown(page), expected);
      // Said as per cents, the exact fraction a click away.
      const first = page.locator('.report table.chances tr[data-result]').first();
      assert.match(await first.locator('.pct-main').innerText(), /^\d+\.\d%$/);
      await first.locator('details.exact summary').click();
      assert.equal(await first.locator('.n-in').innerText(), expected[0]!.chance);
      // Each unit's part in each side's fire.
      const notes = await report.locator('ul.notes li').allInnerTexts();
      assert.equal(
        notes[0],
        'Attackers fire 14 in the first round: +10 Attacking unit 1 (5 ×2), +4 Attacking unit 2 (2 ×2), German air ×2 on the units in supply (A.4)',
      );
      assert.match(
        notes[1]!,
        /^Defenders fire up to 6 in the first round: \+2 Defending unit 1, \+3 Defending unit 2/,
      );
      assert.equal(await nothingRed(page), 0);
      await shot(page, 'calculator-p2p-battle.png');

      // The link is the battle: opened again, the same endings.
      const link = page.url();
      assert.match(link, /attack1=5&attack2=2&attackAir=1&defend1=2&defend2=3&defend2Minor=1&defendAir=1/);
      const again = await browser.newPage();
      await again.goto(link);
      await again.locator('.report[data-game="point-to-point"] tr[data-result]').first().waitFor();
      assert.deepEqual(await shown(again), expected);
      await again.close();

      // The Soviets attacking with the same forces: German air now doubles the Axis defenders.
      await page.getByRole('checkbox', { name: 'The Soviets attack' }).check();
      await report
        .locator('ul.notes li', { hasText: /^Attackers fire up to 8 in the first round/ })
        .waitFor();
      assert.deepEqual(await shown(page), cli([...FLAGS, '--soviet-attack']));

      // A volley typed beside the battle: that field is marked, and said.
      await field(page, 'fire').fill('5');
      await page.locator('.field.invalid[data-field="fire"]').waitFor();
      assert.match(await page.locator('[data-field="fire"] .field-error').innerText(), /is one volley/);
      await field(page, 'fire').fill('');
      await report.waitFor();
      assert.equal(await nothingRed(page), 0);
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  it('opens every calculator without red', async () => {
    const { page, errors } = await open(e2e.browser);
    for (const game of ['mars-1942', 'barbarossa-1941', 'point-to-point']) {
      await page.goto(`${e2e.server.url}/calc.html?game=${game}`);
      await page.locator('.input-waiting').waitFor();
      assert.equal(await nothingRed(page), 0, game);
      assert.match(await page.locator('.input-waiting').innerText(), /^Enter the .+ to see the result\.$/);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
