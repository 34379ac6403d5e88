/**
 * Hidden information never leaves the server (issue #20): every live frame a seat or a
 * spectator of a hidden-information game receives is checked against the server's own
 * state at that frame's state id, rebuilt from the store (the seed, the server's secret
 * until the end, and the actions). Barbarossa's face-down Russian tank units are known to
 * the Russian player only: their identities must never reach the German seat or a
 * spectator, while the Russian seat's frames carry them (the check is not blind). The 42
 * rifle armies drawn at set-up are "unknown to both the Axis and Russian players" (issue
 * #41): no frame names an army of the pool before it is revealed on the board.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  type Action,
  applyUnchecked,
  type GameState,
  rngFromSeed,
  rollDie,
  type Seed,
  setup,
} from '@stavka/engine';
import { findGame } from '@stavka/games';
import { buildApp } from './app.ts';
import { openStore, type Store } from './store.ts';
import { tempSqlitePath } from './test-support.ts';

interface Identities {
  secret: { identities: Record<string, { unit: string | null; knownTo: string | null }> };
  /** Set once the game is over: then everything is public (every viewer sees the server's view). */
  result?: unknown;
  pieces: Record<string, { unit: string | null }>;
  riflePile: string[];
}

const opened: { close: () => Promise<unknown>; store: Store }[] = [];
after(async () => {
  for (const o of opened) {
    await o.close();
    await o.store.close();
  }
});

/** A Barbarossa game played online by random legal actions, its frames, and the server's own states rebuilt. */
interface Played {
  frames: Record<string, string[]>;
  /** State id -> the server's state. */
  states: Map<number, Identities>;
  actions: number;
}

let played: Promise<Played> | undefined;
const playedGame = () => {
  played ??= playOnline(300);
  return played;
};

describe('hidden information never leaves the server: live frames', () => {
  test('Barbarossa: no frame to the German seat or a spectator names a Russian unit hidden from them', async () => {
    const { frames, states, actions } = await playedGame();
    assert.ok(actions >= 100, `${actions} actions played`);
    const hiddenFromAxis = new Map<number, Set<string>>();
    for (const [at, st] of states)
      hiddenFromAxis.set(
        at,
        new Set(
          Object.values(st.secret.identities)
            .filter((x) => x.unit !== null && x.knownTo === 'soviet')
            .map((x) => x.unit!),
        ),
      );
    const stateOf = (frame: string) => (JSON.parse(frame) as { data?: { stateId?: number } }).data?.stateId;
    let checked = 0;
    for (const viewer of ['axis', 'spectator']) {
      assert.ok(frames[viewer]!.length > 20, `${viewer}: ${frames[viewer]!.length} frames`);
      for (const f of frames[viewer]!) {
        const at = stateOf(f);
        // Once the game is over, every viewer sees everything (hidden information ends).
        if (at === undefined || (states.get(at)?.result ?? null) !== null) continue;
        for (const unit of hiddenFromAxis.get(at) ?? []) {
          assert.ok(
            !f.includes(`"${unit}"`),
            `${viewer}'s frame at state ${at} names ${unit}, hidden from it`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked > 100, `${checked} hidden identities checked`);
    // The Russian seat sees its own: the same identities are in its frames.
    // State 1: after the German's blind choice of the extra tank group, his first action (B-53).
    const known = hiddenFromAxis.get(1)!;
    assert.ok(known.size > 0, 'Russian units hidden from the German at the start');
    assert.ok(
      [...known].some((unit) => frames.soviet!.some((f) => f.includes(`"${unit}"`))),
      'the Russian seat is sent its own hidden units',
    );
  });

  test('Barbarossa: over a 300-action game no frame to the German seat or a spectator names an army of the draw not yet revealed (issue #41)', async () => {
    const { frames, states, actions } = await playedGame();
    // 300 actions, or the whole game if it ended sooner (its dice come from a fresh server secret).
    const ended = [...states.values()].some((st) => (st.result ?? null) !== null);
    assert.ok(actions >= 300 || (ended && actions >= 100), `${actions} actions played`);
    const file = findGame('barbarossa-1941')!.scenarios!.standardFile!() as {
      setup: { soviet: { rifleArmyPool: string[] } };
    };
    const pool = file.setup.soviet.rifleArmyPool;
    assert.equal(pool.length, 62);
    // The armies revealed by each state (face up on a piece at that state or before): any
    // other army of the pool, drawn or removed, is nobody's knowledge yet.
    const unseenAt = new Map<number, string[]>();
    const seen = new Set<string>();
    for (const at of [...states.keys()].sort((a, b) => a - b)) {
      for (const p of Object.values(states.get(at)!.pieces)) if (p.unit !== null) seen.add(p.unit);
      unseenAt.set(
        at,
        pool.filter((u) => !seen.has(u)),
      );
    }
    assert.ok(unseenAt.get(0)!.length === pool.length, 'no army revealed at the start');
    assert.equal(states.get(0)!.riflePile.length, 42, 'the server holds the draw');
    const stateOf = (frame: string) => (JSON.parse(frame) as { data?: { stateId?: number } }).data?.stateId;
    let checked = 0;
    for (const viewer of ['axis', 'spectator']) {
      for (const f of frames[viewer]!) {
        const at = stateOf(f);
        // Once the game is over, every viewer sees everything (hidden information ends).
        if (at === undefined || (states.get(at)?.result ?? null) !== null) continue;
        for (const unit of unseenAt.get(at) ?? []) {
          assert.ok(
            !f.includes(`"${unit}"`),
            `${viewer}'s frame at state ${at} names ${unit}, not yet revealed`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked > 1000, `${checked} army names checked`);
  });
});

async function playOnline(count: number): Promise<Played> {
  const store = await openStore(tempSqlitePath());
  const { app, service } = await buildApp({ store, rateLimit: false });
  await app.ready();
  opened.push({ close: () => app.close(), store });
  const made = await app.inject({
    method: 'POST',
    url: '/api/games',
    payload: { game: 'barbarossa-1941' },
  });
  assert.equal(made.statusCode, 201, made.body);
  const id: string = made.json().id;
  const tokens: Record<string, string> = {};
  for (const [side, seat] of Object.entries(made.json().seats as Record<string, { token: string }>)) {
    const joined = await app.inject({
      method: 'POST',
      url: `/api/games/${id}/join`,
      headers: { authorization: `Bearer ${seat.token}` },
      payload: {},
    });
    assert.equal(joined.statusCode, 200, joined.body);
    tokens[side] = joined.json().token;
  }
  const frames: Record<string, string[]> = { axis: [], soviet: [], spectator: [] };
  await service.watch({ gameId: id, side: 'axis' }, (m) => frames.axis!.push(m));
  await service.watch({ gameId: id, side: 'soviet' }, (m) => frames.soviet!.push(m));
  await service.watch({ gameId: id, side: null }, (m) => frames.spectator!.push(m));

  // Random legal actions through the API, as players would send them.
  let rng = rngFromSeed('secrets-test');
  for (let i = 0; i < count; i++) {
    const summary = (await app.inject({ url: `/api/games/${id}` })).json();
    const side: string | undefined = summary.activeSides[0];
    if (!side) break;
    const v = (
      await app.inject({
        url: `/api/games/${id}/view`,
        headers: { authorization: `Bearer ${tokens[side]}` },
      })
    ).json();
    const legal = (v.legal as Action[]).filter((a) => a.type !== 'undo');
    const pick = rollDie(rng, legal.length);
    rng = pick.next;
    const r = await app.inject({
      method: 'POST',
      url: `/api/games/${id}/actions`,
      headers: { authorization: `Bearer ${tokens[side]}` },
      payload: { stateId: v.stateId, action: legal[pick.value - 1] },
    });
    assert.equal(r.statusCode, 200, r.body);
  }

  // The server's own states, rebuilt from the store: who may see which Russian unit.
  const rules = findGame('barbarossa-1941')!.rules!;
  const record = (await store.game(id))!;
  const made0 = setup(
    rules,
    JSON.parse(record.scenario),
    JSON.parse(record.seed!) as Seed,
    JSON.parse(record.options),
  );
  assert.ok(made0.ok);
  let s: GameState<unknown> = made0.value;
  const states = new Map<number, Identities>([[s.stateId, s.state as Identities]]);
  for (const a of await store.actions(id)) {
    s = applyUnchecked(rules, s, a.side, JSON.parse(a.action) as Action);
    states.set(s.stateId, s.state as Identities);
  }
  return { frames, states, actions: s.actionCount };
}
