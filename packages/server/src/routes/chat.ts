/**
 * The seats' chat and notes: `GET /api/games/:id/messages` (what the seat may read, and
 * who is at the table) and `POST /api/games/:id/messages` (a message to the other seats,
 * or a note to its own side). The live channel pushes both as they come.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CHAT_LIMITS } from '../games.ts';
import { clientKey } from '../quotas.ts';
import { auth, type RouteContext } from './context.ts';
import { BOOLEAN, INTEGER, object, onGame, only, STRING, STRINGS } from './schemas.ts';

const messageSchema = object({ seq: INTEGER, side: STRING, private: BOOLEAN, text: STRING, at: STRING });

const sayBody = only(
  {
    // Checked again after control characters are dropped (games/chat.ts: SeatChat.say).
    text: { type: 'string', maxLength: 4 * CHAT_LIMITS.length },
    note: BOOLEAN,
  },
  ['text'],
);

export const chatRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.get<{ Params: { id: string } }>(
    '/api/games/:id/messages',
    { schema: onGame(object({ messages: { type: 'array', items: messageSchema }, online: STRINGS })) },
    async (req) => ctx.service.messages(await auth(ctx, req)),
  );

  app.post<{ Params: { id: string }; Body: { text: string; note?: boolean } }>(
    '/api/games/:id/messages',
    { schema: onGame(messageSchema, sayBody, 201) },
    async (req, reply) => {
      const p = await auth(ctx, req);
      ctx.quotas.chat(clientKey(req.ip), req.body.text);
      return reply.status(201).send(await ctx.service.say(p, req.body.text, req.body.note));
    },
  );
};
