// The ledger of media prefixes written before the rows that point to them have committed (table pending_blobs).
// An upload records its prefixes here (committed on its own) BEFORE moving them into the media folder, and deletes
// them once its transaction has ended; the start-up sweep leaves a pending prefix alone while its owner lives.
import type { DB } from '../db/database.ts';
import { inRounds } from '../db/batches.ts';

export interface PendingLedger {
  /** Records prefixes as pending for `owner` (null: no owning process, e.g. a cover picked before its pin is saved) until now + ttl. */
  reserve(prefixes: string[], owner: string | null, ttlMs: number): Promise<void>;
  release(prefixes: string[]): Promise<void>;
}

/** Bounds for the two kinds of pending blobs. */
export const STAGED_TTL_MS = 60 * 60_000;
export const LOOSE_TTL_MS = 24 * 60 * 60_000;

export function pendingLedger(db: DB): PendingLedger {
  return {
    async reserve(prefixes, owner, ttlMs) {
      const expires_at = new Date(Date.now() + ttlMs).toISOString();
      // Many to a statement: an upload of 10,000 documents reserves 10,000 prefixes.
      await inRounds([...new Set(prefixes)], (slice) =>
        db
          .insertInto('pending_blobs')
          .values(slice.map((prefix) => ({ prefix, owner, expires_at })))
          .onConflict((oc) => oc.column('prefix').doUpdateSet({ owner, expires_at }))
          .execute(),
      );
    },
    async release(prefixes) {
      await inRounds(prefixes, (slice) => db.deleteFrom('pending_blobs').where('prefix', 'in', slice).execute());
    },
  };
}
