import { describe, expect, it } from 'vitest';
import { bigLevels, farmLevels } from './pyramids';
import { chooseLevel } from '../../../src/scene/levelChoice';
import {
  FULL_DETAIL_MAX_RATIO,
  ZOOMED_IN_BY,
  deepestLevel,
  detailSource,
  photoPixelsPerDevicePixel,
  wantsFullDetail,
  zoomedPastOpening,
} from '../../../src/scene/tileDetail';
import { DEG, fovLimits, type Viewport } from '../../../src/scene/view';

const farm = farmLevels;
const big = bigLevels;
const laptop: Viewport = { width: 1000, height: 640, dpr: 1 };

/** The decision as the renderer makes it: from the level the frame draws, for a scene opened wide (90°), before
 *  (`drawn` false) or after its opening view was drawn complete. */
const full = (levels: typeof farm, faceSize: number, fov: number, vp: Viewport, openingFov = 90 * DEG, drawn = false) =>
  wantsFullDetail(levels, chooseLevel(levels, fov, vp), faceSize, fov, vp, openingFov, drawn);

describe('tile detail', () => {
  it('keeps the small copy at a wide view, the JPEG once the deepest level is drawn near 1:1', () => {
    // The farm's first view (90°) on a 640-px-high view draws the 1024 level at 1.6 photo pixels per pixel.
    expect(chooseLevel(farm, 90 * DEG, laptop)).toBe(2);
    expect(full(farm, 1000, 90 * DEG, laptop)).toBe(false);
    // Zoomed in as far as the viewer lets (one photo pixel per device pixel).
    const min = fovLimits(1000, laptop).min;
    expect(photoPixelsPerDevicePixel(farm, 1000, min, laptop)).toBeCloseTo(1, 6);
    expect(full(farm, 1000, min, laptop)).toBe(true);
    // At the limit.
    const edge = 2 * Math.atan((FULL_DETAIL_MAX_RATIO * 640) / 1000);
    expect(full(farm, 1000, edge - 1e-6, laptop)).toBe(true);
    expect(full(farm, 1000, edge + 1e-6, laptop)).toBe(false);
  });

  it('never asks full detail for a coarser level, however near 1:1 it is drawn', () => {
    // 1280x720 at 90°: the 1024 level of the 4096 pyramid is drawn at 1.4 texels per pixel, not the deepest.
    const vp = { width: 1280, height: 720, dpr: 1 };
    expect(chooseLevel(big, 90 * DEG, vp)).toBe(2);
    expect(full(big, 4096, 90 * DEG, vp)).toBe(false);
    // Zoomed to 20°: the 4096 level, at 1.0 photo pixel per device pixel.
    expect(chooseLevel(big, 20 * DEG, vp)).toBe(4);
    expect(full(big, 4096, 20 * DEG, vp)).toBe(true);
    // At 30° the 4096 level is drawn too, but reduced 1.5 times: still the small copy.
    expect(chooseLevel(big, 30 * DEG, vp)).toBe(4);
    expect(full(big, 4096, 30 * DEG, vp)).toBe(false);
  });

  it('counts the photo pixels, not the texels of a level larger than the photo', () => {
    // A 600-px face in a 1024 level: at the viewer's deepest zoom the level is 1.7 texels per pixel, the photo 1.
    const vp = { width: 800, height: 600, dpr: 1 };
    const min = fovLimits(600, vp).min;
    expect(full(farm, 600, min, vp, 100 * DEG)).toBe(true);
  });

  it('asks for more on a sharper screen once zoomed in: device pixels count', () => {
    const phone = { width: 390, height: 844, dpr: 3 };
    // 2532 device pixels high: the farm is magnified at any fov, the JPEG is what the screen can show…
    expect(full(farm, 1000, 80 * DEG, phone)).toBe(true);
    // …but not for the view it opened at until the copies have drawn it: then the JPEG too.
    expect(full(farm, 1000, 90 * DEG, phone)).toBe(false);
    expect(full(farm, 1000, 90 * DEG, phone, 90 * DEG, true)).toBe(true);
    // The same phone's 600 CSS pixels at one device pixel each: the 1024 level, reduced 1.7 times.
    expect(full(farm, 1000, 80 * DEG, { ...phone, height: 600, dpr: 1 })).toBe(false);
  });

  it('fetches the JPEG for an opening view near 1:1 once it is drawn from the copies; past it, at once', () => {
    // 1600x1000 at 90°: the farm's 1000-px photo one to one from the first view on.
    const big = { width: 1600, height: 1000, dpr: 1 };
    expect(photoPixelsPerDevicePixel(farm, 1000, 90 * DEG, big)).toBeCloseTo(1, 6);
    expect(full(farm, 1000, 90 * DEG, big, 90 * DEG)).toBe(false);
    expect(full(farm, 1000, 90 * DEG, big, 90 * DEG, true)).toBe(true);
    // A deep link opened at 1:1 on 1280x720 (fov 71.5°, the viewer's deepest zoom there): the same.
    const desk = { width: 1280, height: 720, dpr: 1 };
    const min = fovLimits(1000, desk).min;
    expect(full(farm, 1000, min, desk, min)).toBe(false);
    expect(full(farm, 1000, min, desk, min, true)).toBe(true);
    // Drawn or not, a wide view keeps the copies: the 1024 level reduced 1.6 times on 640 pixels.
    expect(full(farm, 1000, 90 * DEG, laptop, 90 * DEG, true)).toBe(false);
    // Zoomed in a little (a wheel notch) past a scene opened at 80° on that phone: the JPEG.
    const phone = { width: 390, height: 844, dpr: 3 };
    expect(full(farm, 1000, 76 * DEG, phone, 80 * DEG)).toBe(true);
    // Zoomed out wider than the opening view and back in, not past it: still the copies.
    expect(full(farm, 1000, 79.5 * DEG, phone, 80 * DEG)).toBe(false);
    expect(zoomedPastOpening(80 * DEG, 80 * DEG)).toBe(false);
    expect(zoomedPastOpening(80 * DEG * (1 - ZOOMED_IN_BY) - 1e-9, 80 * DEG)).toBe(true);
  });

  it('skips a fallback-only last level, and fetches the JPEG only for a scene with a small copy', () => {
    expect(deepestLevel([...farm, { tileSize: 512, size: 2048, fallbackOnly: true }])).toBe(2);
    const source = { mantaLink: '/media/tiles/', tilesId: 's' };
    expect(detailSource({ ...source, format: 'avif' }, true).format).toBe('jpg');
    expect(detailSource({ ...source, format: 'avif' }, false).format).toBe('avif');
    expect(detailSource(source, true)).toBe(source);
  });
});
