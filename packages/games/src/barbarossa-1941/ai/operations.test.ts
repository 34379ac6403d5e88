/**
 * The Axis's operational art (issue #44, `operations.ts`, `policy.ts`): the spearheads drive
 * through a gap instead of joining a frontal attack (barbarossa-1941 "Operational Movement",
 * "Zones of Control"); two arms meet behind a Russian group and cut it off ("Supply"); a
 * spearhead stops in supply; a unit steps into the hex that reconnects an Isolated one; the
 * railheads keep out of the Russians' reach (B-38). Each position is one where the policy
 * before these did otherwise.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from '../board.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import { supplyDistances } from '../supply.ts';
import { type G, hexOf } from '../test-games.ts';
import { isGroundUnit } from '../unit-kinds.ts';
import { CUT_OFF, RussianSupply } from './operations.ts';
import { byTurn, DEFAULT_PARAMS } from './policy.ts';
import { col, moscowFront, playUntil, row } from './test-games.ts';

/** The Axis player-turn played out up to the combat of its movement step (A.5). */
const axisMovement = (s: G) => playUntil(s, (g) => g.step === 'combat' || g.player !== 'axis', 'ops');

const colOf = (s: G, id: string) =>
  Math.floor(s.state.pieces[id]!.at / rulesScenarioByKey(s.state.scenario).map.rows) + 1;

describe('the spearheads drive through a gap in the Russian line (barbarossa-1941 "Operational Movement", "Zones of Control")', () => {
  // Germany column 1; Moscow far east (1905), held. A Russian army line in column 5 with a gap
  // at row 5 (0505 is next to no Russian unit); a German infantry korps next to the army at
  // 0503 (3 against a face-down army's 2: 3:2) and a motorized korps behind it, which with it
  // reaches 3:1 (7 against 2).
  const front = () =>
    moscowFront({
      a1: { is: 'ger-inf-korps', at: '0403' },
      pz: { is: 'ger-mot-korps', at: '0304' },
      r1: { is: 'sov-army', at: '0503' },
      r2: { is: 'sov-army', at: '0502' },
      r3: { is: 'sov-army', at: '0507' },
      r4: { is: 'sov-army', at: '0508' },
      m: { is: 'sov-army', at: '1905' },
    });
  it('the motorized korps drives east through the gap, not into the attack on the army at 0503', () => {
    const s = front();
    const { end, actions } = axisMovement(s);
    const allocated = actions.filter((a) => a.type === 'allocate' && a.piece === 'pz');
    assert.deepEqual(allocated, [], 'the korps joins no attack');
    assert.ok(colOf(end, 'pz') >= 8, `the korps drove east: in column ${colOf(end, 'pz')}`);
  });
});

describe('a spearhead stops in supply (barbarossa-1941 "Supply": Limited up to 12 hexes, then Isolated)', () => {
  it('a panzer korps on a road that could drive 18 hexes stops within 10 of Germany', () => {
    // A road along row 5; Moscow at 1905, held; Germany column 1: column 13 is 12 hexes from it.
    const s = moscowFront(
      { pz: { is: 'ger-mot-korps', at: '0305' }, m: { is: 'sov-army', at: '1905' } },
      { connections: [{ kind: 'road', path: row(5, 1, 20) }] },
    );
    const { end } = axisMovement(s);
    const dist = supplyDistances(new Board(end.state), 'axis');
    const at = end.state.pieces.pz!.at;
    assert.ok(colOf(end, 'pz') > 3, `it moved (column ${colOf(end, 'pz')})`);
    assert.ok(
      dist[at]! >= 0 && dist[at]! <= 10,
      `in supply with room to spare: ${dist[at]} hexes from its source`,
    );
  });
});

describe('how deep a spearhead drives is a choice by game-turn (`PolicyParams.exploitSupply`)', () => {
  // The position above: a road along row 5, Germany column 1, Moscow at 1905 held; game-turn 1.
  const road = () =>
    moscowFront(
      { pz: { is: 'ger-mot-korps', at: '0305' }, m: { is: 'sov-army', at: '1905' } },
      { connections: [{ kind: 'road', path: row(5, 1, 20) }] },
    );
  const depthAfter = (exploitSupply: readonly number[], exploitGroups?: readonly string[]) => {
    const { end } = playUntil(road(), (g) => g.step === 'combat' || g.player !== 'axis', 'ops', {
      ...DEFAULT_PARAMS,
      exploitSupply,
      ...(exploitGroups ? { exploitGroups } : {}),
    });
    return supplyDistances(new Board(end.state), 'axis')[end.state.pieces.pz!.at]!;
  };
  it('at 6 the korps stops within 6 hexes of its supply source, nearer than at 10', () => {
    const at6 = depthAfter([6]);
    const at10 = depthAfter([10]);
    assert.ok(at6 >= 0 && at6 <= 6, `at 6: ${at6} hexes from its source`);
    assert.ok(at10 > at6, `at 10 it drives further: ${at10} against ${at6}`);
  });
  it("game-turn 1 reads the list's first entry; later game-turns the last", () => {
    assert.equal(depthAfter([6, 10]), depthAfter([6]), 'game-turn 1 at 6');
    assert.equal(byTurn([6, 10], 1), 6);
    assert.equal(byTurn([6, 10], 2), 10);
    assert.equal(byTurn([6, 10], 9), 10, 'after the list: its last entry');
    assert.equal(byTurn(undefined, 3), undefined, 'absent: EXPLOIT_SUPPLY');
  });
  it("with exploitGroups only those army groups' spearheads are held: a korps of none drives as at 10", () => {
    assert.equal(depthAfter([6], ['center']), depthAfter([10]));
  });
});

describe('a unit steps into the hex that reconnects an Isolated unit ("Supply": traced "through any friendly unit")', () => {
  it('the one gap in a lake line, in the ZOC of a Russian army, is taken by the infantry korps behind it', () => {
    // A lake along column 6 but for 0604 (a Russian army) and 0605 (in that army's ZOC); a
    // German korps at 0807 behind it, cut off from Germany (column 1), Isolated and Disrupted;
    // a German infantry korps at 0305 that can reach 0605; Moscow far east.
    const lake: Record<string, string> = {};
    for (const h of col(6)) if (h !== '0604' && h !== '0605') lake[h] = 'lake';
    const s = moscowFront(
      {
        x: { is: 'ger-inf-korps', at: '0807' },
        y: { is: 'ger-inf-korps', at: '0305' },
        r: { is: 'sov-army', at: '0604' },
        m: { is: 'sov-army', at: '1905' },
      },
      { terrain: lake },
    );
    s.state.pieces.x!.disrupted = true;
    s.state.pieces.x!.supply = 'isolated';
    assert.equal(
      supplyDistances(new Board(s.state), 'axis')[s.state.pieces.x!.at],
      -1,
      'cut off at the start',
    );
    const { end } = axisMovement(s);
    assert.equal(end.state.pieces.y!.at, hexOf(s, '0605'), 'the infantry korps stands in the gap');
    assert.ok(
      supplyDistances(new Board(end.state), 'axis')[end.state.pieces.x!.at]! >= 0,
      'the korps behind is in supply',
    );
  });
});

describe('the railheads keep out of the Russians\' reach (B-38; "Supply": no line "from" a hex in an enemy ZOC)', () => {
  it('a railhead advances to the hex two rail hexes short of a Russian army, not next to it', () => {
    // A German railway 0101-0105-0205-0305, the railhead at 0105; a Russian army at 0404 (0305
    // is next to it, 0205 two hexes off); Moscow east at 0905.
    const s = moscowFront(
      {
        k: { is: 'ger-inf-korps', at: '0102' },
        r: { is: 'sov-army', at: '0404' },
        m: { is: 'sov-army', at: '0905' },
      },
      {
        moscow: '0905',
        connections: [{ kind: 'rail-german', path: [...col(1, 5), '0205', '0305'] }],
        railheads: ['0105'],
      },
    );
    const { end } = playUntil(s, (g) => g.step !== 'reinforce', 'ops');
    assert.deepEqual(end.state.railheads, [hexOf(s, '0205')]);
  });
});

describe('two arms meet behind a Russian group and cut it off from its supply ("Supply", "Zones of Control")', () => {
  it('two motorized korps stop where their ZOCs close the only way east of two Russian armies', () => {
    // Lakes close column 10 but for rows 03-08; a Russian railroad along row 05 from the eastern
    // edge to column 13 supplies two armies at 0705-0706; German motorized korps north (0303) and
    // south (0308) of them; Moscow east at 1905.
    const lake: Record<string, string> = { '1001': 'lake', '1002': 'lake', '1009': 'lake', '1010': 'lake' };
    const s = moscowFront(
      {
        n: { is: 'ger-mot-korps', at: '0303' },
        so: { is: 'ger-mot-korps', at: '0308' },
        r1: { is: 'sov-army', at: '0705' },
        r2: { is: 'sov-army', at: '0706' },
        m: { is: 'sov-army', at: '1905' },
      },
      { terrain: lake, connections: [{ kind: 'rail', path: row(5, 20, 13) }] },
    );
    const before = supplyDistances(new Board(s.state), 'soviet');
    assert.ok(before[hexOf(s, '0705')]! >= 0, 'the armies are in supply at the start');
    const { end } = axisMovement(s);
    const after = supplyDistances(new Board(end.state), 'soviet');
    const where = ['n', 'so'].map(
      (id) => rulesScenarioByKey(s.state.scenario).hexNumbers[end.state.pieces[id]!.at],
    );
    assert.equal(after[hexOf(s, '0705')], -1, `the group is cut off (the korps at ${where.join(', ')})`);
    assert.equal(after[hexOf(s, '0706')], -1);
  });
});

describe('the gauge conversion follows the railway to the objective (B-38; the Eisenbahntruppe behind the panzer groups, 1941)', () => {
  it('a conversion unit at a junction converts the line that reaches Moscow, not the dead-end branch pointing at it', () => {
    // German track from Germany (column 1) to 0205; Russian track on from 0205 by row 3 to
    // Moscow (1905), and a branch east along row 5 that ends at 0605, nearer Moscow as the
    // crow flies.
    const s = moscowFront(
      {
        eisb: { is: 'ger-rail-conversion', at: '0205' },
        k: { is: 'ger-inf-korps', at: '0105' },
        m: { is: 'sov-army', at: '1905' },
      },
      {
        connections: [
          { kind: 'rail-german', path: [...col(1, 5), '0205'] },
          { kind: 'rail', path: ['0205', '0204', ...row(3, 2, 19), '1904', '1905'] },
          { kind: 'rail', path: row(5, 2, 6) },
        ],
        railheads: ['0105'],
      },
    );
    const { end } = playUntil(s, (g) => g.step !== 'reinforce', 'ops');
    const converted = end.state.converted.map((h) => rulesScenarioByKey(s.state.scenario).hexNumbers[h]);
    assert.equal(end.state.pieces.eisb!.at, hexOf(s, '0303'), `converted: ${converted}`);
    assert.ok(!converted.includes('0305'), 'the branch is left as it is');
    assert.equal(end.state.railheads[0], hexOf(s, '0204'), 'the railhead follows on the line to Moscow');
  });
});

describe("the pincer's measure of the Russians' supply (operations.ts RussianSupply)", () => {
  // A Russian line in column 8, 12 hexes from the railroad along column 20 that reaches the
  // supply edge (the army at Moscow, 1905, is the only Russian unit near it); two German korps
  // in column 6.
  const position = () =>
    moscowFront({
      g1: { is: 'ger-mot-korps', at: '0605' },
      g2: { is: 'ger-inf-korps', at: '0607' },
      r1: { is: 'sov-army', at: '0805' },
      r2: { is: 'sov-army', at: '0807' },
      r3: { is: 'sov-army', at: '0803' },
      m: { is: 'sov-army', at: '1905' },
    });
  const russians = (board: Board) =>
    board.g.order.filter((id) => {
      const p = board.piece(id);
      return p.side === 'soviet' && p.status === 'map' && isGroundUnit(board.unit(id));
    });

  it("with nothing moved, each Russian unit's supply distance as the rules trace it ('Supply'), summed", () => {
    const board = new Board(position().state);
    const dist = supplyDistances(board, 'soviet');
    const expected = russians(board).reduce((t, id) => {
      const d = dist[board.piece(id).at]!;
      return t + (d < 0 ? CUT_OFF : d);
    }, 0);
    assert.ok(expected > 0, 'the Russians are some way from their railroad');
    assert.equal(new RussianSupply(board).strain(new Map()), expected);
  });

  it("a trial leaves nothing behind: each answer is a fresh measure's, whatever was tried before", () => {
    const s = position();
    const board = new Board(s.state);
    const trials = [
      new Map([['g1', hexOf(s, '1006')]]),
      new Map([
        ['g1', hexOf(s, '0906')],
        ['g2', hexOf(s, '0908')],
      ]),
      new Map([['g2', hexOf(s, '0806')]]),
      new Map<string, number>(),
    ];
    const fresh = trials.map((t) => new RussianSupply(board).strain(t));
    assert.ok(
      fresh.slice(0, 3).some((v) => v !== fresh[3]),
      `some trial changes the Russians' supply (${fresh.join(', ')})`,
    );
    const one = new RussianSupply(board);
    for (const k of [0, 1, 2, 3, 1, 0, 2, 1, 3, 0])
      assert.equal(one.strain(trials[k]!), fresh[k], `trial ${k}`);
  });
});
