import { describe, expect, it } from 'vitest';
import { screenPoint } from '../../../src/scene/screenPoint';

const vp = { width: 1280, height: 720, dpr: 1 };
const DEG = Math.PI / 180;

describe('screenPoint', () => {
  it('puts the view direction at the centre', () => {
    const p = screenPoint(0.7, -0.3, { yaw: 0.7, pitch: -0.3, fov: 1.2 }, vp)!;
    expect(p.x).toBeCloseTo(640, 6);
    expect(p.y).toBeCloseTo(360, 6);
  });

  it('puts half the vertical fov down at the bottom edge (pitch positive looks down)', () => {
    const p = screenPoint(0, 30 * DEG, { yaw: 0, pitch: 0, fov: 60 * DEG }, vp)!;
    expect(p.x).toBeCloseTo(640, 6);
    expect(p.y).toBeCloseTo(720, 6);
  });

  it('puts a direction turned right (positive yaw) right of centre, by the horizontal fov', () => {
    const hfov = 2 * Math.atan((Math.tan(30 * DEG) * 1280) / 720);
    const p = screenPoint(hfov / 2, 0, { yaw: 0, pitch: 0, fov: 60 * DEG }, vp)!;
    expect(p.x).toBeCloseTo(1280, 6);
    expect(p.y).toBeCloseTo(360, 6);
  });

  it('keeps the horizon level when looking up', () => {
    const view = { yaw: 1, pitch: -0.4, fov: 1 };
    const a = screenPoint(1.1, -0.4, view, vp)!;
    const b = screenPoint(0.9, -0.4, view, vp)!;
    expect(a.x).toBeGreaterThan(640);
    expect(b.x).toBeLessThan(640);
    expect(a.y).toBeCloseTo(b.y, 6);
  });

  it('hides what is behind the camera', () => {
    expect(screenPoint(Math.PI, 0, { yaw: 0, pitch: 0, fov: 1.2 }, vp)).toBeNull();
  });
});
