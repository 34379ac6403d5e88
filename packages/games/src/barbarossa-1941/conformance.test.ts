/**
 * The engine's conformance suite on Barbarossa (its rules behind a game module): random
 * whole games with no dead end, replays to the same hash, `apply` never changing its
 * input, stale actions refused, and no view, log, legal-action list or error message of
 * a viewer carrying a secret planted where it may not look (secrets.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AnyGameModule, checkConformance, registerGame } from '@stavka/engine';
import { barbarossaModule } from './module.ts';
import { barbarossaPlay } from './play.ts';
import { barbarossaRules } from './rules.ts';
import { barbarossaSecrets } from './secrets.ts';
import { positionFile, SMALL_FRONT } from './test-positions.ts';

/** The parts of the module the suite reads, with play.ts's rules, options, players and determinize (no AI players). */
const typed = {
  ...barbarossaPlay,
  id: barbarossaModule.id,
  meta: barbarossaModule.meta,
  calculator: barbarossaModule.calculator,
};
const playable: AnyGameModule = registerGame(typed);

describe('Conformance: Barbarossa on a small front', () => {
  it('passes every check of the engine suite, secrets included', () => {
    const findings = checkConformance(playable, {
      playouts: 2,
      scenario: positionFile(SMALL_FRONT),
      sampleEvery: 10,
      secrets: barbarossaSecrets,
    });
    assert.deepEqual(findings, []);
  });
  it('with the asymmetric odds (B-7, B-8)', () => {
    const findings = checkConformance(playable, {
      playouts: 1,
      seed: 'asym',
      scenario: positionFile(SMALL_FRONT),
      options: { asymmetricOdds: true },
      secrets: barbarossaSecrets,
    });
    assert.deepEqual(findings, []);
  });
  it('and the planter is sharp: a view that kept the secret would be found', () => {
    const leaky: AnyGameModule = registerGame({ ...typed, rules: { ...barbarossaRules, view: (g) => g } });
    const findings = checkConformance(leaky, {
      playouts: 1,
      scenario: positionFile(SMALL_FRONT),
      secrets: barbarossaSecrets,
    });
    assert.ok(findings.some((f) => f.check === 'leak-view'));
  });
});
