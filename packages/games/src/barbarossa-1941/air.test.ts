/**
 * barbarossa-1941 "Bombing and Close Air Support" and "Range" in ground combat (B-13, B-46),
 * "Airstrike" on the provisional air table (B-57), interception (B-58), "Air Supply" (B-59)
 * and the ranges (B-60), through the contract. Columns: 6 = 2:1, 7 = 3:1, 8 = 4:1.
 *
 * The provisional air table (data/generated/air-table.provisional.json), by roll:
 *   Luftwaffe:   not intercepted D D D* D* - AA;   intercepted D D* - I I SD
 *   Soviet air:  not intercepted D D* D* - AA AA;  intercepted D* - I I SD SD
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, legalActions, replay, setup, stateHash, view } from '@stavka/engine';
import { strikeChances } from './air.ts';
import { outOfGame } from './airfields.ts';
import { Board } from './board.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import {
  act,
  allocate,
  distance,
  type G,
  game,
  has,
  hexOf,
  mulberry,
  onFront,
  started,
  toMovement,
} from './test-games.ts';
import { type PositionInput, positionFile, SMALL_FRONT, withPvo } from './test-positions.ts';

/** A German army attacks the Russian army at 0505 from 0504: 6 against 3, 2:1. */
function germanAttack(extra: PositionInput['pieces']): G {
  const s = game({
    pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' }, ...extra },
  });
  return act(allocate(toMovement(s), 'axis', ['a'], '0505'), 'axis', { type: 'end-movement' });
}

describe('Bombing and Close Air Support (B-13, B-46)', () => {
  it('a Fliegerkorps within range adds 2 columns; "not more than doubling the odds"', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0403' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(s.state.combat!.column, 8, '2:1 doubled is 4:1: +2 allowed');
  });
  it('the 8th Fliegerkorps 3 — held to doubling the odds (B-13)', () => {
    let s = germanAttack({ fk8: { is: 'ger-fk-8', at: '0403' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk8', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(s.state.combat!.column, 8, 'held to +2: 4:1 is twice 2:1');
  });
  it('beyond half its range a unit supports 1 column less (B-46); beyond its range, not at all', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0101' } });
    // 0101 to 0505: 5 hexes, more than half of 6.
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(s.state.combat!.column, 7);
    const far = germanAttack({ fk: { is: 'ger-fk', at: '0110' } });
    assert.equal(has(far, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(far, '0505') }), false);
  });
  it('"used only once offensively" a game-turn', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0403' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    assert.deepEqual(s.state.airUsed, ['fk']);
    assert.equal(has(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') }), false);
  });
});

/* ------------------------------------------------------------------------------------ */

const TURNS = [
  { label: 'Jun II 41', weather: 'good' as const },
  { label: 'Jul I 41', weather: 'good' as const },
  { label: 'Jul II 41', weather: 'good' as const },
];

function airGame(
  pieces: PositionInput['pieces'],
  opts: { pvoAt?: string; map?: PositionInput['map'] } = {},
): G {
  const file = positionFile(onFront({ ...(opts.map ? { map: opts.map } : {}), turns: TURNS, pieces }));
  return started(opts.pvoAt ? withPvo(file, 'pvo', opts.pvoAt) : file);
}
const airLog = (s: G) => s.log.filter((e) => e.kind === 'air').map((e) => e.text);
/** From the German reinforcement step to A.2. */
const toAttacksFirst = (s: G) => act(s, 'axis', { type: 'end-step' });
/** Through the rest of the German player-turn to the Russian B.1 (no attacks). */
function toSovietTurn(s: G): G {
  let g = s;
  if (g.state.step === 'reinforce') g = act(g, 'axis', { type: 'end-step' });
  if (g.state.step === 'attacks-first') g = act(g, 'axis', { type: 'end-step' });
  for (const type of ['end-movement', 'end-combat', 'end-movement', 'end-combat'] as const)
    g = act(g, 'axis', { type });
  assert.equal(g.state.player, 'soviet', 'the Russian player-turn');
  return g;
}
function toNextGermanTurn(s: G): G {
  let g = s;
  if (g.state.step === 'reinforce') g = act(g, 'soviet', { type: 'end-step' });
  if (g.state.step === 'attacks-first') g = act(g, 'soviet', { type: 'end-step' });
  for (const type of ['end-movement', 'end-combat', 'end-movement', 'end-combat'] as const)
    g = act(g, 'soviet', { type });
  assert.equal(g.state.player, 'axis', 'the next German player-turn');
  return g;
}

describe('Airstrike (B-57): each unit of the hex, on the provisional air table', () => {
  it('a Fliegerkorps in range strikes a Russian army: D Disrupts it in place, logged with the roll', () => {
    let s = toAttacksFirst(airGame({ fk: { is: 'ger-fk', at: '0403' }, r: { is: 'sov-army', at: '0505' } }));
    assert.equal(distance(s, '0403', '0505'), 2);
    const strike: BarbarossaAction = { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') };
    assert.equal(has(s, 'axis', strike), true);
    s = act(s, 'axis', strike, [1]);
    assert.equal(s.state.pieces.r!.disrupted, true, 'D');
    assert.equal(s.state.pieces.r!.at, hexOf(s, '0505'), '"do so in place"');
    assert.ok(
      s.log.some(
        (e) => e.kind === 'air' && e.text.includes('Disrupted in place') && (e.cite ?? []).includes('B-57'),
      ),
      'the result is logged citing B-57',
    );
    assert.ok(
      s.log.some(
        (e) => e.kind === 'roll' && (e.cite ?? []).some((c) => c.includes('Air Attack and Combat Results')),
      ),
      'the roll cites the air table section',
    );
  });
  it('no strike beyond range, on a hex without enemy ground units, by a PVO korps, or twice a game-turn', () => {
    let s = toAttacksFirst(
      airGame({
        fk: { is: 'ger-fk', at: '0101' },
        r: { is: 'sov-army', at: '0808' },
        q: { is: 'sov-army', at: '0505' },
      }),
    );
    assert.equal(distance(s, '0101', '0808') > 6, true);
    assert.equal(has(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0808') }), false);
    assert.equal(
      has(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0606') }),
      false,
      'empty hex',
    );
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') }, [5]);
    assert.equal(
      legalActions(barbarossaRules, s, 'axis').some((a) => 'piece' in a && a.piece === 'fk'),
      false,
      '"only once offensively ... per game-turn"',
    );
    const pvo = toSovietTurn(airGame({ a: { is: 'ger-army', at: '0809' } }, { pvoAt: '0909' }));
    const sov = act(pvo, 'soviet', { type: 'end-step' });
    assert.equal(
      legalActions(barbarossaRules, sov, 'soviet').some((a) => a.type === 'airstrike'),
      false,
      'the PVO korps intercept only',
    );
  });
  it('"from the top of the stack to its bottom antiaircraft-capable units first": the German army before the korps', () => {
    let s = toSovietTurn(
      airGame({
        k: { is: 'ger-inf-korps', at: '0505' },
        a: { is: 'ger-army', at: '0505' },
        sa: { is: 'sov-air', at: '0705' },
      }),
    );
    s = act(s, 'soviet', { type: 'end-step' });
    s = act(s, 'soviet', { type: 'airstrike', piece: 'sa', target: hexOf(s, '0505') }, [4, 4]);
    const strikes = airLog(s).filter((x) => x.startsWith('sa against'));
    assert.deepEqual(
      strikes.map((x) => x.split(':')[0]),
      ['sa against a', 'sa against k'],
      'the UnDisrupted German army (AA) first',
    );
  });
  it('"AA = Air unit shot down if attacking UnDisrupted German army": shot down, out until 2 player-turns later', () => {
    let s = toSovietTurn(
      airGame({
        k: { is: 'ger-inf-korps', at: '0505' },
        a: { is: 'ger-army', at: '0505' },
        sa: { is: 'sov-air', at: '0705' },
      }),
    );
    s = act(s, 'soviet', { type: 'end-step' });
    s = act(s, 'soviet', { type: 'airstrike', piece: 'sa', target: hexOf(s, '0505') }, [5]);
    assert.equal(airLog(s).filter((x) => x.startsWith('sa against')).length, 1, 'the korps is not attacked');
    assert.equal(outOfGame(s.state, 'sa'), true, 'shot down');
    assert.equal(s.state.pieces.a!.disrupted, false);
    s = act(s, 'soviet', { type: 'end-step' });
    s = toNextGermanTurn(s);
    assert.equal(outOfGame(s.state, 'sa'), true, 'still out in the next (German) player-turn');
    s = toSovietTurn(s);
    assert.equal(outOfGame(s.state, 'sa'), false, 'back 2 player-turns later');
  });
  it('AA against a unit that is not anti-aircraft capable has no effect', () => {
    let s = toAttacksFirst(airGame({ fk: { is: 'ger-fk', at: '0403' }, r: { is: 'sov-army', at: '0505' } }));
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') }, [6]);
    assert.equal(outOfGame(s.state, 'fk'), false, 'no Russian victory city: no AA');
  });
  it('"D* = "-" result if attacking panzer/armor": a tank korps is not Disrupted, an army is', () => {
    let s = toAttacksFirst(
      airGame({
        fk: { is: 'ger-fk', at: '0403' },
        t: { is: 'sov-tank-korps', at: '0505' },
        r: { is: 'sov-army', at: '0505' },
      }),
    );
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') }, [3, 3]);
    assert.equal(s.state.pieces.t!.disrupted, false, 'armour: D* reads -');
    assert.equal(s.state.pieces.r!.disrupted, true, 'an army in the open: D* reads D');
  });
  it('the odds shown before flying: each unit struck, each result in sixths, as the strike reads them', () => {
    const s = toAttacksFirst(
      airGame({
        fk: { is: 'ger-fk', at: '0403' },
        t: { is: 'sov-tank-korps', at: '0505' },
        r: { is: 'sov-army', at: '0505' },
      }),
    );
    const odds = strikeChances(new Board(s.state), 'fk', hexOf(s, '0505'));
    assert.deepEqual(odds.map((o) => o.unit).sort(), ['r', 't'], 'every ground unit of the hex');
    // The Luftwaffe, not intercepted: 1-2 D, 3-4 D*, 5 -, 6 AA (no AA here: no army of
    // the Germans, no Russian victory city). The army in the open: D* reads D; armour: "-".
    const of = (id: string) => odds.find((o) => o.unit === id)!.sixths;
    assert.deepEqual(of('r'), { D: 4, '-': 2 });
    assert.deepEqual(of('t'), { D: 2, '-': 4 });
    for (const o of odds)
      assert.equal(
        Object.values(o.sixths).reduce((a, b) => a + b, 0),
        6,
        'six rolls',
      );
  });
  it('"Shift die roll 1 better, if attacking an already Disrupted unit"', () => {
    let s = toAttacksFirst(airGame({ fk: { is: 'ger-fk', at: '0403' }, r: { is: 'sov-army', at: '0505' } }));
    s.state.pieces.r!.disrupted = true;
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') }, [6]);
    assert.equal(outOfGame(s.state, 'fk'), false);
    assert.ok(
      airLog(s).some((x) => x.includes('roll 6 (-1 against an already Disrupted unit), -')),
      'read as a 5',
    );
  });
  it('"Aerial Disruption by Bombing breaks down a korps, if it can be broken down" (B-55)', () => {
    let s = toSovietTurn(
      airGame({
        m: { is: 'ger-mot-korps-steps', at: '0505' },
        n: { is: 'ger-mot-korps', at: '0506' },
        sa: { is: 'sov-air', at: '0705' },
        sb: { is: 'sov-air', at: '0706' },
      }),
    );
    s = act(s, 'soviet', { type: 'end-step' });
    s = act(s, 'soviet', { type: 'airstrike', piece: 'sa', target: hexOf(s, '0505') }, [1]);
    assert.equal(s.state.pieces.m!.disrupted, true);
    assert.equal(s.state.pieces.m!.weak, true, 'a motorized korps with a reduced side: broken down');
    s = act(s, 'soviet', { type: 'airstrike', piece: 'sb', target: hexOf(s, '0506') }, [1]);
    assert.equal(s.state.pieces.n!.disrupted, true);
    assert.equal(s.state.pieces.n!.weak, false, 'no reduced side: it cannot be broken down');
  });
  it('"Russian front air/aviation units may not be combined": one Russian air unit a hex', () => {
    let s = toSovietTurn(
      airGame({
        a: { is: 'ger-inf-korps', at: '0505' },
        b: { is: 'ger-inf-korps', at: '0502' },
        s1: { is: 'sov-air', at: '0705' },
        s2: { is: 'sov-air', at: '0704' },
      }),
    );
    s = act(s, 'soviet', { type: 'end-step' });
    s = act(s, 'soviet', { type: 'airstrike', piece: 's1', target: hexOf(s, '0505') }, [4]);
    assert.equal(has(s, 'soviet', { type: 'airstrike', piece: 's2', target: hexOf(s, '0505') }), false);
    assert.equal(
      has(s, 'soviet', { type: 'airstrike', piece: 's2', target: hexOf(s, '0502') }),
      true,
      'another hex',
    );
  });
  it('"Luftwaffe units may be freely combined against any target hex"', () => {
    let s = toAttacksFirst(
      airGame({
        f1: { is: 'ger-fk', at: '0403' },
        f2: { is: 'ger-fk', at: '0303' },
        r: { is: 'sov-army', at: '0505' },
      }),
    );
    s = act(s, 'axis', { type: 'airstrike', piece: 'f1', target: hexOf(s, '0505') }, [5]);
    assert.equal(has(s, 'axis', { type: 'airstrike', piece: 'f2', target: hexOf(s, '0505') }), true);
  });
});

describe('Interception (B-58): once defensively a game-turn', () => {
  const pieces = {
    fk: { is: 'ger-fk', at: '0403' },
    f2: { is: 'ger-fk', at: '0303' },
    r: { is: 'sov-army', at: '0505' },
    sa: { is: 'sov-air', at: '0905' },
  } as const;
  it('the defender may intercept with an air unit in range: the mission reads the intercepted column', () => {
    let s = toAttacksFirst(airGame(pieces));
    assert.equal(distance(s, '0905', '0505'), 4, 'the Russian range');
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') });
    assert.deepEqual(barbarossaRules.activeSides(s.state), ['soviet'], 'the Russian answers');
    assert.deepEqual(legalActions(barbarossaRules, s, 'axis'), []);
    assert.deepEqual(legalActions(barbarossaRules, s, 'soviet'), [
      { type: 'intercept', piece: 'sa' },
      { type: 'no-intercept' },
    ]);
    // A roll of 5, -1 (the interceptor at 4 hexes is beyond half its range): 4 on "Luftwaffe, intercepted": I.
    s = act(s, 'soviet', { type: 'intercept', piece: 'sa' }, [5]);
    assert.equal(s.state.pieces.r!.disrupted, false);
    assert.equal(outOfGame(s.state, 'fk'), true, 'Intercepted: out of the game until the next player-turn');
    assert.ok(
      airLog(s).some((x) => x.includes('-1 interceptor beyond half range')),
      'the interceptor’s range',
    );
    assert.deepEqual(s.state.airDefUsed, ['sa']);
    s = toSovietTurn(s);
    assert.equal(outOfGame(s.state, 'fk'), false, 'back in the next player-turn');
    s = toNextGermanTurn(s);
    assert.deepEqual(s.state.airDefUsed, [], 'a new game-turn: it may intercept again');
  });
  it('intercepted, a low roll still strikes home: the intercepted column’s D', () => {
    let s = toAttacksFirst(airGame(pieces));
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'soviet', { type: 'intercept', piece: 'sa' }, [2]);
    assert.equal(outOfGame(s.state, 'fk'), false, '2 - 1 = 1 on "Luftwaffe, intercepted": D');
    assert.equal(s.state.pieces.r!.disrupted, true);
  });
  it('declining: "no-intercept" reads the not-intercepted column', () => {
    let s = toAttacksFirst(airGame(pieces));
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'soviet', { type: 'no-intercept' }, [4]);
    assert.equal(
      s.state.pieces.r!.disrupted,
      true,
      '4 on "Luftwaffe, not intercepted": D*, an army in the open: D',
    );
    assert.deepEqual(s.state.airDefUsed ?? [], [], 'not used defensively');
  });
  it('an interceptor used once is not asked again this game-turn', () => {
    let s = toAttacksFirst(airGame(pieces));
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'soviet', { type: 'intercept', piece: 'sa' }, [3]);
    s = act(s, 'axis', { type: 'airstrike', piece: 'f2', target: hexOf(s, '0505') }, [5]);
    assert.equal(s.state.airMission ?? null, null, 'resolved at once: no interceptor left');
    assert.deepEqual(barbarossaRules.activeSides(s.state), ['axis']);
  });
  it('"if intercepting, against enemy air units": a Fliegerkorps intercepts a Russian airstrike', () => {
    let s = toSovietTurn(
      airGame({
        k: { is: 'ger-inf-korps', at: '0505' },
        fk: { is: 'ger-fk', at: '0303' },
        sa: { is: 'sov-air', at: '0705' },
      }),
    );
    s = act(s, 'soviet', { type: 'end-step' });
    s = act(s, 'soviet', { type: 'airstrike', piece: 'sa', target: hexOf(s, '0505') });
    assert.deepEqual(barbarossaRules.activeSides(s.state), ['axis']);
    // 0303 to 0505: 3 hexes, not beyond half of 6. A 3 on "Soviet air, intercepted": I.
    s = act(s, 'axis', { type: 'intercept', piece: 'fk' }, [3]);
    assert.equal(outOfGame(s.state, 'sa'), true);
    assert.equal(s.state.pieces.k!.disrupted, false, 'mission prevented');
  });
  it('close air support may be intercepted: on I or SD it does not join the attack', () => {
    let s = germanAttack({ fk: { is: 'ger-fk', at: '0403' }, sa: { is: 'sov-air', at: '0905' } });
    s = act(s, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(s, '0505') });
    s = act(s, 'soviet', { type: 'intercept', piece: 'sa' }, [6]);
    assert.deepEqual(
      s.state.attacks[0]!.air ?? [],
      [],
      '6 - 1 = 5 on "Luftwaffe, intercepted": I, mission prevented',
    );
    let t = germanAttack({ fk: { is: 'ger-fk', at: '0403' }, sa: { is: 'sov-air', at: '0905' } });
    t = act(t, 'axis', { type: 'air-support', piece: 'fk', target: hexOf(t, '0505') });
    t = act(t, 'soviet', { type: 'intercept', piece: 'sa' }, [2]);
    assert.deepEqual(t.state.attacks[0]!.air, ['fk'], 'a 1 (read) lets it through');
  });
});

describe('Range (B-60): German 6, Russian 4, PVO korps 3; beyond half range worse by 1', () => {
  it('a Fliegerkorps reaches 6 hexes, not 7', () => {
    const s = toAttacksFirst(
      airGame({
        fk: { is: 'ger-fk', at: '0101' },
        r: { is: 'sov-army', at: '0505' },
        q: { is: 'sov-army', at: '0506' },
      }),
    );
    assert.equal(distance(s, '0101', '0506'), 7);
    assert.equal(has(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') }), true);
    assert.equal(has(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0506') }), false);
  });
  it('a Russian front air unit reaches 4 hexes, not 5', () => {
    let s = toSovietTurn(
      airGame({
        a: { is: 'ger-inf-korps', at: '0505' },
        b: { is: 'ger-inf-korps', at: '0502' },
        sa: { is: 'sov-air', at: '0905' },
      }),
    );
    s = act(s, 'soviet', { type: 'end-step' });
    assert.equal(distance(s, '0905', '0502'), 5);
    assert.equal(has(s, 'soviet', { type: 'airstrike', piece: 'sa', target: hexOf(s, '0505') }), true);
    assert.equal(has(s, 'soviet', { type: 'airstrike', piece: 'sa', target: hexOf(s, '0502') }), false);
  });
  it('"The Russian 6. and 7. Interceptor Korps may intercept out to a range of 3 hexes"', () => {
    const near = toAttacksFirst(
      airGame({ fk: { is: 'ger-fk', at: '0403' }, r: { is: 'sov-army', at: '0505' } }, { pvoAt: '0805' }),
    );
    assert.equal(distance(near, '0805', '0505'), 3);
    const n = act(near, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(near, '0505') });
    assert.deepEqual(legalActions(barbarossaRules, n, 'soviet')[0], { type: 'intercept', piece: 'pvo' });
    const far = toAttacksFirst(
      airGame({ fk: { is: 'ger-fk', at: '0403' }, r: { is: 'sov-army', at: '0505' } }, { pvoAt: '0905' }),
    );
    const f = act(far, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(far, '0505') }, [5]);
    assert.equal(f.state.airMission ?? null, null, '4 hexes: beyond the PVO range, no interception');
  });
  it('"Bombing ... at more than half these ranges ... increases enemy interception by 1 on the die roll"', () => {
    let s = toAttacksFirst(airGame({ fk: { is: 'ger-fk', at: '0101' }, r: { is: 'sov-army', at: '0505' } }));
    assert.equal(distance(s, '0101', '0505'), 6);
    s = act(s, 'axis', { type: 'airstrike', piece: 'fk', target: hexOf(s, '0505') }, [4]);
    assert.equal(s.state.pieces.r!.disrupted, false, '4 + 1 = 5 on "Luftwaffe, not intercepted": -');
    assert.ok(airLog(s).some((x) => x.includes('+1 beyond half range')));
  });
});

describe('Air Supply (B-59): "all the otherwise out of supply units in any one hex within its maximum range"', () => {
  it('a Fliegerkorps supplies a korps in Limited supply: Full supply through the Supply Status Determination (A.8)', () => {
    let s = airGame({
      fk: { is: 'ger-fk', at: '0505' },
      k: { is: 'ger-inf-korps', at: '0805' },
      r: { is: 'sov-army', at: '0209' },
    });
    assert.equal(s.state.pieces.k!.supply, 'limited');
    const fly: BarbarossaAction = { type: 'air-supply', piece: 'fk', target: hexOf(s, '0805') };
    assert.equal(has(s, 'axis', fly), true, 'offered at A.1');
    s = act(s, 'axis', fly);
    assert.equal(s.state.pieces.k!.supply, 'full');
    assert.deepEqual(s.state.airSupplied, ['k']);
    s = toSovietTurn(s);
    assert.equal(s.state.pieces.k!.supply, 'full', 'A.8 keeps it in Full supply');
    s = act(s, 'soviet', { type: 'end-step' });
    s = toNextGermanTurn(s);
    assert.deepEqual(s.state.airSupplied, [], 'until the side’s next player-turn');
  });
  it('not to a hex whose units are all in Full supply, nor beyond range', () => {
    const s = airGame({
      fk: { is: 'ger-fk', at: '0101' },
      k: { is: 'ger-inf-korps', at: '0909' },
      j: { is: 'ger-inf-korps', at: '0303' },
    });
    assert.equal(distance(s, '0101', '0909') > 6, true);
    assert.equal(
      has(s, 'axis', { type: 'air-supply', piece: 'fk', target: hexOf(s, '0909') }),
      false,
      'beyond range',
    );
    assert.equal(
      has(s, 'axis', { type: 'air-supply', piece: 'fk', target: hexOf(s, '0303') }),
      false,
      'in Full supply',
    );
  });
  it('"German Air Supply at more than 50% range becomes 50% successful – determined for each unit"', () => {
    const base = {
      fk: { is: 'ger-fk', at: '0305' },
      k: { is: 'ger-inf-korps', at: '0805' },
      r: { is: 'sov-army', at: '0209' },
    } as const;
    let s = airGame(base);
    assert.equal(distance(s, '0305', '0805'), 5);
    s = act(s, 'axis', { type: 'air-supply', piece: 'fk', target: hexOf(s, '0805') }, [4]);
    assert.equal(s.state.pieces.k!.supply, 'limited', '4: not supplied');
    let t = airGame(base);
    t = act(t, 'axis', { type: 'air-supply', piece: 'fk', target: hexOf(t, '0805') }, [3]);
    assert.equal(t.state.pieces.k!.supply, 'full', '3: supplied');
  });
});

describe('Air in random whole games (B-56..B-60)', () => {
  const AIR_TYPES = new Set([
    'airfield',
    'airstrike',
    'air-supply',
    'air-support',
    'intercept',
    'no-intercept',
  ]);
  for (const seed of [11, 12]) {
    it(`seed ${seed}: the small front with air units on both sides: no dead end, each air unit once offensively and once defensively a game-turn, views keep the secret, replay gives the same hash`, () => {
      const file = withPvo(
        positionFile({
          ...SMALL_FRONT,
          pieces: {
            ...SMALL_FRONT.pieces,
            fk: { is: 'ger-fk', at: '0205' },
            f8: { is: 'ger-fk-8', at: '0208' },
            sa: { is: 'sov-air', at: '1104' },
            sb: { is: 'sov-air', at: '1108' },
          },
        }),
        'pvo',
        '1006',
      );
      const made = setup(barbarossaRules, file, seed, {});
      assert.ok(made.ok, 'set up');
      let s: G = made.value;
      const rand = mulberry(seed);
      const actions: { side: string; action: Action }[] = [];
      const flown: Record<string, number> = {};
      for (let i = 0; i < 1500; i++) {
        const active = barbarossaRules.activeSides(s.state);
        if (active.length === 0) break;
        const side = active[0]!;
        const legal = legalActions(barbarossaRules, s, side).filter((a) => a.type !== 'undo');
        assert.ok(legal.length > 0, `dead end at step ${s.state.step}`);
        if (s.state.airMission) assert.notEqual(side, s.state.player, 'the enemy answers a mission');
        const air = legal.filter((a) => AIR_TYPES.has(a.type));
        const busy = legal.filter(
          (a) => !a.type.startsWith('end-') && a.type !== 'unallocate' && a.type !== 'cancel',
        );
        const pool = air.length > 0 && rand() < 0.5 ? air : busy.length > 0 && rand() < 0.9 ? busy : legal;
        const action = pool[Math.floor(rand() * pool.length)]!;
        const before = JSON.stringify(s.state);
        const next = apply(barbarossaRules, s, side, action);
        assert.ok(next.ok, next.ok ? '' : next.error.message);
        assert.equal(JSON.stringify(s.state), before, 'apply changed its input');
        s = next.value;
        actions.push({ side, action });
        flown[action.type] = (flown[action.type] ?? 0) + 1;
        assert.equal(new Set(s.state.airUsed).size, s.state.airUsed.length, 'once offensively a game-turn');
        const def = s.state.airDefUsed ?? [];
        assert.equal(new Set(def).size, def.length, 'once defensively a game-turn');
        for (const viewer of ['axis', 'soviet']) {
          const v = JSON.stringify(view(barbarossaRules, s, viewer));
          for (const [piece, h] of Object.entries(s.state.secret.identities))
            if (h.unit !== null && h.knownTo === 'soviet' && viewer === 'axis')
              assert.equal(v.includes(`"${h.unit}"`), false, `${viewer} sees ${piece}`);
        }
      }
      assert.ok(
        (flown.airstrike ?? 0) > 0 && (flown.airfield ?? 0) > 0,
        `air played: ${JSON.stringify(flown)}`,
      );
      const again = replay(barbarossaRules, {
        game: 'barbarossa-1941',
        rulesVersion: barbarossaRules.rulesVersion,
        scenario: file,
        seed,
        options: {},
        actions,
      });
      assert.ok(again.ok, 'replay');
      assert.equal(stateHash(again.value), stateHash(s));
    });
  }
});
