/**
 * barbarossa-1941 "GAME-TURN SEQUENCE" steps played through the contract: the must-attack
 * rule in B.2 (Russian attacks before operational movement), Rumania closed to the Russians
 * until the Axis attacks out of it (B-66), and the recovery of Axis allied units at B.4 and
 * B.5. Positions: a 10x10 map whose column 01 is an Axis country and column 10 a Russian
 * supply edge with a railroad along it. Provisional CRT (B-1): 1:1 rolls 1-6 read AD, 2X,
 * -, X, D, X/2.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from './board.ts';
import { advanceHexes, retreatPaths } from './combat-results.ts';
import {
  act,
  allocate,
  col,
  game as frontGame,
  type G,
  has,
  hexOf,
  kinds,
  pass,
  type Start,
  toMovement,
} from './test-games.ts';
import { type PositionInput, position } from './test-positions.ts';

/** Three game-turns of good weather, July and August 1941. */
const JULY = ['Jul I 41', 'Jul II 41', 'Aug I 41'].map((label) => ({ label, weather: 'good' as const }));
const game = (input: PositionInput, start?: Start) => frontGame({ turns: JULY, ...input }, start);
/** The Russian player at B.2, the attacks before operational movement. */
const russianAttacksFirst = (s: G) => pass(pass(s, 'axis'), 'soviet', 0, 1);

describe('General Rule: must-attack in B.2, the Russian attacks before operational movement (B-14)', () => {
  // r attacks the korps k (3 against 3, 1:1); the German army g is next to both: owed an attack at 1:1 or better.
  // An 8-column map: everyone in Full supply (the Germans within 4 hexes of column 01, the
  // Russians within 6 of the railroad on column 08).
  const input: PositionInput = {
    columns: 8,
    pieces: {
      r: { is: 'sov-army', at: '0305' },
      r2: { is: 'sov-shock', at: '0505' },
      r3: { is: 'sov-army', at: '0405' },
      k: { is: 'ger-inf-korps', at: '0304' },
      g: { is: 'ger-army', at: '0404' },
    },
  };

  it('no attack is resolved while an adjacent German army is owed an attack at odds at least equal', () => {
    let s = russianAttacksFirst(game(input));
    assert.equal(s.state.step, 'attacks-first');
    s = allocate(s, 'soviet', ['r'], '0304');
    assert.equal(kinds(s, 'soviet').includes('resolve'), false, 'g is owed a 1:1 attack');
    // r2 (5) alone against g (6) is 1:2: still not enough.
    s = allocate(s, 'soviet', ['r2'], '0404');
    assert.equal(kinds(s, 'soviet').includes('resolve'), false, '1:2 is less than 1:1');
    // With r3: 8 against 6, 1:1: both attacks may be resolved.
    s = allocate(s, 'soviet', ['r3'], '0404');
    assert.ok(has(s, 'soviet', { type: 'resolve', target: hexOf(s, '0304') }));
    assert.ok(has(s, 'soviet', { type: 'resolve', target: hexOf(s, '0404') }));
  });

  it('"Once allocated, after resolution of other attacks has begun, Russian attacks may never be cancelled"', () => {
    let s = russianAttacksFirst(game(input));
    for (const [piece, target] of [
      ['r', '0304'],
      ['r2', '0404'],
      ['r3', '0404'],
    ] as const)
      s = act(s, 'soviet', { type: 'allocate', piece, target: hexOf(s, target) });
    assert.ok(has(s, 'soviet', { type: 'unallocate', piece: 'r' }), 'before any resolution');
    s = act(s, 'soviet', { type: 'resolve', target: hexOf(s, '0404') });
    s = act(s, 'axis', { type: 'orders-done' }, [1]); // 1:1, roll 1: AD
    assert.equal(s.state.combat, null);
    assert.equal(has(s, 'soviet', { type: 'unallocate', piece: 'r' }), false);
    assert.equal(
      kinds(s, 'soviet').includes('allocate'),
      false,
      'no attack is added once resolution has begun',
    );
    assert.ok(has(s, 'soviet', { type: 'resolve', target: hexOf(s, '0304') }), 'the obligation was met');
  });
});

describe('Special First Turn Rules: Rumania closed to the Russians until the Axis attacks out of it (B-66)', () => {
  // Rumania: 0306-0310 and 0206-0210; the German korps k in it at 0306; Soviet land elsewhere.
  const rumania = [...col(3).slice(5), ...col(2).slice(5)];
  const input: PositionInput = {
    map: { zones: [{ id: 'rumania', kind: 'axis-country', hexes: rumania }] },
    pieces: {
      k: { is: 'ger-inf-korps', at: '0306' },
      r: { is: 'sov-army', at: '0406' },
      r2: { is: 'sov-army', at: '0409' },
      kat: { is: 'sov-katyusha', at: '0405' },
    },
  };

  it('on turn 2 still: no Russian attack on a hex in Rumania, no Russian move into one, no Katyusha strike', () => {
    let s = pass(pass(game(input), 'axis'), 'soviet');
    assert.equal(s.state.turn, 2);
    s = toMovement(pass(s, 'axis'), 'soviet');
    assert.equal(has(s, 'soviet', { type: 'allocate', piece: 'r', target: hexOf(s, '0306') }), false);
    assert.equal(
      has(s, 'soviet', { type: 'move', piece: 'r2', to: hexOf(s, '0309') }),
      false,
      'an empty hex in Rumania',
    );
    assert.ok(
      has(s, 'soviet', { type: 'move', piece: 'r2', to: hexOf(s, '0410') }),
      'Soviet land (Bessarabia) as usual',
    );
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(kinds(s, 'soviet').includes('katyusha'), false);
  });

  it('once an Axis unit has attacked from a hex in Rumania, the Russians may attack and enter it', () => {
    let s = pass(pass(game(input), 'axis'), 'soviet');
    // Turn 2: the korps attacks out of Rumania (1:1, roll 3: "-").
    s = toMovement(s);
    s = allocate(s, 'axis', ['k'], '0406');
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0406') });
    s = act(s, 'soviet', { type: 'orders-done' }, [3]);
    assert.equal(s.state.rumaniaOpen, true);
    s = toMovement(pass(s, 'axis', 3), 'soviet');
    assert.ok(has(s, 'soviet', { type: 'allocate', piece: 'r', target: hexOf(s, '0306') }));
    assert.ok(has(s, 'soviet', { type: 'move', piece: 'r2', to: hexOf(s, '0309') }));
  });

  it('a German unit in closed Rumania is owed no must-attack (B.3: the allocation may end)', () => {
    // r attacks the korps k2 at 0405 (Soviet land); k in Rumania (0306) is next to both.
    let s = pass(
      game({
        ...input,
        pieces: {
          ...input.pieces,
          kat: { is: 'sov-katyusha', at: '0909' },
          k2: { is: 'ger-inf-korps', at: '0405' },
        },
      }),
      'axis',
    );
    s = toMovement(s, 'soviet');
    s = allocate(s, 'soviet', ['r'], '0405');
    assert.ok(has(s, 'soviet', { type: 'end-movement' }));
  });
});

describe('Recovery from Disruption: Axis allied units (B.4, B.5)', () => {
  it('B.4: Disrupted Axis allied units not being attacked recover if in Full or Limited supply; German units wait for A.9', () => {
    const s0 = game(
      {
        pieces: {
          rum: { is: 'rum-army', at: '0305' },
          hun: { is: 'hun-korps', at: '0208' },
          k: { is: 'ger-inf-korps', at: '0302' },
          r: { is: 'sov-army', at: '0909' },
        },
      },
      {
        tweak: (g) => {
          for (const id of ['rum', 'hun', 'k']) g.pieces[id]!.disrupted = true;
        },
      },
    );
    // Through the Axis turn: the German korps recovers at A.9; the allies stay Disrupted.
    let s = pass(s0, 'axis');
    assert.equal(s.state.pieces.k!.disrupted, false, 'A.9');
    assert.equal(s.state.pieces.rum!.disrupted, true, 'not at A.9');
    s = toMovement(s, 'soviet');
    s.state.pieces.k!.disrupted = true;
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(s.state.pieces.rum!.disrupted, false, 'B.4');
    assert.equal(s.state.pieces.hun!.disrupted, false, 'B.4');
    assert.equal(s.state.pieces.k!.disrupted, true, 'a German unit does not recover at B.4');
  });

  it('B.4: an Isolated allied unit does not recover; one being attacked waits for its combat', () => {
    const s0 = game(
      {
        columns: 16,
        pieces: {
          far: { is: 'rum-army', at: '1505' },
          rum: { is: 'rum-army', at: '0305' },
          r: { is: 'sov-army', at: '0405' },
        },
      },
      {
        tweak: (g) => {
          g.pieces.far!.disrupted = true;
          g.pieces.rum!.disrupted = true;
        },
      },
    );
    let s = act(act(pass(s0, 'axis'), 'soviet', { type: 'end-step' }), 'soviet', { type: 'end-step' });
    s = allocate(s, 'soviet', ['r'], '0305');
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(s.state.pieces.far!.disrupted, true, '14 hexes from the Axis country: Isolated');
    assert.equal(s.state.pieces.rum!.disrupted, true, 'being attacked');
  });

  it('B.5: an attacked allied unit not re-Disrupted by the result recovers after the attack; re-Disrupted, it stays', () => {
    const start = () => {
      const s0 = game(
        { pieces: { rum: { is: 'rum-army', at: '0305' }, r: { is: 'sov-army', at: '0405' } } },
        {
          tweak: (g) => {
            g.pieces.rum!.disrupted = true;
          },
        },
      );
      let s = act(act(pass(s0, 'axis'), 'soviet', { type: 'end-step' }), 'soviet', { type: 'end-step' });
      s = allocate(s, 'soviet', ['r'], '0305');
      s = act(s, 'soviet', { type: 'end-movement' });
      return act(s, 'soviet', { type: 'resolve', target: hexOf(s, '0305') });
    };
    // 3 against 3 is 1:1; the Disrupted Rumanian reads 3:2 (B-6): roll 2 reads "-" for it.
    const held = act(start(), 'axis', { type: 'orders-done' }, [2]);
    assert.equal(held.state.combat, null, 'the combat is over');
    assert.equal(held.state.pieces.rum!.disrupted, false, 'recovered after the attack (B.5)');
    // Roll 4 reads D at 3:2: Disrupted again.
    const hit = act(start(), 'axis', { type: 'orders-done' }, [4]);
    assert.equal(hit.state.pieces.rum!.disrupted, true);
  });
});

describe('Special Units: Katyushas strike in B.5 after the attacks of B.2 (B-41)', () => {
  it('"before standard ground attacks are resolved" counts the attacks of the combat step, not those of B.2', () => {
    let s = russianAttacksFirst(
      game({
        columns: 8,
        pieces: {
          r: { is: 'sov-army', at: '0305' },
          kat: { is: 'sov-katyusha', at: '0404' },
          k: { is: 'ger-inf-korps', at: '0304' },
        },
      }),
    );
    s = allocate(s, 'soviet', ['r'], '0304');
    s = act(s, 'soviet', { type: 'resolve', target: hexOf(s, '0304') });
    s = act(s, 'axis', { type: 'orders-done' }, [3]); // 1:1, roll 3: "-"
    assert.equal(s.state.combat, null);
    s = act(act(s, 'soviet', { type: 'end-step' }), 'soviet', { type: 'end-movement' });
    assert.equal(s.state.step, 'combat');
    assert.ok(
      has(s, 'soviet', { type: 'katyusha', piece: 'kat', target: hexOf(s, '0304') }),
      'the Katyusha may strike before the first attack of B.5',
    );
  });
});

describe('Rumania closed to the Russians: no retreat or advance into it either (B-66)', () => {
  // Rumania: columns 02-03, rows 06-10; Soviet land (Bessarabia) from column 04 east.
  const rumania = [...col(3).slice(5), ...col(2).slice(5)];
  const map = { zones: [{ id: 'rumania', kind: 'axis-country' as const, hexes: rumania }] };

  it('a Russian unit retreats (Dn) into Rumania only once it is open', () => {
    const p = position({
      map,
      pieces: { r: { is: 'sov-army', at: '0407' }, a: { is: 'ger-army', at: '0507' } },
    });
    const closed = [...retreatPaths(new Board(p.g, p.s), 'r', [p.hx('0507')], 1).keys()];
    assert.deepEqual(closed, [p.hx('0408')], 'west into Rumania (0307, 0308) closed');
    p.g.rumaniaOpen = true;
    const open = [...retreatPaths(new Board(p.g, p.s), 'r', [p.hx('0507')], 1).keys()];
    assert.deepEqual(
      open,
      [p.hx('0307'), p.hx('0308'), p.hx('0408')].sort((x, y) => x - y),
    );
  });

  it('a Russian cavalry korps advancing 3 MFs after a DE stops at the Rumanian border while it is closed', () => {
    const p = position({ map, pieces: { c: { is: 'sov-cav', at: '0508' } } });
    const closed = advanceHexes(new Board(p.g, p.s), 'c', p.hx('0407'), 'DE');
    assert.ok(closed.includes(p.hx('0406')), 'Soviet land');
    assert.equal(closed.includes(p.hx('0307')), false, 'Rumania closed');
    p.g.rumaniaOpen = true;
    assert.ok(advanceHexes(new Board(p.g, p.s), 'c', p.hx('0407'), 'DE').includes(p.hx('0307')));
  });
});
