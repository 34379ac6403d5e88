/**
 * Serves the built web client (packages/web/dist) from the game server: the app at /,
 * seat links at /play/<id>#<token>, hashed assets cached for a year and sent as the
 * build compressed them (brotli, gzip) to browsers that accept it. Without a build, /
 * says how to make one instead of failing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function registerWeb(app: FastifyInstance, dist = WEB_DIST): Promise<void> {
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
    async (_req, reply) => reply.type('text/html').send(page()),
  );
}
