// One cube face sampled from a full-sphere equirect (raw RGB), in the convention of server/demo/cubeGeometry.ts and
// server/demo/equirect.ts: column 0.5 + yaw / 2pi across the width, row = polar angle / pi, pixel centres at
// integer + 0.5, bilinear between the four nearest pixels, wrapping in yaw.
//
// Towards the poles a face pixel covers many equirect columns, and one bilinear sample would alias. There the pixel
// averages bilinear samples spread along the row over its footprint, two per column it covers, taken from a copy of
// the polar band narrowed by averaging (poleBands.ts) so that a handful of samples cover the footprint.
// Speed matters (a 8192-wide photo is 25 million face pixels): the side faces, where yaw depends on the column
// alone, take a path with the column's sampling precomputed, and angles come from a polynomial (fastAtan.ts).
// Pure and allocation-free per pixel; it works in row bands so the caller can split a face between threads.
import { FACE_AXES, type Face } from '../../demo/cubeGeometry.ts';
import { atan2Fast, atanUnit } from './fastAtan.ts';
import { buildPoleBands, type BandMemory, type PoleBands, type Poles } from './poleBands.ts';
import type { RgbImage } from './rgbImage.ts';

/** A decoded sphere made ready for faces of one size: its polar bands narrowed. */
export interface Sphere {
  src: RgbImage;
  size: number;
  bands: PoleBands;
}

/** More samples than this along a row add nothing visible. */
const MAX_TAPS = 48;
/** A pixel covering fewer equirect columns than this takes one bilinear sample, as equirect.ts does. */
export const SUPERSAMPLE_FROM = 1.5;
const TWO_PI = 2 * Math.PI;

/** Columns a face pixel spans = spanScale / (distance of its unnormalised direction from the vertical axis): its
 *  angle (2 / size at the face centre) over a column's arc at its latitude. */
export const spanScaleOf = (width: number, size: number) => (2 / size) * (width / TWO_PI);

/** `poles`: whose narrowed bands to build; a face of the other pole is still right, only slower. */
export function prepareSphere(src: RgbImage, size: number, poles: Poles = 'both', memory?: BandMemory): Sphere {
  return { src, size, bands: buildPoleBands(src, spanScaleOf(src.width, size), poles, memory) };
}

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
 * Bilinear sample of `img` at (u, v), wrapping in yaw, clamped at the top and bottom rows; stored into acc (add = 0)
 * or added to it (add = 1).
 */
function bilinear(img: RgbImage, u: number, v: number, acc: Float64Array, add: number): void {
  const data = img.data,
    W = img.width,
    H = img.height;
  const x0 = Math.floor(u),
    y0 = Math.floor(v);
  const fx = u - x0,
    fy = v - y0;
  // Callers stay within a turn of the picture: one add or subtract wraps (cheaper than %, a float op here).
  const xa = x0 < 0 ? x0 + W : x0 >= W ? x0 - W : x0;
  const xa3 = xa * 3,
    xb3 = xa + 1 === W ? 0 : xa3 + 3;
  const rowA = (y0 < 0 ? 0 : y0 > H - 1 ? H - 1 : y0) * W * 3;
  const rowB = (y0 + 1 > H - 1 ? H - 1 : y0 + 1 < 0 ? 0 : y0 + 1) * W * 3;
  const p = rowA + xa3,
    q = rowA + xb3,
    r = rowB + xa3,
    t = rowB + xb3;
  const gx = 1 - fx,
    gy = 1 - fy;
  const w00 = gx * gy,
    w10 = fx * gy,
    w01 = gx * fy,
    w11 = fx * fy;
  const c0 = data[p] * w00 + data[q] * w10 + data[r] * w01 + data[t] * w11;
  const c1 = data[p + 1] * w00 + data[q + 1] * w10 + data[r + 1] * w01 + data[t + 1] * w11;
  const c2 = data[p + 2] * w00 + data[q + 2] * w10 + data[r + 2] * w01 + data[t + 2] * w11;
  if (add) {
    acc[0] += c0;
    acc[1] += c1;
    acc[2] += c2;
  } else {
    acc[0] = c0;
    acc[1] = c1;
    acc[2] = c2;
  }
}

/**
 * The sum of the samples a pixel at (u, v) spanning `span` (>= SUPERSAMPLE_FROM) columns takes, and their count: two
 * samples half its footprint apart in the narrowest copy of its polar band (or the equirect) whose columns it spans
 * at least once; where that copy does not reach, samples two per column from the equirect itself.
 */
function samplePixel(sphere: Sphere, u: number, v: number, span: number, acc: Float64Array): number {
  const { src, bands } = sphere;
  const side = v < src.height / 2 ? bands.top : bands.bottom;
  const k = Math.min(side.length, 31 - Math.clz32(span));
  const band = k > 0 ? side[k - 1] : null;
  const vk = band ? v - band.rowOffset : v;
  const y0 = Math.floor(vk);
  // A band's own first and last rows are the equirect's only at the pole; elsewhere bilinear needs both rows. The
  // bands are cut so that this holds for every pole face pixel; other faces may fall through.
  if (!band || (band.rowOffset === 0 ? y0 + 1 < band.image.height : y0 >= 0)) {
    const scale = 1 / (1 << k);
    const s = span * scale; // in [1, 2) columns of copy k, unless k is the narrowest copy there is
    if (s < 2) {
      const img = band ? band.image : src;
      const uk = (u + 0.5) * scale - 0.5;
      bilinear(img, uk - s / 4, vk, acc, 0);
      bilinear(img, uk + s / 4, vk, acc, 1);
      return 2;
    }
  }
  const taps = Math.min(MAX_TAPS, Math.ceil(2 * span)); // two per column: the row's detail, not its aliases
  const step = Math.min(span, src.width) / taps;
  sampleRow(src, u - (step * (taps - 1)) / 2, step, taps, v, acc);
  return taps;
}

/** A side face's sampling per column: yaw, and so the columns and their weights, depend on the column alone. */
export interface SideColumns {
  /** Byte offsets in a row of the left and right pixel of each column's bilinear pair. */
  xa3: Int32Array;
  xb3: Int32Array;
  /** The right pixel's weight. */
  fxs: Float64Array;
  /** 1 / the distance of the column's unnormalised direction from the vertical axis. */
  invH: Float64Array;
  /** Equirect columns a pixel spans, and its continuous column. */
  spans: Float64Array;
  us: Float64Array;
  /** Every pixel takes one bilinear sample (no column spans SUPERSAMPLE_FROM). */
  single: boolean;
}

export function sideColumns(width: number, size: number, face: Face): SideColumns {
  const W = width;
  const { centre: c, right: r } = FACE_AXES[face];
  const spanScale = spanScaleOf(W, size);
  const cols: SideColumns = {
    xa3: new Int32Array(size),
    xb3: new Int32Array(size),
    fxs: new Float64Array(size),
    invH: new Float64Array(size),
    spans: new Float64Array(size),
    us: new Float64Array(size),
    single: true,
  };
  for (let i = 0; i < size; i++) {
    const a = (2 * (i + 0.5)) / size - 1;
    const x = c[0] + a * r[0],
      z = c[2] + a * r[2];
    const u = (0.5 + Math.atan2(x, -z) / TWO_PI) * W - 0.5;
    const h = Math.sqrt(x * x + z * z);
    const x0 = Math.floor(u);
    let xa = x0 % W;
    if (xa < 0) xa += W;
    cols.xa3[i] = xa * 3;
    cols.xb3[i] = xa + 1 === W ? 0 : xa * 3 + 3;
    cols.fxs[i] = u - x0;
    cols.invH[i] = 1 / h;
    cols.us[i] = u;
    cols.spans[i] = spanScale / h;
    if (cols.spans[i] >= SUPERSAMPLE_FROM) cols.single = false;
  }
  return cols;
}

/** A side face pixel row by row, with its columns' sampling worked out once. */
function sideRows(sphere: Sphere, face: Face, out: Uint8Array, rowStart: number, rowEnd: number): void {
  const { src, size } = sphere;
  const { data, width: W, height: H } = src;
  const { centre: c, down: dn } = FACE_AXES[face];
  const rowsPerRadian = H / Math.PI;
  const stride = W * 3;
  const { xa3, xb3, fxs, invH, spans, us, single } = sideColumns(W, size, face);
  const acc = new Float64Array(3);
  for (let j = rowStart; j < rowEnd; j++) {
    const y = c[1] + ((2 * (j + 0.5)) / size - 1) * dn[1];
    let o = j * size * 3;
    for (let i = 0; i < size; i++, o += 3) {
      // Polar angle atan2(h, y) = pi/2 - atan(y / h), and |y| <= 1 <= h on a side face: between 45 and 135 degrees,
      // so both rows bilinear reads lie inside the picture and need no clamping.
      const v = (Math.PI / 2 - atanUnit(y * invH[i])) * rowsPerRadian - 0.5;
      if (!single) {
        const taps = samplePixel(sphere, us[i], v, spans[i], acc);
        out[o] = acc[0] / taps + 0.5;
        out[o + 1] = acc[1] / taps + 0.5;
        out[o + 2] = acc[2] / taps + 0.5;
        continue;
      }
      const y0 = v | 0; // v > 0 here: truncation is floor
      const fy = v - y0;
      const fx = fxs[i];
      const pa = y0 * stride + xa3[i],
        qa = y0 * stride + xb3[i],
        pb = pa + stride,
        qb = qa + stride;
      let t = data[pa] + (data[qa] - data[pa]) * fx;
      out[o] = t + (data[pb] + (data[qb] - data[pb]) * fx - t) * fy + 0.5;
      t = data[pa + 1] + (data[qa + 1] - data[pa + 1]) * fx;
      out[o + 1] = t + (data[pb + 1] + (data[qb + 1] - data[pb + 1]) * fx - t) * fy + 0.5;
      t = data[pa + 2] + (data[qa + 2] - data[pa + 2]) * fx;
      out[o + 2] = t + (data[pb + 2] + (data[qb + 2] - data[pb + 2]) * fx - t) * fy + 0.5;
    }
  }
}

/** An up or down face: yaw and polar angle both change along a row. */
function poleRows(sphere: Sphere, face: Face, out: Uint8Array, rowStart: number, rowEnd: number): void {
  const { src, size } = sphere;
  const { width: W, height: H } = src;
  const { centre: c, right: r, down: dn } = FACE_AXES[face];
  const rowsPerRadian = H / Math.PI;
  const spanScale = spanScaleOf(W, size);
  const acc = new Float64Array(3);
  const up = c[1] > 0;
  // A pixel farther than this from the axis spans fewer than SUPERSAMPLE_FROM columns: one sample.
  const hSingle = spanScale / SUPERSAMPLE_FROM;
  const columnsPerRadian = W / TWO_PI;
  for (let j = rowStart; j < rowEnd; j++) {
    const b = (2 * (j + 0.5)) / size - 1;
    let o = j * size * 3;
    for (let i = 0; i < size; i++, o += 3) {
      const a = (2 * (i + 0.5)) / size - 1;
      const x = c[0] + a * r[0] + b * dn[0];
      const z = c[2] + a * r[2] + b * dn[2];
      const h = Math.sqrt(x * x + z * z);
      const u = W / 2 + atan2Fast(x, -z) * columnsPerRadian - 0.5;
      // The polar angle, atan2(h, +-1), from the pole the face looks at.
      const fromPole = h <= 1 ? atanUnit(h) : Math.PI / 2 - atanUnit(1 / h);
      const v = (up ? fromPole : Math.PI - fromPole) * rowsPerRadian - 0.5;
      let taps = 1;
      if (h > hSingle) bilinear(src, u, v, acc, 0);
      else taps = samplePixel(sphere, u, v, spanScale / (h > 1e-9 ? h : 1e-9), acc);
      out[o] = acc[0] / taps + 0.5;
      out[o + 1] = acc[1] / taps + 0.5;
      out[o + 2] = acc[2] / taps + 0.5;
    }
  }
}

/**
 * Writes rows [rowStart, rowEnd) of face `face` (sphere.size squared, RGB) into `out`.
 */
export function reprojectRows(sphere: Sphere, face: Face, out: Uint8Array, rowStart: number, rowEnd: number): void {
  if (FACE_AXES[face].down[1] !== 0) sideRows(sphere, face, out, rowStart, rowEnd);
  else poleRows(sphere, face, out, rowStart, rowEnd);
}

/** The whole face at once (tests, small faces). */
export function reprojectFace(src: RgbImage, face: Face, size: number): Buffer {
  const out = Buffer.alloc(size * size * 3);
  reprojectRows(prepareSphere(src, size), face, out, 0, size);
  return out;
}
