/**
 * A game state as a snapshot's JSON, and back. The undo record's base state is an
 * earlier state of the same game, so its log is the start of the state's own log: it
 * is stored as its length, not written out a second time (a hex game's state late in
 * the game has ~900 log entries, ~120 KB; its snapshot while a player can still take moves
 * back was twice that). The log is written from each entry's JSON, kept from the first
 * live update or snapshot that wrote it (live.ts, logEntriesJson).
 *
 * A snapshot continues the log of the one before it: it holds only the entries written
 * since (`log`), and `logFrom: {seq, keep}` says whose log they follow and how much of it
 * (an undo may have taken back entries that snapshot held; those it wrote again, equal,
 * are kept). Its log is then that
 * snapshot's log, its first `keep` entries, and these. Written whole, a snapshot held the
 * whole log every time: late in a game ~150 KB written again every 100 actions, for
 * ~10% of a server's CPU a move (issue #49). A snapshot is written whole when there is
 * none before it that this process knows is stored, and after MAX_LINKS continuations in
 * a row, so a game is read back from at most MAX_LINKS + 1 of them. Snapshots written
 * whole, as before, read back as they are.
 */
import { type GameState, type LogEntry, sharedStart } from '@stavka/engine';
import { logEntriesJson, logEntryJson } from './live.ts';

type State = GameState<unknown>;

/** The base state of an undo record, as stored: its log as the length of the state's log it is. */
interface StoredBase extends Omit<State, 'log'> {
  readonly logLength: number;
}

/** Where a snapshot's log goes on from: the snapshot at `seq`, the first `keep` entries of its log. */
export interface LogLink {
  readonly seq: number;
  readonly keep: number;
}

/**
 * A snapshot known to be stored, with its whole log: the next snapshot goes on from it.
 * `links`: how many continuations lead to it from a snapshot written whole (0: it is whole).
 */
export interface StoredSnapshot {
  readonly seq: number;
  readonly log: readonly LogEntry[];
  readonly links: number;
}

/** Continuations in a row before a snapshot is written whole again: a game reads back at most one more. */
export const MAX_LINKS = 15;

/**
 * The snapshot of `s`: a continuation of `before` (a stored snapshot's, see StoredSnapshot)
 * when given and fewer than MAX_LINKS continuations lead to it, else whole. Either way
 * `s`'s log is what it reads back with (completeSnapshot).
 */
export function snapshotJson(s: State, before?: StoredSnapshot | null): string {
  return writeSnapshot(s, before).json;
}

/** snapshotJson, and how many continuations lead to that snapshot from one written whole (0: it is whole). */
export function writeSnapshot(s: State, before?: StoredSnapshot | null): { json: string; links: number } {
  const { log, ...rest } = s;
  const base = s.undo?.base;
  let body: object = rest;
  if (base && sharedStart(base.log, log) === base.log.length) {
    const { log: baseLog, ...baseRest } = base;
    const stored: StoredBase = { ...baseRest, logLength: baseLog.length };
    body = { ...rest, undo: { ...s.undo, base: stored } };
  }
  // The log first, as the JSON of its entries joined; then where it goes on from; then the rest.
  const text = JSON.stringify({ log: 0, ...body });
  const link: LogLink | null =
    before && before.links < MAX_LINKS ? { seq: before.seq, keep: keptEntries(before.log, log) } : null;
  const from = link ? `,"logFrom":{"seq":${link.seq},"keep":${link.keep}}` : '';
  return {
    json: `{"log":${logEntriesJson(log, link?.keep ?? 0)}${from}${text.slice(LOG_FIELD.length)}`,
    links: link ? before!.links + 1 : 0,
  };
}

const LOG_FIELD = '{"log":0';

/**
 * How many entries `log` shares with `before` from the start: the same entries, and then
 * equal ones. Taking moves back replays the others from the undo record's base, and so
 * writes their entries again, equal but new: without them a snapshot after an undo held
 * every entry since that base (a whole movement phase's, say), not only the new ones.
 */
function keptEntries(before: readonly LogEntry[], log: readonly LogEntry[]): number {
  let keep = sharedStart(before, log);
  const n = Math.min(before.length, log.length);
  while (keep < n && logEntryJson(before[keep]!) === logEntryJson(log[keep]!)) keep++;
  return keep;
}

/** A snapshot as read: its state with only its own log entries, and whose log they go on from (null: whole). */
export interface ReadSnapshot {
  readonly state: State;
  readonly logFrom: LogLink | null;
}

/** A snapshot's JSON read; its log is its own entries only until completed (completeSnapshot). */
export function readSnapshot(json: string): ReadSnapshot {
  const s = JSON.parse(json) as State & { logFrom?: unknown };
  const from = s.logFrom as Partial<LogLink> | undefined;
  delete s.logFrom;
  if (from === undefined) return { state: s, logFrom: null };
  if (!Number.isInteger(from?.seq) || !Number.isInteger(from?.keep) || from!.keep! < 0) {
    throw new Error(`a snapshot's logFrom is not {seq, keep}: ${JSON.stringify(from)}`);
  }
  return { state: s, logFrom: { seq: from!.seq!, keep: from!.keep! } };
}

/**
 * The whole log of snapshot `r`: the first `keep` entries of `before` (the whole log of
 * the snapshot it goes on from; null for a snapshot written whole), then its own.
 */
export function snapshotLog(r: ReadSnapshot, before: readonly LogEntry[] | null): readonly LogEntry[] {
  if (r.logFrom === null) return r.state.log;
  if (before === null || before.length < r.logFrom.keep) {
    throw new Error(
      `a snapshot goes on from the first ${r.logFrom.keep} log entries of snapshot ${r.logFrom.seq}, which holds ${before?.length ?? 'none'}`,
    );
  }
  return [...before.slice(0, r.logFrom.keep), ...r.state.log];
}

/**
 * The state of snapshot `r`, its log completed from `before` (snapshotLog) and its undo
 * record's base log from that.
 */
export function completeSnapshot(r: ReadSnapshot, before: readonly LogEntry[] | null): State {
  const s = r.state as State & { log: readonly LogEntry[] };
  s.log = snapshotLog(r, before);
  const base = s.undo?.base as { logLength?: number; log?: readonly LogEntry[] } | undefined;
  if (base && base.log === undefined && typeof base.logLength === 'number') {
    base.log = s.log.slice(0, base.logLength);
    delete base.logLength;
  }
  return s;
}

/** The state of a snapshot written whole (one that goes on from another is refused: see completeSnapshot). */
export function stateFromSnapshot(json: string): State {
  return completeSnapshot(readSnapshot(json), null);
}
