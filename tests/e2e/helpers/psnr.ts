// Peak signal-to-noise ratio of two RGB pictures, over the pixels both drew: a pixel showing the page's
// background colour (a hole) in either picture is left out, and how many were judged is reported beside the figure.

export type Rgb = readonly [number, number, number];

export interface Psnr {
  /** dB; Infinity when the judged pixels are identical. */
  db: number;
  /** Share (0..1) of the pixels judged. */
  judged: number;
}

const near = (data: Buffer, i: number, c: Rgb) =>
  Math.abs(data[i]! - c[0]) < 24 && Math.abs(data[i + 1]! - c[1]) < 24 && Math.abs(data[i + 2]! - c[2]) < 24;

/** PSNR of `a` against `b` (3 bytes per pixel each), skipping pixels near `background` in either. */
export function psnr(a: Buffer, b: Buffer, background: Rgb): Psnr {
  let sum = 0;
  let pixels = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (near(a, i, background) || near(b, i, background)) continue;
    for (let k = 0; k < 3; k++) sum += (a[i + k]! - b[i + k]!) ** 2;
    pixels++;
  }
  const judged = pixels / (a.length / 3);
  if (!pixels) return { db: 0, judged };
  const mse = sum / (pixels * 3);
  return { db: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse), judged };
}
