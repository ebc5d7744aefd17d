// The reprojection's inner loops in WebAssembly (AssemblyScript, compiled by wasmKernel.ts): the same arithmetic as
// reproject.ts, which stays the reference, with the three colour channels of a pixel blended at once in one v128
// (four f32 lanes, the fourth ignored). Everything lives in one shared memory: the sphere, each thread's narrowed
// polar bands, its column tables and its output face. Pointers and sizes come from the caller; nothing allocates.
// Reads load 4 bytes for a 3-byte pixel and writes store 4: every image and output has a few bytes of padding.

// The sphere, set once per thread.
let SRC: usize = 0;
let SW: i32 = 0;
let SH: i32 = 0;
// The narrowed bands of this thread's pole (see poleBands.ts): per copy k (1-based), 4 i32s at BANDS + (k - 1) * 16
// for the top and BANDS_BOTTOM + ... for the bottom: pointer, width, height, row offset.
let BANDS_TOP: usize = 0;
let TOP_COUNT: i32 = 0;
let BANDS_BOTTOM: usize = 0;
let BOTTOM_COUNT: i32 = 0;

const PI: f64 = 3.141592653589793;
const HALF_PI: f64 = PI / 2;
const C1: f64 = 0.9999772189500631,
  C3: f64 = -0.332622824417368,
  C5: f64 = 0.1935403509177219,
  C7: f64 = -0.11642640932731056,
  C9: f64 = 0.052647261960592315,
  C11: f64 = -0.011719096508863717;
const MAX_TAPS: i32 = 48;

export function setSphere(ptr: usize, width: i32, height: i32): void {
  SRC = ptr;
  SW = width;
  SH = height;
}

export function setBands(top: usize, topCount: i32, bottom: usize, bottomCount: i32): void {
  BANDS_TOP = top;
  TOP_COUNT = topCount;
  BANDS_BOTTOM = bottom;
  BOTTOM_COUNT = bottomCount;
}

@inline
function atanUnit(t: f64): f64 {
  const t2 = t * t;
  return t * (C1 + t2 * (C3 + t2 * (C5 + t2 * (C7 + t2 * (C9 + t2 * C11)))));
}

@inline
function atan2Fast(y: f64, x: f64): f64 {
  const ax = abs(x),
    ay = abs(y);
  if (ax == 0 && ay == 0) return 0;
  let r = ay > ax ? HALF_PI - atanUnit(ax / ay) : atanUnit(ay / ax);
  if (x < 0) r = PI - r;
  return y < 0 ? -r : r;
}

/** Row y clamped into [0, H - 1]. */
@inline
function clampRow(y: i32, H: i32): i32 {
  return y < 0 ? 0 : y > H - 1 ? H - 1 : y;
}

/** One pixel's 3 bytes (and the next byte) as four f32 lanes. */
@inline
function pixel(p: usize): v128 {
  return f32x4.convert_i32x4_u(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(p))));
}

@inline
function leftInt(pair: v128): v128 {
  return i8x16.swizzle(pair, i8x16(0, 16, 16, 16, 1, 16, 16, 16, 2, 16, 16, 16, 16, 16, 16, 16));
}
@inline
function rightInt(pair: v128): v128 {
  return i8x16.swizzle(pair, i8x16(3, 16, 16, 16, 4, 16, 16, 16, 5, 16, 16, 16, 16, 16, 16, 16));
}

/** The two neighbouring pixels at p and p + 3 from one 8-byte load, as f32 lanes (the wrap at the last column
 *  is the caller's: it takes pixel() twice there). */
@inline
function left(pair: v128): v128 {
  return f32x4.convert_i32x4_s(leftInt(pair));
}
@inline
function right(pair: v128): v128 {
  return f32x4.convert_i32x4_s(rightInt(pair));
}

/** Bilinear blend of the pixel pairs at a and b (b one row below a), each pair a pixel and its right neighbour. */
@inline
function blendPairs(a: usize, b: usize, fx: f32, fy: f32): v128 {
  const pa = v128.load64_zero(a),
    pb = v128.load64_zero(b);
  const vfx = f32x4.splat(fx);
  const la = left(pa),
    lb = left(pb);
  const top = f32x4.add(la, f32x4.mul(f32x4.sub(right(pa), la), vfx));
  const bottom = f32x4.add(lb, f32x4.mul(f32x4.sub(right(pb), lb), vfx));
  return f32x4.add(top, f32x4.mul(f32x4.sub(bottom, top), f32x4.splat(fy)));
}

/** atanUnit on four f32 lanes: the angle math of four pixels at once (f32 keeps rows and columns within 0.002). */
@inline
function atanUnit4(t: v128): v128 {
  const t2 = f32x4.mul(t, t);
  let p = f32x4.add(f32x4.splat(<f32>C9), f32x4.mul(t2, f32x4.splat(<f32>C11)));
  p = f32x4.add(f32x4.splat(<f32>C7), f32x4.mul(t2, p));
  p = f32x4.add(f32x4.splat(<f32>C5), f32x4.mul(t2, p));
  p = f32x4.add(f32x4.splat(<f32>C3), f32x4.mul(t2, p));
  p = f32x4.add(f32x4.splat(<f32>C1), f32x4.mul(t2, p));
  return f32x4.mul(t, p);
}

/** Rounds lanes (already + 0.5, never negative) down to bytes and stores 4 bytes at o; the fourth is overwritten by
 *  the next pixel. A signed truncation: for lanes >= 0 it equals the unsigned one, at a few instructions fewer. */
@inline
function storePixel(o: usize, c: v128): void {
  const i = i32x4.trunc_sat_f32x4_s(c);
  const b = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(i, i), i16x8.narrow_i32x4_u(i, i));
  v128.store32_lane(o, b, 0);
}

// Fixed point for the common bilinear cases: the four weights of a sample, scaled to sum to 2^14 (FIXED_ONE),
// are i16 lanes, and i32x4.dot_i16x8_s blends a pixel with its right neighbour per channel in one instruction.
// Per pixel that is one pair of loads, two swizzles and two dots, where the f32 blend took four converts and
// nine float operations. Rounding a weight to 1/16384 moves a result by under 0.04 of a level.
const FIXED_ONE: f32 = 16384;

/** A row's weights for four pixels, (1 - fx) * rowWeight and fx * rowWeight rounded, as i16 lanes
 *  [w0 of pixels 0-3, w1 of pixels 0-3]; rowWeight is (1 - fy) or fy, already times the scale. */
@inline
function rowWeights(fx: v128, rowWeight: v128): v128 {
  const half = f32x4.splat(0.5);
  const w1 = f32x4.mul(fx, rowWeight);
  const w0 = f32x4.sub(rowWeight, w1);
  return i16x8.narrow_i32x4_s(i32x4.trunc_sat_f32x4_s(f32x4.add(w0, half)), i32x4.trunc_sat_f32x4_s(f32x4.add(w1, half)));
}

/** Swizzle indices picking pixel l's (w0, w1) out of rowWeights, once per channel. */
@inline
function laneIndex(l: i32): v128 {
  return i8x16.add(i8x16(0, 1, 8, 9, 0, 1, 8, 9, 0, 1, 8, 9, 0, 1, 8, 9), i8x16.splat(<i8>(2 * l)));
}

/** The bilinear sum (i32 lanes, r g b, times the weights' scale) of the pixel pairs at a and b (b the row below),
 *  pixel l of weight vectors top and bottom (from rowWeights), picked by idx (laneIndex(l)). */
@inline
function blendFixed(a: usize, b: usize, top: v128, bottom: v128, idx: v128): v128 {
  const rows = v128.load64_lane(b, v128.load64_zero(a), 1);
  // Each channel's byte and its right neighbour's, widened to i16 lanes side by side: r r' g g' b b' 0 0.
  const pa = i8x16.swizzle(rows, i8x16(0, 16, 3, 16, 1, 16, 4, 16, 2, 16, 5, 16, 16, 16, 16, 16));
  const pb = i8x16.swizzle(rows, i8x16(8, 16, 11, 16, 9, 16, 12, 16, 10, 16, 13, 16, 16, 16, 16, 16));
  return i32x4.add(i32x4.dot_i16x8_s(pa, i8x16.swizzle(top, idx)), i32x4.dot_i16x8_s(pb, i8x16.swizzle(bottom, idx)));
}

/** A fixed-point sum (scale FIXED_ONE, never negative) rounded to bytes, stored as storePixel does. */
@inline
function storeFixed(o: usize, sum: v128): void {
  const i = i32x4.shr_u(i32x4.add(sum, i32x4.splat(8192)), 14);
  v128.store32_lane(o, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(i, i), i16x8.narrow_i32x4_u(i, i)), 0);
}

/** Bilinear sample of an image at (u, v), wrapping in yaw, clamped at its top and bottom rows. */
@inline
function bilinear(img: usize, W: i32, H: i32, u: f64, v: f64): v128 {
  const fu = Math.floor(u),
    fv = Math.floor(v);
  const x0 = <i32>fu,
    y0 = <i32>fv;
  const fx = <f32>(u - fu),
    fy = <f32>(v - fv);
  // Callers stay within a turn of the picture: one add or subtract wraps.
  const xa = x0 < 0 ? x0 + W : x0 >= W ? x0 - W : x0;
  const xa3 = xa * 3,
    xb3 = xa + 1 == W ? 0 : xa3 + 3;
  const rowA = clampRow(y0, H) * W * 3;
  const rowB = clampRow(y0 + 1, H) * W * 3;
  if (xb3 != 0) return blendPairs(img + <usize>(rowA + xa3), img + <usize>(rowB + xa3), fx, fy);
  const pa = pixel(img + <usize>(rowA + xa3)),
    qa = pixel(img + <usize>(rowA + xb3)),
    pb = pixel(img + <usize>(rowB + xa3)),
    qb = pixel(img + <usize>(rowB + xb3));
  const vfx = f32x4.splat(fx),
    vfy = f32x4.splat(fy);
  const top = f32x4.add(pa, f32x4.mul(f32x4.sub(qa, pa), vfx));
  const bottom = f32x4.add(pb, f32x4.mul(f32x4.sub(qb, pb), vfx));
  return f32x4.add(top, f32x4.mul(f32x4.sub(bottom, top), vfy));
}

/** The sum of `taps` bilinear samples of the sphere at columns first, first + step, ... of row v. */
function sampleRow(first: f64, step: f64, taps: i32, v: f64): v128 {
  const W = SW,
    H = SH;
  const fv = Math.floor(v);
  const y0 = <i32>fv;
  const fy = f32x4.splat(<f32>(v - fv));
  const rowA = SRC + <usize>(clampRow(y0, H) * W * 3);
  const rowB = SRC + <usize>(clampRow(y0 + 1, H) * W * 3);
  let a = f32x4.splat(0),
    b = f32x4.splat(0);
  for (let t = 0; t < taps; t++) {
    const u = first + <f64>t * step;
    const fu = Math.floor(u);
    let xa = <i32>fu % W;
    if (xa < 0) xa += W;
    const fx = f32x4.splat(<f32>(u - fu));
    const xa3 = <usize>(xa * 3),
      xb3 = <usize>(xa + 1 == W ? 0 : xa * 3 + 3);
    let p = pixel(rowA + xa3),
      q = pixel(rowA + xb3);
    a = f32x4.add(a, f32x4.add(p, f32x4.mul(f32x4.sub(q, p), fx)));
    p = pixel(rowB + xa3);
    q = pixel(rowB + xb3);
    b = f32x4.add(b, f32x4.add(p, f32x4.mul(f32x4.sub(q, p), fx)));
  }
  return f32x4.add(a, f32x4.mul(f32x4.sub(b, a), fy));
}

/** The mean of the samples a pixel at (u, v) spanning `span` (>= 1.5) columns takes; as samplePixel in reproject.ts. */
function samplePixel(u: f64, v: f64, span: f64): v128 {
  const topSide = v < <f64>SH / 2;
  const count = topSide ? TOP_COUNT : BOTTOM_COUNT;
  const table = topSide ? BANDS_TOP : BANDS_BOTTOM;
  const fits = 31 - <i32>clz(<i32>span);
  const k = count < fits ? count : fits;
  let img = SRC,
    W = SW,
    H = SH,
    rowOffset = 0;
  if (k > 0) {
    const d = table + <usize>((k - 1) * 16);
    img = <usize>load<i32>(d);
    W = load<i32>(d, 4);
    H = load<i32>(d, 8);
    rowOffset = load<i32>(d, 12);
  }
  const vk = v - <f64>rowOffset;
  const y0 = <i32>Math.floor(vk);
  if (k == 0 || (rowOffset == 0 ? y0 + 1 < H : y0 >= 0)) {
    const scale = 1 / <f64>(1 << k);
    const s = span * scale;
    if (s < 2) {
      const uk = (u + 0.5) * scale - 0.5;
      const sum = f32x4.add(bilinear(img, W, H, uk - s / 4, vk), bilinear(img, W, H, uk + s / 4, vk));
      return f32x4.mul(sum, f32x4.splat(0.5));
    }
  }
  let taps = <i32>Math.ceil(2 * span);
  if (taps > MAX_TAPS) taps = MAX_TAPS;
  const step = min(span, <f64>SW) / <f64>taps;
  const sum = sampleRow(u - (step * <f64>(taps - 1)) / 2, step, taps, v);
  return f32x4.div(sum, f32x4.splat(<f32>taps));
}

/**
 * Rows [rowStart, rowEnd) of a side face whose every pixel takes one bilinear sample; size is a multiple of 4. Per
 * column: xa3, xb3 (i32), fx and 1 / h (f32) at the given pointers; y of row j is cy + ((2 (j + 0.5)) / size - 1) dny.
 */
export function sideRows(
  out: usize,
  size: i32,
  rowStart: i32,
  rowEnd: i32,
  cy: f64,
  dny: f64,
  xa3s: usize,
  xb3s: usize,
  fxs: usize,
  invHs: usize,
): void {
  const stride = <usize>(SW * 3);
  const half = f32x4.splat(0.5);
  const scale = f32x4.splat(<f32>(<f64>SH / PI));
  const offset = f32x4.splat(<f32>((HALF_PI * <f64>SH) / PI - 0.5));
  const one = f32x4.splat(1),
    fixedOne = f32x4.splat(FIXED_ONE),
    three = i32x4.splat(3),
    strideI = i32x4.splat(SW * 3);
  const lane0 = laneIndex(0),
    lane1 = laneIndex(1),
    lane2 = laneIndex(2),
    lane3 = laneIndex(3);
  for (let j = rowStart; j < rowEnd; j++) {
    const y = f32x4.splat(<f32>(cy + ((2 * (<f64>j + 0.5)) / <f64>size - 1) * dny));
    let o = out + <usize>(j * size * 3);
    for (let i = 0; i < size; i += 4) {
      const c = <usize>i << 2;
      // Four pixels' rows at once: v = (pi/2 - atan(y / h)) * rowsPerRadian - 0.5, between 45 and 135 degrees, so
      // v > 0 (truncation is floor) and both rows lie inside the picture.
      const v = f32x4.sub(offset, f32x4.mul(atanUnit4(f32x4.mul(y, v128.load(invHs + c))), scale));
      const y0 = i32x4.trunc_sat_f32x4_s(v);
      const fy = f32x4.sub(v, f32x4.convert_i32x4_s(y0));
      const fx = v128.load(fxs + c);
      const xa = v128.load(xa3s + c),
        xb = v128.load(xb3s + c);
      if (i32x4.all_true(i32x4.eq(xb, i32x4.add(xa, three)))) {
        // No lane at the seam: each pixel's pair is one load per row, blended in fixed point.
        const wTop = rowWeights(fx, f32x4.mul(f32x4.sub(one, fy), fixedOne)),
          wBottom = rowWeights(fx, f32x4.mul(fy, fixedOne));
        const at = i32x4.add(i32x4.mul(y0, strideI), xa);
        let p = SRC + <usize>i32x4.extract_lane(at, 0);
        storeFixed(o + 0, blendFixed(p, p + stride, wTop, wBottom, lane0));
        p = SRC + <usize>i32x4.extract_lane(at, 1);
        storeFixed(o + 3, blendFixed(p, p + stride, wTop, wBottom, lane1));
        p = SRC + <usize>i32x4.extract_lane(at, 2);
        storeFixed(o + 6, blendFixed(p, p + stride, wTop, wBottom, lane2));
        p = SRC + <usize>i32x4.extract_lane(at, 3);
        storeFixed(o + 9, blendFixed(p, p + stride, wTop, wBottom, lane3));
        o += 12;
        continue;
      }
      storePixel(
        o + 0,
        f32x4.add(
          sidePixel(
            SRC + <usize>i32x4.extract_lane(y0, 0) * stride,
            <usize>i32x4.extract_lane(xa, 0),
            <usize>i32x4.extract_lane(xb, 0),
            f32x4.extract_lane(fx, 0),
            f32x4.extract_lane(fy, 0),
            stride,
          ),
          half,
        ),
      );
      storePixel(
        o + 3,
        f32x4.add(
          sidePixel(
            SRC + <usize>i32x4.extract_lane(y0, 1) * stride,
            <usize>i32x4.extract_lane(xa, 1),
            <usize>i32x4.extract_lane(xb, 1),
            f32x4.extract_lane(fx, 1),
            f32x4.extract_lane(fy, 1),
            stride,
          ),
          half,
        ),
      );
      storePixel(
        o + 6,
        f32x4.add(
          sidePixel(
            SRC + <usize>i32x4.extract_lane(y0, 2) * stride,
            <usize>i32x4.extract_lane(xa, 2),
            <usize>i32x4.extract_lane(xb, 2),
            f32x4.extract_lane(fx, 2),
            f32x4.extract_lane(fy, 2),
            stride,
          ),
          half,
        ),
      );
      storePixel(
        o + 9,
        f32x4.add(
          sidePixel(
            SRC + <usize>i32x4.extract_lane(y0, 3) * stride,
            <usize>i32x4.extract_lane(xa, 3),
            <usize>i32x4.extract_lane(xb, 3),
            f32x4.extract_lane(fx, 3),
            f32x4.extract_lane(fy, 3),
            stride,
          ),
          half,
        ),
      );
      o += 12;
    }
  }
}

/** One side pixel: bilinear between row rowA and the next at byte offsets a and b. */
@inline
function sidePixel(rowA: usize, a: usize, b: usize, wx: f32, wy: f32, stride: usize): v128 {
  if (b == a + 3) return blendPairs(rowA + a, rowA + stride + a, wx, wy);
  const pa = pixel(rowA + a),
    qa = pixel(rowA + b),
    pb = pixel(rowA + stride + a),
    qb = pixel(rowA + stride + b);
  const vfx = f32x4.splat(wx);
  const top = f32x4.add(pa, f32x4.mul(f32x4.sub(qa, pa), vfx));
  const bottom = f32x4.add(pb, f32x4.mul(f32x4.sub(qb, pb), vfx));
  return f32x4.add(top, f32x4.mul(f32x4.sub(bottom, top), f32x4.splat(wy)));
}

/**
 * Rows [rowStart, rowEnd) of an up (up = 1) or down face, whose axes' x and z parts are (c0, c2), (r0, r2), (d0, d2);
 * size is a multiple of 4. The angles of four pixels at a time come in f32 lanes.
 */
export function poleRows(
  out: usize,
  size: i32,
  rowStart: i32,
  rowEnd: i32,
  up: i32,
  c0: f64,
  c2: f64,
  r0: f64,
  r2: f64,
  d0: f64,
  d2: f64,
  spanScale: f64,
  hSingle: f64,
): void {
  SPAN_SCALE = spanScale;
  H_SINGLE = <f32>hSingle;
  const half = f32x4.splat(0.5);
  const rowsPerRadian = <f64>SH / PI;
  const columnsPerRadian = f32x4.splat(<f32>(<f64>SW / (2 * PI)));
  const uOffset = f32x4.splat(<f32>(<f64>SW / 2 - 0.5));
  // v = fromPole * rowsPerRadian - 0.5 on the up face, (pi - fromPole) * rowsPerRadian - 0.5 on the down face.
  const vScale = f32x4.splat(<f32>(up ? rowsPerRadian : -rowsPerRadian));
  const vOffset = f32x4.splat(<f32>(up ? -0.5 : PI * rowsPerRadian - 0.5));
  const step = 2 / <f64>size;
  const steps = f32x4(0, <f32>step, <f32>(2 * step), <f32>(3 * step));
  const one = f32x4.splat(1),
    zero = f32x4.splat(0),
    halfPi = f32x4.splat(<f32>HALF_PI),
    pi = f32x4.splat(<f32>PI);
  const singleFrom = f32x4.splat(H_SINGLE);
  const zeroI = i32x4.splat(0),
    oneI = i32x4.splat(1),
    threeI = i32x4.splat(3),
    widthI = i32x4.splat(SW),
    lastColumnI = i32x4.splat(SW - 1),
    lastRowI = i32x4.splat(SH - 1),
    strideI = i32x4.splat(SW * 3);
  const fixedOne = f32x4.splat(FIXED_ONE);
  const lane0 = laneIndex(0),
    lane1 = laneIndex(1),
    lane2 = laneIndex(2),
    lane3 = laneIndex(3);
  for (let j = rowStart; j < rowEnd; j++) {
    const b = (2 * (<f64>j + 0.5)) / <f64>size - 1;
    let o = out + <usize>(j * size * 3);
    for (let i = 0; i < size; i += 4) {
      const a = (2 * (<f64>i + 0.5)) / <f64>size - 1;
      const av = f32x4.add(f32x4.splat(<f32>a), steps);
      const x = f32x4.add(f32x4.splat(<f32>(c0 + b * d0)), f32x4.mul(av, f32x4.splat(<f32>r0)));
      const z = f32x4.add(f32x4.splat(<f32>(c2 + b * d2)), f32x4.mul(av, f32x4.splat(<f32>r2)));
      const h = f32x4.sqrt(f32x4.add(f32x4.mul(x, x), f32x4.mul(z, z)));
      // atan2(x, -z), as atan2Fast: the octant's atan by the polynomial, then its sign and quadrant.
      const ax = f32x4.abs(z),
        ay = f32x4.abs(x);
      const steep = f32x4.gt(ay, ax);
      const big = f32x4.max(ax, ay);
      const t = f32x4.div(f32x4.min(ax, ay), f32x4.max(big, f32x4.splat(1e-30)));
      let r = atanUnit4(t);
      r = v128.bitselect(f32x4.sub(halfPi, r), r, steep);
      r = v128.bitselect(f32x4.sub(pi, r), r, f32x4.gt(z, zero)); // -z < 0
      r = v128.bitselect(f32x4.neg(r), r, f32x4.lt(x, zero));
      const u = f32x4.add(uOffset, f32x4.mul(r, columnsPerRadian));
      // The polar angle from the face's pole, atan2(h, 1).
      const near = f32x4.le(h, one);
      const q = atanUnit4(f32x4.div(f32x4.min(h, one), f32x4.max(h, one)));
      const fromPole = v128.bitselect(q, f32x4.sub(halfPi, q), near);
      const v = f32x4.add(vOffset, f32x4.mul(fromPole, vScale));
      // Each lane's bilinear pair, four at once (the same values bilinear() works out one by one): its rows'
      // and column's byte offsets and weights. A lane near the pole (its footprint) or at the seam (its right
      // neighbour wraps to column 0) takes the scalar path instead.
      const fu = f32x4.floor(u),
        fv = f32x4.floor(v);
      const fx = f32x4.sub(u, fu),
        fy = f32x4.sub(v, fv);
      let x0 = i32x4.trunc_sat_f32x4_s(fu);
      x0 = i32x4.add(x0, v128.and(i32x4.lt_s(x0, zeroI), widthI));
      x0 = i32x4.sub(x0, v128.and(i32x4.ge_s(x0, widthI), widthI));
      const y0 = i32x4.trunc_sat_f32x4_s(fv);
      const x3 = i32x4.mul(x0, threeI);
      const offA = i32x4.add(i32x4.mul(i32x4.min_s(i32x4.max_s(y0, zeroI), lastRowI), strideI), x3);
      const offB = i32x4.add(i32x4.mul(i32x4.min_s(i32x4.max_s(i32x4.add(y0, oneI), zeroI), lastRowI), strideI), x3);
      if (!v128.any_true(f32x4.gt(h, singleFrom)) && footprintFour(o, u, v, h)) {
        o += 12;
        continue;
      }
      const fast = v128.andnot(f32x4.gt(h, singleFrom), i32x4.eq(x0, lastColumnI));
      if (i32x4.all_true(fast)) {
        const wTop = rowWeights(fx, f32x4.mul(f32x4.sub(one, fy), fixedOne)),
          wBottom = rowWeights(fx, f32x4.mul(fy, fixedOne));
        storeFixed(o + 0, blendFixed(SRC + <usize>i32x4.extract_lane(offA, 0), SRC + <usize>i32x4.extract_lane(offB, 0), wTop, wBottom, lane0));
        storeFixed(o + 3, blendFixed(SRC + <usize>i32x4.extract_lane(offA, 1), SRC + <usize>i32x4.extract_lane(offB, 1), wTop, wBottom, lane1));
        storeFixed(o + 6, blendFixed(SRC + <usize>i32x4.extract_lane(offA, 2), SRC + <usize>i32x4.extract_lane(offB, 2), wTop, wBottom, lane2));
        storeFixed(o + 9, blendFixed(SRC + <usize>i32x4.extract_lane(offA, 3), SRC + <usize>i32x4.extract_lane(offB, 3), wTop, wBottom, lane3));
        o += 12;
        continue;
      }
      storePixel(o + 0, f32x4.add(polePixel(i32x4.extract_lane(fast, 0),
        i32x4.extract_lane(offA, 0), i32x4.extract_lane(offB, 0), f32x4.extract_lane(fx, 0), f32x4.extract_lane(fy, 0),
        f32x4.extract_lane(u, 0), f32x4.extract_lane(v, 0), f32x4.extract_lane(h, 0), a + 0.0 * step, b, c0, c2, r0, r2, d0, d2), half));
      storePixel(o + 3, f32x4.add(polePixel(i32x4.extract_lane(fast, 1),
        i32x4.extract_lane(offA, 1), i32x4.extract_lane(offB, 1), f32x4.extract_lane(fx, 1), f32x4.extract_lane(fy, 1),
        f32x4.extract_lane(u, 1), f32x4.extract_lane(v, 1), f32x4.extract_lane(h, 1), a + 1.0 * step, b, c0, c2, r0, r2, d0, d2), half));
      storePixel(o + 6, f32x4.add(polePixel(i32x4.extract_lane(fast, 2),
        i32x4.extract_lane(offA, 2), i32x4.extract_lane(offB, 2), f32x4.extract_lane(fx, 2), f32x4.extract_lane(fy, 2),
        f32x4.extract_lane(u, 2), f32x4.extract_lane(v, 2), f32x4.extract_lane(h, 2), a + 2.0 * step, b, c0, c2, r0, r2, d0, d2), half));
      storePixel(o + 9, f32x4.add(polePixel(i32x4.extract_lane(fast, 3),
        i32x4.extract_lane(offA, 3), i32x4.extract_lane(offB, 3), f32x4.extract_lane(fx, 3), f32x4.extract_lane(fy, 3),
        f32x4.extract_lane(u, 3), f32x4.extract_lane(v, 3), f32x4.extract_lane(h, 3), a + 3.0 * step, b, c0, c2, r0, r2, d0, d2), half));
      o += 12;
    }
  }
}

let SPAN_SCALE: f64 = 0;

/** One pole pixel's two footprint samples summed in fixed point: the byte offsets in img of the first sample's
 *  rows (pa, pb) and the second's (qa, qb), their weights from rowWeights, picked by idx (laneIndex). */
@inline
function twoTapsFixed(
  img: usize,
  pa: i32,
  pb: i32,
  qa: i32,
  qb: i32,
  aTop: v128,
  aBottom: v128,
  bTop: v128,
  bBottom: v128,
  idx: v128,
): v128 {
  const first = blendFixed(img + <usize>pa, img + <usize>pb, aTop, aBottom, idx);
  return i32x4.add(first, blendFixed(img + <usize>qa, img + <usize>qb, bTop, bBottom, idx));
}

/**
 * Four pole pixels that all average their footprint in the same copy (the equirect or a narrowed one), as
 * samplePixel does one by one, with the copy's rows, columns and weights worked out for the four at once. Returns
 * false, having written nothing, when they do not all fit that case: a lane in another copy or past its rows, at
 * the seam, or with a span so near a power of two that f32 might pick another copy than reproject.ts's f64.
 */
function footprintFour(o: usize, u: v128, v: v128, h: v128): bool {
  const span = f32x4.div(f32x4.splat(<f32>SPAN_SCALE), f32x4.max(h, f32x4.splat(<f32>1e-9)));
  // floor(log2(span)) from the exponent bits, and how near the mantissa is to a power of two.
  const mantissa = v128.and(span, i32x4.splat(0x7fffff));
  if (v128.any_true(v128.or(i32x4.lt_s(mantissa, i32x4.splat(256)), i32x4.gt_s(mantissa, i32x4.splat(0x7fffff - 256)))))
    return false;
  const kv = i32x4.sub(i32x4.shr_s(span, 23), i32x4.splat(127));
  const k = i32x4.extract_lane(kv, 0);
  if (!i32x4.all_true(i32x4.eq(kv, i32x4.splat(k)))) return false;
  const topMask = f32x4.lt(v, f32x4.splat(<f32>SH / 2));
  const topSide = i32x4.all_true(topMask);
  if (!topSide && v128.any_true(topMask)) return false;
  const count = topSide ? TOP_COUNT : BOTTOM_COUNT;
  if (k < 0 || k > count) return false; // past the narrowest copy: samplePixel's many taps
  let img = SRC,
    W = SW,
    H = SH,
    rowOffset = 0;
  if (k > 0) {
    const d = (topSide ? BANDS_TOP : BANDS_BOTTOM) + <usize>((k - 1) * 16);
    img = <usize>load<i32>(d);
    W = load<i32>(d, 4);
    H = load<i32>(d, 8);
    rowOffset = load<i32>(d, 12);
  }
  const zero = i32x4.splat(0),
    one = i32x4.splat(1),
    width = i32x4.splat(W),
    lastRow = i32x4.splat(H - 1),
    stride = i32x4.splat(W * 3),
    half = f32x4.splat(0.5);
  const vk = f32x4.sub(v, f32x4.splat(<f32>rowOffset));
  const fv = f32x4.floor(vk);
  const y0 = i32x4.trunc_sat_f32x4_s(fv);
  // A band's own first and last rows are the equirect's only at the pole (see samplePixel).
  if (k > 0 && !i32x4.all_true(rowOffset == 0 ? i32x4.lt_s(i32x4.add(y0, one), i32x4.splat(H)) : i32x4.ge_s(y0, zero)))
    return false;
  const fy = f32x4.sub(vk, fv);
  const rowA = i32x4.mul(i32x4.min_s(i32x4.max_s(y0, zero), lastRow), stride);
  const rowB = i32x4.mul(i32x4.min_s(i32x4.max_s(i32x4.add(y0, one), zero), lastRow), stride);
  const scale = f32x4.splat(<f32>1 / <f32>(1 << k));
  const quarter = f32x4.mul(f32x4.mul(span, scale), f32x4.splat(0.25));
  const uk = f32x4.sub(f32x4.mul(f32x4.add(u, half), scale), half);
  const ua = f32x4.sub(uk, quarter),
    ub = f32x4.add(uk, quarter);
  const fua = f32x4.floor(ua),
    fub = f32x4.floor(ub);
  let xa = i32x4.trunc_sat_f32x4_s(fua),
    xb = i32x4.trunc_sat_f32x4_s(fub);
  xa = i32x4.sub(i32x4.add(xa, v128.and(i32x4.lt_s(xa, zero), width)), v128.and(i32x4.ge_s(xa, width), width));
  xb = i32x4.sub(i32x4.add(xb, v128.and(i32x4.lt_s(xb, zero), width)), v128.and(i32x4.ge_s(xb, width), width));
  const lastColumn = i32x4.splat(W - 1);
  if (v128.any_true(v128.or(i32x4.eq(xa, lastColumn), i32x4.eq(xb, lastColumn)))) return false;
  const three = i32x4.splat(3);
  xa = i32x4.mul(xa, three);
  xb = i32x4.mul(xb, three);
  const fxa = f32x4.sub(ua, fua),
    fxb = f32x4.sub(ub, fub);
  // The mean of the two samples: each one's weights scaled to half of FIXED_ONE.
  const halfOne = f32x4.splat(FIXED_ONE / 2);
  const topWeight = f32x4.mul(f32x4.sub(f32x4.splat(1), fy), halfOne),
    bottomWeight = f32x4.mul(fy, halfOne);
  const aTop = rowWeights(fxa, topWeight),
    aBottom = rowWeights(fxa, bottomWeight),
    bTop = rowWeights(fxb, topWeight),
    bBottom = rowWeights(fxb, bottomWeight);
  const pa = i32x4.add(rowA, xa),
    pb = i32x4.add(rowB, xa),
    qa = i32x4.add(rowA, xb),
    qb = i32x4.add(rowB, xb);
  storeFixed(o + 0, twoTapsFixed(img, i32x4.extract_lane(pa, 0), i32x4.extract_lane(pb, 0), i32x4.extract_lane(qa, 0), i32x4.extract_lane(qb, 0), aTop, aBottom, bTop, bBottom, laneIndex(0)));
  storeFixed(o + 3, twoTapsFixed(img, i32x4.extract_lane(pa, 1), i32x4.extract_lane(pb, 1), i32x4.extract_lane(qa, 1), i32x4.extract_lane(qb, 1), aTop, aBottom, bTop, bBottom, laneIndex(1)));
  storeFixed(o + 6, twoTapsFixed(img, i32x4.extract_lane(pa, 2), i32x4.extract_lane(pb, 2), i32x4.extract_lane(qa, 2), i32x4.extract_lane(qb, 2), aTop, aBottom, bTop, bBottom, laneIndex(2)));
  storeFixed(o + 9, twoTapsFixed(img, i32x4.extract_lane(pa, 3), i32x4.extract_lane(pb, 3), i32x4.extract_lane(qa, 3), i32x4.extract_lane(qb, 3), aTop, aBottom, bTop, bBottom, laneIndex(3)));
  return true;
}
let H_SINGLE: f32 = 0;

/** Lane l of four pole pixels: when `fast` (all bits set), its bilinear pair at byte offsets offA and offB of the
 *  sphere; else one bilinear sample at the seam, or where it spans several columns the footprint's samples (its span
 *  from h in f64, so that it picks the same narrowed copy as reproject.ts). */
@inline
function polePixel(
  fast: i32,
  offA: i32,
  offB: i32,
  fx: f32,
  fy: f32,
  u: f32,
  v: f32,
  h: f32,
  a: f64,
  b: f64,
  c0: f64,
  c2: f64,
  r0: f64,
  r2: f64,
  d0: f64,
  d2: f64,
): v128 {
  if (fast) return blendPairs(SRC + <usize>offA, SRC + <usize>offB, fx, fy);
  const ul = <f64>u,
    vl = <f64>v;
  if (h > H_SINGLE) return bilinear(SRC, SW, SH, ul, vl);
  const x = c0 + a * r0 + b * d0,
    z = c2 + a * r2 + b * d2;
  const h64 = Math.sqrt(x * x + z * z);
  return samplePixel(ul, vl, SPAN_SCALE / (h64 > 1e-9 ? h64 : 1e-9));
}

/**
 * A size x size RGB face at half its size, each pixel the rounded mean of a 2x2 block (a box filter), as each lower
 * level of the pyramid is made from the one above.
 */
export function halveFace(src: usize, size: i32, dst: usize): void {
  const half = size >> 1;
  const stride = <usize>(size * 3);
  const two = i32x4.splat(2);
  for (let j = 0; j < half; j++) {
    let a = src + <usize>(j * 2) * stride;
    let o = dst + <usize>(j * half * 3);
    for (let i = 0; i < half; i++, a += 6, o += 3) {
      const top = v128.load64_zero(a),
        bottom = v128.load64_zero(a + stride);
      let sum = i32x4.add(i32x4.add(leftInt(top), rightInt(top)), i32x4.add(leftInt(bottom), rightInt(bottom)));
      sum = i32x4.shr_u(i32x4.add(sum, two), 2);
      v128.store32_lane(o, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(sum, sum), i16x8.narrow_i32x4_u(sum, sum)), 0);
    }
  }
}


/**
 * Rows of a polar band at half its width (poleBands.ts): each pixel the mean of a column pair, half-way rounded up
 * at odd columns and down at even ones, so that copies of copies do not drift brighter.
 */
export function halveBand(src: usize, width: i32, rows: i32, dst: usize): void {
  const half = width >> 1;
  const odd = i32x4.splat(1);
  // Two output pixels a step from one 16-byte load (four input pixels): the bytes of the first of each pair
  // against the second's, averaged rounding up (avgr), then the even pixel's lanes taken one down where the sum
  // is odd, which is rounding it down. The 8-byte store runs 2 bytes into the next pixel, written next.
  const firsts = i8x16(0, 1, 2, 6, 7, 8, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16);
  const seconds = i8x16(3, 4, 5, 9, 10, 11, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16);
  const evenLanes = i8x16(1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  for (let y = 0; y < rows; y++) {
    let p = src + <usize>(y * width * 3);
    let o = dst + <usize>(y * half * 3);
    let x = 0;
    for (; x + 1 < half; x += 2, p += 12, o += 6) {
      const four = v128.load(p);
      const a = i8x16.swizzle(four, firsts),
        b = i8x16.swizzle(four, seconds);
      v128.store64_lane(o, i8x16.sub(i8x16.avgr_u(a, b), v128.and(v128.xor(a, b), evenLanes)), 0);
    }
    for (; x < half; x++, p += 6, o += 3) {
      const pair = v128.load64_zero(p);
      let sum = i32x4.add(leftInt(pair), rightInt(pair));
      if (x & 1) sum = i32x4.add(sum, odd);
      sum = i32x4.shr_u(sum, 1);
      v128.store32_lane(o, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(sum, sum), i16x8.narrow_i32x4_u(sum, sum)), 0);
    }
  }
}
