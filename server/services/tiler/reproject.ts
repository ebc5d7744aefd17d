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
 * Adds to `acc` (3 channels) the sum of `taps` bilinear samples at columns first, first + step, ... of row v
 * (continuous pixel coordinates). One row pair serves every tap, and the vertical blend is done once on the sums.
 */
function sampleRow(src: RgbImage, first: number, step: number, taps: number, v: number, acc: Float64Array): void {
  const { data, width: W, height: H } = src;
  const y0 = Math.floor(v);
  const fy = v - y0;
  const rowA = (y0 < 0 ? 0 : y0 > H - 1 ? H - 1 : y0) * W * 3;
  const rowB = (y0 + 1 > H - 1 ? H - 1 : y0 + 1 < 0 ? 0 : y0 + 1) * W * 3;
  let a0 = 0,
    a1 = 0,
    a2 = 0,
    b0 = 0,
    b1 = 0,
    b2 = 0;
  for (let t = 0; t < taps; t++) {
    const u = first + t * step;
    const x0 = Math.floor(u);
    const fx = u - x0;
    let xa = x0 % W;
    if (xa < 0) xa += W;
    const xa3 = xa * 3,
      xb3 = xa + 1 === W ? 0 : xa3 + 3; // wraps around in yaw
    let p = rowA + xa3,
      q = rowA + xb3;
    a0 += data[p] + (data[q] - data[p]) * fx;
    a1 += data[p + 1] + (data[q + 1] - data[p + 1]) * fx;
    a2 += data[p + 2] + (data[q + 2] - data[p + 2]) * fx;
    p = rowB + xa3;
    q = rowB + xb3;
    b0 += data[p] + (data[q] - data[p]) * fx;
    b1 += data[p + 1] + (data[q + 1] - data[p + 1]) * fx;
    b2 += data[p + 2] + (data[q + 2] - data[p + 2]) * fx;
  }
  acc[0] = a0 + (b0 - a0) * fy;
  acc[1] = a1 + (b1 - a1) * fy;
  acc[2] = a2 + (b2 - a2) * fy;
}

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
  const { width: W, height: H } = src;
  const { centre: c, right: r, down: dn } = FACE_AXES[face];
  const twoPi = 2 * Math.PI;
  const rowsPerRadian = H / Math.PI;
  // Columns a face pixel spans = this / (distance from the vertical axis of its unnormalised direction): its angle
  // (2 / size at the face centre, smaller by the direction's length elsewhere) over a column's arc at its latitude.
  const spanScale = (2 / size) * (W / twoPi);
  const acc = new Float64Array(3);
  // On the side faces image-down is world-down: yaw and the distance from the axis depend on the column alone.
  const side = dn[1] !== 0;
  const colU = new Float64Array(size);
  const colH = new Float64Array(size);
  if (side)
    for (let i = 0; i < size; i++) {
      const a = (2 * (i + 0.5)) / size - 1;
      const x = c[0] + a * r[0],
        z = c[2] + a * r[2];
      colU[i] = (0.5 + Math.atan2(x, -z) / twoPi) * W - 0.5;
      colH[i] = Math.sqrt(x * x + z * z);
    }
  for (let j = rowStart; j < rowEnd; j++) {
    const b = (2 * (j + 0.5)) / size - 1;
    for (let i = 0; i < size; i++) {
      let u: number, h: number, y: number;
      if (side) {
        u = colU[i];
        h = colH[i];
        y = c[1] + b * dn[1];
      } else {
        const a = (2 * (i + 0.5)) / size - 1;
        const x = c[0] + a * r[0] + b * dn[0];
        const z = c[2] + a * r[2] + b * dn[2];
        y = c[1];
        u = (0.5 + Math.atan2(x, -z) / twoPi) * W - 0.5;
        h = Math.sqrt(x * x + z * z);
      }
      const v = Math.atan2(h, y) * rowsPerRadian - 0.5; // polar angle: 0 straight up
      const span = spanScale / (h > 1e-9 ? h : 1e-9);
      let taps = 1,
        step = 0;
      if (span >= SUPERSAMPLE_FROM) {
        taps = Math.min(MAX_TAPS, Math.ceil(2 * span)); // two per column: the row's detail, not its aliases
        step = Math.min(span, W) / taps;
      }
      sampleRow(src, u - (step * (taps - 1)) / 2, step, taps, v, acc);
      const o = (j * size + i) * 3;
      out[o] = acc[0] / taps + 0.5;
      out[o + 1] = acc[1] / taps + 0.5;
      out[o + 2] = acc[2] / taps + 0.5;
    }
  }
}

/** The whole face at once (tests, small faces). */
export function reprojectFace(src: RgbImage, face: Face, size: number): Buffer {
  const out = Buffer.alloc(size * size * 3);
  reprojectRows(src, face, size, out, 0, size);
  return out;
}
