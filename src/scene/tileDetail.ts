// Which copy of a tile to fetch: the small AVIF copy for the scene's opening view and while the view shows a level
// reduced, the uploaded JPEG wherever the view draws the deepest level near one photo pixel per screen pixel or
// magnified (an inspector zoomed in on a crack or on rust, where the copy's softening of fine texture shows; the
// copies read 41-44 dB against the JPEG there). When the visitor zoomed in there, at once; when the scene opened
// there (a big or sharp screen, a deep link zoomed in), only once the opening view has been drawn complete from
// the copies: its JPEGs on the slow first view would make the first picture wait. Pure: decided from the level the
// frame draws, the view and whether the opening view has been drawn, nothing else.
import { type TileSource } from '../../contract/tileUrls';
import type { PyramidLevel } from './tileGrid';
import type { Viewport } from './view';

/**
 * Photo pixels per device pixel at or under which the deepest level is drawn from the JPEG. The level choice
 * draws a level at 1 to 2 texels per device pixel (below 1 only when magnified): up to here the copy's loss of
 * fine texture is on screen; beyond, the minification hides most of it and the small copy is worth its bytes.
 */
export const FULL_DETAIL_MAX_RATIO = 1.25;

/**
 * How much narrower than the opening view's fov a view must be to count as zoomed in past it: a pinch or a wheel
 * notch narrows it by far more; float noise of limits and hand-over never does.
 */
export const ZOOMED_IN_BY = 0.02;

/** Index of the deepest level a view can draw (the last one not kept for fallback only). */
export function deepestLevel(levels: readonly PyramidLevel[]): number {
  for (let z = levels.length - 1; z >= 0; z--) if (!levels[z]!.fallbackOnly) return z;
  return -1;
}

/**
 * Photo pixels of the deepest level per device pixel along the viewport's height at the view's centre: the
 * level's own texels, or the face's real pixels when the level is larger than the photo (up-sampled, its
 * extra texels hold no more detail).
 */
export function photoPixelsPerDevicePixel(
  levels: readonly PyramidLevel[],
  faceSize: number,
  fov: number,
  vp: Viewport,
): number {
  const deepest = levels[deepestLevel(levels)]!;
  const pixels = Math.min(deepest.size, faceSize > 0 ? faceSize : deepest.size);
  return (Math.tan(fov / 2) * pixels) / (vp.dpr * vp.height);
}

/** The view is zoomed in past the scene's opening view (`openingFov`, the fov it opened at). */
export function zoomedPastOpening(fov: number, openingFov: number): boolean {
  return fov < openingFov * (1 - ZOOMED_IN_BY);
}

/**
 * Whether the frame's tiles should be the uploaded JPEG: the level the frame draws (`level`, chooseLevel's answer)
 * is the deepest, shown near 1:1 or magnified, and either the opening view has been drawn complete
 * (`openingDrawn`) or the visitor zoomed in past it (`openingFov`). A wide view never does (its level is a coarser
 * one, or the deepest reduced more than FULL_DETAIL_MAX_RATIO).
 */
export function wantsFullDetail(
  levels: readonly PyramidLevel[],
  level: number,
  faceSize: number,
  fov: number,
  vp: Viewport,
  openingFov: number,
  openingDrawn: boolean,
): boolean {
  if (!openingDrawn && !zoomedPastOpening(fov, openingFov)) return false;
  if (level !== deepestLevel(levels) || vp.height <= 0) return false;
  return photoPixelsPerDevicePixel(levels, faceSize, fov, vp) <= FULL_DETAIL_MAX_RATIO;
}

/** Where a tile is fetched from: the scene's own choice of copy, or the JPEG as uploaded for full detail. */
export function detailSource(source: TileSource, full: boolean): TileSource {
  return full && source.format !== 'jpg' && source.format !== undefined ? { ...source, format: 'jpg' } : source;
}
