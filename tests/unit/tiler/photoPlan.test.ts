import { describe, expect, it } from 'vitest';
import { Invalid } from '../../../server/services/errors.ts';
import { planPhoto } from '../../../server/services/tiler/photoPlan.ts';
import { PhotoRefused } from '../../../server/services/tiler/photoRefused.ts';

const plan = (width: number, height: number, g = {}) => planPhoto('IMG_0042.jpg', { width, height }, g);
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PhotoRefused);
    expect(e).toBeInstanceOf(Invalid);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('face size and levels', () => {
  it.each([
    [2048, 512, [256, 512]],
    [4000, 1000, [256, 512, 1024]], // the Tool's own fixture export: faceSize 1000, levels 512 and 1024
    [8192, 2048, [256, 512, 1024, 2048]],
    [16384, 4096, [256, 512, 1024, 2048, 4096]],
  ])('%i px wide: faces of %i, levels %j', (width, faceSize, sizes) => {
    const p = plan(width, width / 2);
    expect(p.faceSize).toBe(faceSize);
    expect(p.levels.map((l) => l.size)).toEqual(sizes);
    expect(p.levels[0]).toEqual({ tileSize: 256, size: 256, fallbackOnly: true });
    expect(p.levels.slice(1).every((l) => l.tileSize === 512 && !l.fallbackOnly)).toBe(true);
    expect(p).toMatchObject({ width, height: width / 2, full: { width, height: width / 2 }, crop: null });
    expect(p.headingDegrees).toBeNull();
  });
});

describe('refusals name the photo and the reason', () => {
  it('not 2:1', () => {
    expect(refusal(() => plan(4000, 3000))).toBe(
      '"IMG_0042.jpg" is 4000x3000 pixels, not 2:1: upload the equirectangular photo the camera exports.',
    );
  });
  it('too small, too large', () => {
    expect(refusal(() => plan(1024, 512))).toMatch(
      /^"IMG_0042.jpg" is 1024x512 pixels; a 360 photo must be at least 2048x1024/,
    );
    expect(refusal(() => plan(32768, 16384))).toMatch(/^"IMG_0042.jpg" is 32768x16384 pixels; at most 16384x8192/);
    expect(refusal(() => plan(60000, 30000))).toMatch(/at most 16384x8192/);
  });
  it('a picture too narrow, however large the sphere GPano places it in', () => {
    const tiny = { FullPanoWidthPixels: '16384', FullPanoHeightPixels: '8192', CroppedAreaLeftPixels: '100' };
    expect(refusal(() => plan(1, 1, tiny))).toMatch(
      /^"IMG_0042.jpg" is 1x1 pixels, placed in a 16384x8192 sphere \(GPano\); in a sphere that large the picture itself must be at least 2048 pixels wide/,
    );
    expect(refusal(() => plan(2046, 1024, tiny))).toMatch(/is 2046x1024 pixels, placed in/);
    expect(plan(2048, 1024, tiny).crop).toEqual({ left: 100, top: 0, width: 2048, height: 1024 });
    // Half of a small sphere is a sensible share of it.
    const half = { FullPanoWidthPixels: '2048', FullPanoHeightPixels: '1024', CroppedAreaLeftPixels: '512' };
    expect(plan(1024, 512, half).crop).toEqual({ left: 512, top: 0, width: 1024, height: 512 });
    expect(refusal(() => plan(1022, 511, half))).toMatch(/at least 1024 pixels wide/);
  });
  it('another projection', () => {
    expect(refusal(() => plan(4096, 2048, { ProjectionType: 'cylindrical' }))).toMatch(
      /cylindrical panorama .* not equirectangular/,
    );
  });
  it.each([
    [{ FullPanoWidthPixels: '8192' }, /FullPanoHeightPixels is missing/],
    [{ FullPanoWidthPixels: 'wide', FullPanoHeightPixels: '4096' }, /FullPanoWidthPixels is "wide"/],
    [{ FullPanoWidthPixels: '-8192', FullPanoHeightPixels: '4096' }, /FullPanoWidthPixels is "-8192"/],
    [
      { FullPanoWidthPixels: '8192', FullPanoHeightPixels: '4096', CroppedAreaTopPixels: '3000' },
      /outside the full sphere/,
    ],
    [
      { FullPanoWidthPixels: '8192', FullPanoHeightPixels: '4096', CroppedAreaLeftPixels: '8192' },
      /outside the full sphere/,
    ],
    [{ FullPanoWidthPixels: '2048', FullPanoHeightPixels: '4096' }, /outside the full sphere/], // wider than it
    [
      { FullPanoWidthPixels: '8192', FullPanoHeightPixels: '4096', CroppedAreaImageWidthPixels: '0' },
      /cropped area of 0x/,
    ],
    [
      { FullPanoWidthPixels: '8192', FullPanoHeightPixels: '4096', CroppedAreaImageHeightPixels: '100' },
      /not the same shape/,
    ],
    [{ PoseHeadingDegrees: 'north' }, /PoseHeadingDegrees is "north"/],
  ])('unreadable metadata %j', (g, reason) => {
    const message = refusal(() => plan(4096, 2048, g));
    expect(message).toMatch(/^"IMG_0042.jpg" has unreadable panorama metadata \(GPano: /);
    expect(message).toMatch(reason);
  });
  it('a full sphere that is not 2:1 says it comes from GPano', () => {
    expect(refusal(() => plan(4096, 1024, { FullPanoWidthPixels: '4096', FullPanoHeightPixels: '1500' }))).toBe(
      '"IMG_0042.jpg" says its full sphere is 4096x1500 pixels (GPano), not 2:1: upload the equirectangular photo the camera exports.',
    );
  });
});

describe('GPano', () => {
  /** A band of the sphere's middle, as the camera wrote it at `scale` times the stored picture's size. */
  const band = (scale: number) => ({
    FullPanoWidthPixels: String(4096 * scale),
    FullPanoHeightPixels: String(2048 * scale),
    CroppedAreaLeftPixels: '0',
    CroppedAreaTopPixels: String(600 * scale),
    CroppedAreaImageWidthPixels: String(4096 * scale),
    CroppedAreaImageHeightPixels: String(1024 * scale),
  });
  it.each([
    ['places a cropped panorama in its full sphere; the picture itself need not be 2:1', 1],
    ['scales the numbers of a photo resized after the camera wrote them', 2],
  ])('%s', (_, scale) => {
    const p = plan(4096, 1024, band(scale));
    expect(p.full).toEqual({ width: 4096, height: 2048 });
    expect(p.crop).toEqual({ left: 0, top: 600, width: 4096, height: 1024 });
    expect(p.faceSize).toBe(1024);
  });
  it('a crop past the right edge (centred near the back) is kept: it wraps round the sphere', () => {
    const g = { FullPanoWidthPixels: '8192', FullPanoHeightPixels: '4096', CroppedAreaLeftPixels: '5000' };
    expect(plan(4096, 2048, g).crop).toEqual({ left: 5000, top: 0, width: 4096, height: 2048 });
  });
  it('a crop that is the whole sphere is no crop', () => {
    const p = plan(4096, 2048, { FullPanoWidthPixels: '4096', FullPanoHeightPixels: '2048' });
    expect(p.crop).toBeNull();
  });
  it('keeps the heading in [0, 360)', () => {
    expect(plan(4096, 2048, { PoseHeadingDegrees: '90.5' }).headingDegrees).toBe(90.5);
    expect(plan(4096, 2048, { PoseHeadingDegrees: '-90' }).headingDegrees).toBe(270);
    expect(plan(4096, 2048, { PoseHeadingDegrees: '360' }).headingDegrees).toBe(0);
    expect(plan(4096, 2048, { ProjectionType: 'equirectangular' }).headingDegrees).toBeNull();
  });
});
