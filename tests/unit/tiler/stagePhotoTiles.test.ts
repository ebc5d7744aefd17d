// How many photos of a job are tiled at once is the setting's (TILE_PARALLEL), not the machine's core count: each
// decode holds its whole sphere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { equirectPhoto, missingFixtures } from '../../fixtures.ts';
import { stagePhotoTiles } from '../../../server/services/ingest/stagePhotoTiles.ts';
import { inspectPhoto } from '../../../server/services/tiler/inspectPhoto.ts';
import { FolderBlobStore } from '../../../server/storage/folderBlobStore.ts';
import { photoFile, upscaled } from './photos.ts';

it.skipIf(!!missingFixtures(equirectPhoto('night'), equirectPhoto('sunrise')))(
  'tiles one photo after the other when the setting says 1',
  { timeout: 60_000 },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-photos-'));
    const blobs = new FolderBlobStore(dir);
    try {
      const photos = await Promise.all(
        ['night', 'sunrise'].map(async (name, i) => {
          const file = photoFile(`${name}-2048.jpg`, await upscaled(name, 2048));
          return { file, plan: await inspectPhoto(file, `${name}.jpg`), tilesId: `t${i}` };
        }),
      );
      const order: number[] = [];
      const staging = await blobs.stage();
      await stagePhotoTiles(photos, staging, { progress: (i) => order.push(i), failed: () => {} }, 1);
      await staging.discard();
      // Every tile of the first photo before any of the second.
      expect(order).toEqual([...Array(7).fill(0), ...Array(7).fill(1)]);
    } finally {
      blobs.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
