/**
 * A game state as a snapshot's JSON, and back. The undo record's base state is an
 * earlier state of the same game, so its log is the start of the state's own log: it
 * is stored as its length, not written out a second time (a hex game's state late in
 * the game has ~900 log entries, ~120 KB; its snapshot while a player can still take moves
 * back was twice that). Snapshots written whole, as before, read back as they are.
 * The log is written from each entry's JSON, kept from the first live update or snapshot
 * that wrote it (live.ts, logEntriesJson).
 */
import { type GameState, type LogEntry, sharedStart } from '@stavka/engine';
import { logEntriesJson } from './live.ts';

type State = GameState<unknown>;

/** The base state of an undo record, as stored: its log as the length of the state's log it is. */
interface StoredBase extends Omit<State, 'log'> {
  readonly logLength: number;
}

export function snapshotJson(s: State): string {
  const { log, ...rest } = s;
  const base = s.undo?.base;
  let body: object = rest;
  if (base && sharedStart(base.log, log) === base.log.length) {
    const { log: baseLog, ...baseRest } = base;
    const stored: StoredBase = { ...baseRest, logLength: baseLog.length };
    body = { ...rest, undo: { ...s.undo, base: stored } };
  }
  // The log first, as the JSON of its entries joined; then the rest.
  const text = JSON.stringify({ log: 0, ...body });
  return `{"log":${logEntriesJson(log)}${text.slice(LOG_FIELD.length)}`;
}

const LOG_FIELD = '{"log":0';

export function stateFromSnapshot(json: string): State {
  const s = JSON.parse(json) as State;
  const base = s.undo?.base as { logLength?: number; log?: readonly LogEntry[] } | undefined;
  if (base && base.log === undefined && typeof base.logLength === 'number') {
    base.log = s.log.slice(0, base.logLength);
    delete base.logLength;
  }
  return s;
}
