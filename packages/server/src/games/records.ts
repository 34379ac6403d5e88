/**
 * What a game is stored as: a new game's record, created or imported alike, the tokens
 * it gives out (only their hashes are stored), and the time stamp of a change.
 */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@stavka/engine';
import type { GameRecord } from '../store.ts';
import type { AnyRules } from './cached-game.ts';

/** The time as an ISO string, made once per millisecond (the actions committed together share it). */
let nowMs = Number.NaN;
let nowIso = '';
export const isoNow = () => {
  const ms = Date.now();
  if (ms !== nowMs) {
    nowMs = ms;
    nowIso = new Date(ms).toISOString();
  }
  return nowIso;
};

/** A new game's id: unguessable, URL-safe. */
export const newGameId = () => randomBytes(12).toString('base64url');
/** A new token: `st_` a seat's, `sp_` the spectators', `ad_` the creator's. */
export const newToken = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
export const tokenHash = (t: string) => sha256Hex(t);

/**
 * A new game's record, created or imported alike, with the spectator's token and the
 * creator's admin token (only their hashes are stored).
 */
export function newGameRecord(
  id: string,
  rules: AnyRules,
  at: string,
  f: Pick<GameRecord, 'status' | 'seq' | 'commitment' | 'secret' | 'seed' | 'final_hash' | 'origin'> & {
    readonly scenario: unknown;
    readonly options: unknown;
    /** The analyst offered to both seats, agreed at creation (issue #48); default not. */
    readonly analyst?: boolean;
  },
): { record: GameRecord; spectator: string; admin: string } {
  const spectator = newToken('sp');
  const admin = newToken('ad');
  const record: GameRecord = {
    id,
    game: rules.id,
    rules_version: rules.rulesVersion,
    scenario: JSON.stringify(f.scenario),
    options: JSON.stringify(f.options),
    status: f.status,
    seq: f.seq,
    commitment: f.commitment,
    secret: f.secret,
    seed: f.seed,
    final_hash: f.final_hash,
    spectator_token_hash: tokenHash(spectator),
    admin_token_hash: tokenHash(admin),
    origin: f.origin,
    imported: null,
    analyst: f.analyst === true ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
  return { record, spectator, admin };
}

/** The game's own scenario file (JSON), when it was not set up from a standard one. */
export function ownScenario(record: GameRecord): string | undefined {
  const v: unknown = JSON.parse(record.scenario);
  return v === null || typeof v === 'string' ? undefined : record.scenario;
}
