/**
 * The games held in memory, least recently used first out. Before every read or write a
 * game is checked against the database's sequence number (`fresh`), so several processes
 * on one PostgreSQL serve the same games; the live clients here are shown every state
 * another process made on the way.
 */
import { ApiError, notFound } from '../errors.ts';
import type { Store } from '../store.ts';
import type { CachedGame } from './cached-game.ts';
import { rulesFor } from './catalog.ts';
import type { GameLocks } from './locks.ts';
import { applyStored, rebuild, rulesVersionError } from './rebuild.ts';
import type { Watchers } from './watchers.ts';

export class GameCache {
  private readonly games = new Map<string, CachedGame>();

  constructor(
    private readonly store: Store,
    private readonly locks: GameLocks,
    private readonly watchers: Watchers,
    /** Games kept in memory (ServiceOptions.cacheSize). */
    private readonly size: number,
  ) {}

  /** The cached game, loaded if need be (no freshness check: for what never changes). */
  async get(id: string): Promise<CachedGame> {
    const cached = this.games.get(id);
    if (cached) {
      this.games.delete(id);
      this.games.set(id, cached);
      return cached;
    }
    const record = await this.store.game(id);
    if (!record) throw notFound();
    const rules = rulesFor(record.game);
    if (!rules) throw new ApiError(422, 'game/unknown', `this server no longer plays "${record.game}"`);
    const g: CachedGame = {
      id,
      rules,
      record,
      seats: [],
      state: null,
      seq: 0,
      mark: null,
      views: new Map(),
      snapshot: null,
    };
    await this.reload(g);
    const again = this.games.get(id);
    if (again) return again;
    this.games.set(id, g);
    this.evict();
    return g;
  }

  /**
   * The game as the database has it now: catches up on what other processes stored.
   * Live clients here are shown every state on the way, also those another process made.
   * `ask`: ask the database even if the change mark says nothing changed (another
   * process's action was just found stored, before word of it came).
   */
  async fresh(id: string, ask = false): Promise<CachedGame> {
    const g = await this.get(id);
    if (g.record.status === 'over') return g;
    // Nobody else has written since this game was last found current: it still is.
    const mark = this.store.changeMark(id);
    if (!ask && mark !== null && g.mark === mark) return g;
    const now = await this.store.gameSeq(id);
    if (!now) throw notFound();
    if (now.seq === g.seq && now.status === g.record.status) {
      // Seats join, and their tokens are re-issued, without an action.
      g.seats = await this.store.seats(id);
    } else if (now.seq < g.seq) {
      await this.reload(g);
    } else {
      await this.catchUp(g);
    }
    g.mark = mark;
    this.watchers.push(g);
    return g;
  }

  /** The actions other processes stored since game `g` was last current, applied here. */
  private async catchUp(g: CachedGame): Promise<void> {
    if (g.state === null) {
      // It started in another process: watchers here see it from its first state on.
      await this.reload(g, this.watchers.has(g.id) ? 0 : undefined);
      this.watchers.push(g);
    }
    if (g.state === null) return;
    // The game first, then its actions up to it: an action is stored in the same
    // transaction that moves the game's seq, so every one up to that seq is there.
    const record = (await this.store.game(g.id)) ?? g.record;
    const rows = (await this.store.actions(g.id, g.seq)).filter((r) => r.seq <= record.seq);
    for (const row of rows) {
      g.state = applyStored(g, g.state, row);
      g.seq = row.seq;
      if (row.seq < record.seq) this.watchers.push(g);
    }
    g.record = record;
    if (g.record.seq !== g.seq) await this.reload(g);
  }

  /**
   * Rebuilds a game from the database: the latest snapshot, then the actions after it;
   * up to action `upTo` when given (a state watchers here have not been shown yet).
   */
  async reload(g: CachedGame, upTo?: number): Promise<void> {
    const record = await this.store.game(g.id);
    if (!record) throw notFound();
    g.record = record;
    // A game stored under other rules cannot go on under these (its replay would mix two
    // rules versions): refused, its record and actions kept. A finished one is still shown,
    // from its final snapshot, while nothing has to be replayed under these rules.
    if (record.rules_version !== g.rules.rulesVersion && record.status !== 'over') throw rulesVersionError(g);
    g.seats = await this.store.seats(g.id);
    g.views.clear();
    g.snapshot = null;
    if (record.status === 'waiting' || record.seed === null) {
      g.state = null;
      // An imported game waits with the file's actions stored (issue #46).
      g.seq = record.seq;
      return;
    }
    const target = Math.min(record.seq, upTo ?? record.seq);
    const rebuilt = await rebuild(this.store, g, record, target);
    g.state = rebuilt.state;
    g.snapshot = rebuilt.snapshot;
    g.seq = target;
  }

  /** A game deleted from the store: out of the cache. */
  delete(id: string): void {
    this.games.delete(id);
  }

  private evict(): void {
    for (const id of this.games.keys()) {
      if (this.games.size <= this.size) break;
      if (this.watchers.has(id) || this.locks.held(id)) continue;
      this.games.delete(id);
    }
  }
}
