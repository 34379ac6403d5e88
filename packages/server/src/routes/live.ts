/**
 * The live channel, `GET /api/games/:id/live` as a WebSocket (docs/api.md): a hello with
 * a token (or an `Authorization` header) makes it watch the game as that seat or the
 * spectators; the service then pushes views, log entries, chat and presence (live.ts at
 * the package's root writes those messages), and a seat may act on it as on
 * `POST /actions`. A plain HTTP request is told to upgrade.
 */
import type { Socket } from 'node:net';
import type { Action } from '@stavka/engine';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ApiError } from '../errors.ts';
import type { Principal } from '../games.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../json-limits.ts';
import { clientKey } from '../quotas.ts';
import { bearer, type RouteContext } from './context.ts';
import { onGame, TYPE, WHOLE_NUMBER } from './schemas.ts';

/** Live-channel messages held while a hello is being answered (more: the client is cut off). */
const HELD_MAX = 64;

export const liveRoutes: FastifyPluginAsync<RouteContext> = async (app, ctx) => {
  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url: '/api/games/:id/live',
    schema: onGame(null),
    // A plain HTTP request to the live channel: say what it is.
    handler: async (_req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send({ code: 'live/upgrade-required', message: 'the live channel is a WebSocket' }),
    wsHandler: (socket, req) => openChannel(ctx, socket, req),
  });
};

function openChannel(ctx: RouteContext, socket: WebSocket, req: FastifyRequest<{ Params: { id: string } }>) {
  const from = clientKey(req.ip);
  // Live channels one address holds at once (behind a trusted proxy, by the client's address).
  if (!ctx.quotas.openLive(from)) {
    socket.send(
      JSON.stringify({
        type: 'error',
        code: 'request/quota',
        message: 'too many live channels from one address',
      }),
    );
    socket.close(4429, 'request/quota');
    return;
  }
  const channel = new LiveChannel(ctx, socket, batchedSender(socket, req.raw.socket), req.params.id, from);
  const headerToken = bearer(req);
  if (headerToken) channel.greet(headerToken);
  socket.on('message', (raw) => channel.receive(raw));
  socket.on('close', () => channel.close());
  socket.on('error', () => {});
}

/** An act message as sent: checked field by field before the service sees it. */
interface ActMessage {
  ref?: unknown;
  stateId?: unknown;
  action?: unknown;
  index?: unknown;
}

/** One client's live channel on one game: its hello, what it watches, its actions. */
class LiveChannel {
  private unwatch: (() => void) | null = null;
  private principal: Principal | null = null;
  private acting = false;
  private closed = false;
  private greeted = false;
  /**
   * What comes while a hello's token is being checked waits for it, in order: an act
   * sent right after the hello is taken as from that seat (the check may cross to
   * another thread: shards.ts). At most HELD_MAX; a client sending more is cut off.
   */
  private held: RawData[] | null = null;
  private readonly hello: NodeJS.Timeout;

  constructor(
    private readonly ctx: RouteContext,
    private readonly socket: WebSocket,
    private readonly send: (m: string) => void,
    private readonly gameId: string,
    private readonly from: string,
  ) {
    this.hello = setTimeout(() => {
      if (!this.unwatch) this.fail('live/no-hello', 'send {"type":"hello","token":...} first', 4408);
    }, 10_000);
    this.hello.unref();
  }

  /** An error message to the client, then the channel closed with `close` if given. */
  private fail(code: string, message: string, close?: number): void {
    if (this.socket.readyState === this.socket.OPEN)
      this.send(JSON.stringify({ type: 'error', code, message }));
    if (close) this.socket.close(close, code);
  }

  /** The hello (once): the token checked, then the game watched as its seat or the spectators. */
  greet(token: string | undefined): void {
    this.greeted = true;
    this.held = [];
    this.ctx.service
      .authenticate(this.gameId, token)
      .then(async (p) => {
        if (this.closed) return;
        const off = await this.ctx.service.watch(
          p,
          (m) => {
            if (this.socket.readyState === this.socket.OPEN) this.send(m);
          },
          // The thread serving this game stopped (and starts again): reconnect (1012);
          // the seat's token was re-issued (4403); the game expired (4404).
          (code, reason) => {
            if (code !== 1012) this.fail(reason, 'this channel no longer serves that seat or game');
            this.socket.close(code, reason);
          },
        );
        if (this.closed) off();
        else {
          this.unwatch = off;
          this.principal = p;
        }
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError) this.fail(e.code, e.message, 4000 + e.status);
        else this.fail('server/internal', 'internal error', 1011);
      })
      .finally(() => {
        const waiting = this.held ?? [];
        this.held = null;
        if (!this.closed) for (const raw of waiting) this.onMessage(raw);
      });
  }

  /** A message from the client: read now, or held while its hello is answered. */
  receive(raw: RawData) {
    if (!this.held) return this.onMessage(raw);
    if (this.held.length >= HELD_MAX)
      this.fail('request/rate-limited', 'too many messages before the hello was answered', 4429);
    else this.held.push(raw);
  }

  private onMessage(raw: RawData) {
    let msg: { type?: unknown; token?: unknown } | null = null;
    // Parsing takes no stack however deep the text nests; what comes after might.
    let deep = false;
    try {
      const text = String(raw);
      msg = JSON.parse(text);
      deep = nestsDeeperThan(text);
    } catch {
      this.fail('live/bad-message', 'messages are JSON objects');
      return;
    }
    if (!msg || typeof msg !== 'object') return this.fail('live/bad-message', 'messages are JSON objects');
    // One budget for all of an address's channels: reconnecting buys no new one.
    if (!this.ctx.quotas.liveMessage(this.from)) {
      this.fail('request/rate-limited', 'too many messages from this address', 4429);
      return;
    }
    if (msg.type === 'act') {
      this.act(msg as ActMessage, deep);
    } else if (deep) {
      this.fail('request/invalid', `messages nest at most ${MAX_JSON_DEPTH} deep`);
    } else if (msg.type === 'ping') {
      this.send(JSON.stringify({ type: 'pong' }));
    } else if (msg.type === 'hello' && !this.greeted) {
      this.greet(typeof msg.token === 'string' ? msg.token : undefined);
    } else {
      this.fail(
        'live/bad-message',
        'this channel takes {"type":"hello","token":...} once, then {"type":"act",...} or {"type":"ping"}',
      );
    }
  }

  /** An action, answered `acted` or `error` with the client's `ref`; one at a time. */
  private act(m: ActMessage, deep: boolean) {
    const ref = typeof m.ref === 'string' || typeof m.ref === 'number' ? m.ref : null;
    const answer = (body: object) => {
      if (this.socket.readyState === this.socket.OPEN) this.send(JSON.stringify({ ...body, ref }));
    };
    const refuse = (code: string, message: string) => answer({ type: 'error', code, message });
    const principal = this.principal;
    if (deep) return refuse('request/invalid', `messages nest at most ${MAX_JSON_DEPTH} deep`);
    if (!principal) return refuse('live/no-hello', 'say hello with a seat token before acting');
    if (this.acting) return refuse('action/busy', 'wait for the answer to your last action');
    const bad = actProblem(m);
    if (bad) return refuse('request/invalid', bad);
    this.acting = true;
    this.ctx.service
      .act(principal, m.stateId as number, m.action as Action, m.index as number | undefined)
      .then((r) => answer({ type: 'acted', ...r }))
      .catch((e: unknown) => {
        if (e instanceof ApiError) refuse(e.code, e.message);
        else {
          this.ctx.log?.(`stavka server: ${(e as Error)?.stack ?? String(e)}`);
          refuse('server/internal', 'internal error');
        }
      })
      .finally(() => (this.acting = false));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.hello);
    this.unwatch?.();
    this.ctx.quotas.closeLive(this.from);
  }
}

/** Why an act message's state id, action or index is not what `POST /actions` takes (null: they are). */
function actProblem(m: ActMessage): string | null {
  if (typeof m.stateId !== 'number' || !Number.isInteger(m.stateId) || m.stateId < WHOLE_NUMBER.minimum) {
    return 'stateId is the whole number of the state the action was chosen at';
  }
  const action = m.action as Action | null;
  if (
    !action ||
    typeof action !== 'object' ||
    Array.isArray(action) ||
    typeof action.type !== 'string' ||
    action.type.length < TYPE.minLength ||
    action.type.length > TYPE.maxLength
  ) {
    return `action is an object with a "type" string of ${TYPE.minLength} to ${TYPE.maxLength} characters`;
  }
  if (m.index !== undefined && !(Number.isInteger(m.index) && (m.index as number) >= WHOLE_NUMBER.minimum)) {
    return "index, if given, is the whole number where the action stands in the seat's legal list";
  }
  return null;
}

/**
 * Sends on a live channel, the frames of one run of code written to the socket
 * together: an action's update and its answer reach the seat that acted in one write.
 * (A write to a loopback socket whose reader is idle costs ~40-80 us of CPU on this kind
 * of machine, against ~15 us for one among others.) Uncorked once the promise callbacks
 * queued by then have run (process.nextTick runs after them): the answer follows the
 * update there. Not at the next turn of the event loop, as it was: that held every
 * move's frames behind the messages the loop's next poll read, and the rules' work
 * those brought (each such move's round trip a few hundred µs longer under load).
 */
function batchedSender(socket: WebSocket, raw: Socket): (m: string) => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    raw.uncork();
  };
  return (m) => {
    if (!corked && !raw.destroyed) {
      corked = true;
      raw.cork();
      process.nextTick(uncork);
    }
    socket.send(m);
  };
}
