/**
 * Webhooks for by-turns play: when a seat has something to do (or the game ends),
 * the server POSTs a small JSON notice to the seat's URL. Delivery runs beside the
 * request that caused it (never blocks it), with retries and exponential back-off.
 *
 * - Signed: each seat's webhook has its own secret (given once, when the URL is set);
 *   every delivery carries `Stavka-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "<t>.<body>">` and `Stavka-Delivery: <id>` (the same on every retry of one notice).
 * - Never at the server's own network: a URL whose host is, or resolves to, a loopback,
 *   private, link-local or otherwise internal address is refused when set and again at
 *   each delivery (the address checked is the one connected to, so a DNS answer that
 *   changes in between cannot slip through). `allowPrivate` (STAVKA_WEBHOOK_PRIVATE=allow)
 *   lifts this for a server on a private network, and for tests.
 * - The queue is in memory: a notice pending when the process stops is lost, and the
 *   player still finds the game waiting for them (the notice is a reminder, the game
 *   state is the truth).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type LookupAddress, lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

export interface WebhookNotice {
  readonly event: 'your-turn' | 'game-over' | 'game-started';
  readonly gameId: string;
  readonly side: string;
  readonly stateId: number;
  /** Where to fetch the seat's view (with the seat's token). */
  readonly view: string;
}

export interface WebhookOptions {
  /** Attempts in all, the first included. */
  readonly attempts?: number;
  /** The first retry waits this long; each next one twice as long. */
  readonly backoffMs?: number;
  readonly timeoutMs?: number;
  /** Deliver to loopback and private addresses too (a server on a private network; tests). */
  readonly allowPrivate?: boolean;
}

/** Addresses a webhook may not reach unless allowPrivate: everything not on the public internet. */
const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is internal (IPv4-mapped IPv6 addresses are judged as IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A new webhook secret: shown to the seat once, used to sign what is sent to it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The signature header of a body sent at unix time `t` (what a receiver recomputes). */
export function signature(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

class Refused extends Error {}

export class Webhooks {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly allowPrivate: boolean;
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  /** Delivered; failed for good; refused (an internal address): counters for tests and logs. */
  delivered = 0;
  failed = 0;
  refused = 0;

  constructor(opts: WebhookOptions = {}) {
    this.attempts = opts.attempts ?? 6;
    this.backoffMs = opts.backoffMs ?? 1000;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.allowPrivate = opts.allowPrivate ?? false;
  }

  /** Why a URL cannot be a webhook, or null if it can (as far as can be told before resolving it). */
  check(url: string): string | null {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return 'a webhook is an absolute http(s) URL';
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'a webhook is an absolute http(s) URL';
    if (u.username || u.password) return 'a webhook URL carries no user name or password';
    if (this.allowPrivate) return null;
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      (isIP(host) !== 0 && isInternalAddress(host))
    ) {
      return `a webhook cannot point at this server's own network (${u.hostname})`;
    }
    return null;
  }

  /** Queues a notice for a URL, signed with the seat's secret; returns at once. */
  send(url: string, secret: string | null, notice: WebhookNotice): void {
    this.attempt(url, secret, JSON.stringify(notice), randomUUID(), 1);
  }

  get pending(): number {
    return this.inFlight + this.timers.size;
  }

  private attempt(url: string, secret: string | null, body: string, id: string, n: number): void {
    this.inFlight++;
    this.post(url, secret, body, id).then(
      (ok) => {
        this.inFlight--;
        if (ok) this.delivered++;
        else this.retry(url, secret, body, id, n);
      },
      (e: unknown) => {
        this.inFlight--;
        if (e instanceof Refused) this.refused++;
        else this.retry(url, secret, body, id, n);
      },
    );
  }

  private retry(url: string, secret: string | null, body: string, id: string, n: number): void {
    if (n >= this.attempts) {
      this.failed++;
      return;
    }
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        this.attempt(url, secret, body, id, n + 1);
      },
      this.backoffMs * 2 ** (n - 1),
    );
    t.unref();
    this.timers.add(t);
  }

  /** One POST: true on a 2xx answer; rejects with Refused for an internal address. */
  private post(url: string, secret: string | null, body: string, id: string): Promise<boolean> {
    const why = this.check(url);
    if (why) return Promise.reject(new Refused(why));
    const u = new URL(url);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'stavka-server',
      'stavka-delivery': id,
    };
    if (secret) headers['stavka-signature'] = signature(secret, Math.floor(Date.now() / 1000), body);
    return new Promise((resolve, reject) => {
      const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(
        u,
        {
          method: 'POST',
          headers,
          timeout: this.timeoutMs,
          lookup: this.allowPrivate ? undefined : publicOnly,
        },
        (res) => {
          res.resume(); // the answer's body is not needed
          const status = res.statusCode ?? 0;
          resolve(status >= 200 && status < 300);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (e) => (e instanceof Refused ? reject(e) : resolve(false)));
      req.end(body);
    });
  }

  /** Drops every retry still waiting (server shutdown). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** dns.lookup for the connection itself, refusing internal addresses (exported for tests). */
export function publicOnly(
  hostname: string,
  options: { all?: boolean },
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const bad = addresses.find((a) => isInternalAddress(a.address));
    if (bad) return callback(new Refused(`${hostname} is at an internal address (${bad.address})`), '');
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error(`${hostname}: no address`), '');
    callback(null, first.address, first.family);
  });
}
