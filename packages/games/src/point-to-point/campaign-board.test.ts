/**
 * Completion rules C-1.2, C-4.1, C-4.3, C-4.4, C-7.1 and C-11.2 (the project's, not the
 * source's: docs/rules/point-to-point-completion.md) on the Typhoon map.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type CampaignBoard,
  capacityHalves,
  lineBetween,
  lineLengths,
  moveOptions,
  supplyStatus,
} from './campaign-board.ts';
import type { Side } from './forces.ts';
import { compileTyphoon } from './typhoon.ts';

const typhoon = (() => {
  const r = compileTyphoon();
  assert.ok(r.ok);
  return r.value;
})();
const map = typhoon.map;
const P = (id: string) => {
  const i = map.pointIds.indexOf(id);
  assert.ok(i >= 0, id);
  return i;
};
const name = (i: number) => map.pointIds[i]!;

/** The 1 October board: the Axis controls its start points, the Soviets the rest. */
function board(
  over: {
    axis?: string[];
    occupied?: [string, Side][];
    partisans?: string[];
    used?: [string, string, number][];
  } = {},
): CampaignBoard {
  const axis = new Set([...typhoon.scenario.control.axis, ...(over.axis ?? [])]);
  const control: Side[] = map.pointIds.map((id) => (axis.has(id) ? 'axis' : 'soviet'));
  const occupant: (Side | null)[] = map.pointIds.map(() => null);
  for (const [id, side] of over.occupied ?? []) occupant[P(id)] = side;
  const partisans = map.pointIds.map((id) => (over.partisans ?? []).includes(id));
  const usedHalves: number[] = Array.from({ length: map.capacity.length }, () => 0);
  for (const [a, b, halves] of over.used ?? []) usedHalves[lineBetween(map, P(a), P(b))] = halves;
  return { map, control, occupant, partisans, usedHalves };
}
const unit = (
  at: string,
  more: { mobile?: boolean; dispersed?: boolean; halves?: number; side?: Side } = {},
) => ({
  at: P(at),
  side: more.side ?? ('axis' as Side),
  mobile: more.mobile ?? false,
  dispersed: more.dispersed ?? false,
  halves: more.halves ?? 2,
});
const dests = (b: CampaignBoard, u: ReturnType<typeof unit>, weather: 'good' | 'mud' | 'snow' = 'good') =>
  moveOptions(b, u, weather).map((o) => `${name(o.to)}${o.attack ? '!' : ''}`);

describe('C-4.1 and C-4.6 Movement by distance: a half-month’s march is the same everywhere', () => {
  it('infantry marches 100 km along the lines: from Mozhaisk through Borodino (13 km) on to Gzhatsk (65)', () => {
    const to = dests(board(), unit('mozhaisk'));
    for (const p of ['borodino', 'gzhatsk', 'kubinka', 'ruza', 'vereya', 'borovsk', 'volokolamsk'])
      assert.ok(to.includes(p), p);
    assert.ok(!to.includes('moscow'), 'Moscow is 101 km by Kubinka');
    assert.ok(!to.includes('vyazma'), 'Vyazma is 123 km by Gzhatsk');
  });
  it('the first line is always open, however long; it ends the move (Roslavl - Yukhnov, 179 km)', () => {
    const to = dests(board(), unit('roslavl'));
    assert.ok(to.includes('yukhnov') && !to.includes('medyn'));
  });
  it('a panzer corps marches 200 km in Good weather, 100 in Mud and in Snow', () => {
    const good = dests(board(), unit('vyazma', { mobile: true }));
    assert.ok(good.includes('mozhaisk'), 'Vyazma - Gzhatsk - Borodino - Mozhaisk, 123 km');
    assert.ok(!good.includes('moscow'));
    for (const w of ['mud', 'snow'] as const) {
      const bad = dests(board(), unit('vyazma', { mobile: true }), w);
      assert.ok(bad.includes('gzhatsk') && !bad.includes('borodino'), w);
    }
  });
  it('lengths are the great-circle distances between the points, in whole km', () => {
    const km = lineLengths(map);
    assert.equal(
      km[lineBetween(map, P('borodino'), P('mozhaisk'))],
      13,
      'Borodino 12-13 km west of Mozhaisk [2]',
    );
    assert.equal(km[lineBetween(map, P('roslavl'), P('yukhnov'))], 179);
  });
});

describe('C-1.2 Line capacity: each unit spends its weight on every line it crosses', () => {
  it('a line with no room left for the unit is closed to it; a half unit fits where a whole one does not', () => {
    const full = board({ used: [['vyazma', 'gzhatsk', 7]] }); // capacity 4 = 8 halves, 7 used
    assert.ok(!dests(full, unit('vyazma')).includes('gzhatsk'));
    assert.ok(dests(full, unit('vyazma', { halves: 1 })).includes('gzhatsk'), 'an SS Pz division (1/2)');
  });
  it('C-11.2 Mud halves every capacity, rounded down, at least 1', () => {
    const road = lineBetween(map, P('rzhev'), P('zubtsov')); // a road: capacity 1
    const highway = lineBetween(map, P('vyazma'), P('gzhatsk')); // highway and railway: 4
    assert.equal(capacityHalves(map, road, 'mud'), 2);
    assert.equal(capacityHalves(map, highway, 'mud'), 4);
    assert.equal(capacityHalves(map, highway, 'good'), 8);
  });
});

describe('C-4.4 Entering a point held by the enemy is an attack there, and ends the move', () => {
  it('the panzer corps stops at Gzhatsk when Soviet units hold it: no Borodino beyond', () => {
    const held = board({ occupied: [['gzhatsk', 'soviet']] });
    const d = dests(held, unit('vyazma', { mobile: true }));
    assert.ok(d.includes('gzhatsk!'));
    assert.ok(!d.includes('borodino'));
  });
  it('an empty enemy-controlled point does not stop the move (C-4.5)', () => {
    assert.ok(dests(board(), unit('vyazma', { mobile: true })).includes('borodino'));
  });
});

describe('C-4.3 Dispersed units do not move', () => {
  it('no destination at all', () =>
    assert.deepEqual(dests(board(), unit('vyazma', { dispersed: true })), []));
});

describe('C-7.1 Supply: a path through friendly points to a source, the Axis at most 4 segments', () => {
  const sources = (side: Side) => typhoon.scenario.supplySources[side].map(P);
  const axisFront = ['vyazma', 'gzhatsk', 'borodino', 'mozhaisk'];
  it('the Axis traces 4 segments from Smolensk along the highway, not 5', () => {
    const s = supplyStatus(board({ axis: axisFront }), 'axis', sources('axis'));
    assert.deepEqual(
      ['yartsevo', 'vyazma', 'gzhatsk', 'borodino', 'mozhaisk'].map((id) => s[P(id)]),
      [1, 1, 1, 1, 0],
    );
  });
  it('enemy ground units or, for the Axis, partisans on the way cut the path', () => {
    const cut = supplyStatus(
      board({ axis: axisFront, occupied: [['vyazma', 'soviet']] }),
      'axis',
      sources('axis'),
    );
    assert.equal(cut[P('gzhatsk')], 0);
    const partisans = supplyStatus(
      board({ axis: axisFront, partisans: ['vyazma'] }),
      'axis',
      sources('axis'),
    );
    assert.equal(partisans[P('gzhatsk')], 0);
  });
  it('the Soviets trace from Moscow across their own points, however far', () => {
    const s = supplyStatus(board(), 'soviet', sources('soviet'));
    assert.equal(s[P('bryansk')], 1);
    assert.equal(s[P('smolensk')], 0, 'an Axis point');
  });
});
