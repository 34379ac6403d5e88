/** Couriers' rules, one `describe` per section of its sequence, and its presentation. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, legalActions, setup, UNDO, view } from '@stavka/engine';
import { couriersPresentation } from './presentation.ts';
import { couriersRules as rules } from './rules.ts';
import type { CouriersAction, CouriersState } from './state.ts';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};
const start = () => must(setup(rules, null, 'couriers-test', {}));
const act = (s: GameState<CouriersState>, side: string, a: CouriersAction | typeof UNDO) =>
  must(apply(rules, s, side, a, s.stateId));

describe('Set-up: four sealed dispatches a side, seen by their owner alone', () => {
  it('deals 1 to 6 to each, hidden from the other side', () => {
    const s = start();
    assert.equal(Object.keys(s.state.pieces).length, 8);
    for (const p of Object.values(s.state.pieces)) assert.ok(p.value! >= 1 && p.value! <= 6);
    const blue = view(rules, s, 'blue').state as CouriersState;
    assert.equal(blue.pieces['red-1']!.value, null);
    assert.equal(typeof blue.pieces['blue-1']!.value, 'number');
  });
  it('takes a scenario file with fewer dispatches, and refuses a bad one naming the field', () => {
    const s = must(setup(rules, { game: 'couriers', dispatchesPerSide: 2 }, 1, {}));
    assert.equal(Object.keys(s.state.pieces).length, 4);
    const bad = setup(rules, { game: 'couriers', dispatchesPerSide: 9 }, 1, {});
    assert.ok(!bad.ok && bad.error[0]!.path === 'dispatchesPerSide');
  });
});

describe('Picking: a sealed dispatch, reversibly; or the recount, once', () => {
  it('offers the side its sealed dispatches and the recount; a pick can be taken back', () => {
    const s = start();
    assert.deepEqual(legalActions(rules, s, 'blue'), []);
    const offered = legalActions(rules, s, 'red').map((a) => a.type);
    assert.deepEqual(offered, ['pick', 'pick', 'pick', 'pick', 'recount']);
    const picked = act(s, 'red', { type: 'pick', piece: 'red-2' });
    assert.deepEqual(legalActions(rules, picked, 'red'), [{ type: 'open' }, UNDO]);
    assert.equal(act(picked, 'red', UNDO).state.picked, null);
  });
  it('the recount is rolled for nobody and asked once a game', () => {
    const s = act(start(), 'red', { type: 'recount' });
    assert.equal((view(rules, s, 'red').state as CouriersState).recount, null);
    assert.equal(s.state.turn, 'blue');
    assert.ok(!legalActions(rules, s, 'blue').some((a) => a.type === 'recount'));
  });
});

describe('Opening: the pick revealed to all, the turn passed', () => {
  it('opens the dispatch picked; undo is closed', () => {
    const s = act(act(start(), 'red', { type: 'pick', piece: 'red-1' }), 'red', { type: 'open' });
    const blue = view(rules, s, 'blue').state as CouriersState;
    assert.equal(blue.pieces['red-1']!.open, true);
    assert.equal(typeof blue.pieces['red-1']!.value, 'number');
    assert.equal(s.state.turn, 'blue');
    assert.ok(!legalActions(rules, s, 'red').includes(UNDO));
  });
});

describe('End: every dispatch open, the higher total wins', () => {
  it('plays to an outcome with the totals', () => {
    let s = start();
    for (let n = 0; n < 40 && rules.activeSides(s.state).length > 0; n++) {
      const side = rules.activeSides(s.state)[0]!;
      const a = legalActions(rules, s, side).find((x) => x.type !== 'recount' && x.type !== 'undo')!;
      s = act(s, side, a as CouriersAction);
    }
    const o = rules.outcome(s.state)!;
    const total = (side: string) =>
      Object.values(s.state.pieces)
        .filter((p) => p.side === side)
        .reduce((a, p) => a + p.value!, 0);
    assert.deepEqual(o.score, { red: total('red'), blue: total('blue') });
  });
});

describe('presentation', () => {
  it("draws eight desks and the other side's sealed dispatches face down", () => {
    const v = view(rules, start(), 'blue').state as CouriersState;
    const board = couriersPresentation.board.drawing(v);
    assert.equal(board.kind === 'points' && board.points.length, 8);
    const pieces = couriersPresentation.board.pieces(v);
    assert.equal(pieces.find((p) => p.id === 'red-1')!.sidc, null);
    assert.notEqual(pieces.find((p) => p.id === 'blue-1')!.sidc, null);
    const lit = couriersPresentation.controls.targets(v, legalActions(rules, start(), 'red'), null);
    assert.deepEqual(
      lit.map((t) => t.at),
      [0, 1, 2, 3],
    );
  });
});
