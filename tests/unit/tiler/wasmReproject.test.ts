import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { equirectPhoto, missingFixtures } from '../../fixtures.ts';
import { FACES } from '../../../server/demo/cubeGeometry.ts';
import { reprojectFace } from '../../../server/services/tiler/reproject.ts';
import type { RgbImage } from '../../../server/services/tiler/rgbImage.ts';
import { sphereMemory } from '../../../server/services/tiler/sphereMemory.ts';
import { kernelCachePath, reprojectKernel } from '../../../server/services/tiler/wasmKernel.ts';
import { openWasmReprojector } from '../../../server/services/tiler/wasmReproject.ts';

const PHOTOS = ['courtyard', 'city', 'forest', 'interior', 'night', 'studio', 'sunrise', 'sunset'];
const skip = missingFixtures(...PHOTOS.map(equirectPhoto));

/** `picture` copied into shared WebAssembly memory, as the tiler's decode leaves it. */
function shared(picture: RgbImage) {
  const sphere = sphereMemory(picture.width, picture.height);
  sphere.data.set(picture.data);
  return sphere;
}

/** The largest difference, channel by channel, between the kernel's faces and reproject.ts's. */
async function worstDifference(picture: RgbImage, size: number): Promise<number> {
  const wasm = openWasmReprojector(await reprojectKernel(), shared(picture), size);
  let worst = 0;
  for (const face of FACES) {
    const reference = reprojectFace(picture, face, size);
    const ours = wasm.rows(face, 0, size);
    for (let k = 0; k < reference.length; k++) worst = Math.max(worst, Math.abs(ours[k] - reference[k]));
  }
  return worst;
}

const decoded = async (input: string | Buffer, width?: number): Promise<RgbImage> => {
  const { data, info } = await sharp(input)
    .resize(width ?? null)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('the WebAssembly reprojection', () => {
  // The first compile of a process takes seconds (later ones read the cache).
  beforeAll(() => reprojectKernel(), 60_000);

  it.skipIf(!!skip)(
    'makes the faces of every real photograph as reproject.ts does, to within 1 of 255',
    async () => {
      for (const name of PHOTOS) {
        const picture = await decoded(equirectPhoto(name));
        expect(await worstDifference(picture, picture.width / 4), name).toBeLessThanOrEqual(1);
      }
    },
    20_000,
  );

  it.skipIf(!!skip)(
    'agrees on a 4096-px sphere, whose poles use more narrowed copies',
    async () => {
      const picture = await decoded(fs.readFileSync(equirectPhoto('courtyard')), 4096);
      expect(await worstDifference(picture, 1024)).toBeLessThanOrEqual(1);
    },
    20_000,
  );

  it('agrees on faces smaller than the photo, whose side pixels span several columns', async () => {
    const width = 2048,
      height = 1024;
    const data = new Uint8Array(width * height * 3);
    let s = 12345;
    for (let k = 0; k < data.length; k++) {
      s = (s * 1103515245 + 12345) >>> 0;
      data[k] = s >>> 24;
    }
    expect(await worstDifference({ data, width, height }, 300)).toBeLessThanOrEqual(1);
  });

  it('averages alternating black and white columns near the poles to grey, as reproject.ts does', async () => {
    const width = 2048,
      height = 1024;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x += 2) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
    expect(await worstDifference({ data, width, height }, 512)).toBeLessThanOrEqual(1);
  });

  it('is cached under the hash of its source, so a changed source is compiled again', () => {
    expect(kernelCachePath('a')).not.toBe(kernelCachePath('b'));
    expect(kernelCachePath('a')).toBe(kernelCachePath('a'));
  });
});
