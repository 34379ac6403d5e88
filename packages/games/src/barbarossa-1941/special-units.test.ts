/**
 * barbarossa-1941 "Special Units" (Katyushas, B-10), the A.1 flip of German armies (B-39)
 * and the Moscow morale roll (B-40), through the contract.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateAttack, isRefusal } from './attack.ts';
import { Board } from './board.ts';
import { retreatPaths } from './combat-results.ts';
import { moveOptions } from './movement.ts';
import { gunLine } from './railway-guns.ts';
import { barbarossaRules } from './rules.ts';
import type { Side } from './rules-scenario.ts';
import type { BarbarossaAction } from './steps/actions.ts';
import { act, type G, game, hexOf, kinds, legal, offered, pass, started, toMovement } from './test-games.ts';
import { type PositionInput, position, positionFile } from './test-positions.ts';

const has = (s: G, side: string, type: BarbarossaAction['type']) => kinds(s, side).includes(type);
/** The Russian player at his combat step, the Axis player-turn passed. */
const sovietCombat = (s: G) => act(toMovement(pass(s, 'axis'), 'soviet'), 'soviet', { type: 'end-movement' });

describe('Special Units: Russian Katyushas (B-10)', () => {
  const pieces = {
    kat: { is: 'sov-katyusha', at: '0505' },
    r: { is: 'sov-army', at: '0505' },
    g1: { is: 'ger-inf-korps', at: '0504' },
    g2: { is: 'ger-inf-korps', at: '0504' },
  } as const;
  it('a die roll against each enemy unit in the hex: 1 or 2 Disrupts it', () => {
    let s = sovietCombat(game({ pieces }));
    s = act(s, 'soviet', { type: 'katyusha', piece: 'kat', target: hexOf(s, '0504') }, [2, 5]);
    assert.equal(s.state.pieces.g1!.disrupted, true);
    assert.equal(s.state.pieces.g2!.disrupted, false);
    assert.equal(has(s, 'soviet', 'katyusha'), false, 'once a turn');
  });
  it('"may not attack if ... Disrupted"', () => {
    const s = sovietCombat(game({ pieces }));
    assert.equal(has(s, 'soviet', 'katyusha'), true);
    // Disrupted in the Russian turn (a fresh state object: the legal list is computed per state).
    const disrupted: G = { ...s, state: structuredClone(s.state) };
    disrupted.state.pieces.kat!.disrupted = true;
    assert.equal(has(disrupted, 'soviet', 'katyusha'), false);
  });
});

describe('A.1: Flipping of German Armies to Strong Side (B-39)', () => {
  it('an UnDisrupted German army in Full supply on its weak side may flip back', () => {
    const s = game(
      { pieces: { a: { is: 'ger-army', at: '0303' }, b: { is: 'ger-army', at: '0803' } } },
      {
        tweak: (g) => {
          g.pieces.a!.weak = true;
          g.pieces.b!.weak = true;
        },
      },
    );
    const flips = offered(s, 'axis', 'flip-strong');
    assert.deepEqual(flips, [{ type: 'flip-strong', piece: 'a' }], 'b is beyond full supply');
    assert.equal(act(s, 'axis', { type: 'flip-strong', piece: 'a' }).state.pieces.a!.weak, false);
  });
});

describe('Victory Conditions: the Moscow morale roll (B-40)', () => {
  const input: PositionInput = {
    map: { places: [{ name: 'Moscow', kind: 'victory-city', hex: '0303' }] },
    victoryPoints: { Moscow: 3 },
    pieces: { k: { is: 'ger-inf-korps', at: '0302' }, r: { is: 'sov-army', at: '0909' } },
  };
  it('"The instant the Axis player takes Moscow, in supply, he can roll for a 33% chance": 1-2 wins', () => {
    let s = act(act(game(input), 'axis', { type: 'end-step' }), 'axis', { type: 'end-step' });
    s = act(s, 'axis', { type: 'move', piece: 'k', to: hexOf(s, '0303') }, [2]);
    assert.equal(s.state.winner, 'axis');
    assert.deepEqual(barbarossaRules.activeSides(s.state), []);
  });
  it('a 3-6 and the game goes on; never a second roll', () => {
    let s = act(act(game(input), 'axis', { type: 'end-step' }), 'axis', { type: 'end-step' });
    s = act(s, 'axis', { type: 'move', piece: 'k', to: hexOf(s, '0303') }, [3]);
    assert.equal(s.state.winner, null);
    assert.equal(s.state.moscowRolled, true);
  });
});

describe('Special Units: Russian Leningrad Railway Guns (B-54)', () => {
  // A rail line down column 05 (0502-0508); the gun stands on it at 0505, its reach 1 hex.
  const railCol5 = {
    connections: [{ kind: 'rail' as const, path: ['0502', '0503', '0504', '0505', '0506', '0507', '0508'] }],
  };
  const at = (input: PositionInput) => {
    const p = position(input);
    return { p, b: new Board(p.g, p.s) };
  };
  const supply = (b: Board) => Object.fromEntries(b.g.order.map((id) => [id, b.g.pieces[id]!.supply]));
  const shifts = (b: Board, attackers: string[], target: number, sup = supply(b)) => {
    const ev = evaluateAttack(b, attackers, target, { supply: sup });
    if (isRefusal(ev)) assert.fail(`the attack may be made: ${ev.message}`);
    return ev.shifts.filter((x) => x.cite === 'B-54');
  };

  /** The gun stacked with a rifle army at 0505, a German korps at 0504 down the line. */
  const gunSupportingArmy = {
    gun: { is: 'sov-railway-gun', at: '0505' },
    r: { is: 'sov-army', at: '0505' },
    k: { is: 'ger-inf-korps', at: '0504' },
  } as const;

  it('"Adds 1 combat odds column shift supporting an attack down its line"', () => {
    const { p, b } = at({
      map: railCol5,
      player: 'soviet',
      pieces: gunSupportingArmy,
    });
    assert.deepEqual(
      gunLine(b, 'gun'),
      [p.hx('0504'), p.hx('0506')].sort((x, y) => x - y),
    );
    assert.deepEqual(
      shifts(b, ['r'], p.hx('0504')).map((x) => x.by),
      [1],
    );
  });

  it('forbidden: off its line, or out of supply ("it must be in supply to shoot")', () => {
    const off = at({
      map: { connections: [{ kind: 'rail', path: ['0505', '0506', '0507', '0508'] }] },
      player: 'soviet',
      pieces: gunSupportingArmy,
    });
    assert.deepEqual(shifts(off.b, ['r'], off.p.hx('0504')), [], 'no rail between the gun and the hex');
    const cut = at({
      map: railCol5,
      player: 'soviet',
      pieces: gunSupportingArmy,
    });
    assert.deepEqual(
      shifts(cut.b, ['r'], cut.p.hx('0504'), { ...supply(cut.b), gun: 'isolated' }),
      [],
      'an Isolated gun does not shoot',
    );
  });

  it('"If being attacked by any units from its line, it reduces the attack by a 1 column shift"; not from off its line', () => {
    const { p, b } = at({
      map: railCol5,
      player: 'axis',
      pieces: {
        gun: { is: 'sov-railway-gun', at: '0505' },
        r: { is: 'sov-army', at: '0505' },
        a: { is: 'ger-army', at: '0504' },
        k: { is: 'ger-inf-korps', at: '0404' },
      },
    });
    assert.deepEqual(
      shifts(b, ['a', 'k'], p.hx('0505')).map((x) => x.by),
      [-1],
      'the army at 0504 attacks from the line',
    );
    assert.deepEqual(shifts(b, ['k'], p.hx('0505')), [], 'the korps at 0404 is off the line');
  });

  it('moves only along its rail line; retreats only back up a rail line', () => {
    const { p, b } = at({
      map: railCol5,
      player: 'soviet',
      pieces: { gun: { is: 'sov-railway-gun', at: '0505' } },
    });
    const line = new Set(['0502', '0503', '0504', '0506', '0507', '0508'].map(p.hx));
    const moves = moveOptions(b, 'gun').map((o) => o.to);
    assert.ok(moves.length > 0, 'it moves');
    assert.ok(
      moves.every((h) => line.has(h)),
      'every destination is on the line',
    );
    assert.ok(!moves.includes(p.hx('0405')), 'never off the rails');
    // Attacked from 0504, a 1-hex retreat: up the line to 0506 only.
    const retreats = [...retreatPaths(b, 'gun', [p.hx('0504')], 1).keys()];
    assert.deepEqual(retreats, [p.hx('0506')]);
  });
});

describe('"A rail conversion unit can be destroyed if it is undefended ... (Same for Russian Railway Guns!)" (B-61)', () => {
  const railCol5 = {
    connections: [{ kind: 'rail' as const, path: ['0502', '0503', '0504', '0505', '0506', '0507', '0508'] }],
  };
  // A position file starts its player-turn at the reinforcement step: on to movement.
  const start = (pieces: PositionInput['pieces'], player: Side) =>
    toMovement(started(positionFile({ map: railCol5, player, pieces })), player);
  const offers = (g: G, side: string, pred: (a: BarbarossaAction) => boolean) => legal(g, side).some(pred);

  /** The gun stacked with a rifle army at 0505, a German army next to it, the Axis to move. */
  const defendedGun = () =>
    start(
      {
        gun: { is: 'sov-railway-gun', at: '0505' },
        r: { is: 'sov-army', at: '0505' },
        a: { is: 'ger-army', at: '0504' },
      },
      'axis',
    );

  it('a railway gun alone in its hex is no defender: the enemy moves in and destroys it', () => {
    const g = start(
      {
        gun: { is: 'sov-railway-gun', at: '0505' },
        a: { is: 'ger-army', at: '0504' },
        r: { is: 'sov-army', at: '0808' },
      },
      'axis',
    );
    const to = hexOf(g, '0505');
    assert.ok(
      !offers(g, 'axis', (a) => a.type === 'allocate' && a.target === to),
      'not attacked: undefended',
    );
    assert.ok(
      offers(g, 'axis', (a) => a.type === 'move' && a.piece === 'a' && a.to === to),
      'entered',
    );
    const r = act(g, 'axis', { type: 'move', piece: 'a', to });
    assert.equal(r.state.pieces.gun!.status, 'eliminated');
    const line = r.log.find((e) => e.text.includes('undefended'));
    assert.ok(line?.cite?.includes('B-61'), 'logged, citing B-61');
  });

  it('a board made before a combat eliminated the gun and its army still answers (the combat reads one)', () => {
    const g = defendedGun();
    const to = hexOf(g, '0505');
    const state = structuredClone(g.state);
    const before = new Board(state);
    for (const id of ['gun', 'r']) {
      state.pieces[id]!.status = 'eliminated';
      state.pieces[id]!.at = -1;
    }
    // As the hex stood when the board was made: the army defended it, and the gun with it.
    assert.equal(before.hasEnemyGround('axis', to), true);
    assert.equal(new Board(state).hasEnemyGround('axis', to), false, 'empty now');
  });

  it('forbidden: with a rifle army stacked it is defended (attacked, not entered); a rail conversion unit alike', () => {
    const g = defendedGun();
    const to = hexOf(g, '0505');
    assert.ok(
      offers(g, 'axis', (a) => a.type === 'allocate' && a.target === to),
      'attacked',
    );
    assert.ok(!offers(g, 'axis', (a) => a.type === 'move' && a.to === to), 'not entered');
    // A German rail conversion unit alone is no defender either; with a German army it is.
    const alone = start(
      {
        conv: { is: 'ger-rail-conversion', at: '0505' },
        r: { is: 'sov-army', at: '0808' },
        a: { is: 'ger-army', at: '0202' },
      },
      'axis',
    );
    assert.equal(new Board(alone.state).hasEnemyGround('soviet', hexOf(alone, '0505')), false, 'undefended');
    const guarded = start(
      {
        conv: { is: 'ger-rail-conversion', at: '0505' },
        r: { is: 'sov-army', at: '0808' },
        a: { is: 'ger-army', at: '0505' },
      },
      'axis',
    );
    assert.equal(new Board(guarded.state).hasEnemyGround('soviet', hexOf(guarded, '0505')), true, 'defended');
  });
});
