/**
 * barbarossa-1941 "Airfields" (RULINGS B-56) and "Range" for the PVO korps' bases (B-60),
 * through the contract: positioned at the start of the player-turn, not beyond the front
 * line, moved up to the side's maximum ground movement UnDisrupted or by rail Disrupted,
 * non-operational out of Full supply.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { search, stepDistances } from '@stavka/engine';
import {
  type AirfieldDestination,
  airfieldDestinations,
  airfieldMove,
  behindFront,
  mayRelocate,
  outOfGame,
} from './airfields.ts';
import { Board } from './board.ts';
import { hexDistance } from './combat-results.ts';
import { railNet } from './rail.ts';
import { barbarossaRules } from './rules.ts';
import { impassable, SIDES, type Side } from './rules-scenario.ts';
import {
  act,
  col,
  distance,
  type G,
  hexOf,
  kinds,
  legal,
  offered,
  onFront,
  pass,
  randomGame,
  started,
  toMovement,
} from './test-games.ts';
import { type PositionInput, positionFile, withPvo } from './test-positions.ts';

const airfieldMoves = (s: G, piece: string) =>
  offered(s, s.state.player, 'airfield').filter((a) => a.piece === piece);
const mayMoveTo = (s: G, piece: string, to: string, rail = false) =>
  airfieldMoves(s, piece).some((a) => a.to === hexOf(s, to) && (a.rail === true) === rail);

function game(input: PositionInput, pvoAt?: string): G {
  const file = positionFile(onFront(input));
  return started(pvoAt ? withPvo(file, 'pvo', pvoAt) : file);
}

/** A German front on 0505, the Russians on 0805, a Fliegerkorps behind the front. */
const FRONT = {
  a: { is: 'ger-army', at: '0505' },
  r: { is: 'sov-army', at: '0805' },
  fk: { is: 'ger-fk', at: '0202' },
} as const;

describe('Airfields: positioned at the start of the player-turn (A.1, B.1; B-56)', () => {
  it('at A.1 the airfield moves within the side’s maximum ground movement and stays UnDisrupted', () => {
    let s = game({ pieces: FRONT });
    assert.equal(s.state.step, 'reinforce');
    assert.equal(mayMoveTo(s, 'fk', '0404'), true, 'a hex behind the front, 2-3 hexes away, is offered');
    s = act(s, 'axis', { type: 'airfield', piece: 'fk', to: hexOf(s, '0404') });
    assert.equal(s.state.pieces.fk!.at, hexOf(s, '0404'));
    assert.equal(s.state.pieces.fk!.disrupted, false, 'moved within the ground movement: UnDisrupted');
    assert.ok(
      s.log.some((e) => e.kind === 'air' && (e.cite ?? []).includes('B-56')),
      'the move is logged citing B-56',
    );
    assert.equal(airfieldMoves(s, 'fk').length, 0, 'once a player-turn');
  });
  it('only at the start of the player-turn: not after the reinforcement step', () => {
    const s = act(game({ pieces: FRONT }), 'axis', { type: 'end-step' });
    assert.equal(s.state.step, 'attacks-first');
    assert.equal(airfieldMoves(s, 'fk').length, 0);
  });
  it('the side’s maximum ground movement: 6 hexes for the Germans, halved in Mud (3)', () => {
    const s = game({ pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0101' } } });
    assert.equal(distance(s, '0101', '0107'), 6);
    assert.equal(distance(s, '0101', '0108'), 7);
    assert.equal(mayMoveTo(s, 'fk', '0107'), true, '6 hexes');
    assert.equal(mayMoveTo(s, 'fk', '0108'), false, '7 hexes: too far (and no railway)');
    const mud = game({ pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0101' } }, weather: 'mud' });
    assert.equal(mayMoveTo(mud, 'fk', '0104'), true, '3 hexes in Mud');
    assert.equal(mayMoveTo(mud, 'fk', '0105'), false, '4 hexes in Mud: too far');
  });
});

describe('Airfields: "not beyond the front line, even if the enemy has evacuated an area" (B-56)', () => {
  it('a hex no nearer the enemy than the own front unit nearest it is behind the front', () => {
    const s = game({ pieces: FRONT });
    const front = behindFront(new Board(s.state), 'axis');
    assert.equal(front(hexOf(s, '0404')), true, 'behind the army');
    assert.equal(front(hexOf(s, '0505')), true, 'the front line itself');
    assert.equal(front(hexOf(s, '0605')), false, 'ahead of it');
  });
  it('the empty hexes between the own front and the enemy are beyond it', () => {
    const s = game({ pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0404' } } });
    assert.ok(distance(s, '0605', '0805') < distance(s, '0505', '0805'), 'nearer the enemy than the army');
    assert.equal(mayMoveTo(s, 'fk', '0605'), false, 'ahead of the army: beyond the front');
    assert.equal(mayMoveTo(s, 'fk', '0705'), false, 'next to the enemy');
    assert.equal(mayMoveTo(s, 'fk', '0805'), false, 'on the enemy');
  });
});

describe('Airfields: moved by rail, Disrupted (B-56)', () => {
  const railway = {
    connections: [
      { kind: 'rail' as const, path: col(10) },
      { kind: 'rail-german' as const, path: col(1) },
    ],
  };
  it('beyond its ground movement the airfield goes by rail and arrives Disrupted: non-operational', () => {
    let s = game({
      pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0101' }, r: { is: 'sov-army', at: '0809' } },
      map: railway,
    });
    assert.equal(mayMoveTo(s, 'fk', '0110', true), true, 'by rail to the end of the line');
    assert.equal(mayMoveTo(s, 'fk', '0110', false), false, '9 hexes: not by ground');
    s = act(s, 'axis', { type: 'airfield', piece: 'fk', to: hexOf(s, '0110'), rail: true });
    assert.equal(s.state.pieces.fk!.disrupted, true, 'arrives Disrupted');
    s = act(s, 'axis', { type: 'end-step' });
    const strikes = offered(s, 'axis', 'airstrike');
    assert.equal(strikes.length, 0, 'a Disrupted airfield: its air unit does not fly');
  });
  it('a hex its trains cannot reach is not offered by rail', () => {
    const s = game({ pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0101' } } });
    assert.equal(mayMoveTo(s, 'fk', '0110', true), false, 'no railway');
  });
});

describe('Airfields: "If its hex is not in full supply, it and its air unit are non-operational" (B-56)', () => {
  it('an air unit in Full supply flies; one in Limited supply does not', () => {
    const inSupply = act(game({ pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0405' } } }), 'axis', {
      type: 'end-step',
    });
    assert.ok(kinds(inSupply, 'axis').includes('airstrike'), 'Full supply: the airstrike is offered');
    const out = act(game({ pieces: { ...FRONT, fk: { is: 'ger-fk', at: '0705' } } }), 'axis', {
      type: 'end-step',
    });
    assert.equal(out.state.pieces.fk!.supply, 'limited', 'column 7 is beyond 4 hexes of Germany');
    assert.equal(kinds(out, 'axis').includes('airstrike'), false, 'non-operational');
  });
});

describe('Range: the PVO korps are based on Moscow and Leningrad (B-60)', () => {
  it('a PVO korps’ airfield is never repositioned; a front air unit’s is, up to 5 hexes', () => {
    let s = game({ pieces: { ...FRONT, sa: { is: 'sov-air', at: '0909' } } }, '0910');
    s = act(s, 'axis', { type: 'end-step' });
    s = act(s, 'axis', { type: 'end-step' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'end-combat' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'end-combat' });
    assert.equal(s.state.player, 'soviet');
    assert.equal(s.state.step, 'reinforce');
    assert.equal(airfieldMoves(s, 'pvo').length, 0, 'the PVO korps stays on its city');
    assert.ok(airfieldMoves(s, 'sa').length > 0, 'B.1 "Airfield Relocation"');
    for (const a of airfieldMoves(s, 'sa'))
      if (!a.rail)
        assert.ok(
          hexDistance(new Board(s.state), hexOf(s, '0909'), a.to) <= 5,
          'the Russian maximum ground movement is 5',
        );
  });
});

describe('"Shot Down (or overrun on the ground)": an airfield taken by the enemy (B-56)', () => {
  it('an air unit whose airfield an enemy ground unit enters is out of the game 2 player-turns, then back behind its front', () => {
    const turns = [
      { label: 'Jun II 41', weather: 'good' as const },
      { label: 'Jul I 41', weather: 'good' as const },
    ];
    let s = game({
      pieces: {
        a: { is: 'ger-army', at: '0504' },
        sa: { is: 'sov-air', at: '0505' },
        r: { is: 'sov-army', at: '0808' },
      },
      turns,
    });
    s = toMovement(s);
    // An air unit alone on its airfield is no defender: it is not attacked, it is entered.
    const target = hexOf(s, '0505');
    const mine = legal(s, 'axis');
    assert.ok(
      !mine.some((a) => a.type === 'allocate' && a.target === target),
      'no attack on a hex holding only an air unit',
    );
    assert.ok(
      mine.some((a) => a.type === 'move' && a.piece === 'a' && a.to === target),
      'the German army may move into it',
    );
    s = act(s, 'axis', { type: 'move', piece: 'a', to: target });
    assert.equal(s.state.pieces.a!.at, target);
    assert.equal(s.state.pieces.sa!.status, 'pool', 'off the map, not eliminated');
    assert.equal(outOfGame(s.state, 'sa'), true);
    assert.ok(
      s.log.some((e) => e.text.includes('overrun on the ground')),
      'logged as overrun on the ground',
    );
    while (s.state.player === 'axis') {
      const end = legal(s, barbarossaRules.activeSides(s.state)[0]!).find((a) => a.type.startsWith('end-'));
      assert.ok(end, `an end action at ${s.state.step} ${s.state.combat?.phase ?? ''}`);
      s = act(s, barbarossaRules.activeSides(s.state)[0]!, end);
    }
    assert.equal(s.state.player, 'soviet');
    assert.equal(s.state.pieces.sa!.status, 'pool', 'out for the Russian player-turn');
    s = pass(s, 'soviet');
    assert.equal(s.state.pieces.sa!.status, 'map', 'back 2 player-turns later (the next German player-turn)');
    assert.equal(
      s.state.pieces.sa!.at,
      hexOf(s, '0808'),
      'on the nearest hex behind its front with a Russian unit',
    );
  });
});

/** B-56's destinations as written: a ground move of hexes (land, on the map, no enemy unit) up to the side's maximum, else by rail; behind the front; by hex. */
function plainDestinations(board: Board, id: string): AirfieldDestination[] {
  if (!mayRelocate(board, id)) return [];
  const { s, weather } = board;
  const p = board.piece(id);
  const side = p.side;
  const reach = search(
    s.map.graph,
    {
      stepCost: (_from, _slot, to) =>
        s.map.onMap[to] === 1 && !impassable(s, to, weather) && !board.hasEnemy(side, to) ? 1 : -1,
    },
    { sources: [p.at], maxCost: airfieldMove(board, side) },
  );
  const front = behindFront(board, side);
  const ground = new Set(reach.nodes);
  const out: AirfieldDestination[] = [];
  for (const h of reach.nodes) if (h !== p.at && front(h)) out.push({ to: h, rail: false });
  for (const h of railNet(board, side, p.at)) if (!ground.has(h) && front(h)) out.push({ to: h, rail: true });
  return out.sort((a, b) => a.to - b.to || Number(a.rail) - Number(b.rail));
}

/**
 * B-56's front line as written: a hex is behind it when it is on the map, within reach of an
 * own ground unit, holds no enemy unit, is in no enemy ZOC without a friendly unit, and is
 * at least as far from the nearest enemy ground unit as the nearest own ground units to it
 * are (the one of them farthest from the enemy). Distances counted hex by hex from each unit.
 */
function plainFront(board: Board, side: Side): (hex: number) => boolean {
  const { g, s } = board;
  const own: number[] = [];
  const enemy: number[] = [];
  for (const id of g.order) {
    const p = g.pieces[id]!;
    const type = board.unit(id).type;
    if (p.status !== 'map' || p.at < 0 || type === 'air' || type === 'factory') continue;
    (p.side === side ? own : enemy).push(p.at);
  }
  const graph = s.map.graph;
  const toEnemy = enemy.length > 0 ? stepDistances(graph, enemy) : null;
  const fromOwn = own.map((o) => stepDistances(graph, [o]));
  return (h) => {
    if (own.length === 0 || s.map.onMap[h] !== 1) return false;
    let nearest = -1;
    for (const d of fromOwn) if (d[h]! >= 0 && (nearest < 0 || d[h]! < nearest)) nearest = d[h]!;
    if (nearest < 0) return false;
    if (board.hasEnemy(side, h) || (board.inEnemyZoc(side, h) && !board.hasFriend(side, h))) return false;
    if (toEnemy === null) return true;
    let front = -1;
    own.forEach((o, i) => {
      if (fromOwn[i]![h] === nearest) front = Math.max(front, toEnemy[o]!);
    });
    return toEnemy[h]! >= front;
  };
}

describe('Airfields: the destinations listed (B-56), against the rule as written', () => {
  for (const seed of ['airfields-1', 'airfields-2']) {
    it(`${seed}: every air unit's destinations at every Reinforcement step of a random game`, () => {
      let checked = 0;
      let reinforceStates = 0;
      let fronts = 0;
      randomGame(seed, 500, (s, _side, i) => {
        if (s.state.step !== 'reinforce') return undefined;
        const board = new Board(s.state);
        // The front as written costs a search from each unit: every 8th of these states.
        if (reinforceStates++ % 8 === 0)
          for (const whose of SIDES) {
            fronts++;
            const front = behindFront(board, whose);
            const plain = plainFront(board, whose);
            for (let h = 0; h < board.at.length; h += 3)
              assert.equal(front(h), plain(h), `action ${i}: hex ${h} behind ${whose}'s front`);
          }
        for (const id of s.state.order) {
          if (board.unit(id).type !== 'air' || !mayRelocate(board, id)) continue;
          assert.deepEqual(
            airfieldDestinations(board, id),
            plainDestinations(board, id),
            `action ${i}: ${id}`,
          );
          checked++;
        }
        return undefined;
      });
      assert.ok(checked > 20, `${checked} air units' destinations compared`);
      assert.ok(fronts >= 6, `${fronts} fronts compared`);
    });
  }
});
