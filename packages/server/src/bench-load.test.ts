/**
 * The load benchmark's harness (bench/server.ts) plays moves: a short run of each of its
 * rows, each asked for more than nothing. On main once every row measured 0 moves/s
 * (the imported games waited for their seats to join, issue #46, and the players never
 * joined them), and nothing failed but the figures.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { mainThreadProfile, summarize } from '../../../bench/profile.ts';
import { gcOf, type LoadResult, type LoadShape, load, Recorder, reference } from '../../../bench/server.ts';
import { freshPostgresDatabase, stopTestPostgres, tempSqlitePath } from './test-support.ts';

after(() => stopTestPostgres());

/**
 * One game (imported at its set-up, its seats joining; the spares new games), half a
 * second timed after a short warm-up: long enough to move, short enough for a test.
 */
const SHAPE: LoadShape = { games: 1, seconds: 0.5, warmup: 0.2 };

function played(r: LoadResult): void {
  const what = `${r.backend} ${r.transport}`;
  assert.ok(r.moves > 0, `${what}: no move answered in ${r.seconds.toFixed(1)} s (${r.refused} refused)`);
  assert.equal(r.refused, 0, `${what}: ${r.refused} moves refused`);
  assert.ok(Number.isFinite(r.p50) && Number.isFinite(r.p99), `${what}: no latency measured`);
}

for (const transport of ['HTTP', 'WebSocket'] as const) {
  test(`the load run on SQLite over ${transport}, and its reference replaying it, play moves`, async () => {
    const recorder = new Recorder();
    played(
      await load('SQLite', { STAVKA_DB: tempSqlitePath() }, transport, recorder, 'SQLite', undefined, SHAPE),
    );
    const recording = recorder.recording();
    assert.ok(recording.games.length > 0, 'nothing recorded for the reference to replay');
    played(await reference(recording, transport, { shape: SHAPE }));
  });
}

test("a profiled load run (server-ws.ts --profile): the server's rules and the reference's sockets in the timed window", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-test-profiles-'));
  const before = process.env.STAVKA_CHILD_NODE_ARGS;
  try {
    const recorder = new Recorder();
    const profiled = (into: string) =>
      `${before ?? ''} --cpu-prof --cpu-prof-interval=250 --cpu-prof-dir=${join(dir, into)}`;
    process.env.STAVKA_CHILD_NODE_ARGS = profiled('server');
    const run = await load(
      'SQLite',
      { STAVKA_DB: tempSqlitePath() },
      'WebSocket',
      recorder,
      'SQLite',
      undefined,
      SHAPE,
    );
    process.env.STAVKA_CHILD_NODE_ARGS = profiled('reference');
    const ref = await reference(recorder.recording(), 'WebSocket', { shape: SHAPE });
    played(run);
    played(ref);
    const profile = mainThreadProfile(join(dir, 'server'), run.pid);
    const server = summarize(profile, run.moves, run.window);
    const alone = summarize(mainThreadProfile(join(dir, 'reference'), ref.pid), ref.moves, ref.window);
    // The window is the players' timed half second: the server's start-up (compiling its
    // modules, opening the store, the games made) and the warm-up are not in it.
    const whole = summarize(profile, run.moves);
    assert.ok(
      server.busy < whole.busy / 2,
      `the window's busy time, ${server.busy} µs a move, is a part of the whole profile's, ${whole.busy}`,
    );
    assert.ok(
      server.busy > 0 && server.perMove.rules > 0,
      `the server plays the rules: ${JSON.stringify(server.perMove)}`,
    );
    assert.ok(server.perMove['live messages'] > 0, 'and writes live updates');
    assert.equal(alone.perMove.rules, 0, 'the reference knows no rules');
    assert.ok(
      alone.perMove['socket writes'] > 0,
      `the reference writes to its sockets: ${JSON.stringify(alone.perMove)}`,
    );
  } finally {
    if (before === undefined) delete process.env.STAVKA_CHILD_NODE_ARGS;
    else process.env.STAVKA_CHILD_NODE_ARGS = before;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the paced load run and the threaded server play moves', async () => {
  played(await load('SQLite', { STAVKA_DB: tempSqlitePath() }, 'WebSocket', undefined, 'SQLite', 400, SHAPE));
  played(
    await load(
      'SQLite',
      { STAVKA_DB: tempSqlitePath(), STAVKA_THREADS: '2' },
      'WebSocket',
      undefined,
      'SQLite 2thr',
      undefined,
      SHAPE,
    ),
  );
});

test('the load run on PostgreSQL, and its reference on PostgreSQL, play moves', async () => {
  const url = await freshPostgresDatabase();
  const recorder = new Recorder();
  played(
    await load(
      'PostgreSQL',
      { DATABASE_URL: url, STAVKA_DB: '' },
      'WebSocket',
      recorder,
      'PostgreSQL',
      undefined,
      SHAPE,
    ),
  );
  played(
    await reference(recorder.recording(), 'WebSocket', {
      shape: SHAPE,
      store: await freshPostgresDatabase(),
    }),
  );
});

test("the bench reads this node's own --trace-gc-nvp lines (server-ws.ts --gc)", () => {
  // Objects kept alive across young collections: scavenges that promote them, then a full collection.
  const out = execFileSync(
    process.execPath,
    [
      '--trace-gc-nvp',
      '--expose-gc',
      '-e',
      'const kept = []; for (let i = 0; i < 200000; i++) kept.push({ i, s: String(i) }); globalThis.gc();',
    ],
    { encoding: 'utf8' },
  );
  const gc = gcOf(out);
  assert.ok(gc, 'no collection read');
  assert.ok(gc.scavenges > 0 && gc.scavengeMs > 0, `scavenges: ${JSON.stringify(gc)}`);
  assert.ok(gc.promotedBytes > 1_000_000, `200,000 objects kept, ${gc.promotedBytes} bytes promoted`);
  // 200,000 objects and strings of ~40 bytes or more each: at least 8 MB made, more than was kept.
  assert.ok(
    gc.allocatedBytes > 8_000_000 && gc.allocatedBytes > gc.promotedBytes,
    `200,000 objects and strings allocated: ${JSON.stringify(gc)}`,
  );
  assert.ok(gc.markCompacts >= 1, `gc() is a full collection: ${JSON.stringify(gc)}`);
  assert.equal(gcOf('listening http://127.0.0.1:1\n'), null, 'no GC lines, no figures');
  // A line whose `allocated` wrapped below zero (18446744073709551615 is -1 as V8 prints it) adds nothing.
  const line = (allocated: string) => `[1:0x1] 5 ms: pause=0.5 gc=s allocated=${allocated} promoted=100\n`;
  assert.equal(gcOf(line('1000') + line('18446744073709551615') + line('2000'))?.allocatedBytes, 3000);
});
