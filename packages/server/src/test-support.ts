/**
 * Helpers for the server's tests: a PostgreSQL server to test against, fresh
 * databases on it, temporary SQLite files, a child server, and a game made and joined
 * through the API.
 *
 * PostgreSQL: STAVKA_TEST_DATABASE_URL when set (.ci/run starts a throwaway cluster
 * and exports it); otherwise a cluster of our own started from /usr/lib/postgresql;
 * otherwise the test fails and says why. A PostgreSQL test never passes silently.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

let own: { url: string; stop: () => void } | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions[versions.length - 1];
  return v ? join(root, v, 'bin') : null;
}

/** The URL of a PostgreSQL server for tests; starts one if none is given. Throws if there is none. */
export async function testPostgresUrl(): Promise<string> {
  const given = process.env.STAVKA_TEST_DATABASE_URL;
  if (given) return given;
  if (own) return own.url;
  const bin = pgBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL tests need a server: set STAVKA_TEST_DATABASE_URL, or install PostgreSQL ' +
        '(apt-get install postgresql) so the tests can start a throwaway cluster (bash .ci/run does both)',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'stavka-test-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    `-k ${dir} -h 127.0.0.1 -p ${port} -c fsync=off -c max_connections=200`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  const stop = () => {
    try {
      run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  own = { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  return own.url;
}

/** A new empty database on the test server; its URL. */
export async function freshPostgresDatabase(): Promise<string> {
  const base = await testPostgresUrl();
  const name = `stavka_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Stops a cluster these helpers started (call from `after`). */
export function stopTestPostgres(): void {
  own?.stop();
  own = null;
}

/** Directories removed when the process exits: one listener for all (the bench makes a dozen). */
const removedAtExit = new Set<string>();

/** A temporary SQLite file path (its directory removed at exit). */
export function tempSqlitePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stavka-test-sqlite-'));
  if (removedAtExit.size === 0) {
    process.once('exit', () => {
      for (const d of removedAtExit) rmSync(d, { recursive: true, force: true });
    });
  }
  removedAtExit.add(dir);
  return join(dir, 'games.sqlite');
}

export interface ChildServer {
  readonly url: string;
  readonly child: import('node:child_process').ChildProcess;
  /** stderr so far (for failure messages). */
  readonly errors: () => string;
  /** stdout so far (the bench reads V8's --trace-gc-nvp lines from it). */
  readonly output: () => string;
}

/**
 * Starts `bin.ts` (or another script that prints "listening URL", with its arguments)
 * as a child process on a free port; resolves once it listens.
 */
export async function startChildServer(
  env: Record<string, string>,
  script?: string,
  args: readonly string[] = [],
): Promise<ChildServer> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const bin = script ?? fileURLToPath(new URL('./bin.ts', import.meta.url));
  // STAVKA_CHILD_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof" to profile it under the bench.
  const nodeArgs = process.env.STAVKA_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', bin, ...args], {
    env: { ...process.env, PORT: '0', STAVKA_RATE_LIMIT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  let out = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      if (listening) return; // kept, no longer searched (--trace-gc-nvp writes a line a collection)
      const m = /listening (\S+)/.exec(out);
      if (m) {
        listening = true;
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`server exited (${code}): ${err}`));
    });
  });
  return { url, child, errors: () => err, output: () => out };
}

/** A small HTTP client for tests: JSON in, {status, body} out. */
export async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: test code reads JSON bodies loosely
): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Polls `fn` every 20 ms until it gives a value (returned), failing after `ms` and saying what it waited for. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What `POST /api/games` answers; a joined seat's token is the one joining issued it. */
export interface MadeGame {
  id: string;
  commitment: string;
  seats: Record<string, { player: string; token?: string; link?: string }>;
  spectator: { token: string; link: string };
}

/**
 * Makes a game through the API (`POST /api/games` with `payload`: its game, seats,
 * scenario...) and, unless `join` is false, joins each human seat with a contribution
 * of its own, keeping the token joining issues it (the one it joined with holds it no more).
 */
export async function newJoinedGame(
  inject: FastifyInstance['inject'],
  payload: Record<string, unknown>,
  join = true,
): Promise<MadeGame> {
  const r = await inject({ method: 'POST', url: '/api/games', payload });
  assert.equal(r.statusCode, 201, r.body);
  const made = r.json() as MadeGame;
  if (!join) return made;
  for (const [side, seat] of Object.entries(made.seats)) {
    if (!seat.token) continue;
    const j = await inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: { authorization: `Bearer ${seat.token}` },
      payload: { contribution: `${side}-dice-${made.id}` },
    });
    assert.equal(j.statusCode, 200, j.body);
    const joined = j.json() as { token: string; link: string };
    made.seats[side] = { ...seat, token: joined.token, link: joined.link };
  }
  return made;
}
