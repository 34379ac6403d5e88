/**
 * Errors a user can cause are values, never exceptions (chessops' Result).
 * Throwing is kept for broken invariants: bugs, not bad input.
 */
export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** The shape of every set-up error code; each vocabulary of them is a closed tuple (below, and one a game). */
export type SetupCode = `setup/${string}`;

/**
 * A problem in a scenario, table or replay file: which field, and why. `C` is the closed
 * vocabulary the code comes from (chessops' `IllegalSetup`); the default takes any of them.
 */
export interface SetupError<C extends SetupCode = SetupCode> {
  readonly code: C;
  /** Dotted path of the offending field, e.g. `map.hexsides[3].between[1]`. */
  readonly path: string;
  readonly message: string;
}

/** The engine's own set-up error codes: a file's schema, maps, tables, options and replays. */
export const ENGINE_SETUP_CODES = [
  'setup/schema', // schema.ts: the file does not have its schema's shape
  'setup/options', // options.ts
  // map.ts
  'setup/duplicate',
  'setup/loop',
  'setup/not-adjacent',
  'setup/off-map-hex',
  'setup/too-many-features',
  'setup/unknown-hex',
  'setup/unknown-point',
  // combat/table.ts
  'setup/bad-roll',
  'setup/column-order',
  'setup/missing-roll',
  'setup/row-length',
  'setup/unknown-result',
  'setup/unranked',
  // game.ts: replays
  'setup/replay-action',
  'setup/replay-resumed',
  'setup/rules-version',
  'setup/seed',
  'setup/wrong-game',
] as const;
export type EngineSetupCode = (typeof ENGINE_SETUP_CODES)[number];

/**
 * The error constructor of one closed vocabulary: a code that `codes` does not declare does
 * not compile. A game declares its tuple (the engine's codes it passes on, and its own) and
 * builds its errors with the constructor this returns.
 */
export function setupErrorsOf<const Codes extends readonly SetupCode[]>(
  _codes: Codes,
): (code: Codes[number], path: string, message: string) => SetupError<Codes[number]> {
  return (code, path, message) => ({ code, path, message });
}

/** The engine's own errors, of `ENGINE_SETUP_CODES` only. */
export const engineSetupError = setupErrorsOf(ENGINE_SETUP_CODES);

/** Renders setup errors one per line, field first: what a CLI prints. */
export function formatSetupErrors(errors: readonly SetupError[]): string {
  return errors.map((e) => `${e.path || '(file)'}: ${e.message} [${e.code}]`).join('\n');
}
