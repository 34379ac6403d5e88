/**
 * Keeping beaten Russian units where they can be destroyed (issue #44, `pocket.ts`): the
 * retreat length the attacker sets (B-3: "0-n hexes as Attacker chooses"), and the ring of
 * a pocket held ("A supply line cannot be traced through ... a hex adjacent to and
 * accessible by an enemy unit with a Zone of Control").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply } from '@stavka/engine';
import { Board } from '../board.ts';
import type { BarbarossaAction } from '../rules.ts';
import { supplyDistances } from '../supply.ts';
import { act, attack, type G, game, hexOf, toMovement } from '../test-games.ts';
import type { Placed } from '../test-positions.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { CORNER_WEIGHTS, pocketHexes, retreatEnds, ringKeepers, trapLength } from './pocket.ts';
import { DEFAULT_PARAMS, type PolicyParams } from './policy.ts';
import { moscowFront, aiRules as rules } from './test-games.ts';

/**
 * A Russian army at 0605 on a 20-column map (its railroad on column 20: 0805 is 12 hexes
 * from it, the limit of "Limited Supply"; 0605 and 0705 are beyond, cut off) attacked by two
 * German armies from the west, rolled `roll` at 5:1 (4:1, a column more on a unit out of
 * supply, "Supply"; 4: D2, 6: D3).
 */
function beaten(roll: number) {
  const s = game({
    columns: 20,
    pieces: {
      r: { is: 'sov-army', at: '0605' },
      g1: { is: 'ger-army', at: '0505' },
      g2: { is: 'ger-army', at: '0506' },
    },
  });
  return act(attack(toMovement(s), 'axis', ['g1', 'g2'], '0605'), 'soviet', { type: 'orders-done' }, [roll]);
}

describe('the retreat length the attacker sets (B-3)', () => {
  it('a D2 from which the full retreat reaches the Russian supply: level 1 sets 2, the trap 0 (every end cut off)', () => {
    const t = beaten(4);
    const c = t.state.combat!;
    assert.equal(c.phase, 'retreat-length');
    assert.equal(c.results.r, 'D2');
    const board = new Board(t.state);
    const theirs = supplyDistances(board, 'soviet');
    // Set at 2 (the defender may add 1, B-3), it may end 12 hexes from its railroad: in supply.
    assert.ok(retreatEnds(board, 'r', c.from, 2, 2).some((h) => theirs[h]! >= 0));
    // Set at 0 it ends at most a hex away: every end cut off.
    const short = retreatEnds(board, 'r', c.from, 2, 0);
    assert.ok(short.length > 0 && short.every((h) => theirs[h]! < 0));
    const level1 = new BarbarossaAiPlayer('rl').choose(rules, t, 'axis');
    assert.deepEqual(level1, { type: 'retreat-length', piece: 'r', hexes: 2 });
    const trap = new BarbarossaAiPlayer('rl', { ...DEFAULT_PARAMS, retreatLength: 'corner' }).choose(
      rules,
      t,
      'axis',
    );
    assert.deepEqual(trap, { type: 'retreat-length', piece: 'r', hexes: 0 });
  });

  it('a D3: the trap sets 1 (out of the city-less hex, every end cut off), not 0 (stays) nor 3 (back in supply)', () => {
    const t = beaten(6);
    const c = t.state.combat!;
    assert.equal(c.results.r, 'D3');
    assert.equal(trapLength(t.state, 'r', c.target, c.from, 3, CORNER_WEIGHTS), 1);
    const level1 = new BarbarossaAiPlayer('rl').choose(rules, t, 'axis');
    assert.deepEqual(level1, { type: 'retreat-length', piece: 'r', hexes: 3 });
  });

  it("where every length leaves the defender the same, the trap keeps level 1's longest", () => {
    // The same attack on a 10-column map: every hex in the Russians' supply, nothing to trap.
    const s = game({
      pieces: {
        r: { is: 'sov-army', at: '0605' },
        g1: { is: 'ger-army', at: '0505' },
        g2: { is: 'ger-army', at: '0506' },
      },
    });
    const t = act(
      attack(toMovement(s), 'axis', ['g1', 'g2'], '0605'),
      'soviet',
      { type: 'orders-done' },
      [5],
    );
    assert.equal(t.state.combat!.results.r, 'D2');
    const trap = new BarbarossaAiPlayer('rl', { ...DEFAULT_PARAMS, retreatLength: 'corner' }).choose(
      rules,
      t,
      'axis',
    );
    assert.deepEqual(trap, { type: 'retreat-length', piece: 'r', hexes: 2 });
  });
});

describe('the ring of a pocket (ringKeepers)', () => {
  // A Russian army at 0605 cut off from its railroad (column 10) by a German line on column 08;
  // the motorized korps at 0806 is backed by two armies at 0706 and 0707.
  const ring: Record<string, Placed> = {
    a: { is: 'ger-army', at: '0802' },
    b: { is: 'ger-army', at: '0804' },
    c: { is: 'ger-mot-korps', at: '0806' },
    d: { is: 'ger-army', at: '0808' },
    e: { is: 'ger-army', at: '0810' },
    f: { is: 'ger-army', at: '0706' },
    g: { is: 'ger-army', at: '0707' },
  };
  const s = game({ pieces: { r: { is: 'sov-army', at: '0605' }, ...ring } });
  const ids = new Set(Object.keys(ring));
  const reconnected = (leaving: readonly string[]) => {
    const pieces = { ...s.state.pieces };
    for (const id of leaving) pieces[id] = { ...pieces[id]!, at: -1, status: 'pool' };
    const g = { ...s.state, pieces };
    return supplyDistances(new Board(g), 'soviet')[hexOf(s, '0605')]! >= 0;
  };

  it('finds the pocket: the army cut off from its supply', () => {
    assert.deepEqual(pocketHexes(new Board(s.state)), [hexOf(s, '0605')]);
  });

  it('keeps the units whose going would reconnect it, lets the others go, the motorized korps first', () => {
    const keep = ringKeepers(s.state, ids);
    assert.deepEqual([...keep].sort(), ['a', 'b', 'd', 'e', 'f']);
    // The korps drives on: the army at 0706 holds its ZOC's part of the ring.
    assert.ok(!keep.includes('c'));
    const gone = [...ids].filter((id) => !keep.includes(id));
    assert.ok(!reconnected(gone), 'the ring holds without the units let go');
    for (const id of keep) assert.ok(reconnected([...gone, id]), `${id} is needed`);
  });

  it('keeps nothing where no Russian unit is cut off', () => {
    const open = game({ pieces: { r: { is: 'sov-army', at: '0605' }, b: { is: 'ger-army', at: '0804' } } });
    assert.deepEqual(ringKeepers(open.state, new Set(['b'])), []);
  });
});

describe('the Axis holds the ring (PolicyParams.ring)', () => {
  // A Russian army at 1405 cut off from its railroad (column 20) by a German line on column 16
  // (in supply from a railhead at 1205); a German army free at 1309; Moscow (1905) held by two
  // Russian armies. Level 1 sends the line on toward Moscow and the pocket opens.
  const pieces: Record<string, Placed> = {
    r: { is: 'sov-army', at: '1405' },
    a: { is: 'ger-army', at: '1602' },
    b: { is: 'ger-army', at: '1604' },
    c: { is: 'ger-mot-korps', at: '1606' },
    d: { is: 'ger-army', at: '1608' },
    e: { is: 'ger-army', at: '1610' },
    x: { is: 'ger-army', at: '1309' },
    m: { is: 'sov-army', at: '1905' },
    m2: { is: 'sov-army', at: '1904' },
  };
  /** The Axis movement step planned with `params`, up to its combat: the end and the Axis moves. */
  const movement = (params: PolicyParams) => {
    let t: G = moscowFront(pieces, { railheads: ['1205'] });
    const axis = new BarbarossaAiPlayer('ring:axis', params);
    const moves: BarbarossaAction[] = [];
    while (t.state.step !== 'combat' && t.state.player === 'axis') {
      const a = axis.choose(rules, t, 'axis') as BarbarossaAction;
      if (a.type === 'move') moves.push(a);
      const r = apply(rules, t, 'axis', a, t.stateId);
      if (!r.ok) throw new Error(r.error.message);
      t = r.value;
    }
    return { end: t, moves };
  };
  const cutOff = (t: G) => pocketHexes(new Board(t.state)).includes(hexOf(t, '1405'));

  it('level 1 marches the line on and the pocket opens', () => {
    const { end, moves } = movement(DEFAULT_PARAMS);
    assert.ok(cutOff(moscowFront(pieces, { railheads: ['1205'] })), 'cut off before the move');
    assert.ok(moves.some((m) => m.type === 'move' && ['a', 'b', 'c', 'd'].includes(m.piece)));
    assert.ok(!cutOff(end), 'reconnected after it');
  });

  it('`hold` keeps the line units that shut it where they stand: still cut off', () => {
    const { end, moves } = movement({ ...DEFAULT_PARAMS, ring: 'hold' });
    for (const id of ['a', 'b', 'c', 'd'])
      assert.equal(end.state.pieces[id]!.at, hexOf(end, pieces[id]!.at), `${id} stays`);
    assert.ok(!moves.some((m) => m.type === 'move' && ['a', 'b', 'c', 'd'].includes(m.piece)));
    assert.ok(cutOff(end));
  });

  it("`relieve` sends a free army into the motorized korps's hex, freeing the korps", () => {
    const { end, moves } = movement({ ...DEFAULT_PARAMS, ring: 'relieve' });
    assert.ok(moves.some((m) => m.type === 'move' && m.piece === 'e' && m.to === hexOf(end, '1606')));
    assert.ok(cutOff(end));
  });
});

describe('attacks on Disrupted units (PolicyParams.disruptedFloor, B-6)', () => {
  // A German army (6) next to a Russian army (3) Disrupted at 0905: 2:1 as planned, read 3:1
  // on the table (B-6), level 1's minimum; Moscow (1905) held by two Russian armies.
  const allocations = (params: PolicyParams, disrupted: boolean) => {
    let t: G = moscowFront({
      g: { is: 'ger-army', at: '0805' },
      r: { is: 'sov-army', at: '0905' },
      m: { is: 'sov-army', at: '1905' },
      m2: { is: 'sov-army', at: '1904' },
    });
    // Disrupted by last player-turn's combat (the position file has no Disruption to give).
    t.state.pieces.r!.disrupted = disrupted;
    const axis = new BarbarossaAiPlayer('floor:axis', params);
    const out: BarbarossaAction[] = [];
    while (t.state.step !== 'combat' && rules.activeSides(t.state)[0] === 'axis') {
      const a = axis.choose(rules, t, 'axis') as BarbarossaAction;
      if (a.type === 'allocate') out.push(a);
      const r = apply(rules, t, 'axis', a, t.stateId);
      if (!r.ok) throw new Error(r.error.message);
      t = r.value;
    }
    return { out, target: hexOf(t, '0905') };
  };
  it('level 1 does not attack at 2:1, Disrupted or not', () => {
    assert.deepEqual(allocations(DEFAULT_PARAMS, true).out, []);
  });
  it('with disruptedFloor the Axis attacks the Disrupted army at 2:1 (read 3:1), not the undisrupted one', () => {
    const params = { ...DEFAULT_PARAMS, disruptedFloor: true };
    const hit = allocations(params, true);
    assert.deepEqual(hit.out, [{ type: 'allocate', piece: 'g', target: hit.target }]);
    assert.deepEqual(allocations(params, false).out, []);
  });
});
