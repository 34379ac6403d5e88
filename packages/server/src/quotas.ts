/**
 * What one client address may take of the server (issue #22): games created in a window,
 * connections open at once, live-channel messages across all its connections. Kept in
 * memory, per process (several processes on one database each count their own).
 */
import { BlockList, isIP, type Server, type Socket } from 'node:net';
import { ApiError } from './errors.ts';

/**
 * Whom a quota counts: an IPv4 address, or an IPv6 address's /64 network (one host is
 * usually given a whole /64, and could otherwise take a fresh address for every request).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::') as [string?, string?];
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Counts per key in a fixed window; all counts start again when it ends. */
export class WindowQuota {
  private counts = new Map<string, number>();
  private windowStart = Date.now();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Whether `key` may take `n` more now (and takes them if so): requests, or bytes. */
  take(key: string, n = 1): boolean {
    const t = Date.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t;
      this.counts = new Map();
    }
    const had = this.counts.get(key) ?? 0;
    if (had + n > this.max) return false;
    this.counts.set(key, had + n);
    return true;
  }

  /** Whether `key` has taken all it may in this window (takes nothing). */
  spent(key: string): boolean {
    if (Date.now() - this.windowStart >= this.windowMs) return false;
    return (this.counts.get(key) ?? 0) >= this.max;
  }

  /** Milliseconds until the window ends (a Retry-After). */
  retryAfterMs(): number {
    return Math.max(0, this.windowStart + this.windowMs - Date.now());
  }
}

/** Things open at once per key (connections): at most `max` each. */
export class OpenQuota {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Whether `key` may open one more (and counts it if so); each true is closed once. */
  acquire(key: string): boolean {
    const n = this.open.get(key) ?? 0;
    if (n >= this.max) return false;
    this.open.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

/**
 * STAVKA_TRUST_PROXY: whose X-Forwarded-For the server believes. `false`: nobody's
 * (each client is the address its connection comes from); else the proxies' addresses
 * and networks (`127.0.0.1`, `10.0.0.0/8`, `::1`, or the names loopback, linklocal,
 * uniquelocal). The client is then the last address in X-Forwarded-For that is not one
 * of them.
 */
export type TrustProxy = false | readonly string[];

const NAMED: Readonly<Record<string, readonly (readonly [string, number, 'ipv4' | 'ipv6'])[]>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Why `entry` is no proxy address, network or name (null if it is one). */
export function proxyEntryProblem(entry: string): string | null {
  if (Object.hasOwn(NAMED, entry)) return null;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return `"${entry}" is no address, network or name`;
  if (bits === undefined) return null;
  const n = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || n > (family === 4 ? 32 : 128))
    return `"${entry}" has no valid prefix length`;
  return null;
}

/**
 * Whether a connection from `address` comes through a trusted proxy (its own address is
 * not the client's, so it is not counted as one client).
 */
export function trustedProxy(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  const list = new BlockList();
  for (const entry of trust) {
    const named = Object.hasOwn(NAMED, entry) ? NAMED[entry]! : null;
    if (named) {
      for (const [net, bits, family] of named) list.addSubnet(net, bits, family);
      continue;
    }
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return list.check(mapped[1]!, 'ipv4');
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The setting as fastify's `trustProxy` takes it. */
export function fastifyTrustProxy(trust: TrustProxy): false | string {
  return trust === false ? false : trust.join(',');
}

/**
 * Connections one address holds open at once, HTTP and live: one more is closed as it
 * comes. A trusted proxy's are its clients', counted on the live channel by the address
 * it forwards.
 */
export function limitConnections(server: Server, max: number, trust: TrustProxy): void {
  const open = new OpenQuota(max);
  const proxy = trustedProxy(trust);
  server.on('connection', (socket: Socket) => {
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

/** The per-address quotas the API's routes keep (docs/api.md "Limits and quotas"). */
export interface AddressLimits {
  readonly gamesPerWindow: number;
  readonly gamesWindowMs: number;
  readonly connectionsPerAddress: number;
  readonly chatBytesPerWindow: number;
  readonly chatWindowMs: number;
}

/**
 * What each client address (`clientKey`) may take through the routes: new games, one
 * import at a time, chat bytes, live channels and their messages. Off (`rate` null: the
 * rate limit turned off, for benchmarks and tests), every check passes.
 */
export class AddressQuotas {
  private readonly games: WindowQuota;
  private readonly importing = new OpenQuota(1);
  private readonly chatBytes: WindowQuota;
  private readonly liveChannels: OpenQuota;
  /** One budget for all of an address's channels: reconnecting buys no new one. */
  private readonly liveMessages: WindowQuota | null;
  private readonly on: boolean;

  constructor(limits: AddressLimits, rate: { max: number; timeWindow: number } | null) {
    this.on = rate !== null;
    this.games = new WindowQuota(limits.gamesPerWindow, limits.gamesWindowMs);
    this.chatBytes = new WindowQuota(limits.chatBytesPerWindow, limits.chatWindowMs);
    this.liveChannels = new OpenQuota(limits.connectionsPerAddress);
    this.liveMessages = rate ? new WindowQuota(rate.max, rate.timeWindow) : null;
  }

  /** A new game (made or imported) from `from`: within its quota, else 429 request/quota. */
  newGame(from: string): void {
    if (this.on && !this.games.take(from)) throw this.gamesSpent();
  }

  /** Refuses a new game from an address whose quota is spent (before its body is read). */
  gamesLeft(from: string): void {
    if (this.on && this.games.spent(from)) throw this.gamesSpent();
  }

  private gamesSpent(): ApiError {
    const { max, windowMs } = this.games;
    return new ApiError(
      429,
      'request/quota',
      `at most ${max} new games from one address in ${Math.round(windowMs / 60_000)} minutes: try again in ${Math.ceil(this.games.retryAfterMs() / 60_000)} minutes`,
    );
  }

  /** Runs `replay`, the one import of `from` under way at a time (else 429 request/quota). */
  async oneImport<T>(from: string, replay: () => Promise<T>): Promise<T> {
    if (this.on && !this.importing.acquire(from)) {
      throw new ApiError(429, 'request/quota', 'one import at a time from one address');
    }
    try {
      return await replay();
    } finally {
      if (this.on) this.importing.release(from);
    }
  }

  /** Chat text from `from`, counted in bytes, not characters: 1,000 characters may be 3,000 bytes (issue #46). */
  chat(from: string, text: string): void {
    if (this.on && !this.chatBytes.take(from, Buffer.byteLength(text, 'utf8'))) {
      const { max, windowMs } = this.chatBytes;
      throw new ApiError(
        429,
        'request/quota',
        `an address sends at most ${max / 1024} KiB of chat in ${windowMs / 60_000} minutes`,
      );
    }
  }

  /** Whether `from` may open one more live channel (each true closed once by `closeLive`). */
  openLive(from: string): boolean {
    return !this.on || this.liveChannels.acquire(from);
  }

  closeLive(from: string): void {
    if (this.on) this.liveChannels.release(from);
  }

  /** Whether `from` may send one more live message now. */
  liveMessage(from: string): boolean {
    return !this.liveMessages || this.liveMessages.take(from);
  }
}
