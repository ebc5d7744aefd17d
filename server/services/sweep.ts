// The start-up sweep (and `npm run blobs:sweep`): staging folders of dead processes, and blobs (in the media folder or
// the bucket) no row points to: what a crash between publishing blobs and committing their rows leaves behind. Safe
// with other live instances and imports sharing the data folder (or only the bucket) and the database: their staging
// is theirs while they live, and blobs they are committing are recorded in pending_blobs before they are published.
import type { DB } from '../db/database.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import { ownerAlive, remoteOwnerAlive } from '../storage/stagingOwners.ts';
import { sweepDeadStaging } from '../storage/stagingSweep.ts';
import { referencedUnits } from './blobReferences.ts';
import { unitOf } from '../storage/blobUnits.ts';

/** A blob written without a pending record (older versions, the generated default cover) is kept this long. */
export const UNRECORDED_GRACE_MS = 10 * 60_000;

export interface SweepResult {
  stagingRemoved: string[];
  blobsRemoved: string[];
  pendingCleared: number;
}

export async function sweep(db: DB, blobs: BlobStore, now = Date.now()): Promise<SweepResult> {
  const stagingRemoved = sweepDeadStaging(blobs.stagingRoot, blobs.owner, now);
  // Order matters with other live writers: list the media first, then the pending records, then the references.
  // A unit listed was reserved before it was moved; its record is gone only after its rows committed.
  const units = await blobs.units();
  const pending = await db.selectFrom('pending_blobs').selectAll().execute();
  const referenced = await referencedUnits(db, blobs.urlPrefixes());

  const alive = new Map<string, boolean>();
  const ownerLives = (owner: string | null) => {
    if (owner === null) return true;
    if (owner === blobs.owner) return true;
    // Found dead just now (its marker is gone with its staging): a shared store would otherwise go by its pid.
    if (stagingRemoved.includes(owner)) return false;
    if (!alive.has(owner))
      alive.set(owner, (blobs.shared ? remoteOwnerAlive : ownerAlive)(blobs.stagingRoot, owner, now));
    return alive.get(owner)!;
  };
  const live = (r: (typeof pending)[number]) => Date.parse(r.expires_at) > now && ownerLives(r.owner);
  const recorded = new Set<string>();
  const kept = new Set<string>();
  for (const r of pending) {
    const u = unitOf(r.prefix) ?? r.prefix;
    recorded.add(u);
    if (live(r)) kept.add(u);
  }

  const blobsRemoved: string[] = [];
  for (const [unit, mtime] of units) {
    if (referenced.has(unit) || kept.has(unit)) continue;
    if (!recorded.has(unit) && now - mtime < UNRECORDED_GRACE_MS) continue;
    await blobs.remove(unit);
    blobsRemoved.push(unit);
  }
  const stale = pending.filter((r) => !live(r)).map((r) => r.prefix);
  for (let i = 0; i < stale.length; i += 500)
    await db
      .deleteFrom('pending_blobs')
      .where('prefix', 'in', stale.slice(i, i + 500))
      .execute();
  return { stagingRemoved, blobsRemoved, pendingCleared: stale.length };
}
