import { describe, expect, it } from 'vitest';
import { bleedRect, clipFaceRectToView } from '../../../src/scene/clipToView';
import { FACES, faceUvToPoint } from '../../../src/scene/cubeGeometry';
import { DEG } from '../../../src/scene/view';
import { viewFrame } from '../../../src/scene/visibleTiles';

describe('clip to view', () => {
  it('keeps every vertex in front of the eye and near the screen, with uv matching position', () => {
    const vp = { width: 1280, height: 720, dpr: 1 };
    for (const view of [
      { yaw: -Math.PI / 2, pitch: 0, fov: 1.2 },
      { yaw: 0.3, pitch: -1.2, fov: 100 * DEG },
      { yaw: 2, pitch: Math.PI / 2, fov: 0.5 },
    ]) {
      const f = viewFrame(view, vp);
      for (const face of FACES) {
        const rect = { u0: 0, v0: 0.5, u1: 0.5, v1: 1 };
        const c = clipFaceRectToView(face, rect, f);
        if (!c) continue;
        for (let i = 0; i < c.count; i++) {
          const p = c.positions.slice(i * 3, i * 3 + 3);
          const z = p[0]! * f.forward[0] + p[1]! * f.forward[1] + p[2]! * f.forward[2];
          const x = p[0]! * f.right[0] + p[1]! * f.right[1] + p[2]! * f.right[2];
          expect(z).toBeGreaterThan(0);
          expect(Math.abs(x / z)).toBeLessThanOrEqual(f.tanX * 1.1 + 1e-9);
          // uv is the affine position on the rectangle: rebuild the point from it.
          const [u, v] = [c.uvs[i * 2]!, c.uvs[i * 2 + 1]!];
          const q = faceUvToPoint(face, rect.u0 + u * (rect.u1 - rect.u0), rect.v0 + v * (rect.v1 - rect.v0));
          for (let k = 0; k < 3; k++) expect(q[k]!).toBeCloseTo(p[k]!, 9);
        }
      }
    }
  });

  it('returns nothing for a face behind the viewer', () => {
    const f = viewFrame({ yaw: 0, pitch: 0, fov: 1 }, { width: 100, height: 100, dpr: 1 });
    expect(clipFaceRectToView('b', { u0: 0, v0: 0, u1: 1, v1: 1 }, f)).toBeNull();
    expect(clipFaceRectToView('f', { u0: 0, v0: 0, u1: 1, v1: 1 }, f)?.count).toBe(4);
  });
  it('two tiles sharing an edge get bit-identical vertices where a view plane cuts it', () => {
    // Neighbours on f (left/right halves) and across the f|r cube edge: each edge is walked in opposite
    // directions by the two polygons, and must still be cut at exactly the same point.
    const vp = { width: 1280, height: 720, dpr: 1 };
    const pairs: Array<
      [
        Parameters<typeof clipFaceRectToView>[0],
        Parameters<typeof clipFaceRectToView>[1],
        Parameters<typeof clipFaceRectToView>[0],
        Parameters<typeof clipFaceRectToView>[1],
      ]
    > = [
      ['f', { u0: 0, v0: 0, u1: 0.5, v1: 0.5 }, 'f', { u0: 0.5, v0: 0, u1: 1, v1: 0.5 }],
      ['f', { u0: 0.5, v0: 0.5, u1: 1, v1: 1 }, 'r', { u0: 0, v0: 0.5, u1: 0.5, v1: 1 }],
    ];
    let shared = 0;
    for (let i = 0; i < 40; i++) {
      const f = viewFrame({ yaw: 0.3 + i * 0.013, pitch: -0.4 + i * 0.021, fov: 0.4 + i * 0.01 }, vp);
      for (const [fa, ra, fb, rb] of pairs) {
        const a = clipFaceRectToView(fa, ra, f);
        const b = clipFaceRectToView(fb, rb, f);
        if (!a || !b) continue;
        const key = (c: NonNullable<typeof a>, k: number) => c.positions.slice(k * 3, k * 3 + 3).join(',');
        const inB = new Set(Array.from({ length: b.count }, (_, k) => key(b, k)));
        // Every vertex of a lying on b's rectangle (the shared edge) is one of b's vertices, exactly.
        for (let k = 0; k < a.count; k++) {
          const p = a.positions.slice(k * 3, k * 3 + 3) as [number, number, number];
          const onEdge =
            fa === fb
              ? Math.abs(p[0] - faceUvToPoint('f', 0.5, 0)[0]) < 1e-12
              : Math.abs(p[0] - 0.5) < 1e-12 && Math.abs(p[2] + 0.5) < 1e-12;
          if (!onEdge) continue;
          shared++;
          expect(inB.has(key(a, k))).toBe(true);
        }
      }
    }
    expect(shared).toBeGreaterThan(20);
  });

  it('bleed widens the rectangle on every side and carries the texture coordinates on past 0..1', () => {
    const r = { u0: 0.25, v0: 0.5, u1: 0.5, v1: 1 };
    const { corners, uv } = bleedRect('f', r, 0.01);
    expect(corners[0]).toEqual(faceUvToPoint('f', 0.24, 0.49));
    expect(corners[2]![0]).toBeCloseTo(faceUvToPoint('f', 0.51, 1.01)[0], 12);
    expect(corners[2]![1]).toBeCloseTo(faceUvToPoint('f', 0.51, 1.01)[1], 12);
    // 0.01 of face is 0.04 of this 0.25-wide rectangle and 0.02 of its 0.5 height.
    expect(uv[0]![0]).toBeCloseTo(-0.04, 12);
    expect(uv[0]![1]).toBeCloseTo(-0.02, 12);
    expect(uv[2]![0]).toBeCloseTo(1.04, 12);
    expect(uv[2]![1]).toBeCloseTo(1.02, 12);
    // The texture stays where it was: the point at uv (0.5, 0.5) is the rectangle's centre.
    const mid = (a: readonly number[], b: readonly number[]) => a.map((x, k) => (x + b[k]!) / 2);
    const centre = faceUvToPoint('f', 0.375, 0.75);
    mid(corners[0]!, corners[2]!).forEach((x, k) => expect(x).toBeCloseTo(centre[k]!, 12));
    expect(bleedRect('f', r, 0).corners[0]).toEqual(faceUvToPoint('f', 0.25, 0.5));
  });
});
