/**
 * The AI's operational plan (issue #44, `plan.ts`, `policy.ts`): the Axis army groups'
 * objectives, no attack out of Rumania while its cities would fall with it open (RULINGS
 * B-66, B-12), and the Russian line: reserves toward the front, not onto a city the Axis holds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, hexIndex, legalActions, setup } from '@stavka/engine';
import { Board } from '../board.ts';
import { hexDistance } from '../combat-results.ts';
import { type BarbarossaAction, barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey, type Side } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { AxisPlan } from './plan.ts';
import { col, game } from './test-games.ts';

type G = GameState<BarbarossaState>;
const rules = barbarossaRules;

/** `side`'s AI plays its player-turn (the other side passing whatever it is asked), until the other side's player-turn begins. */
function playerTurn(s: G, side: Side, seed = 'plan'): { end: G; actions: BarbarossaAction[] } {
  const ai = new BarbarossaAiPlayer(seed);
  const actions: BarbarossaAction[] = [];
  let t = s;
  for (let n = 0; n < 500; n++) {
    const active = rules.activeSides(t.state)[0];
    if (active === undefined || t.state.player !== side) break;
    const legal = legalActions(rules, t, active) as BarbarossaAction[];
    const a =
      active === side
        ? (ai.choose(rules, t, active) as BarbarossaAction)
        : (legal.find((x) => x.type.startsWith('end')) ?? legal[0]!);
    if (active === side) actions.push(a);
    const r = apply(barbarossaRules, t, active, a, t.stateId);
    if (!r.ok) throw new Error(r.error.message);
    t = r.value;
  }
  return { end: t, actions };
}

/** `side` passes its player-turn (the first "end" offered, else the first action). */
function passes(s: G, side: Side): G {
  let t = s;
  for (let n = 0; n < 100 && t.state.player === side; n++) {
    const active = rules.activeSides(t.state)[0];
    if (active === undefined) break;
    const legal = legalActions(rules, t, active) as BarbarossaAction[];
    const a = legal.find((x) => x.type.startsWith('end')) ?? legal[0]!;
    const r = apply(barbarossaRules, t, active, a, t.stateId);
    if (!r.ok) throw new Error(r.error.message);
    t = r.value;
  }
  return t;
}

const hexOf = (g: BarbarossaState, n: string) => hexIndex(rulesScenarioByKey(g.scenario).map, n);

describe('the Axis army groups each make for their own objectives (barbarossa-1941 "Victory Conditions")', () => {
  const made = setup(rules, null, 1, {});
  assert.ok(made.ok);
  const g = made.value.state;
  const board = new Board(g);
  const plan = new AxisPlan(board, g);
  const at = (name: string) => board.s.placeHex[name]!;
  it('a unit by Koenigsberg makes for Pskov and Leningrad, one by Warsaw for Minsk, one by Lvov for Kiev, one in Rumania for Odessa', () => {
    const north = plan.fieldAt(at('Koenigsberg'));
    const centre = plan.fieldAt(at('Warsaw'));
    const south = plan.fieldAt(at('Lvov'));
    const rumania = plan.fieldAt(at('Bucharest'));
    assert.equal(north[at('Pskov')], 0);
    assert.equal(centre[at('Minsk')], 0);
    assert.equal(south[at('Kiev')], 0);
    assert.equal(rumania[at('Odessa')], 0);
    // Each group's field is not another's: the centre is not drawn to Leningrad, nor the north to Moscow.
    assert.ok(centre[at('Leningrad')]! > centre[at('Moscow')]!);
    assert.ok(north[at('Moscow')]! > north[at('Leningrad')]!);
  });
});

/**
 * A 20 x 10 map: Germany column 1, Rumania columns 2-6 with Bucharest (0209, a Hungarian
 * korps in it); a Russian army at 0702 next to a German army and korps at 0602 in Rumania,
 * too far to march to Bucharest; with `raiders`, Russian tank korps that could reach
 * Bucharest if Rumania were open. Turn 2 (turn 1 forbids any attack
 * out of Rumania), the Axis movement step.
 */
function rumaniaFront(raiders: boolean): G {
  const s = game(
    {
      map: {
        zones: [
          { id: 'germany', kind: 'axis-country', hexes: col(1) },
          { id: 'rumania', kind: 'axis-country', hexes: [2, 3, 4, 5, 6].flatMap((c) => col(c)) },
        ],
        edges: [{ id: 'soviet-supply', hexes: col(20) }],
        places: [
          { name: 'Bucharest', kind: 'victory-city', hex: '0209' },
          { name: 'Moscow', kind: 'victory-city', hex: '1905' },
        ],
      },
      victoryPoints: { Bucharest: 1, Moscow: 3 },
      pieces: {
        g1: { is: 'ger-army', at: '0602' },
        k1: { is: 'ger-inf-korps', at: '0602' },
        b1: { is: 'hun-korps', at: '0209' },
        r1: { is: 'sov-army', at: '0702' },
        ...(raiders
          ? {
              t1: { is: 'sov-tank-korps', at: '0707' },
              t2: { is: 'sov-tank-korps', at: '0708' },
              t3: { is: 'sov-tank-korps', at: '0709' },
              t4: { is: 'sov-tank-korps', at: '0710' },
              t5: { is: 'sov-tank-korps', at: '0706' },
              t6: { is: 'sov-tank-korps', at: '0806' },
            }
          : {}),
      },
    },
    { Moscow: 'soviet' },
  );
  s.state.turn = 2;
  return s;
}

describe('the Axis attacks out of Rumania only once its cities there hold with it open (RULINGS B-66, B-12)', () => {
  it('Russian tanks that could reach Bucharest once Rumania is open: no attack from a hex in Rumania', () => {
    const s = rumaniaFront(true);
    const { end, actions } = playerTurn(s, 'axis');
    const fromRumania = actions.filter(
      (a) =>
        a.type === 'allocate' &&
        rulesScenarioByKey(s.state.scenario).rumania[hexOf(s.state, '0602')] === 1 &&
        ['g1', 'k1', 'b1'].includes(a.piece),
    );
    assert.notEqual(end.state.rumaniaOpen, true, `Rumania opened by ${JSON.stringify(fromRumania)}`);
  });
  it('nothing that could reach Bucharest: the army and korps attack the Russian army next to them, opening Rumania', () => {
    const s = rumaniaFront(false);
    const { end, actions } = playerTurn(s, 'axis');
    assert.ok(
      actions.some((a) => a.type === 'allocate' && a.piece === 'g1'),
      `the Axis actions: ${JSON.stringify(actions)}`,
    );
    assert.equal(end.state.rumaniaOpen, true);
  });
});

describe('the Russian reserves march to their line, not onto a city the Axis holds (issue #44)', () => {
  it('a reserve between Moscow threatened and Kiev held by the Axis goes toward the German army before Moscow', () => {
    // Moscow 1805 with a garrison; a German army at 1305; Kiev 1010 held by the Axis, empty;
    // a Russian reserve at 1509.
    const s = game(
      {
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          places: [
            { name: 'Moscow', kind: 'victory-city', hex: '1805' },
            { name: 'Kiev', kind: 'victory-city', hex: '1010' },
          ],
        },
        victoryPoints: { Moscow: 3, Kiev: 1 },
        pieces: {
          a1: { is: 'ger-army', at: '1305' },
          m1: { is: 'sov-army', at: '1805' },
          m2: { is: 'sov-army', at: '1804' },
          r: { is: 'sov-army', at: '1509' },
        },
      },
      { Moscow: 'soviet', Kiev: 'axis' },
    );
    const { end, actions } = playerTurn(passes(s, 'axis'), 'soviet');
    const b = new Board(end.state);
    const to = end.state.pieces.r!.at;
    const from = hexOf(s.state, '1509');
    const german = hexOf(s.state, '1305');
    const kiev = hexOf(s.state, '1010');
    assert.notEqual(to, from, `the reserve moved: ${JSON.stringify(actions)}`);
    assert.ok(hexDistance(b, to, german) < hexDistance(b, from, german), 'nearer the German army');
    assert.ok(hexDistance(b, to, kiev) >= hexDistance(b, from, kiev), 'no nearer Kiev');
    // Moscow keeps a ground garrison.
    assert.ok(b.sideAt('soviet', hexOf(s.state, '1805')).length > 0, 'Moscow held');
  });
});
