// The pure parts of the tiled-photo proof and the tiling benchmark: PSNR over the pixels both pictures drew, the
// equirect reference's seam and poles, and nona's script.
import { describe, expect, it } from 'vitest';
import { projectEquirect } from '../../e2e/helpers/equirectReference';
import { psnr, type Rgb } from '../../e2e/helpers/psnr';
import { cubeFacesPto } from '../../../bench/tiling/nonaScript';

const BG: Rgb = [255, 0, 255];
const pixels = (...rgb: number[][]) => Buffer.from(rgb.flat());

describe('psnr', () => {
  it('is infinite for equal pictures and judges every pixel', () => {
    expect(psnr(pixels([1, 2, 3], [4, 5, 6]), pixels([1, 2, 3], [4, 5, 6]), BG)).toEqual({ db: Infinity, judged: 1 });
  });

  it('is 10 log10(255² / MSE) over the channels', () => {
    // Every channel off by 10: MSE 100.
    const { db } = psnr(pixels([10, 20, 30]), pixels([20, 30, 40]), BG);
    expect(db).toBeCloseTo(10 * Math.log10((255 * 255) / 100), 6);
  });

  it('leaves out pixels showing the background in either picture', () => {
    const a = pixels([255, 0, 255], [10, 10, 10], [50, 50, 50]);
    const b = pixels([0, 0, 0], [10, 10, 10], [254, 2, 250]);
    expect(psnr(a, b, BG)).toEqual({ db: Infinity, judged: 1 / 3 });
  });
});

/** An equirect W×H whose left half (yaw < 0) is `left` and right half `right`, top half `top` in green. */
function halves(W: number, H: number) {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3;
      data[o] = x < W / 2 ? 40 : 200;
      data[o + 1] = y < H / 2 ? 220 : 30;
    }
  return { width: W, height: H, channels: 3, data };
}

describe('projectEquirect', () => {
  const src = halves(360, 180);
  const at = (img: Buffer, w: number, i: number, j: number) => [...img.subarray((j * w + i) * 3, (j * w + i) * 3 + 3)];

  it('wraps across the ±180° seam: left of it is the photo right edge, right of it the left edge', () => {
    const view = projectEquirect(src, { yaw: Math.PI, pitch: 0, fov: Math.PI / 3 }, 64, 32);
    expect(at(view, 64, 2, 16)[0]).toBe(200);
    expect(at(view, 64, 61, 16)[0]).toBe(40);
  });

  it('blends the last column with the first straight at 180°', () => {
    // 4 columns: centres at -135°, -45°, 45°, 135°; straight behind is halfway between the last and the first.
    const view = projectEquirect(halves(4, 2), { yaw: Math.PI, pitch: 0, fov: Math.PI / 4 }, 33, 33);
    expect(at(view, 33, 16, 16)[0]).toBe(120);
  });

  it('looks at the top rows at the zenith and the bottom rows at the nadir', () => {
    const up = projectEquirect(src, { yaw: 0.3, pitch: -Math.PI / 2, fov: Math.PI / 2 }, 16, 16);
    const down = projectEquirect(src, { yaw: 0.3, pitch: Math.PI / 2, fov: Math.PI / 2 }, 16, 16);
    for (let i = 0; i < 16 * 16; i++) {
      expect(up[i * 3 + 1]).toBe(220);
      expect(down[i * 3 + 1]).toBe(30);
    }
  });
});

describe('cubeFacesPto', () => {
  it('asks nona for one square 90° rectilinear output per face, each a turn of the whole-sphere photo', () => {
    const lines = cubeFacesPto('/p/photo.jpg', 8192, 4096, 2048).trim().split('\n');
    expect(lines[0]).toMatch(/^p f0 w2048 h2048 v90 /);
    const images = lines.filter((l) => l.startsWith('i '));
    expect(images).toHaveLength(6);
    for (const l of images) expect(l).toMatch(/^i f4 w8192 h4096 v360 y-?\d+ p-?\d+ r0 .* n"\/p\/photo\.jpg"$/);
    expect(
      new Set(
        images.map((l) =>
          l
            .match(/ y(-?\d+) p(-?\d+) /)!
            .slice(1)
            .join(),
        ),
      ),
    ).toHaveProperty('size', 6);
  });
});
