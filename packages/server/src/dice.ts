/**
 * Verifiable dice by commit and reveal. At creation the server draws a secret and
 * publishes only its hash (the commitment); each seat adds its own random
 * contribution when it joins; the engine's seed is the hash of all of them, so
 * neither the server (bound by its commitment) nor any seat (not knowing the secret)
 * can choose the rolls. The secret is revealed when the game ends: anyone can then
 * recompute the seed and replay every roll (`stavka verify FILE`).
 */
import { randomBytes } from 'node:crypto';
import { canonicalJson, sha256Hex } from '@stavka/engine';

export const DICE_SCHEME = 'stavka-dice/1: seed = sha256(canonicalJson({contributions, secret}))';

/** A fresh server secret: 32 random bytes, hex. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A contribution for a seat that brings none (AI seats, clients that leave it to us). */
export function newContribution(): string {
  return randomBytes(16).toString('hex');
}

export function commitmentOf(secret: string): string {
  return sha256Hex(secret);
}

/** The engine seed from the secret and every seat's contribution (keyed by side). */
export function deriveSeed(secret: string, contributions: Readonly<Record<string, string>>): string {
  return sha256Hex(canonicalJson({ contributions, secret }));
}

export interface DiceRecord {
  readonly scheme: string;
  readonly commitment: string;
  readonly secret: string;
  readonly contributions: Readonly<Record<string, string>>;
}

/** Checks a revealed dice record against a seed: null if it holds, else what fails. */
export function checkDice(dice: DiceRecord, seed: string | number): string | null {
  if (commitmentOf(dice.secret) !== dice.commitment) {
    return `the revealed secret does not hash to the commitment ${dice.commitment}`;
  }
  const derived = deriveSeed(dice.secret, dice.contributions);
  if (derived !== seed)
    return `the seed ${String(seed)} is not the one derived from the secret and contributions (${derived})`;
  return null;
}
