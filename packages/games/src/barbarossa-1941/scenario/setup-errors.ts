/**
 * Barbarossa 1941's set-up error codes, closed: the engine's that a scenario passes on (its
 * schema, map and CRT) and the game's own. `setupError` takes no other code.
 */
import { ENGINE_SETUP_CODES, type SetupError, setupErrorsOf } from '@stavka/engine';

export const BARBAROSSA_SETUP_CODES = [
  ...ENGINE_SETUP_CODES,
  // the scenario file (compile.ts)
  'setup/terrain', // a terrain name not in TERRAINS
  'setup/hexside-feature', // a hexside feature not in HEXSIDE_FEATURES
  'setup/connection', // a connection kind not in CONNECTION_KINDS
  'setup/factors', // a unit without its attack, defense or movement factor
  'setup/nationality', // an Axis unit that is Soviet, or a Soviet one that is not
  'setup/unknown-unit',
  'setup/side', // a unit of the other side where one side's is wanted
  'setup/place-kind',
  'setup/place-at-sea',
  'setup/unknown-place',
  'setup/missing-place', // Ploesti or Grozny absent ("Supply")
  'setup/sea-control', // a sea no place controls ("By Sea")
  'setup/missing-zone',
  'setup/missing-edge',
  'setup/unknown-position',
  'setup/no-room', // an Axis unit with no legal set-up hex
  'setup/not-rifle-army',
  'setup/draw', // the draw's counts ("Sorting Russian Arrays")
  'setup/no-placement',
  'setup/not-in-pool',
  'setup/turns',
  'setup/unknown-entry', // a reinforcement's "at" that is no edge, zone or place
  // a set-up (setup-check.ts: "Setup", "Stacking Limits")
  'setup/illegal-position',
  'setup/missing-position',
  'setup/not-at-start',
  'setup/not-drawn',
  'setup/stacking',
  'setup/fixed',
  'setup/on-board',
  'setup/border',
  'setup/border-uncovered',
  'setup/extra',
  // the rules' own scenario and a position (rules-scenario.ts, rules.ts)
  'setup/unit',
  'setup/piece',
] as const;
export type BarbarossaSetupCode = (typeof BARBAROSSA_SETUP_CODES)[number];
export type BarbarossaSetupError = SetupError<BarbarossaSetupCode>;

/** An error of Barbarossa's vocabulary: which field, and why. */
export const setupError = setupErrorsOf(BARBAROSSA_SETUP_CODES);
