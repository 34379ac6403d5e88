/**
 * The rules of Barbarossa 1941 played through the game contract (`setup`,
 * `legalActions`, `apply`, `applyWithRolls` with forced dice), one describe per section of
 * the text. Positions: a 10x10 map whose column 01 is an Axis country and whose column 10
 * is a Russian supply edge with a railroad along it, so units on columns 02-05 (Axis) and
 * 04-09 (Russian) are in full supply. Provisional CRT (B-1) columns: 2:1 rolls 1-6 read
 * -, X, D, X/2, D1, D1; 9:1 reads D2, D3, D3, DE, DE, BK.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setup, view } from '@stavka/engine';
import { barbarossaRules } from './rules.ts';
import { act, allocate, attack, game, has, hexOf, offered, pass, toMovement } from './test-games.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

describe('GAME-TURN SEQUENCE (A.1-A.9, B.1-B.8, B-9)', () => {
  it('the Axis player-turn: reinforce, attacks first, movement, combat, breakthrough; then the Russian player-turn; then turn 2', () => {
    let s = game({
      turns: [
        { label: 'Jun II 41', weather: 'good' },
        { label: 'Jul I 41', weather: 'good' },
      ],
      pieces: { k: { is: 'ger-inf-korps', at: '0302' } },
    });
    assert.equal(s.state.step, 'reinforce');
    s = act(s, 'axis', { type: 'end-step' });
    assert.equal(s.state.step, 'attacks-first');
    s = act(s, 'axis', { type: 'end-step' });
    assert.equal(s.state.step, 'movement');
    s = act(s, 'axis', { type: 'end-movement' });
    assert.equal(s.state.step, 'combat');
    s = act(s, 'axis', { type: 'end-combat' });
    assert.equal(s.state.breakthrough, true, 'A.6 German Operational Breakthrough');
    assert.equal(s.state.step, 'movement');
    s = act(act(s, 'axis', { type: 'end-movement' }), 'axis', { type: 'end-combat' });
    assert.equal(s.state.player, 'soviet');
    assert.equal(s.state.step, 'reinforce');
    s = pass(s, 'soviet');
    assert.equal(s.state.turn, 2);
    assert.equal(s.state.player, 'axis');
  });

  it('the game ends after the last turn with the victory count (B-12)', () => {
    let s = game({ pieces: { k: { is: 'ger-inf-korps', at: '0302' } } });
    for (const side of ['axis', 'soviet'])
      for (const step of [
        'end-step',
        'end-step',
        'end-movement',
        'end-combat',
        'end-movement',
        'end-combat',
      ] as const)
        s = act(s, side, { type: step });
    assert.equal(s.state.step, 'over');
    assert.equal(s.state.winner, 'soviet', 'the Axis holds 5 or less victory points');
    assert.deepEqual(barbarossaRules.activeSides(s.state), []);
    // The outcome scores each side's victory-city points held in supply (B-33): none here.
    const end = barbarossaRules.outcome(s.state);
    assert.equal(end?.winner, 'soviet');
    assert.deepEqual(Object.keys(end?.score ?? {}).sort(), ['axis', 'soviet']);
    assert.equal(end?.score.axis, 0, 'the Axis holds no victory city');
  });

  it('Blitzkrieg/Proriv (B-9): units that moved or attacked before are not used again in the breakthrough', () => {
    let s = toMovement(
      game({
        rows: 12,
        pieces: { pz: { is: 'ger-pz-div', at: '0302' }, k: { is: 'ger-inf-korps', at: '0202' } },
      }),
    );
    s = act(s, 'axis', { type: 'move', piece: 'pz', to: hexOf(s, '0304') });
    s = act(act(s, 'axis', { type: 'end-movement' }), 'axis', { type: 'end-combat' });
    const moves = offered(s, 'axis', 'move');
    assert.ok(moves.every((a) => (a as { piece: string }).piece === 'k'));
    assert.ok(moves.length > 0);
  });
});

describe('Operational Movement through the contract', () => {
  it('a move with the OMB is logged and the unit may not attack afterwards', () => {
    let s = toMovement(
      game({ rows: 12, pieces: { pz: { is: 'ger-pz-div', at: '0301' }, r: { is: 'sov-army', at: '0511' } } }),
    );
    s = act(s, 'axis', { type: 'move', piece: 'pz', to: hexOf(s, '0309') });
    assert.equal(s.state.pieces.pz!.moved, 'bonus');
    assert.equal(has(s, 'axis', { type: 'allocate', piece: 'pz', target: hexOf(s, '0410') }), false);
    assert.match(s.log.at(-1)!.text, /OMB/);
  });
});

describe('Ground Combat Resolution: results', () => {
  const duel = (extra: PositionInput['pieces'] = {}) =>
    game({
      pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' }, ...extra },
    });

  it('2:1, roll 5: D1 — the attacker sets 0-1 hexes, the defender retreats and may add 1 (B-3), Disrupted; the attacker advances', () => {
    let s = attack(toMovement(duel()), 'axis', ['a'], '0505');
    assert.equal(s.state.combat!.phase, 'orders');
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    assert.equal(s.state.combat!.results.r, 'D1');
    assert.equal(s.state.pieces.r!.disrupted, true);
    assert.equal(s.state.combat!.phase, 'retreat-length');
    s = act(s, 'axis', { type: 'retreat-length', piece: 'r', hexes: 1 });
    const retreats = offered(s, 'soviet', 'retreat');
    assert.ok(
      retreats.some((a) => (a as { to: number }).to === hexOf(s, '0506')),
      '1 hex',
    );
    assert.ok(
      retreats.some((a) => (a as { to: number }).to === hexOf(s, '0507')),
      '1 + 1 extra',
    );
    s = act(s, 'soviet', { type: 'retreat', piece: 'r', to: hexOf(s, '0507') });
    assert.equal(s.state.combat!.phase, 'advance');
    s = act(s, 'axis', { type: 'advance', piece: 'a', to: hexOf(s, '0505') });
    assert.equal(s.state.combat, null);
    assert.equal(s.state.pieces.a!.at, hexOf(s, '0505'));
  });

  it('"Edge of the World": units forced to retreat into the sea are eliminated (B-50)', () => {
    // The defender at 0505 has the sea south of it (0506 and beyond), the attacker north.
    const sea = { terrain: { '0506': 'sea', '0406': 'sea', '0606': 'sea', '0405': 'sea', '0605': 'sea' } };
    const blocked = (extra: PositionInput['pieces']) =>
      game({
        map: sea,
        pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' }, ...extra },
      });
    let s = attack(toMovement(blocked({})), 'axis', ['a'], '0505');
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    s = act(s, 'axis', { type: 'retreat-length', piece: 'r', hexes: 1 });
    assert.equal(s.state.pieces.r!.status, 'eliminated');
  });

  it('No Retreat! (B-4): D1 -> D, the defender stays Disrupted', () => {
    let s = attack(toMovement(duel()), 'axis', ['a'], '0505');
    s = act(s, 'soviet', { type: 'no-retreat', piece: 'r' });
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    // The German attacker is asked about the Forced Exchange after the roll.
    assert.equal(s.state.combat!.phase, 'forced-exchange');
    s = act(s, 'axis', { type: 'forced-exchange', declare: false });
    assert.equal(s.state.combat?.results.r ?? 'done', 'done');
    assert.equal(s.state.pieces.r!.at, hexOf(s, '0505'));
    assert.equal(s.state.pieces.r!.disrupted, true);
  });

  it('Forced Exchange declared by the German after the roll: D1 = equal exchange (B-4)', () => {
    let s = attack(toMovement(duel()), 'axis', ['a'], '0505');
    s = act(s, 'soviet', { type: 'no-retreat', piece: 'r' });
    s = act(s, 'soviet', { type: 'orders-done' }, [5]);
    s = act(s, 'axis', { type: 'forced-exchange', declare: true });
    assert.equal(s.state.pieces.r!.status, 'eliminated');
    // The army covers 3 factors: it loses them, or flips to its weak side (6 -> 4 covers 2) and loses the rest.
    assert.equal(s.state.combat!.phase, 'losses');
    assert.ok(has(s, 'axis', { type: 'flip', piece: 'a' }));
  });

  it('X in Good weather: the German attacker may take BD instead (B-5)', () => {
    let s = attack(toMovement(duel()), 'axis', ['a'], '0505');
    s = act(s, 'soviet', { type: 'orders-done' }, [2]);
    assert.equal(s.state.combat!.phase, 'exchange-choice');
    s = act(s, 'axis', { type: 'exchange-choice', pay: false });
    assert.equal(s.state.pieces.r!.disrupted, true);
    assert.equal(s.state.pieces.a!.disrupted, true);
    assert.equal(s.state.pieces.r!.status, 'map');
  });

  it('X paid: the defender eliminated, the attacker loses at least its modified defense', () => {
    let s = attack(toMovement(duel({ k: { is: 'ger-inf-korps', at: '0404' } })), 'axis', ['a', 'k'], '0505');
    // 9 against 3 is 3:1 — roll 1 reads X.
    s = act(s, 'soviet', { type: 'orders-done' }, [1]);
    s = act(s, 'axis', { type: 'exchange-choice', pay: true });
    assert.equal(s.state.pieces.r!.status, 'eliminated');
    assert.equal(s.state.combat!.phase, 'losses');
    s = act(s, 'axis', { type: 'lose', piece: 'k' });
    assert.equal(s.state.pieces.k!.status, 'eliminated');
    assert.equal(s.state.combat!.phase, 'advance', 'surviving attackers may advance as for D1');
  });

  it('Disrupted defenders read one column higher, individually (B-6)', () => {
    const s0 = game(
      {
        pieces: {
          a: { is: 'ger-army', at: '0504' },
          a2: { is: 'ger-army', at: '0404' },
          r: { is: 'sov-army', at: '0505' },
          d: { is: 'sov-weak-div', at: '0505' },
        },
      },
      {
        tweak: (g) => {
          g.pieces.d!.disrupted = true;
        },
      },
    );
    // 12 against 4 = 3:1; roll 1: X for the army, 4:1's D for the Disrupted division.
    let s = attack(toMovement(s0), 'axis', ['a', 'a2'], '0505');
    s = act(s, 'soviet', { type: 'orders-done' }, [1]);
    assert.equal(s.state.combat!.results.d, 'D');
  });

  it('DE: defenders eliminated; BK: Blitzkrieg! the German attackers may attack one additional time', () => {
    const s0 = game({
      pieces: {
        a: { is: 'ger-army', at: '0504' },
        a2: { is: 'ger-army', at: '0404' },
        d: { is: 'sov-weak-div', at: '0505' },
        r: { is: 'sov-army', at: '0506' },
      },
    });
    let s = attack(toMovement(s0), 'axis', ['a', 'a2'], '0505');
    // 12 against 1 reads 9:1; roll 6: BK.
    s = act(s, 'soviet', { type: 'orders-done' }, [6]);
    assert.equal(s.state.pieces.d!.status, 'eliminated');
    assert.deepEqual(s.state.blitz, ['a', 'a2']);
    s = act(s, 'axis', { type: 'advance', piece: 'a', to: hexOf(s, '0505') });
    s = act(s, 'axis', { type: 'end-advance' });
    assert.ok(
      has(s, 'axis', { type: 'allocate', piece: 'a', target: hexOf(s, '0506') }),
      '"after any Tactical Advances ... one additional time"',
    );
    assert.equal(
      has(s, 'axis', { type: 'allocate', piece: 'a2', target: hexOf(s, '0506') }),
      false,
      'not adjacent',
    );
  });

  it('AE: attackers equal to the modified defense eliminated (a Russian attack at 1:2)', () => {
    const s0 = game({ pieces: { k: { is: 'ger-army', at: '0505' }, r: { is: 'sov-army', at: '0506' } } });
    let s = s0;
    s = pass(s, 'axis');
    s = toMovement(s, 'soviet');
    s = attack(s, 'soviet', ['r'], '0505');
    s = act(s, 'axis', { type: 'orders-done' }, [1]);
    // 3 against 6 = 1:2: roll 1 reads AD.
    assert.equal(s.state.pieces.r!.disrupted, true);
  });
});

describe('Tactical Advances: the 1-hex side advance (B-45)', () => {
  it("once the vacated hex is entered by attackers at least equal to the defenders' modified strength, others may advance 1 hex into an empty hex adjacent to the defended one", () => {
    let s = attack(
      toMovement(
        game({
          pieces: {
            a: { is: 'ger-army', at: '0504' },
            k: { is: 'ger-inf-korps', at: '0404' },
            d: { is: 'sov-weak-div', at: '0505' },
          },
        }),
      ),
      'axis',
      ['a', 'k'],
      '0505',
    );
    // 9 against 1 reads 9:1; roll 4: DE.
    s = act(s, 'soviet', { type: 'orders-done' }, [4]);
    assert.equal(has(s, 'axis', { type: 'advance', piece: 'k', to: hexOf(s, '0405') }), false, 'not before');
    s = act(s, 'axis', { type: 'advance', piece: 'a', to: hexOf(s, '0505') });
    assert.ok(has(s, 'axis', { type: 'advance', piece: 'k', to: hexOf(s, '0405') }));
  });
});

describe('Recovery from Disruption', () => {
  it('A.4: non-red Russian units not being attacked recover; A.9: German units recover at the end of the Axis turn', () => {
    const s0 = game(
      {
        pieces: {
          g: { is: 'ger-inf-korps', at: '0302' },
          r: { is: 'sov-army', at: '0808' },
          gd: { is: 'sov-guards-army', at: '0809' },
        },
      },
      {
        tweak: (g) => {
          g.pieces.g!.disrupted = true;
          g.pieces.r!.disrupted = true;
          g.pieces.gd!.disrupted = true;
        },
      },
    );
    let s = act(toMovement(s0), 'axis', { type: 'end-movement' });
    assert.equal(s.state.pieces.r!.disrupted, false, 'A.4');
    assert.equal(s.state.pieces.gd!.disrupted, true, 'red-labelled: at B.8');
    s = act(act(act(s, 'axis', { type: 'end-combat' }), 'axis', { type: 'end-movement' }), 'axis', {
      type: 'end-combat',
    });
    assert.equal(s.state.pieces.g!.disrupted, false, 'A.9');
    s = pass(s, 'soviet');
    assert.equal(s.state.pieces.gd!.disrupted, false, 'B.8');
  });
});

describe('General Rule: must-attack (B-14) through the contract', () => {
  it('the Russian player may not end allocation while an adjacent German army is owed an attack', () => {
    let s = game({
      pieces: {
        r: { is: 'sov-army', at: '0505' },
        r2: { is: 'sov-army', at: '0705' },
        k: { is: 'ger-inf-korps', at: '0504' },
        g: { is: 'ger-army', at: '0604' },
      },
    });
    s = pass(s, 'axis');
    s = toMovement(s, 'soviet');
    s = allocate(s, 'soviet', ['r'], '0504');
    assert.equal(has(s, 'soviet', { type: 'end-movement' }), false);
  });
});

describe('Special First Turn Rules', () => {
  it('"The Axis may not attack out of Rumania on the first turn."', () => {
    const s = toMovement(
      game({
        map: { zones: [{ id: 'rumania', kind: 'axis-country', hexes: ['0504'] }] },
        pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' } },
      }),
    );
    assert.equal(has(s, 'axis', { type: 'allocate', piece: 'a', target: hexOf(s, '0505') }), false);
  });
});

describe('Special First Turn Rules: one river hexside and Rumania (B-44)', () => {
  it('"Against any one river hex-side, the Russian defense shift is ignored"', () => {
    let s = toMovement(
      game({
        map: { hexsides: [{ feature: 'river', between: [['0504', '0505']] }] },
        pieces: { a: { is: 'ger-army', at: '0504' }, r: { is: 'sov-army', at: '0505' } },
      }),
    );
    s = allocate(s, 'axis', ['a'], '0505');
    s = act(s, 'axis', { type: 'end-movement' });
    assert.ok(has(s, 'axis', { type: 'resolve', target: hexOf(s, '0505'), ignoreRiver: true }));
    const plain = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505') });
    assert.equal(plain.state.combat!.column, 5, '2:1 across the river reads 3:2');
    const named = act(s, 'axis', { type: 'resolve', target: hexOf(s, '0505'), ignoreRiver: true });
    assert.equal(named.state.combat!.column, 6, 'the shift ignored: 2:1');
  });
  it('"The Russians may not attack Rumania unless the Axis do attack out of it" (it may not on turn 1)', () => {
    let s = game({
      map: { zones: [{ id: 'rumania', kind: 'axis-country', hexes: ['0504'] }] },
      pieces: { k: { is: 'ger-inf-korps', at: '0504' }, r: { is: 'sov-army', at: '0505' } },
    });
    s = pass(s, 'axis');
    s = toMovement(s, 'soviet');
    assert.equal(has(s, 'soviet', { type: 'allocate', piece: 'r', target: hexOf(s, '0504') }), false);
  });
});

describe('Hidden and/vs. Revealed Russian units through the contract', () => {
  it('a face-down army is revealed at its first combat; the views never carry the secret', () => {
    let s = toMovement(
      game({
        pieces: { a: { is: 'ger-army', at: '0504' }, p: { face: 'rifle-army', at: '0505' } },
        extraUnits: { 'army-x': 'sov-rifle-54', 'army-y': 'sov-rifle-22' },
        riflePile: ['army-x', 'army-y'],
      }),
    );
    for (const side of ['axis', 'soviet'])
      assert.equal(JSON.stringify(view(barbarossaRules, s, side)).includes('"secret"'), false);
    s = attack(s, 'axis', ['a'], '0505', [1]);
    assert.equal(s.state.pieces.p!.unit, 'army-x');
    assert.equal(s.undo, null, 'a reveal closes undo');
    assert.ok(s.log.some((e) => e.kind === 'reveal' && e.visibleTo === undefined));
  });
});

describe('Setup: the standard game (scenario data, B-18)', () => {
  it('the Axis on the standard hexes, the Russian rifle armies face down and undecided, the hidden tank group known to the Russian only', () => {
    const made = setup(barbarossaRules, null, 1, {});
    assert.ok(made.ok);
    // B-53: the German's blind choice of the extra tank group comes first.
    const s = act(made.value, 'axis', { type: 'choose-tank-group', group: 'A' });
    const faceDown = Object.entries(s.state.pieces).filter(([, p]) => p.unit === null);
    assert.equal(faceDown.filter(([, p]) => p.face === 'rifle-army').length, 21);
    assert.equal(faceDown.filter(([, p]) => p.face === 'tank-korps').length, 10);
    for (const [id, p] of faceDown) {
      const h = s.state.secret.identities[id]!;
      if (p.face === 'rifle-army') assert.equal(h.unit, null, 'not decided before the first combat (B-18)');
      else assert.equal(h.knownTo, 'soviet');
    }
    assert.equal(s.state.riflePile.length, 42);
    const axisView = view(barbarossaRules, s, 'axis').state as { known: Record<string, string> };
    const sovietView = view(barbarossaRules, s, 'soviet').state as { known: Record<string, string> };
    assert.deepEqual(axisView.known, {});
    assert.equal(Object.keys(sovietView.known).length, 10);
    assert.equal(s.state.step, 'reinforce');
    assert.deepEqual(barbarossaRules.activeSides(s.state), ['axis']);
  });
});

describe('Weather: the optional weather roll (B-11)', () => {
  it("with the option, each game-turn's weather is rolled on the turn's table; without it, the schedule stands", () => {
    const turns = [
      {
        label: 'Oct II 41',
        weather: 'good' as const,
        weatherRoll: ['mud', 'mud', 'mud', 'mud', 'mud', 'mud'] as const,
      },
    ];
    const file = positionFile({
      turns: turns.map((t) => ({ ...t, weatherRoll: [...t.weatherRoll] })),
      pieces: { k: { is: 'ger-inf-korps', at: '0302' } },
    });
    const rolled = setup(barbarossaRules, file, 1, { weatherRoll: true });
    assert.ok(rolled.ok);
    assert.equal(rolled.value.state.weather, 'mud');
    assert.ok(rolled.value.log.some((e) => e.kind === 'roll' && e.cite?.includes('B-11')));
    const file2 = positionFile({
      turns: turns.map((t) => ({ ...t, weatherRoll: [...t.weatherRoll] })),
      pieces: { k: { is: 'ger-inf-korps', at: '0302' } },
    });
    const fixed = setup(barbarossaRules, file2, 1, {});
    assert.ok(fixed.ok);
    assert.equal(fixed.value.state.weather ?? 'good', 'good');
  });
});
