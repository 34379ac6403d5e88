/**
 * Fuzz: thousands of random and malformed requests against live games. No request
 * gets a 5xx; every refusal is a 4xx {code, message}; a refused request changes
 * nothing stored; every view a seat gets is the one its side may see.
 *
 * The same over the live channel (a real socket): random and malformed messages and
 * actions; every act is answered once with its ref, never `server/internal`, no socket
 * closed with 1011; a refused act changes neither the stored actions nor a seat's view;
 * an acted one adds exactly one, the stored hash its answer's.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { type Action, type RngState, rngFromSeed, rollDie } from '@stavka/engine';
import { marsRules } from '@stavka/games';
import type { FastifyInstance, InjectOptions } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from './app.ts';
import { type LiveMessage, type LiveSeatView, receive } from './live.ts';
import { openStore, type Store } from './store.ts';
import { tempSqlitePath } from './test-support.ts';

const REQUESTS = 3000;
const LIVE_MESSAGES = 1500;

// The same fuzz against a server in one thread and a threaded one (shards.ts): every
// refusal and error crosses from a worker thread as it would in one.
let store: Store;
let app: FastifyInstance;

async function requestsFuzz(): Promise<void> {
  let rng: RngState = rngFromSeed('fuzz');
  const pick = <T>(xs: readonly T[]): T => {
    const { value, next } = rollDie(rng, xs.length);
    rng = next;
    return xs[value - 1]!;
  };
  const n = (k: number) => {
    const { value, next } = rollDie(rng, k);
    rng = next;
    return value - 1;
  };
  const games: { id: string; tokens: string[]; spectator: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const made = (
      await app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } })
    ).json();
    const tokens = [made.seats.german.token, made.seats.soviet.token];
    if (i < 2) {
      for (const [k, t] of tokens.entries()) {
        const r = await app.inject({
          method: 'POST',
          url: `/api/games/${made.id}/join`,
          headers: { authorization: `Bearer ${t}` },
          payload: {},
        });
        // Joining issues the seat its own token (issue #22).
        tokens[k] = r.json().token;
      }
    }
    games.push({ id: made.id, tokens, spectator: made.spectator.token });
  }
  const allTokens = games.flatMap((g) => [...g.tokens, g.spectator]);
  const junk: unknown[] = [
    null,
    0,
    -1,
    1e308,
    'x',
    '',
    [],
    {},
    { type: 1 },
    { type: '' },
    { type: 'x'.repeat(65) },
    { __proto__: { type: 'undo' } },
    { constructor: { prototype: { polluted: true } } },
    [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]],
    { type: 'move', unit: null, to: { q: 'NaN' } },
    { type: 'undo' },
    { type: 'historical-setup', extra: ['a'] },
  ];
  const seqs = async () => Promise.all(games.map(async (g) => (await store.gameSeq(g.id))!.seq));
  let accepted = 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < REQUESTS; i++) {
    const g = pick(games);
    const token = pick([...allTokens, ...g.tokens, ...g.tokens, undefined, 'st_forged', 'Bearer', '']);
    const headers: Record<string, string> = {};
    if (token !== undefined)
      headers.authorization = pick([`Bearer ${token}`, token, `Basic ${token}`, `Bearer  ${token} x`]);
    const id = pick([g.id, g.id, g.id, 'nope', '../../etc', 'a'.repeat(80), '%00', games[0]!.id]);
    const what = n(10);
    let req: InjectOptions;
    if (what <= 3) {
      // an action: half of them well formed from the seat to move, the rest anything
      let v = { stateId: 0, legal: [] as { type: string }[] };
      let mover = pick(g.tokens);
      for (const t of g.tokens) {
        const view = await app.inject({
          url: `/api/games/${g.id}/view`,
          headers: { authorization: `Bearer ${t}` },
        });
        if (view.statusCode === 200 && view.json().legal.length > 0) {
          v = view.json();
          mover = t;
        }
      }
      const moves = v.legal.filter((a) => a.type !== 'undo');
      const legal = moves.length > 0 ? pick(moves) : { type: 'pass' };
      if (n(2) === 0) {
        req = {
          method: 'POST',
          url: `/api/games/${g.id}/actions`,
          headers: { authorization: `Bearer ${mover}` },
          payload: { stateId: v.stateId, action: legal },
        };
      } else {
        const action = pick([legal, legal, pick(v.legal.length > 0 ? v.legal : [legal]), pick(junk)]);
        const stateId = pick([
          v.stateId,
          v.stateId + 1,
          Math.max(0, v.stateId - 1),
          -3,
          'zero',
          null,
          2 ** 53,
        ]);
        const body = pick([{ stateId, action }, { stateId, action, more: 1 }, { action }, pick(junk)]);
        const raw = n(8);
        req = {
          method: 'POST',
          url: `/api/games/${id}/actions`,
          headers: {
            ...headers,
            'content-type': pick([
              'application/json',
              'application/json',
              'text/plain',
              'application/x-www-form-urlencoded',
            ]),
          },
          payload:
            raw === 0
              ? '{"stateId":1,"action":{"type":'
              : raw === 1
                ? 'x'.repeat(70_000)
                : JSON.stringify(body),
        };
      }
    } else if (what === 4) {
      req = {
        method: 'POST',
        url: `/api/games/${id}/join`,
        headers,
        payload: pick([
          {},
          { contribution: 'c' },
          { contribution: '' },
          { contribution: 5 },
          pick(junk),
        ]) as object,
      };
    } else if (what === 5) {
      req = {
        method: pick(['GET', 'DELETE', 'PATCH', 'HEAD']),
        url: pick([
          `/api/games/${id}/view`,
          `/api/games/${id}/log`,
          `/api/games/${id}/replay`,
          `/api/games/${id}/export`,
          `/api/games/${id}`,
        ]),
        headers,
      };
    } else if (what === 6) {
      req = {
        method: 'POST',
        url: '/api/games',
        payload: pick([
          { game: 'mars-1942', seats: { soviet: { player: pick(['ai', 'human', 'god']) } } },
          { game: pick(['mars-1942', 'x', 7]) },
          pick(junk),
        ]) as object,
      };
    } else if (what === 7) {
      req = {
        method: 'POST',
        url: '/api/games/import',
        payload: pick([
          { game: 'mars-1942', rulesVersion: 'x', seed: 1, actions: [] },
          {
            game: 'mars-1942',
            rulesVersion: marsRules.rulesVersion,
            seed: pick([1, 'x', -1]),
            actions: [{ side: 'german', action: pick(junk) }],
          },
          pick(junk),
        ]) as object,
      };
    } else if (what === 8) {
      req = {
        method: 'PUT',
        url: `/api/games/${id}/webhook`,
        headers,
        payload: pick([
          { url: null },
          { url: 'http://127.0.0.1:1/x' },
          { url: 'javascript:alert(1)' },
          { url: 5 },
          pick(junk),
        ]) as object,
      };
    } else {
      req = {
        method: pick(['GET', 'POST']),
        url: pick([
          '/',
          '/api',
          '/api/games',
          '/api/games/',
          `/api/games/${id}/live`,
          '/api/health?x=1',
          `/play/${id}`,
          '/%',
          '/api/games/import/view',
        ]),
        headers,
      };
    }
    const before = await seqs();
    const r = await app.inject(req);
    counts.set(r.statusCode, (counts.get(r.statusCode) ?? 0) + 1);
    assert.ok(
      r.statusCode < 500,
      `request ${i} ${JSON.stringify(req).slice(0, 300)} -> ${r.statusCode} ${r.body.slice(0, 300)}`,
    );
    const after = await seqs();
    if (r.statusCode >= 400) {
      if (req.method !== 'HEAD') {
        let e: { code?: unknown; message?: unknown } = {};
        try {
          e = r.json();
        } catch {
          assert.fail(
            `not JSON: ${r.statusCode} ${JSON.stringify(req).slice(0, 300)} ${r.body.slice(0, 100)}`,
          );
        }
        assert.equal(typeof e.code, 'string', r.body);
        assert.equal(typeof e.message, 'string', r.body);
      }
      assert.deepEqual(
        after,
        before,
        `a refused request changed nothing: ${JSON.stringify(req).slice(0, 300)}`,
      );
    } else if (req.method === 'POST' && String(req.url).endsWith('/actions')) {
      accepted++;
      assert.equal(
        after.reduce((a, b) => a + b, 0),
        before.reduce((a, b) => a + b, 0) + 1,
      );
    } else {
      assert.deepEqual(after, before);
    }
  }
  assert.ok(accepted > 50, `real moves were made too (${accepted})`);
  assert.ok((counts.get(200) ?? 0) > 100);
}

/** A message from the live channel, as far as the fuzz looks at it. */
interface Msg {
  type: string;
  ref?: unknown;
  code?: unknown;
  message?: unknown;
  seq?: unknown;
  stateId?: unknown;
  hash?: unknown;
}

/** One socket on a game's live channel and everything it was sent. */
interface Client {
  readonly name: string;
  readonly ws: WebSocket;
  readonly seen: Msg[];
  closed: number | null;
  /** The test closes it (or makes the server close it): no problem when it does. */
  expectClose: boolean;
  wake: (() => void) | null;
}

interface SeatView extends LiveSeatView {
  readonly stateId: number;
  readonly status: string;
  readonly legal: readonly Action[];
}

async function liveFuzz(): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  let rng: RngState = rngFromSeed('fuzz-live');
  const n = (k: number) => {
    const { value, next } = rollDie(rng, k);
    rng = next;
    return value - 1;
  };
  const pick = <T>(xs: readonly T[]): T => xs[n(xs.length)]!;

  // What the server answered, by kind (printed at the end).
  const counts = new Map<string, number>();
  const tally = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  // Whatever goes wrong inside a socket's event handlers, told at the end of each step.
  const problems: string[] = [];
  let lastSent = '';
  const brief = (m: Msg) =>
    `${m.type}${m.ref !== undefined ? `#${String(m.ref)}` : ''}${m.code ? `:${m.code}` : ''}`;
  const connect = async (name: string, gameId: string, header?: string): Promise<Client> => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/api/games/${gameId}/live`,
      header ? { headers: { authorization: `Bearer ${header}` } } : undefined,
    );
    const c: Client = { name, ws, seen: [], closed: null, expectClose: false, wake: null };
    ws.on('message', (raw) => {
      let m: Msg;
      try {
        m = JSON.parse(String(raw));
      } catch {
        problems.push(`${name} was sent something not JSON: ${String(raw).slice(0, 200)}`);
        return;
      }
      if (m.code === 'server/internal')
        problems.push(`${name} was sent server/internal after ${lastSent.slice(0, 300)}`);
      c.seen.push(m);
      c.wake?.();
    });
    ws.on('close', (code) => {
      c.closed = code;
      if (code === 1011 || !c.expectClose)
        problems.push(`${name} closed with ${code} after ${lastSent.slice(0, 300)}`);
      c.wake?.();
    });
    ws.on('error', (e) => {
      if (!c.expectClose) problems.push(`${name}: ${e.message}`);
    });
    await once(ws, 'open');
    return c;
  };
  /** The first message from `from` on that `pred` holds for; fails on a close or after `ms`. */
  const waitFor = (c: Client, from: number, what: string, pred: (m: Msg) => boolean, ms = 10_000) =>
    new Promise<Msg>((resolve, reject) => {
      let i = from;
      const done = () => {
        clearTimeout(timer);
        c.wake = null;
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `${c.name}: no ${what} within ${ms} ms after ${lastSent.slice(0, 300)}; got ${c.seen.slice(from).map(brief)}`,
          ),
        );
      }, ms);
      const check = () => {
        for (; i < c.seen.length; i++) {
          if (pred(c.seen[i]!)) {
            done();
            resolve(c.seen[i]!);
            return;
          }
        }
        if (c.closed !== null) {
          done();
          reject(
            new Error(`${c.name}: closed ${c.closed} waiting for ${what} after ${lastSent.slice(0, 300)}`),
          );
        }
      };
      c.wake = check;
      check();
    });
  const send = (c: Client, text: string | Buffer) => {
    lastSent = `${c.name} <- ${String(text)}`;
    c.ws.send(text);
  };
  const hello = async (c: Client, token: string) => {
    const from = c.seen.length;
    send(c, JSON.stringify({ type: 'hello', token }));
    await waitFor(c, from, 'the first view', (m) => m.type === 'view');
  };
  const badMessage = async (c: Client, from: number) => {
    const m = await waitFor(c, from, 'an answer', (m) => m.type === 'pong' || m.type === 'error');
    assert.equal(m.code, 'live/bad-message', `${lastSent.slice(0, 300)} -> ${brief(m)}`);
    assert.ok(!('ref' in m), 'a message not an act is answered without a ref');
    tally('live/bad-message');
  };
  const closeAll = (cs: Client[]) => {
    for (const c of cs) {
      c.expectClose = true;
      c.ws.close();
    }
  };

  // Two games under way and one still waiting for its seats, each watched by both seats
  // and the spectator.
  interface Game {
    id: string;
    tokens: string[];
    spectator: string;
    /** german, soviet, spectator */
    clients: Client[];
    /** The seats' views (GET /view) as last fetched: bodies, and parsed. */
    bodies: string[];
    views: SeatView[];
  }
  const games: Game[] = [];
  const seatViews = async (g: Game) => {
    const bodies: string[] = [];
    for (const t of g.tokens) {
      const r = await app.inject({
        url: `/api/games/${g.id}/view`,
        headers: { authorization: `Bearer ${t}` },
      });
      assert.equal(r.statusCode, 200, r.body);
      bodies.push(r.body);
    }
    return bodies;
  };
  const refresh = async (g: Game) => {
    g.bodies = await seatViews(g);
    g.views = g.bodies.map((b) => JSON.parse(b) as SeatView);
  };
  const stored = async (g: Game) => {
    const rows = await store.actions(g.id);
    return { count: rows.length, last: rows[rows.length - 1] };
  };
  for (let i = 0; i < 3; i++) {
    const made = (
      await app.inject({ method: 'POST', url: '/api/games', payload: { game: 'mars-1942' } })
    ).json();
    const tokens: string[] = [made.seats.german.token, made.seats.soviet.token];
    if (i < 2) {
      for (const [k, t] of tokens.entries()) {
        const r = await app.inject({
          method: 'POST',
          url: `/api/games/${made.id}/join`,
          headers: { authorization: `Bearer ${t}` },
          payload: {},
        });
        assert.equal(r.statusCode, 200, r.body);
        // Joining issues the seat its own token (issue #22).
        tokens[k] = r.json().token;
      }
    }
    const g: Game = {
      id: made.id,
      tokens,
      spectator: made.spectator.token,
      clients: [],
      bodies: [],
      views: [],
    };
    for (const [j, t] of [...tokens, g.spectator].entries()) {
      const c = await connect(`game ${i} ${['german', 'soviet', 'spectator'][j]}`, g.id);
      await hello(c, t);
      g.clients.push(c);
    }
    await refresh(g);
    games.push(g);
  }

  const KNOWN = new Set([
    'request/invalid',
    'live/no-hello',
    'action/busy',
    'action/stale',
    'action/not-legal',
    'action/not-your-turn',
    'action/game-over',
    'action/malformed',
    'action/unknown-side',
    'seat/spectator',
    'game/not-started',
  ]);
  /** Refs sent on each socket (`null` for acts whose ref is no string or number). */
  const refsSent = new Map<Client, (string | number | null)[]>();
  let accepted = 0;
  let busy = 0;

  /**
   * Sends one act and checks its answer: with the ref, acted or a known error; a refusal
   * leaves the stored actions and both seats' views as they were, an acted one adds one
   * action with the answer's hash.
   */
  const act = async (c: Client, g: Game, text: string, expect?: string) => {
    const msg = JSON.parse(text) as { ref?: unknown; stateId?: unknown; action?: unknown };
    const ref = typeof msg.ref === 'string' || typeof msg.ref === 'number' ? msg.ref : null;
    const before = await stored(g);
    const from = c.seen.length;
    send(c, text);
    const list = refsSent.get(c) ?? [];
    refsSent.set(c, list);
    list.push(ref);
    const answer = await waitFor(
      c,
      from,
      `the answer to ${String(ref)}`,
      (m) => (m.type === 'acted' || m.type === 'error') && 'ref' in m && m.ref === ref,
    );
    const what = `${lastSent.slice(0, 300)} -> ${JSON.stringify(answer).slice(0, 300)}`;
    const now = await stored(g);
    if (answer.type === 'error') {
      tally(String(answer.code));
      assert.equal(typeof answer.code, 'string', what);
      assert.equal(typeof answer.message, 'string', what);
      assert.ok(KNOWN.has(answer.code as string), `a documented code: ${what}`);
      if (expect) assert.equal(answer.code, expect, what);
      assert.equal(now.count, before.count, `a refused act stored nothing: ${what}`);
      const bodies = await seatViews(g);
      for (const [i, b] of bodies.entries()) {
        if (b !== g.bodies[i])
          assert.deepEqual(JSON.parse(b), g.views[i], `a refused act changed no seat's view: ${what}`);
      }
    } else {
      tally('acted');
      tally(`acted ${(msg.action as { type: string }).type}`);
      accepted++;
      if (expect) assert.equal('acted', expect, what);
      assert.equal(now.count, before.count + 1, `an acted act stored one action: ${what}`);
      assert.equal(answer.hash, now.last!.hash, `the answer carries the stored hash: ${what}`);
      assert.equal(answer.seq, now.last!.seq, what);
      await refresh(g);
      assert.equal(answer.stateId, g.views[0]!.stateId, what);
    }
    assert.deepEqual(problems, []);
    return answer;
  };

  // Building acts: any ref, stateId and action, each possibly missing or of any kind;
  // an action given as its JSON text (so that it may be one no object literal makes).
  const field = (k: string, json: string | undefined) => (json === undefined ? [] : [`"${k}":${json}`]);
  const actText = (ref: unknown, stateId: unknown, action: string | undefined, extra?: string) =>
    `{${[
      '"type":"act"',
      ...field('ref', ref === undefined ? undefined : JSON.stringify(ref)),
      ...field('stateId', stateId === undefined ? undefined : JSON.stringify(stateId)),
      ...field('action', action),
      ...(extra ? [extra] : []),
    ].join(',')}}`;
  let refNo = 0;
  const newRef = () => {
    refNo++;
    return n(3) === 0 ? 1_000_000 + refNo : `r${refNo}`;
  };
  const anyRef = () =>
    n(12) === 0
      ? pick<unknown>([undefined, null, true, {}, [], [refNo], 1.5, 'x'.repeat(2000), ''])
      : newRef();
  const weird: unknown[] = [
    null,
    0,
    -1,
    1.5,
    1e308,
    '',
    'x',
    'ZZ99',
    '0101',
    [],
    {},
    { q: 1, r: 2 },
    true,
    'x'.repeat(300),
    ['a', 'b'],
    [[[[[[[[]]]]]]]],
  ];
  const junkActions: string[] = [
    ...[
      'move',
      '',
      5,
      null,
      true,
      [],
      [{ type: 'undo' }],
      {},
      { type: '' },
      { type: 7 },
      { type: null },
      { type: ['move'] },
      { type: { type: 'move' } },
      { type: 'x'.repeat(65) },
      { type: 'x'.repeat(64) },
      { type: 'x'.repeat(5000) },
      { type: 'undo' },
      { type: 'pass' },
      { type: 'move' },
      { type: 'move', unit: null, to: { q: 'NaN' } },
      { type: 'historical-setup', extra: ['a'] },
      { type: 'constructor' },
      { type: '__proto__' },
      { type: 'toString' },
      { type: 'hasOwnProperty' },
      { type: 'end-phase' },
      { type: 'Move' },
      { type: ' move' },
    ].map((a) => JSON.stringify(a)),
    '{"__proto__":{"type":"undo"}}',
    '{"type":"move","__proto__":{"polluted":true}}',
    '{"type":"undo","constructor":{"prototype":{"polluted":true}}}',
    '{"type":"move","type":"undo"}',
    `{"type":"move","unit":${'['.repeat(500)}${']'.repeat(500)}}`,
  ];
  /** A legal action with something wrong: a field gone, of another kind, or one too many. */
  const mutate = (a: Action, legal: readonly Action[]): string => {
    const m: Record<string, unknown> = { ...a };
    const keys = Object.keys(m).filter((k) => k !== 'type');
    const how = n(6);
    if (keys.length > 0 && how === 0) delete m[pick(keys)];
    else if (keys.length > 0 && how <= 2) {
      const key = pick(keys);
      const elsewhere = (pick(legal) as unknown as Record<string, unknown>)[key];
      m[key] = n(3) === 0 && elsewhere !== undefined ? elsewhere : pick(weird);
    } else if (how === 3) m[pick(['extra', 'to', 'unit', 'from', 'side', 'hex', 'stateId'])] = pick(weird);
    else if (how === 4) m.type = pick([...new Set(legal.map((l) => l.type)), 'x', 'undo']);
    // A field twice, null the second time (JSON.parse keeps the last).
    else
      return `{"type":${JSON.stringify(a.type)},${keys.map((k) => `"${k}":${JSON.stringify(m[k])}`).join(',')}${keys.length > 0 ? ',' : ''}"${pick(keys.length > 0 ? keys : ['type'])}":null}`;
    return JSON.stringify(m);
  };

  for (let i = 0; i < LIVE_MESSAGES; i++) {
    const g = pick([games[0]!, games[0]!, games[1]!, games[1]!, games[2]!]);
    const moverAt = g.views.findIndex((v) => v.legal.length > 0);
    const mover = moverAt >= 0 ? g.clients[moverAt]! : pick(g.clients.slice(0, 2));
    const moverToken = g.tokens[moverAt >= 0 ? moverAt : g.clients.indexOf(mover)]!;
    const idle = moverAt >= 0 ? g.clients[1 - moverAt]! : pick(g.clients.slice(0, 2));
    const spectator = g.clients[2]!;
    const legalList = moverAt >= 0 ? g.views[moverAt]!.legal : [];
    const moves = legalList.filter((a) => a.type !== 'undo');
    const legal = (): Action =>
      legalList.length === 0
        ? { type: 'pass' }
        : moves.length > 0 && n(10) > 0
          ? pick(moves)
          : pick(legalList);
    const sid = g.views[0]!.stateId;
    const anyStateId = () =>
      n(3) === 0
        ? sid
        : pick<unknown>([
            sid,
            sid,
            sid,
            sid,
            sid - 1,
            sid + 1,
            0,
            -1,
            -3,
            1.5,
            sid + 0.5,
            String(sid),
            null,
            undefined,
            true,
            [],
            { sid },
            2 ** 53,
            1e308,
          ]);
    const anyAction = (): string | undefined => {
      const k = n(8);
      if (k <= 1) return JSON.stringify(legal());
      if (k <= 4) return mutate(legal(), legalList.length > 0 ? legalList : [legal()]);
      if (k === 5 && n(4) === 0) return undefined;
      return pick(junkActions);
    };
    /** Acts shaped as the server asks (it then gets to the game), as the server sees them. */
    const wellFormed = (text: string) => {
      const m = JSON.parse(text) as { stateId?: unknown; action?: { type?: unknown } | null };
      const a = m.action;
      return (
        typeof m.stateId === 'number' &&
        Number.isInteger(m.stateId) &&
        m.stateId >= 0 &&
        !!a &&
        typeof a === 'object' &&
        !Array.isArray(a) &&
        typeof a.type === 'string' &&
        a.type.length >= 1 &&
        a.type.length <= 64
      );
    };
    const randomAct = () => actText(anyRef(), anyStateId(), anyAction());
    const waiting = g.views[0]!.status === 'waiting';
    const what = n(24);

    if (i % 250 === 125 && legalList.length > 0) {
      // Two acts at once: the second is refused while the first is in flight.
      tally('busy try');
      const a = JSON.stringify(legal());
      const r1 = newRef();
      const r2 = newRef();
      const before = await stored(g);
      const from = mover.seen.length;
      send(mover, actText(r1, sid, a));
      send(mover, actText(r2, sid, a));
      refsSent.set(mover, [...(refsSent.get(mover) ?? []), r1, r2]);
      const first = await waitFor(mover, from, `the answer to ${r1}`, (m) => m.ref === r1);
      const second = await waitFor(mover, from, `the answer to ${r2}`, (m) => m.ref === r2);
      assert.equal(first.type, 'acted', JSON.stringify(first));
      assert.equal(second.type, 'error', JSON.stringify(second));
      assert.ok(second.code === 'action/busy' || second.code === 'action/stale', JSON.stringify(second));
      if (second.code === 'action/busy') busy++;
      const now = await stored(g);
      assert.equal(now.count, before.count + 1);
      assert.equal(first.hash, now.last!.hash);
      accepted++;
      await refresh(g);
    } else if (what === 0) {
      // Not JSON.
      const c = pick(g.clients);
      const from = c.seen.length;
      send(
        c,
        pick([
          '',
          ' ',
          'x',
          '{',
          '}',
          '{"type":"act"',
          '{"type":"act",}',
          "{'type':'act'}",
          'undefined',
          'NaN',
          '\u0000',
          '{"type":"act"}garbage',
          '[1,',
          '0x10',
          `{"type":"act","ref":"z","stateId":${sid},"action":{"type":"move"}`,
          '\ud800',
        ]),
      );
      await badMessage(c, from);
    } else if (what === 1) {
      // JSON, not an object.
      const c = pick(g.clients);
      const from = c.seen.length;
      send(c, pick(['null', '0', '-1', '1e308', '"act"', 'true', 'false', '""', '"{\\"type\\":\\"act\\"}"']));
      await badMessage(c, from);
    } else if (what === 2) {
      // Objects (and arrays) that are no message of the channel, a second hello, a ping.
      const c = pick(g.clients);
      const from = c.seen.length;
      const m = pick<unknown>([
        {},
        [],
        [{ type: 'act', ref: 'arr', stateId: sid, action: legal() }],
        { type: 'Act' },
        { type: 'act ' },
        { type: 'acted', ref: 'q' },
        { type: 'view' },
        { type: 'update' },
        { type: 'error' },
        { type: 'pong' },
        { type: 7 },
        { type: null },
        { type: ['act'] },
        { type: { type: 'act' } },
        { type: 'hello', token: pick([...g.tokens, g.spectator]) },
        { type: 'hello' },
        { ref: 'noType', stateId: sid, action: legal() },
        { type: 'ping' },
        { type: 'ping', ref: 'p' },
      ]);
      send(c, JSON.stringify(m));
      if ((m as { type?: unknown }).type === 'ping') {
        const got = await waitFor(c, from, 'a pong', (x) => x.type === 'pong' || x.type === 'error');
        assert.equal(got.type, 'pong');
        tally('pong');
      } else await badMessage(c, from);
    } else if (what === 3) {
      // A binary frame: random bytes (no JSON), or now and then a ping.
      const c = pick(g.clients);
      const from = c.seen.length;
      if (n(6) === 0) {
        send(c, Buffer.from('{"type":"ping"}'));
        assert.equal((await waitFor(c, from, 'a pong', (x) => x.type === 'pong')).type, 'pong');
        tally('pong');
      } else {
        const bytes = Buffer.alloc(1 + n(40));
        bytes[0] = 0xff;
        for (let k = 1; k < bytes.length; k++) bytes[k] = n(256);
        send(c, bytes);
        await badMessage(c, from);
      }
    } else if (what <= 5) {
      // The spectator acts: refused, for the shape or for having no seat.
      const text = randomAct();
      await act(spectator, g, text, wellFormed(text) ? 'seat/spectator' : 'request/invalid');
    } else if (what <= 7) {
      // The seat not to move acts (or either seat, in the waiting game).
      const text = n(2) === 0 ? actText(newRef(), sid, JSON.stringify(legal())) : randomAct();
      const ok = wellFormed(text);
      const answer = await act(
        idle,
        g,
        text,
        !ok ? 'request/invalid' : waiting ? 'game/not-started' : undefined,
      );
      if (g.views[g.clients.indexOf(idle)]!.legal.length === 0)
        assert.equal(answer.type, 'error', 'the side not to move cannot act');
    } else if (what === 8) {
      // Fresh sockets: acts before hello, or just after it, a header token and a second
      // hello, bad tokens, a message too large, an act and a close at once.
      const sub = n(7);
      tally(`fresh socket ${sub}`);
      const c = await connect(`fresh ${i}`, g.id, sub === 2 ? moverToken : undefined);
      if (sub === 0) {
        await act(
          c,
          g,
          n(2) === 0 ? actText(newRef(), sid, JSON.stringify(legal())) : randomAct(),
          'live/no-hello',
        );
        await act(c, g, randomAct(), 'live/no-hello');
      } else if (sub === 1) {
        // hello and an act at once: no seat yet when the act comes (or already one).
        send(c, JSON.stringify({ type: 'hello', token: moverToken }));
        await act(c, g, actText(newRef(), sid, JSON.stringify(legal())));
      } else if (sub === 2) {
        await waitFor(c, 0, 'the first view', (m) => m.type === 'view');
        const from = c.seen.length;
        send(c, JSON.stringify({ type: 'hello', token: moverToken }));
        await badMessage(c, from);
        const answer = await act(c, g, actText(newRef(), sid, JSON.stringify(legal())));
        if (!waiting && legalList.length > 0) assert.equal(answer.type, 'acted', JSON.stringify(answer));
      } else if (sub === 3) {
        const bad = n(3);
        const target = bad === 0 ? await connect(`fresh ${i} nowhere`, 'nope') : c;
        if (target !== c) closeAll([c]);
        target.expectClose = true;
        const elsewhere = games.find((x) => x !== g)!;
        const token =
          bad === 0
            ? moverToken
            : pick<unknown>([undefined, 5, null, '', 'st_forged', elsewhere.tokens[0], elsewhere.spectator]);
        const [code, why] =
          bad === 0
            ? [4404, 'game/not-found']
            : typeof token === 'string' && token !== ''
              ? [4403, 'seat/bad-token']
              : [4401, 'seat/no-token'];
        // A bad hello: told why, then closed; an act sent at once is answered no-hello
        // if the answer comes before the close.
        const closed = once(target.ws, 'close');
        const before = await stored(g);
        const ref = newRef();
        send(target, JSON.stringify({ type: 'hello', token }));
        send(target, actText(ref, sid, JSON.stringify(legal())));
        const [closedWith] = (await closed) as [number];
        tally(`close ${closedWith}`);
        const refusal = target.seen.find((m) => m.type === 'error' && !('ref' in m));
        assert.equal(refusal?.code, why, `${lastSent} -> ${JSON.stringify(target.seen.map(brief))}`);
        assert.equal(closedWith, code, JSON.stringify(refusal));
        const answers = target.seen.filter((m) => 'ref' in m);
        assert.ok(answers.length <= 1 && answers.every((m) => m.ref === ref && m.code === 'live/no-hello'));
        assert.equal((await stored(g)).count, before.count);
      } else if (sub === 4) {
        await hello(c, pick([moverToken, g.spectator]));
        const before = await stored(g);
        c.expectClose = true;
        const closed = once(c.ws, 'close');
        send(c, actText(newRef(), sid, JSON.stringify({ type: 'move', pad: 'x'.repeat(17 * 1024) })));
        const [code] = (await closed) as [number];
        tally(`close ${code}`);
        // 1009 every time: the server lets the closing handshake finish instead of resetting
        // the connection while the rest of this frame still arrives (app.ts, errorHandler),
        // which dropped the close frame about once in ten (the client saw 1006).
        assert.equal(code, 1009, 'a message over 16 KiB closes the socket with 1009 (message too big)');
        assert.equal((await stored(g)).count, before.count, 'nothing stored');
      } else if (sub === 5) {
        // An act, and the socket closed before its answer: stored or not, nothing else.
        await hello(c, moverToken);
        const before = await stored(g);
        c.expectClose = true;
        send(c, actText(newRef(), sid, JSON.stringify(legal())));
        c.ws.close();
        await once(c.ws, 'close');
        // The server read the act before the close: an act after it waits for it (and is
        // refused either way: stale, or not legal, or in a game not started).
        const ref = newRef();
        const from = mover.seen.length;
        send(mover, actText(ref, sid, '{"type":"fuzz-sync"}'));
        refsSent.set(mover, [...(refsSent.get(mover) ?? []), ref]);
        const sync = await waitFor(mover, from, `the answer to ${ref}`, (m) => m.ref === ref);
        assert.equal(sync.type, 'error', JSON.stringify(sync));
        assert.ok(
          ['action/stale', 'action/not-legal', 'game/not-started'].includes(sync.code as string),
          JSON.stringify(sync),
        );
        const now = await stored(g);
        assert.ok(now.count === before.count || now.count === before.count + 1, 'at most the one action');
        if (now.count > before.count) accepted++;
        await refresh(g);
      } else {
        await hello(c, g.spectator);
        const from = c.seen.length;
        send(c, JSON.stringify({ type: 'hello', token: moverToken }));
        await badMessage(c, from);
        const text = randomAct();
        await act(c, g, text, wellFormed(text) ? 'seat/spectator' : 'request/invalid');
      }
      closeAll([c]);
    } else if (what <= 11) {
      // A legal action from the seat to move, at the current state: the game moves on.
      const answer = await act(mover, g, actText(newRef(), sid, JSON.stringify(legal())));
      if (!waiting && legalList.length > 0) assert.equal(answer.type, 'acted', JSON.stringify(answer));
    } else {
      // Anything from the seat to move.
      const text = randomAct();
      await act(
        mover,
        g,
        text,
        wellFormed(text) ? (waiting ? 'game/not-started' : undefined) : 'request/invalid',
      );
    }
    assert.deepEqual(problems, []);
  }

  // Every act answered exactly once, with its ref; and every channel's view, rebuilt from
  // its messages, is the one GET /view gives now (a ping first: all sent before it came).
  for (const g of games) {
    for (const c of g.clients) {
      const from = c.seen.length;
      send(c, '{"type":"ping"}');
      await waitFor(c, from, 'a pong', (m) => m.type === 'pong');
      const refs = refsSent.get(c) ?? [];
      const answered = c.seen.filter((m) => (m.type === 'acted' || m.type === 'error') && 'ref' in m);
      assert.equal(answered.length, refs.length, `${c.name}: one answer for each act`);
      const byRef = new Map<unknown, number>();
      for (const r of refs) byRef.set(r, (byRef.get(r) ?? 0) + 1);
      for (const m of answered) byRef.set(m.ref, (byRef.get(m.ref) ?? 0) - 1);
      for (const [r, k] of byRef) assert.equal(k, 0, `${c.name}: ref ${String(r)} answered once`);
      let held: LiveSeatView | null = null;
      for (const m of c.seen) {
        if (m.type === 'view' || m.type === 'update') held = receive(held, m as LiveMessage<LiveSeatView>);
      }
      const token = [...g.tokens, g.spectator][g.clients.indexOf(c)]!;
      const now = await app.inject({
        url: `/api/games/${g.id}/view`,
        headers: { authorization: `Bearer ${token}` },
      });
      assert.deepEqual(held, now.json(), `${c.name}: the channel's view is the server's`);
    }
    closeAll(g.clients);
  }
  assert.deepEqual(problems, []);
  assert.equal(({} as { polluted?: unknown }).polluted, undefined, 'no prototype polluted');
  console.log(`live fuzz: ${JSON.stringify(Object.fromEntries([...counts].sort()))}, busy ${busy}`);
  assert.ok(accepted > 100, `real moves were made too (${accepted})`);
  assert.ok(busy > 0, 'a second act in flight was refused as busy');
}

for (const threads of [0, 2]) {
  describe(threads === 0 ? 'in one thread' : `on ${threads} worker threads (shards.ts)`, () => {
    before(async () => {
      store = await openStore(tempSqlitePath());
      app = (await buildApp({ store, rateLimit: false, threads })).app;
    });
    after(async () => {
      await app.close();
      await store.close();
    });
    test(`${REQUESTS} random and malformed requests: never a 5xx, refusals change nothing`, requestsFuzz);
    test(
      `${LIVE_MESSAGES} random and malformed live-channel messages: every act answered once, refusals change nothing`,
      liveFuzz,
    );
  });
}
