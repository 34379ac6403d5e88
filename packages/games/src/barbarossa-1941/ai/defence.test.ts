/**
 * The Axis AI's defence of what loses it the game (policy.ts step 1, `defence.ts`):
 * barbarossa-1941 "Victory Conditions" (B-12) held against the Russians' best attack next
 * player-turn, read by the rules' own odds. Small positions on a 20 x 10 map, each played
 * through the checked `apply` from the Axis's first steps.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, type GameState, hexIndex, legalActions } from '@stavka/engine';
import { modifiedDefense } from '../attack.ts';
import { Board } from '../board.ts';
import { type BarbarossaAction, barbarossaRules } from '../rules.ts';
import { rulesScenarioByKey } from '../rules-scenario.ts';
import type { BarbarossaState } from '../state.ts';
import { BarbarossaAiPlayer } from './ai.ts';
import { col, game, row } from './test-games.ts';

type G = GameState<BarbarossaState>;
const rules = barbarossaRules;

const act = (s: G, side: string, a: BarbarossaAction): G => {
  const r = apply(barbarossaRules, s, side, a, s.stateId);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const hexOf = (s: G, n: string) => hexIndex(rulesScenarioByKey(s.state.scenario).map, n);

/** The AI's actions for the Axis while it is to act and `go` holds, each one of the legal actions. */
function axisPlays(s: G, go: (g: BarbarossaState) => boolean): { actions: BarbarossaAction[]; state: G } {
  const ai = new BarbarossaAiPlayer('defence');
  const actions: BarbarossaAction[] = [];
  let t = s;
  while (rules.activeSides(t.state)[0] === 'axis' && go(t.state)) {
    const a = ai.choose(rules, t, 'axis') as BarbarossaAction;
    assert.ok(
      legalActions(rules, t, 'axis').some((x) => JSON.stringify(x) === JSON.stringify(a)),
      `${JSON.stringify(a)} is offered`,
    );
    actions.push(a);
    t = act(t, 'axis', a);
  }
  return { actions, state: t };
}

/** The Axis's movement step (A.3) played by the AI, the reinforcement and attacks-before-movement steps passed. */
function movementStep(s: G): { actions: BarbarossaAction[]; state: G } {
  const t = act(act(s, 'axis', { type: 'end-step' }), 'axis', { type: 'end-step' });
  assert.equal(t.state.step, 'movement');
  return axisPlays(t, (g) => g.step === 'movement' && !g.breakthrough);
}

/** The Axis units in a hex and their factor-modified defense there (the rules' `modifiedDefense`). */
function held(s: G, hex: string): { units: string[]; defense: number } {
  const board = new Board(s.state);
  const h = hexOf(s, hex);
  const units = board.sideAt('axis', h);
  return { units, defense: modifiedDefense(board, h, []).reduce((t, d) => t + d.modified, 0) };
}

describe('the Axis AI holds its vital cities against the Russians\' best attack (barbarossa-1941 "Victory Conditions", B-12)', () => {
  /** Warsaw (Axis) at 0305 with a panzer division; three infantry korps behind it; six Russian Guards armies (4-4) 3 hexes east. */
  const warsaw = () =>
    game(
      {
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          connections: [{ kind: 'rail', path: row(5, 6, 20) }],
          places: [
            { name: 'Warsaw', kind: 'victory-city', hex: '0305' },
            { name: 'Moscow', kind: 'victory-city', hex: '1905' },
          ],
        },
        victoryPoints: { Warsaw: 1, Moscow: 3 },
        pieces: {
          pz: { is: 'ger-pz-div', at: '0305' },
          k1: { is: 'ger-inf-korps', at: '0204' },
          k2: { is: 'ger-inf-korps', at: '0205' },
          k3: { is: 'ger-inf-korps', at: '0206' },
          ...Object.fromEntries(
            ['0604', '0604', '0605', '0605', '0606', '0606'].map((at, i) => [
              `g${i}`,
              { is: 'sov-guards-army', at },
            ]),
          ),
        },
      },
      { Warsaw: 'axis' },
    );

  it('six Guards armies (24 factors) a move from Warsaw: korps march in until their best attack reads below 3:1', () => {
    const { state } = movementStep(warsaw());
    const w = held(state, '0305');
    // The panzer division's 2 alone: 24:2. With one korps (doubled in a victory city) 24:8 = 3:1;
    // with two, 24:14, under 2:1. (The fixed guards kept two units.)
    assert.ok(w.units.includes('pz'), 'the panzer division stays');
    assert.equal(w.units.filter((id) => id.startsWith('k')).length, 2, `two korps in Warsaw: ${w.units}`);
    assert.ok(24 < 3 * w.defense, `24 factors against ${w.defense}: below 3:1`);
  });

  it('a city nothing can reach keeps one unit, though a Russian army stands 4 hexes off across a lake', () => {
    // A lake down column 05 (rows 01-09): the Russian army at 0702 is 4 hexes from Warsaw at
    // 0302, but its whole move (OMF 3 and OMB 5) around the lake's southern end falls short.
    const s = game(
      {
        map: {
          terrain: Object.fromEntries(col(5, 9).map((h) => [h, 'lake'])) as Record<string, 'lake'>,
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          places: [
            { name: 'Warsaw', kind: 'victory-city', hex: '0302' },
            { name: 'Kiev', kind: 'victory-city', hex: '0208' },
          ],
        },
        victoryPoints: { Warsaw: 1, Kiev: 1 },
        pieces: {
          k1: { is: 'ger-inf-korps', at: '0302' },
          k2: { is: 'ger-inf-korps', at: '0302' },
          k3: { is: 'ger-inf-korps', at: '0302' },
          r: { is: 'sov-army', at: '0702' },
        },
      },
      { Warsaw: 'axis' },
    );
    const { state } = movementStep(s);
    assert.equal(held(state, '0302').units.length, 1, 'one korps stays, the others march on Kiev');
  });

  it('a Russian railroad ending 2 hexes from Warsaw: the armies a train could bring (B-38) count, far as they stand', () => {
    // Two Guards armies 12-13 hexes east, beyond their whole move (OMF 3 and OMB 5), on a
    // railroad from the eastern edge to 0505; on turn 1 "Only 2 Russian units may move by rail".
    const s = game(
      {
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          connections: [{ kind: 'rail', path: row(5, 5, 20) }],
          places: [
            { name: 'Warsaw', kind: 'victory-city', hex: '0305' },
            { name: 'Moscow', kind: 'victory-city', hex: '1909' },
          ],
        },
        victoryPoints: { Warsaw: 1, Moscow: 3 },
        pieces: {
          pz: { is: 'ger-pz-div', at: '0305' },
          k1: { is: 'ger-inf-korps', at: '0204' },
          k2: { is: 'ger-inf-korps', at: '0206' },
          g1: { is: 'sov-guards-army', at: '1705' },
          g2: { is: 'sov-guards-army', at: '1805' },
        },
      },
      { Warsaw: 'axis' },
    );
    const { state } = movementStep(s);
    const w = held(state, '0305');
    // 8 factors against the panzer division's 2: 4:1; with a korps (doubled), 8:8.
    assert.ok(w.units.length >= 2, `a korps joins the panzer division: ${w.units}`);
    assert.ok(8 < 3 * w.defense, `8 factors against ${w.defense}: below 3:1`);
  });

  it('a vital city no march reaches in time gets a German army by rail when its two units leave the Russians 3:1 or more', () => {
    // A German railway from Germany along row 05 to 1505, a branch down column 09 to Bucharest
    // at 0909; four Russian armies 3 hexes east of it; a German army in Germany.
    const s = game(
      {
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          connections: [
            { kind: 'rail-german', path: row(5, 1, 15) },
            { kind: 'rail-german', path: ['0905', '0906', '0907', '0908', '0909'] },
            { kind: 'rail', path: col(20) },
          ],
          places: [
            { name: 'Bucharest', kind: 'victory-city', hex: '0909' },
            { name: 'Moscow', kind: 'victory-city', hex: '1905' },
          ],
        },
        victoryPoints: { Bucharest: 1, Moscow: 3 },
        railheads: ['0909'],
        pieces: {
          army: { is: 'ger-army', at: '0105' },
          c1: { is: 'ger-cav-div', at: '0909' },
          c2: { is: 'ger-cav-div', at: '0909' },
          r1: { is: 'sov-army', at: '1209' },
          r2: { is: 'sov-army', at: '1209' },
          r3: { is: 'sov-army', at: '1210' },
          r4: { is: 'sov-army', at: '1210' },
        },
      },
      { Bucharest: 'axis' },
    );
    const bucharest = hexOf(s, '0909');
    assert.ok(
      legalActions(rules, s, 'axis').some(
        (a) => a.type === 'rail' && a.piece === 'army' && a.to === bucharest,
      ),
      'the rules offer the army Bucharest by rail',
    );
    const { actions } = axisPlays(s, (g) => g.step === 'reinforce');
    assert.deepEqual(
      actions.filter((a) => a.type === 'rail' || a.type === 'sea'),
      [{ type: 'rail', piece: 'army', to: bucharest }],
    );
  });

  it('Warsaw in Russian hands at the Axis player-turn (the Russian sudden victory at A.7): attacked at any odds', () => {
    const s = game(
      {
        map: {
          zones: [{ id: 'germany', kind: 'axis-country', hexes: col(1) }],
          edges: [{ id: 'soviet-supply', hexes: col(20) }],
          connections: [{ kind: 'rail', path: row(5, 3, 20) }],
          places: [
            { name: 'Warsaw', kind: 'victory-city', hex: '0305' },
            { name: 'Moscow', kind: 'victory-city', hex: '1905' },
          ],
        },
        victoryPoints: { Warsaw: 1, Moscow: 3 },
        pieces: {
          r: { is: 'sov-army', at: '0305' },
          k1: { is: 'ger-inf-korps', at: '0205' },
          k2: { is: 'ger-inf-korps', at: '0204' },
        },
      },
      { Warsaw: 'soviet' },
    );
    // 6 factors against the army's 3, doubled in a victory city: 1:1, below the Axis's 3:1.
    const { actions } = axisPlays(s, (g) => g.combat === null && !g.breakthrough);
    const warsaw = hexOf(s, '0305');
    const allocated = actions.filter((a) => a.type === 'allocate' && a.target === warsaw).length;
    assert.equal(allocated, 2, 'both korps attack Warsaw');
  });
});
