/**
 * Serves the built web client (packages/web/dist) from the game server: the app at /,
 * seat links at /play/<id>#<token>, hashed assets cached for a year and sent as the
 * build compressed them (brotli, gzip) to browsers that accept it. Without a build, /
 * says how to make one instead of failing. Also the headers every reply carries for the
 * page's sake (its Content-Security-Policy).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

export const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The web client's page may load and run only what this server serves: its scripts,
 * styles, images and fonts (the counters are drawn as data: SVG images; preact sets
 * inline styles), and talk only to this server (its API and live channel); no plugin,
 * no <base>, no framing. The rest of the API's replies carry it too (harmless).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Every reply: no page of this server in another site's frame, no guessing of types,
 * and the web client's page runs only its own scripts (issue #46).
 */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}

/** A game module's id as the catalog writes them: all a page's meta may carry. */
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The page with the game it opens named in its head (`<meta name="stavka-game">`), for a
 * seat link's page: the client loads that game's module as its first script runs, with the
 * seat views, not once a view has come to say which game it is (issue #49). The page as it
 * is when the game is not known, or its head is not found.
 */
export function pageNaming(html: string, game: string | null): string {
  const head = html.indexOf('</head>');
  if (game === null || !GAME_ID.test(game) || head < 0) return html;
  return `${html.slice(0, head)}<meta name="stavka-game" content="${game}">${html.slice(head)}`;
}

/**
 * The web client's routes, a fastify plugin: `dist` the build to serve (default WEB_DIST);
 * `gameOf` which game a game id is (as its public summary says; app.ts reads the stored
 * record), null for none.
 */
export const webClient: FastifyPluginAsync<{
  dist?: string | undefined;
  gameOf?: ((id: string) => Promise<string | null>) | undefined;
}> = async (app, { dist = WEB_DIST, gameOf }) => {
  const index = join(dist, 'index.html');
  const page = (): string =>
    existsSync(index)
      ? readFileSync(index, 'utf8')
      : `<!doctype html><meta charset="utf-8"><title>Stavka server</title>
<h1>Stavka</h1><p>The game server is running; the web client is not built.
Run <code>npm run build -w @stavka/web</code> (npm start does it), then reload.
The API is under <code>/api</code> (docs/api.md).</p>`;
  if (existsSync(join(dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
      // The build's .br and .gz beside each file (vite.config.ts), for browsers that take them.
      preCompressed: true,
    });
  }
  // The combat calculator page (packages/web/src/calculator): its page, its service worker
  // and web manifest at the root (a worker controls only what is under its own path), sent
  // fresh each time so a new build is seen; its home-screen icons.
  const calculatorFiles: Record<string, string> = {
    'calc.html': 'text/html; charset=utf-8',
    'sw.js': 'text/javascript; charset=utf-8',
    'calculator.webmanifest': 'application/manifest+json',
  };
  for (const [name, type] of Object.entries(calculatorFiles)) {
    app.get(`/${name}`, async (_req, reply) => {
      const file = join(dist, name);
      if (!existsSync(file)) return reply.code(404).type('text/plain').send(`${name} is not built`);
      return reply.type(type).header('cache-control', 'no-cache').send(readFileSync(file, 'utf8'));
    });
  }
  if (existsSync(join(dist, 'icons'))) {
    await app.register(fastifyStatic, {
      root: join(dist, 'icons'),
      prefix: '/icons/',
      maxAge: '7d',
      decorateReply: false,
    });
  }
  const html = { schema: { response: { 200: { type: 'string' } } } };
  app.get('/', html, async (_req, reply) => reply.type('text/html').send(page()));
  app.get<{ Params: { id: string } }>(
    '/play/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
        response: { 200: { type: 'string' } },
      },
    },
    async (req, reply) => {
      // A game not found (or not readable now) is the page's to say, once it asks.
      const game = gameOf ? await gameOf(req.params.id).catch(() => null) : null;
      return reply.type('text/html').send(pageNaming(page(), game));
    },
  );
};
