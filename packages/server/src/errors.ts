/**
 * Errors a client can cause: always a 4xx with `{code, message}`, and nothing changed.
 * The engine's typed action errors map onto HTTP statuses here.
 */
import type { ActionError } from '@stavka/engine';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

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

/** Fastify's own refusals of a request, by the codes clients are told. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request/too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request/unsupported-media-type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request/empty-body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request/bad-json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request/bad-length',
};

/**
 * The server's error handler: an ApiError as its status and `{code, message}`; a request
 * fastify refused (schema, size, media type, rate, time) as a 4xx with a code of the same
 * kind; anything else logged (also to `log`) and answered 500 `server/internal`.
 */
export function errorReplies(log: ((line: string) => void) | undefined) {
  return (
    error: FastifyError | ApiError | { statusCode?: number; code?: string; message?: string },
    req: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (error instanceof ApiError)
      return reply.status(error.status).send({ code: error.code, message: error.message });
    const e = error as FastifyError;
    if (e.validation) return reply.status(400).send({ code: 'request/invalid', message: e.message });
    const status = e.statusCode;
    if (status === 429)
      return reply
        .status(429)
        .send({ code: 'request/rate-limited', message: e.message ?? 'too many requests' });
    if (e.code === 'FST_ERR_REQ_TIMEOUT' || e.code === 'FST_ERR_CTP_BODY_TIMEOUT') {
      return reply
        .status(408)
        .send({ code: 'request/timeout', message: 'the request took too long to arrive' });
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.status(status).send({
        code: Object.hasOwn(FASTIFY_CODES, e.code) ? FASTIFY_CODES[e.code]! : 'request/bad',
        message: e.message,
      });
    }
    req.log.error(error);
    log?.(`stavka server: ${(error as Error)?.stack ?? String(error)}`);
    return reply.status(500).send({ code: 'server/internal', message: 'internal error' });
  };
}

/** A request no route takes: 404 `request/not-found`, naming its method and path. */
export function notFoundReply(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ code: 'request/not-found', message: `no route ${req.method} ${req.url.split('?')[0]}` });
}
