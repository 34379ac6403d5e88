/**
 * The campaign's sequence of play on the engine's step shape (campaign.ts, steps/*.ts):
 * the step a state is in offers its actions to the side to act and to no other, a battle
 * being fought offers the battle's own, and an action no step offered is refused by name.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  applyUnchecked,
  type GameRules,
  type GameState,
  RandomPlayer,
  type RulesContext,
  setup,
} from '@stavka/engine';
import { battleRules } from '../battle.ts';
import { type CampaignState, campaignRules } from '../campaign.ts';

/** Any action may be handed in, as from the wire: `apply` must refuse those no step offered. */
const rules: GameRules<CampaignState, Action, Record<string, unknown>> = campaignRules;

/** Random play from the opening until `until` holds (a seeded game: always the same state). */
function playUntil(seed: string, until: (g: CampaignState) => boolean): GameState<CampaignState> {
  const made = setup(rules, null, seed, {});
  assert.ok(made.ok, 'setup');
  let s = made.value;
  const player = new RandomPlayer(seed);
  for (let k = 0; k < 5000 && !until(s.state); k++) {
    const side = rules.activeSides(s.state)[0]!;
    s = applyUnchecked(rules, s, side, player.choose(rules, s, side));
  }
  assert.ok(until(s.state), `${seed}: the state looked for was reached`);
  return s;
}

describe('C-3 Sequence of play: each step offers its own actions to the side to act', () => {
  it('the opening Axis movement step: moves, rails, air bases and its end, none to the Soviets', () => {
    const s = playUntil('steps', () => true);
    const types = new Set(rules.legalActions(s.state, 'axis').map((a) => a.type));
    assert.deepEqual([...types].sort(), ['end-movement', 'move', 'rail', 'rebase']);
    assert.deepEqual(rules.legalActions(s.state, 'soviet'), []);
  });

  it('air allocation (C-5.1) offers commit-air and end-air to the side allocating only', () => {
    const s = playUntil('steps-air', (g) => g.phase === 'air' && !g.battle);
    const allocating = s.state.airSide!;
    const types = new Set(rules.legalActions(s.state, allocating).map((a) => a.type));
    assert.ok(types.has('end-air') && [...types].every((t) => t === 'commit-air' || t === 'end-air'));
    assert.deepEqual(rules.legalActions(s.state, allocating === 'axis' ? 'soviet' : 'axis'), []);
  });

  it('a battle being fought offers exactly the battle rules’ own actions, whatever the phase', () => {
    const s = playUntil('steps-battle', (g) => g.battle !== null);
    for (const side of ['axis', 'soviet'] as const)
      assert.deepEqual(rules.legalActions(s.state, side), battleRules.legalActions(s.state.battle!, side));
  });

  it('an action outside its step is refused by name and the state is left alone', () => {
    const s = playUntil('steps-refuse', () => true);
    const draft = rules.clone!(s.state);
    const ctx: RulesContext = { log: () => {}, roll: () => 1, reveal: () => {} };
    assert.throws(() => rules.applyAction(draft, 'axis', { type: 'attack' }, ctx), /attack outside a battle/);
    assert.throws(
      () => rules.applyAction(draft, 'axis', { type: 'dance' }, ctx),
      /no step carries out .* dance/,
    );
    assert.deepEqual(draft, s.state);
  });
});
