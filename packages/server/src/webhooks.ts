/**
 * Webhooks for by-turns play: when a seat has something to do (or the game ends),
 * the server POSTs a small JSON notice to the seat's URL. Delivery runs beside the
 * request that caused it (never blocks it), with retries and exponential back-off.
 * The queue is in memory: a notice pending when the process stops is lost, and the
 * player still finds the game waiting for them (the notice is a reminder, the game
 * state is the truth).
 */
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
  /** For tests: a fetch to use instead of the global one. */
  readonly fetch?: typeof fetch;
}

export class Webhooks {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  /** Delivered, failed for good: counters for tests and logs. */
  delivered = 0;
  failed = 0;

  constructor(opts: WebhookOptions = {}) {
    this.attempts = opts.attempts ?? 6;
    this.backoffMs = opts.backoffMs ?? 1000;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.doFetch = opts.fetch ?? fetch;
  }

  /** Queues a notice; returns at once. */
  send(url: string, notice: WebhookNotice): void {
    this.attempt(url, notice, 1);
  }

  get pending(): number {
    return this.inFlight + this.timers.size;
  }

  private attempt(url: string, notice: WebhookNotice, n: number): void {
    this.inFlight++;
    this.doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'stavka-server' },
      body: JSON.stringify(notice),
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'manual',
    })
      .then(
        (res) => res.ok,
        () => false,
      )
      .then((ok) => {
        this.inFlight--;
        if (ok) {
          this.delivered++;
          return;
        }
        if (n >= this.attempts) {
          this.failed++;
          return;
        }
        const t = setTimeout(
          () => {
            this.timers.delete(t);
            this.attempt(url, notice, n + 1);
          },
          this.backoffMs * 2 ** (n - 1),
        );
        t.unref();
        this.timers.add(t);
      });
  }

  /** Drops every retry still waiting (server shutdown). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
