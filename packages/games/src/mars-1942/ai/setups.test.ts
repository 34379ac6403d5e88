import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  apply,
  axialDistance,
  type GameRules,
  type GameState,
  hexAxial,
  setup,
} from '@stavka/engine';
import { type MarsState, marsRules } from '../index.ts';
import { AiPlayer } from './ai.ts';
import { variantSetup, withSetupSearch } from './balance.ts';
import { frontDistance } from './map.ts';
import {
  Board,
  hexIndex,
  isInfantry,
  isMarsGame,
  isMobile,
  type MarsAction,
  scenarioByKey,
} from './mars-games.ts';
import { MarsPolicy, PLANNER_PARAMS } from './policy.ts';
import { isSetupPoint, MARS_PLANS, marsSearchDomain, sovietSetups } from './search.ts';
import { onFace, parseSetupPlan, type SetupPlan } from './setups.ts';

const rules = marsRules;

interface Placed {
  unit: string;
  hex: number;
  /** The hexes the rules offered the unit when it was placed. */
  offered: number[];
}

/**
 * Plays the set-up with `german` and `soviet` plans (null: the historical set-up) through
 * the checked `apply`, recording where each unit went and what else it was offered.
 */
function playSetup(german: SetupPlan | null, soviet: SetupPlan | null) {
  const made = setup(rules, null, 1, {});
  assert.ok(made.ok);
  let s: GameState<MarsState> = made.value;
  const placed: Placed[] = [];
  const policies = {
    german: new MarsPolicy({ ...PLANNER_PARAMS.german, ...(german ? { setup: german } : {}) }),
    soviet: new MarsPolicy({ ...PLANNER_PARAMS.soviet, ...(soviet ? { setup: soviet } : {}) }),
  };
  const sc = scenarioByKey(s.state.scenario);
  while (s.state.step === 'setup') {
    const side = rules.activeSides(s.state)[0] as 'german' | 'soviet';
    const legal = rules.legalActions(s.state, side) as readonly MarsAction[];
    const a = policies[side].choose(s, side, legal);
    assert.ok(legal.includes(a), `${side} chose ${JSON.stringify(a)}, not in the legal list`);
    if (a.type === 'deploy') {
      const offered = legal.flatMap((x) =>
        x.type === 'deploy' && x.unit === a.unit ? [hexIndex(sc.map, x.hex)] : [],
      );
      placed.push({ unit: a.unit, hex: hexIndex(sc.map, a.hex), offered });
    }
    const next = apply(rules, s, side, a, s.stateId);
    assert.ok(next.ok, next.ok ? '' : next.error.message);
    s = next.value;
  }
  return { state: s, placed, sc };
}

describe('set-ups other than the historical one (ai/setups.ts)', () => {
  it('reads the lab’s plans and rejects what it does not know', () => {
    assert.deepEqual(parseSetupPlan('soviet', 'north'), {
      bearing: 0,
      width: 50,
      depth: 1,
      mass: 'striking',
    });
    assert.deepEqual(parseSetupPlan('soviet', 'east/all'), { bearing: 90, width: 50, depth: 1, mass: 'all' });
    assert.deepEqual(parseSetupPlan('german', 'north'), {
      bearing: 0,
      width: 50,
      depth: 2,
      mass: 'striking',
    });
    assert.deepEqual(parseSetupPlan('german', 'nw/1'), {
      bearing: 315,
      width: 50,
      depth: 1,
      mass: 'striking',
    });
    assert.equal(
      parseSetupPlan('german', 'north/all'),
      null,
      'the German has no "all": his infantry garrisons the zones',
    );
    assert.deepEqual(parseSetupPlan('soviet', 'north/all/r2'), {
      bearing: 0,
      width: 50,
      depth: 1,
      mass: 'all',
      radius: 2,
    });
    assert.equal(parseSetupPlan('soviet', 'up'), null);
    assert.equal(parseSetupPlan('soviet', 'north/9'), null);
    assert.equal(parseSetupPlan('soviet', 'north/r0'), null);
    const v = variantSetup('no-doubling,german-setup:north/1,soviet-setup:east/all');
    assert.equal(v.options.firstTurnDoubling, false);
    assert.equal(v.setups.german?.depth, 1);
    assert.equal(v.setups.soviet?.mass, 'all');
    assert.throws(() => variantSetup('soviet-setup:up'), /unknown set-up "up"/);
    assert.equal(variantSetup('german-setup:historical').setups.german, null, 'history, whatever the level');
    assert.throws(() => variantSetup('standard,sideways'), /unknown variant "sideways"/);
  });

  it('Zhukov masses his korps and mobile units on the face he names; the rest stand where they stood in 1942', () => {
    const plan = parseSetupPlan('soviet', 'north')!;
    const { state, placed, sc } = playSetup(null, plan);
    assert.equal(state.state.step !== 'setup' && state.state.turn, 1, 'the game starts');
    const soviet = sc.unitIds.filter(
      (id) => sc.units[id]!.side === 'soviet' && state.state.units[id]!.status === 'map',
    );
    assert.equal(placed.length, soviet.length, 'every Soviet unit is placed');
    let massedOnFace = 0;
    for (const p of placed) {
      const u = sc.units[p.unit]!;
      if (u.size === 'korps' || isMobile(u)) {
        // On the face whenever the rules still offered it a hex there.
        if (p.offered.some((h) => onFace(sc, 'soviet', plan, h))) {
          assert.ok(onFace(sc, 'soviet', plan, p.hex), `${p.unit} left the face`);
          massedOnFace++;
        }
      } else if (p.offered.includes(sc.historical.soviet[p.unit]!)) {
        assert.equal(p.hex, sc.historical.soviet[p.unit], `${p.unit} moved from its historical hex`);
      } else assert.equal(frontDistance(sc, 'soviet')[p.hex], 1, `${p.unit} is not in the front line`);
    }
    const striking = soviet.filter((id) => sc.units[id]!.size === 'korps' || isMobile(sc.units[id]!));
    assert.equal(massedOnFace, striking.length, 'every korps and mobile unit found room on the north face');
    // The Kalinin Front limits hold (the rules' own list): at most 3 korps there.
    const board = new Board(sc, state.state);
    const korps = sc.kalinin.hexes
      .flatMap((h) => board.at[h]!)
      .filter((id) => sc.units[id]!.size === 'korps');
    assert.ok(korps.length <= 3);
  });

  it('von Kluge garrisons every zone with infantry first, then puts his kampfgruppen in the line of the face', () => {
    const plan = parseSetupPlan('german', 'north/1')!;
    const { placed, sc } = playSetup(plan, null);
    const german = placed.filter((p) => sc.units[p.unit]!.side === 'german');
    const garrisons = german.filter(
      (p) => isInfantry(sc.units[p.unit]!) && sc.units[p.unit]!.size === 'division',
    );
    assert.equal(garrisons.length, sc.defenseZones.length, 'one division a zone');
    assert.deepEqual(
      german.slice(0, garrisons.length).map((p) => p.unit),
      garrisons.map((p) => p.unit),
      'the garrisons first, so the zones are theirs',
    );
    let onTheFace = 0;
    for (const p of german.slice(garrisons.length))
      if (p.offered.some((h) => onFace(sc, 'german', plan, h))) {
        assert.ok(onFace(sc, 'german', plan, p.hex), `${p.unit} left the face`);
        onTheFace++;
      }
    assert.equal(
      onTheFace,
      german.length - garrisons.length,
      'every kampfgruppe found room on the north face',
    );
  });

  it('on a ring ("ring/1") the kampfgruppen stand in the line all round the salient: every face Zhukov can mass on has some', () => {
    const plan = parseSetupPlan('german', 'ring/1')!;
    assert.deepEqual(plan, { bearing: 0, width: 180, depth: 1, mass: 'striking', ring: true });
    assert.equal(parseSetupPlan('soviet', 'ring'), null, 'a German plan only');
    const { placed, sc } = playSetup(plan, null);
    const mobile = placed.filter((p) => sc.units[p.unit]!.side === 'german' && isMobile(sc.units[p.unit]!));
    assert.equal(mobile.length, 12);
    for (const p of mobile)
      assert.equal(frontDistance(sc, 'german')[p.hex], 1, `${p.unit} is not in the line`);
    for (const face of ['north', 'ne', 'east', 'nw', 'west']) {
      const f = parseSetupPlan('german', `${face}/1`)!;
      const there = mobile.filter((p) => onFace(sc, 'german', f, p.hex)).length;
      // 12 kampfgruppen round 360 degrees: a face of 100 degrees holds three or more.
      assert.ok(there >= 3, `${there} kampfgruppen in the line of the ${face} face`);
    }
    // The garrisons keep their zones' historical hexes (one infantry division a zone).
    for (const p of placed)
      if (sc.units[p.unit]!.side === 'german' && !isMobile(sc.units[p.unit]!))
        assert.equal(p.hex, sc.historical.german[p.unit], `${p.unit} left its historical hex`);
  });

  it('the top level (ai2) sets von Kluge up on the ring; level 1 and Zhukov at every level keep 1942’s set-up', () => {
    const deployed = (player: AiPlayer, side: 'german' | 'soviet') => {
      const made = setup(rules, null, 5, {});
      assert.ok(made.ok);
      let s: GameState<MarsState> = made.value;
      const other = new MarsPolicy(PLANNER_PARAMS.soviet);
      while (s.state.step === 'setup') {
        const who = rules.activeSides(s.state)[0] as 'german' | 'soviet';
        const legal = rules.legalActions(s.state, who) as readonly MarsAction[];
        const a = who === side ? player.choose(rules, s, who) : other.choose(s, who, legal);
        const next = apply(rules, s, who, a, s.stateId);
        assert.ok(next.ok, next.ok ? '' : next.error.message);
        s = next.value;
      }
      const sc = scenarioByKey(s.state.scenario);
      return new Map(
        sc.unitIds.filter((id) => sc.units[id]!.side === side).map((id) => [id, s.state.units[id]!.at]),
      );
    };
    const ring = playSetup(parseSetupPlan('german', 'ring/1')!, null);
    const sc = ring.sc;
    const top = deployed(new AiPlayer('top', { level: 2 }), 'german');
    for (const p of ring.placed)
      if (sc.units[p.unit]!.side === 'german') assert.equal(top.get(p.unit), p.hex, `${p.unit} off the ring`);
    const low = deployed(new AiPlayer('low', { level: 1 }), 'german');
    for (const [id, at] of low)
      assert.equal(at, sc.historical.german[id] ?? at, `${id}: level 1 sets up as in 1942`);
    const zhukov = deployed(new AiPlayer('top', { level: 2 }), 'soviet');
    for (const [id, at] of zhukov)
      if (at >= 0) assert.equal(at, sc.historical.soviet[id], `${id}: Zhukov sets up as in 1942`);
  });

  it('the whole army massed ("all") stands on the face: the east face has room for all of it', () => {
    const plan = parseSetupPlan('soviet', 'east/all')!;
    const { placed, sc } = playSetup(null, plan);
    const soviet = placed.filter((p) => sc.units[p.unit]!.side === 'soviet');
    assert.equal(soviet.length, 35);
    for (const p of soviet) assert.ok(onFace(sc, 'soviet', plan, p.hex), `${p.unit} is off the east face`);
  });

  it('a plan within a radius ("rN") keeps every unit within N hexes of its historical hex, each as near the face as that allows', () => {
    const plan = parseSetupPlan('soviet', 'north/all/r1')!;
    const { placed, sc } = playSetup(null, plan);
    const soviet = placed.filter((p) => sc.units[p.unit]!.side === 'soviet');
    assert.equal(soviet.length, 35);
    const within = (a: number, b: number) => axialDistance(hexAxial(sc.map, a), hexAxial(sc.map, b));
    let moved = 0;
    for (const p of soviet) {
      const home = sc.historical.soviet[p.unit]!;
      assert.ok(
        within(home, p.hex) <= 1,
        `${p.unit} stands ${within(home, p.hex)} hexes from its historical hex`,
      );
      if (p.hex !== home) moved++;
    }
    // The second echelon's korps (history: two or three hexes back) come into the line.
    assert.ok(moved > 0, 'some units moved');
    for (const id of ['sov-6tk', 'sov-2gcc', 'sov-3mc']) {
      const p = soviet.find((x) => x.unit === id)!;
      assert.ok(
        frontDistance(sc, 'soviet')[p.hex]! < frontDistance(sc, 'soviet')[sc.historical.soviet[id]!]!,
        `${id} came nearer the front`,
      );
    }
  });

  it('the lab searches Zhukov’s set-up (soviet-setup:search/rN): each choice a legal set-up within N hexes, the same for the same seed', () => {
    assert.equal(variantSetup('soviet-setup:search/r1').setupSearch?.radius, 1);
    assert.throws(() => variantSetup('soviet-setup:search/r0'), /unknown set-up/);
    assert.throws(() => variantSetup('german-setup:search/r1'), /unknown set-up/);
    const made = setup(rules, null, 7, {});
    assert.ok(made.ok);
    let s: GameState<MarsState> = made.value;
    const german = new MarsPolicy(PLANNER_PARAMS.german);
    while (rules.activeSides(s.state)[0] === 'german') {
      const legal = rules.legalActions(s.state, 'german') as readonly MarsAction[];
      const r = apply(rules, s, 'german', german.choose(s, 'german', legal));
      assert.ok(r.ok);
      s = r.value;
    }
    assert.ok(isSetupPoint(s.state, 'soviet'), 'Zhukov about to deploy');
    assert.ok(!isSetupPoint(s.state, 'german'));
    const sc = scenarioByKey(s.state.scenario);
    const domain = marsSearchDomain(rules, MARS_PLANS, sovietSetups(1));
    const choices = domain.choices!(s, 'soviet')!;
    assert.deepEqual(
      choices.map((c) => c.key),
      [
        'setup:historical',
        'setup:north/all/r1',
        'setup:ne/all/r1',
        'setup:east/all/r1',
        'setup:nw/all/r1',
        'setup:west/all/r1',
      ],
    );
    const placements = new Set<string>();
    for (const c of choices) {
      const play = c.start();
      let t = s;
      for (let a = play(t, 'soviet'); a !== null; a = play(t, 'soviet')) {
        const r = apply(rules, t, 'soviet', a);
        assert.ok(r.ok, `${c.key}: ${JSON.stringify(a)} refused`);
        t = r.value;
        if (t.state.step === 'setup' && isSetupPoint(t.state, 'soviet'))
          assert.fail('still a set-up point after a deploy');
      }
      assert.equal(t.state.step, 'fortify', `${c.key} finishes the set-up`);
      for (const id of Object.keys(sc.historical.soviet)) {
        const home = sc.historical.soviet[id]!;
        const at = t.state.units[id]!.at;
        assert.ok(axialDistance(hexAxial(sc.map, home), hexAxial(sc.map, at)) <= 1, `${c.key}: ${id}`);
      }
      placements.add(JSON.stringify(Object.keys(sc.historical.soviet).map((id) => t.state.units[id]!.at)));
    }
    assert.equal(placements.size, choices.length, 'six different set-ups');
    // The search's pick, twice from the same seed: the same set-up.
    const pick = () => {
      const p = withSetupSearch(new MarsPolicyPlayer(), 1, 'seed-a', 6);
      let t = s;
      while (t.state.step === 'setup') {
        const r = apply(rules, t, 'soviet', p.choose(rules, t, 'soviet'));
        assert.ok(r.ok);
        t = r.value;
      }
      return Object.keys(sc.historical.soviet).map((id) => t.state.units[id]!.at);
    };
    assert.deepEqual(pick(), pick());
  });
});

/** The rule-based policy as a Player (the lab's wrapper needs one for after the set-up). */
class MarsPolicyPlayer {
  readonly name = 'policy';
  private readonly policy = new MarsPolicy(PLANNER_PARAMS.soviet);
  choose<G>(r: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    if (!isMarsGame(r, state)) throw new Error(`this policy plays Mars, not ${r.id}`);
    return this.policy.choose(
      state,
      side as 'soviet',
      r.legalActions(state.state, side) as readonly MarsAction[],
    );
  }
}
