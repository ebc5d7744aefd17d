// Tiles of deleted scenes go after the rows' transaction has committed: a kill before that leaves rows and tiles
// as they were (nothing committed), a kill after it leaves tiles no row points to, which the sweep removes.
import type { BlobStore } from '../../storage/blobStore.ts';

/** Removes the tiles of `tilesIds`; a failure only leaves them for the sweep. Answers how many failed. */
export async function removeTiles(blobs: BlobStore, tilesIds: readonly string[]): Promise<number> {
  let failed = 0;
  for (const id of tilesIds) await blobs.remove(`tiles/${id}`).catch(() => failed++);
  return failed;
}
