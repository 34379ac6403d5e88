/**
 * Starting a server: `npm start`, `stavka serve`, or this file run directly. Storage
 * is SQLite under ./data/ unless DATABASE_URL (or `db`) names a PostgreSQL database.
 */
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { buildApp, type Limits, type StavkaApp } from './app.ts';
import { isPostgresUrl } from './db.ts';
import { proxyEntryProblem, type TrustProxy } from './quotas.ts';
import { openStore, type Store } from './store.ts';
import { useServerV8Settings } from './v8-settings.ts';

export interface ServeOptions {
  readonly port?: number;
  readonly host?: string;
  /** A SQLite file path or a postgres:// URL; default DATABASE_URL, else ./data/stavka.sqlite. */
  readonly db?: string;
  readonly publicUrl?: string;
  readonly rateLimit?: { max: number; timeWindow: number } | false;
  /** Worker threads running the games' rules; 0: all in the main thread. Default STAVKA_THREADS, else 0. */
  readonly threads?: number;
  /** Whose X-Forwarded-For names the client; default STAVKA_TRUST_PROXY, else nobody's. */
  readonly trustProxy?: TrustProxy;
  /** Quotas and time limits; default those of the environment (envLimits), else DEFAULT_LIMITS. */
  readonly limits?: Partial<Limits>;
  readonly log?: (msg: string) => void;
}

export interface RunningServer extends StavkaApp {
  readonly url: string;
  /** Where other machines reach it (networkUrls): none when it listens on loopback only. */
  readonly networkUrls: readonly string[];
  readonly store: Store;
  /** Worker threads running the games (0: all in the main thread). */
  readonly threads: number;
  close(): Promise<void>;
}

export function defaultDatabase(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL || env.STAVKA_DB || 'data/stavka.sqlite';
}

export async function startServer(opts: ServeOptions = {}): Promise<RunningServer> {
  // Settings are checked before anything opens: a bad one stops here, saying which.
  const port = opts.port ?? envPort();
  const host = opts.host ?? (process.env.HOST || '0.0.0.0');
  const limit = opts.rateLimit !== undefined ? opts.rateLimit : envRateLimit();
  const allowPrivate = webhooksToPrivate(); // a bad setting is refused before anything opens
  const threads = opts.threads ?? envThreads();
  const configured = opts.publicUrl ?? envPublicUrl();
  const trustProxy = opts.trustProxy ?? envTrustProxy();
  const limits = { ...envLimits(), ...opts.limits };
  useServerV8Settings();
  const store = await openStore(opts.db ?? defaultDatabase());
  const built = await buildApp({
    store,
    // Not set: links follow the address each player reached the server at (its LAN
    // address, say); webhook notices, sent with no request, say localhost.
    publicUrl: configured ?? `http://localhost:${port}`,
    linksFromRequest: configured === undefined,
    webhooks: { allowPrivate },
    ...(limit !== undefined ? { rateLimit: limit } : {}),
    trustProxy,
    limits,
    threads,
    service: { log: opts.log ?? ((m) => process.stderr.write(`${m}\n`)) },
  });
  try {
    await built.app.listen({ port, host });
  } catch (e) {
    await built.app.close().catch(() => {});
    await store.close();
    throw e;
  }
  const address = built.app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    ...built,
    store,
    threads,
    url: `http://localhost:${actualPort}`,
    networkUrls: networkUrls(host, actualPort),
    async close() {
      await built.app.close();
      await store.close();
    },
  };
}

/**
 * The addresses other machines on the network reach a server at, listening on `host`:
 * on all addresses (0.0.0.0, ::), each of the machine's own IPv4 addresses but loopback
 * (what a player types for a server on the LAN); on one address, that one unless it is
 * loopback. Seat links follow the address a game is created at (app.ts), so a game
 * created there gives links the other player can open.
 */
export function networkUrls(
  host: string,
  port: number,
  nets: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (host === '0.0.0.0' || host === '::') {
    const urls = Object.values(nets)
      .flatMap((list) => list ?? [])
      .filter((n) => n.family === 'IPv4' && !n.internal)
      .map((n) => `http://${n.address}:${port}`);
    return [...new Set(urls)];
  }
  if (host === 'localhost' || /^127\./.test(host) || host === '::1') return [];
  return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
}

/** PORT: 0-65535 (0: any free port); default 8080. */
export function envPort(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.PORT;
  if (v === undefined || v === '') return 8080;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT is a port number, not "${v}"`);
  return n;
}

/**
 * STAVKA_PUBLIC_URL: the address players reach the server at, for seat links and webhook
 * notices (behind a proxy, its https address): an http or https URL, no query or
 * fragment. Unset or empty: undefined (links from each request's own address).
 */
export function envPublicUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const v = env.STAVKA_PUBLIC_URL;
  if (v === undefined || v === '') return undefined;
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch {
    // not a URL: said below
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || u.username) {
    throw new Error(
      `STAVKA_PUBLIC_URL is the http or https address players reach the server at, such as https://stavka.example.org, not "${v}"`,
    );
  }
  return `${u.origin}${u.pathname}`.replace(/\/$/, '');
}

/**
 * STAVKA_THREADS: how many worker threads share the games and run their rules
 * (shards.ts), 0 to 64. Unset or 0: everything in the main thread. Threads pay off with
 * many games at once on several cores (2 cores, 16 live games: ~1.4x the moves a
 * second); with 8 games, or a PostgreSQL on the same 2 cores, one thread did as well or
 * better (the bench's load run measures both).
 */
export function envThreads(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.STAVKA_THREADS;
  if (v === undefined || v === '') return 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 64) {
    throw new Error(`STAVKA_THREADS is a number of threads from 0 to 64, not "${v}"`);
  }
  return n;
}

/** STAVKA_RATE_LIMIT: requests a minute per client, or "off"; unset: the default (1200). */
export function envRateLimit(
  env: NodeJS.ProcessEnv = process.env,
): { max: number; timeWindow: number } | false | undefined {
  const v = env.STAVKA_RATE_LIMIT;
  if (v === undefined || v === '') return undefined;
  if (v === 'off') return false;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`STAVKA_RATE_LIMIT is a number of requests a minute or "off", not "${v}"`);
  }
  return { max: n, timeWindow: 60_000 };
}

/**
 * STAVKA_TRUST_PROXY: the addresses or networks of the proxies in front of the server,
 * comma-separated (`127.0.0.1`, `10.0.0.0/8`, `::1`, or loopback, linklocal, uniquelocal),
 * whose X-Forwarded-For then names the client for the rate limit and the quotas. Unset,
 * empty or "off": nobody's (each client is the address its connection comes from).
 */
export function envTrustProxy(env: NodeJS.ProcessEnv = process.env): TrustProxy {
  const v = env.STAVKA_TRUST_PROXY;
  if (v === undefined || v.trim() === '' || v === 'off') return false;
  const entries = v.split(',').map((e) => e.trim());
  for (const e of entries) {
    const why = proxyEntryProblem(e);
    if (why) {
      throw new Error(
        `STAVKA_TRUST_PROXY is the proxies' addresses or networks, comma-separated (127.0.0.1, 10.0.0.0/8, loopback), or "off": ${why}`,
      );
    }
  }
  return entries;
}

/** A whole number setting from `min` to `max`, or undefined when unset; a bad value stops the server. */
function envWhole(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
  what: string,
): number | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} is ${what} from ${min} to ${max}, not "${v}"`);
  }
  return n;
}

/**
 * The quotas the environment sets (unset: DEFAULT_LIMITS in app.ts):
 * STAVKA_GAMES_PER_HOUR (games one address may create or import in an hour, 1-100000;
 * default 30), STAVKA_CONNECTIONS_PER_ADDRESS (connections one address holds at once,
 * 1-10000; default 32), STAVKA_UNJOINED_HOURS (a game still waiting for a seat this many
 * hours after it was made is deleted, 1-8760; default 72).
 */
export function envLimits(env: NodeJS.ProcessEnv = process.env): Partial<Limits> {
  const games = envWhole(env, 'STAVKA_GAMES_PER_HOUR', 1, 100_000, 'a number of games');
  const connections = envWhole(env, 'STAVKA_CONNECTIONS_PER_ADDRESS', 1, 10_000, 'a number of connections');
  const hours = envWhole(env, 'STAVKA_UNJOINED_HOURS', 1, 8760, 'a number of hours');
  return {
    ...(games !== undefined ? { gamesPerWindow: games, gamesWindowMs: 3_600_000 } : {}),
    ...(connections !== undefined ? { connectionsPerAddress: connections } : {}),
    ...(hours !== undefined ? { unjoinedTtlMs: hours * 3_600_000 } : {}),
  };
}

/**
 * STAVKA_WEBHOOK_PRIVATE=allow: webhooks may point at loopback and private addresses
 * (a server and its players on one private network). By default they may not.
 */
export function webhooksToPrivate(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.STAVKA_WEBHOOK_PRIVATE;
  if (v === undefined || v === '' || v === 'deny') return false;
  if (v === 'allow') return true;
  throw new Error(`STAVKA_WEBHOOK_PRIVATE is "allow" or "deny", not "${v}"`);
}

/**
 * Stops the server on SIGINT or SIGTERM: a clean close finishes in-flight requests;
 * past 3 s it stops anyway (every acknowledged action is already committed).
 */
export function stopOnSignals(server: RunningServer): void {
  const stop = () => {
    setTimeout(() => process.exit(0), 3000).unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Describes where games are stored, without credentials (and the threads, if any). */
export function describeStore(store: Store, threads = 0): string {
  const where = store.kind === 'sqlite' ? `SQLite ${store.where}` : `PostgreSQL ${store.where}`;
  return threads > 0 ? `${where}; ${threads} worker thread${threads === 1 ? '' : 's'} for the games` : where;
}

export { isPostgresUrl };
