import { describe, expect, it } from 'vitest';
import {
  DEG,
  directionToYawPitch,
  fovLimits,
  hfovToVfov,
  limitView,
  vfovToHfov,
  viewDirection,
  wrapAngle,
} from '../../../src/scene/view';

describe('view', () => {
  it('follows the data convention: +yaw turns right, +pitch looks down', () => {
    const ahead = viewDirection(0, 0);
    expect(ahead[2]).toBeCloseTo(-1);
    expect(viewDirection(Math.PI / 2, 0)[0]).toBeCloseTo(1);
    expect(viewDirection(0, Math.PI / 2)[1]).toBeCloseTo(-1);
    const yp = directionToYawPitch(viewDirection(2.5, -0.3));
    expect(yp.yaw).toBeCloseTo(2.5);
    expect(yp.pitch).toBeCloseTo(-0.3);
  });

  it('converts between vertical and horizontal fov', () => {
    const vp = { width: 1280, height: 720, dpr: 1 };
    expect(vfovToHfov(hfovToVfov(1.2, vp), vp)).toBeCloseTo(1.2);
    expect(vfovToHfov(90 * DEG, { width: 100, height: 100, dpr: 1 })).toBeCloseTo(90 * DEG);
  });

  it('limits fov like Marzipano traditional(faceSize, 100°, 120°)', () => {
    const vp = { width: 1280, height: 720, dpr: 1 };
    const lim = fovLimits(1000, vp);
    expect(lim.min).toBeCloseTo(2 * Math.atan(720 / 1000));
    // Landscape: 120° horizontal is the tighter cap.
    expect(lim.max).toBeCloseTo(2 * Math.atan((720 * Math.tan(60 * DEG)) / 1280));
    // Portrait: 100° vertical is.
    expect(fovLimits(1000, { width: 390, height: 844, dpr: 3 }).max).toBeCloseTo(100 * DEG);
    // A small face on a dense screen: the resolution limit would exceed the cap, the cap wins.
    const phone = fovLimits(1000, { width: 390, height: 844, dpr: 3 });
    expect(phone.min).toBeCloseTo(phone.max);
  });

  it('clamps pitch to ±90° and wraps yaw', () => {
    const v = limitView({ yaw: 3 * Math.PI, pitch: 2, fov: 5 }, 4096, { width: 800, height: 800, dpr: 1 });
    expect(v.pitch).toBeCloseTo(Math.PI / 2);
    expect(Math.abs(v.yaw)).toBeCloseTo(Math.PI);
    expect(v.fov).toBeCloseTo(100 * DEG);
    expect(wrapAngle(-Math.PI - 0.1)).toBeCloseTo(Math.PI - 0.1);
  });
});
