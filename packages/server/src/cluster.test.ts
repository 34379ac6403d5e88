/**
 * Two server processes on one database (PostgreSQL, and one SQLite file): clients on
 * both, the two seats' moves submitted through both processes at once, racing for the
 * same state. No action is lost or stored twice, and every client, on either process,
 * sees every update (PostgreSQL: LISTEN/NOTIFY; SQLite: data_version, polled).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Action } from '@stavka/engine';
import WebSocket from 'ws';
import { openStore } from './store.ts';
import {
  call,
  freshPostgresDatabase,
  startChildServer,
  stopTestPostgres,
  tempSqlitePath,
} from './test-support.ts';

after(() => stopTestPostgres());

const MOVES = 40;

const backends: [string, () => Promise<{ db: string; env: Record<string, string> }>][] = [
  [
    'PostgreSQL',
    async () => {
      const db = await freshPostgresDatabase();
      return { db, env: { DATABASE_URL: db } };
    },
  ],
  [
    'SQLite',
    async () => {
      const db = tempSqlitePath();
      return { db, env: { DATABASE_URL: '', STAVKA_DB: db } };
    },
  ],
];

for (const [name, backend] of backends) {
  test(`two processes, one ${name} database: concurrent moves serialized, every client sees every update`, async () => {
    const { db, env } = await backend();
    // The first creates (and migrates) the database; the second opens it.
    // One in one thread, the other threaded (shards.ts): the same games, served alike.
    const a = await startChildServer({ ...env, STAVKA_THREADS: '0' });
    const b = await startChildServer({ ...env, STAVKA_THREADS: '2' });
    const sockets: WebSocket[] = [];
    try {
      const servers = [a.url, b.url];
      const made = await call(a.url, 'POST', '/api/games', undefined, { game: 'mars-1942' });
      const id: string = made.body.id;
      const tokens: Record<string, string> = {
        german: made.body.seats.german.token,
        soviet: made.body.seats.soviet.token,
      };
      // Live clients: each seat and the spectator, on each process. The spectators watch
      // from before the start; the seats join through different processes (each issued
      // its own token, issue #22) and then watch with it.
      const seen: { where: string; who: string; ids: number[]; chat: string[] }[] = [];
      const watch = async (base: string, who: string, token: string) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/live`);
        const entry = { where: base, who, ids: [] as number[], chat: [] as string[] };
        seen.push(entry);
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m));
          if ((msg.type === 'view' || msg.type === 'update') && msg.data.status !== 'waiting')
            entry.ids.push(msg.data.stateId);
          if (msg.type === 'chat') entry.chat.push(...msg.messages.map((x: { text: string }) => x.text));
        });
        await new Promise<void>((r) => ws.on('open', () => r()));
        ws.send(JSON.stringify({ type: 'hello', token }));
        sockets.push(ws);
      };
      for (const base of servers) await watch(base, 'spectator', made.body.spectator.token as string);
      const ja = await call(a.url, 'POST', `/api/games/${id}/join`, tokens.german, {});
      assert.equal(ja.status, 200);
      tokens.german = ja.body.token;
      const jb = await call(b.url, 'POST', `/api/games/${id}/join`, tokens.soviet, {});
      assert.equal(jb.status, 200);
      tokens.soviet = jb.body.token;
      for (const base of servers)
        for (const [who, token] of Object.entries(tokens)) await watch(base, who, token);
      // Every client has seen the start before anyone moves.
      const ready = Date.now() + 20_000;
      while (seen.some((x) => x.ids.length === 0) && Date.now() < ready)
        await new Promise((r) => setTimeout(r, 20));

      // Two movers per seat, one on each process, racing.
      const acked: { stateId: number; hash: string }[] = [];
      let refusedStale = 0;
      const mover = async (base: string, k0: number) => {
        let k = k0;
        while (acked.length < MOVES) {
          for (const token of Object.values(tokens)) {
            const v = await call(base, 'GET', `/api/games/${id}/view`, token);
            assert.equal(v.status, 200);
            const moves = (v.body.legal as Action[]).filter((x) => x.type !== 'undo');
            if (moves.length === 0) continue;
            const r = await call(base, 'POST', `/api/games/${id}/actions`, token, {
              stateId: v.body.stateId,
              action: moves[k++ % moves.length],
            });
            if (r.status === 200) acked.push({ stateId: r.body.stateId, hash: r.body.hash });
            else {
              assert.ok(r.status === 409 || r.status === 422, JSON.stringify(r.body));
              if (r.body.code === 'action/stale') refusedStale++;
            }
          }
        }
      };
      await Promise.all([mover(a.url, 0), mover(b.url, 3), mover(a.url, 5), mover(b.url, 11)]);

      const store = await openStore(db);
      const rows = await store.actions(id);
      await store.close();
      const final = rows.length;
      assert.equal(final, acked.length, 'every acknowledged action stored once, nothing else stored');
      assert.deepEqual(
        rows.map((r) => r.seq),
        rows.map((_, i) => i + 1),
      );
      const stored = new Map(rows.map((r) => [r.seq, r.hash]));
      for (const x of acked) assert.equal(stored.get(x.stateId), x.hash);
      assert.equal(new Set(acked.map((x) => x.stateId)).size, acked.length, 'no state acknowledged twice');

      const deadline = Date.now() + 20_000;
      while (seen.some((s) => s.ids[s.ids.length - 1] !== final) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const s of seen) {
        const first = s.ids[0]!;
        const want = Array.from({ length: final - first + 1 }, (_, i) => first + i);
        assert.deepEqual(s.ids, want, `${s.who} on ${s.where} saw every update`);
        assert.equal(first, 0, `${s.who} on ${s.where} saw the start`);
      }
      // The two processes raced: some moves were chosen against a state the other had left.
      assert.ok(refusedStale > 0, 'some moves lost the race and were refused as stale');

      // The chat said through one process reaches both seats on both; a note only its writer.
      const said = await call(a.url, 'POST', `/api/games/${id}/messages`, tokens.german, {
        text: 'through a',
      });
      assert.equal(said.status, 201, JSON.stringify(said.body));
      const noted = await call(b.url, 'POST', `/api/games/${id}/messages`, tokens.soviet, {
        text: 'soviet note',
        note: true,
      });
      assert.equal(noted.status, 201, JSON.stringify(noted.body));
      const told = await call(b.url, 'POST', `/api/games/${id}/messages`, tokens.soviet, {
        text: 'through b',
      });
      assert.equal(told.status, 201, JSON.stringify(told.body));
      const seats = seen.filter((x) => x.who !== 'spectator');
      const chatBy = Date.now() + 20_000;
      while (seats.some((x) => !x.chat.includes('through b')) && Date.now() < chatBy)
        await new Promise((r) => setTimeout(r, 50));
      for (const x of seats) {
        const want =
          x.who === 'soviet' && x.where === b.url ? ['through a', 'soviet note', 'through b'] : null;
        if (want) assert.deepEqual(x.chat, want, `${x.who} on ${x.where}`);
        else {
          assert.ok(
            x.chat.includes('through a') && x.chat.includes('through b'),
            `${x.who} on ${x.where}: ${x.chat}`,
          );
          if (x.who === 'german')
            assert.ok(!x.chat.includes('soviet note'), `the note reached the german on ${x.where}`);
        }
      }
      for (const x of seen.filter((y) => y.who === 'spectator'))
        assert.deepEqual(x.chat, [], 'no chat to spectators');

      // Presence across the processes: the german at the table on a only, the soviet on
      // b only; each is told the other is there, and when the other leaves.
      for (const ws of sockets.splice(0)) ws.close();
      const presence = (base: string, token: string) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/live`);
        const online: string[] = [];
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m));
          if (msg.type === 'presence') online.push(msg.online.join('+'));
        });
        ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
        sockets.push(ws);
        return { ws, online };
      };
      const until = async (what: string, ok: () => boolean) => {
        const by = Date.now() + 20_000;
        while (!ok() && Date.now() < by) await new Promise((r) => setTimeout(r, 20));
        assert.ok(ok(), what);
      };
      const germanOnA = presence(a.url, tokens.german!);
      const sovietOnB = presence(b.url, tokens.soviet!);
      const spectatorOnB = presence(b.url, made.body.spectator.token as string);
      await until('the german on a told the soviet is at the table on b', () =>
        germanOnA.online.includes('german+soviet'),
      );
      await until('the soviet on b told the german is at the table on a', () =>
        sovietOnB.online.includes('german+soviet'),
      );
      await until('the spectator on b told both are there', () =>
        spectatorOnB.online.includes('german+soviet'),
      );
      const read = await call(b.url, 'GET', `/api/games/${id}/messages`, tokens.soviet);
      assert.deepEqual(read.body.online, ['german', 'soviet'], 'the chat read on b counts the german on a');
      sovietOnB.ws.close();
      await until('the german on a told the soviet left b', () => germanOnA.online.at(-1) === 'german');
      germanOnA.ws.close();
      await until('the spectator on b told the german left a', () => spectatorOnB.online.at(-1) === '');
    } finally {
      for (const ws of sockets) ws.close();
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
    }
  });
}
