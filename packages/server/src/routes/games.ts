/**
 * The games themselves: `POST /api/games` (a new game: its seats' secrets come back once),
 * `GET /api/games/:id` (its public summary, no token) and `POST /api/games/:id/stop` (the
 * admin stops a game of AI against AI).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors.ts';
import { type CreateGame, optionsProblem, rulesFor } from '../games.ts';
import type { ImportWorkers } from '../import-worker.ts';
import { clientKey } from '../quotas.ts';
import { auth, BODY, gamesLeftHook, type RouteContext, withLinks } from './context.ts';
import {
  BOOLEAN,
  INTEGER,
  newGameReply,
  object,
  onGame,
  only,
  STRING,
  STRING_OR_NULL,
  STRINGS,
  seatSpecSchema,
  seatsSummarySchema,
} from './schemas.ts';

const createSchema = {
  body: only(
    {
      game: { type: 'string', maxLength: 64 },
      scenario: {},
      options: { type: 'object', maxProperties: 16 },
      analyst: BOOLEAN,
      seats: { type: 'object', maxProperties: 16, additionalProperties: seatSpecSchema },
    },
    ['game'],
  ),
  response: newGameReply({ id: STRING, game: STRING, commitment: STRING }),
};

const summarySchema = object({
  id: STRING,
  game: STRING,
  rulesVersion: STRING,
  status: STRING,
  origin: STRING,
  stateId: INTEGER,
  activeSides: STRINGS,
  outcome: {},
  seats: seatsSummarySchema,
  dice: object({
    scheme: STRING,
    commitment: STRING_OR_NULL,
    secret: STRING,
    contributions: { type: 'object', additionalProperties: STRING },
  }),
  options: { type: 'object', additionalProperties: BOOLEAN },
  analyst: BOOLEAN,
  createdAt: STRING,
  imported: object({
    actions: INTEGER,
    from: { type: ['object', 'null'], properties: { gameId: STRING, origin: STRING, createdAt: STRING } },
    verifiedDice: BOOLEAN,
    playedOnHere: BOOLEAN,
  }),
});

export const gameRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.post<{ Body: CreateGame }>(
    '/api/games',
    { bodyLimit: BODY.create, onRequest: gamesLeftHook(ctx), schema: createSchema },
    async (req, reply) => {
      ctx.quotas.newGame(clientKey(req.ip));
      // A scenario of the client's own is untrusted work (compiling it: 20-100 ms for one
      // the standard's size): set up in the import worker, off the serving thread.
      const custom = req.body.scenario !== undefined && req.body.scenario !== null;
      if (custom) await checkSetup(ctx.importer, req.body);
      // The creator's address, never the client's word for it: games of AI against AI are
      // bounded per creator (issue #46).
      const made = await ctx.service.create({ ...req.body, owner: clientKey(req.ip) }, custom);
      return reply.status(201).send(withLinks(made, ctx.linkBase(req)));
    },
  );

  app.get<{ Params: { id: string } }>('/api/games/:id', { schema: onGame(summarySchema) }, async (req) =>
    ctx.service.summary(req.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/stop',
    { schema: onGame(object({ stopped: BOOLEAN })) },
    async (req) => ctx.service.stop(await auth(ctx, req)),
  );
};

/** A new game's scenario and options set up in the import worker: refused as create refuses them. */
async function checkSetup(importer: ImportWorkers, body: CreateGame): Promise<void> {
  const rules = rulesFor(body.game);
  if (!rules) return; // service.create says so
  const bad = optionsProblem(rules.id, body.options ?? {});
  if (bad) throw new ApiError(422, 'game/bad-options', bad);
  try {
    await importer.verify({
      format: 'stavka-replay/1',
      game: rules.id,
      rulesVersion: rules.rulesVersion,
      scenario: body.scenario,
      seed: 'trial',
      options: body.options ?? {},
      actions: [],
      hashes: [],
      finalHash: null,
    });
  } catch (e) {
    if (e instanceof ApiError && e.status === 422) throw new ApiError(422, 'game/bad-setup', e.message);
    throw e;
  }
}
