// The identity of a photo upload: its photos' bytes, whatever their order or names, so a client's retry after a lost
// answer is recognised as the same upload (duplicates.ts refuses it, 409, unless replace) instead of importing every
// scene twice.
import { createHash } from 'node:crypto';

/** `photoHashes`: each photo's SHA-256 (hex). */
export function photoFingerprint(photoHashes: readonly string[]): string {
  const h = createHash('sha256');
  h.update('360 photos\0');
  for (const p of [...photoHashes].sort()) h.update(`${p}\n`);
  return h.digest('hex');
}
