/**
 * What the campaign AI does, not what it scores: the Axis's turn-1 orders (the northern
 * pincer of Panzer Group 3 and the 9th Army on Kalinin, research 3.2, 5.1), the Soviets'
 * Moscow never left empty, the search choosing among plans (search.ts) and playing only
 * what the rules offer, within its budget.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, type GameRules, type GameState, legalActions, setup } from '@stavka/engine';
import { type CampaignState, campaignRules, typhoon } from '../campaign.ts';
import { AI_LEVELS, CampaignAiPlayer } from './campaign-ai.ts';
import { marchDistances } from './policy.ts';
import { CAMPAIGN_PLANS, planStart, winChance } from './search.ts';

const rules = campaignRules as unknown as GameRules<CampaignState, Action, unknown>;

function opening(seed = 'behaviour'): GameState<CampaignState> {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok, 'setup');
  return made.value;
}

/** Plays `players` from `state` while `until` is false; the actions taken, by side. */
function playWhile(
  state: GameState<CampaignState>,
  players: Record<'axis' | 'soviet', CampaignAiPlayer>,
  go: (g: CampaignState) => boolean,
  each?: (before: CampaignState, side: string, a: Action, after: CampaignState) => void,
): GameState<CampaignState> {
  let s = state;
  for (let guard = 0; guard < 20_000 && go(s.state); guard++) {
    const side = rules.activeSides(s.state)[0];
    if (side === undefined) break;
    const a = players[side as 'axis'].choose(rules, s, side);
    const r = apply(rules, s, side, a);
    assert.ok(r.ok, `${side} ${JSON.stringify(a)} is legal`);
    each?.(s.state, side, a, r.value.state);
    s = r.value;
  }
  return s;
}

const map = typhoon().map;
const toKalinin = marchDistances(map, map.pointIds.indexOf('kalinin'));
const lines = (p: string) => toKalinin[map.pointIds.indexOf(p)]!;
/** Panzer Group 3 and the 9th Army: the units that start at Dukhovshchina and Yartsevo. */
const northern = typhoon()
  .units.filter((u) => u.side === 'axis' && (u.at === 'dukhovshchina' || u.at === 'yartsevo'))
  .map((u) => u.id);

describe('the Axis AI’s turn-1 orders (the northern pincer, AXIS_OBJECTIVES)', () => {
  for (const level of [1, 2]) {
    it(`at level ${level}, Panzer Group 3 and the 9th Army march toward Kalinin, none away from it`, () => {
      const players = {
        axis: new CampaignAiPlayer(`north-${level}`, { level }),
        soviet: new CampaignAiPlayer('north-s', { level: 1 }),
      };
      const start = opening();
      const end = playWhile(start, players, (g) => g.turn === 1 && g.player === 'axis');
      const before = new Map(start.state.units.map((u) => [u.id, u.at]));
      let nearer = 0;
      for (const u of end.state.units) {
        if (!northern.includes(u.id) || u.place !== 'map') continue;
        const from = lines(before.get(u.id)!);
        // An attacker stands at the point it attacked; it goes back there if it lost (B.4).
        const to = lines(u.at);
        assert.ok(to <= from, `${u.id}: ${before.get(u.id)} (${from} lines) to ${u.at} (${to} lines)`);
        if (to < from) nearer++;
      }
      assert.ok(nearer >= 3, `${nearer} of the ${northern.length} northern units nearer Kalinin`);
    });
  }
});

describe('the Soviet AI never leaves Moscow empty (C-13.1 sudden death)', () => {
  it('from the opening, every Soviet movement step of turns 1-4 ends with a Soviet ground unit in Moscow', () => {
    const players = {
      axis: new CampaignAiPlayer('moscow-a', { level: 1 }),
      soviet: new CampaignAiPlayer('moscow-s', { level: 1 }),
    };
    let checked = 0;
    playWhile(
      opening('moscow'),
      players,
      (g) => g.turn <= 4 && g.phase !== 'over',
      (before, _side, _a, after) => {
        if (before.player !== 'soviet' || before.phase !== 'movement' || after.phase === 'movement') return;
        checked++;
        const there = after.units.filter(
          (u) =>
            u.side === 'soviet' &&
            u.place === 'map' &&
            u.unitClass !== 'air' &&
            u.at === 'moscow' &&
            u.from === null,
        );
        assert.ok(there.length > 0, `turn ${before.turn}: Moscow empty after the Soviet movement`);
      },
    );
    assert.equal(checked, 4, 'four Soviet movement steps seen');
  });

  it('keeps the last unit in Moscow though the enemy is five lines away and Vyazma to retake', () => {
    const made = opening('last');
    const g = structuredClone(made.state);
    for (const u of g.units) {
      if (u.id === '32a') u.at = 'moscow';
      else if (u.id === 'xii') u.at = 'vyazma';
      else {
        u.place = 'withdrawn';
        continue;
      }
      u.place = 'map';
    }
    g.control.vyazma = 'axis';
    g.player = 'soviet';
    g.phase = 'movement';
    g.partisansToPlace = 0;
    const end = playWhile(
      { ...made, state: g },
      { axis: new CampaignAiPlayer('x', { level: 1 }), soviet: new CampaignAiPlayer('y', { level: 1 }) },
      (s) => s.player === 'soviet' && s.phase === 'movement',
    );
    assert.equal(end.state.units.find((u) => u.id === '32a')!.at, 'moscow');
  });
});

describe('the search (level 2) over plans (search.ts)', () => {
  it('decides at the start of a player-turn only, among each side’s plans', () => {
    const s = opening();
    assert.ok(planStart(s.state, 'axis'), 'the Axis at the start of turn 1');
    assert.ok(!planStart(s.state, 'soviet'), 'not the Soviets in the Axis player-turn');
    for (const side of ['axis', 'soviet'] as const) {
      const keys = CAMPAIGN_PLANS[side].map((p) => p.key);
      assert.equal(new Set(keys).size, keys.length, `${side}: plans named once`);
      assert.equal(keys[0], 'planned', `${side}: the rules of thumb first`);
    }
  });

  it('scores a lead in victory points as a better chance of winning, the two sides’ chances adding to one', () => {
    const g = structuredClone(opening().state);
    const even = winChance(g, 'axis');
    g.control.kaluga = 'axis';
    g.control.mozhaisk = 'axis';
    assert.ok(winChance(g, 'axis') > even, 'the Axis gains by taking Kaluga and Mozhaisk');
    assert.ok(Math.abs(winChance(g, 'axis') + winChance(g, 'soviet') - 1) < 1e-12);
  });

  it('plays only what the rules offer, the same for the same seed, within its budget', () => {
    const s = opening('search');
    const a = new CampaignAiPlayer('same', { level: 2 });
    const b = new CampaignAiPlayer('same', { level: 2 });
    const x = a.choose(rules, s, 'axis');
    const y = b.choose(rules, s, 'axis');
    assert.deepEqual(x, y);
    assert.ok(legalActions(rules, s, 'axis').some((l) => JSON.stringify(l) === JSON.stringify(x)));
    assert.equal(a.searches, 1);
    assert.ok(a.iterations <= AI_LEVELS[2]!.budget.iterations, `${a.iterations} iterations`);
  });
});
