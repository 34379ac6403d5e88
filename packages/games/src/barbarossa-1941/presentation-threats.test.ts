/**
 * The sudden endings a side is warned of (presentation-threats.ts), from the view only:
 * barbarossa-1941 "Victory Conditions" (B-12, B-70). Positions: column 01 an Axis country,
 * column 10 a Russian supply edge with a railroad along it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viewOf } from './hidden.ts';
import { barbarossaPresentation } from './presentation.ts';
import { threats } from './presentation-threats.ts';
import { describe as describeAction, prompt } from './presentation-words.ts';
import type { Side } from './rules-scenario.ts';
import { col } from './test-games.ts';
import { type PositionInput, position } from './test-positions.ts';

const CITIES = { Warsaw: '0102', Bucharest: '0108', Moscow: '0805', Leningrad: '0502', Kiev: '0506' };

function at(input: Partial<PositionInput> & { control?: PositionInput['control'] }) {
  return position({
    turns: [
      { label: 'Dec II 1941', weather: 'good' },
      { label: 'Jan II 1942', weather: 'good' },
    ],
    map: {
      zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
      edges: [{ id: 'soviet-supply', hexes: col(10) }],
      connections: [{ kind: 'rail', path: col(10) }],
      places: [
        ...Object.entries(CITIES).map(([name, hex]) => ({ name, hex, kind: 'victory-city' as const })),
        { name: 'Ploesti', hex: '0109', kind: 'town' as const },
      ],
    },
    victoryPoints: { Warsaw: 1, Bucharest: 1, Moscow: 3, Leningrad: 2, Kiev: 1 },
    pieces: { k: { is: 'ger-inf-korps', at: '0205' } },
    ...input,
  });
}
const warned = (p: ReturnType<typeof at>, side: Side) => threats(viewOf(p.g, side), side);

describe('Victory Conditions: the Russian sudden victory threatening the Axis (A.7, B-12)', () => {
  it('the Russians hold Bucharest and Ploesti in supply: the German player is told before his turn ends', () => {
    const p = at({ control: { Bucharest: 'soviet', Ploesti: 'soviet' } });
    const [t, ...rest] = warned(p, 'axis');
    assert.equal(rest.length, 0);
    assert.equal(t?.kind, 'soviet-sudden');
    assert.equal(
      t?.words,
      'The Russians win if they still hold Bucharest and Ploesti in supply at the end of your player-turn (A.7, B-12): a Strategic, Smashing Victory worth 2 games.',
    );
    assert.deepEqual(t?.hexes, [p.hx('0108'), p.hx('0109')]);
    assert.deepEqual(warned(p, 'soviet'), [], 'no threat to the Russians');
    p.g.player = 'soviet';
    assert.match(warned(p, 'axis')[0]?.words ?? '', /at the end of your next player-turn/);
  });

  it('Warsaw alone is enough', () => {
    const p = at({ control: { Warsaw: 'soviet' } });
    assert.match(warned(p, 'axis')[0]?.words ?? '', /^The Russians win if they still hold Warsaw in supply/);
  });

  it('Bucharest without Ploesti: a warning that Ploesti would do it', () => {
    const p = at({ control: { Bucharest: 'soviet' } });
    const [t] = warned(p, 'axis');
    assert.equal(t?.kind, 'soviet-sudden-near');
    assert.match(t?.words ?? '', /hold Bucharest in supply: if they also take Ploesti/);
  });
});

describe('Victory Conditions: the Axis sudden death threatening the Russians (B.7, B-70)', () => {
  // Warsaw 1 + Bucharest 1 + Moscow 3 + Leningrad 2 = 7, including Moscow and Leningrad.
  const seven = { Moscow: 'axis', Leningrad: 'axis' } as const;

  it('7 points including Moscow in 1941: the Russian player is told the Axis may claim victory', () => {
    const p = at({ control: seven, player: 'soviet' });
    const [t] = warned(p, 'soviet');
    assert.equal(t?.kind, 'axis-sudden-death');
    assert.equal(
      t?.words,
      'The Axis may claim victory if it still holds 7 victory points in supply (Warsaw, Bucharest, Leningrad, Moscow) at the end of your player-turn (B.7, B-12, B-70).',
    );
    assert.deepEqual(warned(p, 'axis'), []);
  });

  it('none once the Axis player has chosen to play on, and none in 1942', () => {
    const p = at({ control: seven, player: 'soviet' });
    p.g.suddenDeath = 'declined';
    assert.deepEqual(warned(p, 'soviet'), []);
    const q = at({
      control: seven,
      player: 'soviet',
      turns: [
        { label: 'Jan I 1942', weather: 'good' },
        { label: 'Jan II 1942', weather: 'good' },
      ],
    });
    assert.deepEqual(warned(q, 'soviet'), []);
  });

  it('in the last game-turn, how the game ends if nothing changes; nothing once it is over', () => {
    const p = at({ control: seven, player: 'soviet' });
    p.g.suddenDeath = 'declined';
    p.g.turn = 2;
    const [t] = warned(p, 'soviet');
    assert.equal(t?.kind, 'game-end');
    assert.match(
      t?.words ?? '',
      /^This is the last game-turn: if nothing changes, Axis victory at game's end/,
    );
    p.g.winner = 'axis';
    assert.deepEqual(warned(p, 'soviet'), []);
  });
});

describe("Victory Conditions in words: the Axis player's choice (B-70), the Siberian gamble (B-67)", () => {
  it('the offer names the points and both choices; each choice in words', () => {
    const p = at({ control: { Moscow: 'axis', Leningrad: 'axis' }, player: 'soviet' });
    p.g.suddenDeath = 'offered';
    const v = viewOf(p.g, 'axis');
    const asked = prompt(v, 'axis', true, null);
    assert.equal(asked.step, 'German Victory Determination (B.7)');
    assert.match(
      asked.help,
      /^The Axis holds 7 victory points in supply \(Warsaw, Bucharest, Leningrad, Moscow\)/,
    );
    assert.match(asked.help, /Smashing Victory worth 2 games/);
    assert.equal(describeAction(v, { type: 'claim-victory' }), 'Claim the sudden death victory now (B-70)');
    assert.match(describeAction(v, { type: 'play-on' }), /^Play on to January II/);
  });

  it('the score sheet says what it takes to win: the choice in 1941, the Smashing Victory at January II', () => {
    const p = at({});
    const toWin = barbarossaPresentation.words.score(viewOf(p.g, 'axis'), false).toWin ?? [];
    assert.match(toWin[0] ?? '', /may claim the win at once, or play on to January II \(B-12, B-70\)/);
    assert.match(
      toWin[2] ?? '',
      /10 or more points wins a Strategic, Smashing Victory worth 2 games \(B-70\)/,
    );
  });

  it('the Siberian Reserve: the gamble for each arrival before December II', () => {
    const p = at({ player: 'soviet' });
    assert.match(
      describeAction(viewOf(p.g, 'soviet'), { type: 'call-siberians' }),
      /before December II, two dice/,
    );
  });
});
