import { describe, expect, it } from 'vitest';
import { clipFaceRectToView } from '../../../src/scene/clipToView';
import { FACES, faceUvToPoint } from '../../../src/scene/cubeGeometry';
import { DEG } from '../../../src/scene/view';
import { viewFrame } from '../../../src/scene/visibleTiles';

describe('clip to view', () => {
  it('keeps every vertex in front of the eye and near the screen, with uv matching position', () => {
    const vp = { width: 1280, height: 720, dpr: 1 };
    for (const view of [{ yaw: -Math.PI / 2, pitch: 0, fov: 1.2 }, { yaw: 0.3, pitch: -1.2, fov: 100 * DEG }, { yaw: 2, pitch: Math.PI / 2, fov: 0.5 }]) {
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
});
