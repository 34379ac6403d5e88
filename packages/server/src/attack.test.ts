/**
 * The server under attack (issue #22): a real server process on loopback, attacked by
 * clients with no login while another player plays on, each attack from its own
 * loopback address (127.0.0.x, so per-address limits tell them apart). What must hold:
 * every request of the other player answered through every attack, his p99 at most
 * 50 ms over (or twice) his p99 with no attack, the server's RSS under
 * RSS_BOUND_MB, the database growing by at most DB_BOUND_MB, and each of the issue's
 * seven findings answered (a 4xx, a closed socket, a quota) instead of a stall, a 500,
 * a full disk or a stolen seat; and (issue #46) a person's game against the AI keeping
 * its pace while anonymous clients ask for games of AI against AI.
 *
 * The attacks are kept small (two cores are shared): ~60 s in all. Every figure is
 * printed (`t.diagnostic`) so a run before and after a change can be compared.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { type Action, apply, legalActions, setup, stateHash } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import WebSocket from 'ws';
import { type ChildServer, startChildServer, tempSqlitePath } from './test-support.ts';

/**
 * What an attack may add to the other player's p99 (ms), over the machine's own noise:
 * his p99 with no attack (the quiet phase, or the calm after the attack if that was
 * busier), other work on the cores.
 */
const P99_BOUND_MS = 50;
/** The server process's resident memory at any moment of the run. */
const RSS_BOUND_MB = 400;
/** What the database may grow by over the disk attack (the files: database and WAL). */
const DB_BOUND_MB = 2;
/** Requests a minute per address (STAVKA_RATE_LIMIT, its default), and live messages across an address's channels. */
const RATE = 1200;

/** The limits the attacked server runs with: the defaults' shape, times made short for a test. */
const LIMITS = {
  gamesPerWindow: 10,
  gamesWindowMs: 3_600_000,
  connectionsPerAddress: 24,
  unjoinedTtlMs: 1500,
  expirySweepMs: 300,
  requestTimeoutMs: 2500,
  headersTimeoutMs: 2000,
  // The production default: an import (a few seconds on a quiet machine, 15 s and more
  // beside two CPU hogs) must not be cut off as idle before it answers.
  idleTimeoutMs: 60_000,
};
const PROXY = '127.0.0.9';
/**
 * The AI flood (issue #46): how long the person's game against the AI is measured quiet,
 * then flooded; each flooding address's games of AI against AI asked for (the server
 * moves at most 3 of an address's and 12 in all: five addresses ask 20, 12 are made and
 * the rest refused).
 */
const AI_PHASE_MS = 8000;
const AI_FLOOD_PER_ADDRESS = 4;
/** The AI's pace in the person's game, flooded, at least this share of its quiet pace. */
const AI_PACE_SHARE = 0.5;

// ---- clients from chosen loopback addresses ---------------------------------------

let port = 0;
const agents = new Map<string, Agent>();
const agentFor = (from: string) => {
  let a = agents.get(from);
  if (!a) {
    a = new Agent({ keepAlive: true, maxSockets: 8, localAddress: from });
    agents.set(from, a);
  }
  return a;
};

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test code reads JSON bodies loosely
  body: any;
}

/** One request from address `from`: JSON in and out; status 0 when the connection failed. */
function send(
  from: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const payload = opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: agentFor(from),
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', () => resolve({ status: 0, body: null }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: null }));
    if (payload !== undefined) req.end(payload);
    else req.end();
  });
}

// ---- the other player: a worker thread of its own, so the attacks' work here does not time it

const VICTIM = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, id, token, from } = workerData;
let phase = 'quiet';
const samples = {};
const failures = {};
let stopped = false;
parentPort.on('message', (m) => {
  if (m.phase) phase = m.phase;
  if (m.stop) { stopped = true; }
});
const get = (agent, path) => new Promise((resolve) => {
  const t = performance.now();
  const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { authorization: 'Bearer ' + token } }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: performance.now() - t, status: res.statusCode }));
  });
  req.setTimeout(10000, () => req.destroy());
  req.on('error', () => resolve({ ms: performance.now() - t, status: 0 }));
  req.end();
});
// Players at several addresses (each within its rate limit), each asking every 50 ms.
const player = async (address) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  let k = 0;
  while (!stopped) {
    const p = phase;
    const r = await get(agent, k++ % 2 ? '/api/games/' + id : '/api/games/' + id + '/log');
    if (r.status === 200) (samples[p] ??= []).push(r.ms);
    else failures[p] = (failures[p] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, 50));
  }
};
Promise.all(from.map(player)).then(() => parentPort.postMessage({ samples, failures }));
`;

// ---- the owner of a game against the AI: a worker thread of its own, like the other player
// (started beside him, at the same CPU priority: told his game when it is made)

const AI_OWNER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, from } = workerData;
// The game he plays ({ id, token }), and the one he goes on to once it is his move here.
let game = null;
let next = null;
let phase = 'warm-up';
let stopped = false;
const phases = {};
const at = (p) => (phases[p] ??= { views: [], aiActions: 0, ownActions: 0, aiMs: 0, failed: 0, startedAt: performance.now(), ms: 0 });
parentPort.on('message', (m) => {
  if (m.phase) { at(phase).ms = performance.now() - at(phase).startedAt; phase = m.phase; at(phase); }
  if (m.start) { if (game) next = m.start; else { game = m.start; play(); } }
  if (m.stop) stopped = true;
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: from });
const call = (method, path, body) => new Promise((resolve) => {
  const t = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: {
    authorization: 'Bearer ' + game.token, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      let json = null;
      try { json = JSON.parse(Buffer.concat(chunks).toString()); } catch {}
      resolve({ ms: performance.now() - t, status: res.statusCode, json });
    });
  });
  req.setTimeout(10000, () => req.destroy());
  req.on('error', () => resolve({ ms: performance.now() - t, status: 0, json: null }));
  req.end(payload);
});
// He reads his view every 50 ms (as his page would, and to see whose turn it is), and
// moves when it is his: the moves between are his AI opponent's, and the AI's pace is its
// moves over the time he waited for them (aiMs). He plays as a person would, not as a
// flood: a move at most every 150 ms (his page's requests stay within the server's rate
// limit, 1,200 a minute an address, or its 429s would be counted as his AI's time), and
// after 3 moves in a row he ends his step when he may, so the time measured is mostly
// his AI opponent's (a random player's 60 moves of a movement step left it none). Each
// game he plays the same way (the same choices from the same list), so two games' first
// moves are the same positions for his AI, until the dice differ.
const play = async () => {
  let last = null;
  let k = 1;
  let mine = 0;
  // The pause after his move: his AI's time if the next view finds the AI to move or moved.
  let pause = 0;
  while (!stopped) {
    const p = phase;
    const t0 = performance.now();
    const r = await call('GET', '/api/games/' + game.id + '/view');
    at(p).views.push(r.status === 200 ? r.ms : 10000);
    if (r.status !== 200) at(p).failed++;
    const v = r.json;
    if (r.status === 200 && v) {
      const legal = (v.legal || []).filter((a) => a.type !== 'undo');
      const aiMoved = last !== null && v.stateId > last;
      if (aiMoved || legal.length === 0) at(p).aiMs += pause;
      pause = 0;
      if (aiMoved) { at(p).aiActions += v.stateId - last; mine = 0; }
      last = v.stateId;
      if (legal.length > 0 && next) {
        // His move here: this game waits for him, not for its AI; on to the next.
        game = next;
        next = null;
        last = null;
        k = 1;
        mine = 0;
        continue;
      }
      if (legal.length > 0) {
        k = (k * 7919 + 13) % 100003;
        const action =
          legal.find((a) => a.type === 'historical-setup') ||
          (mine >= 3 && legal.find((a) => a.type.startsWith('end-'))) ||
          legal[k % legal.length];
        const posted = await call('POST', '/api/games/' + game.id + '/actions', { stateId: v.stateId, action });
        if (posted.status === 200) { at(p).ownActions++; last = v.stateId + 1; mine++; }
        else at(p).failed++;
        const t1 = performance.now();
        await new Promise((r) => setTimeout(r, 150));
        pause = performance.now() - t1;
        continue;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    at(p).aiMs += performance.now() - t0;
  }
  at(phase).ms = performance.now() - at(phase).startedAt;
  parentPort.postMessage(phases);
};
`;

const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : Number.NaN;
};

// ---- a whole valid export to import: a seeded game played to its end --------------

function playedExport(): { file: object; bytes: number } {
  const made = setup(marsRules, null, 'attack-seed', {});
  if (!made.ok) throw new Error('no set-up');
  let s = made.value;
  const actions: { side: string; action: Action }[] = [];
  const hashes: string[] = [];
  let k = 1;
  for (let i = 0; i < 3000; i++) {
    const side = marsRules.activeSides(s.state)[0];
    if (!side) break;
    const legal = legalActions(marsRules, s, side).filter((a) => a.type !== 'undo');
    k = (k * 7919 + 13) % 100_003;
    const action = legal.find((a) => a.type === 'historical-setup') ?? legal[k % legal.length]!;
    const r = apply(marsRules, s, side, action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
    actions.push({ side, action });
    hashes.push(stateHash(s));
  }
  const file = {
    format: 'stavka-replay/1',
    game: 'mars-1942',
    rulesVersion: marsRules.rulesVersion,
    scenario: null,
    seed: 'attack-seed',
    options: {},
    actions,
    hashes,
    finalHash: hashes[hashes.length - 1] ?? null,
  };
  return { file, bytes: JSON.stringify(file).length };
}

// ---- the run ------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A game made and joined from `from`: its id and its seats' tokens (as joining gave them). */
async function joinedGame(
  from: string,
): Promise<{ id: string; tokens: Record<string, string>; made: Reply }> {
  const made = await send(from, 'POST', '/api/games', { body: { game: 'mars-1942' } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const tokens: Record<string, string> = {};
  for (const side of ['soviet', 'german']) {
    const old = made.body.seats[side].token as string;
    const j = await send(from, 'POST', `/api/games/${made.body.id}/join`, { token: old, body: {} });
    assert.equal(j.status, 200, JSON.stringify(j.body));
    tokens[side] = (j.body.token as string | undefined) ?? old;
  }
  return { id: made.body.id, tokens, made };
}

/** A process's resident memory (MB) and its threads (the serving thread, its workers, Node's own). */
function rssMb(pid: number): { mb: number; threads: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    const t = /Threads:\s+(\d+)/.exec(status);
    return { mb: m ? Number(m[1]) / 1024 : 0, threads: t ? Number(t[1]) : 0 };
  } catch {
    return { mb: 0, threads: 0 };
  }
}

/**
 * The serving thread's time on a CPU and waiting for one (ms, Linux's schedstat of the
 * server's main thread): a phase's event-loop stall is the server's own work if the
 * first grew, the machine's other work if the second did (two cores shared with others).
 */
function servingThreadMs(pid: number): { ran: number; waited: number } | null {
  try {
    const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return ran !== undefined && waited !== undefined ? { ran: ran / 1e6, waited: waited / 1e6 } : null;
  } catch {
    return null;
  }
}

const dbBytes = (file: string) =>
  ['', '-wal', '-shm'].reduce((n, ext) => {
    try {
      return n + statSync(file + ext).size;
    } catch {
      return n;
    }
  }, 0);

/** What the run found, for the tests below to judge. */
const found = {
  /** The other player's requests in each phase: the answered ones' latency, and how many were not answered 200. */
  latency: {} as Record<string, { p50: number; p99: number; n: number; failed: number }>,
  loopDelay: {} as Record<string, { max: number; p99: number }>,
  /** The serving thread's CPU time and its wait for a CPU over each phase, and the machine's load. */
  cpu: {} as Record<string, { ran: number; waited: number; load: number }>,
  rssMaxMb: 0,
  rssByPhase: {} as Record<string, number>,
  threadsByPhase: {} as Record<string, number>,
  imports: { accepted: 0, refused: new Map<number, number>(), deep: null as Reply | null },
  slow: { opened: 0, closedWithinMs: [] as number[], stillOpen: 0, answers: [] as string[] },
  disk: { grewMb: 0, bigOptions: null as Reply | null, created: 0, quota: 0, expired: null as Reply | null },
  flood: {
    limitedAt: 0,
    health: null as Reply | null,
    proxyOther: null as Reply | null,
    proxySame: null as Reply | null,
  },
  swarm: { answered: 0, rateLimited: 0, refusedConnections: 0 },
  fiveHundreds: [] as string[],
  webhooks: [] as { url: string; status: number }[],
  tokens: {} as Record<string, unknown>,
  aiFlood: {
    created: 0,
    refused: new Map<number, number>(),
    floodActions: 0,
    strangerStop: 0,
    stopped: 0,
    goneAfterStop: 0,
    owner: {} as Record<
      string,
      { views: number[]; aiActions: number; ownActions: number; aiMs: number; failed: number; ms: number }
    >,
  },
};

let server: ChildServer;
let victim: Worker;
let aiOwner: Worker | undefined;
let currentPhase = 'quiet';
const rssTimer: { t: NodeJS.Timeout | null } = { t: null };

describe('the server under attack (issue #22)', () => {
  const db = tempSqlitePath();

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stavka-attack-'));
    const script = join(dir, 'serve.mts');
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describeStore, startServer, stopOnSignals } from ${JSON.stringify(new URL('./main.ts', import.meta.url).href)};
const server = await startServer({ limits: ${JSON.stringify(LIMITS)}, trustProxy: [${JSON.stringify(PROXY)}] });
// The serving thread's event-loop delay since the last SIGUSR2, written to a file on the next.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('SIGUSR2', () => {
  writeFileSync(${JSON.stringify(join(dir, 'delay.json'))}, JSON.stringify({ max: delay.max / 1e6, p99: delay.percentile(99) / 1e6 }));
  delay.reset();
});
process.stdout.write(\`listening \${server.url} (\${describeStore(server.store, server.threads)})\\n\`);
stopOnSignals(server);
`,
    );
    server = await startChildServer(
      { STAVKA_DB: db, STAVKA_RATE_LIMIT: String(RATE), STAVKA_TRUST_PROXY: PROXY, HOST: '0.0.0.0' },
      script,
    );
    port = Number(new URL(server.url).port);
    rssTimer.t = setInterval(() => {
      const { mb, threads } = rssMb(server.child.pid!);
      found.rssMaxMb = Math.max(found.rssMaxMb, mb);
      found.rssByPhase[currentPhase] = Math.max(found.rssByPhase[currentPhase] ?? 0, mb);
      found.threadsByPhase[currentPhase] = Math.max(found.threadsByPhase[currentPhase] ?? 0, threads);
    }, 100);

    const mine = await joinedGame('127.0.0.1');
    // The import worker started with the server: the first import waits for it.
    const { file } = playedExport();
    assert.equal((await send('127.0.0.19', 'POST', '/api/games/import', { body: file })).status, 201);
    victim = new Worker(VICTIM, {
      eval: true,
      workerData: {
        port,
        id: mine.id,
        token: mine.tokens.soviet,
        from: ['127.0.0.1', '127.0.1.1', '127.0.1.2', '127.0.1.3'],
      },
    });
    aiOwner = new Worker(AI_OWNER, { eval: true, workerData: { port, from: '127.0.3.1' } });
    let current = 'quiet';
    let ranBefore = servingThreadMs(server.child.pid!);
    const phase = async (p: string) => {
      // The server's own event-loop delay over the phase that ends.
      server.child.kill('SIGUSR2');
      const ran = servingThreadMs(server.child.pid!);
      if (ran && ranBefore)
        found.cpu[current] = {
          ran: ran.ran - ranBefore.ran,
          waited: ran.waited - ranBefore.waited,
          load: loadavg()[0]!,
        };
      ranBefore = ran;
      await sleep(100);
      try {
        found.loopDelay[current] = JSON.parse(readFileSync(join(dir, 'delay.json'), 'utf8'));
      } catch {}
      current = p;
      currentPhase = p;
      victim.postMessage({ phase: p });
    };
    await sleep(100);
    server.child.kill('SIGUSR2');
    // The attackers (this thread) yield the CPU to the server and the other player (the
    // victim's thread, and the server process started before this): attackers run on
    // machines of their own, and what their clients cost is not the server's to bear.
    // (Linux: a thread's own nice value, set through its thread id.)
    try {
      setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
    } catch {}
    await sleep(2500); // the quiet phase: the machine's own noise
    // After each attack, a calm stretch with no attack: the machine's noise at that time
    // (other work on the cores comes and goes over a run), which its phase is judged beside.
    const calm = async (after: string) => {
      await phase(`calm-${after}`);
      await sleep(1500);
    };

    // 1. Imports: four importers (four addresses) send a whole game's export again and
    // again; one sends 1 MiB of [[[...]]].
    await phase('imports');
    const until = Date.now() + 4000;
    const importer = async (from: string) => {
      while (Date.now() < until) {
        const r = await send(from, 'POST', '/api/games/import', { body: file });
        if (r.status === 201) found.imports.accepted++;
        else found.imports.refused.set(r.status, (found.imports.refused.get(r.status) ?? 0) + 1);
        if (r.status !== 201) await sleep(100);
      }
    };
    const deep = `{"game":"mars-1942","rulesVersion":"x","seed":"s","actions":[],"scenario":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    await Promise.all([
      ...['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map(importer),
      send('127.0.0.11', 'POST', '/api/games/import', { raw: deep }).then((r) => (found.imports.deep = r)),
    ]);

    // 2. Slow bodies: 30 sockets from one address, each declaring an 8 MB import and
    // holding its last byte; 10 more from another declaring 1.5 MB (under the limit) and
    // holding its last byte.
    await calm('imports');
    await phase('slow-bodies');
    const sockets: { s: Socket; bytes: number; openedAt: number; closedAt: number | null; answer: string }[] =
      [];
    const slow = (bytes: number, from: string) =>
      new Promise<void>((resolve) => {
        const s = connect({ host: '127.0.0.1', port, localAddress: from });
        const entry = { s, bytes, openedAt: Date.now(), closedAt: null as number | null, answer: '' };
        s.on('data', (d: Buffer) => (entry.answer ||= String(d).split('\r\n')[0]!));
        sockets.push(entry);
        s.on('error', () => {});
        s.on('close', () => (entry.closedAt = Date.now()));
        s.on('connect', () => {
          found.slow.opened++;
          s.write(
            `POST /api/games/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
          );
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          let left = bytes - 1;
          const pump = () => {
            while (left > 0 && !s.destroyed) {
              const n = Math.min(left, chunk.length);
              left -= n;
              if (!s.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
                s.once('drain', pump);
                return;
              }
            }
            resolve();
          };
          pump();
        });
        s.on('close', () => resolve());
      });
    await Promise.all([
      ...Array.from({ length: 30 }, () => slow(8_000_000, '127.0.0.6')),
      ...Array.from({ length: 10 }, () => slow(1_500_000, '127.0.0.16')),
    ]);
    const slowStart = Date.now();
    while (
      Date.now() - slowStart < LIMITS.requestTimeoutMs + 2000 &&
      sockets.some((x) => x.closedAt === null)
    )
      await sleep(100);
    found.slow.closedWithinMs = sockets.map((x) => (x.closedAt ?? Number.POSITIVE_INFINITY) - x.openedAt);
    found.slow.stillOpen = sockets.filter((x) => x.closedAt === null).length;
    found.slow.answers = [...new Set(sockets.map((x) => `${x.bytes}: ${x.answer || 'closed unanswered'}`))];
    for (const x of sockets) x.s.destroy();

    // 3. Disk: creates with ~200 KB of options, then plain creates, for 3 s.
    await calm('slow-bodies');
    await phase('disk');
    const sizeBefore = dbBytes(db);
    const big = JSON.stringify({ game: 'mars-1942', options: { junk: 'x'.repeat(200_000) } });
    const diskUntil = Date.now() + 3000;
    let lastMade: string | null = null;
    while (Date.now() < diskUntil) {
      const [junk, plain] = await Promise.all([
        send('127.0.0.7', 'POST', '/api/games', { raw: big }),
        send('127.0.0.7', 'POST', '/api/games', { body: { game: 'mars-1942' } }),
      ]);
      found.disk.bigOptions ??= junk;
      for (const r of [junk, plain]) {
        if (r.status === 201) {
          found.disk.created++;
          lastMade = r.body.id;
        } else if (r.status === 429) found.disk.quota++;
      }
      await sleep(20);
    }
    await sleep(LIMITS.unjoinedTtlMs + 3 * LIMITS.expirySweepMs);
    found.disk.grewMb = (dbBytes(db) - sizeBefore) / 1024 / 1024;
    if (lastMade) found.disk.expired = await send('127.0.0.17', 'GET', `/api/games/${lastMade}`);

    // 4. Floods: one address until it is limited, then the health check from it; one
    // proxy's client until limited, then another client of the same proxy.
    await calm('disk');
    await phase('flood');
    const flood = async (from: string, headers: Record<string, string> = {}) => {
      let n = 0;
      for (;;) {
        const rs = await Promise.all(
          Array.from({ length: 8 }, () => send(from, 'GET', '/api/catalog', { headers })),
        );
        n += rs.length;
        if (rs.some((r) => r.status === 429) || n > RATE * 2) return n;
      }
    };
    found.flood.limitedAt = await flood('127.0.0.8');
    found.flood.health = await send('127.0.0.8', 'GET', '/api/health');
    await flood(PROXY, { 'x-forwarded-for': '203.0.113.7' });
    found.flood.proxySame = await send(PROXY, 'GET', '/api/catalog', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    found.flood.proxyOther = await send(PROXY, 'GET', '/api/catalog', {
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });

    // 4b. A WebSocket swarm: 40 channels from one address, each sending illegal actions
    // as fast as they are answered, reconnecting when cut off, for 3 s.
    await calm('flood');
    await phase('ws-swarm');
    const theirs = await joinedGame('127.0.0.10');
    const swarmUntil = Date.now() + 3000;
    const channel = async () => {
      while (Date.now() < swarmUntil) {
        await new Promise<void>((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${theirs.id}/live`, {
            localAddress: '127.0.0.10',
          });
          let ref = 0;
          const act = () =>
            ws.send(JSON.stringify({ type: 'act', ref: ref++, stateId: 999, action: { type: 'nonsense' } }));
          ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: theirs.tokens.german })));
          ws.on('message', (m) => {
            const msg = JSON.parse(String(m));
            if (msg.type === 'view') act();
            else if (msg.type === 'error' && msg.code === 'request/rate-limited') found.swarm.rateLimited++;
            else if (msg.type === 'error' && msg.code === 'request/quota') found.swarm.refusedConnections++;
            else if (msg.type === 'error' && msg.ref !== undefined && msg.ref !== null) {
              found.swarm.answered++;
              if (Date.now() < swarmUntil) act();
              else ws.close();
            }
          });
          ws.on('close', () => resolve());
          ws.on('error', () => resolve());
        });
        await sleep(200);
      }
    };
    await Promise.all(Array.from({ length: 40 }, channel));
    await calm('ws-swarm');

    // 8. The AI flood (issue #46): a person plays the AI (his own address) in two games,
    // each measured from the same point of its opening (its first moves made: the AI's
    // worker started) for the same time, the first quiet, the second while anonymous
    // clients at five addresses each ask for AI_FLOOD_PER_ADDRESS games of AI against AI
    // (the search level), within their games quota, and look at them twice a second; then
    // each stops its own. Two games, not two stretches of one: the AI's pace is its
    // position's (a searched decision takes seconds, its plan's next moves a few ms), and
    // a game's later stretch is slower than its first with no flood at all.
    const personsGame = async () => {
      const made = await send('127.0.3.1', 'POST', '/api/games', {
        body: { game: 'mars-1942', seats: { german: { player: 'ai', level: 'ai' } } },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const joined = await send('127.0.3.1', 'POST', `/api/games/${made.body.id}/join`, {
        token: made.body.seats.soviet.token,
        body: {},
      });
      assert.equal(joined.status, 200, JSON.stringify(joined.body));
      aiOwner!.postMessage({ start: { id: made.body.id as string, token: joined.body.token as string } });
      const warmUntil = Date.now() + 15_000;
      for (;;) {
        const s = await send('127.0.0.20', 'GET', `/api/games/${made.body.id}`);
        if ((s.body?.stateId ?? 0) >= 4 || Date.now() > warmUntil) break;
        await sleep(200);
      }
      return made.body;
    };
    const human = await personsGame();
    await phase('ai-quiet');
    aiOwner.postMessage({ phase: 'ai-quiet' });
    await sleep(AI_PHASE_MS);
    // His second game (he leaves the first at his own move: its AI has nothing to do).
    await phase('ai-second');
    aiOwner.postMessage({ phase: 'ai-second' });
    await personsGame();
    await phase('ai-flood');
    aiOwner.postMessage({ phase: 'ai-flood' });
    const floodUntil = Date.now() + AI_PHASE_MS;
    const floodGames: { id: string; admin: string; from: string }[] = [];
    const flooder = async (from: string) => {
      const mine: typeof floodGames = [];
      for (let i = 0; i < AI_FLOOD_PER_ADDRESS; i++) {
        const r = await send(from, 'POST', '/api/games', {
          body: {
            game: 'mars-1942',
            seats: { german: { player: 'ai', level: 'ai2' }, soviet: { player: 'ai', level: 'ai2' } },
          },
        });
        if (r.status === 201) mine.push({ id: r.body.id, admin: r.body.admin.token, from });
        else found.aiFlood.refused.set(r.status, (found.aiFlood.refused.get(r.status) ?? 0) + 1);
      }
      floodGames.push(...mine);
      while (Date.now() < floodUntil) {
        await Promise.all(mine.map((g) => send(from, 'GET', `/api/games/${g.id}`)));
        await sleep(500);
      }
    };
    await Promise.all(['127.0.3.2', '127.0.3.3', '127.0.3.4', '127.0.3.5', '127.0.3.6'].map(flooder));
    found.aiFlood.created = floodGames.length;
    const states = await Promise.all(
      floodGames.map((g) => send(g.from, 'GET', `/api/games/${g.id}`).then((r) => r.body?.stateId ?? 0)),
    );
    found.aiFlood.floodActions = states.reduce((n, x) => n + x, 0);
    await phase('ai-stop');
    aiOwner.postMessage({ phase: 'ai-stop' });
    // A stranger's admin token stops none of them; each creator stops his own.
    const stranger = floodGames[0]
      ? await send('127.0.3.7', 'POST', `/api/games/${floodGames[0].id}/stop`, {
          token: human.admin.token,
        })
      : null;
    found.aiFlood.strangerStop = stranger?.status ?? 0;
    for (const g of floodGames) {
      const r = await send(g.from, 'POST', `/api/games/${g.id}/stop`, { token: g.admin });
      if (r.status === 200) found.aiFlood.stopped++;
    }
    found.aiFlood.goneAfterStop = (
      await Promise.all(floodGames.map((g) => send(g.from, 'GET', `/api/games/${g.id}`)))
    ).filter((r) => r.status === 404).length;
    aiOwner.postMessage({ stop: true });
    found.aiFlood.owner = (await new Promise((r) =>
      aiOwner!.once('message', r),
    )) as typeof found.aiFlood.owner;

    await phase('done');
    victim.postMessage({ stop: true });
    const { samples, failures } = (await new Promise((r) => victim.once('message', r))) as {
      samples: Record<string, number[]>;
      failures: Record<string, number>;
    };
    for (const p of new Set([...Object.keys(samples), ...Object.keys(failures)])) {
      const xs = samples[p] ?? [];
      found.latency[p] = { p50: pct(xs, 50), p99: pct(xs, 99), n: xs.length, failed: failures[p] ?? 0 };
    }

    // 5. What once was a 500.
    const note500 = (what: string, r: Reply) => {
      if (r.status >= 500 || r.status === 0)
        found.fiveHundreds.push(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    };
    for (const name of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty']) {
      note500(`game ${name}`, await send('127.0.0.12', 'POST', '/api/games', { body: { game: name } }));
      note500(
        `import ${name}`,
        await send('127.0.0.12', 'POST', '/api/games/import', {
          body: { game: name, rulesVersion: 'x', seed: 's', actions: [] },
        }),
      );
    }
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const raw = (text: string) => ({ raw: text });
    note500(
      'deep action',
      await send('127.0.0.12', 'POST', `/api/games/${mine.id}/actions`, {
        token: mine.tokens.german,
        ...raw(`{"stateId":0,"action":{"type":"move","unit":${nest(6000)}}}`),
      }),
    );
    note500(
      'deep options',
      await send(
        '127.0.0.12',
        'POST',
        '/api/games',
        raw(`{"game":"mars-1942","options":{"a":${nest(6000)}}}`),
      ),
    );
    note500(
      'deep import action',
      await send(
        '127.0.0.12',
        'POST',
        '/api/games/import',
        raw(
          `{"game":"mars-1942","rulesVersion":"${marsRules.rulesVersion}","seed":"s","actions":[{"side":"soviet","action":{"type":"deploy","unit":${nest(6000)}}}]}`,
        ),
      ),
    );
    const live = await new Promise<string[]>((resolve) => {
      const codes: string[] = [];
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${mine.id}/live`, {
        localAddress: '127.0.0.12',
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: mine.tokens.german })));
      ws.on('message', (m) => {
        const msg = JSON.parse(String(m));
        if (msg.type === 'view') {
          ws.send(`{"type":"act","ref":1,"stateId":0,"action":{"type":"move","unit":${nest(6000)}}}`);
          ws.send(`{"type":"act","ref":2,"stateId":0,"action":{"type":"toString"}}`);
        } else if (msg.type === 'error') {
          codes.push(msg.code);
          if (codes.length === 2) ws.close();
        }
      });
      ws.on('close', () => resolve(codes));
      setTimeout(() => ws.close(), 5000);
    });
    for (const code of live) if (code === 'server/internal') found.fiveHundreds.push(`live: ${code}`);
    found.tokens.liveCodes = live;

    // 6. Webhooks at addresses that reach the server's own network through IPv6.
    for (const host of [
      '[::7f00:1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
      '[::ffff:0:7f00:1]',
      '[fec0::1]',
    ]) {
      const r = await send('127.0.0.13', 'POST', '/api/games', {
        body: { game: 'mars-1942', seats: { soviet: { webhook: `http://${host}/hook` } } },
      });
      found.webhooks.push({ url: host, status: r.status });
    }

    // 7. Seat tokens: the creator holds the soviet seat's token and a live channel on it;
    // the soviet player joins.
    const g = await send('127.0.0.14', 'POST', '/api/games', { body: { game: 'mars-1942' } });
    const creatorsCopy = g.body.seats.soviet.token as string;
    const held = new WebSocket(`ws://127.0.0.1:${port}/api/games/${g.body.id}/live`, {
      localAddress: '127.0.0.14',
    });
    const heldClosed = new Promise<number>((r) => held.on('close', (code) => r(code)));
    await new Promise<void>((r) => held.on('open', () => r()));
    held.send(JSON.stringify({ type: 'hello', token: creatorsCopy }));
    await sleep(300);
    const joined = await send('127.0.0.15', 'POST', `/api/games/${g.body.id}/join`, {
      token: creatorsCopy,
      body: {},
    });
    found.tokens.joinedToken = typeof joined.body?.token === 'string';
    found.tokens.creatorAfterJoin = (
      await send('127.0.0.14', 'GET', `/api/games/${g.body.id}/view`, { token: creatorsCopy })
    ).status;
    found.tokens.heldChannelClosed = await Promise.race([heldClosed, sleep(2000).then(() => 0)]);
    held.close();
    const own = (joined.body?.token as string | undefined) ?? creatorsCopy;
    found.tokens.joinerView = (
      await send('127.0.0.15', 'GET', `/api/games/${g.body.id}/view`, { token: own })
    ).status;
    // The creator's admin token cannot take a joined seat back (it would read its hidden
    // view: issue #46); the seat itself re-issues its own, and the lost one stops working.
    const byAdmin = await send('127.0.0.14', 'POST', `/api/games/${g.body.id}/token`, {
      token: g.body.admin?.token ?? 'none',
      body: { side: 'soviet' },
    });
    found.tokens.adminRefused = byAdmin.status === 409 && byAdmin.body?.token === undefined;
    const reissued = await send('127.0.0.15', 'POST', `/api/games/${g.body.id}/token`, {
      token: own,
      body: {},
    });
    found.tokens.reissued = reissued.status;
    found.tokens.lostAfterReissue = (
      await send('127.0.0.15', 'GET', `/api/games/${g.body.id}/view`, { token: own })
    ).status;
    found.tokens.newAfterReissue = (
      await send('127.0.0.15', 'GET', `/api/games/${g.body.id}/view`, {
        token: reissued.body?.token ?? 'none',
      })
    ).status;
  });

  after(async () => {
    if (rssTimer.t) clearInterval(rssTimer.t);
    await victim?.terminate();
    await aiOwner?.terminate();
    for (const a of agents.values()) a.destroy();
    server?.child.kill('SIGKILL');
  });

  /**
   * Says the figures of `phases` (the other player's latency, the server's event-loop
   * delay), then checks them and `checks` together: every figure is printed, pass or fail.
   * A phase is judged against the quiet phase (its p99: the machine's own noise), or, as
   * [phase, baseline], against another: the same server without the attack.
   */
  const judge = (
    t: { diagnostic(m: string): void },
    phases: readonly (string | readonly [string, string])[],
    checks: readonly (readonly [boolean, string])[] = [],
  ) => {
    const failed: string[] = [];
    for (const entry of phases) {
      const [phase, baseline] = typeof entry === 'string' ? [entry, 'quiet'] : entry;
      // The machine's noise: the quiet phase's p99, or the calm after this phase if the
      // machine had grown busier by then (the attack over, other work on the cores).
      const calmAfter = typeof entry === 'string' ? found.latency[`calm-${phase}`]?.p99 : undefined;
      const quiet = Math.max(found.latency[baseline]?.p99 ?? 0, calmAfter ?? 0);
      // The attack may add 50 ms to the baseline's p99, or double it, whichever is more
      // (the issue's own measure for the AI flood, "within 2x of quiet"). One rule at every
      // load: the bound was 50 ms flat below a baseline of 25 ms and 75 ms at 25, and a CI
      // run (this file runs alone there) failed the imports at 51.1 ms. At load 49 a
      // baseline p99 of 169 ms was the serving thread waiting ~6 s a phase for a CPU while
      // it ran ~0.2 s: the machine's noise, not the attack's work. An import on the serving
      // thread would hold him up for seconds.
      const bound = Math.max(quiet + P99_BOUND_MS, 2 * quiet);
      const l = found.latency[phase];
      const d = found.loopDelay[phase];
      const c = found.cpu[phase];
      if (!l || l.n === 0) {
        failed.push(`the other player played during ${phase}`);
        continue;
      }
      if (l.failed > 0)
        failed.push(`${phase}: ${l.failed} of the other player's requests were not answered 200`);
      t.diagnostic(
        `${phase}: other player's p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (${l.n} requests, ${l.failed} not answered 200; ${baseline === phase ? 'the baseline' : `bound ${bound.toFixed(0)} ms, the baseline's p99 ${quiet.toFixed(1)} ms`}); server event-loop delay max ${d ? d.max.toFixed(0) : '?'} ms${c ? `; its thread ran ${c.ran.toFixed(0)} ms and waited ${c.waited.toFixed(0)} ms for a CPU (machine load ${c.load.toFixed(1)})` : ''}`,
      );
      if (calmAfter !== undefined)
        t.diagnostic(`${phase}: the calm after it, other player's p99 ${calmAfter.toFixed(1)} ms`);
      if (baseline !== phase && !(l.p99 < bound))
        failed.push(`${phase}: the other player's p99 ${l.p99.toFixed(1)} ms is over ${bound.toFixed(0)} ms`);
    }
    for (const [ok, what] of checks) if (!ok) failed.push(what);
    assert.deepEqual(failed, []);
  };

  // The baseline itself: he plays, and every request is answered (its p99 is the machine's
  // noise, what the attacks are judged against).
  test('quiet: the other player is served, every request answered', (t) => judge(t, [['quiet', 'quiet']]));

  test('1. imports run off the serving thread: the other player is not held up, a deep file is a 4xx', (t) => {
    const deep = found.imports.deep?.status ?? 0;
    t.diagnostic(
      `imports accepted ${found.imports.accepted}, refused ${JSON.stringify([...found.imports.refused])}; 1 MiB of [[[...]]]: ${deep}`,
    );
    judge(
      t,
      ['imports'],
      [
        [found.imports.accepted > 0, 'imports of a valid file go through'],
        [deep >= 400 && deep < 500, `a deeply nested import is a 4xx (${deep})`],
      ],
    );
  });

  test('2. bodies have a size and a time limit: slow sockets are cut off', (t) => {
    const worst = Math.max(...found.slow.closedWithinMs);
    t.diagnostic(
      `slow sockets ${found.slow.opened} opened, ${found.slow.stillOpen} still open ${LIMITS.requestTimeoutMs + 2000} ms on; the last closed after ${worst} ms; answers ${JSON.stringify(found.slow.answers)}`,
    );
    judge(
      t,
      ['slow-bodies'],
      [
        [found.slow.stillOpen === 0, 'no slow body outlives the request time limit'],
        [worst <= LIMITS.requestTimeoutMs + 2000, `all closed within the time limit (the last: ${worst} ms)`],
      ],
    );
  });

  test('3. the disk: options are checked, games per address are counted, unjoined games expire', (t) => {
    const d = found.disk;
    t.diagnostic(
      `database grew ${d.grewMb.toFixed(2)} MB; ${d.created} games made, ${d.quota} refused by quota; 200 KB options: ${d.bigOptions?.status}; an unjoined game after its time: ${d.expired?.status}`,
    );
    judge(
      t,
      ['disk'],
      [
        [d.grewMb < DB_BOUND_MB, `the database grew ${d.grewMb.toFixed(2)} MB (bound ${DB_BOUND_MB} MB)`],
        [d.bigOptions?.status === 422, 'options a game does not take are refused (422)'],
        [d.created <= LIMITS.gamesPerWindow, `at most ${LIMITS.gamesPerWindow} games from one address`],
        [d.quota > 0, 'the rest refused by the quota'],
        [d.expired?.status === 404, 'a game nobody joined is gone after its time'],
      ],
    );
  });

  test('4. rate limits: the health check is outside them; behind a trusted proxy each client has its own; live messages counted per address', (t) => {
    const f = found.flood;
    const w = found.swarm;
    t.diagnostic(
      `flood limited after ${f.limitedAt} requests; health then ${f.health?.status}; proxy: same client ${f.proxySame?.status}, another ${f.proxyOther?.status}; swarm: ${w.answered} actions answered, ${w.rateLimited} cut off, ${w.refusedConnections} channels refused`,
    );
    judge(
      t,
      ['flood', 'ws-swarm'],
      [
        [f.health?.status === 200, 'the health check answers a limited address'],
        [f.proxySame?.status === 429, 'the flooding client behind the proxy is limited'],
        [f.proxyOther?.status === 200, 'another client of the same proxy is not'],
        [
          w.answered <= RATE + 64,
          `one address's channels together had ${w.answered} actions answered (budget ${RATE} a minute)`,
        ],
      ],
    );
  });

  test('5. no 500: catalogue names, 6,000 levels of nesting over HTTP and on the live channel', (t) => {
    t.diagnostic(`live channel answers: ${JSON.stringify(found.tokens.liveCodes)}`);
    assert.deepEqual(found.fiveHundreds, []);
  });

  test('6. webhooks refused at IPv6 addresses that reach inside', (t) => {
    t.diagnostic(JSON.stringify(found.webhooks));
    assert.deepEqual(
      found.webhooks.filter((w) => w.status !== 422),
      [],
    );
  });

  test("7. joining issues the joiner his own token; the creator's copy (and its live channel) stop; only the seat re-issues its link", (t) => {
    const k = found.tokens;
    t.diagnostic(JSON.stringify(k));
    judge(
      t,
      [],
      [
        [k.joinedToken === true, 'the join answer carries a new token'],
        [k.creatorAfterJoin === 403, "the creator's copy no longer opens the seat"],
        [k.heldChannelClosed === 4403, "the creator's live channel on the seat is closed (4403)"],
        [k.joinerView === 200, "the joiner's own token opens it"],
        [k.adminRefused === true, "the creator's admin token cannot re-issue a joined seat (409)"],
        [k.reissued === 200, 'the seat re-issues its own link'],
        [k.lostAfterReissue === 403, 'the lost token then stops working'],
        [k.newAfterReissue === 200, 'the re-issued one works'],
      ],
    );
  });

  test("8. the AI flood: a person's game against the AI keeps its pace, his view its p99 within 2x of quiet; the flood's games are bounded and stopped by their creators", (t) => {
    const f = found.aiFlood;
    const quiet = f.owner['ai-quiet'];
    const flooded = f.owner['ai-flood'];
    const pace = (x: typeof quiet) => (x && x.aiMs > 0 ? (x.aiActions / x.aiMs) * 1000 : 0);
    const q99 = quiet ? pct(quiet.views, 99) : Number.NaN;
    const f99 = flooded ? pct(flooded.views, 99) : Number.NaN;
    // Within 2x of quiet; a quiet p99 of a few ms doubles by the machine's noise alone, so
    // the suite's own bound (P99_BOUND_MS) is the floor.
    const bound = Math.max(2 * q99, P99_BOUND_MS);
    for (const [name, x] of [
      ['quiet', quiet],
      ['flooded', flooded],
    ] as const) {
      if (x)
        t.diagnostic(
          `${name}: the AI's pace ${pace(x).toFixed(2)} actions/s (${x.aiActions} in the ${(x.aiMs / 1000).toFixed(1)} s of ${(x.ms / 1000).toFixed(1)} he waited for it; his own moves ${x.ownActions}; ${x.failed} requests failed); his view p50 ${pct(x.views, 50).toFixed(1)} ms, p99 ${pct(x.views, 99).toFixed(1)} ms (${x.views.length} requests)`,
        );
    }
    t.diagnostic(
      `flood: ${f.created} games of AI against AI made, refused ${JSON.stringify([...f.refused])}, ${f.floodActions} actions played in them; a stranger's stop ${f.strangerStop}; ${f.stopped} stopped by their creators, ${f.goneAfterStop} gone`,
    );
    // The other player beside the person's game alone, not judged: the flood's baseline
    // (his AI's thinking is the machine's work then, not an attack's).
    const l = found.latency['ai-quiet'];
    const c = found.cpu['ai-quiet'];
    if (l)
      t.diagnostic(
        `ai-quiet: other player's p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (${l.n} requests); server event-loop delay max ${found.loopDelay['ai-quiet']?.max.toFixed(0) ?? '?'} ms${c ? `; its thread ran ${c.ran.toFixed(0)} ms and waited ${c.waited.toFixed(0)} ms for a CPU (machine load ${c.load.toFixed(1)})` : ''}`,
      );
    // Flooded, against the person's game alone: the same server without the attack.
    judge(
      t,
      [['ai-flood', 'ai-quiet']],
      [
        [quiet !== undefined && flooded !== undefined, 'the person played through both phases'],
        [
          (quiet?.aiMs ?? 0) >= 2000 && (flooded?.aiMs ?? 0) >= 2000,
          'his AI opponent had the move at least 2 s of each phase (its pace measured)',
        ],
        [pace(quiet) > 0, 'his AI opponent moves when the server is quiet'],
        [
          pace(flooded) >= AI_PACE_SHARE * pace(quiet),
          `flooded, his AI's pace ${pace(flooded).toFixed(2)} actions/s is under ${AI_PACE_SHARE} of quiet (${pace(quiet).toFixed(2)})`,
        ],
        [
          f99 < bound,
          `flooded, his view's p99 ${f99.toFixed(1)} ms is over ${bound.toFixed(0)} ms (quiet ${q99.toFixed(1)})`,
        ],
        [f.created === 12, `12 games of AI against AI move at once (${f.created} made)`],
        [(f.refused.get(429) ?? 0) === 5 * AI_FLOOD_PER_ADDRESS - 12, 'the rest refused by the quota (429)'],
        [f.strangerStop === 403, `another game's admin token stops none (${f.strangerStop})`],
        [f.stopped === f.created && f.goneAfterStop === f.created, 'each creator stops his own: gone'],
      ],
    );
  });

  test(`the server's memory stays under ${RSS_BOUND_MB} MB throughout`, (t) => {
    t.diagnostic(
      `RSS at most ${found.rssMaxMb.toFixed(0)} MB; by phase ${Object.entries(found.rssByPhase)
        .map(([p, mb]) => `${p} ${mb.toFixed(0)} (${found.threadsByPhase[p]} threads)`)
        .join(', ')}`,
    );
    assert.ok(found.rssMaxMb > 0 && found.rssMaxMb < RSS_BOUND_MB, `RSS ${found.rssMaxMb.toFixed(0)} MB`);
  });
});
