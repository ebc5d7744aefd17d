// The start-up sweep (and `npm run blobs:sweep`): staging folders of dead processes, and blobs (in the media folder or
// the bucket) no row points to: what a crash between publishing blobs and committing their rows leaves behind. Safe
// with other live instances and imports sharing the data folder (or only the bucket) and the database: their staging
// is theirs while they live, and blobs they are committing are recorded in pending_blobs before they are published.
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/database.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import { MARKER_SUFFIX, ownerAlive, remoteOwnerAlive } from '../storage/stagingOwners.ts';
import { referencedUnits } from './blobReferences.ts';
import { unitOf } from '../storage/blobUnits.ts';

/** A blob written without a pending record (older versions, the generated default cover) is kept this long. */
export const UNRECORDED_GRACE_MS = 10 * 60_000;

export interface SweepResult {
  stagingRemoved: string[];
  blobsRemoved: string[];
  pendingCleared: number;
}

/** Removes the staging folders (and markers) of processes that are no longer alive. */
function sweepStaging(blobs: BlobStore, now: number): string[] {
  const removed: string[] = [];
  const root = blobs.stagingRoot;
  for (const e of fs.readdirSync(root, { withFileTypes: true })) {
    const p = path.join(root, e.name);
    if (e.isDirectory()) {
      if (e.name === blobs.owner || ownerAlive(root, e.name, now)) continue;
      fs.rmSync(p, { recursive: true, force: true });
      fs.rmSync(p + MARKER_SUFFIX, { force: true });
      removed.push(e.name);
    } else if (e.name.endsWith(MARKER_SUFFIX)) {
      const owner = e.name.slice(0, -MARKER_SUFFIX.length);
      if (owner !== blobs.owner && !ownerAlive(root, owner, now)) fs.rmSync(p, { force: true });
    } else if (now - fs.statSync(p).mtimeMs > UNRECORDED_GRACE_MS) {
      fs.rmSync(p, { force: true }); // a half-written marker or a stray file
    }
  }
  return removed;
}

export async function sweep(db: DB, blobs: BlobStore, now = Date.now()): Promise<SweepResult> {
  const stagingRemoved = sweepStaging(blobs, now);
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
