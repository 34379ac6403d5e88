/**
 * Node's native SHA-256 for the engine's hashes (state hashes, the log's chained digest,
 * seeds): the same digests as noble-hashes, about ten times faster on a state. Light on
 * purpose (`@stavka/server/node-sha256`): worker threads import only this.
 */
import { createHash } from 'node:crypto';
import { useSha256 } from '@stavka/engine';

let done = false;

/** Makes the engine hash with `node:crypto` in this thread (idempotent). */
export function useNodeSha256(): void {
  if (done) return;
  useSha256((text) => createHash('sha256').update(text, 'utf8').digest('hex'));
  done = true;
}
