/**
 * The per-game lock: what is asked of one game runs one at a time, in the order asked,
 * whether what came before succeeded or failed; other games do not wait.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GameLocks } from './locks.ts';

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test('work on one game runs one at a time, in order, also after a failure', async () => {
  const locks = new GameLocks();
  const ran: string[] = [];
  const first = gate();
  const a = locks.run('g', async () => {
    ran.push('a starts');
    await first.opened;
    ran.push('a ends');
    throw new Error('a failed');
  });
  const b = locks.run('g', async () => {
    ran.push('b');
    return 2;
  });
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(ran, ['a starts'], 'b waits for a');
  assert.equal(locks.held('g'), true);
  first.open();
  await assert.rejects(a, /a failed/);
  assert.equal(await b, 2);
  assert.deepEqual(ran, ['a starts', 'a ends', 'b']);
  await locks.settled();
  assert.equal(locks.held('g'), false, 'nothing queued: the game is let go');
});

test('another game does not wait; settled waits for every game', async () => {
  const locks = new GameLocks();
  const slow = gate();
  let doneSlow = false;
  void locks.run('slow', async () => {
    await slow.opened;
    doneSlow = true;
  });
  assert.equal(await locks.run('quick', async () => 'quick'), 'quick');
  assert.equal(doneSlow, false);
  const all = locks.settled();
  slow.open();
  await all;
  assert.equal(doneSlow, true);
});
