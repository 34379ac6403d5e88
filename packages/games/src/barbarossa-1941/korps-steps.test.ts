/**
 * German motorized korps steps (RULINGS B-55): the reduced side lost to cover an exchange,
 * and "build an UnDisrupted, un-moved motorized korps back up to full strength" with panzer
 * replacement factors at A.1 ("Axis Reinforcements and Replacements Panzers"). Through the
 * contract on the 10x10 map of rules.test.ts (provisional CRT, 2:1 roll 2 reads X).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rulesScenarioByKey } from './rules-scenario.ts';
import { attackFactor, type BarbarossaState, defenseFactor } from './state.ts';
import { act, attack, type G, game, legal, offered, toMovement } from './test-games.ts';

describe('Motorized korps steps: the reduced side covering an exchange (B-55)', () => {
  it('a full motorized korps may be reduced to pay an X; an infantry korps has no step to give', () => {
    let s = game({
      pieces: {
        m: { is: 'ger-mot-korps-steps', at: '0504' },
        k: { is: 'ger-inf-korps', at: '0404' },
        r: { is: 'sov-army', at: '0505' },
      },
    });
    s = attack(toMovement(s), 'axis', ['m', 'k'], '0505');
    s = act(s, 'soviet', { type: 'orders-done' }, [2]);
    assert.equal(s.state.combat!.phase, 'exchange-choice', '7 against 3 is 2:1: X on a 2');
    s = act(s, 'axis', { type: 'exchange-choice', pay: true });
    assert.equal(s.state.combat!.phase, 'losses');
    const flips = legal(s, 'axis');
    assert.ok(
      flips.some((a) => a.type === 'flip' && a.piece === 'm'),
      'the korps may give its step',
    );
    assert.ok(!flips.some((a) => a.type === 'flip' && a.piece === 'k'), 'not the infantry korps');
    s = act(s, 'axis', { type: 'flip', piece: 'm' });
    const m = s.state.pieces.m!;
    const u = rulesScenarioByKey(s.state.scenario).units.m!;
    assert.equal(m.weak, true);
    assert.equal(attackFactor(u, m), 2, 'reduced: 2 attack factors');
    assert.equal(defenseFactor(u, m), 2);
    assert.ok(
      s.log.some((e) => e.text.includes('weak side') && e.cite?.includes('B-55')),
      'the log cites the ruling',
    );
  });
});

describe('Axis Reinforcements and Replacements Panzers: a motorized korps built back up (B-55)', () => {
  const reduced = (factors: number, extra: Partial<BarbarossaState['pieces'][string]> = {}) =>
    game(
      {
        pieces: {
          m: { is: 'ger-mot-korps-steps', at: '0303' },
          f: { is: 'ger-mot-korps-steps', at: '0305' },
        },
      },
      {
        tweak: (g) => {
          g.panzerFactors = factors;
          Object.assign(g.pieces.m!, { weak: true, ...extra });
        },
      },
    );

  it('at A.1, 2 panzer replacement factors rebuild an UnDisrupted, un-moved reduced korps', () => {
    let s = reduced(3);
    assert.deepEqual(
      offered(s, 'axis', 'rebuild-korps'),
      [{ type: 'rebuild-korps', piece: 'm' }],
      'the reduced korps only, not the full one',
    );
    s = act(s, 'axis', { type: 'rebuild-korps', piece: 'm' });
    assert.equal(s.state.pieces.m!.weak, false);
    assert.equal(s.state.panzerFactors, 1, '3 - 2 kept');
    assert.ok(s.log.some((e) => e.kind === 'reinforcements' && e.cite?.includes('B-55')));
  });

  it('forbidden: too few factors, a Disrupted korps, or after A.1', () => {
    const none = (s: G) => !legal(s, 'axis').some((a) => a.type === 'rebuild-korps');
    assert.ok(none(reduced(1)), '1 factor does not cover the 2');
    assert.ok(none(reduced(2, { disrupted: true })), '"UnDisrupted"');
    assert.ok(none(act(reduced(2), 'axis', { type: 'end-step' })), 'A.1 only');
  });
});
