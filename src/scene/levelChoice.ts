// Which pyramid level to load for a view: Marzipano's rule, in device pixels, so we fetch the same
// resolution it would (never more bytes) and the picture is as sharp.
import type { PyramidLevel } from './tileGrid';
import type { Viewport } from './view';

/**
 * Index (into `levels`) of the smallest selectable level whose face, at this fov, puts at least one texel
 * on every device pixel of the viewport's height; the largest selectable level when none does.
 * The visible part of a face's height is tan(fov/2) of it (the face spans ±1 in tangent units).
 */
export function chooseLevel(levels: readonly PyramidLevel[], fov: number, vp: Viewport): number {
  const needed = vp.dpr * vp.height;
  const cover = Math.tan(fov / 2);
  let last = -1;
  for (let z = 0; z < levels.length; z++) {
    if (levels[z]!.fallbackOnly) continue;
    last = z;
    if (cover * levels[z]!.size >= needed) return z;
  }
  if (last < 0) throw new Error('No selectable levels');
  return last;
}
