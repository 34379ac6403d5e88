/**
 * A game's state rebuilt from the database: its latest snapshot (its log completed from
 * the snapshots it goes on from), then the actions stored after it, each checked against
 * the rules (and the last against its stored hash).
 */
import {
  apply,
  formatSetupErrors,
  type LogEntry,
  logMatchesDigest,
  resumeWithSeed,
  type Seed,
  setup,
  stateHash,
} from '@stavka/engine';
import { ApiError } from '../errors.ts';
import {
  completeSnapshot,
  type ReadSnapshot,
  readSnapshot,
  type StoredSnapshot,
  snapshotLog,
} from '../snapshot.ts';
import type { ActionRecord, GameRecord, Store } from '../store.ts';
import type { CachedGame, State } from './cached-game.ts';
import { importedPart } from './imports.ts';
import { ownScenario } from './records.ts';

/** A rebuilt state, and the snapshot it was read from (null: none), which the next one can go on from. */
export interface Rebuilt {
  readonly state: State;
  readonly snapshot: StoredSnapshot | null;
}

/**
 * The state of game `record` at action `target`: its latest snapshot up to there, then
 * the actions after it. An imported game played on here is set up from its file's seed,
 * and rolls from its own seed after the file's last action (issue #46: `resumed`).
 */
export async function rebuild(
  store: Store,
  g: CachedGame,
  record: GameRecord,
  target: number,
): Promise<Rebuilt> {
  const snap = await latestSnapshot(store, g.id, target);
  const imported = importedPart(record);
  const resumeAt = imported?.resumes && imported.actions > 0 ? imported.actions : null;
  const setUp = () =>
    setUpFrom(g, record, resumeAt !== null ? imported!.seed : (JSON.parse(record.seed!) as Seed));
  let s: State;
  let from = 0;
  if (snap) {
    // A state names its scenario by key: a scenario of the game's own must be set up in
    // this process (a restart, another process, another thread) before its state is used.
    if (ownScenario(record) !== undefined) setUp();
    s = snap.state;
    from = snap.seq;
  } else s = setUp();
  // The import's snapshot, at its last action, was taken before it was played on here.
  if (from === resumeAt && record.seed !== null) s = resumeWithSeed(s, JSON.parse(record.seed) as Seed);
  const rows = (await store.actions(g.id, from)).filter((r) => r.seq <= target);
  for (const row of rows) {
    s = applyStored(g, s, row);
    if (row.seq === target && stateHash(s) !== row.hash) {
      throw new Error(`game ${g.id}: the state rebuilt at action ${row.seq} does not match its stored hash`);
    }
    if (row.seq === resumeAt && record.seed !== null) s = resumeWithSeed(s, JSON.parse(record.seed) as Seed);
  }
  return { state: s, snapshot: snap ? { seq: snap.seq, log: snap.state.log, links: snap.links } : null };
}

/**
 * The latest snapshot up to action `target`, its log completed from the snapshots it goes
 * on from (snapshot.ts), and how many of those there were; undefined if there is none.
 * A snapshot that cannot be read, or whose chain is broken (one it goes on from is not
 * stored, or unreadable: the database was edited by hand), is not used, nor one whose
 * completed log is not the one its state's log digest was chained from: the game is then
 * replayed from its set-up, its actions being the record.
 */
async function latestSnapshot(
  store: Store,
  id: string,
  target: number,
): Promise<{ seq: number; state: State; links: number } | undefined> {
  const chain: { seq: number; read: ReadSnapshot }[] = [];
  let at = target;
  try {
    for (;;) {
      const row = await store.latestSnapshot(id, at);
      if (!row) return undefined;
      // A snapshot goes on from an earlier one, exactly that one.
      if (chain.length > 0 && row.seq !== at) return undefined;
      const read = readSnapshot(row.state);
      chain.push({ seq: row.seq, read });
      if (read.logFrom === null) break;
      if (read.logFrom.seq >= row.seq) return undefined;
      at = read.logFrom.seq;
    }
    // Only the log of those before the latest is needed.
    let log: readonly LogEntry[] | null = null;
    for (let i = chain.length - 1; i > 0; i--) log = snapshotLog(chain[i]!.read, log);
    const latest = chain[0]!;
    const state = completeSnapshot(latest.read, log);
    // A log put together from several snapshots is checked (~2 ms late in a game): the hash
    // checked after the replay covers the log's digest, not the log.
    if (chain.length > 1 && !logMatchesDigest(state)) return undefined;
    return { seq: latest.seq, state, links: chain.length - 1 };
  } catch {
    return undefined; // unreadable, or a link holding too few entries: not used
  }
}

/** The game's first state: its scenario and options set up with `seed`. */
function setUpFrom(g: CachedGame, record: GameRecord, seed: Seed): State {
  const made = setup(g.rules, JSON.parse(record.scenario), seed, JSON.parse(record.options));
  if (!made.ok) throw new Error(`game ${g.id} no longer sets up: ${formatSetupErrors(made.error)}`);
  return made.value;
}

/** A stored action applied again (it was legal when stored: refused now, the rules changed). */
export function applyStored(g: CachedGame, s: State, row: ActionRecord): State {
  const r = apply(g.rules, s, row.side, JSON.parse(row.action));
  if (!r.ok) {
    if (g.record.rules_version !== g.rules.rulesVersion) throw rulesVersionError(g);
    throw new Error(`game ${g.id}: stored action ${row.seq} does not apply: ${r.error.message}`);
  }
  return r.value;
}

/** A stored game whose rules version this server does not play (see GameCache.reload). */
export function rulesVersionError(g: CachedGame): ApiError {
  return new ApiError(
    409,
    'game/rules-version',
    `this game was played under rules ${g.record.rules_version}; this server plays ${g.rules.rulesVersion}, so it cannot go on here. Its actions are kept: a server with rules ${g.record.rules_version} can take it up again.`,
  );
}
