/**
 * Random whole games on a small front (OpenSpiel's basic tests, Rally the Troops'
 * fuzzer): every non-terminal state has a legal action for its active side; every
 * action offered is accepted; `apply` never changes its input; the invariants of the
 * board hold after every action (one side per hex, stacking, pieces on the map); no
 * view carries the secret or names a face-down unit it may not see; replaying the
 * actions gives the same state hash.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  replay,
  setup,
  stateHash,
  view,
} from '@stavka/engine';
import { Board, stackingOk } from './board.ts';
import { barbarossaRules } from './rules.ts';
import { rulesScenarioByKey, terrainIn } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { mulberry } from './test-games.ts';
import { SMALL_FRONT as FRONT, positionFile } from './test-positions.ts';

function checkInvariants(g: BarbarossaState): void {
  const s = rulesScenarioByKey(g.scenario);
  const b = new Board(g, s);
  for (let h = 0; h < b.at.length; h++) {
    const ids = b.at[h]!;
    if (ids.length === 0) continue;
    const sides = new Set(ids.map((id) => g.pieces[id]!.side));
    assert.equal(sides.size, 1, `both sides in ${s.hexNumbers[h]}`);
    const verdict = stackingOk(
      ids.map((id) => ({ unit: b.unit(id), piece: g.pieces[id]! })),
      terrainIn(s, h, b.weather),
    );
    assert.ok(verdict.ok, `overstacked ${s.hexNumbers[h]}: ${verdict.reason}`);
  }
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.status === 'map') assert.ok(p.at >= 0);
    if (p.unit === null) assert.ok(g.secret.identities[id], `face-down ${id} without identity`);
  }
}

function play(seed: number, maxActions = 1500, asymmetricOdds = false) {
  const file = positionFile(FRONT);
  const made = setup(barbarossaRules, file, seed, { asymmetricOdds });
  assert.ok(made.ok);
  let s: GameState<BarbarossaState> = made.value;
  const rand = mulberry(seed);
  const actions: { side: string; action: Action }[] = [];
  for (let i = 0; i < maxActions; i++) {
    const active = barbarossaRules.activeSides(s.state);
    if (active.length === 0) break;
    const side = active[0]!;
    const legal = legalActions(barbarossaRules, s, side).filter((a) => a.type !== 'undo');
    assert.ok(legal.length > 0, `dead end at step ${s.state.step}, combat ${s.state.combat?.phase}`);
    const before = JSON.stringify(s.state);
    // Ends of steps rarely, while anything else is offered: the games then move and fight.
    const busy = legal.filter(
      (a) => !a.type.startsWith('end-') && a.type !== 'unallocate' && a.type !== 'cancel',
    );
    const pool = busy.length > 0 && rand() < 0.9 ? busy : legal;
    const action = pool[Math.floor(rand() * pool.length)]!;
    const next = apply(barbarossaRules, s, side, action);
    assert.ok(next.ok, next.ok ? '' : next.error.message);
    assert.equal(JSON.stringify(s.state), before, 'apply changed its input');
    s = next.value;
    actions.push({ side, action });
    checkInvariants(s.state);
    for (const viewer of ['axis', 'soviet']) {
      const v = JSON.stringify(view(barbarossaRules, s, viewer));
      assert.equal(v.includes('"secret"'), false);
      // Tank identities are the Russian player's alone until their first combat (a re-hidden
      // army was seen by both at its reveal: B-35).
      for (const [piece, h] of Object.entries(s.state.secret.identities)) {
        if (h.unit !== null && h.knownTo === 'soviet' && viewer === 'axis')
          assert.equal(v.includes(`"${h.unit}"`), false, `${viewer} sees ${piece}`);
      }
    }
  }
  return { s, actions, file, asymmetricOdds };
}

describe('Random whole games on a small front', () => {
  for (const [seed, asymmetric] of [
    [1, false],
    [2, false],
    [3, true],
    [4, true],
  ] as const) {
    it(`seed ${seed}${asymmetric ? ' (asymmetric odds, B-7/B-8)' : ''}: no dead end, invariants hold, views keep the secret, replay gives the same hash`, () => {
      const { s, actions, file } = play(seed, 1500, asymmetric);
      const again = replay(barbarossaRules, {
        game: 'barbarossa-1941',
        rulesVersion: barbarossaRules.rulesVersion,
        scenario: file,
        seed,
        options: { asymmetricOdds: asymmetric },
        actions,
      });
      assert.ok(again.ok);
      assert.equal(stateHash(again.value), stateHash(s));
    });
  }
});
