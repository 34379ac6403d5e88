import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type Action,
  analyse,
  applyUnlogged,
  axialDistance,
  type GameState,
  hexAxial,
  hexIndex,
  legalActions,
  rngFromSeed,
  SERVER,
  setup,
} from '@stavka/engine';
import { marsPresentation } from '../presentation.ts';
import { marsRules } from '../rules.ts';
import { scenarioByKey } from '../scenario.ts';
import type { MarsState } from '../state.ts';
import { refreshSupply } from '../supply.ts';
import { updateTaken } from '../taken.ts';
import { MARS_PLAN_LABELS, marsAnalyst } from './analyst.ts';

const rules = marsRules;
type G = GameState<MarsState>;

/** The standard game after both set-ups (the policy's), at the start of turn 1. */
function afterSetup(): G {
  const made = setup(rules, null, 1, {});
  assert.ok(made.ok);
  let s = made.value;
  const policy = marsAnalyst.domain().policy(rngFromSeed('setup'));
  while (s.state.step === 'setup') {
    const side = rules.activeSides(s.state)[0]!;
    s = applyUnlogged(rules, s, side, policy(s, side));
  }
  return s;
}

/**
 * Rzhev about to fall (mars-1942 Victory Conditions 2: 5 points each for Rzhev taken and
 * isolated): every German unit within 3 hexes of it gone, Soviet units standing in and
 * around it.
 */
function rzhevFalling(start: G): G {
  const g = structuredClone(start.state);
  const s = scenarioByKey(g.scenario);
  const near = (hex: number, d: number) =>
    hex >= 0 && axialDistance(hexAxial(s.map, hex), hexAxial(s.map, s.rzhev)) <= d;
  for (const id of s.unitIds) {
    const st = g.units[id]!;
    if (s.units[id]!.side === 'german' && st.status === 'map' && near(st.at, 3)) {
      st.status = 'eliminated';
      st.at = -1;
    }
  }
  const soviets = s.unitIds.filter((id) => s.units[id]!.side === 'soviet' && g.units[id]!.status === 'map');
  const ring: number[] = [];
  for (let h = 0; h < s.map.columns * s.map.rows && ring.length < 4; h++)
    if (near(h, 1) && h !== s.rzhev) ring.push(h);
  [s.rzhev, ...ring].forEach((hex, i) => {
    const id = soviets[i]!;
    g.units[id]!.at = hex;
  });
  refreshSupply(g, s);
  updateTaken(g, s);
  return { ...start, state: g };
}

describe("the Mars analyst: the AI's own search, its plans in words", () => {
  const start = afterSetup();

  it('reads Rzhev about to fall as worse for the German than the start', () => {
    const falling = rzhevFalling(start);
    assert.ok(falling.state.taken.includes(scenarioByKey(start.state.scenario).rzhev));
    const opts = { rollouts: 8, seed: 'rzhev' };
    const before = analyse(rules, marsAnalyst, start, SERVER, opts);
    const after = analyse(rules, marsAnalyst, falling, SERVER, opts);
    assert.ok(
      after.chances.german! < before.chances.german!,
      `German ${after.chances.german} after, ${before.chances.german} at the start`,
    );
  });

  it('compares the plans of the side to move at the start of its player-turn, each in words', () => {
    const a = analyse(rules, marsAnalyst, start, rules.activeSides(start.state)[0]!, {
      rollouts: 8,
      seed: 'plans',
    });
    assert.equal(a.toMove, start.state.player);
    assert.ok(a.plans.length > 1);
    for (const p of a.plans) assert.equal(p.label, MARS_PLAN_LABELS[p.key]);
    assert.ok(a.suggestion.length > 0);
    assert.ok(Math.abs(Object.values(a.chances).reduce((x, y) => x + y, 0) - 1) < 1e-9);
  });
});

describe('mars-1942 presentation: where a suggested action shows on the map (actionArrow)', () => {
  const start = afterSetup();
  const s = scenarioByKey(start.state.scenario);
  /** The first legal action of a type, the policy playing on until one is offered. */
  function firstOffered(type: string): { state: G; action: Action } {
    let st = start;
    const policy = marsAnalyst.domain().policy(rngFromSeed('arrows'));
    for (let i = 0; i < 2000; i++) {
      const side = rules.activeSides(st.state)[0]!;
      const a = legalActions(rules, st, side).find((x) => x.type === type);
      if (a) return { state: st, action: a };
      st = applyUnlogged(rules, st, side, policy(st, side));
    }
    throw new Error(`no ${type} offered`);
  }

  it("a move: from the unit's hex to its destination (mars-1942 Operational Movement)", () => {
    const { state, action } = firstOffered('move');
    const unit = state.state.units[String(action.unit)]!;
    assert.deepEqual(marsPresentation.preview.actionArrow!(state.state, action), {
      from: unit.at,
      to: hexIndex(s.map, String(action.to)),
      kind: 'move',
    });
  });

  it("an attack allocation: from the unit's hex to its target (mars-1942 GAMETURN SEQUENCE A.3)", () => {
    const { state, action } = firstOffered('assign');
    const unit = state.state.units[String(action.unit)]!;
    assert.deepEqual(marsPresentation.preview.actionArrow!(state.state, action), {
      from: unit.at,
      to: hexIndex(s.map, String(action.target)),
      kind: 'attack',
    });
  });

  it('an action with no place on the map: none', () => {
    assert.equal(marsPresentation.preview.actionArrow!(start.state, { type: 'end-movement' }), null);
  });
});
