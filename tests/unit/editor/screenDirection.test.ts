import { describe, expect, it } from 'vitest';
import { screenDirection, wrapYaw } from '../../../src/editor/hotspots/screenDirection';
import { screenPoint } from '../../../src/scene/screenPoint';

const vp = { width: 1280, height: 720, dpr: 1 };

describe('screenDirection', () => {
  it('is the direction the engine draws at that point, for views all round the sphere', () => {
    for (const view of [
      { yaw: 0, pitch: 0, fov: 1.2 },
      { yaw: 2.5, pitch: 0.6, fov: 0.8 },
      { yaw: -3, pitch: -1.2, fov: 1.5 },
    ])
      for (const [x, y] of [
        [640, 360],
        [10, 700],
        [1200, 40],
      ]) {
        const d = screenDirection(x!, y!, view, vp);
        const p = screenPoint(d.yaw, d.pitch, view, vp)!;
        expect(p.x).toBeCloseTo(x!, 6);
        expect(p.y).toBeCloseTo(y!, 6);
      }
  });

  it('answers the view itself at the centre', () => {
    const d = screenDirection(640, 360, { yaw: 1, pitch: 0.3, fov: 1 }, vp);
    expect(d.yaw).toBeCloseTo(1, 9);
    expect(d.pitch).toBeCloseTo(0.3, 9);
  });

  it('wraps a yaw into one turn', () => {
    expect(wrapYaw(3 * Math.PI + 0.5)).toBeCloseTo(-Math.PI + 0.5, 9);
    expect(wrapYaw(-0.25)).toBeCloseTo(-0.25, 9);
  });
});
