/**
 * What the campaign AI does, not what it scores: the Axis's turn-1 orders (the axes of
 * 1941, research 3.2, 5.1: Orel's road, the Warsaw highway onto Vyazma, the road to
 * Kalinin; German air spread over the battles), breakthrough and retreat (C-6.1, B.4a),
 * the Soviets' Moscow never left empty, the search choosing among plans (search.ts) and
 * playing only what the rules offer, within its budget.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Action, apply, type GameRules, type GameState, legalActions } from '@stavka/engine';
import { type CampaignState, campaignRules, typhoon } from '../campaign.ts';
import { campaignStart, position } from '../test-campaign.ts';
import { AI_LEVELS, CampaignAiPlayer } from './campaign-ai.ts';
import { bestOf, campaignPolicy, DEFAULT_PARAMS, marchDistances, type PolicyParams } from './policy.ts';
import { axisPlanKeys, CAMPAIGN_PLANS, expectedLead, planStart, winChance } from './search.ts';

const rules: GameRules<CampaignState, Action, unknown> = campaignRules;

function opening(seed = 'behaviour'): GameState<CampaignState> {
  return campaignStart(seed);
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

/** The Axis's turn-1 movement at a level: each unit's move (or attack) and the air committed, by battle. */
function axisTurn1(level: number): {
  moves: Map<string, string>;
  attacks: Map<string, string>;
  air: Map<string, number>;
} {
  const players = {
    axis: new CampaignAiPlayer(`t1-${level}`, { level }),
    soviet: new CampaignAiPlayer('t1-s', { level: 1 }),
  };
  const moves = new Map<string, string>();
  const attacks = new Map<string, string>();
  const air = new Map<string, number>();
  playWhile(
    opening(),
    players,
    (g) => g.turn === 1 && g.player === 'axis' && (g.phase === 'movement' || g.phase === 'air'),
    (before, side, a, after) => {
      if (side !== 'axis') return;
      if (a.type === 'move' && typeof a.unit === 'string' && typeof a.to === 'string') {
        const { unit, to } = a;
        moves.set(unit, to);
        const u = after.units.find((x) => x.id === unit)!;
        if (u.from !== null) attacks.set(unit, `${to} from ${u.from}`);
      }
      if (a.type === 'commit-air' && before.player === 'axis' && typeof a.at === 'string')
        air.set(a.at, (air.get(a.at) ?? 0) + 1);
    },
  );
  return { moves, attacks, air };
}

describe('the Axis AI’s turn-1 orders: the axes of 1941 (AXIS_OBJECTIVES, research 3.2, 5.1)', () => {
  for (const level of [1, 2]) {
    it(`at level ${level}, XXIV Corps attacks Sevsk on Orel's road, XL Corps Vyazma from the Warsaw highway, XLI Corps on the road to Kalinin`, () => {
      const { attacks, moves } = axisTurn1(level);
      // Until issue #43's fourth rules XXIV Corps went by Shostka on Trubchevsk, XL Corps on
      // Bryansk or Maloyaroslavets, and the northern group stayed on Vyazma.
      assert.equal(attacks.get('xxiv-pz'), 'sevsk from glukhov', JSON.stringify([...attacks]));
      assert.equal(attacks.get('xl-pz'), 'vyazma from yukhnov', JSON.stringify([...attacks]));
      const xli = moves.get('xli-pz')!;
      assert.ok(['sychevka', 'vyazma'].includes(xli), `XLI Corps to ${xli}`);
      for (const id of ['xli-pz', 'vi', 'xxvii']) {
        const to = moves.get(id);
        if (to)
          assert.ok(
            lines(to) <= lines(typhoon().units.find((u) => u.id === id)!.at),
            `${id} to ${to}: no farther from Kalinin`,
          );
      }
    });
  }
  it('spreads German air over the battles where it adds most to the odds: not all four to one battle (C-5.1, A.4)', () => {
    const { air } = axisTurn1(1);
    assert.ok(air.size >= 2, `air committed to ${JSON.stringify([...air])}`);
    assert.ok(Math.max(...air.values()) < 4, 'the rules of thumb of rules /3 sent all four to Dorogobuzh');
  });
});

/** A position: only the units named stay on the map, at the points given. */
function alone(
  units: Record<string, string>,
  change?: (g: CampaignState) => void,
  seed = 'alone',
): GameState<CampaignState> {
  return position(opening(seed), units, change ? { change } : {});
}

/**
 * The Soviet movement step with only `units` on the map (`alone`), the places named held by
 * the Axis, no factory or replacement left: what the Soviet rules of thumb do first there
 * with `params`.
 */
function sovietFirstMove(
  units: Record<string, string>,
  at: { seed: string; turn: number; weather: CampaignState['weather']; axisHeld: readonly string[] },
): (params: PolicyParams) => Action {
  const s = alone(
    units,
    (g) => {
      for (const p of at.axisHeld) g.control[p] = 'axis';
      for (const f of g.factories) f.status = 'evacuated';
      g.replacements = 0;
      g.turn = at.turn;
      g.weather = at.weather;
      g.player = 'soviet';
      g.phase = 'movement';
      g.partisansToPlace = 0;
    },
    at.seed,
  );
  return (params) => campaignPolicy(params)(rules, s, 'soviet');
}

describe('the rules of thumb in breakthrough and retreat (C-6.1, B.4a)', () => {
  it('a panzer corps that took Sevsk on turn 1 breaks through to Orel, 140 km on, against the airborne corps there', () => {
    let s = alone(
      { 'xxiv-pz': 'glukhov', '13a': 'sevsk', '5-abc': 'orel', xiii: 'roslavl', 'ii-fk-1': 'roslavl' },
      (g) => {
        const d = g.units.find((u) => u.id === '13a')!;
        d.losses = 3;
        d.dispersed = true;
      },
    );
    const ai = new CampaignAiPlayer('bt', { level: 1 });
    const soviet = new CampaignAiPlayer('bt-s', { level: 1 });
    s = playWhile(
      s,
      { axis: ai, soviet },
      (g) => g.phase !== 'breakthrough' && g.turn === 1 && g.player === 'axis',
    );
    assert.equal(s.state.phase, 'breakthrough', 'Sevsk taken: breakthrough movement');
    const a = ai.choose(rules, s, 'axis') as { type: string; to?: string };
    // Until rules /4 a breakthrough went one line, and the rules of thumb never attacked a defended point in it.
    assert.deepEqual([a.type, a.to], ['breakthrough', 'orel']);
  });

  it('a Soviet army falls back on its friends, not into an empty point on the enemy’s road (B.4a)', () => {
    // XXIV Corps attacks the 13th Army at Sevsk; Yermakov's group stands at Dmitriev, Dmitrovsk is empty.
    let s = alone({
      'xxiv-pz': 'glukhov',
      gd: 'glukhov',
      '13a': 'sevsk',
      yermakov: 'dmitriev',
      xiii: 'roslavl',
    });
    s = playWhile(
      s,
      { axis: new CampaignAiPlayer('r', { level: 1 }), soviet: new CampaignAiPlayer('r-s', { level: 1 }) },
      (g) => !(g.battle?.stage === 'route') && g.turn === 1 && g.player === 'axis',
    );
    if (s.state.battle?.stage === 'route') {
      const a = new CampaignAiPlayer('r-s', { level: 1 }).choose(rules, s, 'soviet') as {
        type: string;
        to?: string;
      };
      // The rules of thumb of rules /3 took the first point offered, Dmitrovsk.
      assert.deepEqual([a.type, a.to], ['retreat-to', 'dmitriev']);
    } else assert.fail('the 13th Army did not retreat from Sevsk with these dice');
  });
});

describe('the rules of thumb take the best action, and end a step when nothing scores above zero', () => {
  it('an action worth nothing is not taken over the end of the step (rules /4 took it when it came first)', () => {
    const move = { type: 'move' as const, unit: 'xli-pz', to: 'mozhaisk' };
    const end = { type: 'end-breakthrough' as const };
    assert.deepEqual(
      bestOf([
        { action: move, score: 0 },
        { action: end, score: 0 },
      ]).action,
      end,
    );
    assert.deepEqual(
      bestOf([
        { action: move, score: -4 },
        { action: end, score: 0 },
      ]).action,
      end,
    );
    assert.deepEqual(
      bestOf([
        { action: move, score: 3 },
        { action: end, score: 0 },
      ]).action,
      move,
    );
    const fight = { type: 'fight' as const, at: 'vyazma' };
    assert.deepEqual(bestOf([{ action: fight, score: 0 }]).action, fight, 'a step with no end: the best');
  });
  it('on turn 1 XLI Corps breaks through on its road to Kalinin, not on to Mozhaisk, and stands at Staritsa after turn 2 (rules /5)', () => {
    const players = {
      axis: new CampaignAiPlayer('north-a', { level: 1 }),
      soviet: new CampaignAiPlayer('north-s', { level: 1 }),
    };
    const at: string[] = [];
    playWhile(
      opening('north'),
      players,
      (g) => g.turn <= 2,
      (before, _side, _a, after) => {
        if (before.player === 'axis' && after.player === 'soviet')
          at.push(after.units.find((u) => u.id === 'xli-pz')!.at);
      },
    );
    // Rules /4: Sychevka held by Boldin's group and the 49th Army (a lone corps' attack
    // failed in 19 of 24 games), or taken and then the breakthrough on to Mozhaisk, worth
    // nothing to XLI Corps' axis; the Mud then held it at Sychevka.
    assert.deepEqual(at, ['sychevka', 'staritsa']);
  });
});

/** The Axis attacks `point` with `attackers` (from `from`), German air `air` over it; the Soviets to allocate air. */
function sovietAirAllocation(
  point: string,
  from: string,
  attackers: readonly string[],
  defenders: readonly string[],
  air: readonly string[],
): GameState<CampaignState> {
  const units: Record<string, string> = { 'wf-vvs': 'gzhatsk', '5a': 'moscow' };
  for (const id of [...attackers, ...defenders, ...air]) units[id] = point;
  return alone(units, (g) => {
    for (const u of g.units)
      if (attackers.includes(u.id)) {
        u.from = from;
        u.moved = true;
      } else if (air.includes(u.id)) u.at = from;
    g.control[from] = 'axis';
    g.attacks = [point];
    g.phase = 'air';
    g.airSide = 'soviet';
    g.airCommitted = air.map((unit) => ({ unit, at: point }));
    g.airUsed = [...air];
  });
}

describe('Soviet air in the rules of thumb (A.1, A.3, RULINGS P-9, P-17)', () => {
  const choice = (s: GameState<CampaignState>) =>
    new CampaignAiPlayer('air-s', { level: 1 }).choose(rules, s, 'soviet');
  it('defends a point the attack does not overwhelm: the 32nd and 33rd Armies against VIII Corps', () => {
    const s = sovietAirAllocation('vyazma', 'yartsevo', ['viii'], ['32a', '33a'], []);
    assert.deepEqual(choice(s), { type: 'commit-air', unit: 'wf-vvs', at: 'vyazma' });
  });
  it('one air unit to a battle, a second only where victory points are (flak rolls on the column of all of them, A.1b)', () => {
    const s = sovietAirAllocation('sychevka', 'kholm-zhirkovsky', ['viii'], ['49a'], []);
    s.state.units.find((u) => u.id === 'rf-vvs')!.place = 'map';
    s.state.units.find((u) => u.id === 'rf-vvs')!.at = 'gzhatsk';
    const first = choice(s);
    assert.equal(first.type, 'commit-air');
    const r = apply(rules, s, 'soviet', first);
    assert.ok(r.ok);
    assert.deepEqual(choice(r.value), { type: 'end-air' }, 'Sychevka has no victory points');
  });
  it('not a point the attack overwhelms: defenders destroyed take their air with them (P-9)', () => {
    // LVI and XLI Corps with two German air units: 27 against 2 and the air unit.
    const s = sovietAirAllocation(
      'vyazma',
      'yartsevo',
      ['lvi-pz', 'xli-pz'],
      ['32a'],
      ['viii-fk-1', 'viii-fk-2'],
    );
    assert.deepEqual(choice(s), { type: 'end-air' });
  });
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

  it('brings the garrison up when the Axis strength next to Moscow is more than twice it (moscowGuard)', () => {
    const at: Record<string, string> = {
      '4-moscow': 'moscow',
      'xl-pz': 'istra',
      'xli-pz': 'istra',
      '1-shock': 'dmitrov',
    };
    const move = sovietFirstMove(at, { seed: 'guard', turn: 5, weather: 'snow', axisHeld: ['istra'] });
    // XL and XLI Corps (9) at Istra against one militia division (1): the 1st Shock Army goes in.
    assert.deepEqual(move(DEFAULT_PARAMS), { type: 'move', unit: '1-shock', to: 'moscow' });
    assert.notDeepEqual(
      move({ ...DEFAULT_PARAMS, moscowGuard: 0 }),
      { type: 'move', unit: '1-shock', to: 'moscow' },
      'rules /4: one unit in Moscow, whatever came',
    );
  });
  it('holds Tula against the Axis strength within three lines (cityGuard): the 50th Army stays, as in 1941 [13]', () => {
    const at: Record<string, string> = {
      '4-moscow': 'moscow',
      '50a-tula': 'tula',
      'tula-gar': 'tula',
      'xxiv-pz': 'mtsensk',
      'xlvii-pz': 'mtsensk',
      gd: 'orel',
    };
    const move = sovietFirstMove(at, {
      seed: 'tula',
      turn: 3,
      weather: 'good',
      axisHeld: ['orel', 'mtsensk'],
    });
    // XXIV and XLVII Corps (10) two lines off at Mtsensk, Gross Deutschland (3) three at
    // Orel: half of their half is 3.25, so neither the 50th Army (3) nor the tank brigades
    // (2) may leave the other alone; with rules /5's rules of thumb one unit goes.
    assert.deepEqual(move(DEFAULT_PARAMS), { type: 'end-movement' });
    const unguarded = move({ ...DEFAULT_PARAMS, cityGuard: 0 });
    assert.ok(['move', 'rail'].includes(unguarded.type), 'rules /5: all but the last unit free to go');
    assert.ok(['50a-tula', 'tula-gar'].some((id) => id === unguarded.unit));
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

/** An Axis plan's parameters (search.ts). */
const axisPlan = (key: string): PolicyParams => {
  const plan = CAMPAIGN_PLANS.axis.find((p) => p.key === key);
  assert.ok(plan, `an Axis plan ${key}`);
  return plan.params;
};

/**
 * The Axis movement step with only `units` on the map (`alone`), the places named held by
 * the Axis: every move the rules of thumb make with `params` until the step ends.
 */
function axisMovement(
  units: Record<string, string>,
  at: {
    turn: number;
    weather: CampaignState['weather'];
    axisHeld: readonly string[];
    fortified: readonly string[];
  },
  params: PolicyParams,
): { unit: string; to: string }[] {
  let s = alone(units, (g) => {
    for (const p of at.axisHeld) g.control[p] = 'axis';
    g.fortified = [...at.fortified];
    g.turn = at.turn;
    g.weather = at.weather;
    g.player = 'axis';
    g.phase = 'movement';
  });
  const policy = campaignPolicy(params);
  const moves: { unit: string; to: string }[] = [];
  for (
    let guard = 0;
    guard < 50 && s.state.phase === 'movement' && rules.activeSides(s.state).includes('axis');
    guard++
  ) {
    const a = policy(rules, s, 'axis');
    if ((a.type === 'move' || a.type === 'rail') && typeof a.unit === 'string' && typeof a.to === 'string')
      moves.push({ unit: a.unit, to: a.to });
    const r = apply(rules, s, 'axis', a);
    assert.ok(r.ok, JSON.stringify(a));
    s = r.value;
  }
  assert.ok(
    s.state.phase !== 'movement' || s.state.player !== 'axis',
    'the Axis movement step played to its end',
  );
  return moves;
}

describe('the Axis plans of rules version 6: Tula contained, the points held through the winter (issue #44)', () => {
  // Panzer Group 2 (XXIV and XLVII Corps, Gross Deutschland: 13) at Plavsk, next to Tula
  // held by the 50th Army and the Tula garrison (5); turn 3, Mud.
  const units = {
    'xxiv-pz': 'plavsk',
    'xlvii-pz': 'plavsk',
    gd: 'plavsk',
    '50a-tula': 'tula',
    'tula-gar': 'tula',
    '4-moscow': 'moscow',
  };
  const turn3 = { turn: 3, weather: 'mud' as const, axisHeld: ['orel', 'mtsensk', 'plavsk'] };
  const intoTula = (moves: readonly { to: string }[]) => moves.filter((m) => m.to === 'tula').length;

  it('the rules of thumb storm a fortified Tula at 13 against 5 (C-8); the contain plan does not', () => {
    const fortified = { ...turn3, fortified: ['tula'] };
    assert.ok(intoTula(axisMovement(units, fortified, DEFAULT_PARAMS)) > 0, 'level 1 attacks Tula');
    assert.equal(intoTula(axisMovement(units, fortified, axisPlan('contain'))), 0);
  });

  it('the contain plan storms Tula where no fortification stands (the fortified margin only)', () => {
    assert.ok(intoTula(axisMovement(units, { ...turn3, fortified: [] }, axisPlan('contain'))) > 0);
  });

  it('the hold plan keeps a garrison in Mozhaisk against the Soviet armies next to it (axisGuard, P-15)', () => {
    // XL Corps (5) holds Mozhaisk (2 victory points) with the 5th and 16th Armies (5) at
    // Kubinka and Ruza, nothing at Borodino behind it; turn 5, Snow.
    const mozhaisk = { 'xl-pz': 'mozhaisk', '5a': 'kubinka', '16a': 'ruza', '4-moscow': 'moscow' };
    const winter = {
      turn: 5,
      weather: 'snow' as const,
      axisHeld: ['mozhaisk', 'borodino', 'gzhatsk', 'vereya'],
      fortified: [],
    };
    const left = (moves: readonly { unit: string }[]) => moves.some((m) => m.unit === 'xl-pz');
    assert.ok(left(axisMovement(mozhaisk, winter, DEFAULT_PARAMS)), 'level 1 marches XL Corps on');
    const hold = axisPlan('hold');
    assert.ok(
      left(axisMovement(mozhaisk, winter, { ...hold, axisGuard: 0 })),
      'so does the plan without its guard',
    );
    assert.ok(!left(axisMovement(mozhaisk, winter, hold)), 'the hold plan keeps it there');
  });

  it('counts a point the Soviets stand to win back at less than one held against them (C-13.2, P-15)', () => {
    const g = structuredClone(opening().state);
    for (const u of g.units) if (u.side === 'axis') u.place = 'withdrawn';
    g.control.mozhaisk = 'axis';
    g.taken.push('mozhaisk');
    g.turn = 5;
    const empty = expectedLead(g);
    const xl = g.units.find((u) => u.id === 'xl-pz')!;
    xl.place = 'map';
    xl.at = 'mozhaisk';
    assert.ok(expectedLead(g) > empty, `${expectedLead(g)} held against ${empty} empty`);
  });

  it('compares the plans that fit the turn: Tula contained once fortified (turn 2), holding from the frost (turn 4)', () => {
    assert.ok(!axisPlanKeys(1).includes('contain'));
    for (const t of [2, 3, 4]) assert.ok(axisPlanKeys(t).includes('contain'), `turn ${t}`);
    for (const t of [4, 5, 8]) assert.ok(axisPlanKeys(t).includes('hold'), `turn ${t}`);
    for (const t of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const keys = axisPlanKeys(t);
      assert.equal(keys[0], 'planned');
      for (const k of keys)
        assert.ok(
          CAMPAIGN_PLANS.axis.some((p) => p.key === k),
          k,
        );
    }
  });
});
