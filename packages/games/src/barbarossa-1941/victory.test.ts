/**
 * barbarossa-1941 "Victory Conditions" (B-12, B-33, B-40, B-70), through the contract: each
 * branch on a small position whose column 01 is an Axis country and column 10 a Russian
 * supply edge with a railroad along it. The turn record track is given per test (its labels
 * carry the year: the sudden death is "during any of his Victory Determination Phases in
 * 1941").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from './board.ts';
import { barbarossaRules } from './rules.ts';
import type { Side, TurnInfo } from './rules-scenario.ts';
import {
  act,
  attack,
  col,
  game as frontGame,
  type G,
  hexOf,
  kinds,
  offered,
  pass,
  toMovement,
} from './test-games.ts';
import { type PositionInput, position } from './test-positions.ts';
import { suddenDeathOpen, turnYear, victoryTally } from './victory.ts';

const CITIES = {
  Warsaw: '0102',
  Bucharest: '0108',
  Leningrad: '0502',
  Moscow: '0805',
  Stalingrad: '0809',
  Smolensk: '0603',
  Kiev: '0506',
  Odessa: '0408',
  Rostov: '0609',
  Sevastopol: '0410',
} as const;
const POINTS = { Moscow: 3, Leningrad: 2 } as Record<string, number>;

const turns = (...labels: string[]): TurnInfo[] => labels.map((label) => ({ label, weather: 'good' }));

/** A game whose named cities are held by the Axis (all others by their owner at the start). */
function game(input: Omit<PositionInput, 'map'>, axisHolds: readonly (keyof typeof CITIES)[]): G {
  const places = [
    ...Object.entries(CITIES).map(([name, hex]) => ({ name, hex, kind: 'victory-city' as const })),
    { name: 'Ploesti', hex: '0109', kind: 'town' as const },
  ];
  const victoryPoints = Object.fromEntries(Object.keys(CITIES).map((c) => [c, POINTS[c] ?? 1]));
  return frontGame(
    { ...input, map: { places }, victoryPoints },
    {
      seed: 3,
      tweak: (g) => {
        for (const c of axisHolds) if (c !== 'Warsaw' && c !== 'Bucharest') g.control[c] = 'axis';
      },
    },
  );
}

/** One player-turn with nothing done; `during` runs at the operational movement step. */
const playerTurn = (s: G, side: Side, during?: (s: G) => G): G =>
  pass((during ?? ((t: G) => t))(pass(s, side, 0, 2)), side, 2);

/** A German korps far from the cities (a game needs a piece of each side to be interesting, not to run). */
const QUIET = { k: { is: 'ger-inf-korps', at: '0205' } } as const;

describe("Victory Conditions: the Axis sudden death in 1941 is the Axis player's choice (B-70)", () => {
  const seven = ['Warsaw', 'Bucharest', 'Moscow', 'Kiev', 'Smolensk'] as const; // 1+1+3+1+1

  it('at a 1941 German VDP with 7 points including Moscow, the Axis player is asked: claim now or play on', () => {
    let s = game({ turns: turns('Dec II 1941', 'Jan I 1942', 'Jan II 1942'), pieces: QUIET }, seven);
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    assert.equal(s.state.winner, null, 'not over before the Axis player chooses');
    assert.deepEqual(barbarossaRules.activeSides(s.state), ['axis']);
    assert.deepEqual(kinds(s, 'axis'), ['claim-victory', 'play-on']);
    assert.deepEqual(kinds(s, 'soviet'), []);
    const claimed = act(s, 'axis', { type: 'claim-victory' });
    assert.equal(claimed.state.winner, 'axis');
    assert.equal(claimed.state.result?.kind, 'axis-sudden-death');
    assert.equal(claimed.state.result?.games, 1);
    const end = barbarossaRules.outcome(claimed.state);
    assert.equal(end?.winner, 'axis');
    assert.match(
      end?.summary ?? '',
      /^Axis sudden victory: the Axis holds 7 victory points in supply .*including Moscow/,
    );
  });

  it('played on: no offer again, and at January II 10 or more points are a Smashing Victory that counts as 2 games', () => {
    const ten = [...seven, 'Leningrad', 'Odessa'] as const; // + 2 + 1
    let s = game({ turns: turns('Dec I 1941', 'Dec II 1941', 'Jan II 1942'), pieces: QUIET }, ten);
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    s = act(s, 'axis', { type: 'play-on' });
    assert.equal(s.state.suddenDeath, 'declined');
    assert.equal(s.state.turn, 2, 'the game goes on');
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    assert.equal(s.state.suddenDeath, 'declined', 'December II 1941: once he waits, no second offer');
    assert.equal(s.state.turn, 3);
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    assert.equal(s.state.winner, 'axis');
    assert.equal(s.state.result?.kind, 'axis-smashing');
    assert.equal(s.state.result?.games, 2);
    assert.match(barbarossaRules.outcome(s.state)?.summary ?? '', /Smashing Victory.*counts as 2 games/);
  });

  it('played on and the Russians recoup a city: 6 points at January II are a draw', () => {
    // A Russian army two hexes from Kiev (0506) walks in on turn 2.
    let s = game(
      { turns: turns('Dec II 1941', 'Jan I 1942'), pieces: { ...QUIET, r: { is: 'sov-army', at: '0706' } } },
      seven,
    );
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    assert.equal(s.state.suddenDeath, 'offered', 'Kiev next to nothing: 7 points');
    s = act(s, 'axis', { type: 'play-on' });
    s = playerTurn(s, 'axis');
    s = playerTurn(s, 'soviet', (t) => act(t, 'soviet', { type: 'move', piece: 'r', to: hexOf(t, '0506') }));
    assert.equal(s.state.winner, 'draw');
    assert.equal(s.state.result?.kind, 'draw');
    assert.equal(barbarossaRules.outcome(s.state)?.winner, null);
    assert.match(
      barbarossaRules.outcome(s.state)?.summary ?? '',
      /^at game's end the Axis holds only 6 victory points in supply/,
    );
  });

  it('played on and the Russians retake Leningrad: 5 points at January II are a Russian win', () => {
    const withLeningrad = ['Warsaw', 'Bucharest', 'Leningrad', 'Moscow'] as const; // 1+1+2+3
    let s = game(
      { turns: turns('Dec II 1941', 'Jan I 1942'), pieces: { ...QUIET, r: { is: 'sov-army', at: '0702' } } },
      withLeningrad,
    );
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    s = act(s, 'axis', { type: 'play-on' });
    s = playerTurn(s, 'axis');
    s = playerTurn(s, 'soviet', (t) => act(t, 'soviet', { type: 'move', piece: 'r', to: hexOf(t, '0502') }));
    assert.equal(s.state.winner, 'soviet');
    assert.equal(s.state.result?.kind, 'soviet-win');
    assert.match(
      barbarossaRules.outcome(s.state)?.summary ?? '',
      /Russian victory at game's end: the Axis holds 5 victory points/,
    );
  });

  it('"in 1941" only: 7 points including Moscow at a 1942 German VDP do not end the game', () => {
    let s = game({ turns: turns('Jan I 1942', 'Jan II 1942'), pieces: QUIET }, seven);
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    assert.equal(s.state.winner, null);
    assert.equal(s.state.suddenDeath, undefined, 'no offer in 1942');
    assert.equal(s.state.turn, 2);
    assert.equal(s.state.player, 'axis');
  });

  it('7 points without Leningrad, Moscow or Stalingrad: no sudden death; at the end, 7 points are an Axis win', () => {
    const noKey = ['Warsaw', 'Bucharest', 'Kiev', 'Smolensk', 'Odessa', 'Rostov', 'Sevastopol'] as const;
    let s = game({ turns: turns('Dec II 1941'), pieces: QUIET }, noKey);
    s = playerTurn(playerTurn(s, 'axis'), 'soviet');
    assert.equal(s.state.result?.kind, 'axis-win');
    assert.match(
      barbarossaRules.outcome(s.state)?.summary ?? '',
      /^Axis victory at game's end: the Axis holds 7 victory points/,
    );
  });
});

describe("Victory Conditions: the turn record track's year", () => {
  it('June II 1941 .. December II 1941 are 1941, January 1942 is not; a label with no year is a 1941 turn', () => {
    const p = position({ turns: turns('Dec II 1941', 'Jan I 42', 'T3'), pieces: QUIET });
    assert.equal(turnYear(p.s, p.g), 1941);
    assert.equal(suddenDeathOpen(p.s, p.g), true);
    p.g.turn = 2;
    assert.equal(turnYear(p.s, p.g), 1942);
    assert.equal(suddenDeathOpen(p.s, p.g), false);
    p.g.turn = 3;
    assert.equal(turnYear(p.s, p.g), 1941);
    p.g.suddenDeath = 'declined';
    assert.equal(suddenDeathOpen(p.s, p.g), false, 'declined: never again (B-70)');
  });
});

describe('Victory Conditions: the Russian sudden victory (B-12)', () => {
  it('Warsaw held in supply at the Russian VDP (A.7): a Strategic, Smashing Victory that counts as 2 games', () => {
    let s = game({ turns: turns('Jul I 1941', 'Jul II 1941'), pieces: QUIET }, []);
    s.state.control.Warsaw = 'soviet';
    s = playerTurn(s, 'axis');
    assert.equal(s.state.winner, 'soviet');
    assert.equal(s.state.result?.kind, 'soviet-sudden');
    assert.equal(s.state.result?.games, 2);
    assert.match(
      barbarossaRules.outcome(s.state)?.summary ?? '',
      /^Russian sudden victory: the Russians hold Warsaw \(B-12\).*counts as 2 games/,
    );
  });

  it('Bucharest and Ploesti together win; Bucharest alone does not', () => {
    let s = game({ turns: turns('Jul I 1941', 'Jul II 1941'), pieces: QUIET }, []);
    s.state.control.Bucharest = 'soviet';
    const alone = playerTurn(s, 'axis');
    assert.equal(alone.state.winner, null, 'Bucharest without Ploesti');
    s.state.control.Ploesti = 'soviet';
    s = playerTurn(s, 'axis');
    assert.equal(s.state.winner, 'soviet');
    assert.match(
      barbarossaRules.outcome(s.state)?.summary ?? '',
      /^Russian sudden victory: the Russians hold Bucharest and Ploesti \(B-12\)/,
    );
  });
});

describe('Victory Conditions: victory cities in supply (B-33)', () => {
  it('an Axis-held empty victory city in a Russian ZOC counts "as if a unit stood there", as it does with a unit in it', () => {
    const p = position({
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        places: [{ name: 'Kiev', hex: '0505', kind: 'victory-city' }],
      },
      victoryPoints: { Kiev: 1 },
      control: { Kiev: 'axis' },
      pieces: { r: { is: 'sov-army', at: '0605' } },
    });
    assert.deepEqual(victoryTally(new Board(p.g, p.s), 'axis'), { points: 1, cities: ['Kiev'] });
    // With a unit in it: the same.
    const q = position({
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        places: [{ name: 'Kiev', hex: '0505', kind: 'victory-city' }],
      },
      victoryPoints: { Kiev: 1 },
      control: { Kiev: 'axis' },
      pieces: { r: { is: 'sov-army', at: '0605' }, k: { is: 'ger-inf-korps', at: '0505' } },
    });
    assert.equal(victoryTally(new Board(q.g, q.s), 'axis').points, 1);
  });

  it('a city cut off beyond its own hex does not count: the Russian ZOC all round it', () => {
    const p = position({
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        places: [{ name: 'Kiev', hex: '0505', kind: 'victory-city' }],
      },
      victoryPoints: { Kiev: 1 },
      control: { Kiev: 'axis' },
      // Two Russian armies next to Kiev (0404, 0605): every other hex around it is in their ZOC.
      pieces: { r1: { is: 'sov-army', at: '0404' }, r2: { is: 'sov-army', at: '0605' } },
    });
    assert.equal(victoryTally(new Board(p.g, p.s), 'axis').points, 0);
  });
});

describe('Victory Conditions: the Moscow morale roll (B-40) in each way of entering', () => {
  const places = [{ name: 'Moscow', kind: 'victory-city' as const, hex: '0303' }];
  const moscow = (pieces: PositionInput['pieces'], map: PositionInput['map'] = {}): G =>
    frontGame({ map: { places, ...map }, victoryPoints: { Moscow: 3 }, pieces }, { seed: 5 });
  /** The Axis at its operational movement step (A.3). */
  const start = (pieces: PositionInput['pieces']): G => toMovement(moscow(pieces));

  it('by a move next to a Russian army: the supply is traced with the mover in Moscow, and the die is rolled', () => {
    let s = start({ k: { is: 'ger-inf-korps', at: '0302' }, r: { is: 'sov-army', at: '0304' } });
    s = act(s, 'axis', { type: 'move', piece: 'k', to: hexOf(s, '0303') }, [2]);
    assert.equal(s.state.moscowRolled, true);
    assert.equal(s.state.winner, 'axis');
    assert.equal(s.state.result?.kind, 'moscow-collapse');
  });

  it('by a tactical advance after a DE', () => {
    let s = start({
      a: { is: 'ger-army', at: '0302' },
      a2: { is: 'ger-army', at: '0202' },
      k: { is: 'ger-inf-korps', at: '0203' },
      d: { is: 'sov-weak-div', at: '0303' },
    });
    s = attack(s, 'axis', ['a', 'a2', 'k'], '0303');
    // 15 against 2 (the division doubled in a victory city): 7:1, roll 6 reads DE.
    s = act(s, 'soviet', { type: 'orders-done' }, [6]);
    assert.equal(s.state.pieces.d!.status, 'eliminated');
    s = act(s, 'axis', { type: 'advance', piece: 'a', to: hexOf(s, '0303') }, [1]);
    assert.equal(s.state.moscowRolled, true);
    assert.equal(s.state.winner, 'axis');
  });

  it('by a rail move (A.1) into an empty Moscow', () => {
    const s0 = moscow(
      { k: { is: 'ger-inf-korps', at: '0102' }, r: { is: 'sov-army', at: '0909' } },
      {
        connections: [
          { kind: 'rail', path: col(10) },
          { kind: 'rail-german', path: ['0102', '0202', '0303'] },
        ],
      },
    );
    const s = act(s0, 'axis', { type: 'rail', piece: 'k', to: hexOf(s0, '0303') }, [1]);
    assert.equal(s.state.moscowRolled, true, 'the roll is made');
    assert.equal(s.state.winner, 'axis');
  });

  it('by an overrun (a 3-6: the game goes on)', () => {
    let s = start({
      a: { is: 'ger-army', at: '0302' },
      m: { is: 'ger-mot-korps', at: '0302' },
      d: { is: 'sov-weak-div', at: '0303' },
      r: { is: 'sov-army', at: '0909' },
    });
    const overrun = offered(s, 'axis', 'overrun').find((a) => a.target === hexOf(s, '0303'));
    assert.ok(overrun, 'the army and the motorized korps (10) overrun the 1-factor division');
    s = act(s, 'axis', overrun, [4]);
    assert.equal(s.state.pieces.d!.status, 'eliminated');
    assert.equal(s.state.moscowRolled, true);
    assert.equal(s.state.winner, null, 'a 4: the Russian morale holds');
  });
});
