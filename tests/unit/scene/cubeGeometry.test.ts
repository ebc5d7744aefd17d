import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FACES, type Face, type Vec3, directionToFaceUv, faceUvToPoint } from '../../../src/scene/cubeGeometry';
import { tileCorners, tileUvRect, type PyramidLevel } from '../../../src/scene/tileGrid';

const close = (a: Vec3, b: ArrayLike<number>, eps = 1e-9) => {
  for (let i = 0; i < 3; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThan(eps);
};

describe('cube faces', () => {
  it('puts each face where the data convention says', () => {
    const centres: Record<Face, Vec3> = {
      f: [0, 0, -0.5],
      b: [0, 0, 0.5],
      l: [-0.5, 0, 0],
      r: [0.5, 0, 0],
      u: [0, 0.5, 0],
      d: [0, -0.5, 0],
    };
    for (const f of FACES) close(faceUvToPoint(f, 0.5, 0.5), centres[f]);
  });

  it('round-trips direction -> face/uv -> point', () => {
    for (let i = 0; i < 500; i++) {
      const d: Vec3 = [Math.sin(i * 1.3), Math.cos(i * 0.7), Math.sin(i * 2.1 + 1)];
      const { face, u, v } = directionToFaceUv(d);
      expect(u).toBeGreaterThanOrEqual(-1e-12);
      expect(u).toBeLessThanOrEqual(1 + 1e-12);
      const p = faceUvToPoint(face, u, v);
      const s = Math.hypot(...d) / Math.hypot(...p);
      close([p[0] * s, p[1] * s, p[2] * s], d, 1e-9);
    }
  });

  it('joins neighbouring faces edge to edge (continuity across every cube edge)', () => {
    // [faceA, edge point of A at t, faceB, edge point of B at t]; t runs along the shared edge.
    const edges: Array<[Face, (t: number) => [number, number], Face, (t: number) => [number, number]]> = [
      ['f', (t) => [1, t], 'r', (t) => [0, t]],
      ['r', (t) => [1, t], 'b', (t) => [0, t]],
      ['b', (t) => [1, t], 'l', (t) => [0, t]],
      ['l', (t) => [1, t], 'f', (t) => [0, t]],
      ['f', (t) => [t, 0], 'u', (t) => [t, 1]],
      ['f', (t) => [t, 1], 'd', (t) => [t, 0]],
      ['b', (t) => [t, 0], 'u', (t) => [1 - t, 0]],
      ['b', (t) => [t, 1], 'd', (t) => [1 - t, 1]],
      ['l', (t) => [t, 0], 'u', (t) => [0, t]],
      ['r', (t) => [t, 0], 'u', (t) => [1, 1 - t]],
      ['l', (t) => [t, 1], 'd', (t) => [0, 1 - t]],
      ['r', (t) => [t, 1], 'd', (t) => [1, t]],
    ];
    for (const [fa, ea, fb, eb] of edges) {
      for (const t of [0, 0.25, 0.7, 1]) close(faceUvToPoint(fa, ...ea(t)), faceUvToPoint(fb, ...eb(t)));
    }
  });

  it("matches Marzipano's own CubeGeometry tile vertices on every face", () => {
    const require = createRequire(import.meta.url);
    const Cube = require('marzipano/src/geometries/Cube.js');
    const levels: PyramidLevel[] = [
      { tileSize: 256, size: 256, fallbackOnly: true },
      { tileSize: 512, size: 512 },
      { tileSize: 256, size: 1024 },
    ];
    const geom = new Cube(levels);
    for (const face of FACES) {
      for (const [x, y] of [
        [0, 0],
        [3, 0],
        [1, 2],
        [3, 3],
      ] as const) {
        const theirs = new Cube.Tile(face, x, y, 2, geom).vertices() as ArrayLike<number>[];
        const ours = tileCorners(face, tileUvRect(levels[2]!, x, y));
        // Marzipano lists left-top, right-top, right-bottom, left-bottom: the same order as ours.
        ours.forEach((p, i) => close(p, theirs[i]!, 1e-12));
      }
    }
  });
});
