/**
 * The bench's CPU-profile summary (bench/profile.ts, `server-ws.ts --profile`): each
 * sample of a server's main thread in the category its stack says, in µs a move over
 * the players' timed window. Read from V8's profile format, here built by hand.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type CpuProfile, formatSummaries, readProfile, summarize } from '../../../bench/profile.ts';

/** This repository's packages and node_modules, as V8 names their files. */
const ROOT = pathToFileURL(resolve(import.meta.dirname, '../../..')).href;
const PKG = `${ROOT}/packages`;
const MODULES = `${ROOT}/node_modules`;

/**
 * A profile whose samples are the stacks given (root first, as [function, url]), each
 * lasting `dt` µs (until the next one), from startTime 1,000.
 */
function profileOf(samples: readonly { stack: readonly [string, string][]; dt: number }[]): CpuProfile {
  const nodes: { id: number; callFrame: { functionName: string; url: string }; children: number[] }[] = [
    { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [] },
  ];
  const ids: number[] = [];
  for (const s of samples) {
    let at = nodes[0]!;
    for (const [functionName, url] of s.stack) {
      let next = at.children
        .map((c) => nodes[c - 1]!)
        .find((n) => n.callFrame.functionName === functionName && n.callFrame.url === url);
      if (!next) {
        next = { id: nodes.length + 1, callFrame: { functionName, url }, children: [] };
        nodes.push(next);
        at.children.push(next.id);
      }
      at = next;
    }
    ids.push(at.id);
  }
  return {
    nodes,
    startTime: 1000,
    endTime: 1000 + samples.reduce((t, s) => t + s.dt, 0),
    samples: ids,
    timeDeltas: samples.map((_, i) => (i === 0 ? 0 : samples[i - 1]!.dt)),
  };
}

const act: [string, string] = ['onMessage', `${PKG}/server/src/routes/live.ts`];
const read: [string, string] = ['onStreamRead', 'node:internal/stream_base_commons'];

test('each sample goes to the first category its stack matches, in µs a move; idle samples are left out', () => {
  const p = profileOf([
    {
      stack: [
        read,
        act,
        ['apply', `${PKG}/engine/src/game.ts`],
        ['refreshSupply', `${PKG}/games/src/mars-1942/supply.ts`],
      ],
      dt: 300,
    },
    {
      stack: [
        read,
        act,
        ['commit', `${PKG}/server/src/games/play.ts`],
        ['stateHash', `${PKG}/engine/src/game.ts`],
      ],
      dt: 100,
    },
    {
      stack: [
        ['flush', `${PKG}/server/src/store.ts`],
        ['sqliteTransaction', `${MODULES}/better-sqlite3/lib/methods/transaction.js`],
        ['run', ''],
      ],
      dt: 80,
    },
    {
      stack: [
        ['push', `${PKG}/server/src/games/watchers.ts`],
        ['liveMessage', `${PKG}/server/src/live.ts`],
      ],
      dt: 60,
    },
    {
      stack: [
        ['push', `${PKG}/server/src/games/watchers.ts`],
        ['uncork', 'node:internal/streams/writable'],
        ['writevGeneric', 'node:internal/stream_base_commons'],
        ['writev', ''],
      ],
      dt: 40,
    },
    { stack: [['(garbage collector)', '']], dt: 20 },
    // PostgreSQL's client writing its socket: the database's time.
    {
      stack: [
        ['appendBatch', `${PKG}/server/src/store.ts`],
        ['submit', `${MODULES}/pg/lib/query.js`],
        ['Writable.uncork', 'node:internal/streams/writable'],
        ['writevGeneric', 'node:internal/stream_base_commons'],
        ['writev', ''],
      ],
      dt: 20,
    },
    { stack: [['(idle)', '']], dt: 5000 },
    { stack: [read, act, ['commit', `${PKG}/server/src/games/play.ts`]], dt: 10 },
  ]);
  const s = summarize(p, 2);
  assert.equal(s.perMove.rules, 200, 'apply and stateHash, with what they call');
  assert.equal(s.perMove.database, 50, "SQLite's statements and PostgreSQL's socket");
  assert.equal(s.perMove['live messages'], 30);
  assert.equal(s.perMove['socket writes'], 20, 'a write, whoever asked for it');
  assert.equal(s.perMove['garbage collection'], 10);
  // The handler's own code under a socket read is the server's, not the socket's.
  assert.equal(s.perMove['socket reads, frames'], 0);
  assert.equal(s.perMove['the rest'], 5);
  assert.equal(s.busy, 315, 'the idle 5,000 µs are not counted');
  assert.deepEqual(s.top.rules[0], { frame: 'refreshSupply mars-1942/supply.ts', perMove: 150 });
  const table = formatSummaries([{ label: 'server', summary: s }]);
  assert.match(table, /^rules\s+200$/m);
  assert.match(table, /^in all \(busy\)\s+315$/m);
});

test("a socket read's own work is counted as such, up to the server's code", () => {
  const p = profileOf([
    {
      stack: [read, ['receiverOnMessage', `${MODULES}/ws/lib/websocket.js`], ['parse', '']],
      dt: 30,
    },
    {
      stack: [read, ['receiverOnMessage', `${MODULES}/ws/lib/websocket.js`], act, ['parse', '']],
      dt: 70,
    },
  ]);
  const s = summarize(p, 1);
  assert.equal(s.perMove['socket reads, frames'], 30);
  assert.equal(s.perMove['the rest'], 70, "JSON.parse in the server's handler");
});

test('only the samples in the window are counted (the profile clock, µs)', () => {
  // Samples at 1,000, 1,100, 1,200, 1,300, each until the next (the last until the end).
  const gc: [string, string][] = [['(garbage collector)', '']];
  const p = profileOf([1, 2, 3, 4].map(() => ({ stack: gc, dt: 100 })));
  assert.equal(summarize(p, 1, { from: 1150, to: 1350 }).busy, 200);
  assert.equal(summarize(p, 1).busy, 400);
  assert.throws(() => summarize(p, 0), /moves is a number above 0/);
  assert.throws(() => summarize(p, Number.POSITIVE_INFINITY), /moves is a number above 0/);
});

test('a file that is not a CPU profile is refused with a clear error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-test-profile-'));
  try {
    const bad: [string, string][] = [
      ['{}', 'not a V8 CPU profile'],
      ['{"nodes":[],"samples":[1],"timeDeltas":[0],"startTime":0,"endTime":1}', 'names no node'],
      ['{"nodes":[],"samples":[],"timeDeltas":[0],"startTime":0,"endTime":1}', 'not a V8 CPU profile'],
    ];
    for (const [i, [text, message]] of bad.entries()) {
      const file = join(dir, `${i}.cpuprofile`);
      writeFileSync(file, text);
      assert.throws(() => readProfile(file), new RegExp(message), text);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
