import { describe, expect, it } from 'vitest';
import { openingTileUrls } from '../../../src/scene/openingTiles';
import { chooseLevel } from '../../../src/scene/levelChoice';
import { visibleTiles } from '../../../src/scene/visibleTiles';
import { limitView } from '../../../src/scene/view';

const source = {
  mantaLink: '/media/tiles/',
  tilesId: 'farm',
  format: 'avif' as const,
  faceSize: 4096,
  levels: [
    { tileSize: 256, size: 256, fallbackOnly: true },
    { tileSize: 512, size: 512 },
    { tileSize: 512, size: 1024 },
    { tileSize: 512, size: 2048 },
    { tileSize: 512, size: 4096 },
  ],
};
const view = { yaw: 0.75, pitch: 0, fov: 1.2 };

describe('openingTileUrls', () => {
  it("asks for the renderer's level and only the tiles on screen, nearest the centre first", () => {
    const vp = { width: 1064, height: 700, dpr: 1 };
    const v = limitView(view, source.faceSize, vp);
    const z = chooseLevel(source.levels, v.fov, vp);
    const expected = visibleTiles(source.levels, z, v, vp).map(
      ({ tile }) => `/media/tiles/farm/${tile.z}/${tile.face}/${tile.y}/${tile.x}.avif`,
    );
    expect(openingTileUrls(source, view, vp)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it("a box narrower than the window at the window's height asks for a subset of the window's tiles", () => {
    const window = openingTileUrls(source, view, { width: 1280, height: 720, dpr: 1 });
    const box = openingTileUrls(source, view, { width: 1064, height: 720, dpr: 1 });
    expect(box.every((u) => window.includes(u))).toBe(true);
    const phone = openingTileUrls(source, view, { width: 390, height: 844, dpr: 3 });
    const phoneBox = openingTileUrls(source, view, { width: 338, height: 844, dpr: 3 });
    expect(phoneBox.every((u) => phone.includes(u))).toBe(true);
  });

  it('asks for nothing on an empty viewport', () => {
    expect(openingTileUrls(source, view, { width: 0, height: 720, dpr: 1 })).toEqual([]);
  });
});
