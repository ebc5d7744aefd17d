// Narrower copies of the equirect's polar bands, for the reprojection near the poles. There one face pixel covers
// many equirect columns (a latitude circle shrinks with the sine of its polar angle while the equirect keeps its
// width); averaging them all costs up to dozens of samples a pixel. Copy k halves the width k times by averaging
// column pairs, on the rows where a pixel covers at least 2^k columns, so a pixel there averages a handful of
// columns of copy k instead (a mipmap along the rows only: the rows keep their height).
import type { RgbImage } from './rgbImage.ts';

/** One band of one copy: rows [rowOffset, rowOffset + image.height) of the equirect, at width W / 2^level. */
export interface Band {
  image: RgbImage;
  rowOffset: number;
}
/** Which poles' bands to build: a thread that makes only one pole's face needs only that pole's. */
export type Poles = 'top' | 'bottom' | 'both';
export interface PoleBands {
  /** Index k - 1 holds copy k (copy 0 is the equirect itself); top and bottom band of each. */
  top: Band[];
  bottom: Band[];
}

/** Where the copies go and what halves a band's rows: ordinary memory and the loop below, or the shared memory the
 *  WebAssembly kernel reads and its own halving (the same arithmetic). */
export interface BandMemory {
  alloc(bytes: number): Uint8Array;
  /** `rows` rows of `width` pixels at `src` into `out` at half the width. */
  halveRows?(src: Uint8Array, width: number, rows: number, out: Uint8Array): void;
}
const ownMemory: BandMemory = { alloc: (bytes) => new Uint8Array(bytes) };

/** No copy narrower than this: a few columns would misplace the seam more than they save. */
const MIN_WIDTH = 32;
const MAX_LEVEL = 8;

/**
 * Copies 1.. for a reprojection whose pixels span spanScale / h columns (h: the distance of the pixel's unnormalised
 * direction from the vertical axis, see reproject.ts). A copy stops at the last row a pole face's pixel using it
 * reaches, plus a margin for bilinear; a pixel beyond it samples the equirect itself.
 */
export function buildPoleBands(
  src: RgbImage,
  spanScale: number,
  poles: Poles = 'both',
  memory: BandMemory = ownMemory,
): PoleBands {
  const { width: W, height: H } = src;
  const top: Band[] = [],
    bottom: Band[] = [];
  let prevTop: Band = { image: src, rowOffset: 0 },
    prevBottom: Band = { image: src, rowOffset: 0 };
  for (let k = 1; k <= MAX_LEVEL; k++) {
    const width = W >> k;
    if (width < MIN_WIDTH || (W >> (k - 1)) % 2 !== 0) break;
    // A pixel uses copy k where it spans >= 2^k columns, i.e. where h = spanScale / span <= spanScale / 2^k; on a
    // pole face (y = 1) that is a polar angle of at most atan(spanScale / 2^k).
    const rows = Math.min(Math.floor(H / 2), Math.ceil((Math.atan(spanScale / 2 ** k) / Math.PI) * H) + 3);
    if (rows < 2) break;
    if (poles !== 'bottom') {
      prevTop = { image: halveWidth(prevTop, 0, rows, memory), rowOffset: 0 };
      top.push(prevTop);
    }
    if (poles !== 'top') {
      prevBottom = { image: halveWidth(prevBottom, H - rows, rows, memory), rowOffset: H - rows };
      bottom.push(prevBottom);
    }
  }
  return { top, bottom };
}

/** Rows [firstRow, firstRow + rows) of `band` at half its width, each pixel the mean of a column pair. */
function halveWidth(band: Band, firstRow: number, rows: number, memory: BandMemory): RgbImage {
  const { data, width } = band.image;
  const half = width >> 1;
  const out = memory.alloc(half * rows * 3);
  if (memory.halveRows) {
    const from = (firstRow - band.rowOffset) * width * 3;
    memory.halveRows(data.subarray(from, from + rows * width * 3), width, rows, out);
    return { data: out, width: half, height: rows };
  }
  for (let y = 0; y < rows; y++) {
    let p = (firstRow - band.rowOffset + y) * width * 3;
    let o = y * half * 3;
    for (let x = 0; x < half; x++, p += 6, o += 3) {
      const r = x & 1; // half-way means round up and down in turn, so copies of copies do not drift brighter
      out[o] = (data[p] + data[p + 3] + r) >> 1;
      out[o + 1] = (data[p + 1] + data[p + 4] + r) >> 1;
      out[o + 2] = (data[p + 2] + data[p + 5] + r) >> 1;
    }
  }
  return { data: out, width: half, height: rows };
}
