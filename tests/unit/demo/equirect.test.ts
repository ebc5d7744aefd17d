import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FACES, directionToFace, pixelDirection, type Face } from '../../../server/demo/cubeGeometry.ts';
import { equirectToCubeFace, equirectToCubeFaces } from '../../../server/demo/cubeFaces.ts';
import { decodeRgb, type RawImage } from '../../../server/demo/rawImage.ts';
import { FIXTURES, hasFixture, rotate180, seamMismatches, worstSeam } from './helpers.ts';

/** An equirect (PNG) whose every pixel is coloured by a function of the direction through its centre. */
async function syntheticEquirect(
  width: number,
  colour: (dir: [number, number, number]) => [number, number, number],
): Promise<Buffer> {
  const height = width / 2;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const polar = ((y + 0.5) / height) * Math.PI; // 0 = straight up
    for (let x = 0; x < width; x++) {
      const yaw = ((x + 0.5) / width - 0.5) * 2 * Math.PI; // yaw 0 in the middle column
      const dir: [number, number, number] = [
        Math.sin(polar) * Math.sin(yaw),
        Math.cos(polar),
        -Math.sin(polar) * Math.cos(yaw),
      ];
      data.set(colour(dir), (y * width + x) * 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const FACE_COLOUR: Record<Face, [number, number, number]> = {
  f: [255, 0, 0],
  b: [0, 255, 0],
  l: [0, 0, 255],
  r: [255, 255, 0],
  u: [0, 255, 255],
  d: [255, 0, 255],
};
const encodeDir = (d: [number, number, number]): [number, number, number] => [
  Math.round(127.5 + 127.5 * d[0]),
  Math.round(127.5 + 127.5 * d[1]),
  Math.round(127.5 + 127.5 * d[2]),
];

describe('equirect -> cube faces', () => {
  it('lands each part of the sphere on the right face', async () => {
    const equirect = await syntheticEquirect(512, (d) => FACE_COLOUR[directionToFace(d).face]);
    for (const face of FACES) {
      const img = await decodeRgb(await equirectToCubeFace(equirect, face, 64));
      expect(img.width).toBe(64);
      let right = 0;
      for (let p = 0; p < img.data.length; p += 3) {
        const c = FACE_COLOUR[face];
        if (Math.abs(img.data[p] - c[0]) + Math.abs(img.data[p + 1] - c[1]) + Math.abs(img.data[p + 2] - c[2]) < 30)
          right++;
      }
      expect(right / (64 * 64), face).toBeGreaterThan(0.9); // all but the blended rim
    }
  });

  it('samples each pixel along its own direction (bilinear, smooth everywhere incl. the yaw wrap and poles)', async () => {
    const equirect = await syntheticEquirect(1024, encodeDir);
    const faces = await equirectToCubeFaces(equirect, 48);
    for (const face of FACES) {
      const img = await decodeRgb(faces[face]);
      let worst = 0;
      for (let j = 0; j < 48; j++) {
        for (let i = 0; i < 48; i++) {
          const v = pixelDirection(face, i, j, 48);
          const n = Math.hypot(...v);
          const want = encodeDir([v[0] / n, v[1] / n, v[2] / n]);
          const o = (j * 48 + i) * 3;
          for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(img.data[o + k] - want[k]));
        }
      }
      expect(worst, face).toBeLessThanOrEqual(3);
    }
  });

  const city = path.join(FIXTURES, 'equirect/city.jpg');
  it.skipIf(!hasFixture(city))('turns a real photograph into faces that join at every seam', async () => {
    const faces = await equirectToCubeFaces(fs.readFileSync(city), 256);
    const raw = Object.fromEntries(
      await Promise.all(FACES.map(async (f) => [f, await decodeRgb(faces[f])] as const)),
    ) as Record<Face, RawImage>;
    for (const [seam, diff] of Object.entries(seamMismatches(raw))) expect(diff, seam).toBeLessThan(12);
    expect(worstSeam({ ...raw, f: rotate180(raw.f) })).toBeGreaterThan(18);
  });
});
