import { describe, expect, it } from 'vitest';
import { drawList } from '../../../src/scene/drawList';
import { type PyramidLevel, type TileId, tileKey } from '../../../src/scene/tileGrid';

const levels: PyramidLevel[] = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
  { tileSize: 512, size: 1024 },
  { tileSize: 512, size: 2048 },
];
const t = (z: number, x: number, y: number): TileId => ({ z, face: 'f', x, y });
const keys = (ts: TileId[]) => ts.map(tileKey);

describe('draw list', () => {
  it('draws wanted tiles that are loaded and reports completeness', () => {
    const d = drawList(levels, [t(2, 0, 0), t(2, 1, 0)], () => true);
    expect(keys(d.tiles)).toEqual(['2/f/0/0', '2/f/0/1']);
    expect(d.complete).toBe(true);
  });

  it('shows a missing tile by its loaded parent underneath and loaded children on top', () => {
    const loaded = new Set(['1/f/0/0', '3/f/0/0', '2/f/0/0']);
    const d = drawList(levels, [t(2, 0, 0), t(2, 1, 1)], (x) => loaded.has(tileKey(x)));
    expect(d.complete).toBe(false);
    // (1,1) at level 2 is missing: its parent level-1 tile goes under, its loaded child... none for (1,1).
    expect(keys(d.tiles)).toEqual(['1/f/0/0', '2/f/0/0']);
    const z3 = drawList(levels, [t(2, 0, 0)], (x) => x.z === 3 && x.x === 0 && x.y === 0);
    expect(keys(z3.tiles)).toEqual(['3/f/0/0']);
  });

  it('walks past missing parents to grandparents', () => {
    const d = drawList(levels, [t(3, 3, 3)], (x) => x.z === 1);
    expect(keys(d.tiles)).toEqual(['1/f/0/0']);
  });

  it('asks for the preview only under tiles that nothing loaded covers', () => {
    const r = (z: number, face: 'f' | 'r', x: number, y: number): TileId => ({ z, face, x, y });
    const loaded = new Set(['1/r/0/0', '2/f/0/0']);
    const d = drawList(levels, [r(2, 'f', 0, 0), r(2, 'f', 1, 0), r(2, 'r', 0, 0)], (x) => loaded.has(tileKey(x)));
    // f (1,0) has no loaded parent: the preview must show there; r (0,0) is covered by its loaded parent.
    expect(keys(d.floorTiles)).toEqual(['2/f/0/1']);
    expect(drawList(levels, [r(2, 'f', 0, 0)], (x) => loaded.has(tileKey(x))).floorTiles).toEqual([]);
  });
});
