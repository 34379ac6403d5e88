/**
 * The exact battle as a calculator answer: the point-to-point module's `battle` field
 * (stavka calc --game point-to-point --battle FILE; the web calculator's battle file).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { battleCalc } from './battle-calc.ts';
import example from './data/battle-example.json' with { type: 'json' };
import { pointToPointModule } from './module.ts';

const battle = {
  weather: 'good',
  attacker: 'soviet',
  attackers: [{ class: 'minor', value: 1 }],
  defenders: [{ class: 'minor', value: 1 }],
};

describe('the battle calculator (issue #27 part 2)', () => {
  it('reports every possible ending with its exact chance as a fraction, policies defaulting to standing fast', () => {
    const r = battleCalc(battle);
    assert.ok(r.ok);
    assert.deepEqual(
      r.report.chances.map((c) => [c.result, c.chance]),
      [
        ['point cleared: defenders destroyed', '5/11'],
        ['attackers destroyed', '6/11'],
      ],
    );
    assert.ok(
      r.report.notes.some((n) => n.startsWith('expected losses absorbed: attacker 0.545, defender 0.455')),
    );
    assert.equal(r.report.provisional, true);
  });
  it('names the wrong field of a bad battle file', () => {
    const r = battleCalc({ ...battle, weather: 'fog' });
    assert.ok(!r.ok && r.input.field === 'battle' && r.input.message.includes('battle.weather'));
  });
  it('is the module calculator’s battle field; a volley and a battle at once are refused', () => {
    const calc = pointToPointModule.calculator!;
    const a = calc.run({ battle });
    assert.ok(a.ok && a.report.chances.length === 2);
    const both = calc.run({ battle, fire: 3 });
    assert.ok(!both.ok && 'input' in both && both.input.field === 'fire');
    // Nothing given: the form's first unit is asked for (a volley or a file would do too).
    const none = calc.run({});
    assert.ok(!none.ok && 'input' in none && none.input.field === 'attack1');
    assert.match(none.input.message, /^is required/);
    const volley = calc.run({ fire: 37 });
    assert.ok(volley.ok && volley.report.sections?.[0]?.columns?.length === 2);
  });
  it('reads the example battle file (data/battle-example.json: Borodino, 10th PzD and SS Reich against the 32nd RD)', () => {
    const r = battleCalc(example);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.input));
    const total = r.report.chances.reduce((a, c) => a + c.probability, 0);
    assert.ok(Math.abs(total - 1) < 1e-12);
  });
});
