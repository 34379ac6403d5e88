/**
 * A game's optional rules (options.ts): a new game's options are checked against the
 * switches its module declares, each error naming its field; the options in force are the
 * given values over the declared defaults.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGameOptions, type GameOption, optionsInForce } from './options.ts';

const DECLARED: readonly GameOption[] = [
  { key: 'firstTurnDoubling', label: 'Doubled first turn', rule: 'M-16', default: true },
  { key: 'weatherRoll', label: 'Weather rolled', rule: 'B-11', default: false },
];

describe('optional rules', () => {
  it('takes no options, or any of the declared ones set true or false', () => {
    assert.deepEqual(checkGameOptions('g', DECLARED, undefined), { ok: true, value: {} });
    assert.deepEqual(checkGameOptions('g', DECLARED, null), { ok: true, value: {} });
    assert.deepEqual(checkGameOptions('g', DECLARED, { weatherRoll: true, firstTurnDoubling: false }), {
      ok: true,
      value: { weatherRoll: true, firstTurnDoubling: false },
    });
  });
  it('refuses a key it does not declare and a value that is not true or false, naming each field and the rule', () => {
    const r = checkGameOptions('g', DECLARED, { fog: true, weatherRoll: 'yes', firstTurnDoubling: 1 });
    assert.ok(!r.ok);
    assert.deepEqual(
      r.error.map((e) => [e.path, e.message]),
      [
        ['options.fog', '"fog" is no option of g (its options: firstTurnDoubling, weatherRoll)'],
        ['options.weatherRoll', 'is true or false (B-11)'],
        ['options.firstTurnDoubling', 'is true or false (M-16)'],
      ],
    );
  });
  it('refuses options that are not an object, and every key of a game that declares none', () => {
    for (const bad of [[], 'doubling', 3, true]) {
      const r = checkGameOptions('g', DECLARED, bad);
      assert.ok(!r.ok && r.error[0]!.path === 'options', JSON.stringify(bad));
    }
    const none = checkGameOptions('p', [], { fog: false });
    assert.ok(!none.ok);
    assert.equal(none.error[0]!.message, '"fog" is no option of p (its options: none)');
  });
  it('a key the length of a page is cut short in the error', () => {
    const r = checkGameOptions('g', DECLARED, { ['x'.repeat(10_000)]: true });
    assert.ok(!r.ok);
    assert.ok(r.error[0]!.path.length < 60 && r.error[0]!.message.length < 200);
  });
  it('the options in force: the given value, else the declared default', () => {
    assert.deepEqual(
      optionsInForce(DECLARED, { weatherRoll: true }).map((o) => [o.option.key, o.on]),
      [
        ['firstTurnDoubling', true],
        ['weatherRoll', true],
      ],
    );
  });
});
