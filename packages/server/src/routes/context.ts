/**
 * What the route modules are given (each a fastify plugin registered with a RouteContext
 * as its options, app.ts), and the little they share: body sizes, who a request speaks
 * for, the new-game quota checked before a body is read, and the links a new game's
 * secrets come back with.
 */
import type { FastifyRequest } from 'fastify';
import type { Principal, Service } from '../games.ts';
import type { ImportWorkers } from '../import-worker.ts';
import { type AddressQuotas, clientKey } from '../quotas.ts';
import type { Store } from '../store.ts';

/**
 * Body sizes, from the schemas (schemas.ts): an action has at most 16 fields of short
 * values (a hex game's: 4); a create at most 16 seats of a 2 KiB webhook each, 16 options,
 * and a custom scenario (the standard one's map, units, turns and set-up are ~70 KB: four
 * times that); an import at most 20,000 actions of ~100 bytes (a whole hex game of ~1,000
 * actions exports to ~125 KB).
 */
export const BODY = {
  small: 16 * 1024,
  create: 320 * 1024,
  import: 2 * 1024 * 1024,
} as const;

/** A route module's options: the service it serves and what guards it. */
export type RouteContext = {
  readonly service: Service;
  readonly store: Pick<Store, 'kind'>;
  readonly quotas: AddressQuotas;
  /** Replays imports and clients' own scenarios off the serving thread (import-worker.ts). */
  readonly importer: ImportWorkers;
  /** Where a request's seat links point (see AppOptions.linksFromRequest). */
  readonly linkBase: (req: FastifyRequest) => string;
  readonly log: ((line: string) => void) | undefined;
};

/** The token of a request's `Authorization: Bearer ...` header, if any. */
export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : undefined;
}

/** Whom a request on `/api/games/:id/...` speaks for: its bearer token's seat, the spectators or the admin. */
export function auth(ctx: RouteContext, req: FastifyRequest<{ Params: { id: string } }>): Promise<Principal> {
  return ctx.service.authenticate(req.params.id, bearer(req));
}

/**
 * An onRequest hook for the routes that make a game: refuses a new game from an address
 * whose quota is spent before its body is read.
 */
export function gamesLeftHook(ctx: RouteContext): (req: FastifyRequest) => Promise<void> {
  return async function gamesLeft(req) {
    ctx.quotas.gamesLeft(clientKey(req.ip));
  };
}

/** Where seat links point: `publicUrl`, or the request's own origin when links follow it. */
export function linkBaseFor(
  publicUrl: string,
  fromRequest: boolean | undefined,
): (req: FastifyRequest) => string {
  return (req) => (fromRequest && requestOrigin(req)) || publicUrl;
}

/**
 * The origin a request was sent to: its protocol and Host header, when that is a host
 * name or address with an optional port (else null). The client chose it, and the links
 * go back only to that client.
 */
function requestOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  if (!/^(?:[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/.test(host)) return null;
  return `${req.protocol}://${host}`;
}

/** A seat's link: the game page with the token after the `#` (never sent to a server). */
export const seatLink = (base: string, gameId: string, token: string) => `${base}/play/${gameId}#${token}`;

/** A new game's secrets, each token with its link. */
export function withLinks<
  T extends {
    id: string;
    seats: Record<string, { token?: string }>;
    spectator: { token: string };
    admin?: { token: string };
  },
>(made: T, base: string): T {
  const link = (t: string) => seatLink(base, made.id, t);
  return {
    ...made,
    seats: Object.fromEntries(
      Object.entries(made.seats).map(([side, s]) => [side, s.token ? { ...s, link: link(s.token) } : s]),
    ),
    spectator: { ...made.spectator, link: link(made.spectator.token) },
    ...(made.admin ? { admin: { ...made.admin, link: link(made.admin.token) } } : {}),
  };
}
