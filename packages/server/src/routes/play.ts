/**
 * Playing a game: `GET /api/games/:id/view` (what a seat or the spectators see, with the
 * seat's legal actions), `POST /api/games/:id/actions` (a seat's action, against the state
 * it was chosen at) and `GET /api/games/:id/log` (the log as that viewer may read it). The
 * live channel (live.ts) does the same over a WebSocket.
 */
import type { Action } from '@stavka/engine';
import type { FastifyPluginAsync } from 'fastify';
import { auth, type RouteContext } from './context.ts';
import {
  actionSchema,
  INTEGER,
  object,
  onGame,
  only,
  STRING,
  STRINGS,
  seatViewSchema,
  WHOLE_NUMBER,
} from './schemas.ts';

const actSchema = onGame(
  object({ seq: INTEGER, stateId: INTEGER, hash: STRING, status: STRING, activeSides: STRINGS }),
  // index: where the action stands in the seat's legal list as the client holds it, looked
  // at first (engine apply); one that points elsewhere, or past the end, is not used.
  only({ stateId: WHOLE_NUMBER, action: actionSchema, index: WHOLE_NUMBER }, ['stateId', 'action']),
);

export const playRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.get<{ Params: { id: string } }>(
    '/api/games/:id/view',
    { schema: onGame(seatViewSchema) },
    async (req) => ctx.service.seatView(await auth(ctx, req)),
  );

  app.post<{ Params: { id: string }; Body: { stateId: number; action: Action; index?: number } }>(
    '/api/games/:id/actions',
    { schema: actSchema },
    async (req) => ctx.service.act(await auth(ctx, req), req.body.stateId, req.body.action, req.body.index),
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/log',
    { schema: onGame(object({ stateId: INTEGER, log: { type: 'array', items: {} } })) },
    async (req) => ctx.service.log(await auth(ctx, req)),
  );
};
