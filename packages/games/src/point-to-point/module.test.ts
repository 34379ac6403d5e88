/**
 * The point-to-point game module (module.ts): the Typhoon campaign as its rules (playable),
 * its standard scenario checked field by field, no options, the progress line (C-3, C-11),
 * its players.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGameOptions, setup } from '@stavka/engine';
import { campaignRules } from './campaign.ts';
import { pointToPointModule, typhoonScenarioFile } from './module.ts';

describe('the point-to-point game module', () => {
  it('is playable: its rules are the campaign, with nothing hidden', () => {
    assert.equal(pointToPointModule.meta.hiddenInformation, false);
    assert.equal(pointToPointModule.rules.id, 'point-to-point');
    assert.ok(pointToPointModule.players?.random && pointToPointModule.players?.ai, 'random and ai');
    assert.ok(pointToPointModule.calculator, 'the calculator stays');
  });
  it('checks the standard Typhoon scenario; a broken file names its field', () => {
    const ok = pointToPointModule.scenarios!.check(typhoonScenarioFile());
    assert.ok(ok.ok && /75 points, 125 lines/.test(ok.value.summary), JSON.stringify(ok));
    const file = typhoonScenarioFile() as { scenario: { suddenDeath: string } };
    file.scenario.suddenDeath = 'berlin';
    const bad = pointToPointModule.scenarios!.check(file);
    assert.ok(
      !bad.ok && bad.error.some((e) => e.path === 'typhoon-scenario.suddenDeath'),
      JSON.stringify(bad),
    );
    assert.ok(!pointToPointModule.scenarios!.check({ game: 'mars-1942' }).ok, 'another game');
    assert.equal(
      pointToPointModule.scenarios!.file('typhoon'),
      null,
      'the standard scenario, as setup takes it',
    );
    assert.ok(!setup(campaignRules, { custom: true }, 's', {}).ok, 'only the standard scenario is played');
  });
  it('takes no options', () => {
    assert.equal(pointToPointModule.options, undefined);
    assert.ok(checkGameOptions('point-to-point', pointToPointModule.options ?? [], {}).ok);
    const r = checkGameOptions('point-to-point', pointToPointModule.options ?? [], { fog: true });
    assert.ok(!r.ok && r.error[0]!.path === 'options.fog');
  });
  it('progress: turn of 8, the side and step in words, the weather and dates of the turn (C-3, C-11)', () => {
    const made = setup(campaignRules, null, 'p', {});
    assert.ok(made.ok, 'setup');
    const p = pointToPointModule.progress!(made.value.state);
    assert.deepEqual(p, {
      turn: 1,
      turns: 8,
      phase: 'Axis Movement (C-4)',
      weather: 'good',
      date: '1-15 Oct 1941',
    });
  });
});
