// Visual completeness of the throttled benchmark: PSNR on raw pixels and "first frame within 35 dB of settled".
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { psnr, visuallyComplete, type Frame } from '../../../bench/throttled/visual';

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

describe('psnr', () => {
  it('is Infinity for equal pixels and 20·log10(255/d) for a uniform difference d', () => {
    const a = Buffer.alloc(300, 100);
    expect(psnr(a, Buffer.from(a))).toBe(Infinity);
    expect(psnr(a, Buffer.alloc(300, 110))).toBeCloseTo(20 * Math.log10(255 / 10), 6);
  });
  it('refuses buffers of different sizes', () => {
    expect(() => psnr(Buffer.alloc(3), Buffer.alloc(6))).toThrow(/sizes differ/);
  });
});

describe('visuallyComplete', () => {
  it('takes the first frame from t0 on within 35 dB of the settled one, timed from t0 (with the one on screen then)', async () => {
    const t0 = 1000;
    const frames: Frame[] = [
      { wall: 999.9, data: await solid(0, 0, 0) }, // on screen at t0
      { wall: 1000.4, data: await solid(200, 0, 0) }, // far off
      { wall: 1000.9, data: await solid(120, 122, 121) }, // 0-2 levels off: ~46 dB
      { wall: 1001.5, data: await solid(120, 120, 120) },
    ];
    const r = await visuallyComplete(frames, frames[3]!, t0, true);
    expect(r.trail.map((p) => Math.round(p.ms))).toEqual([0, 400, 900, 1500]);
    expect(r.vcMs).toBeCloseTo(900, 6);
  });
  it('counts the picture on screen at t0 only with carryOver (a switch, not a navigation); NaN when none matches', async () => {
    const grey = await solid(50, 50, 50);
    expect((await visuallyComplete([{ wall: 5, data: grey }], { wall: 9, data: grey }, 6, true)).vcMs).toBe(0);
    expect(
      (
        await visuallyComplete(
          [
            { wall: 5, data: grey },
            { wall: 6.5, data: grey },
          ],
          { wall: 9, data: grey },
          6,
        )
      ).vcMs,
    ).toBeCloseTo(500, 6);
    expect(
      (await visuallyComplete([{ wall: 7, data: grey }], { wall: 9, data: await solid(250, 250, 250) }, 6)).vcMs,
    ).toBeNaN();
  });
});
