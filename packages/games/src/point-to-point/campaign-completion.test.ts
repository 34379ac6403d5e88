/**
 * The completion rules the campaign plays beyond its first version (docs/rules/
 * point-to-point-completion.md; every rule the project's, not the source's): rail movement
 * C-4.2, breakthrough C-6 (German air up one line segment with one group, A.4), winter
 * attrition C-7.2, field fortifications C-8 (the text's exception to dispersal), factories
 * C-9, partisans C-10, and B.4c/B.4d carried from one battle to the next. Each case is a
 * position reached through the contract and what the rule demands there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, applyWithRolls, type GameState, setup } from '@stavka/engine';
import { analyzeBattle, type BattleInput, battleScenarioOf } from './analysis.ts';
import { battleRules, retreatOptions } from './battle.ts';
import type { BattleScenario, BattleState } from './battle-scenario.ts';
import {
  type CampaignAction,
  type CampaignState,
  campaignRules,
  inSupply,
  typhoon,
  victoryPoints,
} from './campaign.ts';
import { lineBetween } from './campaign-board.ts';
import { STAND_FAST } from './policy.ts';
import { prompt } from './presentation-words.ts';
import { simulateBattles } from './simulate-battle.ts';
import { act, campaignStart, type G, legal, pass, position as positionFrom, unit } from './test-campaign.ts';

const start = campaignStart('completion');
const has = (s: G, side: string, a: CampaignAction) =>
  legal(s, side).some((x) => JSON.stringify(x) === JSON.stringify(a));
const rails = (s: G, id: string) =>
  legal(s, unit(s, id).side)
    .filter((a) => a.type === 'rail' && a.unit === id)
    .map((a) => (a as { to: string }).to)
    .sort();

/** A position from this file's opening (test-campaign.ts `position`). */
const position = (units: Record<string, string>, more: Parameters<typeof positionFrom>[2] = {}): G =>
  positionFrom(start, units, more);

/** Plays the battle being fought with the first action offered until it is over. */
function fightOut(s0: G): G {
  let s = s0;
  while (s.state.battle) {
    const side = campaignRules.activeSides(s.state)[0]!;
    s = act(s, side, legal(s, side)[0]!);
  }
  return s;
}

describe('C-4.2 Rail movement', () => {
  const axisWest = ['yartsevo', 'vyazma', 'gzhatsk', 'borodino'];
  it('a unit in supply moves any number of railway segments through its own points, up to one next to the enemy', () => {
    const s = position({ ix: 'smolensk', '5a': 'mozhaisk' }, { axis: [...axisWest, 'dorogobuzh'] });
    // Smolensk - Yartsevo - Vyazma - Gzhatsk - Borodino by railway; Borodino is next to
    // Mozhaisk (Soviet-held) by railway: the last point, never passed.
    const to = rails(s, 'ix');
    for (const p of axisWest) assert.ok(to.includes(p), `rail to ${p}`);
    assert.ok(!to.includes('mozhaisk'), 'a rail move never enters an enemy point');
    assert.ok(!to.includes('dorogobuzh'), 'a road only (Smolensk - Dorogobuzh) is no railway');
  });
  it('no point adjacent by railway to an enemy-held point may be passed through', () => {
    const s = position({ ix: 'smolensk', '16a': 'sychevka' }, { axis: axisWest });
    // Vyazma - Sychevka is a railway and Sychevka holds the 16th Army: the move stops at Vyazma.
    const to = rails(s, 'ix');
    assert.ok(to.includes('vyazma'), 'Vyazma as the last point');
    assert.ok(!to.includes('gzhatsk') && !to.includes('borodino'), 'nothing beyond Vyazma');
  });
  it('each railway line crossed spends the unit’s weight; the Axis has half capacity east of its 30 September front', () => {
    let s = position({ ix: 'smolensk', xii: 'smolensk', xx: 'smolensk' }, { axis: axisWest });
    // Yartsevo - Vyazma (capacity 4) is east of the front (Vyazma was Soviet): 2 units by Axis rail.
    s = act(s, 'axis', { type: 'rail', unit: 'ix', to: 'gzhatsk' });
    assert.equal(unit(s, 'ix').at, 'gzhatsk');
    assert.equal(unit(s, 'ix').moved, true);
    assert.ok(!legal(s, 'axis').some((a) => 'unit' in a && a.unit === 'ix'), 'one move a player-turn');
    s = act(s, 'axis', { type: 'rail', unit: 'xii', to: 'vyazma' });
    assert.ok(rails(s, 'xx').includes('yartsevo'), 'Smolensk - Yartsevo, west of the front, has room');
    assert.ok(!rails(s, 'xx').includes('vyazma'), 'Yartsevo - Vyazma: its half capacity (2) is used');
  });
  it('dispersed units and units out of supply do not move by rail', () => {
    const dispersed = position(
      { ix: 'smolensk' },
      {
        axis: axisWest,
        change: (g) => {
          const u = g.units.find((x) => x.id === 'ix')!;
          u.losses = 1;
          u.dispersed = true;
        },
      },
    );
    assert.deepEqual(rails(dispersed, 'ix'), []);
    const cut = position({ ix: 'vyazma' }, { axis: axisWest, change: (g) => (g.railheads = []) });
    assert.equal(inSupply(cut.state, 'axis')[typhoon().map.pointIds.indexOf('vyazma')], 0);
    assert.deepEqual(rails(cut, 'ix'), [], 'out of supply');
  });
});

/**
 * XXIV Panzer Corps attacks a Sevsk held by a worn-out 13th Army, with II Fliegerkorps in
 * range at Roslavl, where the XIII Corps stands (A.5: German air only where Axis ground units are).
 */
function sevsk(weather: CampaignState['weather'] = 'good', more: Record<string, string> = {}): G {
  let s = position(
    {
      'xxiv-pz': 'glukhov',
      xiii: 'roslavl',
      '13a': 'sevsk',
      'ii-fk-1': 'roslavl',
      'ii-fk-2': 'roslavl',
      ...more,
    },
    {
      change: (g) => {
        g.weather = weather;
        const d = g.units.find((u) => u.id === '13a')!;
        d.losses = 3;
        d.dispersed = true;
      },
    },
  );
  s = act(s, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
  s = act(s, 'axis', { type: 'end-movement' });
  // C-5.1: both air units committed; the Soviets have none in range: the battle.
  s = act(s, 'axis', { type: 'commit-air', unit: 'ii-fk-1', at: 'sevsk' });
  s = act(s, 'axis', { type: 'commit-air', unit: 'ii-fk-2', at: 'sevsk' });
  s = act(s, 'axis', { type: 'fight', at: 'sevsk' });
  // Simultaneous (no Soviet air): 5 x 3 (two German air units) = 15, a 6: five breakthroughs.
  s = act(s, 'axis', { type: 'attack' }, [6]);
  while (s.state.battle && s.state.battle.stage !== 'advance') {
    const side = campaignRules.activeSides(s.state)[0]!;
    s = act(s, side, legal(s, side)[0]!);
  }
  if (s.state.battle) s = act(s, 'axis', { type: 'advance', air: ['ii-fk-1', 'ii-fk-2'] });
  return s;
}

describe('C-5.3 Air bases', () => {
  it('an air unit moves its base up to 3 segments to a point of its side; German air only where Axis ground units stand (A.5)', () => {
    const s = position(
      { 'viii-fk-1': 'smolensk', ix: 'yartsevo', xii: 'vyazma', 'wf-vvs': 'gzhatsk' },
      { axis: ['vyazma'] },
    );
    const to = (id: string, side: string) =>
      legal(s, side)
        .filter((a) => a.type === 'rebase' && a.unit === id)
        .map((a) => (a as { to: string }).to);
    assert.deepEqual(
      to('viii-fk-1', 'axis'),
      ['vyazma', 'yartsevo'],
      'the points with Axis ground units within 3',
    );
    const t = act(s, 'axis', { type: 'rebase', unit: 'viii-fk-1', to: 'vyazma' });
    assert.equal(unit(t, 'viii-fk-1').at, 'vyazma');
    assert.deepEqual(t.state.used, s.state.used, 'no line capacity (P-9)');
    assert.ok(
      !legal(t, 'axis').some((a) => a.type === 'rebase' && a.unit === 'viii-fk-1'),
      'once a player-turn',
    );
  });
});

describe("C-4.1 The turn's own march (rules /4): Typhoon's turn 1, 300 km for mobile units", () => {
  const moves = (s: G, id: string) =>
    legal(s, 'axis')
      .filter((a) => a.type === 'move' && a.unit === id)
      .map((a) => (a as { to: string }).to);
  // Dukhovshchina - Kholm-Zhirkovsky - Sychevka - Zubtsov - Staritsa: 75 + 64 + 43 + 43 = 225 km
  // (by Rzhev 234); on to Kalinin 71 more, 296 km (by Rzhev 305).
  it('on turn 1 XLI Corps marches from Dukhovshchina to Staritsa (225 km), an infantry corps 100 km', () => {
    const s = position({ 'xli-pz': 'dukhovshchina', vi: 'dukhovshchina' });
    assert.equal(s.state.turn, 1);
    assert.ok(moves(s, 'xli-pz').includes('staritsa'), moves(s, 'xli-pz').join(' '));
    assert.ok(!moves(s, 'xli-pz').includes('klin'), 'Klin is beyond 300 km');
    assert.ok(!moves(s, 'vi').includes('sychevka'), 'infantry: 139 km is beyond its 100');
  });
  it("with Rzhev and Bely held, XLI Corps' turn-1 march reaches Kalinin by its 1941 road past Zubtsov, 296 km (rules /5)", () => {
    const s = position({ 'xli-pz': 'dukhovshchina', '31a': 'rzhev', '22a': 'bely' });
    assert.ok(moves(s, 'xli-pz').includes('kalinin'), moves(s, 'xli-pz').join(' '));
  });
  it('in the Mud of turn 2 a panzer corps at Sychevka reaches Staritsa past Zubtsov, 86 km, without Rzhev (C-11.2, rules /5)', () => {
    const s = position(
      { 'xli-pz': 'sychevka', '31a': 'rzhev' },
      {
        axis: ['sychevka'],
        change: (g) => {
          g.turn = 2;
          g.weather = 'mud';
        },
      },
    );
    const to = moves(s, 'xli-pz');
    assert.ok(to.includes('staritsa') && to.includes('zubtsov'), to.join(' '));
    assert.ok(!to.includes('kalinin'), 'Kalinin is 157 km on');
  });
  it('in the Good weather of another turn the march is 200 km (C-4.1)', () => {
    const s = position({ 'xli-pz': 'dukhovshchina' }, { change: (g) => (g.turn = 4) });
    assert.ok(moves(s, 'xli-pz').includes('rzhev'), '187 km');
    assert.ok(!moves(s, 'xli-pz').includes('staritsa'), '234 km');
  });
});

describe('C-6 Breakthrough movement and breakthrough combat', () => {
  it('a panzer unit that advanced after combat in Good weather moves on as far as half its march (C-6.1, rules /4)', () => {
    const s = sevsk();
    assert.equal(s.state.control.sevsk, 'axis');
    assert.equal(s.state.phase, 'breakthrough');
    const to = legal(s, 'axis')
      .filter((a) => a.type === 'breakthrough')
      .map((a) => (a as { to: string }).to);
    // Turn 1: a march of 300 km, so 150: Sevsk - Dmitrovsk - Orel is 59 + 81 = 140 km.
    assert.ok(to.includes('orel'), `Orel, two lines on: ${to.join(' ')}`);
    assert.ok(to.includes('dmitrovsk') && to.includes('trubchevsk'), 'and the points one line on');
    assert.ok(!to.includes('mtsensk'), 'Mtsensk is 188 km');
  });
  it("the breakthrough step's prompt says so: half the march, not one more segment (C-6.1)", () => {
    const s = sevsk();
    const help = prompt(s.state, 'axis', true, null).help;
    assert.match(help, /half their march/);
    assert.doesNotMatch(help, /one more segment/);
  });
  it('a breakthrough move that passes an empty enemy point takes it and attacks from the last point passed (C-2.2, B.4)', () => {
    let s = sevsk('good', { '5-abc': 'orel' });
    s = act(s, 'axis', { type: 'breakthrough', unit: 'xxiv-pz', to: 'orel' });
    assert.equal(s.state.control.dmitrovsk, 'axis');
    assert.deepEqual(s.state.attacks, ['orel']);
    assert.equal(unit(s, 'xxiv-pz').from, 'dmitrovsk', 'its point of origin is the point it came from');
    assert.ok(
      !legal(s, 'axis').some((a) => a.type === 'breakthrough-air'),
      'a German air unit goes with a group up one line segment only (A.4)',
    );
  });
  it('in Mud (and in Snow, C-11.3) the Axis makes no breakthrough movement', () => {
    const s = sevsk('mud');
    assert.equal(s.state.control.sevsk, 'axis');
    assert.notEqual(s.state.phase, 'breakthrough');
    assert.ok(!legal(s, 'axis').some((a) => a.type === 'breakthrough'));
  });
  it('an enemy-held point entered is a breakthrough combat: no retreat into a point under attack, no new air (C-6.2)', () => {
    // The 3rd Army at Dmitrovsk; Bryansk Front air at Plavsk, 3 segments from it (4 from Sevsk).
    let s = sevsk('good', { '3a': 'dmitrovsk', 'bf-vvs': 'plavsk' });
    s = act(s, 'axis', { type: 'breakthrough', unit: 'xxiv-pz', to: 'dmitrovsk' });
    assert.deepEqual(s.state.attacks, ['dmitrovsk']);
    s = act(s, 'axis', { type: 'end-breakthrough' });
    assert.equal(s.state.phase, 'breakthrough-combat');
    s = act(s, 'axis', { type: 'fight', at: 'dmitrovsk' });
    const b = s.state.battle!;
    assert.equal(b.combat, 'breakthrough');
    assert.ok(!b.units.some((u) => u.id === 'bf-vvs'), 'the Soviet air within range is not committed');
    s = fightOut(s);
    assert.ok(
      !legal(s, 'axis').some((a) => a.type === 'breakthrough'),
      'no breakthrough from a breakthrough (C-6.3)',
    );
  });
  it('one German air unit that advanced with the battle goes with one group up one line segment (A.4)', () => {
    let s = sevsk('good', { '3a': 'dmitrovsk' });
    assert.ok(!legal(s, 'axis').some((a) => a.type === 'breakthrough-air'), 'no group has moved yet');
    s = act(s, 'axis', { type: 'breakthrough', unit: 'xxiv-pz', to: 'dmitrovsk' });
    const air = legal(s, 'axis').filter((a) => a.type === 'breakthrough-air');
    assert.deepEqual(
      air.map((a) => (a as { unit: string }).unit),
      ['ii-fk-1', 'ii-fk-2'],
      'either air unit that advanced into Sevsk may go',
    );
    s = act(s, 'axis', { type: 'breakthrough-air', unit: 'ii-fk-1', to: 'dmitrovsk' });
    // Only one air unit with that group: nothing left to do, the breakthrough combat follows.
    assert.equal(s.state.phase, 'breakthrough-combat');
    assert.deepEqual(legal(s, 'axis'), [{ type: 'fight', at: 'dmitrovsk' }]);
    s = act(s, 'axis', { type: 'fight', at: 'dmitrovsk' });
    const b = s.state.battle!;
    assert.deepEqual(
      b.units.filter((u) => u.unitClass === 'air').map((u) => [u.id, u.from]),
      [['ii-fk-1', 'sevsk']],
      'the air unit that went with the group, flying from Sevsk',
    );
    assert.equal(
      b.units.find((u) => u.id === 'xxiv-pz')!.fire,
      10,
      'one air unit doubles the panzer corps (A.4)',
    );
  });
});

describe('C-7.2 Winter attrition', () => {
  /** Turn `turn`, the Soviet player-turn: the Axis one that follows starts in the next turn's weather. */
  const before = (turn: number) =>
    position(
      { 'xli-pz': 'kalinin', lvf: 'klin', xii: 'smolensk', '22a': 'torzhok' },
      {
        axis: ['kalinin', 'klin'],
        change: (g) => {
          g.turn = turn;
          g.player = 'soviet';
          g.weather = typhoon().scenario.turns[turn - 1]!.weather;
        },
      },
    );
  it('an Axis unit out of supply in Snow at the start of its player-turn takes one loss; a minor unit of value 1 is destroyed', () => {
    const s = pass(before(5)); // turn 6: Snow
    assert.equal(s.state.weather, 'snow');
    assert.equal(s.state.player, 'axis');
    assert.equal(unit(s, 'xli-pz').losses, 1, 'Kalinin is 6 segments beyond any railhead');
    assert.equal(unit(s, 'xli-pz').dispersed, true);
    assert.equal(unit(s, 'lvf').place, 'destroyed', 'value 1, minor: no loss to spare (B.2)');
    assert.equal(unit(s, 'xii').losses, 0, 'in supply at Smolensk');
  });
  it('in Good weather nothing is lost', () => {
    const s = pass(before(3)); // turn 4: Good
    assert.equal(s.state.weather, 'good');
    assert.equal(unit(s, 'xli-pz').losses, 0);
    assert.equal(unit(s, 'lvf').place, 'map');
  });
});

describe('C-8 Field fortifications', () => {
  it('the scenario fortifies the Mozhaisk line at the start and the Moscow zone on turn 2', () => {
    assert.deepEqual([...start.state.fortified].sort(), [
      'kaluga',
      'maloyaroslavets',
      'mozhaisk',
      'volokolamsk',
    ]);
    const t2 = pass(pass(start));
    for (const p of ['zvenigorod', 'naro-fominsk', 'podolsk', 'khimki', 'moscow'])
      assert.ok(t2.state.fortified.includes(p), p);
  });
  it('a side fortifies where it has an undispersed infantry unit that did not move, one a point', () => {
    let s = position(
      { '50a': 'bryansk', '3a': 'trubchevsk', '1-gds-rc': 'mtsensk', xii: 'smolensk' },
      {
        change: (g) => {
          g.player = 'soviet';
        },
      },
    );
    s = act(s, 'soviet', { type: 'move', unit: '3a', to: 'sevsk' });
    s = act(s, 'soviet', { type: 'end-movement' });
    assert.equal(s.state.phase, 'fortify');
    const at = legal(s, 'soviet')
      .filter((a) => a.type === 'fortify')
      .map((a) => (a as { at: string }).at);
    assert.deepEqual(at, ['bryansk'], 'not Sevsk (the 3rd Army moved) nor Mtsensk (a cavalry corps)');
    s = act(s, 'soviet', { type: 'fortify', at: 'bryansk' });
    assert.ok(s.state.fortified.includes('bryansk'));
    assert.equal(s.state.player, 'axis', 'no point left to fortify: the player-turn ends');
  });
  it('the fortification is removed when its point changes control', () => {
    let s = position({ 'xxiv-pz': 'glukhov' }, { change: (g) => g.fortified.push('sevsk') });
    s = act(s, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
    assert.equal(s.state.control.sevsk, 'axis');
    assert.ok(!s.state.fortified.includes('sevsk'));
  });
  it('the first breakthrough dealt the defenders of a fortified point each round is absorbed by it, no unit dispersed (B.2 exception)', () => {
    const battle = (fortified: boolean) => {
      const scenario: BattleScenario = {
        point: 'mozhaisk',
        weather: 'snow',
        attacker: 'axis',
        fortified,
        units: [
          { id: 'Pz', side: 'axis', role: 'attacker', class: 'major', value: 5, from: 'borodino' },
          { id: 'Rifle', side: 'soviet', role: 'defender', class: 'major', value: 3 },
        ],
        points: [{ id: 'borodino', control: 'axis', capacity: 2 }],
      };
      const made = setup(battleRules, scenario, 'fort', {});
      assert.ok(made.ok, 'battle setup');
      // Snow, no air: normal combat. The defender fires 3 (a 1: none), the attacker 5 (a 6: 2).
      let s = made.value;
      const r1 = applyWithRolls(battleRules, s, 'axis', { type: 'attack' }, [1]);
      assert.ok(r1.ok, 'attack');
      s = r1.value;
      const r2 = applyWithRolls(battleRules, s, 'axis', { type: 'continue' }, [6]);
      assert.ok(r2.ok, 'continue');
      return r2.value as GameState<BattleState>;
    };
    assert.equal(battle(false).state.pending.defender, 2);
    const fort = battle(true);
    assert.equal(
      fort.state.pending.defender,
      1,
      'one of the two breakthroughs absorbed by the fortification',
    );
    assert.ok(
      fort.log.some((e) => e.text.includes('field fortification absorbs')),
      'the log says so, citing C-8.2',
    );
  });
});

describe('C-8.2 Field fortifications in the exact battle (analysis.ts) and C-8.5', () => {
  const input = (fortified: boolean): BattleInput => ({
    weather: 'snow',
    attacker: 'axis',
    attackers: [
      { class: 'major', value: 6 },
      { class: 'major', value: 4 },
    ],
    defenders: [
      { class: 'major', value: 3 },
      { class: 'minor', value: 2 },
    ],
    policies: { attacker: STAND_FAST, defender: STAND_FAST },
    fortified,
  });
  it('the exact analysis of a fortified point agrees with 20,000 battles of the engine within 3 standard errors', () => {
    const exact = analyzeBattle(input(true));
    assert.ok(exact.ok, 'analysed');
    const open = analyzeBattle(input(false));
    assert.ok(open.ok, 'analysed');
    assert.ok(
      exact.value.summary.pointCleared < open.value.summary.pointCleared,
      'the fortification makes the point harder to clear',
    );
    const mc = simulateBattles(input(true), 20_000, 77);
    for (const e of ['defender-destroyed', 'attacker-destroyed', 'attacker-retreated'] as const) {
      const z = (mc.endings[e].mean - exact.value.endings[e].value) / Math.max(mc.endings[e].se, 1e-9);
      assert.ok(
        Math.abs(z) < 3,
        `${e}: simulated ${mc.endings[e].mean}, exact ${exact.value.endings[e].value}`,
      );
    }
    const zh =
      (mc.expectedHits.defender.mean - exact.value.expectedHits.defender.value) / mc.expectedHits.defender.se;
    assert.ok(Math.abs(zh) < 3, `defender hits z = ${zh}`);
  });
  it('when the fortification absorbs all the attacker can inflict and the defender cannot fire, the attacker retreats (C-8.5)', () => {
    // Fire 3 inflicts at most 1 (a 6): the fortification takes it; the defender is all dispersed.
    const weak: BattleInput = {
      ...input(true),
      attackers: [{ class: 'major', value: 3 }],
      defenders: [{ class: 'major', value: 3, losses: 1, dispersed: true }],
    };
    const exact = analyzeBattle(weak);
    assert.ok(exact.ok, 'analysed');
    assert.equal(exact.value.endings['attacker-retreated'].value, 1);
    const made = setup(battleRules, battleScenarioOf(weak), 'c-8.5', {});
    assert.ok(made.ok, 'setup');
    const r = apply(battleRules, made.value, 'axis', { type: 'attack' });
    assert.ok(r.ok, 'attack');
    assert.equal(r.value.state.ending, 'attacker-retreated');
    assert.equal(r.value.state.holder, 'soviet');
  });
});

describe('C-9 Factories', () => {
  it('each emplaced factory at a Soviet point in supply produces one replacement point a Soviet turn; an entrained one does not', () => {
    let s = pass(start);
    assert.equal(s.state.replacements, 8, 'Moscow 3, Tula, Kalinin, Kolomna, Podolsk, Stalinogorsk');
    s = act(s, 'soviet', { type: 'entrain', factory: 'factory-moscow-1' });
    s = pass(pass(s));
    assert.equal(s.state.replacements, 8 + 7);
  });
  it('an entrained factory moves 2 railway segments a turn and is evacuated east of Moscow: a victory point', () => {
    let s = pass(start);
    s = act(s, 'soviet', { type: 'entrain', factory: 'factory-moscow-1' });
    const to = legal(s, 'soviet')
      .filter((a) => a.type === 'factory-move')
      .map((a) => (a as { to: string }).to);
    assert.ok(to.includes('ryazan'), 'Moscow - Kolomna - Ryazan');
    assert.ok(!to.includes('mikhailov'), 'three segments');
    s = act(s, 'soviet', { type: 'factory-move', factory: 'factory-moscow-1', to: 'ryazan' });
    const before = victoryPoints(s.state).soviet;
    s = pass(pass(s));
    assert.equal(s.state.factories.find((f) => f.id === 'factory-moscow-1')!.status, 'evacuated');
    assert.equal(victoryPoints(s.state).soviet, before + 1);
  });
  it('a factory at a point the Axis takes is captured: a victory point for the Axis (C-9.3, C-13.2)', () => {
    let s = position({ 'xxiv-pz': 'plavsk' }, { axis: ['plavsk'] });
    s = act(s, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'tula' });
    assert.equal(s.state.factories.find((f) => f.at === 'tula')!.status, 'captured');
    assert.equal(victoryPoints(s.state).axis, 3 + 1, 'Tula 3 and its factory');
  });
  it('replacement points rebuild a destroyed unit at Moscow (its value) and make good a dispersed unit’s losses (1 a loss)', () => {
    let s = position(
      { '50a': 'bryansk', '5a': 'mozhaisk' },
      {
        change: (g) => {
          g.player = 'soviet';
          g.replacements = 5;
          g.units.find((u) => u.id === '16a')!.place = 'destroyed';
          const u = g.units.find((x) => x.id === '50a')!;
          u.losses = 2;
          u.dispersed = true;
        },
      },
    );
    assert.ok(has(s, 'soviet', { type: 'rebuild', unit: '16a' }));
    assert.ok(!has(s, 'soviet', { type: 'rebuild', unit: '22a' }), 'withdrawn, not destroyed');
    s = act(s, 'soviet', { type: 'repair', unit: '50a' });
    assert.equal(unit(s, '50a').losses, 0);
    assert.equal(unit(s, '50a').dispersed, false);
    assert.equal(s.state.replacements, 3);
    s = act(s, 'soviet', { type: 'rebuild', unit: '16a' });
    assert.equal(unit(s, '16a').place, 'map');
    assert.equal(unit(s, '16a').at, 'moscow');
    assert.equal(s.state.replacements, 0);
  });
  it('an emplaced factory blocks an Axis retreat under priority b; an entrained one does not (B.4b)', () => {
    /** The 49th Army attacks Axis-held Aleksin from Kaluga (where the 50th stays); Tula, Soviet and empty, is the only way out. */
    const routes = (entrained: boolean) => {
      let s = position(
        { xii: 'aleksin', '49a': 'kaluga', '50a': 'kaluga' },
        {
          axis: ['aleksin'],
          change: (g) => {
            g.player = 'soviet';
            if (entrained) g.factories.find((f) => f.at === 'tula')!.status = 'entrained';
          },
        },
      );
      s = act(s, 'soviet', { type: 'move', unit: '49a', to: 'aleksin' });
      s = act(s, 'soviet', { type: 'end-movement' });
      s = act(s, 'soviet', { type: 'fight', at: 'aleksin' });
      const b = s.state.battle!;
      const tula = b.neighbours.find((n) => n.id === 'tula')!;
      return { occupants: tula.occupants, options: retreatOptions(b, b.units.find((u) => u.id === 'xii')!) };
    };
    const emplaced = routes(false);
    assert.deepEqual(emplaced.occupants, ['emplaced-factory']);
    assert.deepEqual(emplaced.options, [], 'Kaluga holds the 50th Army, Tula an emplaced factory');
    const entrained = routes(true);
    assert.deepEqual(entrained.occupants, ['entrained-factory']);
    assert.deepEqual(entrained.options, [{ to: 'tula', priority: 'b' }]);
  });
});

describe('C-10 Partisans', () => {
  const deep = [
    'yelnya',
    'dorogobuzh',
    'spas-demensk',
    'kirov',
    'vyazma',
    'yartsevo',
    'bely',
    'sychevka',
    'kholm-zhirkovsky',
  ];
  const turn2 = (units: Record<string, string>) =>
    position(units, {
      axis: deep,
      change: (g) => {
        g.turn = 2;
        g.weather = 'mud';
      },
    });
  it('the schedule’s partisans are placed by the Soviet player at Axis points with no Axis unit, 2 segments behind the front', () => {
    let s = pass(turn2({ xii: 'smolensk', '16a': 'rzhev' }));
    assert.equal(s.state.player, 'soviet');
    assert.equal(s.state.phase, 'partisans');
    const at = legal(s, 'soviet').map((a) => (a as { at: string }).at);
    assert.ok(at.includes('yelnya') && at.includes('dukhovshchina'), 'deep in the Axis rear');
    assert.ok(!at.includes('roslavl'), 'Roslavl is next to Soviet Yukhnov and Bryansk');
    assert.ok(!at.includes('smolensk'), 'an Axis unit holds Smolensk');
    assert.ok(!at.includes('sychevka'), 'Sychevka is next to Soviet Rzhev');
    s = act(s, 'soviet', { type: 'place-partisan', at: 'yelnya' });
    assert.deepEqual(s.state.partisans, ['yelnya']);
    assert.equal(s.state.phase, 'movement', 'one partisan on turn 2');
  });
  it('an Axis supply path may not pass their point, and lines from it carry one unit less for the Axis', () => {
    const P = (p: string) => typhoon().map.pointIds.indexOf(p);
    // Spas-Demensk's only Axis way back to Smolensk is through Yelnya (Roslavl made Soviet).
    const g = position(
      { ix: 'spas-demensk' },
      {
        axis: ['yelnya', 'spas-demensk'],
        change: (x) => {
          x.control.roslavl = 'soviet';
          x.railheads = ['smolensk'];
        },
      },
    ).state;
    assert.equal(inSupply(g, 'axis')[P('spas-demensk')], 1, 'Smolensk - Yelnya - Spas-Demensk');
    g.partisans = ['yelnya'];
    assert.equal(inSupply(g, 'axis')[P('spas-demensk')], 0, 'not through the partisans at Yelnya');
    // Dukhovshchina - Yartsevo is a road of capacity 2, one unit of it used: none left for the
    // Axis to a partisans' point; the highway from Smolensk (4) still has 3.
    const h = position(
      { ix: 'dukhovshchina', xii: 'smolensk' },
      {
        axis: deep,
        change: (x) => {
          x.partisans = ['yartsevo'];
          x.used[lineBetween(typhoon().map, P('dukhovshchina'), P('yartsevo'))] = 2;
        },
      },
    );
    assert.ok(!has(h, 'axis', { type: 'move', unit: 'ix', to: 'yartsevo' }));
    assert.ok(has(h, 'axis', { type: 'move', unit: 'xii', to: 'yartsevo' }));
  });
  it('an Axis ground unit entering their point removes them and moves on', () => {
    let s = position(
      { 'xli-pz': 'smolensk' },
      {
        axis: deep,
        change: (g) => {
          g.partisans = ['yartsevo'];
          // The road by Dorogobuzh full: the way to Vyazma is through Yartsevo.
          const map = typhoon().map;
          g.used[lineBetween(map, map.pointIds.indexOf('smolensk'), map.pointIds.indexOf('dorogobuzh'))] = 4;
        },
      },
    );
    s = act(s, 'axis', { type: 'move', unit: 'xli-pz', to: 'vyazma' });
    assert.equal(unit(s, 'xli-pz').at, 'vyazma', 'through Yartsevo');
    assert.deepEqual(s.state.partisans, []);
  });
});

describe('C-3.6 Battles one at a time: B.4c and B.4d carried from one battle to the next', () => {
  it('a defender that retreated into a point under attack takes no part in its battle, and survives when it holds (B.4c)', () => {
    let s = position(
      { 'xxiv-pz': 'glukhov', gd: 'dmitriev', '13a': 'sevsk', '3a': 'dmitrovsk' },
      { axis: ['dmitriev'] },
    );
    s = act(s, 'axis', { type: 'move', unit: 'xxiv-pz', to: 'sevsk' });
    s = act(s, 'axis', { type: 'move', unit: 'gd', to: 'dmitrovsk' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'fight', at: 'sevsk' });
    // Simultaneous (Good, no air): a 1 each, no loss; the Axis goes on, the 13th Army retreats.
    s = act(s, 'axis', { type: 'attack' }, [1, 1]);
    s = act(s, 'axis', { type: 'continue' });
    s = act(s, 'soviet', { type: 'retreat' });
    assert.ok(has(s, 'soviet', { type: 'retreat-to', unit: '13a', to: 'dmitrovsk' }), 'priority c');
    s = act(s, 'soviet', { type: 'retreat-to', unit: '13a', to: 'dmitrovsk' });
    assert.equal(s.state.battle, null);
    assert.equal(unit(s, '13a').at, 'dmitrovsk');
    s = act(s, 'axis', { type: 'fight', at: 'dmitrovsk' });
    const b = s.state.battle!;
    assert.equal(b.units.find((u) => u.id === '13a')!.status, 'sheltering', 'no part in this battle');
    s = act(s, 'axis', { type: 'attack' }, [1, 1]);
    s = act(s, 'axis', { type: 'retreat' });
    assert.equal(s.state.control.dmitrovsk, 'soviet', 'Dmitrovsk holds');
    assert.equal(unit(s, '13a').place, 'map', 'so the 13th Army survives there');
    assert.equal(unit(s, '13a').sheltering, false);
  });
  it('attackers breaking off meet the defenders another battle displaced into their point of origin: undispersed, they destroy them (B.4d)', () => {
    const around = ['karachev', 'sukhinichi', 'dyatkovo', 'zhizdra', 'trubchevsk'];
    let s = position({ xiii: 'roslavl', ix: 'dyatkovo', '50a': 'bryansk', '43a': 'kirov' }, { axis: around });
    s = act(s, 'axis', { type: 'move', unit: 'xiii', to: 'bryansk' });
    s = act(s, 'axis', { type: 'move', unit: 'ix', to: 'kirov' });
    s = act(s, 'axis', { type: 'end-movement' });
    s = act(s, 'axis', { type: 'fight', at: 'bryansk' });
    s = act(s, 'axis', { type: 'attack' }, [1, 1]);
    s = act(s, 'axis', { type: 'continue' });
    s = act(s, 'soviet', { type: 'retreat' });
    // Every point around Bryansk is the Axis': priority b, Dyatkovo (the IX Corps left it to attack Kirov).
    assert.ok(has(s, 'soviet', { type: 'retreat-to', unit: '50a', to: 'dyatkovo' }), 'priority b');
    s = act(s, 'soviet', { type: 'retreat-to', unit: '50a', to: 'dyatkovo' });
    assert.equal(s.state.control.dyatkovo, 'soviet', 'the 50th Army takes Dyatkovo (C-2.2)');
    s = act(s, 'axis', { type: 'fight', at: 'kirov' });
    assert.deepEqual(
      s.state.battle!.neighbours.find((n) => n.id === 'dyatkovo')!.displaced.map((d) => d.id),
      ['50a'],
    );
    s = act(s, 'axis', { type: 'attack' }, [1, 1]);
    s = act(s, 'axis', { type: 'retreat' });
    assert.equal(unit(s, '50a').place, 'destroyed', 'met by the undispersed IX Corps');
    assert.equal(unit(s, 'ix').at, 'dyatkovo');
    assert.equal(unit(s, 'ix').dispersed, true, 'dispersed at its point of origin (B.4)');
    assert.equal(s.state.control.dyatkovo, 'axis');
  });
});
