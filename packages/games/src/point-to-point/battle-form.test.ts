/**
 * The battle as a calculator form (issue #45 item 15): the fields `stavka calc` takes as
 * flags and the web calculator shows as a form, read into the same exact battle a battle
 * file gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { battleCalc } from './battle-calc.ts';
import { BATTLE_FORM_FIELDS, battleOfForm, FORM_SLOTS } from './battle-form.ts';
import example from './data/battle-example.json' with { type: 'json' };
import { pointToPointModule } from './module.ts';

const calc = pointToPointModule.calculator!;

/** The example battle file's forces (Borodino), as the form gives them. */
const BORODINO = {
  attack1: 5,
  attack2: 2,
  attackAir: 1,
  defend1: 2,
  defend2: 3,
  defend2Minor: true,
  defendAir: 1,
};

describe('the battle form (issue #45 item 15)', () => {
  it('is a calculator field for each unit slot, air, break-off, and the battle around them', () => {
    const keys = BATTLE_FORM_FIELDS.map((f) => f.key);
    for (const k of ['sovietAttack', 'snow', 'fortified', 'outOfSupply', 'attackAir', 'defendAir'])
      assert.ok(keys.includes(k), k);
    for (let n = 1; n <= FORM_SLOTS; n++)
      for (const k of [`attack${n}`, `attack${n}Minor`, `defend${n}`, `defend${n}Minor`])
        assert.ok(keys.includes(k), k);
    assert.equal(new Set(keys).size, keys.length, 'keys are unique');
    // The module's fields start with the form; the volley and the files come after.
    const all = calc.fields.map((f) => f.key);
    assert.deepEqual(all.slice(0, keys.length), keys);
    assert.deepEqual(all.slice(keys.length), ['fire', 'battle', 'crt']);
    assert.deepEqual(
      calc.fields.filter((f) => f.section).map((f) => f.section),
      ['The battle', 'Attacking units', 'Defending units', 'One volley', 'Files'],
    );
  });

  it('gives the same exact battle as the battle file with the same forces', () => {
    const form = calc.run(BORODINO);
    const file = battleCalc({
      weather: 'good',
      attacker: 'axis',
      attackers: [{ class: 'major', value: 5 }, { class: 'major', value: 2 }, { class: 'air' }],
      defenders: [{ class: 'major', value: 2 }, { class: 'minor', value: 3 }, { class: 'air' }],
    });
    assert.ok(form.ok && file.ok);
    assert.deepEqual(form.report.chances, file.report.chances);
    assert.deepEqual(form.report.outcomes, file.report.outcomes);
    const total = form.report.chances.reduce((t, c) => t + c.probability, 0);
    assert.ok(Math.abs(total - 1) < 1e-12);
  });

  it("itemizes each side's fire, unit by unit: German air multiplying, Soviet air adding", () => {
    const r = calc.run(BORODINO);
    assert.ok(r.ok);
    assert.equal(
      r.report.notes[0],
      'Attackers fire 14 in the first round: +10 Attacking unit 1 (5 ×2), +4 Attacking unit 2 (2 ×2), German air ×2 on the units in supply (A.4)',
    );
    assert.equal(
      r.report.notes[1],
      'Defenders fire up to 6 in the first round: +2 Defending unit 1, +3 Defending unit 2, +1 Soviet air (if it survives air combat, A.3)',
    );
    // Out of supply, German air multiplies nothing (A.4).
    const out = calc.run({ ...BORODINO, outOfSupply: true });
    assert.ok(out.ok);
    assert.match(
      out.report.notes[0]!,
      /^Attackers fire 7 in the first round: \+5 Attacking unit 1, \+2 Attacking unit 2,/,
    );
    // A Soviet attack: the German air defending multiplies the Axis defenders.
    const soviet = calc.run({ ...BORODINO, sovietAttack: true });
    assert.ok(soviet.ok);
    assert.match(soviet.report.notes[0]!, /^Attackers fire up to 8 in the first round/);
    assert.match(
      soviet.report.notes[1]!,
      /^Defenders fire 10 in the first round: \+4 Defending unit 1 \(2 ×2\)/,
    );
  });

  it('reads weather, fortification and break-off into the battle', () => {
    const b = battleOfForm({ ...BORODINO, snow: true, fortified: true, attackBreakOff: 3 });
    assert.ok(b?.ok);
    assert.equal(b.battle.weather, 'snow');
    assert.equal(b.battle.fortified, true);
    assert.equal(b.battle.policies.attacker.retreatAfterLosses, 3);
    assert.equal(b.battle.policies.defender.retreatAfterLosses, null);
    assert.deepEqual(
      b.battle.attackers.map((u) => u.class),
      ['major', 'major', 'air'],
    );
    // Each changes the answer (Snow only without German air: with it, B.1b is B.1a).
    const plain = { attack1: 3, defend1: 3 };
    const snowy = [calc.run(plain), calc.run({ ...plain, snow: true })];
    assert.ok(snowy[0]!.ok && snowy[1]!.ok);
    assert.notDeepEqual(snowy[0]!.report.outcomes, snowy[1]!.report.outcomes);
    const base = calc.run(BORODINO);
    for (const extra of [{ fortified: true }, { attackBreakOff: 1 }, { defendBreakOff: 0 }]) {
      const r = calc.run({ ...BORODINO, ...extra });
      assert.ok(base.ok && r.ok);
      assert.notDeepEqual(r.report.outcomes, base.report.outcomes, JSON.stringify(extra));
    }
  });

  it('asks for what is missing and names the field that is wrong', () => {
    const field = (input: Record<string, unknown>) => {
      const a = calc.run(input);
      return !a.ok && 'input' in a ? `${a.input.field}: ${a.input.message}` : 'ok';
    };
    assert.match(field({}), /^attack1: is required/);
    assert.match(field({ defend1: 3 }), /^attack1: is required/);
    assert.match(field({ attack1: 3 }), /^defend1: is required/);
    assert.match(field({ attack1: 3, attackAir: 2 }), /^defend1: is required/);
    assert.match(field({ attack2: 3, defend1: 1, defendAir: 1 }), /^ok$/, 'any slot may hold a unit');
    assert.match(field({ attackAir: 1, defend1: 3 }), /^attack1: is required.*alone/);
    assert.match(
      field({ attack1: 3, defend1: 3, defend2Minor: true }),
      /^defend2Minor: goes with a strength/,
    );
    assert.match(field({ ...BORODINO, fire: 5 }), /^fire: is one volley/);
    assert.match(field({ ...BORODINO, battle: example }), /^battle: is a whole battle/);
    assert.match(field({ snow: true }), /^attack1: is required/);
  });

  it('leaves the volley and the battle file as they were', () => {
    const volley = calc.run({ fire: 37 });
    assert.ok(volley.ok && volley.report.sections?.[0]?.columns?.length === 2);
    const file = calc.run({ battle: example });
    assert.ok(file.ok);
    assert.match(
      file.report.notes[0]!,
      /^Attackers fire 14 in the first round: \+10 XL AK \(mot\.\) \(5 ×2\)/,
    );
  });
});
