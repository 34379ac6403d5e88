/**
 * Verifiable dice by commit and reveal. At creation the server draws a secret and
 * publishes only its hash (the commitment); each seat adds its own random
 * contribution when it joins; the engine's seed is the hash of all of them, so
 * neither the server (bound by its commitment) nor any seat (not knowing the secret)
 * can choose the rolls. The secret is revealed when the game ends: anyone can then
 * recompute the seed and replay every roll (`stavka verify FILE`).
 */
import { randomBytes } from 'node:crypto';

export { checkDice, commitmentOf, DICE_SCHEME, type DiceRecord, deriveSeed } from '@stavka/engine';

/** A fresh server secret: 32 random bytes, hex. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A contribution for a seat that brings none (AI seats, clients that leave it to us). */
export function newContribution(): string {
  return randomBytes(16).toString('hex');
}
