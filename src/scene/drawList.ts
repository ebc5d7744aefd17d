// What to draw for a set of wanted tiles given what is loaded: each wanted tile itself, or — while it is
// missing — its loaded coarser tiles underneath and loaded finer tiles on top, and where no loaded coarser
// level covers it, the preview under it (the caller draws a patch of the preview strip there). Together
// they cover every wanted tile, so nothing is ever a hole, and the preview costs fill only where needed.
import { type PyramidLevel, type TileId, tileKey, tileUvRect, tilesOverlapping } from './tileGrid';

export interface DrawList {
  /** Tiles to draw, coarse first (draw in this order, later ones over earlier ones). */
  tiles: TileId[];
  /** Every wanted tile is itself loaded. */
  complete: boolean;
  /** Wanted tiles that no loaded coarser level fully covers: the preview must be drawn under them. */
  floorTiles: TileId[];
}

export function drawList(
  levels: readonly PyramidLevel[],
  wanted: readonly TileId[],
  isLoaded: (t: TileId) => boolean,
): DrawList {
  const chosen = new Map<string, TileId>();
  const add = (t: TileId) => chosen.set(tileKey(t), t);
  let complete = true;
  const floorTiles: TileId[] = [];
  for (const t of wanted) {
    if (isLoaded(t)) {
      add(t);
      continue;
    }
    complete = false;
    const rect = tileUvRect(levels[t.z]!, t.x, t.y);
    // Coarser levels until one covers the whole tile; if none does, the preview (the caller's floor) must.
    let covered = false;
    for (let z = t.z - 1; z >= 0 && !covered; z--) {
      if (levels[z]!.fallbackOnly) continue;
      const cover = tilesOverlapping(levels, z, t.face, rect);
      const loaded = cover.filter(isLoaded);
      loaded.forEach(add);
      covered = loaded.length === cover.length;
    }
    if (!covered) floorTiles.push(t);
    // Finer tiles already loaded (e.g. after zooming out) keep their detail instead of going blurry.
    if (t.z + 1 < levels.length)
      tilesOverlapping(levels, t.z + 1, t.face, rect)
        .filter(isLoaded)
        .forEach(add);
  }
  const tiles = [...chosen.values()].sort((a, b) => a.z - b.z);
  return { tiles, complete, floorTiles };
}
