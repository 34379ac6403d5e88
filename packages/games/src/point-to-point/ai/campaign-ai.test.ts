/**
 * The campaign AI's rules of thumb (policy.ts, level 1 of campaign-ai.ts) against the random
 * baseline over whole Typhoon campaigns (issue #27: "beats random >= 95% over 100 games as
 * each side"): seeded games, the same seeds for the AI and for a random player in its seat.
 * STAVKA_AI_GAMES sets the number of games a side (default 20 in npm test; the closing figures used 100 and 200).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  type GameRules,
  legalActions,
  type Player,
  playout,
  RandomPlayer,
  setup,
  stepDistances,
} from '@stavka/engine';
import { type CampaignState, campaignRules, typhoon } from '../campaign.ts';
import { pointToPointModule } from '../module.ts';
import { CampaignAiPlayer } from './campaign-ai.ts';

const GAMES = Number(process.env.STAVKA_AI_GAMES ?? 20);
const rules: GameRules<CampaignState, Action, Record<string, unknown>> = campaignRules;

function wins(side: 'axis' | 'soviet', players: (i: number) => Record<string, Player>): number {
  let won = 0;
  for (let i = 0; i < GAMES; i++) {
    const r = playout(rules, `campaign-ai-${i}`, players(i));
    assert.ok(r.outcome, `game ${i} ends`);
    if (r.outcome.winner === side) won++;
  }
  return won;
}

describe('the campaign AI against random play (C-13 victory)', () => {
  for (const side of ['axis', 'soviet'] as const) {
    it(`as the ${side}, wins at least 95% of ${GAMES} campaigns against random play, more than a random player in its seat`, (t) => {
      const other = side === 'axis' ? 'soviet' : 'axis';
      const ai = wins(side, (i) => ({
        [side]: new CampaignAiPlayer(`ai-${i}`, { level: 1 }),
        [other]: new RandomPlayer(`r-${other}-${i}`),
      }));
      const random = wins(side, (i) => ({
        [side]: new RandomPlayer(`r-${side}-${i}`),
        [other]: new RandomPlayer(`r-${other}-${i}`),
      }));
      t.diagnostic(`AI ${ai} / ${GAMES}, random ${random} / ${GAMES}`);
      assert.ok(ai >= 0.95 * GAMES && ai > random, `AI ${ai} / ${GAMES} against random ${random} / ${GAMES}`);
    });
  }
  it('is the module’s default AI; its choice is one of its side’s legal actions', () => {
    assert.ok(pointToPointModule.players?.ai, 'registered as ai');
    const made = setup(rules, null, 'choice', {});
    assert.ok(made.ok, 'setup');
    const choice = pointToPointModule.players!.ai!.make('choice').choose(rules, made.value, 'axis');
    assert.ok(
      legalActions(rules, made.value, 'axis').some((a) => JSON.stringify(a) === JSON.stringify(choice)),
      JSON.stringify(choice),
    );
  });
});

describe('the Axis AI’s axes of advance of 1941 (AXIS_OBJECTIVES, issue #43)', () => {
  /** Only the units named, at the points given; every other unit out of play. */
  function alone(units: Record<string, string>) {
    const made = setup(rules, null, 'axes', {});
    assert.ok(made.ok, 'setup');
    const state = structuredClone(made.value.state);
    for (const u of state.units) {
      if (Object.hasOwn(units, u.id)) {
        u.place = 'map';
        u.at = units[u.id]!;
      } else u.place = 'withdrawn';
    }
    return { ...made.value, state };
  }
  const segments = (from: string, to: string) => {
    const map = typhoon().map;
    return stepDistances(map.graph, [map.pointIds.indexOf(from)], 99)[map.pointIds.indexOf(to)]!;
  };
  it('Panzer Group 2 (from Glukhov) makes for Orel', () => {
    const s = alone({ 'xxiv-pz': 'glukhov', xii: 'smolensk' });
    const a = new CampaignAiPlayer('axes', { level: 1 }).choose(rules, s, 'axis') as {
      type: string;
      unit?: string;
      to?: string;
    };
    assert.equal(a.type, 'move');
    assert.ok(segments(a.to!, 'orel') < segments('glukhov', 'orel'), `${a.unit} to ${a.to}: nearer Orel`);
  });
});
