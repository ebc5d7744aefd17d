import { describe, expect, it } from 'vitest';
import { prepareSphere } from '../../../server/services/tiler/reproject.ts';
import { reprojectKernel } from '../../../server/services/tiler/wasmKernel.ts';
import { openWasmReprojector } from '../../../server/services/tiler/wasmReproject.ts';
import { noiseSphere } from './noiseSphere.ts';

/** The 2x2 box filter, written plainly: each pixel the rounded mean of its block. */
function halved(face: Uint8Array, size: number): Uint8Array {
  const half = size / 2;
  const out = new Uint8Array(half * half * 3);
  for (let y = 0; y < half; y++)
    for (let x = 0; x < half; x++)
      for (let c = 0; c < 3; c++) {
        const at = (yy: number, xx: number) => face[(yy * size + xx) * 3 + c];
        const sum = at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1);
        out[(y * half + x) * 3 + c] = (sum + 2) >> 2;
      }
  return out;
}

/** Counted, not compared whole: a failing toEqual would print a million bytes. */
const mismatches = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, k) => n + (v === b[k] ? 0 : 1), 0);

describe("the kernel's halvings", () => {
  // 2000 px: its fourth copy is 125 px wide, an odd width, whose last pixel the kernel takes on its own.
  it.each([2048, 2000])(
    'narrow the polar bands exactly as poleBands.ts does (%i px)',
    async (width) => {
      const sphere = noiseSphere(width, width / 2);
      const ours = openWasmReprojector(await reprojectKernel(), sphere, width / 4).sphere.bands;
      const reference = prepareSphere(sphere, width / 4).bands;
      expect(ours.top.some((band) => band.image.width % 2 === 1)).toBe(width === 2000);
      for (const side of ['top', 'bottom'] as const) {
        expect(ours[side].length, side).toBe(reference[side].length);
        ours[side].forEach((band, k) => {
          expect([band.image.width, band.image.height, band.rowOffset]).toEqual([
            reference[side][k].image.width,
            reference[side][k].image.height,
            reference[side][k].rowOffset,
          ]);
          expect(mismatches(band.image.data, reference[side][k].image.data), `${side} copy ${k + 1}`).toBe(0);
        });
      }
    },
    60_000,
  );

  it('make each lower level the 2x2 box filter of the one above, down to the preview', async () => {
    const sphere = noiseSphere(2048, 1024);
    const faces = openWasmReprojector(await reprojectKernel(), sphere, 512).levels('l', [256, 128]);
    expect(faces.map((f) => f.length)).toEqual([512, 256, 128].map((n) => n * n * 3));
    expect(mismatches(faces[1], halved(faces[0], 512))).toBe(0);
    expect(mismatches(faces[2], halved(faces[1], 256))).toBe(0);
  }, 60_000);
});
