// The photos of an upload, tiled into the upload's private staging area, several at once, each under its scene's
// fresh tiles id. Each photo is tiled by a process of its own below the server's priority (tileApart.ts), so
// requests are answered first while photos are tiled.
import type { Staging } from '../../storage/blobStore.ts';
import type { PhotoPlan } from '../tiler/photoPlan.ts';
import { tilePhotoApart } from '../tiler/tileApart.ts';
import { eachUntilFailure } from './eachUntilFailure.ts';
import { tileKey } from './tilePaths.ts';

export interface PhotoToStage {
  file: string;
  plan: PhotoPlan;
  tilesId: string;
}

export interface PhotoStagingEvents {
  /** Photo `i` has `done` of its tiles staged. */
  progress(i: number, done: number): void;
  /** Photo `i` failed with `error` (the failure is thrown once the others have stopped). */
  failed(i: number, error: Error): void;
}

export async function stagePhotoTiles(
  photos: PhotoToStage[],
  staging: Staging,
  events: PhotoStagingEvents,
  parallel: number,
): Promise<void> {
  // Bounded by memory, not by cores: each decode holds its whole sphere (about 800 MB at 16384 px).
  await eachUntilFailure(photos.length, parallel, async (i) => {
    const { file, plan, tilesId } = photos[i];
    try {
      await tilePhotoApart(
        file,
        plan,
        (ref, jpeg) => staging.write(tileKey(tilesId, ref), jpeg),
        (done) => events.progress(i, done),
      );
    } catch (e) {
      events.failed(i, e as Error);
      throw e;
    }
  });
}
