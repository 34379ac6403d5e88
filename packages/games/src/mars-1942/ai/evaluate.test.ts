import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rngFromSeed, rollDie, setup } from '@stavka/engine';
import { fitLogistic } from '../../../scripts/fit-mars-eval.ts';
import { Board } from '../board.ts';
import { type MarsState, marsRules } from '../index.ts';
import { RULES_VERSION } from '../rules.ts';
import { scenarioByKey } from '../scenario.ts';
import fitted from './eval-weights.json' with { type: 'json' };
import { bucketFor, EVAL_FEATURES, type EvalWeights, evalFeatures, winChance } from './evaluate.ts';

const rules = marsRules;

function start(): MarsState {
  const made = setup(rules, null, 1, {});
  assert.ok(made.ok);
  return made.value.state;
}

describe("the AI's evaluation: a fitted chance of winning", () => {
  it('was fitted on the current rules and features (rerun scripts/fit-mars-eval.ts when they change)', () => {
    assert.equal(fitted.rulesVersion, RULES_VERSION);
    assert.deepEqual(fitted.features, [...EVAL_FEATURES]);
    // One model for each player-turn of the standard scenario, each better than the
    // base rate on the games it was not fitted on.
    const s = scenarioByKey(start().scenario);
    assert.equal(fitted.buckets.length, 2 * s.turns);
    assert.ok(fitted.heldOutLogLoss < fitted.baseRateLogLoss - 0.1, `${fitted.heldOutLogLoss}`);
  });

  it("gives the two sides' chances summing to one, and more to the side with more victory points", () => {
    const g = start();
    const s = scenarioByKey(g.scenario);
    const board = new Board(s, g);
    const soviet = winChance(board, 'soviet');
    assert.ok(Math.abs(soviet + winChance(board, 'german') - 1) < 1e-12);
    // A German infantry division eliminated: 2 victory points to the Soviet side and a
    // German unit fewer on the map (mars-1942 Victory Conditions 3).
    const id = s.unitIds.find(
      (u) => s.units[u]!.side === 'german' && s.units[u]!.type === 'infantry' && g.units[u]!.status === 'map',
    )!;
    const g2: MarsState = {
      ...g,
      player: 'german',
      units: { ...g.units, [id]: { ...g.units[id]!, status: 'eliminated', at: -1 } },
    };
    const before = winChance(new Board(s, { ...g, player: 'german' }), 'soviet');
    const after = winChance(new Board(s, g2), 'soviet');
    assert.equal(
      evalFeatures(new Board(s, g2))[0]! - evalFeatures(new Board(s, { ...g, player: 'german' }))[0]!,
      2,
    );
    assert.ok(after > before, `${after} > ${before}`);
  });

  it('reads a scenario longer than the one fitted with the nearest model of the same player', () => {
    const w: EvalWeights = {
      features: [...EVAL_FEATURES],
      buckets: [
        { turnsLeft: 3, player: 'soviet', weights: [1, 0, 0, 0, 0, 0, 0, 0, 0] },
        { turnsLeft: 3, player: 'german', weights: [2, 0, 0, 0, 0, 0, 0, 0, 0] },
        { turnsLeft: 0, player: 'german', weights: [3, 0, 0, 0, 0, 0, 0, 0, 0] },
      ],
    };
    assert.equal(bucketFor(w, 9, 'german').weights[0], 2);
    assert.equal(bucketFor(w, 9, 'soviet').weights[0], 1);
    assert.equal(bucketFor(w, 0, 'german').weights[0], 3);
    assert.equal(bucketFor(w, 1, 'soviet').weights[0], 1);
  });

  it('the fit recovers a known logistic model from its samples', () => {
    // Samples drawn from p = sigmoid(0.5 + 1.5 x - 0.8 y), a constant third feature.
    let rng = rngFromSeed('fit-test');
    const next = () => {
      const d = rollDie(rng, 1 << 30);
      rng = d.next;
      return (d.value - 1) / (1 << 30);
    };
    const xs: number[][] = [];
    const ys: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const x = next() * 4 - 2;
      const y = next() * 6 - 3;
      xs.push([x, y, 7]);
      ys.push(next() < 1 / (1 + Math.exp(-(0.5 + 1.5 * x - 0.8 * y))) ? 1 : 0);
    }
    const [b, wx, wy, wc] = fitLogistic(xs, ys, 0.01);
    assert.ok(Math.abs(b! - 0.5) < 0.1, `intercept ${b}`);
    assert.ok(Math.abs(wx! - 1.5) < 0.1, `x ${wx}`);
    assert.ok(Math.abs(wy! + 0.8) < 0.06, `y ${wy}`);
    assert.equal(wc, 0);
  });
});
