/**
 * Barbarossa through its module's play parts (play.ts): options checked field by field,
 * the progress line of a view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGameOptions, setup, view } from '@stavka/engine';
import type { BarbarossaView } from './hidden.ts';
import { barbarossaPlay } from './play.ts';
import { barbarossaRules } from './rules.ts';
import { positionFile, SMALL_FRONT } from './test-positions.ts';

describe('Game module: options and progress', () => {
  it('options are the two optional rules, true or false; anything else is refused naming its field', () => {
    assert.deepEqual(checkGameOptions('barbarossa-1941', barbarossaPlay.options!, { asymmetricOdds: true }), {
      ok: true,
      value: { asymmetricOdds: true },
    });
    const bad = checkGameOptions('barbarossa-1941', barbarossaPlay.options!, {
      asymmetricOdds: 'yes',
      fog: true,
    });
    assert.ok(!bad.ok);
    assert.deepEqual(bad.error.map((e) => e.path).sort(), ['options.asymmetricOdds', 'options.fog']);
  });
  it('progress: turn, turns, the step in words, the weather', () => {
    const made = setup(barbarossaRules, positionFile(SMALL_FRONT), 1, {});
    assert.ok(made.ok);
    const v = view(barbarossaRules, made.value, 'axis').state as BarbarossaView;
    assert.deepEqual(barbarossaPlay.progress!(v), {
      turn: 1,
      turns: 6,
      phase: 'German Reinforcements, rail movement and conversion',
      weather: 'good',
      date: 'Jun II 41',
    });
  });
  it('progress while the Axis player chooses to claim the sudden death or play on (B-70)', () => {
    const made = setup(barbarossaRules, positionFile(SMALL_FRONT), 1, {});
    assert.ok(made.ok);
    made.value.state.suddenDeath = 'offered';
    const v = view(barbarossaRules, made.value, 'soviet').state as BarbarossaView;
    assert.equal(
      barbarossaPlay.progress!(v).phase,
      'German Victory Determination (B.7): the Axis player claims the win or plays on (B-70)',
    );
  });
});
