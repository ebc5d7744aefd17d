// The data.js `levels` of a cube pyramid, shared by the demo generator and the photo tiler so both write what the
// Marzipano Tool writes: the 256-px preview (fallbackOnly), then tileSize doubled until it reaches the face size.
import type { LevelSpec } from '../ingest/tilePaths.ts';

export const PREVIEW_SIZE = 256;
/** Level 0 is the preview strip, which Marzipano only uses as a fallback. */
const PREVIEW_LEVEL: LevelSpec = { tileSize: PREVIEW_SIZE, size: PREVIEW_SIZE, fallbackOnly: true };

export interface LevelOptions {
  /** Size of the source faces; stored as `faceSize` in data.js (it need not be a power of two). */
  faceSize: number;
  tileSize: number;
  /** Level sizes for z = 1..n, smallest first; by default tileSize doubled until it reaches faceSize. */
  levels?: number[];
}

/** The data.js `levels` array for a pyramid, validated against Marzipano's rules for cube levels. */
export function pyramidLevels(opts: LevelOptions): LevelSpec[] {
  const { faceSize, tileSize } = opts;
  if (!(Number.isInteger(tileSize) && tileSize > 0)) throw new Error(`bad tileSize ${tileSize}`);
  if (!(Number.isInteger(faceSize) && faceSize > 0)) throw new Error(`bad faceSize ${faceSize}`);
  let sizes = opts.levels;
  if (!sizes) {
    sizes = [tileSize];
    while (sizes[sizes.length - 1] < faceSize) sizes.push(sizes[sizes.length - 1] * 2);
  }
  const levels = [PREVIEW_LEVEL, ...sizes.map((size) => ({ tileSize: Math.min(tileSize, size), size }))];
  for (let z = 1; z < levels.length; z++) {
    const { size, tileSize: ts } = levels[z];
    const parent = levels[z - 1];
    if (!(Number.isInteger(size) && size > 0)) throw new Error(`level ${z}: bad size ${size}`);
    if (size % ts !== 0)
      throw new Error(`level ${z}: size ${size} is not a multiple of tile size ${ts} (Marzipano refuses it)`);
    if (size % parent.size !== 0)
      throw new Error(`level ${z}: size ${size} is not a multiple of the previous level's ${parent.size}`);
    if ((size / ts) % (parent.size / parent.tileSize) !== 0)
      throw new Error(`level ${z}: tile count must be a multiple of the previous level's`);
  }
  return levels;
}
