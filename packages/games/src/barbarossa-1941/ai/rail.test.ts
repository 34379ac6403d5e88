/**
 * The AI's strategic movement (policy.ts, `planStrategic`): barbarossa-1941 "Strategic
 * Movment - By Rail" (B-38) and "By Sea" (B-47) in the reinforcement step (A.1 / B.1),
 * in small positions and in AI games. A 20 x 10 map: a Russian railroad along row 05 from
 * the eastern edge (column 20) west to column 03, or a German railway along row 05 from
 * Germany (column 01) east to column 15.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, hexIndex, legalActions, type Player, setup } from '@stavka/engine';
import { Board } from '../board.ts';
import { type BarbarossaAction, barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import type { PositionInput } from '../test-positions.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { col, game } from './test-games.ts';

type G = GameState<BarbarossaState>;
const rules = barbarossaRules;

const row5 = (from: number, to: number) => {
  const out: string[] = [];
  for (let c = from; from <= to ? c <= to : c >= to; c += from <= to ? 1 : -1)
    out.push(`${String(c).padStart(2, '0')}05`);
  return out;
};

const act = (s: G, side: string, a: BarbarossaAction): G => {
  const r = apply(barbarossaRules, s, side, a, s.stateId);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const hexOf = (s: G, n: string) => hexIndex(rulesScenarioByKey(s.state.scenario).map, n);

/** The Axis player-turn passed without a move: the Russian reinforcement step (B.1) of turn 1. */
function toSovietTurn(s: G): G {
  let t = s;
  for (const step of ['end-step', 'end-step', 'end-movement', 'end-combat', 'end-movement', 'end-combat'])
    t = act(t, 'axis', { type: step } as BarbarossaAction);
  assert.equal(t.state.player, 'soviet');
  assert.equal(t.state.step, 'reinforce');
  return t;
}

/** The AI's actions in the reinforcement step it is in, each one of the legal actions, until the step ends. */
function reinforcementStep(s: G, seed = 'rail'): { actions: BarbarossaAction[]; state: G } {
  const side = s.state.player;
  const ai = new BarbarossaAiPlayer(seed);
  const actions: BarbarossaAction[] = [];
  let t = s;
  while (t.state.player === side && t.state.step === 'reinforce') {
    const a = ai.choose(rules, t, side) as BarbarossaAction;
    assert.ok(
      legalActions(rules, t, side).some((x) => JSON.stringify(x) === JSON.stringify(a)),
      `${JSON.stringify(a)} is offered`,
    );
    actions.push(a);
    t = act(t, side, a);
  }
  return { actions, state: t };
}

const strategic = (actions: readonly BarbarossaAction[]) =>
  actions.filter((a) => a.type === 'rail' || a.type === 'sea');

/** A Russian railroad from the eastern edge to column 03; Warsaw (Axis) at 0105 is what the Russians march on. */
const RUSSIAN_LINE: PositionInput['map'] = {
  zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
  edges: [{ id: 'soviet-supply', hexes: col(20) }],
  connections: [{ kind: 'rail', path: row5(20, 3) }],
  places: [
    { name: 'Warsaw', kind: 'victory-city', hex: '0105' },
    { name: 'Kiev', kind: 'victory-city', hex: '1005' },
  ],
};

describe('the AI moves reserves by rail (barbarossa-1941 "Strategic Movment - By Rail", B-38)', () => {
  it('a Russian army far from the front goes to the offered hex nearest its objective; one within a march of it walks', () => {
    const s = toSovietTurn(
      game({
        map: RUSSIAN_LINE,
        victoryPoints: { Warsaw: 1, Kiev: 1 },
        pieces: {
          far: { is: 'sov-army', at: '2005' },
          near: { is: 'sov-army', at: '0605' },
          k: { is: 'ger-inf-korps', at: '0101' },
        },
      }),
    );
    const offered = legalActions(rules, s, 'soviet').filter((a) => a.type === 'rail');
    assert.ok(
      offered.some((a) => a.type === 'rail' && a.piece === 'near'),
      'the near army may go by rail too',
    );
    const { actions, state } = reinforcementStep(s);
    assert.deepEqual(strategic(actions), [{ type: 'rail', piece: 'far', to: hexOf(s, '0305') }]);
    assert.equal(state.state.pieces.far!.disrupted, true, 'it arrives Disrupted');
  });

  it('a threatened Russian victory city short of guards is given one by rail, before the objectives', () => {
    const pieces = (k: string): PositionInput['pieces'] => ({
      far: { is: 'sov-army', at: '2005' },
      k: { is: 'ger-inf-korps', at: k },
    });
    const threatened = toSovietTurn(
      game({ map: RUSSIAN_LINE, victoryPoints: { Warsaw: 1, Kiev: 1 }, pieces: pieces('1002') }),
    );
    assert.deepEqual(strategic(reinforcementStep(threatened).actions), [
      { type: 'rail', piece: 'far', to: hexOf(threatened, '1005') },
    ]);
    // With the enemy out of a turn's reach of Kiev (9 hexes), the army goes toward Warsaw.
    const quiet = toSovietTurn(
      game({ map: RUSSIAN_LINE, victoryPoints: { Warsaw: 1, Kiev: 1 }, pieces: pieces('0101') }),
    );
    assert.deepEqual(strategic(reinforcementStep(quiet).actions), [
      { type: 'rail', piece: 'far', to: hexOf(quiet, '0305') },
    ]);
  });

  it("a city within the enemy's reach keeps its two units: neither goes off by rail", () => {
    const s = toSovietTurn(
      game({
        map: {
          ...RUSSIAN_LINE,
          places: [RUSSIAN_LINE.places![0]!, { name: 'Kiev', kind: 'victory-city', hex: '1505' }],
        },
        victoryPoints: { Warsaw: 1, Kiev: 1 },
        pieces: {
          a1: { is: 'sov-army', at: '1505' },
          a2: { is: 'sov-army', at: '1505' },
          k: { is: 'ger-inf-korps', at: '0901' }, // 7 hexes from Kiev
        },
      }),
    );
    assert.ok(
      legalActions(rules, s, 'soviet').some((a) => a.type === 'rail' && a.to === hexOf(s, '0305')),
      'the rules offer them the hex nearest Warsaw',
    );
    assert.deepEqual(strategic(reinforcementStep(s).actions), []);
  });

  it('units in contact with the enemy hold: none of them is moved by rail', () => {
    const s = toSovietTurn(
      game({
        map: RUSSIAN_LINE,
        victoryPoints: { Warsaw: 1 },
        pieces: {
          line: { is: 'sov-army', at: '1505' },
          pz: { is: 'ger-pz-div', at: '1504' },
        },
      }),
    );
    assert.ok(
      legalActions(rules, s, 'soviet').some((a) => a.type === 'rail' && a.piece === 'line'),
      'the rules offer the army a rail move (a division has no ZOC beyond its hex)',
    );
    assert.deepEqual(strategic(reinforcementStep(s).actions), []);
  });

  it('a Katyusha only where a unit covers it (B-42: alone, it is moved through and eliminated)', () => {
    const pieces = (army: boolean): PositionInput['pieces'] => ({
      kat: { is: 'sov-katyusha', at: '1905' },
      ...(army ? { far: { is: 'sov-army', at: '2005' } } : {}),
      k: { is: 'ger-inf-korps', at: '0101' },
    });
    const alone = toSovietTurn(
      game({ map: RUSSIAN_LINE, victoryPoints: { Warsaw: 1 }, pieces: pieces(false) }),
    );
    assert.ok(
      legalActions(rules, alone, 'soviet').some((a) => a.type === 'rail' && a.piece === 'kat'),
      'the rules offer the Katyusha its rail move',
    );
    assert.deepEqual(strategic(reinforcementStep(alone).actions), []);
    const escorted = toSovietTurn(
      game({ map: RUSSIAN_LINE, victoryPoints: { Warsaw: 1 }, pieces: pieces(true) }),
    );
    assert.deepEqual(strategic(reinforcementStep(escorted).actions), [
      { type: 'rail', piece: 'far', to: hexOf(escorted, '0305') },
      { type: 'rail', piece: 'kat', to: hexOf(escorted, '0305') },
    ]);
  });

  /** A German railway from Germany to 1505, a railhead at 1305; Moscow (Russian) at 1905, a Russian division at 1605. */
  const axisGame = (unit: string) =>
    game({
      map: {
        zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
        edges: [{ id: 'soviet-supply', hexes: col(20) }],
        connections: [
          { kind: 'rail-german', path: row5(1, 15) },
          { kind: 'rail', path: col(20) },
        ],
        places: [{ name: 'Moscow', kind: 'victory-city', hex: '1905' }],
      },
      victoryPoints: { Moscow: 3 },
      railheads: ['1305'],
      pieces: {
        a: { is: unit, at: '0105' },
        d: { is: 'sov-weak-div', at: '1605' },
        r: { is: 'sov-army', at: '1902' },
      },
    });

  it('the Axis moves a German unit up along its railway, even next to the enemy (German units recover at A.9)', () => {
    const s = axisGame('ger-army');
    const { actions } = reinforcementStep(s);
    assert.deepEqual(strategic(actions), [{ type: 'rail', piece: 'a', to: hexOf(s, '1505') }]);
  });

  it('an Axis allied unit, Disrupted until B.4, only to a hex not next to an enemy unit', () => {
    const s = axisGame('rum-army');
    assert.ok(
      legalActions(rules, s, 'axis').some((a) => a.type === 'rail' && a.to === hexOf(s, '1505')),
      'the rules offer 1505',
    );
    assert.deepEqual(strategic(reinforcementStep(s).actions), [
      { type: 'rail', piece: 'a', to: hexOf(s, '1405') },
    ]);
  });
});

describe('the AI moves a guard by sea only at the friendly risk (barbarossa-1941 "Strategic Movment - By Sea", B-47)', () => {
  /** The Black Sea in columns 06-08, rows 01-08; Odessa (a Russian port) at 0503, a port at 0903 across it; Sevastopol controls the sea. */
  const seaGame = (control: Record<string, 'axis' | 'soviet'>) =>
    toSovietTurn(
      game(
        {
          map: {
            terrain: Object.fromEntries([6, 7, 8].flatMap((c) => col(c, 8).map((h) => [h, 'sea']))) as Record<
              string,
              'sea'
            >,
            zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
            edges: [{ id: 'soviet-supply', hexes: col(20) }],
            connections: [{ kind: 'rail', path: col(20) }],
            places: [
              { name: 'Odessa', kind: 'victory-city', hex: '0503' },
              { name: 'East Port', kind: 'town', hex: '0903' },
              { name: 'Sevastopol', kind: 'city', hex: '1210' },
            ],
          },
          victoryPoints: { Odessa: 1 },
          ports: [
            { hex: '0503', sea: 'black' },
            { hex: '0903', sea: 'black' },
          ],
          seaControl: { black: ['1210'] },
          pieces: {
            r: { is: 'sov-army', at: '0903' },
            k: { is: 'ger-inf-korps', at: '0201' },
          },
        },
        control,
      ),
    );

  it('a threatened port city no train or march reaches gets its guard by sea when its side controls the sea', () => {
    const s = seaGame({});
    assert.deepEqual(strategic(reinforcementStep(s).actions), [
      { type: 'sea', piece: 'r', to: hexOf(s, '0503') },
    ]);
  });

  it('not under enemy control (sunk on 1-3)', () => {
    const s = seaGame({ Sevastopol: 'axis' });
    assert.ok(
      legalActions(rules, s, 'soviet').some((a) => a.type === 'sea'),
      'the rules offer the sea move',
    );
    assert.deepEqual(strategic(reinforcementStep(s).actions), []);
  });
});

describe('rail moves in AI games', () => {
  /** AI against AI through the first two game-turns, every action through the checked apply; the rail moves and the states they were chosen in. */
  const firstTurns = (seed: number) => {
    const made = setup(rules, null, seed, {});
    assert.ok(made.ok);
    let s = made.value;
    const players: Record<string, Player> = {
      axis: new BarbarossaAiPlayer(`a${seed}`),
      soviet: new BarbarossaAiPlayer(`s${seed}`),
    };
    const rails: { side: string; turn: number; inContact: boolean }[] = [];
    const reinforcements: G[] = [];
    while (s.state.turn <= 2 && s.state.step !== 'over') {
      const side = rules.activeSides(s.state)[0]!;
      const a = players[side]!.choose(rules, s, side) as BarbarossaAction;
      if (a.type === 'rail') {
        const b = new Board(s.state);
        const at = s.state.pieces[a.piece]!.at;
        const { offsets, targets } = b.s.map.graph;
        let inContact = false;
        for (let k = offsets[at]!; k < offsets[at + 1]!; k++)
          if (targets[k]! >= 0 && b.hasEnemyGround(side as 'axis' | 'soviet', targets[k]!)) inContact = true;
        rails.push({ side, turn: s.state.turn, inContact });
      }
      const next = act(s, side, a);
      if (next.state.step === 'reinforce' && s.state.step !== 'reinforce') reinforcements.push(next);
      s = next;
    }
    return { rails, reinforcements };
  };

  it('the Russians bring reserves by rail in their first player-turn, never a unit in contact; deterministic', () => {
    const { rails, reinforcements } = firstTurns(1);
    const soviet = rails.filter((r) => r.side === 'soviet');
    // (On turn 2 their reserves may already stand within a march of their line: no train then.)
    assert.ok(
      soviet.some((r) => r.turn === 1),
      `the Russian AI moved units by rail on turn 1 (2 allowed): ${JSON.stringify(rails)}`,
    );
    assert.deepEqual(
      rails.filter((r) => r.inContact),
      [],
      'no unit in contact with the enemy left its place by rail',
    );
    // The same reinforcement step played again by a player of the same seed: the same moves.
    assert.ok(reinforcements.length >= 2);
    for (const s of reinforcements)
      assert.deepEqual(reinforcementStep(s, 'again').actions, reinforcementStep(s, 'again').actions);
  });
});
