// Photos for the tiler's tests, made from the real fixture photographs (upscaled to meet the size bounds) or drawn,
// and written to a temporary folder because the tiler reads files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll } from 'vitest';
import { equirectPhoto } from '../../fixtures.ts';
import { tileRelPath } from '../../../server/services/ingest/tilePaths.ts';
import type { PhotoPlan } from '../../../server/services/tiler/photoPlan.ts';
import { tilePhoto } from '../../../server/services/tiler/tilePhoto.ts';
import { reprojectTools } from '../../../server/services/tiler/reprojectTools.ts';

export const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiler-test-'));
// Each test file that imports this gets its own folder, removed when the file's tests are done.
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

/** Writes `bytes` as `name` in the temporary folder; returns its path. */
export function photoFile(name: string, bytes: Buffer): string {
  const file = path.join(tmpDir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A fixture photograph upscaled to `width` x width/2 (still a real photograph), as JPEG. */
export function upscaled(name: string, width: number): Promise<Buffer> {
  return sharp(equirectPhoto(name))
    .resize(width, width / 2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** An RGB picture of `width` x `height` whose pixel colour is `colour(x, y)`. */
export function drawn(width: number, height: number, colour: (x: number, y: number) => number[]): Sharp {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** Every file tilePhoto writes, keyed by its path below the scene folder, and the progress it reported. */
export async function tiledFiles(file: string, plan: PhotoPlan) {
  const files = new Map<string, Buffer>();
  const progress: [number, number][] = [];
  await tilePhoto(
    file,
    plan,
    reprojectTools(),
    async (ref, jpeg) => {
      files.set(tileRelPath(ref), jpeg);
    },
    (done, total) => progress.push([done, total]),
  );
  return { files, progress };
}
