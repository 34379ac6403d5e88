/**
 * SQLite's WAL checkpoints, in a worker thread of their own. A checkpoint copies the
 * committed pages of the write-ahead log into the database file and syncs both to disk;
 * SQLite makes one on the connection that commits, every 1,000 pages by default. Made
 * there, it stops the server's one thread for the syncs: in-process, 8 games played to
 * their end on a file on disk, the grouped commits took 0.26 ms at the median but 7 ms
 * at the 99th percentile and up to 23 ms, and the checkpoints were a quarter of the
 * time spent committing. So the server's connection checkpoints only as a backstop
 * (WAL_BACKSTOP pages), and this thread's own connection makes a passive checkpoint
 * every EVERY_MS: it takes no lock that a commit waits for, copies what it can, and
 * syncs in this thread. Committed actions are as safe as before: they are in the log,
 * synced or not as STAVKA_SQLITE_SYNC says, whether or not they are copied yet.
 */
import { isMainThread, parentPort, type Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { tsWorker } from './worker-boot.ts';

/** How often the worker checkpoints (ms). */
const EVERY_MS = 500;
/**
 * The server's connection checkpoints once the log has this many pages (~40 MB). Under
 * steady load the log is never all copied by the thread (each checkpoint copies what
 * was there when it began, and commits go on meanwhile), so SQLite never starts it
 * again from its beginning: this backstop does, and finds little left to copy.
 */
export const WAL_BACKSTOP = 10_000;

interface CheckpointData {
  readonly stavkaCheckpoint: true;
  readonly file: string;
  /** The server's connection's `synchronous` setting (1 NORMAL, 2 FULL): checkpoints sync as it does. */
  readonly sync: number;
}

if (!isMainThread && (workerData as { stavkaCheckpoint?: boolean } | null)?.stavkaCheckpoint) {
  const { file, sync } = workerData as CheckpointData;
  const db = new Database(file, { fileMustExist: true });
  db.pragma(`synchronous = ${sync}`);
  db.pragma('wal_autocheckpoint = 0'); // this connection never writes: only checkpoints
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // busy (another process's checkpoint) or the file went away: the next one tries again
    }
  }, EVERY_MS);
  parentPort!.once('message', () => {
    clearInterval(timer);
    db.close();
    parentPort!.close();
  });
}

/** A checkpointing thread for a SQLite database. */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly ended: Promise<void>;

  /**
   * Starts the thread, on the file of `database` (the server's connection) and with its
   * `synchronous` setting, and makes the connection leave checkpoints to it. If the
   * thread fails, the connection checkpoints as SQLite does.
   */
  constructor(database: Database.Database) {
    const sync = database.pragma('synchronous', { simple: true }) as number;
    const data: CheckpointData = { stavkaCheckpoint: true, file: database.name, sync };
    this.worker = tsWorker(import.meta.url, { workerData: data, name: 'stavka sqlite checkpoints' });
    this.worker.unref();
    database.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP}`);
    const fallBack = () => {
      if (database.open) database.pragma('wal_autocheckpoint = 1000');
    };
    this.worker.on('error', fallBack);
    this.ended = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        if (code !== 0) fallBack();
        resolve();
      }),
    );
  }

  /** Stops the thread, its connection closed (before the server's, which then checkpoints the rest). */
  async stop(): Promise<void> {
    this.worker.ref(); // the process waits for it to end
    this.worker.postMessage('stop');
    await this.ended;
  }
}
