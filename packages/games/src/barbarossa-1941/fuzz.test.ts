/**
 * Random whole games on a small front (OpenSpiel's basic tests, Rally the Troops'
 * fuzzer): every non-terminal state has a legal action for its active side; every
 * action offered is accepted; `apply` never changes its input; the invariants of the
 * board hold after every action (one side per hex, stacking, pieces on the map); no
 * view carries the secret or names a face-down unit it may not see; replaying the
 * actions gives the same state hash.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  type GameState,
  legalActions,
  replay,
  setup,
  stateHash,
  view,
} from '@stavka/engine';
import { Board, stackingOk } from './board.ts';
import { barbarossaRules } from './rules.ts';
import { rulesScenarioByKey, terrainIn } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';
import { type PositionInput, positionFile } from './test-positions.ts';

const col = (c: number, rows = 12) =>
  Array.from({ length: rows }, (_, r) => `${String(c).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`);

const FRONT: PositionInput = {
  columns: 12,
  rows: 12,
  turns: [
    { label: 'Jun II 41', weather: 'good' },
    { label: 'Jul I 41', weather: 'good' },
    { label: 'Oct I 41', weather: 'light-mud' },
    { label: 'Oct II 41', weather: 'mud' },
    { label: 'Nov II 41', weather: 'hard-frost' },
    { label: 'Dec I 41', weather: 'snow' },
  ],
  map: {
    terrain: { '0605': 'forest', '0606': 'swamp', '0707': 'hills', '0404': 'lake', '0810': 'city' },
    hexsides: [
      {
        feature: 'river',
        between: [
          ['0603', '0703'],
          ['0604', '0704'],
          ['0605', '0705'],
        ],
      },
    ],
    zones: [
      { id: 'germany', kind: 'axis-country', hexes: col(1) },
      {
        id: 'south',
        kind: 'south',
        hexes: [...col(1).slice(6), ...col(2).slice(6), ...col(3).slice(6), ...col(4).slice(6)],
      },
    ],
    edges: [{ id: 'soviet-supply', hexes: col(12) }],
    connections: [
      { kind: 'rail', path: col(12) },
      { kind: 'road', path: ['0206', '0306', '0406', '0506', '0606', '0706', '0806'] },
    ],
    places: [{ name: 'Moscow', kind: 'victory-city', hex: '1006' }],
  },
  victoryPoints: { Moscow: 3 },
  pieces: {
    a1: { is: 'ger-army', at: '0303' },
    a2: { is: 'ger-army', at: '0308' },
    m1: { is: 'ger-mot-korps', at: '0305' },
    pz1: { is: 'ger-pz-div', at: '0305' },
    k1: { is: 'ger-inf-korps', at: '0203' },
    ss: { is: 'ger-ss-div', at: '0206' },
    rum: { is: 'rum-army', at: '0210' },
    r1: { is: 'sov-army', at: '0803' },
    r2: { is: 'sov-guards-army', at: '0806' },
    t1: { is: 'sov-tank-korps', at: '0905' },
    c1: { is: 'sov-cav', at: '0908' },
    h1: { face: 'rifle-army', at: '0804' },
    h2: { face: 'rifle-army', at: '0809' },
    h3: { face: 'tank-korps', secretly: 'sov-tank-korps-43', at: '0907' },
  },
  extraUnits: {
    'pile-a': 'sov-rifle-54',
    'pile-b': 'sov-rifle-22',
    'pile-c': 'sov-rifle-22',
    'pile-d': 'sov-rifle-54',
  },
  riflePile: ['pile-a', 'pile-b', 'pile-c', 'pile-d'],
};

function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function checkInvariants(g: BarbarossaState): void {
  const s = rulesScenarioByKey(g.scenario);
  const b = new Board(g, s);
  for (let h = 0; h < b.at.length; h++) {
    const ids = b.at[h]!;
    if (ids.length === 0) continue;
    const sides = new Set(ids.map((id) => g.pieces[id]!.side));
    assert.equal(sides.size, 1, `both sides in ${s.hexNumbers[h]}`);
    const verdict = stackingOk(
      ids.map((id) => ({ unit: b.unit(id), piece: g.pieces[id]! })),
      terrainIn(s, h, b.weather),
    );
    assert.ok(verdict.ok, `overstacked ${s.hexNumbers[h]}: ${verdict.reason}`);
  }
  for (const id of g.order) {
    const p = g.pieces[id]!;
    if (p.status === 'map') assert.ok(p.at >= 0);
    if (p.unit === null) assert.ok(g.secret.identities[id], `face-down ${id} without identity`);
  }
}

function play(seed: number, maxActions = 1500, asymmetricOdds = false) {
  const file = positionFile(FRONT);
  const made = setup(barbarossaRules, file, seed, { asymmetricOdds });
  assert.ok(made.ok);
  let s: GameState<BarbarossaState> = made.value;
  const rand = mulberry(seed);
  const actions: { side: string; action: Action }[] = [];
  for (let i = 0; i < maxActions; i++) {
    const active = barbarossaRules.activeSides(s.state);
    if (active.length === 0) break;
    const side = active[0]!;
    const legal = legalActions(barbarossaRules, s, side).filter((a) => a.type !== 'undo');
    assert.ok(legal.length > 0, `dead end at step ${s.state.step}, combat ${s.state.combat?.phase}`);
    const before = JSON.stringify(s.state);
    // Ends of steps rarely, while anything else is offered: the games then move and fight.
    const busy = legal.filter(
      (a) => !a.type.startsWith('end-') && a.type !== 'unallocate' && a.type !== 'cancel',
    );
    const pool = busy.length > 0 && rand() < 0.9 ? busy : legal;
    const action = pool[Math.floor(rand() * pool.length)]!;
    const next = apply(barbarossaRules, s, side, action);
    assert.ok(next.ok, next.ok ? '' : next.error.message);
    assert.equal(JSON.stringify(s.state), before, 'apply changed its input');
    s = next.value;
    actions.push({ side, action });
    checkInvariants(s.state);
    for (const viewer of ['axis', 'soviet']) {
      const v = JSON.stringify(view(barbarossaRules, s, viewer));
      assert.equal(v.includes('"secret"'), false);
      // Tank identities are the Russian player's alone until their first combat (a re-hidden
      // army was seen by both at its reveal: B-35).
      for (const [piece, h] of Object.entries(s.state.secret.identities)) {
        if (h.unit !== null && h.knownTo === 'soviet' && viewer === 'axis')
          assert.equal(v.includes(`"${h.unit}"`), false, `${viewer} sees ${piece}`);
      }
    }
  }
  return { s, actions, file, asymmetricOdds };
}

describe('Random whole games on a small front', () => {
  for (const [seed, asymmetric] of [
    [1, false],
    [2, false],
    [3, true],
    [4, true],
  ] as const) {
    it(`seed ${seed}${asymmetric ? ' (asymmetric odds, B-7/B-8)' : ''}: no dead end, invariants hold, views keep the secret, replay gives the same hash`, () => {
      const { s, actions, file } = play(seed, 1500, asymmetric);
      const again = replay(barbarossaRules, {
        game: 'barbarossa-1941',
        rulesVersion: barbarossaRules.rulesVersion,
        scenario: file,
        seed,
        options: { asymmetricOdds: asymmetric },
        actions,
      });
      assert.ok(again.ok);
      assert.equal(stateHash(again.value), stateHash(s));
    });
  }
});
