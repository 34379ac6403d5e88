/**
 * Every playable game of the registry passes the engine's conformance suite: random
 * whole games with no dead end, replays to the same hash, apply leaving its input alone,
 * stale actions refused, secrets kept (planted markers never reach a viewer they are
 * hidden from) and legal actions that depend only on what their side may see.
 * STAVKA_CONFORMANCE_GAMES scales the number of playouts (default 2 a game); a game whose
 * random games are long says where to cut them (module.conformance.truncateAt).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkConformance } from '@stavka/engine';
import { GAMES, playableGame } from './registry.ts';

const playouts = Number(process.env.STAVKA_CONFORMANCE_GAMES ?? 2);

describe('conformance of every playable game', () => {
  const ids = Object.keys(GAMES).filter((id) => playableGame(id));
  it('has at least one playable game', () => assert.ok(ids.length >= 1));
  for (const id of ids) {
    it(`${id} conforms`, () => {
      const m = playableGame(id)!;
      const c = m.conformance;
      const found = checkConformance(m, {
        playouts,
        seed: `conformance:${id}`,
        sampleEvery: c?.sampleEvery ?? 40,
        ...(c?.secrets ? { secrets: c.secrets } : {}),
        ...(c?.truncateAt !== undefined ? { truncateAt: c.truncateAt } : {}),
      });
      assert.deepEqual(found, []);
    });
  }
});
