import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RulesContext } from './game.ts';
import { type StepEffects, type StepRules, sequenceOf } from './steps.ts';

type A =
  | { readonly type: 'move'; readonly to: number }
  | { readonly type: 'pass' }
  | { readonly type: 'fire' };
interface G {
  at: number;
  step: 'march' | 'battle';
  fired: number;
}
const ctx: RulesContext = {
  log: () => {},
  reveal: () => {},
  roll: () => {
    throw new Error('these steps roll no die');
  },
};

const march: StepRules<G, A, 'move' | 'pass', string, number> = {
  legal: (g, _side, reach) => [
    ...Array.from({ length: reach }, (_, i) => ({ type: 'move', to: g.at + i + 1 }) as const),
    { type: 'pass' },
  ],
  effects: {
    move: (g, _e, _side, a) => {
      g.at = a.to;
    },
    pass: (g) => {
      g.step = 'battle';
    },
  },
};
const battle: StepRules<G, A, 'fire', string, number> = {
  legal: () => [{ type: 'fire' }],
  effects: { fire: (g) => void g.fired++ },
};
const effects: StepEffects<G, A, A['type']> = { ...march.effects, ...battle.effects };

test('sequenceOf hands legal to the step named and each action to the effect of the step that offers it', () => {
  const seq = sequenceOf<G, A, G['step'], string, number>({ march, battle }, effects);
  const g: G = { at: 0, step: 'march', fired: 0 };
  assert.deepEqual(seq.steps, ['march', 'battle']);
  assert.deepEqual(seq.legal('march', g, 'red', 2), [
    { type: 'move', to: 1 },
    { type: 'move', to: 2 },
    { type: 'pass' },
  ]);
  seq.apply(g, undefined, 'red', { type: 'move', to: 2 }, ctx);
  seq.apply(g, undefined, 'red', { type: 'pass' }, ctx);
  assert.equal(g.step, 'battle');
  assert.deepEqual(seq.legal(g.step, g, 'red', 0), [{ type: 'fire' }]);
  seq.apply(g, undefined, 'red', { type: 'fire' }, ctx);
  assert.deepEqual(g, { at: 2, step: 'battle', fired: 1 });
});

test('an action no step carries out is refused by name, not silently dropped', () => {
  const seq = sequenceOf<G, A, G['step'], string, number>({ march, battle }, effects);
  const g: G = { at: 0, step: 'march', fired: 0 };
  assert.throws(
    () => seq.apply(g, undefined, 'red', JSON.parse('{"type":"dance"}'), ctx), // as from the wire, unchecked
    /no step carries out an action of type dance/,
  );
  assert.deepEqual(g, { at: 0, step: 'march', fired: 0 });
});
