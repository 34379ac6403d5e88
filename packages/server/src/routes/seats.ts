/**
 * A game's seats: `POST /api/games/:id/join` (a seat taken, with its dice contribution),
 * `POST /api/games/:id/token` (a seat's token re-issued: by the seat, or the admin naming
 * it) and `PUT /api/games/:id/webhook` (a seat's webhook set or cleared).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { auth, type RouteContext, seatLink } from './context.ts';
import { object, onGame, only, STRING, STRING_OR_NULL } from './schemas.ts';

const joinSchema = onGame(
  object({
    side: STRING,
    contribution: STRING,
    commitment: STRING_OR_NULL,
    status: STRING,
    token: STRING,
    link: STRING,
  }),
  only({ contribution: { type: 'string', minLength: 1, maxLength: 256 } }),
);

const tokenSchema = onGame(
  object({ side: STRING, token: STRING, link: STRING }),
  only({ side: { type: 'string', minLength: 1, maxLength: 64 } }),
);

const webhookSchema = onGame(
  object({ url: STRING_OR_NULL, secret: STRING_OR_NULL }),
  only({ url: { type: ['string', 'null'], maxLength: 2048 } }, ['url']),
);

export const seatRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.post<{ Params: { id: string }; Body: { contribution?: string } }>(
    '/api/games/:id/join',
    { schema: joinSchema },
    async (req) => {
      const joined = await ctx.service.join(await auth(ctx, req), req.body.contribution);
      return { ...joined, link: seatLink(ctx.linkBase(req), req.params.id, joined.token) };
    },
  );

  app.post<{ Params: { id: string }; Body: { side?: string } }>(
    '/api/games/:id/token',
    { schema: tokenSchema },
    async (req) => {
      const p = await auth(ctx, req);
      if (!p.admin && p.side === null) {
        throw new ApiError(403, 'seat/spectator', 'a seat token or the admin token re-issues a seat token');
      }
      if (p.admin && req.body.side === undefined) {
        throw new ApiError(400, 'request/invalid', 'the admin token names the seat: {"side": "..."}');
      }
      const made = await ctx.service.reissue(p, req.body.side);
      return { ...made, link: seatLink(ctx.linkBase(req), req.params.id, made.token) };
    },
  );

  app.put<{ Params: { id: string }; Body: { url: string | null } }>(
    '/api/games/:id/webhook',
    { schema: webhookSchema },
    async (req) => ctx.service.setWebhook(await auth(ctx, req), req.body.url),
  );
};
