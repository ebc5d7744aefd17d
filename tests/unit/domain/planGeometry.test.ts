import { describe, expect, it } from 'vitest';
import { coordOfPercent, nodeCoordsOfPercent, nodePercent } from '../../../src/domain/planGeometry';
import {
  coneHeadingDegrees,
  degreesOfRotation,
  rotationOfDegrees,
  snapDegrees,
} from '../../../src/domain/nodeRotation';
import { PLAN } from '../planFixture';

const plan = PLAN;

describe('node position in percent', () => {
  it('is scale * (coordinate + pixel offset) * 100 / image size', () => {
    expect(nodePercent({ x: 200, y: 100 }, plan)).toEqual({ left: 25, top: 25 });
    expect(nodePercent({ x: 200, y: 100 }, { ...plan, x_scale: 2, x_pixel_offset: 40, y_pixel_offset: -20 })).toEqual({
      left: 60,
      top: 20,
    });
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

describe('percent to stored coordinates', () => {
  const plan = {
    x_pixel_offset: 12,
    y_pixel_offset: -7,
    x_scale: 0.5,
    y_scale: 2,
    img_width: 1600,
    img_height: 1200,
    xy_flipped: false,
  };
  it('inverts percent = scale*(coord+offset)*100/size on each axis', () => {
    expect(coordOfPercent(50, 0.5, 12, 1600)).toBeCloseTo(1588);
    for (const node of [
      { x: 300, y: 200 },
      { x: 1000, y: 20 },
    ]) {
      const p = nodePercent(node, plan);
      const back = nodeCoordsOfPercent(p, plan);
      expect(back.x).toBeCloseTo(node.x, 9);
      expect(back.y).toBeCloseTo(node.y, 9);
    }
  });
  it('takes the other axis when xy_flipped', () => {
    const flipped = { ...plan, xy_flipped: true };
    const node = { x: 400, y: 150 };
    const p = nodePercent(node, flipped);
    expect(p.left).toBeCloseTo((2 * (150 - 7) * 100) / 1600);
    const back = nodeCoordsOfPercent(p, flipped);
    expect(back.x).toBeCloseTo(400, 9);
    expect(back.y).toBeCloseTo(150, 9);
  });
  it('rotation: radians <-> whole degrees with 57.2958, snapped to 15', () => {
    expect(degreesOfRotation(Math.PI / 2)).toBe(90);
    expect(degreesOfRotation(-Math.PI / 2)).toBe(270);
    expect(rotationOfDegrees(90)).toBeCloseTo(90 / 57.2958);
    expect(snapDegrees(52)).toBe(45);
    expect(snapDegrees(353)).toBe(0);
  });
});
