// The end every upload shares once its tiles are staged: the tile prefixes are recorded as pending and moved into
// place (Staging.commit), then ONE transaction writes the rows (a transaction that lost a race with a concurrent
// writer is run again: rows only). A failure takes the moved blobs back out; a crash in between leaves pending blobs
// of a dead process, which the start-up sweep removes. A survey replaced whole has its old tiles reserved before and
// removed after the commit (editing/removedTiles.ts).
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transactions.ts';
import type { Staging } from '../../storage/blobStore.ts';
import type { IngestResult, IngestTarget, OnRowsWritten, ScenesToWrite } from './sceneToWrite.ts';
import { writeScenes } from './writeScenes.ts';
import { deletingTiles } from '../editing/removedTiles.ts';
import { surveyTiles } from '../editing/surveyReplace.ts';
import { folderBytes } from '../tileBytes.ts';
import { inBatches } from '../offlineSizes.ts';

/** Publishes the staged tiles of `batch` and writes its rows; on failure nothing is kept (the staging is gone). */
export async function commitScenes(
  ctx: AppContext,
  staging: Staging,
  target: IngestTarget,
  batch: ScenesToWrite,
  onRowsWritten?: OnRowsWritten,
): Promise<IngestResult> {
  const r = target.replaceSurvey;
  const oldTiles = r ? await surveyTiles(ctx.db, target.site, r.id) : [];
  return deletingTiles(ctx.blobs, oldTiles, () => publishScenes(ctx, staging, target, batch, onRowsWritten));
}

async function publishScenes(
  ctx: AppContext,
  staging: Staging,
  target: IngestTarget,
  batch: ScenesToWrite,
  onRowsWritten?: OnRowsWritten,
): Promise<{ out: IngestResult; removed: ReadonlySet<string> }> {
  let result: IngestResult;
  let removed: ReadonlySet<string> = new Set();
  try {
    // Measured as staged: what is published is exactly these files.
    const sized = {
      ...batch,
      // A few scenes at a time: an export of thousands of scenes opened every folder at once.
      scenes: await inBatches(batch.scenes, 8, async (s) => ({
        ...s,
        tileBytes: await folderBytes(staging.pathFor(`tiles/${s.tilesId}`)),
      })),
    };
    await staging.commit(batch.scenes.map((s) => `tiles/${s.tilesId}`));
    result = await inTransaction(ctx.db, async (trx) => {
      const written = await writeScenes(trx, target, sized);
      removed = written.removedTiles;
      await onRowsWritten?.(trx, written.result);
      return written.result;
    });
  } catch (e) {
    await staging.rollback();
    throw e;
  }
  await staging.discard();
  // The new scenes' AVIF copies are made by a job (jobs/avifTilesJob.ts), in the server only.
  ctx.avifTiles?.wake();
  return { out: result, removed };
}
