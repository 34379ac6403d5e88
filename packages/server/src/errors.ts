/**
 * Errors a client can cause: always a 4xx with `{code, message}`, and nothing changed.
 * The engine's typed action errors map onto HTTP statuses here.
 */
import type { ActionError } from '@stavka/engine';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const ACTION_STATUS: Record<ActionError['code'], number> = {
  'action/stale': 409,
  'action/not-your-turn': 409,
  'action/game-over': 409,
  'action/not-legal': 422,
  'action/malformed': 400,
  'action/unknown-side': 400,
};

export function actionError(e: ActionError): ApiError {
  return new ApiError(ACTION_STATUS[e.code] ?? 422, e.code, e.message);
}

export const notFound = (what = 'game') => new ApiError(404, `${what}/not-found`, `no such ${what}`);
