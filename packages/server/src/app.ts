/**
 * The HTTP + WebSocket API (fastify 5): JSON schemas on every route, every client
 * error a 4xx `{code, message}`, documented in docs/api.md.
 */

import type { Socket } from 'node:net';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { Action } from '@stavka/engine';
import { findGame } from '@stavka/games';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ApiError } from './errors.ts';
import {
  CATALOG,
  CHAT_LIMITS,
  type CreateGame,
  type ExportedGame,
  GameService,
  optionsProblem,
  type Principal,
  rulesFor,
  type Service,
  type ServiceOptions,
} from './games.ts';
import { type ImportLimits, ImportWorkers } from './import-worker.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-limits.ts';
import {
  clientKey,
  fastifyTrustProxy,
  OpenQuota,
  type TrustProxy,
  trustedProxy,
  WindowQuota,
} from './quotas.ts';
import { ShardedService } from './shards.ts';
import type { Store } from './store.ts';
import { registerWeb } from './web.ts';
import { type WebhookOptions, Webhooks } from './webhooks.ts';

export interface AppOptions {
  readonly store: Store;
  /** How clients reach this server (links, webhook notices); default http://localhost:8080. */
  readonly publicUrl?: string;
  /**
   * Seat links follow the address each create or import request came to (its protocol
   * and Host), publicUrl only where that is no host name: for a server whose public
   * address was not set, reached at whatever address its players use (a LAN address).
   */
  readonly linksFromRequest?: boolean;
  /**
   * Requests per minute per client address, and as many live-channel messages across
   * its connections; false turns these off, and the per-address quotas of `limits` with
   * them (benchmarks, tests).
   */
  readonly rateLimit?: { max: number; timeWindow: number } | false;
  /** Whose X-Forwarded-For names the client (STAVKA_TRUST_PROXY); default nobody's. */
  readonly trustProxy?: TrustProxy;
  /** Quotas, time limits and imports (DEFAULT_LIMITS where not given). */
  readonly limits?: Partial<Limits>;
  readonly webhooks?: WebhookOptions;
  readonly service?: Omit<ServiceOptions, 'webhooks' | 'publicUrl' | 'owns'>;
  /**
   * Worker threads that share the games and run their rules (shards.ts); 0 or absent:
   * all in this thread. (A threaded service cannot take an inline `aiPlayer`.)
   */
  readonly threads?: number;
  readonly logger?: boolean;
  /** The built web client to serve (default packages/web/dist). */
  readonly webDist?: string;
}

export interface StavkaApp {
  readonly app: FastifyInstance;
  readonly service: Service;
  readonly webhooks: Webhooks;
}

// ---- limits ------------------------------------------------------------------

/** What a client may take of the server (issue #22; docs/api.md "Limits and quotas"). */
export interface Limits {
  /** Games one address may create or import in `gamesWindowMs` (STAVKA_GAMES_PER_HOUR). */
  readonly gamesPerWindow: number;
  readonly gamesWindowMs: number;
  /** Connections one address may hold open at once, HTTP and live (STAVKA_CONNECTIONS_PER_ADDRESS). */
  readonly connectionsPerAddress: number;
  /** A game still waiting for a seat this long after it was made is deleted (STAVKA_UNJOINED_HOURS). */
  readonly unjoinedTtlMs: number;
  /** How often such games are looked for. */
  readonly expirySweepMs: number;
  /** A request's headers and body must have arrived this long after it began. */
  readonly requestTimeoutMs: number;
  /** Its headers, this long. */
  readonly headersTimeoutMs: number;
  /**
   * A connection with no traffic either way this long is closed, a request under way too
   * (the longest, an import, is answered within its own time limit); between requests,
   * a kept-alive connection is closed after at most 10 s.
   */
  readonly idleTimeoutMs: number;
  /** Imports replayed at once, waiting, and each one's time and memory. */
  readonly imports: ImportLimits;
  /**
   * Bytes of chat text (UTF-8) one address may send in `chatWindowMs`, over all its games
   * (issue #46: each game's own caps are CHAT_LIMITS).
   */
  readonly chatBytesPerWindow: number;
  readonly chatWindowMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  gamesPerWindow: 30,
  gamesWindowMs: 3_600_000,
  connectionsPerAddress: 32,
  unjoinedTtlMs: 72 * 3_600_000,
  expirySweepMs: 600_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  imports: { concurrent: 1, queued: 4, timeoutMs: 20_000, heapMb: 256 },
  chatBytesPerWindow: 1024 * 1024,
  chatWindowMs: 3_600_000,
};

/**
 * Body sizes, from the schemas below: an action has at most 16 fields of short values
 * (a hex game's: 4); a create at most 16 seats of a 2 KiB webhook each, 16 options, and a
 * custom scenario (the standard one's map, units, turns and set-up are ~70 KB: four times
 * that); an import at most 20,000 actions of ~100 bytes (a whole hex game of ~1,000 actions exports to
 * ~125 KB).
 */
const BODY = {
  small: 16 * 1024,
  create: 320 * 1024,
  import: 2 * 1024 * 1024,
} as const;

// ---- schemas ----------------------------------------------------------------

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
} as const;
const errors = { '4xx': errorSchema, '5xx': errorSchema } as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
} as const;
const actionSchema = {
  type: 'object',
  required: ['type'],
  maxProperties: 16,
  properties: { type: { type: 'string', minLength: 1, maxLength: 64 } },
  additionalProperties: true,
} as const;
/** The action type's bounds, as `POST /actions` checks them: the live channel checks the same. */
const TYPE = actionSchema.properties.type;
const seatsSummarySchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    properties: { player: { type: 'string' }, joined: { type: 'boolean' }, level: { type: 'string' } },
  },
} as const;
const seatViewSchema = {
  type: 'object',
  required: ['gameId', 'side', 'status', 'stateId', 'seats', 'view', 'legal'],
  properties: {
    gameId: { type: 'string' },
    side: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['waiting', 'active', 'over'] },
    stateId: { type: 'integer' },
    seats: seatsSummarySchema,
    view: {},
    legal: { type: 'array', items: {} },
  },
} as const;
const seatSpecSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    player: { type: 'string', enum: ['human', 'ai'] },
    level: { type: 'string', minLength: 1, maxLength: 32 },
    webhook: { type: ['string', 'null'], maxLength: 2048 },
  },
} as const;
const tokenLinkSchema = {
  type: 'object',
  properties: { token: { type: 'string' }, link: { type: 'string' } },
} as const;
const createdSeatsSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    properties: {
      player: { type: 'string' },
      token: { type: 'string' },
      link: { type: 'string' },
      webhookSecret: { type: 'string' },
    },
  },
} as const;
const diceSchema = {
  type: 'object',
  required: ['commitment', 'secret', 'contributions'],
  properties: {
    scheme: { type: 'string' },
    commitment: { type: 'string' },
    secret: { type: 'string' },
    contributions: {
      type: 'object',
      maxProperties: 16,
      additionalProperties: { type: 'string', maxLength: 256 },
    },
  },
} as const;
const replayFileSchema = {
  type: 'object',
  required: ['game', 'rulesVersion', 'seed', 'actions'],
  properties: {
    format: { type: 'string' },
    game: { type: 'string', maxLength: 64 },
    rulesVersion: { type: 'string', maxLength: 64 },
    scenario: {},
    seed: { type: ['string', 'integer'] },
    options: { type: 'object', maxProperties: 16 },
    actions: {
      type: 'array',
      maxItems: 20000,
      items: {
        type: 'object',
        required: ['side', 'action'],
        properties: { side: { type: 'string', maxLength: 64 }, action: actionSchema },
      },
    },
    hashes: { type: 'array', maxItems: 20000, items: { type: 'string', maxLength: 128 } },
    finalHash: { type: ['string', 'null'] },
    dice: diceSchema,
    server: { type: 'object' },
    resumed: {
      type: 'object',
      required: ['action', 'seed'],
      properties: {
        action: { type: 'integer', minimum: 1, maximum: 20000 },
        seed: { type: ['string', 'integer'] },
        dice: diceSchema,
      },
    },
  },
} as const;

// ---- the app -------------------------------------------------------------------

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request/too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request/unsupported-media-type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request/empty-body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request/bad-json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request/bad-length',
};

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : undefined;
}

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

const DEFAULT_RATE_LIMIT = { max: 1200, timeWindow: 60_000 } as const;

/** Live-channel messages held while a hello is being answered (more: the client is cut off). */
const HELD_MAX = 64;

export async function buildApp(opts: AppOptions): Promise<StavkaApp> {
  const publicUrl = (opts.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  const linkBase = (req: FastifyRequest): string =>
    (opts.linksFromRequest && requestOrigin(req)) || publicUrl;
  const webhooks = new Webhooks({ log: opts.service?.log, ...opts.webhooks }, opts.store);
  const threads = opts.threads ?? 0;
  if (threads > 0 && opts.service?.aiPlayer) throw new Error('a threaded server plays the Stavka AI only');
  const service: Service =
    threads > 0
      ? new ShardedService(opts.store, {
          threads,
          service: { ...opts.service, publicUrl },
          webhooks: { allowPrivate: opts.webhooks?.allowPrivate ?? false, wake: () => webhooks.wake() },
        })
      : new GameService(opts.store, { ...opts.service, publicUrl, webhooks });
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  // Per-address quotas go with the rate limit (off for benchmarks and most tests).
  const quotas = opts.rateLimit !== false;
  const rate = opts.rateLimit === false ? null : (opts.rateLimit ?? DEFAULT_RATE_LIMIT);
  const trust = opts.trustProxy ?? false;
  const importer = new ImportWorkers(limits.imports);
  const gamesQuota = new WindowQuota(limits.gamesPerWindow, limits.gamesWindowMs);
  const liveMessages = rate ? new WindowQuota(rate.max, rate.timeWindow) : null;
  const liveChannels = new OpenQuota(limits.connectionsPerAddress);
  const importing = new OpenQuota(1);
  const chatBytes = new WindowQuota(limits.chatBytesPerWindow, limits.chatWindowMs);
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY.small,
    trustProxy: fastifyTrustProxy(trust),
    // Time limits (issue #22): a body held back, a connection kept idle, is cut off.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: Math.min(10_000, limits.idleTimeoutMs),
    // How often requests still arriving are checked against those limits (node: 30 s).
    http: { connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs) },
    // Turn bad JSON, huge bodies and the like into 4xx, never a crash.
    return503OnClosing: true,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, allowUnionTypes: true },
    },
  });

  app.server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  if (quotas) {
    // Connections one address holds at once; a trusted proxy's are its clients', counted
    // on the live channel by the address it forwards.
    const open = new OpenQuota(limits.connectionsPerAddress);
    const proxy = trustedProxy(trust);
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      if (proxy(address)) return;
      const from = clientKey(address);
      if (!open.acquire(from)) {
        socket.destroy();
        return;
      }
      socket.once('close', () => open.release(from));
    });
  }
  // Request bodies are never decompressed (see compress below): one that says it is
  // encoded is refused as it comes, whatever it holds (issue #46; docs/api.md).
  app.addHook('onRequest', async (req) => {
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && String(encoding).trim().toLowerCase() !== 'identity') {
      throw new ApiError(
        415,
        'request/unsupported-encoding',
        'request bodies are plain JSON: no Content-Encoding (gzip, br...)',
      );
    }
  });
  // Every reply: no page of this server in another site's frame, no guessing of types,
  // and the web client's page runs only its own scripts (issue #46).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
  // JSON bodies as fastify parses them (prototype poisoning refused), once their nesting
  // is known to be shallow.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text)) {
      done(new ApiError(400, 'request/invalid', `JSON nests at most ${MAX_JSON_DEPTH} deep`), undefined);
      return;
    }
    json(req, text, done);
  });

  app.setErrorHandler(
    (
      error: FastifyError | ApiError | { statusCode?: number; code?: string; message?: string },
      req,
      reply,
    ) => {
      if (error instanceof ApiError)
        return reply.status(error.status).send({ code: error.code, message: error.message });
      const e = error as FastifyError;
      if (e.validation) return reply.status(400).send({ code: 'request/invalid', message: e.message });
      const status = e.statusCode;
      if (status === 429)
        return reply
          .status(429)
          .send({ code: 'request/rate-limited', message: e.message ?? 'too many requests' });
      if (e.code === 'FST_ERR_REQ_TIMEOUT' || e.code === 'FST_ERR_CTP_BODY_TIMEOUT') {
        return reply
          .status(408)
          .send({ code: 'request/timeout', message: 'the request took too long to arrive' });
      }
      if (status !== undefined && status >= 400 && status < 500) {
        return reply.status(status).send({
          code: Object.hasOwn(FASTIFY_CODES, e.code) ? FASTIFY_CODES[e.code]! : 'request/bad',
          message: e.message,
        });
      }
      req.log.error(error);
      opts.service?.log?.(`stavka server: ${(error as Error)?.stack ?? String(error)}`);
      return reply.status(500).send({ code: 'server/internal', message: 'internal error' });
    },
  );
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send({ code: 'request/not-found', message: `no route ${req.method} ${req.url.split('?')[0]}` }),
  );

  if (rate) {
    await app.register(rateLimit, {
      global: true,
      max: rate.max,
      timeWindow: rate.timeWindow,
      keyGenerator: (req) => clientKey(req.ip),
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        code: 'request/rate-limited',
        message: `too many requests: at most ${ctx.max} in ${ctx.after}`,
      }),
    });
  }
  // Replies over 1 KB compressed for clients that accept it (brotli, else gzip): views,
  // logs and replays with their hundreds of legal actions or log entries (the web
  // client's files go as the build compressed them: web.ts). Request bodies are never
  // decompressed: the API takes small JSON bodies only, and a compressed one can stand
  // for far more than it weighs.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // A protocol error (a message over maxPayload, a malformed frame): ws has already sent
    // the close frame with its code (1009, 1002, ...) and reads no more. The plugin's
    // default handler then ended the TCP connection at once; with the rest of the client's
    // frame still arriving, that is a reset, which can drop the close frame before the
    // client reads it (it saw 1006, not 1009). So the closing handshake is let finish —
    // the client answers the close and ends the connection — and only a client that never
    // does is cut off, after a second.
    errorHandler(error, socket) {
      if (!String((error as { code?: unknown }).code ?? '').startsWith('WS_ERR_')) {
        socket.terminate();
        return;
      }
      const cut = setTimeout(() => socket.terminate(), 1000);
      cut.unref();
      socket.once('close', () => clearTimeout(cut));
    },
  });

  const auth = (req: FastifyRequest<{ Params: { id: string } }>): Promise<Principal> =>
    service.authenticate(req.params.id, bearer(req));
  /** A new game from this address (made or imported): within its quota, else 429 request/quota. */
  const gamesQuotaError = () =>
    new ApiError(
      429,
      'request/quota',
      `at most ${limits.gamesPerWindow} new games from one address in ${Math.round(limits.gamesWindowMs / 60_000)} minutes: try again in ${Math.ceil(gamesQuota.retryAfterMs() / 60_000)} minutes`,
    );
  const newGameFrom = (req: FastifyRequest) => {
    if (quotas && !gamesQuota.take(clientKey(req.ip))) throw gamesQuotaError();
  };
  /** A new game's scenario and options set up in the import worker: refused as create refuses them. */
  const checkSetup = async (body: CreateGame) => {
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
  };
  /** Refuses a new game from an address whose quota is spent before its body is read. */
  const gamesLeft = async (req: FastifyRequest) => {
    if (quotas && gamesQuota.spent(clientKey(req.ip))) throw gamesQuotaError();
  };

  await registerWeb(app, opts.webDist);

  app.get(
    '/api/health',
    {
      // Outside the rate limit: a monitor (or a proxy's health check) is never locked out.
      config: { rateLimit: false },
      schema: {
        response: {
          200: { type: 'object', properties: { ok: { type: 'boolean' }, storage: { type: 'string' } } },
        },
      },
    },
    async () => ({ ok: true, storage: opts.store.kind }),
  );

  app.get(
    '/api/catalog',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              games: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    rulesVersion: { type: 'string' },
                    sides: { type: 'array', items: { type: 'string' } },
                    options: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          key: { type: 'string' },
                          label: { type: 'string' },
                          rule: { type: 'string' },
                          default: { type: 'boolean' },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({
      games: Object.values(CATALOG).map((r) => ({
        id: r.id,
        rulesVersion: r.rulesVersion,
        sides: [...r.sides],
        options: findGame(r.id)?.options ?? [],
      })),
    }),
  );

  app.post<{ Body: CreateGame }>(
    '/api/games',
    {
      bodyLimit: BODY.create,
      onRequest: gamesLeft,
      schema: {
        body: {
          type: 'object',
          required: ['game'],
          additionalProperties: false,
          properties: {
            game: { type: 'string', maxLength: 64 },
            scenario: {},
            options: { type: 'object', maxProperties: 16 },
            seats: { type: 'object', maxProperties: 16, additionalProperties: seatSpecSchema },
          },
        },
        response: {
          201: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              game: { type: 'string' },
              commitment: { type: 'string' },
              seats: createdSeatsSchema,
              spectator: tokenLinkSchema,
              admin: tokenLinkSchema,
            },
          },
          ...errors,
        },
      },
    },
    async (req, reply) => {
      newGameFrom(req);
      // A scenario of the client's own is untrusted work (compiling it: 20-100 ms for one
      // the standard's size): set up in the import worker, off the serving thread.
      const custom = req.body.scenario !== undefined && req.body.scenario !== null;
      if (custom) await checkSetup(req.body);
      // The creator's address, never the client's word for it: games of AI against AI are
      // bounded per creator (issue #46).
      const made = await service.create({ ...req.body, owner: clientKey(req.ip) }, custom);
      return reply.status(201).send(withLinks(made, linkBase(req)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              game: { type: 'string' },
              rulesVersion: { type: 'string' },
              status: { type: 'string' },
              origin: { type: 'string' },
              stateId: { type: 'integer' },
              activeSides: { type: 'array', items: { type: 'string' } },
              outcome: {},
              seats: seatsSummarySchema,
              dice: {
                type: 'object',
                properties: {
                  scheme: { type: 'string' },
                  commitment: { type: ['string', 'null'] },
                  secret: { type: 'string' },
                  contributions: { type: 'object', additionalProperties: { type: 'string' } },
                },
              },
              options: { type: 'object', additionalProperties: { type: 'boolean' } },
              createdAt: { type: 'string' },
              imported: {
                type: 'object',
                properties: {
                  actions: { type: 'integer' },
                  from: {
                    type: ['object', 'null'],
                    properties: {
                      gameId: { type: 'string' },
                      origin: { type: 'string' },
                      createdAt: { type: 'string' },
                    },
                  },
                  verifiedDice: { type: 'boolean' },
                  playedOnHere: { type: 'boolean' },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => service.summary(req.params.id),
  );

  app.post<{ Params: { id: string }; Body: { contribution?: string } }>(
    '/api/games/:id/join',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { contribution: { type: 'string', minLength: 1, maxLength: 256 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              side: { type: 'string' },
              contribution: { type: 'string' },
              commitment: { type: ['string', 'null'] },
              status: { type: 'string' },
              token: { type: 'string' },
              link: { type: 'string' },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => {
      const joined = await service.join(await auth(req), req.body.contribution);
      return { ...joined, link: `${linkBase(req)}/play/${req.params.id}#${joined.token}` };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/stop',
    {
      schema: {
        params: idParams,
        response: { 200: { type: 'object', properties: { stopped: { type: 'boolean' } } }, ...errors },
      },
    },
    async (req) => service.stop(await auth(req)),
  );

  app.post<{ Params: { id: string }; Body: { side?: string } }>(
    '/api/games/:id/token',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { side: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: {
          200: {
            type: 'object',
            properties: { side: { type: 'string' }, token: { type: 'string' }, link: { type: 'string' } },
          },
          ...errors,
        },
      },
    },
    async (req) => {
      const p = await auth(req);
      if (!p.admin && p.side === null) {
        throw new ApiError(403, 'seat/spectator', 'a seat token or the admin token re-issues a seat token');
      }
      if (p.admin && req.body.side === undefined) {
        throw new ApiError(400, 'request/invalid', 'the admin token names the seat: {"side": "..."}');
      }
      const made = await service.reissue(p, req.body.side);
      return { ...made, link: `${linkBase(req)}/play/${req.params.id}#${made.token}` };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/view',
    { schema: { params: idParams, response: { 200: seatViewSchema, ...errors } } },
    async (req) => service.seatView(await auth(req)),
  );

  app.post<{ Params: { id: string }; Body: { stateId: number; action: Action } }>(
    '/api/games/:id/actions',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['stateId', 'action'],
          additionalProperties: false,
          properties: { stateId: { type: 'integer', minimum: 0 }, action: actionSchema },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              seq: { type: 'integer' },
              stateId: { type: 'integer' },
              hash: { type: 'string' },
              status: { type: 'string' },
              activeSides: { type: 'array', items: { type: 'string' } },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => service.act(await auth(req), req.body.stateId, req.body.action),
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/log',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { stateId: { type: 'integer' }, log: { type: 'array', items: {} } },
          },
          ...errors,
        },
      },
    },
    async (req) => service.log(await auth(req)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/replay',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              final: { type: 'boolean' },
              actions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { seq: { type: 'integer' }, side: { type: 'string' }, action: {} },
                },
              },
              file: {},
            },
          },
          ...errors,
        },
      },
    },
    async (req) => service.replayFor(await auth(req)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/export',
    { schema: { params: idParams, response: { 200: replayFileSchema, ...errors } } },
    async (req, reply) => {
      const file = await service.exportFile(await auth(req));
      return reply
        .header('content-disposition', `attachment; filename="stavka-${req.params.id}.json"`)
        .send(file);
    },
  );

  app.post<{ Body: ExportedGame }>(
    '/api/games/import',
    {
      bodyLimit: BODY.import,
      onRequest: gamesLeft,
      schema: {
        body: replayFileSchema,
        response: {
          201: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              game: { type: 'string' },
              status: { type: 'string' },
              actions: { type: 'integer' },
              finalHash: { type: 'string' },
              verifiedDice: { type: 'boolean' },
              commitment: { type: ['string', 'null'] },
              seats: createdSeatsSchema,
              spectator: tokenLinkSchema,
              admin: tokenLinkSchema,
            },
          },
          ...errors,
        },
      },
    },
    async (req, reply) => {
      // One import at a time from an address; the file replayed in a worker thread.
      const from = clientKey(req.ip);
      if (quotas && !importing.acquire(from)) {
        throw new ApiError(429, 'request/quota', 'one import at a time from one address');
      }
      try {
        newGameFrom(req);
        // A game this server does not have is refused here, with no worker started for it.
        if (!rulesFor(req.body.game)) {
          const game = String(req.body.game).slice(0, 64);
          throw new ApiError(422, 'replay/unknown-game', `no game "${game}" here`);
        }
        const verified = await importer.verify(req.body);
        return reply.status(201).send(withLinks(await service.importFile(req.body, verified), linkBase(req)));
      } finally {
        if (quotas) importing.release(from);
      }
    },
  );

  app.put<{ Params: { id: string }; Body: { url: string | null } }>(
    '/api/games/:id/webhook',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: { url: { type: ['string', 'null'], maxLength: 2048 } },
        },
        response: {
          200: {
            type: 'object',
            properties: { url: { type: ['string', 'null'] }, secret: { type: ['string', 'null'] } },
          },
          ...errors,
        },
      },
    },
    async (req) => service.setWebhook(await auth(req), req.body.url),
  );

  const chatMessageSchema = {
    type: 'object',
    properties: {
      seq: { type: 'integer' },
      side: { type: 'string' },
      private: { type: 'boolean' },
      text: { type: 'string' },
      at: { type: 'string' },
    },
  } as const;

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/messages',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              messages: { type: 'array', items: chatMessageSchema },
              online: { type: 'array', items: { type: 'string' } },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => service.messages(await auth(req)),
  );

  app.post<{ Params: { id: string }; Body: { text: string; note?: boolean } }>(
    '/api/games/:id/messages',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: {
            // Checked again after control characters are dropped (games.ts: say).
            text: { type: 'string', maxLength: 4 * CHAT_LIMITS.length },
            note: { type: 'boolean' },
          },
        },
        response: { 201: chatMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const p = await auth(req);
      // Bytes, not characters: 1,000 characters may be 3,000 bytes (issue #46).
      if (quotas && !chatBytes.take(clientKey(req.ip), Buffer.byteLength(req.body.text, 'utf8'))) {
        throw new ApiError(
          429,
          'request/quota',
          `an address sends at most ${limits.chatBytesPerWindow / 1024} KiB of chat in ${limits.chatWindowMs / 60_000} minutes`,
        );
      }
      return reply.status(201).send(await service.say(p, req.body.text, req.body.note));
    },
  );

  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url: '/api/games/:id/live',
    schema: { params: idParams, response: { ...errors } },
    // A plain HTTP request to the live channel: say what it is.
    handler: async (_req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send({ code: 'live/upgrade-required', message: 'the live channel is a WebSocket' }),
    wsHandler: (socket, req) => {
      let unwatch: (() => void) | null = null;
      let principal: Principal | null = null;
      let acting = false;
      let closed = false;
      const from = clientKey(req.ip);
      // Live channels one address holds at once (behind a trusted proxy, by the client's address).
      if (quotas && !liveChannels.acquire(from)) {
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
      const send = batchedSender(socket, req.raw.socket);
      const fail = (code: string, message: string, close?: number) => {
        if (socket.readyState === socket.OPEN) send(JSON.stringify({ type: 'error', code, message }));
        if (close) socket.close(close, code);
      };
      // What comes while a hello's token is being checked waits for it, in order: an act
      // sent right after the hello is taken as from that seat (the check may cross to
      // another thread: shards.ts). At most HELD_MAX; a client sending more is cut off.
      let held: RawData[] | null = null;
      const start = (token: string | undefined) => {
        held = [];
        service
          .authenticate(req.params.id, token)
          .then(async (p) => {
            if (closed) return;
            const off = await service.watch(
              p,
              (m) => {
                if (socket.readyState === socket.OPEN) send(m);
              },
              // The thread serving this game stopped (and starts again): reconnect (1012);
              // the seat's token was re-issued (4403); the game expired (4404).
              (code, reason) => {
                if (code !== 1012) fail(reason, 'this channel no longer serves that seat or game');
                socket.close(code, reason);
              },
            );
            if (closed) off();
            else {
              unwatch = off;
              principal = p;
            }
          })
          .catch((e: unknown) => {
            if (e instanceof ApiError) fail(e.code, e.message, 4000 + e.status);
            else fail('server/internal', 'internal error', 1011);
          })
          .finally(() => {
            const waiting = held ?? [];
            held = null;
            if (!closed) for (const raw of waiting) onMessage(raw);
          });
      };
      const hello = setTimeout(() => {
        if (!unwatch) fail('live/no-hello', 'send {"type":"hello","token":...} first', 4408);
      }, 10_000);
      hello.unref();
      let greeted = false;
      const headerToken = bearer(req as FastifyRequest);
      if (headerToken) {
        greeted = true;
        start(headerToken);
      }
      socket.on('message', (raw) => {
        if (!held) return onMessage(raw);
        if (held.length >= HELD_MAX)
          fail('request/rate-limited', 'too many messages before the hello was answered', 4429);
        else held.push(raw);
      });
      const onMessage = (raw: RawData) => {
        let msg: { type?: unknown; token?: unknown } | null = null;
        // Parsing takes no stack however deep the text nests; what comes after might.
        let deep = false;
        try {
          const text = String(raw);
          msg = JSON.parse(text);
          deep = nestsDeeperThan(text);
        } catch {
          fail('live/bad-message', 'messages are JSON objects');
          return;
        }
        if (!msg || typeof msg !== 'object') return fail('live/bad-message', 'messages are JSON objects');
        // One budget for all of an address's channels: reconnecting buys no new one.
        if (liveMessages && !liveMessages.take(from)) {
          fail('request/rate-limited', 'too many messages from this address', 4429);
          return;
        }
        if (msg.type === 'act') {
          const m = msg as { ref?: unknown; stateId?: unknown; action?: unknown };
          const ref = typeof m.ref === 'string' || typeof m.ref === 'number' ? m.ref : null;
          const answer = (body: object) => {
            if (socket.readyState === socket.OPEN) send(JSON.stringify({ ...body, ref }));
          };
          const refuse = (code: string, message: string) => answer({ type: 'error', code, message });
          if (deep) return refuse('request/invalid', `messages nest at most ${MAX_JSON_DEPTH} deep`);
          if (!principal) return refuse('live/no-hello', 'say hello with a seat token before acting');
          if (acting) return refuse('action/busy', 'wait for the answer to your last action');
          if (typeof m.stateId !== 'number' || !Number.isInteger(m.stateId) || m.stateId < 0) {
            return refuse(
              'request/invalid',
              'stateId is the whole number of the state the action was chosen at',
            );
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
            return refuse(
              'request/invalid',
              `action is an object with a "type" string of ${TYPE.minLength} to ${TYPE.maxLength} characters`,
            );
          }
          acting = true;
          service
            .act(principal, m.stateId, action)
            .then((r) => answer({ type: 'acted', ...r }))
            .catch((e: unknown) => {
              if (e instanceof ApiError) refuse(e.code, e.message);
              else {
                opts.service?.log?.(`stavka server: ${(e as Error)?.stack ?? String(e)}`);
                refuse('server/internal', 'internal error');
              }
            })
            .finally(() => (acting = false));
        } else if (deep) {
          fail('request/invalid', `messages nest at most ${MAX_JSON_DEPTH} deep`);
        } else if (msg.type === 'ping') {
          send(JSON.stringify({ type: 'pong' }));
        } else if (msg.type === 'hello' && !greeted) {
          greeted = true;
          start(typeof msg.token === 'string' ? msg.token : undefined);
        } else {
          fail(
            'live/bad-message',
            'this channel takes {"type":"hello","token":...} once, then {"type":"act",...} or {"type":"ping"}',
          );
        }
      };
      socket.on('close', () => {
        closed = true;
        clearTimeout(hello);
        unwatch?.();
        if (quotas) liveChannels.release(from);
      });
      socket.on('error', () => {});
    },
  });

  // Games nobody joined are deleted once they are unjoinedTtlMs old; games of AI against
  // AI paused past their time (the service's AiOnlyLimits.expireMs) too.
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const before = new Date(Date.now() - limits.unjoinedTtlMs).toISOString();
    service
      .expireUnjoined(before)
      .catch((e: unknown) => opts.service?.log?.(`stavka server: expiring unjoined games: ${e}`));
    service
      .expireIdleAiOnly()
      .catch((e: unknown) => opts.service?.log?.(`stavka server: expiring paused AI games: ${e}`));
  };
  app.addHook('onReady', async () => {
    await service.start();
    webhooks.start();
    importer.start();
    sweep();
    sweeper = setInterval(sweep, limits.expirySweepMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    await importer.close();
    await webhooks.close();
    await service.close();
  });
  return { app, service, webhooks };
}

/**
 * Sends on a live channel, the frames of one turn of the event loop written to the
 * socket together: an action's update and its answer reach the seat that acted in one
 * write. (A write to a loopback socket whose reader is idle costs ~40-80 us of CPU on
 * this kind of machine, against ~15 us for one among others.)
 */
function batchedSender(socket: WebSocket, raw: Socket): (m: string) => void {
  let corked = false;
  return (m) => {
    if (!corked && !raw.destroyed) {
      corked = true;
      raw.cork();
      setImmediate(() => {
        corked = false;
        raw.uncork();
      });
    }
    socket.send(m);
  };
}

/**
 * The origin a request was sent to: its protocol and Host header, when that is a host
 * name or address with an optional port (else null). The client chose it, and the links
 * go back only to that client.
 */
function requestOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  if (!/^(?:[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/.test(host)) return null;
  return `${req.protocol}://${host}`;
}

function withLinks<
  T extends {
    id: string;
    seats: Record<string, { token?: string }>;
    spectator: { token: string };
    admin?: { token: string };
  },
>(made: T, base: string): T {
  const link = (t: string) => `${base}/play/${made.id}#${t}`;
  return {
    ...made,
    seats: Object.fromEntries(
      Object.entries(made.seats).map(([side, s]) => [side, s.token ? { ...s, link: link(s.token) } : s]),
    ),
    spectator: { ...made.spectator, link: link(made.spectator.token) },
    ...(made.admin ? { admin: { ...made.admin, link: link(made.admin.token) } } : {}),
  };
}
