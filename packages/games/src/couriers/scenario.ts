/**
 * Couriers' one scenario as a file (couriers.txt "Set-up"): how many dispatches a side
 * holds. `null` is the standard scenario, as `setup` takes it.
 */
import { engineSetupError, ok, type Result, type SetupError } from '@stavka/engine';

export interface CouriersScenario {
  readonly game: 'couriers';
  /** Sealed dispatches dealt to each side, 1 to 6. */
  readonly dispatchesPerSide: number;
}

export const STANDARD_SCENARIO: CouriersScenario = { game: 'couriers', dispatchesPerSide: 4 };

/** A scenario file checked: null or the standard file's shape, every error naming its field. */
export function compileScenario(file: unknown): Result<CouriersScenario, SetupError[]> {
  if (file === null || file === undefined) return ok(STANDARD_SCENARIO);
  if (typeof file !== 'object' || Array.isArray(file))
    return { ok: false, error: [engineSetupError('setup/schema', '', 'a scenario is an object')] };
  const f = file as Record<string, unknown>;
  const errors: SetupError[] = [];
  if (f.game !== 'couriers')
    errors.push(engineSetupError('setup/wrong-game', 'game', 'game must be "couriers"'));
  const n = f.dispatchesPerSide;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6)
    errors.push(
      engineSetupError(
        'setup/schema',
        'dispatchesPerSide',
        'dispatchesPerSide must be a whole number, 1 to 6',
      ),
    );
  for (const k of Object.keys(f))
    if (k !== 'game' && k !== 'dispatchesPerSide')
      errors.push(engineSetupError('setup/schema', k, `no field "${k}"`));
  return errors.length > 0
    ? { ok: false, error: errors }
    : ok({ game: 'couriers', dispatchesPerSide: n as number });
}
