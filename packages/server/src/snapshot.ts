/**
 * A game state as a snapshot's JSON, and back. The undo record's base state is an
 * earlier state of the same game, so its log is the start of the state's own log: it
 * is stored as its length, not written out a second time (a Mars state late in the
 * game has ~900 log entries, ~120 KB; its snapshot while a player can still take moves
 * back was twice that). Snapshots written whole, as before, read back as they are.
 */
import { type GameState, type LogEntry, sharedStart } from '@stavka/engine';

type State = GameState<unknown>;

/** The base state of an undo record, as stored: its log as the length of the state's log it is. */
interface StoredBase extends Omit<State, 'log'> {
  readonly logLength: number;
}

export function snapshotJson(s: State): string {
  const base = s.undo?.base;
  if (!base || sharedStart(base.log, s.log) !== base.log.length) return JSON.stringify(s);
  const { log, ...rest } = base;
  const stored: StoredBase = { ...rest, logLength: log.length };
  return JSON.stringify({ ...s, undo: { ...s.undo, base: stored } });
}

export function stateFromSnapshot(json: string): State {
  const s = JSON.parse(json) as State;
  const base = s.undo?.base as { logLength?: number; log?: readonly LogEntry[] } | undefined;
  if (base && base.log === undefined && typeof base.logLength === 'number') {
    base.log = s.log.slice(0, base.logLength);
    delete base.logLength;
  }
  return s;
}
