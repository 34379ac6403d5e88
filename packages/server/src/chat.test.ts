/**
 * The seats' chat and notes, and who is at the table (issue #25, "social play"): over
 * HTTP, on the live channel, across a restart and on a threaded server.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from './app.ts';
import type { ChatMessage } from './games.ts';
import { openStore, type Store } from './store.ts';
import { tempSqlitePath, until } from './test-support.ts';

const opened: { app: FastifyInstance; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.store.close();
  }
});

async function server(
  file = tempSqlitePath(),
  threads = 0,
  opts: Partial<Parameters<typeof buildApp>[0]> = {},
) {
  const store = await openStore(file);
  const built = await buildApp({ store, rateLimit: false, threads, ...opts });
  await built.app.ready();
  opened.push({ app: built.app, store });
  return { app: built.app, store, file };
}

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

interface Game {
  id: string;
  german: string;
  soviet: string;
  spectator: string;
  admin: string;
}

async function newGame(app: FastifyInstance): Promise<Game> {
  const r = await app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } });
  assert.equal(r.statusCode, 201, r.body);
  const made = r.json() as {
    id: string;
    seats: Record<string, { token: string }>;
    spectator: { token: string };
    admin: { token: string };
  };
  const tokens: Record<string, string> = {};
  for (const [side, seat] of Object.entries(made.seats)) {
    const j = await app.inject({
      method: 'POST',
      url: `/api/games/${made.id}/join`,
      headers: bearer(seat.token),
      payload: { contribution: `${side}-${made.id}` },
    });
    assert.equal(j.statusCode, 200, j.body);
    tokens[side] = (j.json() as { token: string }).token;
  }
  return {
    id: made.id,
    german: tokens.german!,
    soviet: tokens.soviet!,
    spectator: made.spectator.token,
    admin: made.admin.token,
  };
}

const say = (app: FastifyInstance, g: Game, token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/games/${g.id}/messages`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

async function read(app: FastifyInstance, g: Game, token: string) {
  const r = await app.inject({ method: 'GET', url: `/api/games/${g.id}/messages`, headers: bearer(token) });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as { messages: ChatMessage[]; online: string[] };
}

type Frame = { type: string; messages?: ChatMessage[]; whole?: boolean; online?: string[] };

function watch(port: number, g: Game, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/games/${g.id}/live`);
  const seen: Frame[] = [];
  ws.on('message', (m) => seen.push(JSON.parse(String(m))));
  ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
  const chat = () => seen.filter((f) => f.type === 'chat').flatMap((f) => f.messages!.map((m) => m.text));
  const presence = () => seen.filter((f) => f.type === 'presence').map((f) => f.online!.join('+'));
  return { ws, seen, chat, presence };
}

describe('chat and notes between the seats', () => {
  test('a seat says something: the other seat reads it; a note stays with its writer; spectators read none', async () => {
    const { app } = await server();
    const g = await newGame(app);
    const hello = await say(app, g, g.german, { text: '  Good luck, Zhukov.  ' });
    assert.equal(hello.statusCode, 201, hello.body);
    const line = hello.json() as ChatMessage;
    assert.equal(line.seq, 1);
    assert.equal(line.side, 'german');
    assert.equal(line.private, false);
    assert.equal(line.text, 'Good luck, Zhukov.', 'trimmed');
    assert.ok(!Number.isNaN(Date.parse(line.at)), 'stamped with its time');
    const note = await say(app, g, g.german, { text: 'Watch the Luchesa valley', note: true });
    assert.equal(note.statusCode, 201, note.body);
    assert.equal((await say(app, g, g.soviet, { text: 'And to you.', note: false })).statusCode, 201);
    assert.deepEqual(
      (await read(app, g, g.german)).messages.map((m) => [m.side, m.private, m.text]),
      [
        ['german', false, 'Good luck, Zhukov.'],
        ['german', true, 'Watch the Luchesa valley'],
        ['soviet', false, 'And to you.'],
      ],
    );
    assert.deepEqual(
      (await read(app, g, g.soviet)).messages.map((m) => m.text),
      ['Good luck, Zhukov.', 'And to you.'],
      "the soviet never reads the german's note",
    );
    for (const token of [g.spectator, g.admin]) {
      const r = await app.inject({
        method: 'GET',
        url: `/api/games/${g.id}/messages`,
        headers: bearer(token),
      });
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, 'seat/spectator');
      const w = await say(app, g, token, { text: 'kibitzing' });
      assert.equal(w.statusCode, 403, w.body);
    }
  });

  test('bad messages are refused with {code, message} and store nothing', async () => {
    const { app } = await server();
    const g = await newGame(app);
    const cases: [unknown, number, string][] = [
      [{ text: '' }, 400, 'chat/empty'],
      [{ text: ' \n\t ' }, 400, 'chat/empty'],
      [{ text: '\u0000\u0007' }, 400, 'chat/empty'],
      [{ text: 'x'.repeat(1001) }, 400, 'chat/too-long'],
      [{ text: 'x'.repeat(5000) }, 400, 'request/invalid'],
      [{ text: 42 }, 400, 'request/invalid'],
      [{ text: 'hi', note: 'yes' }, 400, 'request/invalid'],
      [{ text: 'hi', to: 'soviet' }, 400, 'request/invalid'],
      [{}, 400, 'request/invalid'],
    ];
    for (const [payload, status, code] of cases) {
      const r = await say(app, g, g.german, payload);
      assert.equal(r.statusCode, status, `${JSON.stringify(payload).slice(0, 40)}: ${r.body}`);
      const body = r.json() as { code: string; message: string };
      assert.equal(body.code, code);
      assert.ok(body.message.length > 0, 'says why');
    }
    const none = await app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/messages`,
      payload: { text: 'hi' },
    });
    assert.equal(none.statusCode, 401, none.body);
    assert.equal((await say(app, g, 'st_nobody', { text: 'hi' })).statusCode, 403);
    const lost = await app.inject({
      method: 'POST',
      url: '/api/games/nosuchgame00000000000000/messages',
      headers: bearer(g.german),
      payload: { text: 'hi' },
    });
    assert.equal(lost.statusCode, 404, lost.body);
    assert.deepEqual((await read(app, g, g.german)).messages, [], 'nothing was stored');
    // Exactly 1,000 characters is allowed; control characters are dropped, line breaks kept.
    const long = await say(app, g, g.german, { text: 'y'.repeat(1000) });
    assert.equal(long.statusCode, 201, long.body);
    const lines = await say(app, g, g.german, { text: 'a\u0007b\nc' });
    assert.equal((lines.json() as ChatMessage).text, 'ab\nc');
    // Bidirectional controls make a line read otherwise than it is stored: refused.
    for (const text of ['pay \u202Eevil\u202C here', 'a\u2066b\u2069', 'x\u202Ay']) {
      const bidi = await say(app, g, g.german, { text });
      assert.equal(bidi.statusCode, 400, bidi.body);
      assert.equal(bidi.json().code, 'chat/bad-text');
    }
  });

  test('a seat keeps at most 400 chat lines and 100 notes of its own: filling its notes shuts nobody out (issue #46)', async () => {
    const { app } = await server();
    const g = await newGame(app);
    for (let i = 0; i < 100; i++) {
      const r = await say(app, g, g.german, { text: `note ${i}`, note: true });
      assert.equal(r.statusCode, 201, r.body);
    }
    const full = await say(app, g, g.german, { text: 'one note more', note: true });
    assert.equal(full.statusCode, 409, full.body);
    assert.equal(full.json().code, 'chat/full');
    assert.match(full.json().message, /100 notes/);
    // The german's notes are full; his chat, and the soviet's chat and notes, are not.
    assert.equal((await say(app, g, g.german, { text: 'still talking' })).statusCode, 201);
    assert.equal((await say(app, g, g.soviet, { text: 'I hear you' })).statusCode, 201);
    assert.equal((await say(app, g, g.soviet, { text: 'my own note', note: true })).statusCode, 201);
    for (let i = 1; i < 400; i++) {
      const r = await say(app, g, g.german, { text: `m${i}` });
      assert.equal(r.statusCode, 201, r.body);
    }
    const chatFull = await say(app, g, g.german, { text: 'one line more' });
    assert.equal(chatFull.statusCode, 409, chatFull.body);
    assert.equal(chatFull.json().code, 'chat/full');
    assert.equal((await say(app, g, g.soviet, { text: 'my turn to talk' })).statusCode, 201);
    const shown = (await read(app, g, g.soviet)).messages;
    assert.equal(shown.length, 200, 'the last 200 are read back');
    assert.equal(shown.at(-1)!.text, 'my turn to talk');
  });

  test('bytes, not characters: a seat keeps at most 48 KiB of chat and 16 KiB of notes; a game at most 128 KiB (issue #46)', async () => {
    const { app, store } = await server();
    const g = await newGame(app);
    // 1,000 three-byte characters: 3,000 bytes a line; 16 fit in 48 KiB (49,152 bytes).
    const line = '€'.repeat(1000);
    const accepted = { chat: 0, notes: 0 };
    for (const token of [g.german, g.soviet]) {
      for (const note of [false, true]) {
        for (let i = 0; i < 40; i++) {
          const r = await say(app, g, token, { text: line, note });
          if (r.statusCode === 409) {
            assert.equal(r.json().code, 'chat/full');
            break;
          }
          assert.equal(r.statusCode, 201, r.body);
          accepted[note ? 'notes' : 'chat']++;
        }
      }
    }
    assert.deepEqual(accepted, { chat: 2 * 16, notes: 2 * 5 });
    const rows = await store.messages(g.id, 0, 10_000);
    const bytes = rows.reduce((n, r) => n + Buffer.byteLength(r.body, 'utf8'), 0);
    assert.ok(bytes <= 128 * 1024, `${bytes} bytes of chat kept`);
    // A short line still fits beside them.
    assert.equal((await say(app, g, g.german, { text: 'gg' })).statusCode, 201);
  });

  test('an address sends at most so many bytes of chat over all its games (429 request/quota)', async () => {
    const { app } = await server(tempSqlitePath(), 0, {
      rateLimit: { max: 10_000, timeWindow: 60_000 },
      limits: { chatBytesPerWindow: 10_000 },
    });
    const a = await newGame(app);
    const b = await newGame(app);
    const line = 'ж'.repeat(1000); // two bytes each: 2,000 a line
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await say(app, i % 2 ? b : a, i % 2 ? b.german : a.soviet, { text: line })).statusCode,
        201,
      );
    const over = await say(app, b, b.soviet, { text: line });
    assert.equal(over.statusCode, 429, over.body);
    assert.equal(over.json().code, 'request/quota');
    assert.equal((await read(app, b, b.soviet)).messages.length, 2, 'nothing more stored');
  });

  test('messages outlive a restart of the server', async () => {
    const first = await server();
    const g = await newGame(first.app);
    assert.equal((await say(first.app, g, g.soviet, { text: 'Uranus is coming' })).statusCode, 201);
    await first.app.close();
    const again = await server(first.file);
    assert.deepEqual(
      (await read(again.app, g, g.german)).messages.map((m) => m.text),
      ['Uranus is coming'],
    );
  });
});

describe('the live channel carries the chat and who is at the table', () => {
  test('a seat opening and closing channels as fast as it can pushes the other seat a few frames, not one each (issue #46)', async () => {
    const { app } = await server();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const g = await newGame(app);
    const german = watch(port, g, g.german);
    await until('the german at the table', async () => german.presence().includes('german'));
    const before = german.presence().length;
    const started = performance.now();
    const cycles = 40;
    for (let i = 0; i < cycles; i++) {
      const soviet = watch(port, g, g.soviet);
      await until('the soviet told who is here', async () => soviet.presence().length > 0);
      soviet.ws.close();
      await new Promise((r) => soviet.ws.once('close', r));
    }
    const seconds = (performance.now() - started) / 1000;
    // It ends as it began (the german alone): told so once things settle, if at all.
    await new Promise((r) => setTimeout(r, 1200));
    const frames = german.presence().length - before;
    // At most one frame per 500 ms of churn, and one to end on.
    assert.ok(
      frames <= Math.ceil(seconds / 0.5) + 1,
      `${frames} presence frames in ${seconds.toFixed(1)} s of ${cycles} cycles`,
    );
    assert.ok(frames < cycles, `${frames} frames for ${cycles} open/close cycles`);
    assert.equal(german.presence().at(-1) ?? 'german', 'german');
    german.ws.close();
  });

  for (const threads of [0, 2]) {
    test(`${threads ? 'on 2 threads' : 'in one thread'}: each line reaches the seats that may read it, at once; presence follows the channels`, async () => {
      const { app } = await server(tempSqlitePath(), threads);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const g = await newGame(app);
      assert.equal((await say(app, g, g.german, { text: 'before anyone came' })).statusCode, 201);
      const german = watch(port, g, g.german);
      await until('the german at the table', async () => german.presence().includes('german'));
      // At connecting: the chat so far, whole.
      const history = german.seen.find((f) => f.type === 'chat')!;
      assert.equal(history.whole, true);
      assert.deepEqual(
        history.messages!.map((m) => m.text),
        ['before anyone came'],
      );
      const soviet = watch(port, g, g.soviet);
      const spectator = watch(port, g, g.spectator);
      await until('the soviet seen by the german', async () => german.presence().includes('german+soviet'));
      await until('the spectator told who is here', async () =>
        spectator.presence().some((p) => p === 'german+soviet'),
      );
      assert.equal((await read(app, g, g.german)).online.join('+'), 'german+soviet');
      assert.equal((await say(app, g, g.soviet, { text: 'Your move' })).statusCode, 201);
      assert.equal((await say(app, g, g.german, { text: 'my plan', note: true })).statusCode, 201);
      await until('the line at the german', async () => german.chat().includes('Your move'));
      await until('the note at the german', async () => german.chat().includes('my plan'));
      await until('the line at the soviet', async () => soviet.chat().includes('Your move'));
      assert.deepEqual(soviet.chat(), ['before anyone came', 'Your move'], "never the german's note");
      assert.deepEqual(spectator.chat(), [], 'spectators get no chat');
      // The soviet leaves: the german is told; back again, the soviet gets the chat whole.
      soviet.ws.close();
      await until('the soviet gone', async () => german.presence().at(-1) === 'german');
      const back = watch(port, g, g.soviet);
      await until('the soviet back', async () => back.chat().length > 0);
      assert.deepEqual(back.chat(), ['before anyone came', 'Your move']);
      for (const c of [german, spectator, back]) c.ws.close();
    });
  }
});
