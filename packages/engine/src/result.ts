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

/** A problem in a scenario, table or replay file: which field, and why. */
export interface SetupError {
  readonly code: `setup/${string}`;
  /** Dotted path of the offending field, e.g. `map.hexsides[3].between[1]`. */
  readonly path: string;
  readonly message: string;
}

export function setupError(code: SetupError['code'], path: string, message: string): SetupError {
  return { code, path, message };
}

/** Renders setup errors one per line, field first: what a CLI prints. */
export function formatSetupErrors(errors: readonly SetupError[]): string {
  return errors.map((e) => `${e.path || '(file)'}: ${e.message} [${e.code}]`).join('\n');
}
