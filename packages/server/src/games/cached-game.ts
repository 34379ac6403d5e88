/**
 * A game as this process holds it in memory (the cache, cache.ts): its stored record and
 * seats, its state rebuilt from the database, and the views made of that state.
 */
import type { Action, GameRules, GameState } from '@stavka/engine';
import type { Sent } from '../live.ts';
import type { StoredSnapshot } from '../snapshot.ts';
import type { GameRecord, SeatRecord } from '../store.ts';
import type { SeatView } from './views.ts';

export type AnyRules = GameRules<unknown, Action, Record<string, unknown>>;
export type State = GameState<unknown>;

export interface CachedGame {
  readonly id: string;
  readonly rules: AnyRules;
  record: GameRecord;
  seats: SeatRecord[];
  /** null while seats are still joining. */
  state: State | null;
  seq: number;
  /** The store's change mark when this cache was last found current (see Store.changeMark). */
  mark: number | null;
  /** Views computed for the current state, by side ('*' for spectators). */
  views: Map<string, CachedView>;
  /**
   * The latest of its snapshots this process knows is stored (it read or wrote it), with
   * its whole log: the next snapshot goes on from it (snapshot.ts). null: none known, the
   * next one is written whole.
   */
  snapshot: StoredSnapshot | null;
}

/** A view made for one side (or the spectators) at one state, and its live messages. */
export interface CachedView {
  /** The state it was made at (viewKey). */
  key: string;
  value: SeatView;
  /** What a watcher sent this view holds (liveMessage diffs against it). */
  sent: Sent;
  /** The whole-view message a new watcher of this side is sent, made once. */
  whole?: string;
}
