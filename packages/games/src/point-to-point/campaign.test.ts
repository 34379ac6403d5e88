/**
 * The campaign (campaign.ts), the completion rules on the Typhoon
 * scenario: each case a position reached through the contract, and what the completion
 * rule (docs/rules/point-to-point-completion.md, the project's rules) demands.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playout, RandomPlayer } from '@stavka/engine';
import { type CampaignState, campaignRules, victoryPoints } from './campaign.ts';
import { act, campaignStart, type G, legal, pass, unit } from './test-campaign.ts';

const start = campaignStart('campaign');
/** A copy of the start with some units placed elsewhere (a position for a case). */
function position(change: (g: CampaignState) => void): G {
  const state = structuredClone(start.state);
  change(state);
  return { ...start, state };
}

describe('C-3 Sequence of play', () => {
  it('the game opens on turn 1 (1-15 Oct 1941, Good) with the Axis movement; the Soviets wait', () => {
    assert.equal(start.state.turn, 1);
    assert.equal(start.state.weather, 'good');
    assert.deepEqual(campaignRules.activeSides(start.state), ['axis']);
    assert.deepEqual(legal(start, 'soviet'), []);
    assert.ok(legal(start, 'axis').some((a) => a.type === 'end-movement'));
  });
  it('after the Axis player-turn comes the Soviet one, then turn 2 with its weather (C-11: Mud)', () => {
    let s = pass(start);
    assert.equal(s.state.player, 'soviet');
    s = pass(s);
    assert.equal(s.state.turn, 2);
    assert.equal(s.state.weather, 'mud');
    assert.equal(s.state.player, 'axis');
  });
});

describe('C-4 Movement and C-2 Control', () => {
  it('moving into a point held by enemy units is an attack there, from the point it came from (C-4.4)', () => {
    const s = position((g) => {
      g.control.vyazma = 'axis';
    });
    const moved = act(s, 'axis', { type: 'move', unit: 'xli-pz', to: 'bely' });
    assert.equal(unit(moved, 'xli-pz').at, 'bely');
    assert.equal(moved.state.control.bely, 'soviet', 'Bely holds Soviet armies: an attack, not a capture');
    assert.deepEqual(moved.state.attacks, ['bely']);
    assert.equal(unit(moved, 'xli-pz').from, 'dukhovshchina');
  });
  it('entering an empty enemy point takes control of it (C-2.2)', () => {
    const s = act(start, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
    // Sevsk holds the 13th Army: attacked. Trubchevsk... the Dmitrovsk road beyond Sevsk is empty:
    assert.deepEqual(s.state.attacks, ['sevsk']);
    const t = position((g) => {
      g.units.find((u) => u.id === '13a')!.at = 'dmitrovsk';
    });
    const taken = act(t, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'dmitrovsk' });
    assert.equal(taken.state.control.sevsk, 'axis', 'passed through');
    assert.deepEqual(taken.state.attacks, ['dmitrovsk']);
  });
  it('a unit moves once a player-turn; each line it crosses spends its weight of capacity (C-1.2)', () => {
    const s = act(start, 'axis', { type: 'move', unit: 'hk-xxxiv', to: 'sevsk' });
    assert.ok(!legal(s, 'axis').some((a) => a.type === 'move' && a.unit === 'hk-xxxiv'));
    assert.equal(
      s.state.used.reduce((a, b) => a + b, 0),
      2,
    );
  });
});

describe('Battles inside the campaign (A and B through battle.ts)', () => {
  it('after movement, the attacker picks the battle; its decisions are the battle’s, each for the side it belongs to', () => {
    let s = act(start, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'end-air' });
    s = act(s, 'soviet', { type: 'end-air' });
    assert.deepEqual(legal(s, 'axis'), [{ type: 'fight', at: 'sevsk' }]);
    s = act(s, 'axis', { type: 'fight', at: 'sevsk' });
    assert.deepEqual(legal(s, 'axis'), [{ type: 'attack' }]);
    const battle = s.state.battle!;
    assert.equal(battle.point, 'sevsk');
    assert.ok(battle.units.some((u) => u.id === '13a' && u.role === 'defender'));
    assert.ok(!battle.units.some((u) => u.unitClass === 'air'), 'no air committed, none joins');
  });
  it('a cleared point passes to the attacker, who stands in it; the player-turn goes on', () => {
    const s0 = position((g) => {
      for (const u of g.units) if (u.side === 'soviet' && u.unitClass === 'air') u.place = 'waiting';
      const d = g.units.find((u) => u.id === '13a')!;
      d.losses = 3;
      d.dispersed = true;
    });
    let s = act(s0, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'end-air' }); // no Soviet air to commit: the battles
    s = act(s, 'axis', { type: 'fight', at: 'sevsk' });
    // simultaneous (Good, no Soviet air): the Axis fires 5 (roll 6: 2), the dispersed Soviets nothing
    s = act(s, 'axis', { type: 'attack' }, [6]);
    while (s.state.battle) {
      const side = campaignRules.activeSides(s.state)[0]!;
      s = act(s, side, legal(s, side)[0]!);
    }
    assert.equal(s.state.battle, null);
    assert.equal(s.state.control.sevsk, 'axis');
    assert.equal(unit(s, 'xxiv-pz').at, 'sevsk');
    assert.equal(unit(s, '13a').place, 'destroyed');
    assert.equal(s.state.player, 'axis', 'the player-turn goes on');
    assert.equal(
      s.state.phase,
      'breakthrough',
      'no battle left: the panzer corps that advanced may break through (C-6.1)',
    );
  });
});

describe('C-5.1 Air allocation', () => {
  it('the attacker commits air units within 3 segments to the battles he declared, then the defender; each to one battle', () => {
    let s = act(start, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
    s = act(s, 'axis', { type: 'end-movement' });
    assert.equal(s.state.phase, 'air');
    assert.deepEqual(campaignRules.activeSides(s.state), ['axis']);
    // II Fliegerkorps at Roslavl is 3 segments from Sevsk; VIII at Smolensk is farther.
    assert.deepEqual(legal(s, 'axis'), [
      { type: 'commit-air', unit: 'ii-fk-1', at: 'sevsk' },
      { type: 'commit-air', unit: 'ii-fk-2', at: 'sevsk' },
      { type: 'end-air' },
    ]);
    s = act(s, 'axis', { type: 'commit-air', unit: 'ii-fk-1', at: 'sevsk' });
    assert.deepEqual(legal(s, 'axis'), [
      { type: 'commit-air', unit: 'ii-fk-2', at: 'sevsk' },
      { type: 'end-air' },
    ]);
    s = act(s, 'axis', { type: 'end-air' });
    assert.deepEqual(
      campaignRules.activeSides(s.state),
      ['soviet'],
      'then the defender (C-5.2 for German air)',
    );
    assert.deepEqual(legal(s, 'soviet'), [
      { type: 'commit-air', unit: 'bf-vvs', at: 'sevsk' },
      { type: 'end-air' },
    ]);
    s = act(s, 'soviet', { type: 'commit-air', unit: 'bf-vvs', at: 'sevsk' });
    assert.equal(s.state.phase, 'combat', 'nothing left to commit: the battles');
    s = act(s, 'axis', { type: 'fight', at: 'sevsk' });
    assert.deepEqual(
      s.state.battle!.units.filter((u) => u.unitClass === 'air').map((u) => [u.id, u.role]),
      [
        ['ii-fk-1', 'attacker'],
        ['bf-vvs', 'defender'],
      ],
      'only the air units committed',
    );
  });
});

describe('C-7.3 Recovery and C-12 Reinforcements', () => {
  it('a dispersed unit in supply recovers at the start of its side’s player-turn', () => {
    const s0 = position((g) => {
      const u = g.units.find((x) => x.id === '50a')!;
      u.losses = 2;
      u.dispersed = true;
    });
    const s = pass(s0);
    assert.equal(unit(s, '50a').dispersed, false);
    assert.equal(unit(s, '50a').losses, 0);
  });
  it('reinforcements arrive on their turn at their point: the 1st Moscow Motorized at Naro-Fominsk, turn 2', () => {
    let s = pass(start);
    assert.equal(unit(s, '1-gds-mrd').place, 'waiting');
    s = pass(s);
    s = pass(s);
    assert.equal(unit(s, '1-gds-mrd').place, 'map');
    assert.equal(unit(s, '1-gds-mrd').at, 'naro-fominsk');
  });
  it('withdrawals leave on their turn: II Fliegerkorps at turn 3', () => {
    let s = start;
    for (let i = 0; i < 4; i++) s = pass(s);
    assert.equal(s.state.turn, 3);
    assert.equal(unit(s, 'ii-fk-1').place, 'withdrawn');
  });
});

describe('C-7.1 Axis railheads', () => {
  it('the converted railway runs 2 segments a turn from the sources through Axis points', () => {
    const s0 = position((g) => {
      for (const p of ['vyazma', 'gzhatsk', 'borodino']) g.control[p] = 'axis';
      for (const u of g.units)
        if (u.side === 'soviet' && ['vyazma', 'gzhatsk', 'borodino'].includes(u.at)) u.at = 'moscow';
    });
    let s = pass(s0);
    s = pass(s);
    // turn 1: Yartsevo (Vyazma was Soviet when the turn began); turn 2: two more, Vyazma and Gzhatsk
    assert.ok(s.state.railheads.includes('vyazma') && s.state.railheads.includes('gzhatsk'));
    assert.ok(!s.state.railheads.includes('borodino'), 'three segments past Yartsevo');
  });
});

describe('C-13 Victory', () => {
  it('victory points for the points taken and the units destroyed', () => {
    const g = structuredClone(start.state);
    g.control.tula = 'axis';
    g.control.kalinin = 'axis';
    for (const id of ['22a', '29a', '30a']) g.units.find((u) => u.id === id)!.place = 'destroyed';
    assert.deepEqual(victoryPoints(g), { axis: 3 + 2 + 1, soviet: 0 });
  });
  it('random play: whole campaigns run to a result after the last turn, every state legal', () => {
    for (let i = 0; i < 3; i++) {
      const r = playout(
        campaignRules,
        `campaign-${i}`,
        { axis: new RandomPlayer(`a-${i}`), soviet: new RandomPlayer(`s-${i}`) },
        { maxActions: 20000 },
      );
      assert.ok(r.outcome, 'the game ends');
      const g = r.state.state;
      assert.equal(g.phase, 'over');
      for (const u of g.units)
        if (u.place === 'map' && u.unitClass !== 'air')
          assert.ok(u.losses <= (u.unitClass === 'major' ? u.value : u.value - 1));
    }
  });
});
