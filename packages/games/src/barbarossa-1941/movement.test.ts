/**
 * barbarossa-1941 "Operational Movement" (B-2, B-9, B-17, B-21..B-23), "Zones of
 * Control", "Weather" and the movement parts of "Terrain Effects" and "Supply"
 * (Ploesti/Grozny), on small positions. Columns run north-south: 0501 to 0510 is 9 hexes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Board } from './board.ts';
import { type MoveOption, moveOptions, omfOf } from './movement.ts';
import { type PositionInput, position } from './test-positions.ts';
import { baseOmf } from './unit-kinds.ts';

function optionsOf(input: PositionInput, id: string) {
  const p = position(input);
  const b = new Board(p.g, p.s);
  const opts = moveOptions(b, id);
  const at = (n: string): MoveOption | undefined => opts.find((o) => o.to === p.hx(n));
  return { p, b, opts, at };
}

describe('Operational Movement Factors (B-2)', () => {
  it('the opening line: German panzer division 6, motorized korps 5, infantry 4, army 3; Russian mech korps 4, army 3, cavalry 5; Axis allied motorized korps 4', () => {
    const p = position({
      pieces: {
        pz: { is: 'ger-pz-div', at: '0101' },
        mk: { is: 'ger-mot-korps', at: '0102' },
        ik: { is: 'ger-inf-korps', at: '0103' },
        ga: { is: 'ger-army', at: '0104' },
        tk: { is: 'sov-tank-korps', at: '0901' },
        sa: { is: 'sov-army', at: '0902' },
        cav: { is: 'sov-cav', at: '0903' },
        hun: { is: 'hun-korps', at: '0105' },
        rum: { is: 'rum-army', at: '0106' },
        kat: { is: 'sov-katyusha', at: '0904' },
      },
    });
    const omf = (id: string) => baseOmf(p.s.units[id]!);
    assert.deepEqual(
      ['pz', 'mk', 'ik', 'ga', 'tk', 'sa', 'cav', 'hun', 'rum', 'kat'].map(omf),
      [6, 5, 4, 3, 4, 3, 5, 4, 3, 5],
    );
  });
});

describe('Operational Movement: OMF and Operational Movement Bonus', () => {
  it('a German panzer division moves 6 hexes and may attack, or 6 + 3 with the bonus and may not', () => {
    const { at } = optionsOf({ rows: 12, pieces: { pz: { is: 'ger-pz-div', at: '0501' } } }, 'pz');
    assert.equal(at('0507')?.bonus, false);
    assert.equal(at('0508')?.bonus, true);
    assert.equal(at('0510')?.bonus, true);
    assert.equal(at('0511'), undefined);
  });

  it('a Russian army moves 3, or 3 + 5 with the bonus', () => {
    const { at } = optionsOf(
      { rows: 12, player: 'soviet', pieces: { a: { is: 'sov-army', at: '0501' } } },
      'a',
    );
    assert.equal(at('0504')?.bonus, false);
    assert.equal(at('0505')?.bonus, true);
    assert.equal(at('0509')?.bonus, true);
    assert.equal(at('0510'), undefined);
  });

  it('no OMB entering the ZOC of an UnDisrupted Russian army not occupied by a friendly unit', () => {
    // The Russian army at 0510: its ZOC covers 0509. A panzer division from 0501 reaches 0509 at 8 MF: only with the bonus, which that ZOC forbids.
    const base = {
      rows: 12,
      pieces: { pz: { is: 'ger-pz-div', at: '0501' }, ra: { is: 'sov-army', at: '0510' } },
    } as const;
    assert.equal(optionsOf(base, 'pz').at('0509'), undefined);
    // Disrupted, the army still stops movement (B-15) but no longer takes the bonus away.
    const disrupted = optionsOf(
      { ...base, pieces: { ...base.pieces, ra: { is: 'sov-army', at: '0510', disrupted: true } } },
      'pz',
    );
    assert.equal(disrupted.at('0509')?.bonus, true);
    // Occupied by a friendly unit, the ZOC hex may be entered with the bonus.
    const occupied = optionsOf(
      { ...base, pieces: { ...base.pieces, k: { is: 'ger-inf-korps', at: '0509' } } },
      'pz',
    );
    assert.equal(occupied.at('0509')?.bonus, true);
  });

  it('no OMB vacating such a ZOC: a unit starting next to an UnDisrupted Russian army moves its OMF only', () => {
    const { at } = optionsOf(
      { rows: 14, pieces: { pz: { is: 'ger-pz-div', at: '0502' }, ra: { is: 'sov-army', at: '0501' } } },
      'pz',
    );
    assert.equal(at('0508')?.bonus, false);
    assert.equal(at('0509'), undefined);
  });

  it('Blitzkrieg/Proriv (B-9): basic OMF reduced by 2, OMB 2 for the Axis and 3 for the Russians', () => {
    const ger = optionsOf(
      { rows: 12, breakthrough: true, pieces: { pz: { is: 'ger-pz-div', at: '0501' } } },
      'pz',
    );
    assert.equal(omfOf(ger.b, 'pz'), 4);
    assert.equal(ger.at('0505')?.bonus, false);
    assert.equal(ger.at('0507')?.bonus, true);
    assert.equal(ger.at('0508'), undefined);
    const sov = optionsOf(
      { rows: 12, player: 'soviet', breakthrough: true, pieces: { c: { is: 'sov-cav', at: '0501' } } },
      'c',
    );
    assert.equal(sov.at('0504')?.bonus, false);
    assert.equal(sov.at('0507')?.bonus, true);
    assert.equal(sov.at('0508'), undefined);
  });

  it('Disrupted units may not move', () => {
    const { opts } = optionsOf({ pieces: { k: { is: 'ger-inf-korps', at: '0505', disrupted: true } } }, 'k');
    assert.deepEqual(opts, []);
  });
});

describe('Zones of Control: stopping and the special 1-hex moves', () => {
  it('an operationally moving unit stops when it enters a hex adjacent to an enemy army or korps', () => {
    const { p, b, at } = optionsOf(
      {
        rows: 12,
        pieces: { pz: { is: 'ger-pz-div', at: '0501' }, tk: { is: 'sov-tank-korps', at: '0505' } },
      },
      'pz',
    );
    assert.ok(at('0504'));
    // Beyond the korps only around its ZOC: no path runs on through a ZOC hex.
    const beyond = at('0506')!;
    assert.ok(beyond.cost > 10);
    for (const h of beyond.path.slice(0, -1)) assert.equal(b.inEnemyZoc('axis', h), false, p.s.hexNumbers[h]);
  });

  it('a Disrupted Russian korps does not stop movement (B-15)', () => {
    const { at } = optionsOf(
      {
        rows: 12,
        pieces: {
          pz: { is: 'ger-pz-div', at: '0301' },
          tk: { is: 'sov-tank-korps', at: '0405', disrupted: true },
        },
      },
      'pz',
    );
    assert.equal(at('0307')?.bonus, false);
  });

  it('a unit may not move directly from one EZOC to another EZOC of the same enemy unit', () => {
    // German korps at 0504, Russian army at 0505: 0404 and 0604 are both in its ZOC.
    const { at } = optionsOf(
      { pieces: { k: { is: 'ger-inf-korps', at: '0504' }, ra: { is: 'sov-army', at: '0505' } } },
      'k',
    );
    // Not directly: 0404 and 0604 only by a detour through a hex outside the army's ZOC.
    assert.equal(at('0404')?.path.length, 3);
    assert.equal(at('0604')?.path.length, 3);
    assert.ok(at('0503'), 'out of the ZOC is allowed');
  });

  it("a special 1-hex move out of one enemy unit's ZOC into a different enemy unit's ZOC", () => {
    // A German army at 0505 in the ZOC of army A (0605) only; 0504 is in the ZOC of army B (0503) only.
    // In Mud its OMF is 1, and the river costs it 1 more: only the special move takes it there.
    const input = {
      weather: 'mud' as const,
      map: { hexsides: [{ feature: 'river', between: [['0505', '0504']] as [string, string][] }] },
      pieces: {
        ga: { is: 'ger-army', at: '0505' },
        a: { is: 'sov-army', at: '0605' },
        b: { is: 'sov-army', at: '0503' },
      },
    };
    assert.equal(optionsOf(input, 'ga').at('0504')?.path.length, 2);
    // Not out of the ZOC of a unit into a hex that unit's ZOC also covers.
    const same = { ...input, pieces: { ...input.pieces, b: { is: 'sov-army', at: '0604' } } };
    assert.equal(optionsOf(same, 'ga').at('0504'), undefined);
  });

  it('a special 1-hex move onto a hex occupied by a friendly unit, regardless of enemy ZOCs', () => {
    // From 0504 (ZOC of the army at 0505) to 0604, also in its ZOC, but held by a friendly korps;
    // the lake at 0603 leaves no detour within the OMF.
    const { at } = optionsOf(
      {
        map: { terrain: { '0603': 'lake' } },
        pieces: {
          k: { is: 'ger-inf-korps', at: '0504' },
          ra: { is: 'sov-army', at: '0505' },
          f: { is: 'ger-inf-korps', at: '0604' },
        },
      },
      'k',
    );
    assert.deepEqual(at('0604')?.path.length, 2);
    assert.equal(at('0404')?.path.length, 3, 'not directly where no friendly unit stands');
  });
});

describe('Road Movement', () => {
  const road = (kind: string) => ({
    connections: [
      {
        kind,
        path: [
          '0501',
          '0502',
          '0503',
          '0504',
          '0505',
          '0506',
          '0507',
          '0508',
          '0509',
          '0510',
          '0511',
          '0512',
        ],
      },
    ],
  });

  it('panzer/tank, motorized and katyusha movement is doubled on roads', () => {
    const { at } = optionsOf(
      { rows: 14, map: road('road'), pieces: { pz: { is: 'ger-pz-div', at: '0501' } } },
      'pz',
    );
    assert.equal(at('0512')?.bonus, false, '11 road hexes cost 5.5 MF');
  });

  it('all other units: 1 extra hex along the road (RULINGS B-22)', () => {
    const { at } = optionsOf(
      { rows: 14, map: road('road'), pieces: { k: { is: 'ger-inf-korps', at: '0501' } } },
      'k',
    );
    assert.equal(at('0506')?.bonus, false, 'OMF 4 + 1');
    assert.equal(at('0507')?.bonus, true);
    assert.equal(at('0510')?.bonus, true, 'OMF 4 + 1, OMB 3 + 1');
    assert.equal(at('0511'), undefined);
  });

  it('In Mud and Light Mud there is no road movement bonus for brown roads', () => {
    const mud = optionsOf(
      {
        rows: 14,
        weather: 'light-mud',
        map: road('brown-road'),
        pieces: { pz: { is: 'ger-pz-div', at: '0501' } },
      },
      'pz',
    );
    assert.equal(mud.at('0508')?.bonus, true);
    assert.equal(mud.at('0511'), undefined);
    const good = optionsOf(
      { rows: 14, map: road('brown-road'), pieces: { pz: { is: 'ger-pz-div', at: '0501' } } },
      'pz',
    );
    assert.equal(good.at('0512')?.bonus, false);
  });
});

describe('Weather: OMF halved in Mud and Snow', () => {
  it('fractions rounded down for all Axis and up for Russians', () => {
    const p = position({
      weather: 'mud',
      pieces: { ga: { is: 'ger-army', at: '0501' }, ra: { is: 'sov-army', at: '0901' } },
    });
    const b = new Board(p.g, p.s);
    assert.equal(omfOf(b, 'ga'), 1);
    assert.equal(omfOf(b, 'ra'), 2);
  });

  it('Rivers, swamps and lakes freeze over and are nullified in Snow', () => {
    const input = {
      rows: 12,
      map: {
        terrain: { '0503': 'lake' },
        hexsides: [{ feature: 'river', between: [['0501', '0502']] as [string, string][] }],
      },
      pieces: { k: { is: 'ger-mot-korps', at: '0501' } },
    };
    // In Good weather the lake blocks the column and the river costs armour... (a motorized korps is no armour: no extra).
    assert.equal(optionsOf(input, 'k').at('0503'), undefined);
    assert.ok(optionsOf({ ...input, weather: 'snow' }, 'k').at('0503'));
  });
});

describe('Terrain Effects on movement', () => {
  it('Forest and Hills: panzer/tank and motorized korps 2 OMFs a hex, divisions and brigades 1', () => {
    // One column of hexes: no way around.
    const terrain = { '0102': 'forest', '0103': 'hills', '0104': 'forest' };
    const map = { terrain };
    const korps = optionsOf(
      { columns: 1, rows: 12, map, pieces: { k: { is: 'ger-mot-korps', at: '0101' } } },
      'k',
    );
    assert.equal(korps.at('0104')?.cost, 12);
    const div = optionsOf(
      { columns: 1, rows: 12, map, pieces: { pz: { is: 'ger-pz-div', at: '0101' } } },
      'pz',
    );
    assert.equal(div.at('0104')?.cost, 6);
  });

  it('Swamp: a motorized korps transits at most 1 hex a turn (RULINGS B-21); divisions 2 MFs a swamp hex', () => {
    const map = { terrain: { '0102': 'swamp', '0103': 'swamp' } };
    const korps = optionsOf(
      { columns: 1, rows: 12, map, pieces: { k: { is: 'ger-mot-korps', at: '0101' } } },
      'k',
    );
    assert.ok(korps.at('0102'));
    assert.equal(korps.at('0103'), undefined);
    const div = optionsOf(
      { columns: 1, rows: 12, map, pieces: { pz: { is: 'ger-pz-div', at: '0101' } } },
      'pz',
    );
    assert.equal(div.at('0103')?.cost, 8);
    const inf = optionsOf(
      { columns: 1, rows: 12, map, pieces: { i: { is: 'ger-inf-korps', at: '0101' } } },
      'i',
    );
    assert.equal(inf.at('0103')?.cost, 4);
  });

  it('Cross-River: moving across a river without attacking costs nothing extra, for panzers and German armies too (B-69)', () => {
    const map = { hexsides: [{ feature: 'river', between: [['0501', '0502']] as [string, string][] }] };
    const pz = optionsOf({ map, pieces: { pz: { is: 'ger-pz-div', at: '0501' } } }, 'pz');
    assert.equal(pz.at('0502')?.cost, 2);
    const army = optionsOf({ map, pieces: { a: { is: 'ger-army', at: '0501' } } }, 'a');
    assert.equal(army.at('0502')?.cost, 2);
    const korps = optionsOf({ map, pieces: { k: { is: 'ger-inf-korps', at: '0501' } } }, 'k');
    assert.equal(korps.at('0502')?.cost, 2);
  });

  it('Mountain: panzer/tank and motorized korps may not transit, even via roads', () => {
    const map = {
      terrain: { '0502': 'mountain' },
      connections: [{ kind: 'road', path: ['0501', '0502', '0503'] }],
    };
    assert.equal(
      optionsOf({ map, pieces: { k: { is: 'ger-mot-korps', at: '0501' } } }, 'k').at('0502'),
      undefined,
    );
    assert.ok(optionsOf({ map, pieces: { pz: { is: 'ger-pz-div', at: '0501' } } }, 'pz').at('0502'));
  });
});

describe('Axis allied units must remain in the south (B-17)', () => {
  it('a Rumanian army may not leave the south zone', () => {
    const south = [] as string[];
    for (let c = 1; c <= 10; c++)
      for (let r = 5; r <= 10; r++) south.push(`${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`);
    const { at } = optionsOf(
      {
        map: { zones: [{ id: 'south', kind: 'south', hexes: south }] },
        pieces: { r: { is: 'rum-army', at: '0506' } },
      },
      'r',
    );
    assert.ok(at('0505'));
    assert.equal(at('0504'), undefined);
  });
});

describe('Supply: Ploesti and Grozny', () => {
  it("a side's mobile units are reduced to a maximum OMF of 4 if the other side takes Ploesti or Grozny", () => {
    const p = position({
      control: { Ploesti: 'soviet' },
      pieces: { pz: { is: 'ger-pz-div', at: '0501' }, k: { is: 'ger-inf-korps', at: '0502' } },
    });
    const b = new Board(p.g, p.s);
    assert.equal(omfOf(b, 'pz'), 4);
    assert.equal(omfOf(b, 'k'), 4);
    const q = position({
      control: { Grozny: 'axis' },
      player: 'soviet',
      pieces: { c: { is: 'sov-cav', at: '0501' }, t: { is: 'sov-tank-korps', at: '0503' } },
    });
    const qb = new Board(q.g, q.s);
    assert.equal(omfOf(qb, 'c'), 5, 'cavalry is not mobile in this sense');
  });
});
