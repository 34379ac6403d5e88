import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  analyse,
  type GameRules,
  type GameState,
  legalActions,
  SERVER,
  setup,
} from '@stavka/engine';
import { type CampaignState, campaignRules } from '../campaign.ts';
import { typhoon } from '../campaign-state.ts';
import { pointToPointPresentation } from '../presentation.ts';
import { boardView, pointIndexer } from '../presentation-board.ts';
import { CAMPAIGN_PLAN_LABELS, campaignAnalyst } from './analyst.ts';
import { marchDistances } from './policy.ts';

const rules: GameRules<CampaignState, Action, unknown> = campaignRules;
type G = GameState<CampaignState>;

function opening(): G {
  const made = setup(rules, null, 'analyst', {});
  assert.ok(made.ok);
  return made.value;
}

/**
 * Moscow about to fall (C-13.1: its capture ends the campaign): every Soviet ground unit
 * within two lines of it gone, the Axis panzer corps standing on the points around it,
 * which the Axis now controls.
 */
function moscowFalling(start: G): G {
  const g = structuredClone(start.state);
  const map = typhoon().map;
  const toMoscow = marchDistances(map, map.pointIds.indexOf('moscow'));
  const lines = (p: string) => toMoscow[map.pointIds.indexOf(p)] ?? 99;
  for (const u of g.units)
    if (u.side === 'soviet' && u.unitClass !== 'air' && u.place === 'map' && lines(u.at) <= 2)
      u.place = 'destroyed';
  const near = map.pointIds.filter((p) => p !== 'moscow' && lines(p) <= 2);
  const panzers = g.units.filter(
    (u) => u.side === 'axis' && u.place === 'map' && u.mobile && u.unitClass === 'major',
  );
  assert.ok(near.length > 0 && panzers.length > 0);
  panzers.forEach((u, i) => {
    u.at = near[i % near.length]!;
  });
  for (const p of near) g.control[p] = 'axis';
  return { ...start, state: g };
}

describe("the Typhoon analyst: the AI's own search, its plans in words", () => {
  const start = opening();

  it('reads Moscow about to fall as worse for the Soviets than the start', () => {
    const opts = { rollouts: 4, seed: 'moscow' };
    const before = analyse(rules, campaignAnalyst, start, SERVER, opts);
    const after = analyse(rules, campaignAnalyst, moscowFalling(start), SERVER, opts);
    assert.ok(
      after.chances.soviet! < before.chances.soviet!,
      `Soviet ${after.chances.soviet} after, ${before.chances.soviet} at the start`,
    );
  });

  it('compares the Axis plans at the start of its player-turn (C-3), each in words', () => {
    const a = analyse(rules, campaignAnalyst, start, 'axis', { rollouts: 3, seed: 'plans' });
    assert.equal(a.toMove, 'axis');
    assert.deepEqual(
      a.plans.map((p) => p.label).sort(),
      ['careful', 'pincers', 'planned'].map((k) => CAMPAIGN_PLAN_LABELS[k]).sort(),
    );
    assert.ok(a.suggestion.length > 0);
  });
});

describe('point-to-point presentation: where a suggested action shows on the map (actionArrow)', () => {
  const start = opening();
  const at = pointIndexer(boardView(start.state));
  const unitOf = (a: Action) => start.state.units.find((u) => u.id === a.unit)!;
  const legal: readonly Action[] = legalActions(rules, start, 'axis');

  it("a march into a friendly point: a move from the unit's point (C-4)", () => {
    const a = legal.find((x) => x.type === 'move' && start.state.control[String(x.to)] === 'axis')!;
    assert.ok(a);
    assert.deepEqual(pointToPointPresentation.preview.actionArrow!(start.state, a), {
      from: at(unitOf(a).at),
      to: at(a.to),
      kind: 'move',
    });
  });

  it("a march into an enemy point: an attack from the unit's point on it (C-4)", () => {
    const a = legal.find((x) => x.type === 'move' && start.state.control[String(x.to)] === 'soviet')!;
    assert.ok(a);
    assert.deepEqual(pointToPointPresentation.preview.actionArrow!(start.state, a), {
      from: at(unitOf(a).at),
      to: at(a.to),
      kind: 'attack',
    });
  });

  it('an action with no unit behind it: none', () => {
    assert.equal(pointToPointPresentation.preview.actionArrow!(start.state, { type: 'end-movement' }), null);
  });
});
