import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { equirectPhoto, missingFixtures } from '../../fixtures.ts';
import { FACES } from '../../../server/demo/cubeGeometry.ts';
import { equirectToCubeFace } from '../../../server/demo/equirect.ts';
import { decodeRgb } from '../../../server/demo/rawImage.ts';
import { reprojectFace } from '../../../server/services/tiler/reproject.ts';

const skip = missingFixtures(equirectPhoto('courtyard'));

function psnr(a: Uint8Array, b: Uint8Array): number {
  let se = 0;
  for (let k = 0; k < a.length; k++) se += (a[k] - b[k]) ** 2;
  return 10 * Math.log10((255 * 255) / (se / a.length));
}

describe.skipIf(!!skip)('reprojectFace', () => {
  it('samples a real photograph as server/demo/equirect.ts does, smoother only towards the poles', async () => {
    const jpeg = fs.readFileSync(equirectPhoto('courtyard'));
    const src = await decodeRgb(jpeg);
    for (const face of FACES) {
      const ours = reprojectFace(src, face, 256);
      const reference = (await decodeRgb(await equirectToCubeFace(jpeg, face, 256))).data;
      if (face === 'u' || face === 'd') {
        expect(psnr(ours, reference), face).toBeGreaterThan(28);
        continue;
      }
      // The side faces stay within one bilinear sample per pixel: the same up to rounding.
      let worst = 0;
      for (let k = 0; k < ours.length; k++) worst = Math.max(worst, Math.abs(ours[k] - reference[k]));
      expect(worst, face).toBeLessThanOrEqual(1);
    }
  });

  it('averages the columns a pixel covers near a pole instead of aliasing them', () => {
    // Columns alternate black and white: any region of the sphere averages to mid grey, and so must each pixel of
    // the up face wherever a pixel spans several columns. One bilinear sample would land on black or white.
    const width = 2048,
      height = 1024;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x += 2) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
    const up = reprojectFace({ data, width, height }, 'u', 512);
    let worst = 0;
    for (let j = 128; j < 384; j++)
      for (let i = 128; i < 384; i++) worst = Math.max(worst, Math.abs(up[(j * 512 + i) * 3] - 127.5));
    expect(worst).toBeLessThan(40);
  });
});
