/**
 * Rumania shut in the opening (issue #42 item 9): played as a new user met it, the Soviet AI
 * drove two mechanized corps through an empty Rumanian rear on turn 1, took Ploesti, Galati
 * and Focsani, then Bucharest, and won by sudden death. "(The Russians may not attack Rumania
 * unless the Axis do attack out of it.)" (barbarossa-1941 "Special First Turn Rules";
 * RULINGS B-66: no Russian unit may attack a hex in Rumania, or enter one, until an Axis unit
 * has attacked from one; B-79: it opens when such an attack is resolved), and the set-up
 * stands the historical garrison there (data/setup-1941.json, OOB-SOURCES.md). Here the AI
 * plays the standard historical set-up, seeded, as both sides and as the Soviet against a
 * German who does nothing; every state is checked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyUnchecked, type GameState, legalActions, type Player, setup } from '@stavka/engine';
import { BarbarossaAiPlayer } from './ai/ai.ts';
import { type BarbarossaAction, barbarossaRules } from './rules.ts';
import { type RulesScenario, rulesScenarioByKey } from './rules-scenario.ts';
import type { BarbarossaState } from './state.ts';

const rules = barbarossaRules;
type G = GameState<BarbarossaState>;

/** The Axis cities the issue saw fall: the oil, the capital and the road to them. */
const RUMANIAN_CITIES = ['Ploesti', 'Bucharest', 'Galati', 'Focsani'] as const;

/** The standard historical set-up (no scenario file: the standard game, B-83). */
function standardGame(seed: number): G {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok, 'the standard game sets up');
  return made.value;
}

/** The hex an action of the Soviet side enters or attacks, if any. */
function reaches(a: BarbarossaAction): number | null {
  switch (a.type) {
    case 'move':
    case 'rail':
    case 'sea':
      return a.to;
    case 'place':
      return a.hex;
    case 'allocate':
    case 'katyusha':
    case 'overrun':
      return a.target;
    default:
      return null;
  }
}

/** What the game shows of Rumania while it plays: checked after every action. */
interface Watch {
  /** The player-turn (turn and side) in which Rumania opened, if it did. */
  openedAt: string | null;
  /** Soviet decisions taken while Rumania was shut. */
  shutSovietActions: number;
  /** Legal Soviet lists looked at while Rumania was shut (one at each Soviet step's start). */
  shutSovietLists: number;
}

/**
 * Plays `players` from the standard set-up until `lastTurn` ends, checking at each action:
 * while Rumania is shut, no Soviet action enters or attacks a hex in it, no such action is
 * offered, no Soviet piece stands in it and no Soviet attack is declared on it; it opens
 * only on an Axis attack resolved; the Rumanian cities are never Soviet; no Soviet sudden win.
 */
function play(
  seed: number,
  players: Record<'axis' | 'soviet', Player>,
  lastTurn: number,
): { end: G; watch: Watch } {
  let s = standardGame(seed);
  const sc: RulesScenario = rulesScenarioByKey(s.state.scenario);
  const inRumania = (h: number) => h >= 0 && sc.rumania[h] === 1;
  const watch: Watch = { openedAt: null, shutSovietActions: 0, shutSovietLists: 0 };
  let lastStep = '';
  for (;;) {
    const side = rules.activeSides(s.state)[0] as 'axis' | 'soviet' | undefined;
    if (side === undefined || s.state.turn > lastTurn) break;
    const shut = s.state.rumaniaOpen !== true;
    const where = `seed ${seed}, turn ${s.state.turn} ${s.state.player} ${s.state.step}`;
    if (side === 'soviet' && shut && s.state.step !== lastStep) {
      // What the rules offer the Russian player, not only what the AI picked from it.
      for (const a of legalActions(rules, s, 'soviet') as BarbarossaAction[]) {
        const h = reaches(a);
        assert.ok(h === null || !inRumania(h), `${where}: ${JSON.stringify(a)} offered into shut Rumania`);
      }
      watch.shutSovietLists += 1;
    }
    lastStep = side === 'soviet' ? s.state.step : '';
    const action = players[side].choose(rules, s, side) as BarbarossaAction;
    if (side === 'soviet' && shut) {
      watch.shutSovietActions += 1;
      const h = reaches(action);
      assert.ok(
        h === null || !inRumania(h),
        `${where}: the Soviet ${JSON.stringify(action)} into shut Rumania`,
      );
    }
    const before = s.state;
    s = applyUnchecked(rules, s, side, action);
    const g = s.state;
    if (g.rumaniaOpen === true && before.rumaniaOpen !== true) {
      assert.equal(side, 'axis', `${where}: only the Axis opens Rumania`);
      assert.equal(action.type, 'resolve', `${where}: Rumania opens on an attack resolved (B-79)`);
      const attack = before.attacks.find((x) => x.target === (action as { target: number }).target);
      assert.ok(
        attack?.attackers.some((id) => inRumania(before.pieces[id]!.at)),
        `${where}: the attack that opens Rumania has an attacker in Rumania`,
      );
      watch.openedAt = `turn ${before.turn} ${before.player}`;
    }
    if (g.rumaniaOpen !== true) {
      for (const id of g.order) {
        const p = g.pieces[id]!;
        if (p.side === 'soviet' && p.status === 'map')
          assert.ok(
            !inRumania(p.at),
            `${where}: Soviet ${id} in shut Rumania after ${JSON.stringify(action)}`,
          );
      }
      if (g.player === 'soviet')
        for (const a of g.attacks)
          assert.ok(!inRumania(a.target), `${where}: a Soviet attack declared on shut Rumania`);
    }
    for (const c of RUMANIAN_CITIES) assert.notEqual(g.control[c], 'soviet', `${where}: ${c} Soviet`);
    assert.notEqual(g.result?.kind, 'soviet-sudden', `${where}: ${g.result?.words}`);
  }
  return { end: s, watch };
}

/** A German player who does nothing: every step ended, as a new user who leaves Rumania alone. */
const idle: Player = {
  name: 'idle',
  choose(r, s, side) {
    const legal = legalActions(r, s, side).filter((a) => a.type !== 'undo');
    const pass = legal.find((a) =>
      ['end-step', 'end-movement', 'end-combat', 'no-intercept', 'play-on', 'orders-done'].includes(a.type),
    );
    const chosen = pass ?? legal[0];
    assert.ok(chosen, `${side} has an action`);
    return chosen;
  },
};

describe('Rumania in the opening (issue #42 item 9; "Special First Turn Rules", RULINGS B-66, B-79)', () => {
  it('stands the historical garrison of Rumania in the standard set-up: the Rumanian 3rd and 4th Armies, the 11. Armee and its three korps', () => {
    const g = standardGame(1).state;
    const sc = rulesScenarioByKey(g.scenario);
    for (const id of ['rum-3a', 'rum-4a', 'ger-11a', 'ger-xi-ak', 'ger-xxx-ak', 'ger-liv-ak']) {
      const p = g.pieces[id];
      assert.ok(p && p.status === 'map', `${id} on the map`);
      assert.equal(sc.rumania[p.at], 1, `${id} in Rumania (${sc.hexNumbers[p.at]})`);
    }
    for (const c of RUMANIAN_CITIES) assert.equal(sc.rumania[sc.placeHex[c]!], 1, `${c} in Rumania`);
  });

  it('the AI as both sides, two game-turns: no Soviet unit enters or attacks Rumania until the Axis attacks out of it', () => {
    const { end, watch } = play(
      1,
      { axis: new BarbarossaAiPlayer('axis:1'), soviet: new BarbarossaAiPlayer('soviet:1') },
      2,
    );
    assert.equal(end.state.turn, 3, 'two whole game-turns played');
    assert.ok(watch.shutSovietActions > 20, 'the Soviet AI played while Rumania was shut');
    assert.ok(watch.shutSovietLists >= 4, 'the Soviet lists were read while Rumania was shut');
    assert.equal(end.state.winner, null, 'no one has won');
  });

  it('the Soviet AI against a German who does nothing, three game-turns: Rumania stays shut, its cities Axis', () => {
    const { end, watch } = play(1, { axis: idle, soviet: new BarbarossaAiPlayer('soviet:1') }, 3);
    assert.equal(end.state.turn, 4, 'three whole game-turns played');
    assert.equal(watch.openedAt, null, 'no Axis attack, so Rumania never opens');
    assert.ok(watch.shutSovietActions > 30, 'the Soviet AI played all three player-turns');
    assert.equal(end.state.winner, null);
  });
});
