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

/** Rounds lanes (already + 0.5) down to bytes and stores 4 bytes at o; the fourth is overwritten by the next pixel. */
@inline
function storePixel(o: usize, c: v128): void {
  const i = i32x4.trunc_sat_f32x4_u(c);
  const b = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(i, i), i16x8.narrow_i32x4_u(i, i));
  v128.store32_lane(o, b, 0);
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
 * Rows [rowStart, rowEnd) of a side face whose every pixel takes one bilinear sample. Per column: xa3, xb3 (i32),
 * fx and 1 / h (f64) at the given pointers; y of row j is cy + ((2 (j + 0.5)) / size - 1) * dny.
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
  const stride = SW * 3;
  const rowsPerRadian = <f64>SH / PI;
  const half = f32x4.splat(0.5);
  for (let j = rowStart; j < rowEnd; j++) {
    const y = cy + ((2 * (<f64>j + 0.5)) / <f64>size - 1) * dny;
    let o = out + <usize>(j * size * 3);
    for (let i = 0; i < size; i++, o += 3) {
      const v = (HALF_PI - atanUnit(y * load<f64>(invHs + (<usize>i << 3)))) * rowsPerRadian - 0.5;
      // v > 0 on a side face (polar angle 45 to 135 degrees): truncation is floor, and both rows are inside.
      const y0 = <i32>v;
      const fy = f32x4.splat(<f32>(v - <f64>y0));
      const fx = f32x4.splat(<f32>load<f64>(fxs + (<usize>i << 3)));
      const rowA = SRC + <usize>(y0 * stride);
      const xa = <usize>load<i32>(xa3s + (<usize>i << 2)),
        xb = <usize>load<i32>(xb3s + (<usize>i << 2));
      const pa = pixel(rowA + xa),
        qa = pixel(rowA + xb),
        pb = pixel(rowA + <usize>stride + xa),
        qb = pixel(rowA + <usize>stride + xb);
      const top = f32x4.add(pa, f32x4.mul(f32x4.sub(qa, pa), fx));
      const bottom = f32x4.add(pb, f32x4.mul(f32x4.sub(qb, pb), fx));
      storePixel(o, f32x4.add(f32x4.add(top, f32x4.mul(f32x4.sub(bottom, top), fy)), half));
    }
  }
}

/**
 * Rows [rowStart, rowEnd) of an up (up = 1) or down face, whose axes' x and z parts are (c0, c2), (r0, r2), (d0, d2).
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
  const W = SW,
    H = SH;
  const rowsPerRadian = <f64>H / PI;
  const columnsPerRadian = <f64>W / (2 * PI);
  const half = f32x4.splat(0.5);
  for (let j = rowStart; j < rowEnd; j++) {
    const b = (2 * (<f64>j + 0.5)) / <f64>size - 1;
    let o = out + <usize>(j * size * 3);
    for (let i = 0; i < size; i++, o += 3) {
      const a = (2 * (<f64>i + 0.5)) / <f64>size - 1;
      const x = c0 + a * r0 + b * d0;
      const z = c2 + a * r2 + b * d2;
      const h = Math.sqrt(x * x + z * z);
      const u = <f64>W / 2 + atan2Fast(x, -z) * columnsPerRadian - 0.5;
      const fromPole = h <= 1 ? atanUnit(h) : HALF_PI - atanUnit(1 / h);
      const v = (up ? fromPole : PI - fromPole) * rowsPerRadian - 0.5;
      const c =
        h > hSingle ? bilinear(SRC, W, H, u, v) : samplePixel(u, v, spanScale / (h > 1e-9 ? h : 1e-9));
      storePixel(o, f32x4.add(c, half));
    }
  }
}
