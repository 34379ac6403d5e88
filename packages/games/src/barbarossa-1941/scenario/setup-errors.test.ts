/**
 * The closed set-up error vocabularies (issue #47, chessops' `IllegalSetup`): each game's
 * tuple names every code once, and a broken scenario file is refused only with codes its
 * game declares (the compiler checks the literals; this checks what a run emits).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ENGINE_SETUP_CODES } from '@stavka/engine';
import { MARS_SETUP_CODES } from '../../mars-1942/setup-errors.ts';
import { POINT_TO_POINT_SETUP_CODES } from '../../point-to-point/setup-errors.ts';
import { compileScenario } from './compile.ts';
import { checkSetup } from './setup-check.ts';
import { BARBAROSSA_SETUP_CODES } from './setup-errors.ts';
import { standardScenarioFile } from './standard.ts';

describe('closed set-up error codes', () => {
  it('each vocabulary names a code once and takes in the engine codes a scenario passes on', () => {
    for (const codes of [
      ENGINE_SETUP_CODES,
      BARBAROSSA_SETUP_CODES,
      MARS_SETUP_CODES,
      POINT_TO_POINT_SETUP_CODES,
    ]) {
      assert.equal(new Set(codes).size, codes.length, codes.join(', '));
      for (const code of ENGINE_SETUP_CODES) assert.ok((codes as readonly string[]).includes(code), code);
    }
  });

  it('a broken Barbarossa file and set-up are refused with declared codes only', () => {
    const file = standardScenarioFile();
    file.units[0]!.nationality = 'soviet';
    file.places.Atlantis = { victoryPoints: 1 };
    file.setup.soviet.draw = file.setup.soviet.rifleArmyPool.length + 1;
    file.reinforcements[0]!.at = 'nowhere';
    const compiled = compileScenario(file);
    assert.ok(!compiled.ok);
    const codes = new Set<string>(compiled.error.map((e) => e.code));
    for (const code of ['setup/nationality', 'setup/unknown-place', 'setup/draw', 'setup/unknown-entry'])
      assert.ok(codes.has(code), [...codes].join(', '));
    const declared = new Set<string>(BARBAROSSA_SETUP_CODES);
    for (const e of compiled.error) assert.ok(declared.has(e.code), e.code);

    const standard = compileScenario(standardScenarioFile());
    assert.ok(standard.ok);
    const s = standard.value;
    const errors = checkSetup(s, { axis: {}, soviet: { nobody: 0 }, hiddenTankGroup: 'a' });
    assert.ok(errors.length > 0);
    for (const e of errors) assert.ok(declared.has(e.code), e.code);
  });
});
