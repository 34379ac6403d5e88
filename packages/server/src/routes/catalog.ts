/**
 * What this server is and plays: `GET /api/health` (for monitors: outside the rate limit)
 * and `GET /api/catalog` (its games, their rules versions, sides and optional rules).
 */
import { findGame } from '@stavka/games';
import type { FastifyPluginAsync } from 'fastify';
import { CATALOG } from '../games.ts';
import type { RouteContext } from './context.ts';
import { BOOLEAN, object, STRING, STRINGS } from './schemas.ts';

const catalogSchema = object({
  games: {
    type: 'array',
    items: object({
      id: STRING,
      rulesVersion: STRING,
      sides: STRINGS,
      options: {
        type: 'array',
        items: object({ key: STRING, label: STRING, rule: STRING, default: BOOLEAN }),
      },
    }),
  },
});

export const catalogRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.get(
    '/api/health',
    {
      // Outside the rate limit: a monitor (or a proxy's health check) is never locked out.
      config: { rateLimit: false },
      schema: { response: { 200: object({ ok: BOOLEAN, storage: STRING }) } },
    },
    async () => ({ ok: true, storage: ctx.store.kind }),
  );

  app.get('/api/catalog', { schema: { response: { 200: catalogSchema } } }, async () => ({
    games: Object.values(CATALOG).map((r) => ({
      id: r.id,
      rulesVersion: r.rulesVersion,
      sides: [...r.sides],
      options: findGame(r.id)?.options ?? [],
    })),
  }));
};
