/**
 * The HTTP and WebSocket API: through fastify.inject, and over real sockets.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { replay, sha256Hex, stateHash } from '@stavka/engine';
import { marsRules, standardScenarioFile } from '@stavka/games';
import type { FastifyInstance, InjectOptions } from 'fastify';
import WebSocket from 'ws';
import { buildApp, type StavkaApp } from './app.ts';
import { openDatabase, sql } from './db.ts';
import { checkDice } from './dice.ts';
import { aiSeatProblem, type ExportedGame } from './games.ts';
import { type LiveMessage, type LiveSeatView, receive } from './live.ts';
import { envPublicUrl } from './main.ts';
import { openStore, type Store } from './store.ts';
import { type MadeGame, newJoinedGame, tempSqlitePath, until } from './test-support.ts';
import { pageNaming } from './web.ts';
import { publicOnly, Webhooks } from './webhooks.ts';

const opened: { app: FastifyInstance; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.store.close();
  }
});

async function server(opts: Partial<Parameters<typeof buildApp>[0]> = {}, file = tempSqlitePath()) {
  const store = await openStore(file);
  const built = await buildApp({ store, rateLimit: false, ...opts });
  await built.app.ready();
  opened.push({ app: built.app, store });
  return { ...built, store, file };
}

type Inject = FastifyInstance['inject'];
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

type Made = MadeGame;

/** A game of Mars with `seats`, each human seat joined (unless `join` is false). */
function newGame(inject: Inject, seats: Record<string, unknown> = {}, join = true): Promise<Made> {
  return newJoinedGame(inject, { game: 'mars-1942', seats }, join);
}

async function viewOf(inject: Inject, id: string, token: string) {
  const r = await inject({ method: 'GET', url: `/api/games/${id}/view`, headers: bearer(token) });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as {
    status: string;
    stateId: number;
    legal: { type: string }[];
    view: Record<string, unknown>;
  };
}

/**
 * The seat holding `token` acts: the action `pick` takes from its legal ones (by default
 * the first that is not an undo). Its answer's state hash and the action; null if it had
 * nothing to do.
 */
async function actAs(
  inject: Inject,
  id: string,
  token: string,
  pick = (legal: { type: string }[]) => legal.find((a) => a.type !== 'undo'),
): Promise<{ hash: string; action: { type: string } } | null> {
  const v = await viewOf(inject, id, token);
  const action = pick(v.legal);
  if (!action) return null;
  const r = await inject({
    method: 'POST',
    url: `/api/games/${id}/actions`,
    headers: bearer(token),
    payload: { stateId: v.stateId, action },
  });
  assert.equal(r.statusCode, 200, r.body);
  return { hash: r.json().hash, action };
}

describe('creating and joining a game', () => {
  test('a new game publishes its dice commitment and one token per human seat, then waits for both', async () => {
    const { app } = await server();
    const made = await newGame(app.inject.bind(app), {}, false);
    assert.match(made.commitment, /^[0-9a-f]{64}$/);
    assert.ok(made.seats.soviet?.token && made.seats.german?.token && made.spectator.token);
    assert.notEqual(made.seats.soviet.token, made.seats.german.token);
    assert.ok(made.seats.soviet.link?.endsWith(`#${made.seats.soviet.token}`));
    let s = (await app.inject({ url: `/api/games/${made.id}` })).json();
    assert.equal(s.status, 'waiting');
    const acting = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: bearer(made.seats.german.token),
      payload: { stateId: 0, action: { type: 'historical-setup' } },
    });
    assert.equal(acting.statusCode, 409);
    assert.equal(acting.json().code, 'game/not-started');
    const j1 = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: bearer(made.seats.soviet.token),
      payload: {},
    });
    assert.equal(j1.json().status, 'waiting');
    // The joiner holds a token of his own (issue #22): the creator's copy no longer works.
    const own = j1.json().token as string;
    assert.match(own, /^st_/);
    assert.notEqual(own, made.seats.soviet.token);
    assert.ok((j1.json().link as string).endsWith(`/play/${made.id}#${own}`));
    const old = await app.inject({
      method: 'GET',
      url: `/api/games/${made.id}/view`,
      headers: bearer(made.seats.soviet.token),
    });
    assert.equal(old.statusCode, 403);
    assert.equal(old.json().code, 'seat/bad-token');
    const again = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: bearer(own),
      payload: { contribution: 'second try' },
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'seat/already-joined');
    const j2 = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: bearer(made.seats.german.token),
      payload: { contribution: 'mine' },
    });
    assert.equal(j2.json().status, 'active');
    s = (await app.inject({ url: `/api/games/${made.id}` })).json();
    assert.equal(s.status, 'active');
    assert.equal(s.dice.secret, undefined, 'the secret stays secret during the game');
    assert.deepEqual(s.seats, {
      german: { player: 'human', joined: true },
      soviet: { player: 'human', joined: true },
    });
  });

  test('bad creations: unknown game, unknown side, bad webhook, bad scenario, extra fields', async () => {
    const { app } = await server();
    const cases: [unknown, number, string][] = [
      [{ game: 'chess' }, 422, 'game/unknown'],
      [{ game: 'mars-1942', seats: { finns: {} } }, 422, 'game/unknown-side'],
      [{ game: 'mars-1942', seats: { soviet: { webhook: 'ftp://x' } } }, 422, 'webhook/bad-url'],
      [{ game: 'mars-1942', seats: { soviet: { player: 'robot' } } }, 400, 'request/invalid'],
      [{ game: 'mars-1942', scenario: { nonsense: true } }, 422, 'game/bad-setup'],
      [{ game: 'mars-1942', extra: 1 }, 400, 'request/invalid'],
      [{}, 400, 'request/invalid'],
    ];
    for (const [payload, status, code] of cases) {
      const r = await app.inject({ method: 'POST', url: '/api/games', payload: payload as object });
      assert.equal(r.statusCode, status, `${JSON.stringify(payload)}: ${r.body}`);
      assert.equal(r.json().code, code);
    }
  });
});

describe('seat links', () => {
  const create = async (app: FastifyInstance, host: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/games',
      headers: { host },
      payload: { game: 'mars-1942' },
    });
    assert.equal(r.statusCode, 201, r.body);
    return r.json() as Made;
  };
  const linksOf = (m: Made) => [m.seats.german?.link, m.seats.soviet?.link, m.spectator.link];
  const expected = (base: string, m: Made) =>
    [m.seats.german?.token, m.seats.soviet?.token, m.spectator.token].map((t) => `${base}/play/${m.id}#${t}`);

  test('with no public address set, the links are at the address the game was created at', async () => {
    const { app } = await server({ publicUrl: 'http://localhost:8080', linksFromRequest: true });
    for (const host of ['stavka.lan:9000', '192.168.1.20:8080', '[fe80::1]:8080', 'localhost']) {
      const m = await create(app, host);
      assert.deepEqual(linksOf(m), expected(`http://${host}`, m), host);
    }
    // A Host that is no host name or address: the server's own address instead.
    for (const host of ['evil"><b>x</b>', 'a b', 'stavka.lan:port', '-x.lan']) {
      const m = await create(app, host);
      assert.deepEqual(linksOf(m), expected('http://localhost:8080', m), host);
    }
  });

  test('a public address set (STAVKA_PUBLIC_URL) is in every link, whatever the Host', async () => {
    const { app } = await server({ publicUrl: 'https://stavka.example.org' });
    const m = await create(app, 'stavka.lan:9000');
    assert.deepEqual(linksOf(m), expected('https://stavka.example.org', m));
  });

  test('STAVKA_PUBLIC_URL: an http or https address, written without its last slash', () => {
    assert.equal(envPublicUrl({}), undefined);
    assert.equal(envPublicUrl({ STAVKA_PUBLIC_URL: '' }), undefined);
    assert.equal(
      envPublicUrl({ STAVKA_PUBLIC_URL: 'https://stavka.example.org/' }),
      'https://stavka.example.org',
    );
    assert.equal(
      envPublicUrl({ STAVKA_PUBLIC_URL: 'http://10.0.0.5:8080/stavka/' }),
      'http://10.0.0.5:8080/stavka',
    );
    for (const bad of [
      'stavka.example.org',
      'ftp://x.org',
      'https://x.org/?a=1',
      'https://x.org/#y',
      'https://u:p@x.org',
    ]) {
      assert.throws(
        () => envPublicUrl({ STAVKA_PUBLIC_URL: bad }),
        /STAVKA_PUBLIC_URL is the http or https address/,
        bad,
      );
    }
  });
});

describe('playing: views, actions and refusals', () => {
  test('each seat sees its own view; only the side to move gets legal actions', async () => {
    const { app } = await server();
    const made = await newGame(app.inject.bind(app));
    const g = await viewOf(app.inject.bind(app), made.id, made.seats.german!.token!);
    const s = await viewOf(app.inject.bind(app), made.id, made.seats.soviet!.token!);
    assert.equal(g.status, 'active');
    assert.ok(g.legal.length > 0);
    assert.equal(s.legal.length, 0);
    assert.deepEqual(g.view.activeSides, ['german']);
  });

  test('every bad request is a 4xx {code, message} and changes nothing', async () => {
    const { app, service } = await server();
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const other = await newGame(inject);
    const german = made.seats.german!.token!;
    const soviet = made.seats.soviet!.token!;
    const v = await viewOf(inject, made.id, german);
    const good = v.legal[0]!;
    const url = `/api/games/${made.id}/actions`;
    const cases: [InjectOptions, number, string][] = [
      [{ method: 'POST', url, payload: { stateId: 0, action: good } }, 401, 'seat/no-token'],
      [
        { method: 'POST', url, headers: bearer('st_wrong'), payload: { stateId: 0, action: good } },
        403,
        'seat/bad-token',
      ],
      [
        {
          method: 'POST',
          url,
          headers: bearer(other.seats.german!.token!),
          payload: { stateId: 0, action: good },
        },
        403,
        'seat/bad-token',
      ],
      [
        { method: 'POST', url, headers: bearer(made.spectator.token), payload: { stateId: 0, action: good } },
        403,
        'seat/spectator',
      ],
      [
        { method: 'POST', url, headers: bearer(soviet), payload: { stateId: 0, action: good } },
        409,
        'action/not-your-turn',
      ],
      [
        { method: 'POST', url, headers: bearer(german), payload: { stateId: 7, action: good } },
        409,
        'action/stale',
      ],
      [
        {
          method: 'POST',
          url,
          headers: bearer(german),
          payload: { stateId: 0, action: { type: 'fly-to-moscow' } },
        },
        422,
        'action/not-legal',
      ],
      [{ method: 'POST', url, headers: bearer(german), payload: { action: good } }, 400, 'request/invalid'],
      [
        { method: 'POST', url, headers: bearer(german), payload: { stateId: '0', action: good } },
        400,
        'request/invalid',
      ],
      [
        { method: 'POST', url, headers: bearer(german), payload: { stateId: 0, action: {} } },
        400,
        'request/invalid',
      ],
      [
        { method: 'POST', url, headers: bearer(german), payload: { stateId: -1, action: good } },
        400,
        'request/invalid',
      ],
      // Where the action stands in the legal list, if sent: a whole number from 0.
      ...[-1, 1.5, '0', null].map((index): [InjectOptions, number, string] => [
        { method: 'POST', url, headers: bearer(german), payload: { stateId: 0, action: good, index } },
        400,
        'request/invalid',
      ]),
      [
        {
          method: 'POST',
          url,
          headers: { ...bearer(german), 'content-type': 'application/json' },
          payload: '{"stateId":',
        },
        400,
        'request/bad-json',
      ],
      [
        {
          method: 'POST',
          url,
          headers: { ...bearer(german), 'content-type': 'application/xml' },
          payload: '<a/>',
        },
        415,
        'request/unsupported-media-type',
      ],
      [
        {
          method: 'POST',
          url,
          headers: bearer(german),
          payload: { stateId: 0, action: { type: 'x', pad: 'x'.repeat(100_000) } },
        },
        413,
        'request/too-large',
      ],
      [
        {
          method: 'POST',
          url: '/api/games/nope/actions',
          headers: bearer(german),
          payload: { stateId: 0, action: good },
        },
        404,
        'game/not-found',
      ],
      [{ method: 'GET', url: '/api/games/bad%20id!/view', headers: bearer(german) }, 400, 'request/invalid'],
      [{ method: 'GET', url: '/api/nothing' }, 404, 'request/not-found'],
      [{ method: 'GET', url: `/api/games/${made.id}/export`, headers: bearer(german) }, 409, 'game/not-over'],
    ];
    for (const [req, status, code] of cases) {
      const r = await app.inject(req);
      assert.equal(r.statusCode, status, `${JSON.stringify(req).slice(0, 200)}: ${r.body}`);
      assert.equal(r.json().code, code);
      assert.equal(typeof r.json().message, 'string');
      assert.equal((await service.summary(made.id)).stateId, 0, 'nothing changed');
    }
    const ok = await app.inject({
      method: 'POST',
      url,
      headers: bearer(german),
      payload: { stateId: 0, action: good },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().stateId, 1);
  });

  test('a flood of requests is cut off with 429 {code, message}; the health check is outside the limit', async () => {
    const { app } = await server({ rateLimit: { max: 5, timeWindow: 60_000 } });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await app.inject({ url: '/api/catalog' })).statusCode);
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 429, 429, 429]);
    const r = await app.inject({ url: '/api/catalog' });
    assert.equal(r.json().code, 'request/rate-limited');
    assert.equal((await app.inject({ url: '/api/health' })).statusCode, 200);
  });
});

describe('compressed replies', () => {
  const decoded = (encoding: string | undefined, raw: Buffer): string =>
    (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(
      'utf8',
    );

  test('a view over 1 KB comes compressed when the client accepts it (brotli first, else gzip), the same once decoded; plain when not', async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const url = `/api/games/${made.id}/view`;
    const headers = bearer(made.seats.german!.token!);
    const plain = await inject({ method: 'GET', url, headers });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(
      plain.rawPayload.length > 10_000,
      `a set-up view lists hundreds of deployments (${plain.rawPayload.length} B)`,
    );
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const r = await inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': accept } });
      assert.equal(r.statusCode, 200);
      assert.equal(r.headers['content-encoding'], encoding);
      assert.ok(r.rawPayload.length * 4 < plain.rawPayload.length, `${encoding}: ${r.rawPayload.length} B`);
      assert.deepEqual(JSON.parse(decoded(encoding, r.rawPayload)), plain.json());
    }
  });

  test("the web client's files come compressed too: as the build compressed them, else on the fly", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'stavka-web-'));
    mkdirSync(join(dist, 'assets'));
    const script = `export const units = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `u${i}`, name: `Division ${i}` })))};\n`;
    writeFileSync(join(dist, 'assets', 'app-1234.js'), script);
    const built = brotliCompressSync(script);
    writeFileSync(join(dist, 'assets', 'app-1234.js.br'), built);
    writeFileSync(join(dist, 'assets', 'other-5678.js'), script);
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>Stavka</title>${'<!-- padding -->'.repeat(100)}`,
    );
    const { app } = await server({ webDist: dist });
    const get = (url: string, accept: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
    const pre = await get('/assets/app-1234.js', 'gzip, br');
    assert.equal(pre.statusCode, 200);
    assert.equal(pre.headers['content-encoding'], 'br');
    assert.deepEqual(pre.rawPayload, built, 'the .br file the build made, byte for byte');
    const fly = await get('/assets/other-5678.js', 'gzip');
    assert.equal(fly.headers['content-encoding'], 'gzip');
    assert.equal(decoded('gzip', fly.rawPayload), script);
    const plain = await get('/assets/app-1234.js', 'identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, script);
    const page = await get('/', 'br');
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(decoded('br', page.rawPayload), /<title>Stavka<\/title>/);
    rmSync(dist, { recursive: true, force: true });
  });

  test("a seat link's page names its game, so the page loads that game's module with the views (issue #49)", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'stavka-web-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Stavka</title></head><body></body></html>',
    );
    const { app } = await server({ webDist: dist });
    const made = await newGame(app.inject.bind(app));
    const page = await app.inject({ method: 'GET', url: `/play/${made.id}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Stavka<\/title><meta name="stavka-game" content="mars-1942"><\/head>/);
    // No such game: the page as built, its own message to come when it asks for the game.
    const none = await app.inject({ method: 'GET', url: '/play/nosuchgame' });
    assert.equal(none.statusCode, 200);
    assert.doesNotMatch(none.body, /stavka-game/);
    assert.equal((await app.inject({ method: 'GET', url: '/' })).body.includes('stavka-game'), false);
    rmSync(dist, { recursive: true, force: true });
  });

  test('a page names only a game id the catalog could hold, in a head it has', () => {
    const html = '<html><head><title>t</title></head></html>';
    assert.equal(
      pageNaming(html, 'barbarossa-1941'),
      '<html><head><title>t</title><meta name="stavka-game" content="barbarossa-1941"></head></html>',
    );
    for (const odd of ['"><script>x()</script>', 'Mars', '', '-x', 'a'.repeat(65)])
      assert.equal(pageNaming(html, odd), html, odd);
    assert.equal(pageNaming(html, null), html);
    assert.equal(pageNaming('<p>no head</p>', 'mars-1942'), '<p>no head</p>');
  });

  test('the calculator page, its service worker and manifest are served fresh at the root; one not built is a 404', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'stavka-web-'));
    mkdirSync(join(dist, 'icons'));
    writeFileSync(join(dist, 'calc.html'), '<!doctype html><title>Calculator</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'icons', 'calculator-192.png'), 'png');
    const { app } = await server({ webDist: dist });
    const page = await app.inject({ method: 'GET', url: '/calc.html' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.match(page.body, /<title>Calculator<\/title>/);
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    assert.match(String(sw.headers['content-type']), /^text\/javascript/);
    assert.equal((await app.inject({ method: 'GET', url: '/icons/calculator-192.png' })).statusCode, 200);
    const missing = await app.inject({ method: 'GET', url: '/calculator.webmanifest' });
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, /is not built/);
    rmSync(dist, { recursive: true, force: true });
  });

  test('a plain JSON body that says it is encoded is refused (415 request/unsupported-encoding) and changes nothing (issue #46)', async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const token = made.seats.german!.token!;
    const before = await viewOf(inject, made.id, token);
    for (const encoding of ['gzip', 'br', 'deflate, gzip']) {
      const r = await inject({
        method: 'POST',
        url: `/api/games/${made.id}/actions`,
        headers: { ...bearer(token), 'content-type': 'application/json', 'content-encoding': encoding },
        payload: JSON.stringify({ stateId: before.stateId, action: before.legal[0] }),
      });
      assert.equal(r.statusCode, 415, `${encoding}: ${r.body}`);
      assert.equal(r.json().code, 'request/unsupported-encoding');
    }
    assert.equal((await viewOf(inject, made.id, token)).stateId, before.stateId);
  });

  test('every reply forbids framing and type sniffing; the page runs only its own scripts (issue #46)', async () => {
    const { app } = await server();
    for (const url of ['/', '/play/abc', '/api/games/nosuchgame/view', '/api/health']) {
      const r = await app.inject({ method: 'GET', url });
      assert.equal(r.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(r.headers['x-frame-options'], 'DENY', url);
      const csp = String(r.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/, url);
      assert.match(csp, /frame-ancestors 'none'/, url);
      assert.match(csp, /object-src 'none'/, url);
    }
  });

  test('a compressed request body is refused with a 4xx {code, message} and changes nothing', async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const token = made.seats.german!.token!;
    const before = await viewOf(inject, made.id, token);
    const r = await inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: { ...bearer(token), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ stateId: before.stateId, action: before.legal[0] })),
    });
    assert.ok(r.statusCode >= 400 && r.statusCode < 500, `${r.statusCode} ${r.body}`);
    const body = r.json() as { code: unknown; message: unknown };
    assert.equal(typeof body.code, 'string');
    assert.equal(typeof body.message, 'string');
    assert.equal((await viewOf(inject, made.id, token)).stateId, before.stateId);
  });
});

describe('a whole game', () => {
  test('two AI seats play to the end; then the log, replay, export, dice check, import and a restart', async () => {
    const { app, file } = await server();
    const inject = app.inject.bind(app);
    // Level 1 (no search): the whole game in a few seconds; the flow is what is tested.
    const made = await newGame(inject, {
      soviet: { player: 'ai', level: 'ai1' },
      german: { player: 'ai', level: 'ai1' },
    });
    assert.equal(made.seats.soviet!.token, undefined, 'an AI seat has no token');
    const german = made.spectator.token;
    await until(
      'the end of the game',
      async () => (await inject({ url: `/api/games/${made.id}` })).json().status === 'over',
      120_000,
    );
    const summary = (await inject({ url: `/api/games/${made.id}` })).json();
    assert.equal(summary.status, 'over');
    assert.equal(summary.dice.secret.length, 64, 'the secret is revealed at the end');
    assert.equal(sha256Hex(summary.dice.secret), made.commitment);

    const log = (
      await inject({ url: `/api/games/${made.id}/log`, headers: bearer(made.spectator.token) })
    ).json();
    assert.ok(log.log.some((e: { kind: string }) => e.kind === 'roll'));
    const ex = await inject({ url: `/api/games/${made.id}/export`, headers: bearer(german) });
    assert.equal(ex.statusCode, 200);
    const fileJson = ex.json() as ExportedGame;
    assert.equal(checkDice(fileJson.dice!, fileJson.seed), null);
    const hashes: string[] = [];
    const rebuilt = replay(marsRules, fileJson, (s) => hashes.push(stateHash(s)));
    assert.ok(rebuilt.ok);
    assert.deepEqual(hashes, fileJson.hashes);
    assert.equal(stateHash(rebuilt.value), fileJson.finalHash);
    const rp = (await inject({ url: `/api/games/${made.id}/replay`, headers: bearer(german) })).json();
    assert.equal(rp.final, true);
    assert.equal(rp.file.actions.length, summary.stateId);

    const imported = await inject({ method: 'POST', url: '/api/games/import', payload: fileJson });
    assert.equal(imported.statusCode, 201, imported.body);
    assert.equal(imported.json().status, 'over');
    assert.equal(imported.json().finalHash, fileJson.finalHash);
    const tampered = { ...fileJson, hashes: fileJson.hashes.map((h, i) => (i === 3 ? '0'.repeat(64) : h)) };
    const bad = await inject({ method: 'POST', url: '/api/games/import', payload: tampered });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().code, 'replay/hash-mismatch');
    const badDice = { ...fileJson, dice: { ...fileJson.dice!, secret: '1'.repeat(64) } };
    assert.equal(
      (await inject({ method: 'POST', url: '/api/games/import', payload: badDice })).json().code,
      'replay/dice-mismatch',
    );

    // Restart: a new server on the same file has every game.
    await app.close();
    const again = await server({}, file);
    const after = (await again.app.inject({ url: `/api/games/${made.id}` })).json();
    assert.equal(after.status, 'over');
    assert.equal(after.stateId, summary.stateId);
  });

  test('a game restarted mid-way is loaded from its latest snapshot and the actions after it, to the same state', async () => {
    const { app, file, store } = await server({ service: { snapshotEvery: 4 } });
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const tokens = [made.seats.german!.token!, made.seats.soviet!.token!];
    let acted = 0;
    let hash = '';
    while (acted < 10) {
      for (const t of tokens) {
        const done = await actAs(inject, made.id, t);
        if (!done) continue;
        hash = done.hash;
        acted++;
      }
    }
    const snap = await store.latestSnapshot(made.id, acted);
    assert.equal(snap?.seq, acted - (acted % 4), 'a snapshot every 4 actions');
    assert.ok(acted % 4 !== 0, 'actions after the snapshot to replay');
    const before = await viewOf(inject, made.id, tokens[0]!);
    await app.close();
    const again = await server({ service: { snapshotEvery: 4 } }, file);
    const after = await viewOf(again.app.inject.bind(again.app), made.id, tokens[0]!);
    assert.equal(after.stateId, acted);
    assert.deepEqual(after, before, 'the same view, legal actions included');
    const rows = await again.store.actions(made.id);
    assert.equal(rows[rows.length - 1]!.hash, hash);
  });

  test('snapshots go on from each other, through moves taken back; a game is read back from them, or replayed if one is lost', async () => {
    const { app, file, store } = await server({ service: { snapshotEvery: 3 } });
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const tokens = [made.seats.german!.token!, made.seats.soviet!.token!];
    let acted = 0;
    let undone = 0;
    let hash = '';
    while (acted < 40) {
      for (const t of tokens) {
        // Moves taken back now and then: the log's end is rewritten between two snapshots.
        const done = await actAs(inject, made.id, t, (legal) => {
          const undo = legal.find((a) => a.type === 'undo');
          return undo && acted % 4 === 3 ? undo : legal.find((a) => a.type !== 'undo');
        });
        if (!done) continue;
        hash = done.hash;
        acted++;
        if (done.action.type === 'undo') undone++;
      }
    }
    assert.ok(undone > 0, 'moves were taken back');
    // The first snapshot whole, the others each going on from the one before.
    const snaps: { seq: number; state: string }[] = [];
    for (let at = acted; ; ) {
      const snap = await store.latestSnapshot(made.id, at);
      if (!snap) break;
      snaps.unshift(snap);
      at = snap.seq - 1;
    }
    assert.ok(snaps.length >= 10, `${snaps.length} snapshots`);
    assert.equal(JSON.parse(snaps[0]!.state).logFrom, undefined, 'the first is whole');
    for (let i = 1; i < snaps.length; i++) {
      assert.equal(JSON.parse(snaps[i]!.state).logFrom.seq, snaps[i - 1]!.seq, `snapshot ${snaps[i]!.seq}`);
    }
    const before = await viewOf(inject, made.id, tokens[0]!);
    const log = (await inject({ url: `/api/games/${made.id}/log`, headers: bearer(tokens[0]!) })).json();
    await app.close();

    // Restarted: read back from the chain of snapshots, to the same view and log.
    const again = await server({ service: { snapshotEvery: 3 } }, file);
    const inj = again.app.inject.bind(again.app);
    assert.deepEqual(await viewOf(inj, made.id, tokens[0]!), before);
    assert.deepEqual(
      (await inj({ url: `/api/games/${made.id}/log`, headers: bearer(tokens[0]!) })).json(),
      log,
    );
    // Played on, its next snapshot goes on from the one it was read from.
    let more = 0;
    for (let turn = 0; more < 3 && turn < 40; turn++) {
      const done = await actAs(inj, made.id, tokens[turn % 2]!);
      if (!done) continue;
      hash = done.hash;
      more++;
    }
    assert.equal(more, 3, 'three more actions');
    const latest = (await again.store.latestSnapshot(made.id, Number.MAX_SAFE_INTEGER))!;
    assert.ok(latest.seq > acted, 'a snapshot after the restart');
    assert.ok(Number.isInteger(JSON.parse(latest.state).logFrom?.seq), 'it goes on from an earlier one');
    const played = await viewOf(inj, made.id, tokens[0]!);
    const playedLog = (await inj({ url: `/api/games/${made.id}/log`, headers: bearer(tokens[0]!) })).json();
    await again.app.close();

    // The database edited by hand: the log entries of the latest snapshot changed (a log
    // put together from a chain is checked against the state's digest), then a snapshot
    // of the chain deleted. Either way the game is replayed from its set-up
    // instead, to the same state and the true log.
    const db = await openDatabase(file);
    const edited = await sql`update snapshots set state = replace(state, ${'"text":"'}, ${'"text":"EDITED '})
      where game_id = ${made.id} and seq = ${latest.seq}`.execute(db.db);
    assert.equal(Number(edited.numAffectedRows), 1);
    await db.db.destroy();
    for (const step of ['edited', 'deleted']) {
      if (step === 'deleted') {
        const again = await openDatabase(file);
        await again.db
          .deleteFrom('snapshots')
          .where('game_id', '=', made.id)
          .where('seq', '=', snaps[snaps.length - 2]!.seq)
          .execute();
        await again.db.destroy();
      }
      const next = await server({}, file);
      const rows = await next.store.actions(made.id);
      assert.equal(rows[rows.length - 1]!.hash, hash);
      const inject3 = next.app.inject.bind(next.app);
      assert.deepEqual(await viewOf(inject3, made.id, tokens[0]!), played, step);
      const log3 = (await inject3({ url: `/api/games/${made.id}/log`, headers: bearer(tokens[0]!) })).json();
      assert.deepEqual(log3, playedLog, step);
      assert.ok(!JSON.stringify(log3).includes('EDITED'), step);
      await next.app.close();
    }
  });

  test('a game stored under another rules version is refused with a clear error and kept whole; new games play on', async () => {
    const { app, file } = await server();
    const inject = app.inject.bind(app);
    const made = await newGame(inject);
    const german = made.seats.german!.token!;
    const v = await viewOf(inject, made.id, german);
    const done = await inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: bearer(german),
      payload: { stateId: v.stateId, action: v.legal.find((a) => a.type !== 'undo') },
    });
    assert.equal(done.statusCode, 200, done.body);
    await app.close();
    // As if the server had been upgraded to other rules since: the stored game says so.
    const db = await openDatabase(file);
    await db.db
      .updateTable('games')
      .set({ rules_version: 'mars-1942/0' })
      .where('id', '=', made.id)
      .execute();
    await db.db.destroy();
    const again = await server({}, file);
    const inj = again.app.inject.bind(again.app);
    for (const r of [
      await inj({ url: `/api/games/${made.id}/view`, headers: bearer(german) }),
      await inj({ url: `/api/games/${made.id}` }),
      await inj({
        method: 'POST',
        url: `/api/games/${made.id}/actions`,
        headers: bearer(german),
        payload: { stateId: 1, action: v.legal[0] },
      }),
    ]) {
      assert.equal(r.statusCode, 409, r.body);
      assert.equal(r.json().code, 'game/rules-version');
      assert.match(r.json().message, /rules mars-1942\/0; this server plays mars-1942\/\d+/);
    }
    assert.equal((await again.store.actions(made.id)).length, 1, 'its actions are kept');
    const fresh = await newGame(inj);
    assert.equal((await viewOf(inj, fresh.id, fresh.seats.german!.token!)).stateId, 0);
  });

  test("during the game a seat sees its own actions in the replay, not the other side's; the spectator sees the public board", async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    const made = await newGame(inject, { soviet: { player: 'ai' } });
    const german = made.seats.german!.token!;
    const v = await viewOf(inject, made.id, german);
    await inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: bearer(german),
      payload: {
        stateId: v.stateId,
        action: v.legal.find((a) => a.type === 'historical-setup') ?? v.legal[0],
      },
    });
    const rp = (await inject({ url: `/api/games/${made.id}/replay`, headers: bearer(german) })).json();
    assert.equal(rp.final, false);
    assert.ok(rp.actions.length >= 1);
    for (const a of rp.actions) assert.equal(a.action === null, a.side !== 'german');
    // The AI seat answers: the German seat plays on until the Soviet AI has moved.
    await until('the AI to move', async () => {
      const now = await viewOf(inject, made.id, german);
      const moves = now.legal.filter((a) => a.type !== 'undo');
      if (moves.length > 0) {
        const pick = moves.find((a) => a.type.startsWith('end')) ?? moves[moves.length - 1]!;
        await inject({
          method: 'POST',
          url: `/api/games/${made.id}/actions`,
          headers: bearer(german),
          payload: { stateId: now.stateId, action: pick },
        });
      }
      const rp2 = (await inject({ url: `/api/games/${made.id}/replay`, headers: bearer(german) })).json();
      return rp2.actions.some((a: { side: string }) => a.side === 'soviet');
    });
    const later = (await inject({ url: `/api/games/${made.id}/replay`, headers: bearer(german) })).json();
    assert.ok(later.actions.some((a: { side: string }) => a.side === 'soviet'));
    const spec = (
      await inject({ url: `/api/games/${made.id}/view`, headers: bearer(made.spectator.token) })
    ).json();
    assert.equal(spec.side, null);
    assert.deepEqual(spec.legal, []);
    // The rules' own spectator view: Mars hides nothing, so the spectator sees the board.
    assert.equal(spec.view.state.scenario, 'standard');
    assert.ok(Object.keys(spec.view.state.units).length > 40);
  });
});

describe('webhooks for by-turns play', () => {
  test('the seat to move is notified; a failing hook is retried with back-off; requests never wait for it', async () => {
    const got: unknown[] = [];
    const deliveries: string[] = [];
    const signatures: { header: string; body: string }[] = [];
    let calls = 0;
    const hook = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls++;
        deliveries.push(String(req.headers['stavka-delivery']));
        signatures.push({ header: String(req.headers['stavka-signature']), body });
        if (calls === 1) {
          res.statusCode = 500; // the first delivery fails
          res.end();
          return;
        }
        got.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const port = (hook.address() as { port: number }).port;
    try {
      const { app, webhooks } = await server({
        webhooks: { backoffMs: 20, attempts: 4, allowPrivate: true },
      });
      const made = await newGame(app.inject.bind(app), {
        german: { webhook: `http://127.0.0.1:${port}/hook` },
      });
      const secret = (made.seats.german as { webhookSecret?: string }).webhookSecret!;
      assert.match(secret, /^whsec_/);
      assert.equal((made.seats.soviet as { webhookSecret?: string }).webhookSecret, undefined);
      await until('a delivered notice', async () => got.length > 0);
      assert.deepEqual(got[0], {
        event: 'your-turn',
        gameId: made.id,
        side: 'german',
        stateId: 0,
        view: `http://localhost:8080/api/games/${made.id}/view`,
      });
      assert.equal(calls, 2, 'delivered on the retry');
      assert.equal(deliveries[0], deliveries[1], 'a retry is the same delivery');
      // Signed with the seat's secret: the receiver recomputes the HMAC over "t.body".
      for (const { header, body } of signatures) {
        const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
        assert.ok(m, header);
        const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex');
        assert.equal(m[2], expected);
        assert.ok(Math.abs(Number(m[1]) - Date.now() / 1000) < 60);
      }
      await until('the delivery to be counted', async () => webhooks.delivered === 1);
      const set = await app.inject({
        method: 'PUT',
        url: `/api/games/${made.id}/webhook`,
        headers: bearer(made.seats.soviet!.token!),
        payload: { url: 'http://127.0.0.1:1/unreachable' },
      });
      assert.equal(set.statusCode, 200);
      assert.equal(set.json().url, 'http://127.0.0.1:1/unreachable');
      assert.match(set.json().secret, /^whsec_/);
    } finally {
      hook.close();
    }
  });
});

describe('webhook notices outlive the server process', () => {
  test('a notice not delivered when the server stops is delivered after a restart, as the same delivery', async () => {
    let up = false;
    const seen: { id: string; body: string; up: boolean }[] = [];
    const hook = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ id: String(req.headers['stavka-delivery']), body, up });
        res.statusCode = up ? 200 : 503; // down for the first server's attempt
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const port = (hook.address() as { port: number }).port;
    const file = tempSqlitePath();
    try {
      // The first server: its attempt fails and the retry is a second away when it stops.
      const storeA = await openStore(file);
      const a = await buildApp({
        store: storeA,
        rateLimit: false,
        webhooks: { backoffMs: 1000, attempts: 5, allowPrivate: true },
      });
      await a.app.ready();
      const made = await newGame(a.app.inject.bind(a.app), {
        german: { webhook: `http://127.0.0.1:${port}/hook` },
      });
      await until('the first attempt', async () => seen.length === 1);
      await until('the retry to be queued', async () => a.webhooks.pending === 1);
      await a.app.close();
      await storeA.close();
      assert.equal(seen.length, 1, 'nothing sent after the stop');

      // The second server on the same database: it sends the notice once the retry is due.
      up = true;
      const b = await server(
        { webhooks: { backoffMs: 1000, attempts: 5, allowPrivate: true, pollMs: 50 } },
        file,
      );
      await until('the delivery after the restart', async () => b.webhooks.delivered === 1);
      assert.equal(seen.length, 2);
      assert.equal(seen[1]!.up, true);
      assert.equal(seen[1]!.id, seen[0]!.id, 'the same Stavka-Delivery id across the restart');
      assert.equal(seen[1]!.body, seen[0]!.body);
      assert.deepEqual(JSON.parse(seen[1]!.body), {
        event: 'your-turn',
        gameId: made.id,
        side: 'german',
        stateId: 0,
        view: `http://localhost:8080/api/games/${made.id}/view`,
      });
      assert.deepEqual(await b.store.dueDeliveries('9999-01-01T00:00:00.000Z', 10), [], 'delivered: dropped');
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(seen.length, 2, 'delivered once');
    } finally {
      hook.close();
    }
  });
});

describe("webhooks never reach the server's own network (unless allowed)", () => {
  test('internal addresses are refused when set, with a reason, and change nothing', async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://localhost:8080/hook',
      'http://api.localhost/hook',
      'http://localhost.:8080/hook',
      'http://api.localhost./hook',
      'http://LOCALHOST../hook',
      'http://[::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://user:secret@example.com/hook',
    ]) {
      const r = await inject({
        method: 'POST',
        url: '/api/games',
        payload: { game: 'mars-1942', seats: { german: { webhook: url } } },
      });
      assert.equal(r.statusCode, 422, url);
      assert.equal(r.json().code, 'webhook/bad-url');
    }
    const made = await newGame(inject);
    const r = await inject({
      method: 'PUT',
      url: `/api/games/${made.id}/webhook`,
      headers: bearer(made.seats.german!.token!),
      payload: { url: 'http://127.0.0.1:9/hook' },
    });
    assert.equal(r.statusCode, 422);
    assert.match(r.json().message, /own network/);
    const ok = await inject({
      method: 'PUT',
      url: `/api/games/${made.id}/webhook`,
      headers: bearer(made.seats.german!.token!),
      payload: { url: 'https://example.com/stavka' },
    });
    assert.equal(ok.statusCode, 200);
  });

  test('a name that resolves to an internal address is refused at delivery, and nothing is sent', async () => {
    let calls = 0;
    const hook = createServer((_req, res) => {
      calls++;
      res.end();
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      // The check at the connection itself, on the address it is about to connect to.
      const err = await new Promise<Error | null>((r) => publicOnly('localhost', {}, (e) => r(e)));
      assert.match(String(err?.message), /localhost is at an internal address \(127\.0\.0\.1\)/);
      const hooks = new Webhooks({ backoffMs: 10, attempts: 3 });
      const port = (hook.address() as { port: number }).port;
      await hooks.send(`http://127.0.0.1:${port}/hook`, 'whsec_x', {
        event: 'your-turn',
        gameId: 'g',
        side: 'german',
        stateId: 1,
        view: 'http://example.com',
      });
      await until('the refusal', async () => hooks.refused === 1);
      assert.equal(calls, 0);
      assert.equal(hooks.pending, 0, 'a refused notice is not retried');
      await hooks.close();
    } finally {
      hook.close();
    }
  });
});

describe('the live channel over a real socket', () => {
  test('each seat and the spectator get every new view; a bad token is refused and closed', async () => {
    const built: StavkaApp & { store: Store } = await server();
    const { app } = built;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const made = await newGame(app.inject.bind(app));
    const wsUrl = `ws://127.0.0.1:${port}/api/games/${made.id}/live`;
    const open = (token: string) => {
      const ws = new WebSocket(wsUrl);
      const seen: {
        type: string;
        data?: {
          stateId: number;
          side: string | null;
          legal: unknown[];
          view: { log?: unknown[] } | null;
          log?: { keep: number; append: unknown[] };
        };
        code?: string;
      }[] = [];
      ws.on('message', (m) => {
        const frame = JSON.parse(String(m));
        // Who is at the table and the chat have a test of their own (chat.test.ts).
        if (frame.type !== 'presence' && frame.type !== 'chat') seen.push(frame);
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
      return { ws, seen };
    };
    const g = open(made.seats.german!.token!);
    const s = open(made.seats.soviet!.token!);
    const spec = open(made.spectator.token);
    await until('first views', async () => g.seen.length > 0 && s.seen.length > 0 && spec.seen.length > 0);
    assert.equal(g.seen[0]!.data!.side, 'german');
    assert.ok(g.seen[0]!.data!.legal.length > 0);
    assert.equal(s.seen[0]!.data!.legal.length, 0);
    const v = await viewOf(app.inject.bind(app), made.id, made.seats.german!.token!);
    for (let i = 0; i < 3; i++) {
      const cur = await viewOf(app.inject.bind(app), made.id, made.seats.german!.token!);
      const r = await app.inject({
        method: 'POST',
        url: `/api/games/${made.id}/actions`,
        headers: bearer(made.seats.german!.token!),
        payload: { stateId: cur.stateId, action: cur.legal[cur.legal.length - 1] },
      });
      assert.equal(r.statusCode, 200, r.body);
    }
    const tokens = [made.seats.german!.token!, made.seats.soviet!.token!, made.spectator.token];
    for (const [i, c] of [g, s, spec].entries()) {
      await until('three more views', async () => c.seen.length >= 4);
      assert.deepEqual(
        c.seen.map((m) => m.data!.stateId),
        [v.stateId, v.stateId + 1, v.stateId + 2, v.stateId + 3],
      );
      // The whole view once, then only what is new: the view rebuilt from the updates
      // (log and legal actions) is the view a fresh GET gives.
      assert.deepEqual(
        c.seen.map((m) => m.type),
        ['view', 'update', 'update', 'update'],
      );
      let held: LiveSeatView | null = null;
      for (const m of c.seen) {
        // An update patches the view (RFC 6902 operations) and carries no whole log.
        if (m.type === 'update') assert.ok(Array.isArray(m.data!.view), 'the view as a patch');
        held = receive(held, m as LiveMessage<LiveSeatView>);
      }
      const now = await viewOf(app.inject.bind(app), made.id, tokens[i]!);
      assert.deepEqual(held, JSON.parse(JSON.stringify(now)));
    }
    // An undo rewrites the end of the log (it replays the turn's actions): the update
    // keeps less than the client has, and the log rebuilt from it is still the server's.
    const before = await viewOf(app.inject.bind(app), made.id, made.seats.german!.token!);
    const move = before.legal.find((a) => a.type !== 'undo')!;
    for (const action of [move, { type: 'undo' }]) {
      const cur = await viewOf(app.inject.bind(app), made.id, made.seats.german!.token!);
      const r = await app.inject({
        method: 'POST',
        url: `/api/games/${made.id}/actions`,
        headers: bearer(made.seats.german!.token!),
        payload: { stateId: cur.stateId, action },
      });
      assert.equal(r.statusCode, 200, r.body);
    }
    await until('the undo', async () => g.seen.length >= 6);
    const moved = g.seen[4]!.data!.log!;
    const undone = g.seen[5]!.data!.log!;
    const logBefore = (before.view as { log: unknown[] }).log;
    assert.equal(moved.keep, logBefore.length);
    assert.ok(moved.append.length > 0);
    assert.ok(undone.keep < logBefore.length + moved.append.length);
    let held: LiveSeatView | null = null;
    for (const m of g.seen) held = receive(held, m as LiveMessage<LiveSeatView>);
    const after = await viewOf(app.inject.bind(app), made.id, made.seats.german!.token!);
    assert.deepEqual(held, JSON.parse(JSON.stringify(after)));
    const log = held!.view!.log!;
    assert.equal((log[log.length - 1] as { kind: string }).kind, 'undo');
    const bad = open('st_nobody');
    const closed = await new Promise<number>((r) => bad.ws.on('close', (code) => r(code)));
    assert.equal(closed, 4403);
    assert.equal(bad.seen[0]!.code, 'seat/bad-token');
    for (const c of [g, s, spec]) c.ws.close();
  });

  test('a seat acts over the channel: answered with the new state; refusals answered and nothing changed', async () => {
    const built = await server({ rateLimit: { max: 40, timeWindow: 60_000 } });
    const { app } = built;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const made = await newGame(app.inject.bind(app));
    const german = made.seats.german!.token!;
    type Msg = { type: string; ref?: unknown; code?: string; stateId?: number; hash?: string; seq?: number };
    const connect = async (token: string | null) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${made.id}/live`);
      const seen: Msg[] = [];
      ws.on('message', (m) => seen.push(JSON.parse(String(m))));
      await new Promise((r) => ws.on('open', r));
      if (token) {
        ws.send(JSON.stringify({ type: 'hello', token }));
        await until('the first view', async () => seen.length > 0);
      }
      /** Sends a message and waits for the answer carrying its ref. */
      const ask = async (msg: object, ref: string): Promise<Msg> => {
        ws.send(JSON.stringify({ ...msg, ref }));
        return until(`answer ${ref}`, async () => seen.find((m) => m.ref === ref));
      };
      return { ws, seen, ask };
    };
    const g = await connect(german);
    const start = await viewOf(app.inject.bind(app), made.id, german);
    const move = start.legal.find((a) => a.type !== 'undo')!;
    const stored = async (): Promise<number> => (await built.store.actions(made.id)).length;
    const seq0 = await stored();

    // Refusals: each answered with its ref and code, the game unchanged.
    const refusals: [object, string][] = [
      [{ type: 'act', stateId: start.stateId + 5, action: move }, 'action/stale'],
      [
        { type: 'act', stateId: start.stateId, action: { type: 'move', unit: 'nobody', to: '0101' } },
        'action/not-legal',
      ],
      [{ type: 'act', stateId: -1, action: move }, 'request/invalid'],
      [{ type: 'act', stateId: start.stateId, action: 'move' }, 'request/invalid'],
      [{ type: 'act', stateId: start.stateId, action: { type: '' } }, 'request/invalid'],
      [{ type: 'act', stateId: start.stateId }, 'request/invalid'],
      [{ type: 'act', stateId: start.stateId, action: move, index: -1 }, 'request/invalid'],
      [{ type: 'act', stateId: start.stateId, action: move, index: 0.5 }, 'request/invalid'],
      [{ type: 'act', stateId: start.stateId, action: move, index: '0' }, 'request/invalid'],
      // An index makes no action legal.
      [
        {
          type: 'act',
          stateId: start.stateId,
          action: { type: 'move', unit: 'nobody', to: '0101' },
          index: 0,
        },
        'action/not-legal',
      ],
    ];
    for (const [i, [msg, code]] of refusals.entries()) {
      const answer = await g.ask(msg, `r${i}`);
      assert.equal(answer.type, 'error');
      assert.equal(answer.code, code, JSON.stringify(msg));
    }
    assert.equal(await stored(), seq0, 'no refused action was stored');
    assert.deepEqual(await viewOf(app.inject.bind(app), made.id, german), start);

    // The Soviet seat is not to move; the spectator has no side; nobody acts before hello.
    const s = await connect(made.seats.soviet!.token!);
    assert.equal(
      (await s.ask({ type: 'act', stateId: start.stateId, action: move }, 's')).code,
      'action/not-your-turn',
    );
    const spec = await connect(made.spectator.token);
    assert.equal((await spec.ask({ type: 'act', stateId: start.stateId, action: move }, 'x')).type, 'error');
    const anon = await connect(null);
    assert.equal(
      (await anon.ask({ type: 'act', stateId: start.stateId, action: move }, 'a')).code,
      'live/no-hello',
    );
    assert.equal(await stored(), seq0);

    // A legal action: the update for the new state, then the answer with its hash. Sent
    // with an index (where it stands in the legal list) that points at another action:
    // the action sent is the one applied, the index only where it is looked for first.
    const elsewhere = start.legal.findIndex(
      (a) => a.type !== 'undo' && JSON.stringify(a) !== JSON.stringify(move),
    );
    assert.ok(elsewhere >= 0, 'a second legal action to point at');
    const acted = await g.ask({ type: 'act', stateId: start.stateId, action: move, index: elsewhere }, 'ok');
    assert.equal(acted.type, 'acted');
    assert.equal(acted.stateId, start.stateId + 1);
    assert.equal(acted.seq, seq0 + 1);
    const updateAt = g.seen.findIndex((m) => m.type === 'update');
    assert.ok(updateAt >= 0 && updateAt < g.seen.indexOf(acted), 'the new view comes before the answer');
    const rows = await built.store.actions(made.id);
    assert.equal(rows[rows.length - 1]!.hash, acted.hash, 'the answer carries the stored hash');
    assert.deepEqual(
      JSON.parse(rows[rows.length - 1]!.action),
      move,
      'the action sent, not the one at the index',
    );
    // The same action again, chosen at the old state: stale.
    assert.equal(
      (await g.ask({ type: 'act', stateId: start.stateId, action: move }, 'again')).code,
      'action/stale',
    );

    // A flood: past the limit, the connection is told and closed.
    const closed = new Promise<number>((r) => g.ws.on('close', (code) => r(code)));
    for (let i = 0; i < 60; i++) g.ws.send(JSON.stringify({ type: 'ping' }));
    assert.equal(await closed, 4429);
    assert.ok(g.seen.some((m) => m.code === 'request/rate-limited'));
    for (const c of [s, spec, anon]) c.ws.close();
  });

  test("an act's index (where the action stands in the legal list) reaches the game service, over HTTP and on the live channel", async () => {
    const built = await server();
    const { app, service } = built;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const made = await newGame(app.inject.bind(app));
    const german = made.seats.german!.token!;
    // The service as the routes call it, each call's index kept.
    const indexes: unknown[] = [];
    const act = service.act.bind(service);
    service.act = (p, stateId, action, index) => {
      indexes.push(index);
      return act(p, stateId, action, index);
    };
    const first = await viewOf(app.inject.bind(app), made.id, german);
    const at = first.legal.findIndex((a) => a.type !== 'undo');
    const http = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/actions`,
      headers: bearer(german),
      payload: { stateId: first.stateId, action: first.legal[at], index: at },
    });
    assert.equal(http.statusCode, 200, http.body);
    const next = await viewOf(app.inject.bind(app), made.id, german);
    const at2 = next.legal.findIndex((a) => a.type !== 'undo');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${made.id}/live`);
    const seen: { type: string; ref?: string }[] = [];
    ws.on('message', (m) => seen.push(JSON.parse(String(m))));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'hello', token: german }));
    await until('the first view', async () => seen.length > 0);
    ws.send(
      JSON.stringify({ type: 'act', ref: 'i', stateId: next.stateId, action: next.legal[at2], index: at2 }),
    );
    const answer = await until('the answer', async () => seen.find((m) => m.ref === 'i'));
    assert.equal(answer.type, 'acted', JSON.stringify(answer));
    ws.close();
    assert.deepEqual(indexes, [at, at2]);
  });

  for (const threads of [0, 2]) {
    test(`a seat's update and the answer to its action reach it in one write (${threads ? `${threads} threads` : 'one thread'})`, async () => {
      const { app } = await server({ threads });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const made = await newGame(app.inject.bind(app));
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${made.id}/live`);
      // The socket's reads, counted before the client reads the frames in each: the
      // frames of one write come in one read (the server writes a few KB at most here).
      let reads = 0;
      ws.on('upgrade', (res) => res.socket.on('data', () => reads++));
      const seen: { type: string; read: number; data?: { stateId: number; legal: unknown[] } }[] = [];
      ws.on('message', (m) => seen.push({ ...JSON.parse(String(m)), read: reads }));
      await new Promise((r) => ws.on('open', r));
      ws.send(JSON.stringify({ type: 'hello', token: made.seats.german!.token! }));
      await until('the first view', async () => seen.some((m) => m.type === 'view'));
      let live = receive(null, seen.find((m) => m.type === 'view') as LiveMessage<LiveSeatView>);
      let legal: readonly { type: string }[] = live!.legal;
      for (let i = 0; i < 3; i++) {
        const stateId = live!.stateId;
        const from = seen.length;
        const action = legal.filter((a) => a.type !== 'undo').pop();
        ws.send(JSON.stringify({ type: 'act', stateId, action, ref: i }));
        await until('the answer', async () => seen.slice(from).some((m) => m.type === 'acted'));
        const update = seen.slice(from).find((m) => m.type === 'update')!;
        const acted = seen.slice(from).find((m) => m.type === 'acted')!;
        assert.equal(update.data!.stateId, stateId + 1);
        assert.equal(acted.read, update.read, 'the update and the answer came in the same read');
        live = receive(live, update as LiveMessage<LiveSeatView>);
        legal = live!.legal;
      }
      ws.close();
    });
  }
});

describe('limits, quotas and seat tokens (issue #22)', () => {
  test('a game is looked up among the catalogue\'s own names: "toString" and the like are unknown (422), never a 500', async () => {
    const { app } = await server();
    for (const game of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty']) {
      const r = await app.inject({ method: 'POST', url: '/api/games', payload: { game } });
      assert.equal(r.statusCode, 422, `${game}: ${r.body}`);
      assert.equal(r.json().code, 'game/unknown');
      const i = await app.inject({
        method: 'POST',
        url: '/api/games/import',
        payload: { game, rulesVersion: 'x', seed: 's', actions: [] },
      });
      assert.equal(i.statusCode, 422, `${game}: ${i.body}`);
      assert.equal(i.json().code, 'replay/unknown-game');
    }
  });

  test('options: only those the game takes, of their type; anything else is refused before it is stored', async () => {
    const { app } = await server();
    const create = (options: unknown) =>
      app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942', options } });
    assert.equal((await create({ firstTurnDoubling: false })).statusCode, 201);
    for (const bad of [{ junk: 'x'.repeat(1000) }, { firstTurnDoubling: 'yes' }, { toString: true }]) {
      const r = await create(bad);
      assert.equal(r.statusCode, 422, r.body);
      assert.equal(r.json().code, 'game/bad-options');
    }
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, true]));
    assert.equal((await create(many)).statusCode, 400, 'more than 16 keys fails the schema');
    // The game module says which options it takes: Barbarossa's are its own.
    const barbarossa = (options: unknown) =>
      app.inject({ method: 'POST', url: '/api/games', payload: { game: 'barbarossa-1941', options } });
    assert.equal((await barbarossa({ weatherRoll: true })).statusCode, 201);
    const wrong = await barbarossa({ firstTurnDoubling: true });
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.json().message, /options\.firstTurnDoubling/);
    assert.match(wrong.json().message, /its options: classicOdds, asymmetricOdds, weatherRoll/);
  });

  test("the catalogue lists each game's optional rules with their defaults, and a game made with one switched shows it", async () => {
    const { app } = await server();
    const games = (await app.inject({ url: '/api/catalog' })).json().games as {
      id: string;
      options: { key: string; rule: string; default: boolean }[];
    }[];
    const mars = games.find((g) => g.id === 'mars-1942')!;
    assert.deepEqual(
      mars.options.map((o) => [o.key, o.rule, o.default]),
      [['firstTurnDoubling', 'M-16', true]],
    );
    const barbarossa = games.find((g) => g.id === 'barbarossa-1941')!;
    assert.deepEqual(
      barbarossa.options.map((o) => [o.key, o.default]),
      [
        ['classicOdds', false],
        ['asymmetricOdds', false],
        ['weatherRoll', false],
      ],
    );
    const made = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: { game: 'mars-1942', options: { firstTurnDoubling: false } },
    });
    assert.equal(made.statusCode, 201, made.body);
    const summary = (await app.inject({ url: `/api/games/${made.json().id}` })).json();
    assert.deepEqual(summary.options, { firstTurnDoubling: false });
  });

  test('an AI seat at a level the game offers: stored, shown in the summary; another level or a human seat with one refused', async () => {
    const { app } = await server();
    const made = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: { game: 'mars-1942', seats: { german: { player: 'ai', level: 'ai1' } } },
    });
    assert.equal(made.statusCode, 201, made.body);
    const summary = (await app.inject({ url: `/api/games/${made.json().id}` })).json();
    assert.equal(summary.seats.german.level, 'ai1');
    assert.equal(summary.seats.german.player, 'ai');
    assert.equal(summary.seats.soviet.level, undefined);
    for (const seats of [
      { german: { player: 'ai', level: 'ai9' } },
      { german: { player: 'human', level: 'ai1' } },
    ]) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/games',
        payload: { game: 'mars-1942', seats },
      });
      assert.equal(r.statusCode, 422, r.body);
      assert.equal(r.json().code, 'game/bad-level');
    }
  });

  test('an AI seat only in a game that has an AI player (every game served has one now)', async () => {
    const { app } = await server();
    for (const [game, side] of [
      ['barbarossa-1941', 'axis'],
      ['point-to-point', 'soviet'],
    ] as const) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/games',
        payload: { game, seats: { [side]: { player: 'ai' } } },
      });
      assert.equal(r.statusCode, 201, r.body);
      assert.equal((r.json() as Made).seats[side]!.player, 'ai');
    }
    // A game whose module has no AI player: its seats are refused to the AI (game/no-ai).
    assert.match(aiSeatProblem('mars-1942', () => ({ players: { random: {} } })) ?? '', /no AI player/);
    assert.equal(aiSeatProblem('mars-1942'), null);
  });

  test("a scenario of the client's own is set up off the serving thread, then played like any other", async () => {
    const { app } = await server();
    const scenario = { ...standardScenarioFile(), name: 'Mars, a copy' };
    const made = await newJoinedGame(app.inject.bind(app), { game: 'mars-1942', scenario });
    assert.equal((await app.inject({ url: `/api/games/${made.id}` })).json().status, 'active');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: { game: 'mars-1942', scenario: { ...scenario, units: [] } },
    });
    assert.equal(bad.statusCode, 422);
    assert.equal(bad.json().code, 'game/bad-setup');
  });

  test('nesting deeper than 32 in any body is a 400 request/invalid, not a stack overflow', async () => {
    const { app } = await server();
    const made = await newGame(app.inject.bind(app));
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const [url, payload, headers] of [
      ['/api/games', `{"game":"mars-1942","options":{"a":${nest(6000)}}}`, {}],
      ['/api/games', `{"game":"mars-1942","scenario":${nest(6000)}}`, {}],
      [
        `/api/games/${made.id}/actions`,
        `{"stateId":0,"action":{"type":"move","unit":${nest(6000)}}}`,
        bearer(made.seats.german!.token!),
      ],
      ['/api/games/import', `{"game":"mars-1942","rulesVersion":"x","seed":"s","actions":${nest(6000)}}`, {}],
    ] as const) {
      const r = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, 'content-type': 'application/json' },
      });
      assert.equal(r.statusCode, 400, `${url}: ${r.body}`);
      assert.equal(r.json().code, 'request/invalid');
    }
  });

  test("a seat re-issues its own token; the creator's admin token re-issues any seat's but cannot act; the old token stops", async () => {
    const { app } = await server();
    const r = await app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } });
    const made = r.json() as Made & { admin: { token: string; link: string } };
    assert.match(made.admin.token, /^ad_/);
    assert.ok(made.admin.link.endsWith(`#${made.admin.token}`));
    const german = made.seats.german!.token!;
    const rotate = (token: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/games/${made.id}/token`, headers: bearer(token), payload });
    const own = await rotate(german, {});
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().side, 'german');
    const view = async (token: string) =>
      (await app.inject({ url: `/api/games/${made.id}/view`, headers: bearer(token) })).statusCode;
    assert.equal(await view(german), 403, 'the old token stops');
    assert.equal(await view(own.json().token), 200);
    const byAdmin = await rotate(made.admin.token, { side: 'german' });
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    assert.equal(await view(own.json().token), 403);
    assert.equal(await view(byAdmin.json().token), 200);
    assert.equal((await rotate(made.admin.token, {})).statusCode, 400, 'the admin names the seat');
    assert.equal((await rotate(made.admin.token, { side: 'finns' })).json().code, 'game/unknown-side');
    assert.equal((await rotate(made.spectator.token, {})).json().code, 'seat/spectator');
    const act = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: bearer(made.admin.token),
      payload: {},
    });
    assert.equal(act.statusCode, 403, 'the admin token holds no seat');
  });

  test('the admin token never re-issues a joined seat (409 seat/joined) and reads only what a spectator reads (issue #46)', async () => {
    const { app } = await server();
    const r = await app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } });
    const made = r.json() as Made & { admin: { token: string } };
    const joined: Record<string, string> = {};
    for (const [side, seat] of Object.entries(made.seats)) {
      const j = await app.inject({
        method: 'POST',
        url: `/api/games/${made.id}/join`,
        headers: bearer(seat.token!),
        payload: {},
      });
      joined[side] = (j.json() as { token: string }).token;
    }
    for (const side of ['german', 'soviet']) {
      const byAdmin = await app.inject({
        method: 'POST',
        url: `/api/games/${made.id}/token`,
        headers: bearer(made.admin.token),
        payload: { side },
      });
      assert.equal(byAdmin.statusCode, 409, byAdmin.body);
      assert.equal(byAdmin.json().code, 'seat/joined');
      assert.equal(byAdmin.json().token, undefined, 'no token given');
    }
    const view = async (token: string) =>
      (await app.inject({ url: `/api/games/${made.id}/view`, headers: bearer(token) })).json();
    assert.equal((await view(joined.german!)).side, 'german', "the seat's token still holds it");
    const admin = await view(made.admin.token);
    assert.equal(admin.side, null);
    assert.deepEqual(admin.legal, []);
    assert.deepEqual(
      admin.view,
      (await view(made.spectator.token)).view,
      "the admin reads the spectator's view",
    );
    // The seat itself, with its own token, still re-issues it (a link it means to move).
    const own = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/token`,
      headers: bearer(joined.soviet!),
      payload: {},
    });
    assert.equal(own.statusCode, 200, own.body);
  });

  test('per address: new games counted (creates and imports), refused past the quota with 429 request/quota', async () => {
    const { app } = await server({
      rateLimit: { max: 1000, timeWindow: 60_000 },
      limits: { gamesPerWindow: 2 },
    });
    const create = () => app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } });
    assert.equal((await create()).statusCode, 201);
    assert.equal((await create()).statusCode, 201);
    const third = await create();
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().code, 'request/quota');
    const imported = await app.inject({
      method: 'POST',
      url: '/api/games/import',
      payload: { game: 'mars-1942', rulesVersion: 'x', seed: 's', actions: [] },
    });
    assert.equal(imported.statusCode, 429);
  });

  test('a game still waiting for a seat after its time is deleted; a started one stays', async () => {
    // Long enough for the other game to be made and joined on a busy machine (at 200 ms it
    // once expired before its join, at load 28).
    const { app } = await server({ limits: { unjoinedTtlMs: 2000, expirySweepMs: 100 } });
    const waiting = await newGame(app.inject.bind(app), {}, false);
    const started = await newGame(app.inject.bind(app));
    await until(
      'the waiting game deleted',
      async () => {
        const r = await app.inject({ url: `/api/games/${waiting.id}` });
        return r.statusCode === 404;
      },
      20_000,
    );
    assert.equal((await app.inject({ url: `/api/games/${started.id}` })).statusCode, 200);
  });
});
