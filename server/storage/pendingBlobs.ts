// The ledger of media prefixes written before the rows that point to them have committed (table pending_blobs).
// An upload records its prefixes here (committed on its own) BEFORE moving them into the media folder, and deletes
// them once its transaction has ended; the start-up sweep leaves a pending prefix alone while its owner lives.
import type { DB } from '../db/database.ts';

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
      for (const prefix of prefixes) {
        await db
          .insertInto('pending_blobs')
          .values({ prefix, owner, expires_at })
          .onConflict((oc) => oc.column('prefix').doUpdateSet({ owner, expires_at }))
          .execute();
      }
    },
    async release(prefixes) {
      for (let i = 0; i < prefixes.length; i += 500) {
        await db
          .deleteFrom('pending_blobs')
          .where('prefix', 'in', prefixes.slice(i, i + 500))
          .execute();
      }
    },
  };
}
