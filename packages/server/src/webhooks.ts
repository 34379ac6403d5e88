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
 * - The queue is in the database (`webhook_deliveries`): a notice not yet delivered when
 *   the process stops is delivered after the next start, and any process serving the
 *   database may deliver it (each takes a delivery by a lease, so one process sends it
 *   at a time; a process dying mid-send leaves it to be sent again when the lease runs
 *   out). Delivery is at least once: receivers can tell repeats by `Stavka-Delivery`.
 *   A notice is queued in the same transaction as the action (or the game's start) it
 *   follows, so it is never lost nor sent for an action that was not stored.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type LookupAddress, lookup } from 'node:dns';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { DeliveryQueue, DeliveryRecord } from './store.ts';

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
  /** How often the queue is looked at for deliveries due (retries, other processes', after a restart). */
  readonly pollMs?: number;
  /** Where delivery errors that are not the receiver's (the database) are told. */
  readonly log?: (line: string) => void;
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
  // Addresses that carry an IPv4 address inside (issue #22: [::7f00:1] reached 127.0.0.1):
  // IPv4-compatible ::/96, IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and its
  // local 64:ff9b:1::/48, 6to4 2002::/16. A public server is reached at its own address.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  // Site-local (deprecated, still routed inside some networks).
  ['fec0::', 10],
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

/** A queue for a Webhooks without a database (tools, tests): in memory, lost on exit. */
export class MemoryDeliveryQueue implements DeliveryQueue {
  private readonly rows = new Map<string, DeliveryRecord>();

  async queueDeliveries(rows: readonly DeliveryRecord[]): Promise<void> {
    for (const r of rows) this.rows.set(r.id, { ...r });
  }

  async dueDeliveries(now: string, limit: number): Promise<DeliveryRecord[]> {
    return [...this.rows.values()]
      .filter((r) => r.due_at <= now)
      .sort((a, b) => (a.due_at < b.due_at ? -1 : a.due_at > b.due_at ? 1 : 0))
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async claimDelivery(id: string, dueAt: string, leaseUntil: string): Promise<boolean> {
    const r = this.rows.get(id);
    if (!r || r.due_at !== dueAt) return false;
    r.due_at = leaseUntil;
    return true;
  }

  async rescheduleDelivery(id: string, attempts: number, dueAt: string): Promise<void> {
    const r = this.rows.get(id);
    if (r) Object.assign(r, { attempts, due_at: dueAt });
  }

  async dropDelivery(id: string): Promise<void> {
    this.rows.delete(id);
  }
}

/** Deliveries taken from the queue at a time. */
const BATCH = 32;
/** A delivery taken is leased for the request's timeout and this much more. */
const LEASE_MARGIN_MS = 5000;

export class Webhooks {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly pollMs: number;
  private readonly allowPrivate: boolean;
  private readonly log: ((line: string) => void) | undefined;
  private readonly queue: DeliveryQueue;
  private timer: NodeJS.Timeout | null = null;
  /** The earliest retry this process scheduled (ms), so the queue is looked at then. */
  private nextRetry = Number.POSITIVE_INFINITY;
  private pumping: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly requests = new Set<ClientRequest>();
  private inFlight = 0;
  /** Deliveries this process failed and will try again (until another process takes them). */
  private readonly retrying = new Map<string, number>(); // id -> when it is due (ms)
  /** Delivered; failed for good; refused (an internal address): counters for tests and logs. */
  delivered = 0;
  failed = 0;
  refused = 0;

  /** `queue`: where notices wait (the server's database); in memory when not given. */
  constructor(opts: WebhookOptions = {}, queue: DeliveryQueue = new MemoryDeliveryQueue()) {
    this.attempts = opts.attempts ?? 6;
    this.backoffMs = opts.backoffMs ?? 1000;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.pollMs = opts.pollMs ?? 2000;
    this.allowPrivate = opts.allowPrivate ?? false;
    this.log = opts.log;
    this.queue = queue;
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
    // A fully qualified name's trailing dot names the same host ("localhost." is
    // localhost: issue #46).
    const host = u.hostname
      .replace(/^\[|\]$/g, '')
      .replace(/\.+$/, '')
      .toLowerCase();
    if (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      (isIP(host) !== 0 && isInternalAddress(host))
    ) {
      return `a webhook cannot point at this server's own network (${u.hostname})`;
    }
    return null;
  }

  /**
   * Starts delivering: what is due now (notices left from before a restart, or queued by
   * another process), then whatever comes due, looking at the queue every `pollMs`.
   */
  start(): void {
    this.kick();
  }

  /**
   * Queues a notice for a URL, signed with the secret; resolves once it is stored, not
   * delivered. (The game service queues its notices with the change itself: SeatNotice.)
   */
  async send(url: string, secret: string | null, notice: WebhookNotice): Promise<void> {
    const now = new Date().toISOString();
    await this.queue.queueDeliveries([
      {
        id: randomUUID(),
        game_id: notice.gameId,
        side: notice.side,
        url,
        secret,
        body: JSON.stringify(notice),
        attempts: 0,
        due_at: now,
        created_at: now,
      },
    ]);
    this.kick();
  }

  /** Notices were queued (with the change that caused them): deliver them now. */
  wake(): void {
    this.kick();
  }

  /** Deliveries this process is making or will retry. */
  get pending(): number {
    this.forgetRetriesTaken();
    return this.inFlight + this.retrying.size;
  }

  /** A retry another process took is forgotten here once its lease would have run out. */
  private forgetRetriesTaken(): void {
    const gone = Date.now() - this.timeoutMs - LEASE_MARGIN_MS;
    for (const [id, due] of this.retrying) if (due < gone) this.retrying.delete(id);
  }

  /** Delivers what is due; one pass at a time (a kick during one makes another after it). */
  private kick(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((e: unknown) => this.log?.(`stavka webhooks: ${(e as Error)?.stack ?? String(e)}`))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule();
      });
  }

  private async pump(): Promise<void> {
    while (!this.closed) {
      const due = await this.queue.dueDeliveries(new Date().toISOString(), BATCH);
      if (due.length === 0) return;
      const taken = await Promise.all(due.map((d) => this.deliver(d)));
      if (!taken.some(Boolean)) return; // all taken by other processes
    }
  }

  /** The next look at the queue: at the earliest retry scheduled here, or after pollMs. */
  private schedule(): void {
    if (this.closed) return;
    this.forgetRetriesTaken();
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.nextRetry - Date.now(), this.pollMs));
    this.nextRetry = Number.POSITIVE_INFINITY;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, wait);
    this.timer.unref();
  }

  /** One attempt at a due delivery; false if another process had taken it. */
  private async deliver(d: DeliveryRecord): Promise<boolean> {
    const lease = new Date(Date.now() + this.timeoutMs + LEASE_MARGIN_MS).toISOString();
    if (!(await this.queue.claimDelivery(d.id, d.due_at, lease))) return false;
    this.retrying.delete(d.id);
    this.inFlight++;
    let outcome: 'delivered' | 'refused' | 'failed';
    try {
      outcome = (await this.post(d.url, d.secret, d.body, d.id)) ? 'delivered' : 'failed';
    } catch (e) {
      outcome = e instanceof Refused ? 'refused' : 'failed';
    } finally {
      this.inFlight--;
    }
    // Shutting down: a delivery cut short stays leased, and is due again after the lease.
    if (this.closed && outcome === 'failed') return true;
    const attempts = d.attempts + 1;
    if (outcome === 'failed' && attempts < this.attempts) {
      const at = Date.now() + this.backoffMs * 2 ** (attempts - 1);
      await this.queue.rescheduleDelivery(d.id, attempts, new Date(at).toISOString());
      this.retrying.set(d.id, at);
      this.nextRetry = Math.min(this.nextRetry, at);
      return true;
    }
    this[outcome]++;
    await this.queue.dropDelivery(d.id);
    return true;
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
      this.requests.add(req);
      req.on('close', () => this.requests.delete(req));
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (e) => (e instanceof Refused ? reject(e) : resolve(false)));
      req.end(body);
    });
  }

  /**
   * Stops delivering (server shutdown): requests under way are cut short and what is
   * still queued waits in the database for the next start (or another process).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const req of this.requests) req.destroy(new Error('shutting down'));
    await this.pumping;
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
