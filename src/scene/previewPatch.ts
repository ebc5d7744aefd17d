// Where the preview strip (preview.jpg: six square faces stacked b d f l r u) shows a given part of a face,
// in pixels of the strip, and the square its sampling is clamped to: a patch of the preview under a tile
// that is not loaded yet may sample across the tile's edge (the same picture goes on there) but never
// into the next face of the strip.
import type { Face } from './cubeGeometry';
import { type PyramidLevel, type TileId, type UvRect, tileUvRect } from './tileGrid';
import { PREVIEW_FACE_ORDER } from '../../contract/tileUrls';

/** A rectangle in pixels of a texture, from its top-left. */
export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function previewPatch(
  face: Face,
  r: UvRect,
  stripWidth: number,
  stripHeight: number,
): { show: PixelRect; clamp: PixelRect } {
  const side = stripHeight / PREVIEW_FACE_ORDER.length;
  const top = PREVIEW_FACE_ORDER.indexOf(face) * side;
  return {
    show: { x: r.u0 * stripWidth, y: top + r.v0 * side, w: (r.u1 - r.u0) * stripWidth, h: (r.v1 - r.v0) * side },
    clamp: { x: 0, y: top, w: stripWidth, h: side },
  };
}

/** How far (face units) a patch of the strip reaches past its tile: half a texel of the strip. */
const previewBleed = (stripWidth: number) => 0.5 / stripWidth;

/** Everything needed to draw the strip's patch under tile t: where on its face, the bleed, and the strip's
 *  part shown and clamped to (shared by the engine's layer and the early stage). */
export function tilePreviewPatch(
  levels: readonly PyramidLevel[],
  t: TileId,
  stripWidth: number,
  stripHeight: number,
): { rect: UvRect; bleed: number; show: PixelRect; clamp: PixelRect } {
  const rect = tileUvRect(levels[t.z]!, t.x, t.y);
  return { rect, bleed: previewBleed(stripWidth), ...previewPatch(t.face, rect, stripWidth, stripHeight) };
}
