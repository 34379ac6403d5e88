/**
 * The Barbarossa calculator's named shifts (barbarossa-1941 Weather, Cross-River, Supply,
 * Special Units, Bombing and Close Air Support with RULINGS B-13), as `stavka calc` and
 * the calculator page run them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { barbarossaModule } from './module.ts';

const run = (input: Record<string, unknown>) => {
  const r = barbarossaModule.calculator!.run(input);
  assert.ok(r.ok, JSON.stringify(r));
  return r.report;
};
const shifts = (input: Record<string, unknown>) => run(input).shifts.map((s) => [s.by, s.cite]);

describe('barbarossa-1941 Weather: Mud and Snow', () => {
  it('Mud: every attack -1 column, whoever attacks', () => {
    for (const attacker of ['axis', 'soviet'])
      assert.deepEqual(shifts({ attack: 12, defense: 4, attacker, weather: 'mud' }), [
        [-1, 'barbarossa-1941 Weather'],
      ]);
  });
  it('Snow: Axis attacks -1; Russian attacks +1, unless the defenders are in a city or town', () => {
    assert.deepEqual(shifts({ attack: 12, defense: 4, attacker: 'axis', weather: 'snow' }), [
      [-1, 'barbarossa-1941 Weather'],
    ]);
    assert.deepEqual(shifts({ attack: 12, defense: 4, attacker: 'soviet', weather: 'snow' }), [
      [1, 'barbarossa-1941 Weather'],
    ]);
    assert.deepEqual(
      shifts({ attack: 12, defense: 4, attacker: 'soviet', weather: 'snow', defenderInCity: true }),
      [],
    );
  });
  it('Good, Light Mud and Hard Frost shift nothing', () => {
    for (const weather of ['good', 'light-mud', 'hard-frost'])
      assert.deepEqual(shifts({ attack: 12, defense: 4, attacker: 'axis', weather }), []);
  });
});

describe('Cross-River, Supply and the Leningrad railway guns', () => {
  it('each shift with its rule: river -1, attacker limited -1, defender limited or isolated +1, gun +1/-1', () => {
    assert.deepEqual(shifts({ attack: 12, defense: 4, river: true }), [[-1, 'barbarossa-1941 Cross-River']]);
    assert.deepEqual(shifts({ attack: 12, defense: 4, attackerLimited: true, defenderLimited: true }), [
      [-1, 'barbarossa-1941 Supply'],
      [1, 'barbarossa-1941 Supply'],
    ]);
    assert.deepEqual(shifts({ attack: 12, defense: 4, railwayGun: 'supports' }), [
      [1, 'barbarossa-1941 Special Units'],
    ]);
    assert.deepEqual(shifts({ attack: 12, defense: 4, railwayGun: 'defends' }), [
      [-1, 'barbarossa-1941 Special Units'],
    ]);
  });
});

describe('Bombing and Close Air Support: +2 a Fliegerkorps, +3 the 8th, not more than doubling the odds (B-13)', () => {
  it('3:1 with a Fliegerkorps reads 5:1 (twice 3:1 is 6:1: no cap)', () => {
    const r = run({ attack: 12, defense: 4, attacker: 'axis', air: 'fliegerkorps' });
    assert.equal(r.ratio, '3:1');
    assert.equal(r.column, '5:1');
  });
  it('2:1 with the 8th Fliegerkorps is held to 4:1: +2 of its +3, said so', () => {
    const r = run({ attack: 8, defense: 4, attacker: 'axis', air: '8th-fliegerkorps' });
    assert.equal(r.column, '4:1');
    const air = r.shifts.find((s) => s.cite === 'B-13')!;
    assert.equal(air.by, 2);
    assert.match(air.reason, /not more than doubling the odds: at most 4:1/);
  });
  it('1:2 with a Fliegerkorps rises to 1:1 at most (twice one half)', () => {
    assert.equal(run({ attack: 4, defense: 8, attacker: 'axis', air: 'fliegerkorps' }).column, '1:1');
  });
  it('Russian close air support is +1 regardless of terrain, and goes with a Russian attack only', () => {
    assert.deepEqual(shifts({ attack: 12, defense: 4, attacker: 'soviet', air: 'russian' }), [
      [1, 'barbarossa-1941 Bombing and Close Air Support'],
    ]);
    const wrong = barbarossaModule.calculator!.run({
      attack: 12,
      defense: 4,
      attacker: 'axis',
      air: 'russian',
    });
    assert.ok(!wrong.ok && 'input' in wrong && wrong.input.field === 'air');
    const german = barbarossaModule.calculator!.run({
      attack: 12,
      defense: 4,
      attacker: 'soviet',
      air: 'fliegerkorps',
    });
    assert.ok(!german.ok && 'input' in german && german.input.field === 'air');
  });
});
