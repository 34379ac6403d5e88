/**
 * Mars 1942's set-up error codes, closed: the engine's that a scenario passes on (its schema,
 * map and tables) and the game's own. `setupError` takes no other code.
 */
import { ENGINE_SETUP_CODES, setupErrorsOf } from '@stavka/engine';

export const MARS_SETUP_CODES = [
  ...ENGINE_SETUP_CODES,
  'setup/factors', // a unit without its attack, defense or movement factor
  'setup/side', // a unit of the other side where one side's is wanted
  'setup/unknown-unit',
  'setup/missing-zone',
  'setup/missing-edge',
  'setup/missing-place',
  'setup/not-panzer', // a panzer-only rule naming another unit
  'setup/orders', // the scenario's turn orders
] as const;

/** An error of Mars's vocabulary: which field, and why. */
export const setupError = setupErrorsOf(MARS_SETUP_CODES);
