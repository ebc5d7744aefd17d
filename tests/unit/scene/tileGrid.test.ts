import { describe, expect, it } from 'vitest';
import {
  levelTiles,
  tilePixelSize,
  tileUvRect,
  tilesOverlapping,
  tilesPerSide,
  validateLevels,
} from '../../../src/scene/tileGrid';

describe('tile grid', () => {
  const ragged = { tileSize: 512, size: 1000 };

  it('counts partial edge tiles', () => {
    expect(tilesPerSide(ragged)).toBe(2);
    expect(tilePixelSize(ragged, 0, 0)).toEqual({ width: 512, height: 512 });
    expect(tilePixelSize(ragged, 1, 0)).toEqual({ width: 488, height: 512 });
    expect(tilePixelSize(ragged, 1, 1)).toEqual({ width: 488, height: 488 });
    expect(tileUvRect(ragged, 1, 1)).toEqual({ u0: 0.512, v0: 0.512, u1: 1, v1: 1 });
    expect(tilesPerSide({ tileSize: 512, size: 1024 })).toBe(2);
    expect(tilesPerSide({ tileSize: 512, size: 512 })).toBe(1);
  });

  it('lists all tiles of a level on six faces', () => {
    const levels = [
      { tileSize: 256, size: 256 },
      { tileSize: 512, size: 2048 },
    ];
    expect(levelTiles(levels, 1)).toHaveLength(6 * 16);
  });

  it('finds parents and children by face area, even on non-nesting grids', () => {
    const levels = [{ tileSize: 512, size: 512 }, ragged, { tileSize: 512, size: 2048 }];
    // The child (3,3) of the 2048 level covers 0.75..1; in the ragged level that is only tile 1.
    expect(tilesOverlapping(levels, 1, 'f', tileUvRect(levels[2]!, 3, 3))).toEqual([{ z: 1, face: 'f', x: 1, y: 1 }]);
    // The 2048 child (1,0) covers 0.25..0.5: inside ragged tile 0 (0..0.512).
    expect(tilesOverlapping(levels, 1, 'f', tileUvRect(levels[2]!, 1, 0))).toEqual([{ z: 1, face: 'f', x: 0, y: 0 }]);
    // The ragged tile (0,0) spans 0..0.512: four 2048 tiles plus a sliver of a third column and row.
    expect(tilesOverlapping(levels, 2, 'f', tileUvRect(levels[1]!, 0, 0))).toHaveLength(9);
    // Touching edges do not overlap.
    expect(tilesOverlapping(levels, 2, 'f', { u0: 0, v0: 0, u1: 0.25, v1: 0.25 })).toHaveLength(1);
  });

  it('rejects level lists the renderer cannot use', () => {
    expect(() => validateLevels([])).toThrow();
    expect(() =>
      validateLevels([
        { tileSize: 512, size: 1024 },
        { tileSize: 512, size: 512 },
      ]),
    ).toThrow();
    expect(() =>
      validateLevels([
        { tileSize: 256, size: 256 },
        { tileSize: 512, size: 512 },
      ]),
    ).not.toThrow();
  });
});
