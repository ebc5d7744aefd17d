// One cube face sampled from a full-sphere equirect (raw RGB), in the convention of server/demo/cubeGeometry.ts and
// server/demo/equirect.ts: column 0.5 + yaw / 2pi across the width, row = polar angle / pi, pixel centres at
// integer + 0.5, bilinear between the four nearest pixels, wrapping in yaw.
//
// Towards the poles a face pixel covers many equirect columns (a latitude circle shrinks with the sine of the polar
// angle while the equirect keeps its width), and one bilinear sample would alias. There the pixel averages
// bilinear samples spread along the row over its footprint, two per column it covers (up to MAX_TAPS).
// Pure and allocation-free per pixel; it works in row bands so the caller can let other work run in between.
import { FACE_AXES, type Face } from '../../demo/cubeGeometry.ts';

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** More samples than this along a row add nothing visible (at the very pole every column is the same place). */
const MAX_TAPS = 48;
/** A pixel covering fewer equirect columns than this takes one bilinear sample, as equirect.ts does. */
const SUPERSAMPLE_FROM = 1.5;

/**
 * Writes rows [rowStart, rowEnd) of face `face` (size x size RGB) into `out`, sampled from the equirect `src`.
 */
export function reprojectRows(
  src: RgbImage,
  face: Face,
  size: number,
  out: Uint8Array,
  rowStart: number,
  rowEnd: number,
): void {
  const { data, width: W, height: H } = src;
  const { centre: c, right: r, down: dn } = FACE_AXES[face];
  const twoPi = 2 * Math.PI;
  const colsPerRadian = W / twoPi;
  const rowsPerRadian = H / Math.PI;
  const pixelRadians = 2 / size; // a face pixel's angle at the face centre
  let acc0 = 0,
    acc1 = 0,
    acc2 = 0;
  // Adds the bilinear sample at continuous pixel coordinates (u, v) to acc0..2.
  const sample = (u: number, v: number) => {
    const x0 = Math.floor(u),
      y0 = Math.floor(v);
    const fx = u - x0,
      fy = v - y0;
    let xa = x0 % W;
    if (xa < 0) xa += W;
    const xb = xa + 1 === W ? 0 : xa + 1;
    const ya = y0 < 0 ? 0 : y0 > H - 1 ? H - 1 : y0;
    const yb = y0 + 1 < 0 ? 0 : y0 + 1 > H - 1 ? H - 1 : y0 + 1;
    const p00 = (ya * W + xa) * 3,
      p10 = (ya * W + xb) * 3,
      p01 = (yb * W + xa) * 3,
      p11 = (yb * W + xb) * 3;
    const w00 = (1 - fx) * (1 - fy),
      w10 = fx * (1 - fy),
      w01 = (1 - fx) * fy,
      w11 = fx * fy;
    acc0 += data[p00] * w00 + data[p10] * w10 + data[p01] * w01 + data[p11] * w11;
    acc1 += data[p00 + 1] * w00 + data[p10 + 1] * w10 + data[p01 + 1] * w01 + data[p11 + 1] * w11;
    acc2 += data[p00 + 2] * w00 + data[p10 + 2] * w10 + data[p01 + 2] * w01 + data[p11 + 2] * w11;
  };
  for (let j = rowStart; j < rowEnd; j++) {
    const b = (2 * (j + 0.5)) / size - 1;
    for (let i = 0; i < size; i++) {
      const a = (2 * (i + 0.5)) / size - 1;
      const x = c[0] + a * r[0] + b * dn[0];
      const y = c[1] + a * r[1] + b * dn[1];
      const z = c[2] + a * r[2] + b * dn[2];
      const len = Math.sqrt(x * x + y * y + z * z);
      const u = (0.5 + Math.atan2(x, -z) / twoPi) * W - 0.5;
      const v = Math.acos(y / len) * rowsPerRadian - 0.5;
      // Columns this pixel spans: its angle (smaller away from the face centre) over a column's arc at this latitude.
      const sinPolar = Math.sqrt(x * x + z * z) / len;
      const span = ((pixelRadians / len) * colsPerRadian) / (sinPolar > 1e-9 ? sinPolar : 1e-9);
      acc0 = acc1 = acc2 = 0;
      let taps = 1;
      if (span < SUPERSAMPLE_FROM) sample(u, v);
      else {
        taps = Math.min(MAX_TAPS, Math.ceil(2 * span)); // two per column: the row's detail, not its aliases
        const step = Math.min(span, W) / taps;
        const first = u - (step * (taps - 1)) / 2;
        for (let t = 0; t < taps; t++) sample(first + t * step, v);
      }
      const o = (j * size + i) * 3;
      out[o] = acc0 / taps + 0.5;
      out[o + 1] = acc1 / taps + 0.5;
      out[o + 2] = acc2 / taps + 0.5;
    }
  }
}

/** The whole face at once (tests, small faces). */
export function reprojectFace(src: RgbImage, face: Face, size: number): Buffer {
  const out = Buffer.alloc(size * size * 3);
  reprojectRows(src, face, size, out, 0, size);
  return out;
}
