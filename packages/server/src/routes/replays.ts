/**
 * A game as its replay: `GET /api/games/:id/replay` (its actions as the viewer may see
 * them, and the file once it is over), `GET /api/games/:id/export` (the replay file to
 * download) and `POST /api/games/import` (a replay file verified in the import worker and
 * played on here as a new game).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { type ExportedGame, rulesFor } from '../games.ts';
import { clientKey } from '../quotas.ts';
import { auth, BODY, gamesLeftHook, type RouteContext, withLinks } from './context.ts';
import {
  BOOLEAN,
  INTEGER,
  newGameReply,
  object,
  onGame,
  replayFileSchema,
  STRING,
  STRING_OR_NULL,
} from './schemas.ts';

const replaySchema = object({
  final: BOOLEAN,
  actions: { type: 'array', items: object({ seq: INTEGER, side: STRING, action: {} }) },
  file: {},
});

const importSchema = {
  body: replayFileSchema,
  response: newGameReply({
    id: STRING,
    game: STRING,
    status: STRING,
    actions: INTEGER,
    finalHash: STRING,
    verifiedDice: BOOLEAN,
    commitment: STRING_OR_NULL,
  }),
};

export const replayRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.get<{ Params: { id: string } }>(
    '/api/games/:id/replay',
    { schema: onGame(replaySchema) },
    async (req) => ctx.service.replayFor(await auth(ctx, req)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/export',
    { schema: onGame(replayFileSchema) },
    async (req, reply) => {
      const file = await ctx.service.exportFile(await auth(ctx, req));
      return reply
        .header('content-disposition', `attachment; filename="stavka-${req.params.id}.json"`)
        .send(file);
    },
  );

  app.post<{ Body: ExportedGame }>(
    '/api/games/import',
    { bodyLimit: BODY.import, onRequest: gamesLeftHook(ctx), schema: importSchema },
    async (req, reply) => {
      const from = clientKey(req.ip);
      // One import at a time from an address; the file replayed in a worker thread.
      return ctx.quotas.oneImport(from, async () => {
        ctx.quotas.newGame(from);
        // A game this server does not have is refused here, with no worker started for it.
        if (!rulesFor(req.body.game)) {
          const game = String(req.body.game).slice(0, 64);
          throw new ApiError(422, 'replay/unknown-game', `no game "${game}" here`);
        }
        const verified = await ctx.importer.verify(req.body);
        const made = await ctx.service.importFile(req.body, verified);
        return reply.status(201).send(withLinks(made, ctx.linkBase(req)));
      });
    },
  );
};
