/**
 * The analyst's agreement (issue #48): "in an online game only if both seats agree at
 * creation". A game made with `analyst: true` offers the analyst to both seats (joining
 * agrees to it); one made without offers it to neither until it is over; the flag is
 * fixed at creation.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { GAMES } from '@stavka/games';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { openStore, type Store } from './store.ts';
import { type MadeGame, newJoinedGame, tempSqlitePath } from './test-support.ts';

const opened: { app: FastifyInstance; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.app.close();
    await o.store.close();
  }
});

async function server() {
  const store = await openStore(tempSqlitePath());
  const built = await buildApp({ store, rateLimit: false });
  await built.app.ready();
  opened.push({ app: built.app, store });
  return { ...built, store };
}

type Inject = FastifyInstance['inject'];
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

interface SeatView {
  status: string;
  stateId: number;
  legal: { type: string }[];
  analyst: boolean;
}

async function seatView(inject: Inject, id: string, token: string): Promise<SeatView> {
  const r = await inject({ method: 'GET', url: `/api/games/${id}/view`, headers: bearer(token) });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as SeatView;
}

async function summaryOf(inject: Inject, id: string): Promise<{ analyst: boolean; status: string }> {
  const r = await inject({ method: 'GET', url: `/api/games/${id}` });
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as { analyst: boolean; status: string };
}

/**
 * The toy game the home page does not list (a dozen actions a game: played to the end
 * here in a moment), found by that, not by its name.
 */
const TOY = Object.values(GAMES).find((m) => m.meta.listed === false && m.rules)!.id;

/** A game of the toy game with both seats joined. */
const toyGame = (inject: Inject, extra: Record<string, unknown> = {}) =>
  newJoinedGame(inject, { game: TOY, ...extra });

/** Every seat of `made` told `value`. */
const all = (made: MadeGame, value: boolean) =>
  Object.fromEntries(Object.keys(made.seats).map((side) => [side, value]));

/** What each seat is told of the analyst now. */
async function offered(inject: Inject, made: MadeGame): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const [side, seat] of Object.entries(made.seats))
    out[side] = (await seatView(inject, made.id, seat.token!)).analyst;
  return out;
}

describe('the analyst in an online game: only if both seats agree at creation (issue #48)', () => {
  test('a game created without it offers no analyst to either seat, and it cannot be switched on later', async () => {
    const { app } = await server();
    const made = await toyGame(app.inject.bind(app));
    assert.equal((await summaryOf(app.inject.bind(app), made.id)).analyst, false);
    assert.deepEqual(await offered(app.inject.bind(app), made), all(made, false));
    // No request sets it after creation: a join asking for it is refused, changing nothing.
    const waiting = await newJoinedGame(app.inject.bind(app), { game: TOY }, false);
    const join = await app.inject({
      method: 'POST',
      url: `/api/games/${waiting.id}/join`,
      headers: bearer(Object.values(waiting.seats)[0]!.token!),
      payload: { contribution: 'x', analyst: true },
    });
    assert.equal(join.statusCode, 400, join.body);
    assert.equal((await summaryOf(app.inject.bind(app), waiting.id)).analyst, false);
    assert.deepEqual(await offered(app.inject.bind(app), made), all(made, false));
  });

  test('a game created with it offers it to both seats, and says so to whoever joins', async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    const waiting = await newJoinedGame(inject, { game: TOY, analyst: true }, false);
    // Before joining: the public summary a joiner reads says the analyst is on.
    assert.equal((await summaryOf(inject, waiting.id)).analyst, true);
    const made = await toyGame(inject, { analyst: true });
    assert.deepEqual(await offered(inject, made), all(made, true));
  });

  test('a finished game offers it to both seats, agreed or not', async () => {
    const { app } = await server();
    const inject = app.inject.bind(app);
    const made = await toyGame(inject);
    // Each seat plays its first legal action until the game is over.
    for (let n = 0; n < 100; n++) {
      let moved = false;
      for (const seat of Object.values(made.seats)) {
        const v = await seatView(inject, made.id, seat.token!);
        if (v.status === 'over' || v.legal.length === 0) continue;
        assert.equal(v.analyst, false, 'not offered while the game goes on');
        const action = v.legal.find((a) => a.type !== 'undo')!;
        const r = await inject({
          method: 'POST',
          url: `/api/games/${made.id}/actions`,
          headers: bearer(seat.token!),
          payload: { stateId: v.stateId, action },
        });
        assert.equal(r.statusCode, 200, r.body);
        moved = true;
      }
      if (!moved) break;
    }
    assert.equal((await summaryOf(inject, made.id)).status, 'over');
    assert.deepEqual(await offered(inject, made), all(made, true));
  });

  test('a bad value is refused with a clear 400, and nothing is created', async () => {
    const { app, store, service } = await server();
    const before = await store.gameIds();
    const r = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: { game: TOY, analyst: 'yes' },
    });
    assert.equal(r.statusCode, 400, r.body);
    assert.match(r.json().message, /analyst/);
    // The service refuses it too, whoever calls it.
    await assert.rejects(
      service.create({ game: TOY, analyst: 'yes' as unknown as boolean }),
      (e: { status?: number; code?: string }) => e.status === 400 && e.code === 'game/bad-analyst',
    );
    assert.deepEqual(await store.gameIds(), before);
  });
});
