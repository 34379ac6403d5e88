/**
 * The JSON schemas the routes share, written once: fastify checks every request against
 * its route's and writes every reply through its own (a reply's properties in the order
 * given here; a property not named is not sent).
 */

// ---- building blocks ----------------------------------------------------------

export const STRING = { type: 'string' } as const;
export const INTEGER = { type: 'integer' } as const;
export const BOOLEAN = { type: 'boolean' } as const;
export const STRING_OR_NULL = { type: ['string', 'null'] } as const;
export const STRINGS = { type: 'array', items: STRING } as const;

/** An object with these properties, none required (a reply's: written in this order). */
export const object = <P extends object>(properties: P) => ({ type: 'object', properties }) as const;

/** An object of these properties only (a request's body), `required` among them. */
export const only = <P extends object>(properties: P, required?: readonly string[]) => ({
  type: 'object',
  ...(required ? { required } : {}),
  additionalProperties: false,
  properties,
});

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: STRING, message: STRING },
} as const;
/** Every route's refusals: `{code, message}` (errors.ts). */
export const errors = { '4xx': errorSchema, '5xx': errorSchema } as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
} as const;

/**
 * The schema of a route on one game (`/api/games/:id/...`): the game's id in the path, its
 * body if it takes one, and its reply: `reply` under `status`, and the errors.
 */
export function onGame(reply: object | null, requestBody?: object, status = 200) {
  return {
    params: idParams,
    ...(requestBody ? { body: requestBody } : {}),
    response: { ...(reply ? { [status]: reply } : {}), ...errors },
  };
}

// ---- actions, seats, games ------------------------------------------------------

export const actionSchema = {
  type: 'object',
  required: ['type'],
  maxProperties: 16,
  properties: { type: { type: 'string', minLength: 1, maxLength: 64 } },
  additionalProperties: true,
} as const;
/** The action type's bounds, as `POST /actions` checks them: the live channel checks the same. */
export const TYPE = actionSchema.properties.type;
/** A whole number from 0: a state id, a place in a list. */
export const WHOLE_NUMBER = { type: 'integer', minimum: 0 } as const;

export const seatsSummarySchema = {
  type: 'object',
  additionalProperties: object({ player: STRING, joined: BOOLEAN, level: STRING }),
} as const;

export const seatViewSchema = {
  type: 'object',
  required: ['gameId', 'side', 'status', 'stateId', 'seats', 'view', 'legal'],
  properties: {
    gameId: STRING,
    side: STRING_OR_NULL,
    status: { type: 'string', enum: ['waiting', 'active', 'over'] },
    stateId: INTEGER,
    seats: seatsSummarySchema,
    view: {},
    legal: { type: 'array', items: {} },
    analyst: BOOLEAN,
  },
} as const;

export const seatSpecSchema = only({
  player: { type: 'string', enum: ['human', 'ai'] },
  level: { type: 'string', minLength: 1, maxLength: 32 },
  webhook: { type: ['string', 'null'], maxLength: 2048 },
});

const tokenLinkSchema = object({ token: STRING, link: STRING });

/**
 * The reply to a new game (made or imported): 201 with `properties`, then its secrets:
 * each seat's token and link, the spectators' and the admin's.
 */
export function newGameReply<P extends object>(properties: P) {
  const secrets = {
    seats: {
      type: 'object',
      additionalProperties: object({ player: STRING, token: STRING, link: STRING, webhookSecret: STRING }),
    },
    spectator: tokenLinkSchema,
    admin: tokenLinkSchema,
  } as const;
  return { 201: object({ ...properties, ...secrets }), ...errors };
}

// ---- replay files -----------------------------------------------------------------

const diceSchema = {
  type: 'object',
  required: ['commitment', 'secret', 'contributions'],
  properties: {
    scheme: STRING,
    commitment: STRING,
    secret: STRING,
    contributions: {
      type: 'object',
      maxProperties: 16,
      additionalProperties: { type: 'string', maxLength: 256 },
    },
  },
} as const;

export const replayFileSchema = {
  type: 'object',
  required: ['game', 'rulesVersion', 'seed', 'actions'],
  properties: {
    format: STRING,
    game: { type: 'string', maxLength: 64 },
    rulesVersion: { type: 'string', maxLength: 64 },
    scenario: {},
    seed: { type: ['string', 'integer'] },
    options: { type: 'object', maxProperties: 16 },
    actions: {
      type: 'array',
      maxItems: 20000,
      items: {
        type: 'object',
        required: ['side', 'action'],
        properties: { side: { type: 'string', maxLength: 64 }, action: actionSchema },
      },
    },
    hashes: { type: 'array', maxItems: 20000, items: { type: 'string', maxLength: 128 } },
    finalHash: STRING_OR_NULL,
    dice: diceSchema,
    server: { type: 'object' },
    resumed: {
      type: 'object',
      required: ['action', 'seed'],
      properties: {
        action: { type: 'integer', minimum: 1, maximum: 20000 },
        seed: { type: ['string', 'integer'] },
        dice: diceSchema,
      },
    },
  },
} as const;
