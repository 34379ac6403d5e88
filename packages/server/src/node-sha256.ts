/**
 * Node's native SHA-256 for the engine's hashes (state hashes, the log's chained digest,
 * seeds): the same digests as noble-hashes, about ten times faster on a state. Light on
 * purpose (`@stavka/server/node-sha256`): worker threads import only this.
 */
import * as crypto from 'node:crypto';
import { useSha256 } from '@stavka/engine';

let done = false;

/**
 * `crypto.hash`, the one-shot digest (Node 20.12 and later): no Hash object a call, so
 * about 1 µs less for each of the log's small digests and 0.4 µs for a state's.
 * `createHash` on an older Node.
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** Makes the engine hash with `node:crypto` in this thread (idempotent). */
export function useNodeSha256(): void {
  if (done) return;
  useSha256(
    oneShot
      ? (text) => oneShot('sha256', text, 'hex')
      : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex'),
    // A state's JSON in runs (engine hashValue): no joined copy of it to hash.
    (texts) => {
      const h = crypto.createHash('sha256');
      for (const t of texts) h.update(t, 'utf8');
      return h.digest('hex');
    },
  );
  done = true;
}
