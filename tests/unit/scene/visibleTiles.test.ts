import { describe, expect, it } from 'vitest';
import { directionToFaceUv, type Vec3 } from '../../../src/scene/cubeGeometry';
import { type PyramidLevel, tileKey, tilesPerSide } from '../../../src/scene/tileGrid';
import { type View, type Viewport, DEG } from '../../../src/scene/view';
import { viewFrame, visibleTiles } from '../../../src/scene/visibleTiles';

const levels: PyramidLevel[] = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 1024 },
  { tileSize: 512, size: 4000 },
];

/** Tiles hit by a dense grid of screen rays: what a person would see. */
function sampled(z: number, view: View, vp: Viewport, n = 160): Set<string> {
  const f = viewFrame(view, vp);
  const level = levels[z]!;
  const out = new Set<string>();
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const sx = (2 * i) / n - 1;
      const sy = (2 * j) / n - 1;
      const d: Vec3 = [0, 1, 2].map(
        (k) => f.forward[k]! + sx * f.tanX * f.right[k]! + sy * f.tanY * f.up[k]!,
      ) as unknown as Vec3;
      const { face, u, v } = directionToFaceUv(d);
      const per = tilesPerSide(level);
      const x = Math.min(per - 1, Math.floor((u * level.size) / level.tileSize));
      const y = Math.min(per - 1, Math.floor((v * level.size) / level.tileSize));
      out.add(tileKey({ z, face, x, y }));
    }
  }
  return out;
}

const views: Array<[string, View, Viewport]> = [
  ['ahead', { yaw: 0, pitch: 0, fov: 80 * DEG }, { width: 1280, height: 720, dpr: 1 }],
  ['ahead, a face high', { yaw: 0, pitch: 0, fov: 90 * DEG }, { width: 1280, height: 720, dpr: 1 }],
  ['zenith', { yaw: 0.3, pitch: -Math.PI / 2, fov: 90 * DEG }, { width: 1280, height: 720, dpr: 1 }],
  ['nadir', { yaw: -2, pitch: Math.PI / 2, fov: 60 * DEG }, { width: 390, height: 844, dpr: 3 }],
  ['cube corner', { yaw: Math.PI / 4, pitch: -0.6155, fov: 40 * DEG }, { width: 800, height: 600, dpr: 1 }],
  ['zoomed on a seam', { yaw: 0.001, pitch: 0.002, fov: 5 * DEG }, { width: 1280, height: 720, dpr: 1 }],
  ['wide behind', { yaw: 3.1, pitch: 0.4, fov: 100 * DEG }, { width: 390, height: 844, dpr: 3 }],
];

describe('visible tiles', () => {
  for (const [name, view, vp] of views) {
    it(`finds exactly the tiles on screen: ${name}`, () => {
      for (const z of [1, 2]) {
        const got = new Set(visibleTiles(levels, z, view, vp).map((t) => tileKey(t.tile)));
        const seen = sampled(z, view, vp);
        for (const k of seen) expect(got, `missing ${k}`).toContain(k);
        // Anything extra must be a sliver between sample rays: allow very few.
        const extra = [...got].filter((k) => !seen.has(k));
        expect(extra.length).toBeLessThanOrEqual(Math.max(2, Math.ceil(got.size * 0.1)));
      }
    });
  }

  it('orders tiles nearest the centre first, the centre tile at distance 0', () => {
    const vis = visibleTiles(levels, 2, { yaw: 0.2, pitch: 0.1, fov: 60 * DEG }, { width: 1280, height: 720, dpr: 1 });
    expect(vis[0]!.distance).toBe(0);
    const c = directionToFaceUv([Math.sin(0.2) * Math.cos(0.1), -Math.sin(0.1), -Math.cos(0.2) * Math.cos(0.1)]);
    expect(vis[0]!.tile.face).toBe(c.face);
    for (let i = 1; i < vis.length; i++) expect(vis[i]!.distance).toBeGreaterThanOrEqual(vis[i - 1]!.distance);
  });

  it('fetches no tile that only touches the screen edge (the upper and lower faces at a 90° vertical fov)', () => {
    for (const z of [1, 2]) {
      const vis = visibleTiles(levels, z, { yaw: 0, pitch: 0, fov: 90 * DEG }, { width: 1280, height: 720, dpr: 1 });
      expect(new Set(vis.map((t) => t.tile.face))).toEqual(new Set(['f', 'l', 'r']));
    }
    // Pitched a hair up, the upper face shows a real strip: its tiles come back.
    const up = visibleTiles(levels, 1, { yaw: 0, pitch: -0.01, fov: 90 * DEG }, { width: 1280, height: 720, dpr: 1 });
    expect(up.some((t) => t.tile.face === 'u')).toBe(true);
  });

  it('sees only the front face when looking ahead narrowly', () => {
    const vis = visibleTiles(levels, 1, { yaw: 0, pitch: 0, fov: 60 * DEG }, { width: 100, height: 100, dpr: 1 });
    expect(new Set(vis.map((t) => t.tile.face))).toEqual(new Set(['f']));
    expect(vis).toHaveLength(4);
  });
});
