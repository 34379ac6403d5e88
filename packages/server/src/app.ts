/**
 * The HTTP + WebSocket API (fastify 5): JSON schemas on every route, every client
 * error a 4xx `{code, message}`, documented in docs/api.md.
 *
 * Layout: `buildApp` makes the game service and the fastify instance, then sets up, in
 * this order (what is set at the root first, every route module registered after it has):
 * - every connection and request: connections per address (`limitConnections`, quotas.ts);
 *   then `guardRequests`: encoded bodies refused, the security headers (web.ts), JSON
 *   nesting (json-limits.ts), errors as `{code, message}` (errors.ts);
 * - the root plugins (`rootPlugins`): the rate limit, compression, the WebSocket server;
 * - the routes: a module a fastify plugin, in its own encapsulated context, given a
 *   `RouteContext` (routes/context.ts: the service, the per-address quotas, the import
 *   worker, links, body sizes); the schemas they share written once in routes/schemas.ts.
 *     web.ts             /, /play/:id, /assets/, /icons/, the calculator's files
 *     routes/catalog.ts  GET /api/health, GET /api/catalog
 *     routes/games.ts    POST /api/games, GET /api/games/:id, POST .../stop
 *     routes/seats.ts    POST .../join, POST .../token, PUT .../webhook
 *     routes/play.ts     GET .../view, POST .../actions, GET .../log
 *     routes/replays.ts  GET .../replay, GET .../export, POST /api/games/import
 *     routes/chat.ts     GET and POST .../messages
 *     routes/live.ts     GET .../live: the live channel (WebSocket)
 *   (`...` is /api/games/:id);
 * - what runs beside the routes (`runAlongside`): the service, webhook deliveries, the
 *   import worker and the expiry sweep, started when the app is ready, stopped when it closes.
 */

import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { ApiError, errorReplies, notFoundReply } from './errors.ts';
import { GameService, type Service, type ServiceOptions } from './games.ts';
import { type ImportLimits, ImportWorkers } from './import-worker.ts';
import { parseShallowJson } from './json-limits.ts';
import { AddressQuotas, clientKey, fastifyTrustProxy, limitConnections, type TrustProxy } from './quotas.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { chatRoutes } from './routes/chat.ts';
import { BODY, linkBaseFor, type RouteContext } from './routes/context.ts';
import { gameRoutes } from './routes/games.ts';
import { liveRoutes } from './routes/live.ts';
import { playRoutes } from './routes/play.ts';
import { replayRoutes } from './routes/replays.ts';
import { seatRoutes } from './routes/seats.ts';
import { ShardedService } from './shards.ts';
import type { Store } from './store.ts';
import { securityHeaders, webClient } from './web.ts';
import { type WebhookOptions, Webhooks } from './webhooks.ts';

export { CONTENT_SECURITY_POLICY } from './web.ts';

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

const DEFAULT_RATE_LIMIT = { max: 1200, timeWindow: 60_000 } as const;

/** The API's route modules, registered in this order (each a fastify plugin). */
const ROUTES = [
  catalogRoutes,
  gameRoutes,
  seatRoutes,
  playRoutes,
  replayRoutes,
  chatRoutes,
  liveRoutes,
] as const;

export async function buildApp(opts: AppOptions): Promise<StavkaApp> {
  const publicUrl = (opts.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  const log = opts.service?.log;
  const webhooks = new Webhooks({ log, ...opts.webhooks }, opts.store);
  const service = gameService(opts, publicUrl, webhooks);
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  // Per-address quotas go with the rate limit (off for benchmarks and most tests).
  const rate = opts.rateLimit === false ? null : (opts.rateLimit ?? DEFAULT_RATE_LIMIT);
  const trust = opts.trustProxy ?? false;
  const importer = new ImportWorkers(limits.imports);
  const quotas = new AddressQuotas(limits, rate);
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
    // A plugin's start-up on a busy host (a shard's thread loading the games beside other
    // work) may pass fastify's 10 s: the server starts late rather than not at all.
    pluginTimeout: 60_000,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, allowUnionTypes: true },
    },
  });
  app.server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  if (rate) limitConnections(app.server, limits.connectionsPerAddress, trust);
  guardRequests(app, log);
  await rootPlugins(app, rate);

  const ctx: RouteContext = {
    service,
    store: opts.store,
    quotas,
    importer,
    linkBase: linkBaseFor(publicUrl, opts.linksFromRequest),
    log,
  };
  await app.register(webClient, {
    dist: opts.webDist,
    // A seat link's page names its game (its summary says as much to anyone): see web.ts
    // pageNaming. Read from its stored record, not the game served: a game not in memory
    // is not rebuilt (nor its lock waited for) before the page is sent.
    gameOf: async (id) => (await opts.store.game(id))?.game ?? null,
  });
  for (const routes of ROUTES) await app.register(routes, ctx);

  runAlongside(app, { service, webhooks, importer, limits, log });
  return { app, service, webhooks };
}

/** The games, served in this thread or shared out over worker threads (shards.ts). */
function gameService(opts: AppOptions, publicUrl: string, webhooks: Webhooks): Service {
  const threads = opts.threads ?? 0;
  if (threads > 0 && opts.service?.aiPlayer) throw new Error('a threaded server plays the Stavka AI only');
  return threads > 0
    ? new ShardedService(opts.store, {
        threads,
        service: { ...opts.service, publicUrl },
        webhooks: { allowPrivate: opts.webhooks?.allowPrivate ?? false, wake: () => webhooks.wake() },
      })
    : new GameService(opts.store, { ...opts.service, publicUrl, webhooks });
}

/** What every request passes through, whatever its route (set at the root, before any route). */
function guardRequests(app: FastifyInstance, log: ((line: string) => void) | undefined): void {
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
  securityHeaders(app);
  parseShallowJson(app);
  app.setErrorHandler(errorReplies(log));
  app.setNotFoundHandler(notFoundReply);
}

/** The plugins at the root, so every route has them: the rate limit, compression, WebSockets. */
async function rootPlugins(app: FastifyInstance, rate: { max: number; timeWindow: number } | null) {
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
}

/**
 * What runs beside the routes, started when the app is ready and stopped when it closes:
 * the service, webhook deliveries, the import worker, and the sweep that deletes games
 * nobody joined once they are unjoinedTtlMs old and games of AI against AI paused past
 * their time (the service's AiOnlyLimits.expireMs).
 */
function runAlongside(
  app: FastifyInstance,
  parts: {
    service: Service;
    webhooks: Webhooks;
    importer: ImportWorkers;
    limits: Limits;
    log: ((line: string) => void) | undefined;
  },
): void {
  const { service, webhooks, importer, limits, log } = parts;
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const before = new Date(Date.now() - limits.unjoinedTtlMs).toISOString();
    service
      .expireUnjoined(before)
      .catch((e: unknown) => log?.(`stavka server: expiring unjoined games: ${e}`));
    service.expireIdleAiOnly().catch((e: unknown) => log?.(`stavka server: expiring paused AI games: ${e}`));
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
}
