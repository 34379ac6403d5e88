/**
 * Social play at an online table (issue #25): two players in two browsers see who is at
 * the table, chat, and keep notes the other never reads.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launch } from './browser.ts';
import { SHOTS, serverAndBrowser } from './setup.ts';

const e2e = serverAndBrowser();

const presence = (page: Page) => page.locator('.presence');

/**
 * Waits until the chat box holds `text`: checked in the page as it changes, never
 * assumed after a fixed time (issue #46); `what` says what failed.
 */
async function boxHolds(page: Page, text: string, what: string): Promise<void> {
  await page
    .waitForFunction(
      `document.querySelector('textarea[aria-label="message"]')?.value === ${JSON.stringify(text)}`,
    )
    .catch((e: Error) => {
      throw new Error(`${what}: ${e.message}`);
    });
}

describe('an online table: who is here, chat and notes', () => {
  it('each player sees the other arrive and leave, reads what the other says, never the other’s notes', async () => {
    const a = await e2e.browser.newPage();
    const pageErrors: string[] = [];
    a.on('pageerror', (e) => pageErrors.push(`a: ${e.message}`));
    await a.goto(e2e.server.url);
    await a.getByRole('button', { name: 'New online game' }).first().click();
    const sovietLink = await a.getByLabel('soviet link').inputValue();
    const germanLink = await a.getByLabel('german link').inputValue();
    const second = await launch();
    try {
      const b = await second.newPage();
      b.on('pageerror', (e) => pageErrors.push(`b: ${e.message}`));
      // What b's browser is sent, to look for the Soviet's note in it.
      const framesToB: string[] = [];
      b.on('websocket', (ws) => ws.on('framereceived', (f) => framesToB.push(String(f.payload))));
      await a.goto(sovietLink);
      await a.getByText('Waiting for the opponent').waitFor();
      await b.goto(germanLink);
      await b.locator('.status .side-chip', { hasText: 'von Kluge' }).waitFor();
      await a.locator('.status .side-chip', { hasText: 'von Kluge' }).waitFor();
      // Each sees the other at the table, and itself as "you".
      await presence(a).filter({ hasText: 'von Kluge (German): at the table' }).waitFor();
      assert.match(await presence(a).innerText(), /Zhukov \(Soviet\): you/);
      await presence(b).filter({ hasText: 'Zhukov (Soviet): at the table' }).waitFor();
      // The German says something; the Soviet's Chat tab counts it unread, then shows it.
      await b.getByRole('tab', { name: /^Chat/ }).click();
      await b.getByLabel('message').fill('Good luck, Zhukov. The salient holds.');
      await b.getByLabel('message').press('Enter');
      await b.locator('.chat-line', { hasText: 'The salient holds.' }).waitFor();
      await boxHolds(b, '', 'the box is emptied once sent');
      await a.getByRole('tab', { name: 'Chat (1)' }).waitFor();
      await a.getByRole('tab', { name: /^Chat/ }).click();
      await a.locator('.chat-line', { hasText: 'Good luck, Zhukov.' }).waitFor();
      assert.match(await a.locator('.chat-line').first().innerText(), /German/);
      await a.getByRole('tab', { name: 'Chat' }).waitFor(); // read: no count left
      // A note to self: kept in a, never sent to b.
      await a.getByLabel('Note to self').check();
      await a.getByLabel('message').fill('Attack at Belyi on turn 2');
      await a.getByRole('button', { name: 'Keep note' }).click();
      await a.locator('.chat-note', { hasText: 'Attack at Belyi' }).waitFor();
      await a.getByLabel('Note to self').uncheck();
      await a.getByLabel('message').fill('And to you, von Kluge.');
      await a.getByRole('button', { name: 'Send' }).click();
      await b.locator('.chat-line', { hasText: 'And to you, von Kluge.' }).waitFor();
      assert.equal(await b.locator('.chat-note').count(), 0, 'the note is not shown to the German');
      assert.ok(
        framesToB.every((f) => !f.includes('Attack at Belyi')),
        "the Soviet's note reached the German's browser",
      );
      // An empty message is not sent: the button waits for text.
      // Send waits for text.
      await a.getByRole('button', { name: 'Send', disabled: true }).waitFor();
      // Typing in the box never reaches the map's keys (U is undo there).
      await a.getByLabel('message').fill('');
      await a.getByLabel('message').type('u');
      await boxHolds(a, 'u', 'the box keeps its u');
      await a.screenshot({ path: join(SHOTS, 'chat.png') });
      // A reload keeps the chat (it is the server's) and the note.
      await a.reload();
      await a.getByRole('tab', { name: /^Chat/ }).click();
      await a.locator('.chat-note', { hasText: 'Attack at Belyi' }).waitFor();
      await a.locator('.chat-line', { hasText: 'The salient holds.' }).waitFor();
      // The German leaves: the Soviet sees him away; he comes back: at the table again.
      await b.close();
      await presence(a).filter({ hasText: 'von Kluge (German): away' }).waitFor();
      const b2 = await second.newPage();
      b2.on('pageerror', (e) => pageErrors.push(`b2: ${e.message}`));
      await b2.goto(`${e2e.server.url}/play/${new URL(germanLink).pathname.split('/')[2]}`);
      await presence(a).filter({ hasText: 'von Kluge (German): at the table' }).waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await second.close();
      await a.close();
    }
  });
});
