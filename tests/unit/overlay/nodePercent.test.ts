import { describe, expect, it } from 'vitest';
import { coneHeadingDegrees, nodePercent } from '../../../src/overlay/minimap/nodePercent';

const plan = { x_pixel_offset: 0, y_pixel_offset: 0, x_scale: 1, y_scale: 1, img_width: 800, img_height: 400, xy_flipped: false };

describe('node position in percent', () => {
  it('is scale * (coordinate + pixel offset) * 100 / image size', () => {
    expect(nodePercent({ x: 200, y: 100 }, plan)).toEqual({ left: 25, top: 25 });
    expect(nodePercent({ x: 200, y: 100 }, { ...plan, x_scale: 2, x_pixel_offset: 40, y_pixel_offset: -20 })).toEqual({ left: 60, top: 20 });
  });

  it('takes the other axis when the plan is xy_flipped', () => {
    expect(nodePercent({ x: 100, y: 400 }, { ...plan, xy_flipped: true })).toEqual({ left: 50, top: 25 });
  });

  it('clamps below 0 to 5 and above 100 to 95', () => {
    expect(nodePercent({ x: -10, y: 1000 }, plan)).toEqual({ left: 5, top: 95 });
    expect(nodePercent({ x: 800, y: 0 }, plan)).toEqual({ left: 100, top: 0 });
    expect(nodePercent({ x: 10, y: 10 }, { ...plan, img_width: 0, img_height: 0 })).toEqual({ left: 5, top: 5 });
  });

  it('turns the view cone with yaw + node rotation + rotation_offset', () => {
    expect(coneHeadingDegrees(0, 0, 0)).toBe(0);
    expect(coneHeadingDegrees(Math.PI / 2, Math.PI / 4, 0)).toBeCloseTo(135);
    expect(coneHeadingDegrees(0, 0, -Math.PI / 2)).toBeCloseTo(270);
  });
});
