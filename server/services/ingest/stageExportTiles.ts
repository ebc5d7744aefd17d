// An export's tiles, streamed from the zip into the upload's private staging area under their fresh keys.
import type { Staging } from '../../storage/blobStore.ts';
import { Invalid } from '../errors.ts';
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
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < jobs.length) {
      const { s, f } = jobs[next++];
      try {
        await archive.extractTo(f.entry, staging.pathFor(tileKey(s.tilesId, f.ref)), (head) =>
          isJpegHead(head)
            ? null
            : new Invalid(`Scene "${s.name}": "${f.entry.name}" is not a JPEG image. Export the tour again.`),
        );
        onProgress?.(++done, jobs.length);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  // A few at a time; every worker has stopped before a failure is reported, so discarding the staging is final.
  const results = await Promise.allSettled(Array.from({ length: 4 }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}
