/**
 * Point-to-point's set-up error codes, closed: the engine's that a scenario passes on (its
 * schema, map and tables) and the game's own, for battles, Typhoon and the campaign.
 * `setupError` takes no other code.
 */
import { ENGINE_SETUP_CODES, setupErrorsOf } from '@stavka/engine';

export const POINT_TO_POINT_SETUP_CODES = [
  ...ENGINE_SETUP_CODES,
  // a battle (battle-scenario.ts)
  'setup/duplicate-point',
  'setup/duplicate-unit',
  'setup/wrong-side',
  'setup/formation',
  'setup/no-value',
  'setup/over-limit',
  'setup/no-origin',
  'setup/no-base',
  'setup/sheltering',
  'setup/air-alone',
  'setup/air-dispersed',
  'setup/air-value',
  // a battle's analysis (analysis.ts)
  'setup/endless-battle',
  'setup/no-decision',
  // Typhoon (typhoon.ts)
  'setup/turn-order',
  'setup/value',
  'setup/withdraws',
  // the module and the campaign (module.ts, campaign.ts)
  'setup/game',
  'setup/scenario',
] as const;

/** An error of point-to-point's vocabulary: which field, and why. */
export const setupError = setupErrorsOf(POINT_TO_POINT_SETUP_CODES);
