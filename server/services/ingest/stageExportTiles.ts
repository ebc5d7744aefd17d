// An export's tiles, streamed from the zip into the upload's private staging area under their fresh keys.
import type { Staging } from '../../storage/blobStore.ts';
import { Invalid } from '../errors.ts';
import { eachUntilFailure } from './eachUntilFailure.ts';
import type { PlannedExport } from './planExport.ts';
import { isJpegHead, tileKey } from './tilePaths.ts';
import type { ZipArchive } from './zipReader.ts';

export async function stageExportTiles(
  archive: ZipArchive,
  staging: Staging,
  plan: PlannedExport,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const jobs = plan.scenes.flatMap((s, i) => plan.files[i].map((f) => ({ s, f })));
  let done = 0;
  // A few at a time.
  await eachUntilFailure(jobs.length, 4, async (i) => {
    const { s, f } = jobs[i];
    await archive.extractTo(f.entry, staging.pathFor(tileKey(s.tilesId, f.ref)), (head) =>
      isJpegHead(head)
        ? null
        : new Invalid(`Scene "${s.name}": "${f.entry.name}" is not a JPEG image. Export the tour again.`),
    );
    onProgress?.(++done, jobs.length);
  });
}
