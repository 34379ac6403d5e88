/**
 * One lock per game: what reads or changes a game runs after what was asked of it before,
 * one at a time, whether the one before succeeded or failed.
 */
export class GameLocks {
  /** Per game: the end of the last work queued on it (never rejects). */
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` once the game's earlier work is done; its result, or its error. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(id) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => {});
    this.tails.set(id, tail);
    tail.then(() => {
      if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return run;
  }

  /** Work is queued on game `id` (the cache keeps it). */
  held(id: string): boolean {
    return this.tails.has(id);
  }

  /** Once every game's queued work has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.tails.values()]);
  }
}
