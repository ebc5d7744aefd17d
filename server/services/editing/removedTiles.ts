// Tiles of deleted scenes go after the rows' transaction has committed. Before it, their prefixes are recorded as
// pending for this process (server/storage/pendingBlobs.ts): a kill before the commit leaves rows and tiles as they
// were (the record only expires); a kill after it leaves tiles no row points to under a record whose owner is dead,
// which the next sweep removes at once, however young the tiles are.
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DB } from '../../db/database.ts';
import { inTransaction, lockSite } from '../../db/transactions.ts';
import { STAGED_TTL_MS } from '../../storage/pendingBlobs.ts';

/**
 * Reserves the tiles of `tilesIds` (read before the transaction), runs `commit` (the transaction), then removes the
 * tiles of the scenes it says it removed among them: a scene that left meanwhile (moved to another survey) keeps its
 * tiles, one that came meanwhile is removed with the rows and its tiles by a sweep. A failure to remove only leaves
 * them for the sweep.
 */
export async function deletingTiles<T>(
  blobs: BlobStore,
  tilesIds: readonly string[],
  commit: () => Promise<{ out: T; removed: ReadonlySet<string> }>,
): Promise<T> {
  const prefixes = tilesIds.map((id) => `tiles/${id}`);
  await blobs.ledger?.reserve(prefixes, blobs.owner, STAGED_TTL_MS);
  try {
    const { out, removed } = await commit();
    for (const id of tilesIds) if (removed.has(id)) await blobs.remove(`tiles/${id}`).catch(() => undefined);
    return out;
  } finally {
    await blobs.ledger?.release(prefixes).catch(() => undefined);
  }
}

/**
 * A deletion of scenes of `site` (a survey's, or one): `tilesIds` (read before) reserved, `remove` run in one
 * transaction under the site's lock, then the tiles of the scenes it says it removed taken away.
 */
export function deletingScenes<T>(
  db: DB,
  blobs: BlobStore,
  site: string,
  tilesIds: readonly string[],
  remove: (trx: DB) => Promise<{ out: T; removed: ReadonlySet<string> }>,
): Promise<T> {
  return deletingTiles(blobs, tilesIds, () =>
    inTransaction(db, async (trx) => {
      await lockSite(trx, site);
      return remove(trx);
    }),
  );
}
