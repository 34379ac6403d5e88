/**
 * The load run's hand-tuned reference: the least a server can do for the same players.
 * It knows no rules. It replays, byte for byte, the messages the real server sent in
 * the load run just before (bench/server.ts records them), and does per action only
 * what any server must: read the request, check the seat token and the stateId, store
 * the action with its hash, then push the recorded update to each seat and answer. Bare
 * `node:http` and `ws`, no framework, no validation beyond that. Stored as the real store
 * does: in SQLite (WAL, the same synchronous setting, prepared statements, one
 * transaction for the actions that arrive together), or in PostgreSQL (one statement
 * an action, its own transaction: the game's seq moved and the action inserted in one
 * round trip; PostgreSQL commits concurrent ones together).
 *
 * Run as a child process by bench/server.ts: `node --import tsx bench/reference-server.ts
 * RECORDING.json SQLITE_FILE|postgres://...`; prints "listening URL" once it serves.
 *
 * When a game's recorded moves run out, the next action brings both seats back to the
 * game's first view (a whole view, as at hello) and play goes on from there.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type WebSocket, WebSocketServer } from 'ws';

/** One game's recorded messages (recorded by `Recorder` in bench/server.ts). */
export interface RecordedGame {
  readonly id: string;
  /** Seat token by side. */
  readonly tokens: Record<string, string>;
  /** The whole view each side got at hello (its `view` message), and its stateId. */
  readonly first: Record<string, string>;
  readonly firstStateId: number;
  /** Each action in turn: the update each side got, and the actor's answers. */
  readonly steps: readonly RecordedStep[];
}

export interface RecordedStep {
  /** The stateId after the action. */
  readonly stateId: number;
  readonly hash: string;
  readonly updates: Record<string, string>;
  /** The live channel's `acted` message, and the body of the HTTP answer. */
  readonly acted: string;
  readonly http: string;
}

export interface Recording {
  readonly games: readonly RecordedGame[];
}

interface Game {
  readonly rec: RecordedGame;
  /** Steps taken since the first view (0: at the first view). */
  at: number;
  seq: number;
  readonly watchers: Set<{ side: string; socket: WebSocket }>;
  busy: boolean;
}

const [file, target] = process.argv.slice(2);
if (!file || !target) throw new Error('usage: reference-server.ts RECORDING.json SQLITE_FILE|postgres://...');
const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;

interface Pending {
  game: Game;
  side: string;
  action: string;
  done: (stored: boolean) => void;
}

/** Where the actions go: `append` stores one (moving its game's seq) and calls its `done`. */
interface ReferenceStore {
  addGame(id: string): Promise<void>;
  append(p: Pending): void;
  close(): Promise<void>;
}

const TABLES = `create table if not exists games (id text primary key, seq integer not null, updated_at text not null);
create table if not exists actions (game_id text not null, seq integer not null, side text not null,
  action text not null, state_id integer not null, hash text not null, created_at text not null,
  primary key (game_id, seq));`;

/** The recorded step an action of `p` stores (its stateId and hash). */
const stepOf = (p: Pending) => p.game.rec.steps[p.game.at] ?? p.game.rec.steps[0]!;

function sqliteStore(path: string): ReferenceStore {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${process.env.STAVKA_SQLITE_SYNC === 'full' ? 'FULL' : 'NORMAL'}`);
  db.exec(TABLES);
  const advance = db.prepare('update games set seq = ?, updated_at = ? where id = ? and seq = ?');
  const insert = db.prepare('insert into actions values (?, ?, ?, ?, ?, ?, ?)');
  const addGame = db.prepare('insert into games values (?, 0, ?)');
  // Group commit, as the real SQLite store: the actions that arrive together, one transaction.
  const queue: Pending[] = [];
  const commitAll = db.transaction((batch: Pending[]) =>
    batch.map((p) => {
      const seq = p.game.seq + 1;
      const step = stepOf(p);
      const now = new Date().toISOString();
      if (advance.run(seq, now, p.game.rec.id, seq - 1).changes !== 1) return false;
      insert.run(p.game.rec.id, seq, p.side, p.action, step.stateId, step.hash, now);
      p.game.seq = seq;
      return true;
    }),
  );
  const flush = () => {
    const batch = queue.splice(0);
    const stored = commitAll(batch);
    for (const [i, p] of batch.entries()) p.done(stored[i]!);
  };
  return {
    addGame: async (id) => void addGame.run(id, new Date().toISOString()),
    append: (p) => {
      queue.push(p);
      if (queue.length === 1) setImmediate(flush);
    },
    close: async () => void db.close(),
  };
}

/** PostgreSQL, as the real store appends (store.ts appendAlone): one statement an action, on a pool as large as the real one's. */
async function postgresStore(url: string): Promise<ReferenceStore> {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  await pool.query(TABLES);
  const text = `with moved as (update games set seq = $1, updated_at = $2 where id = $3 and seq = $1 - 1 returning id)
    insert into actions select id, $1, $4, $5, $6, $7, $2 from moved returning 1`;
  return {
    addGame: async (id) =>
      void (await pool.query('insert into games values ($1, 0, $2)', [id, new Date().toISOString()])),
    append: (p) => {
      const seq = p.game.seq + 1;
      const step = stepOf(p);
      pool
        .query({
          name: 'append',
          text,
          values: [seq, new Date().toISOString(), p.game.rec.id, p.side, p.action, step.stateId, step.hash],
        })
        .then(
          (r) => {
            if (r.rowCount === 1) p.game.seq = seq;
            p.done(r.rowCount === 1);
          },
          () => p.done(false),
        );
    },
    close: () => pool.end(),
  };
}

const store = target.startsWith('postgres') ? await postgresStore(target) : sqliteStore(target);

const games = new Map<string, Game>();
const bySeat = new Map<string, { game: Game; side: string }>();
for (const rec of recording.games) {
  const game: Game = { rec, at: 0, seq: 0, watchers: new Set(), busy: false };
  games.set(rec.id, game);
  await store.addGame(rec.id);
  for (const [side, token] of Object.entries(rec.tokens)) bySeat.set(token, { game, side });
}

/**
 * Takes an action from a seat: checks it, stores it, pushes the next recorded messages
 * to the game's watchers; answers with the recorded step (null: refused).
 */
function act(token: string | undefined, body: string, answer: (step: RecordedStep | null) => void): void {
  const seat = token === undefined ? undefined : bySeat.get(token);
  let msg: { stateId?: unknown; action?: unknown };
  try {
    msg = JSON.parse(body);
  } catch {
    msg = {};
  }
  const game = seat?.game;
  const current = !game ? -1 : game.at === 0 ? game.rec.firstStateId : game.rec.steps[game.at - 1]!.stateId;
  if (
    !seat ||
    !game ||
    game.busy ||
    typeof msg.action !== 'object' ||
    msg.action === null ||
    msg.stateId !== current
  ) {
    answer(null);
    return;
  }
  const { side } = seat;
  game.busy = true;
  store.append({
    game,
    side,
    action: JSON.stringify(msg.action),
    done: (stored) => {
      game.busy = false;
      const step = game.rec.steps[game.at];
      if (!stored) answer(null);
      else if (step) {
        game.at++;
        for (const w of game.watchers) w.socket.send(step.updates[w.side]!);
        answer(step);
      } else {
        // Out of recorded moves: back to the first view.
        game.at = 0;
        for (const w of game.watchers) w.socket.send(game.rec.first[w.side]!);
        answer(game.rec.steps[game.rec.steps.length - 1]!);
      }
    },
  });
}

const REFUSED = JSON.stringify({ code: 'action/refused', message: 'refused' });

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const m = /^\/api\/games\/[^/]+\/actions$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) {
    res.writeHead(404).end();
    return;
  }
  const token = req.headers.authorization?.slice('Bearer '.length);
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d: string) => (body += d));
  req.on('end', () =>
    act(token, body, (step) => {
      const out = step ? step.http : REFUSED;
      res.writeHead(step ? 200 : 409, { 'content-type': 'application/json' }).end(out);
    }),
  );
});

const wss = new WebSocketServer({ server });
wss.on('connection', (socket, req) => {
  const game = games.get(/^\/api\/games\/([^/]+)\/live$/.exec(req.url ?? '')?.[1] ?? '');
  if (!game) return socket.close(4404);
  let side: string | null = null;
  socket.on('message', (data) => {
    const text = String(data);
    if (side === null) {
      const hello = JSON.parse(text) as { token?: string };
      const seat = hello.token === undefined ? undefined : bySeat.get(hello.token);
      if (!seat || seat.game !== game) return socket.close(4403);
      side = seat.side;
      game.watchers.add({ side, socket });
      socket.send(game.rec.first[side]!);
      return;
    }
    const token = game.rec.tokens[side];
    act(token, text, (step) => socket.send(step ? step.acted : REFUSED));
  });
});

server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  if (a && typeof a === 'object') process.stdout.write(`listening http://127.0.0.1:${a.port}\n`);
});
process.on('SIGTERM', () => {
  wss.close();
  server.close();
  void store.close().finally(() => process.exit(0));
});
